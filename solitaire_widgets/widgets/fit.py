"""Fit: the width a table is laid out for, where the page gives it less room.

The table's keyboard (:class:`~.browser_input.BrowserInput`) tells the kernel the
width the page gives the table; both widgets lay it out for their ``width``,
or for less where the page gives less room, down to
:data:`~.traits.FIT_MIN`, as the page's tables are.

>>> laid_out = []
>>> fit = Fit(lambda: 760, lambda: laid_out.append(fit.drawn_width))
>>> fit.drawn_width
760
>>> fit.on_room(584); fit.on_room(584); fit.on_room(2000)
>>> laid_out, fit.drawn_width
([584, 760], 760)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .threads import serialized
from .traits import fitted_width

__all__ = ["Fit"]


class Fit:
    """The width a table of ``width()`` pixels is laid out for; ``refit()`` lays it out
    again when that changes. Its handlers speak ``language`` (its widget's)."""

    def __init__(self, width: Callable[[], int], refit: Callable[[], None],
                 language: str | None = None) -> None:
        self._width = width
        self._refit = refit
        #: The width the page gives the table (None: not said yet).
        self.room: int | None = None
        self.language = language

    @property
    def drawn_width(self) -> int:
        """The width the table is laid out for: its ``width``, or less where the page
        gives it less room (down to :data:`~.traits.FIT_MIN`)."""
        return fitted_width(self._width(), self.room)

    @serialized
    def on_room(self, room: int) -> None:
        """The page gives the table ``room`` pixels: lay it out again if that changes it."""
        before = self.drawn_width
        self.room = room
        if self.drawn_width != before:
            self._refit()

    @serialized
    def on_width(self, change: dict[str, Any]) -> None:
        """The widget's ``width`` changed: lay the table out again."""
        self._refit()
