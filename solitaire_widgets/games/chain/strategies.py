"""Chain's player: play everything; when stuck in the first deal, lay the auxiliary row."""

from __future__ import annotations

from ...game import Game
from ...moves import Move

__all__ = ["PlayEverything", "STRATEGIES"]


class PlayEverything:
    """Play every card that can go, fill every place, lay the auxiliary row when stuck.

    In Chain a card on its series can never be wrong, so the only choices are
    when to lay the auxiliary row (as soon as play sticks in the first deal)
    and when to redeal (only when nothing else is left).
    """

    name = "play-everything"

    def choose(self, game: Game) -> Move | None:
        moves = game.legal_moves()
        if not moves:
            return None
        for wanted in ("move", "fill", "aux"):
            for move in moves:
                if move.action == wanted:
                    return move
        return moves[0]


STRATEGIES = {"play-everything": PlayEverything}
