"""Chain's clairvoyant bound: its two lines are every line.

:func:`solitaire_widgets.games.chain.bounds.chain_lines` plays only one order of
play between stuck points and branches only on laying the auxiliary row;
the module's docstring argues that every other order meets the same stuck
position. Here a plain search over every legal move of the engine, in every
order, finds the same best and worst outcome, on whole deals and under both
readings of the auxiliary row; the winning lines replay through the engine;
and the deals the built-in and random players win are won by the bound.
"""

from __future__ import annotations

import pytest

from solitaire_widgets import new_game
from solitaire_widgets.bounds import best_outcome, replays_to_a_win
from solitaire_widgets.game import Game
from solitaire_widgets.games.chain.bounds import chain_bound, chain_lines
from solitaire_widgets.stats import play_deal

READINGS: tuple[dict[str, str], ...] = ({}, {"aux_row": "at-start"})


class _TooBig(Exception):
    pass


def _every_outcome(game: Game, memo: dict[str, frozenset[bool]],
                   limit: int = 400) -> frozenset[bool]:
    """Every outcome (won or not) of every sequence of legal moves from ``game``.

    Positions are told apart by everything on the table, where each card
    lies included; more than ``limit`` of them raises :class:`_TooBig`.
    """
    if game.is_over:
        return frozenset({game.is_won})
    table = game.table
    key = repr((sorted(table.facts.items()), [p.cards for p in table.piles.values()]))
    if key not in memo:
        if len(memo) > limit:
            raise _TooBig
        outcomes: frozenset[bool] = frozenset()
        for move in game.legal_moves():
            after = game.clone()
            after.play(move)
            outcomes |= _every_outcome(after, memo, limit)
        memo[key] = outcomes
    return memo[key]


@pytest.mark.parametrize("options", READINGS, ids=("when-stuck", "at-start"))
def test_two_lines_are_every_line(options: dict[str, str]) -> None:
    """Best and worst outcome of whole deals whose tree is small, by brute force."""
    seen = {"won": 0, "lost": 0, "a choice": 0}
    for seed in range(50):
        game = new_game("chain", seed=seed, **options)
        try:
            outcomes = _every_outcome(game, {})
        except _TooBig:
            continue
        lines = chain_lines(game)
        assert {won for won, _line in lines} == outcomes, seed
        bound = chain_bound(game)
        assert (bound.status == "won") == (True in outcomes)
        seen[bound.status] += 1
        seen["a choice"] += bound.lines > 1
    assert seen["lost"] >= 20 and seen["a choice"] >= (5 if not options else 0)


def test_positions_late_in_won_deals() -> None:
    """Won deals have many orders of play: from positions some way before their end."""
    compared = 0
    for seed in range(60):
        game = new_game("chain", seed=seed)
        bound = chain_bound(game)
        if bound.status != "won":
            continue
        for back in (8, 16, 24):
            position = game.clone()
            for move in bound.moves[:-back]:
                position.play(move)
            try:
                outcomes = _every_outcome(position, {})
            except _TooBig:
                continue
            assert {won for won, _line in chain_lines(position)} == outcomes, (seed, back)
            compared += 1
    assert compared >= 10


def test_winning_lines_replay_and_players_wins_are_the_bounds() -> None:
    checked = 0
    for seed in range(200):
        game = new_game("chain", seed=seed)
        bound = best_outcome(game)
        assert not game.history  # the game searched is not changed
        if bound.status == "won":
            assert replays_to_a_win(game, bound.moves)
        for player in ("play-everything", "random"):
            if play_deal("chain", seed, player)[0]:
                assert bound.status == "won", (seed, player)
                checked += 1
    assert checked >= 20


def test_the_at_start_reading_offers_fewer_lines() -> None:
    """Under ``at-start`` the row may be laid only if play sticks before any card goes up."""
    lines = [(chain_bound(new_game("chain", seed=s)).lines,
              chain_bound(new_game("chain", seed=s, aux_row="at-start")).lines)
             for s in range(100)]
    assert all(at_start <= book for book, at_start in lines)
    assert sum(at_start for _book, at_start in lines) < sum(book for book, _ in lines)


def test_there_is_no_bound_for_klondike() -> None:
    with pytest.raises(ValueError, match="solver"):
        best_outcome(new_game("klondike", seed=1))


@pytest.mark.parametrize("options", READINGS, ids=("when-stuck", "at-start"))
def test_every_line_replays_through_the_engine_to_its_outcome(options: dict[str, str]) -> None:
    """The lines are played on Chain's model; the engine plays each to the same end."""
    for seed in range(100):
        game = new_game("chain", seed=seed, **options)
        for won, line in chain_lines(game):
            replay = game.clone()
            for move in line:
                replay.play(move)
            assert replay.is_over and replay.is_won == won, (seed, line)
