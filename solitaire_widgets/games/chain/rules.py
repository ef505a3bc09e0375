"""Chain ("Цепочка"): one pack, series from the twos up to the aces, two deals.

The table: four series (foundations) ``fc fd fh fs`` above the layout, the
layout's places ``l1``..``l24`` (three rows of eight; in the second deal
``l1``..``l18``, three rows of six), the auxiliary row ``a1``..``a4`` below it,
and the stock ``s``.

Moves: ``l5>fh`` (a layout or auxiliary card onto its series), ``fill`` (turn
the next stock card: straight onto its series if it fits, otherwise into the
first empty place), ``aux`` (lay the auxiliary row), ``redeal``.

>>> from solitaire_widgets import new_game
>>> game = new_game("chain", seed=5)
>>> game.status
'First deal, three rows of eight; 28 cards in the stock; the auxiliary row is still to come'
"""

from __future__ import annotations

from typing import ClassVar

from ...cards import CARD, rank_word, suit_name
from ...model import Model
from ...moves import Move
from ...rules import Rules
from ...table import Pile, Table
from ..common import foundation_id, next_up
from .model import SERIES_CODES, ChainModel

__all__ = ["ChainRules", "RULES", "MOVE_BOUND"]

FOUNDATIONS = ("fc", "fd", "fh", "fs")
AUX = tuple(f"a{i}" for i in range(1, 5))
#: Places in the layout for each deal: three rows of eight, then of six.
LAYOUT_SIZE = {1: 24, 2: 18}
ROW_LENGTH = {1: 8, 2: 6}
_PLACES = {deal: tuple(f"l{i}" for i in range(1, size + 1)) for deal, size in LAYOUT_SIZE.items()}
#: The layout's places in words, for each deal's rows: ``"row 2, place 3"``.
_PLACE_NAMES = {deal: {place: f"row {i // length + 1}, place {i % length + 1}"
                       for i, place in enumerate(_PLACES[1])}
                for deal, length in ROW_LENGTH.items()}
#: The most moves a game can take: it always ends, won or lost, by then. Every
#: move uses something up that never comes back: ``l5>fh`` puts a card on its
#: series for good (52 at most); ``fill`` takes a card from the stock (28 in
#: the first deal, at most 52 - 18 = 34 in the second); ``aux`` and
#: ``redeal`` are allowed once each. 52 + 28 + 34 + 1 + 1 = 116.
MOVE_BOUND = 116
#: Each suit's series.
_SERIES_OF = {f[1].upper(): f for f in FOUNDATIONS}


def _needs(pile: Pile) -> int:
    """The rank a series needs next (2 for an empty one; 0 when finished)."""
    if not pile.cards:
        return 2
    if len(pile.cards) == 13:
        return 0
    return next_up(pile.cards[-1].rank)


_CELL_OF = {place: cell for cell, place in enumerate(_PLACES[1] + AUX)}
_MODEL_PLACES = _PLACES[1] + AUX
_REDEAL_WORDS = ("the layout is gathered, shuffled with the stock and dealt in three rows of six; "
                 "any twos among them go up to their series")
#: Each card's name by its code (``"the seven of clubs"``).
_NAMES = tuple(card.name for card in CARD)


def _onto(model: ChainModel, code: int) -> str:
    """Where a card that fits its series goes, in words."""
    suit = code // 13
    n = model.series[suit]
    return f"onto {_NAMES[SERIES_CODES[suit][n - 1]]}" if n else "to start its series"


def _won_words_of(model: ChainModel) -> str:
    """Words for a card that is the last to go up (none otherwise), read off the model."""
    left = len(model.stock) - model.top
    if left > 1 or sum(model.series) + 1 != 52:
        return ""
    if left + sum(code >= 0 for code in model.cells) == 1:
        return ": all 52 cards are on the four series, the game is won"
    return ""


class ChainRules(Rules):
    """The rules of Chain, from the Russian text "ЦЕПОЧКА"."""

    name = "chain"
    title = "Chain"
    foundation_word = "series"
    packs = 1
    actions = ("fill", "aux", "redeal")
    example_move = "l5>fh"
    layout = "solitaire_widgets.games.chain.layout:chain_layout"
    strategies = "solitaire_widgets.games.chain.strategies"
    examples = "solitaire_widgets.games.chain.examples"
    bound = "solitaire_widgets.games.chain.bounds:chain_bound"
    model = "solitaire_widgets.games.chain.model:ChainModel"
    game_on_model = True
    option_readings: ClassVar[dict[str, dict[str, str]]] = {
        "aux_row": {
            "when-stuck": "the auxiliary row may be laid at any stuck point of the first deal",
            "at-start": "the auxiliary row may be laid only before any card is played",
        },
    }
    action_labels: ClassVar[dict[str, tuple[str, str]]] = {
        "fill": ("Fill from the stock",
                 "The next stock card goes to its series or into an empty place"),
        "aux": ("Lay the auxiliary row", "Four stock cards are laid face up as the auxiliary row"),
        "redeal": ("Second deal", "The layout is gathered, shuffled with the stock and dealt "
                   "again in three rows of six"),
    }
    options_allowed: ClassVar[dict[str, tuple[str, ...]]] = {
        # Our reading: the auxiliary row may be laid at any stuck point of the
        # first deal; the other: only before any card has been played.
        "aux_row": ("when-stuck", "at-start"),
    }

    def piles(self) -> list[Pile]:
        return (
            [Pile(f, "foundation") for f in FOUNDATIONS]
            + [Pile(place, "tableau") for place in _PLACES[1]]
            + [Pile(a, "reserve") for a in AUX]
            + [Pile("s", "stock")]
        )

    # -- what may be played: the model's (see :mod:`.model`); here, what the words read --

    def _places(self, table: Table) -> tuple[str, ...]:
        return _PLACES[2] if table.facts["deal"] == 2 else _PLACES[1]

    def _gap(self, table: Table) -> str:
        """The first empty place of the layout, which a fill fills (there is one)."""
        piles = table.piles
        for place in self._places(table):
            if not piles[place].cards:
                return place
        raise AssertionError("fill is legal only with an empty place")  # pragma: no cover

    def why_illegal(self, table: Table, move: Move) -> str:
        piles = table.piles
        facts = table.facts
        if move.action == "fill":
            if not piles["s"].cards:
                return "the stock is empty: there is no card left to fill a place with"
            return "there is no empty place in the layout to fill"
        if move.action == "aux":
            if facts["deal"] != 1:
                return "the auxiliary row may be laid only during the first deal"
            if facts["aux_laid"]:
                return "the auxiliary row has been laid already; it is laid only once"
            if not piles["s"].cards:
                return "the stock is empty: there are no cards for an auxiliary row"
            if self.options["aux_row"] == "at-start" and facts["played"]:
                return ("under the at-start reading the auxiliary row may be laid only "
                        "before any card has been played")
            return "the auxiliary row may be laid only when play is stuck"
        if move.action == "redeal":
            if facts["deal"] != 1:
                return "this is the last deal: a third deal is not allowed"
            return ("you may gather and deal again only when play is stuck: a card can still "
                    "go to a series, or an empty place can be filled from the stock")
        if move.action != "move":
            return f"{move.action!r} is not a move in Chain; the moves are a card to its series, fill, aux and redeal"
        if move.src not in piles or move.dst not in piles:
            bad = move.src if move.src not in piles else move.dst
            return f"there is no pile called {bad!r} in Chain"
        if move.count != 1:
            return "in Chain cards are played one at a time"
        src, dst = piles[move.src], piles[move.dst]
        if src.kind == "foundation":
            return "cards on a series stay there"
        if src.kind == "stock":
            return "take stock cards with 'fill': the next card goes to its series or an empty place"
        if move.src not in self._places(table) + AUX:
            return f"place {move.src} is not part of this deal's layout"
        card = src.top
        if card is None:
            return f"{self.pile_name(table, move.src)} is empty"
        if dst.kind != "foundation":
            return "in Chain a card can only go onto its series above the layout"
        if move.dst != foundation_id("f", card):
            return f"{card.name} can only go onto the {suit_name(card.suit)} series"
        need = _needs(dst)
        if need == 0:
            return f"the {suit_name(card.suit)} series is finished"
        if not dst.cards:
            return (f"a series starts only with its two: {card.name} has no force until the "
                    f"two of {suit_name(card.suit)} appears")
        return (f"the {suit_name(card.suit)} series needs the {rank_word(need)} next, "
                f"not the {rank_word(card.rank)}")

    # -- words --------------------------------------------------------------------

    def pile_name(self, table: Table, pile_id: str) -> str:
        if pile_id in FOUNDATIONS:
            return f"the {suit_name(pile_id[1].upper())} series"
        if pile_id.startswith("l"):
            return _PLACE_NAMES[int(table.facts["deal"] or 1)].get(pile_id, pile_id)
        if pile_id.startswith("a"):
            return f"auxiliary place {pile_id[1:]}"
        return "the stock"

    def describe_move(self, table: Table, move: Move) -> str:
        """What ``move`` does, in words: which card went where.

        >>> from solitaire_widgets import new_game
        >>> game = new_game("chain", seed=5)
        >>> game.describe("redeal")
        'the layout is gathered, shuffled with the stock and dealt in three rows of six; any twos among them go up to their series'
        """
        piles = table.piles
        if move.action == "fill":
            card = piles["s"].cards[-1]
            target = piles[_SERIES_OF[card.suit]]
            if _needs(target) == card.rank:
                onto = f"onto {target.cards[-1].name}" if target.cards else "to start its series"
                return f"fill: {card.name} comes from the stock and goes straight {onto}" + (
                    self._won_words(table))
            gap = self._gap(table)
            return f"fill: {card.name} comes from the stock into {self.pile_name(table, gap)}"
        if move.action == "aux":
            laid = [c.name for c in reversed(piles["s"].cards[-len(AUX):])]
            return "four stock cards are laid face up as the auxiliary row: " + ", ".join(laid)
        if move.action == "redeal":
            return _REDEAL_WORDS
        card = piles[move.src].cards[-1]
        dst = piles[move.dst]
        where = f"onto {dst.cards[-1].name}" if dst.cards else "to start its series"
        return (f"{card.name} goes {where}, from {self.pile_name(table, move.src)}"
                + self._won_words(table))

    def describe_model_move(self, model: Model, move: Move) -> str:
        """:meth:`describe_move` read off Chain's model (the same words)."""
        assert isinstance(model, ChainModel)
        action = move.action
        if action == "move":
            code = model.cells[_CELL_OF[move.src]]
            where = (_PLACE_NAMES[model.deal_number][move.src] if move.src[0] == "l"
                     else f"auxiliary place {move.src[1:]}")
            return f"{_NAMES[code]} goes {_onto(model, code)}, from {where}" + _won_words_of(model)
        if action == "fill":
            code = model.stock[model.top]
            if model.wanted[code]:
                return (f"fill: {_NAMES[code]} comes from the stock and goes straight "
                        f"{_onto(model, code)}" + _won_words_of(model))
            gap = _MODEL_PLACES[model.cells.index(-1)]
            return (f"fill: {_NAMES[code]} comes from the stock into "
                    f"{_PLACE_NAMES[model.deal_number][gap]}")
        if action == "aux":
            laid = [_NAMES[code] for code in model.stock[model.top:model.top + len(AUX)]]
            return "four stock cards are laid face up as the auxiliary row: " + ", ".join(laid)
        return _REDEAL_WORDS

    def _won_words(self, table: Table) -> str:
        """Words for a card that is the last to go up (none otherwise)."""
        if len(table.piles["s"].cards) > 1:  # cards would still be left in the stock
            return ""
        on_series = sum(len(table.piles[f].cards) for f in FOUNDATIONS)
        if on_series + 1 != 52:
            return ""
        off_layout = len(table.piles["s"].cards) + sum(
            len(table.piles[p].cards) for p in self._places(table) + AUX)
        if off_layout == 1:
            return ": all 52 cards are on the four series, the game is won"
        return ""

    def status(self, table: Table) -> str:
        facts = table.facts
        stock = len(table.piles["s"].cards)
        if facts["deal"] == 1:
            aux = ("the auxiliary row is laid" if facts["aux_laid"]
                   else "the auxiliary row is still to come")
            return f"First deal, three rows of eight; {stock} cards in the stock; {aux}"
        return f"Second and last deal, three rows of six; {stock} cards in the stock"


RULES = ChainRules
