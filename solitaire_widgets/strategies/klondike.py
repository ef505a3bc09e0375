"""Klondike's player: a heuristic that sees only what a player at the table sees.

It reads the position through :func:`observe`, which keeps the face-up cards,
the top of the waste and the *counts* of face-down cards and of the hand, and
nothing else; so two deals that differ only in cards still face down get the
same move. It plays foundation moves that are safe, moves that turn up a
face-down card, the waste's top card into play, and only then turns the hand;
it moves cards between columns without turning anything up only for a
purpose (a card to a foundation, a column emptied for a waiting king), and
never into a position it has already seen, so it cannot go round in circles.

>>> from solitaire_widgets import new_game
>>> from solitaire_widgets.strategies import play_out
>>> game = new_game("klondike", seed=3)
>>> outcome = play_out(game, HeuristicPlayer())
>>> game.is_over or outcome.reason.startswith("the heuristic player")
True
"""

from __future__ import annotations

from typing import NamedTuple

from ..cards import Card
from ..game import Game
from ..games.klondike import COLUMNS
from ..moves import Move

__all__ = ["View", "observe", "HeuristicPlayer", "STRATEGIES"]

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


def _safe(card: Card, foundations: tuple[int, int, int, int]) -> bool:
    """Whether ``card`` can go to its foundation with no loss: no column card needs it.

    Only a card of the next lower rank and the other colour could be built on
    it; when both of those are already on their foundations, nothing is lost.
    """
    if card.rank <= 2:
        return True
    return all(foundations[_SUIT_INDEX[s]] >= card.rank - 1 for s in _OPPOSITE[card.suit])


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
        self._seen.add(view)
        best: Move | None = None
        best_score = 0
        for move in game.legal_moves():
            score = self._score(view, move, game.options.get("variant", "polish"))
            if score > best_score:
                best, best_score = move, score
        if best is not None and best.action == "redeal":
            self._last_redeal = _progress(view)
        return best

    # -- judging moves ----------------------------------------------------------

    def _score(self, view: View, move: Move, variant: str) -> int:
        if move.action == "turn":
            return 20
        if move.action == "redeal":
            # Turning the waste over again without any progress since the last
            # time would only repeat the same pass.
            if self._last_redeal is not None and self._last_redeal == _progress(view):
                return 0
            return 10
        if move.dst.startswith("f"):
            return self._score_foundation(view, move)
        if move.src == "w":
            return self._score_from_waste(view, move)
        return self._score_between_columns(view, move)

    def _score_foundation(self, view: View, move: Move) -> int:
        if move.src == "w":
            card = view.waste_top
            reveals = False
        else:
            down, up = view.columns[_COLUMN_INDEX[move.src]]
            card = up[-1]
            reveals = down > 0 and len(up) == 1
        assert card is not None
        if _safe(card, view.foundations):
            return 95 if reveals else 90
        if reveals:
            return 85
        if move.src == "w":
            return 45
        return 25

    def _score_from_waste(self, view: View, move: Move) -> int:
        card = view.waste_top
        assert card is not None
        if card.rank == 13 and _waiting_king(view):
            # A king that would uncover cards has the better claim on the column.
            return 0 if not view.forced else 5
        return 50

    def _score_between_columns(self, view: View, move: Move) -> int:
        down, up = view.columns[_COLUMN_INDEX[move.src]]
        whole = move.count == len(up)
        if whole and down:
            # Turns up a face-down card: the more lie under it, the better.
            return 70 + down
        after = _after(view, move)
        if after in self._seen:
            return 0
        if whole:
            # Empties a column: worth it only for a king that is waiting.
            if up[0].rank != 13 and _waiting_king(view):
                return 30
            return 0
        exposed = up[len(up) - move.count - 1]
        if _fits_foundation(exposed, view.foundations):
            return 35
        top = view.waste_top
        if top is not None and top.rank + 1 == exposed.rank and top.is_red != exposed.is_red:
            # Makes room for the waste's top card.
            return 32
        return 0


def _fits_foundation(card: Card, foundations: tuple[int, int, int, int]) -> bool:
    return foundations[_SUIT_INDEX[card.suit]] + 1 == card.rank


def _waiting_king(view: View) -> bool:
    """Whether a king heads cards that lie over face-down ones, or tops the waste."""
    for down, up in view.columns:
        if down and up and up[0].rank == 13:
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


STRATEGIES = {"heuristic": HeuristicPlayer}
