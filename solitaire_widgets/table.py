"""The table: piles of cards, scalar facts, and the events that change them.

Every change to a table is an :class:`Event`. The rules never touch a pile
directly; they emit events, and :meth:`Table.apply` carries each one out. So
a step's events say exactly what happened (the widgets animate them one by
one), and replaying the events rebuilds any position without the rules.

>>> from solitaire_widgets.cards import parse_cards
>>> table = Table([Pile("s", "stock", parse_cards("AS 2S")), Pile("w", "waste")])
>>> table.apply(Event("move", "s", "w", (Card.parse("2S"),)))
>>> table.piles["w"].cards
[Card.parse('2S')]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Literal, NamedTuple

from .cards import Card

__all__ = ["PILE_KINDS", "Pile", "Event", "Table", "Scalar"]

#: The kinds of pile, as the example JSON names them.
PILE_KINDS = ("foundation", "tableau", "reserve", "stock", "waste")

PileKind = Literal["foundation", "tableau", "reserve", "stock", "waste"]
Scalar = int | str | bool | None


@dataclass(slots=True)
class Pile:
    """One pile on the table, its cards from bottom to top.

    ``down`` counts the face-down cards at the bottom of a tableau pile; the
    stock is always face down whatever ``down`` says.
    """

    id: str
    kind: PileKind
    cards: list[Card] = field(default_factory=list)
    down: int = 0

    @property
    def top(self) -> Card | None:
        """The last card laid (the one that can be taken), or None if empty."""
        return self.cards[-1] if self.cards else None

    def face_up(self, index: int) -> bool:
        """Whether the card at ``index`` (from the bottom) shows its face."""
        return self.kind != "stock" and index >= self.down

    def copy(self) -> Pile:
        return Pile(self.id, self.kind, list(self.cards), self.down)


EventKind = Literal["move", "flip", "shuffle", "set"]


class Event(NamedTuple):
    """One change of the table.

    - ``move``: the last ``len(cards)`` cards of ``src`` go onto ``dst``
      (face up unless ``face_up`` is false or ``dst`` is a stock);
    - ``flip``: the last face-down card of ``src`` is turned face up;
    - ``shuffle``: pile ``src`` now holds ``cards`` in that order (same cards);
    - ``set``: the table fact ``key`` becomes ``value`` (the count, the round...).
    """

    kind: EventKind
    src: str = ""
    dst: str = ""
    cards: tuple[Card, ...] = ()
    face_up: bool = True
    key: str = ""
    value: Scalar = None


class Table:
    """The piles (in a fixed order) and the facts of a position."""

    __slots__ = ("piles", "facts")

    def __init__(self, piles: Iterable[Pile], facts: Mapping[str, Scalar] | None = None) -> None:
        self.piles: dict[str, Pile] = {pile.id: pile for pile in piles}
        self.facts: dict[str, Scalar] = dict(facts or {})

    def copy(self) -> Table:
        """An independent copy (piles and facts)."""
        return Table((pile.copy() for pile in self.piles.values()), self.facts)

    def apply(self, event: Event) -> None:
        """Carry out one event."""
        kind = event.kind
        if kind == "move":
            src = self.piles[event.src]
            dst = self.piles[event.dst]
            n = len(event.cards)
            del src.cards[len(src.cards) - n:]
            if src.down > len(src.cards):
                src.down = len(src.cards)
            if not event.face_up and dst.kind != "stock":
                dst.down = len(dst.cards) + n
            dst.cards.extend(event.cards)
        elif kind == "flip":
            pile = self.piles[event.src]
            pile.down -= 1
        elif kind == "shuffle":
            self.piles[event.src].cards[:] = event.cards
        elif kind == "set":
            self.facts[event.key] = event.value
        else:  # pragma: no cover - Event.kind is a closed set
            raise AssertionError(kind)

    def cards(self) -> list[Card]:
        """Every card on the table, pile by pile."""
        return [card for pile in self.piles.values() for card in pile.cards]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Table):
            return NotImplemented
        return self.piles == other.piles and self.facts == other.facts

    __hash__ = None  # type: ignore[assignment]  # mutable
