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
>>> Move("move", ["t1"], "fc")
Traceback (most recent call last):
...
solitaire_widgets.errors.NotationError: Move('move', ['t1'], 'fc', 1) is not a move: a pile is named by lower-case letters then digits, e.g. 't3' or 'fh'
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any, NamedTuple

from .errors import NotationError, excerpt
from .i18n import _

__all__ = ["Move"]

_PILE = r"[a-z]{1,12}[0-9]{0,3}"
_MOVE_RE = re.compile(rf"^({_PILE})(?::([1-9][0-9]?))?>({_PILE})$")
_PILE_RE = re.compile(rf"^{_PILE}$")
_ACTION_RE = re.compile(r"^[a-z][a-z-]{0,29}$")
#: The most cards one move may take (what the notation can write).
MAX_COUNT = 99
# Moves already checked; the rules build the same few moves again and again.
_CHECKED: set[tuple[str, str, str, int]] = set()


class _MoveValue(NamedTuple):
    action: str
    src: str = ""
    dst: str = ""
    # Shadows tuple.count on purpose: a move's count is the number of cards.
    count: int = 1  # type: ignore[assignment]


class Move(_MoveValue):
    """A move: ``action`` is ``"move"`` for moving cards, or the decision's word.

    ``src`` and ``dst`` are pile ids and ``count`` the number of cards taken
    from the end of ``src`` (only for ``action == "move"``). Only a move that
    can be written can be made; anything else raises :class:`NotationError`.
    """

    __slots__ = ()

    def __new__(cls, action: str, src: str = "", dst: str = "", count: int = 1) -> Move:
        value = (action, src, dst, count)
        try:
            known = value in _CHECKED
        except TypeError:  # an unhashable part: not a move
            known = False
        if not (known and type(count) is int):
            _check(action, src, dst, count)
            if len(_CHECKED) < 100_000:
                _CHECKED.add(value)
        return tuple.__new__(cls, value)

    @classmethod
    def _make(cls, iterable: Iterable[Any]) -> Move:  # type: ignore[override]
        # _replace goes through _make: it checks like the constructor.
        return cls(*iterable)

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
            raise NotationError(_("{text} is not a move: a move is written as text such as "
                                  "{example!r}").format(text=excerpt(text), example=example))
        cleaned = text.strip().lower()
        match = _MOVE_RE.match(cleaned)
        if match:
            src, count, dst = match.groups()
            return cls("move", src, dst, int(count) if count else 1)
        if ">" not in cleaned and _ACTION_RE.match(cleaned) and cleaned != "move":
            return cls(cleaned)
        raise NotationError(
            _("{text} is not a move: write SOURCE>TARGET with pile names (e.g. {example!r}), "
              "SOURCE:N>TARGET to move N cards, or one word such as {word!r}").format(
                  text=excerpt(text), example=example, word=word))

    def __str__(self) -> str:
        if self.action != "move":
            return self.action
        count = f":{self.count}" if self.count != 1 else ""
        return f"{self.src}{count}>{self.dst}"

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"


def _check(action: object, src: object, dst: object, count: object) -> None:
    def refuse(why: str) -> NotationError:
        parts = ", ".join(excerpt(part) for part in (action, src, dst, count))
        return NotationError(f"Move({parts}) is not a move: {why}")

    if action == "move" and type(action) is str:
        for pile in (src, dst):
            if type(pile) is not str or not _PILE_RE.match(pile):
                raise refuse("a pile is named by lower-case letters then digits, "
                             "e.g. 't3' or 'fh'")
        if type(count) is not int or not 1 <= count <= MAX_COUNT:
            raise refuse(f"a move takes a whole number of cards from 1 to {MAX_COUNT}")
    elif type(action) is not str or not _ACTION_RE.match(action):
        raise refuse("the action is 'move' or one lower-case word such as 'turn'")
    elif src != "" or dst != "" or count != 1 or type(count) is not int:
        raise refuse(f"the decision {action!r} names no pile and no number of cards")
