"""An accessibility audit of every page of the built book, with axe-core in Chromium.

axe-core comes from the npm registry, pinned and integrity-checked
(:mod:`tests.npm_support`). Every top-level page is audited in the light and
the dark theme; no violation of impact "serious" or "critical" may remain.
The summary line (pages, violations by impact) is what the book's "Speed and
reliability" chapter (``book/measurements.md``) quotes:

    .venv/bin/pytest tests/test_a11y.py -m browser -s -p no:randomly
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.npm_support import AXE_CORE, read_member

pytestmark = [pytest.mark.book, pytest.mark.browser]

#: The impacts that fail the audit.
BLOCKING = ("serious", "critical")


def book_pages(html_dir: Path) -> list[str]:
    """Every top-level page of the built book (search and index pages too)."""
    return sorted(path.name for path in html_dir.glob("*.html"))


#: How many scrollable blocks have no tab stop yet. The theme (pydata-sphinx-theme)
#: gives each block that scrolls a tab stop when the page starts, and again, 300 ms
#: after the content changes; on a busy machine the audit may come in between.
_UNREACHABLE_JS = """
() => [...document.querySelectorAll(
    'pre, .nboutput > .output_area, .cell_output > .output, .jp-RenderedHTMLCommon, '
    + '.pst-scrollable-table-container')]
  .filter(e => (e.scrollWidth > e.clientWidth || e.scrollHeight > e.clientHeight)
               && e.tabIndex < 0).length
"""


def audit(browser: Any, url: str, axe_source: str, *, dark: bool,
          width: int = 1280) -> list[dict[str, Any]]:
    """axe-core's violations on ``url`` (light or dark theme), one dict per rule."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

    context = browser.new_context(viewport={"width": width, "height": 900},
                                  color_scheme="dark" if dark else "light")
    try:
        page = context.new_page()
        mode = "dark" if dark else "light"
        page.add_init_script(f"localStorage.setItem('mode','{mode}');"
                             f"localStorage.setItem('theme','{mode}');")
        page.goto(url, wait_until="networkidle")
        assert page.evaluate("document.documentElement.dataset.theme") == mode
        # Let the theme's tab stops catch up with the layout (for 5 s at most: a
        # block that stays out of reach is then reported by the audit).
        try:
            page.wait_for_function(f"({_UNREACHABLE_JS})() === 0", timeout=5000)
        except PlaywrightTimeoutError:
            pass
        page.add_script_tag(content=axe_source)
        result: list[dict[str, Any]] = page.evaluate(
            """async () => {
                const r = await axe.run(document, {resultTypes: ['violations']});
                return r.violations.map(v => ({
                    id: v.id, impact: v.impact, help: v.help,
                    nodes: v.nodes.map(n => n.target.join(' ') + ': ' + n.failureSummary)
                }));
            }"""
        )
        return result
    finally:
        context.close()


def test_every_page_has_no_serious_or_critical_violation(
    built_book: Path, book_site: str, browser: Any
) -> None:
    axe_source = read_member(AXE_CORE, "axe.min.js")
    pages = book_pages(built_book)
    assert {"intro.html", "quarrel.html", "klondike.html", "chain.html",
            "embedding.html", "api.html", "glossary.html"} <= set(pages)
    blocking: list[str] = []
    by_impact: dict[str, int] = {}
    for name in pages:
        for dark in (False, True):
            for violation in audit(browser, f"{book_site}/{name}", axe_source, dark=dark):
                impact = violation["impact"] or "unknown"
                by_impact[impact] = by_impact.get(impact, 0) + 1
                if impact in BLOCKING:
                    shown = "\n      ".join(violation["nodes"][:5])
                    blocking.append(
                        f"{name} ({'dark' if dark else 'light'}): {violation['id']} "
                        f"[{impact}] {violation['help']} ({len(violation['nodes'])} nodes)"
                        f"\n      {shown}"
                    )
    print(f"\naxe-core {AXE_CORE.version}: {len(pages)} pages x 2 themes; "
          f"violations by impact: {by_impact or 'none'}")
    assert blocking == [], "\n".join(blocking)


# --------------------------------------------------------------------------
# Dark mode: every player's words stay readable
# --------------------------------------------------------------------------

#: The contrast of each text element of ``selector`` against the colour behind it
#: (WCAG 2 relative luminance; backgrounds are looked up through the ancestors).
_CONTRAST_JS = """
(selector) => {
  const rgb = s => (s.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => {
    const f = c => { c /= 255; return c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const behind = el => {
    for (let e = el; e; e = e.parentElement) {
      const c = rgb(getComputedStyle(e).backgroundColor);
      if (c.length >= 3 && (c.length < 4 || c[3] > 0.5)) return c;
    }
    return [255, 255, 255];
  };
  const found = [];
  for (const root of document.querySelectorAll(selector)) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const seen = new Set();
    for (let t = walker.nextNode(); t; t = walker.nextNode()) {
      const el = t.parentElement;
      if (!t.textContent.trim() || seen.has(el) || el.closest('svg, style, script')) continue;
      if (!el.getClientRects().length) continue;
      seen.add(el);
      const fg = rgb(getComputedStyle(el).color), bg = behind(el);
      const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
      found.push([el.className || el.tagName, t.textContent.trim().slice(0, 30),
                  Math.round(((a + 0.05) / (b + 0.05)) * 100) / 100]);
    }
  }
  return found;
}
"""


def _dark_contrasts(browser: Any, url: str, selector: str) -> list[list[Any]]:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme="dark")
    try:
        page = context.new_page()
        page.add_init_script("localStorage.setItem('mode','dark');"
                             "localStorage.setItem('theme','dark');")
        page.goto(url, wait_until="networkidle")
        assert page.evaluate("document.documentElement.dataset.theme") == "dark"
        found: list[list[Any]] = page.evaluate(_CONTRAST_JS, selector)
        return found
    finally:
        context.close()


def test_every_players_text_is_readable_in_dark_mode(book_site: str, browser: Any) -> None:
    low: list[str] = []
    counted = 0
    for chapter in ("quarrel", "klondike", "chain", "embedding"):
        for cls, text, ratio in _dark_contrasts(browser, f"{book_site}/{chapter}.html",
                                                ".sw-player"):
            counted += 1
            if ratio < 4.5:
                low.append(f"{chapter}: {cls} {text!r} {ratio}:1")
    assert counted > 20, "no player text was found"
    assert low == [], "\n".join(low)


def test_table_pictures_captions_are_readable_in_dark_mode(book_site: str,
                                                          browser: Any) -> None:
    # The embedding guide shows a GameWidget: without a kernel, a picture and a line.
    found = _dark_contrasts(browser, f"{book_site}/embedding.html", ".sw-still")
    assert found, "no picture of a table with a caption"
    assert all(ratio >= 4.5 for _cls, _text, ratio in found), found


_FOCUS_RING_JS = """(el) => {
  const rgb = s => (s.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => {
    const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const ratio = (x, y) => { const [a, b] = [lum(x), lum(y)].sort((p, q) => q - p);
    return (a + 0.05) / (b + 0.05); };
  let bg = [255, 255, 255];
  for (let e = el.parentElement; e; e = e.parentElement) {
    const c = rgb(getComputedStyle(e).backgroundColor);
    if (c.length >= 3 && (c.length < 4 || c[3] > 0.5)) { bg = c; break; }
  }
  const style = getComputedStyle(el);
  const rings = [];
  if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2)
    rings.push(ratio(rgb(style.outlineColor), bg));
  const shadow = style.boxShadow.match(/rgba?\\([^)]*\\)/);
  if (shadow) rings.push(ratio(rgb(shadow[0]), bg));
  return rings.length ? Math.max(...rings) : 0;
}"""


@pytest.mark.parametrize("mode", ["light", "dark"])
def test_the_players_focus_ring_stands_out(book_site: str, browser: Any, mode: str) -> None:
    # WCAG 1.4.11: a focus indicator needs 3:1 against what is around it.
    context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme=mode)
    try:
        page = context.new_page()
        page.add_init_script(f"localStorage.setItem('mode','{mode}');"
                             f"localStorage.setItem('theme','{mode}');")
        page.goto(f"{book_site}/chain.html", wait_until="networkidle")
        player = page.locator(".sw-player").first
        player.scroll_into_view_if_needed()
        for target in (player, player.locator("button[id$='-forward']")):
            target.focus()
            page.keyboard.press("Shift")  # a key press: the focus ring of the keyboard shows
            assert target.evaluate("e => e.matches(':focus-visible')")
            assert target.evaluate(_FOCUS_RING_JS) >= 3, mode
    finally:
        context.close()
