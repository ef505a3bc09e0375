"""Quarrel's clairvoyant bound: it tries what the engine allows, and its verdicts are right.

- Moves: in positions reached by random play under every reading, the search
  offers exactly the engine's legal moves, one per card, kind of place and
  series (two copies of a card in the rows are one move: the first), each
  one of the engine's own moves. The positions themselves are the model's,
  which ``tests/test_model_conformance.py`` holds to the engine.
- Brute force: on deals whose whole game tree is small, a plain recursion
  over the engine's legal moves gives the same verdict.
- Every winning line replays through the engine to a win, and a deal a
  built-in player wins is won by the bound.
"""

from __future__ import annotations

import random
import sys

import pytest

from solitaire_widgets import new_game
from solitaire_widgets.bounds import best_outcome, replays_to_a_win
from solitaire_widgets.cards import CODE
from solitaire_widgets.game import Game
from solitaire_widgets.games.quarrel import AUX, ROWS
from solitaire_widgets.games.quarrel.bounds import Play, position_key, quarrel_bound, search_moves
from solitaire_widgets.games.quarrel.model import QuarrelModel
from solitaire_widgets.moves import Move
from solitaire_widgets.stats import play_deal

READINGS: tuple[dict[str, str], ...] = ({}, {"deal": "when-stuck"}, {"hit_card": "gathered"})


def _reduced(game: Game, moves: list[Move]) -> set[tuple[str, str]]:
    """Moves with the place a card comes from reduced to its card and kind of place."""
    out = set()
    piles = game.table.piles
    for move in moves:
        if move.action == "deal":
            out.add(("deal", ""))
        else:
            card = CODE[piles[move.src].cards[-1]]
            kind = "h" if move.src == "h" else move.src[0]
            out.add((f"{kind}{card}", move.dst))
    return out


def _model_of(game: Game) -> QuarrelModel:
    shuffles = sum(len(step.shuffles) for step in game.steps())
    return QuarrelModel.from_table(game.rules.options, game.seed, game.table, shuffles)


@pytest.mark.parametrize("options", READINGS, ids=("book", "when-stuck", "hit-gathered"))
def test_the_search_tries_every_card_once_per_kind_of_place(options: dict[str, str]) -> None:
    rnd = random.Random(15)
    checked = rounds = 0
    seed = 0
    while checked < 1500:
        game = new_game("quarrel", seed=seed, **options)
        seed += 1
        while not game.is_over and checked < 1500:
            if game.table.facts["phase"] == "search":
                game.play("deal")
                continue
            legal = game.legal_moves()
            plays: list[Play] = search_moves(_model_of(game))
            moves = [move for _, move in plays]
            assert all(move in legal for move in moves), game.to_json()
            assert len(set(moves)) == len(moves) == len(_reduced(game, moves))
            assert _reduced(game, moves) == _reduced(game, legal), game.to_json()
            for kind, move in plays:
                if kind in ("r", "a"):  # the first copy of its kind of place
                    places = ROWS if kind == "r" else AUX
                    card = game.pile(move.src).cards[-1]
                    assert card not in [c for p in places[:places.index(move.src)]
                                        for c in game.pile(p).cards]
            before = game.table.facts["round"]
            game.play(rnd.choice(moves))
            rounds += game.table.facts["round"] != before
            checked += 1
    assert rounds > 20  # reshuffles were met too


def test_positions_differing_only_in_places_share_a_key() -> None:
    """Where a card lies in the rows is left out of a position's key; what lies there is not."""
    game = new_game("quarrel", seed=3)
    while game.table.facts["phase"] != "play" or int(game.table.facts["dealt"] or 0) < 20:
        game.play(game.legal_moves()[-1])
    model = _model_of(game)
    swapped = model.copy()
    first, second = [cell for cell in range(model.dealt) if model.cells[cell] >= 0][:2]
    swapped.cells[first], swapped.cells[second] = model.cells[second], model.cells[first]
    assert position_key(swapped) == position_key(model)
    dealt = model.copy()
    dealt.apply(Move("deal"))
    assert position_key(dealt) != position_key(model)


sys.setrecursionlimit(max(sys.getrecursionlimit(), 20_000))


class _TooBig(Exception):
    pass


def _brute(game: Game, memo: dict[str, bool], limit: int) -> bool:
    """Whether any sequence of the engine's legal moves wins (plain recursion)."""
    if game.is_over:
        return game.is_won
    table = game.table
    key = repr((sorted(table.facts.items()), [p.cards for p in table.piles.values()]))
    if key in memo:
        return memo[key]
    if len(memo) > limit:
        raise _TooBig
    won = False
    for move in game.legal_moves():
        after = game.clone()
        after.play(move)
        if _brute(after, memo, limit):
            won = True
            break
    memo[key] = won
    return won


#: Deals whose whole game tree is small, lost and won, under each reading
#: (found by the bound with a budget of 200 positions, checked here).
SMALL: tuple[tuple[dict[str, str], tuple[int, ...], tuple[int, ...]], ...] = (
    ({}, (33, 98, 169, 240), (1, 10)),
    ({"deal": "when-stuck"}, (4, 5, 6, 9), (26, 35)),
    ({"hit_card": "gathered"}, (33, 98, 169, 240), (1, 8)),
)


@pytest.mark.parametrize(("options", "lost", "won"), SMALL,
                         ids=("book", "when-stuck", "hit-gathered"))
def test_the_bound_agrees_with_brute_force(options: dict[str, str], lost: tuple[int, ...],
                                           won: tuple[int, ...]) -> None:
    """Whole deals: a lost one makes the search try every line, as the brute force does."""
    for seed in lost + won:
        game = new_game("quarrel", seed=seed, **options)
        bound = quarrel_bound(game, max_nodes=2000)
        assert bound.status == ("lost" if seed in lost else "won"), seed
        assert _brute(game, {}, 5000) == (bound.status == "won"), seed


def test_positions_near_the_end_agree_with_brute_force() -> None:
    """Positions some way back along a winning line, after a few careless deals."""
    rnd = random.Random(3)
    for seed in (0, 1, 2, 3, 7, 9):
        game = new_game("quarrel", seed=seed)
        line = quarrel_bound(game).moves
        for move in line[:-rnd.randrange(30, 60)]:
            game.play(move)
        for _ in range(4):
            if not game.is_over:
                moves = game.legal_moves()
                game.play(Move("deal") if Move("deal") in moves else rnd.choice(moves))
        bound = quarrel_bound(game, max_nodes=50_000)
        assert _brute(game, {}, 5000) == (bound.status == "won"), seed
        if bound.status == "won":
            assert replays_to_a_win(game, bound.moves)


def test_winning_lines_replay_and_the_players_wins_are_the_bounds() -> None:
    for seed in (7, 23, 28, 57):  # deals the text's advice wins
        assert play_deal("quarrel", seed, "text-advice")[0]
        game = new_game("quarrel", seed=seed)
        bound = best_outcome(game)
        assert bound.status == "won"
        assert replays_to_a_win(game, bound.moves)
        assert not game.history  # the game searched is not changed


def test_a_budget_too_small_says_unresolved() -> None:
    bound = quarrel_bound(new_game("quarrel", seed=43), max_nodes=10)
    assert (bound.status, bound.moves) == ("unresolved", ())


def test_rows_and_auxiliary_places_map_back_to_the_engine() -> None:
    game = new_game("quarrel", seed=7)
    bound = quarrel_bound(game)
    sources = {m.src[0] for m in bound.moves if m.action == "move"}
    assert sources <= {"r", "a", "h"} and {"h"} <= sources
    assert all(m.src in ROWS + AUX + ("h",) for m in bound.moves if m.action == "move")
