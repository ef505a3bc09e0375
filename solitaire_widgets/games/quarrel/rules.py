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

from typing import ClassVar

from ...cards import CARD, CODE, Card, rank_word, suit_name, with_article
from ...model import Model
from ...moves import Move
from ...rules import STOCK, Context, Rules
from ...table import Event, Pile, Table
from ..common import next_up

# The table's piles and the game's numbers are the model's (games/quarrel/model.py).
from .model import (
    ALL_CARDS,
    AUX,
    FOUNDATIONS,
    LEFT,
    PLAY,
    RIGHT,
    ROW_LENGTH,
    ROWS,
    SEARCH,
    USES,
    QuarrelModel,
    next_code,
)

__all__ = ["QuarrelRules", "RULES", "LEFT", "RIGHT", "FOUNDATIONS", "ROWS", "AUX", "needs",
           "MOVE_BOUND", "VOID_DEAL_MOVES"]

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


def _half(pile_id: str) -> str:
    return "right" if pile_id[0] == "r" else "left"


def _direction(pile_id: str) -> str:
    return "up" if pile_id[0] == "r" else "down"


def _pile_words(pile_id: str) -> str:
    """A pile in words (``_PILE_WORDS`` holds those of the table's piles)."""
    if pile_id in FOUNDATIONS:
        return f"the {suit_name(_SUIT_OF[pile_id[1]])} series on the {_half(pile_id)} half"
    if pile_id[0] == "r" and pile_id[1:].isdigit():
        index = int(pile_id[1:]) - 1
        return f"row {index // ROW_LENGTH + 1}, place {index % ROW_LENGTH + 1}"
    if pile_id[0] == "a" and pile_id[1:].isdigit():
        return f"auxiliary place {pile_id[1:]}"
    if pile_id == "h":
        return "the place to one side for the card named correctly"
    return "the stock"


_PILE_WORDS = {pile_id: _pile_words(pile_id) for pile_id in FOUNDATIONS + ROWS + AUX + ("h", "s")}
#: Each card's name by its code (``"the seven of clubs"``).
_NAMES = tuple(card.name for card in CARD)
#: The model's cell of each place of the rows and of the auxiliary row.
_CELL_OF = {place: cell for cell, place in enumerate(ROWS + AUX)}


def _cards(n: int) -> str:
    return f"{n} auxiliary card{'s' if n != 1 else ''}"


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


class QuarrelRules(Rules):
    """The rules of Quarrel, from the Russian text that ends "Своеобразная ссора".

    The moves and how they play out are the model's
    (:class:`~solitaire_widgets.games.quarrel.model.QuarrelModel`, which a game
    plays on); the hooks on a table here read it. What is declared here is the
    game's piles, options, readings and words.
    """

    name = "quarrel"
    title = "Quarrel"
    foundation_word = "series"
    packs = 2
    actions = ("deal",)
    example_move = "r7>lc"
    layout = "solitaire_widgets.games.quarrel.layout:quarrel_layout"
    strategies = "solitaire_widgets.games.quarrel.strategies"
    examples = "solitaire_widgets.games.quarrel.examples"
    bound = "solitaire_widgets.games.quarrel.bounds:quarrel_bound"
    model = "solitaire_widgets.games.quarrel.model:QuarrelModel"
    game_on_model = True
    option_readings: ClassVar[dict[str, dict[str, str]]] = {
        "deal": {
            "any-time": "the player may deal on whenever they like",
            "when-stuck": "the player deals on only when no card can go to a series",
        },
        "hit_card": {
            "to-series": "a later hit card that fits a series goes there before the layout "
                         "is gathered",
            "gathered": "a later hit card is gathered with the rest of the layout",
        },
    }
    action_labels: ClassVar[dict[str, tuple[str, str]]] = {
        "deal": ("Next card", "Deal the next stock card to the rows, naming the next rank"),
    }
    options_allowed: ClassVar[dict[str, tuple[str, ...]]] = {
        # Our reading: deal on whenever you like; the other: only when no
        # card can go to a series («Если игра зашла в тупик…»).
        "deal": ("any-time", "when-stuck"),
        # Our reading: a later hit card that fits a series goes there before
        # the layout is gathered; the other: it is gathered with the rest.
        "hit_card": ("to-series", "gathered"),
    }

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

    def why_illegal(self, table: Table, move: Move) -> str:
        piles = table.piles
        facts = table.facts
        waiting = piles["h"].cards[-1] if piles["h"].cards else None
        if move.action == "deal":
            if waiting is not None:
                return (f"{waiting.name} was named correctly and waits to one side: put it on "
                        "a series of the right half (up) or the left half (down) before "
                        "dealing on")
            if not piles["s"].cards:
                return ("the stock is empty: every card off the series is in sight; play "
                        "them onto their series")
            plays = self._plays(table)
            if plays:
                play = plays[0]
                return (f"under the when-stuck reading you deal on only when no card can go to "
                        f"a series, and {piles[play.src].cards[-1].name} can go onto "
                        f"{self.pile_name(table, play.dst)}")
            return "you cannot deal now"  # pragma: no cover - deal is otherwise legal
        if move.action != "move":
            return (f"{move.action!r} is not a move in Quarrel; the moves are 'deal' and a "
                    "card onto a series, e.g. 'r5>rc' or 'a2>lh'")
        for pid in (move.src, move.dst):
            if pid not in piles:
                return f"there is no pile called {pid!r} in Quarrel"
        if move.count != 1:
            return "in Quarrel cards are played one at a time"
        src, dst = piles[move.src], piles[move.dst]
        if src.kind == "foundation":
            if dst.kind == "foundation" and _half(move.src) != _half(move.dst):
                return ("cards never move from one half to the other: the right half builds "
                        "up, the left half down, and the two are in a quarrel")
            return "a card on a series stays there for the rest of the game"
        if src.kind == "stock":
            return "the stock's cards come out only with 'deal', one at a time, with the count"
        if not src.cards:
            return f"{self.pile_name(table, move.src)} is empty"
        card = src.cards[-1]
        if dst.kind != "foundation":
            return (f"{card.name} can only go onto a series; the rows and the auxiliary row "
                    "take their cards from the stock")
        if waiting is not None and move.src != "h":
            return (f"{waiting.name} was named correctly and waits to one side: put it on "
                    "a series first")
        if not facts["base"]:
            return ("there is no base rank yet: deal on and count until a card is named "
                    "correctly; its rank starts the series")
        if move.src.startswith("r") and int(move.src[1:]) > int(facts["dealt"] or 0):
            return f"{self.pile_name(table, move.src)} is not part of this round's layout"
        suit = _SUIT_OF[move.dst[1]]
        where = self.pile_name(table, move.dst)
        if card.suit != suit:
            return (f"{card.name} can only go onto {with_article(suit_name(card.suit))} series; "
                    f"{where} is for {suit_name(suit)}")
        base = int(facts["base"] or 0)
        up = move.dst[0] == "r"
        need = needs(dst.cards, up, base)
        other = ("l" if up else "r") + move.dst[1]
        if need == 0:
            return f"{where} is finished: it holds all thirteen cards"
        if not dst.cards:
            return (f"a series starts only with a base card, {with_article(rank_word(base))}: "
                    f"{card.name} cannot start {where}")
        if card.rank == base:
            if piles[other].cards:
                return (f"both {suit_name(suit)} series already have their base card: "
                        f"{card.name} cannot start a third")
            return (f"{where} already has its base card; the second {rank_word(base)} of "
                    f"{suit_name(suit)} goes to the {_half(other)} half")
        return (f"the {_half(move.dst)} half builds {_direction(move.dst)}: {where} needs "
                f"the {rank_word(need)} next, not the {rank_word(card.rank)}")

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
        ctx.end(False, "no move is left")

    # -- words ------------------------------------------------------------------------

    def pile_name(self, table: Table, pile_id: str) -> str:
        words = _PILE_WORDS.get(pile_id)
        return words if words is not None else _pile_words(pile_id)

    def describe_move(self, table: Table, move: Move) -> str:
        """What ``move`` does, in words: the dealt card, where it goes, how the round ends."""
        facts = table.facts
        if move.action == "deal":
            return self._describe_deal(table)
        if move.action != "move":
            return move.action
        card = table.piles[move.src].cards[-1]
        dst = table.piles[move.dst]
        if dst.cards:
            text = f"{card.name} goes onto {dst.cards[-1].name}, {_half(move.dst)} half"
        else:
            text = (f"{card.name} starts the {suit_name(card.suit)} series on the "
                    f"{_half(move.dst)} half (built {_direction(move.dst)})")
        if move.src != "h":
            text += f", from {self.pile_name(table, move.src)}"
        if self._on_series(table) + 1 == ALL_CARDS:
            return text + "; all 104 cards are on the series: the game is won"
        if move.src[0] == "a":
            stock = table.piles["s"].cards
            text += (f"; {stock[-1].name} takes its place from the stock" if stock
                     else "; the stock is empty, so its place stays empty")
        if facts["phase"] == "hit":
            text += "; then " + self._round_end_words(table, card.rank)
        return text

    def describe_model_move(self, model: Model, move: Move) -> str:
        """:meth:`describe_move` read off Quarrel's model (the same words).

        The steps of nearly every move are read off the model directly: a deal
        that names no card correctly, and a card from the rows or the auxiliary
        row onto a series that is not the last card; the rest (hits, a void
        deal, a card set aside, the winning card) from a part of the model's
        table.
        """
        assert isinstance(model, QuarrelModel)
        if move.action == "deal":
            code = model.stock[model.top - 1]
            count = model.count % 13 + 1
            if code % 13 + 1 != count and (model.phase != SEARCH
                                           or model.top > 1):
                return (f"deal: '{rank_word(count)}' — {_NAMES[code]}, "
                        f"{_PILE_WORDS[ROWS[model.dealt]]}")
        elif move.action == "move" and model.phase == PLAY and sum(model.lens) + 1 < ALL_CARDS:
            card = CARD[model.cells[_CELL_OF[move.src]]]
            top = model.series_top(FOUNDATIONS.index(move.dst))
            if top >= 0:
                text = f"{card.name} goes onto {_NAMES[top]}, {_half(move.dst)} half"
            else:
                text = (f"{card.name} starts the {suit_name(card.suit)} series on the "
                        f"{_half(move.dst)} half (built {_direction(move.dst)})")
            text += f", from {_PILE_WORDS[move.src]}"
            if move.src[0] != "a":
                return text
            if model.top:
                return text + f"; {_NAMES[model.stock[model.top - 1]]} takes its place from the stock"
            return text + "; the stock is empty, so its place stays empty"
        # The words of the other steps read the series, the stock, the facts and the
        # move's own place only.
        return self.describe_move(model.to_table((move.src,) if move.src else ()), move)

    def _describe_deal(self, table: Table) -> str:
        facts = table.facts
        count = next_up(int(facts["count"] or 0)) if facts["count"] else 1
        card = table.piles["s"].cards[-1]
        said = rank_word(count)
        if card.rank != count:
            place = self.pile_name(table, ROWS[int(facts["dealt"] or 0)])
            text = f"deal: '{said}' — {card.name}, {place}"
            if facts["phase"] == "search" and len(table.piles["s"].cards) == 1:
                text += ("; no card of the whole deck was named correctly, so the deal is "
                         "void: the cards are gathered, shuffled and counted again from "
                         "the ace")
            return text
        text = f"deal: '{said}!' — {card.name} is a hit"
        if facts["phase"] == "search":
            return (text + f": the {rank_word(count)}s become the base cards; it is set "
                    f"aside and {_cards(count)} are dealt")
        fids = self._hit_targets(table, card)
        if len(fids) > 1:
            last = int(facts["round"] or 1) >= USES
            return (text + "; it fits both halves and waits to one side for your choice; "
                    "placing it will end the " + ("third and last round" if last else "round"))
        if len(fids) == 1:
            text += f"; it goes onto {self._onto(table, fids[0])}"
            if self._on_series(table) + 1 == ALL_CARDS:
                return text + ": all 104 cards are on the series, the game is won"
        elif self.targets(table, card):
            text += "; under the gathered reading it is gathered with the rest"
        else:
            text += "; it fits no series"
        return text + "; " + self._round_end_words(table, count)

    def _round_end_words(self, table: Table, n: int) -> str:
        """How a later hit ends the round: the next round's auxiliary cards, or the end."""
        if int(table.facts["round"] or 1) >= USES:
            return ("the third round is over: the deck may be used only three times, so the "
                    "game is lost")
        return (f"the round ends: the layout is gathered and shuffled, and the next one gets "
                f"{_cards(n)}")

    def _on_series(self, table: Table) -> int:
        return sum(len(table.piles[f].cards) for f in FOUNDATIONS)

    def preview_move(self, table: Table, move: Move) -> str:
        if move.action == "deal":
            # Before the deal the card is still face down in the stock.
            count = next_up(int(table.facts["count"] or 0)) if table.facts["count"] else 1
            return f"deal the next card to the rows, naming '{rank_word(count)}'"
        return self.describe_move(table, move)

    def _onto(self, table: Table, fid: str) -> str:
        pile = table.piles[fid]
        if pile.cards:
            return f"{pile.cards[-1].name}, {_half(fid)} half"
        return f"an empty place on the {_half(fid)} half, starting its series"

    def count_words(self, table: Table) -> str:
        """The last names counted: ``'… five, six, SEVEN!'`` after a hit on seven."""
        count = int(table.facts["count"] or 0)
        if not count:
            return "nothing named yet"
        names = [rank_word(((count - k - 1) % 13) + 1) for k in (2, 1)] + [rank_word(count)]
        if table.facts["hit"]:
            names[-1] = names[-1].upper() + "!"
        return "… " + ", ".join(names)

    def status(self, table: Table) -> str:
        facts = table.facts
        stock = len(table.piles["s"].cards)
        count = int(facts["count"] or 0)
        upcoming = rank_word(next_up(count) if count else 1)
        if facts["phase"] == "search":
            if not count:
                return (f'Counting for the base rank: the first card will be named "ace"; '
                        f"{stock} cards in the stock")
            return (f"Counting for the base rank: {self.count_words(table)} (next: "
                    f"{upcoming}); {stock} cards in the stock")
        base = rank_word(int(facts["base"] or 0))
        where = f"Round {facts['round']} of {USES} (uses of the deck left: {facts['uses']}); base rank: {base}"
        waiting = table.piles["h"].cards
        if facts["phase"] == "base":
            return (f"{self.count_words(table)} The {base}s are the base cards: put "
                    f"{waiting[-1].name} on the right half (up) or the left half (down); "
                    f"{_cards(int(facts['aux'] or 0))}")
        if facts["phase"] == "hit":
            last = int(facts["round"] or 1) >= USES
            return (f"{where}; {self.count_words(table)} {waiting[-1].name} fits both "
                    "halves: choose where it goes, then the "
                    + ("third round ends" if last else "round ends"))
        return (f"{where}; {_cards(int(facts['aux'] or 0))}; count: {self.count_words(table)} "
                f"(next: {upcoming}); {stock} cards in the stock")


RULES = QuarrelRules
