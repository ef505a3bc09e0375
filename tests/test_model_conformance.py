"""Each game's model plays by the rules, move for move.

A game that names a model (``Rules.model``, a
:class:`~solitaire_widgets.model.Model`) has its move rules there. Chain's
and Klondike's rules are written there only (their rules' hooks play on the
model), so random play (Hypothesis, with undo, redo, clones and illegal
moves tried) holds them, under every combination of options, to what the
rule sentences say of every position and every legal move, and to the
invariants of any game: every card once, each step's events leading from the
position before it to the one after, the model read back from its table the
same, the game over exactly when no move is left. The rule-sentence tests
(``tests/test_<game>_rules.py``) play the model through ``Game``.

A game whose rules still write their own hooks beside the model has its
rules twice; the two are then driven side by side, by random play and by the
game's own players over a sweep of deals. After every step they must agree on:

1. the legal moves, as lists, in the same order;
2. the step's events (when the model is asked for them);
3. the position: ``model.to_table()`` equals the engine's table (piles,
   cards, face-down counts, facts);
4. the outcome: over, won and the reason in words;
5. the round trip: the model read back from the engine's table
   (``from_table``) is the same position with the same legal moves.

Games without a model are not collected (their parameter lists are empty).
``tests/test_model_<game>.py`` plays stacked decks for the rare branches of
each game. The game on its model and the same game played on its table
through the rules' hooks (``Game(..., _backend="rules")``, the path of a game
with no model) must also stand alike, step for step, and save alike.
"""

from __future__ import annotations

import inspect
import random
from collections.abc import Callable, Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solitaire_widgets import GAMES, Game, IllegalMoveError, Move
from solitaire_widgets.cards import CODE, Card, full_deck
from solitaire_widgets.errors import OptionError
from solitaire_widgets.game import Step
from solitaire_widgets.games import rules_class
from solitaire_widgets.games.common import foundation_id
from solitaire_widgets.games.klondike import builds_on, goes_up
from solitaire_widgets.model import Model
from solitaire_widgets.reasons import reason_words
from solitaire_widgets.rules import MODEL_MEMBERS, Rules, check_declaration
from solitaire_widgets.strategies import get_strategy
from solitaire_widgets.table import Event, Table

from .quarrel_oracle import QuarrelOracle
from .rules_support import option_sets

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


#: (game, options) for every game with a model and every allowed option combination.
CASES = [(name, options) for name in GAMES if rules_class(name).model
         for options in option_sets(rules_class(name))]
IDS = [f"{name}-{'-'.join(options.values()) or 'default'}" for name, options in CASES]


#: Games whose hooks on a table read their model: the oracle is a second writing
#: of their rules on the table, kept with the tests.
ORACLES: dict[str, type[Rules]] = {"quarrel": QuarrelOracle}


def has_own_hooks(name: str) -> bool:
    """Whether a game's rules are written twice: an oracle kept with the tests, or
    hooks of its own beside its model (else its hooks play on the model)."""
    return name in ORACLES or rules_class(name).legal_moves is not Rules.legal_moves


#: The cases of the games whose rules are written twice, compared move for move.
TWICE = [(name, options) for name, options in CASES if has_own_hooks(name)]
TWICE_IDS = [f"{name}-{'-'.join(options.values()) or 'default'}" for name, options in TWICE]


def oracle_game(name: str, options: dict[str, str], seed: int,
                deck: Sequence[Card] | None = None) -> Game:
    """The game played on its table through the rules' hooks, or through the oracle
    kept with the tests (of a game with its rules written twice, the oracle;
    otherwise the hooks play on the model)."""
    rules = ORACLES.get(name, rules_class(name))(**options)
    return Game(rules, seed=seed, deck=list(deck) if deck is not None else None,
                _backend="rules")


class Pair:
    """A game and its model, played side by side and compared after every step."""

    def __init__(self, game: Game) -> None:
        self.game = game
        cls = game.rules.model
        assert cls is not None, f"{game.name} names no model"
        self.cls: type[Model] = cls
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
        assert (model.over, model.won, reason_words(model.reason)) == tuple(game.result), (
            f"outcome {when}")
        assert model.to_table() == game.table, f"positions differ {when}"
        assert model.shuffles == self.shuffles(), f"reshuffles counted differently {when}"
        back = self.cls.from_table(game.rules.options, game.seed, game.table, self.shuffles())
        assert back.to_table() == game.table, f"from_table does not round-trip {when}"
        assert back.legal_moves() == game.legal_moves(), f"from_table's legal moves {when}"
        assert (back.over, back.won, reason_words(back.reason)) == tuple(game.result)

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


@pytest.mark.parametrize(("name", "options"), TWICE, ids=TWICE_IDS)
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


@pytest.mark.parametrize(("name", "options"), TWICE, ids=TWICE_IDS)
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


@pytest.mark.parametrize("bad", ["solitaire_widgets.games.chain.model:ChainModel", dict, 7])
def test_a_model_is_declared_as_a_model_class(bad: object) -> None:
    class Odd(rules_class("chain")):  # type: ignore[misc]
        model = bad

    with pytest.raises(OptionError, match="model is a Model class"):
        check_declaration(Odd)
    Odd.model = None
    check_declaration(Odd)


def test_the_declared_model_is_a_model() -> None:
    for name in {name for name, _ in CASES}:
        cls = rules_class(name).model
        assert isinstance(cls, type), name
        for member in MODEL_MEMBERS:
            assert callable(getattr(cls, member)), (name, member)


# -- the rules on the model alone: what the rule sentences say of every position ---------


def klondike_sentences(game: Game, table: Table) -> None:
    """What the Polish text (and the standard variants) say of the legal moves here."""
    piles, facts, options = table.piles, table.facts, game.rules.options
    polish = options["variant"] == "polish"
    legal = game.legal_moves()
    waste, stock = piles["w"].cards, piles["s"].cards
    if facts["forced"]:
        # The card turned onto a full waste must leave it before anything else.
        assert all(move.src == "w" for move in legal)
    if polish and facts["waste_limit"]:
        assert len(waste) <= 3 + bool(facts["forced"]), "the second pass keeps a waste of three"
    if not game.is_over and not facts["forced"]:
        assert (Move("turn") in legal) == bool(stock), "a card is turned while the hand lasts"
        may_redeal = not stock and bool(waste) and (not polish or facts["pass"] == 1)
        assert (Move("redeal") in legal) == may_redeal, "the waste is turned over once (Polish)"
    for move in legal:
        if move.action != "move":
            continue
        src, dst = piles[move.src], piles[move.dst]
        cards = src.cards[len(src.cards) - move.count:]
        assert len(cards) == move.count and len(src.cards) - move.count >= src.down, move
        for lower, upper in zip(cards, cards[1:], strict=False):
            assert builds_on(upper, lower), f"{move} moves a sequence, one rank down, colours alternating"
        if src.kind == "foundation":
            assert options["worrying_back"] == "yes" and dst.kind == "tableau", move
        if dst.kind == "foundation":
            assert move.count == 1 and move.dst == foundation_id("f", cards[0]), move
            assert goes_up(cards[0], len(dst.cards)), f"{move}: foundations go up in suit from the ace"
        else:
            assert dst.kind == "tableau" and builds_on(cards[0], dst.top), f"{move} fits its column"


def chain_sentences(game: Game, table: Table) -> None:
    """What the Russian text says of the legal moves here: cards go up their series
    2, 3, ..., K, A one at a time; a fill while a place is empty and the stock lasts;
    the auxiliary row and the second deal only in the first deal, when stuck."""
    piles, facts = table.piles, table.facts
    legal = game.legal_moves()
    places = [f"l{i}" for i in range(1, 25 if facts.get("deal") == 1 else 19)]
    ups = [move for move in legal if move.action == "move"]
    for move in ups:
        card = piles[move.src].top
        assert card is not None and move.src in places + ["a1", "a2", "a3", "a4"], move
        series = piles[move.dst].cards
        assert move.dst == foundation_id("f", card), f"{move}: a card goes onto its own series"
        need = 2 if not series else (1 if series[-1].rank == 13 else series[-1].rank + 1)
        assert card.rank == need and len(series) < 13, f"{move}: the series needs the next rank"
    if game.is_over:
        return
    gap = any(not piles[place].cards for place in places)
    assert (Move("fill") in legal) == (gap and bool(piles["s"].cards)), "a fill fills a place"
    stuck = not ups and Move("fill") not in legal
    assert (Move("redeal") in legal) == (stuck and facts["deal"] == 1), "one redeal, when stuck"
    if Move("aux") in legal:
        assert stuck and facts["deal"] == 1 and not facts["aux_laid"] and piles["s"].cards
        assert not (game.rules.options["aux_row"] == "at-start" and facts["played"])


#: Each game's rule sentences, checked on every position of random play.
SENTENCES: dict[str, Callable[[Game, Table], None]] = {
    "klondike": klondike_sentences, "chain": chain_sentences,
}
#: The cases of the games whose rules are written on their model alone.
ON_MODEL_ONLY = [(name, options) for name, options in CASES if not has_own_hooks(name)]
ON_MODEL_ONLY_IDS = [f"{name}-{'-'.join(options.values()) or 'default'}"
                     for name, options in ON_MODEL_ONLY]


def rules_hold(game: Game, before: Table | None, step: Step | None) -> None:
    """The invariants of any position, and the game's rule sentences."""
    table = game.table
    model = game._model
    assert model is not None
    assert sorted(table.cards()) == sorted(game.deck), "every card of the deck, once"
    if before is not None and step is not None:
        replayed = before.copy()
        for event in step.events:
            replayed.apply(event)
        assert replayed == table, f"the events of {step.move} lead to the position after it"
    back = type(model).from_table(game.rules.options, game.seed, table, model.shuffles)
    assert back.to_table() == table and back.legal_moves() == game.legal_moves()
    assert (back.over, back.won, reason_words(back.reason)) == tuple(game.result)
    assert game.is_over == (not game.legal_moves()), "over exactly when no move is left"
    if game.is_over:
        assert game.result.reason, "an ended game says why"
    if game.is_won:
        home = sum(len(pile.cards) for pile in table.piles.values() if pile.kind == "foundation")
        assert home == len(game.deck), "won with every card home"
    for move in game.legal_moves():
        assert game.is_legal(str(move)), move
    SENTENCES[game.name](game, table)


def every_move(game: Game) -> list[Move]:
    """Every move of a card between two piles, and every action: most of them illegal."""
    ids = list(game.table.piles)
    return [Move(action) for action in game.rules.actions] + [
        Move("move", src, dst) for src in ids for dst in ids if src != dst]


@pytest.mark.parametrize(("name", "options"), ON_MODEL_ONLY, ids=ON_MODEL_ONLY_IDS)
def test_random_play_keeps_the_rules(name: str, options: dict[str, str]) -> None:
    examples = BUDGET.get(name, DEFAULT_BUDGET)[0]
    settings(SETTINGS, max_examples=examples)(given(data=st.data())(play_by_the_rules))(
        name, options)


def play_by_the_rules(name: str, options: dict[str, str], data: st.DataObject) -> None:
    """Random play with undo, redo, clones and illegal moves tried, checked at every step."""
    seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
    deck = None
    if data.draw(st.booleans(), label="stacked"):
        deck = data.draw(st.permutations(Game(rules_class(name)(**options), seed=0).deck),
                         label="deck")
    game = Game(rules_class(name)(**options), seed=seed, deck=deck)
    rules_hold(game, None, None)
    kept = [game.table.copy()]
    for _ in range(MAX_STEPS):
        if game.is_over:
            break
        roll = data.draw(st.integers(0, 19), label="roll")
        if roll == 0 and game.can_undo:
            game.undo()
            kept.pop()
            assert game.table == kept[-1], "undo goes back to the position before"
            rules_hold(game, None, None)
        elif roll == 1 and game.can_redo:
            game.redo()
            kept.append(game.table.copy())
            rules_hold(game, kept[-2], game.history[-1])
        elif roll == 2:
            other = game.clone()
            if other.legal_moves():
                other.play(other.legal_moves()[0])
            assert game.table == kept[-1], "a clone plays on without touching the game"
        elif roll == 3:
            illegal = [m for m in every_move(game) if m not in game.legal_moves()]
            move = data.draw(st.sampled_from(illegal), label="illegal")
            with pytest.raises(IllegalMoveError) as refused:
                game.play(move)
            assert str(refused.value), "a refusal says why"
            assert game.table == kept[-1], "an illegal move changes nothing"
        else:
            step = game.play(data.draw(st.sampled_from(game.legal_moves()), label="move"))
            kept.append(game.table.copy())
            rules_hold(game, kept[-2], step)
    for index in range(0, game.moves_played + 1, 5):
        assert game.position_at(index) == kept[index], index
