"""The in-page engine starts before the click, once a table comes near, in real Chromium.

A page's engine starts when one of its tables comes within a screen of the
viewport (the browser then idle), not before; never when the connection asks
to save data or is slow (emulated through Chromium's DevTools protocol), nor
where the page says ``data-sw-prestart="off"``; a page with several tables
starts one engine, which every table then uses; and Play here after the
pre-start opens the table with no loading bar and plays. No request leaves
127.0.0.1.

How much sooner a table plays is measured in ``benchmarks/bench_web.py``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from solitaire_widgets import new_game
from solitaire_widgets.save_writer import position_data
from solitaire_widgets.web import export_html, head_html, table_html
from tests.browser_support import BrowserPage, served_directory

pytestmark = pytest.mark.browser

START_TIMEOUT = 90_000
#: Long enough for a page that would start its engine to have asked for it
#: (the pre-start waits for the browser to be idle, at most 2 s).
QUIET_MS = 4_000

_PAGE = """<!DOCTYPE html><html lang="en"{attrs}><head><meta charset="utf-8">
<link rel="icon" href="data:,">{head}</head><body>{body}</body></html>"""

#: Counts the Web Workers the page makes.
_COUNT_WORKERS = """(() => {
  const Original = window.Worker;
  window.swWorkersMade = 0;
  window.Worker = class extends Original {
    constructor(...args) { super(...args); window.swWorkersMade += 1; }
  };
})();"""

#: True once the engine, started by anyone, has answered its first request.
_ENGINE_UP = """() => {
  const web = window.solitaireWeb, started = web && web.booting && web.booting();
  return started ? started.then(() => true) : false;
}"""

#: Records whether a loading bar (a progress bar of the engine's bytes) ever shows.
_WATCH_LOADING = """() => {
  window.swLoadingShown = false;
  new MutationObserver(() => {
    if (document.querySelector(".sw-loading progress[max='100']")) { window.swLoadingShown = true; }
  }).observe(document.body, {childList: true, subtree: true});
}"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An exported table (``index.html``, the table in view), and beside it pages of
    one table far below (``far.html``), of three tables (``several.html``), and of a
    table in view with the pre-start switched off for the page (``off.html``)."""
    folder = tmp_path_factory.mktemp("prestart") / "site"
    export_html("klondike", folder, seed=7, language="en")
    head = head_html(language="en")
    pages = {
        "far.html": ("", '<div style="height: 12000px">Text to read first.</div>'
                     + table_html("chain", seed=54, language="en")),
        "several.html": ("", "".join(table_html(game, seed=seed, language="en")
                                     for game, seed in (("chain", 54), ("quarrel", 3),
                                                        ("klondike", 7)))),
        "off.html": (' data-sw-prestart="off"', table_html("klondike", seed=7, language="en")),
    }
    for name, (attrs, body) in pages.items():
        (folder / name).write_text(_PAGE.format(attrs=attrs, head=head, body=body),
                                   encoding="utf-8")
    return folder


def _engine_requests(requests: list[str]) -> list[str]:
    return [r for r in requests if r.endswith("/worker.js") or "/pyodide/" in r]


def _record(page: Any) -> list[str]:
    requests: list[str] = []
    page.context.on("request", lambda request: requests.append(request.url))
    return requests


def test_the_engine_starts_when_a_table_scrolls_near_before_any_click(
        browser_page: BrowserPage, site: Path) -> None:
    page = browser_page.page
    page.add_init_script(_COUNT_WORKERS)
    requests = _record(page)
    with served_directory(site) as url:
        page.goto(f"{url}/far.html")
        page.wait_for_timeout(QUIET_MS)
        assert _engine_requests(requests) == [], "nothing fetched while the table is far away"
        assert page.evaluate("window.swWorkersMade") == 0
        # The table comes within a screen of the bottom of the window.
        page.evaluate("""() => {
          const top = document.querySelector('.sw-table').getBoundingClientRect().top;
          window.scrollTo(0, top - window.innerHeight * 1.5);
        }""")
        assert page.evaluate(
            "document.querySelector('.sw-table').getBoundingClientRect().top > innerHeight"), \
            "the table itself is not in view yet"
        page.wait_for_function("window.swWorkersMade === 1", timeout=20_000)
        page.wait_for_function(_ENGINE_UP, timeout=START_TIMEOUT)
        assert page.evaluate("window.solitaireWeb.prestart.state") == "started"
        assert not page.evaluate("window.solitaireTables[0].started"), "no click"
        assert any(r.endswith("/pyodide/pyodide.asm.wasm") for r in requests), \
            "the runtime requested before any click"
        assert page.evaluate("window.solitaireTables[0].view") is None
    assert requests and all(r.startswith(url) for r in requests), requests
    assert browser_page.errors() == []


@pytest.mark.parametrize("connection", ["save-data", "2g", "switched-off"])
def test_no_pre_start_when_data_is_to_be_saved_on_a_slow_connection_or_switched_off(
        browser_page: BrowserPage, site: Path, connection: str) -> None:
    page = browser_page.page
    page.add_init_script(_COUNT_WORKERS)
    requests = _record(page)
    protocol = page.context.new_cdp_session(page)
    if connection == "save-data":
        protocol.send("Emulation.setDataSaverOverride", {"dataSaverEnabled": True})
    elif connection == "2g":
        # DevTools' throttling sets what the page reads as the connection's type:
        # a round trip of 1.5 s makes it "2g" (the bytes flow fast, to keep the test short).
        protocol.send("Network.enable")
        protocol.send("Network.emulateNetworkConditions", {
            "offline": False, "latency": 1500, "downloadThroughput": 10_000_000,
            "uploadThroughput": 10_000_000})
    name = "off.html" if connection == "switched-off" else "index.html"
    with served_directory(site) as url:
        page.goto(f"{url}/{name}", timeout=START_TIMEOUT)
        if connection == "save-data":
            assert page.evaluate("navigator.connection.saveData") is True
        if connection == "2g":
            assert page.evaluate("navigator.connection.effectiveType") == "2g"
        page.wait_for_timeout(QUIET_MS)
        assert _engine_requests(requests) == []
        assert page.evaluate("window.swWorkersMade") == 0
        why = {"save-data": "save-data", "2g": "slow-connection", "switched-off": "switch"}
        assert page.evaluate("window.solitaireWeb.prestart") == {"state": "off",
                                                                 "why": why[connection]}
        if connection == "switched-off":
            # Play here still starts the engine, as before.
            page.locator(".sw-play-here").click()
            page.wait_for_function("window.solitaireTables[0].ready.then(() => true)",
                                   timeout=START_TIMEOUT)
            assert page.evaluate("window.swWorkersMade") == 1
    assert browser_page.errors() == []


def test_a_page_of_several_tables_starts_one_engine_that_every_table_uses(
        browser_page: BrowserPage, site: Path) -> None:
    page = browser_page.page
    page.add_init_script(_COUNT_WORKERS)
    requests = _record(page)
    with served_directory(site) as url:
        page.goto(f"{url}/several.html")
        page.wait_for_function(_ENGINE_UP, timeout=START_TIMEOUT)
        assert page.evaluate("window.solitaireTables.some(t => t.started)") is False
        # Scrolled through, every table in and out of view.
        for y in (0, 2000, 0, 4000):
            page.evaluate("(y) => window.scrollTo(0, y)", y)
            page.wait_for_timeout(300)
        for index in (2, 0):
            page.locator(".sw-play-here").nth(index).click()
        for index in (2, 0):
            page.wait_for_function("(i) => window.solitaireTables[i].ready.then(() => true)",
                                   arg=index, timeout=START_TIMEOUT)
        assert page.evaluate("window.swWorkersMade") == 1
        engine = _engine_requests(requests)
        assert len([r for r in engine if r.endswith("/worker.js")]) == 1
        assert len([r for r in engine if r.endswith("/pyodide.asm.wasm")]) == 1
        states = page.evaluate("Promise.all([0, 2].map(i => window.solitaireTables[i].state()))")
        assert [s["game"] for s in states] == ["chain", "klondike"]
    assert browser_page.errors() == []


def test_play_here_after_the_pre_start_plays_at_once_and_a_second_visit_starts_the_kept_engine(
        browser_page: BrowserPage, site: Path) -> None:
    page = browser_page.page
    requests = _record(page)
    with served_directory(site) as url:
        page.goto(f"{url}/index.html")
        page.wait_for_function(_ENGINE_UP, timeout=START_TIMEOUT)
        html = page.locator("html")
        assert html.get_attribute("data-sw-engine") == "fresh"
        page.evaluate(_WATCH_LOADING)
        before = len(requests)
        page.locator(".sw-play-here").click()
        page.wait_for_function("window.solitaireTables[0].ready.then(() => true)",
                               timeout=START_TIMEOUT)
        assert page.evaluate("window.swLoadingShown") is False, "no loading bar"
        assert requests[before:] == [], "nothing more fetched: the engine was running"
        reference = new_game("klondike", seed=7)
        move = next(m for m in reference.legal_moves() if m.action == "move")
        root = page.locator(".sw-table").first
        root.locator(".sw-typed textarea").fill(str(move))
        root.locator(".sw-typed textarea").press("Enter")
        page.wait_for_function(
            "document.querySelector('.sw-table').getAttribute('data-sw-moves') === '1'")
        reference.play(move)
        assert page.evaluate("window.solitaireTables[0].state()") == position_data(reference)

        # The pre-started engine kept its copy: the next visit's pre-start starts from it.
        page.wait_for_function(
            "document.documentElement.getAttribute('data-sw-engine-kept') === 'true'",
            timeout=START_TIMEOUT)
        page.reload()
        page.wait_for_function(_ENGINE_UP, timeout=START_TIMEOUT)
        assert html.get_attribute("data-sw-engine") == "kept"
        assert not page.evaluate("window.solitaireTables[0].started")
    assert requests and all(r.startswith(url) for r in requests), requests
    assert browser_page.errors() == []
