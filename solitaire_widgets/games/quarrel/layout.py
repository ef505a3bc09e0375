"""Quarrel's table: the two halves' series at the top with the stock and the hit
between them, the counting rows of thirteen below, then the auxiliary row.

>>> from solitaire_widgets import new_game
>>> from solitaire_widgets.render import layout
>>> scene = layout("quarrel", new_game("quarrel", seed=1).table, 760)
>>> [label.text for label in scene.labels][:2]
['left half: down', 'right half: up']
"""

from __future__ import annotations

from ...i18n import pgettext
from ...layouts import PilePlacement
from ...table import Table
from .model import AUX, LEFT, RIGHT, ROW_LENGTH, ROWS

__all__ = ["quarrel_layout"]


def _short(rank: int) -> str:
    """A rank as the picture's labels write it: its number, or its letter in the
    current language (A, J, Q, K in English)."""
    letters = {1: pgettext("rank letter", "A"), 11: pgettext("rank letter", "J"),
               12: pgettext("rank letter", "Q"), 13: pgettext("rank letter", "K")}
    return letters.get(rank, str(rank))


def quarrel_layout(table: Table, width: float) -> PilePlacement:
    """Lay out a Quarrel table ``width`` pixels wide (see :class:`PilePlacement`)."""
    cw = width / 15.4
    b = PilePlacement(table, width, cw, margin=cw * 0.3, gap=cw * 0.15)
    ch, gap, margin, size, col_x = b.ch, b.gap, b.margin, b.label_size, b.col_x
    fy = margin + size * 1.25
    peek = ch * 0.2
    b.label(col_x(0), margin + size * 0.9, pgettext("quarrel picture", "left half: down"), size)
    b.label(col_x(12) + cw, margin + size * 0.9, pgettext("quarrel picture", "right half: up"), size, "end")
    for i, f in enumerate(LEFT):
        b.peek(f, col_x(i), fy, peek, "", f[1].upper())
    for i, f in enumerate(RIGHT):
        b.peek(f, col_x(9 + i), fy, peek, "", f[1].upper())
    b.stock("s", col_x(5), fy, pgettext("quarrel picture", "stock"))
    b.stack("h", col_x(6.35), fy, pgettext("quarrel picture", "hit"))
    count = b.number("count")
    named = _short(count) if count else "–"
    rnd = b.number("round", 1)
    b.label(col_x(6.35) - gap * 1.2, margin + size * 0.9, pgettext("quarrel picture", "count {named} · round {round}").format(
                named=named, round=rnd), size,
            "middle")
    base = b.number("base")
    if base:
        b.label(col_x(6.35) - gap * 1.2, fy + ch + peek + size * 0.4,
                pgettext("quarrel picture", "base {rank}").format(
                    rank=_short(base)), size * 0.9, "middle")

    rows_y = fy + ch + peek + size * 1.6
    pitch = ch + gap * 1.2
    rows = max(1, b.rows(ROWS, ROW_LENGTH, rows_y, pitch, at_least=b.number("dealt")))
    aux_y = rows_y + rows * pitch + size * 1.3
    b.label(col_x(0), aux_y - size * 0.45, pgettext("quarrel picture", "auxiliary row"), size)
    shown = b.rows(AUX, len(AUX), aux_y, pitch, at_least=b.number("aux"))
    return b.finish(aux_y + (ch if shown else size * 0.3) + margin)
