"""The checks of the widgets' traits, shared by both widgets.

Each returns the value to keep or raises :class:`traitlets.TraitError` in a
player's words; a refused value is never set. The traits :class:`Width`,
:class:`Speed`, :class:`Position` and :class:`State` check with them any
value at all (text for a width too), in the widget's language.

>>> check_width(480)
480
>>> check_width(10)
Traceback (most recent call last):
...
traitlets.traitlets.TraitError: the table's width is a whole number of pixels from 200 to 4000, not 10
"""

from __future__ import annotations

import math
from typing import Any

import traitlets

from ..errors import SolitaireError, excerpt
from ..i18n import _, use_language
from ..save_reader import load_game

__all__ = ["MIN_WIDTH", "MAX_WIDTH", "FIT_MIN", "fitted_width", "check_width", "check_speed",
           "check_position", "check_state", "Width", "Speed", "Position", "State"]

#: The narrowest and the widest table, in pixels.
MIN_WIDTH, MAX_WIDTH = 200, 4000


def check_width(value: object) -> int:
    """A table width: a whole number of pixels from :data:`MIN_WIDTH` to :data:`MAX_WIDTH`."""
    if (isinstance(value, bool) or not isinstance(value, int)
            or not MIN_WIDTH <= value <= MAX_WIDTH):
        raise traitlets.TraitError(
            _("the table's width is a whole number of pixels from {least} to {most}, "
              "not {value}").format(least=MIN_WIDTH, most=MAX_WIDTH, value=excerpt(value)))
    return value


def check_speed(value: object) -> float:
    """An animation speed: a number above 0 and at most 100 (2.0 is twice as fast).

    >>> check_speed(2)
    2.0
    """
    if (isinstance(value, bool) or not isinstance(value, int | float)
            or not math.isfinite(value) or not 0 < value <= 100):
        raise traitlets.TraitError(
            _("the speed is a number above 0 and at most 100 (2.0 is twice as fast), "
              "not {value}").format(value=excerpt(value)))
    return float(value)


def check_position(value: object, steps: int) -> int:
    """A replay position: a whole number of steps from 0 (the deal) to ``steps``.

    >>> check_position(99, 5)
    Traceback (most recent call last):
    ...
    traitlets.traitlets.TraitError: the position is a step from 0 (the deal) to 5, not 99
    """
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= steps:
        raise traitlets.TraitError(
            _("the position is a step from 0 (the deal) to {steps}, not {value}").format(
                steps=steps, value=excerpt(value)))
    return value


def check_state(value: object) -> str:
    """A widget's state: the text of a saved game, read and checked move by move.

    >>> check_state("{}")
    Traceback (most recent call last):
    ...
    traitlets.traitlets.TraitError: the state is not a saved game: ...
    """
    text = str(value)
    try:
        load_game(text)
    except SolitaireError as error:
        raise traitlets.TraitError(_("the state is not a saved game: {error}").format(
            error=error)) from None
    return text


#: The narrowest a table is laid out to fit the page (CSS pixels), as the page's tables.
FIT_MIN = 240


def fitted_width(width: int, room: int | None) -> int:
    """The width a table of drawing ``width`` is laid out for where the page gives it
    ``room`` pixels (None: unknown).

    >>> fitted_width(760, None), fitted_width(760, 584), fitted_width(760, 900), fitted_width(760, 100)
    (760, 584, 760, 240)
    """
    if room is None:
        return width
    return max(min(FIT_MIN, width), min(width, room))


def _language(widget: Any) -> str | None:
    """The widget's language (None before it has one: the current language)."""
    language = getattr(widget, "language", None)
    return language if isinstance(language, str) else None


class Width(traitlets.Int):  # type: ignore[type-arg]
    """A table's width (:func:`check_width`), refused in the widget's language."""

    def validate(self, obj: Any, value: Any) -> int:
        with use_language(_language(obj)):
            return check_width(value)


class Speed(traitlets.Float):  # type: ignore[type-arg]
    """An animation speed (:func:`check_speed`), refused in the widget's language."""

    def validate(self, obj: Any, value: Any) -> float:
        with use_language(_language(obj)):
            return check_speed(value)


class Position(traitlets.Int):  # type: ignore[type-arg]
    """A replay's position (:func:`check_position`, up to the widget's ``steps``)."""

    def validate(self, obj: Any, value: Any) -> int:
        with use_language(_language(obj)):
            return check_position(value, int(getattr(obj, "steps", 0)))


class State(traitlets.Unicode):  # type: ignore[type-arg]
    """A saved game's text; anything else is refused in the widget's language (the
    widget reads and checks the text itself: :func:`check_state`)."""

    def validate(self, obj: Any, value: Any) -> str:
        if isinstance(value, str):
            return value
        with use_language(_language(obj)):
            return check_state(value)
