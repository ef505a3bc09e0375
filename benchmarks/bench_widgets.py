"""What the widgets send to the browser, and how long Python takes to build it.

Run: ``python benchmarks/bench_widgets.py``. The canvas comm is captured (no
browser); for Klondike deals it measures

- one animated move: the bytes of its message (budget 32 KB) and the Python
  time to build and send it (budget 10 ms), median and worst over many moves;
- the opening deal: the number of messages (one for the whole deal) and bytes;
- a late view (page reload): the bytes of the full redraw;
- the widget models one table costs (each GameWidget and a ReplayWidget,
  after a first table has made what the kernel shares), and what ten tables cost;
- ``--rerun``: a real JupyterLab in the system Chromium runs one table's
  cell ten times in quick succession; measured is the time from the kernel
  going idle to the last table's cards on the screen (the canvas no longer
  blank: its cards, backs or faces, cover 2% of it), and the widget models
  alive in the kernel then.

``--beside DIR`` measures the package in ``DIR`` too (e.g. the package at
main: ``git worktree add /tmp/main main``), in the same run: its models in
a Python of its own, its re-runs in a JupyterLab whose kernel imports it.

Timings are measured here, never in the tests.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
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


#: What the model count runs (in a Python of its own, for a package in another folder).
_COUNT = r"""
import json, sys
from ipywidgets.widgets.widget import _instances
from solitaire_widgets import new_game
from solitaire_widgets.widgets import GameWidget, ReplayWidget
makes = {
    "GameWidget klondike": lambda: GameWidget("klondike", seed=7),
    "GameWidget quarrel": lambda: GameWidget("quarrel", seed=3),
    "GameWidget chain": lambda: GameWidget("chain", seed=5),
    "ReplayWidget": lambda: ReplayWidget(new_game("klondike", seed=7)),
}
counts = {}
for name, make in makes.items():
    make().close()
    before = set(_instances)
    widget = make()
    counts[name] = len(set(_instances) - before)
    widget.close()
before = set(_instances)
tables = [GameWidget("klondike", seed=seed) for seed in range(10)]
counts["ten Klondike tables"] = len(set(_instances) - before)
print(json.dumps(counts))
"""


def model_counts(package: str | None) -> dict[str, int]:
    """The widget models each table costs, for the package in ``package`` (None: this one)."""
    env = dict(os.environ)
    root = package or str(Path(__file__).resolve().parent.parent)
    env["PYTHONPATH"] = root + os.pathsep + env.get("PYTHONPATH", "")
    out = subprocess.run([sys.executable, "-c", _COUNT], env=env, capture_output=True,
                         text=True, check=True, cwd=root)
    counts: dict[str, int] = json.loads(out.stdout.strip().splitlines()[-1])
    return counts


#: The notebook of the re-run measure: one table's cell, and the count of models.
_RERUN_CELLS = [
    "from solitaire_widgets import GameWidget\nGameWidget('klondike', seed=7)",
    "from ipywidgets.widgets.widget import _instances\nprint('models', len(_instances))",
]


def rerun(package: str | None, runs: int = 10) -> tuple[float, int]:
    """Seconds from the kernel going idle after ``runs`` quick runs of a table's cell
    to the last table's cards on the screen, and the widget models alive then."""
    import tempfile

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from playwright.sync_api import sync_playwright

    from tests.browser_support import (
        CHROMIUM_ARGS,
        accept_kernel_dialog,
        find_chromium,
        start_jupyterlab,
        write_notebook,
    )

    old = os.environ.get("PYTHONPATH")
    if package:
        os.environ["PYTHONPATH"] = package
    try:
        with tempfile.TemporaryDirectory() as folder, start_jupyterlab(folder) as lab, \
                sync_playwright() as play:
            write_notebook(Path(folder) / "rerun.ipynb", _RERUN_CELLS)
            browser = play.chromium.launch(executable_path=find_chromium(), args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.goto(lab.lab_url("rerun.ipynb"))
            page.wait_for_selector(".jp-Notebook", timeout=90_000)
            accept_kernel_dialog(page)
            idle = ".jp-Notebook-ExecutionIndicator[data-status='idle']"
            page.wait_for_selector(idle, timeout=90_000)
            page.locator(".jp-Cell").first.click()
            page.keyboard.press("Escape")
            for _ in range(runs):
                page.keyboard.press("Control+Enter")
                time.sleep(0.1)
            page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='busy']",
                                   timeout=10_000, state="attached")
            page.wait_for_selector(idle, timeout=300_000)
            went_idle = time.perf_counter()
            drawn = """() => {
              const c = document.querySelector('.jp-Cell .jp-OutputArea-output canvas');
              if (!c || !c.width) return false;
              const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
              // Cards drawn (their backs or faces): pixels far from the felt (#1f6a3e).
              let n = 0;
              for (let i = 0; i < d.length; i += 16) {
                const far = Math.abs(d[i] - 0x1f) + Math.abs(d[i + 1] - 0x6a)
                  + Math.abs(d[i + 2] - 0x3e);
                if (d[i + 3] > 0 && far > 120) n++;
              }
              return n > d.length / 16 * 0.02;
            }"""
            page.wait_for_function(drawn, timeout=120_000, polling=50)
            seconds = time.perf_counter() - went_idle
            page.locator(".jp-Cell").nth(1).click()
            page.keyboard.press("Escape")
            page.keyboard.press("Shift+Enter")
            page.wait_for_selector(".jp-OutputArea-output:has-text('models ')", timeout=60_000)
            text = page.locator(".jp-OutputArea-output:has-text('models ')").first.inner_text()
            browser.close()
            return seconds, int(text.split()[-1])
    finally:
        if old is None:
            os.environ.pop("PYTHONPATH", None)
        else:
            os.environ["PYTHONPATH"] = old


def weights(beside: str | None, with_rerun: bool) -> None:
    """Print the models per table (and the re-runs), beside the package in ``beside``."""
    packages: list[tuple[str, str | None]] = [("this package", None)]
    if beside:
        packages.append((beside, beside))
    counts = {label: model_counts(package) for label, package in packages}
    names = list(counts["this package"])
    print()
    print("| widget models | " + " | ".join(label for label, _p in packages) + " |")
    print("|---|" + "---|" * len(packages))
    for name in names:
        print(f"| {name} | " + " | ".join(str(counts[label].get(name, "")) for label, _p in packages)
              + " |")
    if with_rerun:
        print()
        print("| ten quick runs of a table's cell (JupyterLab) | "
              + " | ".join(label for label, _p in packages) + " |")
        print("|---|" + "---|" * len(packages))
        results = {label: rerun(package) for label, package in packages}
        print("| the last table drawn, after the kernel is idle (s) | "
              + " | ".join(f"{results[label][0]:.2f}" for label, _p in packages) + " |")
        print("| widget models alive in the kernel then | "
              + " | ".join(str(results[label][1]) for label, _p in packages) + " |")


def main() -> int:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--beside", metavar="DIR", help="measure the package in DIR too")
    parser.add_argument("--rerun", action="store_true",
                        help="ten quick re-runs of a table's cell in a real JupyterLab")
    args = parser.parse_args()
    failed = _messages()
    weights(args.beside, args.rerun)
    return failed


def _messages() -> int:
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
