"""How often a game comes out: many deals played by a strategy, with a 95% interval.

>>> report = run_stats("chain", deals=20, seed=1)
>>> report.deals, 0 <= report.wins <= 20
(20, True)
>>> wilson_interval(50, 100)
(0.4038, 0.5962)
"""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from typing import Any

from .errors import OptionError
from .game import Game
from .games import rules_for
from .strategies import get_strategy, play_out

__all__ = ["StatsReport", "run_stats", "wilson_interval", "play_deal"]


def wilson_interval(wins: int, deals: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% for z = 1.96), rounded to 4 places."""
    if deals <= 0:
        return (0.0, 1.0)
    p = wins / deals
    denominator = 1 + z * z / deals
    centre = (p + z * z / (2 * deals)) / denominator
    half = z * math.sqrt(p * (1 - p) / deals + z * z / (4 * deals * deals)) / denominator
    return (round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4))


@dataclass(frozen=True)
class StatsReport:
    """The result of :func:`run_stats`; ``to_dict`` gives the CLI's JSON."""

    game: str
    deals: int
    wins: int
    win_rate: float
    ci95: tuple[float, float]
    seconds: float
    strategy: str
    seed: int
    options: dict[str, str] = field(default_factory=dict)
    reasons: dict[str, int] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["ci95"] = list(self.ci95)
        return data

    def __str__(self) -> str:
        low, high = self.ci95
        return (
            f"{self.game} ({self.strategy}): {self.wins} of {self.deals} deals won = "
            f"{self.win_rate:.1%} (95% interval {low:.1%} to {high:.1%}), {self.seconds:.1f} s"
        )


def play_deal(game: str, seed: int, strategy: str | None = None,
              options: Mapping[str, str] | None = None) -> tuple[bool, str]:
    """Play one deal with a strategy; return (won, reason)."""
    deal = Game(rules_for(game, options), seed=seed)
    outcome = play_out(deal, get_strategy(game, strategy, seed=seed))
    return outcome.won, outcome.reason


def _chunk(args: tuple[str, list[int], str | None, dict[str, str]]) -> list[tuple[bool, str]]:
    game, seeds, strategy, options = args
    return [play_deal(game, seed, strategy, options) for seed in seeds]


def _progress_bar(total: int) -> Callable[[int], None]:
    start = time.monotonic()

    def show(done: int) -> None:
        width = 30
        filled = width * done // max(total, 1)
        elapsed = time.monotonic() - start
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} "
                         f"deals, {elapsed:.0f} s")
        if done == total:
            sys.stderr.write("\n")
        sys.stderr.flush()

    return show


def _results(game: str, seeds: list[int], strategy: str | None, options: dict[str, str],
             workers: int) -> Iterator[list[tuple[bool, str]]]:
    size = max(1, min(50, len(seeds) // (workers * 4) or 1))
    chunks = [seeds[i:i + size] for i in range(0, len(seeds), size)]
    if workers <= 1:
        for chunk in chunks:
            yield _chunk((game, chunk, strategy, options))
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield from pool.map(_chunk, [(game, c, strategy, options) for c in chunks])


def run_stats(game: str, deals: int, seed: int = 0, workers: int = 1,
              strategy: str | None = None, options: Mapping[str, str] | None = None,
              progress: bool | None = None) -> StatsReport:
    """Play ``deals`` deals (seeds ``seed`` .. ``seed + deals - 1``) and count the wins.

    ``workers`` > 1 plays on that many processes; ``progress`` shows a bar on
    standard error (by default only when it is a terminal).
    """
    checked = rules_for(game, options).options  # fail early on a bad option
    chosen = get_strategy(game, strategy).name
    if deals < 1:
        raise OptionError(f"the number of deals must be at least 1, not {deals}")
    if progress is None:
        progress = sys.stderr.isatty()
    show = _progress_bar(deals) if progress else None
    start = time.perf_counter()
    wins = 0
    done = 0
    reasons: dict[str, int] = {}
    for chunk in _results(game, list(range(seed, seed + deals)), strategy, checked, workers):
        for won, reason in chunk:
            wins += won
            if not won:
                reasons[reason] = reasons.get(reason, 0) + 1
        done += len(chunk)
        if show:
            show(done)
    seconds = round(time.perf_counter() - start, 3)
    return StatsReport(game, deals, wins, round(wins / deals, 4), wilson_interval(wins, deals),
                       seconds, chosen, seed, dict(checked), reasons)
