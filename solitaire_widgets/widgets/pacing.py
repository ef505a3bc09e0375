"""Runs: a table's long work (auto-finish, a deal drawn in pieces, the search for a
winnable deal, a replay's slow step) done a piece at a time, paced by the browser,
stopped by any input.

:meth:`Runs.send` is the one way both widgets send an animation plan: one
message, or, when it is long, pieces of about :data:`PIECE_MS` as a run.

Also the kernel's reckoning of what the browser still has to draw: the
browser says so when it can (the painter's acknowledgements), else the
kernel estimates it from the animations it sent.

>>> from solitaire_widgets.widgets.canvas_backend import CanvasPainter
>>> painter = CanvasPainter(width=100, height=10)
>>> runs = Runs(painter)
>>> done = []
>>> def steps():
...     done.append(1)
...     yield 0.0
...     done.append(2)
>>> runs.start(steps(), on_stop=lambda: None)   # no event loop: it runs through at once
>>> done, runs.running
([1, 2], False)
>>> painter.close()
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Collection, Iterator, Sequence

from ..i18n import current_language
from ..render.scene import Scene
from ..render.tween import Segment
from .canvas_backend import CanvasPainter
from .threads import serialized

__all__ = ["Runs", "running_loop", "animation_pieces", "segments_seconds", "BEHIND",
           "ACK_PATIENCE", "PIECE_MS"]

#: A long animation (the opening deal, a replay's step at a slow speed) is sent in
#: pieces of about this many milliseconds, so a new input can finish it at once.
PIECE_MS = 300

#: When the browser is this far (seconds) behind what was sent, a move is drawn
#: at once rather than animated: the picture catches up with the game.
BEHIND = 0.15
#: A run waits for the browser to say it has drawn the step before the last one
#: (see :class:`~solitaire_widgets.widgets.canvas_backend.CanvasPainter`); if no
#: word comes this long (seconds) after it should have, it goes on anyway.
ACK_PATIENCE = 1.0


def segments_seconds(segments: Sequence[Segment]) -> float:
    """How long the browser takes to play ``segments`` (seconds)."""
    return sum(len(segment.frames) * segment.ms for segment in segments) / 1000


def animation_pieces(segments: Sequence[Segment], ms: int = PIECE_MS) -> list[list[Segment]]:
    """``segments`` cut into pieces of at most about ``ms`` milliseconds each.

    A long segment (a slow speed) is cut between its frames: each part keeps
    the segment's ``before`` and ``after`` (what stays put) and has some of
    its frames.

    >>> still = Scene(10, 10)
    >>> long = Segment(still, still, (still,) * 10, ms=100)
    >>> [len(piece[0].frames) for piece in animation_pieces([long], 300)]
    [3, 3, 3, 1]
    >>> short = Segment(still, still, (still,) * 2, ms=100)
    >>> [len(piece) for piece in animation_pieces([short] * 3, 300)]
    [1, 1, 1]
    """
    parts: list[Segment] = []
    for segment in segments:
        per = max(1, ms // max(1, segment.ms))
        frames = list(segment.frames)
        if len(frames) <= per:
            parts.append(segment)
            continue
        for at in range(0, len(frames), per):
            parts.append(Segment(segment.before, segment.after, tuple(frames[at:at + per]),
                                 segment.ms))
    pieces: list[list[Segment]] = []
    for part in parts:
        if not pieces or segments_seconds(pieces[-1] + [part]) > ms / 1000:
            pieces.append([])
        pieces[-1].append(part)
    return pieces


def running_loop() -> asyncio.AbstractEventLoop | None:
    """The running event loop (the kernel's), or None outside one."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class Runs:
    """The run going on at one table (at most one), and what its browser has left to draw."""

    def __init__(self, painter: CanvasPainter) -> None:
        self.painter = painter
        #: The run's steps: each does one piece and yields the seconds until the next.
        self.steps: Iterator[float] | None = None
        #: What to do if the run is stopped by an input.
        self.on_stop: Callable[[], None] | None = None
        #: The latest piece scheduled: a callback with an older number does nothing.
        self.piece_number = 0
        #: When the browser will have drawn everything sent (time.monotonic()).
        self.busy_until = 0.0
        self._timer: asyncio.Handle | None = None
        self._awaiting_browser = False
        #: The language the run speaks (its table's, taken when it starts): its
        #: pieces run in it whichever thread's timer calls them.
        self.language = current_language()

    @property
    def running(self) -> bool:
        """A run goes on."""
        return self.steps is not None

    def start(self, steps: Iterator[float], on_stop: Callable[[], None]) -> None:
        """Run ``steps``: each does one piece and yields the seconds until the next.

        With a running event loop (a kernel) the pieces are spaced out and the
        kernel answers other input in between: any input stops the run
        (``on_stop`` says so). With none, they run at once, one after another.
        """
        self.stop()
        self.language = current_language()
        loop = running_loop()
        if loop is None:
            for _ in steps:
                pass
            return
        self.steps, self.on_stop = steps, on_stop
        self.next_piece()

    def send(self, segments: Sequence[Segment], final: Scene,
             highlight: Collection[str] = frozenset(), *, on_stop: Callable[[], None],
             sent: Callable[[float], None] | None = None) -> bool:
        """Send an animation plan's ``segments``, ending on ``final`` (with ``highlight``).

        Where a kernel's loop runs and it is longer than :data:`PIECE_MS`, it
        goes in pieces (:func:`animation_pieces`) as a run: each piece is sent
        once the browser has (nearly) drawn the one before, and any input stops
        the run (``on_stop`` then shows ``final`` at once). Otherwise it is one
        message. ``sent`` hears the seconds of each message sent (default:
        :meth:`sent`). True if it goes as a run.
        """
        note = sent or self.sent
        pieces = animation_pieces(segments) if running_loop() is not None else [list(segments)]
        if len(pieces) <= 1:
            self.painter.animate(segments, final, highlight)
            note(segments_seconds(segments))
            return False
        self.start(self._send_pieces(pieces, final, frozenset(highlight), note), on_stop)
        return True

    def _send_pieces(self, pieces: list[list[Segment]], final: Scene, highlight: frozenset[str],
                     sent: Callable[[float], None]) -> Iterator[float]:
        for number, piece in enumerate(pieces):
            last = number == len(pieces) - 1
            self.painter.animate(piece, final if last else piece[-1].after,
                                 highlight if last else frozenset())
            seconds = segments_seconds(piece)
            sent(seconds)
            yield seconds

    def end(self) -> None:
        """The run is over (it ended itself: nothing to say)."""
        self.steps = self.on_stop = None

    def _schedule(self, loop: asyncio.AbstractEventLoop, delay: float | None) -> None:
        """The run's next piece, ``delay`` seconds from now (None: as soon as may be).

        Each call gets a new number: a callback whose number is not the latest
        does nothing. Cancelling a handle does not stop a callback that another
        thread's loop has already started (it then waits for the lock).
        """
        self.piece_number += 1
        if delay is None:
            self._timer = loop.call_soon(self.next_piece, self.piece_number)
        else:
            self._timer = loop.call_later(delay, self.next_piece, self.piece_number)

    @serialized
    def next_piece(self, number: int | None = None) -> None:
        """Do the run's next piece (``number``: the piece scheduled, if a timer's call)."""
        if number is not None and number != self.piece_number:
            return   # a piece scheduled before the run was stopped or rescheduled
        self._timer = None
        run = self.steps
        if run is None:
            return
        try:
            delay = next(run)
        except StopIteration:
            if self.steps is run:
                self.end()
            return
        if self.steps is not run:   # the step started another run, or ended this one
            return
        loop = running_loop()
        if loop is None:   # pragma: no cover - a run starts only where a loop runs
            self.next_piece()
            return
        if self.painter.acknowledged:
            # Paced by the browser itself: the next piece is worked out and sent
            # while this one is drawn, never further ahead (see browser_drew).
            if self.painter.in_flight <= 1:
                self._schedule(loop, None)
            else:
                self._awaiting_browser = True
                self._schedule(loop, max(0.0, delay) + ACK_PATIENCE)
            return
        self._schedule(loop, max(0.0, delay))

    def browser_drew(self) -> None:
        """The browser has drawn another message: a run waiting for it goes on."""
        if not self._awaiting_browser or self.painter.in_flight > 1 or self.steps is None:
            return
        self._awaiting_browser = False
        loop = running_loop()
        if self._timer is not None:
            self._timer.cancel()
        if loop is None:   # pragma: no cover - acknowledgements come through a kernel
            self.next_piece()
        else:
            self._schedule(loop, None)

    def stop(self, quietly: bool = False) -> bool:
        """Stop the run going on (``on_stop`` says so, unless ``quietly``: a table
        being closed draws nothing more); True if there was one."""
        if self.steps is None:
            return False
        if self._timer is not None:
            self._timer.cancel()
        self._awaiting_browser = False
        stop, self.steps, self.on_stop, self._timer = self.on_stop, None, None, None
        self.piece_number += 1      # a piece already on its way does nothing
        if stop is not None and not quietly:
            stop()
        return True

    # -- what the browser has left to draw -------------------------------------------

    def idle(self) -> bool:
        """Nothing sent is still being drawn in the browser (as it says, or as estimated)."""
        if self.painter.acknowledged:
            return self.painter.in_flight == 0
        return time.monotonic() >= self.busy_until

    def behind(self) -> bool:
        """The browser is still drawing earlier steps (only a kernel's loop has a browser):
        two messages not drawn yet, as it says, or ``BEHIND`` seconds of them as estimated."""
        if running_loop() is None:
            return False
        if self.painter.acknowledged:
            return self.painter.in_flight >= 2
        return self.busy_until - time.monotonic() > BEHIND

    def sent(self, seconds: float) -> None:
        """An animation of ``seconds`` was sent: the browser is busy that much longer."""
        self.busy_until = max(self.busy_until, time.monotonic()) + seconds
