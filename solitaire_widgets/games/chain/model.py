"""Chain's rules on a compact state: the legal moves and how they play out, on ints.

The state is a few lists of card codes (:data:`~solitaire_widgets.cards.CODE`,
``suit * 13 + rank - 1``): the length of each series, the layout's places and
the auxiliary row as one list of cells (``-1`` for an empty one), and the
stock in dealing order with the index of its next card, so that a copy shares
it. It plays what :class:`~solitaire_widgets.games.chain.rules.ChainRules`
plays through the engine, move for move (``tests/test_model_conformance.py``
drives the two side by side), at the speed of a plain loop; the bounds
(:mod:`~solitaire_widgets.games.chain.bounds`) play on it.

>>> from solitaire_widgets import new_game
>>> from solitaire_widgets.cards import CODE
>>> game = new_game("chain", seed=5)
>>> model = ChainModel(game.options, game.seed, [CODE[card] for card in game.deck])
>>> model.deal()
>>> model.legal_moves() == game.legal_moves()
True
>>> move = model.legal_moves()[0]
>>> events = []
>>> model.apply(move, events)
>>> tuple(events) == game.play(move).events and model.to_table() == game.table
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...cards import CARD, CODE
from ...errors import OptionError, excerpt
from ...i18n import N_
from ...model import CodeShuffler, end_game, seeded_shuffler
from ...moves import Move
from ...table import Event, Pile, Scalar, Table

__all__ = ["ChainModel", "SERIES", "SERIES_CODES", "PLACES", "AUX", "LAYOUT_SIZE", "ROW_LENGTH",
           "WON", "STUCK"]

#: The series' pile ids, by suit (clubs, diamonds, hearts, spades).
SERIES = ("fc", "fd", "fh", "fs")
#: The layout's places: three rows of eight in the first deal, the first 18
#: (three rows of six) in the second.
PLACES = tuple(f"l{i}" for i in range(1, 25))
#: The auxiliary row's places.
AUX = ("a1", "a2", "a3", "a4")
#: Places in the layout for each deal: three rows of eight, then of six.
LAYOUT_SIZE = {1: 24, 2: 18}
ROW_LENGTH = {1: 8, 2: 6}
#: How many places each deal lays (by the deal's number, 1 or 2).
_DEAL_SIZE = (0, 24, 18)
#: Index of the first cell of the auxiliary row (the layout's places come first).
_FIRST_AUX = len(PLACES)
_CELLS = PLACES + AUX
_CELL = {pile: cell for cell, pile in enumerate(_CELLS)}
#: Why a game ends, in words (the engine's table fact ``reason``).
WON = N_("all 52 cards are on the four series")
STUCK = N_("the second deal is stuck: no card can go to a series and no empty place can be "
         "filled; a third deal is not allowed")
_ASIDE_ROW = ("when-stuck", "at-start")

#: The ranks of a series in the order they go up: 2, 3, ..., K, then the ace.
_ORDER = (*range(2, 14), 1)
#: Each suit's series as codes, in the order they go up.
SERIES_CODES = tuple(tuple(suit * 13 + rank - 1 for rank in _ORDER) for suit in range(4))
#: The code a series of each suit needs next, by its length (-1 when finished).
_NEXT = tuple((*codes, -1) for codes in SERIES_CODES)
#: Every move of a card to its series, by cell and code: ``_PLAY[cell][code]``.
_PLAY = tuple(tuple(Move("move", pile, SERIES[code // 13]) for code in range(52))
              for pile in _CELLS)
_FILL, _AUX, _REDEAL = Move("fill"), Move("aux"), Move("redeal")

_new_event = tuple.__new__


def _moved(src: str, dst: str, code: int, face_up: bool = True) -> Event:
    """The event of one card moving (as the engine's context records it)."""
    return _new_event(Event, ("move", src, dst, (CARD[code],), face_up, "", None))


def _set(key: str, value: Scalar) -> Event:
    """The event of a table fact changing."""
    return _new_event(Event, ("set", "", "", (), True, key, value))


# Events are values: each one a step can record is built once, here.
#: A card dealt or filled from the stock into a cell: ``_TO_CELL[cell][code]``.
_TO_CELL = tuple(tuple(_moved("s", pile, code) for code in range(52)) for pile in _CELLS)
#: A card going up from a cell to its series: ``_UP_FROM[cell][code]``.
_UP_FROM = tuple(tuple(_moved(pile, SERIES[code // 13], code) for code in range(52))
                 for pile in _CELLS)
#: A card going up straight from the stock.
_UP_FROM_STOCK = tuple(_moved("s", SERIES[code // 13], code) for code in range(52))
#: A card gathered from a cell onto the stock, face down.
_GATHERED = tuple(tuple(_moved(pile, "s", code, face_up=False) for code in range(52))
                  for pile in _CELLS)
_PLAYED = _set("played", True)
_OPENING_FACTS = (_set("deal", 1), _set("aux_laid", False), _set("played", False))


class ChainModel:
    """Chain, from the Russian text "ЦЕПОЧКА", on card codes (see the module).

    Options: ``aux_row`` (``"when-stuck"``, the default, or ``"at-start"``).
    """

    __slots__ = ("at_start", "seed", "shuffler", "series", "wanted", "cells", "where", "gaps",
                 "stock", "top", "deal_number", "aux_laid", "played", "over", "won", "reason",
                 "shuffles", "_moves")

    def __init__(self, options: Mapping[str, str], seed: int, deck: Sequence[int],
                 shuffler: CodeShuffler | None = None) -> None:
        aux_row = options.get("aux_row", _ASIDE_ROW[0])
        if aux_row not in _ASIDE_ROW:
            raise OptionError(f"option aux_row must be one of {', '.join(map(repr, _ASIDE_ROW))}, "
                              f"not {excerpt(aux_row)}")
        #: Whether the auxiliary row may be laid only before any card is played.
        self.at_start = aux_row == "at-start"
        self.seed = seed
        self.shuffler: CodeShuffler = shuffler or seeded_shuffler(seed)
        #: How many cards each suit's series holds.
        self.series = [0, 0, 0, 0]
        #: ``wanted[code]`` is 1 for the four cards the series need next.
        self.wanted = bytearray(52)
        for codes in SERIES_CODES:
            self.wanted[codes[0]] = 1
        #: The layout's 24 places, then the auxiliary row's 4: a code, or -1 when empty.
        self.cells = [-1] * len(_CELLS)
        #: The cell each card lies in (``where[code]``), or -1 when it is in none.
        self.where = [-1] * 52
        #: How many of this deal's places are empty.
        self.gaps = 0
        #: The stock in dealing order: ``stock[top]`` is its next card. Never
        #: changed in place (a redeal makes a new list), so copies share it.
        self.stock: list[int] = list(deck)
        self.top = 0
        #: Which deal is on the table: 1 or 2 (0 before the opening deal).
        self.deal_number = 0
        self.aux_laid = False
        #: Whether a card has gone up to a series during this deal.
        self.played = False
        self.over = False
        self.won = False
        self.reason = ""
        self.shuffles = 0
        self._moves: list[Move] = []

    # -- reading --------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """Every legal move, in the engine's order: cards to their series (places, then
        the auxiliary row), then ``fill``; when stuck, ``aux`` then ``redeal``."""
        return self._moves

    def copy(self) -> ChainModel:
        """An independent copy (the stock, never changed in place, is shared)."""
        other = object.__new__(ChainModel)
        other.at_start = self.at_start
        other.seed = self.seed
        other.shuffler = self.shuffler
        other.series = self.series[:]
        other.wanted = self.wanted[:]
        other.cells = self.cells[:]
        other.where = self.where[:]
        other.gaps = self.gaps
        other.stock = self.stock
        other.top = self.top
        other.deal_number = self.deal_number
        other.aux_laid = self.aux_laid
        other.played = self.played
        other.over = self.over
        other.won = self.won
        other.reason = self.reason
        other.shuffles = self.shuffles
        other._moves = self._moves
        return other

    def to_table(self) -> Table:
        """The position as the engine's table (the piles of ``ChainRules.piles`` and its facts)."""
        piles = [Pile(f, "foundation", [CARD[code] for code in SERIES_CODES[suit][:n]])
                 for suit, (f, n) in enumerate(zip(SERIES, self.series, strict=True))]
        piles += [Pile(pile, "tableau" if cell < _FIRST_AUX else "reserve",
                       [CARD[self.cells[cell]]] if self.cells[cell] >= 0 else [])
                  for cell, pile in enumerate(_CELLS)]
        piles.append(Pile("s", "stock", [CARD[code] for code in reversed(self.stock[self.top:])]))
        facts: dict[str, Scalar] = {"over": self.over, "won": self.won, "reason": self.reason}
        if self.deal_number:
            facts.update(deal=self.deal_number, aux_laid=self.aux_laid, played=self.played)
        return Table(piles, facts)

    @classmethod
    def from_table(cls, options: Mapping[str, str], seed: int, table: Table,
                   shuffles: int) -> ChainModel:
        """The model of a Chain table (after ``shuffles`` reshuffles)."""
        model = cls(options, seed, [CODE[card] for card in reversed(table.piles["s"].cards)])
        piles = table.piles
        model.wanted = bytearray(52)
        for suit, f in enumerate(SERIES):
            n = len(piles[f].cards)
            model.series[suit] = n
            if _NEXT[suit][n] >= 0:
                model.wanted[_NEXT[suit][n]] = 1
        for cell, pile in enumerate(_CELLS):
            cards = piles[pile].cards
            model.cells[cell] = CODE[cards[-1]] if cards else -1
            if cards:
                model.where[CODE[cards[-1]]] = cell
        facts = table.facts
        model.deal_number = int(facts.get("deal") or 0)
        model.gaps = model.cells[:_DEAL_SIZE[model.deal_number]].count(-1)
        model.aux_laid = bool(facts.get("aux_laid"))
        model.played = bool(facts.get("played"))
        model.over = bool(facts["over"])
        model.won = bool(facts["won"])
        model.reason = str(facts["reason"] or "")
        model.shuffles = shuffles
        if model.deal_number and not model.over:
            model._moves = model._find_moves()
        return model

    # -- playing --------------------------------------------------------------

    def deal(self, events: list[Event] | None = None) -> None:
        """The opening deal: three rows of eight; the twos go up (with ``events``, record them)."""
        if events is not None:
            events += _OPENING_FACTS
        self.deal_number = 1
        self._lay_out(events)
        self._settle(events)

    def apply(self, move: Move, events: list[Event] | None = None) -> None:
        """Play ``move`` (one of :meth:`legal_moves`); with ``events``, record the engine's events."""
        action = move.action
        cells = self.cells
        if action == "move":
            # The hot path of every simulation, written out (_go_up, _check_won, _settle).
            cell = _CELL[move.src]
            code = cells[cell]
            cells[cell] = -1
            self.where[code] = -1
            if cell < _FIRST_AUX:
                self.gaps += 1
            suit = code // 13
            series = self.series
            n = series[suit] = series[suit] + 1
            wanted = self.wanted
            wanted[code] = 0
            following = _NEXT[suit][n]
            if following >= 0:
                wanted[following] = 1
            if events is not None:
                events.append(_UP_FROM[cell][code])
            if not self.played:
                self.played = True
                if events is not None:
                    events.append(_PLAYED)
            if self.top == len(self.stock) and sum(series) == 52:
                self._end(True, WON, events)
                self._moves = []
                return
            moves = self._moves = self._find_moves()
            if not moves:
                self._end(False, STUCK, events)
            return
        if action == "fill":
            code = self.stock[self.top]
            self.top += 1
            if self.wanted[code]:
                # Straight onto its series: a card played, as much as one from the layout.
                self._go_up(code)
                if events is not None:
                    events.append(_UP_FROM_STOCK[code])
                if not self.played:
                    self.played = True
                    if events is not None:
                        events.append(_PLAYED)
                self._check_won(events)
            else:
                cell = cells.index(-1)  # the first empty place: fill is legal only with one
                cells[cell] = code
                self.where[code] = cell
                self.gaps -= 1
                if events is not None:
                    events.append(_TO_CELL[cell][code])
        elif action == "aux":
            stock = self.stock
            for cell in range(_FIRST_AUX, len(_CELLS)):
                if self.top < len(stock):
                    code = cells[cell] = stock[self.top]
                    self.where[code] = cell
                    self.top += 1
                    if events is not None:
                        events.append(_TO_CELL[cell][code])
            self.aux_laid = True
            if events is not None:
                events.append(_set("aux_laid", True))
            self._check_won(events)
        elif action == "redeal":
            self._redeal(events)
        else:
            raise ValueError(f"{move} is not a move in Chain")
        self._settle(events)

    def _redeal(self, events: list[Event] | None) -> None:
        """Gather the layout and the auxiliary row onto the stock, shuffle, deal 3 rows of 6."""
        cells = self.cells
        gathered = self.stock[self.top:]
        for cell in (*range(_DEAL_SIZE[self.deal_number]), *range(_FIRST_AUX, len(_CELLS))):
            code = cells[cell]
            if code >= 0:
                gathered.append(code)
                cells[cell] = -1
                self.where[code] = -1
                if events is not None:
                    events.append(_GATHERED[cell][code])
        # The shuffle puts the cards in pack order first (the order of their codes).
        self.shuffles += 1
        order = self.shuffler(sorted(gathered), self.shuffles)
        self.stock = order[::-1]
        self.top = 0
        if events is not None:
            events.append(_new_event(Event, ("shuffle", "s", "", tuple(CARD[code] for code in order),
                                             True, "", None)))
            events.append(_set("deal", 2))
            if self.played:
                events.append(_set("played", False))
        self.deal_number = 2
        self.played = False
        self._lay_out(events)

    def _lay_out(self, events: list[Event] | None) -> None:
        """Deal the places of this deal from the stock; the twos among them go up."""
        cells, where = self.cells, self.where
        size = _DEAL_SIZE[self.deal_number]
        dealt = self.stock[self.top:self.top + size]   # the places are empty
        cells[:len(dealt)] = dealt
        self.top += len(dealt)
        for cell, code in enumerate(dealt):
            where[code] = cell
        if events is not None:
            events += [_TO_CELL[cell][code] for cell, code in enumerate(dealt)]
        # The twos go up once the layout is down.
        for cell, code in enumerate(dealt):
            if code % 13 == 1:
                cells[cell] = -1
                where[code] = -1
                self._go_up(code)
                if events is not None:
                    events.append(_UP_FROM[cell][code])
        self.gaps = cells[:size].count(-1)
        self._check_won(events)

    def _go_up(self, code: int) -> None:
        """Put ``code`` on its series (it is the card the series needs)."""
        suit = code // 13
        n = self.series[suit] = self.series[suit] + 1
        self.wanted[code] = 0
        following = _NEXT[suit][n]
        if following >= 0:
            self.wanted[following] = 1

    def _check_won(self, events: list[Event] | None) -> None:
        # Every card is on a series only once the stock is empty.
        if self.top == len(self.stock) and sum(self.series) == 52:
            self._end(True, WON, events)

    def _end(self, won: bool, reason: str, events: list[Event] | None) -> None:
        end_game(self, won, reason, events)

    def _settle(self, events: list[Event] | None) -> None:
        """Find the legal moves of the new position; with none, the game is lost."""
        if self.over:
            self._moves = []
            return
        self._moves = self._find_moves()
        if not self._moves:
            self._end(False, STUCK, events)

    def _find_moves(self) -> list[Move]:
        # The hot path of every simulation: the four cards the series need, where they lie.
        where, series = self.where, self.series
        lying = []
        for suit in range(4):
            code = _NEXT[suit][series[suit]]
            if code >= 0 and where[code] >= 0:
                lying.append(where[code])
        moves: list[Move] = []
        if lying:
            lying.sort()   # in the cells' order: the places, then the auxiliary row
            cells = self.cells
            moves = [_PLAY[cell][cells[cell]] for cell in lying]
        stock_left = self.top < len(self.stock)
        if self.gaps and stock_left:
            moves.append(_FILL)
        elif not moves:  # stuck
            if self.deal_number == 1:
                if not self.aux_laid and stock_left and not (self.at_start and self.played):
                    moves.append(_AUX)
                moves.append(_REDEAL)
        return moves
