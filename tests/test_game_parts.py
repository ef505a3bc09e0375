"""A game's parts: its model, its solver, its options.

The model is the class itself; the solver is a part (the module of its
``solve`` and ``hint``) that any game's folder may hand to the registry, and
every front end asks the game's own; an option is declared once, each value
with its reading, and its allowed values are read off the readings.

This module is also the toy solver of a fourth game, "toy chain" (Chain's
rules under another name, in a folder of its own made here): its
:func:`solve` says every deal is won by its first legal move, and
:func:`hint` answers in words no other solver uses.
"""

from __future__ import annotations

import inspect
import json
import sys
from collections.abc import Iterator
from types import ModuleType
from typing import Any, ClassVar

import pytest

from solitaire_widgets import GAMES, Game, new_game
from solitaire_widgets.controller import Controller
from solitaire_widgets.errors import OptionError
from solitaire_widgets.games import register, rules_class, unregister
from solitaire_widgets.games.klondike.solver import Hint, Solution
from solitaire_widgets.i18n import N_
from solitaire_widgets.rules import Rules, check_declaration
from solitaire_widgets.web.session import SOLVER_TOOLS, PageSession

TOY = "toy_chain"
#: What the toy solver was asked, in order.
ASKED: list[str] = []
YES = "Toy solver: yes, by its first move"


def solve(game: Game, max_nodes: int = 1000, max_seconds: float | None = None) -> Solution:
    """The toy solver's verdict: won, by the first legal move."""
    ASKED.append("solve")
    return Solution("won", game.legal_moves()[:1], nodes=1)


def hint(game: Game) -> Hint:
    """The toy solver's answer to a player."""
    ASKED.append("hint")
    move = game.legal_moves()[0]
    return Hint("won", move, YES, f"Toy solver: play {move}")


class ToyChainRules(rules_class("chain")):  # type: ignore[misc]
    """Chain's rules under another name (its folder brings the toy solver of this module)."""

    name = TOY
    title = "Toy Chain"


def toy_folder(**parts: object) -> ModuleType:
    """A game's folder as the registry reads it: the toy's rules and ``parts``."""
    folder = ModuleType("toy_chain")
    folder.RULES = ToyChainRules  # type: ignore[attr-defined]
    for part, module in parts.items():
        setattr(folder, part, module)
    return folder


@pytest.fixture()
def toy() -> Iterator[None]:
    register(toy_folder(solver=sys.modules[__name__]))
    ASKED.clear()
    yield
    unregister(TOY)


# -- the parts are the objects -------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_the_model_is_the_class_itself(name: str) -> None:
    """The rules import their model: ``Rules.model`` is the class, not a path to import."""
    model = rules_class(name).model
    assert model is None or isinstance(model, type), model
    if model is not None:
        game = new_game(name, seed=3)
        assert isinstance(game.rules.model_of(game.table), model)


def test_a_model_named_by_a_path_is_refused() -> None:
    class Named(rules_class("chain")):  # type: ignore[misc]
        model = "solitaire_widgets.games.chain.model:ChainModel"

    with pytest.raises(OptionError, match="model is a Model class"):
        check_declaration(Named)


# -- the solver is a hook each game may bring ----------------------------------------


def test_each_game_has_the_solver_its_folder_brings(toy: None) -> None:
    import solitaire_widgets.games.klondike.solver as klondike_solver
    from solitaire_widgets.solver_hook import solver_of

    assert solver_of(rules_class("klondike")) is klondike_solver
    assert solver_of(rules_class("chain")) is None
    assert solver_of(ToyChainRules) is solver_of(ToyChainRules()) is sys.modules[__name__]


def test_a_game_registered_by_its_rules_alone_has_no_solver() -> None:
    from solitaire_widgets.solver_hook import solver_of

    register(ToyChainRules)
    try:
        assert solver_of(ToyChainRules) is None
        assert PageSession(TOY, seed=5).view()["solver"] is False
    finally:
        unregister(TOY)


@pytest.mark.parametrize("bad", [True, "solitaire_widgets.games.klondike.solver",
                                 ModuleType("no_solve")])
def test_a_solver_without_solve_and_hint_is_refused(bad: object) -> None:
    with pytest.raises(TypeError, match="toy_chain.solver should hold its solve and hint"):
        register(toy_folder(solver=bad))
    assert TOY not in GAMES


def test_the_controller_asks_the_games_own_solver(toy: None) -> None:
    table = Controller(new_game(TOY, seed=5))
    assert table.can_win() == "won" and table.message == YES + "."
    first = table.game.legal_moves()[0]
    assert table.solver_hint().move == first
    assert table.message == f"Toy solver: play {first}."
    search = table.winnable_deal()
    with pytest.raises(StopIteration) as done:
        while True:
            next(search)
    assert done.value.value.ok and "the solver has shown that it can be won" in table.message
    assert ASKED == ["hint", "hint", "solve"]


def test_the_page_offers_the_games_own_solver(toy: None) -> None:
    session = PageSession(TOY, seed=5)
    view = session.view()
    assert view["solver"] is True
    assert [tool["op"] for tool in view["tools"]] == [tool["op"] for tool in SOLVER_TOOLS]
    session.handle({"op": "canwin"})
    assert session.table.message == YES + "." and ASKED == ["hint"]
    assert PageSession("chain", seed=5).view()["solver"] is False


def test_the_widget_offers_the_games_own_solver(toy: None,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("ipycanvas")
    from ipycanvas.canvas import _CANVAS_MANAGER

    from solitaire_widgets.widgets import GameWidget

    monkeypatch.setattr(_CANVAS_MANAGER, "send", lambda *a, **k: None)
    widget = GameWidget(TOY, seed=5, animate=False)
    assert widget.solver_bar in widget.children
    widget.can_win_button.click()
    assert YES in widget.message.value
    assert ASKED == ["hint"]
    chain = GameWidget("chain", seed=5, animate=False)
    assert chain.solver_bar not in chain.children


def test_the_command_lines_studies_ask_the_games_own_solver(
        toy: None, capsys: pytest.CaptureFixture[str]) -> None:
    from solitaire_widgets.cli import main

    assert main(["stats", TOY, "--solver", "--deals", "3", "--workers", "1", "--json"]) == 0
    study = json.loads(capsys.readouterr().out)
    assert study["deals"] == 3 and study["wins"] == 3 and study["strategy"] == "solver"
    assert ASKED == ["solve"] * 3


# -- an option is declared once: its values with their readings ----------------------


class Readings(Rules):
    """A game whose only option declaration is its readings."""

    name = "readings"
    title = "Readings"
    option_readings: ClassVar[dict[str, dict[str, str]]] = {
        "speed": {"slow": N_("one card at a time"), "fast": N_("three cards at a time")},
        "end": {"late": N_("the game ends late"), "early": N_("the game ends early")},
    }


def test_an_options_allowed_values_are_its_readings_in_order() -> None:
    assert Readings.options_allowed == {"speed": ("slow", "fast"), "end": ("late", "early")}
    assert Readings().options == {"speed": "slow", "end": "late"}
    assert Readings(speed="fast").readings() == ["speed=fast: three cards at a time",
                                                  "end=late: the game ends late"]
    with pytest.raises(OptionError, match="must be one of 'slow', 'fast'"):
        Readings(speed="medium")


@pytest.mark.parametrize("name", GAMES)
def test_every_game_reads_its_allowed_values_off_its_readings(name: str) -> None:
    rules = rules_class(name)
    assert "options_allowed" not in inspect.getsource(rules)  # made by the class, not declared
    assert rules.options_allowed == {option: tuple(readings)
                                     for option, readings in rules.option_readings.items()}


def test_allowed_values_declared_beside_the_readings_are_refused() -> None:
    with pytest.raises(TypeError, match="declared once, in option_readings"):
        class Twice(Readings):
            options_allowed: ClassVar[dict[str, tuple[str, ...]]] = {"speed": ("slow",)}


def test_a_value_without_its_reading_is_refused() -> None:
    class Mute(Readings):
        name = "mute"
        option_readings: ClassVar[dict[str, dict[str, Any]]] = {"speed": {"slow": ""}}

    with pytest.raises(OptionError, match="each with its reading"):
        check_declaration(Mute)


# -- what nothing calls is gone ---------------------------------------------------------


def test_no_dead_accessors_are_left() -> None:
    """The page's session answers with :meth:`PageSession.view` alone; an action's
    help is read from ``action_labels`` where it is shown."""
    assert not hasattr(PageSession, "state_json") and not hasattr(PageSession, "legal_json")
    assert not hasattr(Rules, "action_help")
