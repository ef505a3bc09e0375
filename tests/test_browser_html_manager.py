"""A table in a front end without JupyterLab's CSS: the standard HTML widget manager.

VS Code, Colab and other front ends render a notebook's outputs with the
standard HTML widget manager (``@jupyter-widgets/html-manager``), each output
in an element of their own, with none of JupyterLab's classes or CSS. The
page ``tests/html_manager/`` does the same: the manager from npm (pinned,
``tests/npm_support.py``), the widgets' modules from the Python environment
(``share/jupyter/nbextensions``, where VS Code finds them too), a kernel of
a Jupyter server reached over its REST API and WebSocket. Served locally:
any request off this machine is refused and fails the test.

A table's cell of the shipped quick start, as saved, shows one picture;
run in the kernel, one live table (the canvas painted) and the picture
hidden by the widget's own script.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest

from tests.browser_support import (
    PAINTED_JS,
    SCREENSHOTS,
    BrowserPage,
    LabServer,
    served_directory,
    settle_canvas,
    wait_until,
)
from tests.npm_support import HTML_MANAGER, REQUIREJS, read_member

pytestmark = pytest.mark.browser

REPO_ROOT = Path(__file__).resolve().parent.parent
PAGE_DIR = Path(__file__).with_name("html_manager")
QUICK_START = REPO_ROOT / "notebooks" / "01-quick-start.ipynb"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
NBEXTENSIONS = Path(sys.prefix) / "share" / "jupyter" / "nbextensions"

def _first_table_cell() -> dict[str, Any]:
    notebook = json.loads(QUICK_START.read_text(encoding="utf-8"))
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code" and any(
                WIDGET_VIEW in output.get("data", {}) for output in cell["outputs"]):
            return {"source": "".join(cell["source"]), "outputs": cell["outputs"]}
    raise AssertionError(f"{QUICK_START.name} shows no table")


def _write_page(folder: Path) -> None:
    """The page, the manager and require.js (from npm), the widgets' modules (from Python)."""
    files = {name: (PAGE_DIR / name).read_bytes() for name in ("index.html", "notebook.js")}
    files["require.js"] = read_member(REQUIREJS, "require.js").encode()
    files["libembed-amd.js"] = read_member(HTML_MANAGER, "dist/libembed-amd.js").encode()
    for module in ("anywidget", "ipycanvas"):
        files[f"nbextensions/{module}/index.js"] = (NBEXTENSIONS / module / "index.js").read_bytes()
    for name, body in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(body)


def test_a_live_table_hides_its_picture_in_the_html_widget_manager(
        browser_page: BrowserPage, jupyterlab_server: Callable[..., LabServer],
        tmp_path: Path) -> None:
    lab = jupyterlab_server(tmp_path)
    site = tmp_path / "site"
    _write_page(site)
    with served_directory(site) as static:
        _check_the_page(browser_page, lab, static)


def _check_the_page(browser_page: BrowserPage, lab: LabServer, static: str) -> None:
    page = browser_page.page
    # The page is served from the Jupyter server's origin (its kernel's REST API
    # and WebSocket are then the page's own), its files fetched from `static`.
    prefix = f"{lab.url}/sw-html-manager/"
    off_machine: list[str] = []

    def route(route: Any) -> None:
        url = route.request.url
        if url.startswith(prefix):
            route.continue_(url=static + "/" + url.removeprefix(prefix))
        elif urlparse(url).hostname in ("127.0.0.1", "localhost"):
            route.continue_()
        else:
            off_machine.append(url)
            route.abort()

    page.route("**/*", route)
    page.goto(prefix + "index.html")
    cell = _first_table_cell()
    page.evaluate("cells => window.swNotebook.showSaved(cells)", [cell])

    stills = page.locator(".output .sw-still img")
    shown = "els => els.filter(e => e.offsetParent !== null && e.offsetWidth > 300).length"
    wait_until(lambda: stills.evaluate_all(shown) == 1, "the saved picture shows")
    assert page.locator("canvas").count() == 0
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "html-manager-before-the-kernel.png"), full_page=True)

    page.evaluate("([base, token, cells]) => window.swNotebook.run(base, token, cells)",
                  [lab.url, lab.token, [cell]])
    canvas = page.locator(".output canvas").first
    wait_until(lambda: page.locator(".output canvas").count() > 0, "a live table")
    wait_until(lambda: canvas.evaluate(PAINTED_JS) > 20_000, "the live table is painted")
    wait_until(lambda: stills.evaluate_all(shown) == 0, "the live table hides its picture",
          timeout=30)
    assert stills.count() == 1, "the picture output is still there, hidden"
    settle_canvas(canvas)
    assert page.locator(".sw-stage").evaluate_all(
        "els => els.filter(e => e.offsetParent !== null).length") == 1
    page.screenshot(path=str(SCREENSHOTS / "html-manager-live-table.png"), full_page=True)
    assert off_machine == []
    assert browser_page.errors(origin=lab.url) == []
