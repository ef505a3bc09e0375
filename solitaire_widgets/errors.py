"""The errors the package raises, split by cause.

Every error is a :class:`ValueError`, so ``except ValueError`` catches them all;
each message is written for a player, not a programmer, and quotes the bad
input only as a short excerpt (:func:`excerpt`).

>>> excerpt("x" * 1000)
"'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…' (1,000 characters)"
>>> excerpt(["AS"])
"['AS']"
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .citations import Citation

__all__ = [
    "SolitaireError",
    "NotationError",
    "DeckError",
    "IllegalMoveError",
    "OptionError",
    "SaveFileError",
    "ShapeError",
    "RequestError",
    "excerpt",
]

#: The longest excerpt of bad input an error message quotes.
EXCERPT_CHARS = 40


def excerpt(value: object, limit: int = EXCERPT_CHARS) -> str:
    """``repr(value)`` cut to about ``limit`` characters, for error messages.

    A message never echoes a megabyte of bad input: long text is cut and its
    length is given instead.
    """
    if isinstance(value, (str, bytes)) and len(value) > limit:
        unit = "characters" if isinstance(value, str) else "bytes"
        return f"{value[:limit - 4]!r}"[:-1] + f"…{repr(value)[-1]} ({len(value):,} {unit})"
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return f"a number of {value.bit_length():,} bits"
    try:
        text = repr(value)
    except Exception:  # a hostile __repr__ must not hide the real error
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[:limit - 1] + "…"



class SolitaireError(ValueError):
    """Base class of every error raised by solitaire_widgets."""


class NotationError(SolitaireError):
    """Text that is not a card or a move, e.g. ``Card.parse("1X")``."""


class DeckError(SolitaireError):
    """A stacked deck with a wrong count, an unknown card or a card too many times."""


class IllegalMoveError(SolitaireError):
    """A move the rules do not allow now; the message says why, and ``sentences``
    which sentences of the game's text say so.

    >>> from solitaire_widgets import new_game
    >>> try:
    ...     new_game("chain", seed=5).play("fs>l1")
    ... except IllegalMoveError as error:
    ...     error.sentences
    ('Ряд из двоек и серии, которые построены на них, конечно же, надо оставить на своих местах.',)
    """

    def __init__(self, message: str, citation: Citation | None = None) -> None:
        super().__init__(message)
        #: What the refusal rests on: the text's sentences and our reading, if any
        #: (a refusal's words from the rules bring theirs).
        self.citation: Citation | None = (
            citation if citation is not None else getattr(message, "citation", None))

    @property
    def sentences(self) -> tuple[str, ...]:
        """The original sentences the refusal rests on, exactly as
        ``sources.SENTENCES[game]`` holds them; empty when no sentence covers it
        (nothing to undo, a pile that does not exist)."""
        return self.citation.sentences if self.citation is not None else ()

    @property
    def reading(self) -> str | None:
        """The reading of an unclear passage the refusal follows (its section title on
        the book's "Where the text is unclear" page), or None."""
        return self.citation.reading if self.citation is not None else None


class OptionError(SolitaireError):
    """An unknown game, option name or option value."""


class SaveFileError(SolitaireError):
    """A saved game or replay that is malformed, tampered with or inconsistent."""


class ShapeError(SolitaireError):
    """A shape a backend cannot draw: path data or a colour it does not read."""


class RequestError(SolitaireError):
    """A request to an in-page table that is not one it understands (a wrong
    type, a number that is not finite, text too long)."""
