"""Quarrel ("Ссора"): two packs, eight series turning their backs on each other.

The table: eight series (foundations) ``lc ld lh ls`` on the left half (built
DOWN) and ``rc rd rh rs`` on the right half (built UP), both wrapping round
between king and ace; the counting rows ``r1``..``r104`` (each place holds
one card or none, thirteen places to a row); the auxiliary row
``a1``..``a13``; ``h``, where a correctly named card is set aside until its
half is chosen; and the stock ``s``.

Moves: ``deal`` (the next stock card goes to the next place of the rows while
the next rank is named) and ``SOURCE>SERIES`` (a card from the rows, the
auxiliary row or ``h`` onto a series, e.g. ``a2>rc``).

Facts: ``count`` (the last rank named, 0 before any), ``hit`` (whether that
card was named correctly), ``base`` (the base rank, 0 before the first hit),
``aux`` (the size of the auxiliary row), ``round``, ``uses`` (the uses of the
deck left, counting the one in progress), ``dealt`` (places of the rows used
this round), ``phase`` (``search``: counting for the base rank; ``base``: the
first hit card waits in ``h`` for its half; ``play``; ``hit``: a later hit
card that fits both halves waits in ``h``).

Where the text is silent this module decides (the book's page "Where the text
is unclear" gives each reading with its sentence):

- The opening deals nothing: every card is dealt by a ``deal`` move, so the
  count is heard card by card.
- A row is thirteen places dealt, left to right (``r1``..``r13`` the first
  row): a card that leaves a row leaves a gap that the count does not refill,
  so a new row begins at the fourteenth card dealt even if the first row
  holds fewer cards by then.
- While a card waits in ``h`` its placement is the only legal move (no deal,
  no other play): the text sets the five aside and moves it to a half before
  anything else.
- Dealing on: under ``deal="any-time"`` (the default) the player may deal
  whenever a card is left in the stock; under ``deal="when-stuck"`` only when
  no card can go to a series.
- A later hit card that fits exactly one series goes there by itself; one
  that fits two (a base card whose suit has no series yet, or a card both
  halves need) waits in ``h`` for the player's choice, then the round ends.
  Under ``hit_card="gathered"`` it is gathered with the rest like any other.
  At the first hit the hit card always waits in ``h``, after the auxiliary
  cards are dealt (the text studies them before choosing).
- A round that ends in the third round ends the game at once; the layout is
  not gathered, so the losing position stays in view.
- The stock never runs out with nothing to play: with the stock out every
  card off the series is in sight, and each unfinished series' next card is
  among them (two packs hold two of each card, and the other series of its
  suit can hold at most one). So a round that deals its stock to the end
  plays out to a win, and a deal is lost only by a hit in the third round.
- A void deal (the whole deck dealt while counting for the base rank, with
  no hit) is gathered and shuffled and the count restarts at the ace, since
  the solitaire "starts over" (``начать пасьянс заново``); it is not a round
  and uses nothing.
- A game always ends: after at most :data:`MOVE_BOUND` moves, and
  :data:`VOID_DEAL_MOVES` more for each void deal.

>>> from solitaire_widgets import new_game
>>> game = new_game("quarrel", seed=3)
>>> game.status
'Counting for the base rank: the first card will be named "ace"; 104 cards in the stock'
>>> _ = game.play("deal")
>>> game.pile("r1").cards == [game.deck[0]]
True
"""

from __future__ import annotations

from functools import cache
from typing import ClassVar

from ...cards import CARD, CODE, Card, Words, a_rank_words, card_words, rank_words, suit_words
from ...citations import Citation, cite, refused
from ...i18n import N_, _, current_language, ngettext, pgettext
from ...moves import Move
from ...rules import STOCK, Context, Rules, said
from ...table import Event, Pile, Table
from ..common import next_up
from .bounds import quarrel_bound
from .layout import quarrel_layout

# The table's piles and the game's numbers are the model's (games/quarrel/model.py).
from .model import (
    ALL_CARDS,
    AUX,
    FOUNDATIONS,
    LEFT,
    RIGHT,
    ROW_LENGTH,
    ROWS,
    USES,
    QuarrelModel,
    next_code,
)

__all__ = ["QuarrelRules", "RULES", "LEFT", "RIGHT", "FOUNDATIONS", "ROWS", "AUX", "needs",
           "MOVE_BOUND", "VOID_DEAL_MOVES"]

#: Our readings of the text's unclear passages that refusals and moves follow: each
#: the title of its section on the book's "Where the text is unclear" page.
PLACED_FIRST = N_("The card named correctly is placed first")
DEAL_WHEN = N_("Dealing on: at any time, or only at a dead end")
ROWS_OF_13 = N_("Rows of thirteen: places dealt, not cards left")
THE_CORNER = N_("A series turns the corner, and what \"comes out\"")

#: The most moves a game can take, besides :data:`VOID_DEAL_MOVES` for each
#: void deal: it always ends, won or lost, by then. Every move uses something
#: up: ``deal`` takes a card from the stock, which holds 104 cards at most, and
#: only a gathering fills it again (a round ends at each one, three rounds in
#: all: at most 3 * 104 deals); a card played onto a series stays there (104
#: at most). 3 * 104 + 104 = 416.
MOVE_BOUND = 416
#: The moves a void deal costs (the whole deck dealt with no hit). A void deal
#: is gathered and shuffled by itself, so a game can run on only through void
#: deals one after another, each of which happens by chance (about one deal in
#: four thousand): a game runs without end with probability nil.
VOID_DEAL_MOVES = 104

_SUIT_OF = {"c": "C", "d": "D", "h": "H", "s": "S"}


def needs(cards: list[Card], up: bool, base: int) -> int:
    """The rank a series needs next: the base rank when empty, 0 when finished.

    >>> needs([], True, 5)
    5
    >>> needs([Card(5, "C"), Card(6, "C")], True, 5), needs([Card(5, "C")], False, 5)
    (7, 4)
    >>> needs([Card(5, "C"), Card(4, "C"), Card(3, "C"), Card(2, "C"), Card(1, "C")], False, 5)
    13
    """
    if not cards:
        return base
    # The model's series run from their base card: the next card's rank is read off it.
    code = next_code("CDHS".index(cards[0].suit) + 4 * up, cards[0].rank, len(cards))
    return code % 13 + 1 if code >= 0 else 0


def _right(pile_id: str) -> bool:
    """Whether a series is on the right half (built up); the left half is built down."""
    return pile_id[0] == "r"


@cache
def _pile_words(language: str, pile_id: str) -> Words:
    """A pile in words in ``language`` (the current one: the cache's key)."""
    # Translators: a name comes in one form, or in six separated by "|": nominative,
    # genitive, dative, accusative, instrumental, locative.
    if pile_id in FOUNDATIONS:
        suit = suit_words(_SUIT_OF[pile_id[1]])
        if _right(pile_id):
            return Words.forms(pgettext("quarrel pile", "the {suit} series on the right half"
                                        ).format(suit=suit))
        return Words.forms(pgettext("quarrel pile", "the {suit} series on the left half"
                                    ).format(suit=suit))
    if pile_id[0] == "r" and pile_id[1:].isdigit():
        index = int(pile_id[1:]) - 1
        return Words.forms(pgettext("quarrel pile", "row {row}, place {place}").format(
            row=index // ROW_LENGTH + 1, place=index % ROW_LENGTH + 1))
    if pile_id[0] == "a" and pile_id[1:].isdigit():
        return Words.forms(pgettext("quarrel pile", "auxiliary place {n}").format(n=pile_id[1:]))
    if pile_id == "h":
        return Words.forms(pgettext("quarrel pile",
                                    "the place to one side for the card named correctly"))
    return Words.forms(pgettext("quarrel pile", "the stock"))


#: The model's cell of each place of the rows and of the auxiliary row.


def _cards(n: int) -> str:
    return ngettext("{n} auxiliary card", "{n} auxiliary cards", n).format(n=n)


def _stock(n: int) -> str:
    return ngettext("{n} card in the stock", "{n} cards in the stock", n).format(n=n)


def _replay(ctx: Context, events: list[Event]) -> None:
    """Carry out a model's events through the context (so it records them)."""
    into = _Into(ctx)
    for event in events:
        into.append(event)


class _Into(list[Event]):
    """A model's event list that carries each event out through a context at once."""

    def __init__(self, ctx: Context) -> None:
        super().__init__()
        self.ctx = ctx

    def append(self, event: Event) -> None:
        ctx = self.ctx
        if event.kind == "move":
            ctx.move(event.src, event.dst, len(event.cards), event.face_up)
        elif event.kind == "set":
            ctx.set(event.key, event.value)
        # A shuffle is drawn and recorded by the context itself (see QuarrelRules.apply).


def _onto_words(language: str, card: Card, top: Card | None, series: str) -> str:
    """``card`` going onto ``series``, whose top card is ``top`` (None: it starts it)."""
    moved = card_words(card, language)
    if top is not None:
        if _right(series):
            text = said(language, N_("{card} goes onto {target}, right half"))
        else:
            text = said(language, N_("{card} goes onto {target}, left half"))
        return text.format(card=moved, target=card_words(top, language))
    if _right(series):
        text = said(language, N_("{card} starts the {suit} series on the right half "
                                 "(built up)"))
    else:
        text = said(language, N_("{card} starts the {suit} series on the left half "
                                 "(built down)"))
    return text.format(card=moved, suit=suit_words(card.suit))


def _refilled_words(language: str, move: str, refill: Card | None) -> str:
    """``move`` (a card from the auxiliary row), then its place refilled by ``refill``
    from the stock (None: the stock is empty)."""
    if refill is not None:
        return said(language, N_("{move}; {card} takes its place from the stock")).format(
            move=move, card=card_words(refill, language))
    return said(language, N_("{move}; the stock is empty, so its place stays "
                             "empty")).format(move=move)


class QuarrelRules(Rules):
    """The rules of Quarrel, from the Russian text that ends "Своеобразная ссора".

    The moves and how they play out are the model's
    (:class:`~solitaire_widgets.games.quarrel.model.QuarrelModel`, which a game
    plays on); the hooks on a table here read it. What is declared here is the
    game's piles, options, readings and words.
    """

    name = "quarrel"
    title = N_("Quarrel")
    foundation_word = N_("series")
    packs = 2
    actions = ("deal",)
    example_move = "r7>lc"
    layout = staticmethod(quarrel_layout)
    bound = staticmethod(quarrel_bound)
    model = QuarrelModel
    game_on_model = True
    option_readings: ClassVar[dict[str, dict[str, str]]] = {
        # The other reading of "deal" rests on «Если игра зашла в тупик…».
        "deal": {
            "any-time": N_("the player may deal on whenever they like"),
            "when-stuck": N_("the player deals on only when no card can go to a series"),
        },
        "hit_card": {
            "to-series": N_("a later hit card that fits a series goes there before the layout "
                            "is gathered"),
            "gathered": N_("a later hit card is gathered with the rest of the layout"),
        },
    }
    action_labels: ClassVar[dict[str, tuple[str, str]]] = {
        "deal": (N_("Next card"),
                 N_("Deal the next stock card to the rows, naming the next rank")),
    }

    def action_word(self, action: str) -> str:
        """The word typed for ``action`` in the current language (see :meth:`Rules.action_word`)."""
        return {"deal": pgettext("a word typed in Quarrel's move box", "deal")}.get(action, action)

    def piles(self) -> list[Pile]:
        return (
            [Pile(f, "foundation") for f in FOUNDATIONS]
            + [Pile(r, "tableau") for r in ROWS]
            + [Pile(a, "reserve") for a in AUX]
            + [Pile("h", "reserve"), Pile("s", "stock")]
        )

    # -- the deal ------------------------------------------------------------------

    def opening(self, ctx: Context) -> None:
        events: list[Event] = []
        deck = [CODE[card] for card in reversed(ctx.table.piles[STOCK].cards)]
        QuarrelModel(self.options, 0, deck).deal(events)
        _replay(ctx, events)

    # -- what may be played (read off the model) --------------------------------------

    def _model_of(self, table: Table) -> QuarrelModel:
        """The model of ``table`` (its reshuffles drawn elsewhere: see :meth:`apply`)."""
        return QuarrelModel.from_table(self.options, 0, table, 0)

    def _wanted(self, table: Table) -> dict[Card, list[str]]:
        """Each card some series needs next, with the series that need it."""
        base = int(table.facts["base"] or 0)
        wanted: dict[Card, list[str]] = {}
        if base:
            piles = table.piles
            for index, fid in enumerate(FOUNDATIONS):
                code = next_code(index, base, len(piles[fid].cards))
                if code >= 0:
                    wanted.setdefault(CARD[code], []).append(fid)
        return wanted

    def targets(self, table: Table, card: Card) -> list[str]:
        """The series ``card`` may go onto now (none before the base rank is known)."""
        return list(self._wanted(table).get(card, ()))

    def sources(self, table: Table) -> list[str]:
        """The places whose card is available: the rows, the auxiliary row, ``h``."""
        piles = table.piles
        dealt = int(table.facts["dealt"] or 0)
        return [p for p in ROWS[:dealt] + AUX + ("h",) if piles[p].cards]

    def _plays(self, table: Table) -> list[Move]:
        """The cards of the rows and the auxiliary row that may go onto a series now."""
        return [move for move in self._model_of(table).legal_moves() if move.action == "move"
                and move.src != "h"]

    def legal_moves(self, table: Table) -> list[Move]:
        return list(self._model_of(table).legal_moves())

    # -- why not -------------------------------------------------------------------

    def why_legal(self, table: Table, move: Move) -> Citation:
        """The sentences that allow ``move``'s kind of move (``move`` legal here).

        >>> from solitaire_widgets import new_game
        >>> new_game("quarrel", seed=1).why_legal("deal").key_list()
        ['1.1', '1.2', '1.3']
        """
        facts = table.facts
        if move.action == "deal":
            if not facts["base"]:
                return cite("quarrel", "1.1", "1.2", "1.3")
            return cite("quarrel", "5.1", "5.2", "11.1", reading=DEAL_WHEN)
        if move.src == "h":
            return cite("quarrel", "1.5", "4.1", "4.4", reading=PLACED_FIRST)
        keys = ("1.7", "7.4") if move.src.startswith("a") else ("1.7", "4.5")
        if not table.piles[move.dst].cards:
            return cite("quarrel", "1.4", "1.6", *keys[1:])
        return cite("quarrel", *keys, reading=THE_CORNER)

    def why_illegal(self, table: Table, move: Move) -> str:
        # Each refusal names the sentences of the text it rests on (keys
        # "<paragraph>.<sentence>", solitaire_widgets.citations) and, where it
        # follows a reading of an unclear passage, that reading's section title.
        piles = table.piles
        facts = table.facts
        waiting = piles["h"].cards[-1] if piles["h"].cards else None
        if move.action == "deal":
            if waiting is not None:
                return refused("quarrel", _(
                    "{card} was named correctly and waits to one side: put it on "
                    "a series of the right half (up) or the left half (down) before "
                    "dealing on").format(card=card_words(waiting)), "1.5", "4.4",
                    reading=PLACED_FIRST)
            if not piles["s"].cards:
                return refused("quarrel", _("the stock is empty: every card off the series is "
                                            "in sight; play them onto their series"), "8.4")
            plays = self._plays(table)
            if plays:
                play = plays[0]
                return refused("quarrel", _(
                    "under the when-stuck reading you deal on only when no card can go to "
                    "a series, and {card} can go onto {series}").format(
                        card=card_words(piles[play.src].cards[-1]),
                        series=self.pile_words(table, play.dst)), "5.1", "11.1",
                    reading=DEAL_WHEN)
            return refused("quarrel", _("you cannot deal now"),
                           "5.1")  # pragma: no cover - deal is otherwise legal
        if move.action != "move":
            return refused("quarrel", _(
                "{action!r} is not a move in Quarrel; the moves are 'deal' and a "
                "card onto a series, e.g. 'r5>rc' or 'a2>lh'").format(action=move.action))
        for pid in (move.src, move.dst):
            if pid not in piles:
                return refused("quarrel", _("there is no pile called {pile!r} in Quarrel"
                                            ).format(pile=pid))
        if move.count != 1:
            return refused("quarrel", _("in Quarrel cards are played one at a time"), "7.4")
        src, dst = piles[move.src], piles[move.dst]
        if src.kind == "foundation":
            if dst.kind == "foundation" and _right(move.src) != _right(move.dst):
                return refused("quarrel", _(
                    "cards never move from one half to the other: the right half builds "
                    "up, the left half down, and the two are in a quarrel"), "6.4")
            return refused("quarrel", _("a card on a series stays there for the rest of the "
                                        "game"), "6.3")
        if src.kind == "stock":
            return refused("quarrel", _("the stock's cards come out only with 'deal', one at a "
                                        "time, with the count"), "1.1", "1.2")
        if not src.cards:
            return refused("quarrel", _("{pile} is empty").format(
                pile=self.pile_words(table, move.src)))
        card = src.cards[-1]
        moved = card_words(card)
        if dst.kind != "foundation":
            return refused("quarrel", _(
                "{card} can only go onto a series; the rows and the auxiliary row "
                "take their cards from the stock").format(card=moved), "4.5", "7.4")
        if waiting is not None and move.src != "h":
            return refused("quarrel", _("{card} was named correctly and waits to one side: put "
                                        "it on a series first").format(
                                            card=card_words(waiting)), "1.5", "4.4",
                           reading=PLACED_FIRST)
        if not facts["base"]:
            return refused("quarrel", _(
                "there is no base rank yet: deal on and count until a card is named "
                "correctly; its rank starts the series"), "1.3", "1.4")
        if move.src.startswith("r") and int(move.src[1:]) > int(facts["dealt"] or 0):
            return refused("quarrel", _("{pile} is not part of this round's layout").format(
                pile=self.pile_words(table, move.src)), "8.1", reading=ROWS_OF_13)
        suit = _SUIT_OF[move.dst[1]]
        where = self.pile_words(table, move.dst)
        if card.suit != suit:
            return refused("quarrel", _(
                "{card} can only go onto a {suit} series; {series} is for {other}").format(
                    card=moved, suit=suit_words(card.suit), series=where,
                    other=suit_words(suit)), "1.6", "10.4")
        base = int(facts["base"] or 0)
        up = move.dst[0] == "r"
        need = needs(dst.cards, up, base)
        other = ("l" if up else "r") + move.dst[1]
        if need == 0:
            return refused("quarrel", _("{series} is finished: it holds all thirteen cards"
                                        ).format(series=where), "1.7", reading=THE_CORNER)
        if not dst.cards:
            return refused("quarrel", _(
                "a series starts only with a base card, {rank}: {card} cannot start "
                "{series}").format(rank=a_rank_words(base), card=moved, series=where),
                "1.4", "1.6")
        if card.rank == base:
            if piles[other].cards:
                return refused("quarrel", _(
                    "both {suit} series already have their base card: {card} cannot start "
                    "a third").format(suit=suit_words(suit), card=moved), "1.6")
            if _right(other):
                text = _("{series} already has its base card; the second {rank} of {suit} goes "
                         "to the right half")
            else:
                text = _("{series} already has its base card; the second {rank} of {suit} goes "
                         "to the left half")
            return refused("quarrel", text.format(series=where, rank=rank_words(base),
                                                  suit=suit_words(suit)), "1.6")
        if up:
            text = _("the right half builds up: {series} needs the {need} next, not the {rank}")
        else:
            text = _("the left half builds down: {series} needs the {need} next, not the {rank}")
        return refused("quarrel", text.format(series=where, need=rank_words(need),
                                              rank=rank_words(card.rank)), "1.7",
                       reading=THE_CORNER)

    # -- playing ---------------------------------------------------------------------
    def apply(self, table: Table, move: Move, ctx: Context) -> None:
        # The model plays the move; its events go into the context as they come, and a
        # reshuffle is the context's own (so it is drawn and recorded as the engine's).
        model = self._model_of(table)

        def shuffle(codes: list[int], number: int) -> list[int]:
            ctx.shuffle(STOCK)
            return [CODE[card] for card in ctx.table.piles[STOCK].cards]

        model.shuffler = shuffle
        model.apply(move, _Into(ctx))

    def _hit_targets(self, table: Table, card: Card) -> list[str]:
        """The series a later hit card may go to before the gathering (none if gathered)."""
        if self.options["hit_card"] == "gathered":
            return []
        return self.targets(table, card)

    def stuck(self, table: Table, ctx: Context) -> None:  # pragma: no cover - never reached
        ctx.end(False, N_("no move is left"))

    # -- words ------------------------------------------------------------------------

    def pile_words(self, table: Table, pile_id: str) -> Words:
        return _pile_words(current_language(), pile_id)

    def describe_move(self, table: Table, move: Move) -> str:
        """What ``move`` does, in words: the dealt card, where it goes, how the round ends."""
        return self._move_words(table, move, preview=False)

    def _move_words(self, table: Table, move: Move, preview: bool) -> str:
        """:meth:`describe_move`; ``preview``: before it is played, the stock card that
        refills an auxiliary place unnamed (it is still face down)."""
        # Every move the engine plays is worded: the language is asked for once
        # and each sentence looked up once (:func:`said`).
        facts = table.facts
        language = current_language()
        if move.action == "deal":
            return self._describe_deal(table, language)
        if move.action != "move":
            return move.action
        card = table.piles[move.src].cards[-1]
        text = _onto_words(language, card, table.piles[move.dst].top, move.dst)
        if move.src != "h":
            text = said(language, N_("{move}, from {source}")).format(
                move=text, source=_pile_words(language, move.src))
        if self._on_series(table) + 1 == ALL_CARDS:
            return said(language, N_("{move}; all 104 cards are on the series: the game is "
                                     "won")).format(move=text)
        if move.src[0] == "a" and preview and table.piles["s"].cards:
            text = said(language, N_("{move}; the next stock card takes its place")).format(
                move=text)
        elif move.src[0] == "a":
            text = _refilled_words(language, text, table.piles["s"].top)
        if facts["phase"] == "hit":
            text = said(language, N_("{move}; then {end}")).format(
                move=text, end=self._round_end_words(table, card.rank, language))
        return text

    def _describe_deal(self, table: Table, language: str) -> str:
        facts = table.facts
        count = next_up(int(facts["count"] or 0)) if facts["count"] else 1
        card = table.piles["s"].cards[-1]
        named = rank_words(count, language)
        dealt = card_words(card, language)
        if card.rank != count:
            place = _pile_words(language, ROWS[int(facts["dealt"] or 0)])
            text = said(language, N_("deal: '{said}' — {card}, {place}")).format(
                said=named, card=dealt, place=place)
            if facts["phase"] == "search" and len(table.piles["s"].cards) == 1:
                text = said(language, N_("{deal}; no card of the whole deck was named correctly, "
                                         "so the deal is void: the cards are gathered, shuffled "
                                         "and counted again from the ace")).format(deal=text)
            return text
        text = said(language, N_("deal: '{said}!' — {card} is a hit")).format(
            said=named, card=dealt)
        if facts["phase"] == "search":
            return ngettext("{deal}: the {rank}s become the base cards; it is set aside and "
                            "{n} auxiliary card is dealt",
                            "{deal}: the {rank}s become the base cards; it is set aside and "
                            "{n} auxiliary cards are dealt", count).format(
                                deal=text, rank=named, n=count)
        fids = self._hit_targets(table, card)
        if len(fids) > 1:
            if int(facts["round"] or 1) >= USES:
                return said(language, N_("{deal}; it fits both halves and waits to one side for "
                                         "your choice; placing it will end the third and last "
                                         "round")).format(deal=text)
            return said(language, N_("{deal}; it fits both halves and waits to one side for your "
                                     "choice; placing it will end the round")).format(deal=text)
        if len(fids) == 1:
            text = said(language, N_("{deal}; it goes onto {series}")).format(
                deal=text, series=self._onto(table, fids[0]))
            if self._on_series(table) + 1 == ALL_CARDS:
                return said(language, N_("{deal}: all 104 cards are on the series, the game is "
                                         "won")).format(deal=text)
        elif self.targets(table, card):
            text = said(language, N_("{deal}; under the gathered reading it is gathered with the "
                                     "rest")).format(deal=text)
        else:
            text = said(language, N_("{deal}; it fits no series")).format(deal=text)
        return said(language, N_("{deal}; {end}")).format(
            deal=text, end=self._round_end_words(table, count, language))

    def _round_end_words(self, table: Table, n: int, language: str) -> str:
        """How a later hit ends the round: the next round's auxiliary cards, or the end."""
        if int(table.facts["round"] or 1) >= USES:
            return said(language, N_("the third round is over: the deck may be used only three "
                                     "times, so the game is lost"))
        return ngettext("the round ends: the layout is gathered and shuffled, and the next one "
                        "gets {n} auxiliary card",
                        "the round ends: the layout is gathered and shuffled, and the next one "
                        "gets {n} auxiliary cards", n).format(n=n)

    def _on_series(self, table: Table) -> int:
        return sum(len(table.piles[f].cards) for f in FOUNDATIONS)

    def preview_move(self, table: Table, move: Move) -> str:
        if move.action == "deal":
            # Before the deal the card is still face down in the stock.
            count = next_up(int(table.facts["count"] or 0)) if table.facts["count"] else 1
            return _("deal the next card to the rows, naming '{rank}'").format(
                rank=rank_words(count))
        return self._move_words(table, move, preview=True)

    def _onto(self, table: Table, fid: str) -> str:
        pile = table.piles[fid]
        if pile.cards:
            if _right(fid):
                return _("{card}, right half").format(card=card_words(pile.cards[-1]))
            return _("{card}, left half").format(card=card_words(pile.cards[-1]))
        if _right(fid):
            return _("an empty place on the right half, starting its series")
        return _("an empty place on the left half, starting its series")

    def count_words(self, table: Table) -> str:
        """The last names counted: ``'… five, six, SEVEN!'`` after a hit on seven."""
        count = int(table.facts["count"] or 0)
        if not count:
            return _("nothing named yet")
        names = [rank_words(((count - k - 1) % 13) + 1).nom for k in (2, 1)]
        names.append(rank_words(count).nom)
        if table.facts["hit"]:
            names[-1] = names[-1].upper() + "!"
        return "… " + ", ".join(names)

    def status(self, table: Table) -> str:
        facts = table.facts
        stock = _stock(len(table.piles["s"].cards))
        count = int(facts["count"] or 0)
        upcoming = rank_words(next_up(count) if count else 1)
        if facts["phase"] == "search":
            if not count:
                return _('Counting for the base rank: the first card will be named "ace"; '
                         "{stock}").format(stock=stock)
            return _("Counting for the base rank: {count} (next: {next}); {stock}").format(
                count=self.count_words(table), next=upcoming, stock=stock)
        base = rank_words(int(facts["base"] or 0))
        where = _("Round {round} of {rounds} (uses of the deck left: {left}); base rank: {base}"
                  ).format(round=facts["round"], rounds=USES, left=facts["uses"], base=base)
        waiting = table.piles["h"].cards
        aux = _cards(int(facts["aux"] or 0))
        if facts["phase"] == "base":
            return _("{count} The {base}s are the base cards: put {card} on the right half (up) "
                     "or the left half (down); {aux}").format(
                         count=self.count_words(table), base=base,
                         card=card_words(waiting[-1]), aux=aux)
        if facts["phase"] == "hit":
            if int(facts["round"] or 1) >= USES:
                text = _("{round}; {count} {card} fits both halves: choose where it goes, then "
                         "the third round ends")
            else:
                text = _("{round}; {count} {card} fits both halves: choose where it goes, then "
                         "the round ends")
            return text.format(round=where, count=self.count_words(table),
                               card=card_words(waiting[-1]))
        return _("{round}; {aux}; count: {count} (next: {next}); {stock}").format(
            round=where, aux=aux, count=self.count_words(table), next=upcoming, stock=stock)

RULES = QuarrelRules
