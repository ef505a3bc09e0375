"""Shuffling that gives the same order on every machine and Python version.

``random.shuffle`` may change between Python versions, so we shuffle with our
own Fisher-Yates on :meth:`random.Random.getrandbits`, whose output for a
given seed is fixed.

>>> shuffled(range(5), seed_rng(7))
[1, 4, 2, 3, 0]

A reshuffle during play depends only on the deal number, which reshuffle of
the deal it is, and the set of cards shuffled, never on the order they were
gathered in: two ways of playing that gather the same cards meet the same
next deal, so taking moves back cannot re-roll the future.

>>> from solitaire_widgets.cards import parse_cards
>>> reshuffled(parse_cards("AS 2H 3C"), 7, 1) == reshuffled(parse_cards("3C AS 2H"), 7, 1)
True
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import TypeVar

from .cards import Card, full_deck

__all__ = ["MAX_SEED", "RANDOM_SEEDS", "seed_rng", "shuffled", "reshuffled", "pack_order", "new_seed"]

#: The largest deal number (seeds are whole numbers from 0 to this).
MAX_SEED = 2**64 - 1

T = TypeVar("T")


def seed_rng(seed: int, stream: int = 0) -> random.Random:
    """A generator for ``seed``: stream 0 deals, stream k the k-th reshuffle.

    Seeding with a string is stable across Python versions (it hashes with SHA-512).
    """
    return random.Random(f"solitaire_widgets/{seed}/{stream}")


def shuffled(items: Iterable[T], rng: random.Random) -> list[T]:
    """A new list with ``items`` in a random order drawn from ``rng``."""
    out = list(items)
    draw = rng.getrandbits
    for i in range(len(out) - 1, 0, -1):
        # An index from 0 to i: rejection sampling keeps each equally likely.
        bits = (i + 1).bit_length()
        j = draw(bits)
        while j > i:
            j = draw(bits)
        out[i], out[j] = out[j], out[i]
    return out


_PACK_INDEX: dict[Card, int] = {card: index for index, card in enumerate(full_deck())}


def pack_order(card: Card) -> int:
    """The sort key of a card in pack order: clubs first, then diamonds, hearts,
    spades, each from the ace up (the order of :func:`~solitaire_widgets.cards.full_deck`).

    >>> from solitaire_widgets.cards import parse_cards
    >>> sorted(parse_cards("2H AS KC"), key=pack_order)
    [Card.parse('KC'), Card.parse('2H'), Card.parse('AS')]
    """
    return _PACK_INDEX[card]


def reshuffled(cards: Iterable[Card], seed: int, number: int) -> list[Card]:
    """The order of reshuffle ``number`` (1, 2, ...) of deal ``seed``.

    The cards are first put in pack order, so the outcome depends only on the
    seed, the reshuffle's number and which cards are shuffled.
    """
    return shuffled(sorted(cards, key=_PACK_INDEX.__getitem__), seed_rng(seed, number))


#: Random deals are numbered below this: five digits at most, easy to say aloud
#: and to type back (any number up to ``MAX_SEED`` can still be asked for).
RANDOM_SEEDS = 100_000


def new_seed() -> int:
    """A fresh random deal number, 0 to ``RANDOM_SEEDS - 1``.

    >>> 0 <= new_seed() < RANDOM_SEEDS
    True
    """
    return random.SystemRandom().randrange(RANDOM_SEEDS)
