"""How a GameWidget's table is drawn: at the browser's pace, from the engine's plan.

A move is animated from the controller's plan
(:meth:`~solitaire_widgets.controller.Controller.plan`) unless the
browser lags; a drawing is held back while the browser has two or more
messages still to draw; a long deal goes in pieces (a run, which any input
finishes at once); once the browser is done, the table is drawn once more as
the engine has it. :class:`CanvasSchedule` is a part of the GameWidget: it
owns what was drawn and what is owed, and reads of its widget only
:class:`Looks`.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Protocol

from ..controller import Change, Controller
from ..game import Game
from ..render.scene import Scene, layout, readable_width
from ..render.tween import MOVE_TIMING, Timing
from .canvas_backend import CanvasPainter
from .fit import Fit
from .pacing import ACK_PATIENCE, PIECE_MS, Runs, running_loop, segments_seconds
from .threads import serialized

__all__ = ["CanvasSchedule", "Looks", "PIECE_MS", "SETTLE", "segments_seconds"]

#: The table is drawn once more from the engine this long (seconds) after the
#: browser should have drawn the last thing sent (see ``CanvasSchedule._settle``).
SETTLE = 0.3


class Looks(Protocol):
    """What the drawing reads of its widget: whether animated, how fast."""

    @property
    def animate(self) -> bool:
        """Animate every step (False: draw the result at once)."""

    @property
    def speed(self) -> float:
        """Animation speed: 2.0 is twice as fast."""


class CanvasSchedule:
    """The drawing of a GameWidget's table: what goes to its canvas, and when.

    ``table`` says what to draw; ``painter`` draws it, ``runs`` paces what is
    sent by what the browser has drawn; ``fit`` gives the width it is laid
    out for; ``looks`` is its widget (see :class:`Looks`); ``on_new_game`` hears each new game before it is drawn
    (the widget shows its deal number). Its handlers speak ``language``.
    """

    def __init__(self, table: Controller, painter: CanvasPainter, runs: Runs, fit: Fit,
                 looks: Looks, *, language: str, on_new_game: Callable[[Game], None]) -> None:
        self.table = table
        self.painter = painter
        self.runs = runs
        self.fit = fit
        self.looks = looks
        self.language = language
        self.on_new_game = on_new_game
        #: How a move is animated (before the widget's ``speed``).
        self.timing: Timing = MOVE_TIMING
        #: The scene the browser was last sent (None: none yet, or laid out anew).
        self.scene: Scene | None = None
        self._settle_timer: asyncio.TimerHandle | None = None
        # While a drawing is held back (see redraw): the timer that sends it
        # anyway if the browser's word does not come.
        self._owed_timer: asyncio.TimerHandle | None = None
        # The felt may shrink to fit (a new game came in and has not settled yet):
        # during a game it only grows, so the page below it holds still.
        self._shrink_ok = True
        #: The game last shown (a new one is dealt in, or drawn at once).
        self.shown: Game | None = None
        painter.on_drawn = self.on_drawn

    @serialized
    def on_drawn(self) -> None:
        """The browser has drawn another message: a drawing held back is sent, and a
        run waiting for it goes on."""
        if self.redraw_owed and self.painter.in_flight <= 1:
            # Not from inside the acknowledgement's own update: from the loop, next.
            loop = running_loop()
            if loop is None:   # pragma: no cover - acknowledgements come through a kernel
                self._pay_redraw()
            else:
                loop.call_soon(self._pay_owed)
        self.runs.browser_drew()

    def _highlight(self) -> frozenset[str]:
        return self.table.marks()

    def layout(self) -> Scene:
        """The table as it stands, laid out for its drawn width (see :class:`~.fit.Fit`)."""
        return layout(self.table.game, self.table.game.table, self.fit.drawn_width,
                      keys_from=self.scene)

    @serialized
    def redraw(self) -> None:
        """Draw the table as it stands (one message).

        While the browser says it has two or more messages still to draw, the
        drawing is held back and sent once at most one is left (or after
        ``ACK_PATIENCE`` seconds with no word): a burst of moves then costs the
        browser one drawing, not one each, and the picture catches up with the
        game as soon as the browser has drawn what it already had.
        """
        self.scene = self.layout()
        loop = running_loop()
        if self.painter.acknowledged and self.runs.behind() and loop is not None:
            if self._owed_timer is None:
                self._owed_timer = loop.call_later(ACK_PATIENCE, self._pay_owed)
            return
        self._pay_redraw()

    @property
    def redraw_owed(self) -> bool:
        """A drawing is held back until the browser has room (see :meth:`redraw`)."""
        return self._owed_timer is not None

    @serialized
    def _pay_owed(self) -> None:
        """Send the drawing held back, if it still is (a timer's or the loop's call);
        not while cards are held (the release draws the table anyway)."""
        if self.redraw_owed and self.table.pointer.press is None:
            self._pay_redraw()

    def _pay_redraw(self) -> None:
        """Send the table as it stands now (a drawing held back, or a new one)."""
        if self._owed_timer is not None:
            self._owed_timer.cancel()
            self._owed_timer = None
        self.scene = self.layout()
        shrink = self._shrink_ok and self.runs.idle()
        self.painter.show(self.scene, self._highlight(), shrink=shrink)
        if shrink:
            self._shrink_ok = False
        self._settle_later(0.0)

    def _sent(self, seconds: float) -> None:
        """An animation of ``seconds`` was sent: the browser is busy that much longer."""
        self.runs.sent(seconds)
        self._settle_later(seconds)

    def _settle_later(self, seconds: float) -> None:
        """Once the browser has drawn everything sent, settle the picture (see :meth:`_settle`).

        Each new drawing puts it off again, so a burst of input settles once.
        """
        loop = running_loop()
        if loop is None or self.scene is None:
            return
        if self._settle_timer is not None:
            self._settle_timer.cancel()
        self._settle_timer = loop.call_later(max(0.0, self.runs.busy_until - time.monotonic())
                                             + SETTLE, self._settle)

    @serialized
    def _settle(self) -> None:
        """The table at rest: drawn once more, as the engine has it, the felt shrunk to fit.

        The picture is then the engine's position whatever happened to the
        messages before (the kernel's estimate of when the browser is done
        is only an estimate); not during a run or while cards are held.
        """
        self._settle_timer = None
        if self.runs.running or self.table.pointer.press is not None or self.scene is None:
            return
        if not self.runs.idle() or self.redraw_owed:
            self._settle_later(0.0)
            return
        self.scene = self.layout()
        self.painter.show(self.scene, self._highlight(), shrink=self._shrink_ok, fresh=True)
        self._shrink_ok = False

    def _animate(self, change: Change, timing: Timing | None, at_once: bool) -> float:
        """Draw ``change``'s animation (the controller's plan); the seconds the browser
        takes to draw it.

        A deal longer than ``PIECE_MS`` goes in pieces (a run): any input
        finishes it at once. The step is drawn at once, not animated, when the browser
        is behind or when the input that asked for it stopped a run (``at_once``).
        """
        deal = change.before is None
        if (not self.looks.animate or self.redraw_owed or (at_once and not deal)
                or (self.runs.behind() and not deal)):
            self.redraw()
            return 0.0
        plan = self.table.plan(change, self.fit.drawn_width,
                               (timing or self.timing).scaled(self.looks.speed),
                               keys_from=self.scene)
        assert plan is not None
        self.scene = plan.final
        if deal:
            # A long deal goes in pieces (a run): any input shows where it ends at once.
            self.runs.send(plan.segments, plan.final, self._highlight(),
                           on_stop=self._show_final, sent=self._sent)
        else:
            self.painter.animate(plan.segments, plan.final, self._highlight())
            self._sent(plan.seconds)
        return plan.seconds

    def _show_final(self) -> None:
        """A deal drawn in pieces was interrupted: show where it ends, at once."""
        self.redraw()

    def refit(self) -> None:
        """Lay the table out again for its drawn width (a new width, or new room)."""
        width = self.fit.drawn_width
        canvas = self.painter.canvas
        canvas.layout.max_width = f"{width}px"
        self.scene = None
        canvas.layout.min_width = f"{readable_width(self.layout())}px"
        self.scene = None
        self.painter.forget()
        self.painter.drop_images()
        self.painter.prepare(layout(self.table.game, self.table.game.start, width).sprites)
        self._shrink_ok = True     # a narrower table is shorter: its felt may shrink too
        self.redraw()

    def draw(self, change: Change, timing: Timing | None = None, at_once: bool = False) -> bool:
        """Draw what ``change`` asks for (``at_once``: an input stopped a run, so a move
        is not animated); False for a drag, which is only drawn."""
        if change.drag is not None:
            assert self.scene is not None
            drag = change.drag
            self.painter.drag(self.scene, drag.keys, drag.dx, drag.dy, start=drag.start)
            return False
        if self.table.game is not self.shown:     # a new game on the table
            game = self.shown = self.table.game
            self._shrink_ok = True
            self.on_new_game(game)
            start = layout(game, game.start, self.fit.drawn_width)
            self.painter.prepare(start.sprites)
            self.scene = start if change.deal else None
            if change.deal:
                self._animate(change, None, at_once)
            else:
                self.redraw()
        elif change.before is not None:
            self._animate(change, timing, at_once)
        elif change.redraw or change.moved:
            self.redraw()
        return True
