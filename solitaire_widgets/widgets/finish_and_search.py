"""A GameWidget's runs of play: auto-finish, and the search for a winnable deal.

Each goes a move (or a deal tried) at a time as a run
(:class:`~solitaire_widgets.widgets.pacing.Runs`), the controller deciding
every move and saying every word; any new input stops it.
:class:`FinishAndSearch` is a part of the GameWidget: it owns the count of moves
played, and draws and speaks through the widget's ``carry`` and controls.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator

from ..controller import Change, Controller
from ..i18n import _
from ..render.tween import RUN_TIMING, Timing
from .control_bar import ControlBar
from .pacing import Runs

__all__ = ["FinishAndSearch", "RUN_AHEAD"]

#: Auto-finish works out its next move this many seconds before the browser has
#: drawn the last one (the browser queues drawings, so the pace stays even).
RUN_AHEAD = 0.02


class FinishAndSearch:
    """Auto-finish and the winnable-deal search at ``table``, run by ``runs``.

    ``carry`` draws a change and brings the words and controls up to date (the
    widget's), ``update_controls`` brings them up to date at a run's end;
    ``controls`` say what the table says and what the auto-finish button reads.
    """

    def __init__(self, table: Controller, runs: Runs, controls: ControlBar, *,
                 carry: Callable[[Change, Timing | None], Change],
                 update_controls: Callable[[], None]) -> None:
        self.table = table
        self.runs = runs
        self.controls = controls
        self._carry = carry
        self._update_controls = update_controls
        #: The moves auto-finish has played since it began.
        self.played = 0

    # -- the search for a winnable deal ----------------------------------------------

    def search(self) -> None:
        """Look for a winnable deal a deal at a time; any input stops it."""
        self.runs.start(self._search(), self._search_stopped)

    def _search(self) -> Iterator[float]:
        search = self.table.winnable_deal()
        while True:
            try:
                progress = next(search)
            except StopIteration as done:
                self.runs.end()
                self._carry(done.value, None)
                return
            self.table.say(progress)
            self.controls.say()
            yield 0.0

    def _search_stopped(self) -> None:
        self.table.say(_("Stopped looking for a winnable deal"))
        self.controls.say()

    # -- auto-finish ------------------------------------------------------------------

    @property
    def finishing(self) -> bool:
        """Auto-finish runs."""
        return self.runs.on_stop == self._finish_stopped

    def finish(self) -> None:
        """Play on to the end before returning."""
        for _move in self._finish_moves():
            pass

    def start_finish(self) -> None:
        """Play on a move at a time (the button reads "Stop"); any input stops it."""
        moves = self._finish_moves()
        self.controls.show_finish_button(True)
        self.runs.start(moves, self._finish_stopped)

    def _finish_moves(self) -> Iterator[float]:
        self.played = 0
        return self._finish_steps()

    def _finish_steps(self) -> Iterator[float]:
        while True:
            change = self.table.finish_step(self.played)
            if not change.moved:
                self._finish_over()
                self._carry(change, None)
                return
            self.played += 1
            self._carry(change, RUN_TIMING)
            # The next move is worked out while this one is drawn.
            yield max(0.0, self.runs.busy_until - time.monotonic() - RUN_AHEAD)

    def _finish_over(self) -> None:
        self.runs.end()
        self.controls.show_finish_button(False)
        self._update_controls()

    def _finish_stopped(self) -> None:
        self.runs.end()
        self.table.finish_said(self.played, stopped=True)
        self._finish_over()
        self.controls.say()
