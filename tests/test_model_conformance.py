"""Each game's model plays exactly what its engine plays, move for move.

A game that names a model (``Rules.model``, a
:class:`~solitaire_widgets.model.Model`) has its rules written twice: once
as the engine's hooks, which the rule-sentence tests check against the
source text, and once on a compact state for speed. Here the two are driven
side by side, under every combination of the game's options, by random play
(Hypothesis, with undo and redo) and by the game's own players over a sweep
of deals. After every step they must agree on:

1. the legal moves, as lists, in the same order;
2. the step's events (when the model is asked for them);
3. the position: ``model.to_table()`` equals the engine's table (piles,
   cards, face-down counts, facts);
4. the outcome: over, won and the reason in words;
5. the round trip: the model read back from the engine's table
   (``from_table``) is the same position with the same legal moves.

Games without a model are not collected (their parameter lists are empty).
``tests/test_model_<game>.py`` drives the same comparison over stacked decks
for the rare branches of each game.
"""

from __future__ import annotations

import inspect
import itertools
import random
from collections.abc import Callable, Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solitaire_widgets import GAMES, Game, Move
from solitaire_widgets.cards import CODE, Card, full_deck
from solitaire_widgets.errors import OptionError
from solitaire_widgets.games import rules_class
from solitaire_widgets.model import Model, model_class
from solitaire_widgets.rules import Rules, check_declaration
from solitaire_widgets.strategies import get_strategy
from solitaire_widgets.table import Event

#: The most moves a random game is driven for.
MAX_STEPS = 300
#: Per game: random games (Hypothesis examples) per option combination, and
#: deals of the sweep played by the game's default player. Chain's games are
#: short (116 moves at most); a game with longer ones gets the default.
BUDGET = {"chain": (60, 150)}
DEFAULT_BUDGET = (15, 30)

SETTINGS = settings(
    max_examples=DEFAULT_BUDGET[0],
    deadline=None,
    suppress_health_check=[
        HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example,
    ],
)


def option_sets(rules: type[Rules]) -> list[dict[str, str]]:
    """Every combination of a game's option values that its rules allow."""
    names = list(rules.options_allowed)
    out = []
    for values in itertools.product(*(rules.options_allowed[name] for name in names)):
        options = dict(zip(names, values, strict=True))
        try:
            rules.check_options(options)
        except OptionError:
            continue
        out.append(options)
    return out


#: (game, options) for every game with a model and every allowed option combination.
CASES = [(name, options) for name in GAMES if rules_class(name).model
         for options in option_sets(rules_class(name))]
IDS = [f"{name}-{'-'.join(options.values()) or 'default'}" for name, options in CASES]


def oracle_game(name: str, options: dict[str, str], seed: int,
                deck: Sequence[Card] | None = None) -> Game:
    """The engine's game, played through the rules' own hooks (the oracle)."""
    rules = rules_class(name)(**options)
    return Game(rules, seed=seed, deck=list(deck) if deck is not None else None,
                _backend="rules")


class Pair:
    """A game and its model, played side by side and compared after every step."""

    def __init__(self, game: Game) -> None:
        self.game = game
        path = game.rules.model
        assert path, f"{game.name} names no model"
        self.cls: type[Model] = model_class(path)
        self.model = self.cls(game.rules.options, game.seed, [CODE[c] for c in game.deck])
        if "events" in inspect.signature(self.model.deal).parameters:
            events: list[Event] = []
            self.model.deal(events)  # type: ignore[call-arg]
            assert tuple(events) == game.opening, "the opening deal's events differ"
        else:
            self.model.deal()
        #: The model after each step, so that undo can go back to it.
        self.kept = [self.model.copy()]
        self.check("after the opening deal")

    def shuffles(self) -> int:
        return sum(len(step.shuffles) for step in self.game.steps())

    def check(self, when: str) -> None:
        game, model = self.game, self.model
        assert model.legal_moves() == game.legal_moves(), f"legal moves differ {when}"
        assert (model.over, model.won, model.reason) == tuple(game.result), f"outcome {when}"
        assert model.to_table() == game.table, f"positions differ {when}"
        assert model.shuffles == self.shuffles(), f"reshuffles counted differently {when}"
        back = self.cls.from_table(game.rules.options, game.seed, game.table, self.shuffles())
        assert back.to_table() == game.table, f"from_table does not round-trip {when}"
        assert back.legal_moves() == game.legal_moves(), f"from_table's legal moves {when}"
        assert (back.over, back.won, back.reason) == tuple(game.result)

    def play(self, move: Move) -> None:
        when = f"at step {self.game.moves_played + 1} ({move})"
        step = self.game.play(move)
        events: list[Event] = []
        self.model.apply(move, events)
        assert tuple(events) == step.events, f"events differ {when}"
        self.kept.append(self.model.copy())
        self.check(when)

    def undo(self) -> None:
        self.game.undo()
        self.kept.pop()
        self.model = self.kept[-1].copy()
        self.check(f"after undo to step {self.game.moves_played}")

    def redo(self) -> None:
        self.game.redo()
        step = self.game.history[-1]
        events: list[Event] = []
        self.model.apply(step.move, events)
        assert tuple(events) == step.events, "events differ on redo"
        self.kept.append(self.model.copy())
        self.check(f"after redo of step {self.game.moves_played}")


def play_side_by_side(game: Game, choose: Callable[[Game], Move | None],
                      most: int = MAX_STEPS) -> Pair:
    """Play ``game`` and its model with ``choose`` to the end (or ``most`` moves)."""
    pair = Pair(game)
    for _ in range(most):
        if game.is_over:
            break
        move = choose(game)
        if move is None:
            break
        pair.play(move)
    return pair


@pytest.mark.parametrize(("name", "options"), CASES, ids=IDS)
def test_model_plays_the_engine_under_random_play(name: str, options: dict[str, str]) -> None:
    examples = BUDGET.get(name, DEFAULT_BUDGET)[0]
    settings(SETTINGS, max_examples=examples)(given(data=st.data())(random_play))(name, options)


def random_play(name: str, options: dict[str, str], data: st.DataObject) -> None:
    """One random game of the model beside the engine, with undo and redo."""
    seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
    deck = None
    if data.draw(st.booleans(), label="stacked"):
        deck = data.draw(st.permutations(Game(rules_class(name)(**options), seed=0).deck),
                         label="deck")
    pair = Pair(oracle_game(name, options, seed, deck))
    game = pair.game
    for _ in range(MAX_STEPS):
        if game.is_over:
            break
        roll = data.draw(st.integers(0, 19), label="roll")
        if roll == 0 and game.can_undo:
            pair.undo()
        elif roll == 1 and game.can_redo:
            pair.redo()
        else:
            pair.play(data.draw(st.sampled_from(game.legal_moves()), label="move"))


@pytest.mark.parametrize(("name", "options"), CASES, ids=IDS)
def test_model_plays_the_engine_over_a_sweep_of_deals(name: str, options: dict[str, str]) -> None:
    """The game's default player over the first deals, compared at every step."""
    ended = {True: 0, False: 0}
    deals = BUDGET.get(name, DEFAULT_BUDGET)[1]
    for seed in range(deals):
        strategy = get_strategy(name, seed=seed)
        pair = play_side_by_side(oracle_game(name, options, seed), strategy.choose)
        ended[pair.model.won] += pair.model.over
    assert ended[False] and (ended[True] or deals < 100), ended


#: (game, options) for the games a Game plays on their model (``Rules.game_on_model``).
ON_MODEL = [(name, options) for name, options in CASES if rules_class(name).game_on_model]
ON_MODEL_IDS = [f"{name}-{'-'.join(options.values()) or 'default'}" for name, options in ON_MODEL]


def same_games(game: Game, oracle: Game, when: str, read_table: bool = True) -> None:
    """A game played on its model and the oracle stand alike (the table only if ``read_table``)."""
    assert game.legal_moves() == oracle.legal_moves(), when
    assert game.result == oracle.result and game.is_over == oracle.is_over, when
    assert game.is_won == oracle.is_won and game.moves_played == oracle.moves_played, when
    assert game.steps() == oracle.steps(), f"steps (moves, words, events) differ {when}"
    assert game.can_undo == oracle.can_undo and game.can_redo == oracle.can_redo, when
    if read_table:
        assert game.table == oracle.table, f"tables differ {when}"
        assert game.status == oracle.status, when


@pytest.mark.parametrize(("name", "options"), ON_MODEL, ids=ON_MODEL_IDS)
def test_a_game_on_its_model_plays_as_the_oracle(name: str, options: dict[str, str]) -> None:
    examples = BUDGET.get(name, DEFAULT_BUDGET)[0]
    settings(SETTINGS, max_examples=examples)(given(data=st.data())(play_beside_the_oracle))(
        name, options)


def play_beside_the_oracle(name: str, options: dict[str, str], data: st.DataObject) -> None:
    """Random play with undo, redo and clones; the table is read now and then, so it
    is built from the model and caught up over several steps."""
    seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
    game = Game(rules_class(name)(**options), seed=seed)
    assert game._model is not None
    oracle = oracle_game(name, options, seed)
    same_games(game, oracle, "after the deal")
    for number in range(MAX_STEPS):
        if game.is_over:
            break
        roll = data.draw(st.integers(0, 19), label="roll")
        if roll == 0 and game.can_undo:
            game.undo()
            oracle.undo()
        elif roll == 1 and game.can_redo:
            game.redo()
            oracle.redo()
        elif roll == 2:
            game, oracle = game.clone(), oracle.clone()
        else:
            move = data.draw(st.sampled_from(game.legal_moves()), label="move")
            assert game.play(move) == oracle.play(move)
        same_games(game, oracle, f"after {number + 1} actions", read_table=roll < 6)
    same_games(game, oracle, "at the end")
    for index in range(0, game.moves_played + 1, 7):
        assert game.position_at(index) == oracle.position_at(index), index
    assert game.to_json() == oracle.to_json(), "saves differ"


@pytest.mark.parametrize(("name", "options"), ON_MODEL, ids=ON_MODEL_IDS)
def test_saves_of_a_game_on_its_model_are_the_oracles(name: str, options: dict[str, str]) -> None:
    """Byte for byte, over whole games of the default player; and they load back on the model."""
    from solitaire_widgets import load_game

    for seed in range(BUDGET.get(name, DEFAULT_BUDGET)[1] // 2):
        # Every fifth a deck chosen by hand: its save's reshuffles are read back as recorded.
        deck = random.Random(seed).sample(full_deck(rules_class(name).packs), 52 * rules_class(
            name).packs) if seed % 5 == 0 else None
        game = Game(rules_class(name)(**options), seed=seed, deck=deck)
        oracle = oracle_game(name, options, seed, deck)
        strategy, twin = get_strategy(name, seed=seed), get_strategy(name, seed=seed)
        while not game.is_over:
            move = strategy.choose(game)
            assert move == twin.choose(oracle)
            if move is None:  # the player gives up (a Klondike player may, in a lost game)
                break
            game.play(move)
            oracle.play(move)
        text = game.to_json()
        assert text == oracle.to_json(), seed
        loaded = load_game(text)
        assert loaded._model is not None and loaded.to_json() == text
        assert loaded.custom_deck == (deck is not None)
        same_games(loaded, oracle, f"after loading deal {seed}")


def test_every_game_with_a_model_is_compared() -> None:
    named = {name for name in GAMES if rules_class(name).model}
    assert {name for name, _ in CASES} == named
    for name in named:
        assert len([1 for n, _ in CASES if n == name]) == len(option_sets(rules_class(name)))


@pytest.mark.parametrize("bad", ["solitaire_widgets.games.chain.model.ChainModel",
                                 "a:b:c", ":ChainModel", "package.module:", 7])
def test_a_model_is_declared_as_package_module_class(bad: object) -> None:
    class Odd(rules_class("chain")):  # type: ignore[misc]
        model = bad

    with pytest.raises(OptionError, match="model is 'package.module:Class'"):
        check_declaration(Odd)
    Odd.model = None
    check_declaration(Odd)


def test_the_declared_model_is_a_model() -> None:
    for name in {name for name, _ in CASES}:
        path = rules_class(name).model
        assert path is not None
        cls = model_class(path)
        for member in ("deal", "legal_moves", "apply", "copy", "to_table", "from_table"):
            assert callable(getattr(cls, member)), (name, member)
