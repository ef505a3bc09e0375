"""Every label of a table fits its place at the narrowest width, in each language:
inside the picture and clear of every card and pile outline."""

from __future__ import annotations

import pytest

from solitaire_widgets import new_game
from solitaire_widgets.i18n import use_language
from solitaire_widgets.render import layout
from solitaire_widgets.render.scene import Label, Scene, text_width

PHONE = 390


def _box(label: Label) -> tuple[float, float, float, float]:
    width = text_width(label.text, label.size)
    left = {"start": label.x, "middle": label.x - width / 2, "end": label.x - width}[label.anchor]
    return left, label.y - label.size * 0.8, left + width, label.y + label.size * 0.2


def _clashes(scene: Scene) -> list[str]:
    rects = ([(s.x, s.y, s.x + s.w, s.y + s.h, s.pile) for s in scene.slots]
             + [(c.x, c.y, c.x + c.w, c.y + c.h, c.pile) for c in scene.sprites])
    found = []
    for label in scene.labels:
        left, top, right, bottom = _box(label)
        if left < 0 or right > scene.width:
            found.append(f"{label.text!r} leaves the picture ({left:.0f} to {right:.0f})")
        for x0, y0, x1, y1, pile in rects:
            if left < x1 and x0 < right and top < y1 and y0 < bottom:
                found.append(f"{label.text!r} runs into {pile}")
    return found


@pytest.mark.parametrize("language", ["en", "ru", "pl"])
@pytest.mark.parametrize("deal", [1, 2])
def test_chain_labels_fit_at_phone_width(language: str, deal: int) -> None:
    game = new_game("chain", seed=5)
    while int(str(game.table.facts.get("deal", 1))) < deal:
        moves = game.legal_moves()
        assert moves, "the deal ended before its second layout"
        game.play(moves[0])
    with use_language(language):
        scene = layout("chain", game.table, PHONE)
    assert _clashes(scene) == []


def test_the_polish_stock_label_wraps_rather_than_runs_into_the_layout() -> None:
    with use_language("pl"):
        scene = layout("chain", new_game("chain", seed=5).table, PHONE)
    lines = [label.text for label in scene.labels if label.anchor == "end"]
    assert " ".join(lines) == "rozłożenie 1 z 2" and len(lines) == 2
