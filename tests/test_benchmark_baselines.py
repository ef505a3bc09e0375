"""The benchmark's bare loops play the same rules as the engine.

The speed benchmark compares the engine with bare loops; the comparison
means something only if both play the same game. On the same deals, with the
same player, they must reach the same end (no timing is asserted here).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))

import bare_chain  # noqa: E402
import bare_klondike  # noqa: E402
import bare_quarrel  # noqa: E402
import bench_engine  # noqa: E402
import bench_solver  # noqa: E402

from solitaire_widgets import new_game  # noqa: E402
from solitaire_widgets.strategies import play_out  # noqa: E402

SERIES = ("lc", "ld", "lh", "ls", "rc", "rd", "rh", "rs")


@pytest.mark.parametrize("game", ["chain", "klondike"])
def test_bare_loop_wins_exactly_the_deals_the_engine_wins(game: str) -> None:
    engine, bare = bench_engine.GAMES[game]
    outcomes = [(engine(seed), bare(seed)) for seed in range(120)]
    assert all(e == b for e, b in outcomes)
    assert any(e for e, _ in outcomes) and not all(e for e, _ in outcomes)


@pytest.mark.parametrize("game", ["chain", "klondike", "quarrel"])
def test_model_loop_wins_exactly_the_deals_the_engine_wins(game: str) -> None:
    # The third loop of the speed benchmark: the same player on the game's model.
    model = bench_engine.model_loop(game)
    if model is None:
        pytest.skip(f"{game} has no model loop (benchmarks/model_{game}.py)")
    engine, _bare = bench_engine.GAMES[game]
    outcomes = [(engine(seed), model(seed)) for seed in range(120)]
    assert all(e == m for e, m in outcomes)
    assert any(e for e, _ in outcomes) and not all(e for e, _ in outcomes)


@pytest.mark.parametrize("game", ["chain", "klondike", "quarrel"])
def test_plain_loop_wins_exactly_the_deals_the_engine_wins(game: str) -> None:
    # The fourth loop: the game written as plainly as possible (plain_<game>.py).
    plain = bench_engine.plain_loop(game)
    assert plain is not None
    won = bench_engine.ENGINE_DEALS[game](range(300))
    assert [seed for seed in range(300) if plain(seed)] == won
    assert 0 < len(won) < 300


def test_the_speed_benchmark_runs_its_three_loops(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench_engine.main(["--deals", "30", "--rounds", "1", "--game", "chain"]) == 0
    out = capsys.readouterr().out
    assert "model/bare" in out and "engine/bare" in out and "engine time/plain time" in out
    row = next(line for line in out.splitlines() if line.startswith("chain"))
    assert " - " not in row and "True" in row


def test_bare_quarrel_puts_up_exactly_the_cards_the_engine_puts_up() -> None:
    for seed in range(40):
        game = new_game("quarrel", seed=seed)
        play_out(game, bench_engine.FirstMove())
        up = sum(len(game.pile(s).cards) for s in SERIES)
        assert bare_quarrel.play_detail(seed) == (game.is_won, up), seed


def test_the_modules_cover_every_game() -> None:
    assert set(bench_engine.GAMES) == {"chain", "klondike", "quarrel"}
    assert bare_chain.play and bare_klondike.play


@pytest.mark.parametrize("variant", ["standard", "draw-three"])
def test_solver_benchmark_baseline_gives_the_same_answers(
        variant: str, capsys: pytest.CaptureFixture[str]) -> None:
    # The solver's benchmark sets it beside a baseline with every pruning
    # rule off; where both answer, they must answer alike.
    assert bench_solver.main(["--deals", "4", "--nodes", "3000", "--variant", variant]) == 0
    assert "answers agree" in capsys.readouterr().out


def test_solver_benchmark_taking_turns_finds_the_same_positions(
        capsys: pytest.CaptureFixture[str]) -> None:
    # --alternate against a copy of the same package: the two workers must
    # agree deal by deal on the answer and the positions expanded.
    tree = BENCHMARKS.parent
    assert bench_solver.main(["--deals", "3", "--nodes", "800", "--variant", "polish",
                              "--previous", str(tree), "--alternate"]) == 0
    out = capsys.readouterr().out
    assert "same answers and positions on every deal" in out and "per CPU second" in out
    assert "median" in out and "95th percentile" in out


def test_dask_benchmark_counts_the_same_wins_on_a_cluster(
        capsys: pytest.CaptureFixture[str]) -> None:
    # The Dask benchmark sets each study on a cluster beside the same deals
    # in-process; it fails unless both count the same wins.
    pytest.importorskip("distributed")
    import bench_dask

    assert bench_dask.main(["--scale", "0.01", "--solver-deals", "2", "--nodes", "500",
                            "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "same wins everywhere: True" in out and "100,000 deals of quarrel" in out
