"""How many Klondike deals a player who sees every card can win ("thoughtful" play).

Solves deals 0..N-1 (``new_game("klondike", seed=s, variant=...)``) with
:func:`solitaire_widgets.games.klondike.solver.solve_deal` and prints wins, losses and
unresolved deals, the win rate among resolved deals with its 95% Wilson
interval, and the mean and 95th-percentile solve time. ``--retry FILE``
solves the deals an earlier study left unresolved again, with a larger
budget, and writes the merged results.

Compare with Blake & Gent (JAIR 2026, arXiv 1906.12314v6), Table 3: draw
three 81.524% +- 0.089% without worrying back (81.945% with it, their
headline figure), draw one 90.204% +- 0.093% (90.480% with). The rule sets
``standard`` and ``draw-three`` never let a card come back from a foundation
(the engine's default), so the figures without worrying back are theirs to
compare; ``standard-wb`` and ``draw-three-wb`` are the same variants with
``worrying_back="yes"``, compared with the figures with worrying back. A deal
won without worrying back is won with it (the option only adds moves), so
those rule sets take every win of the stored study without it as theirs
(``"proof": "won without worrying back"``) and search only the other deals:

    nice -n 19 python benchmarks/study_klondike.py --chunk --variant standard-wb \
        --start 0 --deals 10000 --nodes 20000

    python benchmarks/study_klondike.py --deals 1000 --workers 2 --variant standard \
        --nodes 800000 --json first.json
    python benchmarks/study_klondike.py --retry first.json --nodes 4000000 --workers 2 \
        --json benchmarks/data/klondike_study_standard.json

A long study is built up in chunks: ``--chunk`` solves a range of deals and
appends each deal's answer, as soon as it has one, to a file of its own in
``benchmarks/data/klondike_chunks/``; a deal already settled there (or in
the stored study) is skipped, so a run that was stopped resumes where it
was, and the same range run again with a larger budget solves only the deals
still unresolved. ``--merge`` folds every chunk of a rule set into the
stored study ``benchmarks/data/klondike_study_<variant>.json`` (each
deal's best answer: a win or a proved loss over an unresolved one, and
among unresolved answers the largest budget):

    python benchmarks/study_klondike.py --chunk --variant polish --start 1000 --deals 500 \
        --nodes 100000
    python benchmarks/study_klondike.py --merge --variant polish

A chunk runs in this process, on ``--workers N`` processes, or with ``--dask
ADDRESS`` on a Dask cluster through the package's own Dask path (the one
``solitaire-widgets stats --dask`` takes; ``--dask local:N`` starts a cluster
of N workers on this machine for the run). The rows are the same, written as
each deal is answered, and a stopped run resumes from them. With ``--merge``
as well, the chunk is folded into the stored study when it is done, so a
study is one command (each worker needs this package, ``pip install
'solitaire-widgets[dask]'``, of the same solver version):

    python benchmarks/study_klondike.py --chunk --merge --variant standard-wb \
        --start 0 --deals 10000 --nodes 1000000 --dask tcp://HOST:8786

Long chunks run 3 to 5 times as fast on the solver compiled by mypyc
(``compile_solver.py``: the same source, the same positions expanded); a row
answered by it says ``"build": "mypyc"``:

    python benchmarks/compile_solver.py --dest build/compiled
    PYTHONPATH=build/compiled python benchmarks/study_klondike.py --chunk \
        --variant polish --start 0 --deals 10000 --nodes 1000000
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import shlex
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import compile_solver
from compile_solver import is_compiled

from solitaire_widgets import new_game
from solitaire_widgets.errors import OptionError
from solitaire_widgets.games.klondike.solver import solve_deal
from solitaire_widgets.games.klondike.solver.config import DEFAULT, VERSION, Config
from solitaire_widgets.moves import Move
from solitaire_widgets.stats import over_dask, wilson_interval

RESULTS = Path(__file__).parent / "data"
#: The command that builds the compiled solver some chunk rows were answered by.
COMPILE = "python benchmarks/compile_solver.py --dest build/compiled"
CHUNKS = RESULTS / "klondike_chunks"

#: Blake & Gent (JAIR 2026, arXiv 1906.12314v6), Table 3: thoughtful Klondike,
#: unlimited redeals, 10^6 deals each, 95% intervals. "no_wb": cards never come
#: back from the foundations (our rules); "wb": "worrying back" allowed.
PUBLISHED: dict[str, dict[str, float]] = {
    "draw-three": {"no_wb": 0.81524, "no_wb_pm": 0.00089, "wb": 0.81945, "wb_pm": 0.00084},
    "standard": {"no_wb": 0.90204, "no_wb_pm": 0.00093, "wb": 0.90480, "wb_pm": 0.00116},
}
RULES_NOTE = ("Same rules as Blake & Gent's Klondike without worrying back (cards never "
              "come back from the foundations); their headline 81.945% is draw three with "
              "worrying back")
WB_NOTE = ("Same rules as Blake & Gent's Klondike with worrying back (a foundation's top "
           "card may come back onto a column)")


#: With worrying back: each such rule set, and the same variant without it.
WORRYING_BACK = {"standard-wb": "standard", "draw-three-wb": "draw-three"}


def _rules(rule_set: str) -> tuple[str, str]:
    """A rule set's Klondike variant and ``worrying_back`` option."""
    if rule_set in WORRYING_BACK:
        return WORRYING_BACK[rule_set], "yes"
    return rule_set, "no"


def _drawing_one(rule_set: str) -> str:
    """The draw-one rule set that relaxes ``rule_set`` (the same worrying back)."""
    return "standard-wb" if rule_set in WORRYING_BACK else "standard"


def _one(args: tuple[int, str, int, float | None, Config]) -> tuple[int, str, int, float]:
    seed, rule_set, nodes, seconds, config = args
    variant, worrying_back = _rules(rule_set)
    solution = solve_deal(seed, variant=variant, max_nodes=nodes, max_seconds=seconds,
                          config=config, worrying_back=worrying_back)
    return seed, solution.status, solution.nodes, solution.seconds


Job = tuple[int, str, int, float | None, Config]
Answer = tuple[int, str, int, float]
Task = TypeVar("Task")
Result = TypeVar("Result")


def _answer(task: tuple[Job, int]) -> tuple[Answer, bool]:
    """:func:`_one` for ``(job, version)``, and whether the solver that answered is
    a compiled build.

    On a Dask worker, the package there answers: its solver must be of this
    study's ``version``, or the rows would be labelled wrongly.
    """
    from solitaire_widgets.games.klondike.solver import config

    job, version = task
    if config.VERSION != version:
        raise RuntimeError(f"this study runs solver version {version}, but a worker has "
                           f"version {config.VERSION}: install the same package everywhere")
    return _one(job), is_compiled()


def _answers(jobs: list[Job], workers: int, dask: str | None) -> Iterator[tuple[Answer, bool]]:
    """:func:`_answer` for each job, each as soon as it is known (see :func:`spread`)."""
    yield from spread(_answer, [(job, VERSION) for job in jobs], workers, dask)


def spread(function: Callable[[Task], Result], tasks: list[Task], workers: int,
           dask: str | None) -> Iterator[Result]:
    """``function(task)`` for each task, each answer as soon as it is known.

    In this process, on ``workers`` processes (in the tasks' order), or with
    ``dask`` (a scheduler's address) on that Dask cluster through the package's
    own path (:func:`solitaire_widgets.stats.over_dask`, as ``stats --dask``
    runs; in the order they finish). The cluster's workers need the package
    only: the benchmark modules travel with the function, pickled by value.
    """
    if dask:
        import cloudpickle

        for module in (sys.modules[__name__], compile_solver,
                       sys.modules[function.__module__]):
            if module.__name__ != "__main__":
                cloudpickle.register_pickle_by_value(module)
        yield from over_dask(function, tasks, dask)
    elif workers <= 1:
        yield from map(function, tasks)
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            yield from pool.map(function, tasks, chunksize=1)


@contextmanager
def cluster(dask: str | None) -> Iterator[str | None]:
    """The scheduler address for ``--dask``: ``local:N`` starts a cluster of N workers
    on this machine (one thread each) for the time of the study; anything else is
    a running scheduler's address (``tcp://HOST:PORT``), or None for no Dask."""
    if dask is None or not dask.startswith("local:"):
        yield dask
        return
    from distributed import LocalCluster

    count = dask.removeprefix("local:")
    if not count.isdigit() or int(count) < 1:
        raise OptionError(f"--dask local:N needs a number of workers N of 1 or more, "
                          f"not {count!r}")
    workers = int(count)
    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                      dashboard_address=None) as local:
        yield local.scheduler_address


def _solve_all(seeds: list[int], variant: str, workers: int, nodes: int,
               seconds: float | None, progress: bool,
               dask: str | None = None) -> list[Answer]:
    """Solve the deals ``seeds``, on ``workers`` processes or a Dask cluster; rows sorted by seed."""
    jobs: list[Job] = [(s, variant, nodes, seconds, DEFAULT) for s in seeds]
    rows: list[Answer] = []
    for row, _ in _answers(jobs, workers, dask):
        rows.append(row)
        if progress and len(rows) % 50 == 0:
            print(f"  {len(rows)}/{len(jobs)}", file=sys.stderr, flush=True)
    rows.sort()
    return rows


def run(deals: int, variant: str, workers: int, nodes: int, seconds: float | None,
        start: int = 0, progress: bool = True, dask: str | None = None) -> dict[str, Any]:
    """Solve deals ``start .. start + deals - 1``; return the raw and summary results."""
    began = time.perf_counter()
    rows = _solve_all(list(range(start, start + deals)), variant, workers, nodes, seconds,
                      progress, dask)
    return _summarise(rows, variant, start, nodes, seconds, workers,
                      time.perf_counter() - began)


def retry(previous: dict[str, Any], workers: int, nodes: int, seconds: float | None,
          progress: bool = True, dask: str | None = None) -> dict[str, Any]:
    """Solve again, with a larger budget, the deals an earlier study left unresolved.

    The other deals keep their answers (a win or a proved loss does not
    change with the budget). Each deal's row records the budget that settled
    it; the summary keeps the first budget and adds the retry's.
    """
    first = previous["summary"]
    variant = first["variant"]
    old = {d["seed"]: (d["seed"], d["status"], d["nodes"], d["seconds"])
           for d in previous["deals"]}
    again = sorted(s for s, row in old.items() if row[1] == "unresolved")
    began = time.perf_counter()
    for row in _solve_all(again, variant, workers, nodes, seconds, progress, dask):
        old[row[0]] = row
    data = _summarise(sorted(old.values()), variant, first["first_seed"], first["max_nodes"],
                      first["max_seconds"], first["workers"], first["wall_seconds"])
    data["summary"]["retry"] = {"deals": len(again), "max_nodes": nodes, "max_seconds": seconds,
                                "workers": workers,
                                "wall_seconds": round(time.perf_counter() - began, 1),
                                "first_command": first.get("command")}
    for deal in data["deals"]:
        if deal["seed"] in again:
            deal["retried"] = True
    return data


def _summarise(rows: list[tuple[int, str, int, float]], variant: str, start: int, nodes: int,
               seconds: float | None, workers: int, wall: float) -> dict[str, Any]:
    deals = len(rows)
    wins = sum(1 for r in rows if r[1] == "won")
    losses = sum(1 for r in rows if r[1] == "lost")
    unresolved = deals - wins - losses
    times = sorted(r[3] for r in rows)
    resolved = wins + losses
    low, high = wilson_interval(wins, resolved)
    summary: dict[str, Any] = {
        "variant": variant,
        "deals": deals,
        "first_seed": start,
        "wins": wins,
        "losses": losses,
        "unresolved": unresolved,
        "unresolved_share": round(unresolved / deals, 4) if deals else 0.0,
        "win_rate_resolved": round(wins / resolved, 4) if resolved else None,
        "ci95_resolved": [low, high],
        "mean_seconds": round(sum(times) / len(times), 3) if times else None,
        "p95_seconds": round(times[min(len(times) - 1, int(0.95 * len(times)))], 3)
        if times else None,
        "max_nodes": nodes,
        "max_seconds": seconds,
        "workers": workers,
        "wall_seconds": round(wall, 1),
    }
    plain, worrying_back = _rules(variant)
    if plain in PUBLISHED:
        published = PUBLISHED[plain]
        figure = "wb" if worrying_back == "yes" else "no_wb"
        summary["rules_note"] = WB_NOTE if worrying_back == "yes" else RULES_NOTE
        summary["published"] = published[figure]
        summary["published_pm"] = published[f"{figure}_pm"]
        summary["published_worrying_back"] = published["wb"]
        summary["published_in_interval"] = low <= published[figure] <= high
        # Every unresolved deal counted lost, then won: the published figure
        # must lie between, whatever the unresolved deals turn out to be.
        summary["bounds"] = [round(wins / deals, 4), round((wins + unresolved) / deals, 4)]
    return {"summary": summary,
            "deals": [{"seed": s, "status": st, "nodes": n, "seconds": round(t, 3)}
                      for s, st, n, t in rows]}


Row = dict[str, Any]


def _better(a: Row, b: Row) -> bool:
    """Whether answer ``a`` for a deal says more than ``b`` (a larger budget, then a newer solver)."""
    if (a["status"] == "unresolved") != (b["status"] == "unresolved"):
        return bool(b["status"] == "unresolved")
    return ((int(a.get("max_nodes", 0)), int(a.get("solver", 0)))
            > (int(b.get("max_nodes", 0)), int(b.get("solver", 0))))


def _stored_rows(variant: str) -> list[Row]:
    """The stored study's deals, each with the budget that settled it."""
    path = RESULTS / f"klondike_study_{variant}.json"
    if not path.exists():
        return []
    data = json.loads(path.read_text())
    summary = data["summary"]
    rows = []
    for deal in data["deals"]:
        row = dict(deal)
        if "max_nodes" not in row:
            row["max_nodes"] = (summary["retry"]["max_nodes"] if row.get("retried")
                                else summary["max_nodes"])
        rows.append(row)
    return rows


def chunk_rows(variant: str) -> list[Row]:
    """Every deal answer in the chunks of ``variant``, in the order written."""
    rows = []
    for path in sorted(CHUNKS.glob(f"{variant}_*.jsonl")):
        for line in path.read_text().splitlines():
            if line.strip():
                rows.append(json.loads(line))
    return rows


#: Solver versions whose losses with worrying back are not proofs: version 12
#: let a card come back from a foundation only when it could be used at once,
#: which calls won some positions where two cards brought back wait for each
#: other (``tests/test_solver_worrying_back.py``). Their wins stand (a win is
#: a line of play); their losses count as unresolved at their budget, so a
#: chunk searches those deals again with the solver as it is.
UNSOUND_LOSSES = {12}


def _as_proved(variant: str, row: Row) -> Row:
    """``row``, or the same row unresolved where its loss is no proof (:data:`UNSOUND_LOSSES`)."""
    if (variant in WORRYING_BACK and row["status"] == "lost"
            and row.get("solver") in UNSOUND_LOSSES):
        row = {**row, "status": "unresolved", "not_proved": "lost"}
    if row["status"] == "unresolved" and "proof" in row:  # a proof of nothing
        row = {key: value for key, value in row.items() if key != "proof"}
    return row


def best_rows(variant: str) -> dict[int, Row]:
    """Each deal's best answer, over the stored study and every chunk.

    A deal won in one answer and lost in another is an error: a sound
    solver's answers are facts, so one of them is a bug. A loss with
    worrying back by a solver version of :data:`UNSOUND_LOSSES` counts as
    unresolved (``"not_proved": "lost"``).

    Drawing three and under the Polish rules, a deal left unresolved (or
    not searched at all) that the draw-one study (``standard``) proved lost
    is lost here too: every
    line of these rules is a line drawing one (a turn of three cards is
    three turns of one; two passes and a waste of three only forbid), the
    same relaxation the solver's own search plan uses. Its answer is then
    the draw-one proof's, marked ``"proof": "lost drawing one"``. A deal
    won here and lost drawing one is an error in the same way.
    """
    best: dict[int, Row] = {}
    for row in (_as_proved(variant, answer)
                for answer in _stored_rows(variant) + chunk_rows(variant)):
        old = best.get(row["seed"])
        if old is not None and {old["status"], row["status"]} == {"won", "lost"}:
            raise ValueError(f"deal {row['seed']} ({variant}) was found both won and lost: "
                             f"{old} against {row}")
        if old is None or _better(row, old):
            best[row["seed"]] = row
    if variant in WORRYING_BACK:
        # A win without worrying back is a win with it: the option only adds moves.
        _carry_over(best, variant, WORRYING_BACK[variant], "won", "won without worrying back")
    if variant in ("draw-three", "polish", "draw-three-wb"):
        _carry_over(best, variant, _drawing_one(variant), "lost", "lost drawing one",
                    own_budget=True)
    return best


def _carry_over(best: dict[int, Row], variant: str, source: str, status: str, proof: str,
                own_budget: bool = False) -> None:
    """Give ``variant``'s deals the answer ``status`` that rule set ``source`` proved.

    For :func:`best_rows`: each deal ``source`` answered ``status`` and
    ``variant`` has not (unresolved here, or never searched here: a chunk
    skips such deals) takes ``source``'s answer, marked ``"proof": proof``,
    with ``source``'s budget, or with ``own_budget`` the budget ``variant``
    searched it with, if it did. The opposite answer here is an error.
    """
    other = "lost" if status == "won" else "won"
    for seed, there in best_rows(source).items():
        here = best.get(seed)
        if there["status"] != status or (here is not None and here["status"] == status):
            continue
        if here is not None and here["status"] == other:
            raise ValueError(f"deal {seed} ({variant}) was found {other}, but {proof}: "
                             f"{here} against {there}")
        budget = here["max_nodes"] if own_budget and here is not None else there["max_nodes"]
        best[seed] = {"seed": seed, "status": status, "nodes": there["nodes"],
                      "seconds": there["seconds"], "max_nodes": budget, "proof": proof,
                      **({"solver": there["solver"]} if "solver" in there else {})}


def run_chunk(variant: str, start: int, deals: int, workers: int, nodes: int,
              seconds: float | None, progress: bool = True,
              only: set[int] | None = None, config: Config = DEFAULT,
              dask: str | None = None) -> Path:
    """Solve the deals of ``start .. start + deals - 1`` not yet settled at this budget.

    A deal left unresolved at this budget or more by an older solver
    (``"solver"`` below :data:`VERSION`) is not settled: a stronger search
    may decide it.

    Drawing three and under the Polish rules, a deal the draw-one study proved
    lost is settled already (see :func:`best_rows`) and is not searched, and
    one it has answered otherwise is searched without the draw-one
    relaxation (see :func:`plan_for`).

    Each answer is appended to the chunk's file as soon as it is known, so a
    run that is stopped loses at most the deals in progress. With ``only``,
    just those deals of the range; with ``config``, another search plan (its
    shares are recorded with each answer: a plan changes how soon a search
    decides, never what it proves). With ``dask``, on the Dask cluster whose
    scheduler is at that address (see :func:`_answers`): the same answers,
    written in the order they come.
    """
    known = best_rows(variant)
    seeds = [s for s in range(start, start + deals)
             if (only is None or s in only)
             and (s not in known or (known[s]["status"] == "unresolved"
                                     and (known[s].get("max_nodes", 0) < nodes
                                          or known[s].get("solver", 0) < VERSION)))]
    CHUNKS.mkdir(parents=True, exist_ok=True)
    path = CHUNKS / f"{variant}_{start:05d}-{start + deals - 1:05d}.jsonl"
    drawing_one = (best_rows(_drawing_one(variant))
                   if variant not in ("standard", "standard-wb") else {})
    jobs = [(s, variant, nodes, seconds, plan_for(drawing_one.get(s), nodes, config))
            for s in seeds]
    plans = {job[0]: _plan_fields(job[4]) for job in jobs}
    if progress:
        print(f"  {len(seeds)} of {deals} deals to solve -> {path}", file=sys.stderr)
    with path.open("a") as out:
        answers = _answers(jobs, workers, dask)
        for done, ((seed, status, used, took), compiled) in enumerate(answers, 1):
            build = {"build": "mypyc"} if compiled else {}
            out.write(json.dumps({"seed": seed, "status": status, "nodes": used,
                                  "seconds": round(took, 3), "max_nodes": nodes,
                                  "solver": VERSION, **plans[seed], **build}) + "\n")
            out.flush()
            if progress and done % 50 == 0:
                print(f"  {done}/{len(seeds)}", file=sys.stderr, flush=True)
    return path


def plan_for(drawing_one: Row | None, nodes: int, config: Config = DEFAULT) -> Config:
    """The search plan for a deal drawing three or under the Polish rules.

    The draw-one relaxation (``Config.relax_share`` of the budget) can only
    ever prove the deal lost drawing one. When the draw-one study has won
    the deal, it never will; when that study left it unresolved with the
    same solver and a larger budget than the relaxation would get, that
    search has been made already (the relaxation searches the same
    position, drawing one, in the same order). Either way its share goes
    to the other searches instead. ``drawing_one`` is the draw-one study's
    answer for the deal (None when it has none).

    >>> plan_for({"status": "won"}, 100_000).relax_share
    0.0
    >>> plan_for(None, 100_000).relax_share == DEFAULT.relax_share
    True
    """
    if drawing_one is None or config.relax_share <= 0:
        return config
    status = drawing_one["status"]
    searched = (status == "unresolved" and drawing_one.get("solver", 0) >= VERSION
                and drawing_one.get("max_nodes", 0) * (1 - config.restart_share)
                >= nodes * config.relax_share)
    if status == "won" or searched:
        return dataclasses.replace(config, relax_share=0.0)
    return config


def _plan_fields(config: Config) -> dict[str, float]:
    """What a chunk row records of a plan other than the default one: its shares."""
    if config == DEFAULT:
        return {}
    return {"relax_share": config.relax_share, "restart_share": config.restart_share}


def replay_drawing_one(seed: int, moves: list[Move], draw: int) -> bool:
    """Whether a winning line of a stricter rule set wins deal ``seed`` drawing one.

    Every line drawing three or under the Polish rules is a line drawing one:
    each turn of ``draw`` cards becomes as many turns of one (the last
    packet may be shorter), which leave the waste in the same order, and
    every other move is the same. The line is played through the engine
    (every move checked legal drawing one) and must end won.
    """
    game = new_game("klondike", seed=seed, variant="standard")
    for move in moves:
        if move.action == "turn":
            for _ in range(min(draw, len(game.table.piles["s"].cards))):
                game.play(move)
        else:
            game.play(move)
    return game.is_won


def win_by_stricter(seeds: list[int], variant: str, nodes: int,
                    progress: bool = True) -> Path:
    """Drawing one, settle unresolved deals by a win found under stricter rules.

    Each deal of ``seeds`` still unresolved drawing one is solved under
    ``variant`` (``draw-three`` or ``polish``); a win found is replayed
    drawing one (:func:`replay_drawing_one`) and, if it wins there, is the
    deal's answer drawing one, marked ``"proof": "won <variant>, replayed
    drawing one"``. Nothing is written for a deal not so won.
    """
    known = best_rows("standard")
    todo = [s for s in seeds if s in known and known[s]["status"] == "unresolved"]
    path = CHUNKS / f"standard_by_{variant}.jsonl"
    CHUNKS.mkdir(parents=True, exist_ok=True)
    draw = 3 if variant == "draw-three" else 1
    with path.open("a") as out:
        for seed in todo:
            solution = solve_deal(seed, variant=variant, max_nodes=nodes)
            if progress:
                print(f"  deal {seed}: {solution.status} under {variant}", file=sys.stderr)
            if solution.status == "won" and replay_drawing_one(seed, solution.moves, draw):
                out.write(json.dumps({"seed": seed, "status": "won", "nodes": solution.nodes,
                                      "seconds": round(solution.seconds, 3),
                                      "max_nodes": known[seed]["max_nodes"],
                                      "solver": VERSION, "stricter_max_nodes": nodes,
                                      "proof": f"won {variant}, replayed drawing one"})
                          + "\n")
                out.flush()
    return path


def merge(variant: str) -> dict[str, Any]:
    """The stored study of ``variant`` with every chunk folded in.

    The summary covers the deals from seed 0 up to the first one missing
    (chunks of later deals wait until the gap is filled); ``max_nodes`` is
    the smallest budget any of them was solved with, ``budgets`` counts the
    deals settled at each budget by this rule set's own search (the deals
    settled through another study, see :func:`best_rows`, are counted apart).
    """
    best = best_rows(variant)
    stop = 0
    while stop in best:
        stop += 1
    rows = [best[s] for s in range(stop)]
    path = RESULTS / f"klondike_study_{variant}.json"
    old = json.loads(path.read_text())["summary"] if path.exists() else {}
    budgets: dict[str, int] = {}
    for row in rows:
        if "proof" in row:   # settled by another rule set's study, counted apart below
            continue
        budgets[str(row["max_nodes"])] = budgets.get(str(row["max_nodes"]), 0) + 1
    data = _summarise([(r["seed"], r["status"], r["nodes"], r["seconds"]) for r in rows],
                      variant, 0, min(r["max_nodes"] for r in rows), None, 1,
                      sum(r["seconds"] for r in rows))
    data["summary"]["budgets"] = budgets
    # Deals settled through the relaxation (see best_rows, win_by_stricter).
    data["summary"]["lost_drawing_one"] = sum(
        1 for r in rows if r.get("proof") == "lost drawing one")
    data["summary"]["won_under_stricter_rules"] = sum(
        1 for r in rows if str(r.get("proof", "")).endswith("replayed drawing one"))
    data["summary"]["won_without_worrying_back"] = sum(
        1 for r in rows if r.get("proof") == "won without worrying back")
    # The stored study's own commands; those of chunks are made again from the chunk
    # files below (an earlier merge's "(deals a..b done)" would go stale).
    commands = [c for c in old.get("commands") or [c for c in (
        old.get("retry", {}).get("first_command"), old.get("command")) if c]
        if not any(flag in c for flag in ("--merge", "--chunk", "--wins-from"))]
    for chunk in sorted(CHUNKS.glob(f"{variant}_*.jsonl")):
        done = [json.loads(line) for line in chunk.read_text().splitlines() if line.strip()]
        if chunk.stem.startswith(f"{variant}_by_"):
            stricter = chunk.stem.split("_by_")[1]
            command = (f"python benchmarks/study_klondike.py --variant standard --wins-from "
                       f"{stricter} --seeds {','.join(str(r['seed']) for r in done)} "
                       f"--nodes {max(r['stricter_max_nodes'] for r in done)}")
            if done and command not in commands:
                commands.append(command)
            continue
        first, last = (int(x) for x in chunk.stem.split("_")[1].split("-"))
        for budget, build in sorted({(row["max_nodes"], row.get("build", "")) for row in done}):
            seeds = [row["seed"] for row in done
                     if row["max_nodes"] == budget and row.get("build", "") == build]
            # A compiled build (see compile_solver.py) answers as the pure one does.
            if build and COMPILE not in commands:
                commands.append(COMPILE)
            command = (f"{'PYTHONPATH=build/compiled ' if build else ''}"
                       f"python benchmarks/study_klondike.py --chunk --variant {variant} "
                       f"--start {first} --deals {last - first + 1} --nodes {budget} "
                       f"(deals {min(seeds)}..{max(seeds)} done)")
            if command not in commands:
                commands.append(command)
    data["summary"]["commands"] = commands + [
        f"python benchmarks/study_klondike.py --merge --variant {variant}"]
    data["summary"]["command"] = "; then ".join(data["summary"]["commands"])
    for deal, row in zip(data["deals"], rows, strict=True):
        deal["max_nodes"] = row["max_nodes"]
        if "solver" in row:
            deal["solver"] = row["solver"]
        for field in ("proof", "build"):
            if field in row:
                deal[field] = row[field]
    return data


def main(argv: list[str] | None = None) -> int:
    try:
        return _main(argv)
    except OptionError as error:  # a bad --dask, or a scheduler out of reach
        print(error, file=sys.stderr)
        return 2


def _main(argv: list[str] | None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--start", type=int, default=0, help="first seed")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--variant", choices=("standard", "draw-three", "polish",
                                              *WORRYING_BACK),
                        default="draw-three")
    parser.add_argument("--nodes", type=int, default=300_000, help="node budget per deal")
    parser.add_argument("--seconds", type=float, default=None, help="time budget per deal")
    parser.add_argument("--json", type=Path, default=None, help="write the raw results here")
    parser.add_argument("--retry", type=Path, default=None,
                        help="an earlier study's JSON: solve its unresolved deals again "
                             "with this budget and write the merged results")
    parser.add_argument("--chunk", action="store_true",
                        help="solve the range's deals not yet settled, appending each answer "
                             "to a chunk file in benchmarks/data/klondike_chunks")
    parser.add_argument("--seeds", default=None,
                        help="with --chunk: only these deals of the range (comma-separated)")
    parser.add_argument("--relax-share", type=float, default=DEFAULT.relax_share,
                        help="with --chunk: the share of the budget given to the same deal "
                             "drawing one (a loss there is a loss under every rule set)")
    parser.add_argument("--restart-share", type=float, default=DEFAULT.restart_share,
                        help="with --chunk: the share given to draw three's restarts")
    parser.add_argument("--wins-from", choices=("draw-three", "polish"), default=None,
                        help="with --variant standard and --seeds: solve those deals left "
                             "unresolved under these stricter rules, and count a win that "
                             "replays drawing one")
    parser.add_argument("--merge", action="store_true",
                        help="fold every chunk of --variant into its stored study (with "
                             "--chunk: once the chunk is done)")
    parser.add_argument("--dask", default=None, metavar="ADDRESS",
                        help="solve on the Dask cluster whose scheduler is at ADDRESS "
                             "(tcp://HOST:PORT), or on a local one of N workers (local:N), "
                             "instead of --workers processes")
    args = parser.parse_args(argv)
    if args.wins_from is not None:
        win_by_stricter([int(x) for x in args.seeds.split(",")], args.wins_from, args.nodes)
        return 0
    if args.chunk:
        only = None if args.seeds is None else {int(x) for x in args.seeds.split(",")}
        plan = Config(relax_share=args.relax_share, restart_share=args.restart_share)
        with cluster(args.dask) as address:
            run_chunk(args.variant, args.start, args.deals, args.workers, args.nodes,
                      args.seconds, only=only, config=plan, dask=address)
        if not args.merge:
            return 0
    if args.merge:
        data = merge(args.variant)
        args.start, args.deals = 0, data["summary"]["deals"]
        args.json = args.json or RESULTS / f"klondike_study_{args.variant}.json"
    elif args.retry is not None:
        with cluster(args.dask) as address:
            data = retry(json.loads(args.retry.read_text()), args.workers, args.nodes,
                         args.seconds, dask=address)
        args.variant = data["summary"]["variant"]
        args.start = data["summary"]["first_seed"]
        args.deals = data["summary"]["deals"]
    else:
        with cluster(args.dask) as address:
            data = run(args.deals, args.variant, args.workers, args.nodes, args.seconds,
                       args.start, dask=address)
    summary = data["summary"]
    if not args.merge:
        summary["command"] = "python benchmarks/study_klondike.py " + shlex.join(
            sys.argv[1:] if argv is None else argv)
    rate = summary["win_rate_resolved"]
    low, high = summary["ci95_resolved"]
    print(f"Klondike ({args.variant}), thoughtful, deals {args.start}..{args.start + args.deals - 1}")
    print(f"  wins {summary['wins']}, losses {summary['losses']}, "
          f"unresolved {summary['unresolved']} ({summary['unresolved_share']:.1%})")
    if rate is not None:
        print(f"  win rate among resolved: {rate:.2%}  (95% Wilson interval {low:.2%} .. {high:.2%})")
    if "published" in summary:
        inside = "inside" if summary["published_in_interval"] else "OUTSIDE"
        which = "with" if args.variant in WORRYING_BACK else "no"
        print(f"  Blake & Gent, {which} worrying back: {summary['published']:.3%} -> {inside} "
              "the interval")
    print(f"  solve time: mean {summary['mean_seconds']} s, 95th percentile "
          f"{summary['p95_seconds']} s; wall {summary['wall_seconds']} s")
    if args.json is not None:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(data, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
