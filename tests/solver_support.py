"""Small Klondike positions and a brute force, for testing the solver against it.

The brute force knows nothing of the solver: it plays the engine's own legal
moves from a position, every one of them (worrying back included when the
rules allow it), remembering the positions it has seen, until it reaches a
win or has seen everything. ``tests/test_solver_brute_force.py`` and
``tests/test_solver_worrying_back.py`` hold the solver's verdicts against it,
with each of the solver's reductions alone (:data:`ALONE`) and all together.
"""

from __future__ import annotations

import dataclasses
import random
from typing import overload

from solitaire_widgets import new_game
from solitaire_widgets.cards import SUITS, Card
from solitaire_widgets.game import Game
from solitaire_widgets.games.klondike import COLUMNS, FOUNDATIONS
from solitaire_widgets.games.klondike.model import KlondikeModel
from solitaire_widgets.games.klondike.solver import Config, dead_ends, solve, state
from solitaire_widgets.games.klondike.solver.config import DEFAULT
from solitaire_widgets.moves import Move
from solitaire_widgets.table import Table

#: Every reduction off: the plain search over the solver's moves.
NONE = Config(move_filters=False, dead_end_check=False, strong_dead_ends=False,
              run_heads=False, safe_plus=False, lay_chains=False, empty_chains=False,
              splits=False, twin_targets=False, merge_layouts=False, talon_dominance=False,
              restart_share=0.0, relax_share=0.0, checked_share=0.0, worry_filter=False,
              back_ups=False, worry_uses=False, kept_up=False)
#: Each reduction alone, by name (the dead-end strengthenings need the check).
ALONE = {
    "move filters": dataclasses.replace(NONE, move_filters=True),
    "dead-end check": dataclasses.replace(NONE, dead_end_check=True),
    "dead-end check after shifts too": dataclasses.replace(NONE, dead_end_check=True,
                                                           shift_checks=True),
    "strong dead ends": dataclasses.replace(NONE, dead_end_check=True, strong_dead_ends=True),
    "run heads": dataclasses.replace(NONE, dead_end_check=True, run_heads=True),
    "two-rank safe moves": dataclasses.replace(NONE, safe_plus=True),
    "lay chains": dataclasses.replace(NONE, move_filters=True, lay_chains=True),
    "empty chains": dataclasses.replace(NONE, move_filters=True, empty_chains=True),
    "empty and lay chains": dataclasses.replace(NONE, move_filters=True, empty_chains=True,
                                                lay_chains=True),
    "draw-three dominance": dataclasses.replace(NONE, splits=True),
    "twin targets": dataclasses.replace(NONE, twin_targets=True),
    "one layout": dataclasses.replace(NONE, merge_layouts=True),
    "talon dominance": dataclasses.replace(NONE, talon_dominance=True),
    "worry filter": dataclasses.replace(NONE, worry_filter=True),
    "back ups": dataclasses.replace(NONE, back_ups=True),
    "back ups and worry filter": dataclasses.replace(NONE, back_ups=True, worry_filter=True),
    "worry uses": dataclasses.replace(NONE, worry_uses=True),
    "worry uses and back ups": dataclasses.replace(NONE, worry_uses=True, back_ups=True),
    "kept up": dataclasses.replace(NONE, kept_up=True),
    "kept up and back ups": dataclasses.replace(NONE, kept_up=True, back_ups=True),
    "kept up with two-rank safe moves": dataclasses.replace(NONE, kept_up=True, safe_plus=True),
    "kept up with the dead-end check": dataclasses.replace(
        NONE, kept_up=True, dead_end_check=True, strong_dead_ends=True, run_heads=True),
    # Drawing three, the full search passing over positions lost drawing one,
    # almost alone (the plain full search keeps a twentieth), from the first
    # position on, each check with so few positions that many run out.
    "checked search": dataclasses.replace(NONE, checked_share=0.95, checked_after=0,
                                          relaxed_checks=5),
    "restarts and relaxation": dataclasses.replace(NONE, restart_share=0.5, relax_share=0.15,
                                           restart_nodes=50),
    "restarts and relaxation, one after the other": dataclasses.replace(
        NONE, restart_share=0.5, relax_share=0.15, restart_nodes=50, interleave=False),
    "all": Config(restart_nodes=50, checked_after=0),
    "all with worry uses": Config(restart_nodes=50, checked_after=0, worry_uses=True),
}


def small_position(variant: str, rnd: random.Random, loose_cards: tuple[int, int] = (5, 10),
                   hand: tuple[int, int] = (0, 4), columns: tuple[int, int] = (1, 2),
                   worrying_back: str = "no") -> Game:
    """A game in a random position with a few cards out of their foundations.

    ``loose_cards``: how many cards are out of the foundations (at least,
    at most); ``hand``: how many of them are in the talon (the waste and
    the stock); ``columns``: how many columns hold the others.
    """
    game = new_game("klondike", seed=0, variant=variant, worrying_back=worrying_back)
    loose = rnd.randint(*loose_cards)
    heights = [13] * 4
    for _ in range(loose):
        suit = rnd.choice([s for s in range(4) if heights[s] > 0])
        heights[suit] -= 1
    cards = [Card(rank, SUITS[s]) for s in range(4) for rank in range(heights[s] + 1, 14)]
    rnd.shuffle(cards)
    piles = game.table.piles
    for s, fid in enumerate(FOUNDATIONS):
        piles[fid].cards = [Card(rank, SUITS[s]) for rank in range(1, heights[s] + 1)]
        piles[fid].down = 0
    talon = cards[:rnd.randint(min(hand[0], len(cards) - 1), min(hand[1], len(cards) - 1))]
    rest = cards[len(talon):]
    facts = game.table.facts
    second = variant == "polish" and rnd.random() < 0.5
    facts["pass"] = 2 if second else 1
    facts["waste_limit"] = second
    facts["forced"] = False
    on_waste = rnd.randint(0, min(len(talon), 3) if second else len(talon))
    piles["w"].cards = talon[:on_waste]
    piles["s"].cards = list(reversed(talon[on_waste:]))
    piles["w"].down = piles["s"].down = 0
    used = rnd.sample(range(7), rnd.randint(min(columns[0], len(rest)),
                                            min(columns[1], len(rest)))) if rest else []
    for column in COLUMNS:
        piles[column].cards = []
        piles[column].down = 0
    for k, card in enumerate(rest):
        piles[COLUMNS[used[k % len(used)]]].cards.append(card)
    for column in COLUMNS:
        # One face-up card at the end of each column, the rest face down.
        piles[column].down = max(0, len(piles[column].cards) - 1)
    # The position was set by hand on the table: a game that plays on its model
    # reads the model from it again (and keeps it as step 0's position).
    model = game._model
    if model is not None:
        game._model = type(model).from_table(game.rules.options, game.seed, game.table, 0)
        game._marks = [game._model.copy()]
    game._legal = None
    return game


def position_key(table: Table, polish: bool) -> tuple[object, ...]:
    """What tells two positions apart: the piles, and under the Polish rules the pass."""
    key: tuple[object, ...] = tuple((tuple(p.cards), p.down) for p in table.piles.values())
    if polish:
        facts = table.facts
        key += (facts["pass"], facts["waste_limit"], facts["forced"])
    return key


@overload
def brute_force(game: Game) -> bool: ...
@overload
def brute_force(game: Game, limit: int) -> bool | None: ...
def brute_force(game: Game, limit: int | None = None) -> bool | None:
    """Whether some line of the engine's legal moves wins: every one is tried.

    It plays the game's own moves on copies of its model (as :class:`Game`
    does, without the history), remembering every position seen. With
    ``limit``, None once it has seen more positions than that.
    """
    if game.is_won:
        return True
    start = game._model
    assert isinstance(start, KlondikeModel)
    polish = start.polish

    def key(model: KlondikeModel) -> tuple[object, ...]:
        # What tells two positions apart (see position_key), on the model.
        found: tuple[object, ...] = (tuple(model.found), tuple(model.cols), model.talon,
                                     model.pos)
        return found + (model.passes, model.waste_limit, model.forced) if polish else found

    seen = {key(start)}
    stack = [start]
    while stack:
        here = stack.pop()
        # Foundation moves are tried first (the last pushed is the next
        # searched): the order finds wins sooner and never changes the answer.
        moves = sorted(here.legal_moves(), key=lambda m: m.dst.startswith("f"))
        for move in moves:
            there = here.copy()
            there.apply(move)
            if there.over:
                if there.won:
                    return True
                continue
            k = key(there)
            if k not in seen:
                seen.add(k)
                if limit is not None and len(seen) > limit:
                    return None
                stack.append(there)
    return False


def replays(game: Game, moves: list[Move]) -> bool:
    """Whether ``moves`` played through the engine from ``game`` win it."""
    probe = game.clone()
    for move in moves:
        probe.play(move)
    return probe.is_won


def assert_solved_as(game: Game, won: bool, reduction: str) -> None:
    """The solver, with that reduction alone (:data:`ALONE`), answers as the brute force did.

    A win it finds must replay through the engine.
    """
    solution = solve(game, max_nodes=200_000, config=ALONE[reduction])
    assert solution.status == ("won" if won else "lost"), (reduction, game.to_json())
    if won:
        assert replays(game, solution.moves), (reduction, game.to_json())


def hopeless_count(positions: list[tuple[Game, bool]], mode: int,
                   configs: tuple[Config, ...] = (DEFAULT,)) -> int:
    """How often the dead-end check, under each of ``configs``, calls one of
    ``positions`` (with their brute-force verdicts) hopeless; each one it
    calls so must be lost. A position that must be played on (forced) is
    not asked about."""
    called = 0
    for game, won in positions:
        position, forced = state.from_table(game.table)
        if forced:
            continue
        for config in configs:
            if dead_ends.hopeless(position, mode, config):
                called += 1
                assert not won, game.to_json()
    return called
