"""Little Golf's player."""

from __future__ import annotations

from solitaire_widgets.game import Game
from solitaire_widgets.moves import Move

__all__ = ["STRATEGIES", "ColumnsFirst"]


class ColumnsFirst:
    """Plays a column's card whenever one fits, else turns a stock card."""

    name = "columns-first"

    def choose(self, game: Game) -> Move | None:
        moves = game.legal_moves()
        return moves[0] if moves else None


STRATEGIES = {"columns-first": ColumnsFirst}
