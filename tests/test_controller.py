"""The table controller: what each input does and what the table says, in both front ends.

:class:`~solitaire_widgets.controller.Controller` is pure (no widget, no
page): it is driven here directly, then through the notebook widget and the
in-page session side by side, which must say the same words for the same
inputs.
"""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

from solitaire_widgets import Move, new_game, pointer
from solitaire_widgets.controller import FINISH_LIMIT, Change, Controller
from solitaire_widgets.errors import IllegalMoveError
from solitaire_widgets.render.display import DISPLAY_WIDTH
from solitaire_widgets.render.scene import Scene, layout
from solitaire_widgets.strategies import get_strategy
from solitaire_widgets.web.session import PageSession

GAMES = [("klondike", 7), ("chain", 54), ("quarrel", 28)]


def _scene(table: Controller, width: float = DISPLAY_WIDTH) -> Scene:
    return layout(table.game, table.game.table, width)


# -- the controller alone ------------------------------------------------------------------


def test_a_move_is_played_animated_from_the_position_before() -> None:
    table = Controller(new_game("klondike", seed=7))
    start = table.game.table.copy()
    change = table.play("turn")
    assert change.moved and change.ok and change.before == start and change.events
    assert change.move == Move("turn")
    assert table.message == "The next card of the hand is turned face up onto the waste."
    assert not table.error


def test_an_illegal_move_is_refused_with_the_engines_reason_and_changes_nothing() -> None:
    table = Controller(new_game("klondike", seed=7))
    reference = new_game("klondike", seed=7)
    change = table.play("t1>t1")
    with pytest.raises(IllegalMoveError) as refused:
        reference.play("t1>t1")
    assert not change.ok and not change.moved and table.error
    assert table.message.rstrip(".").lower() == str(refused.value).rstrip(".").lower()
    assert table.game.table == reference.table and not table.game.history


@pytest.mark.parametrize("name,example", [("quarrel", "r7>lc"), ("chain", "l5>fh"),
                                          ("klondike", "t3>fh")])
def test_wrong_and_empty_moves_are_answered_with_the_games_own_example(name: str,
                                                                       example: str) -> None:
    table = Controller(new_game(name, seed=1))
    assert example in table.placeholder()
    table.typed("t3>>t5")
    assert example in table.message and table.error
    if example != "t3>fh":
        assert "t3>fh" not in table.message
    table.typed("   ")
    assert table.message == f"Type a move first, e.g. {example}." and table.error


def test_undo_and_redo_say_what_they_did() -> None:
    table = Controller(new_game("chain", seed=54))
    assert not table.undo().ok and table.error and not table.game.history
    table.play(table.game.legal_moves()[0])
    played = table.game.history[-1].text
    assert table.undo().moved and table.message == "Move taken back."
    change = table.redo()
    assert change.moved and change.before is not None and table.game.history[-1].text == played
    assert not table.redo().ok and table.message == "There is nothing to redo."


def test_typed_words_undo_redo_hint() -> None:
    table = Controller(new_game("klondike", seed=7))
    table.typed("turn")
    table.typed(" UNDO ")
    assert not table.game.history and table.message == "Move taken back."
    table.typed("redo")
    assert len(table.game.history) == 1
    change = table.typed("hint")
    assert change.move is not None and table.message.startswith("Hint: ") and table.hint


def test_a_hint_is_highlighted_and_any_move_clears_it() -> None:
    table = Controller(new_game("klondike", seed=7))
    move = table.show_hint().move
    assert move == get_strategy("klondike").choose(table.game.clone())
    assert move is not None and table.marks()
    table.play(move)
    assert not table.hint


def test_a_hint_whose_loss_hangs_on_a_card_it_turns_up_does_not_tell() -> None:
    from solitaire_widgets.examples import get_example

    game = get_example("klondike-fourth-waste-card").play()
    game.undo()                     # one turn before the fourth card goes on the waste
    table = Controller(game)
    table.show_hint()
    # The card turned decides: whether the game is lost would give it away.
    assert table.message.startswith("Hint: ") and "must leave at once" in table.message
    assert "loses the game" not in table.message
    turned = game.clone()
    turned.play(table.hinted or "turn")
    assert str(turned.table.piles["w"].top) not in table.message
    live = Controller(new_game("klondike", seed=7))
    live.show_hint()
    assert "loses the game" not in live.message


def test_auto_finish_step_by_step_ends_saying_how() -> None:
    table = Controller(new_game("klondike", seed=7))
    played = 0
    while True:
        change = table.finish_step(played)
        if not change.moved:
            break
        played += 1
        assert len(table.game.history) == played and change.before is not None
    assert table.game.is_won and played < FINISH_LIMIT
    # The computer won it, not the reader.
    assert table.message == (f"The computer player played {played} moves. "
                             "The computer player won it.")
    assert table.status() == ("The computer player won it.", table.status()[1])
    table.finish_said(3, stopped=True)
    assert table.message == "Auto-finish stopped after 3 moves."


@pytest.mark.parametrize("variant", ["polish", "standard", "draw-three"])
def test_auto_finish_ends_every_klondike_deal_in_a_few_hundred_moves(variant: str) -> None:
    # Deals 0-199 of each reading: auto-finish ends with the game over, or
    # stops saying why, well within FINISH_LIMIT (it once cycled for 2,000
    # moves on deals such as 28 when each step asked a fresh player).
    assert FINISH_LIMIT <= 400
    for seed in range(200):
        table = Controller(new_game("klondike", seed=seed, variant=variant))
        played = 0
        while table.finish_step(played).moved:
            played += 1
        assert played < FINISH_LIMIT, (seed, table.message)
        over = table.game.result.over
        assert over or table.message.startswith(f"The computer player stopped after {played} moves: "), (
            seed, table.message)
        assert not table.finish_step(played).moved, "an ended auto-finish stays ended"


class _Shuttle:
    """A player that moves two cards from column 1 to column 4 and back, for ever."""

    name = "shuttle"

    def choose(self, game: Any) -> Move | None:
        there = Move.parse("t1:2>t4")
        return there if there in game.legal_moves() else Move.parse("t4:2>t1")


def test_auto_finish_stops_when_its_player_brings_a_position_back() -> None:
    game = new_game("klondike", seed=0, variant="standard")
    player = get_strategy("klondike")
    for _ in range(13):    # to where the nine of hearts and the eight of spades may shuttle
        move = player.choose(game)
        assert move is not None
        game.play(move)
    table = Controller(game)
    table.player = _Shuttle()
    assert not table.finish_step(0).moved and table.finish_asked   # a game begun: it asks
    played = 0
    while table.finish_step(played).moved:
        played += 1
    assert played == 2 and table.game.table == game.position_at(13)
    assert table.message == ("The computer player stopped after 2 moves: its last move "
                             "brought back a position it had already had.")


def test_the_pointer_passing_over_the_table_leaves_auto_finishs_question_standing() -> None:
    """The button reads "Yes, auto-finish" until an answer: a mouse crossing the table
    on its way to the button is none, so the press that follows lets it play (the
    question asked again instead would leave the reader pressing a button that never acts)."""
    table = Controller(new_game("klondike", seed=7))
    table.play(table.game.legal_moves()[0])
    scene = _scene(table)
    assert not table.finish_step(0).moved and table.finish_button().label == "Yes, auto-finish"
    x, y = pointer.pile_point(scene, "t4")
    table.move_to(scene, x, y, 1.0)
    table.leave()
    assert table.finish_button().label == "Yes, auto-finish"
    assert table.finish_step(0).moved                 # the second press plays
    table.finish_asked = False
    table.finish_step(0)                              # asked again ...
    table.press(scene, x, y, 2.0)                     # ... and a press on the table answers no
    assert table.finish_button().label == "Auto-finish"


def test_auto_finish_stops_at_its_limit_saying_so() -> None:
    table = Controller(new_game("klondike", seed=3))
    assert not table.finish_step(FINISH_LIMIT).moved
    assert table.message == (f"The computer player stopped after {FINISH_LIMIT} moves: the game "
                             f"goes on, but auto-finish plays at most {FINISH_LIMIT} moves.")


def test_auto_finish_keeps_one_player_for_the_game_and_a_new_one_for_a_new_deal() -> None:
    table = Controller(new_game("klondike", seed=28))
    player = table.player
    table.finish_step(0)
    assert table.player is player
    table.new_deal(29)
    assert table.player is not player


def test_the_status_line_has_a_verdict_once_the_game_is_over() -> None:
    table = Controller(new_game("chain", seed=3))
    assert table.status()[0] == ""
    while table.finish_step(len(table.game.history)).moved:
        pass
    verdict, rest = table.status()
    assert verdict in ("You won!", "Game over: lost.") and rest
    assert table.status_text() == f"{verdict} {rest}"


def test_the_stock_never_takes_a_decision_the_text_leaves_to_the_player() -> None:
    """Chain, stuck: lay the auxiliary row or deal again is the player's choice."""
    table = Controller(new_game("chain", seed=5))
    assert [b.word for b in table.actions() if b.enabled] == ["aux", "redeal"]
    scene = _scene(table)
    x, y = pointer.pile_point(scene, "s")
    change = table.press(scene, x, y, 0.0)
    assert not change.ok and not table.game.history
    assert "does not choose for you" in table.message and "aux" in table.message
    assert "redeal" in table.message


def test_a_new_deal_and_a_bad_number() -> None:
    table = Controller(new_game("klondike", seed=7))
    change = table.new_deal(8)
    assert change.deal and change.moved and table.game.seed == 8
    assert table.message == f"Klondike, {table.game.deal_name}."
    assert not table.new_deal(-1).ok and table.error and table.game.seed == 8


def test_winnable_deals_say_how_many_they_tried_and_stop_when_told(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import solitaire_widgets.games.klondike.solver as solver

    class Lost:
        status = "lost"

    monkeypatch.setattr(solver, "solve", lambda *_a, **_k: Lost())
    table = Controller(new_game("klondike", seed=7))
    search = table.winnable_deal(tries=3)
    said = list(_steps(search))
    assert said == [f"Looking for a winnable deal... ({n} tried of at most 3)" for n in range(3)]
    assert table.error and "no winnable deal in 3 tries" in table.message
    assert table.game.seed == 7, "nothing was dealt"


def _steps(search: Any) -> Any:
    try:
        while True:
            yield next(search)
    except StopIteration as done:
        assert isinstance(done.value, Change) and not done.value.ok


def test_a_game_the_solver_does_not_play_is_refused_at_once() -> None:
    table = Controller(new_game("chain", seed=5))
    assert list(_steps(table.winnable_deal())) == []
    assert table.message == "The solver does not play Chain." and table.error
    assert table.can_win() == "unresolved" and not table.solver_hint().ok


def test_keys_act_as_clicks_and_say_when_they_are_not_the_tables() -> None:
    table = Controller(new_game("klondike", seed=7))
    scene = _scene(table)
    change, used = table.key(scene, "Tab")
    assert not used and change == Change()
    change, used = table.key(scene, "ArrowRight")
    assert used and change.redraw and table.pointer.focus is not None
    change, used = table.key(scene, "u")
    assert used and table.error       # nothing to undo, said so


# -- both front ends: the same inputs, the same words ----------------------------------------


def _widget_words(widget: Any) -> tuple[str, str]:
    def text(value: str) -> str:
        return html.unescape(re.sub(r"<[^>]+>", "", value)).strip()

    return text(widget.status.value), text(widget.message.value)


@pytest.mark.parametrize("name,seed", GAMES)
def test_the_widget_and_the_page_say_the_same_words(name: str, seed: int) -> None:
    pytest.importorskip("ipycanvas")
    from solitaire_widgets.widgets import GameWidget

    widget = GameWidget(name, seed=seed, animate=False, width=int(DISPLAY_WIDTH))
    session = PageSession(name, seed=seed)

    def agree(view: dict[str, Any]) -> None:
        assert widget.game.table == session.game.table
        assert _widget_words(widget) == (view["status"], view["message"])
        assert [a.word for a in widget.table.actions()] == [a["word"] for a in view["actions"]]
        # The same buttons may be pressed in both (the controller's Controls).
        assert [not b.disabled for b in widget.actions.children] == [
            a["enabled"] for a in view["actions"]]
        assert (not widget.undo_button.disabled, not widget.redo_button.disabled,
                not widget.hint_button.disabled, not widget.finish_button.disabled) == (
            view["canUndo"], view["canRedo"], not view["gameOver"], view["finish"]["enabled"])

    agree(session.view())
    reference = new_game(name, seed=seed)
    clock = 10.0
    for _ in range(6):
        move = next((m for m in reference.legal_moves() if m.action == "move"),
                    reference.legal_moves()[0])
        reference.play(move)
        if move.action == "move":
            scene = layout(name, session.game.table, session.width)
            points = [pointer.pile_point(scene, move.src, move.count), pointer.pile_point(scene, move.dst)]
        else:
            points = [pointer.pile_point(layout(name, session.game.table, session.width), "s")]
        for x, y in points:
            clock += 1.0
            widget._on_mouse_down(x, y)
            widget._on_mouse_up(x, y)
            view = session.handle({"op": "press", "x": x, "y": y, "t": clock})
            view = session.handle({"op": "release", "x": x, "y": y, "t": clock})
        agree(view)
    for text in ("t3>>t5", "hint", "undo", "redo", "zzz"):
        widget.move_input.value = text
        widget.move_input.value = ""
        word = text.strip().lower()
        agree(session.handle({"op": word} if word in ("undo", "redo", "hint")
                             else {"op": "play", "move": text}))
    for key in ("ArrowRight", "ArrowRight", "Enter", "Escape", "u", "r"):
        widget.press_key(key)
        view = session.handle({"op": "key", "key": key})
        agree(view)
    # In a game begun, auto-finish's button asks first, in both; a second press plays.
    widget.finish_button.click()
    agree(session.handle({"op": "finishstep", "played": 0}))
    assert widget.finish_button.description == "Yes, auto-finish"
    widget.finish_button.click()
    played = 0
    while session.finish_step(played):
        played += 1
    agree(session.view())
    widget.new_deal(seed + 1)
    agree(session.handle({"op": "new", "seed": seed + 1}))


def test_a_click_on_a_stuck_chains_stock_decides_nothing_in_either_table() -> None:
    """Chain deal 5: laying the auxiliary row or dealing again is the player's to choose."""
    pytest.importorskip("ipycanvas")
    from solitaire_widgets.widgets import GameWidget

    widget = GameWidget("chain", seed=5, animate=False, width=int(DISPLAY_WIDTH))
    session = PageSession("chain", seed=5)
    assert widget._scene is not None
    x, y = pointer.pile_point(widget._scene, "s")
    widget._on_mouse_down(x, y)
    widget._on_mouse_up(x, y)
    session.handle({"op": "press", "x": x, "y": y, "t": 1.0})
    view = session.handle({"op": "release", "x": x, "y": y, "t": 1.0})
    assert not widget.game.history and not session.game.history
    assert view["error"] and "does not choose for you" in view["message"]
    assert _widget_words(widget)[1] == view["message"]
    # The keyboard's Enter on the stock is the same click.
    scene = widget._scene
    while widget.pointer.focus is None or widget.pointer.focus[0] != "s":
        widget.press_key("ArrowRight")
    widget.press_key("Enter")
    assert not widget.game.history and "does not choose for you" in widget.message.value
    assert scene == widget._scene
