"""Tables that hold in a notebook, in a real JupyterLab (headless Chromium, no internet).

- A width set on one table while its deal still plays, then a new table: every
  canvas of the kernel stays right (the browser plays the canvas messages of
  all tables in one queue, which stops for good at a drawing of a closed canvas).
- Quick input: Forward five times on a slow replay, six typed moves without a
  pause; the keyboard cursor shown and hidden by Escape; the live message.
- ``jupyter nbconvert --to html`` of each shipped notebook, opened with the
  network blocked: every table shows its picture (or its player).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.browser_support import (
    SCREENSHOTS,
    BrowserPage,
    LabServer,
    accept_kernel_dialog,
    open_and_run,
    served_directory,
    write_notebook,
)
from tests.test_browser_widgets import _TWO_CANVASES_JS, CanvasProbe
from tests.test_lab_a11y import _PICTURE_PIXELS_JS

pytestmark = pytest.mark.browser

_WIDTH_CELLS = [
    "from solitaire_widgets.widgets import GameWidget\n"
    "a = GameWidget('klondike', seed=3, animate=False)\n"
    "display(a)",
    # A new table deals while a's move is still being played in the browser,
    # slowly, when a's width changes (its card images are made anew).
    "b = GameWidget('chain', seed=4)\n"
    "display(b)\n"
    "a.animate, a.speed = True, 0.05\n"
    "a.play('turn')\n"
    "a.width = 500",
    "c = GameWidget('klondike', seed=3, width=500, animate=False)  # a, drawn at once\n"
    "c.play('turn')\n"
    "display(c)",
    "print('cells done')",
]


def _wait(condition: Callable[[], bool], what: str, timeout: float = 5.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert condition(), what


def _differing(page: Any, canvases: Any, one: int, other: int) -> int:
    return int(page.evaluate(_TWO_CANVASES_JS, [canvases.nth(one).element_handle(),
                                                 canvases.nth(other).element_handle()]))


def test_a_new_width_then_a_new_table_leaves_every_canvas_right(
        browser_page: BrowserPage, jupyterlab_server: Callable[..., LabServer],
        tmp_path: Path) -> None:
    # A server of its own: JupyterLab reopens the notebooks it had open.
    write_notebook(tmp_path / "width.ipynb", _WIDTH_CELLS)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    lab = jupyterlab_server(tmp_path)
    page = open_and_run(browser_page, lab, "width.ipynb")
    canvases = page.locator(".jp-OutputArea-output canvas")
    page.wait_for_function("() => document.querySelectorAll('.jp-OutputArea-output canvas')"
                           ".length >= 3", timeout=60_000)
    a, b, c = (CanvasProbe(page, canvases.nth(n)) for n in range(3))
    for probe in (a, b, c):
        probe.settle()
    page.screenshot(path=str(SCREENSHOTS / "jupyterlab-width-then-new-table.png"),
                    full_page=True)
    assert a.size()[0] == 500 and c.size()[0] == 500
    for name, probe in (("a", a), ("b", b), ("c", c)):
        width, height = probe.size()
        assert probe.cards() > width * height * 0.05, f"table {name} shows no cards"
    deadline = time.monotonic() + 10
    while _differing(page, canvases, 0, 2) > 200 and time.monotonic() < deadline:
        time.sleep(0.3)
    assert _differing(page, canvases, 0, 2) <= 200, "table a is not its position at 500 px"
    assert browser_page.errors(origin=lab.url) == []


_INPUT_CELLS = [
    "import ipywidgets\n"
    "from solitaire_widgets import new_game\n"
    "from solitaire_widgets.strategies import get_strategy\n"
    "from solitaire_widgets.widgets import GameWidget, ReplayWidget\n"
    "game = new_game('klondike', seed=0)\n"
    "player = get_strategy('klondike')\n"
    "for _ in range(8):\n"
    "    game.play(player.choose(game))\n"
    "replay = ReplayWidget(game, width=600)\n"
    "replay.speed = 0.25   # each step takes seconds to draw\n"
    "mirror = ReplayWidget(game, width=600, animate=False)  # the same step, drawn at once\n"
    "ipywidgets.link((replay, 'position'), (mirror, 'position'))\n"
    "display(replay, mirror)",
    "table = GameWidget('klondike', seed=7, width=600)\n"
    "moves = ipywidgets.HTML()\n"
    "moves.add_class('sw-test-moves')\n"
    "table.observe(lambda change: setattr(moves, 'value', f'moves={len(table.game.history)}'),"
    " 'state')\n"
    "display(table, moves)",
    "print('cells done')",
]


def test_replay_and_typed_moves_keep_up_with_quick_input(
        browser_page: BrowserPage, jupyterlab_server: Callable[..., LabServer],
        tmp_path: Path) -> None:
    write_notebook(tmp_path / "input.ipynb", _INPUT_CELLS)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    lab = jupyterlab_server(tmp_path)
    page = open_and_run(browser_page, lab, "input.ipynb")
    page.wait_for_function("() => document.querySelectorAll('.jp-OutputArea-output canvas')"
                           ".length >= 3", timeout=60_000)
    canvases = page.locator(".jp-OutputArea-output canvas")
    for n in range(3):
        CanvasProbe(page, canvases.nth(n)).settle()

    # Forward five times, quickly, on a slow replay: within half a second of the
    # last press its picture is the step its counter shows (the mirror's).
    forward = page.get_by_role("button", name="Forward ▶").first
    for _ in range(5):
        forward.click()
    page.locator(".jupyter-widgets:has-text('step 5 of 8')").first.wait_for(timeout=5_000)
    pressed = time.monotonic()
    while _differing(page, canvases, 0, 1) > 200 and time.monotonic() - pressed < 3:
        time.sleep(0.05)
    took = time.monotonic() - pressed
    page.screenshot(path=str(SCREENSHOTS / "jupyterlab-replay-forward-x5.png"), full_page=True)
    assert _differing(page, canvases, 0, 1) <= 200, "the replay's picture is not its step"
    assert took <= 0.5, f"the picture caught up with the counter after {took:.2f} s"

    # "turn" and Enter six times, typed without a pause: six moves, the box empty.
    box = page.locator(".sw-move-box input").first
    box.click()
    for _ in range(6):
        page.keyboard.type("turn", delay=0)
        page.keyboard.press("Enter")
    deadline = time.monotonic() + 15
    shown = page.locator(".sw-test-moves").first
    while shown.inner_text() != "moves=6" and time.monotonic() < deadline:
        time.sleep(0.1)
    assert shown.inner_text() == "moves=6"
    assert box.input_value() == ""

    # The message is a polite live region: moves, refusals and results are read out.
    live = page.locator(".sw-message .widget-html-content[aria-live='polite']")
    assert live.count() == 1 and "hand" in live.first.inner_text()

    # The keyboard cursor shows on the table; Escape hides it (and leaves the table).
    table = CanvasProbe(page, canvases.nth(2))
    table.settle()
    table.save("before-cursor")
    canvases.nth(2).scroll_into_view_if_needed()
    canvases.nth(2).focus()     # the canvas hands the focus on to its stage
    assert page.evaluate("document.activeElement.classList.contains('sw-stage')")
    page.keyboard.press("ArrowRight")
    _wait(lambda: table.diff("before-cursor") > 100, "the cursor is drawn")
    page.screenshot(path=str(SCREENSHOTS / "jupyterlab-keyboard-cursor.png"), full_page=True)
    page.keyboard.press("Escape")
    _wait(lambda: table.diff("before-cursor") <= 20, "Escape hides the cursor")
    assert browser_page.errors(origin=lab.url) == []


#: The shipped notebooks but the apps for Voilà, whose one output is the app's box
#: (tests/test_browser_voila.py plays them).
SHIPPED = sorted(path for path in (Path(__file__).parent.parent / "notebooks").glob("*.ipynb")
                 if path.name != "05-app.ipynb")
_WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def _tables_in(notebook: Path) -> int:
    """The widget views saved in ``notebook``'s outputs."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return sum(1 for cell in cells for output in cell.get("outputs", [])
               if _WIDGET_VIEW in output.get("data", {}))


def test_nbconvert_html_of_each_shipped_notebook_shows_each_table_offline(
        browser_page: BrowserPage, tmp_path: Path) -> None:
    subprocess.run([sys.executable, "-m", "nbconvert", "--to", "html", "--output-dir",
                    str(tmp_path), *map(str, SHIPPED)], check=True, capture_output=True,
                   timeout=300)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page = browser_page.page
    with served_directory(tmp_path) as url:
        # The network is closed: only this page's own server answers.
        page.route("**/*", lambda route: route.continue_()
                   if route.request.url.startswith((url, "data:")) else route.abort())
        for notebook in SHIPPED:
            tables = _tables_in(notebook)
            page.goto(f"{url}/{notebook.stem}.html")
            page.wait_for_load_state("load")
            pictures = page.locator(".sw-still img, .sw-player")
            assert pictures.count() >= tables, f"{notebook.name}: a table shows nothing"
            shown = page.evaluate("""() => Array.from(document.querySelectorAll(
                '.sw-still img, .sw-player svg')).filter(p => p.tagName === 'svg'
                ? p.getBoundingClientRect().width > 100
                : p.complete && p.naturalWidth > 100).length""")
            assert shown >= tables, f"{notebook.name}: {tables} tables, {shown} pictures drawn"
            if tables:
                pictures.last.scroll_into_view_if_needed()
                page.screenshot(path=str(SCREENSHOTS / f"nbconvert-offline-{notebook.stem}.png"))
            assert "model not found" not in page.inner_text("body")


def test_a_saved_notebook_shows_each_tables_picture_with_no_widget_model(
        browser_page: BrowserPage, jupyterlab_server: Callable[..., LabServer],
        tmp_path: Path) -> None:
    """A shipped notebook reopened in JupyterLab as its author would: trusted, with a
    fresh kernel that holds none of its widgets (as after a restart). Each widget
    view says "model not found"; the picture output before it shows the table.
    Run again, a table's live widget hides its picture, and the others stay."""
    notebook = tmp_path / "saved.ipynb"
    shutil.copy(SHIPPED[0], notebook)
    tables = _tables_in(notebook)
    assert tables >= 3
    # Signed as JupyterLab signs a notebook its user saved, so it is trusted.
    subprocess.run([sys.executable, "-m", "jupyter", "trust", str(notebook)], check=True,
                   capture_output=True, timeout=60,
                   env={**os.environ, "JUPYTER_PLATFORM_DIRS": "1"})
    lab = jupyterlab_server(tmp_path)
    page = browser_page.page
    page.goto(lab.lab_url(notebook.name))
    page.wait_for_selector(".jp-Notebook", timeout=90_000)
    accept_kernel_dialog(page)
    missing = page.locator(".jp-OutputArea-output:has-text('model not found')")
    _wait(lambda: missing.count() == tables, "each widget view is there, with no model",
          timeout=60)
    pictures = page.locator(".jp-OutputArea-child .sw-still img")
    assert pictures.count() == tables

    def shown() -> list[bool]:
        return [bool(pictures.nth(n).evaluate(
            "img => getComputedStyle(img.closest('.jp-OutputArea-child')).display !== 'none'"
            " && img.complete && img.naturalWidth > 300")) for n in range(tables)]

    assert shown() == [True] * tables
    for n in range(tables):
        assert pictures.nth(n).evaluate(_PICTURE_PIXELS_JS) > 1_500, f"picture {n} is blank"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    pictures.first.scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / "jupyterlab-no-model-pictures.png"))

    # The first table's cell run again: its live widget, and its picture hidden.
    cell = page.locator(".jp-CodeCell:has(.sw-still)").first
    cell.locator(".jp-InputArea-editor").click()
    page.keyboard.press("Shift+Enter")
    page.wait_for_selector(".jp-OutputArea-output canvas", timeout=60_000)
    _wait(lambda: shown() == [False] + [True] * (tables - 1),
          "the live table hides its own picture only", timeout=10)
    page.locator(".jp-OutputArea-output canvas").first.scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / "jupyterlab-live-table-hides-picture.png"))
    assert browser_page.errors(origin=lab.url) == [] or all(
        "model not found" in error for error in browser_page.errors(origin=lab.url))
