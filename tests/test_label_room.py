"""Every label of a table fits its place at the narrowest width, in each language:
inside the picture and clear of every card and pile outline."""

from __future__ import annotations

import pytest

from solitaire_widgets import new_game
from solitaire_widgets.i18n import LANGUAGES, TRANSLATED, use_language
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


@pytest.mark.parametrize("language", LANGUAGES)
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


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("game_name", ["quarrel", "chain", "klondike"])
def test_picture_labels_have_no_english_letters(game_name: str, language: str) -> None:
    """The words and letters drawn on a table (rank letters, suit marks, pile
    names) are the edition's: the foundations' suits are drawn as symbols."""
    import re

    from solitaire_widgets.strategies import get_strategy

    game = new_game(game_name, seed=28)
    strategy = get_strategy(game_name)
    seen: set[str] = set()
    for _ in range(60):
        with use_language(language):
            scene = layout(game_name, game.table, PHONE)
        seen |= {label.text for label in scene.labels}
        assert all(slot.suit in ("", "C", "D", "H", "S") for slot in scene.slots)
        move = None if game.is_over else strategy.choose(game)
        if move is None:
            break
        game.play(move)
    # Russian writes no Latin letter; Polish none of the English rank or suit
    # letters its own do not share (its ranks: A, W, D, K).
    english = r"[A-Za-z]" if language == "ru" else r"\b[JQCHS]\b"
    assert [text for text in seen if re.search(english, text)] == []
