"""How often Chain and Quarrel could come out at best: the clairvoyant player's verdict, deal by deal.

For each deal, :func:`solitaire_widgets.bounds.best_outcome` says whether a
player who sees every card (the stock's order and every reshuffle) can win
it: won (a winning line, replayed through the engine), lost (every line
tried) or unresolved (the node budget ran out). Beside it the same deal is
played by the game's built-in player and by the random player (seeded as
``run_stats`` seeds it), so the stored results put them between the worst
and the best; a deal a player wins that the bound does not would be a bug,
and the study stops on it.

A study is built up in chunks: each run solves deals ``--start`` ..
``--start + --deals - 1`` not yet settled, appending each answer as soon as
it is known to a file in ``benchmarks/data/<game>_bound_chunks/``, so a
run that is stopped resumes where it was; the same range run again with a
larger budget solves only the deals still unresolved. ``--merge`` folds the
chunks of every reading into ``benchmarks/data/<game>_bound.json`` (one
row of ``columns`` per deal); the chunks are scratch (not kept in git), as
the stored study is read back too when a run resumes:

    nice -n 19 python benchmarks/study_bounds.py --game chain --start 0 --deals 10000
    nice -n 19 python benchmarks/study_bounds.py --game quarrel --start 0 --deals 2000 \\
        --nodes 200000
    python benchmarks/study_bounds.py --game quarrel --merge

``--reading`` picks the game's options: Chain ``book`` (the auxiliary row
at any stuck point of the first deal) or ``at-start``; Quarrel ``book``,
``when-stuck`` (deal only when no card can go up) or ``hit-gathered``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from solitaire_widgets import new_game
from solitaire_widgets.bounds import best_outcome
from solitaire_widgets.stats import play_deal, wilson_interval

RESULTS = Path(__file__).parent / "data"
READINGS: dict[str, dict[str, dict[str, str]]] = {
    "chain": {"book": {}, "at-start": {"aux_row": "at-start"}},
    "quarrel": {"book": {}, "when-stuck": {"deal": "when-stuck"},
                "hit-gathered": {"hit_card": "gathered"}},
}
#: The built-in player each deal is also played by (besides the random player).
PLAYER = {"chain": "play-everything", "quarrel": "text-advice"}

Row = dict[str, Any]


def chunk_dir(game: str) -> Path:
    return RESULTS / f"{game}_bound_chunks"


def solve(game: str, reading: str, seed: int, nodes: int) -> Row:
    """One deal's answer: the bound's verdict and the two players' results."""
    options = READINGS[game][reading]
    began = time.perf_counter()
    bound = best_outcome(new_game(game, seed=seed, **options), max_nodes=nodes)
    took = time.perf_counter() - began
    player = play_deal(game, seed, PLAYER[game], options)[0]
    chance = play_deal(game, seed, "random", options)[0]
    if (player or chance) and bound.status != "won":
        raise AssertionError(f"{game} deal {seed} ({reading}): a player wins it, the bound "
                             f"says {bound.status}")
    row: Row = {"seed": seed, "status": bound.status, "nodes": bound.nodes,
                "seconds": round(took, 3), "max_nodes": nodes, "moves": len(bound.moves),
                "player": player, "random": chance}
    if game == "chain":
        row["lines"], row["lines_won"] = bound.lines, bound.lines_won
    return row


def chunk_rows(game: str, reading: str) -> list[Row]:
    """Every answer in the chunks of ``game`` under ``reading``, in the order written."""
    rows = []
    for path in sorted(chunk_dir(game).glob(f"{reading}_*.jsonl")):
        rows.extend(json.loads(line) for line in path.read_text().splitlines() if line.strip())
    return rows


def stored_rows(game: str, reading: str) -> list[Row]:
    """The deals of the stored study of ``game`` under ``reading``."""
    path = RESULTS / f"{game}_bound.json"
    if not path.exists():
        return []
    study = json.loads(path.read_text())["readings"].get(reading)
    if study is None:
        return []
    return [dict(zip(study["columns"], row, strict=True)) for row in study["deals"]]


def best_rows(game: str, reading: str) -> dict[int, Row]:
    """Each deal's best answer: a verdict over unresolved, then the larger budget."""
    best: dict[int, Row] = {}
    for row in stored_rows(game, reading) + chunk_rows(game, reading):
        old = best.get(row["seed"])
        if old is None or (old["status"] == "unresolved" and (
                row["status"] != "unresolved" or row["max_nodes"] > old["max_nodes"])):
            best[row["seed"]] = row
    return best


def run_chunk(game: str, reading: str, start: int, deals: int, nodes: int,
              stop_at: float | None = None, progress: bool = True) -> Path:
    """Solve the deals of ``start .. start + deals - 1`` not yet settled at this budget.

    ``stop_at``: a ``time.time()`` after which no new deal is started.
    """
    known = best_rows(game, reading)
    seeds = [s for s in range(start, start + deals)
             if s not in known or (known[s]["status"] == "unresolved"
                                   and known[s]["max_nodes"] < nodes)]
    folder = chunk_dir(game)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{reading}_{start:05d}-{start + deals - 1:05d}.jsonl"
    if progress:
        print(f"  {game} ({reading}): {len(seeds)} of {deals} deals to solve -> {path}",
              file=sys.stderr)
    with path.open("a") as out:
        for done, seed in enumerate(seeds, 1):
            if stop_at is not None and time.time() > stop_at:
                print(f"  stopped at the time limit after {done - 1} deals", file=sys.stderr)
                break
            out.write(json.dumps(solve(game, reading, seed, nodes)) + "\n")
            out.flush()
            if progress and done % 500 == 0:
                print(f"  {done}/{len(seeds)}", file=sys.stderr, flush=True)
    return path


def summarise(game: str, reading: str, rows: list[Row]) -> dict[str, Any]:
    """The counts of a reading's deals (seeds 0 .. len(rows) - 1)."""
    deals = len(rows)
    wins = sum(r["status"] == "won" for r in rows)
    losses = sum(r["status"] == "lost" for r in rows)
    unresolved = deals - wins - losses
    times = sorted(r["seconds"] for r in rows)
    player = sum(r["player"] for r in rows)
    chance = sum(r["random"] for r in rows)
    summary: dict[str, Any] = {
        "game": game,
        "reading": reading,
        "options": READINGS[game][reading],
        "deals": deals,
        "first_seed": 0,
        "wins": wins,
        "losses": losses,
        "unresolved": unresolved,
        # Every unresolved deal counted lost, then won.
        "bounds": [round(wins / deals, 4), round((wins + unresolved) / deals, 4)],
        "ci95": list(wilson_interval(wins, deals)),
        "ci95_all_unresolved_won": list(wilson_interval(wins + unresolved, deals)),
        "player": PLAYER[game],
        "player_wins": player,
        "random_wins": chance,
        "won_only_by_bound": sum(r["status"] == "won" and not r["player"] for r in rows),
        "max_nodes": min(r["max_nodes"] for r in rows),
        "max_nodes_used": max(r["nodes"] for r in rows),
        "mean_seconds": round(sum(times) / deals, 4),
        "p95_seconds": times[min(deals - 1, int(0.95 * deals))],
        "max_seconds": times[-1],
    }
    if game == "chain":
        # The worst possible player: it wins only deals that every line wins.
        summary["worst_wins"] = sum(r["lines_won"] == r["lines"] for r in rows)
        summary["with_a_choice"] = sum(r["lines"] > 1 for r in rows)
    return summary


def merge(game: str) -> dict[str, Any]:
    """The stored study of ``game``: every reading's deals from seed 0 up to the first gap."""
    path = RESULTS / f"{game}_bound.json"
    old = json.loads(path.read_text()) if path.exists() else {"readings": {}}
    out: dict[str, Any] = {"game": game, "readings": {}}
    for reading in READINGS[game]:
        best = best_rows(game, reading)
        stop = 0
        while stop in best:
            stop += 1
        if not stop:
            continue
        rows = [best[s] for s in range(stop)]
        commands = list(old["readings"].get(reading, {}).get("summary", {}).get("commands", []))
        for chunk in sorted(chunk_dir(game).glob(f"{reading}_*.jsonl")):
            first, last = (int(x) for x in chunk.stem.split("_")[1].split("-"))
            done = [json.loads(line) for line in chunk.read_text().splitlines() if line.strip()]
            for budget in sorted({row["max_nodes"] for row in done}):
                command = (f"nice -n 19 python benchmarks/study_bounds.py --game {game} "
                           f"--reading {reading} --start {first} --deals {last - first + 1} "
                           f"--nodes {budget}")
                if command not in commands:
                    commands.append(command)
        summary = summarise(game, reading, rows)
        summary["commands"] = commands
        summary["command"] = "; then ".join(
            [*commands, f"python benchmarks/study_bounds.py --game {game} --merge"])
        columns = list(rows[0])
        out["readings"][reading] = {"summary": summary, "columns": columns,
                                    "deals": [[row[c] for c in columns] for row in rows]}
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=tuple(READINGS), required=True)
    parser.add_argument("--reading", default="book")
    parser.add_argument("--start", type=int, default=0, help="first seed")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--nodes", type=int, default=200_000,
                        help="node budget per deal (Quarrel's search)")
    parser.add_argument("--until", default=None,
                        help="start no new deal after this UTC time, HH:MM")
    parser.add_argument("--merge", action="store_true",
                        help="fold every chunk into benchmarks/data/<game>_bound.json")
    args = parser.parse_args(argv)
    if args.reading not in READINGS[args.game]:
        parser.error(f"--reading for {args.game} is one of {', '.join(READINGS[args.game])}")
    if not args.merge:
        stop_at = None
        if args.until:
            hours, minutes = (int(x) for x in args.until.split(":"))
            now = time.gmtime()
            stop_at = time.time() + ((hours - now.tm_hour) * 60 + minutes - now.tm_min) * 60 \
                - now.tm_sec
        run_chunk(args.game, args.reading, args.start, args.deals, args.nodes, stop_at)
        return 0
    data = merge(args.game)
    for reading, study in data["readings"].items():
        s = study["summary"]
        low, high = s["ci95"]
        print(f"{args.game} ({reading}), deals 0..{s['deals'] - 1}: the clairvoyant player "
              f"wins {s['wins']}, loses {s['losses']}, unresolved {s['unresolved']}; "
              f"{s['wins'] / s['deals']:.1%} (95% interval {low:.1%} .. {high:.1%}); "
              f"{s['player']} {s['player_wins']}, random {s['random_wins']}; "
              f"mean {s['mean_seconds']} s, 95th percentile {s['p95_seconds']} s")
    # One deal to a line: readable, and small enough to keep in git.
    parts = []
    for reading, study in data["readings"].items():
        deals = ",\n".join(json.dumps(row) for row in study["deals"])
        parts.append(f'{json.dumps(reading)}: {{"summary": {json.dumps(study["summary"])},\n'
                     f'"columns": {json.dumps(study["columns"])},\n"deals": [\n{deals}]}}')
    text = f'{{"game": {json.dumps(args.game)}, "readings": {{\n' + ",\n".join(parts) + "}}"
    (RESULTS / f"{args.game}_bound.json").write_text(text + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
