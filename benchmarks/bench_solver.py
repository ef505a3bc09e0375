"""Solve time per deal of the Klondike solver, one core, beside a plain baseline.

    python benchmarks/bench_solver.py --deals 50 --variant standard

    python benchmarks/bench_solver.py --deals 100 --variant polish --previous /tmp/prev --alternate

    python benchmarks/bench_solver.py --unresolved-slice 20 --nodes 20000 --previous /tmp/prev

    python benchmarks/bench_solver.py --lost-slice 3 --nodes 400000 --previous /tmp/prev

Solves the same deals in one run: with the solver as it is, with the
baseline :data:`solitaire_widgets.games.klondike.solver.config.BASELINE` (every pruning rule
off: depth-first search over the same macro moves with the transposition
table, plain safe foundation moves and the plain dead-end check), and with
``--previous DIR`` the solver of an earlier copy of the package too
(``git archive REF solitaire_widgets | tar -x -C DIR``). Prints, for each,
deals won / lost / unresolved, the mean, median, 95th percentile and largest
solve time, and positions per second; and checks that where two answered,
they answered the same. With ``--alternate``, only this solver and the
previous one, taking turns deal by deal and timed in CPU seconds, which a
change of load on a shared machine does not tilt towards either. With
``--unresolved-slice N``, the same on a fixed slice of the hardest deals
with worrying back: the first ``N`` deals each stored study with worrying
back (``benchmarks/data/klondike_study_standard-wb.json``, ``..._draw-three-wb.json``)
leaves unresolved. With ``--lost-slice N``, the same on the ``N`` deals
drawing one with worrying back that solver version 12 proved lost in the
fewest positions (its filter on bringing cards back was not sound, so those
losses are searched again).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

from solitaire_widgets.games.klondike.solver import solve_deal
from solitaire_widgets.games.klondike.solver.config import BASELINE, DEFAULT, Config

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
from solitaire_widgets.games.klondike.solver import solve_deal
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


_WORKER = """
import json, sys, time
if sys.argv[1]:
    sys.path.insert(0, sys.argv[1])
from solitaire_widgets.games.klondike.solver import solve_deal
for line in sys.stdin:
    seed, variant, nodes, worrying_back = json.loads(line)
    began = time.process_time()
    s = solve_deal(seed, variant=variant, max_nodes=nodes, worrying_back=worrying_back)
    print(json.dumps([s.status, s.nodes, time.process_time() - began]), flush=True)
"""


def alternate(tree: Path, seeds: range, variant: str, nodes: int) -> int:
    """:func:`alternate_jobs` on deals ``seeds`` of ``variant`` (no worrying back)."""
    print(f"Klondike ({variant}), deals {seeds.start}..{seeds.stop - 1}, {nodes:,} positions "
          f"per deal at most, the two solvers taking turns deal by deal, CPU seconds")
    return alternate_jobs(tree, [(seed, variant, "no") for seed in seeds], nodes)


#: The stored studies with worrying back, by rule set: (variant, worrying_back).
WORRYING_BACK = {"standard-wb": "standard", "draw-three-wb": "draw-three"}
STUDIES = Path(__file__).parent / "data"


def unresolved_slice(rule_set: str, count: int) -> list[int]:
    """The first ``count`` deals the stored study of ``rule_set`` leaves unresolved."""
    data = json.loads((STUDIES / f"klondike_study_{rule_set}.json").read_text())
    return [d["seed"] for d in data["deals"] if d["status"] == "unresolved"][:count]


def slice_of_unresolved(tree: Path, count: int, nodes: int) -> int:
    """The two solvers on a fixed slice of the deals the studies with worrying back
    leave unresolved: the first ``count`` of each, at ``nodes`` positions, taking turns."""
    code = 0
    for rule_set, variant in WORRYING_BACK.items():
        seeds = unresolved_slice(rule_set, count)
        print(f"Klondike ({rule_set}), the first {len(seeds)} deals its study leaves "
              f"unresolved ({', '.join(map(str, seeds))}), {nodes:,} positions per deal at "
              "most, the two solvers taking turns deal by deal, CPU seconds")
        code |= alternate_jobs(tree, [(seed, variant, "yes") for seed in seeds], nodes)
    return code


def lost_slice(count: int) -> list[int]:
    """The ``count`` deals drawing one with worrying back that version 12 called lost
    in the fewest positions, as the study's chunks record them (a fixed slice:
    version 12's losses are no proof, and the study keeps them only there)."""
    chunk = STUDIES / "klondike_chunks" / "standard-wb_00000-09999.jsonl"
    rows = [row for line in chunk.read_text().splitlines() if line.strip()
            for row in [json.loads(line)]
            if row.get("solver") == 12 and row["status"] == "lost"]
    return [d["seed"] for d in sorted(rows, key=lambda d: d["nodes"])][:count]


def slice_of_lost(tree: Path, count: int, nodes: int) -> int:
    """The two solvers on the deals :func:`lost_slice` names, taking turns."""
    seeds = lost_slice(count)
    print(f"Klondike (standard-wb), the {len(seeds)} deals solver version 12 proved lost in "
          f"the fewest positions ({', '.join(map(str, seeds))}), {nodes:,} positions per deal "
          "at most, the two solvers taking turns deal by deal, CPU seconds")
    return alternate_jobs(tree, [(seed, "standard", "yes") for seed in seeds], nodes)


def alternate_jobs(tree: Path, jobs: list[tuple[int, str, str]], nodes: int) -> int:
    """This solver and the one in ``tree`` taking turns deal by deal, in CPU seconds.

    Two worker processes, one per solver; each deal goes to both, the order
    swapped from one deal to the next, so a change of load on a shared
    machine falls on both alike. Prints each one's answers, CPU seconds per
    deal (mean, median, 95th percentile, largest) and positions per CPU
    second, and whether they gave the same answers and expanded the same
    positions on every deal; returns 1 if a deal both decided got two
    different answers, else 0.
    """
    workers = {name: subprocess.Popen([sys.executable, "-c", _WORKER, path],
                                      stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
               for name, path in (("solver", ""), ("previous", str(tree)))}
    rows: dict[str, list[tuple[str, int, float]]] = {name: [] for name in workers}
    for n, (seed, variant, worrying_back) in enumerate(jobs):
        for name in list(workers)[::1 if n % 2 else -1]:
            worker = workers[name]
            assert worker.stdin is not None and worker.stdout is not None
            worker.stdin.write(json.dumps([seed, variant, nodes, worrying_back]) + "\n")
            worker.stdin.flush()
            status, used, cpu = json.loads(worker.stdout.readline())
            rows[name].append((status, used, cpu))
    for worker in workers.values():
        assert worker.stdin is not None
        worker.stdin.close()
        worker.wait()
    for name, done in rows.items():
        cpu = sum(r[2] for r in done)
        used = sum(r[1] for r in done)
        times = sorted(r[2] for r in done)
        n = len(times)
        print(f"  {name:>8}: " + " / ".join(str(sum(r[0] == s for r in done))
                                            for s in ("won", "lost", "unresolved"))
              + f"; mean {cpu / n:.3f} s, median {times[n // 2]:.3f} s, 95th percentile "
                f"{times[min(n - 1, int(0.95 * n))]:.3f} s, max {times[-1]:.3f} s; "
                f"{used:,} positions, {used / cpu:,.0f} per CPU second")
    same = [r[:2] for r in rows["solver"]] == [r[:2] for r in rows["previous"]]
    both = [(a[0], b[0]) for a, b in zip(rows["solver"], rows["previous"], strict=True)
            if "unresolved" not in (a[0], b[0])]
    clash = sum(a != b for a, b in both)
    print("same answers and positions on every deal" if same
          else f"the positions differ; of the {len(both)} deals both decided, "
               f"{clash} got different answers")
    return 0 if same or not clash else 1


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
    parser.add_argument("--alternate", action="store_true",
                        help="with --previous: only time the two solvers taking turns deal "
                             "by deal, in CPU seconds (fair on a loaded machine)")
    parser.add_argument("--unresolved-slice", type=int, default=None, metavar="N",
                        help="with --previous: the two solvers taking turns on the first N "
                             "deals each study with worrying back leaves unresolved")
    parser.add_argument("--lost-slice", type=int, default=None, metavar="N",
                        help="with --previous: the two solvers taking turns on the N deals "
                             "drawing one with worrying back that solver version 12 proved "
                             "lost in the fewest positions")
    args = parser.parse_args(argv)
    seeds = range(args.start, args.start + args.deals)
    if args.lost_slice is not None:
        if args.previous is None:
            parser.error("--lost-slice needs --previous")
        return slice_of_lost(args.previous, args.lost_slice, args.nodes)
    if args.unresolved_slice is not None:
        if args.previous is None:
            parser.error("--unresolved-slice needs --previous")
        return slice_of_unresolved(args.previous, args.unresolved_slice, args.nodes)
    if args.alternate:
        if args.previous is None:
            parser.error("--alternate needs --previous")
        return alternate(args.previous, seeds, args.variant, args.nodes)
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
