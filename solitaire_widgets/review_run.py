"""A review at a table: the Review button's work, shared by the GameWidget and the page's tables.

:class:`ReviewRun` runs a :class:`~solitaire_widgets.review.Reviewer` on
the table's game one search at a time (a front end shows the progress
between searches and may stop it there), then goes to the turning point
and marks the move that would have kept the win as a hint is marked, the
table saying the review's summary. :meth:`ReviewRun.strip` is what the
strip under the table shows: each position's verdict (won, lost, not
settled), the turning point and the position on the table; :func:`strip_html`
draws it (the same HTML in the notebook and in the page). A review belongs
to the history it reviewed: once the game leaves that history (another
move played there, a new deal), the strip is cleared.

>>> from solitaire_widgets import new_game
>>> from solitaire_widgets.controller import Controller
>>> from solitaire_widgets.strategies import get_strategy, play_out
>>> game = new_game("klondike", seed=2)
>>> _ = play_out(game, get_strategy("klondike"))
>>> table = Controller(game)
>>> review = ReviewRun(table)
>>> review.begin()
True
>>> while review.step():
...     pass
>>> table.game.moves_played == review.result.turning_point
True
>>> table.message  # doctest: +ELLIPSIS
'The deal could be won until move 27 ...'
"""

from __future__ import annotations

import html
from typing import Any

from .controller import Change, Controller
from .game import Game
from .i18n import _, format_number, ngettext
from .moves import Move
from .review import Review, Reviewer, Verdict, can_review, describe_verdict

__all__ = ["ReviewRun", "strip_html", "REVIEW_NODES", "REVIEW_SECONDS"]

#: The budget of one search of a table's review (positions).
REVIEW_NODES = 100_000
#: ... and the most seconds one search may take (the table answers between searches).
REVIEW_SECONDS = 5.0

#: The strip's colours: won, lost, not settled (each cell also says it in words).
COLOURS: dict[Verdict, str] = {"won": "#2e7d32", "lost": "#c62828", "unknown": "#9e9e9e"}


class ReviewRun:
    """The review of a table's game: its searches, its result and its strip."""

    def __init__(self, table: Controller, max_nodes: int = REVIEW_NODES,
                 search_seconds: float = REVIEW_SECONDS) -> None:
        self.table = table
        self.max_nodes = max_nodes
        self.search_seconds = search_seconds
        self.reviewer: Reviewer | None = None
        self.result: Review | None = None

    @property
    def running(self) -> bool:
        """A review goes on (searches are left)."""
        return self.reviewer is not None and not self.reviewer.done

    @property
    def progress(self) -> float:
        """The share of the review done, 0 to 1."""
        return self.reviewer.progress if self.reviewer is not None else 0.0

    def begin(self) -> bool:
        """Start reviewing the game as it stands (the moves taken back left out);
        False, said, when there is nothing to review."""
        game = self.table.game
        self.result = None
        self.reviewer = None
        if not can_review(game):
            self.table.say(_("There is no search that can review {game}").format(
                game=_(game.rules.title)), error=True)
            return False
        if not game.moves_played:
            self.table.say(_("Play a move first: a review looks back over the moves played"),
                           error=True)
            return False
        self.reviewer = Reviewer(game, max_nodes=self.max_nodes,
                                 search_seconds=self.search_seconds)
        self._say_progress()
        return True

    def step(self) -> bool:
        """One more search; True while more are left. When the last is done the table
        goes to the turning point (see :meth:`finish`)."""
        reviewer = self.reviewer
        if reviewer is None or reviewer.done:
            return False
        reviewer.step()
        self.result = reviewer.result()
        if reviewer.done:
            self.finish()
            return False
        self._say_progress()
        return True

    def _say_progress(self) -> None:
        reviewer = self.reviewer
        assert reviewer is not None
        self.table.say(_("Reviewing the game: {n} of {total} positions settled, {searched}")
                       .format(n=format_number(sum(v != "unknown" for v in reviewer.verdicts)),
                               total=format_number(len(reviewer.verdicts)),
                               searched=ngettext("{n} search", "{n} searches",
                                                 reviewer.searched).format(
                                   n=format_number(reviewer.searched))))

    def stop(self) -> None:
        """Stop the review between two searches; the strip keeps what it found."""
        if self.reviewer is None or self.reviewer.done:
            return
        self.reviewer.stop()
        self.result = self.reviewer.result()
        self.table.say(_("Review stopped; the strip shows what it had found"))

    def finish(self) -> Change:
        """Go to the turning point and mark the move that would have kept the win;
        say the review's summary."""
        result = self.result
        if result is None:
            return Change()
        change = Change()
        if result.turning_point is not None and self.current():
            change = self.jump(result.turning_point)
            if result.better is not None:
                self.table._hint_marks(result.better)
        self.table.say(result.summary())
        return change

    def current(self) -> bool:
        """Whether the game on the table is still on the history reviewed."""
        result = self.result
        game = self.table.game
        if result is None or game.name != result.game or game.seed != result.seed:
            return False
        played = [step.move for step in game.history]
        return len(played) <= len(result.moves) and played == result.moves[:len(played)]

    def jump(self, position: int) -> Change:
        """Show position ``position`` of the history reviewed (moves taken back, or
        played again); the rest stays to redo."""
        result = self.result
        game = self.table.game
        if result is None or not self.current():
            self.table.say(_("There is no review of this game to go along"), error=True)
            return Change(ok=False)
        if type(position) is not int or not 0 <= position <= len(result.moves):
            self.table.say(_("The game reviewed has positions 0 to {last}, not {position}")
                           .format(last=format_number(len(result.moves)),
                                   position=str(position)[:20]), error=True)
            return Change(ok=False)
        self.table._calm()
        while game.moves_played > position:
            game.undo()
        while game.moves_played < position:
            move = result.moves[game.moves_played]
            if game.can_redo:
                game.redo()
            else:
                game.play(move)
        self.table.say(self.position_words(position))
        return Change(moved=True, redraw=True)

    def position_words(self, position: int) -> str:
        """Position ``position`` of the review in words."""
        assert self.result is not None
        verdict = describe_verdict(self.result.verdicts[position])
        if position == 0:
            return _("The opening deal: {verdict}").format(verdict=verdict)
        return _("After move {number} ({move}): {verdict}").format(
            number=format_number(position), move=self.result.words[position - 1],
            verdict=verdict)

    def better_move(self) -> Move | None:
        """The move that would have kept the win at the turning point, when the table shows it."""
        result = self.result
        if (result is None or result.turning_point is None or not self.current()
                or self.table.game.moves_played != result.turning_point):
            return None
        return result.better

    def strip(self) -> dict[str, Any] | None:
        """What the strip shows: None when there is no review of the game on the table.

        ``verdicts`` (one a position), ``turning_point``, ``at`` (the position on
        the table), ``progress``, ``running``, ``better`` (the better move's words,
        shown at the turning point) and ``line`` (a winning line from it).
        """
        if self.reviewer is None or (self.result is not None and not self.current()):
            return None
        result = self.result if self.result is not None else self.reviewer.result()
        better = self.better_move()
        return {
            "verdicts": list(result.verdicts),
            "turning_point": result.turning_point,
            "at": self.table.game.moves_played,
            "progress": self.progress,
            "running": self.running,
            "better": result.better_words if better is not None else "",
            "line": [str(m) for m in result.line],
            "summary": result.summary() if not self.running else "",
        }


def strip_html(strip: dict[str, Any] | None) -> str:
    """The strip as HTML: a cell a position, coloured and named by its verdict, the
    turning point and the position on the table marked; a legend with the counts.

    >>> print(strip_html(None))
    <BLANKLINE>
    >>> "sw-review-turn" in strip_html({"verdicts": ["won", "won", "lost"], "turning_point": 1,
    ...                                  "at": 1, "progress": 1.0, "running": False})
    True
    """
    if strip is None:
        return ""
    verdicts: list[Verdict] = strip["verdicts"]
    turning = strip.get("turning_point")
    at = strip.get("at")
    cells = []
    for i, verdict in enumerate(verdicts):
        name = (_("the opening deal") if i == 0
                else _("after move {number}").format(number=format_number(i)))
        title = f"{name}: {describe_verdict(verdict)}"
        classes = ["sw-review-cell", f"sw-review-{verdict}"]
        style = f"background:{COLOURS[verdict]};"
        if i == turning:
            classes.append("sw-review-turn")
            title += " — " + _("the turning point: the last position that could be won")
            style += "outline:3px solid #f9a825;outline-offset:-1px;z-index:1;"
        if i == at:
            classes.append("sw-review-at")
            style += "box-shadow:inset 0 -5px 0 #ffffff, inset 0 -7px 0 #000000;"
        cells.append(f'<span class="{" ".join(classes)}" data-position="{i}" '
                     f'title="{html.escape(title, quote=True)}" '
                     f'style="flex:1 1 0;min-width:2px;height:18px;position:relative;'
                     f'{style}"></span>')
    counts = {v: verdicts.count(v) for v in COLOURS}
    legend = " · ".join(
        f'<span style="display:inline-block;width:0.8em;height:0.8em;'
        f'background:{COLOURS[v]};vertical-align:middle"></span> '
        f"{html.escape(describe_verdict(v))}: {format_number(counts[v])}"
        for v in COLOURS if counts[v])
    label = _("The review of the game, a cell a position: {legend}").format(
        legend=", ".join(f"{describe_verdict(v)} {format_number(counts[v])}"
                         for v in COLOURS if counts[v]))
    return (f'<div class="sw-review-strip" role="img" aria-label="{html.escape(label, quote=True)}"'
            f' style="display:flex;gap:1px;width:100%;margin:4px 0;cursor:pointer">'
            + "".join(cells) + "</div>"
            + f'<div class="sw-review-legend" style="font-size:smaller">{legend}</div>')


def position_html(game: Game) -> str:
    """The position of ``game`` as a page shows it beside a review: its picture
    (:func:`~solitaire_widgets.render.display.repr_html`) drawn twice, for a
    wide column and for a phone's, as the page's tables are, so that on a
    phone the whole table fits the column and its pile labels still read (the
    book's stylesheet shows one of the two).

    >>> from solitaire_widgets import new_game
    >>> html = position_html(new_game("klondike", seed=1))
    >>> html.startswith('<div class="sw-review-position">')
    True
    >>> 'class="sw-wide"' in html and 'class="sw-narrow"' in html and 'width="320"' in html
    True
    """
    from .render.display import PHONE_WIDTH, repr_html

    return ('<div class="sw-review-position">'
            f'<div class="sw-wide">{repr_html(game)}</div>'
            f'<div class="sw-narrow">{repr_html(game, PHONE_WIDTH)}</div></div>')
