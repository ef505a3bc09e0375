"""A GameWidget's review: the Review button, its progress bar and the strip under the table.

Review (enabled once a move has been played, for a game the package can
search: :func:`~solitaire_widgets.review.can_review`) reviews the game
(:class:`~solitaire_widgets.review_run.ReviewRun`) one search at a time
as a run (:class:`~solitaire_widgets.widgets.pacing.Runs`): the bar shows its
progress, the button reads "Stop" meanwhile, and any input stops it. Then
the strip under the table marks every position (won, lost, not settled),
the table goes to the turning point and marks the move that would have kept
the win; the slider under the strip shows any position of the game reviewed.
:class:`ReviewBar` is a part of the GameWidget: it owns the review and its
controls, and draws and speaks through the widget's ``carry`` and ``say``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import ipywidgets as w  # type: ignore[import-untyped]

from ..controller import Change, Controller
from ..i18n import _
from ..render.tween import Timing
from ..review import can_review
from ..review_run import ReviewRun, strip_html
from .pacing import Runs, running_loop
from .shared import light, shared_layout
from .threads import serialized

__all__ = ["ReviewBar"]


class ReviewBar:
    """The review's controls and strip (a part of the GameWidget) for ``table``, its
    runs going by ``runs``; the strip is as wide as the table at most, ``width`` pixels.

    ``carry`` draws a change and brings the words and controls up to date,
    ``say`` shows the table's words, ``stop_run`` stops the run going on (the
    widget's); its handlers speak ``language``.
    """

    def __init__(self, table: Controller, runs: Runs, width: int, *,
                 carry: Callable[[Change, Timing | None], Change], say: Callable[[], None],
                 stop_run: Callable[[], bool], language: str) -> None:
        self.table = table
        self.runs = runs
        self._carry = carry
        self._say = say
        self._stop_run = stop_run
        self.language = language
        self.review = ReviewRun(self.table)
        # Layouts and styles are the kernel's shared ones (widgets/shared.py): a layout
        # is swapped for another, never changed in place.
        self._review_width = width
        # The slider moved to show the position, not by a hand.
        self._showing_review = False
        self.review_button = light(w.Button, description=_("Review"), layout={"width": "auto"},
                                   tooltip=_("Where could the game no longer be won, "
                                             "and what would have kept the win?"))
        self.review_button.on_click(lambda _b: self._on_review_button())
        self.review_progress = light(w.FloatProgress, value=0.0, min=0.0, max=1.0,
                                     description=_("Review"),
                                     layout={"width": "240px", "visibility": "hidden"})
        self.review_strip = light(w.HTML, layout={"width": "100%", "max_width": f"{width}px"})
        self.review_strip.add_class("sw-review")
        self.review_position = light(w.IntSlider, value=0, min=0, max=1,
                                     description=_("Position"), continuous_update=False,
                                     layout={"width": "100%", "max_width": f"{width}px",
                                             "display": "none"})
        self.review_position.observe(self._on_review_position, "value")
        #: The Review button, its progress bar, the strip and its slider.
        self.box = light(w.VBox, children=[
            light(w.HBox, children=[self.review_button, self.review_progress],
                  layout={"flex_flow": "row wrap"}),
            self.review_strip, self.review_position])

    def _position_layout(self, shown: bool) -> w.Layout:
        return shared_layout(width="100%", max_width=f"{self._review_width}px",
                             display="flex" if shown else "none")

    @serialized
    def start(self) -> None:
        """Review the game (see the module's docstring); in a running kernel a search
        at a time, any input stopping it; otherwise to its end before returning."""
        self._stop_run()
        if not self.review.begin():
            self._say()
            self.show()
            return
        self._say()
        if running_loop() is None:
            for _piece in self._review_steps():
                pass
            return
        self.review_button.description = _("Stop")
        self.runs.start(self._review_steps(), self._review_stopped)

    def _review_steps(self) -> Iterator[float]:
        while self.review.step():
            self._say()
            self.show()
            yield 0.0
        self.runs.end()
        self._review_over(self.review.finish())

    def _review_over(self, change: Change) -> None:
        self.review_button.description = _("Review")
        self._carry(change, None)
        self.show()

    def _review_stopped(self) -> None:
        self.runs.end()
        self.review.stop()
        self._review_over(Change())

    @serialized
    def _on_review_button(self) -> None:
        if self.review.running:
            self._stop_run()
            return
        self.start()

    @serialized
    def _on_review_position(self, change: dict[str, Any]) -> None:
        if self._showing_review or self.review.result is None:
            return
        if change["new"] != self.table.game.moves_played:
            self._stop_run()
            self._carry(self.review.jump(int(change["new"])), None)

    def show(self) -> None:
        """Bring the button, the progress bar, the strip and the slider up to date."""
        game = self.table.game
        self.review_button.disabled = not (can_review(game) and game.moves_played) and not (
            self.review.running)
        strip = self.review.strip()
        self.review_strip.value = strip_html(strip)
        running = self.review.running
        self.review_progress.layout = shared_layout(
            width="240px", visibility="visible" if running else "hidden")
        self.review_progress.value = self.review.progress
        shown = strip is not None and not running
        self._showing_review = True
        try:
            if shown:
                assert strip is not None
                self.review_position.max = len(strip["verdicts"]) - 1
                self.review_position.value = strip["at"]
            self.review_position.layout = self._position_layout(shown)
        finally:
            self._showing_review = False
