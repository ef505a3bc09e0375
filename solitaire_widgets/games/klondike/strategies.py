"""Klondike's player: a heuristic that sees only what a player at the table sees.

It reads the position through :func:`observe`, which keeps the face-up cards,
the top of the waste and the *counts* of face-down cards and of the hand, and
through :func:`recall`, which adds what a player remembers having seen: the
whole waste (every card on it was turned face up) and, once the hand has been
turned over, the order of the hand (each of its cards was turned face up, in
that order, in the pass before). It never reads a card that is still face
down, nor the order of a hand it has not yet turned through; so two deals
that differ only in those cards get the same move.

Its preferences, best first: a card to its foundation when no column card
can need it; a move that turns up a face-down card, from the column with the
most cards still face down; the waste's card into play; a move for a purpose
(a card freed for its foundation or for the waste's card, a column emptied
for a king that waits for it); then the hand. In the Polish second pass it
knows which card comes next: before turning a card onto a full waste that
could not leave it again, it plays the waste down first, even with a move it
would not otherwise make. It never plays into a position it has already
seen, so it cannot go round in circles, and it gives up (returns None) when
nothing useful is left.

>>> from solitaire_widgets import new_game
>>> from solitaire_widgets.strategies import play_out
>>> game = new_game("klondike", seed=3)
>>> outcome = play_out(game, HeuristicPlayer())
>>> game.is_over or outcome.reason.startswith("the heuristic player")
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from ...cards import Card
from ...game import Game
from ...moves import Move
from .rules import COLUMNS, WASTE_LIMIT, builds_on, goes_up

__all__ = ["View", "Memory", "observe", "recall", "HeuristicPlayer", "SimplePlayer", "STRATEGIES"]

_SUIT_INDEX = {"C": 0, "D": 1, "H": 2, "S": 3}
_OPPOSITE = {"C": "DH", "S": "DH", "D": "CS", "H": "CS"}
_COLUMN_INDEX = {column: index for index, column in enumerate(COLUMNS)}


class View(NamedTuple):
    """What a player sees: every face-up card and how many cards lie face down.

    ``columns`` holds, for each column, the number of face-down cards and the
    face-up cards (bottom to top); ``foundations`` the top rank of each suit
    (clubs, diamonds, hearts, spades; 0 when empty).
    """

    columns: tuple[tuple[int, tuple[Card, ...]], ...]
    waste_top: Card | None
    waste_size: int
    stock_size: int
    foundations: tuple[int, int, int, int]
    pass_number: int
    waste_limit: bool
    forced: bool


class Memory(NamedTuple):
    """What a player remembers beyond the view: cards once seen face up.

    ``waste`` is the whole waste, bottom to top; ``hand`` the cards of the hand
    in the order they will be turned (the next first) once every one of them
    has been seen, i.e. from the second pass on, else None.
    """

    waste: tuple[Card, ...]
    hand: tuple[Card, ...] | None


def observe(game: Game) -> View:
    """The part of ``game``'s position a player can see (no face-down card)."""
    table = game.table
    piles = table.piles
    columns = tuple(
        (piles[c].down, tuple(piles[c].cards[piles[c].down:])) for c in COLUMNS
    )
    waste = piles["w"].cards
    foundations = (
        len(piles["fc"].cards), len(piles["fd"].cards),
        len(piles["fh"].cards), len(piles["fs"].cards),
    )
    facts = table.facts
    return View(
        columns,
        waste[-1] if waste else None,
        len(waste),
        len(piles["s"].cards),
        foundations,
        int(facts.get("pass") or 1),
        bool(facts.get("waste_limit")),
        bool(facts.get("forced")),
    )


def recall(game: Game) -> Memory:
    """What a player who watched every card turned remembers of ``game``.

    The hand is known only from the second pass on: it is the waste of the
    pass before, turned over, and every card of it was seen when it was turned.

    >>> from solitaire_widgets import new_game
    >>> game = new_game("klondike", seed=1)
    >>> recall(game).hand is None
    True
    """
    piles = game.table.piles
    hand = None
    if int(game.table.facts.get("pass") or 1) > 1:
        hand = tuple(reversed(piles["s"].cards))
    return Memory(tuple(piles["w"].cards), hand)


def _safe(card: Card, foundations: tuple[int, int, int, int]) -> bool:
    """Whether ``card`` can go to its foundation with no loss: no column card needs it.

    Only a card of the next lower rank and the other colour could be built on
    it; when both of those are already on their foundations, nothing is lost.
    """
    if card.rank <= 2:
        return True
    return all(foundations[_SUIT_INDEX[s]] >= card.rank - 1 for s in _OPPOSITE[card.suit])


def _fits_foundation(card: Card, foundations: tuple[int, int, int, int]) -> bool:
    return goes_up(card, foundations[_SUIT_INDEX[card.suit]])


def _playable(card: Card, view: View) -> bool:
    """Whether ``card``, turned now, could leave the waste at once."""
    if _fits_foundation(card, view.foundations):
        return True
    return any(builds_on(card, up[-1] if up else None) for _, up in view.columns
               if up or card.rank == 13)


def _progress(view: View) -> tuple[int, int, int]:
    """What only ever grows during play: cards up, cards turned up, cards out of hand."""
    down = sum(d for d, _ in view.columns)
    return sum(view.foundations), -down, -(view.stock_size + view.waste_size)


class HeuristicPlayer:
    """A sensible player who never peeks at face-down cards and never goes round in circles.

    It remembers the positions it has seen in the current game and gives up
    (returns None) when no useful move is left.
    """

    name = "heuristic"

    #: A hard stop, far above any real game's length.
    max_moves = 3000

    def __init__(self) -> None:
        self._game_key: object = None
        self._seen: set[View] = set()
        self._played = 0
        self._last_redeal: tuple[int, int, int] | None = None

    def _sync(self, game: Game) -> None:
        key = (id(game), game.deck, tuple(sorted(game.options.items())))
        if key != self._game_key or len(game.history) < self._played:
            self._game_key = key
            self._seen = set()
            self._last_redeal = None
        self._played = len(game.history)

    def choose(self, game: Game) -> Move | None:
        """The most useful legal move, or None when nothing useful is left."""
        if game.is_over:
            return None
        self._sync(game)
        if self._played >= self.max_moves:
            return None
        view = observe(game)
        memory = recall(game)
        self._seen.add(view)
        polish = game.options.get("variant", "polish") == "polish"
        judge = _Judge(view, memory, polish, self._seen)
        best: Move | None = None
        best_score = 0
        for move in game.legal_moves():
            if move.action == "redeal":
                # Turning the waste over again without any progress since the
                # last time would only repeat the same pass.
                stale = self._last_redeal is not None and self._last_redeal == _progress(view)
                score = 0 if stale else 10
            else:
                score = judge.score(move)
            if score > best_score:
                best, best_score = move, score
        if best is not None and best.action == "redeal":
            self._last_redeal = _progress(view)
        return best


class _Judge:
    """Scores the moves of one position (0: not worth playing)."""

    def __init__(self, view: View, memory: Memory, polish: bool, seen: set[View]) -> None:
        self.view = view
        self.memory = memory
        self.polish = polish
        self.seen = seen
        self.second_pass = view.waste_limit
        hand = memory.hand
        self.next_card = hand[0] if hand else None
        # In the second Polish pass a full waste means the next card turned must
        # leave at once: when it could not, everything else comes first.
        self.danger = (self.second_pass and view.waste_size >= WASTE_LIMIT
                       and self.next_card is not None
                       and not _playable(self.next_card, view))
        self.king_waits = _waiting_king(view)

    def score(self, move: Move) -> int:
        if move.action == "turn":
            return 1 if self.danger else 20
        if move.src.startswith("f"):
            return self._back(move)
        if move.dst.startswith("f"):
            return self._foundation(move)
        if move.src == "w":
            return self._from_waste(move)
        return self._between_columns(move)

    def _foundation(self, move: Move) -> int:
        view = self.view
        if move.src == "w":
            card = view.waste_top
            down, reveals = 0, False
        else:
            down, up = view.columns[_COLUMN_INDEX[move.src]]
            card = up[-1]
            reveals = down > 0 and len(up) == 1
        assert card is not None
        if _safe(card, view.foundations):
            return 100 + down if reveals else 99
        if reveals:
            return 78 + down
        if move.src == "w":
            return 40
        return 30

    def _back(self, move: Move) -> int:
        """Worrying back: a foundation's top card onto a column, worth it only when the
        waste's top card, or a card over face-down ones, can be laid on it at once."""
        view = self.view
        card = Card(view.foundations[_SUIT_INDEX[move.src[1].upper()]], move.src[1].upper())
        waiting = [up[0] for down, up in view.columns if down and up]
        if view.waste_top is not None:
            waiting.append(view.waste_top)
        if any(builds_on(other, card) for other in waiting):
            return 45
        return 0

    def _from_waste(self, move: Move) -> int:
        view = self.view
        card = view.waste_top
        assert card is not None
        if card.rank == 13 and not view.columns[_COLUMN_INDEX[move.dst]][1]:
            # A king from a column that would uncover cards has the better claim.
            if _column_king_waits(view) and not view.forced:
                return 2 if self.danger else 0
        return 55

    def _between_columns(self, move: Move) -> int:
        view = self.view
        down, up = view.columns[_COLUMN_INDEX[move.src]]
        whole = move.count == len(up)
        if whole and down:
            # Turns up a face-down card: the more lie under it, the better.
            return 80 + down
        score = self._purpose(move, up, whole)
        if score and _after(view, move) in self.seen:
            return 0
        return score

    def _purpose(self, move: Move, up: tuple[Card, ...], whole: bool) -> int:
        """What a column move that turns nothing up is good for (0: nothing)."""
        view = self.view
        if whole:
            # Empties a column: worth it only for a king that waits for it.
            if up[0].rank != 13 and self.king_waits:
                return 35
            return 0
        exposed = up[len(up) - move.count - 1]
        if _fits_foundation(exposed, view.foundations):
            return 40
        top = view.waste_top
        if top is not None and builds_on(top, exposed):
            # Makes room for the waste's top card.
            return 32
        return 0


def _column_king_waits(view: View) -> bool:
    """Whether a king heads face-up cards that lie over face-down ones."""
    return any(down and up and up[0].rank == 13 for down, up in view.columns)


def _waiting_king(view: View) -> bool:
    """Whether a king could fill an emptied column: from a column, or the waste."""
    if _column_king_waits(view):
        return True
    top = view.waste_top
    return top is not None and top.rank == 13


def _after(view: View, move: Move) -> View:
    """The view after a move between columns that turns nothing up."""
    columns = list(view.columns)
    i, j = _COLUMN_INDEX[move.src], _COLUMN_INDEX[move.dst]
    down, up = columns[i]
    moved = up[len(up) - move.count:]
    columns[i] = (down, up[: len(up) - move.count])
    columns[j] = (columns[j][0], columns[j][1] + moved)
    return view._replace(columns=tuple(columns))


class SimplePlayer:
    """A few-line yardstick player (the one notebook 03 writes by hand).

    It plays a foundation move, else the waste's card, else a column move that
    turns a card up or empties a column, else turns or redeals; it gives up on
    a redeal it has made before (where it would repeat the same pass forever).

    >>> from solitaire_widgets import new_game
    >>> str(SimplePlayer().choose(new_game("klondike", seed=1)))
    't5>fc'
    """

    name = "simple"

    def __init__(self) -> None:
        self._redealt: set[tuple[tuple[Card, ...], ...]] = set()

    def choose(self, game: Game) -> Move | None:
        moves = game.legal_moves()
        piles = game.table.piles

        def reveals(move: Move) -> bool:
            src = piles[move.src]
            return move.count == len(src.cards) - src.down and (
                src.down > 0 or src.cards[src.down].rank != 13)

        preferences: tuple[Callable[[Move], bool], ...] = (
            lambda m: m.action == "move" and m.dst.startswith("f"),
            lambda m: m.action == "move" and m.src == "w",
            lambda m: m.action == "move" and m.src.startswith("t") and reveals(m),
            lambda m: m.action == "turn",
            lambda m: m.action == "redeal",
        )
        for wanted in preferences:
            for move in moves:
                if wanted(move):
                    if move.action == "redeal":
                        key = tuple(tuple(p.cards) for p in game.piles)
                        if key in self._redealt:
                            return None
                        self._redealt.add(key)
                    return move
        return None


STRATEGIES = {"heuristic": HeuristicPlayer, "simple": SimplePlayer}
