"""Klondike with the Polish rules: seven columns, two passes, a waste of three.

The table: four foundations ``fc fd fh fs`` (built up by suit from the ace),
seven columns ``t1``..``t7`` (left to right), the stock ``s`` (the text's
"hand") and the waste ``w`` (the pile of cards laid aside in front of the
player).

Moves: ``t3>fs`` (the end card of a column, or ``w>fs`` the top of the waste,
onto its foundation), ``t3>t5`` (a single card), ``t3:2>t5`` (the last two
cards of column 3, a sequence, onto column 5), ``w>t4``, ``turn`` (turn the
next card of the hand onto the waste) and ``redeal`` (turn the waste over for
the second and last pass; from then on the waste may never hold more than
three cards).

Option ``variant``: ``"polish"`` (the text's rules, the default),
``"standard"`` (draw one, unlimited passes, no limit on the waste) or
``"draw-three"`` (the same, but ``turn`` turns the next three cards of the
hand, or all that are left, as one packet, so only every third card comes to
the top of the waste), for comparison with published figures.

Option ``worrying_back``: ``"no"`` (the default: cards never come back from a
foundation, as the Polish text builds its foundations only upwards) or
``"yes"`` (the practice called "worrying back", in the standard and
draw-three variants only: the top card of a foundation may come back onto a
column where it fits, ``fh>t3``, as a card from the waste would), for
comparison with the published figures with worrying back.

A game that can no longer change (no card can ever go up, come into the
columns from the hand or the waste, or turn a face-down card up, however the
hand is turned; :meth:`KlondikeRules.dead`) is lost at once, with
:data:`DEAD_REASON`: in the standard variants the hand could otherwise be
turned for ever. Under the Polish rules the text's own ending comes first,
unless only moves between columns are left (:data:`SHIFTS_ONLY_REASON`).
With worrying back a game is dead when, however cards also go up and come
back, no face-down card can ever be turned up and no card can ever leave the
hand and the waste (:meth:`KlondikeRules.dead_worrying`, :data:`WORRY_DEAD_REASON`).

>>> from solitaire_widgets import new_game
>>> game = new_game("klondike", seed=5)
>>> [len(game.pile(f"t{i}").cards) for i in range(1, 8)]
[7, 6, 5, 4, 3, 2, 1]
>>> [game.pile(f"t{i}").down for i in range(1, 8)]
[6, 5, 4, 3, 2, 1, 0]
>>> game.status
'First pass: 24 cards in the hand'
"""

from __future__ import annotations

from functools import cache
from typing import ClassVar

from ...cards import Card, Words, a_rank_words, card_words, rank_words, suit_words
from ...citations import Citation, cite, refused
from ...i18n import N_, _, current_language, ngettext, pgettext
from ...moves import Move
from ...rules import Rules, said
from ...table import Pile, Table
from ..common import foundation_id
from .layout import klondike_layout
from .model import (
    CARDS,
    COLUMNS,
    DEAD_REASON,
    EMPTY,
    FOUNDATIONS,
    SHIFTS_ONLY_REASON,
    WASTE_LIMIT,
    WORRY_DEAD_REASON,
    KlondikeModel,
)
from .model import CODES as _CODES
from .model import ON as _ON
from .model import goes_up as _model_goes_up

__all__ = ["KlondikeRules", "RULES", "FOUNDATIONS", "COLUMNS", "WASTE_LIMIT", "DEAD_REASON",
           "SHIFTS_ONLY_REASON", "WORRY_DEAD_REASON",
           "builds_on", "goes_up"]

#: Our readings of the text's unclear passages that refusals and moves follow: each
#: the title of its section on the book's "Where the text is unclear" page.
SECOND_PASS = N_("The waste on the second pass")
WASTE_TOP = N_("The top of the waste is playable on both passes")
TURN_ANY_TIME = N_("Turning from the hand: at any time, or only when stuck")
NO_WORRYING = N_("No card comes back from a foundation")

_COLUMN_SET = frozenset(COLUMNS)
_FOUNDATION_SET = frozenset(FOUNDATIONS)


# -- the building rules: each is written here once, and the solver, the
# strategies and every check of a move use these predicates --------------------


def builds_on(card: Card, end: Card | None) -> bool:
    """Whether ``card`` (with any sequence on it) may go onto a column ending in ``end``.

    A column is built down one rank at a time in alternating colours; an
    empty column (``end`` None) takes only a king. The same rule says which
    face-up cards form a sequence that moves together. The rule is the
    model's (:func:`solitaire_widgets.games.klondike.model.fits`), read here
    on cards.

    >>> builds_on(Card.parse("9H"), Card.parse("TS")), builds_on(Card.parse("9H"), Card.parse("TD"))
    (True, False)
    >>> builds_on(Card.parse("KC"), None), builds_on(Card.parse("QC"), None)
    (True, False)
    """
    # A table lookup (this runs in every simulation's inner loop).
    return _ON[_CODES[card] * 53 + (EMPTY if end is None else _CODES[end])] == 1


def goes_up(card: Card, built: int) -> bool:
    """Whether ``card`` may go onto its foundation, which holds ``built`` cards (ace up):
    the model's rule (:func:`solitaire_widgets.games.klondike.model.goes_up`), on cards.

    >>> goes_up(Card.parse("AS"), 0), goes_up(Card.parse("3S"), 1)
    (True, False)
    """
    return _model_goes_up(_CODES[card], built)


@cache
def _pile_words(language: str, pile_id: str) -> Words:
    """A pile in words in ``language`` (the current one: the cache's key)."""
    # Translators: a name comes in one form, or in six separated by "|": nominative,
    # genitive, dative, accusative, instrumental, locative.
    if pile_id in _FOUNDATION_SET:
        return Words.forms(pgettext("klondike pile", "the {suit} foundation").format(
            suit=suit_words(pile_id[1].upper())))
    if pile_id in _COLUMN_SET:
        return Words.forms(pgettext("klondike pile", "column {n}").format(n=pile_id[1:]))
    if pile_id == "w":
        return Words.forms(pgettext("klondike pile", "the waste"))
    if pile_id == "s":
        return Words.forms(pgettext("klondike pile", "the stock"))
    return Words.same(pile_id)


def _hand(n: int) -> str:
    """What the hand holds, in words."""
    if not n:
        return _("the hand is used up")
    return ngettext("{n} card in the hand", "{n} cards in the hand", n).format(n=n)


def _cards(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"


class KlondikeRules(Rules):
    """The rules of Klondike from the Polish text, with the three-card waste."""

    name = "klondike"
    title = N_("Klondike")
    packs = 1
    actions = ("turn", "redeal")
    example_move = "t3>fh"
    layout = staticmethod(klondike_layout)
    model = KlondikeModel
    game_on_model = True
    option_readings: ClassVar[dict[str, dict[str, str]]] = {
        "variant": {
            "polish": N_("the text's rules: one card at a time, one second pass, during which "
                         "the waste holds three cards at most"),
            "standard": N_("draw one card at a time, as many passes as you like, no waste limit"),
            "draw-three": N_("draw three cards at a time, as many passes as you like, "
                             "no waste limit"),
        },
        "worrying_back": {
            "no": N_("cards never come back from a foundation: the foundations are built "
                     "only upwards"),
            "yes": N_("worrying back (standard and draw-three only): the top card of a "
                      "foundation may come back onto a column where it fits"),
        },
    }
    action_labels: ClassVar[dict[str, tuple[str, str]]] = {
        "turn": (N_("Turn from the hand"), N_("Turn the next card of the hand onto the waste")),
        "redeal": (N_("Turn the waste over"),
                   N_("The waste is turned over and becomes the hand again")),
    }

    def action_word(self, action: str) -> str:
        """The word typed for ``action`` in the current language (see :meth:`Rules.action_word`).

        >>> from solitaire_widgets.games import rules_for
        >>> from solitaire_widgets.i18n import use_language
        >>> with use_language("pl"):
        ...     rules_for("klondike", {}).action_word("turn")
        'odkryj'
        """
        return {"turn": pgettext("a word typed in Klondike's move box", "turn"),
                "redeal": pgettext("a word typed in Klondike's move box", "redeal")}.get(
                    action, action)

    # Worrying back: the Polish text builds the foundations only upwards.
    option_needs: ClassVar[dict[tuple[str, str], dict[str, tuple[str, ...]]]] = {
        ("worrying_back", "yes"): {"variant": ("standard", "draw-three")},
    }

    @property
    def polish(self) -> bool:
        """Whether the Polish rules (two passes, three-card waste) are in force."""
        return self.options["variant"] == "polish"

    @property
    def worrying_back(self) -> bool:
        """Whether a foundation's top card may come back onto a column."""
        return self.options["worrying_back"] == "yes"

    @property
    def draw(self) -> int:
        """How many cards one ``turn`` turns: 3 in draw-three Klondike, otherwise 1."""
        return 3 if self.options["variant"] == "draw-three" else 1

    def piles(self) -> list[Pile]:
        return (
            [Pile(f, "foundation") for f in FOUNDATIONS]
            + [Pile(t, "tableau") for t in COLUMNS]
            + [Pile("s", "stock"), Pile("w", "waste")]
        )

    # -- what may be played: the model's (see :mod:`.model`) -------------------------

    def _model(self, table: Table) -> KlondikeModel:
        model = self.model_of(table)
        assert isinstance(model, KlondikeModel)
        return model

    def _can_redeal(self, table: Table) -> bool:
        return self._model(table).can_redeal()

    def why_legal(self, table: Table, move: Move) -> Citation:
        """The sentences that allow ``move``'s kind of move (``move`` legal here); the
        standard variants' own moves (a third pass, worrying back) rest on none.

        >>> from solitaire_widgets import new_game
        >>> new_game("klondike", seed=5).why_legal("turn").key_list()
        ['4.1', '4.2']
        """
        piles = table.piles
        if move.action == "turn":
            return cite("klondike", "4.1", "4.2", reading=TURN_ANY_TIME)
        if move.action == "redeal":
            if not self.polish:
                return Citation("klondike")
            return cite("klondike", "4.3", reading=SECOND_PASS)
        src, dst = piles[move.src], piles[move.dst]
        if src.kind == "foundation":
            return Citation("klondike")
        if dst.kind == "foundation":
            first = src.cards[-1]
            keys = ("1.6", "1.7") if first.rank == 1 else ("1.7", "2.5", "2.6")
            if move.src == "w":
                return cite("klondike", *keys, "4.1", reading=WASTE_TOP)
            return cite("klondike", *keys)
        if move.src == "w":
            return cite("klondike", "2.2", "4.1", reading=WASTE_TOP)
        if not dst.cards:
            return cite("klondike", "3.2")
        if move.count == 1:
            return cite("klondike", "2.1", "2.2")
        if move.count < len(src.cards) - src.down:
            return cite("klondike", "2.2", "2.3", "2.4")
        return cite("klondike", "2.2", "2.3")

    def why_illegal(self, table: Table, move: Move) -> str:
        # Each refusal names the sentences of the text it rests on (keys
        # "<paragraph>.<sentence>", solitaire_widgets.citations) and, where it
        # follows a reading of an unclear passage, that reading's section title.
        # The standard variants' own rules (many passes, three cards a turn) rest
        # on no sentence of the Polish text.
        piles = table.piles
        facts = table.facts
        if facts["forced"] and not (move.action == "move" and move.src == "w"):
            card = piles["w"].top
            if card is None:
                return refused("klondike", _(
                    "the card just turned was turned onto a waste that already held three "
                    "cards: it must leave the waste at once, to a foundation or a column, "
                    "before anything else"), "4.3", "4.4", reading=SECOND_PASS)
            return refused("klondike", _(
                "{card} was turned onto a waste that already held three cards: it must "
                "leave the waste at once, to a foundation or a column, before anything "
                "else").format(card=card_words(card)), "4.3", "4.4", reading=SECOND_PASS)
        if move.action == "turn":
            if not piles["s"].cards:
                if self._can_redeal(table):
                    return refused("klondike", _("the hand is empty: there is no card left to "
                                                 "turn; turn the waste over with 'redeal'"),
                                   "4.3")
                return refused("klondike", _("the hand is empty: there is no card left to "
                                             "turn"), "4.1", "4.3")
            return refused("klondike", _("you cannot turn a card now"),
                           "4.1")  # pragma: no cover - turning is otherwise legal
        if move.action == "redeal":
            if piles["s"].cards:
                n = len(piles["s"].cards)
                return refused("klondike", ngettext(
                    "the waste may be turned over only when the hand is empty: "
                    "{n} card still in the hand",
                    "the waste may be turned over only when the hand is empty: "
                    "{n} cards still in the hand", n).format(n=n), "4.3")
            if not piles["w"].cards:
                return refused("klondike", _("the waste is empty: there is nothing to turn "
                                             "over"), "4.2", "4.3")
            return refused("klondike", _("the waste may be turned over only once: there is no "
                                         "third pass through the cards"), "4.3",
                           reading=SECOND_PASS)
        if move.action != "move":
            return refused("klondike", _(
                "{action!r} is not a move in Klondike; the moves are a card or a "
                "sequence to a column or a foundation, 'turn' and 'redeal'"
                ).format(action=move.action))
        for pile_id in (move.src, move.dst):
            if pile_id not in piles:
                return refused("klondike", _("there is no pile called {pile!r} in Klondike"
                                             ).format(pile=pile_id))
        if move.src == move.dst:
            return refused("klondike", _("cards cannot move onto the pile they are already on"),
                           "2.2")
        src, dst = piles[move.src], piles[move.dst]
        source = self.pile_words(table, move.src)
        if src.kind == "foundation":
            if not self.worrying_back:
                return refused("klondike", _("cards on a foundation stay there: they never come "
                                             "back into play"), "1.7", "1.8",
                               reading=NO_WORRYING)
            if not src.cards:
                return refused("klondike", _("{pile} is empty").format(pile=source))
            if dst.kind != "tableau":
                return refused("klondike", _("a card comes back from a foundation only onto a "
                                             "column"))
            if move.count != 1:
                return refused("klondike", _("only the top card of a foundation can come back, "
                                             "one at a time"))
        if src.kind == "stock":
            if self.draw > 1:
                return refused("klondike", _("cards leave the hand only by 'turn', three at a "
                                             "time onto the waste"))
            return refused("klondike", _("cards leave the hand only by 'turn', one at a time "
                                         "onto the waste"), "4.1", "4.2")
        if dst.kind == "stock":
            return refused("klondike", _("cards never go back into the hand"), "4.1", "4.3")
        if dst.kind == "waste":
            return refused("klondike", _("only cards turned from the hand go onto the waste"),
                           "4.2")
        if not src.cards:
            return refused("klondike", _("{pile} is empty").format(pile=source))
        if move.src == "w" and move.count != 1:
            return refused("klondike", _("only the top card of the waste can be played"), "4.1",
                           reading=WASTE_TOP)
        if move.count > len(src.cards):
            n = len(src.cards)
            return refused("klondike", ngettext("{pile} holds only {n} card",
                                                "{pile} holds only {n} cards",
                                                n).format(pile=source, n=n))
        first_index = len(src.cards) - move.count
        if first_index < src.down:
            return refused("klondike", _(
                "only face-up cards can be moved: those cards include a face-down card "
                "of {pile}").format(pile=source), "2.1", "3.1")
        cards = src.cards[first_index:]
        for upper, lower in zip(cards, cards[1:], strict=False):
            if not builds_on(lower, upper):
                return refused("klondike", _(
                    "only a sequence can be moved together, going down one rank at a time "
                    "in alternating colours: {card} does not follow {under}"
                    ).format(card=card_words(lower), under=card_words(upper)), "2.2", "2.3")
        card = cards[0]
        moved = card_words(card)
        if dst.kind == "foundation":
            if move.count != 1:
                return refused("klondike", _("cards go onto a foundation one at a time"),
                               "2.5", "2.6")
            own = self.pile_words(table, foundation_id("f", card))
            if move.dst != foundation_id("f", card):
                return refused("klondike", _("{card} can only go onto {foundation}").format(
                    card=moved, foundation=own), "1.7")
            if not dst.cards:
                return refused("klondike", _("a foundation starts with its ace: {card} cannot "
                                             "start {foundation}").format(
                                                 card=moved, foundation=own), "1.6", "1.7")
            if len(dst.cards) == 13:
                return refused("klondike", _("{foundation} is complete").format(foundation=own),
                               "1.8")
            need = dst.cards[-1].rank + 1
            return refused("klondike", _("foundations are built up in suit: {foundation} needs "
                                         "the {need} next, not the {rank}").format(
                                             foundation=own, need=rank_words(need),
                                             rank=rank_words(card.rank)), "1.7")
        target = dst.top
        if target is None:
            return refused("klondike", _("an empty column takes only a king, alone or with its "
                                         "sequence, not {card}").format(card=moved), "3.2")
        end = card_words(target)
        if target.rank == 1:
            return refused("klondike", _("nothing can go onto {target} in a column").format(
                target=end), "2.1")
        if target.rank != card.rank + 1:
            return refused("klondike", _(
                "{card} cannot go onto {target}: a column is built down one rank "
                "at a time, so it takes only {rank}").format(
                    card=moved, target=end, rank=a_rank_words(target.rank - 1)), "2.1", "2.2")
        if target.is_red == card.is_red:
            return refused("klondike", _("{card} cannot go onto {target}: colours must "
                                         "alternate, black on red or red on black").format(
                                             card=moved, target=end), "2.1")
        return refused("klondike", _("that move is not allowed here"),
                       "2.1", "2.2")  # pragma: no cover - every case is named above

    # -- a dead game: the model's tests, on a table ---------------------------------

    def talon_tops(self, table: Table) -> set[Card]:
        """Every card that can come to the top of the waste while no card leaves the talon
        (the hand and the waste): :meth:`KlondikeModel.talon_tops <.model.KlondikeModel.talon_tops>`.

        >>> from solitaire_widgets import new_game
        >>> game = new_game("klondike", seed=5, variant="draw-three")
        >>> len(game.rules.talon_tops(game.table))
        8
        """
        return {CARDS[code] for code in self._model(table).talon_tops()}

    def dead(self, table: Table) -> bool:
        """Whether the game can no longer change: it can never be won, so it is lost
        (:meth:`KlondikeModel.dead <.model.KlondikeModel.dead>` says how it is told).

        >>> from solitaire_widgets import new_game
        >>> game = new_game("klondike", seed=5, variant="standard")
        >>> game.rules.dead(game.table)
        False
        """
        return self._model(table).dead()

    def dead_worrying(self, table: Table) -> bool:
        """:meth:`dead` when cards may come back from the foundations (worrying back):
        :meth:`KlondikeModel.dead_worrying <.model.KlondikeModel.dead_worrying>`.

        >>> from solitaire_widgets import new_game
        >>> game = new_game("klondike", seed=5, variant="standard", worrying_back="yes")
        >>> game.rules.dead_worrying(game.table)
        False
        """
        return self._model(table).dead_worrying()

    # -- words --------------------------------------------------------------------

    def pile_words(self, table: Table, pile_id: str) -> Words:
        return _pile_words(current_language(), pile_id)

    def describe_move(self, table: Table, move: Move) -> str:
        # Every move the engine plays is worded: the language is asked for once
        # and each sentence looked up once (:func:`said`).
        piles = table.piles
        language = current_language()
        if move.action == "turn":
            if table.facts["waste_limit"] and len(piles["w"].cards) >= WASTE_LIMIT:
                return said(language, N_("the next card of the hand is turned onto the full "
                                         "waste: it must leave at once, or the solitaire is "
                                         "lost"))
            if self.draw > 1:
                n = min(self.draw, len(piles["s"].cards))
                if n == 1:
                    return said(language, N_("the last card of the hand is turned face up onto "
                                             "the waste"))
                return said(language, N_("the next {n} cards of the hand are turned over "
                                         "together onto the waste; only the last of them can "
                                         "be played")).format(n=n)
            return said(language, N_("the next card of the hand is turned face up onto the "
                                     "waste"))
        if move.action == "redeal":
            if self.polish:
                return said(language, N_("the waste is turned over and becomes the hand again, "
                                         "for the second and last pass; from now on the waste "
                                         "may never hold more than three cards"))
            return said(language, N_("the waste is turned over and becomes the hand again "
                                     "(pass {n})")).format(n=int(table.facts["pass"] or 1) + 1)
        src = piles[move.src]
        card = card_words(src.cards[len(src.cards) - move.count], language)
        dst = piles[move.dst]
        target = dst.top
        to = _pile_words(language, move.dst)
        source = _pile_words(language, move.src)
        if dst.kind == "foundation":
            if target is not None:
                text = said(language, N_("{card} goes onto {target} on {pile}, from {source}"))
            else:
                text = said(language, N_("{card} goes up to start {pile}, from {source}"))
        elif move.count > 1:
            others = move.count - 1
            if target is None:
                text = ngettext("{card} and the card on it go into the empty {pile}, "
                                "from {source}",
                                "{card} and the {others} cards on it go into the empty {pile}, "
                                "from {source}", others)
            else:
                text = ngettext("{card} and the card on it go onto {target} in {pile}, "
                                "from {source}",
                                "{card} and the {others} cards on it go onto {target} in {pile}, "
                                "from {source}", others)
        elif target is None:
            text = said(language, N_("{card} goes into the empty {pile}, from {source}"))
        else:
            text = said(language, N_("{card} goes onto {target} in {pile}, from {source}"))
        text = text.format(card=card, pile=to, source=source, others=move.count - 1,
                           target=card_words(target, language) if target is not None else None)
        if move.src != "w" and src.down and src.down == len(src.cards) - move.count:
            text = said(language, N_("{move}; the face-down card beneath is turned up")).format(
                move=text)
        return text

    def status(self, table: Table) -> str:
        piles = table.piles
        facts = table.facts
        stock = len(piles["s"].cards)
        waste = len(piles["w"].cards)
        hand = _hand(stock)
        number = int(facts["pass"] or 1)
        if not self.polish:
            return _("Pass {number}: {hand}, {waste} on the waste").format(
                number=number, hand=hand, waste=waste)
        if number == 1:
            if not waste:
                return _("First pass: {hand}").format(hand=hand)
            if stock:
                return _("First pass: {hand}, {waste} on the waste").format(hand=hand, waste=waste)
            return ngettext("First pass: the hand is used up; the waste ({n} card) may be "
                            "turned over once",
                            "First pass: the hand is used up; the waste ({n} cards) may be "
                            "turned over once", waste).format(n=waste)
        if facts["forced"]:
            return _("Second pass: the card just turned lies fourth on the waste and must "
                     "leave it now")
        return _("Second pass: {hand}; the waste holds {waste} of its {limit} cards").format(
            hand=hand, waste=waste, limit=WASTE_LIMIT)


RULES = KlondikeRules
