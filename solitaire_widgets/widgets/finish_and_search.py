"""A GameWidget's runs of play: auto-finish, and the search for a winnable deal.

Each goes a move (or a deal tried) at a time as a run
(:class:`~solitaire_widgets.widgets.pacing.Runs`), the controller deciding
every move and saying every word; any new input stops it.
:class:`TableRuns` is a part of the GameWidget (its attributes are the widget's).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from typing import Any

from ..controller import Change, TableController
from ..i18n import _
from ..render.tween import RUN_TIMING, Timing
from .pacing import Runs, running_loop
from .threads import serialized

__all__ = ["TableRuns", "RUN_AHEAD"]

#: Auto-finish works out its next move this many seconds before the browser has
#: drawn the last one (the browser queues drawings, so the pace stays even).
RUN_AHEAD = 0.02


class TableRuns:
    """Auto-finish and the winnable-deal search of a GameWidget."""

    table: TableController
    runs: Runs
    animate: bool
    _played: int
    _at_once: bool
    _carry: Callable[[Change, Timing | None], Change]
    _say: Callable[[], None]
    _stop_run: Callable[[], bool]
    _update_controls: Callable[[], None]
    _show_finish_button: Callable[[bool], None]
    hold_trait_notifications: Callable[[], AbstractContextManager[Any]]

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
            self._say()
            yield 0.0

    def _search_stopped(self) -> None:
        self.table.say(_("Stopped looking for a winnable deal"))
        self._say()

    @property
    def _finishing(self) -> bool:
        return self.runs.on_stop == self._finish_stopped

    @serialized
    def auto_finish(self, *, ask: bool = False) -> None:
        """Let the default player play on until the game ends or it gives up.

        ``ask`` (the button's press): in a game begun, the first press only
        asks, and the next lets it play (see
        :meth:`~solitaire_widgets.controller.TableController.finish_step`).

        In a running kernel with animation on, the moves are drawn one by one,
        quickly (``RUN_TIMING``), the status line following the picture;
        any input (a click, a key, a typed move, a button; "Auto-finish"
        itself reads "Stop" meanwhile) stops it after the move being drawn.
        Otherwise it plays to the end before returning.
        """
        self._stop_run()
        self._played = 0
        if not ask:
            self.table.finish_asked = True
        if running_loop() is None or not self.animate:
            with self.hold_trait_notifications():     # one state change for the whole run
                for _ in self._finish_moves():
                    pass
            return
        self._show_finish_button(True)
        self.runs.start(self._finish_moves(), self._finish_stopped)

    def _finish_moves(self) -> Iterator[float]:
        while True:
            change = self.table.finish_step(self._played)
            if not change.moved:
                self._finish_over()
                self._carry(change, None)
                return
            self._played += 1
            self._carry(change, RUN_TIMING)
            # The next move is worked out while this one is drawn.
            yield max(0.0, self.runs.busy_until - time.monotonic() - RUN_AHEAD)

    def _finish_over(self) -> None:
        self.runs.end()
        self._show_finish_button(False)
        self._update_controls()

    def _finish_stopped(self) -> None:
        self.runs.end()
        self.table.finish_said(self._played, stopped=True)
        self._finish_over()
        self._say()

    @serialized
    def _on_finish_button(self) -> None:
        if not self._stop_run():   # a second press stops the run
            self.auto_finish(ask=True)
        self._at_once = False
