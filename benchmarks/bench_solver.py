"""Solve time per deal of the Klondike solver, one core.

    python benchmarks/bench_solver.py --deals 100 --variant standard

Prints a small table: deals won / lost / unresolved, the mean, median, 95th
percentile and largest solve time, and nodes per second.
"""

from __future__ import annotations

import argparse
import time

from solitaire_widgets.solver import solve_deal


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Klondike solver timing, one core")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--start", type=int, default=0, help="first seed")
    parser.add_argument("--variant", choices=("standard", "polish"), default="standard")
    parser.add_argument("--nodes", type=int, default=100_000, help="node budget per deal")
    args = parser.parse_args(argv)
    times: list[float] = []
    nodes = 0
    counts = {"won": 0, "lost": 0, "unresolved": 0}
    began = time.perf_counter()
    for seed in range(args.start, args.start + args.deals):
        solution = solve_deal(seed, variant=args.variant, max_nodes=args.nodes)
        counts[solution.status] += 1
        times.append(solution.seconds)
        nodes += solution.nodes
    wall = time.perf_counter() - began
    times.sort()
    n = len(times)
    rows = [
        ("variant", args.variant),
        ("deals", f"{n} (seeds {args.start}..{args.start + n - 1})"),
        ("won / lost / unresolved", f"{counts['won']} / {counts['lost']} / {counts['unresolved']}"),
        ("node budget", f"{args.nodes:,}"),
        ("mean seconds", f"{sum(times) / n:.3f}"),
        ("median seconds", f"{times[n // 2]:.3f}"),
        ("95th percentile", f"{times[min(n - 1, int(0.95 * n))]:.3f}"),
        ("max seconds", f"{times[-1]:.3f}"),
        ("nodes per second", f"{nodes / wall:,.0f}"),
    ]
    width = max(len(k) for k, _ in rows)
    for key, value in rows:
        print(f"{key:<{width}}  {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
