"""What the widgets send to the browser, and how long Python takes to build it.

Run: ``python benchmarks/bench_widgets.py``. The canvas comm is captured (no
browser); for Klondike deals it measures

- one animated move: the bytes of its message (budget 32 KB) and the Python
  time to build and send it (budget 10 ms), median and worst over many moves;
- the opening deal: the number of messages (one for the whole deal) and bytes;
- a late view (page reload): the bytes of the full redraw.

Timings are measured here, never in the tests.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ipycanvas.canvas import _CANVAS_MANAGER  # noqa: E402

from solitaire_widgets.strategies import get_strategy  # noqa: E402
from solitaire_widgets.widgets import GameWidget  # noqa: E402

MOVE_BYTES_BUDGET = 32 * 1024
MOVE_MS_BUDGET = 10.0
SEEDS = range(1, 6)
MOVES_PER_DEAL = 40

_sent: list[int] = []


def _send(content: Any = None, buffers: Any = None) -> None:
    _sent.append(sum(len(bytes(b)) for b in buffers or []))


def main() -> int:
    _CANVAS_MANAGER.send = _send
    deal_messages: list[int] = []
    deal_bytes: list[int] = []
    move_bytes: list[int] = []
    move_ms: list[float] = []
    move_messages: list[int] = []
    redraw_bytes: list[int] = []
    for seed in SEEDS:
        _sent.clear()
        widget = GameWidget("klondike", seed=seed)
        deal_messages.append(len(_sent))
        deal_bytes.append(sum(_sent))
        strategy = get_strategy("klondike")
        for _ in range(MOVES_PER_DEAL):
            move = strategy.choose(widget.game)
            if move is None or widget.game.is_over:
                break
            _sent.clear()
            start = time.perf_counter()
            widget.play(move)
            move_ms.append((time.perf_counter() - start) * 1000)
            move_messages.append(len(_sent))
            move_bytes.extend(_sent)
        _sent.clear()
        widget.painter.redraw()
        redraw_bytes.append(sum(_sent))

    def row(name: str, value: str, budget: str, ok: bool | None) -> str:
        mark = "" if ok is None else ("ok" if ok else "OVER")
        return f"| {name:<38} | {value:>14} | {budget:>10} | {mark:>4} |"

    worst_bytes = max(move_bytes)
    median_ms = statistics.median(move_ms)
    p95_ms = sorted(move_ms)[int(len(move_ms) * 0.95) - 1]
    lines = [
        f"Klondike widget, deals {SEEDS.start}..{SEEDS.stop - 1}, "
        f"{len(move_ms)} animated moves (default player)",
        f"| {'measure':<38} | {'value':>14} | {'budget':>10} | {'':>4} |",
        "|" + "-" * 40 + "|" + "-" * 16 + "|" + "-" * 12 + "|" + "-" * 6 + "|",
        row("messages per move (max)", str(max(move_messages)), "1", max(move_messages) == 1),
        row("bytes of one move (median)", f"{statistics.median(move_bytes):,.0f}", "", None),
        row("bytes of one move (max)", f"{worst_bytes:,}", f"{MOVE_BYTES_BUDGET:,}",
            worst_bytes <= MOVE_BYTES_BUDGET),
        row("Python ms per move (median)", f"{median_ms:.2f}", f"{MOVE_MS_BUDGET:.0f}",
            median_ms <= MOVE_MS_BUDGET),
        row("Python ms per move (95th percentile)", f"{p95_ms:.2f}", "", None),
        row("messages for the whole deal (max)", str(max(deal_messages)), "1",
            max(deal_messages) == 1),
        row("bytes of the whole deal (max)", f"{max(deal_bytes):,}", "", None),
        row("bytes of a late view's redraw (max)", f"{max(redraw_bytes):,}", "", None),
    ]
    print("\n".join(lines))
    failed = (worst_bytes > MOVE_BYTES_BUDGET or median_ms > MOVE_MS_BUDGET
              or max(move_messages) != 1 or max(deal_messages) != 1)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
