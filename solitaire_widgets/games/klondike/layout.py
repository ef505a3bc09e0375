"""Klondike's table: the stock, the waste and the four foundations in a row, the
seven columns fanned below.

>>> from solitaire_widgets import new_game
>>> from solitaire_widgets.render import layout
>>> scene = layout("klondike", new_game("klondike", seed=1).table, 360)
>>> [slot.pile for slot in scene.slots][:6]
['s', 'w', 'fc', 'fd', 'fh', 'fs']
"""

from __future__ import annotations

from ...i18n import pgettext
from ...layouts import PilePlacement
from ...table import Table
from .model import COLUMNS, FOUNDATIONS

__all__ = ["klondike_layout"]


def klondike_layout(table: Table, width: float) -> PilePlacement:
    """Lay out a Klondike table ``width`` pixels wide (see :class:`PilePlacement`)."""
    cw = width / 9.0
    b = PilePlacement(table, width, cw)
    ch = b.ch
    gap = margin = cw * 0.25

    def col_x(i: int) -> float:
        return margin + i * (cw + gap)

    b.stock("s", col_x(0), margin, pgettext("klondike picture", "stock"))
    # A fourth card on the Polish second pass's waste is fanned beside the
    # three it may hold: it is the one that must leave, or loses the game.
    fourth = bool(table.facts.get("waste_limit")) and bool(table.facts.get("forced"))
    b.waste("w", col_x(1), margin, cw * 0.22, pgettext("klondike picture", "waste"), 4 if fourth else 3)
    for i, f in enumerate(FOUNDATIONS):
        b.stack(f, col_x(3 + i), margin, "A", f[1].upper())
    top = margin + ch + gap * 1.4
    bottom = top + ch
    for i, column in enumerate(COLUMNS):
        bottom = max(bottom, b.column(column, col_x(i), top, ch * 0.09, ch * 0.25, "K"))
    size = b.label_size
    passes = b.number("pass", 1)
    # Only the Polish second pass limits the waste; the yardstick variants
    # (standard, draw three) go round as often as the player likes.
    if fourth:
        words = pgettext("klondike picture", "second pass: a fourth card on the waste")
    elif bool(table.facts.get("waste_limit")):
        words = pgettext("klondike picture", "second pass: the waste holds three at most")
    else:
        words = (pgettext("klondike picture", "first pass") if passes <= 1
                 else pgettext("klondike picture", "pass {n}").format(n=passes))
    b.label(col_x(1), margin + ch + size + gap * 0.1, words, size * 0.85)
    b.height = max(bottom, top + ch * 2.6) + margin
    return b
