"""A game reviewed: at each position of its history, could the deal still be won?

A chess player who lost asks the engine where it went wrong; a solitaire
player can ask the same. :func:`review` answers for every position of a
game's history (0 the opening deal, ``i`` the position after the ``i``-th
move) whether the deal can still be won from there: ``"won"`` (some line of
play wins), ``"lost"`` (none does, every line was tried) or ``"unknown"``
(not settled within the budget; never a guess).

The search is the one the game has: Klondike's solver
(:mod:`solitaire_widgets.games.klondike.solver`, every rule set, with or without worrying
back), and for a game with a clairvoyant bound (``Rules.bound``) that bound
(``solitaire_widgets.bounds``). Each sees every card, face-down ones and
the order of every reshuffle (drawn from the deal's number) included.

The **turning point** is the 0-based index ``k`` of the move after which a
winnable deal can no longer be won: position ``k`` can be won, position
``k + 1`` cannot. The review gives a move that would have kept the win there
(the first move of a winning line from position ``k``) and that whole line.

How it spends its budget. Along a history the answers are monotone: a
position that can be won makes every earlier one winnable (play the moves
that led to it, then its winning line), and a lost one makes every later one
lost (every line from it loses, the history's too). So the positions form a
run of wins, then a run of losses, perhaps with positions not settled
between them, and the review looks for the boundary from both ends: the
position the game ended in (a lost end is lost without a search) and the
opening, then bisection between the last position known won and the first
known lost. Every answer is used for more than its own position: a won
search's line proves every position of the history that follows it, a lost
position proves lost an earlier one whose only legal move led to it, and a
finished game that was won proves every position won with no search at all.
A position whose search ran out of budget is passed over for its nearest
neighbours. The turning point, once found, is checked: its winning line is
played through the engine to a win.

>>> from solitaire_widgets import new_game
>>> game = new_game("klondike", seed=2, variant="standard")
>>> _ = game.play("turn")
>>> result = review(game)
>>> result.verdicts
['won', 'won']
>>> print(result.turning_point)
None
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from .bounds import best_outcome
from .errors import OptionError, excerpt
from .game import Game
from .i18n import _, format_number, ngettext
from .moves import Move
from .solver_hook import solver_of

__all__ = ["Review", "Reviewer", "Verdict", "review", "can_review", "DEFAULT_NODES",
           "naive_review"]

Verdict = Literal["won", "lost", "unknown"]

#: Positions one search may expand, unless the caller says otherwise.
DEFAULT_NODES = 100_000


def can_review(game: Game) -> bool:
    """Whether the package can search ``game``'s positions (a solver or a bound).

    >>> from solitaire_widgets import new_game
    >>> can_review(new_game("chain", seed=1))
    True
    """
    return solver_of(game.rules) is not None or game.rules.bound is not None


@dataclass(frozen=True)
class Search:
    """One search of one position: its answer, a winning line if won, and its cost."""

    status: Literal["won", "lost", "unresolved"]
    line: tuple[Move, ...] = ()
    nodes: int = 0
    seconds: float = 0.0


def _search(game: Game, max_nodes: int, max_seconds: float | None) -> Search:
    """The game's own search from ``game``'s position (Klondike's solver, or the bound)."""
    start = time.perf_counter()
    if game.is_over:
        return Search("won" if game.is_won else "lost")
    solver = solver_of(game.rules)
    if solver is not None:
        solution = solver.solve(game, max_nodes=max_nodes, max_seconds=max_seconds)
        return Search(solution.status, tuple(solution.moves), solution.nodes,
                      time.perf_counter() - start)
    bound = best_outcome(game, max_nodes=max_nodes)
    return Search(bound.status, bound.moves, bound.nodes, time.perf_counter() - start)


@dataclass
class Review:
    """What :func:`review` found.

    ``verdicts[i]`` is position ``i``'s (0 the opening deal, ``i`` after the
    ``i``-th move); ``moves`` the history's moves and ``words`` each in
    words. ``turning_point`` is the index of the move after which the deal
    could no longer be won (None when it never could, when it was won or is
    still winnable at the end, or when the boundary was not settled);
    ``better`` a move that would have kept the win there, ``better_words`` it
    in words and ``line`` a whole winning line from that position.
    ``searched`` counts the positions searched, ``nodes`` and ``seconds``
    what they cost; ``complete`` is False when the review was stopped (its
    time budget, or cancelled) before it had done what it could.
    """

    game: str
    seed: int
    options: dict[str, str]
    moves: list[Move]
    words: list[str]
    verdicts: list[Verdict]
    turning_point: int | None = None
    better: Move | None = None
    better_words: str = ""
    line: tuple[Move, ...] = ()
    searched: int = 0
    nodes: int = 0
    seconds: float = 0.0
    complete: bool = True
    #: The budget of one search (positions), as the caller set it.
    max_nodes: int = DEFAULT_NODES
    #: Whether the game reviewed was won.
    won: bool = False

    @property
    def settled(self) -> int:
        """How many positions have a verdict (won or lost)."""
        return sum(v != "unknown" for v in self.verdicts)

    @property
    def ever_winnable(self) -> bool | None:
        """Whether the deal could be won from its opening (None: not settled)."""
        first = self.verdicts[0]
        return None if first == "unknown" else first == "won"

    @property
    def between(self) -> tuple[int, int] | None:
        """Where the turning point lies when it is not settled: the first and last
        move it may be (the moves between the last position known won and the first
        known lost); None when there is none to look for or it is settled."""
        won = [i for i, v in enumerate(self.verdicts) if v == "won"]
        lost = [i for i, v in enumerate(self.verdicts) if v == "lost"]
        if self.turning_point is not None or not lost or (not won and lost[0] == 0):
            return None
        first = won[-1] if won else 0
        return first, lost[0] - 1

    def summary(self) -> str:
        """The review in a sentence, in a player's words.

        >>> from solitaire_widgets import new_game
        >>> print(review(new_game("chain", seed=5)).summary())
        This deal could never be won, whatever the play.
        """
        if self.turning_point is not None:
            k = self.turning_point
            return _("The deal could be won until move {number} ({move}); after it, it could "
                     "not. Better there: {better}").format(
                number=format_number(k + 1), move=self.words[k], better=self.better_words)
        last = self.verdicts[-1]
        if self.verdicts[0] == "lost":
            return _("This deal could never be won, whatever the play.")
        if self.won:
            return _("Won: every position of the game could be won.")
        if last == "won":
            return _("The deal can still be won from the last position.")
        between = self.between
        if between is not None:
            return _("The review could not settle where the win was lost: somewhere between "
                     "move {first} and move {last}.").format(
                first=format_number(between[0] + 1), last=format_number(between[1] + 1))
        return _("The review could not settle whether this deal could be won, within its "
                 "budget of {nodes} positions a search.").format(
            nodes=format_number(self.max_nodes))

    def to_dict(self) -> dict[str, Any]:
        """The review as plain data (what ``solitaire-widgets review --json`` prints).

        ``steps[k]`` is move ``k``: the move, in words, and the verdict on the
        position it led to; ``start`` is the opening deal's verdict.
        """
        return {
            "game": self.game,
            "seed": self.seed,
            "options": dict(self.options),
            "turning_point": self.turning_point,
            "better_move": None if self.better is None else str(self.better),
            "better_words": self.better_words or None,
            "winning_line": [str(m) for m in self.line],
            "start": self.verdicts[0],
            "steps": [{"index": k, "move": str(move), "words": self.words[k],
                       "verdict": self.verdicts[k + 1]}
                      for k, move in enumerate(self.moves)],
            "between": None if self.between is None else list(self.between),
            "summary": self.summary(),
            "settled": self.settled,
            "positions": len(self.verdicts),
            "searched": self.searched,
            "nodes": self.nodes,
            "seconds": round(self.seconds, 3),
            "max_nodes": self.max_nodes,
            "complete": self.complete,
        }


class Reviewer:
    """A review done one search at a time, so a front end can show its progress
    and stop it between searches (:func:`review` runs one to its end).

    >>> from solitaire_widgets import new_game
    >>> reviewer = Reviewer(new_game("chain", seed=5))
    >>> while not reviewer.done:
    ...     reviewer.step()
    >>> reviewer.progress
    1.0
    """

    def __init__(self, game: Game, max_nodes: int = DEFAULT_NODES,
                 max_seconds: float | None = None,
                 search_seconds: float | None = None) -> None:
        if not can_review(game):
            raise OptionError(_("there is no search that can review {game}").format(
                game=game.rules.game_title()))
        if type(max_nodes) is not int or max_nodes < 1:
            raise OptionError(_("a search's budget is a whole number of positions, at least 1, "
                                "not {value}").format(value=excerpt(max_nodes)))
        if max_seconds is not None and (not isinstance(max_seconds, (int, float))
                                        or not max_seconds > 0):
            raise OptionError(_("a review's time budget is a number of seconds above 0, "
                                "not {value}").format(value=excerpt(max_seconds)))
        self.game = game.clone()
        self.max_nodes = max_nodes
        self.max_seconds = max_seconds
        self.search_seconds = search_seconds
        steps = self.game.history
        self.n = len(steps)
        self.verdicts: list[Verdict] = ["unknown"] * (self.n + 1)
        self.lines: dict[int, tuple[Move, ...]] = {}
        self.tried: set[int] = set()
        self.searched = 0
        self.nodes = 0
        self.seconds = 0.0
        self.began = time.perf_counter()
        self.done = False
        self.stopped = False
        self._moves = [step.move for step in steps]
        self._words = [step.text for step in steps]
        # The position to look at first: the end (then bisection; see the module's docstring).
        self._first = [self.n]
        if self.game.is_over and self.game.is_won:
            # The history is a winning line: every position on it can be won.
            self.verdicts = ["won"] * (self.n + 1)
            self._first = []
            self.done = True
        elif self.game.is_over:
            self.verdicts[self.n] = "lost"
            self._first = []

    # -- the positions ---------------------------------------------------------

    def game_at(self, index: int) -> Game:
        """A copy of the game at position ``index`` (its moves after it taken back)."""
        copy = self.game.clone()
        for _step in range(self.n - index):
            copy.undo()
        copy._redo.clear()
        return copy

    def _won(self, index: int, line: tuple[Move, ...]) -> None:
        """Position ``index`` can be won by ``line``: so can every earlier one, and every
        later one the history reached by following the line."""
        for i in range(index + 1):
            self.verdicts[i] = "won"
        self.lines[index] = line
        for j, move in enumerate(line):
            at = index + j
            if at >= self.n or self._moves[at] != move:
                break
            self.verdicts[at + 1] = "won"
            self.lines[at + 1] = line[j + 1:]

    def _lost(self, index: int) -> None:
        """Position ``index`` is lost: so is every later one, and an earlier one whose
        only legal move led to it (and so on back)."""
        for i in range(index, self.n + 1):
            self.verdicts[i] = "lost"
        at = index - 1
        while at >= 0 and self.verdicts[at] == "unknown":
            if len(self.game_at(at).legal_moves()) != 1:
                break
            self.verdicts[at] = "lost"
            at -= 1

    def _bounds(self) -> tuple[int, int]:
        """The last position known won (-1 if none) and the first known lost (n + 1 if none)."""
        lo = max((i for i, v in enumerate(self.verdicts) if v == "won"), default=-1)
        hi = min((i for i, v in enumerate(self.verdicts) if v == "lost"), default=self.n + 1)
        return lo, hi

    def _next(self) -> int | None:
        """The next position to search, or None when there is nothing left to learn."""
        while self._first:
            index = self._first.pop(0)
            if self.verdicts[index] == "unknown" and index not in self.tried:
                return index
        lo, hi = self._bounds()
        untried = self._open()
        if not untried:
            return None
        middle = (lo + hi) / 2
        return min(untried, key=lambda i: (abs(i - middle), i))

    def _open(self) -> list[int]:
        """The positions between the last known won and the first known lost not yet searched."""
        lo, hi = self._bounds()
        return [i for i in range(max(lo + 1, 0), min(hi, self.n + 1)) if i not in self.tried]

    # -- going on ------------------------------------------------------------------

    @property
    def progress(self) -> float:
        """The share of the work done, 0 to 1 (the positions settled, or left to chance)."""
        if self.done:
            return 1.0
        lo, hi = self._bounds()
        open_positions = max(0, min(hi, self.n + 1) - max(lo + 1, 0))
        untried = sum(1 for i in range(max(lo + 1, 0), min(hi, self.n + 1))
                      if i not in self.tried)
        return round(1.0 - (untried if open_positions else 0) / (self.n + 1), 4)

    def step(self) -> None:
        """Search one more position (or find there is nothing left to do: ``done``)."""
        if self.done:
            return
        if self.max_seconds is not None and time.perf_counter() - self.began > self.max_seconds:
            self.stopped = True
            self.done = True
            return
        index = self._next()
        if index is None:
            self.done = True
            return
        self.tried.add(index)
        seconds = self.search_seconds
        if self.max_seconds is not None:
            left = max(0.001, self.max_seconds - (time.perf_counter() - self.began))
            seconds = left if seconds is None else min(seconds, left)
        found = _search(self.game_at(index), self.max_nodes, seconds)
        self.searched += 1
        self.nodes += found.nodes
        self.seconds += found.seconds
        if found.status == "won":
            self._won(index, found.line)
        elif found.status == "lost":
            self._lost(index)
        if not self._first and self._open() == []:
            self.done = True

    def stop(self) -> None:
        """Stop now: the review says what it found so far (``complete`` is False)."""
        if not self.done:
            self.stopped = True
            self.done = True

    def result(self) -> Review:
        """What the review has found so far (the whole of it once ``done``)."""
        lo, hi = self._bounds()
        turning: int | None = None
        better: Move | None = None
        better_words = ""
        line: tuple[Move, ...] = ()
        if 0 <= lo and hi == lo + 1 and hi <= self.n:
            turning = lo
            line = self._line(lo)
            better = line[0]
            better_words = self.game_at(lo).describe(better)
        out = Review(self.game.name, self.game.seed, self.game.options, list(self._moves),
                     list(self._words), list(self.verdicts), turning, better, better_words,
                     line, self.searched, self.nodes, self.seconds,
                     complete=not self.stopped, max_nodes=self.max_nodes,
                     won=self.game.is_over and self.game.is_won)
        return out

    def _line(self, index: int) -> tuple[Move, ...]:
        """The winning line from position ``index`` (known won), checked through the engine."""
        line = self.lines.get(index)
        if line is None:
            # Won because a later position is: that position's line, after the history's moves.
            later = min(i for i in self.lines if i > index)
            line = tuple(self._moves[index:later]) + self.lines[later]
        copy = self.game_at(index)
        for move in line:
            copy.play(move)
        if not copy.is_won:  # pragma: no cover - every line comes from a sound search
            raise AssertionError(f"the winning line from position {index} does not win")
        return line


def review(game: Game, max_nodes: int = DEFAULT_NODES, max_seconds: float | None = None,
           progress: Callable[[float], object] | None = None) -> Review:
    """Review ``game``'s history: the verdict on each position and the turning point.

    ``max_nodes`` bounds each search (positions expanded) and ``max_seconds``
    the whole review; a position not settled within them is ``"unknown"``.
    ``progress``, if given, is called with the share done (0 to 1) after each
    search; when it returns False the review stops there (``complete`` False).
    ``game`` itself is not changed.

    >>> from solitaire_widgets import new_game
    >>> from solitaire_widgets.strategies import get_strategy, play_out
    >>> game = new_game("klondike", seed=2)
    >>> _ = play_out(game, get_strategy("klondike"))
    >>> game.is_won, review(game).turning_point
    (False, 26)
    """
    reviewer = Reviewer(game, max_nodes=max_nodes, max_seconds=max_seconds)
    while not reviewer.done:
        reviewer.step()
        if progress is not None and progress(reviewer.progress) is False:
            reviewer.stop()
    return reviewer.result()


def naive_review(game: Game, max_nodes: int = DEFAULT_NODES) -> list[Verdict]:
    """Every position of ``game``'s history searched on its own, nothing shared
    (the benchmark's baseline, and the tests' check of :func:`review`).

    >>> from solitaire_widgets import new_game
    >>> naive_review(new_game("chain", seed=5)) == review(new_game("chain", seed=5)).verdicts
    True
    """
    reviewer = Reviewer(game, max_nodes=max_nodes)
    out: list[Verdict] = []
    for index in range(reviewer.n + 1):
        found = _search(reviewer.game_at(index), max_nodes, None)
        out.append("unknown" if found.status == "unresolved" else found.status)
    return out


def describe_verdict(verdict: Verdict) -> str:
    """A verdict in a player's words."""
    if verdict == "won":
        return _("can be won")
    if verdict == "lost":
        return _("lost")
    return _("not settled")


def count_words(n: int) -> str:
    """How many positions were searched, in words."""
    return ngettext("{n} position searched", "{n} positions searched", n).format(
        n=format_number(n))
