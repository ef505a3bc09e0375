"""The win-rate study: strategies, the solver, processes and a Dask cluster."""

from __future__ import annotations

import pytest

from solitaire_widgets.errors import OptionError
from solitaire_widgets.stats import run_stats, wilson_interval


def test_a_study_on_two_processes_counts_the_same_wins_as_on_one() -> None:
    one = run_stats("chain", 60, seed=100, progress=False)
    two = run_stats("chain", 60, seed=100, workers=2, progress=False)
    assert (one.wins, one.reasons) == (two.wins, two.reasons)
    assert one.ci95 == wilson_interval(one.wins, 60)


def test_a_study_on_a_local_dask_cluster_counts_the_same_wins() -> None:
    distributed = pytest.importorskip("distributed")
    alone = run_stats("quarrel", 12, seed=7, progress=False)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        spread = run_stats("quarrel", 12, seed=7, progress=False,
                           dask=cluster.scheduler_address)
    assert (alone.wins, alone.reasons) == (spread.wins, spread.reasons)


def test_the_solver_counts_unresolved_deals_apart() -> None:
    tight = run_stats("klondike", 3, seed=2, progress=False, solver=True, max_nodes=1,
                      options={"variant": "standard"})
    assert tight.unresolved == 3 and tight.wins == 0
    assert tight.to_dict()["losses"] == 0 and tight.strategy == "solver"


def test_the_solver_plays_klondike_only() -> None:
    with pytest.raises(OptionError, match="Klondike only"):
        run_stats("chain", 3, solver=True, progress=False)


def test_an_unknown_strategy_names_the_ones_there_are() -> None:
    with pytest.raises(OptionError, match="text-advice"):
        run_stats("quarrel", 3, strategy="cheat", progress=False)


class _FirstMove:
    name = "first-move"

    def choose(self, game):
        moves = game.legal_moves()
        return moves[0] if moves else None


def test_a_study_takes_your_own_strategy_class() -> None:
    report = run_stats("chain", 30, strategy=_FirstMove, progress=False)
    assert report.strategy == "first-move" and report.deals == 30


def test_something_that_is_not_a_strategy_is_refused() -> None:
    with pytest.raises(OptionError, match="choose"):
        run_stats("chain", 3, strategy=dict, progress=False)  # type: ignore[arg-type]
