"""Quarrel's rules on a compact state: the legal moves and how they play out, on ints.

The state is a few lists of card codes (:data:`~solitaire_widgets.cards.CODE`,
``suit * 13 + rank - 1``): how many cards each of the eight series holds (a
series is known from its length and the base rank, since it runs from the
base card up or down), the places of the counting rows, of the auxiliary row
and ``h`` as one list of cells (``-1`` for an empty one), and the stock as
the engine's pile holds it (bottom to top) with the number of its cards
left, so that a copy shares it.
Beside them it keeps how many copies of each card lie in sight (rows and
auxiliary row), so that a step with no wanted card in sight, which is most
steps, finds its moves without looking at the places. It plays what
:class:`~solitaire_widgets.games.quarrel.rules.QuarrelRules` plays through the
engine, move for move (``tests/test_model_conformance.py`` drives the two side
by side), at the speed of a plain loop.

>>> from solitaire_widgets import new_game
>>> from solitaire_widgets.cards import CODE
>>> game = new_game("quarrel", seed=5)
>>> model = QuarrelModel(game.options, game.seed, [CODE[card] for card in game.deck])
>>> model.deal()
>>> model.legal_moves() == game.legal_moves()
True
>>> events = []
>>> model.apply(model.legal_moves()[0], events)
>>> tuple(events) == game.play("deal").events and model.to_table() == game.table
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...cards import CARD, CODE
from ...errors import OptionError, excerpt
from ...i18n import N_
from ...model import CodeShuffler, end_game, seeded_shuffler
from ...moves import Move
from ...reasons import reason_key
from ...table import Event, Pile, Scalar, Table

__all__ = ["QuarrelModel", "LEFT", "RIGHT", "FOUNDATIONS", "ROWS", "AUX", "ROW_LENGTH", "USES",
           "ALL_CARDS", "SEARCH", "BASE", "PLAY", "HIT", "PHASES", "WON", "CELLS", "FIRST_AUX",
           "HELD", "PLAYS", "DEAL", "series_codes", "next_code", "third_round_over"]

#: The series of the left half (built down) and of the right half (built up),
#: each by suit in ``"CDHS"`` order: series ``i`` is of suit ``i % 4``.
LEFT = ("lc", "ld", "lh", "ls")
RIGHT = ("rc", "rd", "rh", "rs")
FOUNDATIONS = LEFT + RIGHT
#: The places of the counting rows, thirteen to a row.
ROWS = tuple(f"r{i}" for i in range(1, 105))
ROW_LENGTH = 13
#: The places of the auxiliary row.
AUX = tuple(f"a{i}" for i in range(1, 14))
ALL_CARDS = 104
#: How many times the deck may be used.
USES = 3
#: The phases (the table fact ``phase``): counting for the base rank, the first
#: hit card waiting in ``h``, play, a later hit card waiting in ``h``.
SEARCH, BASE, PLAY, HIT = range(4)
PHASES = ("search", "base", "play", "hit")
#: Why a game is won, in words (the engine's table fact ``reason``).
WON = N_("all 104 cards are on the eight series: the right half and the left half have "
         "turned their backs on each other")
_STUCK = N_("no move is left")
_OPTIONS = {"deal": ("any-time", "when-stuck"), "hit_card": ("to-series", "gathered")}


def third_round_over(count: int) -> str:
    """Why a game is lost: a hit (on rank ``count``) in the third round, as a stored
    reason (:func:`~solitaire_widgets.reasons.reason_words` words it)."""
    return reason_key(N_("the third round is over (the {rank} was named correctly): the deck "
                         "may be used only three times"), rank=count)


def series_codes(fid: int, base: int) -> tuple[int, ...]:
    """The thirteen codes of series ``fid`` (index in :data:`FOUNDATIONS`), base card first.

    >>> series_codes(4, 12)[:3] == (11, 12, 0)   # right clubs from the queen: Q, K, A
    True
    """
    suit, step = fid % 4, (1 if fid >= 4 else -1)
    return tuple(suit * 13 + (base - 1 + step * k) % 13 for k in range(13))


#: ``_SERIES[fid][base]``: the codes of each series for each base rank (1..13).
_SERIES = tuple((((),) + tuple(series_codes(fid, base) for base in range(1, 14)))
                for fid in range(8))
#: The code series ``fid`` needs next after holding ``n`` cards, for base ``b``:
#: ``_NEXT[fid][b][n]`` (-1 once it holds all thirteen).
_NEXT = tuple(((),) + tuple((*_SERIES[fid][b], -1) for b in range(1, 14)) for fid in range(8))

def next_code(fid: int, base: int, n: int) -> int:
    """The code series ``fid`` needs next when it holds ``n`` cards from base rank
    ``base`` (-1 once it holds all thirteen).

    >>> next_code(0, 5, 1) == 3   # left clubs from the five: the four of clubs next
    True
    """
    code: int = _NEXT[fid][base][n]
    return code


#: The cells: the rows' places, then the auxiliary row's, then ``h``.
CELLS = _CELLS = ROWS + AUX + ("h",)
#: The first cell of the auxiliary row, and the cell of ``h``.
FIRST_AUX = _FIRST_AUX = len(ROWS)
HELD = _HELD = len(_CELLS) - 1
_CELL = {pile: cell for cell, pile in enumerate(_CELLS)}
_FID = {fid: index for index, fid in enumerate(FOUNDATIONS)}
DEAL = _DEAL = Move("deal")
#: The legal moves of the commonest position: nothing to play, a card left to deal
#: (one list handed out again and again; legal_moves' lists are read, not changed).
_ONLY_DEAL = [_DEAL]
#: Every move of a card onto a series, by cell and series: ``_PLAY[cell][fid]``.
PLAYS = _PLAY = tuple(tuple(Move("move", pile, fid) for fid in FOUNDATIONS) for pile in _CELLS)

_new_event = tuple.__new__
_ONE = tuple((card,) for card in CARD)


def _moved(src: str, dst: str, code: int, face_up: bool = True) -> Event:
    """The event of one card moving (as the engine's context records it)."""
    return _new_event(Event, ("move", src, dst, _ONE[code], face_up, "", None))


def _set(key: str, value: Scalar) -> Event:
    """The event of a table fact changing."""
    return _new_event(Event, ("set", "", "", (), True, key, value))


#: A card dealt from the stock to a cell: ``_FROM_STOCK[cell][code]``.
_FROM_STOCK = tuple(tuple(_moved("s", pile, code) for code in range(52)) for pile in _CELLS)
_OPENING = (_set("count", 0), _set("hit", False), _set("base", 0), _set("aux", 0),
            _set("round", 1), _set("uses", USES), _set("dealt", 0), _set("phase", "search"))
_SET_PHASE = tuple(_set("phase", name) for name in PHASES)
_SET_HIT = (_set("hit", False), _set("hit", True))
_SET_DEALT = tuple(_set("dealt", n) for n in range(len(ROWS) + 1))
_SET_COUNT = tuple(_set("count", n) for n in range(14))


class QuarrelModel:
    """Quarrel, from the Russian text "Ссора", on card codes (see the module).

    Options: ``deal`` (``"any-time"``, the default, or ``"when-stuck"``) and
    ``hit_card`` (``"to-series"``, the default, or ``"gathered"``).
    """

    __slots__ = ("when_stuck", "gathered", "seed", "shuffler", "pack_order", "lens", "need", "sight", "in_aux", "cells",
                 "stock", "top", "dealt", "count", "hit", "base", "n_aux", "rnd", "uses",
                 "phase", "over", "won", "reason", "shuffles", "_moves")

    def __init__(self, options: Mapping[str, str], seed: int, deck: Sequence[int],
                 shuffler: CodeShuffler | None = None) -> None:
        for name, allowed in _OPTIONS.items():
            value = options.get(name, allowed[0])
            if value not in allowed:
                raise OptionError(f"option {name} must be one of "
                                  f"{', '.join(map(repr, allowed))}, not {excerpt(value)}")
        #: Whether the player may deal on only when no card can go to a series.
        self.when_stuck = options.get("deal") == "when-stuck"
        #: Whether a later hit card is gathered with the layout rather than played.
        self.gathered = options.get("hit_card") == "gathered"
        self.seed = seed
        self.shuffler: CodeShuffler = shuffler or seeded_shuffler(seed)
        #: Whether a reshuffle is drawn from the gathered cards in pack order, as
        #: the deal's are (:data:`~solitaire_widgets.model.CodeShuffler`); if
        #: false, in the order gathered (the stock bottom to top, then the places
        #: in order): a player's sampled futures shuffle that with their own
        #: random source.
        self.pack_order = True
        #: How many cards each series holds, in the order of :data:`FOUNDATIONS`.
        self.lens = [0] * 8
        #: The code each series needs next (-1 before the base rank and when finished).
        self.need = [-1] * 8
        #: How many copies of each code lie in the rows and the auxiliary row
        #: (and a last count, always 0, read for the -1 of ``need``).
        self.sight = bytearray(53)
        #: How many copies of each code lie in the auxiliary row.
        self.in_aux = bytearray(52)
        #: The rows' 104 places, the auxiliary row's 13, then ``h``: a code, or -1.
        self.cells = [-1] * len(_CELLS)
        #: The stock bottom to top, as the engine's pile: ``stock[:top]`` is
        #: left, ``stock[top - 1]`` is dealt next. Never changed in place (a
        #: gathering makes a new list: the shuffler's), so copies share it.
        self.stock: list[int] = list(reversed(deck))
        self.top = len(self.stock)
        #: The table facts: places of the rows used this round, the last rank
        #: named, whether it was a hit, the base rank, the auxiliary row's size,
        #: the round, the uses of the deck left and the phase (one of SEARCH..HIT).
        self.dealt = 0
        self.count = 0
        self.hit = False
        self.base = 0
        self.n_aux = 0
        self.rnd = 1
        self.uses = USES
        self.phase = SEARCH
        self.over = False
        self.won = False
        self.reason = ""
        self.shuffles = 0
        #: The legal moves, found when first asked for (None till then).
        self._moves: list[Move] | None = []

    # -- reading --------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """Every legal move, in the engine's order: cards onto series (the rows, then
        the auxiliary row; each card's series in the order of :data:`FOUNDATIONS`),
        then ``deal``."""
        moves = self._moves
        if moves is None:
            moves = self._moves = self._find_moves()
            if not moves:  # pragma: no cover - the stock never runs out with nothing to play
                self._end(False, _STUCK, None)
        return moves

    def copy(self) -> QuarrelModel:
        """An independent copy (the stock, never changed in place, is shared)."""
        other = object.__new__(QuarrelModel)
        other.when_stuck = self.when_stuck
        other.gathered = self.gathered
        other.seed = self.seed
        other.shuffler = self.shuffler
        other.pack_order = self.pack_order
        other.lens = self.lens[:]
        other.need = self.need[:]
        other.sight = self.sight[:]
        other.in_aux = self.in_aux[:]
        other.cells = self.cells[:]
        other.stock = self.stock
        other.top = self.top
        other.dealt = self.dealt
        other.count = self.count
        other.hit = self.hit
        other.base = self.base
        other.n_aux = self.n_aux
        other.rnd = self.rnd
        other.uses = self.uses
        other.phase = self.phase
        other.over = self.over
        other.won = self.won
        other.reason = self.reason
        other.shuffles = self.shuffles
        other._moves = self._moves
        return other

    def to_table(self) -> Table:
        """The position as the engine's table (the piles of ``QuarrelRules.piles`` and its facts)."""
        piles = [Pile(fid, "foundation",
                      [CARD[code] for code in _SERIES[index][self.base][:self.lens[index]]]
                      if self.base else [])
                 for index, fid in enumerate(FOUNDATIONS)]
        cells = self.cells
        piles += [Pile(pile, "tableau" if cell < _FIRST_AUX else "reserve",
                       [CARD[cells[cell]]] if cells[cell] >= 0 else [])
                  for cell, pile in enumerate(_CELLS)]
        piles.append(Pile("s", "stock", [CARD[code] for code in self.stock[:self.top]]))
        facts: dict[str, Scalar] = {
            "over": self.over, "won": self.won, "reason": self.reason,
            "count": self.count, "hit": self.hit, "base": self.base, "aux": self.n_aux,
            "round": self.rnd, "uses": self.uses, "dealt": self.dealt,
            "phase": PHASES[self.phase]}
        return Table(piles, facts)

    @classmethod
    def from_table(cls, options: Mapping[str, str], seed: int, table: Table,
                   shuffles: int) -> QuarrelModel:
        """The model of a Quarrel table (after ``shuffles`` reshuffles)."""
        piles, facts = table.piles, table.facts
        model = cls(options, seed, [CODE[card] for card in reversed(piles["s"].cards)])
        model.base = base = int(facts.get("base") or 0)
        for index, fid in enumerate(FOUNDATIONS):
            n = model.lens[index] = len(piles[fid].cards)
            if base:
                model.need[index] = _NEXT[index][base][n]
        for cell, pile in enumerate(_CELLS):
            cards = piles[pile].cards
            if cards:
                code = model.cells[cell] = CODE[cards[-1]]
                if cell != _HELD:
                    model.sight[code] += 1
                if _FIRST_AUX <= cell < _HELD:
                    model.in_aux[code] += 1
        model.dealt = int(facts.get("dealt") or 0)
        model.count = int(facts.get("count") or 0)
        model.hit = bool(facts.get("hit"))
        model.n_aux = int(facts.get("aux") or 0)
        model.rnd = int(facts.get("round") or 1)
        model.uses = int(facts.get("uses", USES) or 0)
        model.phase = PHASES.index(str(facts.get("phase") or "search"))
        model.over = bool(facts["over"])
        model.won = bool(facts["won"])
        model.reason = str(facts["reason"] or "")
        model.shuffles = shuffles
        if not model.over:
            model._moves = model._find_moves()
        return model

    def recount(self) -> None:
        """Work out what the series need and the counts of cards in sight again, from
        :attr:`lens`, :attr:`base` and :attr:`cells` (after setting a position up by hand)."""
        base = self.base
        self.need = [_NEXT[fid][base][n] if base else -1 for fid, n in enumerate(self.lens)]
        self.sight = bytearray(53)
        self.in_aux = bytearray(52)
        for cell, code in enumerate(self.cells[:_HELD]):
            if code >= 0:
                self.sight[code] += 1
                if cell >= _FIRST_AUX:
                    self.in_aux[code] += 1
        self._moves = None if not self.over else []

    def series_top(self, fid: int) -> int:
        """The code on top of series ``fid`` (index in :data:`FOUNDATIONS`), -1 when empty."""
        n = self.lens[fid]
        return _SERIES[fid][self.base][n - 1] if n else -1

    def wanted(self, code: int) -> list[int]:
        """The series (indices in :data:`FOUNDATIONS`) that need ``code`` next, in order."""
        return [fid for fid, need in enumerate(self.need) if need == code]

    # -- playing --------------------------------------------------------------

    def deal(self, events: list[Event] | None = None) -> None:
        """The opening: it deals nothing, it only sets the facts (with ``events``, records them)."""
        if events is not None:
            events += _OPENING
        self._settle(events)

    def apply(self, move: Move, events: list[Event] | None = None) -> None:
        """Play ``move`` (one of :meth:`legal_moves`); with ``events``, record the engine's events."""
        if move is _DEAL or move.action == "deal":
            self._deal(events)
        elif move.action == "move":
            cell = _CELL[move.src]
            fid = _FID[move.dst]
            cells = self.cells
            code = cells[cell]
            cells[cell] = -1
            if cell != _HELD:
                self.sight[code] -= 1
                if cell >= _FIRST_AUX:
                    self.in_aux[code] -= 1
            self._go_up(fid, code)
            if events is not None:
                events.append(_moved(move.src, move.dst, code))
            if cell >= _FIRST_AUX and cell != _HELD and self.top:
                # A gap in the auxiliary row is filled at once, without counting.
                self._lay(cell, events)
            if not self._check_won(events):
                if self.phase == BASE:
                    self.phase = PLAY
                    if events is not None:
                        events.append(_SET_PHASE[PLAY])
                elif self.phase == HIT:
                    self._end_round(code % 13 + 1, events)
        else:
            raise ValueError(f"{move} is not a move in Quarrel")
        self._settle(events)

    def _lay(self, cell: int, events: list[Event] | None) -> None:
        """The next stock card into ``cell`` (a place of the rows or the auxiliary row)."""
        self.top -= 1
        code = self.cells[cell] = self.stock[self.top]
        self.sight[code] += 1
        if cell >= _FIRST_AUX:
            self.in_aux[code] += 1
        if events is not None:
            events.append(_FROM_STOCK[cell][code])

    def _deal(self, events: list[Event] | None) -> None:
        count = self.count = self.count + 1 if 0 < self.count < 13 else 1
        cell = self.dealt
        self.dealt = cell + 1
        self._lay(cell, events)
        code = self.cells[cell]
        hit = code % 13 + 1 == count
        if events is not None:
            events.append(_SET_DEALT[cell + 1])
            events.append(_SET_COUNT[count])
            if hit != self.hit:
                events.append(_SET_HIT[hit])
        self.hit = hit
        if self.phase == SEARCH:
            if hit:
                self.base = count
                self.need = [_NEXT[fid][count][0] for fid in range(8)]
                if events is not None:
                    events.append(_set("base", count))
                self._hold(cell, code, events)
                self._lay_aux(count, events)
                self.phase = BASE
                if events is not None:
                    events.append(_SET_PHASE[BASE])
            elif not self.top:
                # A void deal: no card named correctly in the whole deck.
                self._gather(cell + 1, events)
                self._fact("dealt", 0, events)
                self._fact("count", 0, events)
                self._fact("hit", False, events)
                self.dealt = self.count = 0
                self.hit = False
            return
        if not hit:
            return
        fids = [] if self.gathered else self.wanted(code)
        if len(fids) == 1:
            self.cells[cell] = -1
            self.sight[code] -= 1
            self._go_up(fids[0], code)
            if events is not None:
                events.append(_moved(ROWS[cell], FOUNDATIONS[fids[0]], code))
            if self._check_won(events):
                return
        elif len(fids) > 1:
            self._hold(cell, code, events)
            self.phase = HIT
            if events is not None:
                events.append(_SET_PHASE[HIT])
            return
        self._end_round(code % 13 + 1, events)

    def _hold(self, cell: int, code: int, events: list[Event] | None) -> None:
        """Set the hit card in ``cell`` aside in ``h``."""
        self.cells[cell] = -1
        self.sight[code] -= 1
        self.cells[_HELD] = code
        if events is not None:
            events.append(_moved(ROWS[cell], "h", code))

    def _lay_aux(self, n: int, events: list[Event] | None) -> None:
        if events is not None and n != self.n_aux:
            events.append(_set("aux", n))
        self.n_aux = n
        for cell in range(_FIRST_AUX, _FIRST_AUX + n):
            if not self.top:
                break
            self._lay(cell, events)

    def _gather(self, rows: int, events: list[Event] | None) -> None:
        """Gather the first ``rows`` places, the auxiliary row and ``h`` onto the stock;
        shuffle it."""
        cells = self.cells
        gathered = self.stock[:self.top]
        for cell in (*range(rows), *range(_FIRST_AUX, len(_CELLS))):
            code = cells[cell]
            if code >= 0:
                gathered.append(code)
                cells[cell] = -1
                if events is not None:
                    events.append(_moved(_CELLS[cell], "s", code, face_up=False))
        self.sight = bytearray(53)
        self.in_aux = bytearray(52)
        # The shuffle puts the cards in pack order first (the order of their codes).
        self.shuffles += 1
        order = self.shuffler(sorted(gathered) if self.pack_order else gathered, self.shuffles)
        self.stock = order
        self.top = len(order)
        if events is not None:
            events.append(_new_event(Event, ("shuffle", "s", "", tuple(CARD[code] for code in order),
                                             True, "", None)))

    def _end_round(self, n: int, events: list[Event] | None) -> None:
        """A later hit ends the round: start the next with ``n`` auxiliary cards, or end the game."""
        rnd = self.rnd
        if rnd >= USES:
            self._fact("uses", 0, events)
            self.uses = 0
            self._end(False, third_round_over(self.count), events)
            return
        self._fact("uses", USES - rnd, events)
        self.uses = USES - rnd
        self._gather(self.dealt, events)
        self.rnd = rnd + 1
        if events is not None:
            events.append(_set("round", rnd + 1))
        self._fact("dealt", 0, events)
        self.dealt = 0
        if self.phase != PLAY:
            self.phase = PLAY
            if events is not None:
                events.append(_SET_PHASE[PLAY])
        self._lay_aux(n, events)

    def _fact(self, key: str, value: Scalar, events: list[Event] | None) -> None:
        """Record fact ``key`` becoming ``value`` if it changes (read off the attribute)."""
        if events is not None and self._facts()[key] != value:
            events.append(_set(key, value))

    def _facts(self) -> dict[str, Scalar]:
        return {"dealt": self.dealt, "count": self.count, "hit": self.hit, "uses": self.uses}

    def _go_up(self, fid: int, code: int) -> None:
        """Put ``code`` on series ``fid`` (it is the card the series needs)."""
        n = self.lens[fid] = self.lens[fid] + 1
        self.need[fid] = _NEXT[fid][self.base][n]

    def _check_won(self, events: list[Event] | None) -> bool:
        if sum(self.lens) == ALL_CARDS:
            self._end(True, WON, events)
            return True
        return False

    def _end(self, won: bool, reason: str, events: list[Event] | None) -> None:
        end_game(self, won, reason, events)

    def _settle(self, events: list[Event] | None) -> None:
        """Find the legal moves of the new position (with ``events``; else when first
        asked for, since a search may not ask); with none, the game ends (never reached)."""
        if self.over:
            self._moves = []
        elif events is None:
            self._moves = None
        else:
            self._moves = self._find_moves()
            if not self._moves:  # pragma: no cover - the stock never runs out with nothing to play
                self._end(False, _STUCK, events)

    def _find_moves(self) -> list[Move]:
        # The hot path of every simulation: most steps have no wanted card in sight.
        phase = self.phase
        if phase == SEARCH:
            return _ONLY_DEAL if self.top else []
        need = self.need
        if phase != PLAY:
            held = self.cells[_HELD]
            held_moves = _PLAY[_HELD]
            return [held_moves[fid] for fid in range(8) if need[fid] == held]
        if not any(map(self.sight.__getitem__, need)):
            return _ONLY_DEAL if self.top else []
        # Where the wanted cards lie: the counts say how many copies to look for,
        # ``index`` finds each; the moves go in the order of the places, then series.
        cells, sight, in_aux, dealt = self.cells, self.sight, self.in_aux, self.dealt
        found: list[tuple[int, int]] = []
        for fid, code in enumerate(need):
            if sight[code]:
                in_rows = sight[code] - in_aux[code]
                cell = 0
                for _ in range(in_rows):
                    cell = cells.index(code, cell, dealt)
                    found.append((cell, fid))
                    cell += 1
                cell = _FIRST_AUX
                for _ in range(in_aux[code]):
                    cell = cells.index(code, cell, _HELD)
                    found.append((cell, fid))
                    cell += 1
        found.sort()
        moves = [_PLAY[cell][fid] for cell, fid in found]
        if self.top and not (moves and self.when_stuck):
            moves.append(_DEAL)
        return moves
