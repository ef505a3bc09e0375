"""The pure pointer and keyboard logic (pointer.py), without any widget.

Each test feeds events to the functions and checks the intents they return,
then plays those intents on the engine, as a front end would.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire_widgets import Move, new_game, pointer
from solitaire_widgets.game import Game
from solitaire_widgets.pointer import (
    Action,
    Clear,
    Drag,
    Focus,
    Play,
    PointerState,
    Redraw,
    Refuse,
    Select,
    highlights,
    key,
    leave,
    move_to,
    pile_point,
    press,
    release,
)
from solitaire_widgets.render.draw import CURSOR
from solitaire_widgets.render.scene import Scene, layout

WIDTH = 760


def table(name: str, seed: int, **options: str) -> tuple[Game, Scene]:
    game = new_game(name, seed=seed, **options)
    return game, layout(name, game.table, WIDTH)


def first_move(game: Game, kind: str = "tableau") -> Move:
    piles = game.table.piles
    for move in game.legal_moves():
        if move.action == "move" and piles[move.src].kind == kind and move.count == 1:
            return move
    raise AssertionError(f"no {kind} move in {game.legal_moves()}")


def click(state: PointerState, scene: Scene, game: Game, pile: str,
          now: float) -> pointer.Outcome:
    state, intent = press(state, scene, game, *pile_point(scene, pile), now=now)
    state, after = release(state, scene, *pile_point(scene, pile))
    assert after is None
    return state, intent


def test_a_click_on_a_card_picks_it_up_and_a_click_on_its_destination_plays() -> None:
    game, scene = table("klondike", 7)
    move = first_move(game)
    state, intent = click(PointerState(), scene, game, move.src, 0.0)
    assert intent == Select(move.src, 1) and state.selected == (move.src, 1)
    state, intent = click(state, scene, game, move.dst, 1.0)
    assert intent == Play(Move("move", move.src, move.dst, 1))
    assert state.selected is None
    game.play(intent.move)


def test_a_second_click_on_the_picked_up_pile_puts_it_back() -> None:
    game, scene = table("klondike", 7)
    state, _ = click(PointerState(), scene, game, "t7", 0.0)
    state, intent = click(state, scene, game, "t7", 5.0)
    assert intent == Clear() and state.selected is None


def test_a_press_off_every_pile_puts_the_cards_back() -> None:
    game, scene = table("klondike", 7)
    state, _ = click(PointerState(), scene, game, "t7", 0.0)
    state, intent = press(state, scene, game, scene.width - 1, scene.height - 1, 1.0)
    assert intent == Clear() and state.selected is None


def test_a_face_down_card_or_an_empty_place_is_refused_with_a_reason() -> None:
    game, scene = table("klondike", 7)
    deepest = max(game.table.piles.values(), key=lambda pile: pile.down)
    assert deepest.down >= 2
    bottom = scene.pile_sprites(deepest.id)[0]
    state, intent = press(PointerState(), scene, game, bottom.x + 3, bottom.y + 1, 0.0)
    assert intent == Refuse("That card is face down") and state.selected is None
    state, intent = press(PointerState(), scene, game, *pile_point(scene, "fh"), 0.0)
    assert isinstance(intent, Refuse) and "empty" in intent.reason
    assert "click" not in intent.reason, "the same words answer a key and a click"


def test_a_double_click_sends_the_card_to_its_foundation() -> None:
    for seed in range(200):
        game, scene = table("klondike", seed)
        move = next((m for m in game.legal_moves() if m.action == "move"
                     and game.table.piles[m.dst].kind == "foundation"), None)
        if move is not None:
            break
    else:
        raise AssertionError("no deal with a foundation move")
    state, _ = click(PointerState(), scene, game, move.src, 10.0)
    state, intent = click(state, scene, game, move.src, 10.2)
    assert isinstance(intent, Play) and intent.move.dst == move.dst
    assert state.selected is None


def test_two_slow_clicks_are_not_a_double_click() -> None:
    game, scene = table("klondike", 7)
    state, _ = click(PointerState(), scene, game, "t1", 0.0)
    state, intent = click(state, scene, game, "t1", pointer.DOUBLE_CLICK + 0.1)
    assert intent == Clear()


def test_a_double_click_that_cannot_go_says_why() -> None:
    game, scene = table("klondike", 7)
    state, _ = click(PointerState(), scene, game, "t1", 0.0)
    state, intent = click(state, scene, game, "t1", 0.1)
    assert isinstance(intent, Refuse) and "cannot go to a foundation" in intent.reason


@pytest.mark.parametrize("name,word", [("klondike", "turn"), ("chain", "fill"),
                                       ("quarrel", "deal")])
def test_a_click_on_the_stock_plays_its_action(name: str, word: str) -> None:
    for seed in range(50):
        game, scene = table(name, seed)
        if Move(word) in game.legal_moves():
            break
    state, intent = click(PointerState(), scene, game, "s", 0.0)
    assert intent == Play(Move(word))


def test_a_drag_lifts_the_cards_and_a_release_on_a_pile_plays() -> None:
    game, scene = table("klondike", 7)
    move = first_move(game)
    x0, y0 = pile_point(scene, move.src)
    x1, y1 = pile_point(scene, move.dst)
    state, intent = press(PointerState(), scene, game, x0, y0, 0.0)
    assert isinstance(intent, Select)
    state, intent = move_to(state, scene, x0 + 1, y0 + 1, 0.01)
    assert intent is None and not state.dragging      # not yet far enough
    state, intent = move_to(state, scene, x0 + 20, y0 + 20, 0.02)
    top = scene.pile_sprites(move.src)[-1].key
    assert intent == Drag(frozenset({top}), 20, 20, start=True)
    state, intent = move_to(state, scene, x0 + 21, y0 + 21, 0.025)
    assert intent is None                              # too soon for another frame
    state, intent = move_to(state, scene, x1, y1, 0.1)
    assert isinstance(intent, Drag) and not intent.start
    state, intent = release(state, scene, x1, y1)
    assert intent == Play(Move("move", move.src, move.dst, 1))
    assert state.selected is None and state.press is None and not state.dragging


def test_a_drag_released_on_its_own_pile_or_outside_only_redraws() -> None:
    game, scene = table("klondike", 7)
    x, y = pile_point(scene, "t7")
    state, _ = press(PointerState(), scene, game, x, y, 0.0)
    state, _ = move_to(state, scene, x + 40, y + 40, 0.1)
    state, intent = release(state, scene, x + 1, y + 1)
    assert intent == Redraw() and state.selected == ("t7", 1)
    state, _ = press(PointerState(), scene, game, x, y, 0.0)
    state, _ = move_to(state, scene, x + 40, y + 40, 0.1)
    assert leave(state) == (state.__class__(selected=("t7", 1), last_down=("t7", 0.0),
                                            drag_drawn=0.1), Redraw())
    assert leave(PointerState()) == (PointerState(), None)


@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf])
def test_a_pointer_at_a_non_finite_point_is_ignored(bad: float) -> None:
    game, scene = table("klondike", 7)
    x, y = pile_point(scene, "t7")
    state, _ = press(PointerState(), scene, game, x, y, 0.0)
    assert press(state, scene, game, bad, y, 1.0) == (state, None)
    assert move_to(state, scene, x, bad, 0.1) == (state, None)
    state, _ = move_to(state, scene, x + 40, y + 40, 0.1)
    state, intent = release(state, scene, bad, bad)
    assert intent == Redraw()


def go_to(state: PointerState, scene: Scene, game: Game, pile: str,
          count: int = 1) -> PointerState:
    """Move the keyboard cursor onto ``count`` cards of ``pile`` with arrow keys."""
    while state.focus is None or state.focus[0] != pile:
        state, intent = key(state, scene, game, "ArrowRight")
        assert isinstance(intent, Focus)
    while state.focus[1] < count:
        state, intent = key(state, scene, game, "ArrowUp")
        assert isinstance(intent, Focus)
    return state


def test_the_keyboard_alone_plays_ten_moves() -> None:
    """Select a card, choose a destination, act: with keys only."""
    game, _ = table("klondike", 7)
    played = 0
    state = PointerState()
    for _ in range(200):
        if played == 10 or game.is_over:
            break
        scene = layout("klondike", game.table, WIDTH)
        order = pointer._pile_order(scene, game)
        moves = [m for m in game.legal_moves() if m.action == "move"]
        target = moves[0] if moves else Move("turn")
        src = target.src if target.action == "move" else "s"
        state = go_to(state, scene, game, src, target.count if target.action == "move" else 1)
        state, intent = key(state, scene, game, "Enter")
        if target.action == "move":
            assert intent == Select(src, target.count)
            state = go_to(state, scene, game, target.dst)
            state, intent = key(state, scene, game, "Enter")
        assert intent == Play(target), (intent, target)
        assert order                                   # every pile reachable
        game.play(intent.move)
        played += 1
    assert played == 10


def test_keys_the_table_does_not_use_go_on_to_the_page() -> None:
    game, scene = table("chain", 5)
    for name in ("Tab", "Shift", "a", "Escape", "F5"):
        assert key(PointerState(), scene, game, name) == (PointerState(), None)


def test_escape_puts_the_picked_up_cards_back() -> None:
    game, scene = table("klondike", 7)
    state = PointerState(focus=("t7", 1))
    state, intent = key(state, scene, game, "Enter")
    assert intent == Select("t7", 1)
    state, intent = key(state, scene, game, "Escape")
    assert intent == Clear() and state.selected is None and state.focus == ("t7", 1)


def test_escape_keeps_the_cursor_and_with_nothing_picked_up_is_the_pages() -> None:
    game, scene = table("klondike", 7)
    state, intent = key(PointerState(focus=("t3", 1)), scene, game, "Escape")
    assert intent is None and state == PointerState(focus=("t3", 1))
    assert highlights(state) == frozenset({CURSOR + "t3:1"})


def test_the_cursor_wraps_round_and_takes_only_face_up_cards() -> None:
    game, scene = table("klondike", 7)
    state, intent = key(PointerState(), scene, game, "ArrowLeft")
    assert intent == Focus("t7", 1)      # the last pile in reading order
    state, intent = key(state, scene, game, "ArrowRight")
    assert intent == Focus("s", 1)
    state = PointerState(focus=("t7", 1))
    state, intent = key(state, scene, game, "ArrowUp")
    assert intent == Focus("fs", 1)      # only the top card is face up: the row above
    state, intent = key(state, scene, game, "ArrowDown")
    assert intent == Focus("t7", 1)
    state, intent = key(state, scene, game, "ArrowDown")
    assert intent == Focus("t7", 1)      # no row below


@pytest.mark.parametrize("name", ["klondike", "chain", "quarrel"])
def test_up_and_down_reach_every_row_and_the_arrows_every_pile(name: str) -> None:
    game, scene = table(name, 3)
    order = [p for p in game.table.piles if scene.pile_bounds(p) is not None]
    assert set(order) >= {p for p in game.table.piles if game.table.piles[p].kind == "stock"}
    seen, state = set(), PointerState()
    for _ in range(len(order)):
        state, intent = key(state, scene, game, "ArrowRight")
        assert isinstance(intent, Focus)
        seen.add(intent.pile)
    assert seen == set(order)
    if name == "quarrel":
        assert {"s", "h"} <= seen, "the stock and the hit place are reached"

    def top_of(pile: str) -> int:
        bounds = scene.pile_bounds(pile)
        assert bounds is not None
        return round(bounds[1])

    tops = sorted({top_of(p) for p in order})
    state = PointerState(focus=(order[-1], 1))
    rows = {top_of(order[-1])}
    for _ in range(len(tops) + 1):
        state, intent = key(state, scene, game, "ArrowUp")
        assert isinstance(intent, Focus)
        pile = game.table.piles[intent.pile]
        face_up = sum(1 for i in range(len(pile.cards)) if pile.face_up(i))
        while intent.count < face_up:
            state, intent = key(state, scene, game, "ArrowUp")
            assert isinstance(intent, Focus)
        rows.add(top_of(intent.pile))
    assert min(rows) == tops[0], "Up reaches the top row"


def test_letter_keys_ask_for_game_actions_and_f_for_a_foundation() -> None:
    game, scene = table("klondike", 7)
    assert key(PointerState(), scene, game, "u")[1] == Action("undo")
    assert key(PointerState(), scene, game, "r")[1] == Action("redo")
    assert key(PointerState(), scene, game, "h")[1] == Action("hint")
    _, intent = key(PointerState(focus=("t1", 1)), scene, game, "f")
    assert isinstance(intent, Refuse)


def test_highlights_show_the_selection_and_the_cursor() -> None:
    assert highlights(PointerState()) == frozenset()
    assert highlights(PointerState(selected=("t3", 2))) == {"t3:2"}
    assert highlights(PointerState(focus=("t3", 2))) == {"cursor:t3:2"}


def test_the_cursor_is_drawn_otherwise_than_a_selection() -> None:
    from solitaire_widgets.render.draw import CURSOR_INK, HIGHLIGHT, scene_layers
    from solitaire_widgets.render.shapes import Rect

    game, scene = table("klondike", 7)

    def rings(state: PointerState) -> list[tuple[str, float]]:
        return [(shape.stroke, shape.stroke_width)
                for kind, _key, shapes in scene_layers(scene, highlight=highlights(state))
                if kind == "highlight" for shape in shapes if isinstance(shape, Rect)]

    selected = rings(PointerState(selected=("t7", 1)))
    cursor = rings(PointerState(focus=("t7", 1)))
    assert selected == [(HIGHLIGHT, 3.0)]
    assert cursor and HIGHLIGHT not in {ink for ink, _ in cursor} and (CURSOR_INK, 2.0) in cursor
    assert sorted(rings(PointerState(selected=("t7", 1), focus=("t7", 1)))) == sorted(
        selected + cursor), "a cursor on picked-up cards shows both"
    assert rings(PointerState(focus=("fh", 1))), "the cursor on an empty pile shows its place"


EVENTS = st.lists(st.tuples(
    st.sampled_from(["press", "move", "release", "leave", "key"]),
    st.floats(allow_nan=True, allow_infinity=True, width=32),
    st.floats(allow_nan=True, allow_infinity=True, width=32),
    st.sampled_from(["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Enter", " ",
                     "Escape", "f", "Tab", "x"]),
), max_size=40)


@settings(max_examples=60, deadline=None)
@given(events=EVENTS, name=st.sampled_from(["klondike", "chain", "quarrel"]))
def test_any_event_sequence_gives_legal_or_explained_intents(
        events: list[tuple[str, float, float, str]], name: str) -> None:
    """Whatever the events, the functions never raise and never change the game;
    every move they ask for is either legal or refused by the engine with a reason."""
    game, scene = table(name, 3)
    before = game.table.copy()
    state = PointerState()
    now = 0.0
    for kind, x, y, name_ in events:
        now += 0.1
        if kind == "press":
            state, intent = press(state, scene, game, x, y, now)
        elif kind == "move":
            state, intent = move_to(state, scene, x, y, now)
        elif kind == "release":
            state, intent = release(state, scene, x, y)
        elif kind == "leave":
            state, intent = leave(state)
        else:
            state, intent = key(state, scene, game, name_)
        if isinstance(intent, Play) and not game.is_legal(intent.move):
            assert game.rules.why_illegal(game.table, intent.move)
        if isinstance(intent, Drag):
            assert math.isfinite(intent.dx) and math.isfinite(intent.dy)
    assert game.table == before


def test_the_stock_never_takes_a_decision_the_text_leaves_to_the_player() -> None:
    """Chain, stuck in the first deal: lay the auxiliary row, or deal again? A click
    on the stock says so instead of redealing (which forfeits the auxiliary row)."""
    game, scene = table("chain", 5)
    assert pointer.stock_choices(game) == [Move("aux"), Move("redeal")]
    state, intent = click(PointerState(), scene, game, "s", 0.0)
    assert isinstance(intent, Refuse)
    assert "Lay the auxiliary row" in intent.reason and "Second deal" in intent.reason
    state, intent = key(PointerState(focus=("s", 1)), scene, game, "Enter")
    assert isinstance(intent, Refuse)
    game.play("aux")
    scene = layout("chain", game.table, WIDTH)
    _, intent = click(PointerState(), scene, game, "s", 0.0)
    assert intent == Play(pointer.stock_move(game) or Move("fill"))


@pytest.mark.parametrize("name", ["klondike", "chain", "quarrel"])
def test_the_first_arrow_lands_on_the_first_pile_of_the_top_row(name: str) -> None:
    """The cursor visits the piles in reading order: Klondike's first → lands
    on its stock, not on the clubs foundation (the first pile the game declares)."""
    game, scene = table(name, 7)
    _state, intent = key(PointerState(), scene, game, "ArrowRight")
    assert isinstance(intent, Focus)
    boxes = {p: b for p in game.table.piles if (b := scene.pile_bounds(p)) is not None}
    card = min(b[3] for b in boxes.values())
    top = min(b[1] for b in boxes.values())
    top_row = [p for p, b in boxes.items() if b[1] - top <= card / 2]
    assert intent.pile == min(top_row, key=lambda p: boxes[p][0])
    if name == "klondike":
        assert intent == Focus("s", 1)
