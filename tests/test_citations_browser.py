"""A refused move in the book's table ends with a link to the text's sentence, and
the link lands on that sentence in its paragraph, original beside the
translation, in the reader's edition (real Chromium, the built book, served
from 127.0.0.1).
"""

from __future__ import annotations

from typing import Any

import pytest

from solitaire_widgets import new_game
from solitaire_widgets.citations import sentence
from solitaire_widgets.errors import IllegalMoveError
from solitaire_widgets.source_texts import translate
from tests.browser_support import BrowserPage

pytestmark = [pytest.mark.browser, pytest.mark.book]

START_TIMEOUT = 60_000


def _start_first_table(page: Any) -> tuple[Any, int]:
    tables = page.locator(".sw-table")
    index = next(i for i in range(tables.count())
                 if tables.nth(i).get_attribute("data-sw-save") is None)
    root = tables.nth(index)
    root.scroll_into_view_if_needed()
    root.locator(".sw-play-here").click()
    page.wait_for_function("(i) => window.solitaireTables[i].ready.then(() => true)", arg=index,
                           timeout=START_TIMEOUT)
    return root, index


@pytest.mark.parametrize("edition", ["", "pl/"])
def test_a_refused_move_links_to_its_sentence_in_the_edition(
        browser_page: BrowserPage, book_site: str, edition: str) -> None:
    page = browser_page.page
    page.goto(f"{book_site}/{edition}chain.html")
    root, _index = _start_first_table(page)
    seed = int(root.get_attribute("data-sw-seed"))
    # A card played from a series back to the layout: refused by the text's words.
    with pytest.raises(IllegalMoveError) as refused:
        new_game("chain", seed=seed).play("fs>l1")
    wanted = [sentence("chain", original) for original in refused.value.sentences]
    assert wanted
    root.locator(".sw-typed textarea").fill("fs>l1")
    root.locator(".sw-typed textarea").press("Enter")
    message = root.locator(".sw-message.sw-error")
    message.wait_for()
    link = message.locator("a.sw-cite").first
    words = wanted[0].original.split()
    assert link.inner_text() == "«" + " ".join(words[:6]) + ("…»" if len(words) > 6 else "»")
    assert link.get_attribute("href") == f"#{wanted[0].anchor}"   # the text is on this page
    label = message.locator(".sw-citation").inner_text().strip()
    assert label.startswith("tekst:" if edition else "the text:")
    link.click()
    page.wait_for_function("(id) => location.hash === '#' + id", arg=wanted[0].anchor)
    target = page.locator(f"#{wanted[0].anchor}")
    assert target.inner_text() == wanted[0].original
    assert target.evaluate("n => n.matches(':target')")
    # In view, in its paragraph, with the translation beside it in the edition's language.
    assert target.evaluate("""n => { const r = n.getBoundingClientRect();
                                     return r.top >= 0 && r.top < innerHeight; }""")
    pair = target.locator("xpath=ancestor::*[contains(@class, 'source-pair')][1]")
    translation = pair.locator(".source-translation").inner_text()
    said = translate("chain", wanted[0].original, "pl" if edition else "en")
    assert " ".join(said.split()) in " ".join(translation.split())
    assert browser_page.errors() == []


def test_a_table_outside_the_chapter_links_to_the_chapter(
        browser_page: BrowserPage, book_site: str) -> None:
    page = browser_page.page
    page.goto(f"{book_site}/intro.html")
    root, _index = _start_first_table(page)
    game = root.get_attribute("data-sw-game")
    legal = {str(m) for m in new_game(game, seed=int(root.get_attribute("data-sw-seed")))
             .legal_moves()}
    move = "fs>l1" if game == "chain" else "s>s"
    assert move not in legal
    root.locator(".sw-typed textarea").fill(move)
    root.locator(".sw-typed textarea").press("Enter")
    link = root.locator(".sw-message.sw-error a.sw-cite").first
    link.wait_for()
    href = link.get_attribute("href")
    assert href.startswith(f"{game}.html#{game}-s")
    link.click()
    page.wait_for_url(f"**/{href}")
    assert page.locator(f"#{href.split('#')[1]}").evaluate("n => n.matches(':target')")
    assert browser_page.errors() == []
