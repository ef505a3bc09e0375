"""The page's drawings do not grow with the game.

A table sends the page each drawing of its felt, slots and labels once
(:func:`~solitaire_widgets.render.svg.scene_patch` with ``statics``): a
Quarrel table adds a slot with each card of its row and changes a label with
each count, and each costs one small drawing, not the whole table's again.
"""

from __future__ import annotations

import json
import random

from solitaire_widgets.web.session import PageSession


def _views(name: str, moves: int, seed: int = 3) -> list[dict[str, object]]:
    session = PageSession(name, seed=seed)
    rnd = random.Random(1)
    views = []
    for _ in range(moves):
        game = session.game
        if game.is_over:
            # The next deal by number: the same views on every run.
            view = session.handle({"op": "new", "seed": str(session.game.seed + 1)})
        else:
            view = session.handle({"op": "play", "move": str(rnd.choice(game.legal_moves()))})
        views.append(json.loads(json.dumps(view)))
    return views


def test_a_quarrel_tables_drawings_are_sent_once() -> None:
    views = _views("quarrel", 600)
    drawings = [len(json.dumps(view["statics"])) for view in views]
    # Every drawing of the first deal is sent once; later moves send almost none
    # (sending the felt, slots and labels whole at each change cost 7 KB a move).
    assert sum(drawings) < 60_000, sum(drawings)
    assert sum(drawings[-300:]) < 10_000, sum(drawings[-300:])


def test_the_bytes_sent_per_move_do_not_grow_with_the_game() -> None:
    for name in ("quarrel", "chain", "klondike"):
        views = _views(name, 400)
        sizes = [len(json.dumps(view)) for view in views]
        early, late = sizes[50:200], sizes[250:400]
        assert sum(late) / len(late) < 1.25 * sum(early) / len(early), name
        assert max(sizes[100:]) < 40_000, name


def test_the_page_draws_what_it_was_sent() -> None:
    session = PageSession("quarrel", seed=5)
    page: dict[str, str] = {}
    rnd = random.Random(2)
    for _ in range(120):
        game = session.game
        if game.is_over:
            break
        view = json.loads(json.dumps(session.handle(
            {"op": "play", "move": str(rnd.choice(game.legal_moves()))})))
        page.update(view["statics"])
        drawn = "".join(page[str(part)] for part in view["static"])
        slots = session.scene.slots
        assert drawn.count('<g class="slot"') == len(slots)
        for label in session.scene.labels:
            assert label.text.replace("&", "&amp;") in drawn
