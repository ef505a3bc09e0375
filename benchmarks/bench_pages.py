"""What a reader's browser downloads for each page of the built book.

Run after ``make book-html``::

    python benchmarks/bench_pages.py                      # book/_build/html
    python benchmarks/bench_pages.py AFTER --before BEFORE  # two builds side by side

Each page is opened in headless Chromium (the system one, as in the tests)
from a local server, with an empty cache, and every response from that
server is counted: the HTML itself, and everything it loads (scripts, styles,
fonts, images), each at its size on disk, which is what a static server sends. For the HTML it also shows how much of it is saved widget
state (``application/vnd.jupyter.widget-state+json``) and how many bytes of
the theme's icon script were fetched. Sizes are bytes as served
(uncompressed), in KB of 1024 bytes.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import Any, NamedTuple
from urllib.parse import unquote, urlparse

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser_support import (  # noqa: E402
    CHROMIUM_ARGS,
    find_chromium,
    served_directory,
)

CHAPTERS = ("intro", "quarrel", "klondike", "chain", "embedding", "api", "glossary")
WIDGET_STATE = re.compile(
    r'<script[^>]*application/vnd\.jupyter\.widget-state\+json[^>]*>.*?</script>', re.S
)


class Weight(NamedTuple):
    """One page's weight, in bytes."""

    html: int
    widget_state: int
    icon_script: int
    total: int
    requests: int


def page_weight(browser: Any, base: str, page_name: str, html_dir: Path) -> Weight:
    """Open ``page_name`` with an empty cache; add up what the local server sent."""
    html = (html_dir / page_name).read_text(encoding="utf-8")
    state = sum(len(m.group().encode()) for m in WIDGET_STATE.finditer(html))
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    sizes: dict[str, int] = {}
    try:
        page = context.new_page()

        def on_response(response: Any) -> None:
            # A static server sends the file as it is on disk: count its size.
            if response.url.startswith(base) and response.ok:
                path = unquote(urlparse(response.url).path).lstrip("/") or "index.html"
                local = html_dir / path
                sizes[path] = local.stat().st_size if local.is_file() else 0

        page.on("response", on_response)
        page.goto(f"{base}/{page_name}", wait_until="networkidle")
    finally:
        context.close()
    icons = sum(size for url, size in sizes.items() if "fontawesome.js" in url)
    return Weight(len(html.encode()), state, icons, sum(sizes.values()), len(sizes))


def weigh(html_dir: Path, browser: Any) -> dict[str, Weight]:
    """The weight of every chapter of the book built in ``html_dir``."""
    with served_directory(html_dir) as base:
        return {name: page_weight(browser, base, f"{name}.html", html_dir)
                for name in CHAPTERS if (html_dir / f"{name}.html").is_file()}


def _kb(size: int) -> str:
    return f"{size / 1024:,.0f}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("after", nargs="?", default=str(ROOT / "book" / "_build" / "html"))
    parser.add_argument("--before", help="another build of the book, shown beside")
    args = parser.parse_args()
    dirs = {"after": Path(args.after)}
    if args.before:
        dirs = {"before": Path(args.before), **dirs}
    for label, directory in dirs.items():
        if not (directory / "index.html").is_file():
            print(f"No built book in {directory} ({label}): run `make book-html` first.")
            return 0
    chromium = find_chromium()
    if chromium is None:
        print("bench_pages needs Chromium (Debian: apt-get install chromium)")
        return 1
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, headless=True,
                                    args=list(CHROMIUM_ARGS))
        try:
            results = {label: weigh(directory, browser) for label, directory in dirs.items()}
        finally:
            browser.close()

    print("KB per page, as downloaded with an empty cache (HTML: of which widget state)")
    header = f"{'page':<10}"
    for label in results:
        header += f" | {label + ': HTML':>13} {'state':>6} {'icons':>6} {'total':>6} {'req':>4}"
    print(header)
    for name in CHAPTERS:
        row = f"{name:<10}"
        for weights in results.values():
            if name not in weights:
                row += f" | {'-':>13} {'':>6} {'':>6} {'':>6} {'':>4}"
                continue
            w = weights[name]
            row += (f" | {_kb(w.html):>13} {_kb(w.widget_state):>6} {_kb(w.icon_script):>6}"
                    f" {_kb(w.total):>6} {w.requests:>4}")
        print(row)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
