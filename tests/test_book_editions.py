"""The book's three editions (tools/build_book.py, book/_ext/editions.py).

English is at the site's root, Russian in ``ru/`` and Polish in ``pl/``. A page
whose catalog is complete is shown in its edition's language; any other page
of a translated edition is shown in English, marked ``lang="en"``, with a note
in the edition's language. Only the root edition holds the Pyodide runtime.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.browser_support import BrowserPage

pytestmark = pytest.mark.book

#: The Polish page checked in the browser: its catalog is complete, and its
#: source text's translation column carries footnotes.
POLISH_PAGE = "pl/quarrel.html"


def _html_lang(html: str) -> str:
    found = re.search(r"<html\b[^>]*\blang=\"([^\"]+)\"", html)
    assert found is not None
    return found.group(1)


def test_each_edition_is_built_apart_with_one_runtime(built_book: Path) -> None:
    for edition in ("", "ru/", "pl/"):
        assert (built_book / f"{edition}quarrel.html").is_file(), edition
        assert not (built_book / edition / "jupyter_execute").exists()
        assert not (built_book / edition / ".doctrees").exists()
    assert (built_book / "_static" / "sw-web" / "pyodide").is_dir()
    for edition in ("ru", "pl"):
        assert not (built_book / edition / "_static" / "sw-web").exists()
        html = (built_book / edition / "klondike.html").read_text(encoding="utf-8")
        assert 'src="../_static/sw-web/tables.js' in html


def test_pages_say_their_language(built_book: Path) -> None:
    english = (built_book / "quarrel.html").read_text(encoding="utf-8")
    assert _html_lang(english) == "en"
    assert "sw-edition-fallback" not in english
    polish = (built_book / POLISH_PAGE).read_text(encoding="utf-8")
    assert _html_lang(polish) == "pl"
    assert "Kłótnia" in polish and "sw-edition-fallback" not in polish
    # The Russian edition has no catalogs yet: each page is the English one,
    # marked as English, with a note in Russian.
    russian = (built_book / "ru" / "quarrel.html").read_text(encoding="utf-8")
    assert _html_lang(russian) == "en"
    assert '<p class="sw-edition-fallback admonition note" lang="ru"' in russian


def test_originals_stay_as_written(built_book: Path) -> None:
    english = (built_book / "quarrel.html").read_text(encoding="utf-8")
    polish = (built_book / POLISH_PAGE).read_text(encoding="utf-8")
    original = "Из колоды берут карты по одной."
    assert original in english and original in polish


@pytest.mark.browser
def test_switch_leads_to_the_same_page_and_footnotes_work(
    book_site: str, browser_page: BrowserPage
) -> None:
    page = browser_page.page
    page.goto(f"{book_site}/chain.html", wait_until="load")
    switch = page.locator("nav.sw-language-switch")
    assert switch.get_attribute("aria-label") == "Language"
    assert switch.locator('a[aria-current="page"]').inner_text() == "English"
    switch.locator('a[hreflang="pl"]').click()
    page.wait_for_url(f"{book_site}/pl/chain.html")
    assert page.locator("html").get_attribute("lang") == "pl"
    switch = page.locator("nav.sw-language-switch")
    assert switch.get_attribute("aria-label") == "Język"
    switch.locator('a[hreflang="ru"]').click()
    page.wait_for_url(f"{book_site}/ru/chain.html")
    page.locator("nav.sw-language-switch a[hreflang='en']").click()
    page.wait_for_url(f"{book_site}/chain.html")

    page.goto(f"{book_site}/{POLISH_PAGE}", wait_until="load")
    assert page.locator("html").get_attribute("lang") == "pl"
    assert page.locator("article h1").first.inner_text().startswith("Kłótnia")
    column = page.locator(".source-translation").first
    assert "Z talii" in column.inner_text()
    reference = column.locator("a.footnote-reference").first
    target = reference.get_attribute("href")
    assert target is not None and target.startswith("#")
    reference.click()
    footnote = page.locator(f"[id='{target[1:]}']")
    assert footnote.is_visible()
    # The note reached is the one the original's paragraph points to, and it
    # links back to the reference in the translation.
    assert footnote.locator(f"a[href='#{reference.get_attribute('id')}']").count() == 1
    assert browser_page.errors(origin=book_site) == []
