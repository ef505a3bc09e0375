"""The book builds with warnings as errors and its pages load in Chromium."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser_support import BrowserPage

pytestmark = pytest.mark.book


def test_book_builds_intro_page(built_book: Path) -> None:
    intro = built_book / "intro.html"
    assert intro.is_file()
    assert "Three Old Solitaires" in intro.read_text(encoding="utf-8")


@pytest.mark.browser
def test_intro_page_renders_without_console_errors(
    book_site: str, browser_page: BrowserPage
) -> None:
    page = browser_page.page
    response = page.goto(f"{book_site}/intro.html", wait_until="load")
    assert response is not None and response.ok
    heading = page.locator("article h1").first
    heading.wait_for(state="visible", timeout=15000)
    assert "Three Old Solitaires" in heading.inner_text()
    assert "Three Old Solitaires" in page.title()
    for game in ("Quarrel", "Klondike", "Chain"):
        assert page.locator("article").get_by_text(game).first.is_visible()
    page.wait_for_load_state("networkidle")
    assert browser_page.errors(origin=book_site) == []
