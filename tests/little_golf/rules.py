"""The rules of Little Golf, as its text (:mod:`.source`) states them.

Five columns of five cards, face up; the rest is the stock, whose first card
starts the foundation. A column's last card goes onto the foundation if its
rank is one above or one below the foundation's top card (no turning the
corner from king to ace); ``turn`` puts the next stock card on the
foundation instead. The game is won when every column is cleared and lost
when no move is left.
"""

from __future__ import annotations

from typing import ClassVar

from solitaire_widgets.cards import Card, rank_word
from solitaire_widgets.layouts import LayoutFunction
from solitaire_widgets.moves import Move
from solitaire_widgets.rules import Context, Rules
from solitaire_widgets.table import Pile, Table

from .layout import COLUMNS, little_golf_layout

__all__ = ["COLUMNS", "DEPTH", "NAME", "RULES", "TURN", "LittleGolfRules"]

NAME = "little_golf"
#: How many cards each column is dealt.
DEPTH = 5
#: The stock's one action.
TURN = Move("turn")


def _next_to(card: Card, top: Card) -> bool:
    return abs(card.rank - top.rank) == 1


class LittleGolfRules(Rules):
    """The rules of Little Golf (see the module's docstring)."""

    name = NAME
    title = "Little Golf"
    actions = ("turn",)
    action_labels: ClassVar[dict[str, tuple[str, str]]] = {
        "turn": ("Turn a stock card", "The next stock card goes onto the foundation"),
    }
    example_move = "t3>f"
    layout: ClassVar[LayoutFunction | None] = staticmethod(little_golf_layout)

    def piles(self) -> list[Pile]:
        return ([Pile("s", "stock"), Pile("f", "foundation")]
                + [Pile(column, "tableau") for column in COLUMNS])

    def opening(self, ctx: Context) -> None:
        for _ in range(DEPTH):
            for column in COLUMNS:
                ctx.move("s", column)
        ctx.move("s", "f")

    def legal_moves(self, table: Table) -> list[Move]:
        top = table.piles["f"].top
        moves = [Move("move", column, "f") for column in COLUMNS
                 if top is not None and (card := table.piles[column].top) is not None
                 and _next_to(card, top)]
        if table.piles["s"].cards:
            moves.append(TURN)
        return moves

    def why_illegal(self, table: Table, move: Move) -> str:
        if move.action == "turn":
            return "the stock is empty"
        if move.action != "move":
            return f"Little Golf has no move called {move.action!r}"
        if move.src not in COLUMNS or move.dst != "f" or move.count != 1:
            return "a card goes from the end of a column onto the foundation, one at a time"
        card, top = table.piles[move.src].top, table.piles["f"].top
        if card is None:
            return f"{self.pile_name(table, move.src)} is empty"
        return (f"the {card.name} is not one above or below the {top.name if top else 'top card'}"
                " on the foundation")

    def apply(self, table: Table, move: Move, ctx: Context) -> None:
        ctx.move("s" if move == TURN else move.src, "f")
        if not any(table.piles[column].cards for column in COLUMNS):
            ctx.end(True, "every column is cleared")

    def pile_name(self, table: Table, pile_id: str) -> str:
        return {"s": "the stock", "f": "the foundation"}.get(pile_id, f"column {pile_id[1:]}")

    def status(self, table: Table) -> str:
        left = sum(len(table.piles[column].cards) for column in COLUMNS)
        top = table.piles["f"].top
        return (f"{left} cards in the columns, {len(table.piles['s'].cards)} in the stock; "
                f"the foundation shows a {rank_word(top.rank) if top else 'nothing'}")


RULES = LittleGolfRules
