"""The in-page table as a reader meets it, in real Chromium (served from 127.0.0.1).

The table stays in view when it starts (its controls go under it); each
arrow key says in the live region which pile the cursor is on and what is on
it; a pick-up says what was picked up; the hint has its own colour and a
press on its destination plays it; on a phone a tap just off one of
Quarrel's small cards takes that card; auto-finish asks first in a game
begun, and one undo takes its whole run back.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from solitaire_widgets import new_game
from solitaire_widgets.pointer import TAP_REACH
from solitaire_widgets.render.draw import HIGHLIGHT, HINT_INK
from solitaire_widgets.render.scene import layout
from solitaire_widgets.strategies import get_strategy
from solitaire_widgets.web import export_html
from solitaire_widgets.web.session import PageSession
from tests.browser_support import BrowserPage, phone_page, served_directory
from tests.png_support import read_png

pytestmark = pytest.mark.browser

START_TIMEOUT = 60_000
QUARREL_MOVES = 20

_TO_CLIENT = """([x, y]) => {
  const svg = document.querySelector('.sw-table .sw-stage svg');
  const p = svg.createSVGPoint(); p.x = x; p.y = y;
  const q = p.matrixTransform(svg.getScreenCTM());
  return [q.x, q.y];
}"""


@pytest.fixture(scope="module")
def klondike_page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("klondike") / "site"
    export_html("klondike", folder, seed=7)
    return folder


def _quarrel_moves() -> list[str]:
    game = new_game("quarrel", seed=3)
    for _ in range(QUARREL_MOVES):
        game.play(game.legal_moves()[0])
    return [str(step.move) for step in game.history]


@pytest.fixture(scope="module")
def quarrel_page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("quarrel") / "site"
    export_html("quarrel", folder, seed=3, moves=_quarrel_moves())
    return folder


def _start(page: Any) -> Any:
    page.locator(".sw-play-here").first.click()
    page.wait_for_function("window.solitaireTables[0].ready.then(() => true)",
                           timeout=START_TIMEOUT)
    return page.locator(".sw-table .sw-stage").first


def _said(page: Any) -> str:
    return str(page.locator(".sw-table .sw-message").first.text_content())


def test_the_table_keeps_its_place_when_it_starts_and_its_controls_are_under_it(
        browser_page: BrowserPage, klondike_page: Path) -> None:
    page = browser_page.page
    page.set_viewport_size({"width": 1280, "height": 800})
    with served_directory(klondike_page) as url:
        page.goto(f"{url}/index.html")
        top = page.locator(".sw-table .sw-stage").first.bounding_box()["y"]
        stage = _start(page)
        box = stage.bounding_box()
        assert abs(box["y"] - top) < 2, "the controls do not push the table"
        bar = page.locator(".sw-table .sw-bar").first.bounding_box()
        assert bar["y"] >= box["y"] + box["height"] - 1, "the controls are under the table"
        assert bar["y"] + bar["height"] <= 800, "and on screen"
    assert browser_page.errors() == []


@pytest.mark.book
def test_after_play_here_the_table_and_its_controls_are_in_view_under_the_header(
        browser_page: BrowserPage, book_site: str) -> None:
    page = browser_page.page
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{book_site}/klondike.html")
    root = page.locator(".sw-table").first
    root.locator(".sw-play-here").scroll_into_view_if_needed()
    root.locator(".sw-play-here").click()
    page.wait_for_function("window.solitaireTables[0].ready.then(() => true)",
                           timeout=START_TIMEOUT)
    page.wait_for_timeout(300)
    header = page.evaluate("(document.querySelector('.bd-header') || document.body)"
                           ".getBoundingClientRect().bottom")
    stage = root.locator(".sw-stage").bounding_box()
    assert stage["y"] >= header - 1, (stage, header)
    for button in root.locator(".sw-bar button").all():
        box = button.bounding_box()
        assert 0 <= box["y"] and box["y"] + box["height"] <= 800, button.text_content()


def test_each_arrow_key_says_the_pile_under_the_cursor_and_a_pick_up_what_it_took(
        browser_page: BrowserPage, klondike_page: Path) -> None:
    page = browser_page.page
    with served_directory(klondike_page) as url:
        page.goto(f"{url}/index.html")
        stage = _start(page)
        stage.focus()
        live = page.locator(".sw-table .sw-message").first
        assert live.get_attribute("aria-live") == "polite"
        # The piles in reading order: ← first lands on the last column.
        keys = ("ArrowLeft", "ArrowLeft", "ArrowUp", "ArrowDown", "ArrowLeft")
        said = []
        for key in keys:
            before = _said(page)
            stage.press(key)
            page.wait_for_function(
                "(before) => document.querySelector('.sw-message').textContent !== before",
                arg=before)
            said.append(_said(page))
        # The same words as the engine's session says for the same keys.
        session = PageSession("klondike", seed=7)
        assert said == [session.handle({"op": "key", "key": key})["message"] for key in keys]
        assert said[0].startswith("Column 7: the") and said[1].startswith("Column 6: the")
        assert said[2].startswith("The hearts foundation"), "Up: the row above"
        assert said[3].startswith("Column 6: the"), "Down: back to the row below"
        assert said[4].startswith("Column 5: the")
        # A refusal, then a pick-up: the refusal does not stay.
        page.locator(".sw-table .sw-typed textarea").first.fill("t1>t1")
        page.locator(".sw-table .sw-typed textarea").first.press("Enter")
        page.wait_for_function("document.querySelector('.sw-message.sw-error')")
        stage.focus()
        stage.press("Enter")
        page.wait_for_function("window.solitaireTables[0].view.selected")
        assert _said(page).startswith("Picked up"), _said(page)
        stage.press("Escape")
        page.wait_for_function("!window.solitaireTables[0].view.selected")
        assert _said(page) == "The cards are put back."
        stage.press("ArrowLeft")    # the cursor stayed on column 5: it moves on from there
        page.wait_for_function("document.querySelector('.sw-message').textContent"
                               ".startsWith('Column 4')")
    assert browser_page.errors() == []


def _pixels(shot: bytes, colour: str) -> int:
    want = tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))
    width, _height, rows = read_png(shot)
    return sum(all(abs(row[i + c] - want[c]) <= 24 for c in range(3))
               for row in rows for i in range(0, 3 * width, 3))


def test_the_hint_has_its_own_colour_and_a_press_on_its_destination_plays_it(
        browser_page: BrowserPage, klondike_page: Path) -> None:
    page = browser_page.page
    with served_directory(klondike_page) as url:
        page.goto(f"{url}/index.html")
        stage = _start(page)
        before = stage.screenshot()
        page.locator(".sw-table button[data-op=hint]").click()
        page.wait_for_function(
            "document.querySelector('.sw-message').textContent.startsWith('Hint')")
        page.wait_for_timeout(200)
        shot = stage.screenshot()
        assert _pixels(shot, HINT_INK) - _pixels(before, HINT_INK) > 50, "the hint's colour"
        assert _pixels(shot, HIGHLIGHT) - _pixels(before, HIGHLIGHT) < 20, "not the yellow"
        reference = new_game("klondike", seed=7)
        move = get_strategy("klondike").choose(reference.clone())
        assert move is not None and move.action == "move"
        width = float(page.evaluate(
            "document.querySelector('.sw-table .sw-stage svg').viewBox.baseVal.width"))
        scene = layout("klondike", reference.table, width)
        target = scene.pile_sprites(move.dst)[-1]      # the hinted move goes onto a card
        page.mouse.click(*page.evaluate(_TO_CLIENT, [target.x + target.w / 2,
                                                     target.y + target.h / 2]))
        page.wait_for_function(
            "document.querySelector('.sw-table').getAttribute('data-sw-moves') === '1'")
        assert page.evaluate("window.solitaireTables[0].moves") == [str(move)]
    assert browser_page.errors() == []


def test_on_a_phone_a_tap_just_off_a_small_quarrel_card_takes_it(
        browser: Any, quarrel_page: Path) -> None:
    with phone_page(browser) as (page, errors):
        with served_directory(quarrel_page) as url:
            page.goto(f"{url}/index.html")
            root = page.locator(".sw-table").first
            root.locator(".sw-play-here").tap()
            page.wait_for_function("window.solitaireTables[0].ready.then(() => true)",
                                   timeout=START_TIMEOUT)
            width = float(page.evaluate(
                "document.querySelector('.sw-table .sw-stage svg').viewBox.baseVal.width"))
            game = new_game("quarrel", seed=3)
            for move in _quarrel_moves():
                game.play(move)
            scene = layout("quarrel", game.table, width)
            card = scene.pile_sprites("r1")[-1]
            x0, y0 = page.evaluate(_TO_CLIENT, [card.x, card.y])
            x1, y1 = page.evaluate(_TO_CLIENT, [card.x + card.w, card.y + card.h])
            assert x1 - x0 < 44, "the card is smaller than a fingertip"
            # What a tap takes, measured on the screen: the card and TAP_REACH round it.
            scale = (x1 - x0) / card.w
            assert (card.w + 2 * TAP_REACH) * scale >= 44
            assert (card.h + 2 * TAP_REACH) * scale >= 44
            # A tap on the felt 6 px left of the card, and one 6 px under it, take it.
            for dx, dy in ((-6, card.h / 2), (card.w / 2, card.h + 6)):
                x, y = page.evaluate(_TO_CLIENT, [card.x + dx, card.y + dy])
                page.touchscreen.tap(x, y)
                page.wait_for_function("window.solitaireTables[0].view.selected")
                said = str(root.locator(".sw-message").text_content())
                assert said.startswith("Picked up"), said
                page.wait_for_timeout(500)          # not a double tap
                page.touchscreen.tap(x, y)          # put it back (the same pile)
                page.wait_for_function("!window.solitaireTables[0].view.selected")
                page.wait_for_timeout(500)
        assert errors == []
