"""Why a game ended, kept as a key and worded when read.

A game's end is stored (in its model and its table's fact ``reason``) as the
reason's untranslated message, marked with ``N_``, and its parameters as
codes: a card as its notation, a rank as its number. :func:`reason_words`
says it in the language in force when it is read, so a game that ended in
one language reads fully in another, and two games that ended alike hold
equal reasons whatever language each was played in.

>>> key = reason_key("{card} cannot be played", card="QH")
>>> reason_words(key)
'the queen of hearts cannot be played'
>>> reason_words("no move is left")
'no move is left'
"""

from __future__ import annotations

from .cards import Card, card_words, rank_words
from .i18n import _

__all__ = ["reason_key", "reason_words"]

#: Between the message and each parameter of a stored reason (never in a message).
_SEPARATOR = "\x1f"


def reason_key(message: str, **params: str | int) -> str:
    """A reason to store: ``message`` (marked with ``N_``) and its parameters, ``card``
    (a card's notation) or ``rank`` (1 for the ace to 13 for the king).

    >>> reason_key("the {rank} was named", rank=5).split("\\x1f")
    ['the {rank} was named', 'rank=5']
    """
    return _SEPARATOR.join([message, *(f"{name}={value}" for name, value in params.items())])


def reason_words(key: str) -> str:
    """A stored reason in the player's language (text stored by a game's own rules,
    with no catalog entry, reads as it was written).

    >>> reason_words("")
    ''
    """
    if not key:
        return ""
    message, *parts = key.split(_SEPARATOR)
    words: dict[str, object] = {}
    for part in parts:
        name, _sign, value = part.partition("=")
        if name == "card":
            words[name] = card_words(Card.parse(value))
        elif name == "rank":
            words[name] = rank_words(int(value))
        else:
            words[name] = value
    text = _(message)
    return text.format(**words) if words else text
