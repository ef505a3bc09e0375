"""The book's lessons in real Chromium, on the built book served from 127.0.0.1.

Each chapter's first lesson stands in the first screen; it is played wrong
(refused with its note and the sentence of the text) and right (a mark, its
why), in every edition, with the mouse, with the keyboard alone and on a
phone; progress is kept in localStorage and reset. A replay of an example
stops at its "your turn" checkpoint until the move is played. No request
leaves the site and the console stays clean.
"""

from __future__ import annotations

from typing import Any

import pytest

from solitaire_widgets.lessons import get_lesson
from solitaire_widgets.source_texts import source_language
from solitaire_widgets.web.lesson import lesson_view
from tests.browser_support import BrowserPage, phone_page

pytestmark = [pytest.mark.browser, pytest.mark.book]

START_TIMEOUT = 90_000
FIRST = {"quarrel": "quarrel-where-the-three-goes", "chain": "chain-which-cards-go-up",
         "klondike": "klondike-ace-up"}
EDITIONS = {"en": "", "ru": "ru/", "pl": "pl/"}


def _watch(page: Any) -> list[str]:
    requests: list[str] = []
    page.context.on("request", lambda request: requests.append(request.url))
    return requests


def _answer(page: Any, section: Any, answer: str, *, keyboard: bool = False) -> str:
    """Give ``answer`` (a choice's) and wait for the engine's verdict: right, wrong."""
    before = section.get_attribute("data-sw-answers") or "0"
    section.evaluate("s => s.setAttribute('data-sw-answers', String(Number(s.getAttribute("
                     "'data-sw-answers') || 0) + 1)); ")
    section.evaluate("s => s.removeAttribute('data-sw-result')")
    button = section.locator(f'.sw-lesson-choice[data-answer="{answer}"]')
    if keyboard:
        button.focus()
        page.keyboard.press("Enter")
    else:
        button.click()
    page.wait_for_function("s => s.hasAttribute('data-sw-result') && !s.hasAttribute('aria-busy')",
                           arg=section.element_handle(), timeout=START_TIMEOUT)
    del before
    return section.get_attribute("data-sw-result") or ""


@pytest.mark.parametrize("edition", list(EDITIONS))
@pytest.mark.parametrize("game", list(FIRST))
def test_each_chapters_first_lesson_plays_wrong_then_right(browser_page: BrowserPage,
                                                           book_site: str, game: str,
                                                           edition: str) -> None:
    page = browser_page.page
    requests = _watch(page)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{book_site}/{EDITIONS[edition]}{game}.html")
    name = FIRST[game]
    section = page.locator(f'[data-sw-lesson="{name}"]:not([data-sw-checkpoint])')
    assert section.count() == 1
    # The first lesson comes before the long text: its question and answers in the first screen.
    assert section.locator(".sw-lesson-choice").first.bounding_box()["y"] < 900
    # ...before the chapter's table and its long text.
    first_table = page.locator(".sw-table").first.bounding_box()
    assert section.bounding_box()["y"] < first_table["y"]
    assert section.get_attribute("data-sw-language") == edition
    lesson = get_lesson(name)
    task = lesson.tasks[0]
    wrong = task.wrong[0]
    assert _answer(page, section, wrong.answer) == "wrong"
    verdict = section.locator(".sw-lesson-verdict")
    expected = lesson_view(name, [], wrong.answer, language=edition)["verdict"]
    assert expected["words"] in verdict.inner_text()
    assert wrong.sentence in verdict.inner_text()
    if edition != source_language(lesson.game):   # the sentence with its translation
        assert expected["translation"] and expected["translation"] in verdict.inner_text()
    else:
        assert not expected["translation"]
    # Retried: the right move gets its mark, its why and its sentence.
    right = task.right[0]
    assert _answer(page, section, right.answer) == "right"
    said = lesson_view(name, [], right.answer, language=edition)["verdict"]
    assert "\u2713" in verdict.inner_text() and said["words"] in verdict.inner_text()
    assert right.sentence in verdict.inner_text()
    # Kept in the browser, and read back on the next visit; Start again forgets it.
    assert page.evaluate(f"JSON.parse(localStorage.getItem('sw-lesson:{name}'))") == [right.answer]
    page.reload()
    section = page.locator(f'[data-sw-lesson="{name}"]:not([data-sw-checkpoint])')
    page.wait_for_function("s => s.getAttribute('data-sw-given') === '1' && "
                           "s.querySelector('.sw-lesson-step').textContent !== ''",
                           arg=section.element_handle(), timeout=START_TIMEOUT)
    section.locator('[data-act="reset"]').click()
    page.wait_for_function("s => s.getAttribute('data-sw-given') === '0' && !s.hasAttribute('aria-busy')",
                           arg=section.element_handle(), timeout=START_TIMEOUT)
    assert page.evaluate(f"localStorage.getItem('sw-lesson:{name}')") is None
    # The hint shows the expected move.
    section.locator('[data-act="hint"]').click()
    page.wait_for_function("s => s.getAttribute('data-sw-result') === 'hint'",
                           arg=section.element_handle(), timeout=START_TIMEOUT)
    hint = lesson_view(name, [], hint=True, language=edition)["verdict"]["words"]
    assert hint in section.locator(".sw-lesson-verdict").inner_text()
    assert requests and all(r.startswith(book_site) for r in requests)
    assert browser_page.errors() == []


def test_a_lesson_with_the_keyboard_alone(browser_page: BrowserPage, book_site: str) -> None:
    page = browser_page.page
    page.goto(f"{book_site}/klondike.html")
    section = page.locator('[data-sw-lesson="klondike-ace-up"]')
    # Tab from the top of the page reaches the lesson's answers.
    page.locator("body").focus()
    for _press in range(120):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('sw-lesson-choice')"):
            break
    else:
        pytest.fail("Tab never reached the lesson's answers")
    # Move along the answers with Tab, play the wrong one, then the right one.
    def to(answer: str) -> None:
        for _press in range(20):
            if page.evaluate("document.activeElement.getAttribute('data-answer')") == answer:
                return
            page.keyboard.press("Tab")
        pytest.fail(f"Tab never reached {answer}")
    to("t2>t7")
    page.keyboard.press("Enter")
    page.wait_for_function("s => s.getAttribute('data-sw-result') === 'wrong'",
                           arg=section.element_handle(), timeout=START_TIMEOUT)
    # The focus stays on the answers, so the reader tries again from there.
    assert page.evaluate("document.activeElement.classList.contains('sw-lesson-choice')")
    page.keyboard.press("Shift+Tab")
    for _press in range(12):
        if page.evaluate("document.activeElement.getAttribute('data-answer')") == "t4>fh":
            break
        page.keyboard.press("Shift+Tab")
    to("t4>fh")
    page.keyboard.press("Space")
    page.wait_for_function("s => s.getAttribute('data-sw-result') === 'right'",
                           arg=section.element_handle(), timeout=START_TIMEOUT)
    assert section.get_attribute("data-sw-finished") == "true"
    assert browser_page.errors() == []


def test_a_lesson_on_a_phone(browser: Any, book_site: str) -> None:
    with phone_page(browser) as (page, errors):
        page.goto(f"{book_site}/chain.html")
        section = page.locator('[data-sw-lesson="chain-which-cards-go-up"]')
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        box = section.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390
        for answer in ("l20>fd", "l6>fc"):
            section.locator(f'.sw-lesson-choice[data-answer="{answer}"]').tap()
            page.wait_for_function(
                "([s, n]) => s.getAttribute('data-sw-result') && !s.hasAttribute('aria-busy') && "
                "s.getAttribute('data-sw-given') === n",
                arg=[section.element_handle(), "0" if answer == "l20>fd" else "1"],
                timeout=START_TIMEOUT)
        assert section.get_attribute("data-sw-result") == "right"
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        assert errors == []


def test_a_replay_stops_at_its_checkpoint_until_the_move_is_played(
        browser_page: BrowserPage, book_site: str) -> None:
    page = browser_page.page
    page.goto(f"{book_site}/klondike.html")
    section = page.locator('[data-sw-lesson="klondike-lower-part"][data-sw-checkpoint]')
    assert section.count() == 1 and section.is_hidden()
    stop = int(section.get_attribute("data-sw-checkpoint") or 0)
    player = section.locator("xpath=preceding-sibling::*[contains(@class,'sw-player')][1]")
    if player.count() == 0:
        player = page.locator(".sw-player").filter(has=page.locator("[id$='-forward']")).nth(0)
    forward = section.evaluate_handle(
        "s => { for (let a = s.previousElementSibling; a; a = a.previousElementSibling) {"
        " const p = a.classList.contains('sw-player') ? a : a.querySelector('.sw-player');"
        " if (p) return p; } return null; }")
    step = "p => Number(p.getAttribute('data-step'))"
    for _step in range(stop):
        forward.evaluate("p => p.querySelector('[id$=\"-forward\"]').click()")
    assert forward.evaluate(step) == stop
    page.wait_for_function("s => !s.hidden", arg=section.element_handle())
    # Stepping on waits for the reader's move.
    forward.evaluate("p => p.querySelector('[id$=\"-forward\"]').click()")
    forward.evaluate("p => p.querySelector('[id$=\"-end\"]').click()")
    assert forward.evaluate(step) == stop
    assert _answer(page, section, "t2>t1") == "wrong"
    assert forward.evaluate(step) == stop
    assert _answer(page, section, "t2:2>t1") == "right"
    page.wait_for_function(f"p => Number(p.getAttribute('data-step')) === {stop + 1}", arg=forward)
    # Going on past it is free now.
    forward.evaluate("p => p.querySelector('[id$=\"-forward\"]').click()")
    assert forward.evaluate(step) == stop + 2
    assert browser_page.errors() == []


def test_a_checkpoint_shows_its_move_on_request(browser_page: BrowserPage, book_site: str) -> None:
    page = browser_page.page
    page.goto(f"{book_site}/quarrel.html")
    section = page.locator('[data-sw-lesson="quarrel-seven-of-clubs"][data-sw-checkpoint]')
    stop = int(section.get_attribute("data-sw-checkpoint") or 0)
    player = section.evaluate_handle(
        "s => { for (let a = s.previousElementSibling; a; a = a.previousElementSibling) {"
        " const p = a.classList.contains('sw-player') ? a : a.querySelector('.sw-player');"
        " if (p) return p; } return null; }")
    for _step in range(stop):
        player.evaluate("p => p.querySelector('[id$=\"-forward\"]').click()")
    page.wait_for_function("s => !s.hidden", arg=section.element_handle())
    section.locator('[data-act="hint"]').click()
    page.wait_for_function(f"p => Number(p.getAttribute('data-step')) === {stop + 1}", arg=player,
                           timeout=START_TIMEOUT)
    assert "a2>rc" not in section.locator(".sw-lesson-verdict").inner_text()
    assert browser_page.errors() == []
