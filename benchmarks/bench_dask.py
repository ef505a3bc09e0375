"""Dask: deals per second per worker, beside the same deals played in-process.

    python benchmarks/bench_dask.py [--scale S] [--solver-deals N] [--nodes N]

For each game's default study (its default player and options) and for the
Klondike solver study (``solver=True`` at a short budget), the same deals
are played three ways in one run, all through :func:`run_stats`: in this
process without Dask, then with ``dask=ADDRESS`` on a local cluster of one
worker, then of two (separate processes, one thread each, as
``dask worker --nthreads 1`` starts them). Each cluster is started and
warmed up (every worker has imported the package) before it is timed; a
study's time on the cluster includes connecting to its scheduler, as the
CLI's ``--dask`` does.

Per worker, two rates: deals per second of the wall clock (the study's
deals / its seconds / the workers) and deals per CPU second of the workers
(their processes' CPU time, read on each worker before and after). The
second is the one to trust on a shared machine: the wall clock also counts
the time other programs hold a core. The overhead is how much lower a
worker's rate is than the in-process rate. All three runs must count the
same wins (the last column), or the script fails.

The last line extrapolates a 100,000-deal study from the measured CPU rate:
how long it takes one worker, and the cluster.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solitaire_widgets.stats import StatsReport, run_stats  # noqa: E402

#: The studies: (label, game, deals at scale 1, run_stats keywords).
STUDIES: list[tuple[str, str, int, dict[str, Any]]] = [
    ("chain, play-everything", "chain", 4000, {}),
    ("klondike, heuristic", "klondike", 600, {}),
    ("quarrel, text-advice", "quarrel", 1500, {}),
]


def load() -> str:
    """The machine's load averages (1, 5, 15 minutes), or "unknown"."""
    try:
        return " ".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:  # pragma: no cover - not on every system
        return "unknown"


def in_process(game: str, deals: int, kwargs: dict[str, Any]) -> tuple[StatsReport, float]:
    """The study in this process: its report and the CPU seconds it took."""
    start = time.process_time()
    report = run_stats(game, deals, progress=False, **kwargs)
    return report, time.process_time() - start


def worker_cpu(client: Any) -> float:
    """The CPU seconds used so far by every worker process of the cluster, summed."""
    return float(sum(client.run(time.process_time).values()))


def on_cluster(client: Any, address: str, game: str, deals: int,
               kwargs: dict[str, Any]) -> tuple[StatsReport, float]:
    """The study through ``run_stats(..., dask=address)``: its report and the
    workers' CPU seconds."""
    before = worker_cpu(client)
    report = run_stats(game, deals, progress=False, dask=address, **kwargs)
    return report, worker_cpu(client) - before


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0,
                        help="multiply every default study's deals by this")
    parser.add_argument("--solver-deals", type=int, default=16,
                        help="deals of the Klondike solver study (0: leave it out)")
    parser.add_argument("--nodes", type=int, default=5000,
                        help="the solver's budget per deal, in positions")
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    args = parser.parse_args(argv)
    from distributed import Client, LocalCluster

    studies = [(label, game, max(1, round(deals * args.scale)), kwargs)
               for label, game, deals, kwargs in STUDIES]
    if args.solver_deals:
        studies.append((f"klondike, solver {args.nodes:,}", "klondike", args.solver_deals,
                        {"solver": True, "max_nodes": args.nodes}))
    print(f"load average before: {load()}")
    # In-process first: the baseline, in this process, without Dask.
    rows: dict[str, list[str]] = {}
    base: dict[str, tuple[StatsReport, float]] = {}
    for label, game, deals, kwargs in studies:
        report, cpu = in_process(game, deals, kwargs)
        base[label] = (report, cpu)
        rows[label] = [f"{label:26} {deals:6} {deals / report.seconds:9.1f} "
                       f"{deals / cpu:9.1f}"]
    agree = True
    cpu_rates: dict[tuple[str, int], float] = {}
    for workers in args.workers:
        start = time.perf_counter()
        with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                          dashboard_address=None) as cluster, Client(cluster) as client:
            address = cluster.scheduler_address
            # Warm up: every worker imports the package and plays a deal.
            run_stats("chain", 4 * workers, progress=False, dask=address)
            started = time.perf_counter() - start
            print(f"{workers} worker(s): cluster started and warmed up in {started:.1f} s")
            for label, game, deals, kwargs in studies:
                report, cpu = on_cluster(client, address, game, deals, kwargs)
                alone, alone_cpu = base[label]
                same = (report.wins, report.unresolved) == (alone.wins, alone.unresolved)
                agree &= same
                wall_rate = deals / report.seconds / workers
                cpu_rate = deals / cpu
                cpu_rates[label, workers] = cpu_rate
                wall_overhead = 1 - wall_rate / (deals / alone.seconds)
                cpu_overhead = 1 - cpu_rate / (deals / alone_cpu)
                rows[label].append(f"{'':11}{wall_rate:9.1f} {wall_overhead:5.0%} "
                                   f"{cpu_rate:9.1f} {cpu_overhead:5.0%}")
                if not same:
                    print(f"  {label}: {report.wins} wins on the cluster, {alone.wins} in-process")
    print()
    print("deals per second: in-process (wall clock, CPU), then per worker on each "
          "cluster (wall clock, its overhead, worker CPU, its overhead)")
    head = f"{'study':26} {'deals':>6} {'wall':>9} {'CPU':>9}"
    for workers in args.workers:
        head += f" | {workers} worker(s) {'wall':>5} {'ovh':>5} {'CPU':>9} {'ovh':>5}"
    print(head)
    for label, *_ in studies:
        alone = base[label][0]
        print(" | ".join(rows[label])
              + f"  wins: {alone.wins} of {alone.deals}, unresolved {alone.unresolved}")
    print(f"same wins everywhere: {agree}")
    print()
    most = max(args.workers)
    for label, *_ in studies:
        rate = cpu_rates[label, most]
        per_worker = 100_000 / rate
        print(f"100,000 deals of {label}: {_duration(per_worker)} on one worker at "
              f"{rate:.1f} deals per CPU second, {_duration(per_worker / most)} "
              f"on {most} workers")
    print(f"load average after: {load()}")
    if not agree:
        print("the cluster and the process counted different wins")
        return 1
    return 0


def _duration(seconds: float) -> str:
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 2 * 3600:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


if __name__ == "__main__":
    raise SystemExit(main())
