"""Quarrel's players compared on the same deals, under the book's readings or another.

Plays deals ``start .. start + deals - 1`` with every strategy of
``solitaire_widgets.games.quarrel.strategies.STRATEGIES`` (the same per-deal function
``run_stats`` uses, ``stats.play_deal``, so the totals are ``run_stats``'s) and
prints each one's win rate with its 95% Wilson interval, and a paired
comparison against the text's advice: how many deals each wins that the other
loses, with McNemar's exact two-sided p-value.

    python benchmarks/study_quarrel.py --deals 1000 --workers 2 \\
        --json benchmarks/data/quarrel_strategies.json

``--readings`` picks the readings (the game's options) to play under:
``rounds`` is the book's (every option at its default; the name is the
book's reading of "the deck may be used only three times"), ``when-stuck``
deals only when no card can go to a series, ``hit-gathered`` gathers a later
hit's card with the layout.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
import time
from pathlib import Path
from typing import Any

from deal_chunks import over_deals

from solitaire_widgets.games.quarrel.strategies import STRATEGIES
from solitaire_widgets.stats import mcnemar_p, play_deal, run_stats, wilson_interval

READINGS: dict[str, dict[str, str]] = {
    "rounds": {},
    "when-stuck": {"deal": "when-stuck"},
    "hit-gathered": {"hit_card": "gathered"},
}
REFERENCE = "text-advice"


def _chunk(args: tuple[str, str, list[int]]) -> list[bool]:
    strategy, reading, seeds = args
    return [play_deal("quarrel", s, strategy, READINGS[reading])[0] for s in seeds]


def play_all(strategy: str, reading: str, seeds: list[int], workers: int) -> list[bool]:
    """Whether each deal of ``seeds`` is won by ``strategy`` under ``reading``."""
    return over_deals(_chunk, strategy, reading, seeds, workers)




def run(deals: int, start: int, workers: int, strategies: list[str],
        readings: list[str], check: bool = False) -> dict[str, Any]:
    """Play every strategy on the same deals; the table and the paired comparisons."""
    seeds = list(range(start, start + deals))
    out: dict[str, Any] = {"deals": deals, "first_seed": start, "workers": workers,
                           "readings": {}}
    for reading in readings:
        wins: dict[str, list[bool]] = {}
        table: dict[str, Any] = {}
        for name in strategies:
            began = time.perf_counter()
            wins[name] = play_all(name, reading, seeds, workers)
            seconds = time.perf_counter() - began
            won = sum(wins[name])
            low, high = wilson_interval(won, deals)
            table[name] = {"wins": won, "win_rate": round(won / deals, 4),
                           "ci95": [low, high], "seconds": round(seconds, 1),
                           "won_seeds": [s for s, w in zip(seeds, wins[name], strict=True) if w]}
            if check:
                report = run_stats("quarrel", deals, start, workers, strategy=name,
                                   options=READINGS[reading])
                assert report.wins == won, (name, reading, report.wins, won)
            print(f"{reading:10} {name:12} {won:5} / {deals} = {won / deals:6.1%} "
                  f"(95% {low:.1%} .. {high:.1%}), {seconds:.0f} s", flush=True)
        paired: dict[str, Any] = {}
        if REFERENCE in wins:
            ref = wins[REFERENCE]
            for name in strategies:
                if name == REFERENCE:
                    continue
                only_this = sum(1 for a, b in zip(wins[name], ref, strict=True) if a and not b)
                only_ref = sum(1 for a, b in zip(wins[name], ref, strict=True) if b and not a)
                both = sum(1 for a, b in zip(wins[name], ref, strict=True) if a and b)
                paired[name] = {"vs": REFERENCE, "wins_only_this": only_this,
                                "wins_only_reference": only_ref, "both_win": both,
                                "mcnemar_p": round(mcnemar_p(only_this, only_ref), 5)}
                print(f"{reading:10} {name:12} vs {REFERENCE}: wins {only_this} it loses, "
                      f"loses {only_ref} it wins, both win {both}, McNemar p = "
                      f"{mcnemar_p(only_this, only_ref):.4f}", flush=True)
        out["readings"][reading] = {"strategies": table, "paired": paired}
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--start", type=int, default=0, help="first seed")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--strategies", nargs="*", default=list(STRATEGIES))
    parser.add_argument("--readings", nargs="*", default=["rounds"], choices=list(READINGS))
    parser.add_argument("--check", action="store_true",
                        help="also run run_stats for each and check the totals agree")
    parser.add_argument("--json", type=Path, default=None, help="write the results here")
    args = parser.parse_args(argv)
    began = time.perf_counter()
    data = run(args.deals, args.start, args.workers, args.strategies, args.readings,
               args.check)
    data["command"] = "python benchmarks/study_quarrel.py " + shlex.join(
        sys.argv[1:] if argv is None else argv)
    data["wall_seconds"] = round(time.perf_counter() - began, 1)
    if args.json is not None:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(data, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
