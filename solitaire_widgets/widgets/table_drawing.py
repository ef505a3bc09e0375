"""How a GameWidget's table is drawn: at the browser's pace, from the engine's plan.

A move is animated from the controller's plan
(:meth:`~solitaire_widgets.controller.TableController.plan`) unless the
browser lags; a drawing is held back while the browser has two or more
messages still to draw; a long deal goes in pieces (a run, which any input
finishes at once); once the browser is done, the table is drawn once more as
the engine has it. :class:`TableDrawing` is a part of the GameWidget (its
attributes are the widget's).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

import ipywidgets as w  # type: ignore[import-untyped]
from ipycanvas import Canvas

from ..controller import Change, TableController
from ..game import Game
from ..render.scene import Scene, layout, readable_width
from ..render.tween import Timing
from .canvas_backend import TablePainter
from .pacing import ACK_PATIENCE, PIECE_MS, Runs, running_loop, segments_seconds
from .threads import serialized
from .traits import fitted_width

__all__ = ["TableDrawing", "PIECE_MS", "SETTLE", "segments_seconds"]

#: The table is drawn once more from the engine this long (seconds) after the
#: browser should have drawn the last thing sent (see ``GameWidget._settle``).
SETTLE = 0.3


class TableDrawing:
    """The drawing half of a GameWidget: what goes to its canvas, and when."""

    table: TableController
    painter: TablePainter
    runs: Runs
    width: int
    animate: bool
    speed: float
    timing: Timing
    _scene: Scene | None
    _settle_timer: asyncio.TimerHandle | None
    _owed_timer: asyncio.TimerHandle | None
    _at_once: bool
    _shrink_ok: bool
    #: The width the page gives the table (None: not said yet).
    _room: int | None
    #: The game last shown (a new one is dealt in, or drawn at once).
    _shown: Game | None
    canvas: Canvas
    deal_number: w.IntText
    move_input: w.Text
    _stop_run: Callable[[], bool]
    _update_controls: Callable[[], None]
    _say: Callable[[], None]
    _hold: Callable[[], None]
    _picture_changed: Callable[[], None]

    @serialized
    def _on_drawn(self) -> None:
        """The browser has drawn another message: a drawing held back is sent, and a
        run waiting for it goes on."""
        if self._redraw_owed and self.painter.in_flight <= 1:
            # Not from inside the acknowledgement's own update: from the loop, next.
            loop = running_loop()
            if loop is None:   # pragma: no cover - acknowledgements come through a kernel
                self._pay_redraw()
            else:
                loop.call_soon(self._pay_owed)
        self.runs.browser_drew()

    def _highlight(self) -> frozenset[str]:
        return self.table.marks()

    def _layout(self) -> Scene:
        return layout(self.table.game, self.table.game.table, self.drawn_width, keys_from=self._scene)

    @serialized
    def redraw(self) -> None:
        """Draw the table as it stands (one message).

        While the browser says it has two or more messages still to draw, the
        drawing is held back and sent once at most one is left (or after
        ``ACK_PATIENCE`` seconds with no word): a burst of moves then costs the
        browser one drawing, not one each, and the picture catches up with the
        game as soon as the browser has drawn what it already had.
        """
        self._scene = self._layout()
        loop = running_loop()
        if self.painter.acknowledged and self.runs.behind() and loop is not None:
            if self._owed_timer is None:
                self._owed_timer = loop.call_later(ACK_PATIENCE, self._pay_owed)
            return
        self._pay_redraw()

    @property
    def _redraw_owed(self) -> bool:
        """A drawing is held back until the browser has room (see :meth:`redraw`)."""
        return self._owed_timer is not None

    @serialized
    def _pay_owed(self) -> None:
        """Send the drawing held back, if it still is (a timer's or the loop's call);
        not while cards are held (the release draws the table anyway)."""
        if self._redraw_owed and self.table.pointer.press is None:
            self._pay_redraw()

    def _pay_redraw(self) -> None:
        """Send the table as it stands now (a drawing held back, or a new one)."""
        if self._owed_timer is not None:
            self._owed_timer.cancel()
            self._owed_timer = None
        self._scene = self._layout()
        shrink = self._shrink_ok and self.runs.idle()
        self.painter.show(self._scene, self._highlight(), shrink=shrink)
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
        if loop is None or self._scene is None:
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
        if self.runs.running or self.table.pointer.press is not None or self._scene is None:
            return
        if not self.runs.idle() or self._redraw_owed:
            self._settle_later(0.0)
            return
        self._scene = self._layout()
        self.painter.show(self._scene, self._highlight(), shrink=self._shrink_ok, fresh=True)
        self._shrink_ok = False

    def _animate(self, change: Change, timing: Timing | None = None) -> float:
        """Draw ``change``'s animation (the controller's plan); the seconds the browser
        takes to draw it.

        A deal longer than ``PIECE_MS`` goes in pieces (a run): any input
        finishes it at once. The step is drawn at once, not animated, when the browser
        is behind or when the input that asked for it stopped a run.
        """
        deal = change.before is None
        if (not self.animate or self._redraw_owed or (self._at_once and not deal)
                or (self.runs.behind() and not deal)):
            self.redraw()
            return 0.0
        plan = self.table.plan(change, self.drawn_width, (timing or self.timing).scaled(self.speed),
                               keys_from=self._scene)
        assert plan is not None
        self._scene = plan.final
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

    @property
    def drawn_width(self) -> int:
        """The width the table is laid out for: its ``width``, or less where the page
        gives it less room (down to :data:`~.traits.FIT_MIN`)."""
        return fitted_width(self.width, self._room)

    @serialized
    def _on_room(self, room: int) -> None:
        """The page gives the table ``room`` pixels: lay it out again if that changes it."""
        before = self.drawn_width
        self._room = room
        if self.drawn_width != before:
            self._refit()

    @serialized
    def _on_width(self, change: dict[str, Any]) -> None:
        self._refit()

    def _refit(self) -> None:
        """Lay the table out again for :attr:`drawn_width` (a new width, or new room)."""
        width = self.drawn_width
        self._stop_run()
        self.canvas.layout.max_width = f"{width}px"
        self._scene = None
        self.canvas.layout.min_width = f"{readable_width(self._layout())}px"
        self._scene = None
        self.painter.forget()
        self.painter.drop_images()
        self.painter.prepare(layout(self.table.game, self.table.game.start, width).sprites)
        self._shrink_ok = True     # a narrower table is shorter: its felt may shrink too
        self.redraw()
        self._at_once = False
        self._picture_changed()

    def _carry(self, change: Change, timing: Timing | None = None) -> Change:
        """Draw what ``change`` asks for, then bring the words and the controls up to date."""
        if change.drag is not None:
            assert self._scene is not None
            drag = change.drag
            self.painter.drag(self._scene, drag.keys, drag.dx, drag.dy, start=drag.start)
            return change
        if self.table.game is not self._shown:     # a new game on the table
            game = self._shown = self.table.game
            self._shrink_ok = True
            self.deal_number.value = game.seed
            self.move_input.placeholder = self.table.placeholder()
            start = layout(game, game.start, self.drawn_width)
            self.painter.prepare(start.sprites)
            self._scene = start if change.deal else None
            if change.deal:
                self._animate(change)
            else:
                self.redraw()
        elif change.before is not None:
            self._animate(change, timing)
        elif change.redraw or change.moved:
            self.redraw()
        if change.moved or change.deal:
            self._update_controls()
        self._say()
        self._hold()
        self._at_once = False
        return change
