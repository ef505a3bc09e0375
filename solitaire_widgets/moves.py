"""Moves: small values whose text needs no position.

A move of cards is written ``SOURCE>TARGET`` with pile ids (``"t3>fh"``), or
``SOURCE:N>TARGET`` to move the last N cards of a pile (``"t3:2>t5"``). A
decision that moves no chosen card is a single word (``"turn"``, ``"redeal"``).

>>> Move.parse("t3:2>t5")
Move.parse('t3:2>t5')
>>> Move.parse("t3:2>t5").count
2
>>> str(Move("turn"))
'turn'
"""

from __future__ import annotations

import re
from typing import NamedTuple

from .errors import NotationError

__all__ = ["Move"]

_MOVE_RE = re.compile(r"^([a-z]+[0-9]*)(?::([1-9][0-9]?))?>([a-z]+[0-9]*)$")
_ACTION_RE = re.compile(r"^[a-z][a-z-]*$")


class Move(NamedTuple):
    """A move: ``action`` is ``"move"`` for moving cards, or the decision's word.

    ``src`` and ``dst`` are pile ids and ``count`` the number of cards taken
    from the end of ``src`` (only for ``action == "move"``).
    """

    action: str
    src: str = ""
    dst: str = ""
    # Shadows tuple.count on purpose: a move's count is the number of cards.
    count: int = 1  # type: ignore[assignment]

    @classmethod
    def cards(cls, src: str, dst: str, count: int = 1) -> Move:
        """The move of the last ``count`` cards of pile ``src`` onto pile ``dst``."""
        return cls("move", src, dst, count)

    @classmethod
    def parse(cls, text: str, *, example: str = "t3>fh", word: str = "turn") -> Move:
        """Read a move from its text; an error shows ``example`` and ``word`` (a game's
        own example move and action, see :meth:`Game.play`).

        >>> Move.parse("s>w")
        Move.parse('s>w')
        >>> Move.parse("t3>>t5")
        Traceback (most recent call last):
        ...
        solitaire_widgets.errors.NotationError: 't3>>t5' is not a move: write SOURCE>TARGET with pile names (e.g. 't3>fh'), SOURCE:N>TARGET to move N cards, or one word such as 'turn'
        """
        if not isinstance(text, str):
            raise NotationError(f"{text!r} is not a move: a move is written as text such as "
                                f"{example!r}")
        cleaned = text.strip().lower()
        match = _MOVE_RE.match(cleaned)
        if match:
            src, count, dst = match.groups()
            return cls("move", src, dst, int(count) if count else 1)
        if ">" not in cleaned and _ACTION_RE.match(cleaned) and cleaned != "move":
            return cls(cleaned)
        raise NotationError(
            f"{text!r} is not a move: write SOURCE>TARGET with pile names (e.g. {example!r}), "
            f"SOURCE:N>TARGET to move N cards, or one word such as {word!r}"
        )

    def __str__(self) -> str:
        if self.action != "move":
            return self.action
        count = f":{self.count}" if self.count != 1 else ""
        return f"{self.src}{count}>{self.dst}"

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"
