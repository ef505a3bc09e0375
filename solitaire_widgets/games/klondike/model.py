"""The rules of Klondike on a compact state: the legal moves and how they play out.

This is the model of the game (see :class:`KlondikeModel`): plain ints and
``bytes`` instead of a :class:`~solitaire_widgets.table.Table`, the options
read once, and the engine's own :class:`~solitaire_widgets.moves.Move` values
handed out from tables built once. The solver (``solitaire_widgets.games.klondike.solver``)
takes its card code, its building rule (:data:`PARENTS`, :data:`TO_EMPTY`),
:func:`cut`, :func:`reach` and the reading of a table (:func:`state_of`)
from here.

A card is a code ``suit * 13 + rank - 1``, suits in the order ``CDHS``
(clubs and spades black); :data:`EMPTY` (52) stands for an empty column's
end. The position is the solver's tuple ``(found, cols, talon, pos, pss)``:

- ``found``: how many cards each foundation (clubs, diamonds, hearts,
  spades) holds, so its top rank;
- ``cols``: one ``bytes`` per column, byte 0 the number of face-down cards,
  then the cards bottom to top;
- ``talon``: the waste and the hand as one ``bytes`` in dealing order:
  ``talon[:pos]`` is the waste (its top ``talon[pos - 1]``), ``talon[pos:]``
  the hand (``talon[pos]`` is turned next); turning the waste over puts the
  same cards back in the same order, so it only sets ``pos`` to 0;
- ``pss``: the pass, 1 or 2 (the model keeps the full count, :attr:`KlondikeModel.passes`).

>>> model = KlondikeModel({"variant": "polish", "worrying_back": "no"}, 5, deal_codes(5))
>>> model.deal()
>>> [len(col) - 1 for col in model.cols], [col[0] for col in model.cols]
([7, 6, 5, 4, 3, 2, 1], [6, 5, 4, 3, 2, 1, 0])
>>> model.legal_moves()[-1]
Move.parse('turn')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Final

from ...cards import SUITS, Card, full_deck
from ...chance import seed_rng, shuffled
from ...i18n import N_
from ...model import CodeShuffler, end_game, seeded_shuffler
from ...moves import Move
from ...reasons import reason_key
from ...table import Event, Pile, Scalar, Table

__all__ = [
    "KlondikeModel", "State", "FOUNDATIONS", "COLUMNS", "EMPTY", "WASTE_LIMIT", "CARDS", "CODES", "card_code", "card_of",
    "deal_codes", "fits", "goes_up", "PARENTS", "CHILDREN", "TO_EMPTY", "OPP", "TWIN", "P0",
    "P1", "ON", "TURN_MOVE", "REDEAL_MOVE", "cut", "reach", "another_pass", "state_of",
    "talon_tops",
    "DEAD_REASON", "SHIFTS_ONLY_REASON", "WORRY_DEAD_REASON", "WON_REASON",
]

#: found, cols, talon, pos, pss (see the module docstring).
State = tuple[tuple[int, int, int, int], tuple[bytes, ...], bytes, int, int]

#: The end of an empty column, for :func:`fits`.
EMPTY: Final = 52
#: The most cards the waste may hold during the second pass (Polish rules).
WASTE_LIMIT: Final = 3
#: Which suits are red: clubs, diamonds, hearts, spades.
_RED: Final = (False, True, True, False)


def card_code(card: Card) -> int:
    """The code of a card: ``suit * 13 + rank - 1`` (suits ``CDHS``).

    >>> card_code(Card.parse("AC")), card_code(Card.parse("KS"))
    (0, 51)
    """
    return SUITS.index(card.suit) * 13 + card.rank - 1


def card_of(code: int) -> Card:
    """The card of a code.

    >>> str(card_of(51))
    'KS'
    """
    return Card(code % 13 + 1, SUITS[code // 13])


#: Each code's card: ``CARDS[code]``.
CARDS: Final[tuple[Card, ...]] = tuple(card_of(c) for c in range(52))
#: Each card's code: ``CODES[card]``, the inverse of :data:`CARDS`.
CODES: Final[dict[Card, int]] = {card: code for code, card in enumerate(CARDS)}


def deal_codes(seed: int) -> list[int]:
    """The deck deal ``seed`` draws, as codes in dealing order (``deck[0]`` dealt first).

    >>> len(deal_codes(5)), sorted(deal_codes(5)) == list(range(52))
    (52, True)
    """
    return [CODES[card] for card in shuffled(full_deck(), seed_rng(seed, 0))]


# -- the building rule: written here once ------------------------------------


def fits(card: int, end: int) -> bool:
    """Whether ``card`` (with any sequence on it) may go onto a column ending in ``end``.

    A column is built down one rank at a time in alternating colours; an
    empty column (``end`` :data:`EMPTY`) takes only a king. The same rule says
    which face-up cards form a sequence that moves together.

    >>> fits(card_code(Card.parse("9H")), card_code(Card.parse("TS")))
    True
    >>> fits(card_code(Card.parse("9H")), card_code(Card.parse("TD")))
    False
    >>> fits(card_code(Card.parse("KC")), EMPTY), fits(card_code(Card.parse("QC")), EMPTY)
    (True, False)
    """
    if end == EMPTY:
        return card % 13 == 12
    return end % 13 == card % 13 + 1 and _RED[end // 13] != _RED[card // 13]


def goes_up(card: int, built: int) -> bool:
    """Whether ``card`` may go onto its foundation, which holds ``built`` cards (ace up).

    >>> goes_up(card_code(Card.parse("AS")), 0), goes_up(card_code(Card.parse("3S")), 1)
    (True, False)
    """
    return built == card % 13


#: ``ON[card * 53 + end]``: :func:`fits`, for every card and end (:data:`EMPTY` included).
ON: Final[bytes] = bytes(fits(c, e) for c in range(52) for e in range(53))
#: The cards ``c`` may be built on (one rank higher, the other colour).
PARENTS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(x for x in range(52) if fits(c, x)) for c in range(52))
#: The cards that may be built on ``c``.
CHILDREN: Final[tuple[frozenset[int], ...]] = tuple(
    frozenset(x for x in range(52) if c in PARENTS[x]) for c in range(52))
#: Whether a card goes into an empty column (a king).
TO_EMPTY: Final[tuple[bool, ...]] = tuple(fits(c, EMPTY) for c in range(52))
#: The two suits of the other colour: clubs/spades (0, 3) against diamonds/hearts (1, 2).
OPP: Final = ((1, 2), (0, 3), (0, 3), (1, 2))
#: The card of the same rank and colour in the other suit.
TWIN: Final[tuple[int, ...]] = tuple((3 - c // 13) * 13 + c % 13 for c in range(52))
#: For each card, its two parents; a king has none: :data:`EMPTY` stands for "an empty column".
P0: Final[tuple[int, ...]] = tuple(p[0] if p else EMPTY for p in PARENTS)
P1: Final[tuple[int, ...]] = tuple(p[1] if p else EMPTY for p in PARENTS)
_KINGS: Final = frozenset(c for c in range(52) if TO_EMPTY[c])


def laid_on(ends: set[int], empty: bool) -> set[int]:
    """The cards that could be laid on one of ``ends``, or into an empty column if there is one.

    >>> sorted(laid_on({card_code(Card.parse("8H"))}, False)) == sorted(
    ...     card_code(Card.parse(c)) for c in ("7C", "7S"))
    True
    """
    can_fit: set[int] = set()
    for card in ends:
        can_fit |= CHILDREN[card]
    if empty:
        can_fit |= _KINGS
    return can_fit


def another_pass(polish: bool, passes: int) -> bool:
    """Whether the waste may be turned over once more, in pass ``passes`` (1, 2, ...).

    The Polish rules allow one second pass; the standard variants, as many as you like.

    >>> another_pass(True, 1), another_pass(True, 2), another_pass(False, 7)
    (True, False, True)
    """
    return not polish or passes == 1


def cut(col: bytes, n: int) -> bytes:
    """Column ``col`` without its last ``n`` cards, the card left at the end turned up.

    >>> list(cut(bytes((2, 40, 3, 17)), 1))
    [1, 40, 3]
    """
    rest = col[: len(col) - n]
    down = rest[0]
    if down and down == len(rest) - 1:
        return bytes((down - 1,)) + rest[1:]
    return rest


#: The modes of :func:`reach` (the solver's): Polish, draw one, draw three.
_POLISH: Final = 0
_DRAW_ONE: Final = 1
_DRAW_THREE: Final = 3


def reach(talon: bytes, pos: int, pss: int, mode: int) -> Sequence[int]:
    """The talon indices that can be brought to the top of the waste (in this pass, Polish).

    ``mode`` is the solver's: 0 Polish, 1 draw one, 3 draw three. Draw three:
    the top of the waste, the last card of each packet of three still to
    come in this pass (the last packet may be shorter), and the same in
    every pass after a redeal, which starts again from the first card.

    >>> list(reach(bytes(range(7)), 1, 1, 3))
    [0, 2, 3, 5, 6]
    """
    n = len(talon)
    if mode == _DRAW_ONE:
        return range(n)
    if mode == _DRAW_THREE:
        ahead = set(range(pos + 2, n, 3))
        ahead.update(range(2, n, 3))
        if n:
            ahead.add(n - 1)
        if pos:
            ahead.add(pos - 1)
        return sorted(ahead)
    lo = max(pos - 1, 0)
    if pss == 1:
        return range(lo, len(talon))
    # Second Polish pass: the waste holds at most WASTE_LIMIT cards; the card
    # turned onto a full waste (index WASTE_LIMIT) must be played at once.
    return range(lo, min(len(talon), WASTE_LIMIT + 1))


def talon_tops(talon: bytes, pos: int, draw: int, more_passes: bool) -> set[int]:
    """Every card that can come to the top of the waste while no card leaves the talon.

    Drawing one, that is every card still to be turned, and the whole talon
    when the waste may be turned over again; drawing three, only every third
    card of a pass (and its last), as the hand is turned now and as the whole
    talon would be turned after the waste is turned over. The waste's top
    card is always one of them.

    >>> sorted(talon_tops(bytes(range(7)), 1, 3, True))
    [0, 2, 3, 5, 6]
    """
    order = talon[pos:]
    if draw == 1 and more_passes:
        return set(talon)
    # (No talon[pos - 1:pos] at pos 0: the mypyc-compiled copy slices -1:0 wrongly.)
    tops = {talon[pos - 1]} if pos else set()
    tops.update(order[draw - 1::draw])
    tops.update(order[-1:])
    if more_passes:
        tops.update(talon[draw - 1::draw])
        tops.update(talon[-1:])
    return tops


#: The foundations' and the columns' pile ids.
FOUNDATIONS: Final = ("fc", "fd", "fh", "fs")
COLUMNS: Final = tuple(f"t{i}" for i in range(1, 8))
_SOURCES: Final = COLUMNS + ("w",)


def state_of(table: Table) -> tuple[State, bool]:
    """The compact state of a Klondike table, and whether a turned card must leave now."""
    piles = table.piles
    found = tuple(len(piles[f].cards) for f in FOUNDATIONS)
    cols = []
    for tid in COLUMNS:
        pile = piles[tid]
        down = min(pile.down, len(pile.cards))
        if down and down == len(pile.cards):  # cannot happen in play
            down -= 1
        cols.append(bytes((down,)) + bytes(CODES[c] for c in pile.cards))
    waste = [CODES[c] for c in piles["w"].cards]
    stock = [CODES[c] for c in reversed(piles["s"].cards)]
    pss = int(table.facts.get("pass") or 1)
    state: State = (
        (found[0], found[1], found[2], found[3]),
        tuple(cols),
        bytes(waste + stock),
        len(waste),
        2 if pss >= 2 else 1,
    )
    return state, bool(table.facts.get("forced"))


# -- the moves, built once -----------------------------------------------------

# What a move does, decoded: (kind, a, b, n).
_COL_F: Final = 0   # column a's end card to its foundation
_W_F: Final = 1     # the waste's top card to its foundation
_W_T: Final = 2     # the waste's top card onto column b
_COL_T: Final = 3   # the last n cards of column a onto column b
_TURN: Final = 4
_REDEAL: Final = 5
_FND_T: Final = 6   # the top card of suit a's foundation onto column b (worrying back)

TURN_MOVE: Final = Move("turn")
REDEAL_MOVE: Final = Move("redeal")
# _UP[source][suit]: to a foundation (sources: the columns, then the waste, 7).
_UP: Final = tuple(tuple(Move("move", src, f) for f in FOUNDATIONS) for src in _SOURCES)
_ONTO: Final = tuple(Move("move", "w", column) for column in COLUMNS)
_BACK: Final = tuple(tuple(Move("move", f, column) for column in COLUMNS) for f in FOUNDATIONS)
# _BETWEEN[from][to][count - 1] (a sequence holds 13 cards at most).
_BETWEEN: Final = tuple(tuple(tuple(Move("move", src, dst, n) for n in range(1, 14))
                              if dst != src else () for dst in COLUMNS) for src in COLUMNS)
_DECODE: Final[dict[Move, tuple[int, int, int, int]]] = {TURN_MOVE: (_TURN, 0, 0, 0),
                                                         REDEAL_MOVE: (_REDEAL, 0, 0, 0)}
for _i in range(7):
    for _s in range(4):
        _DECODE[_UP[_i][_s]] = (_COL_F, _i, _s, 1)
        _DECODE[_BACK[_s][_i]] = (_FND_T, _s, _i, 1)
    _DECODE[_ONTO[_i]] = (_W_T, 0, _i, 1)
    for _j in range(7):
        for _n, _move in enumerate(_BETWEEN[_i][_j], start=1):
            _DECODE[_move] = (_COL_T, _i, _j, _n)
for _s in range(4):
    _DECODE[_UP[7][_s]] = (_W_F, 0, _s, 1)
# The same, by the identity of the moves built here (kept alive by _DECODE, so
# no other object has their ids): a move handed out is decoded without hashing it.
_BY_ID: Final[dict[int, tuple[int, int, int, int]]] = {id(m): d for m, d in _DECODE.items()}

#: Why a dead game is lost, in the player's words (see :meth:`KlondikeModel.dead`).
DEAD_REASON: Final = N_(
    "no card can be played any more: however often the hand is turned and the "
    "columns rearranged, no card can go up to a foundation or come into the "
    "columns from the hand, and no face-down card can be turned up")
#: Why a dead game whose hand can no longer be turned is lost.
SHIFTS_ONLY_REASON: Final = N_(
    "no card can be played any more: the hand is used up, and the moves "
    "left only shift cards between columns; none of them lets a card go up "
    "to a foundation or a face-down card be turned up")
#: Why a dead game is lost when cards may come back from the foundations.
WORRY_DEAD_REASON: Final = N_(
    "the game can no longer be won: however often the hand is turned, the "
    "columns rearranged and cards sent up to the foundations and brought "
    "back, no face-down card can be turned up and no card can come out of "
    "the hand")
#: Why a game is won.
WON_REASON: Final = N_("four piles topped by kings: every card is on its foundation")
_NO_PASS_LEFT: Final = N_("no move is left: the hand is used up, the waste may not be turned "
                        "over again (there is no third pass), and nothing can be played")
_NO_STOCK_LEFT: Final = N_("no move is left: the stock is used up and nothing can be played")
_VARIANTS: Final = ("polish", "standard", "draw-three")
#: A column's last face-down card turned up: ``_FLIP[column]``.
_FLIP: Final = tuple(Event("flip", column) for column in COLUMNS)
#: Each pile of :meth:`KlondikeModel.pile`: its kind, and which column or foundation.
_PILE_AT: Final = {**{t: ("tableau", i) for i, t in enumerate(COLUMNS)},
                   **{f: ("foundation", s) for s, f in enumerate(FOUNDATIONS)},
                   "s": ("stock", 0), "w": ("waste", 0)}


def _overflow_reason(card: int) -> str:
    return reason_key(N_("a fourth card would go on the waste in the second pass: {card} "
                         "cannot be played, so the solitaire has not come out"),
                      card=str(CARDS[card]))


#: Builds an event without the named tuple's Python-level ``__new__`` (every field given).
_new_event: Final = tuple.__new__
#: Each card alone, as an event's cards: ``_ONE[code]``.
_ONE: Final = tuple((card,) for card in CARDS)


def _moved(src: str, dst: str, cards: bytes, face_up: bool = True) -> Event:
    """The event of ``cards`` moving from ``src`` to ``dst`` (as the engine's context records it)."""
    moved = _ONE[cards[0]] if len(cards) == 1 else tuple(map(CARDS.__getitem__, cards))
    return _new_event(Event, ("move", src, dst, moved, face_up, "", None))


#: A card turned from the hand onto the waste, and back when the waste is turned over.
_TURNED: Final = tuple(_moved("s", "w", bytes((code,))) for code in range(52))
_TURNED_BACK: Final = tuple(_moved("w", "s", bytes((code,)), False) for code in range(52))
#: A card dealt into a column, face down or up: ``_DEALT[column][face_up][code]``.
_DEALT: Final = tuple(tuple(tuple(_moved("s", column, bytes((code,)), up) for code in range(52))
                            for up in (False, True)) for column in COLUMNS)
#: One card moving from the waste or a column (``_ONE_FROM[source][destination][code]``,
#: the sources and destinations by the pile ids of :data:`_SOURCES` and :data:`_TARGETS`).
_TARGETS: Final = FOUNDATIONS + COLUMNS
_ONE_FROM: Final = tuple(tuple(tuple(_moved(src, dst, bytes((code,))) for code in range(52))
                               for dst in _TARGETS) for src in _SOURCES)
_OPENING_FACTS: Final = (Event("set", key="pass", value=1),
                         Event("set", key="waste_limit", value=False),
                         Event("set", key="forced", value=False))


def _shifts(cols: list[bytes], tops: list[int]) -> list[Move]:
    """The moves of cards from one column to another, in the engine's order
    (by column moved from, then column moved to); ``tops`` are the columns' end cards."""
    moves: list[Move] = []
    for si in range(7):
        col = cols[si]
        n = len(col) - 1
        if not n:
            continue
        # Where the face-up sequence at the end begins (card index; the
        # face-up cards always form one, but a stacked position might not).
        start = n - 1
        low = col[0]
        while start > low and ON[col[start + 1] * 53 + col[start]]:
            start -= 1
        head = col[start + 1] % 13
        between = _BETWEEN[si]
        for di in range(7):
            if di == si:
                continue
            top = tops[di]
            if top == EMPTY:
                # An empty column takes a king with its sequence (one
                # already at the bottom may move too: pointless, but legal).
                if head == 12:
                    moves.append(between[di][n - start - 1])
                continue
            # The run goes down one rank at a time, so at most one of its
            # cards has the rank that fits the end card.
            k = start + head - top % 13 + 1
            if start <= k < n and ON[col[k + 1] * 53 + top]:
                moves.append(between[di][n - k - 1])
    return moves


#: Every column, and for each column the six others, in order.
_EVERY_COLUMN: Final = tuple(range(7))
_OTHER_COLUMNS: Final = tuple(tuple(d for d in range(7) if d != s) for s in range(7))


def _run_of(col: bytes) -> tuple[int, int, int]:
    """Where the face-up sequence at the end of ``col`` begins (the index, in ``col``,
    of the card below its first card), that first card's rank - 1, and the number
    of cards in the column (0: empty)."""
    n = len(col) - 1
    if not n:
        return (0, 0, 0)
    start = n - 1
    low = col[0]
    while start > low and ON[col[start + 1] * 53 + col[start]]:
        start -= 1
    return (start, col[start + 1] % 13, n)


class KlondikeModel:
    """One Klondike deal in play on a compact state (see the module docstring).

    Made from the options (checked, defaults filled in), the seed and the deck
    as codes in dealing order; :meth:`deal` lays the opening. It plays
    exactly what the engine's :class:`~solitaire_widgets.games.klondike.KlondikeRules`
    plays: the same legal moves in the same order, the same events when asked
    for them, and the same end, at the same step, with the same reason.
    Klondike never reshuffles: :attr:`shuffles` stays 0 and ``shuffler`` (the
    seed's, as in every model, unless one is given) is never called.

    >>> model = KlondikeModel({"variant": "standard", "worrying_back": "no"}, 2, deal_codes(2))
    >>> model.deal()
    >>> events: list[Event] = []
    >>> model.apply(Move("turn"), events)
    >>> model.pos, events[0].src, events[0].dst
    (1, 's', 'w')
    >>> model.to_table().facts["pass"]
    1
    """

    def __init__(self, options: Mapping[str, str], seed: int, deck: Sequence[int],
                 shuffler: Callable[[list[int], int], list[int]] | None = None) -> None:
        variant = options.get("variant", "polish")
        if variant not in _VARIANTS:
            raise ValueError(f"Klondike has no variant {variant!r}")
        self.options: dict[str, str] = dict(options)
        self.seed = seed
        self.deck: bytes = bytes(deck)
        self.shuffler: CodeShuffler = shuffler if shuffler is not None else seeded_shuffler(seed)
        #: The Polish rules (two passes, a waste of three in the second).
        self.polish: bool = variant == "polish"
        #: How many cards a turn turns.
        self.draw: int = 3 if variant == "draw-three" else 1
        #: Worrying back: a foundation's top card may come back onto a column.
        self.worry: bool = options.get("worrying_back", "no") == "yes"
        self.found: list[int] = [0, 0, 0, 0]
        self.cols: list[bytes] = [b"\x00"] * 7
        self.talon: bytes = b""
        self.pos = 0
        #: The engine's ``pass`` fact: 1, then one more each time the waste is turned over.
        self.passes = 1
        #: Whether the waste may hold three cards at most (the Polish second pass).
        self.waste_limit = False
        #: Whether the card just turned onto a full waste must leave it now.
        self.forced = False
        self.over = False
        self.won = False
        self.reason = ""
        self.shuffles = 0
        self._moves: list[Move] | None = None
        # The moves of cards between columns: they change only when a column
        # does (not when the hand is turned), so they are kept until then.
        self._shifts: list[Move] | None = None
        # The same moves by column moved from and column moved to (None: no move),
        # each column's sequence (_run_of), and the columns changed since: only
        # the moves from and to a changed column are found again (None: every move).
        self._slots: list[list[Move | None]] | None = None
        self._rows: list[list[Move]] = [[] for _ in range(7)]
        self._runs: list[tuple[int, int, int]] = [(0, 0, 0)] * 7
        self._changed: list[int] = []
        # The columns' end cards (EMPTY for an empty one; brought up to date
        # with the moves between columns, from the columns changed) and the moves of
        # those cards to their foundations, kept until a column or a foundation changes.
        self._tops: list[int] | None = None
        self._ups: list[Move] | None = None
        # The columns' piles as last read (:meth:`pile`), each with the column it shows.
        self._column_piles: list[tuple[bytes, Pile] | None] = [None] * 7

    # -- the protocol ------------------------------------------------------------

    def deal(self, events: list[Event] | None = None) -> None:
        """Lay the opening deal: column by column, six face down and one face up in
        the first, ..., one face-up card in the seventh; the rest is the hand."""
        deck = self.deck
        cols = []
        at = 0
        for index in range(7):
            size = 7 - index
            cols.append(bytes((size - 1,)) + deck[at:at + size])
            if events is not None:
                if index == 0:
                    events += _OPENING_FACTS
                dealt = _DEALT[index]
                for k in range(size):
                    events.append(dealt[k == size - 1][deck[at + k]])
            at += size
        self.found = [0, 0, 0, 0]
        self.cols = cols
        self.talon = deck[at:]
        self.pos = 0
        self.passes = 1
        self.waste_limit = self.forced = self.over = self.won = False
        self.reason = ""
        self._shifts = self._slots = self._tops = self._ups = None
        self._settle(False, events)

    def legal_moves(self) -> list[Move]:
        """Every legal move, in the engine's order (empty when over). Read it; do not change it."""
        moves = self._moves
        if moves is None:
            moves = self._moves = [] if self.over else self._legal()
        return moves

    def apply(self, move: Move, events: list[Event] | None = None) -> None:
        """Play ``move``, one of :meth:`legal_moves`, with what follows from it.

        With ``events`` given, the engine's events for the step are appended to it.
        """
        kind, a, b, n = _BY_ID.get(id(move)) or _DECODE[move]
        cols = self.cols
        if kind == _COL_T:
            self._shifts = self._ups = None
            self._changed += (a, b)
        elif kind == _COL_F:
            self._shifts = self._ups = None
            self._changed.append(a)
        elif kind == _W_T or kind == _FND_T:
            self._shifts = self._ups = None
            self._changed.append(b)
        elif kind == _W_F:
            self._ups = None
        # Whether the move can be undone by moves that only go round, so that a position that was
        # not dead before it is not dead after it either. With unlimited passes, turning the waste
        # over changes none of the cards that can come to the top of the waste
        # (:meth:`talon_tops`), and nor does turning the hand drawing one. Drawing three, turning
        # the hand can lose one of them, the waste's top card, which will not be on top again if
        # the next passes cut the packets differently: it stays one when the waste holds a whole
        # number of packets (0, 3, 6... cards), cut as every later pass will cut them. A part of a
        # column's sequence moved onto another column, leaving a face-up card behind, can move
        # back onto it. (A whole column moved away cannot always come back: an empty column takes
        # only a king.) The test of a dead game is skipped after these moves, the most frequent
        # ones.
        if kind == _COL_T:
            col = cols[a]
            goes_round = len(col) - 1 - col[0] > n
        elif kind == _TURN:
            goes_round = not self.polish and (self.draw == 1 or self.pos % self.draw == 0)
        elif kind == _REDEAL:
            goes_round = not self.polish
        else:
            goes_round = False
        found = self.found
        if kind == _TURN:
            pos = self.pos
            full = self.waste_limit and pos >= WASTE_LIMIT
            k = min(self.draw, len(self.talon) - pos)
            if events is not None:
                for j in range(pos, pos + k):
                    events.append(_TURNED[self.talon[j]])
            self.pos = pos + k
            if full:
                self.forced = True
                if events is not None:
                    events.append(Event("set", key="forced", value=True))
                if not self._waste_moves():
                    self._end(False, _overflow_reason(self.talon[self.pos - 1]), events)
        elif kind == _REDEAL:
            if events is not None:
                for j in range(self.pos - 1, -1, -1):
                    events.append(_TURNED_BACK[self.talon[j]])
            self.pos = 0
            self.passes += 1
            if events is not None:
                events.append(Event("set", key="pass", value=self.passes))
            if self.polish and not self.waste_limit:
                self.waste_limit = True
                if events is not None:
                    events.append(Event("set", key="waste_limit", value=True))
        elif kind == _W_F or kind == _W_T:
            talon = self.talon
            pos = self.pos
            c = talon[pos - 1]
            self.talon = talon[:pos - 1] + talon[pos:]
            self.pos = pos - 1
            if kind == _W_F:
                found[b] += 1
                if events is not None:
                    events.append(_ONE_FROM[7][b][c])
            else:
                cols[b] = cols[b] + bytes((c,))
                if events is not None:
                    events.append(_ONE_FROM[7][4 + b][c])
            if self.forced:
                self.forced = False
                if events is not None:
                    events.append(Event("set", key="forced", value=False))
            if kind == _W_F and found[0] + found[1] + found[2] + found[3] == 52:
                self._end(True, WON_REASON, events)
        elif kind == _FND_T:
            found[a] -= 1
            cols[b] = cols[b] + bytes((a * 13 + found[a],))
            if events is not None:
                events.append(_moved(FOUNDATIONS[a], COLUMNS[b], bytes((a * 13 + found[a],))))
        else:
            col = cols[a]
            rest = cut(col, n)
            cols[a] = rest
            moved = col[len(col) - n:]
            if kind == _COL_F:
                found[b] += 1
                to = b
            else:
                cols[b] = cols[b] + moved
                to = 4 + b
            if events is not None:
                events.append(_ONE_FROM[a][to][moved[0]] if n == 1
                              else _moved(COLUMNS[a], _TARGETS[to], moved))
                if rest[0] != col[0]:
                    events.append(_FLIP[a])
            if kind == _COL_F and found[0] + found[1] + found[2] + found[3] == 52:
                self._end(True, WON_REASON, events)
        self._settle(goes_round, events)

    def copy(self) -> KlondikeModel:
        """An independent copy (the columns and the talon are shared: they are ``bytes``)."""
        other = KlondikeModel(self.options, self.seed, b"", self.shuffler)
        other.deck = self.deck
        other.found = list(self.found)
        other.cols = list(self.cols)
        other.talon = self.talon
        other.pos = self.pos
        other.passes = self.passes
        other.waste_limit = self.waste_limit
        other.forced = self.forced
        other.over = self.over
        other.won = self.won
        other.reason = self.reason
        other.shuffles = self.shuffles
        other._moves = self._moves
        other._shifts = self._shifts
        other._slots = None   # the copy finds the moves between columns anew when they change
        other._rows = [[] for _ in range(7)]
        other._changed = []
        other._tops = self._tops   # (never changed in place, only replaced)
        other._ups = self._ups
        return other

    def to_table(self) -> Table:
        """The position as the engine's table (piles in the engine's order, and facts)."""
        piles = [Pile(f, "foundation", [CARDS[s * 13 + r] for r in range(self.found[s])])
                 for s, f in enumerate(FOUNDATIONS)]
        piles += [Pile(t, "tableau", [CARDS[c] for c in col[1:]], col[0])
                  for t, col in zip(COLUMNS, self.cols, strict=True)]
        piles.append(Pile("s", "stock", [CARDS[c] for c in reversed(self.talon[self.pos:])]))
        piles.append(Pile("w", "waste", [CARDS[c] for c in self.talon[:self.pos]]))
        return Table(piles, self.facts())

    def pile(self, pile_id: str) -> Pile:
        """One pile of :meth:`to_table`, built alone (``"fc"``.., ``"t1"``.., ``"s"``, ``"w"``).

        >>> model = KlondikeModel({"variant": "polish"}, 5, deal_codes(5))
        >>> model.deal()
        >>> model.pile("t2") == model.to_table().piles["t2"]
        True
        """
        kind, at = _PILE_AT[pile_id]
        if kind == "tableau":
            # A column's pile is kept until the column changes (a new ``bytes``):
            # a player reads the same columns again at every step.
            col = self.cols[at]
            kept = self._column_piles[at]
            if kept is not None and kept[0] is col:
                return kept[1]
            pile = Pile(pile_id, "tableau", list(map(CARDS.__getitem__, col[1:])), col[0])
            self._column_piles[at] = (col, pile)
            return pile
        if kind == "foundation":
            return Pile(pile_id, "foundation", list(CARDS[at * 13:at * 13 + self.found[at]]))
        if kind == "waste":
            return Pile("w", "waste", list(map(CARDS.__getitem__, self.talon[:self.pos])))
        return Pile("s", "stock", list(map(CARDS.__getitem__, self.talon[:self.pos - 1:-1]
                                          if self.pos else self.talon[::-1])))

    def facts(self) -> dict[str, Scalar]:
        """The table facts of :meth:`to_table`."""
        return {"over": self.over, "won": self.won, "reason": self.reason, "pass": self.passes,
                "waste_limit": self.waste_limit, "forced": self.forced}

    @classmethod
    def from_table(cls, options: Mapping[str, str], seed: int, table: Table,
                   shuffles: int) -> KlondikeModel:
        """The model of ``table``, a Klondike position (Klondike draws no reshuffles)."""
        model = cls(options, seed, b"")
        (found, cols, talon, pos, _), forced = state_of(table)
        facts = table.facts
        model.found = list(found)
        model.cols = list(cols)
        model.talon = talon
        model.pos = pos
        model.passes = int(facts.get("pass") or 1)
        model.waste_limit = bool(facts.get("waste_limit"))
        model.forced = forced
        model.over = bool(facts.get("over"))
        model.won = bool(facts.get("won"))
        model.reason = str(facts.get("reason") or "")
        model.shuffles = shuffles
        return model

    def solver_state(self) -> State:
        """The position as the solver's tuple ``(found, cols, talon, pos, pss)``."""
        f = self.found
        return ((f[0], f[1], f[2], f[3]), tuple(self.cols), self.talon, self.pos,
                2 if self.passes >= 2 else 1)

    # -- the rules -------------------------------------------------------------------

    def can_redeal(self) -> bool:
        """Whether the waste may be turned over now: the hand is used up, the waste is not."""
        return (self.pos == len(self.talon) and self.pos > 0
                and another_pass(self.polish, self.passes))

    def _waste_moves(self) -> list[Move]:
        """The moves of the waste's top card (all that may be played when it is forced)."""
        pos = self.pos
        if not pos:
            return []
        moves = []
        c = self.talon[pos - 1]
        if self.found[c // 13] == c % 13:
            moves.append(_UP[7][c // 13])
        at = c * 53
        for di, col in enumerate(self.cols):
            if ON[at + (col[-1] if len(col) > 1 else EMPTY)]:
                moves.append(_ONTO[di])
        return moves

    def _legal(self) -> list[Move]:
        if self.forced:
            return self._waste_moves()
        found = self.found
        cols = self.cols
        talon = self.talon
        pos = self.pos
        tops = self._tops
        if tops is None or self._shifts is None:
            if tops is None or self._slots is None:
                tops = [col[-1] if len(col) > 1 else EMPTY for col in cols]
            else:
                # Only the columns changed since the moves between columns
                # were last found have new end cards.
                tops = tops[:]
                for i in self._changed:
                    col = cols[i]
                    tops[i] = col[-1] if len(col) > 1 else EMPTY
            self._tops = tops
        ups = self._ups
        if ups is None:
            ups = self._ups = [_UP[si][c // 13] for si, c in enumerate(tops)
                               if c != EMPTY and found[c // 13] == c % 13]
        moves = ups[:]
        if pos:
            c = talon[pos - 1]
            if found[c // 13] == c % 13:
                moves.append(_UP[7][c // 13])
            if P0[c] in tops or P1[c] in tops:   # (most often it fits no column)
                at = c * 53
                for di in range(7):
                    if ON[at + tops[di]]:
                        moves.append(_ONTO[di])
        shifts = self._shifts
        if shifts is None:
            shifts = self._shifts = self._shifts_now(tops)
        moves += shifts
        if self.worry:
            for s in range(4):
                c = s * 13 + found[s] - 1
                if found[s] and (P0[c] in tops or P1[c] in tops):
                    at = c * 53
                    for di in range(7):
                        if ON[at + tops[di]]:
                            moves.append(_BACK[s][di])
        if pos < len(talon):
            moves.append(TURN_MOVE)
        elif pos and another_pass(self.polish, self.passes):
            moves.append(REDEAL_MOVE)
        return moves

    def _shifts_now(self, tops: list[int]) -> list[Move]:
        """:func:`_shifts` of this position, finding again only the moves from and to
        the columns changed since they were last found."""
        cols = self.cols
        slots = self._slots
        changed: Sequence[int] = self._changed
        if slots is None:
            slots = self._slots = [[None] * 7 for _ in range(7)]
            changed = _EVERY_COLUMN
        runs = self._runs
        for si in changed:
            runs[si] = _run_of(cols[si])
        rows = self._rows
        shifts: list[Move] = []
        for si in range(7):
            start, head, n = runs[si]
            if si in changed:
                if not n:
                    slots[si] = [None] * 7
                    rows[si] = []
                    continue
                targets: Sequence[int] = _OTHER_COLUMNS[si]
            elif not n:
                continue
            else:
                targets = changed   # (si is not among them)
            col = cols[si]
            between = _BETWEEN[si]
            row = slots[si]
            # The card of the run laid on an end card of rank r is at index
            # ``k + 1``, with k = start + head + 1 - r.
            base = start + head + 1
            again = False
            for di in targets:
                top = tops[di]
                if top == EMPTY:
                    move = between[di][n - start - 1] if head == 12 else None
                else:
                    k = base - top % 13
                    move = (between[di][n - k - 1]
                            if start <= k < n and ON[col[k + 1] * 53 + top] else None)
                if move is not row[di]:
                    row[di] = move
                    again = True
            if again:
                rows[si] = [move for move in row if move is not None]
            shifts += rows[si]
        self._changed = []
        return shifts

    def _end(self, won: bool, reason: str, events: list[Event] | None) -> None:
        end_game(self, won, reason, events)

    def _settle(self, goes_round: bool, events: list[Event] | None) -> None:
        """After a step: end a dead game (unless the step only went round) or a
        position with no move, and keep the legal moves."""
        if self.over:
            self._moves = []
            return
        moves = self._legal()
        if not moves:
            if self.forced:
                reason = _overflow_reason(self.talon[self.pos - 1])
            elif self.pos:
                reason = _NO_PASS_LEFT
            else:
                reason = _NO_STOCK_LEFT
            self._end(False, reason, events)
        elif not goes_round:
            # Under the Polish rules the text's own ending comes within two
            # passes, so a dead game is ended here only once the hand can no
            # longer be turned (the moves left only shift cards between columns).
            talon_left = self.pos < len(self.talon) or self.can_redeal()
            if (not self.polish or not talon_left) and self.dead():
                if self.worry:
                    reason = WORRY_DEAD_REASON
                else:
                    reason = DEAD_REASON if talon_left else SHIFTS_ONLY_REASON
                self._end(False, reason, events)
                moves = []
        self._moves = moves

    def talon_tops(self) -> set[int]:
        """:func:`talon_tops` of this position."""
        return talon_tops(self.talon, self.pos, self.draw, another_pass(self.polish, self.passes))

    def dead(self) -> bool:
        """Whether the game can no longer change: it can never be won, so it is lost.

        A game moves forward only when a card goes up to a foundation, a card
        of the talon (the hand and the waste) comes into a column, or a
        face-down card is turned up; nothing undoes any of them (foundation
        cards never come back, cards never go back into the hand, and a card
        turned up stays up). Every other move (turning the hand, turning the
        waste over, moving cards between columns without turning a card up)
        only goes round. A position is *dead* when no line of such moves
        ever leads to a move forward: then every position after it is dead too,
        and since it is not won, the game can never be won. In the standard
        and draw-three variants the hand can be turned for ever, so without
        this test such a game would never end.

        What is checked, and why it is enough (each set is *at least* every
        card that could ever do the thing, as long as nothing moves forward):

        * ``ends``: the cards that could ever end a column. A face-up card
          ``x`` comes to end its column only when the card lying on it leaves,
          laid (with the cards on it) on a card of ``x``'s rank and colour in
          another column: on ``x``'s *twin* (the other suit of that colour),
          which must end a column first. So ``ends`` is the end cards now,
          then, again and again, every face-up card whose twin is in ``ends``.
        * a column could ever be empty: one is empty now, or a column with no
          face-down card has, at its bottom, a card that is not a king and
          could be laid on a card of ``ends``.
        * :meth:`talon_tops`: the cards that could ever be the waste's top.

        The position is dead when no card of ``ends`` or of the talon tops
        goes up to its foundation, no card of the talon tops could be laid on
        a card of ``ends`` (or, a king, in an empty column), and no column with
        a face-down card has, at the bottom of its face-up cards, a card that
        could be laid on a card of ``ends`` (or, a king, in an empty column).
        The test finds every position in which a whole pass through the hand
        offers nothing but turning, and more: it also ends a game in which the
        only moves left shift cards between columns and change nothing.

        With worrying back, :meth:`dead_worrying`.

        >>> model = KlondikeModel({"variant": "standard"}, 5, deal_codes(5))
        >>> model.deal()
        >>> model.dead()
        False
        """
        if self.worry:
            return self.dead_worrying()
        if self.forced:
            return False  # the card just turned decides at once, one way or the other
        found = self.found
        cols = self.cols
        up_next = {s * 13 + min(found[s], 12) for s in range(4)}
        ends = {col[-1] for col in cols if len(col) > 1}
        empty = any(len(col) == 1 for col in cols)
        covering = [col[1 + col[0]] for col in cols if 0 < col[0] < len(col) - 1]
        tops: set[int] | None = None
        while True:
            can_fit = laid_on(ends, empty)
            if not up_next.isdisjoint(ends) or not can_fit.isdisjoint(covering):
                return False
            if tops is None:
                tops = self.talon_tops()
            if not up_next.isdisjoint(tops) or not can_fit.isdisjoint(tops):
                return False
            grown = set()
            for col in cols:
                for card in col[1 + col[0]:-1]:
                    if TWIN[card] in ends and card not in ends:
                        grown.add(card)
            more_empty = not empty and any(not col[0] and col[1] % 13 != 12 and col[1] in can_fit
                                           for col in cols if len(col) > 1)
            if not grown and not more_empty:
                return True
            ends |= grown
            empty = empty or more_empty

    def dead_worrying(self) -> bool:
        """:meth:`dead` when cards may come back from the foundations (worrying back).

        A card that goes up may now come back, so going up is no longer a move
        forward. A game moves forward only when a face-down card is turned
        up or a card leaves the talon (to a column or a foundation): nothing
        undoes either (cards never go back into the hand, nor face down). The
        position is dead when no line of other moves (turning, moving cards
        between columns, up to the foundations and back) ever leads to a
        move forward, and some face-down or talon card is left: then it
        stays there for ever and the game can never be won. (With none left
        the game is won by sending the lowest card up again and again.)

        What is checked, each set *at least* what could ever be, as long as
        nothing moves forward (a fixpoint: each set only grows):

        * ``ends``: the cards that could ever end a column: the end cards now;
          a face-up card whose card on it could leave, laid on the face-up
          card's twin (in ``ends``) or going up (itself in ``ends``, its
          foundation able to reach the rank below it); and a foundation card
          that could come back, onto a card of ``ends`` (or, a king, into an
          empty column);
        * how high each foundation could be built: up from its height now
          through the next cards of its suit while they are in ``ends``;
        * a column could ever be empty: one is empty now, or a column with no
          face-down card has at its bottom a card that is not a king and
          could be laid on a card of ``ends`` or go up.

        The position is dead when no card of the talon tops
        (:meth:`talon_tops`) could go up (its foundation able to hold the
        rank below it: built up to it, or brought back down to it) or be
        laid on a card of ``ends`` (or, a king, in an empty column), and no
        column with a face-down card has, at the bottom of its face-up cards,
        a card that could be laid on a card of ``ends`` (a king: in an empty
        column) or, itself in ``ends``, go up.

        >>> model = KlondikeModel({"variant": "standard", "worrying_back": "yes"}, 5,
        ...                       deal_codes(5))
        >>> model.deal()
        >>> model.dead_worrying()
        False
        """
        found = self.found
        cols = self.cols
        if not self.talon and not any(col[0] for col in cols):
            return False
        ends = {col[-1] for col in cols if len(col) > 1}
        empty = any(len(col) == 1 for col in cols)
        covering = [col[1 + col[0]] for col in cols if 0 < col[0] < len(col) - 1]
        # Each face-up card with a card lying on it, and that card.
        lying = [(col[i], col[i + 1]) for col in cols for i in range(1 + col[0], len(col) - 1)]
        bottoms = [col[1] for col in cols if len(col) > 1 and not col[0] and col[1] % 13 != 12]
        high = list(found)
        low = list(found)
        tops = self.talon_tops()
        while True:
            can_fit = laid_on(ends, empty)
            for s in range(4):
                while high[s] < 13 and s * 13 + high[s] in ends:
                    high[s] += 1
                while low[s] > 0 and s * 13 + low[s] - 1 in can_fit:
                    low[s] -= 1

            if any(card in can_fit or low[card // 13] <= card % 13 <= high[card // 13]
                   for card in tops):
                return False
            if any(card in can_fit or (card in ends and low[card // 13] <= card % 13
                                       <= high[card // 13]) for card in covering):
                return False
            grown = {under for under, on in lying if under not in ends
                     and (TWIN[under] in ends
                          or (on in ends and low[on // 13] <= on % 13 <= high[on // 13]))}
            grown.update(s * 13 + r for s in range(4) for r in range(low[s], found[s])
                         if s * 13 + r not in ends)
            more_empty = not empty and any(card in can_fit
                                           or low[card // 13] <= card % 13 <= high[card // 13]
                                           for card in bottoms)
            if not grown and not more_empty:
                return True
            ends |= grown
            empty = empty or more_empty
