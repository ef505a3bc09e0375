"""Solve time per deal of the Klondike solver, one core, beside a plain baseline.

    python benchmarks/bench_solver.py --deals 50 --variant standard

Solves the same deals twice in one run: with the solver as it is, and with
the baseline :data:`solitaire_widgets.solver.config.BASELINE` (every pruning
rule off: depth-first search over the same macro moves with the
transposition table, plain safe foundation moves and the plain dead-end
check). Prints, for each, deals won / lost / unresolved, the mean, median,
95th percentile and largest solve time, and positions per second; and checks
that where both answered, they answered the same.
"""

from __future__ import annotations

import argparse
import time

from solitaire_widgets.solver import solve_deal
from solitaire_widgets.solver.config import BASELINE, DEFAULT, Config


def measure(seeds: range, variant: str, nodes: int,
            config: Config = DEFAULT) -> tuple[dict[str, str], list[str]]:
    """One column of the table, and each deal's answer."""
    times: list[float] = []
    answers: list[str] = []
    total = 0
    began = time.perf_counter()
    for seed in seeds:
        solution = solve_deal(seed, variant=variant, max_nodes=nodes, config=config)
        answers.append(solution.status)
        times.append(solution.seconds)
        total += solution.nodes
    wall = time.perf_counter() - began
    times.sort()
    n = len(times)
    column = {
        "won / lost / unresolved": " / ".join(str(answers.count(s))
                                              for s in ("won", "lost", "unresolved")),
        "mean seconds": f"{sum(times) / n:.3f}",
        "median seconds": f"{times[n // 2]:.3f}",
        "95th percentile": f"{times[min(n - 1, int(0.95 * n))]:.3f}",
        "max seconds": f"{times[-1]:.3f}",
        "positions per second": f"{total / wall:,.0f}",
    }
    return column, answers


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Klondike solver timing, one core")
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--start", type=int, default=0, help="first seed")
    parser.add_argument("--variant", choices=("standard", "draw-three", "polish"),
                        default="standard")
    parser.add_argument("--nodes", type=int, default=100_000, help="node budget per deal")
    args = parser.parse_args(argv)
    seeds = range(args.start, args.start + args.deals)
    solver, solver_answers = measure(seeds, args.variant, args.nodes)
    plain, plain_answers = measure(seeds, args.variant, args.nodes, BASELINE)
    disagree = [seed for seed, a, b in zip(seeds, solver_answers, plain_answers, strict=True)
                if "unresolved" not in (a, b) and a != b]
    print(f"Klondike ({args.variant}), deals {seeds.start}..{seeds.stop - 1}, "
          f"{args.nodes:,} positions per deal at most, one core")
    width = max(len(k) for k in solver)
    print(f"{'':<{width}}  {'solver':>14}  {'baseline':>14}")
    for key in solver:
        print(f"{key:<{width}}  {solver[key]:>14}  {plain[key]:>14}")
    print("answers agree where both are resolved" if not disagree
          else f"ANSWERS DIFFER on deals {disagree}")
    return 1 if disagree else 0


if __name__ == "__main__":
    raise SystemExit(main())
