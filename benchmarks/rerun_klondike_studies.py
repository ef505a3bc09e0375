"""Search a slice of every stored Klondike study again and compare the answers.

    PYTHONPATH=build/compiled python benchmarks/rerun_klondike_studies.py \
        --start 0 --deals 1000 --rows /tmp/rerun.jsonl

Each stored study (``benchmarks/data/klondike_study_<rule set>.json``) holds
one row a deal: its answer (won, lost, unresolved), the positions searched,
the budget that settled it and the search plan's shares when they were not
the default ones. This script searches every deal of the slice again with
the solver as it is now, at the row's own budget and plan, and prints for
each rule set the stored and the new counts of won, lost and unresolved
deals, how many answers are the same, and how many rows made by this solver
version (:data:`~solitaire_widgets.games.klondike.solver.config.VERSION`) expanded exactly as
many positions again.

A row settled by another rule set's study (``"proof"``: a win without
worrying back, a loss drawing one) is taken as stored: the deal it rests on
is searched in that rule set's own slice.

A won or lost answer is a proof, so the solver as it is now must never
contradict one: a deal found won where the study proved it lost (or the
reverse) is reported as an error. A row of an older solver version may need
more or fewer positions now, so an unresolved row may come out decided and
a decided one unresolved within the same budget; they are counted apart.

Each answer is appended to ``--rows`` as soon as it is known (one JSON row a
deal), so a run that was stopped resumes where it was; the deals are searched
cheapest first (by the positions the stored row expanded). They are searched
in this process, on ``--workers N`` local processes, or with ``--dask
ADDRESS`` on a Dask cluster through the package's own Dask path, as the
studies run (``--dask local:N``: a cluster of N workers on this machine for
the run); the answers are the same, written as each is known:

    python benchmarks/rerun_klondike_studies.py --start 0 --deals 1000 \
        --rows /tmp/rerun.jsonl --dask tcp://HOST:8786 The compiled build
(``compile_solver.py``, the same source and the same positions) makes the
run 3 to 5 times as fast.

With ``--previous DIR`` (an earlier copy of the package: ``git archive REF
solitaire_widgets | tar -x -C DIR``), every row answered otherwise than
stored (another answer, or other positions for a row of this solver version)
is searched once more by that copy, to tell a change of the solver since REF
from one that came before it.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import shlex
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from study_klondike import RESULTS, WORRYING_BACK, _one, _rules, chunk_rows, cluster, spread

from solitaire_widgets.games.klondike.solver.config import DEFAULT, VERSION

RULE_SETS = ("standard", "draw-three", "polish", *WORRYING_BACK)


#: What a chunk row records of its search plan when it is not the default one.
SHARES = ("relax_share", "restart_share")


def stored_rows(rule_set: str, start: int, deals: int) -> list[dict[str, Any]]:
    """The stored study's rows of deals ``start .. start + deals - 1``, each with the
    search plan of the chunk row it came from (the merged study keeps answers only)."""
    data = json.loads((RESULTS / f"klondike_study_{rule_set}.json").read_text())
    plans = {_answer(row): {key: row[key] for key in SHARES if key in row}
             for row in chunk_rows(rule_set)}
    return [{**row, **plans.get(_answer(row), {})} for row in data["deals"]
            if start <= row["seed"] < start + deals]


def _answer(row: dict[str, Any]) -> tuple[Any, ...]:
    return row["seed"], row["status"], row["nodes"], row.get("max_nodes"), row.get("solver")


def plan_of(row: dict[str, Any]) -> dict[str, float]:
    """A row's search plan: the shares it records (none: the default plan)."""
    return {key: row[key] for key in SHARES if key in row}


def search_again(rule_set: str, row: dict[str, Any]) -> dict[str, Any]:
    """The answer of the solver as it is now for a stored row, at its budget and plan
    (``{"rule_set", "seed", "status", "nodes", "seconds"}`` and the row's plan)."""
    config = dataclasses.replace(DEFAULT, **plan_of(row))
    began = time.process_time()
    seed, status, nodes, _ = _one((row["seed"], rule_set, row["max_nodes"], None, config))
    return {"rule_set": rule_set, "seed": seed, "status": status, "nodes": nodes,
            "seconds": round(time.process_time() - began, 3), **plan_of(row)}


def _search_task(task: tuple[str, dict[str, Any], int]) -> dict[str, Any]:
    """:func:`search_again` for ``(rule_set, row, version)``: one task of a run spread
    over processes or a Dask cluster (:func:`study_klondike.spread`), where the
    package that answers must have this run's solver ``version``."""
    from solitaire_widgets.games.klondike.solver import config

    rule_set, row, version = task
    if config.VERSION != version:
        raise RuntimeError(f"this rerun is of solver version {version}, but a worker has "
                           f"version {config.VERSION}: install the same package everywhere")
    return search_again(rule_set, row)


_PREVIOUS = """
import dataclasses, json, sys
from solitaire_widgets.games.klondike.solver import solve_deal
from solitaire_widgets.games.klondike.solver.config import DEFAULT
out = []
for rule_set, variant, worrying_back, seed, budget, shares in json.loads(sys.stdin.read()):
    config = dataclasses.replace(DEFAULT, **shares)
    s = solve_deal(seed, variant=variant, max_nodes=budget, config=config,
                   worrying_back=worrying_back)
    out.append([rule_set, seed, s.status, s.nodes])
print(json.dumps(out))
"""


def differs(row: dict[str, Any], answer: dict[str, Any]) -> bool:
    """Whether a new answer is not the stored row's (positions count for this version's rows)."""
    if row["status"] != answer["status"]:
        return True
    return bool(row.get("solver", 0) == VERSION and row["nodes"] != answer["nodes"])


def previous_answers(directory: Path,
                     rows: list[tuple[str, dict[str, Any]]]) -> dict[tuple[str, int], list[Any]]:
    """The answers of the package copy in ``directory`` for stored rows, at their budgets."""
    jobs = [[rs, *_rules(rs), row["seed"], row["max_nodes"], plan_of(row)] for rs, row in rows]
    env = {**os.environ, "PYTHONPATH": str(directory)}
    done = subprocess.run([sys.executable, "-c", _PREVIOUS], input=json.dumps(jobs),
                          capture_output=True, text=True, check=True, env=env, cwd=directory)
    return {(rs, seed): [status, nodes] for rs, seed, status, nodes in json.loads(done.stdout)}


def compare(rule_set: str, stored: list[dict[str, Any]],
            again: dict[int, dict[str, Any]]) -> dict[str, Any]:
    """One rule set's line of the table (see the module)."""
    def counts(rows: list[dict[str, Any]]) -> dict[str, int]:
        return {s: sum(1 for r in rows if r["status"] == s)
                for s in ("won", "lost", "unresolved")}

    searched = [r for r in stored if "proof" not in r and r["seed"] in again]
    new_rows = [again[r["seed"]] if r["seed"] in again else r for r in stored]
    contradictions = [r["seed"] for r in searched
                      if {r["status"], again[r["seed"]]["status"]} == {"won", "lost"}]
    this_version = [r for r in searched if r.get("solver", 0) == VERSION]
    return {
        "rule_set": rule_set,
        "deals": len(stored),
        "searched": len(searched),
        "left": sum(1 for r in stored if "proof" not in r and r["seed"] not in again),
        "stored": counts(stored),
        "again": counts(new_rows),
        "same_answer": sum(1 for r in searched if r["status"] == again[r["seed"]]["status"]),
        "newly_decided": sum(1 for r in searched if r["status"] == "unresolved"
                             and again[r["seed"]]["status"] != "unresolved"),
        "now_unresolved": sum(1 for r in searched if r["status"] != "unresolved"
                              and again[r["seed"]]["status"] == "unresolved"),
        "contradictions": contradictions,
        "this_version": len(this_version),
        "same_positions": sum(1 for r in this_version
                              if (r["status"], r["nodes"]) == (again[r["seed"]]["status"],
                                                               again[r["seed"]]["nodes"])),
        "seconds_stored": round(sum(r["seconds"] for r in searched), 1),
        "seconds_again": round(sum(again[r["seed"]]["seconds"] for r in searched), 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--start", type=int, default=0, help="first deal of the slice")
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--rule-sets", default=",".join(RULE_SETS),
                        help="comma-separated, of: " + ", ".join(RULE_SETS))
    parser.add_argument("--rows", type=Path, required=True,
                        help="the new answers, one JSON row a deal (appended; resumed)")
    parser.add_argument("--report-only", action="store_true",
                        help="search nothing: compare the rows written so far")
    parser.add_argument("--previous", type=Path, default=None,
                        help="an earlier copy of the package: search the rows answered "
                             "otherwise than stored again with it")
    parser.add_argument("--json", type=Path, default=None, help="write the table here")
    parser.add_argument("--workers", type=int, default=1,
                        help="search on this many local processes")
    parser.add_argument("--dask", default=None, metavar="ADDRESS",
                        help="search on the Dask cluster whose scheduler is at ADDRESS "
                             "(tcp://HOST:PORT), or on a local one of N workers (local:N)")
    args = parser.parse_args(argv)
    rule_sets = args.rule_sets.split(",")
    stored = {rs: stored_rows(rs, args.start, args.deals) for rs in rule_sets}
    done: dict[tuple[str, int], dict[str, Any]] = {}
    if args.rows.exists():
        for line in args.rows.read_text().splitlines():
            if line.strip():
                row = json.loads(line)
                done[row["rule_set"], row["seed"]] = row
    # An answer found with another plan than its row's is searched again.
    for rs in rule_sets:
        for row in stored[rs]:
            answer = done.get((rs, row["seed"]))
            if answer is not None and plan_of(answer) != plan_of(row):
                del done[rs, row["seed"]]
    if not args.report_only:
        jobs = sorted(((row["nodes"], rs, row) for rs in rule_sets for row in stored[rs]
                       if "proof" not in row and (rs, row["seed"]) not in done),
                      key=lambda job: (job[0], job[1], job[2]["seed"]))
        print(f"{len(jobs)} deals to search", file=sys.stderr, flush=True)
        tasks = [(rs, row, VERSION) for _, rs, row in jobs]
        with args.rows.open("a") as out, cluster(args.dask) as address:
            answers = spread(_search_task, tasks, args.workers, address)
            for number, answer in enumerate(answers, 1):
                done[answer["rule_set"], answer["seed"]] = answer
                out.write(json.dumps(answer) + "\n")
                out.flush()
                if number % 100 == 0:
                    print(f"  {number}/{len(jobs)}", file=sys.stderr, flush=True)
    table = [compare(rs, stored[rs], {seed: row for (r, seed), row in done.items() if r == rs})
             for rs in rule_sets]
    print(f"Deals {args.start}..{args.start + args.deals - 1} of each stored study, searched "
          f"again by solver {VERSION} at each row's budget and plan:")
    for line in table:
        stored_counts = "/".join(str(v) for v in line["stored"].values())
        again_counts = "/".join(str(v) for v in line["again"].values())
        print(f"  {line['rule_set']}: won/lost/unresolved stored {stored_counts}, again "
              f"{again_counts}; {line['same_answer']} of {line['searched']} searched answer the "
              f"same ({line['left']} not searched yet), {line['newly_decided']} newly decided, "
              f"{line['now_unresolved']} now unresolved, contradictions "
              f"{line['contradictions'] or 'none'}; rows of solver {VERSION}: "
              f"{line['same_positions']} of {line['this_version']} the same positions; "
              f"seconds stored {line['seconds_stored']}, again {line['seconds_again']}")
    if args.previous is not None:
        changed = [(rs, row) for rs in rule_sets for row in stored[rs]
                   if (rs, row["seed"]) in done and differs(row, done[rs, row["seed"]])]
        before = previous_answers(args.previous, changed)
        same = [(rs, row["seed"]) for rs, row in changed
                if before[rs, row["seed"]] == [done[rs, row["seed"]]["status"],
                                               done[rs, row["seed"]]["nodes"]]]
        print(f"Rows answered otherwise than stored: {len(changed)}; the package in "
              f"{args.previous} answers {len(same)} of them exactly as now"
              + ("" if len(same) == len(changed) else
                 f"; not: {sorted(set((rs, row['seed']) for rs, row in changed) - set(same))}"))
        for line in table:
            line["previous"] = {"changed": sum(1 for rs, _ in changed if rs == line["rule_set"]),
                                "same_as_previous": sum(1 for rs, _ in same
                                                        if rs == line["rule_set"])}
    if args.json is not None:
        command = "python benchmarks/rerun_klondike_studies.py " + shlex.join(
            sys.argv[1:] if argv is None else argv)
        args.json.write_text(json.dumps({"command": command, "solver": VERSION,
                                         "start": args.start, "deals": args.deals,
                                         "rule_sets": table}, indent=1) + "\n")
    return 1 if any(line["contradictions"] for line in table) else 0


if __name__ == "__main__":
    raise SystemExit(main())
