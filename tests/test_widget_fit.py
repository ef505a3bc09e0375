"""A table fits the width the page gives it, down to a phone's, as the page's tables do.

The table's keyboard (``widgets/browser_input.py``) tells the kernel the width
of the table's stage; the table is laid out again for it (its ``width`` stays
the most it is drawn at).
"""

from __future__ import annotations

from typing import Any

import pytest

from solitaire_widgets import new_game
from solitaire_widgets.render.scene import readable_width
from solitaire_widgets.widgets import GameWidget, ReplayWidget
from solitaire_widgets.widgets.traits import FIT_MIN


@pytest.mark.parametrize("name", ["chain", "quarrel", "klondike"])
@pytest.mark.parametrize("room", [584, 332])
def test_a_table_is_laid_out_for_the_room_the_page_gives(name: str, room: int) -> None:
    table = GameWidget(name, seed=1, animate=False)
    table.keyboard._handle_custom_msg({"room": room}, [])
    assert table.drawn_width == room and table.width == 760
    assert table.painter.canvas.width <= room
    assert table.canvas.layout.max_width == f"{room}px"
    assert int(table.canvas.layout.min_width.removesuffix("px")) <= room, "no sideways scroll"
    assert table._scene is not None and table._scene.width <= room
    table.keyboard._handle_custom_msg({"room": 2000}, [])
    assert table.drawn_width == 760 and table.painter.canvas.width == 760
    table.keyboard._handle_custom_msg({"room": 10}, [])
    assert table.drawn_width == FIT_MIN
    table.close()


def test_a_replay_fits_too() -> None:
    replay = ReplayWidget(new_game("quarrel", seed=1), animate=False)
    replay.keyboard._handle_custom_msg({"room": 332}, [])
    assert replay.drawn_width == 332 and replay.painter.canvas.width <= 332
    assert replay._scene is not None
    assert readable_width(replay._scene) <= 332
    replay.close()


def test_a_table_that_fits_still_plays() -> None:
    table = GameWidget("klondike", seed=3, animate=False)
    table.keyboard._handle_custom_msg({"room": 332}, [])
    assert table.play("turn")
    assert table._scene is not None and table._scene.width <= 332
    table.close()


def test_the_cursor_ring_is_hidden_while_the_focus_is_elsewhere() -> None:
    """The cursor's ring is the table's focus: drawn after the focus moved to a
    button, it would say the keys still go to the table."""
    table = GameWidget("klondike", seed=3, animate=False)
    table.press_key("ArrowRight")
    assert any(mark.startswith("cursor:") for mark in table.table.marks())
    table.keyboard._handle_custom_msg({"focus": False}, [])
    assert not any(mark.startswith("cursor:") for mark in table.table.marks())
    assert not any(mark.startswith("cursor:") for mark in table.painter.highlight)
    table.keyboard._handle_custom_msg({"focus": True}, [])
    assert "cursor:s:1" in table.table.marks(), "back where it was"
    table.close()


def _losing_position() -> tuple[Any, Any]:
    """A Quarrel position whose player's move loses, the loss hanging on no card it shows
    (a loss decided by a card turned up is not announced: tests/test_no_peeking.py)."""
    from solitaire_widgets.controller import _shown
    from solitaire_widgets.strategies import get_strategy

    for seed in range(40):
        game = new_game("quarrel", seed=seed)
        player = get_strategy("quarrel")
        while not game.is_over:
            move = player.choose(game.clone())
            if move is None:
                break
            after = game.clone()
            after.play(move)
            if (after.is_over and not after.is_won
                    and _shown(after.table) <= _shown(game.table)):
                return game, move
            game.play(move)
    raise AssertionError("no losing move found")


def test_a_hint_that_loses_says_why_once() -> None:
    """"This move loses the game: Lost: ..." said lost twice; after the loss, the
    status line says why, and the message does not repeat the long reason."""
    from solitaire_widgets.controller import Controller

    game, move = _losing_position()
    table = Controller(game)
    table.show_hint()
    assert "This move loses the game: " in table.message
    assert "Lost" not in table.message.split("This move loses the game: ")[1]
    table.play(move)
    verdict, reason = table.status()
    table.show_hint()
    assert table.message == verdict and reason not in table.message
