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
positions are won only by bringing a card back.
"""

from __future__ import annotations

import random

import pytest

from solitaire_widgets.game import Game
from solitaire_widgets.games.klondike import KlondikeRules
from solitaire_widgets.moves import Move
from solitaire_widgets.solver import Config, solve, state
from solitaire_widgets.solver import moves as gen
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
        # Only aces and twos go up by themselves, and cards that can come
        # straight back: on a face-up card, or a king alone in its column.
        for m in rec[:1]:
            if m.src.startswith("t"):
                pile = game.table.piles[m.src]
                assert (pile.cards[-1].rank <= 2 or len(pile.cards) - pile.down >= 2
                        or (len(pile.cards) == 1 and pile.cards[0].rank == 13)), rec
