"""A small extra game declared in this one file, then played through every front end.

"Little Golf" is a game of our own, in the family of Golf: five columns of
five cards, face up; the rest is the stock, whose first card starts the
foundation. A column's last card goes onto the foundation if its rank is one
above or one below the foundation's top card (no turning the corner between
ace and king); ``turn`` puts the next stock card on the foundation instead.
The game is won when every column is cleared and lost when no move is left.

Everything the game is -- its rules, its words, its layout (through the public
:class:`~solitaire_widgets.layouts.TableLayout`), a player, an example --
is declared here and registered with :func:`solitaire_widgets.games.register`;
no other file names it. The tests then play it through the command line,
``GameWidget``, ``ReplayWidget``, the kernel-free player, the pointer and the
keyboard, the page's table session and its worker entry, and save files, and
run the conformance suite every game passes. The same game with no layout of
its own is drawn by the generic layout, which sets the piles out by their kinds.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any, ClassVar

import pytest

from solitaire_widgets import GAMES, Game, IllegalMoveError, Move, load_game, new_game
from solitaire_widgets.cards import Card, rank_word
from solitaire_widgets.examples import Example, example_names, get_example
from solitaire_widgets.games import register, rules_class, unregister
from solitaire_widgets.html_replays import game_frames
from solitaire_widgets.layouts import LayoutFunction, TableLayout
from solitaire_widgets.pointer import Play, PointerState, key, pile_point, press
from solitaire_widgets.render import describe_table, html_player, scene_svg
from solitaire_widgets.render.scene import layout
from solitaire_widgets.rules import Context, Rules
from solitaire_widgets.strategies import get_strategy, play_out, strategy_names
from solitaire_widgets.table import Pile, Table

from . import test_conformance as conformance
from .test_render import check_scene

NAME = "little_golf"
COLUMNS = tuple(f"t{i}" for i in range(1, 6))
DEPTH = 5
TURN = Move("turn")


def _next_to(card: Card, top: Card) -> bool:
    return abs(card.rank - top.rank) == 1


def little_golf_layout(table: Table, width: float) -> TableLayout:
    """The stock and the foundation side by side, the five columns fanned below."""
    b = TableLayout(table, width, card_width=width / 6.5)
    gap = b.cw * 0.25
    b.stock("s", gap, gap, "stock")
    b.stack("f", gap * 2 + b.cw, gap, "foundation")
    top = gap * 2 + b.ch
    bottom = max(b.column(column, gap + i * (b.cw + gap), top, b.ch * 0.1, b.ch * 0.22)
                 for i, column in enumerate(COLUMNS))
    b.label(gap * 3 + b.cw * 2, gap + b.label_size, "one up or one down", b.label_size)
    return b.finish(bottom + gap)


class LittleGolfRules(Rules):
    """The rules of Little Golf (see the module's docstring)."""

    name = NAME
    title = "Little Golf"
    actions = ("turn",)
    action_labels: ClassVar[dict[str, tuple[str, str]]] = {
        "turn": ("Turn a stock card", "The next stock card goes onto the foundation"),
    }
    example_move = "t3>f"
    layout: ClassVar[LayoutFunction | None] = staticmethod(little_golf_layout)
    strategies = __name__
    examples = __name__

    def piles(self) -> list[Pile]:
        return ([Pile("s", "stock"), Pile("f", "foundation")]
                + [Pile(column, "tableau") for column in COLUMNS])

    def opening(self, ctx: Context) -> None:
        for _ in range(DEPTH):
            for column in COLUMNS:
                ctx.move("s", column)
        ctx.move("s", "f")

    def legal_moves(self, table: Table) -> list[Move]:
        top = table.piles["f"].top
        moves = [Move("move", column, "f") for column in COLUMNS
                 if top is not None and (card := table.piles[column].top) is not None
                 and _next_to(card, top)]
        if table.piles["s"].cards:
            moves.append(TURN)
        return moves

    def why_illegal(self, table: Table, move: Move) -> str:
        if move.action == "turn":
            return "the stock is empty"
        if move.action != "move":
            return f"Little Golf has no move called {move.action!r}"
        if move.src not in COLUMNS or move.dst != "f" or move.count != 1:
            return "a card goes from the end of a column onto the foundation, one at a time"
        card, top = table.piles[move.src].top, table.piles["f"].top
        if card is None:
            return f"{self.pile_name(table, move.src)} is empty"
        return (f"the {card.name} is not one above or below the {top.name if top else 'top card'}"
                " on the foundation")

    def apply(self, table: Table, move: Move, ctx: Context) -> None:
        ctx.move("s" if move == TURN else move.src, "f")
        if not any(table.piles[column].cards for column in COLUMNS):
            ctx.end(True, "every column is cleared")

    def pile_name(self, table: Table, pile_id: str) -> str:
        return {"s": "the stock", "f": "the foundation"}.get(pile_id, f"column {pile_id[1:]}")

    def status(self, table: Table) -> str:
        left = sum(len(table.piles[column].cards) for column in COLUMNS)
        top = table.piles["f"].top
        return (f"{left} cards in the columns, {len(table.piles['s'].cards)} in the stock; "
                f"the foundation shows a {rank_word(top.rank) if top else 'nothing'}")


class ColumnsFirst:
    """Plays a column's card whenever one fits, else turns a stock card."""

    name = "columns-first"

    def choose(self, game: Game) -> Move | None:
        moves = game.legal_moves()
        return moves[0] if moves else None


STRATEGIES = {"columns-first": ColumnsFirst}


def _opening_example() -> Example:
    game = Game(LittleGolfRules(), seed=4)
    steps = []
    for _ in range(3):
        move = game.legal_moves()[0]
        steps.append((str(move), game.describe(move)))
        game.play(move)
    return Example(name="little-golf-opening", game=NAME, title="Little Golf: three moves",
                   summary="The deal and three moves.", source="", translation="",
                   deck=" ".join(str(card) for card in game.deck), steps=tuple(steps))


EXAMPLES = [_opening_example()]


@pytest.fixture(autouse=True)
def registered() -> Iterator[None]:
    register(LittleGolfRules)
    yield
    unregister(NAME)


def test_registered_it_is_in_every_list_and_unregistered_in_none() -> None:
    assert NAME in GAMES and rules_class(NAME) is LittleGolfRules
    assert list(GAMES) == sorted(GAMES)
    game = new_game(NAME, seed=3)
    assert game.name == NAME and game.rules.title == "Little Golf"
    assert strategy_names(NAME) == ["columns-first", "random"]
    assert example_names(NAME) == ["little-golf-opening"]
    unregister(NAME)
    assert NAME not in GAMES and "little-golf-opening" not in example_names()


def test_games_is_a_sequence_that_answers_any_question() -> None:
    unhashable: object = [1, 2]
    assert unhashable not in GAMES and NAME in GAMES
    assert GAMES[0] == "chain" and len(GAMES) == len(list(GAMES))


def test_a_declaration_that_breaks_a_rule_is_refused_at_register() -> None:
    from solitaire_widgets.errors import OptionError

    class NoStock(LittleGolfRules):
        name = "no_stock"

        def piles(self) -> list[Pile]:
            return [Pile("deck", "stock"), Pile("f", "foundation")]

    with pytest.raises(OptionError, match="a pile called 's'"):
        register(NoStock)
    assert "no_stock" not in GAMES


def test_rules_play_to_a_win_and_to_a_loss() -> None:
    outcomes = set()
    for seed in range(40):
        game = new_game(NAME, seed=seed)
        outcome = play_out(game, get_strategy(NAME))
        assert game.is_over and outcome.won == game.is_won
        outcomes.add((game.result.won, game.result.reason))
    assert (False, "no move is left") in outcomes
    assert (True, "every column is cleared") in outcomes


@pytest.mark.parametrize("test", [
    conformance.test_random_play_keeps_every_invariant,
    conformance.test_strategies_play_to_the_end,
    conformance.test_illegal_moves_raise_and_change_nothing,
    conformance.test_undo_all_then_redo_all_round_trips,
    conformance.test_clone_is_independent,
    conformance.test_fuzzed_save_files_never_crash_the_loader,
    conformance.test_save_with_a_card_twice_is_refused,
    conformance.test_save_with_an_illegal_move_is_refused,
    conformance.test_save_of_a_finished_game_refuses_a_move_after_the_end,
    conformance.test_a_shuffle_recorded_for_an_opening_without_one_is_refused,
    conformance.test_same_seed_same_game,
    conformance.test_undo_and_redo_with_nothing_to_do_raise,
], ids=lambda test: test.__name__)
def test_the_conformance_suite(test: Any) -> None:
    """The suite's in-process tests (those that start a fresh Python process cannot
    see a game registered in this one)."""
    test(NAME)


def test_save_and_load() -> None:
    game = new_game(NAME, seed=9)
    play_out(game, get_strategy(NAME), max_moves=12)
    again = load_game(game.to_json())
    assert again.table == game.table and again.history == game.history
    assert again.status == game.status


def test_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    from solitaire_widgets.cli import main

    assert main(["show", NAME, "--seed", "3"]) == 0
    assert capsys.readouterr().out.startswith("Little Golf, deal 3")
    assert main(["play", NAME, "--seed", "3", "--json"]) == 0
    played = json.loads(capsys.readouterr().out)
    assert played["game"] == NAME and played["strategy"] == "columns-first"
    replayed = new_game(NAME, seed=3)
    for move in played["moves"]:
        replayed.play(move)
    assert replayed.is_over and replayed.is_won == played["won"]
    assert main(["stats", NAME, "--deals", "6", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["deals"] == 6
    assert main(["example", "little-golf-opening", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["moves"] == [m for m, _ in EXAMPLES[0].steps]


def test_the_layout_declared_here_draws_every_card_once() -> None:
    game = new_game(NAME, seed=5)
    scene = layout(game, game.table, 520)
    assert sorted(s.key for s in scene.sprites) == sorted(str(c) for c in game.deck)
    assert [slot.pile for slot in scene.slots] == ["s", "f", *COLUMNS]
    assert game._repr_svg_().count('class="card"') == 52


class PlainLittleGolfRules(LittleGolfRules):
    """Little Golf with no layout of its own."""

    layout = None


def test_with_no_layout_of_its_own_the_generic_layout_draws_it() -> None:
    game = Game(PlainLittleGolfRules(), seed=5)
    play_out(game, ColumnsFirst(), max_moves=8)
    scene = layout(game, game.table, 700)
    check_scene(game.table, scene)
    assert {slot.pile for slot in scene.slots} >= set(game.table.piles)
    svg = scene_svg(scene, title=game.rules.title, description=describe_table(game, game.table))
    assert svg.count('class="card"') == 52
    assert game._repr_svg_().startswith("<svg")


def test_the_kernel_free_player() -> None:
    game = new_game(NAME, seed=5)
    play_out(game, get_strategy(NAME), max_moves=10)
    frames = game_frames(game, 360)
    assert len(frames) == len(game.history) + 1
    assert "sw-player" in html_player(frames, game.rules.title)


def test_pointer_and_keyboard() -> None:
    game = new_game(NAME, seed=5)
    scene = layout(game, game.table, 700)
    _, intent = press(PointerState(), scene, game, *pile_point(scene, "s"), now=0.0)
    assert intent == Play(TURN)                     # the stock's one action
    state, _ = key(PointerState(), scene, game, "ArrowRight")
    assert state.focus is not None and state.focus[0] in game.table.piles


def test_the_game_widget(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("ipycanvas")
    from ipycanvas.canvas import _CANVAS_MANAGER

    from solitaire_widgets.widgets import GameWidget

    sent: list[Any] = []
    monkeypatch.setattr(_CANVAS_MANAGER, "send", lambda *a, **k: sent.append(a))
    widget = GameWidget(NAME, seed=5, animate=False)
    assert sent, "the table is drawn on the canvas"
    assert "t3>f" in widget.move_input.placeholder
    assert widget.action_buttons["turn"].description == "Turn a stock card"
    stock = len(widget.game.pile("s").cards)
    widget.click_pile("s")                          # the stock turns a card
    assert widget.game.history[-1].move == TURN and len(widget.game.pile("s").cards) == stock - 1
    widget.action_buttons["turn"].click()           # and so does its button
    assert widget.game.history[-1].move == TURN and len(widget.game.pile("s").cards) == stock - 2
    assert widget.press_key("ArrowRight")
    widget.hint()
    assert "Hint: " in widget.message.value
    widget.auto_finish()
    assert widget.game.is_over
    saved = load_game(widget.state)
    assert saved.name == NAME and saved.table == widget.game.table
    bundle = widget._repr_mimebundle_()
    assert bundle is not None and "text/html" in bundle


def test_the_replay_widget(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("ipycanvas")
    from ipycanvas.canvas import _CANVAS_MANAGER

    from solitaire_widgets.widgets import ReplayWidget

    monkeypatch.setattr(_CANVAS_MANAGER, "send", lambda *a, **k: None)
    replay = ReplayWidget(get_example("little-golf-opening"), animate=False)
    assert replay.steps == 3
    replay.forward()
    assert replay.position == 1
    replay.go(3)
    assert replay.position == 3
    game = new_game(NAME, seed=2)
    play_out(game, get_strategy(NAME), max_moves=5)
    assert ReplayWidget(game.to_json(), animate=False).steps == len(game.history)


def test_the_pages_table_and_its_worker() -> None:
    from solitaire_widgets.web import table_html
    from solitaire_widgets.web.session import ReplaySession, TableSession
    from solitaire_widgets.web.worker_api import call
    from solitaire_widgets.writer import position_data

    assert f'data-sw-game="{NAME}"' in table_html(NAME, seed=5)
    session = TableSession(NAME, seed=5)
    reference = new_game(NAME, seed=5)
    view = session.view()
    assert view["title"] == "Little Golf" and view["tools"] == []
    assert [action["word"] for action in view["actions"]] == ["turn"]
    clock = 0.0
    for _ in range(4):                              # clicks at the scene's places
        move = reference.legal_moves()[0]
        scene = layout(NAME, session.game.table, session.width)
        piles = [move.src, move.dst] if move.action == "move" else ["s"]
        for pile in piles:                          # its top card, or its place
            top = scene.pile_sprites(pile)[-1:]
            box = (top[0].x, top[0].y, top[0].w, top[0].h) if top else scene.pile_bounds(pile)
            assert box is not None
            x, y, w, h = box
            clock += 1.0
            for op in ("press", "release"):
                session.handle({"op": op, "x": x + w / 2, "y": y + h / 2, "t": clock})
        reference.play(move)
        assert position_data(session.game) == position_data(reference)
    with pytest.raises(IllegalMoveError) as refused:
        reference.play("t1>s")
    assert session.handle({"op": "play", "move": "t1>s"})["message"].rstrip(".").lower() == \
        str(refused.value).rstrip(".").lower()
    assert session.handle({"op": "hint"})["message"].startswith("Hint")
    opened = json.loads(call(json.dumps({"op": "open", "table": "golf", "game": NAME,
                                         "seed": 5})))
    assert opened["title"] == "Little Golf"
    assert json.loads(call(json.dumps({"op": "state", "table": "golf"}))) == \
        position_data(new_game(NAME, seed=5))
    replay = ReplaySession(reference.to_json(), 360)
    assert replay.count == len(reference.history) + 1
    assert replay.frames(0, 2)["frames"][0]["index"] == 0
