"""JupyterLab, for keyboard users and for notebooks opened without running them.

- ``test_table_is_no_keyboard_trap``: in a real JupyterLab, Tab reaches the
  table's canvas (a role, a label, a visible focus ring), Tab and Shift+Tab
  leave it, Escape leaves it for the notebook in command mode, and after a
  mouse click on the table the notebook's own shortcuts (Shift+Enter, B)
  still work.
- ``test_unrun_notebooks_show_pictures``: the shipped notebooks, opened
  untrusted and not run, show every table as a picture (pixels of cards, no
  garbled text of a player whose script was stripped).
- ``test_nbconvert_shows_pictures``: ``jupyter nbconvert --to html`` of the
  shipped notebooks shows each table as an image.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.browser_support import REPO_ROOT, BrowserPage, LabServer, served_directory

pytestmark = pytest.mark.browser

NOTEBOOKS = REPO_ROOT / "notebooks"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def _widget_outputs(notebook: Path) -> int:
    """How many stored outputs of ``notebook`` are widgets."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return sum(1 for cell in cells for output in cell.get("outputs", [])
               if WIDGET_VIEW in output.get("data", {}))


def _write_notebook(path: Path, sources: list[str]) -> None:
    cells: list[dict[str, Any]] = [{"cell_type": "code", "execution_count": None, "metadata": {},
              "outputs": [], "source": source} for source in sources]
    path.write_text(json.dumps({
        "cells": cells, "nbformat": 4, "nbformat_minor": 5,
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                    "language": "python"}},
    }), encoding="utf-8")


def _accept_kernel_dialog(page: Any) -> None:
    try:
        page.locator(".jp-Dialog .jp-mod-accept").click(timeout=4_000)
    except Exception:  # noqa: BLE001 - no dialog is the usual case
        pass


def _active(page: Any) -> str:
    """What has the keyboard focus: 'canvas', 'notebook', or the element's tag."""
    return str(page.evaluate("""() => {
        const a = document.activeElement;
        if (!a) return 'none';
        if (a.tagName === 'CANVAS') return 'canvas';
        if (a.classList.contains('jp-Notebook')) return 'notebook';
        return a.tagName.toLowerCase() + '.' + String(a.className).slice(0, 40);
    }"""))


def _cell_count(page: Any) -> int:
    return int(page.locator(".jp-Notebook .jp-Cell").count())


def _active_cell(page: Any) -> int:
    return int(page.evaluate("""() => Array.from(document.querySelectorAll(
        '.jp-Notebook .jp-Cell')).findIndex(c => c.classList.contains('jp-mod-active'))"""))


def test_table_is_no_keyboard_trap(browser_page: BrowserPage,
                                   jupyterlab_server: Callable[..., LabServer],
                                   tmp_path: Path) -> None:
    _write_notebook(tmp_path / "keys.ipynb", [
        "from solitaire_widgets.widgets import GameWidget\n"
        "table = GameWidget('klondike', seed=3, animate=False)\ntable",
        "print('cells done')",
        "x = 1",
    ])
    lab = jupyterlab_server(tmp_path)
    page = browser_page.page
    page.goto(lab.lab_url("keys.ipynb"))
    page.wait_for_selector(".jp-Notebook", timeout=90_000)
    _accept_kernel_dialog(page)
    page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']",
                           timeout=90_000)
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.locator("li[data-command='runmenu:run-all']").click()
    page.wait_for_selector(".jp-OutputArea-output:has-text('cells done')", timeout=120_000)
    canvas = page.locator(".jp-OutputArea-output canvas").first
    canvas.wait_for(timeout=60_000)

    # A role, a label.
    page.wait_for_function("() => { const c = document.querySelector("
                           "'.jp-OutputArea-output canvas'); return c && c.getAttribute('role'); }",
                           timeout=20_000)
    assert canvas.get_attribute("role") == "application"
    assert "Klondike" in (canvas.get_attribute("aria-label") or "")

    # Tab reaches the canvas from the button before it...
    page.get_by_role("button", name="Auto-finish").first.focus()
    for _ in range(12):
        page.keyboard.press("Tab")
        if _active(page) == "canvas":
            break
    assert _active(page) == "canvas", "Tab never reached the table"
    # ... with a visible focus ring,
    ring = canvas.evaluate("c => [getComputedStyle(c).outlineStyle, "
                           "parseFloat(getComputedStyle(c).outlineWidth)]")
    assert ring[0] != "none" and ring[1] >= 2, ring
    # ... and Tab, Shift+Tab and Escape leave it.
    page.keyboard.press("Tab")
    assert _active(page) != "canvas", "Tab is trapped on the table"
    page.keyboard.press("Shift+Tab")
    assert _active(page) == "canvas", "Shift+Tab did not come back to the table"
    page.keyboard.press("Shift+Tab")
    assert _active(page) != "canvas", "Shift+Tab is trapped on the table"
    canvas.focus()
    page.keyboard.press("Escape")
    page.wait_for_function("() => document.activeElement && "
                           "document.activeElement.tagName !== 'CANVAS'", timeout=5_000)
    assert page.locator(".jp-Notebook.jp-mod-commandMode").count() == 1

    # After a click on the table, the notebook's shortcuts still work.
    canvas.click(position={"x": 5, "y": 5})
    assert _active(page) == "canvas"
    cells = _cell_count(page)
    page.keyboard.press("b")  # insert a cell below (command mode)
    page.wait_for_function(f"() => document.querySelectorAll('.jp-Notebook .jp-Cell')"
                           f".length === {cells + 1}", timeout=5_000)
    canvas.click(position={"x": 5, "y": 5})
    before = _active_cell(page)
    page.keyboard.press("Shift+Enter")  # run the cell, select the next one
    deadline = time.monotonic() + 5
    while _active_cell(page) == before and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _active_cell(page) == before + 1, "Shift+Enter did not reach JupyterLab"
    assert browser_page.errors(origin=lab.url) == []


# Counts the pixels of a stored output's pictures that are not white and not
# the felt (cards, their faces and backs), after each picture has loaded.
_PICTURE_PIXELS_JS = """
async (img) => {
  if (!img.complete) await new Promise(r => { img.onload = r; img.onerror = r; });
  if (!img.naturalWidth) return -1;
  const c = document.createElement('canvas');
  c.width = img.naturalWidth; c.height = img.naturalHeight;
  const ctx = c.getContext('2d');
  ctx.drawImage(img, 0, 0);
  const d = ctx.getImageData(0, 0, c.width, c.height).data;
  let n = 0;
  for (let i = 0; i < d.length; i += 4) {
    const felt = Math.abs(d[i] - 0x1f) + Math.abs(d[i + 1] - 0x6a) + Math.abs(d[i + 2] - 0x3e);
    if (d[i + 3] > 0 && felt > 120) n++;
  }
  return n;
}
"""


@pytest.mark.parametrize("name", ["01-quick-start.ipynb", "04-save-load-replay.ipynb"])
def test_unrun_notebooks_show_pictures(browser_page: BrowserPage,
                                       jupyterlab_server: Callable[..., LabServer],
                                       tmp_path: Path, name: str) -> None:
    shutil.copy(NOTEBOOKS / name, tmp_path / name)
    games = sum(1 for cell in json.loads((NOTEBOOKS / name).read_text())["cells"]
                for output in cell.get("outputs", [])
                if "GameWidget" in "".join(output.get("data", {}).get("text/plain", "")))
    assert games > 0
    lab = jupyterlab_server(tmp_path)
    page = browser_page.page
    page.goto(lab.lab_url(name))
    page.wait_for_selector(".jp-Notebook", timeout=90_000)
    _accept_kernel_dialog(page)
    # Untrusted: JupyterLab shows the sanitized text/html of each widget output.
    page.wait_for_selector(".jp-OutputArea-output .sw-still img", timeout=60_000)
    pictures = page.locator(".jp-OutputArea-output .sw-still img")
    assert pictures.count() == games
    for index in range(games):
        picture = pictures.nth(index)
        picture.scroll_into_view_if_needed()
        assert picture.get_attribute("alt"), "the picture has no words"
        assert picture.evaluate(_PICTURE_PIXELS_JS) > 1_500, "the picture shows no cards"
        caption = picture.locator("xpath=..").inner_text()
        assert "run this code in Jupyter to play" in caption
        assert len(caption) < 400, caption
    # Nothing of a stripped player is left: no dead buttons, no "1 / 1".
    outputs = page.locator(".jp-OutputArea-output:has(.sw-still)")
    for index in range(outputs.count()):
        assert outputs.nth(index).locator("button").count() == 0


def test_nbconvert_shows_pictures(browser_page: BrowserPage, tmp_path: Path) -> None:
    name = "01-quick-start.ipynb"
    games = _widget_outputs(NOTEBOOKS / name)
    subprocess.run([sys.executable, "-m", "jupyter", "nbconvert", "--to", "html",
                    "--output-dir", str(tmp_path), str(NOTEBOOKS / name)],
                   check=True, capture_output=True, timeout=300)
    page_html = (tmp_path / name.replace(".ipynb", ".html")).read_text(encoding="utf-8")
    assert page_html.count('class="sw-still"') == games
    page = browser_page.page
    with served_directory(tmp_path) as url:
        page.goto(f"{url}/{name.replace('.ipynb', '.html')}", wait_until="load")
        pictures = page.locator(".sw-still img")
        assert pictures.count() == games
        for index in range(games):
            assert pictures.nth(index).evaluate(_PICTURE_PIXELS_JS) > 1_500
