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

from functools import cache
from typing import ClassVar

from ...cards import Card, Words, card_words, rank_words, suit_words
from ...citations import Citation, cite, refused
from ...i18n import N_, _, current_language, ngettext, pgettext
from ...moves import Move
from ...rules import Rules, said
from ...table import Pile, Table
from ..common import foundation_id, next_up
from .bounds import chain_bound
from .layout import chain_layout
from .model import AUX, LAYOUT_SIZE, ROW_LENGTH, SERIES, ChainModel

__all__ = ["ChainRules", "RULES", "MOVE_BOUND"]

#: Our readings of the text's unclear passages that refusals and moves follow: each
#: the title of its section on the book's "Where the text is unclear" page.
WHEN_AUX = N_("When the auxiliary row may be laid")
GAPS_IN_AUX = N_("Gaps in the auxiliary row")
STUCK = N_("\"Do not go together with other cards of the layout\"")
STRAIGHT_UP = N_("A card from the stock that fits goes straight up")

FOUNDATIONS = SERIES
_PLACES = {deal: tuple(f"l{i}" for i in range(1, size + 1)) for deal, size in LAYOUT_SIZE.items()}


@cache
def _pile_words(language: str, deal: int, pile_id: str) -> Words:
    """A pile in words in ``language`` (the current one: the cache's key); the
    layout's places by their row and place in ``deal``'s rows: ``"row 2, place 3"``."""
    # Translators: a name comes in one form, or in six separated by "|": nominative,
    # genitive, dative, accusative, instrumental, locative.
    if pile_id in FOUNDATIONS:
        return Words.forms(pgettext("chain pile", "the {suit} series").format(
            suit=suit_words(pile_id[1].upper())))
    if pile_id.startswith("l") and pile_id in _PLACES[1]:
        i = _PLACES[1].index(pile_id)
        length = ROW_LENGTH[deal]
        return Words.forms(pgettext("chain pile", "row {row}, place {place}").format(
            row=i // length + 1, place=i % length + 1))
    if pile_id.startswith("l"):
        return Words.same(pile_id)
    if pile_id.startswith("a"):
        return Words.forms(pgettext("chain pile", "auxiliary place {n}").format(n=pile_id[1:]))
    return Words.forms(pgettext("chain pile", "the stock"))
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


_REDEAL_WORDS = N_("the layout is gathered, shuffled with the stock and dealt in three rows of "
                    "six; any twos among them go up to their series")


# The words of a move, built on every move the engine plays: the language is
# asked for once and each sentence looked up once (:func:`said`).

def _goes_words(language: str, card: Card, target: Card | None, source: Words,
                won: bool) -> str:
    """A card that goes to its series (onto ``target``, or starting it), from ``source``."""
    if target is None:
        text = said(language, N_("{card} goes to start its series, from {source}")).format(
            card=card_words(card, language), source=source)
    else:
        text = said(language, N_("{card} goes onto {target}, from {source}")).format(
            card=card_words(card, language), target=card_words(target, language), source=source)
    return _won_words(language, text) if won else text


def _fill_words(language: str, card: Card, target: Card | None, won: bool) -> str:
    """A fill whose card goes straight to its series (onto ``target``, or starting it)."""
    if target is None:
        text = said(language, N_("fill: {card} comes from the stock and goes straight to start "
                                 "its series")).format(card=card_words(card, language))
    else:
        text = said(language, N_("fill: {card} comes from the stock and goes straight onto "
                                 "{target}")).format(card=card_words(card, language),
                                                     target=card_words(target, language))
    return _won_words(language, text) if won else text


def _gap_words(language: str, card: Card, place: Words) -> str:
    return said(language, N_("fill: {card} comes from the stock into {place}")).format(
        card=card_words(card, language), place=place)


def _won_words(language: str, move: str) -> str:
    return said(language, N_("{move}: all 52 cards are on the four series, the game is won")
                ).format(move=move)


def _aux_words(language: str, cards: list[Card]) -> str:
    return said(language, N_("four stock cards are laid face up as the auxiliary row: {cards}")
                ).format(cards=", ".join(card_words(card, language).nom for card in cards))


class ChainRules(Rules):
    """The rules of Chain, from the Russian text "ЦЕПОЧКА"."""

    name = "chain"
    title = N_("Chain")
    foundation_word = N_("series")
    packs = 1
    actions = ("fill", "aux", "redeal")
    example_move = "l5>fh"
    layout = staticmethod(chain_layout)
    bound = staticmethod(chain_bound)
    model = ChainModel
    game_on_model = True
    option_readings: ClassVar[dict[str, dict[str, str]]] = {
        "aux_row": {
            "when-stuck": N_("the auxiliary row may be laid at any stuck point of the first "
                             "deal"),
            "at-start": N_("the auxiliary row may be laid only before any card is played"),
        },
    }
    action_labels: ClassVar[dict[str, tuple[str, str]]] = {
        "fill": (N_("Fill from the stock"),
                 N_("The next stock card goes to its series or into an empty place")),
        "aux": (N_("Lay the auxiliary row"),
                N_("Four stock cards are laid face up as the auxiliary row")),
        "redeal": (N_("Second deal"), N_("The layout is gathered, shuffled with the stock and "
                                         "dealt again in three rows of six")),
    }

    def action_word(self, action: str) -> str:
        """The word typed for ``action`` in the current language (see :meth:`Rules.action_word`)."""
        return {"fill": pgettext("a word typed in Chain's move box", "fill"),
                "aux": pgettext("a word typed in Chain's move box", "aux"),
                "redeal": pgettext("a word typed in Chain's move box", "redeal")}.get(
                    action, action)

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

    def why_legal(self, table: Table, move: Move) -> Citation:
        """The sentences that allow ``move``'s kind of move (``move`` legal here).

        >>> from solitaire_widgets import new_game
        >>> new_game("chain", seed=5).why_legal("redeal").key_list()
        ['4.5', '5.1']
        """
        if move.action == "fill":
            return cite("chain", "4.3", "4.4", reading=STRAIGHT_UP)
        if move.action == "aux":
            return cite("chain", "7.1", "7.2", reading=WHEN_AUX)
        if move.action == "redeal":
            return cite("chain", "4.5", "5.1", reading=STUCK)
        if table.piles[move.src].kind == "reserve":
            return cite("chain", "3.1", "3.2", "7.2")
        return cite("chain", "3.1", "3.2", "3.3")

    def why_illegal(self, table: Table, move: Move) -> str:
        # Each refusal names the sentences of the text it rests on (keys
        # "<paragraph>.<sentence>", solitaire_widgets.citations) and, where it
        # follows a reading of an unclear passage, that reading's section title.
        piles = table.piles
        facts = table.facts
        if move.action == "fill":
            if not piles["s"].cards:
                return refused("chain", _("the stock is empty: there is no card left to fill a "
                                          "place with"), "4.3", "6.1")
            return refused("chain", _("there is no empty place in the layout to fill"), "4.3",
                           reading=GAPS_IN_AUX)
        if move.action == "aux":
            if facts["deal"] != 1:
                return refused("chain", _("the auxiliary row may be laid only during the first "
                                          "deal"), "9.3")
            if facts["aux_laid"]:
                return refused("chain", _("the auxiliary row has been laid already; it is laid "
                                          "only once"), "7.1", "9.3")
            if not piles["s"].cards:
                return refused("chain", _("the stock is empty: there are no cards for an "
                                          "auxiliary row"), "7.1")
            if self.options["aux_row"] == "at-start" and facts["played"]:
                return refused("chain", _("under the at-start reading the auxiliary row may be "
                                          "laid only before any card has been played"), "7.1",
                               reading=WHEN_AUX)
            return refused("chain", _("the auxiliary row may be laid only when play is stuck"),
                           "7.1", reading=WHEN_AUX)
        if move.action == "redeal":
            if facts["deal"] != 1:
                return refused("chain", _("this is the last deal: a third deal is not allowed"),
                               "9.1", "9.2")
            return refused("chain", _("you may gather and deal again only when play is stuck: "
                                      "a card can still go to a series, or an empty place can "
                                      "be filled from the stock"), "4.5", reading=STUCK)
        if move.action != "move":
            return refused("chain", _("{action!r} is not a move in Chain; the moves are a card "
                                      "to its series, fill, aux and redeal").format(
                                          action=move.action))
        if move.src not in piles or move.dst not in piles:
            bad = move.src if move.src not in piles else move.dst
            return refused("chain", _("there is no pile called {pile!r} in Chain").format(
                pile=bad))
        if move.count != 1:
            return refused("chain", _("in Chain cards are played one at a time"), "3.2")
        src, dst = piles[move.src], piles[move.dst]
        if src.kind == "foundation":
            return refused("chain", _("cards on a series stay there"), "4.6")
        if src.kind == "stock":
            return refused("chain", _("take stock cards with 'fill': the next card goes to its "
                                      "series or an empty place"), "4.3", "4.4")
        if move.src not in self._places(table) + AUX:
            return refused("chain", _("place {pile} is not part of this deal's layout").format(
                pile=move.src), "5.1")
        card = src.top
        if card is None:
            return refused("chain", _("{pile} is empty").format(
                pile=self.pile_words(table, move.src)), "4.3",
                reading=GAPS_IN_AUX if move.src in AUX else None)
        if dst.kind != "foundation":
            return refused("chain", _("in Chain a card can only go onto its series above the "
                                      "layout"), "2.3", "3.1", reading=STUCK)
        moved = card_words(card)
        own = self.pile_words(table, foundation_id("f", card))
        if move.dst != foundation_id("f", card):
            return refused("chain", _("{card} can only go onto {series}").format(
                card=moved, series=own), "3.2", "3.3")
        need = _needs(dst)
        if need == 0:
            return refused("chain", _("{series} is finished").format(series=own), "3.2")
        if not dst.cards:
            # The two is not named: it may still be face down in the stock.
            return refused("chain", _("a series starts only with its two: {card} has no force "
                                      "until the two of its suit appears").format(card=moved),
                           "4.1", "4.2")
        return refused("chain", _("{series} needs the {need} next, not the {rank}").format(
            series=own, need=rank_words(need), rank=rank_words(card.rank)), "3.2")

    # -- words --------------------------------------------------------------------

    def pile_words(self, table: Table, pile_id: str) -> Words:
        return _pile_words(current_language(), int(table.facts["deal"] or 1), pile_id)

    def describe_move(self, table: Table, move: Move) -> str:
        """What ``move`` does, in words: which card went where.

        >>> from solitaire_widgets import new_game
        >>> game = new_game("chain", seed=5)
        >>> game.describe("redeal")
        'the layout is gathered, shuffled with the stock and dealt in three rows of six; any twos among them go up to their series'
        """
        piles = table.piles
        language = current_language()
        deal = int(table.facts["deal"] or 1)
        if move.action == "fill":
            card = piles["s"].cards[-1]
            target = piles[_SERIES_OF[card.suit]]
            if _needs(target) == card.rank:
                return _fill_words(language, card, target.top, self._won(table))
            return _gap_words(language, card, _pile_words(language, deal, self._gap(table)))
        if move.action == "aux":
            return _aux_words(language, list(reversed(piles["s"].cards[-len(AUX):])))
        if move.action == "redeal":
            return said(language, _REDEAL_WORDS)
        card = piles[move.src].cards[-1]
        return _goes_words(language, card, piles[move.dst].top,
                           _pile_words(language, deal, move.src), self._won(table))

    def preview_move(self, table: Table, move: Move) -> str:
        """A fill or the auxiliary row before it is played: the stock's cards are face
        down, so none is named (see :meth:`describe_move` for the step's own words).

        >>> from solitaire_widgets import new_game
        >>> new_game("chain", seed=5).describe("aux")
        'four stock cards are laid face up as the auxiliary row'
        """
        if move.action == "fill":
            place = _pile_words(current_language(), int(table.facts["deal"] or 1),
                                self._gap(table))
            return _("fill: the next stock card goes to its series if it can, else into "
                     "{place}").format(place=place)
        if move.action == "aux":
            return _("four stock cards are laid face up as the auxiliary row")
        return self.describe_move(table, move)

    def _won(self, table: Table) -> bool:
        """Whether the card about to go up is the last."""
        if len(table.piles["s"].cards) > 1:  # cards would still be left in the stock
            return False
        on_series = sum(len(table.piles[f].cards) for f in FOUNDATIONS)
        if on_series + 1 != 52:
            return False
        off_layout = len(table.piles["s"].cards) + sum(
            len(table.piles[p].cards) for p in self._places(table) + AUX)
        return off_layout == 1

    def status(self, table: Table) -> str:
        facts = table.facts
        stock = len(table.piles["s"].cards)
        cards = ngettext("{n} card in the stock", "{n} cards in the stock", stock).format(n=stock)
        if facts["deal"] == 1:
            if facts["aux_laid"]:
                return _("First deal, three rows of eight; {stock}; the auxiliary row is laid"
                         ).format(stock=cards)
            return _("First deal, three rows of eight; {stock}; the auxiliary row is still "
                     "to come").format(stock=cards)
        return _("Second and last deal, three rows of six; {stock}").format(stock=cards)


RULES = ChainRules
