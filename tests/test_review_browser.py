"""The Review button in a real browser: on a page of the built book (the review runs in
the worker, shows its progress and can be stopped) and on a GameWidget in JupyterLab.

The game reviewed is deal 2 under the Polish rules played to its end by the
built-in player (auto-finish in the page, ``play_out`` in the notebook), a
deal the solver can win and the player loses; the answer it must show is the
one the review gives here, in CPython. Screenshots of the strip at 1280 and
390 px go to ``build/screenshots/`` (ignored by git).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from solitaire_widgets.review import review
from solitaire_widgets.web.session import PageSession
from tests.browser_support import (
    SCREENSHOTS,
    BrowserPage,
    LabServer,
    open_and_run,
    write_notebook,
)
from tests.test_browser_widgets import _CONTRAST_JS

pytestmark = pytest.mark.browser

SEED = 2
START_TIMEOUT = 90_000


def _expected() -> tuple[int, int, str]:
    """The turning point, the moves played and the summary, as the page's table
    reaches them (auto-finish from the deal)."""
    session = PageSession("klondike", seed=SEED)
    while session.finish_step(session.game.moves_played):
        pass
    game = session.game
    assert game.is_over and not game.is_won
    result = review(game)
    assert result.turning_point is not None
    return result.turning_point, game.moves_played, result.summary()


@pytest.mark.book
def test_the_review_button_in_the_page(browser_page: BrowserPage, book_site: str) -> None:
    turning, moves, summary = _expected()
    page = browser_page.page
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 900})
        page.goto(f"{book_site}/klondike.html")
        root = page.locator(".sw-table").first
        root.locator(".sw-play-here").click()
        page.wait_for_function("window.solitaireTables[0].ready.then(() => true)",
                               timeout=START_TIMEOUT)
        review_button = root.locator("button[data-op=review]")
        assert review_button.is_disabled(), "nothing to review before a move"
        deal = root.locator(".sw-deal input")
        deal.fill(str(SEED))
        deal.press("Enter")
        page.wait_for_function("document.querySelector('.sw-table .sw-deal input').value === '2'")
        root.locator("button[data-op=finish]").click()
        page.wait_for_function(
            "(n) => Number(document.querySelector('.sw-table').getAttribute('data-sw-moves'))"
            " === n && !document.querySelector('.sw-table button[data-op=finish]')"
            ".textContent.includes('Stop')", arg=moves, timeout=120_000)
        if width == 1280:
            # Started, it shows its progress and reads "Stop"; Stop stops it there.
            review_button.click()
            page.get_by_role("button", name="Stop").wait_for(timeout=60_000)
            assert root.locator("progress.sw-review-progress").is_visible()
            page.get_by_role("button", name="Stop").click()
            page.wait_for_function(
                "document.querySelector('.sw-table .sw-message').textContent"
                ".startsWith('Review stopped')", timeout=60_000)
            assert not root.locator("progress.sw-review-progress").is_visible()
            assert root.get_attribute("data-sw-moves") == str(moves), "stopped: nothing moved"
        review_button.click()
        page.wait_for_function(
            "(s) => document.querySelector('.sw-table .sw-message').textContent.startsWith(s)",
            arg=summary, timeout=120_000)
        # It went to the turning point, and marks the whole history on the strip.
        assert root.get_attribute("data-sw-moves") == str(turning)
        cells = root.locator(".sw-review-strip .sw-review-cell")
        assert cells.count() == moves + 1
        assert root.locator(".sw-review-won").count() == turning + 1
        assert root.locator(".sw-review-lost").count() == moves - turning
        assert root.locator(".sw-review-turn").get_attribute("data-position") == str(turning)
        strip = root.locator(".sw-review-strip")
        strip.evaluate("node => node.scrollIntoView({block: 'center'})")
        box = strip.bounding_box()
        assert box is not None and box["width"] <= width
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            page.wait_for_timeout(300)
            page.screenshot(path=str(SCREENSHOTS / f"review-page-{width}-{scheme}.png"))
        page.emulate_media(color_scheme="light")
        # The keyboard goes along the strip too: End, then the left arrow.
        root.locator(".sw-review").focus()
        page.keyboard.press("End")
        page.wait_for_function(
            "(n) => Number(document.querySelector('.sw-table').getAttribute('data-sw-moves'))"
            " === n", arg=moves)
        page.keyboard.press("ArrowLeft")
        page.wait_for_function(
            "(n) => Number(document.querySelector('.sw-table').getAttribute('data-sw-moves'))"
            " === n", arg=moves - 1)
        # A click on the strip shows that position; the picture follows.
        cells.nth(turning).click()
        page.wait_for_function(
            "(n) => Number(document.querySelector('.sw-table').getAttribute('data-sw-moves'))"
            " === n", arg=turning)
    assert browser_page.errors() == []


def test_the_review_button_in_jupyterlab(browser_page: BrowserPage,
                                         jupyterlab_server: Callable[..., LabServer],
                                         tmp_path: Path) -> None:
    turning, moves, summary = _expected()
    write_notebook(tmp_path / "review.ipynb", [
        "from solitaire_widgets import new_game\n"
        "from solitaire_widgets.strategies import get_strategy, play_out\n"
        "from solitaire_widgets.widgets import GameWidget\n"
        f"game = new_game('klondike', seed={SEED})\n"
        "_ = play_out(game, get_strategy('klondike'))\n"
        "table = GameWidget(game, animate=False)\n"
        "table",
        "print('cells done')",
    ])
    lab = jupyterlab_server(tmp_path)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page = open_and_run(browser_page, lab, "review.ipynb")
    page.screenshot(path=str(SCREENSHOTS / "review-jupyterlab-ran.png"))
    page.get_by_role("button", name="Review", exact=True).first.click()
    page.locator(f".jp-OutputArea-output:has-text({summary[:60]!r})").wait_for(timeout=120_000)
    cells = page.locator(".sw-review-strip .sw-review-cell")
    assert cells.count() == moves + 1
    assert page.locator(".sw-review-won").count() == turning + 1
    assert page.locator(".sw-review-turn").get_attribute("data-position") == str(turning)
    assert page.locator(".sw-review-at").get_attribute("data-position") == str(turning)
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 900})
        page.locator(".sw-review-strip").scroll_into_view_if_needed()
        page.wait_for_timeout(500)
        page.screenshot(path=str(SCREENSHOTS / f"review-jupyterlab-{width}.png"))
    # In JupyterLab's dark theme the strip's legend reads on the dark page.
    page.set_viewport_size({"width": 1280, "height": 900})
    page.get_by_role("menuitem", name="Settings", exact=True).click()
    page.locator(".lm-Menu-item:has-text('Theme')").first.hover()
    page.locator(".lm-Menu-item:has-text('JupyterLab Dark')").first.click()
    page.wait_for_function("() => document.body.dataset.jpThemeLight === 'false'",
                           timeout=20_000)
    page.locator(".sw-review-strip").scroll_into_view_if_needed()
    page.wait_for_timeout(500)
    page.screenshot(path=str(SCREENSHOTS / "review-jupyterlab-1280-dark.png"))
    contrasts = page.evaluate(_CONTRAST_JS, ".sw-review-legend")
    assert contrasts and min(contrasts) >= 4.5, contrasts
    assert browser_page.errors(origin=lab.url) == []


@pytest.mark.book
def test_the_review_section_fits_a_phone_in_the_page_colours(browser_page: BrowserPage,
                                                             book_site: str) -> None:
    """The Klondike chapter's "Where a lost game was lost": on a phone the whole
    table at the turning point fits the column (drawn for a phone's width, its
    labels still 9 px), and in the dark theme the strip and the table sit on
    the page's own background, not in a light box."""
    page = browser_page.page
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for width in (390, 1280):
        for scheme in ("light", "dark"):
            page.set_viewport_size({"width": width, "height": 900})
            page.emulate_media(color_scheme=scheme)
            page.goto(f"{book_site}/klondike.html")
            page.evaluate("s => { document.documentElement.dataset.theme = s; }", scheme)
            section = page.locator("section#where-a-lost-game-was-lost")
            pictures = section.locator(".cell_output img")
            shown = [i for i in range(pictures.count()) if pictures.nth(i).is_visible()]
            assert len(shown) == 1, f"one picture of the position shown at {width} px"
            picture = pictures.nth(shown[0])
            picture.scroll_into_view_if_needed()
            box = picture.bounding_box()
            column = section.bounding_box()
            assert box is not None and column is not None
            assert box["x"] >= column["x"] - 0.5, box
            assert box["x"] + box["width"] <= column["x"] + column["width"] + 0.5, (box, column)
            assert box["x"] + box["width"] <= width
            drawn = float(picture.get_attribute("width") or 0)
            if width == 390:
                # Drawn for the phone: its smallest label shown no smaller than 9 px.
                assert box["width"] >= drawn - 0.5, (box, drawn)
            else:
                assert drawn >= 700, "the wide drawing on a desktop"
            section.screenshot(path=str(SCREENSHOTS / f"review-section-{width}-{scheme}.png"))
            if scheme == "dark":
                for inside in (".sw-review-strip", ".sw-still"):
                    behind = page.evaluate(
                        "s => getComputedStyle(document.querySelector("
                        "'#where-a-lost-game-was-lost ' + s).closest('.text_html'))"
                        ".backgroundColor", inside)
                    assert behind in ("transparent", "rgba(0, 0, 0, 0)"), (inside, behind)
                contrasts = page.evaluate(_CONTRAST_JS, "#where-a-lost-game-was-lost "
                                          ".sw-review-legend, #where-a-lost-game-was-lost "
                                          ".sw-still figcaption")
                assert contrasts and min(contrasts) >= 4.5, contrasts
    assert browser_page.errors() == []
