"""A second visit starts the in-page engine from the copy the browser kept.

The first visit to an exported table starts Python and imports the package,
then keeps a copy of that engine (a Pyodide memory snapshot) in the page's
Cache Storage, under a key made of the runtime's version and the wheel's
SHA-256. A copy that cannot be used (here: one from another build of the
runtime, left under this build's key) is dropped and the engine starts as
usual. The second visit starts from the copy (the page says so in
``data-sw-engine``) and plays a move, though the copy's memory was made
larger than the runtime's module starts with. No request leaves 127.0.0.1.

How long each start takes is measured in ``benchmarks/bench_web.py``.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

import pytest

from solitaire_widgets import new_game
from solitaire_widgets.save_writer import position_data
from solitaire_widgets.web import export_html
from solitaire_widgets.web.runtime import PYODIDE_VERSION, wheel_name
from tests.browser_support import BrowserPage, served_directory

pytestmark = pytest.mark.browser

START_TIMEOUT = 90_000

#: A copy with Pyodide's snapshot header but another build's id: the runtime
#: refuses it after the WebAssembly is instantiated, the deepest place a
#: restore can fail.
_PLANT = """async (key) => {
  const bytes = new Uint8Array(1 << 16);
  const words = new Uint32Array(bytes.buffer);
  words[0] = 1886286592;              // the snapshot's magic number
  words[1] = 1024; words[2] = 2;      // where the memory starts, its JSON's length
  words.fill(0x5eed, 4, 12);          // a build id no runtime has
  const cache = await caches.open("solitaire-widgets-engine");
  await cache.put(key, new Response(bytes, {headers: {"x-sw-length": String(bytes.length)}}));
}"""

#: The kept copy, its memory grown by zero bytes to at least 41 MiB: what
#: Python's memory is once the package imports more (the runtime's module
#: starts with 30 MiB, and must grow before the copy is written into it).
_GROWN = """async (key) => {
  const cache = await caches.open("solitaire-widgets-engine");
  const kept = new Uint8Array(await (await cache.match(key)).arrayBuffer());
  const start = new DataView(kept.buffer).getUint32(4, true);
  const grown = new Uint8Array(start + Math.max(kept.length - start, 40 << 20) + (1 << 20));
  grown.set(kept);
  await cache.put(key, new Response(grown, {headers: {"x-sw-length": String(grown.length)}}));
  return [kept.length - start, grown.length - start];
}"""

_KEPT_KEYS = """async () => {
  const cache = await caches.open("solitaire-widgets-engine");
  return (await cache.keys()).map(request => request.url);
}"""


def _start(page: Any) -> None:
    page.locator(".sw-play-here").click()
    page.wait_for_function("window.solitaireTables[0].ready.then(() => true)",
                           timeout=START_TIMEOUT)


def test_a_second_visit_starts_from_the_kept_engine_and_plays(browser_page: BrowserPage,
                                                              tmp_path: Path) -> None:
    site = tmp_path / "site"
    page_file = export_html("klondike", site, seed=7)
    # Started by Play here alone (the start before the click: test_web_prestart.py).
    page_file.write_text(page_file.read_text(encoding="utf-8").replace(
        "<html ", '<html data-sw-prestart="off" ', 1), encoding="utf-8")
    digest = hashlib.sha256((site / "sw-web" / wheel_name()).read_bytes()).hexdigest()
    page = browser_page.page
    requests: list[str] = []
    page.context.on("request", lambda request: requests.append(request.url))
    with served_directory(site) as url:
        key = f"{url}/sw-web/kept-engine/pyodide-{PYODIDE_VERSION}/{digest}"
        page.goto(f"{url}/index.html")
        page.evaluate(_PLANT, key)

        # First visit: the planted copy is refused, Python starts anew, a copy is kept.
        _start(page)
        html = page.locator("html")
        assert html.get_attribute("data-sw-engine") == "fresh"
        page.wait_for_function(
            "document.documentElement.getAttribute('data-sw-engine-kept') === 'true'",
            timeout=START_TIMEOUT)
        assert page.evaluate(_KEPT_KEYS) == [key], "one copy, under this build's key"
        memory, grown = page.evaluate(_GROWN, key)
        assert memory < grown, "the copy is made larger than the module's first memory"

        # Second visit: the engine starts from the copy, and plays.
        page.reload()
        assert html.get_attribute("data-sw-engine") is None
        _start(page)
        assert html.get_attribute("data-sw-engine") == "kept"
        reference = new_game("klondike", seed=7)
        move = next(m for m in reference.legal_moves() if m.action == "move")
        root = page.locator(".sw-table").first
        root.locator(".sw-typed textarea").fill(str(move))
        root.locator(".sw-typed textarea").press("Enter")
        page.wait_for_function(
            "document.querySelector('.sw-table').getAttribute('data-sw-moves') === '1'")
        reference.play(move)
        assert page.evaluate("window.solitaireTables[0].state()") == position_data(reference)
    assert requests and all(r.startswith(url) for r in requests), requests
    assert browser_page.errors() == []
