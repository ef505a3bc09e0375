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

from typing import ClassVar

from ...cards import Card, full_deck, rank_word, suit_name, with_article
from ...model import Model
from ...moves import Move
from ...rules import Context, Rules
from ...table import Pile, Table
from ..common import foundation_id
from .model import CODES as _CODES
from .model import EMPTY, KlondikeModel
from .model import ON as _ON
from .model import goes_up as _model_goes_up

__all__ = ["KlondikeRules", "RULES", "FOUNDATIONS", "COLUMNS", "WASTE_LIMIT", "DEAD_REASON",
           "SHIFTS_ONLY_REASON", "WORRY_DEAD_REASON",
           "builds_on", "goes_up"]

FOUNDATIONS = ("fc", "fd", "fh", "fs")
COLUMNS = tuple(f"t{i}" for i in range(1, 8))
#: The most cards the waste may hold during the second pass (Polish rules).
WASTE_LIMIT = 3
_COLUMN_SET = frozenset(COLUMNS)
_FOUNDATION_SET = frozenset(FOUNDATIONS)
_SOURCES = COLUMNS + ("w",)
_FOUNDATION_OF = {"C": "fc", "D": "fd", "H": "fh", "S": "fs"}
_TURN, _REDEAL = Move("turn"), Move("redeal")
# For the test of a dead game: each card's twin (the other card of its rank
# and colour), the two cards that may be laid on it, and the kings.
_TWIN = {card: Card(card.rank, {"C": "S", "S": "C", "D": "H", "H": "D"}[card.suit])
         for card in full_deck()}
_CHILDREN = {card: tuple(Card(card.rank - 1, s) for s in ("DH" if card.suit in "CS" else "CS"))
             if card.rank > 1 else () for card in full_deck()}
_KINGS = frozenset(Card(13, s) for s in "CDHS")
# _NEXT_UP[suit][n]: the card that goes onto a foundation holding n cards (the
# king itself once it is complete: it is never anywhere else to be found).
_NEXT_UP = {s: tuple(Card(min(n + 1, 13), s) for n in range(14)) for s in "CDHS"}
#: Why a dead game is lost, in the player's words (see :meth:`KlondikeRules.dead`).
DEAD_REASON = ("no card can be played any more: however often the hand is turned and the "
               "columns rearranged, no card can go up to a foundation or come into the "
               "columns from the hand, and no face-down card can be turned up")
#: Why a dead game whose hand can no longer be turned is lost.
SHIFTS_ONLY_REASON = ("no card can be played any more: the hand is used up, and the moves "
                      "left only shift cards between columns; none of them lets a card go up "
                      "to a foundation or a face-down card be turned up")
#: Why a dead game is lost when cards may come back from the foundations.
WORRY_DEAD_REASON = ("the game can no longer be won: however often the hand is turned, the "
                     "columns rearranged and cards sent up to the foundations and brought "
                     "back, no face-down card can be turned up and no card can come out of "
                     "the hand")
# Every move of cards the rules can list, built once (and checked once):
# _UP[source][suit] to a foundation, _ONTO[column] from the waste,
# _BETWEEN[from][to][count - 1] a column's last cards onto another (a
# sequence holds 13 cards at most).
_UP = {src: {suit: Move("move", src, f) for suit, f in _FOUNDATION_OF.items()}
       for src in _SOURCES}
_ONTO = tuple(Move("move", "w", column) for column in COLUMNS)
# _BACK[suit][column]: a foundation's top card back onto a column (worrying back).
_BACK = {suit: tuple(Move("move", f, column) for column in COLUMNS)
         for suit, f in _FOUNDATION_OF.items()}
_BETWEEN = tuple(tuple(tuple(Move("move", src, dst, n) for n in range(1, 14)) if dst != src else ()
                       for dst in COLUMNS) for src in COLUMNS)


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


def _run_start(pile: Pile) -> int:
    """Where the face-up sequence at the end of a column begins (its index).

    A sequence goes down one rank at a time in alternating colours; the face-up
    cards of a column always form one, but a stacked position might not.
    """
    cards = pile.cards
    i = len(cards) - 1
    low = pile.down
    while i > low and builds_on(cards[i], cards[i - 1]):
        i -= 1
    return i


def _cards(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"


class KlondikeRules(Rules):
    """The rules of Klondike from the Polish text, with the three-card waste."""

    name = "klondike"
    title = "Klondike"
    packs = 1
    actions = ("turn", "redeal")
    example_move = "t3>fh"
    layout = "solitaire_widgets.games.klondike.layout:klondike_layout"
    strategies = "solitaire_widgets.games.klondike.strategies"
    examples = "solitaire_widgets.games.klondike.examples"
    model = "solitaire_widgets.games.klondike.model:KlondikeModel"
    game_on_model = True
    solver = True
    option_readings: ClassVar[dict[str, dict[str, str]]] = {
        "variant": {
            "polish": "the text's rules: one card at a time, one second pass, during which "
                      "the waste holds three cards at most",
            "standard": "draw one card at a time, as many passes as you like, no waste limit",
            "draw-three": "draw three cards at a time, as many passes as you like, "
                          "no waste limit",
        },
        "worrying_back": {
            "no": "cards never come back from a foundation: the foundations are built "
                  "only upwards",
            "yes": "worrying back (standard and draw-three only): the top card of a "
                   "foundation may come back onto a column where it fits",
        },
    }
    action_labels: ClassVar[dict[str, tuple[str, str]]] = {
        "turn": ("Turn from the hand", "Turn the next card of the hand onto the waste"),
        "redeal": ("Turn the waste over", "The waste is turned over and becomes the hand again"),
    }
    options_allowed: ClassVar[dict[str, tuple[str, ...]]] = {
        # "polish": the text's rules (one second pass, waste of three at most);
        # "standard": draw one, unlimited passes, no waste limit;
        # "draw-three": as "standard", but three cards are turned at a time.
        "variant": ("polish", "standard", "draw-three"),
        # "no": cards never leave a foundation (the text builds them only
        # upwards); "yes": worrying back, in the standard variants only.
        "worrying_back": ("no", "yes"),
    }

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

    # -- the deal ------------------------------------------------------------

    def opening(self, ctx: Context) -> None:
        ctx.set("pass", 1)
        ctx.set("waste_limit", False)
        ctx.set("forced", False)
        # Column by column: six face down and a seventh face up in the first,
        # five and one in the next, ..., one face-up card in the seventh.
        for index, column in enumerate(COLUMNS):
            for _ in range(6 - index):
                ctx.move("s", column, face_up=False)
            ctx.move("s", column)
        self._end_if_dead(ctx.table, ctx)

    # -- what may be played ----------------------------------------------------

    def _waste_moves(self, piles: dict[str, Pile]) -> list[Move]:
        card = piles["w"].top
        if card is None:
            return []
        moves = []
        if goes_up(card, len(piles[_FOUNDATION_OF[card.suit]].cards)):
            moves.append(_UP["w"][card.suit])
        for di, column in enumerate(COLUMNS):
            if builds_on(card, piles[column].top):
                moves.append(_ONTO[di])
        return moves

    def _can_redeal(self, table: Table) -> bool:
        piles = table.piles
        if piles["s"].cards or not piles["w"].cards:
            return False
        return not self.polish or table.facts["pass"] == 1

    def legal_moves(self, table: Table) -> list[Move]:
        # The hot path of every simulation: written out with plain lookups
        # (a foundation of a suit holds ace..n, so its length is its top rank),
        # handing out the moves built once in _UP, _ONTO and _BETWEEN.
        piles = table.piles
        if table.facts["forced"]:
            return self._waste_moves(piles)
        built = {suit: len(piles[f].cards) for suit, f in _FOUNDATION_OF.items()}
        ends = [piles[c].cards for c in COLUMNS]
        waste = piles["w"].cards
        moves: list[Move] = []
        for src, cards in zip(_SOURCES, ends + [waste], strict=True):
            if cards:
                card = cards[-1]
                if goes_up(card, built[card.suit]):
                    moves.append(_UP[src][card.suit])
        # Each column's end card, or None when empty.
        tops = [c[-1] if c else None for c in ends]
        if waste:
            card = waste[-1]
            for di, top in enumerate(tops):
                if builds_on(card, top):
                    moves.append(_ONTO[di])
        for si, cards in enumerate(ends):
            n = len(cards)
            if not n:
                continue
            start = _run_start(piles[COLUMNS[si]])
            head_rank = cards[start].rank
            between = _BETWEEN[si]
            for di, top in enumerate(tops):
                if di == si:
                    continue
                if top is None:
                    # An empty column takes a king with its sequence (one
                    # already at the bottom may move too: pointless, but legal).
                    if head_rank == 13:
                        moves.append(between[di][n - start - 1])
                    continue
                # The run goes down one rank at a time, so at most one of its
                # cards has the rank that fits the end card.
                k = start + head_rank - top.rank + 1
                if start <= k < n and builds_on(cards[k], top):
                    moves.append(between[di][n - k - 1])
        if self.worrying_back:
            for suit, f in _FOUNDATION_OF.items():
                found = piles[f].cards
                if found:
                    card = found[-1]
                    for di, top in enumerate(tops):
                        if builds_on(card, top):
                            moves.append(_BACK[suit][di])
        if piles["s"].cards:
            moves.append(_TURN)
        elif self._can_redeal(table):
            moves.append(_REDEAL)
        return moves

    def why_illegal(self, table: Table, move: Move) -> str:
        piles = table.piles
        facts = table.facts
        if facts["forced"] and not (move.action == "move" and move.src == "w"):
            card = piles["w"].top
            what = card.name if card is not None else "the card just turned"
            return (f"{what} was turned onto a waste that already held three cards: it must "
                    "leave the waste at once, to a foundation or a column, before anything else")
        if move.action == "turn":
            if not piles["s"].cards:
                if self._can_redeal(table):
                    return ("the hand is empty: there is no card left to turn; "
                            "turn the waste over with 'redeal'")
                return "the hand is empty: there is no card left to turn"
            return "you cannot turn a card now"
        if move.action == "redeal":
            if piles["s"].cards:
                return (f"the waste may be turned over only when the hand is empty: "
                        f"{_cards(len(piles['s'].cards))} still in the hand")
            if not piles["w"].cards:
                return "the waste is empty: there is nothing to turn over"
            return ("the waste may be turned over only once: there is no third pass "
                    "through the cards")
        if move.action != "move":
            return (f"{move.action!r} is not a move in Klondike; the moves are a card or a "
                    "sequence to a column or a foundation, 'turn' and 'redeal'")
        for pile_id in (move.src, move.dst):
            if pile_id not in piles:
                return f"there is no pile called {pile_id!r} in Klondike"
        if move.src == move.dst:
            return "cards cannot move onto the pile they are already on"
        src, dst = piles[move.src], piles[move.dst]
        if src.kind == "foundation":
            if not self.worrying_back:
                return "cards on a foundation stay there: they never come back into play"
            if not src.cards:
                return f"{self.pile_name(table, move.src)} is empty"
            if dst.kind != "tableau":
                return "a card comes back from a foundation only onto a column"
            if move.count != 1:
                return "only the top card of a foundation can come back, one at a time"
        if src.kind == "stock":
            if self.draw > 1:
                return "cards leave the hand only by 'turn', three at a time onto the waste"
            return "cards leave the hand only by 'turn', one at a time onto the waste"
        if dst.kind == "stock":
            return "cards never go back into the hand"
        if dst.kind == "waste":
            return "only cards turned from the hand go onto the waste"
        src_name = self.pile_name(table, move.src)
        if not src.cards:
            return f"{src_name} is empty"
        if move.src == "w" and move.count != 1:
            return "only the top card of the waste can be played"
        if move.count > len(src.cards):
            return f"{src_name} holds only {_cards(len(src.cards))}"
        first_index = len(src.cards) - move.count
        if first_index < src.down:
            return ("only face-up cards can be moved: those cards include a face-down card "
                    f"of {src_name}")
        cards = src.cards[first_index:]
        for upper, lower in zip(cards, cards[1:], strict=False):
            if not builds_on(lower, upper):
                return ("only a sequence can be moved together, going down one rank at a time "
                        f"in alternating colours: {lower.name} does not follow {upper.name}")
        card = cards[0]
        if dst.kind == "foundation":
            if move.count != 1:
                return "cards go onto a foundation one at a time"
            suit = suit_name(card.suit)
            if move.dst != foundation_id("f", card):
                return f"{card.name} can only go onto the {suit} foundation"
            if not dst.cards:
                return (f"a foundation starts with its ace: {card.name} cannot start the "
                        f"{suit} foundation")
            if len(dst.cards) == 13:
                return f"the {suit} foundation is complete"
            need = dst.cards[-1].rank + 1
            return (f"foundations are built up in suit: the {suit} foundation needs the "
                    f"{rank_word(need)} next, not the {rank_word(card.rank)}")
        target = dst.top
        if target is None:
            return (f"an empty column takes only a king, alone or with its sequence, "
                    f"not {card.name}")
        if target.rank == 1:
            return f"nothing can go onto {target.name} in a column"
        if target.rank != card.rank + 1:
            return (f"{card.name} cannot go onto {target.name}: a column is built down one rank "
                    f"at a time, so it takes only {with_article(rank_word(target.rank - 1))}")
        if target.is_red == card.is_red:
            return (f"{card.name} cannot go onto {target.name}: colours must alternate, "
                    "black on red or red on black")
        return "that move is not allowed here"  # pragma: no cover - every case is named above

    # -- playing ----------------------------------------------------------------

    def apply(self, table: Table, move: Move, ctx: Context) -> None:
        goes_round = self._goes_round(table, move)
        self._play(table, move, ctx)
        if not goes_round:
            self._end_if_dead(table, ctx)

    def _goes_round(self, table: Table, move: Move) -> bool:
        """Whether ``move`` (not yet played) can be undone by moves that only go round,
        so that a position that was not dead before it is not dead after it either.

        With unlimited passes, turning the waste over changes none of the
        cards that can come to the top of the waste (:meth:`talon_tops`), and
        nor does turning the hand drawing one. Drawing three, turning the hand
        can lose one of them, the waste's top card, which will not be on top
        again if the next passes cut the packets differently: it stays one
        when the waste holds a whole number of packets (0, 3, 6... cards),
        cut as every later pass will cut them. A part of a column's
        sequence moved onto another column, leaving a face-up card behind, can
        move back onto it. (A whole column moved away cannot always come
        back: an empty column takes only a king.) The test of a dead game is
        skipped after these moves, the most frequent ones.
        """
        if move.action == "redeal":
            return not self.polish
        if move.action == "turn":
            if self.polish:
                return False
            return self.draw == 1 or len(table.piles["w"].cards) % self.draw == 0
        if move.action != "move" or move.src not in _COLUMN_SET or move.dst not in _COLUMN_SET:
            return False
        source = table.piles[move.src]
        return len(source.cards) - source.down > move.count

    def _end_if_dead(self, table: Table, ctx: Context) -> None:
        """End a dead game as lost (see :meth:`dead`)."""
        if table.facts["over"]:
            return
        # Under the Polish rules the text's own ending (a fourth card on the
        # waste, or nothing left to play) comes within two passes, so a dead
        # game is ended here only once the hand can no longer be turned (when
        # the moves left only shift cards between columns, for ever).
        talon_left = bool(table.piles["s"].cards) or self._can_redeal(table)
        # A dead game with no move at all is ended by ``stuck``, in its own words.
        if ((not self.polish or not talon_left) and self.dead(table)
                and self.legal_moves(table)):
            reason = DEAD_REASON if talon_left else SHIFTS_ONLY_REASON
            ctx.end(False, WORRY_DEAD_REASON if self.worrying_back else reason)

    def _play(self, table: Table, move: Move, ctx: Context) -> None:
        piles = table.piles
        facts = table.facts
        if move.action == "turn":
            full = bool(facts["waste_limit"]) and len(piles["w"].cards) >= WASTE_LIMIT
            # A packet of three turned over as one lands in the same order as
            # three cards turned one by one: the last of them ends on top.
            for _ in range(min(self.draw, len(piles["s"].cards))):
                ctx.move("s", "w")
            if full:
                ctx.set("forced", True)
                if not self._waste_moves(piles):
                    ctx.end(False, self._overflow_reason(table))
            return
        if move.action == "redeal":
            # Turning the waste pile over: the card turned first comes first again.
            for _ in range(len(piles["w"].cards)):
                ctx.move("w", "s", face_up=False)
            ctx.set("pass", int(facts["pass"] or 1) + 1)
            if self.polish:
                ctx.set("waste_limit", True)
            return
        ctx.move(move.src, move.dst, move.count)
        if move.src == "w":
            ctx.set("forced", False)
        else:
            pile = piles[move.src]
            if pile.cards and pile.down >= len(pile.cards):
                ctx.flip(move.src)
        if move.dst in _FOUNDATION_SET and all(len(piles[f].cards) == 13 for f in FOUNDATIONS):
            ctx.end(True, "four piles topped by kings: every card is on its foundation")

    # -- a dead game ---------------------------------------------------------------

    def talon_tops(self, table: Table) -> set[Card]:
        """Every card that can come to the top of the waste while no card leaves the talon.

        The talon is the hand and the waste. Drawing one, that is every card of
        it that is still to be turned, and the whole talon when the waste may
        be turned over again; drawing three, only every third card of a pass
        (and its last), as the hand is turned now and as the whole talon
        would be turned after the waste is turned over, the same in every
        later pass. The waste's top card is always one of them.

        >>> from solitaire_widgets import new_game
        >>> game = new_game("klondike", seed=5, variant="draw-three")
        >>> len(game.rules.talon_tops(game.table))
        8
        """
        piles = table.piles
        waste = piles["w"].cards
        order = piles["s"].cards[::-1]  # the hand in the order it is turned
        draw = self.draw
        more_passes = not self.polish or table.facts["pass"] == 1
        if draw == 1 and more_passes:
            return set(waste + order)
        tops = set(waste[-1:])
        tops.update(order[draw - 1::draw] + order[-1:])
        if more_passes:
            # Turning the waste over puts its first card turned on top of the hand.
            whole = list(waste) + order
            tops.update(whole[draw - 1::draw] + whole[-1:])
        return tops

    def dead(self, table: Table) -> bool:
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

        >>> from solitaire_widgets import new_game
        >>> game = new_game("klondike", seed=5, variant="standard")
        >>> game.rules.dead(game.table)
        False
        """
        if self.worrying_back:
            return self.dead_worrying(table)
        piles = table.piles
        if table.facts["forced"]:
            return False  # the card just turned decides at once, one way or the other
        # The next card of each foundation, and the columns.
        up_next = {_NEXT_UP[suit][len(piles[f].cards)] for suit, f in _FOUNDATION_OF.items()}
        columns = [piles[c] for c in COLUMNS]
        ends = {pile.cards[-1] for pile in columns if pile.cards}
        empty = any(not pile.cards for pile in columns)
        # The lowest face-up card of each column with a face-down card under it.
        covering = [pile.cards[pile.down] for pile in columns if 0 < pile.down < len(pile.cards)]
        tops: set[Card] | None = None  # worked out only when the columns offer nothing
        while True:
            # The cards that could be laid somewhere: on a card of ``ends``, or
            # (a king) in an empty column.
            fits = {child for card in ends for child in _CHILDREN[card]}
            if empty:
                fits.update(_KINGS)
            if not up_next.isdisjoint(ends) or not fits.isdisjoint(covering):
                return False
            if tops is None:
                tops = self.talon_tops(table)
            if not up_next.isdisjoint(tops) or not fits.isdisjoint(tops):
                return False
            grown = set()
            for pile in columns:
                for card in pile.cards[pile.down:-1]:
                    if _TWIN[card] in ends and card not in ends:
                        grown.add(card)
            more_empty = not empty and any(not pile.down and pile.cards[0].rank != 13
                                           and pile.cards[0] in fits for pile in columns
                                           if pile.cards)
            if not grown and not more_empty:
                return True
            ends |= grown
            empty = empty or more_empty

    def dead_worrying(self, table: Table) -> bool:
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

        >>> from solitaire_widgets import new_game
        >>> game = new_game("klondike", seed=5, variant="standard", worrying_back="yes")
        >>> game.rules.dead(game.table)
        False
        """
        piles = table.piles
        columns = [piles[c] for c in COLUMNS]
        if not piles["s"].cards and not piles["w"].cards and not any(p.down for p in columns):
            return False
        built = {suit: len(piles[f].cards) for suit, f in _FOUNDATION_OF.items()}
        stacks = {suit: piles[f].cards for suit, f in _FOUNDATION_OF.items()}
        ends = {pile.cards[-1] for pile in columns if pile.cards}
        empty = any(not pile.cards for pile in columns)
        covering = [pile.cards[pile.down] for pile in columns if 0 < pile.down < len(pile.cards)]
        # Each face-up card with a card lying on it, and that card.
        lying = [(pile.cards[i], pile.cards[i + 1]) for pile in columns
                 for i in range(pile.down, len(pile.cards) - 1)]
        bottoms = [pile.cards[0] for pile in columns
                   if pile.cards and not pile.down and pile.cards[0].rank != 13]
        high = dict(built)
        low = dict(built)
        tops = self.talon_tops(table)
        while True:
            fits = {child for card in ends for child in _CHILDREN[card]}
            if empty:
                fits.update(_KINGS)
            for suit in high:
                while high[suit] < 13 and Card(high[suit] + 1, suit) in ends:
                    high[suit] += 1
                while low[suit] > 0 and stacks[suit][low[suit] - 1] in fits:
                    low[suit] -= 1

            def can_go_up(card: Card) -> bool:
                return low[card.suit] <= card.rank - 1 <= high[card.suit]

            if any(card in fits or can_go_up(card) for card in tops):
                return False
            if any(card in fits or (card in ends and can_go_up(card)) for card in covering):
                return False
            grown = {under for under, on in lying if under not in ends
                     and (_TWIN[under] in ends or (on in ends and can_go_up(on)))}
            grown.update(card for suit in stacks for card in stacks[suit][low[suit]:]
                         if card not in ends)
            more_empty = not empty and any(card in fits or can_go_up(card) for card in bottoms)
            if not grown and not more_empty:
                return True
            ends |= grown
            empty = empty or more_empty

    def _overflow_reason(self, table: Table) -> str:
        card = table.piles["w"].top
        what = card.name if card is not None else "the card turned"
        return (f"a fourth card would go on the waste in the second pass: {what} cannot be "
                "played, so the solitaire has not come out")

    def stuck(self, table: Table, ctx: Context) -> None:
        piles = table.piles
        if table.facts["forced"]:
            ctx.end(False, self._overflow_reason(table))
        elif piles["w"].cards:
            ctx.end(False, "no move is left: the hand is used up, the waste may not be turned "
                           "over again (there is no third pass), and nothing can be played")
        else:
            ctx.end(False, "no move is left: the stock is used up and nothing can be played")

    # -- words --------------------------------------------------------------------

    def pile_name(self, table: Table, pile_id: str) -> str:
        if pile_id in _FOUNDATION_SET:
            return f"the {suit_name(pile_id[1].upper())} foundation"
        if pile_id in _COLUMN_SET:
            return f"column {pile_id[1:]}"
        if pile_id == "w":
            return "the waste"
        if pile_id == "s":
            return "the stock"
        return pile_id

    def describe_move(self, table: Table, move: Move) -> str:
        piles = table.piles
        if move.action == "turn":
            if table.facts["waste_limit"] and len(piles["w"].cards) >= WASTE_LIMIT:
                return ("the next card of the hand is turned onto the full waste: it must leave "
                        "at once, or the solitaire is lost")
            if self.draw > 1:
                n = min(self.draw, len(piles["s"].cards))
                if n == 1:
                    return "the last card of the hand is turned face up onto the waste"
                return (f"the next {n} cards of the hand are turned over together onto the "
                        "waste; only the last of them can be played")
            return "the next card of the hand is turned face up onto the waste"
        if move.action == "redeal":
            if self.polish:
                return ("the waste is turned over and becomes the hand again, for the second "
                        "and last pass; from now on the waste may never hold more than three "
                        "cards")
            return (f"the waste is turned over and becomes the hand again "
                    f"(pass {int(table.facts['pass'] or 1) + 1})")
        src = piles[move.src]
        first = src.cards[len(src.cards) - move.count]
        if move.count == 1:
            what = f"{first.name} goes"
        else:
            others = "card" if move.count == 2 else f"{move.count - 1} cards"
            what = f"{first.name} and the {others} on it go"
        dst = piles[move.dst]
        target = dst.top
        dst_name = self.pile_name(table, move.dst)
        if dst.kind == "foundation":
            where = (f"onto {target.name} on {dst_name}" if target is not None
                     else f"up to start {dst_name}")
        elif target is None:
            where = f"into the empty {dst_name}"
        else:
            where = f"onto {target.name} in {dst_name}"
        text = f"{what} {where}, from {self.pile_name(table, move.src)}"
        if move.src != "w" and src.down and src.down == len(src.cards) - move.count:
            text += "; the face-down card beneath is turned up"
        return text

    def describe_model_move(self, model: Model, move: Move) -> str:
        """:meth:`describe_move` read off Klondike's model: the same words, from a
        table that builds only the piles they look up (:meth:`KlondikeModel.table_view`)."""
        assert isinstance(model, KlondikeModel)
        return self.describe_move(model.table_view(), move)

    def status(self, table: Table) -> str:
        piles = table.piles
        facts = table.facts
        stock = len(piles["s"].cards)
        waste = len(piles["w"].cards)
        hand = f"{_cards(stock)} in the hand" if stock else "the hand is used up"
        number = int(facts["pass"] or 1)
        if not self.polish:
            return f"Pass {number}: {hand}, {waste} on the waste"
        if number == 1:
            if not waste:
                return f"First pass: {hand}"
            if stock:
                return f"First pass: {hand}, {waste} on the waste"
            return (f"First pass: the hand is used up; the waste ({_cards(waste)}) may be "
                    "turned over once")
        if facts["forced"]:
            return ("Second pass: the card just turned lies fourth on the waste and must "
                    "leave it now")
        return f"Second pass: {hand}; the waste holds {waste} of its {WASTE_LIMIT} cards"


RULES = KlondikeRules
