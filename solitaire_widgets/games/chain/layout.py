"""Chain's table: the four series at the top, the layout's rows below (as many
places as the deal has, from the rules), the stock beside them, the
auxiliary row under them.

>>> from solitaire_widgets import new_game
>>> from solitaire_widgets.render import layout
>>> scene = layout("chain", new_game("chain", seed=5).table, 800)
>>> len([slot for slot in scene.slots if slot.pile.startswith("l")])  # three rows of eight
24
"""

from __future__ import annotations

from ...i18n import pgettext
from ...layouts import PilePlacement
from ...table import Table
from .model import AUX, LAYOUT_SIZE, ROW_LENGTH
from .model import SERIES as FOUNDATIONS

__all__ = ["chain_layout"]

#: The widest row of any deal: the layout's columns are placed for it.
_WIDEST = max(ROW_LENGTH.values())
_PLACES = tuple(f"l{i}" for i in range(1, max(LAYOUT_SIZE.values()) + 1))


def chain_layout(table: Table, width: float) -> PilePlacement:
    """Lay out a Chain table ``width`` pixels wide (see :class:`PilePlacement`)."""
    cw = width / 11.7
    b = PilePlacement(table, width, cw, margin=cw * 0.35, gap=cw * 0.2)
    ch, gap, margin, size, col_x = b.ch, b.gap, b.margin, b.label_size, b.col_x
    peek = ch * 0.2
    fy = margin
    for i, f in enumerate(FOUNDATIONS):
        b.peek(f, col_x(2 + i), fy, peek, "2", f[1].upper())
    b.label(col_x(0), fy + ch * 0.45, pgettext("chain picture", "series"), size)
    b.label(col_x(0), fy + ch * 0.45 + size * 1.3, pgettext("chain picture", "2 up to A"), size * 0.85)
    deal = b.number("deal", 1)
    per_row = ROW_LENGTH[deal]
    offset = (_WIDEST - per_row) / 2
    ly = fy + ch + peek + gap * 2
    pitch = ch + gap
    rows = b.rows(_PLACES, per_row, ly, pitch, at_least=LAYOUT_SIZE[deal], first_column=offset)
    sx = col_x(_WIDEST) + cw * 0.6
    b.stock("s", sx, ly, pgettext("chain picture", "stock"))
    # Under the stock, right of the layout's last column (the words wrap where
    # a language's are longer than that).
    last_column = col_x(_WIDEST - 1) + cw
    b.wrapped_label(sx + cw, ly + ch + size * 1.3, pgettext("chain picture", "deal {deal} of {deals}").format(
        deal=deal, deals=len(LAYOUT_SIZE)), size * 0.9, sx + cw - last_column - gap / 2, "end")
    ay = ly + rows * pitch + gap
    show_aux = deal == 1 or any(b.cards(a) for a in AUX)
    bottom = ly + rows * pitch - gap + margin
    if show_aux:
        b.label(col_x(0), ay + ch * 0.5, pgettext("chain picture: line 1 of auxiliary row", "auxiliary"), size)
        b.label(col_x(0), ay + ch * 0.5 + size * 1.3, pgettext("chain picture: line 2 of auxiliary row", "row"), size)
        for i, a in enumerate(AUX):
            b.stack(a, col_x(2 + i), ay)
        bottom = ay + ch + margin
    else:
        for a in AUX:
            b.skip(a)
    return b.finish(bottom)
