"""A game keeps only what its caller asks for, and gives the rest the same when asked.

A game on its model whose table nobody reads plays each move on the model
alone: the step's events, like its words, are found when first read, by
playing the move again on a copy of the model (``solitaire_widgets/game.py``).
These tests hold the events read late, out of order, after an undo, in a
clone that went another way, and in a save, to the events of the same game
played with its table read after every move (which records them as it
plays) and played on its table through the rules' hooks; and the deals
played for statistics to the same wins.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solitaire_widgets import GAMES, Game, load_game, new_game
from solitaire_widgets.game import MARK_EVERY
from solitaire_widgets.stats import play_deal, run_stats
from solitaire_widgets.strategies import get_strategy, play_out

ON_MODEL = [name for name in GAMES if new_game(name, seed=0)._model is not None]


def play_randomly(game: Game, rng: random.Random, moves: int, watched: bool = False) -> None:
    for _ in range(moves):
        legal = game.legal_moves()
        if not legal:
            return
        game.play(rng.choice(legal))
        if watched:
            game.table  # noqa: B018 -- a front end draws every position


def watched_copy(game: Game) -> Game:
    """The same moves again, the table read after each (events recorded as played)."""
    other = Game(game.rules, seed=game.seed)
    for step in game.history:
        other.play(step.move)
        other.table  # noqa: B018
    return other


@pytest.mark.parametrize("name", ON_MODEL)
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), order=st.randoms(use_true_random=False))
def test_events_read_in_any_order_are_the_events_recorded_in_play(name: str, seed: int,
                                                                  order: random.Random) -> None:
    game = new_game(name, seed=seed)
    rng = random.Random(seed)
    play_randomly(game, rng, 3 * MARK_EVERY)     # past kept positions
    watched = watched_copy(game)
    oracle = Game(game.rules, seed=seed, _backend="rules")
    for step in game.history:
        oracle.play(step.move)
    indices = list(range(len(game.steps())))
    order.shuffle(indices)
    steps = game.steps()
    for index in indices:
        assert steps[index].events == watched.steps()[index].events == oracle.steps()[index].events
    assert game.table == watched.table == oracle.table


@pytest.mark.parametrize("name", ON_MODEL)
def test_a_deal_played_for_its_outcome_records_no_events(name: str) -> None:
    # A player that reads only the legal moves (one that reads the table has the
    # events recorded as it plays, for the table to follow them).
    game = new_game(name, seed=3)
    play_out(game, get_strategy(name, "random", seed=3))
    assert game.moves_played > 0
    assert all(step._events is None for step in game.history)
    # ...yet its history is whole: every step, every event, the same save.
    watched = watched_copy(game)
    assert [step.events for step in game.history] == [step.events for step in watched.history]
    assert game.to_json() == watched.to_json()
    assert load_game(game.to_json()).table == watched.table


@pytest.mark.parametrize("name", ON_MODEL)
def test_undo_redo_and_a_clone_keep_the_events_of_unread_steps(name: str) -> None:
    game = new_game(name, seed=8)
    play_randomly(game, random.Random(8), MARK_EVERY + 40)
    expected = watched_copy(game)
    kept = game.history[-3:]
    for _ in range(3):
        game.undo()
    other = game.clone()
    play_randomly(game, random.Random(1), 60)   # the game goes another way
    assert [step.events for step in kept] == [step.events for step in expected.history[-3:]]
    play_randomly(other, random.Random(2), 60)
    for copy in (game, other):
        assert [step.events for step in copy.history] == [
            step.events for step in watched_copy(copy).history]
    for _ in range(5):
        other.undo()
    for _ in range(5):
        other.redo()
    assert other.table == watched_copy(other).table


@pytest.mark.parametrize("name", ON_MODEL)
def test_statistics_win_the_deals_a_watched_game_wins(name: str) -> None:
    report = run_stats(name, deals=40, seed=100, progress=False)
    wins = 0
    for seed in range(100, 140):
        game = new_game(name, seed=seed)
        strategy = get_strategy(name, seed=seed)
        while not game.is_over:
            game.table  # noqa: B018
            move = strategy.choose(game)
            if move is None:
                break
            game.play(move)
        wins += game.is_won
        assert play_deal(name, seed)[0] == game.is_won
    assert report.wins == wins
