"""``play_out`` (and so ``stats``) plays a deal the way ``Game.play`` does, only lighter.

``play_out`` hands each move to ``Game._advance``: on a game played on its
model whose table nobody has read, the move is applied and kept, and its step
is made only when the history is first read. These tests play the same deals
twice, once through ``play_out`` and once move by move through
``Game.play`` (the full path: every step made as it is played), with every
game's players under every combination of its options, and ask for the same
outcome, the same steps (moves, words, events), the same table and the same
save. They fail as soon as the lighter path plays, keeps or ends anything
differently.
"""

from __future__ import annotations

import pytest

from solitaire_widgets import GAMES, Game, IllegalMoveError, Move
from solitaire_widgets.game import MARK_EVERY
from solitaire_widgets.games import rules_class, rules_for
from solitaire_widgets.stats import Job, _chunk
from solitaire_widgets.strategies import Outcome, Strategy, get_strategy, play_out, strategy_names

from .rules_support import option_sets

#: Players too slow to sweep many deals with (each searches many games per move).
SEARCHING = {"lookahead", "monte-carlo"}
SEEDS = range(12)
#: Moves per deal at most (the random player goes round for long with worrying back).
MOST = 600


CASES = [(name, options, player) for name in GAMES
         for options in option_sets(rules_class(name))
         for player in strategy_names(name) if player not in SEARCHING]


def played_move_by_move(game: Game, strategy: Strategy, max_moves: int = 20_000) -> Outcome:
    """``play_out`` written with ``Game.play``: every step made when its move is played."""
    played = 0
    while not game.is_over and played < max_moves:
        move = strategy.choose(game)
        if move is None:
            return Outcome(False, played, f"the {strategy.name} player found no useful move")
        game.play(move)
        played += 1
    if not game.is_over:
        return Outcome(False, played, f"stopped after {max_moves} moves")
    result = game.result
    return Outcome(result.won, played, result.reason)


def steps_of(game: Game) -> list[tuple[Move, str, tuple[object, ...]]]:
    return [(step.move, step.text, step.events) for step in game.steps()]


@pytest.mark.parametrize(("name", "options", "player"), CASES,
                         ids=[f"{n}-{'-'.join(o.values()) or 'default'}-{p}" for n, o, p in CASES])
def test_play_out_plays_every_deal_as_game_play_does(name: str, options: dict[str, str],
                                                      player: str) -> None:
    rules = rules_for(name, options)
    for seed in SEEDS:
        light, full = Game(rules, seed=seed), Game(rules, seed=seed)
        outcome = play_out(light, get_strategy(name, player, seed=seed), MOST)
        assert outcome == played_move_by_move(full, get_strategy(name, player, seed=seed),
                                              MOST), seed
        assert light.moves_played == full.moves_played == len(light.history)
        assert steps_of(light) == steps_of(full), seed
        assert light.table == full.table
        assert light.to_json() == full.to_json()


def test_stats_finds_the_outcomes_of_the_full_path() -> None:
    """The chunks ``stats`` plays give, deal by deal, what ``Game.play`` gives."""
    for name in GAMES:
        seeds = list(range(40))
        rules = rules_for(name, {})
        expected = []
        for seed in seeds:
            outcome = played_move_by_move(Game(rules, seed=seed), get_strategy(name, seed=seed))
            expected.append(("won" if outcome.won else "lost", outcome.reason))
        assert _chunk((Job(name), seeds)) == expected


@pytest.mark.parametrize("name", GAMES)
def test_a_deal_played_for_its_outcome_makes_no_step(name: str) -> None:
    """Nobody reads the steps of a deal played out for its outcome: none is made
    (the moves are kept, and the steps made from them once the history is read)."""
    class FirstMove:
        name = "first"

        def choose(self, game: Game) -> Move | None:
            moves = game.legal_moves()
            return moves[0] if moves else None

    game = Game(rules_for(name, {}), seed=3)
    outcome = play_out(game, FirstMove())
    assert outcome.moves > 0
    assert len(game._made) == 1   # the opening deal's step only
    assert game.moves_played == outcome.moves and game.can_undo
    first = game.history[0]
    assert game.history[0] is first and len(game._made) == outcome.moves + 1


@pytest.mark.parametrize("name", GAMES)
def test_a_light_game_undoes_clones_and_plays_on_as_a_full_one(name: str) -> None:
    """Undo, redo, clones and kept positions after moves whose steps were not made
    (Klondike's hand, turned again and again, takes it past a kept position)."""
    rules = rules_for(name, {"variant": "standard"} if name == "klondike" else {})
    light, full = Game(rules, seed=11), Game(rules, seed=11)
    for game, play in ((light, light._advance), (full, full.play)):
        for _ in range(MARK_EVERY + 5):
            moves = game.legal_moves()
            if not moves:
                break
            play(moves[-1])
    assert light.moves_played == full.moves_played
    if name == "klondike":
        assert light.moves_played > MARK_EVERY
    twin = light.clone()
    assert steps_of(twin) == steps_of(full)
    for game in (light, full):
        game.undo()
        game.undo()
        game.redo()
    assert steps_of(light) == steps_of(full)
    assert light.table == full.table and light.legal_moves() == full.legal_moves()
    assert twin.moves_played == full.moves_played + 1


def test_a_light_move_refuses_what_play_refuses() -> None:
    game = Game(rules_for("chain", {}), seed=2)
    with pytest.raises(IllegalMoveError):
        game._advance(Move("move", "l1", "fs", 5))
    assert game.moves_played == 0


@pytest.mark.parametrize("name", GAMES)
def test_a_deal_played_for_its_outcome_is_freed_as_soon_as_it_is_dropped(name: str) -> None:
    """No step of a deal played out for its outcome holds the game (a cycle would
    leave each game of a study to the garbage collector)."""
    import gc
    import weakref

    gc.disable()
    try:
        game = Game(rules_for(name, {}), seed=4)
        play_out(game, get_strategy(name, "random", seed=4), 300)
        assert game.moves_played > 0
        gone = weakref.ref(game)
        del game
        assert gone() is None
    finally:
        gc.enable()


@pytest.mark.parametrize("variant", ["polish", "standard", "draw-three"])
def test_a_pile_read_alone_is_the_tables_pile_and_keeps_no_table(variant: str) -> None:
    """``Game.pile`` on a game whose table nobody keeps reads the model's pile:
    at every step of a played-out deal, each pile is the one a full game's
    table shows, and no table is built for it (the cheap read a player makes
    per move; ``benchmarks/bench_engine.py`` times it)."""
    rules = rules_for("klondike", {"variant": variant})
    ids = [pile.id for pile in Game(rules, seed=0).piles]
    for seed in range(6):
        light, full = Game(rules, seed=seed), Game(rules, seed=seed)
        player = get_strategy("klondike", "random", seed=seed)
        for _ in range(120):
            if full.is_over:
                break
            assert [light.pile(i) for i in ids] == [full.table.piles[i] for i in ids], seed
            move = player.choose(full)
            assert move is not None
            full.play(move)
            light._advance(move)
        assert light._table is None
        assert [light.pile(i) for i in ids] == [full.table.piles[i] for i in ids], seed
    game = Game(rules, seed=1)
    with pytest.raises(IllegalMoveError, match="there is no pile called 't9'"):
        game.pile("t9")
    with pytest.raises(IllegalMoveError, match="there is no pile called"):
        game.pile(["t1"])  # type: ignore[arg-type]
    assert game._table is None
