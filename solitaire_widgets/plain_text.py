"""A position as plain text, for the command line and for logs.

>>> from solitaire_widgets import new_game
>>> print(render_text(new_game("chain", seed=5)).splitlines()[0])
Chain, deal 5
"""

from __future__ import annotations

from .game import Game
from .i18n import _, ngettext
from .table import Pile

__all__ = ["render_text", "pile_text"]


def pile_text(pile: Pile) -> str:
    """A pile's cards bottom to top, face-down cards as ``##``; the stock as a count."""
    if pile.kind == "stock":
        return ngettext("{n} card face down", "{n} cards face down",
                        len(pile.cards)).format(n=len(pile.cards))
    return " ".join(
        str(card) if pile.face_up(index) else "##" for index, card in enumerate(pile.cards)
    ) or _("(empty)")


def render_text(game: Game) -> str:
    """The table of ``game`` as text: title, status, then every pile that matters."""
    lines = [f"{_(game.rules.title)}, {game.deal_name}", game.status, ""]
    for pile in game.piles:
        if pile.cards or pile.kind in ("foundation", "stock"):
            name = game.rules.pile_name(game.table, pile.id)
            lines.append(f"{pile.id:>4}  {pile_text(pile):<40}  {name}")
    moves = game.legal_moves()
    if moves:
        lines.append("")
        lines.append(_("legal moves: {moves}").format(moves=" ".join(str(m) for m in moves)))
    return "\n".join(lines)
