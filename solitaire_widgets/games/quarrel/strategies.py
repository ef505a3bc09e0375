"""Quarrel's players: the text's advice, and a greedy look along each half.

The text's advice is about one choice only, the half for a base card: "if
among these cards there is a four, or also (which is very good indeed) a five
of spades, the three is naturally moved to the right half" (the translation of
``solitaire_widgets.source_texts``). Everything else is plain: play every card that
can go, and when nothing is left, deal on. The greedy player differs only
there: deal 14, nine moves in, the text sends the eight of clubs to the
right half (a nine of clubs is in sight), the greedy player to the left (the
run of clubs in sight going down is longer):

>>> from solitaire_widgets import new_game
>>> from solitaire_widgets.strategies import play_out
>>> game = new_game("quarrel", seed=14)
>>> outcome = play_out(game, TextAdvice(), max_moves=9)
>>> TextAdvice().choose(game), Greedy().choose(game)
(Move.parse('r3>rc'), Move.parse('r3>lc'))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from ...cards import Card
from ...game import Game
from ...moves import Move
from ...table import Table
from ..common import next_down, next_up

__all__ = ["TextAdvice", "Greedy", "STRATEGIES", "in_sight"]


def in_sight(table: Table) -> Counter[Card]:
    """The cards on the table that could be played: the rows and the auxiliary row."""
    dealt = int(table.facts["dealt"] or 0)
    piles = table.piles
    seen: Counter[Card] = Counter()
    for i in range(1, dealt + 1):
        cards = piles[f"r{i}"].cards
        if cards:
            seen[cards[-1]] += 1
    for i in range(1, 14):
        cards = piles[f"a{i}"].cards
        if cards:
            seen[cards[-1]] += 1
    return seen


def _card(table: Table, move: Move) -> Card:
    return table.piles[move.src].cards[-1]


class TextAdvice:
    """The text's player: base cards go to the half their next card is waiting for.

    - A base card whose suit has no series yet goes to the right half if the
      card above it (base + 1 of its suit) is in sight, to the left half if
      only the card below it (base - 1) is, and to the right if both or
      neither are (the text's own example goes right).
    - Every other card that can go, goes (onto a series already started
      first; a card both halves want goes right).
    - When nothing can be played, deal on.

    Every move puts a card on a series or deals one from the stock, so the
    player never loops.
    """

    name = "text-advice"

    def choose(self, game: Game) -> Move | None:
        moves = game.legal_moves()
        if not moves:
            return None
        table = game.table
        plays = [m for m in moves if m.action == "move"]
        if not plays:
            return moves[0]
        # Cards onto a series already started: no choice matters much there.
        onto = [m for m in plays if table.piles[m.dst].cards]
        if onto:
            return self._pick(table, onto, [m for m in onto if m.src == onto[0].src])
        # A base card starting a series: pick its half.
        first = plays[0]
        same = [m for m in plays if m.src == first.src]
        return self._pick(table, plays, same)

    def _pick(self, table: Table, plays: list[Move], same: list[Move]) -> Move:
        if len(same) == 1:
            return same[0]
        card = _card(table, same[0])
        right = self.prefer_right(table, card)
        for move in same:
            if (move.dst[0] == "r") == right:
                return move
        return same[0]  # pragma: no cover - both halves are always offered

    def prefer_right(self, table: Table, card: Card) -> bool:
        """Whether ``card`` should go to the right half (its next card up is in sight)."""
        seen = in_sight(table)
        up = seen[Card(next_up(card.rank), card.suit)] > 0
        down = seen[Card(next_down(card.rank), card.suit)] > 0
        return up or not down


class Greedy(TextAdvice):
    """Like the text's player, but counts how far each half could run at once.

    For a card that may go to either half it follows the run of cards in
    sight going up (right half) and going down (left half), and picks the
    longer run; on a tie it goes right.
    """

    name = "greedy"

    def prefer_right(self, table: Table, card: Card) -> bool:
        seen = in_sight(table)
        return self._run(seen, card, next_up) >= self._run(seen, card, next_down)

    @staticmethod
    def _run(seen: Counter[Card], card: Card, step: Callable[[int], int]) -> int:
        length = 0
        rank = card.rank
        while length < 12:
            rank = step(rank)
            if seen[Card(rank, card.suit)] <= 0:
                break
            length += 1
        return length


from ...strategies import Strategy  # noqa: E402
from .search import Lookahead, MonteCarlo  # noqa: E402

#: The players by name; the first (the text's own advice) is the default.
STRATEGIES: dict[str, Callable[[], Strategy]] = {
    "text-advice": TextAdvice, "greedy": Greedy, "lookahead": Lookahead,
    "monte-carlo": MonteCarlo,
}
