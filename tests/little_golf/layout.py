"""Little Golf's table: the stock and the foundation side by side, the columns fanned below."""

from __future__ import annotations

from solitaire_widgets.layouts import PilePlacement
from solitaire_widgets.table import Table

__all__ = ["COLUMNS", "little_golf_layout"]

#: The five columns, left to right.
COLUMNS = tuple(f"t{i}" for i in range(1, 6))


def little_golf_layout(table: Table, width: float) -> PilePlacement:
    """The stock and the foundation side by side, the five columns fanned below."""
    b = PilePlacement(table, width, card_width=width / 6.5)
    gap = b.cw * 0.25
    b.stock("s", gap, gap, "stock")
    b.stack("f", gap * 2 + b.cw, gap, "foundation")
    top = gap * 2 + b.ch
    bottom = max(b.column(column, gap + i * (b.cw + gap), top, b.ch * 0.1, b.ch * 0.22)
                 for i, column in enumerate(COLUMNS))
    b.label(gap * 3 + b.cw * 2, gap + b.label_size, "one up or one down", b.label_size)
    return b.finish(bottom + gap)
