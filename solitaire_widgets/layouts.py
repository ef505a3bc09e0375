"""What a game's layout is made of: the builder that places a table's piles,
the default layout, and the scene they make.

A game's layout is a function ``(table, width) -> PilePlacement``
(:data:`LayoutFunction`), carried by its rules (``Rules.layout``); it places
each pile with a :class:`PilePlacement`, whose :meth:`PilePlacement.scene` is the
position as a :class:`Scene`: every card of the table exactly one
:class:`Sprite` (stock included, face down), every pile a :class:`Slot`
outline under its cards, and a few :class:`Label` s saying what the areas are.
A game with no layout of its own is laid out by :func:`generic_layout`. This
module sits below the games and the renderer: a game builds its layout here,
and the renderer (:func:`solitaire_widgets.render.scene.layout`) draws the
scene the game's layout makes.

>>> from solitaire_widgets import new_game
>>> game = new_game("chain", seed=5)
>>> scene = generic_layout(game.table, 800).scene()
>>> len(scene.sprites) == 52 and scene.width == 800
True
>>> slot = next(s for s in scene.slots if s.pile == "l1")
>>> scene.hit(slot.x + 5, slot.y + 5)
('l1', 0)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol

from .cards import Card
from .table import Table

__all__ = ["Sprite", "Slot", "Label", "Scene", "PilePlacement", "LayoutFunction",
           "generic_layout", "match_sprites", "card_key", "shown_key", "CARD_RATIO",
           "READABLE_LABEL", "readable_width", "text_width"]

#: Height / width of a card (the bridge-size 2.5 x 3.5 inches).
CARD_RATIO = 1.4

#: The smallest a pile label is shown on screen, in CSS pixels: on a narrow
#: screen a table keeps this size and its box scrolls sideways.
READABLE_LABEL = 9.0

_NARROW = set("iljtfrI.,:;!'|ł·()")
_WIDE = set("mwMWшщжмыюфШЩЖМЫЮФ–")


def text_width(text: str, size: float) -> float:
    """How wide a label's ``text`` is at ``size`` pixels, a little more than
    the labels' fonts (Helvetica, Arial, DejaVu Sans) draw it, in pixels.

    >>> text_width("deal 1 of 2", 10) < text_width("rozłożenie 1 z 2", 10)
    True
    """
    ems = 0.0
    for char in text:
        if char == " ":
            ems += 0.32
        elif char in _NARROW:
            ems += 0.3
        elif char in _WIDE:
            ems += 0.85
        elif char.isupper():
            ems += 0.7
        else:
            ems += 0.6
    return ems * size


@dataclass(frozen=True, slots=True)
class Sprite:
    """One card on the table.

    ``key`` is a stable identity for animation: ``"7C"``, and ``"7C/2"`` for
    a second copy of the same card in a two-pack game. ``index`` counts from
    the bottom of ``pile``; ``z`` orders the drawing (higher on top).
    """

    key: str
    card: Card
    x: float
    y: float
    w: float
    h: float
    face_up: bool
    z: int
    pile: str
    index: int

    def contains(self, x: float, y: float) -> bool:
        """Whether the point lies on the card."""
        return self.x <= x <= self.x + self.w and self.y <= y <= self.y + self.h


@dataclass(frozen=True, slots=True)
class Slot:
    """The outline of a pile's place, drawn under its cards.

    ``label`` is faint text inside the outline; ``suit`` (a suit letter or
    ``""``) adds a faint suit symbol, as on a foundation waiting for its cards.
    """

    pile: str
    x: float
    y: float
    w: float
    h: float
    label: str = ""
    suit: str = ""

    def contains(self, x: float, y: float) -> bool:
        """Whether the point lies in the outline."""
        return self.x <= x <= self.x + self.w and self.y <= y <= self.y + self.h


@dataclass(frozen=True, slots=True)
class Label:
    """Text on the table itself (not on a card), its baseline at ``y``."""

    x: float
    y: float
    text: str
    size: float
    anchor: Literal["start", "middle", "end"] = "start"


@dataclass(frozen=True)
class Scene:
    """Everything to draw for one position, in pixels; ``(0, 0)`` is the top left."""

    width: float
    height: float
    sprites: tuple[Sprite, ...] = ()
    slots: tuple[Slot, ...] = ()
    labels: tuple[Label, ...] = ()
    _by_key: dict[str, Sprite] = field(default_factory=dict, init=False, repr=False,
                                       compare=False)

    def __post_init__(self) -> None:
        self._by_key.update((sprite.key, sprite) for sprite in self.sprites)

    def hit(self, x: float, y: float) -> tuple[str, int] | None:
        """The pile and card index under a point: the topmost card, else a slot.

        On a slot not covered by a card the index is that of the pile's top
        card (``-1`` for an empty pile); off every card and slot, ``None``.

        >>> scene = Scene(100, 100, slots=(Slot("s", 10, 10, 20, 28),))
        >>> scene.hit(15, 15), scene.hit(90, 90)
        (('s', -1), None)
        """
        best: Sprite | None = None
        for sprite in self.sprites:
            if sprite.contains(x, y) and (best is None or sprite.z > best.z):
                best = sprite
        if best is not None:
            return best.pile, best.index
        for slot in reversed(self.slots):
            if slot.contains(x, y):
                top = max((s.index for s in self.sprites if s.pile == slot.pile), default=-1)
                return slot.pile, top
        return None

    def sprite(self, key: str) -> Sprite | None:
        """The sprite with this key, if any."""
        return self._by_key.get(key)

    def pile_sprites(self, pile: str) -> list[Sprite]:
        """The sprites of one pile, bottom first."""
        return sorted((s for s in self.sprites if s.pile == pile), key=lambda s: s.index)

    def pile_bounds(self, pile: str) -> tuple[float, float, float, float] | None:
        """The box ``(x, y, w, h)`` round a pile's slot and cards (None if not shown)."""
        boxes = [(s.x, s.y, s.w, s.h) for s in self.slots if s.pile == pile]
        boxes += [(s.x, s.y, s.w, s.h) for s in self.sprites if s.pile == pile]
        if not boxes:
            return None
        left = min(b[0] for b in boxes)
        top = min(b[1] for b in boxes)
        right = max(b[0] + b[2] for b in boxes)
        bottom = max(b[1] + b[3] for b in boxes)
        return left, top, right - left, bottom - top


# -- keys and matching ----------------------------------------------------------


def shown_key(sprite: Sprite) -> str:
    """The key a front end is given for ``sprite``: its own face up; face down,
    one that names only its place (``"~t3/0"``), so that nothing sent to a page
    (a ``data-key``, an animation's plan) names a card the player cannot see.

    A card turned face up changes key; its flight starts where it lay, so it
    still turns over from its place.

    >>> from solitaire_widgets import new_game
    >>> game = new_game("klondike", seed=1)
    >>> from solitaire_widgets.render.scene import layout
    >>> scene = layout(game, game.table, 720)
    >>> [shown_key(sprite) for sprite in scene.pile_sprites("t2")]
    ['~t2/0', '~t2/1', '~t2/2', '~t2/3', '~t2/4', '9C']
    """
    return sprite.key if sprite.face_up else f"~{sprite.pile}/{sprite.index}"


def card_key(card: Card, copy: int) -> str:
    """The sprite key of the ``copy``-th copy (1, 2, ...) of a card.

    >>> card_key(Card.parse("7C"), 1), card_key(Card.parse("7C"), 2)
    ('7C', '7C/2')
    """
    return str(card) if copy == 1 else f"{card}/{copy}"


def match_sprites(before: Iterable[Sprite], after: Iterable[Sprite]) -> list[tuple[Sprite, Sprite]]:
    """Pair each sprite of ``after`` with the same card in ``before``.

    Copies of one card are told apart by keeping the same key where the key
    stays with the same card, then the same ``(pile, index)``, then by
    nearest position; sprites left over have no partner.

    >>> c = Card.parse("7C")
    >>> a = [Sprite("7C", c, 0, 0, 1, 1, True, 0, "r1", 0), Sprite("7C/2", c, 9, 0, 1, 1, True, 1, "r2", 0)]
    >>> b = [Sprite("7C", c, 9, 0, 1, 1, True, 0, "r2", 0)]
    >>> [(x.key, y.key) for x, y in match_sprites(a, b)]
    [('7C/2', '7C')]
    """
    groups_a: dict[Card, list[Sprite]] = {}
    groups_b: dict[Card, list[Sprite]] = {}
    for sprite in before:
        groups_a.setdefault(sprite.card, []).append(sprite)
    for sprite in after:
        groups_b.setdefault(sprite.card, []).append(sprite)
    pairs: list[tuple[Sprite, Sprite]] = []
    for card, bs in groups_b.items():
        as_ = groups_a.get(card, [])
        if len(as_) == 1 and len(bs) == 1:
            pairs.append((as_[0], bs[0]))
            continue
        free_a = list(as_)
        free_b = list(bs)
        # Same place first: a copy that did not move keeps its identity.
        for b in list(free_b):
            same = next((a for a in free_a if a.pile == b.pile and a.index == b.index), None)
            if same is not None:
                pairs.append((same, b))
                free_a.remove(same)
                free_b.remove(b)
        # Then the nearest remaining copy.
        options = sorted(
            ((a.x - b.x) ** 2 + (a.y - b.y) ** 2, i, j)
            for i, a in enumerate(free_a) for j, b in enumerate(free_b)
        )
        used_a: set[int] = set()
        used_b: set[int] = set()
        for _dist, i, j in options:
            if i in used_a or j in used_b:
                continue
            used_a.add(i)
            used_b.add(j)
            pairs.append((free_a[i], free_b[j]))
    return pairs


# -- building a scene -------------------------------------------------------------


class PilePlacement:
    """The builder a layout places a table's piles with: one call per pile.

    A game's layout is a function ``(table, width) -> PilePlacement``, carried
    by its rules (``Rules.layout``). It chooses a card
    width for the table's width, makes a ``PilePlacement``, places each pile
    with one of the methods below (a squared :meth:`stack`, the :meth:`stock`,
    a fanned :meth:`column`, a :meth:`waste` fanning its top cards, a series
    that shows its base card (:meth:`peek`), places in :meth:`rows`), adds
    :meth:`label` s, and ends with :meth:`finish`, giving the height. Every
    card of the table is then drawn exactly once: a non-empty pile the layout
    did not place is laid in a row below (so no card is ever lost), and a
    pile it means to hide while empty is marked with :meth:`skip`. The cards'
    height follows from their width (:attr:`ch`); coordinates are pixels,
    ``(0, 0)`` the top left. A grid of columns ``gap`` apart from the
    ``margin`` has its columns at :meth:`col_x`.

    >>> from solitaire_widgets import new_game
    >>> table = new_game("klondike", seed=1).table
    >>> def two_rows(table, width):
    ...     b = PilePlacement(table, width, card_width=width / 9)
    ...     b.stock("s", 10, 10, "stock")
    ...     b.waste("w", 10 + b.cw * 1.2, 10, b.cw * 0.2)
    ...     for i in range(7):
    ...         b.column(f"t{i + 1}", 10 + i * b.cw * 1.2, 20 + b.ch, b.ch * 0.1, b.ch * 0.25)
    ...     return b.finish(20 + b.ch * 4)
    >>> scene = two_rows(table, 360).scene()
    >>> len(scene.sprites), scene.height      # the foundations, empty, are not shown
    (52, 244)
    """

    def __init__(self, table: Table, width: float, card_width: float, margin: float = 0.0,
                 gap: float = 0.0) -> None:
        #: The table being laid out (read it: its piles, its facts).
        self.table = table
        #: The scene's width, in pixels.
        self.width = width
        #: A card's width, in pixels.
        self.cw = card_width
        #: The space left of the grid's first column (:meth:`col_x`), in pixels.
        self.margin = margin
        #: The space between two columns of the grid, in pixels.
        self.gap = gap
        #: A card's height, in pixels (it follows from the width).
        self.ch = card_width * CARD_RATIO
        #: The scene's height, set by :meth:`finish`.
        self.height = 0.0
        self._sprites: list[tuple[Card, float, float, bool, str, int]] = []
        self.slots: list[Slot] = []
        self.labels: list[Label] = []
        self.placed: set[str] = set()

    @property
    def label_size(self) -> float:
        """The usual size of a label's text for this card width."""
        return min(15.0, max(10.0, self.cw * 0.2))

    def col_x(self, column: float) -> float:
        """The left edge of the grid's column ``column`` (0 the first; halves allowed)."""
        return self.margin + column * (self.cw + self.gap)

    def cards(self, pile_id: str) -> list[Card]:
        """The cards of a pile (none if the table has no such pile)."""
        pile = self.table.piles.get(pile_id)
        return list(pile.cards) if pile is not None else []

    def number(self, fact: str, default: int = 0) -> int:
        """A whole-number table fact (the deal, the round...), or ``default``."""
        value = self.table.facts.get(fact)
        if isinstance(value, bool) or not isinstance(value, int):
            return default
        return value

    def slot(self, pile_id: str, x: float, y: float, label: str = "", suit: str = "") -> None:
        """The outline of a pile's place (a faint label, or suit letter, inside)."""
        self.slots.append(Slot(pile_id, x, y, self.cw, self.ch, label, suit))

    def label(self, x: float, y: float, text: str, size: float,
              anchor: Literal["start", "middle", "end"] = "start") -> None:
        """Text on the table, its baseline at ``y``."""
        # Never smaller than a phone can read when drawn at its own size.
        self.labels.append(Label(x, y, text, max(size, READABLE_LABEL), anchor))

    def wrapped_label(self, x: float, y: float, text: str, size: float, room: float,
                      anchor: Literal["start", "middle", "end"] = "start") -> int:
        """Text on the table in as many lines as it needs to be at most ``room``
        pixels wide (a word too long for it keeps a line of its own); the first
        baseline at ``y``. Returns the number of lines."""
        size = max(size, READABLE_LABEL)
        lines: list[str] = []
        for word in text.split():
            if lines and text_width(f"{lines[-1]} {word}", size) <= room:
                lines[-1] = f"{lines[-1]} {word}"
            else:
                lines.append(word)
        for index, line in enumerate(lines):
            self.label(x, y + index * size * 1.2, line, size, anchor)
        return len(lines)

    def place(self, pile_id: str, positions: list[tuple[float, float]]) -> None:
        """Put a pile's cards at ``positions`` (bottom card first, one per card)."""
        self.placed.add(pile_id)
        pile = self.table.piles.get(pile_id)
        if pile is None:
            return
        for index, (card, (x, y)) in enumerate(zip(pile.cards, positions, strict=True)):
            self._sprites.append((card, x, y, pile.face_up(index), pile_id, index))

    def skip(self, pile_id: str) -> None:
        """Leave a pile out of the picture while it is empty (its cards, if any,
        still go to the row below)."""
        self.placed.add(pile_id)

    def stack(self, pile_id: str, x: float, y: float, label: str = "", suit: str = "") -> None:
        """A squared pile: every card at the same place, the top one showing."""
        self.slot(pile_id, x, y, label, suit)
        self.place(pile_id, [(x, y)] * len(self.cards(pile_id)))

    def stock(self, pile_id: str, x: float, y: float, label: str = "") -> None:
        """A squared face-down pile that shows its thickness."""
        self.slot(pile_id, x, y, label)
        step = max(0.4, self.cw * 0.01)
        self.place(pile_id, [(x - min(i // 8, 4) * step, y - min(i // 8, 4) * step)
                             for i in range(len(self.cards(pile_id)))])

    def peek(self, pile_id: str, x: float, y: float, peek: float, label: str = "",
             suit: str = "") -> None:
        """A series showing its top card with its base card peeking out above."""
        self.slot(pile_id, x, y, label, suit)
        self.place(pile_id, [(x, y if i == 0 else y + peek)
                             for i in range(len(self.cards(pile_id)))])

    def column(self, pile_id: str, x: float, y: float, down_step: float, up_step: float,
               label: str = "") -> float:
        """A fanned column; returns the bottom edge of its last card."""
        self.slot(pile_id, x, y, label)
        pile = self.table.piles[pile_id]
        positions = []
        top = y
        for index in range(len(pile.cards)):
            positions.append((x, top))
            top += up_step if pile.face_up(index) else down_step
        self.place(pile_id, positions)
        return positions[-1][1] + self.ch if positions else y + self.ch

    def waste(self, pile_id: str, x: float, y: float, step: float, label: str = "",
              shown: int = 3) -> None:
        """A waste: squared, its top three (or ``shown``) cards fanned to the right."""
        self.slot(pile_id, x, y, label)
        n = len(self.cards(pile_id))
        first = max(0, n - shown)
        self.place(pile_id, [(x + max(0, i - first) * step, y) for i in range(n)])

    def rows(self, places: Sequence[str], per_row: int, y: float, pitch: float,
             at_least: int = 0, first_column: float = 0.0) -> int:
        """Squared piles in rows of ``per_row`` from ``y`` down, ``pitch`` apart.

        The first ``at_least`` of ``places`` are shown, empty or not, and so is
        every place up to the last one that holds cards; the places after are
        left out while empty (:meth:`skip`). A row's first pile is in the
        grid's column ``first_column`` (:meth:`col_x`). Returns how many rows
        are shown.

        >>> from solitaire_widgets import new_game
        >>> b = PilePlacement(new_game("chain", seed=5).table, 800, 60, margin=20, gap=10)
        >>> b.rows([f"l{i}" for i in range(1, 33)], 8, 100, 90, at_least=4)   # 24 dealt
        3
        >>> [(slot.pile, slot.x, slot.y) for slot in b.slots][8:10]
        [('l9', 20.0, 190), ('l10', 90.0, 190)]
        """
        highest = max((i for i, place in enumerate(places, 1) if self.cards(place)), default=0)
        shown = max(at_least, highest, 0)
        for i, place in enumerate(places[:shown]):
            row, column = divmod(i, per_row)
            self.stack(place, self.col_x(first_column + column), y + row * pitch)
        for place in places[shown:]:
            self.skip(place)
        return math.ceil(shown / per_row)

    def leftovers(self, y: float) -> float:
        """Lay any non-empty pile the layout did not place in a row from ``y``, so
        no card is lost; returns the bottom edge."""
        x = self.cw * 0.3
        bottom = y
        for pile_id, pile in self.table.piles.items():
            if pile_id in self.placed or not pile.cards:
                continue
            if x + self.cw > self.width:
                x = self.cw * 0.3
                y += self.ch + self.cw * 0.2
            self.stack(pile_id, x, y, pile_id)
            bottom = y + self.ch + self.cw * 0.3
            x += self.cw * 1.2
        return bottom

    def has_leftovers(self) -> bool:
        """Whether a non-empty pile has not been placed."""
        return any(p.cards and pid not in self.placed for pid, p in self.table.piles.items())

    def finish(self, bottom: float) -> PilePlacement:
        """End the layout: the scene is ``bottom`` pixels high, or more with the
        row of piles left unplaced (:meth:`leftovers`). Returns the builder."""
        self.height = self.leftovers(bottom) if self.has_leftovers() else bottom
        return self

    def scene(self, keys_from: Scene | None = None) -> Scene:
        """The finished scene (``keys_from``: see :func:`~solitaire_widgets.render.layout`)."""
        placed, cw, ch = self._sprites, self.cw, self.ch
        keys = _sprite_keys(placed, cw, ch, keys_from)
        sprites = tuple(Sprite(key, card, x, y, cw, ch, up, z, pile, index)
                        for z, (key, (card, x, y, up, pile, index))
                        in enumerate(zip(keys, placed, strict=True)))
        return Scene(self.width, math.ceil(self.height), sprites, tuple(self.slots),
                     tuple(self.labels))


class LayoutFunction(Protocol):
    """A game's layout: the table and a width in, the finished builder out."""

    def __call__(self, table: Table, width: float, /) -> PilePlacement: ...


def _sprite_keys(placed: list[tuple[Card, float, float, bool, str, int]], w: float, h: float,
                 keys_from: Scene | None) -> list[str]:
    """The key of each placed card: its sprite's in ``keys_from`` (see
    :func:`match_sprites`), else the first free one of its card."""
    keys: list[str | None] = [None] * len(placed)
    if keys_from is not None:
        cards = [card for card, *_rest in placed]
        before = {sprite.card: sprite.key for sprite in keys_from.sprites}
        if len(before) == len(keys_from.sprites) and len(set(cards)) == len(cards):
            # One copy of each card on both sides (one pack): each card keeps its
            # key, as match_sprites pairs them, without its search for copies.
            keys = [before.get(card) for card in cards]
        else:
            raw = [Sprite("", card, x, y, w, h, up, z, pile, index)
                   for z, (card, x, y, up, pile, index) in enumerate(placed)]
            at = {id(sprite): number for number, sprite in enumerate(raw)}
            for old, new in match_sprites(keys_from.sprites, raw):
                keys[at[id(new)]] = old.key
    taken = {key for key in keys if key is not None}
    copies: dict[Card, int] = {}
    out = []
    for key, (card, *_rest) in zip(keys, placed, strict=True):
        if key is None:
            n = copies.get(card, 0)
            while True:
                n += 1
                key = card_key(card, n)
                if key not in taken:
                    break
            copies[card] = n
            taken.add(key)
        out.append(key)
    return out


def readable_width(scene: Scene) -> int:
    """The narrowest (CSS pixels) ``scene`` may be shown at, its smallest pile
    label still ``READABLE_LABEL`` (9) pixels high.

    >>> from solitaire_widgets import new_game
    >>> game = new_game("quarrel", seed=1)
    >>> from solitaire_widgets.render.scene import layout
    >>> readable_width(layout(game, game.table, 760))      # labels of 10 px
    684
    """
    smallest = min((label.size for label in scene.labels), default=READABLE_LABEL)
    return math.ceil(scene.width * READABLE_LABEL / smallest)


def generic_layout(table: Table, width: float) -> PilePlacement:
    """A table laid out from its piles' kinds, for a game that declares no layout.

    The top row: the stock, then reserves (a waste, free cells) squared, then
    the foundations; below, the tableau piles as fanned columns, wrapping to
    more rows when they do not fit.
    """
    by_kind: dict[str, list[str]] = {}
    for pile_id, pile in table.piles.items():
        by_kind.setdefault(pile.kind, []).append(pile_id)
    top_row = (by_kind.get("stock", []) + by_kind.get("waste", []) + by_kind.get("reserve", [])
               + by_kind.get("foundation", []))
    columns = by_kind.get("tableau", [])
    per_row = max(7, min(13, max(len(top_row), len(columns))))
    cw = width / (per_row * 1.25 + 0.25)
    b = PilePlacement(table, width, cw)
    ch = b.ch
    gap = margin = cw * 0.25
    size = b.label_size

    def at(i: int) -> float:
        return margin + (i % per_row) * (cw + gap)

    y = margin + size
    for i, pile_id in enumerate(top_row):
        if i and i % per_row == 0:
            y += ch + gap + size
        kind = table.piles[pile_id].kind
        if kind == "stock":
            b.stock(pile_id, at(i), y, pile_id)
        else:
            b.stack(pile_id, at(i), y, pile_id)
        b.label(at(i), y - size * 0.3, pile_id, size * 0.85)
    top = y + ch + gap + size
    bottom = top + ch
    for i, pile_id in enumerate(columns):
        if i and i % per_row == 0:
            top = bottom + gap + size
        b.label(at(i), top - size * 0.3, pile_id, size * 0.85)
        bottom = max(bottom, b.column(pile_id, at(i), top, ch * 0.09, ch * 0.25))
    if b.has_leftovers():
        return b.finish(bottom + gap)
    b.height = bottom + margin
    return b
