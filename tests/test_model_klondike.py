"""The Klondike model, played bare beside the game that plays on it.

:class:`~solitaire_widgets.games.klondike.model.KlondikeModel` holds the
rules on a compact state; a :class:`~solitaire_widgets.Game` of Klondike plays
on it, and :class:`KlondikeRules` reads its tests (``dead``, ``talon_tops``)
off it. A bare model and a game are driven side by side, move for move: the
same legal moves in the same order, the same events for each step, the same
table, the same end at the same step with the same reason, and the model
read back from the game's table is the same model (its state, its legal
moves, the solver's tuple). Random play (Hypothesis) covers every variant
with and without worrying back; a sweep with a simple player plays whole
games to their end, which in the standard variants is most often a dead
game, each way a game ends met; stacked decks cover the full waste of the
Polish second pass and a game whose moves only shift cards.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solitaire_widgets import Game, Move, new_game
from solitaire_widgets.cards import parse_cards
from solitaire_widgets.games.klondike import (
    DEAD_REASON,
    SHIFTS_ONLY_REASON,
    WORRY_DEAD_REASON,
    KlondikeRules,
    builds_on,
    goes_up,
)
from solitaire_widgets.games.klondike import model as km
from solitaire_widgets.games.klondike.examples import deck_for
from solitaire_widgets.games.klondike.model import CARDS, EMPTY, KlondikeModel, card_code
from solitaire_widgets.reasons import reason_words
from solitaire_widgets.rules import Context
from solitaire_widgets.table import Event

from .test_klondike_rules import shifts_only_table

#: Every option set the rules allow (worrying back only in the standard variants).
OPTIONS = [
    {"variant": "polish", "worrying_back": "no"},
    {"variant": "standard", "worrying_back": "no"},
    {"variant": "draw-three", "worrying_back": "no"},
    {"variant": "standard", "worrying_back": "yes"},
    {"variant": "draw-three", "worrying_back": "yes"},
]


class Twin:
    """A game and its model, played side by side and compared after every step."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.model = KlondikeModel(game.rules.options, game.seed,
                                   [card_code(c) for c in game.deck])
        events: list[Event] = []
        self.model.deal(events)
        assert tuple(events) == game.opening
        self.check()

    def play(self, move: Move) -> None:
        step = self.game.play(move)
        events: list[Event] = []
        self.model.apply(move, events)
        assert tuple(events) == step.events, move
        # Reading the model back from the table every 8 steps (and at the end) is enough.
        self.check(round_trip=self.game.moves_played % 8 == 0 or self.game.is_over)

    def check(self, round_trip: bool = True) -> None:
        game, model = self.game, self.model
        assert model.legal_moves() == game.legal_moves()
        assert (model.over, model.won, reason_words(model.reason)) == tuple(game.result)
        assert model.to_table() == game.table
        if round_trip:
            back = KlondikeModel.from_table(game.rules.options, game.seed, game.table, 0)
            assert back.to_table() == game.table
            assert back.legal_moves() == game.legal_moves()
            assert back.solver_state() == model.solver_state()
            rules = game.rules
            if not game.is_over and isinstance(rules, KlondikeRules):
                assert back.dead() == rules.dead(game.table)


def simple_choice(game: Game) -> Move:
    """The benchmark's simple player, with worrying back never chosen: foundation
    moves, the waste to a column, a move that turns up a card, else turn or redeal."""
    moves = game.legal_moves()
    piles = game.table.piles
    for wanted in ("up", "waste", "reveal"):
        for move in moves:
            if move.action != "move":
                continue
            if wanted == "up" and move.dst.startswith("f"):
                return move
            if wanted == "waste" and move.src == "w":
                return move
            if wanted == "reveal" and move.src.startswith("t"):
                pile = piles[move.src]
                if pile.down and move.count == len(pile.cards) - pile.down:
                    return move
    for move in moves:
        if move.action != "move":
            return move
    return moves[0]


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_play_matches_the_engine(data: st.DataObject) -> None:
    """Random lines of play, every option set: identical moves, events, tables, ends."""
    options = data.draw(st.sampled_from(OPTIONS))
    seed = data.draw(st.integers(0, 2**32))
    twin = Twin(new_game("klondike", seed=seed, **options))
    for _ in range(data.draw(st.integers(0, 200))):
        moves = twin.game.legal_moves()
        if not moves:
            break
        twin.play(data.draw(st.sampled_from(moves)))
        if data.draw(st.integers(0, 9)) == 0:
            copy = twin.model.copy()
            if copy.legal_moves():
                copy.apply(copy.legal_moves()[0])
            twin.check(round_trip=False)  # playing on a copy leaves the model as it was


def test_whole_games_end_alike_in_every_variant() -> None:
    """The simple player to the end: the same last step and the same reason. The
    sweep meets every way a game ends (checked below), dead games included."""
    reasons: Counter[tuple[str, str]] = Counter()
    for options in OPTIONS:
        for seed in range(24):
            twin = Twin(new_game("klondike", seed=seed, **options))
            # The player may go round for ever where the game is not dead.
            while not twin.game.is_over and twin.game.moves_played < 400:
                twin.play(simple_choice(twin.game))
            reasons[options["variant"] + options["worrying_back"], twin.model.reason[:40]] += 1
    seen = {reason for _, reason in reasons}
    assert DEAD_REASON[:40] in seen
    assert WORRY_DEAD_REASON[:40] in seen
    assert km.WON_REASON[:40] in seen
    assert any(r.startswith("a fourth card would go on the waste") for r in seen)
    assert ("standardno", DEAD_REASON[:40]) in reasons
    assert ("draw-threeno", DEAD_REASON[:40]) in reasons
    assert ("draw-threeyes", WORRY_DEAD_REASON[:40]) in reasons


#: No card of the hand fits anywhere except the queen of diamonds (onto the
#: king of clubs), the fourth card turned in the second pass (as in the rule
#: sentences' test of the full waste).
FORCED_DECK = deck_for(
    ["AC AD AH AS QC 2C", "QH QS 2D", "2H", "2S", "KC", "KD", "KH"],
    stock="9H 5S 8D QD 7D",
)


def test_the_full_waste_forces_the_card_turned_and_ends_the_game() -> None:
    """Polish second pass: a fourth card on the waste must leave at once; when it
    cannot, the game is lost at that step."""
    twin = Twin(new_game("klondike", deck=FORCED_DECK))
    while Move("turn") in twin.game.legal_moves():
        twin.play(Move("turn"))
    twin.play(Move("redeal"))
    for _ in range(4):
        twin.play(Move("turn"))
    assert twin.model.forced and twin.model.legal_moves() == [Move.parse("w>t5")]
    twin.play(Move.parse("w>t5"))
    assert not twin.model.forced
    twin.play(Move("turn"))
    assert twin.model.over and "the seven of diamonds cannot be played" in reason_words(
        twin.model.reason)


@pytest.mark.parametrize("variant", ["polish", "standard"])
def test_a_game_with_only_shifts_left_is_lost_alike(variant: str) -> None:
    """The rule sentences' table whose moves only shift a king between empty columns:
    dead, and ended by the move with the same events; with a black six to take the
    five of diamonds, not dead."""
    rules = KlondikeRules(variant=variant)
    for six, dead in (("", True), ("6S", False)):
        table = shifts_only_table(rules)
        table.piles["t5"].cards = parse_cards(six)
        model = KlondikeModel.from_table(rules.options, 0, table, 0)
        assert model.legal_moves() == rules.legal_moves(table)
        assert model.dead() == rules.dead(table) == dead
        move = Move.parse("t1:2>t2")
        ctx = Context(table, list)
        rules.apply(table, move, ctx)
        events: list[Event] = []
        model.apply(move, events)
        assert events == ctx.events
        assert model.to_table() == table
        assert model.over == dead and (model.reason == SHIFTS_ONLY_REASON) == dead


def test_worrying_back_moves_are_the_engine_moves() -> None:
    """A foundation's top card comes back onto a column in the model as in the engine."""
    for seed in range(60):
        twin = Twin(new_game("klondike", seed=seed, variant="standard", worrying_back="yes"))
        while not twin.game.is_over:
            back = [m for m in twin.game.legal_moves() if m.src.startswith("f")]
            if back and twin.game.moves_played % 3 == 0:
                twin.play(back[-1])
                return
            twin.play(simple_choice(twin.game))
    raise AssertionError("no deal offered a card back from a foundation")


def test_the_building_rule_is_the_model_rule() -> None:
    """The engine's predicates read the model's rule, for every pair of cards."""
    for c in range(52):
        assert builds_on(CARDS[c], None) == km.fits(c, EMPTY)
        for e in range(52):
            assert builds_on(CARDS[c], CARDS[e]) == km.fits(c, e) == bool(km.ON[c * 53 + e])
        for built in range(14):
            assert goes_up(CARDS[c], built) == km.goes_up(c, built)


@pytest.mark.parametrize("variant", ["polish", "standard", "draw-three"])
@pytest.mark.parametrize("worrying", ["no", "yes"])
def test_the_moves_between_columns_found_again_only_where_a_column_changed(
        variant: str, worrying: str) -> None:
    """The model finds again only the moves from and to the columns a move changed;
    at every step of random play, on the model and on copies of it, they are the
    moves :func:`~solitaire_widgets.games.klondike.model._shifts` finds on the whole
    position, and the legal moves those of the same position read anew."""
    import random

    options = {"variant": variant, "worrying_back": worrying}
    rng = random.Random(f"{variant}/{worrying}")
    for seed in range(15):
        model = KlondikeModel(options, seed, km.deal_codes(seed))
        model.deal()
        for _ in range(400):
            moves = model.legal_moves()
            if not moves:
                break
            cols = model.cols
            tops = [col[-1] if len(col) > 1 else EMPTY for col in cols]
            assert model._shifts_now(tops) == km._shifts(cols, tops)
            fresh = KlondikeModel.from_table(options, seed, model.to_table(), 0)
            assert moves == fresh.legal_moves()
            if rng.random() < 0.1:
                model = model.copy()
            model.apply(rng.choice(moves))
