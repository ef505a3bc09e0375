"""Notebooks as apps: Voilà serves a notebook's outputs alone, and its tables play.

Voilà runs ``notebooks/05-app.ipynb`` (a game and deal chooser, a table, a
replay) and the quick start on this machine; every request off it is refused
and fails the test. The table must be painted (ipycanvas draws through
custom messages, so its canvas's pixels are read, not only the DOM), and a
move played with the mouse, a card clicked then the card it goes onto.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest

from solitaire_widgets import new_game
from solitaire_widgets.render import layout
from tests.browser_support import (
    PAINTED_JS,
    SCREENSHOTS,
    BrowserPage,
    _stop_process_group,
    free_port,
    settle_canvas,
    wait_until,
)
from tests.test_browser_widgets import CanvasProbe, _top_card_point

pytestmark = pytest.mark.browser

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
#: The width of a GameWidget's table (its default).
WIDTH = 760

@contextlib.contextmanager
def voila(notebook: Path, timeout: float = 120.0) -> Iterator[str]:
    """Serve ``notebook`` with Voilà on 127.0.0.1 (its own config and runtime dirs), started
    where a reader starts it, at the repository's root (``voila.json`` there chooses the
    package's template)."""
    port = free_port()
    home = Path(tempfile.mkdtemp(prefix="solitaire-voila-"))
    env = {**os.environ, "JUPYTER_CONFIG_DIR": str(home / "config"),
           "JUPYTER_RUNTIME_DIR": str(home / "runtime"), "IPYTHONDIR": str(home / "ipython"),
           "JUPYTER_PLATFORM_DIRS": "1", "PYTHONUNBUFFERED": "1"}
    cmd = [sys.executable, "-m", "voila", str(notebook), "--no-browser",
           "--Voila.ip=127.0.0.1", f"--port={port}", "--Voila.port_retries=0"]
    url = f"http://127.0.0.1:{port}"
    log_path = home / "voila.log"
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=env,
                                start_new_session=True, cwd=NOTEBOOKS.parent)
        try:
            deadline = time.monotonic() + timeout
            while True:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"Voilà did not start on {url}:\n"
                                       + log_path.read_text(errors="replace")[-5000:])
                try:
                    with urllib.request.urlopen(f"{url}/api/status", timeout=5):
                        break
                except urllib.error.HTTPError:
                    break  # it answers
                except (urllib.error.URLError, ConnectionError, TimeoutError):
                    time.sleep(0.5)
            yield url
        finally:
            _stop_process_group(proc)
            shutil.rmtree(home, ignore_errors=True)


def _wait(check: Callable[[], bool], what: str, timeout: float = 90.0) -> None:
    wait_until(check, what, timeout, every=0.3)     # Voila starts a kernel per page: slower


def _open(record: BrowserPage, url: str) -> list[str]:
    """Open the app at ``url``, refusing (and listing) every request off this machine."""
    off_machine: list[str] = []

    def route(route: Any) -> None:
        if urlparse(route.request.url).hostname in ("127.0.0.1", "localhost"):
            route.continue_()
        else:
            off_machine.append(route.request.url)
            route.abort()

    record.page.route("**/*", route)
    record.page.goto(url, timeout=120_000)
    return off_machine


def test_the_app_plays_in_voila(browser_page: BrowserPage) -> None:
    page = browser_page.page
    with voila(NOTEBOOKS / "05-app.ipynb") as url:
        off_machine = _open(browser_page, url)
        stage = page.locator(".sw-stage canvas")
        _wait(lambda: stage.count() >= 2, "the app's table and replay")
        canvas = stage.first
        _wait(lambda: canvas.evaluate(PAINTED_JS) > 20_000, "the table is painted")
        settle_canvas(canvas)
        assert "import ipywidgets" not in page.inner_text("body"), "Voilà shows no code"
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "voila-app.png"), full_page=True)

        # Klondike deal 7: the three of spades (column 3) onto the four of hearts (column 1).
        game = new_game("klondike", seed=7)
        scene = layout(game, game.table, WIDTH)
        probe = CanvasProbe(page, canvas)
        probe.save("before")
        probe.click(*_top_card_point(scene, "t3"))
        probe.click(*_top_card_point(scene, "t1"))
        _wait(lambda: "the four of hearts, the three of spades" in page.inner_text("body"),
              "the move played with the mouse", timeout=30)
        settle_canvas(canvas)
        assert probe.diff("before") > 1_000, "the canvas did not change"
        page.screenshot(path=str(SCREENSHOTS / "voila-app-after-a-move.png"), full_page=True)

        # The deal chooser: Chain, deal 5, a new table in place of the old one.
        page.get_by_role("combobox").first.select_option(label="Chain")
        deal = page.get_by_role("spinbutton").first
        deal.fill("5")
        deal.press("Enter")
        page.get_by_role("button", name="Deal", exact=True).click()
        _wait(lambda: "Chain, deal 5" in page.inner_text("body"), "the chosen deal")
        assert off_machine == []
        assert browser_page.errors(origin=url) == []


def test_the_quick_start_plays_in_voila(browser_page: BrowserPage) -> None:
    page = browser_page.page
    with voila(NOTEBOOKS / "01-quick-start.ipynb") as url:
        off_machine = _open(browser_page, url)
        tables = page.locator(".sw-stage canvas")
        _wait(lambda: tables.count() == 3, "the quick start's three tables")
        painted = ("els => els.filter(c => c.getContext('2d').getImageData("
                   "0, 0, c.width, c.height).data.some((v, i) => i % 4 === 0 && v < 100)).length")
        _wait(lambda: tables.evaluate_all(painted) == 3, "the three tables are painted")
        stills = page.locator(".sw-still img")
        _wait(lambda: stills.evaluate_all(
            "els => els.filter(e => e.offsetParent !== null).length") == 0,
            "each live table hides its picture", timeout=20)
        page.screenshot(path=str(SCREENSHOTS / "voila-quick-start.png"))
        assert off_machine == []
        assert browser_page.errors(origin=url) == []
