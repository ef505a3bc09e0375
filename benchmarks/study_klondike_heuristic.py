"""Klondike's built-in heuristic against the notebook's SimplePlayer, on the same deals.

Plays deals ``start .. start + deals - 1`` under both variants (Polish and
standard) with three players:

- ``heuristic``: the built-in default (``solitaire_widgets.games.klondike.strategies``),
  played through ``stats.play_deal``, the per-deal function of ``run_stats``;
- ``simple``: the ~25-line ``SimplePlayer`` of
  ``notebooks/03-write-your-own-strategy.ipynb``, copied below (with one
  addition that changes no result: it gives up when a redeal would bring back a
  position it has already redealt from, where the original would go round the
  same pass until ``play_out``'s move limit);
- ``old-heuristic``: the heuristic as it was before this study (read from git at
  ``--old-commit``; skipped when git cannot give it).

For each it prints the win rate with its 95% Wilson interval, and for each pair
against the new heuristic the discordant deals (won by one, lost by the other)
with McNemar's exact two-sided p-value. ``--json`` writes the table.

    python benchmarks/study_klondike_heuristic.py --deals 1000 --workers 2 \\
        --json benchmarks/data/klondike_heuristic.json
"""

from __future__ import annotations

import argparse
import functools
import json
import shlex
import subprocess
import sys
import time
import types
from pathlib import Path
from typing import Any

from deal_chunks import over_deals

from solitaire_widgets import new_game
from solitaire_widgets.games.klondike.strategies import SimplePlayer
from solitaire_widgets.stats import mcnemar_p, play_deal, run_stats, wilson_interval
from solitaire_widgets.strategies import Strategy, play_out

VARIANTS = ("polish", "standard")
OLD_COMMIT = "240c4b2"
OLD_PATH = "solitaire_widgets/strategies/klondike.py"
ROOT = Path(__file__).resolve().parent.parent


@functools.cache
def _old_player() -> type | None:
    """The heuristic player class as it was at ``OLD_COMMIT``, or None."""
    try:
        source = subprocess.run(
            ["git", "show", f"{OLD_COMMIT}:{OLD_PATH}"], cwd=ROOT, check=True,
            capture_output=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    module = types.ModuleType("solitaire_widgets.strategies._old_klondike")
    module.__package__ = "solitaire_widgets.strategies"
    exec(compile(source, OLD_PATH, "exec"), module.__dict__)  # noqa: S102 - our own history
    player: type = module.HeuristicPlayer
    return player


def _play(args: tuple[str, str, list[int]]) -> list[tuple[bool, float]]:
    player, variant, seeds = args
    rows = []
    for seed in seeds:
        start = time.perf_counter()
        if player == "heuristic":
            won = play_deal("klondike", seed, "heuristic", {"variant": variant})[0]
        else:
            strategy: Strategy
            if player == "simple":
                strategy = SimplePlayer()
            else:
                old = _old_player()
                assert old is not None
                strategy = old()
            won = play_out(new_game("klondike", seed=seed, variant=variant), strategy).won
        rows.append((won, time.perf_counter() - start))
    return rows


def play_all(player: str, variant: str, seeds: list[int],
             workers: int) -> list[tuple[bool, float]]:
    """(won, seconds) for each deal of ``seeds``."""
    return over_deals(_play, player, variant, seeds, workers)




def study(deals: int, start: int, workers: int, players: list[str],
          variants: list[str], check: bool) -> dict[str, Any]:
    """Play every player on every variant; the summary table."""
    seeds = list(range(start, start + deals))
    table: dict[str, Any] = {}
    for variant in variants:
        results: dict[str, list[tuple[bool, float]]] = {}
        rows: dict[str, Any] = {}
        for player in players:
            results[player] = play_all(player, variant, seeds, workers)
            wins = sum(won for won, _ in results[player])
            low, high = wilson_interval(wins, deals)
            mean_ms = 1000 * sum(s for _, s in results[player]) / deals
            rows[player] = {"wins": wins, "deals": deals, "win_rate": round(wins / deals, 4),
                            "ci95": [round(low, 4), round(high, 4)],
                            "ms_per_deal": round(mean_ms, 2)}
            print(f"{variant:9} {player:14} {wins:4}/{deals} = {wins / deals:6.1%} "
                  f"[{low:.1%}, {high:.1%}]  {mean_ms:.1f} ms/deal", flush=True)
        if check and "heuristic" in players:
            report = run_stats("klondike", deals, seed=start, workers=workers,
                               strategy="heuristic", options={"variant": variant})
            assert report.wins == rows["heuristic"]["wins"], (report.wins, rows["heuristic"])
            rows["heuristic"]["run_stats_wins"] = report.wins
        paired: dict[str, Any] = {}
        if "heuristic" in results:
            for other in players:
                if other == "heuristic":
                    continue
                mine = [won for won, _ in results["heuristic"]]
                theirs = [won for won, _ in results[other]]
                only_new = sum(a and not b for a, b in zip(mine, theirs, strict=True))
                only_other = sum(b and not a for a, b in zip(mine, theirs, strict=True))
                p = mcnemar_p(only_new, only_other)
                paired[other] = {"won_only_by_heuristic": only_new,
                                 f"won_only_by_{other}": only_other, "mcnemar_p": p}
                print(f"{variant:9} heuristic vs {other}: {only_new} deals won only by the "
                      f"heuristic, {only_other} only by {other} (McNemar p = {p:.2g})")
        table[variant] = {"players": rows, "paired_with_heuristic": paired}
    return table


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--players", default="heuristic,simple,old-heuristic")
    parser.add_argument("--variants", default=",".join(VARIANTS))
    parser.add_argument("--no-check", action="store_true",
                        help="skip re-counting the heuristic's wins with run_stats")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    players = args.players.split(",")
    if "old-heuristic" in players and _old_player() is None:
        print(f"git cannot show {OLD_COMMIT}:{OLD_PATH}; skipping old-heuristic",
              file=sys.stderr)
        players.remove("old-heuristic")
    began = time.perf_counter()
    table = study(args.deals, args.start, args.workers, players,
                  args.variants.split(","), not args.no_check)
    if args.json:
        command = "python benchmarks/study_klondike_heuristic.py " + shlex.join(
            sys.argv[1:] if argv is None else argv)
        out = {"command": command, "first_seed": args.start, "deals": args.deals,
               "old_heuristic_commit": OLD_COMMIT, "wall_seconds":
               round(time.perf_counter() - began, 1), "variants": table}
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(out, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
