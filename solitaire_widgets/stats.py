"""How often a game comes out: many deals played by a strategy, with a 95% interval.

>>> report = run_stats("chain", deals=20, seed=1)
>>> report.deals, 0 <= report.wins <= 20
(20, True)
>>> wilson_interval(50, 100)
(0.4038, 0.5962)
"""

from __future__ import annotations

import math
import re
import sys
import time
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from typing import Any

from .chance import MAX_SEED
from .errors import OptionError, excerpt
from .game import Game
from .games import GAMES, rules_class, rules_for
from .i18n import _, format_decimal, format_number, format_percent, ngettext
from .rules import Rules
from .solver_hook import solver_of
from .strategies import Strategy, get_strategy, play_out

__all__ = ["StatsReport", "run_stats", "wilson_interval", "mcnemar_p", "play_deal"]


def wilson_interval(wins: int, deals: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% for z = 1.96), rounded to 4 places."""
    if deals <= 0:
        return (0.0, 1.0)
    p = wins / deals
    denominator = 1 + z * z / deals
    centre = (p + z * z / (2 * deals)) / denominator
    half = z * math.sqrt(p * (1 - p) / deals + z * z / (4 * deals * deals)) / denominator
    return (round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4))


def mcnemar_p(only_a: int, only_b: int) -> float:
    """McNemar's exact two-sided p-value for two players on the same deals.

    ``only_a`` deals are won by the first player alone, ``only_b`` by the
    second alone (deals both win or both lose say nothing of the difference).

    >>> mcnemar_p(0, 0), round(mcnemar_p(10, 0), 4)
    (1.0, 0.002)
    """
    n = only_a + only_b
    if n == 0:
        return 1.0
    k = min(only_a, only_b)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2 ** n
    return float(min(1.0, 2 * tail))


@dataclass(frozen=True)
class StatsReport:
    """The result of :func:`run_stats`; ``to_dict`` gives the CLI's JSON.

    With the solver, ``unresolved`` deals (its budget ran out) are neither
    wins nor losses: ``win_rate`` and ``ci95`` are over the resolved deals.
    """

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
    unresolved: int = 0

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["ci95"] = list(self.ci95)
        data["losses"] = self.deals - self.wins - self.unresolved
        return data

    def outcome(self) -> str:
        """How the deals came out, in the current language.

        >>> from solitaire_widgets.i18n import use_language
        >>> report = StatsReport("chain", 20, 5, 0.25, (0.11, 0.47), 0.2, "default", 1)
        >>> report.outcome()
        '5 of 20 deals won, 25.0% (95% Wilson interval 11.0% to 47.0%)'
        >>> with use_language("pl"):
        ...     report.outcome()
        'wygrane 5 z 20 rozdań, 25,0% (95-procentowy przedział Wilsona: od 11,0% do 47,0%)'
        """
        low, high = self.ci95
        resolved = self.deals - self.unresolved
        text = ngettext("{wins} of {deals} deal won, {rate} (95% Wilson interval {low} to {high})",
                        "{wins} of {deals} deals won, {rate} (95% Wilson interval {low} to {high})",
                        resolved).format(
            wins=format_number(self.wins), deals=format_number(resolved),
            rate=format_percent(self.win_rate), low=format_percent(low),
            high=format_percent(high))
        if self.unresolved:
            text += ngettext(", {n} unresolved", ", {n} unresolved", self.unresolved).format(
                n=format_number(self.unresolved))
        return text

    def __str__(self) -> str:
        """The game, the strategy, :meth:`outcome` and the time taken (the CLI's words)."""
        return _("{game} ({strategy}): {outcome}, {seconds} s").format(
            game=self.game, strategy=self.strategy, outcome=self.outcome(),
            seconds=format_decimal(self.seconds))


#: A strategy by name, or a class (any callable) that makes a fresh one per deal.
StrategySpec = str | Callable[[], Strategy] | None


def _make_strategy(game: str, spec: StrategySpec, seed: int = 0) -> Strategy:
    if spec is None or isinstance(spec, str):
        return get_strategy(game, spec, seed=seed)
    made = spec()
    # What ``isinstance(made, Strategy)`` asks, without the protocol's slow check per deal.
    if not (hasattr(made, "name") and hasattr(made, "choose")):
        raise OptionError(_("a strategy needs a 'name' and a 'choose(game)' method"))
    return made


@dataclass(frozen=True)
class Job:
    """What to do with each deal: play it with a strategy, or solve it."""

    game: str
    strategy: StrategySpec = None
    options: dict[str, str] = field(default_factory=dict)
    solver: bool = False
    max_nodes: int = 200_000


def play_deal(game: str, seed: int, strategy: StrategySpec = None,
              options: Mapping[str, str] | None = None) -> tuple[bool, str]:
    """Play one deal with a strategy (a name, or a class); return (won, reason)."""
    return _play(rules_for(game, options), seed, strategy)


def _play(rules: Rules, seed: int, strategy: StrategySpec) -> tuple[bool, str]:
    """:func:`play_deal` with the rules already made (a study makes them once)."""
    outcome = play_out(Game(rules, seed=seed), _make_strategy(rules.name, strategy, seed))
    return outcome.won, outcome.reason


def _run(job: Job, seed: int, rules: Rules | None = None) -> tuple[str, str]:
    """One deal: ``("won" | "lost" | "unresolved", reason)``."""
    if rules is None:
        rules = rules_for(job.game, job.options)
    if job.solver:
        solver = solver_of(rules)
        assert solver is not None, "play_many checks that the game has a solver"
        solution = solver.solve(Game(rules, seed=seed), max_nodes=job.max_nodes)
        reasons = {"won": "", "lost": "no line of play wins (the solver searched them all)",
                   "unresolved": f"unresolved within {job.max_nodes:,} positions"}
        return solution.status, reasons[solution.status]
    won, reason = _play(rules, seed, job.strategy)
    return ("won" if won else "lost"), reason


def _chunk(args: tuple[Job, list[int]]) -> list[tuple[str, str]]:
    job, seeds = args
    rules = rules_for(job.game, job.options)
    return [_run(job, seed, rules) for seed in seeds]


def _progress_bar(total: int) -> Callable[[int], None]:
    """A progress bar of ``total`` deals on standard error, with the time still to go.

    It is tqdm's when tqdm is installed (``pip install 'solitaire-widgets[cli]'``),
    else a plain line drawn here; ``show(done)`` moves it on, and ends it at ``total``.
    """
    try:
        from tqdm import tqdm  # type: ignore[import-untyped,unused-ignore]
    except ImportError:
        return _plain_bar(total)
    bar = tqdm(total=total, unit="deal", file=sys.stderr, dynamic_ncols=True)

    def show(done: int) -> None:
        bar.update(done - bar.n)
        if done >= total:
            bar.close()

    return show


def _plain_bar(total: int) -> Callable[[int], None]:
    """The progress bar without tqdm: ``[####....] 40/100 deals, 12 s, about 18 s to go``."""
    start = time.monotonic()

    def show(done: int) -> None:
        width = 30
        filled = width * done // max(total, 1)
        elapsed = time.monotonic() - start
        left = ""
        if 0 < done < total:
            left = f", about {elapsed / done * (total - done):.0f} s to go"
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} "
                         f"deals, {elapsed:.0f} s{left}")
        if done == total:
            sys.stderr.write("\n")
        sys.stderr.flush()

    return show


#: The largest solver budget per deal, in positions.
MAX_NODES = 10**9


#: The most deals one study plays (its seeds are listed up front).
MAX_DEALS = 10_000_000
#: The most worker processes on one machine.
MAX_WORKERS = 256
#: How long to wait for a Dask scheduler before saying it cannot be reached.
DASK_TIMEOUT_S = 10


def _dask_client(address: str) -> Any:
    """A client of the Dask scheduler at ``address``; a clear error, fast, if there is none."""
    try:
        from distributed import Client
    except ImportError:
        raise OptionError(_("--dask needs the 'distributed' package: "
                            "pip install 'solitaire-widgets[dask]'")) from None
    where = excerpt(address)
    if not isinstance(address, str) or not re.fullmatch(r"([a-z]+://)?[\w.\-\[\]:]+:\d+", address):
        raise OptionError(_("{address} is not a Dask scheduler address: write it as "
                            "tcp://HOST:PORT, e.g. tcp://127.0.0.1:8786").format(address=where))
    sys.stderr.write(_("connecting to the Dask scheduler at {address} (at most {seconds} s)"
                       ).format(address=address, seconds=DASK_TIMEOUT_S) + "\n")
    try:
        return Client(address, timeout=DASK_TIMEOUT_S)  # type: ignore[no-untyped-call]
    except Exception as error:  # OSError, TimeoutError, ValueError... all mean "not there"
        reason = " ".join((str(error) or type(error).__name__).split())
        reason = reason if len(reason) <= 120 else reason[:119] + "…"
        raise OptionError(_("cannot reach a Dask scheduler at {address}: {reason}").format(
            address=where, reason=reason)) from None


def _results(job: Job, seeds: list[int], workers: int,
             dask: str | None) -> Iterator[list[tuple[str, str]]]:
    parallel = max(workers, 1)
    # The solver spends seconds on a deal: small chunks keep the progress bar moving.
    size = max(1, min(2 if job.solver else 50, len(seeds) // (parallel * 4) or 1))
    chunks = [(job, seeds[i:i + size]) for i in range(0, len(seeds), size)]
    if dask:
        # A study too big for one machine runs on a Dask cluster: the same
        # chunks, sent to the scheduler at ``dask`` (e.g. tcp://host:8786).
        with _dask_client(dask) as client:
            futures = client.map(_chunk, chunks, pure=False)
            for future in futures:
                yield future.result()
        return
    if workers <= 1:
        for chunk in chunks:
            yield _chunk(chunk)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield from pool.map(_chunk, chunks)


def run_stats(game: str, deals: int, seed: int = 0, workers: int = 1,
              strategy: StrategySpec = None, options: Mapping[str, str] | None = None,
              progress: bool | None = None, *, solver: bool = False,
              max_nodes: int = 200_000, dask: str | None = None) -> StatsReport:
    """Play ``deals`` deals (seeds ``seed`` .. ``seed + deals - 1``) and count the wins.

    ``workers`` > 1 plays on that many processes, ``dask`` on a Dask cluster
    (its scheduler's address); ``progress`` shows a bar on standard error (by
    default only when it is a terminal). ``solver=True`` (Klondike only) asks
    the solver, which sees every card, whether each deal can be won at all.

    ``strategy`` is a strategy's name or your own strategy class (made anew
    for every deal; with ``workers`` > 1 it must be importable by the worker
    processes, i.e. defined in a module rather than in a notebook).
    """
    rules = rules_for(game, options)  # fail early on a bad option
    checked = rules.options
    if solver and solver_of(rules) is None:
        solved = ", ".join(rules_class(name)().game_title() for name in GAMES
                           if solver_of(rules_class(name)) is not None)
        if not solved:
            raise OptionError(_("the solver plays no game"))
        raise OptionError(_("the solver plays {games} only, not {game}").format(
            games=solved, game=rules.game_title()))
    chosen = "solver" if solver else _make_strategy(game, strategy).name
    if type(deals) is not int or not 1 <= deals <= MAX_DEALS:
        raise OptionError(_("the number of deals must be at least 1 and at most {most}, "
                            "not {found}").format(most=format_number(MAX_DEALS),
                                                  found=excerpt(deals)))
    if type(seed) is not int or not 0 <= seed <= MAX_SEED - deals:
        raise OptionError(_("the first deal number must be a whole number from 0 to "
                            "{most}, not {found}").format(most=MAX_SEED - deals,
                                                          found=excerpt(seed)))
    if type(workers) is not int or not 1 <= workers <= MAX_WORKERS:
        raise OptionError(_("the number of worker processes must be from 1 to {most}, "
                            "not {found}").format(most=MAX_WORKERS, found=excerpt(workers)))
    if type(max_nodes) is not int or not 1 <= max_nodes <= MAX_NODES:
        raise OptionError(_("the solver's budget is a whole number of positions from 1 to "
                            "{most}, not {found}").format(most=format_number(MAX_NODES),
                                                          found=excerpt(max_nodes)))
    if progress is None:
        progress = sys.stderr.isatty()
    show = _progress_bar(deals) if progress else None
    job = Job(game, strategy, dict(checked), solver, max_nodes)
    start = time.perf_counter()
    wins = unresolved = done = 0
    reasons: dict[str, int] = {}
    for chunk in _results(job, list(range(seed, seed + deals)), workers, dask):
        for status, reason in chunk:
            wins += status == "won"
            unresolved += status == "unresolved"
            if status != "won":
                reasons[reason] = reasons.get(reason, 0) + 1
        done += len(chunk)
        if show:
            show(done)
    seconds = round(time.perf_counter() - start, 3)
    resolved = deals - unresolved
    rate = round(wins / resolved, 4) if resolved else 0.0
    return StatsReport(game, deals, wins, rate, wilson_interval(wins, resolved),
                       seconds, chosen, seed, dict(checked), reasons, unresolved)
