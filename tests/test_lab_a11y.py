"""JupyterLab, for keyboard users and for notebooks opened without running them.

- ``test_table_is_no_keyboard_trap``: in a real JupyterLab, Tab reaches the
  table (its stage: a role, a label, a visible focus ring on the canvas,
  which is no tab stop itself), keys alone play a move there, Tab and
  Shift+Tab leave it, Escape leaves it for the notebook in command mode,
  and after a mouse click on the table the notebook's own shortcuts
  (Shift+Enter, B) still work.
- ``test_unrun_notebooks_show_pictures``: the shipped notebooks, opened
  untrusted and not run, show every table and every replay as a picture
  (pixels of cards, no garbled text of a player whose script was stripped).
- ``test_nbconvert_shows_players_and_pictures``: ``jupyter nbconvert --to
  html`` of the shipped notebooks shows each replay as a player that steps
  and each table as a picture; with scripts off, every one is a picture.
- ``test_every_widget_output_survives_a_strict_sanitizer_as_a_picture``: the
  stored HTML of every widget output, through a strict allow-list (no
  script, style, inline SVG, ids or handlers), is still a picture and a line
  (GitHub and nbviewer cannot be run here; this is what their sanitizers keep).
"""

from __future__ import annotations

import base64
import io
import json
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.browser_support import (
    REPO_ROOT,
    SCREENSHOTS,
    BrowserPage,
    LabServer,
    accept_kernel_dialog,
    open_and_run,
    served_directory,
    write_notebook,
)

NOTEBOOKS = REPO_ROOT / "notebooks"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
SVG = "http://www.w3.org/2000/svg"


def _active(page: Any) -> str:
    """What has the keyboard focus: 'table' (the stage round the canvas), 'canvas',
    'notebook', or the element's tag."""
    return str(page.evaluate("""() => {
        const a = document.activeElement;
        if (!a) return 'none';
        if (a.classList.contains('sw-stage')) return 'table';
        if (a.tagName === 'CANVAS') return 'canvas';
        if (a.classList.contains('jp-Notebook')) return 'notebook';
        return a.tagName.toLowerCase() + '.' + String(a.className).slice(0, 40);
    }"""))


def _cell_count(page: Any) -> int:
    return int(page.locator(".jp-Notebook .jp-Cell").count())


def _active_cell(page: Any) -> int:
    return int(page.evaluate("""() => Array.from(document.querySelectorAll(
        '.jp-Notebook .jp-Cell')).findIndex(c => c.classList.contains('jp-mod-active'))"""))


@pytest.mark.browser
def test_table_is_no_keyboard_trap(browser_page: BrowserPage,
                                   jupyterlab_server: Callable[..., LabServer],
                                   tmp_path: Path) -> None:
    write_notebook(tmp_path / "keys.ipynb", [
        "from solitaire_widgets.widgets import GameWidget\n"
        "table = GameWidget('klondike', seed=3, animate=False)\ntable",
        "from solitaire_widgets.widgets import ReplayWidget\n"
        "ReplayWidget(table.game, animate=False)",
        "print('cells done')",
        "x = 1",
    ])
    lab = jupyterlab_server(tmp_path)
    page = open_and_run(browser_page, lab, "keys.ipynb")
    canvas = page.locator(".jp-OutputArea-output canvas").first
    canvas.wait_for(timeout=60_000)
    stage = page.locator(".jp-OutputArea-output .sw-stage").first

    # A role, a label (on the stage, the table's one tab stop; the canvas is none).
    page.wait_for_function("() => { const s = document.querySelector("
                           "'.jp-OutputArea-output .sw-stage'); return s && s.getAttribute('role'); }",
                           timeout=20_000)
    assert stage.get_attribute("role") == "application"
    assert "Klondike" in (stage.get_attribute("aria-label") or "")
    assert stage.get_attribute("tabindex") == "0"
    assert canvas.get_attribute("tabindex") == "-1"

    # Tab reaches the table from the button before it...
    page.get_by_role("button", name="Auto-finish").first.focus()
    for _ in range(12):
        page.keyboard.press("Tab")
        if _active(page) == "table":
            break
    assert _active(page) == "table", "Tab never reached the table"
    # ... with a visible focus ring,
    ring = canvas.evaluate("c => [getComputedStyle(c).outlineStyle, "
                           "parseFloat(getComputedStyle(c).outlineWidth)]")
    assert ring[0] != "none" and ring[1] >= 2, ring
    # ... where keys alone play: Right to the hand (the first pile in reading
    # order: the stock, top left), Enter turns its next card.
    status = page.locator(".jp-OutputArea-output .solitaire-status").first
    assert "24 cards in the hand" in status.inner_text()
    for key in ("ArrowRight", "Enter"):
        page.keyboard.press(key)
    page.wait_for_function("() => document.querySelector('.jp-OutputArea-output "
                           ".solitaire-status').textContent.includes('23 cards in the hand')",
                           timeout=10_000)
    assert _active(page) == "table", "a key of the table keeps the focus there"
    # Tab, Shift+Tab and Escape leave it.
    page.keyboard.press("Tab")
    assert _active(page) not in ("table", "canvas"), "Tab is trapped on the table"
    page.keyboard.press("Shift+Tab")
    assert _active(page) == "table", "Shift+Tab did not come back to the table"
    page.keyboard.press("Shift+Tab")
    assert _active(page) not in ("table", "canvas"), "Shift+Tab is trapped on the table"
    assert page.evaluate("() => document.activeElement.tagName") == "BUTTON", \
        "Shift+Tab goes back to the table's buttons"
    stage.focus()
    page.keyboard.press("Escape")
    page.wait_for_function("() => document.activeElement && "
                           "!document.activeElement.classList.contains('sw-stage')",
                           timeout=5_000)
    assert page.locator(".jp-Notebook.jp-mod-commandMode").count() == 1

    # The replay takes no keys: its canvas is no tab stop, and after a click on
    # it Tab goes on.
    replay = page.locator(".jp-OutputArea-output canvas").nth(1)
    page.wait_for_function("() => { const c = document.querySelectorAll("
                           "'.jp-OutputArea-output canvas')[1]; "
                           "return c && c.getAttribute('tabindex') === '-1'; }", timeout=20_000)
    assert page.locator(".jp-OutputArea-output .sw-stage").nth(1).get_attribute(
        "tabindex") == "-1"
    replay.click(position={"x": 5, "y": 5})
    page.keyboard.press("Tab")
    assert _active(page) not in ("table", "canvas"), "Tab is trapped on the replay"

    # After a click on the table, the notebook's shortcuts still work.
    canvas.click(position={"x": 5, "y": 5})
    assert _active(page) == "table", "the canvas hands the focus on to its stage"
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


#: The shipped notebooks whose stored outputs hold widgets (03 has none).
WIDGET_NOTEBOOKS = ["01-quick-start.ipynb", "02-step-through-a-deal.ipynb",
                    "04-save-load-replay.ipynb"]
#: Apps for Voilà: their one output is the app's box (no table of its own to
#: leave a picture); tests/test_browser_voila.py plays them.
APP_NOTEBOOKS = ["05-app.ipynb"]


def _widgets(notebook: Path, kind: str = "") -> int:
    """How many stored widget outputs of ``notebook`` (of class ``kind``, if given)."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return sum(1 for cell in cells for output in cell.get("outputs", [])
               if WIDGET_VIEW in output.get("data", {})
               and "".join(output["data"].get("text/plain", "")).startswith(kind))


def test_every_notebook_with_widgets_is_checked() -> None:
    shipped = sorted(path.name for path in NOTEBOOKS.glob("*.ipynb") if _widgets(path))
    assert shipped == sorted(WIDGET_NOTEBOOKS + APP_NOTEBOOKS)
    assert all(_widgets(NOTEBOOKS / name, "ReplayWidget") for name in WIDGET_NOTEBOOKS[1:])


def test_the_shipped_notebooks_are_light_and_keep_no_widget_state() -> None:
    """At most 100 KB each (a table's picture is a light PNG), and no saved widget
    state: a view restored from it would draw a blank canvas and hide the picture
    (``make notebooks`` runs them without it)."""
    for path in sorted(NOTEBOOKS.glob("*.ipynb")):
        assert path.stat().st_size <= 100 * 1024, f"{path.name}: {path.stat().st_size} bytes"
        assert "widgets" not in json.loads(path.read_text(encoding="utf-8"))["metadata"]


@pytest.mark.browser
@pytest.mark.parametrize("name", WIDGET_NOTEBOOKS)
def test_unrun_notebooks_show_pictures(browser_page: BrowserPage,
                                       jupyterlab_server: Callable[..., LabServer],
                                       tmp_path: Path, name: str) -> None:
    shutil.copy(NOTEBOOKS / name, tmp_path / name)
    widgets = _widgets(NOTEBOOKS / name)
    assert widgets > 0
    lab = jupyterlab_server(tmp_path)
    page = browser_page.page
    page.goto(lab.lab_url(name))
    page.wait_for_selector(".jp-Notebook", timeout=90_000)
    accept_kernel_dialog(page)
    # Untrusted: JupyterLab shows the sanitized text/html of each widget output,
    # tables (GameWidget) and replays (ReplayWidget) alike.
    page.wait_for_selector(".jp-OutputArea-output .sw-still img", timeout=60_000)
    pictures = page.locator(".jp-OutputArea-output .sw-still img")
    assert pictures.count() == widgets
    for index in range(widgets):
        picture = pictures.nth(index)
        picture.scroll_into_view_if_needed()
        assert picture.get_attribute("alt"), "the picture has no words"
        assert picture.evaluate(_PICTURE_PIXELS_JS) > 1_500, "the picture shows no cards"
        # textContent, not innerText: JupyterLab skips rendering cells out of view
        # (content-visibility), and innerText of skipped content reads as empty.
        caption = " ".join(picture.locator("xpath=ancestor::figure[1]").text_content().split())
        assert "this code in Jupyter to" in caption
        assert len(caption) < 400, caption
    # Nothing of a stripped player is left: no dead buttons, no "Step 0 of",
    # and no text in an output beyond its picture's line.
    outputs = page.locator(".jp-OutputArea-output:has(.sw-still)")
    assert outputs.count() == widgets
    for index in range(widgets):
        output = outputs.nth(index)
        assert output.locator("button").count() == 0
        words = " ".join(output.text_content().split())
        assert "Step 0 of" not in words and len(words) < 400, words[:400]
    # At a phone's width each picture keeps its pile labels 9 px high or more
    # (it shrinks no further than its min-width, the table's readable width)
    # and scrolls sideways in its own box; the notebook does not.
    page.locator(".jp-SideBar .lm-TabBar-tab.lm-mod-current").first.click()  # fold the side bar
    page.set_viewport_size({"width": 390, "height": 844})
    time.sleep(1.0)
    for index in range(widgets):
        picture = pictures.nth(index)
        picture.scroll_into_view_if_needed()
        readable = float(picture.evaluate("img => parseFloat(img.style.minWidth)"))
        assert readable > 390, "a table's readable width is wider than a phone"
        shown = picture.evaluate("img => img.getBoundingClientRect().width")
        assert shown >= readable - 0.5, f"picture {index}: {shown:.0f} px, under {readable} px"
        box = picture.locator("xpath=ancestor::div[contains(@class, 'sw-still-box')][1]")
        assert box.evaluate("b => b.scrollWidth > b.clientWidth"), "the picture's box scrolls"
        assert box.evaluate("b => b.getBoundingClientRect().right") <= 390
        if index == 0:
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SCREENSHOTS / f"unrun-{name[:2]}-390.png"))
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


@pytest.mark.browser
def test_nbconvert_shows_a_picture_of_each_table(browser: Any, tmp_path: Path) -> None:
    # nbconvert's HTML of a notebook shows each table's and each replay's
    # picture, with scripts on or off.
    for name in WIDGET_NOTEBOOKS:
        subprocess.run([sys.executable, "-m", "jupyter", "nbconvert", "--to", "html",
                        "--output-dir", str(tmp_path), str(NOTEBOOKS / name)],
                       check=True, capture_output=True, timeout=300)
    with served_directory(tmp_path) as url:
        for scripts in (True, False):
            context = browser.new_context(java_script_enabled=scripts)
            try:
                page = context.new_page()
                for name in WIDGET_NOTEBOOKS:
                    pictures = _widgets(NOTEBOOKS / name)
                    page.goto(f"{url}/{name.replace('.ipynb', '.html')}", wait_until="load")
                    stills = page.locator(".sw-still img")
                    assert stills.count() == pictures, (name, scripts)
                    for index in range(pictures):
                        assert stills.nth(index).evaluate(_PICTURE_PIXELS_JS) > 1_500
            finally:
                context.close()


#: What survives a strict sanitizer, as GitHub's and nbviewer's renderers and
#: JupyterLab's (untrusted) apply them: plain text elements and images, no
#: script, no style, no inline SVG, no event handlers, no ids.
_ALLOWED_TAGS = {"figure", "figcaption", "img", "p", "div", "span", "b", "i", "em", "strong",
                 "code", "br", "details", "summary"}


def _strictly_sanitized(page: str) -> str:
    import bleach  # type: ignore[import-untyped]

    # Sanitizers drop a script's or a style's content with it (bleach alone keeps it as text).
    page = re.sub(r"<(script|style)\b.*?</\1>", "", page, flags=re.S | re.I)
    cleaned: str = bleach.clean(page, tags=_ALLOWED_TAGS,
                                attributes={"img": ["src", "alt", "width", "height"]},
                                protocols={"data", "http", "https"}, strip=True)
    return cleaned


@pytest.mark.parametrize("name", WIDGET_NOTEBOOKS)
def test_every_widget_output_survives_a_strict_sanitizer_as_a_picture(name: str) -> None:
    from PIL import Image

    cells = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))["cells"]
    outputs = [output.get("data", {}) for cell in cells for output in cell.get("outputs", [])]
    widgets = [at for at, data in enumerate(outputs) if WIDGET_VIEW in data]
    assert widgets
    for at in widgets:
        # The output just before each widget's is its picture.
        data = outputs[at - 1]
        assert at > 0 and "text/html" in data and WIDGET_VIEW not in data
        cleaned = _strictly_sanitized("".join(data["text/html"]))
        found = re.search(r'<img src="data:image/png;base64,([^"]+)" alt="[^"]+"', cleaned)
        assert found is not None, "no picture survives"
        picture = Image.open(io.BytesIO(base64.b64decode(found.group(1))))
        assert picture.width > 300 and picture.height > 150
        words = re.sub(r"<[^>]+>", "", cleaned)
        assert "this code in Jupyter to" in words
        assert len(words) < 400 and "Step 0 of" not in words, words[:400]
        assert "".join(data["text/plain"]) in words


