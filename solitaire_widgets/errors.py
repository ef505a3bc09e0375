"""The errors the package raises, split by cause.

Every error is a :class:`ValueError`, so ``except ValueError`` catches them all;
each message is written for a player, not a programmer.
"""

from __future__ import annotations

__all__ = [
    "SolitaireError",
    "NotationError",
    "DeckError",
    "IllegalMoveError",
    "OptionError",
    "SaveFileError",
]


class SolitaireError(ValueError):
    """Base class of every error raised by solitaire_widgets."""


class NotationError(SolitaireError):
    """Text that is not a card or a move, e.g. ``Card.parse("1X")``."""


class DeckError(SolitaireError):
    """A stacked deck with a wrong count, an unknown card or a card too many times."""


class IllegalMoveError(SolitaireError):
    """A move the rules do not allow now; the message says why."""


class OptionError(SolitaireError):
    """An unknown game, option name or option value."""


class SaveFileError(SolitaireError):
    """A saved game or replay that is malformed, tampered with or inconsistent."""
