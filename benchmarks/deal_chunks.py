"""Deals played in chunks, in this process or in a pool of processes, for the studies.

``study_quarrel.py`` and ``study_klondike_heuristic.py`` play each player on
the same deals; :func:`over_deals` hands the deals out and joins the answers
in the order of the deals.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import TypeVar

Answer = TypeVar("Answer")


def over_deals(play: Callable[[tuple[str, str, list[int]]], list[Answer]], player: str,
               rules: str, seeds: list[int], workers: int) -> list[Answer]:
    """``play((player, rules, chunk))`` for chunks of ``seeds``; the answers, deal by deal.

    A chunk holds at most 25 deals, and there are about four chunks a worker,
    so that every process keeps busy; with one worker, all in this process.
    ``play`` must be a module-level function (a pool pickles it).

    >>> over_deals(lambda job: [(job[0], seed) for seed in job[2]], "greedy", "", [3, 4], 1)
    [('greedy', 3), ('greedy', 4)]
    """
    size = max(1, min(25, len(seeds) // (max(workers, 1) * 4) or 1))
    chunks = [(player, rules, seeds[i:i + size]) for i in range(0, len(seeds), size)]
    if workers <= 1:
        return [answer for chunk in chunks for answer in play(chunk)]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        return [answer for part in pool.map(play, chunks) for answer in part]
