"""Solve time per deal of the Klondike solver, one core, beside a plain baseline.

    python benchmarks/bench_solver.py --deals 50 --variant standard

Solves the same deals in one run: with the solver as it is, with the
baseline :data:`solitaire_widgets.solver.config.BASELINE` (every pruning rule
off: depth-first search over the same macro moves with the transposition
table, plain safe foundation moves and the plain dead-end check), and with
``--previous DIR`` the solver of an earlier copy of the package too
(``git archive REF solitaire_widgets | tar -x -C DIR``). Prints, for each,
deals won / lost / unresolved, the mean, median, 95th percentile and largest
solve time, and positions per second; and checks that where two answered,
they answered the same.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

from solitaire_widgets.solver import solve_deal
from solitaire_widgets.solver.config import BASELINE, DEFAULT, Config

Column = tuple[dict[str, str], list[str], list[int]]


def measure(seeds: range, variant: str, nodes: int, config: Config = DEFAULT) -> Column:
    """One column of the table, and each deal's answer and positions expanded."""
    times: list[float] = []
    answers: list[str] = []
    used: list[int] = []
    began = time.perf_counter()
    for seed in seeds:
        solution = solve_deal(seed, variant=variant, max_nodes=nodes, config=config)
        answers.append(solution.status)
        times.append(solution.seconds)
        used.append(solution.nodes)
    wall = time.perf_counter() - began
    return _column(answers, times, sum(used), wall), answers, used


_PREVIOUS = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
from solitaire_widgets.solver import solve_deal
rows = []
for seed in range(int(sys.argv[2]), int(sys.argv[3])):
    s = solve_deal(seed, variant=sys.argv[4], max_nodes=int(sys.argv[5]))
    rows.append((s.status, s.seconds, s.nodes))
print(json.dumps(rows))
"""


def measure_previous(tree: Path, seeds: range, variant: str, nodes: int) -> Column:
    """The same column for the solver of another copy of the package (an earlier commit).

    ``tree`` holds that copy's ``solitaire_widgets`` (for example from
    ``git archive REF solitaire_widgets | tar -x -C tree``); it runs in a
    process of its own, one deal after another, as this one does.
    """
    began = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", _PREVIOUS, str(tree), str(seeds.start),
                          str(seeds.stop), variant, str(nodes)],
                         check=True, capture_output=True, text=True).stdout
    wall = time.perf_counter() - began
    rows = json.loads(out)
    return (_column([r[0] for r in rows], [r[1] for r in rows], sum(r[2] for r in rows), wall),
            [r[0] for r in rows], [r[2] for r in rows])


def _column(answers: list[str], times: list[float], total: int, wall: float) -> dict[str, str]:
    times = sorted(times)
    n = len(times)
    return {
        "won / lost / unresolved": " / ".join(str(answers.count(s))
                                              for s in ("won", "lost", "unresolved")),
        "mean seconds": f"{sum(times) / n:.3f}",
        "median seconds": f"{times[n // 2]:.3f}",
        "95th percentile": f"{times[min(n - 1, int(0.95 * n))]:.3f}",
        "max seconds": f"{times[-1]:.3f}",
        "positions per second": f"{total / wall:,.0f}",
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Klondike solver timing, one core")
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--start", type=int, default=0, help="first seed")
    parser.add_argument("--variant", choices=("standard", "draw-three", "polish"),
                        default="standard")
    parser.add_argument("--nodes", type=int, default=100_000, help="node budget per deal")
    parser.add_argument("--previous", type=Path, default=None,
                        help="a directory holding an earlier copy of solitaire_widgets: its "
                             "solver is measured too, on the same deals, in the same run")
    args = parser.parse_args(argv)
    seeds = range(args.start, args.start + args.deals)
    columns = {"solver": measure(seeds, args.variant, args.nodes)}
    columns["baseline"] = measure(seeds, args.variant, args.nodes, BASELINE)
    if args.previous is not None:
        columns["previous"] = measure_previous(args.previous, seeds, args.variant, args.nodes)
    solver_answers = columns["solver"][1]
    disagree = sorted({seed for _, answers, _ in columns.values()
                       for seed, a, b in zip(seeds, solver_answers, answers, strict=True)
                       if "unresolved" not in (a, b) and a != b})
    # Positions expanded on the deals every column decides: a measure of the
    # search itself, whatever the load on the machine.
    decided = [k for k in range(len(seeds))
               if all(answers[k] != "unresolved" for _, answers, _ in columns.values())]
    for column, _, used in columns.values():
        column[f"positions, {len(decided)} deals all decide"] = (
            f"{sum(used[k] for k in decided):,}")
    print(f"Klondike ({args.variant}), deals {seeds.start}..{seeds.stop - 1}, "
          f"{args.nodes:,} positions per deal at most, one core")
    first = columns["solver"][0]
    width = max(len(k) for k in first)
    print(f"{'':<{width}}" + "".join(f"  {name:>14}" for name in columns))
    for key in first:
        print(f"{key:<{width}}" + "".join(f"  {column[key]:>14}"
                                          for column, _, _ in columns.values()))
    print("answers agree where both are resolved" if not disagree
          else f"ANSWERS DIFFER on deals {disagree}")
    return 1 if disagree else 0


if __name__ == "__main__":
    raise SystemExit(main())
