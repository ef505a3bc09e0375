"""Small pieces of rules that more than one game uses."""

from __future__ import annotations

from ..cards import Card, suit_name
from ..table import Pile

__all__ = ["SUIT_IDS", "foundation_id", "next_up", "series_words"]

#: Foundation id suffixes by suit letter.
SUIT_IDS = {"C": "c", "D": "d", "H": "h", "S": "s"}


def foundation_id(prefix: str, card: Card) -> str:
    """The id of the foundation of ``card``'s suit, e.g. ``foundation_id("f", 7C) == "fc"``."""
    return prefix + SUIT_IDS[card.suit]


def next_up(rank: int) -> int:
    """The rank after ``rank`` going up, king wrapping to ace."""
    return 1 if rank == 13 else rank + 1


def next_down(rank: int) -> int:
    """The rank after ``rank`` going down, ace wrapping to king."""
    return 13 if rank == 1 else rank - 1


def series_words(pile: Pile, suit: str) -> str:
    """A foundation in words: ``"the hearts series"``."""
    return f"the {suit_name(suit)} series"
