"""Worrying back: the solver against brute force, with cards coming back from the foundations.

With Klondike's ``worrying_back="yes"`` the top card of a foundation may come
back onto a column. The brute force (``tests/solver_support.py``) plays the engine's own legal moves,
worrying back included, every one of them, and remembers the positions it
has seen; the positions are small (a few cards out of the foundations, some
face down, a short hand), and those whose search would be long are left out.
On each, the solver must answer as the brute force does, with every
reduction alone and all together: a reduction that assumed foundations only
grow would call a position won only by worrying back lost. The dead-end
check and the automatic foundation moves are checked directly too, and some
positions are won only by bringing a card back. A wider set, a few more
cards out, is where solver version 12's filter (a card comes back only
when it can be used at once) called won positions lost: one of them is kept
by hand, two cards brought back that wait for each other.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import Any

import pytest

from solitaire_widgets.cards import SUITS, Card
from solitaire_widgets.game import Game
from solitaire_widgets.games.klondike import COLUMNS, FOUNDATIONS, KlondikeRules
from solitaire_widgets.games.klondike.solver import Config, dead_ends, solve, solve_deal, state
from solitaire_widgets.games.klondike.solver import moves as gen
from solitaire_widgets.games.klondike.solver import search as searching
from solitaire_widgets.games.klondike.solver.config import DEFAULT
from solitaire_widgets.moves import Move
from tests.solver_support import (
    ALONE,
    assert_solved_as,
    brute_force,
    hopeless_count,
    small_position,
)

VARIANTS = ["standard", "draw-three"]
#: Positions per variant, and the most positions a brute force may see for one.
WINS, LOSSES = 20, 5
LIMIT = 2_000


def _without(game: Game) -> Game:
    """The same position with worrying back not allowed."""
    plain = game.clone()
    plain.rules = KlondikeRules(variant=game.options["variant"], worrying_back="no")
    return plain


_CASES: dict[str, list[tuple[Game, bool]]] = {}


def cases(variant: str) -> list[tuple[Game, bool]]:
    """Small positions with worrying back, with their brute-force verdicts (made once)."""
    if variant not in _CASES:
        rnd = random.Random(f"worrying back {variant}")
        found: list[tuple[Game, bool]] = []
        wins = losses = 0
        while wins < WINS or losses < LOSSES:
            game = small_position(variant, rnd, worrying_back="yes")
            if game.legal_moves():
                won = brute_force(game, LIMIT)
                if won is None or (won and wins >= WINS):
                    continue  # a long search, or wins enough: keep looking for losses
                wins += won
                losses += not won
                found.append((game, won))
        _CASES[variant] = found
    return _CASES[variant]


@pytest.mark.parametrize("variant", VARIANTS)
def test_solver_verdict_equals_brute_force_with_worrying_back(variant: str) -> None:
    for game, won in cases(variant):
        for reduction in ALONE:
            assert_solved_as(game, won, reduction)


@pytest.mark.parametrize("variant", VARIANTS)
def test_some_positions_are_won_only_by_worrying_back(variant: str) -> None:
    """The solver finds those wins, and each line it plays brings a card back."""
    only = 0
    for game, won in cases(variant):
        if won and solve(_without(game), max_nodes=200_000).status == "lost":
            only += 1
            line = solve(game, max_nodes=200_000).moves
            assert any(m.action == "move" and m.src.startswith("f") for m in line)
    assert only >= 1


@pytest.mark.parametrize("variant", VARIANTS)
def test_hopeless_positions_with_worrying_back_are_lost(variant: str) -> None:
    worry = Config(worrying_back=True)
    assert hopeless_count(cases(variant), state.mode_of(variant), (worry,)) >= 1


@pytest.mark.parametrize("variant", VARIANTS)
def test_automatic_moves_with_worrying_back_keep_the_verdict(variant: str) -> None:
    mode = state.mode_of(variant)
    worry = Config(worrying_back=True)
    for game, won in cases(variant):
        position, _ = state.from_table(game.table)
        rec: list[Move] = []
        gen.auto(position, mode, rec, config=worry)
        assert all(game.rules.options["worrying_back"] == "yes" for _ in rec)
        if rec:
            after = game.clone()
            for move in rec:
                after.play(move)
            assert brute_force(after, 10 * LIMIT) in (won, None), game.to_json()
        # Only aces and twos go up by themselves, cards that can come
        # straight back (on a face-up card, or a king alone in its column),
        # and cards whose lower cards are up as safe() asks with worrying back.
        for m in rec[:1]:
            if m.src.startswith("t"):
                pile = game.table.piles[m.src]
                code = position[1][state.TIDS.index(m.src)][-1]
                kept = gen.safe(position[0], code // 13, code % 13, worry=True)
                assert (pile.cards[-1].rank <= 2 or len(pile.cards) - pile.down >= 2 or kept
                        or (len(pile.cards) == 1 and pile.cards[0].rank == 13)), rec



def _set_position(variant: str, heights: tuple[int, int, int, int],
                  columns: list[tuple[tuple[str, ...], tuple[str, ...]]],
                  stock: list[str]) -> Game:
    """A game with worrying back set by hand: each suit's foundation up to
    ``heights`` (clubs, diamonds, hearts, spades), each column's face-down
    and face-up cards (bottom first), the stock (the first card turned first)."""
    game = small_position(variant, random.Random(0), worrying_back="yes")
    piles = game.table.piles
    for s, fid in enumerate(FOUNDATIONS):
        piles[fid].cards = [Card(rank, SUITS[s]) for rank in range(1, heights[s] + 1)]
    for k, column in enumerate(COLUMNS):
        down, up = columns[k] if k < len(columns) else ((), ())
        piles[column].cards = [Card.parse(c) for c in (*down, *up)]
        piles[column].down = len(down)
    piles["w"].cards = []
    piles["s"].cards = [Card.parse(c) for c in reversed(stock)]
    model = game._model
    assert model is not None
    game._model = type(model).from_table(game.rules.options, game.seed, game.table, 0)
    game._marks = [game._model.copy()]
    game._legal = None
    return game


def _needs_the_card_under() -> Game:
    """Won only by bringing a nine back to let the eight under it come back.

    The seven of clubs covers the six it must wait for, and needs a red
    eight: the eight of hearts lies under the nine on its foundation, the
    eight of diamonds under the whole suit. Nothing can be laid on the nine
    of hearts (the black eights are buried), but once it is back on the ten
    of clubs the eight of hearts can come back onto the nine of clubs and
    take the seven.
    """
    return _set_position("standard", (5, 13, 9, 13),
                         [(("8C", "6C"), ("7C",)), ((), ("10C",)), ((), ("9C",)),
                          ((), ("KC",)), ((), ("KH",)), ((), ("QC",)), ((), ("QH",))],
                         ["JC", "10H", "JH"])


def _needs_the_card_of_its_colour() -> Game:
    """Won only by bringing back the king of hearts, though both black queens are up.

    The jack of diamonds covers the ten it must wait for, and needs a black
    queen: both are up, the queen of clubs under her king, and the only red
    king out is buried. The king of hearts comes back into an empty column,
    the queen of spades onto it, and the jack onto her. The other red card
    two ranks below the king (the jack of diamonds) is not up, so the king
    is not kept up (:func:`~solitaire_widgets.games.klondike.solver.moves.kept_up`).
    """
    return _set_position("standard", (13, 9, 13, 12),
                         [(("KD", "QD", "TD"), ("JD",)), ((), ("KS",))], [])


def test_worry_filter_keeps_a_win_that_needs_the_card_under() -> None:
    game = _needs_the_card_under()
    assert brute_force(game)
    for reduction in ("worry filter", "back ups and worry filter", "all"):
        assert_solved_as(game, True, reduction)


def test_an_unsound_worry_filter_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check above fails for a filter that forgets the card under: it would
    call the position lost (so the brute-force comparison does catch such a cut)."""
    def forgets_the_card_under(position: state.State, mv: state.Macro,
                               ends: dict[int, int], within: Sequence[int]) -> bool:
        found, cols, talon, _, _ = position
        kids = state.CHILDREN[mv[1] * 13 + found[mv[1]] - 1]
        return (any(found[y // 13] == y % 13 + 1 and y % 13 >= 2 for y in kids)
                or any(c in kids for col in cols for c in col[1 + col[0]:])
                or any(talon[j] in kids for j in within))

    monkeypatch.setattr(gen, "worry_useful", forgets_the_card_under)
    assert solve(_needs_the_card_under(), max_nodes=200_000,
                 config=ALONE["worry filter"]).status == "lost"


def _cards_that_wait_for_each_other() -> Game:
    """Won only by bringing back cards none of which can be used at once alone.

    The king of diamonds goes into an empty column and the queen of clubs
    under it goes up again by itself, turning up the ten of diamonds, which
    needs a black jack. The king of spades comes back into an empty column,
    the queen of spades onto the king of diamonds, the queen of hearts onto
    the king of spades, and the jack of spades onto the queen of hearts:
    the ten goes there. The queen of hearts can take the jack only once the
    queen of spades is back, and the queen of spades can give up her jack
    only once the queen of hearts is back, so neither can be used the moment
    it comes back, whichever comes first.
    """
    return _set_position("standard", (11, 7, 12, 13),
                         [(("QD", "8D", "KC", "9D", "KH", "JD", "TD", "QC"), ("KD",))], [])


def test_cards_that_wait_for_each_other_are_brought_back() -> None:
    """Each card comes back, though neither can be used at once; with
    ``Config.worry_uses`` a run of cards brought back is searched on until
    one of them is used."""
    game = _cards_that_wait_for_each_other()
    assert brute_force(game)
    for reduction in ("worry uses", "worry uses and back ups", "all", "all with worry uses"):
        assert_solved_as(game, True, reduction)


def test_the_worry_filter_loses_that_win() -> None:
    """Bringing a card back only when it can be used at once (the filter of
    solver version 12, now off) calls that position lost: the card each
    waits for comes back after it. The solver as it plays wins it."""
    game = _cards_that_wait_for_each_other()
    assert solve(game, max_nodes=200_000, config=ALONE["back ups and worry filter"]).status \
        == "lost"
    assert solve(game, max_nodes=200_000).status == "won"


_WIDE: dict[str, list[tuple[Game, bool]]] = {}


def wide_cases(variant: str) -> list[tuple[Game, bool]]:
    """More small positions with worrying back, a few more cards out (made once)."""
    if variant not in _WIDE:
        rnd = random.Random(f"wide check {variant}")
        found: list[tuple[Game, bool]] = []
        while len(found) < 150:
            game = small_position(variant, rnd, worrying_back="yes", loose_cards=(6, 12))
            if game.legal_moves():
                won = brute_force(game, 2 * LIMIT)
                if won is not None:
                    found.append((game, won))
        _WIDE[variant] = found
    return _WIDE[variant]


@pytest.mark.parametrize("reduction", ["worry uses", "worry uses and back ups", "all",
                                       "all with worry uses"])
@pytest.mark.parametrize("variant", VARIANTS)
def test_worry_uses_equals_brute_force_on_more_positions(variant: str, reduction: str) -> None:
    wide = wide_cases(variant)
    assert sum(won for _, won in wide) >= 100 and sum(not won for _, won in wide) >= 20
    for game, won in wide:
        assert_solved_as(game, won, reduction)


@pytest.mark.parametrize("reduction", ["kept up", "kept up and back ups",
                                       "kept up with the dead-end check",
                                       "kept up with two-rank safe moves"])
@pytest.mark.parametrize("variant", VARIANTS)
def test_kept_up_equals_brute_force_on_more_positions(variant: str, reduction: str) -> None:
    """A foundation card no card out of the foundations could come to lie on
    stays up, goes up by itself, and is no place in the dead-end check
    (``Config.kept_up``): the verdict stays the brute force's."""
    for game, won in wide_cases(variant):
        assert_solved_as(game, won, reduction)


@pytest.mark.parametrize("variant", VARIANTS)
def test_kept_up_cuts(variant: str) -> None:
    """On the small positions the cut keeps cards up that could come back
    otherwise, and sends cards up by themselves that would wait otherwise."""
    mode = state.mode_of(variant)
    keep = Config(worrying_back=True)
    free = dataclasses.replace(keep, kept_up=False)
    left_out = sent_up = 0
    for game, _ in wide_cases(variant):
        position, forced = state.from_table(game.table)
        if forced:
            continue
        sent_up += gen.auto(position, mode, config=keep) != gen.auto(position, mode, config=free)
        start = gen.auto(position, mode, config=free)
        left_out += len(gen.moves(start, mode, free)) - len(gen.moves(start, mode, keep))
    assert left_out >= 10 and sent_up >= 10


def test_kept_up_needs_the_other_card_of_its_colour() -> None:
    """Keeping a card up once the cards of the other colour a rank lower are
    up, but not the other card of its own colour two ranks lower, is not
    sound: a card of that rank may need the card of the other colour brought
    back onto this one. The brute-force comparison catches it."""
    game = _needs_the_card_of_its_colour()
    assert brute_force(game)
    assert_solved_as(game, True, "kept up with the dead-end check")

    def too_eager(found: Sequence[int]) -> tuple[int, int, int, int]:
        red, black = min(found[1], found[2]) + 1, min(found[0], found[3]) + 1
        return (min(found[0], red), min(found[1], black), min(found[2], black),
                min(found[3], red))

    def too_safe(f: Sequence[int], s: int, r: int, plus: bool = True, worry: bool = False,
                 keep: bool = True) -> bool:
        o1, o2 = state.OPP[s]
        return r < 2 or (keep and f[o1] >= r and f[o2] >= r)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(gen, "kept_up", too_eager)
        patch.setattr(gen, "safe", too_safe)
        patch.setattr(dead_ends, "kept_up", too_eager)
        assert solve(game, max_nodes=200_000,
                     config=ALONE["kept up with the dead-end check"]).status == "lost"


@pytest.mark.parametrize("variant", VARIANTS)
def test_worry_filter_leaves_moves_out(variant: str) -> None:
    """The filter does cut: on the small positions some card brought back could
    not be used at once."""
    mode = state.mode_of(variant)
    worry = Config(worrying_back=True, worry_filter=True)
    left_out = 0
    for game, _ in cases(variant):
        position, forced = state.from_table(game.table)
        if not forced:
            start = gen.auto(position, mode, config=worry)
            every = gen.moves(start, mode, dataclasses.replace(worry, worry_filter=False))
            left_out += len(every) - len(gen.moves(start, mode, worry))
    assert left_out >= 1


@pytest.mark.parametrize("variant", VARIANTS)
def test_cards_that_come_back_at_once_are_caught_going_up_for_good(
        variant: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Sending up a card just brought back, before it is used, would undo every
    worrying back: the brute-force comparison above catches that unsound cut."""
    real = gen.auto

    def never_waits(*args: Any, **kwargs: Any) -> state.State:
        kwargs.pop("back_ups", None)
        return real(*args[:5], **kwargs)

    monkeypatch.setattr(searching, "auto", never_waits)
    wrong = sum(solve(game, max_nodes=200_000, config=ALONE["back ups"]).status
                != ("won" if won else "lost") for game, won in cases(variant))
    assert wrong >= 1


@pytest.mark.parametrize("variant", VARIANTS)
def test_bit_dead_end_check_equals_the_rounds_with_worrying_back(variant: str) -> None:
    """With worrying back the bit masks compute the rounds' fixpoint (foundation
    cards are places from the start), on small positions and on positions met
    while searching real deals."""
    mode = state.mode_of(variant)
    worry = Config(worrying_back=True)
    positions = [state.from_table(game.table)[0] for game, _ in cases(variant)]
    seen: list[state.State] = []

    def spy(position: state.State, mode: int = state.DRAW_ONE,
            config: Config = DEFAULT) -> bool:
        seen.append(position)
        return dead_ends.hopeless(position, mode, config)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(searching, "hopeless", spy)
        for seed in (4, 200):
            solve_deal(seed, variant=variant, max_nodes=1_500, worrying_back="yes")
    positions += seen
    answers = [dead_ends._hopeless_rounds(p, mode, worry) for p in positions]
    assert [dead_ends._hopeless_bits(p, mode, True) for p in positions] == answers
    assert 5 <= sum(answers) <= len(answers) - 50


@pytest.mark.parametrize("variant", VARIANTS)
def test_quick_automatic_moves_with_worrying_back_expand_the_same_positions(
        variant: str) -> None:
    """Looking for automatic moves only where a move can have made one (cards
    that can come back included) changes nothing the search does."""
    for seed in (51, 200, 1461):
        on = solve_deal(seed, variant=variant, max_nodes=3_000, worrying_back="yes")
        off = solve_deal(seed, variant=variant, max_nodes=3_000, worrying_back="yes",
                         config=Config(quick_auto=False))
        assert (on.status, on.nodes, on.moves) == (off.status, off.nodes, off.moves)
