"""A fourth game written only here, registered, and then working everywhere.

"Patient Chain" is Chain under another name, with no layout of its own (the
renderer lays its piles out by their kinds) and no examples. Registered with
:func:`solitaire_widgets.games.register`, it must work, without a change to
any other file, in: the conformance suite, ``new_game`` and saves, the SVG
and canvas renderers, ``GameWidget``, ``ReplayWidget``, the kernel-free player,
the strategies and the command line.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any, ClassVar

import pytest

from solitaire_widgets import GAMES, Move, load_game, new_game
from solitaire_widgets.games import register, rules_class, unregister
from solitaire_widgets.games.chain import ChainRules
from solitaire_widgets.render import describe_table, game_frames, html_player, layout, scene_svg
from solitaire_widgets.render.pointer import (
    PointerState,
    Refuse,
    key,
    pile_point,
    press,
    stock_choices,
)
from solitaire_widgets.strategies import get_strategy, play_out, strategy_names

from . import test_conformance as conformance
from .test_render import check_scene

NAME = "patient_chain"


class PatientChainRules(ChainRules):
    """Chain under another name, laid out by the generic layout."""

    name = NAME
    title = "Patient Chain"
    layout = ""
    examples = ""
    example_move = "l1>fc"
    action_labels: ClassVar[dict[str, tuple[str, str]]] = {
        **ChainRules.action_labels,
        "fill": ("Take a stock card", "The next stock card goes to its series or an empty place"),
    }


@pytest.fixture(autouse=True)
def registered() -> Iterator[None]:
    register(PatientChainRules)
    yield
    unregister(NAME)


def test_it_is_registered_and_every_list_of_games_shows_it() -> None:
    assert NAME in GAMES and list(GAMES) == sorted(GAMES)
    assert rules_class(NAME) is PatientChainRules
    assert strategy_names(NAME) == strategy_names("chain")
    game = new_game(NAME, seed=3)
    assert game.name == NAME and game.rules.title == "Patient Chain"
    assert load_game(game.to_json()).table == game.table
    unregister(NAME)
    assert NAME not in GAMES


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
    """The suite's in-process tests, with the new game's name (the two that start a
    fresh Python process cannot see a game registered in this one)."""
    test(NAME)


def test_the_svg_renderer_uses_the_generic_layout() -> None:
    game = new_game(NAME, seed=5)
    play_out(game, get_strategy(NAME), max_moves=30)
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
    assert stock_choices(game) == [Move("aux"), Move("redeal")]
    assert isinstance(intent, Refuse) and "Lay the auxiliary row (aux)" in intent.reason
    state, _ = key(PointerState(), scene, game, "ArrowRight")
    assert state.focus is not None and state.focus[0] in game.table.piles


def test_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    from solitaire_widgets.cli import main

    assert main(["show", NAME, "--seed", "3"]) == 0
    assert capsys.readouterr().out.startswith("Patient Chain, deal 3")
    assert main(["play", NAME, "--seed", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == NAME


def test_the_widgets(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("ipycanvas")
    from ipycanvas.canvas import _CANVAS_MANAGER

    from solitaire_widgets.widgets import GameWidget, ReplayWidget

    sent: list[Any] = []
    monkeypatch.setattr(_CANVAS_MANAGER, "send", lambda *a, **k: sent.append(a))
    widget = GameWidget(NAME, seed=5, animate=False)
    assert "l1>fc" in widget.move_input.placeholder
    assert widget.action_buttons["fill"].description == "Take a stock card"
    assert sent, "the table is drawn on the canvas"
    widget.click_pile("s")                  # aux or redeal: the stock does not choose
    assert not widget.game.history and "does not choose" in widget.message.value
    widget.action_buttons["aux"].click()
    assert widget.game.history[0].move == Move("aux")
    assert widget.press_key("ArrowRight")
    widget.hint()
    widget.auto_finish()
    assert widget.game.is_over
    assert load_game(widget.state).name == NAME
    replay = ReplayWidget(widget.game, animate=False)
    replay.forward()
    assert replay.position == 1
    bundle = widget._repr_mimebundle_()
    assert bundle is not None and "text/html" in bundle


def test_games_is_a_sequence_that_answers_any_question() -> None:
    unhashable: object = [1, 2]
    assert unhashable not in GAMES and "chain" in GAMES
    assert GAMES[0] == "chain" and len(GAMES) == len(list(GAMES))
