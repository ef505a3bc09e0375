"""The solver against brute force, on positions small enough to search exhaustively.

The brute force (``tests/solver_support.py``) knows nothing of the solver:
it plays the engine's own legal moves from a position, every one of them,
remembering the positions it has seen, until it reaches a win or has seen everything. On hundreds of
small positions under each rule set (a few cards left out of their
foundations, some face down, a short hand) the solver's verdict must equal
it: every win replays through the engine, every loss is a loss.

Each reduction a loss proof relies on is tested the same way, alone (every
other one switched off) and all together: the move filters, the dead-end
check (after every move, or not after shifts) and its two strengthenings, the two-rank safe foundation moves, laying
talon cards only with a card onto them, emptying a column only with a king
into it, a card laid on one of two twin parents only, one position for every layout
of the same cards, the draw-three dominance, and the search plan (draw three's restarts, a loss proved drawing one, which
settles draw three and the Polish rules alike, and the search that passes
over every position proved lost drawing one). The dead-end
check and the automatic foundation moves are also checked directly: a
position the check calls hopeless is lost, and the automatic moves never
turn a won position into a lost one. What the search always does (columns
taken in any order, one empty column standing for all, a king at the
bottom of a column kept there, the talon splits that turning reaches alike)
is covered by every comparison.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from solitaire_widgets.game import Game
from solitaire_widgets.games.klondike.solver import Config, dead_ends, state
from solitaire_widgets.games.klondike.solver import moves as gen
from solitaire_widgets.games.klondike.solver.config import DEFAULT
from solitaire_widgets.moves import Move
from tests.solver_support import (
    ALONE,
    NONE,
    assert_solved_as,
    brute_force,
    hopeless_count,
    small_position,
)

VARIANTS = ["polish", "standard", "draw-three"]
PER_VARIANT = 120

_CASES: dict[str, list[tuple[Game, bool]]] = {}


def cases(variant: str) -> list[tuple[Game, bool]]:
    """The small positions of ``variant`` with their brute-force verdicts (made once)."""
    if variant not in _CASES:
        rnd = random.Random(f"brute {variant}")
        found: list[tuple[Game, bool]] = []
        while len(found) < PER_VARIANT:
            game = small_position(variant, rnd)
            if game.legal_moves():
                found.append((game, brute_force(game)))
        _CASES[variant] = found
    return _CASES[variant]


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_positions_hold_wins_and_losses(variant: str) -> None:
    verdicts = [won for _, won in cases(variant)]
    assert sum(verdicts) >= 20 and verdicts.count(False) >= 8


@pytest.mark.parametrize("reduction", list(ALONE))
@pytest.mark.parametrize("variant", VARIANTS)
def test_solver_verdict_equals_brute_force(variant: str, reduction: str) -> None:
    for game, won in cases(variant):
        assert_solved_as(game, won, reduction)


def long_hands() -> list[tuple[Game, bool]]:
    """Polish positions with a long hand (5 to 9 cards), with their brute-force verdicts.

    They test the dead-end check's Polish talon rules: a buried waste card
    comes up only under the card taken off it, and a card at talon index
    ``j`` only once ``j - 3`` cards before it have left.
    """
    if "long hands" not in _CASES:
        rnd = random.Random("brute polish long hands")
        found: list[tuple[Game, bool]] = []
        while len(found) < 60:
            game = small_position("polish", rnd, loose_cards=(12, 16), hand=(5, 9))
            if game.legal_moves():
                found.append((game, brute_force(game)))
        _CASES["long hands"] = found
    return _CASES["long hands"]


@pytest.mark.parametrize("reduction", ["dead-end check", "strong dead ends", "run heads", "all"])
def test_polish_long_hands_equal_brute_force(reduction: str) -> None:
    verdicts = [won for _, won in long_hands()]
    assert sum(verdicts) >= 10 and verdicts.count(False) >= 6
    for game, won in long_hands():
        assert_solved_as(game, won, reduction)


def test_polish_long_hands_hopeless_are_lost() -> None:
    assert hopeless_count(long_hands(), state.POLISH) >= 5


@pytest.mark.parametrize("variant", VARIANTS)
def test_hopeless_positions_are_lost(variant: str) -> None:
    configs = (Config(), Config(run_heads=False), Config(strong_dead_ends=False))
    assert hopeless_count(cases(variant), state.mode_of(variant), configs) >= 10


@pytest.mark.parametrize("variant", VARIANTS)
def test_automatic_foundation_moves_keep_the_verdict(variant: str) -> None:
    mode = state.mode_of(variant)
    moved = 0
    for game, won in cases(variant):
        position, _ = state.from_table(game.table)
        rec: list[Move] = []
        gen.auto(position, mode, rec)
        if rec:
            moved += 1
            after = game.clone()
            for move in rec:
                after.play(move)
            assert brute_force(after) == won, game.to_json()
    assert moved >= 10


def _positions_searched(variant: str, seed: int, nodes: int,
                        config: Config = DEFAULT) -> list[state.State]:
    """The positions the solver checks for dead ends while it searches a deal."""
    from solitaire_widgets.games.klondike.solver import search as searching

    seen: list[state.State] = []
    real = dead_ends.hopeless

    def spy(position: state.State, mode: int = state.DRAW_ONE,
            config: Config = DEFAULT) -> bool:
        seen.append(position)
        return real(position, mode, config)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(searching, "hopeless", spy)
        from solitaire_widgets.games.klondike.solver import solve_deal
        solve_deal(seed, variant=variant, max_nodes=nodes, config=config)
    return seen


@pytest.mark.parametrize("variant", VARIANTS)
def test_worklist_and_bit_dead_end_checks_equal_the_rounds(variant: str) -> None:
    # The worklist and the bit masks compute the same fixpoint as the rounds
    # (the reference): on small positions and on positions met while
    # searching real deals (with the bit masks, as the solver plays, and
    # with the rounds).
    mode = state.mode_of(variant)
    positions = [state.from_table(game.table)[0] for game, _ in cases(variant) + (
        long_hands() if variant == "polish" else [])]
    for seed in (4, 51, 54):
        positions += _positions_searched(variant, seed, 1_500)
        positions += _positions_searched(variant, seed, 1_500, Config(bit_dead_ends=False))
    answers = [dead_ends._hopeless_rounds(p, mode, Config()) for p in positions]
    assert [dead_ends._hopeless_worklist(p, mode) for p in positions] == answers
    assert [dead_ends._hopeless_bits(p, mode) for p in positions] == answers
    # Again with the caches of columns and talons already full.
    assert [dead_ends._hopeless_bits(p, mode) for p in positions] == answers
    assert 30 <= sum(answers) <= len(answers) - 50


def full_tables(variant: str) -> list[tuple[Game, bool]]:
    """Positions with every column taken (so emptying one can matter), with their verdicts."""
    if f"full {variant}" not in _CASES:
        rnd = random.Random(f"brute {variant} full tables")
        found: list[tuple[Game, bool]] = []
        while len(found) < 30:
            game = small_position(variant, rnd, loose_cards=(13, 16), hand=(0, 2),
                                  columns=(7, 7))
            if game.legal_moves():
                found.append((game, brute_force(game)))
        _CASES[f"full {variant}"] = found
    return _CASES[f"full {variant}"]


@pytest.mark.parametrize("reduction", ["move filters", "empty chains", "empty and lay chains",
                                       "twin targets", "all"])
@pytest.mark.parametrize("variant", VARIANTS)
def test_full_tables_equal_brute_force(variant: str, reduction: str) -> None:
    mode = state.mode_of(variant)
    chained = twins = 0
    for game, won in full_tables(variant):
        position, forced = state.from_table(game.table)
        if not forced:
            start = gen.auto(position, mode)
            listed = gen.moves(start, mode, ALONE[reduction])
            chained += any(m[0] == state.CHAIN and m[5] == state.COL_T and m[1] == state.COL_T
                           for m in listed)
            # A won position where a card is laid on one of two twins only.
            twins += won and len(listed) < len(gen.moves(start, mode, dataclasses.replace(
                ALONE[reduction], twin_targets=False)))
        assert_solved_as(game, won, reduction)
    # Mostly wins: a filter that put off the only winning line would call one lost.
    assert sum(won for _, won in full_tables(variant)) >= 20
    if reduction in ("empty chains", "empty and lay chains"):
        assert chained >= 3
    if reduction == "twin targets":
        assert twins >= 10


def laid_out(variant: str) -> list[tuple[Game, bool]]:
    """Positions reached by a few random moves between columns, with their verdicts.

    Their columns hold sequences of face-up cards over face-down ones, some
    of whose cards lie on one twin while the other ends a column: the
    layouts that ``Config.merge_layouts`` takes for one position.
    """
    if f"laid out {variant}" not in _CASES:
        rnd = random.Random(f"brute {variant} laid out")
        found: list[tuple[Game, bool]] = []
        wins = 0
        while len(found) < 40:
            game = small_position(variant, rnd, loose_cards=(13, 17), hand=(0, 2),
                                  columns=(3, 6))
            for _ in range(rnd.randint(2, 8)):
                shifts = [m for m in game.legal_moves() if m.action == "move"
                          and m.src.startswith("t") and m.dst.startswith("t")]
                if not shifts:
                    break
                game.play(rnd.choice(shifts))
            if game.legal_moves() and not game.is_over:
                won = brute_force(game)
                if won and wins >= 28:
                    continue  # most such positions are won: keep losses too
                wins += won
                found.append((game, won))
        _CASES[f"laid out {variant}"] = found
    return _CASES[f"laid out {variant}"]


@pytest.mark.parametrize("reduction", ["one layout", "move filters", "all"])
@pytest.mark.parametrize("variant", VARIANTS)
def test_laid_out_positions_equal_brute_force(variant: str, reduction: str) -> None:
    # One position for every layout: the searches merge layouts and move part
    # of a sequence only for the card under it to go up, and still answer
    # as the brute force does.
    mode = state.mode_of(variant)
    swaps = merged = 0
    for game, won in laid_out(variant):
        position, forced = state.from_table(game.table)
        if not forced:
            start = gen.auto(position, mode, config=ALONE[reduction])
            swaps += any(m[0] == state.CHAIN and m[5] == state.COL_F
                         for m in gen.moves(start, mode, ALONE["one layout"]))
            for m in gen.moves(start, mode, NONE):
                if m[0] == state.COL_T and len(start[1][m[1]]) - 1 - m[3] > start[1][m[1]][0]:
                    after = state.play(start, m)  # part of a sequence moves across
                    merged += state.set_key(after, mode) == state.set_key(start, mode)
        assert_solved_as(game, won, reduction)
    verdicts = [won for _, won in laid_out(variant)]
    assert sum(verdicts) == 28
    # (A shift that leaves a game dead ends it, so the sample holds fewer of them.)
    assert merged >= 10 and swaps >= 2
