"""Shuffling that gives the same order on every machine and Python version.

``random.shuffle`` may change between Python versions, so we shuffle with our
own Fisher-Yates on :meth:`random.Random.getrandbits`, whose output for a
given seed is fixed.

>>> shuffled(range(5), seed_rng(7))
[1, 4, 2, 3, 0]
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import TypeVar

__all__ = ["seed_rng", "shuffled", "new_seed"]

T = TypeVar("T")


def seed_rng(seed: int, stream: int = 0) -> random.Random:
    """A generator for ``seed``: stream 0 deals, stream k the k-th reshuffle.

    Seeding with a string is stable across Python versions (it hashes with SHA-512).
    """
    return random.Random(f"solitaire_widgets/{seed}/{stream}")


def _below(rng: random.Random, n: int) -> int:
    # Rejection sampling keeps every index equally likely.
    bits = n.bit_length()
    while True:
        value = rng.getrandbits(bits)
        if value < n:
            return value


def shuffled(items: Iterable[T], rng: random.Random) -> list[T]:
    """A new list with ``items`` in a random order drawn from ``rng``."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = _below(rng, i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def new_seed() -> int:
    """A fresh random deal number (0 to 2**31 - 1)."""
    return random.SystemRandom().randrange(2**31)
