"""The in-page engine in real Chromium: exported folders and the built book, served from 127.0.0.1.

Each table: press "Play here", wait for ``ready``, play ten legal moves by
clicking cards where the scene puts them, undo one, ask for a hint, type an
illegal move and see the engine's reason; ``state()`` agrees with the engine
run here on the same moves. A whole-deal replay in the book shows every step.
No request leaves 127.0.0.1 and the console stays clean.
"""

from __future__ import annotations

import functools
import http.server
import shutil
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from solitaire_widgets import new_game
from solitaire_widgets.errors import IllegalMoveError
from solitaire_widgets.html_replays import HELD_STEPS
from solitaire_widgets.pointer import pile_point
from solitaire_widgets.render.display import DISPLAY_WIDTH
from solitaire_widgets.render.draw import HIGHLIGHT, HINT_INK
from solitaire_widgets.render.scene import layout
from solitaire_widgets.save_writer import position_data as game_state
from solitaire_widgets.web import export_html
from solitaire_widgets.web.session import SOLVER_TOOLS, PageSession
from tests.browser_support import BrowserPage, phone_page, served_directory
from tests.png_support import read_png

pytestmark = pytest.mark.browser

#: The width of the scene the page's table is drawn from (PageSession's default).
WIDTH = DISPLAY_WIDTH
START_TIMEOUT = 60_000

_TO_CLIENT = """([index, x, y]) => {
  const svg = document.querySelectorAll('.sw-table')[index].querySelector('.sw-stage svg');
  const p = svg.createSVGPoint(); p.x = x; p.y = y;
  const q = p.matrixTransform(svg.getScreenCTM());
  return [q.x, q.y];
}"""


def _moves_shown(page: Any, index: int) -> int:
    return int(page.evaluate(
        "(i) => Number(document.querySelectorAll('.sw-table')[i].getAttribute('data-sw-moves'))",
        index))


def play_a_table(page: Any, index: int) -> None:
    """The whole check of one table on the page (``index`` among ``.sw-table``)."""
    root = page.locator(".sw-table").nth(index)
    name = root.get_attribute("data-sw-game")
    seed = int(root.get_attribute("data-sw-seed"))
    root.scroll_into_view_if_needed()
    root.locator(".sw-play-here").click()
    page.wait_for_function("(i) => window.solitaireTables[i].ready.then(() => true)", arg=index,
                           timeout=START_TIMEOUT)
    reference = new_game(name, seed=seed)
    # The game's own tools (its solver's buttons), as the engine's view lists them.
    shown = root.locator(".sw-bar button").all_inner_texts()
    tools = [tool["label"] for tool in PageSession(name, seed=seed).tools()]
    assert [text for text in shown if text in {t["label"] for t in SOLVER_TOOLS}] == tools
    last_pile = None
    for number in range(1, 11):
        legal = reference.legal_moves()
        move = next((m for m in legal if m.action == "move"), legal[0])
        scene = layout(name, reference.table, WIDTH)
        if move.action == "move":
            clicks = [(move.src, pile_point(scene, move.src, move.count)),
                      (move.dst, pile_point(scene, move.dst))]
        else:
            clicks = [("s", pile_point(scene, "s"))]
        for pile, (x, y) in clicks:
            if pile == last_pile:
                time.sleep(0.5)  # two quick presses on one pile are a double-click
            cx, cy = page.evaluate(_TO_CLIENT, [index, x, y])
            page.mouse.click(cx, cy)
            last_pile = pile
        reference.play(move)
        page.wait_for_function(
            "([i, n]) => Number(document.querySelectorAll('.sw-table')[i]"
            ".getAttribute('data-sw-moves')) === n", arg=[index, number])
        assert page.evaluate("(i) => window.solitaireTables[i].state()", index) == \
            game_state(reference), f"{name}: after {move}"
    root.locator("button[data-op=undo]").click()
    reference.undo()
    page.wait_for_function(
        "([i, n]) => Number(document.querySelectorAll('.sw-table')[i]"
        ".getAttribute('data-sw-moves')) === n", arg=[index, 9])
    root.locator("button[data-op=hint]").click()
    page.wait_for_function(
        "(i) => document.querySelectorAll('.sw-table')[i].querySelector('.sw-message')"
        ".textContent.startsWith('Hint')", arg=index)
    with pytest.raises(IllegalMoveError) as refused:
        reference.play("s>s")
    root.locator(".sw-typed textarea").fill("s>s")
    root.locator(".sw-typed textarea").press("Enter")
    message = root.locator(".sw-message.sw-error")
    message.wait_for()
    # The refusal's words, then the sentences of the text it rests on (test_citations_browser).
    said = message.evaluate("node => node.firstChild.textContent")
    assert said.rstrip(".").lower() == str(refused.value).rstrip(".").lower()
    assert root.locator(".sw-message .sw-cite").count() == len(refused.value.sentences)
    assert page.evaluate("(i) => window.solitaireTables[i].state()", index) == \
        game_state(reference)
    assert page.evaluate("(i) => window.solitaireTables[i].legalMoves()", index) == \
        [str(m) for m in reference.legal_moves()]
    rejected = page.evaluate(
        "(i) => window.solitaireTables[i].play('s>s').then(() => 'played', e => e.message)", index)
    assert rejected.rstrip(".").lower() == str(refused.value).rstrip(".").lower()


def _watch(browser_page: BrowserPage) -> list[str]:
    requests: list[str] = []
    browser_page.page.on("request", lambda request: requests.append(request.url))
    # Workers' requests (the runtime, the wheel) are the context's.
    browser_page.page.context.on("request", lambda request: requests.append(request.url))
    return requests


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An export, moved to a fresh temp directory (the folder is self-contained)."""
    first = tmp_path_factory.mktemp("export")
    export_html("klondike", first / "site", seed=7)
    fresh = tmp_path_factory.mktemp("fresh") / "copied"
    shutil.copytree(first / "site", fresh)
    shutil.rmtree(first)
    return fresh


def test_an_exported_table_plays_from_a_fresh_folder(browser_page: BrowserPage,
                                                      exported: Path) -> None:
    requests = _watch(browser_page)
    page = browser_page.page
    with served_directory(exported) as url:
        page.goto(f"{url}/index.html")
        assert page.locator(".sw-table .sw-wide svg g.card").count() == 52, "the deal before Play here"
        play_a_table(page, 0)
        phases = page.evaluate("window.solitaireWeb.phases")
        assert set(phases) >= {"runtime", "wheel", "import", "total"}
    assert requests and all(r.startswith(url) for r in requests), requests
    assert browser_page.errors() == []


def test_without_webassembly_the_page_says_so_and_keeps_the_picture(
        browser_page: BrowserPage, exported: Path) -> None:
    page = browser_page.page
    page.add_init_script("delete window.WebAssembly;")
    with served_directory(exported) as url:
        page.goto(f"{url}/index.html")
        page.locator(".sw-play-here").click()
        note = page.locator(".sw-note[role=alert]")
        note.wait_for()
        assert "WebAssembly" in note.inner_text()
        assert page.locator(".sw-table .sw-wide svg g.card").count() == 52
    assert browser_page.errors() == []


_RECORD = """() => {
  const root = document.querySelector('.sw-table');
  window.swSeen = [];
  new MutationObserver(() => window.swSeen.push([Number(root.getAttribute('data-sw-moves')),
                                                 root.querySelector('.sw-status').textContent]))
    .observe(root, {attributes: true, attributeFilter: ['data-sw-moves']});
}"""

_SAMPLE = """() => {
  const root = document.querySelector('.sw-table');
  return [Number(root.getAttribute('data-sw-moves')),
          root.querySelector('.sw-status').textContent];
}"""


def test_auto_finish_animates_and_a_new_input_stops_it(browser_page: BrowserPage,
                                                       exported: Path) -> None:
    reference = PageSession("klondike", seed=7)
    statuses = [reference.view()["status"]]
    while reference.finish_step(len(statuses) - 1):
        statuses.append(reference.view()["status"])
    assert len(statuses) > 10
    page = browser_page.page
    with served_directory(exported) as url:
        page.goto(f"{url}/index.html")
        page.locator(".sw-play-here").click()
        page.wait_for_function("window.solitaireTables[0].ready.then(() => true)",
                               timeout=START_TIMEOUT)
        finish = page.locator(".sw-table button[data-op=finish]")
        assert finish.inner_text() == "Auto-finish"
        # Each drawn move and the status line beside it, recorded as it is shown.
        page.evaluate(_RECORD)
        finish.click()
        page.wait_for_function("window.swSeen.length > 0 && window.swSeen.at(-1)[0] >= 3")
        seen: list[list[Any]] = page.evaluate("window.swSeen")
        for moves, status in seen:
            assert status == statuses[moves], "status and picture agree at every moment"
        shown = [moves for moves, _ in seen]
        assert shown == sorted(shown) and {1, 2, 3} <= set(shown), \
            f"one move at a time, each drawn: {shown}"
        page.locator(".sw-table button[data-op=undo]").click()
        # One undo takes back the whole run.
        page.wait_for_function("document.querySelector('.sw-message').textContent"
                               ".startsWith('Auto-finish taken back: ')")
        assert _moves_shown(page, 0) == 0
        stopped = page.evaluate(_SAMPLE)
        page.wait_for_timeout(600)
        assert page.evaluate(_SAMPLE) == stopped, "the new input stopped auto-finish"
        assert finish.inner_text() == "Auto-finish"
        # "Stop" itself stops it, and the engine says after how many moves.
        finish.click()
        page.get_by_role("button", name="Stop").wait_for(timeout=5_000)
        page.get_by_role("button", name="Stop").click()
        page.get_by_role("button", name="Auto-finish").wait_for(timeout=5_000)
        message = page.locator(".sw-message").inner_text()
        assert message.startswith("Auto-finish stopped after "), message
        stopped = page.evaluate(_SAMPLE)
        page.wait_for_timeout(600)
        assert page.evaluate(_SAMPLE) == stopped, "Stop stopped auto-finish"
        replayed = new_game("klondike", seed=7)
        for step in reference.game.history[:stopped[0]]:
            replayed.play(step.move)
        assert page.evaluate("window.solitaireTables[0].state()") == game_state(replayed)
        # In a game begun, auto-finish asks first; a second press lets it play.
        finish.click()
        page.get_by_role("button", name="Yes, auto-finish").wait_for(timeout=5_000)
        assert page.locator(".sw-message").inner_text().startswith("Auto-finish takes the game")
        assert _moves_shown(page, 0) == stopped[0]
        page.get_by_role("button", name="Yes, auto-finish").click()
        page.get_by_role("button", name="Stop").wait_for(timeout=5_000)
        page.wait_for_function(f"Number(document.querySelector('.sw-table')"
                               f".getAttribute('data-sw-moves')) > {stopped[0] + 1}")
        page.locator(".sw-table button[data-op=undo]").click()
        page.wait_for_function("document.querySelector('.sw-message').textContent"
                               ".startsWith('Auto-finish taken back: ')")
        assert _moves_shown(page, 0) == stopped[0]
    assert browser_page.errors() == []


@pytest.mark.book
@pytest.mark.parametrize("chapter", ["quarrel", "chain", "klondike"])
def test_play_here_on_every_game_chapter(browser_page: BrowserPage, book_site: str,
                                         chapter: str) -> None:
    requests = _watch(browser_page)
    page = browser_page.page
    page.goto(f"{book_site}/{chapter}.html")
    tables = page.locator(".sw-table")
    index = next(i for i in range(tables.count())
                 if tables.nth(i).get_attribute("data-sw-save") is None)
    play_a_table(page, index)
    # A demonstration continued from its last step is a table too.
    demo = next(i for i in range(tables.count())
                if tables.nth(i).get_attribute("data-sw-save") is not None)
    tables.nth(demo).locator(".sw-play-here").click()
    page.wait_for_function("(i) => window.solitaireTables[i].ready.then(() => true)", arg=demo,
                           timeout=START_TIMEOUT)
    assert page.evaluate("(i) => window.solitaireTables[i].legalMoves()", demo) is not None
    assert requests and all(r.startswith(book_site) for r in requests), \
        [r for r in requests if not r.startswith(book_site)][:5]
    assert browser_page.errors() == []


@pytest.mark.book
def test_a_whole_deal_replay_shows_every_step(browser_page: BrowserPage, book_site: str) -> None:
    page = browser_page.page
    page.goto(f"{book_site}/chain.html")
    player = page.locator(".sw-player[data-sw-save]").first
    player.scroll_into_view_if_needed()
    counter = player.locator(".sw-counter")
    last = int(counter.inner_text().split(" of ")[1])
    assert last > HELD_STEPS + 1, "longer than the frames the page holds"
    forward = player.locator("button[aria-label='Step forward']")
    heights = set()
    for step in range(1, last + 1):
        forward.click()
        page.wait_for_function("([el, n]) => el.getAttribute('data-step') === String(n)",
                               arg=[player.element_handle(), step], timeout=START_TIMEOUT)
        assert player.locator(".sw-caption").inner_text().startswith(f"Step {step}:")
        assert counter.inner_text() == f"Step {step} of {last}", "counter and caption agree"
        heights.add(round(player.locator(".sw-stage").bounding_box()["height"]))
    assert len(heights) == 1, f"the table keeps one height: {sorted(heights)}"
    assert browser_page.errors() == []


_CONTRAST = """(el) => {
  const rgb = s => s.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const lum = c => { const [r, g, b] = c.map(v => { v /= 255;
    return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  let bg = null;
  for (let node = el; node && !bg; node = node.parentElement) {
    const c = getComputedStyle(node).backgroundColor;
    if (c && !c.startsWith("rgba(0, 0, 0, 0)") && c !== "transparent") { bg = c; }
  }
  bg = bg || getComputedStyle(document.body).backgroundColor;
  const a = lum(rgb(getComputedStyle(el).color)), b = lum(rgb(bg));
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}"""


@pytest.mark.book
def test_players_read_in_the_dark_theme(browser_page: BrowserPage, book_site: str) -> None:
    page = browser_page.page
    page.goto(f"{book_site}/chain.html")
    page.evaluate("document.documentElement.dataset.theme = 'dark'")
    for selector in (".sw-player .sw-title", ".sw-player .sw-caption", ".sw-player .sw-counter",
                     ".sw-table .sw-note"):
        element = page.locator(selector).first
        assert element.evaluate(_CONTRAST) >= 4.5, selector



def _highlight_pixels(shot: bytes, colour: str = HIGHLIGHT) -> int:
    """How many pixels of a screenshot have the highlight's colour (or ``colour``)."""
    want = tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))
    width, _height, rows = read_png(shot)
    return sum(all(abs(row[i + c] - want[c]) <= 24 for c in range(3))
               for row in rows for i in range(0, 3 * width, 3))


def _start_first_table(page: Any) -> Any:
    page.locator(".sw-play-here").first.click()
    page.wait_for_function("window.solitaireTables[0].ready.then(() => true)",
                           timeout=START_TIMEOUT)
    return page.locator(".sw-table .sw-stage").first


@pytest.mark.parametrize("width", [1280, 390])
def test_the_table_draws_the_keyboard_cursor_a_selection_and_a_hint(
        browser_page: BrowserPage, exported: Path, width: int) -> None:
    page = browser_page.page
    page.set_viewport_size({"width": width, "height": 800})
    with served_directory(exported) as url:
        page.goto(f"{url}/index.html")
        stage = _start_first_table(page)
        stage.focus()
        shots = [stage.screenshot()]
        # In reading order (the stock, the waste, the four foundations, the
        # columns) the eighth arrow stands on the second column.
        for key in ["ArrowRight"] * 8 + ["Enter"]:
            stage.press(key)
        # The cursor stands on the second tableau pile of deal 7, picked up.
        page.wait_for_function("window.solitaireTables[0].view.selected")
        shots.append(stage.screenshot())
        assert _highlight_pixels(shots[1]) - _highlight_pixels(shots[0]) > 50, "the selection is drawn"
        stage.press("Escape")
        page.wait_for_function("!window.solitaireTables[0].view.selected")
        shots.append(stage.screenshot())
        page.locator(".sw-table button[data-op=hint]").click()
        page.wait_for_function(
            "document.querySelector('.sw-message').textContent.startsWith('Hint')")
        shots.append(stage.screenshot())
        # The hint is drawn in its own colour, not the selection's yellow.
        assert _highlight_pixels(shots[3], HINT_INK) - _highlight_pixels(shots[2], HINT_INK) > 50
        assert _highlight_pixels(shots[3]) - _highlight_pixels(shots[2]) < 20
    assert browser_page.errors() == []


#: Records, every animation frame, where each card of the first table is drawn.
_WATCH = """() => {
  window.swDrawn = {};
  function look() {
    document.querySelectorAll('.sw-table .sw-stage g.card').forEach(g => {
      const key = g.getAttribute('data-key'), at = g.getAttribute('transform');
      const seen = window.swDrawn[key] || (window.swDrawn[key] = []);
      if (seen.at(-1) !== at) { seen.push(at); }
    });
    window.requestAnimationFrame(look);
  }
  look();
}"""


def _places_drawn(page: Any, key: str) -> list[str]:
    """The places a card was drawn at, one each frame it moved, since the last call."""
    seen: list[str] = page.evaluate("(key) => window.swDrawn[key] || []", key)
    page.evaluate("window.swDrawn = {}")
    return seen


def test_a_move_played_with_the_mouse_or_the_keyboard_is_animated(
        browser_page: BrowserPage, exported: Path) -> None:
    """The card flies through several places, frame by frame, as the engine's plan says."""
    page = browser_page.page
    reference = PageSession("klondike", seed=7)
    plan = reference.handle({"op": "play", "move": "t2>t4"})["plan"]
    [[key, *_rest]] = plan[0]["cards"]
    with served_directory(exported) as url:
        page.goto(f"{url}/index.html")
        stage = _start_first_table(page)
        page.evaluate(_WATCH)
        stage.focus()
        # The keys visit the piles in reading order: the stock, the waste, the
        # four foundations, then the columns (the eighth → lands on t2).
        for name in ["ArrowRight"] * 8 + ["Enter", "ArrowRight", "ArrowRight", "Enter"]:
            stage.press(name)
        page.wait_for_function("window.solitaireTables[0].moves.length === 1")
        page.wait_for_timeout(500)
        assert len(set(_places_drawn(page, key))) >= 4, "t2>t4 by keys: drawn on its way"
        # The mouse: undo, then click the card and where it goes.
        page.locator(".sw-table button[data-op=undo]").click()
        page.wait_for_function("window.solitaireTables[0].moves.length === 0")
        page.wait_for_timeout(300)
        page.evaluate("window.swDrawn = {}")
        scene = layout("klondike", new_game("klondike", seed=7).table, WIDTH)
        for pile in ("t2", "t4"):
            cx, cy = page.evaluate(_TO_CLIENT, [0, *pile_point(scene, pile)])
            page.mouse.click(cx, cy)
        page.wait_for_function("window.solitaireTables[0].moves.length === 1")
        page.wait_for_timeout(500)
        places = _places_drawn(page, key)
        assert len(set(places)) >= 4, f"t2>t4 by the mouse: drawn on its way: {places}"
    assert browser_page.errors() == []


_SWIPE_JS = """([index, x, y]) => {
  const svg = document.querySelectorAll('.sw-table')[index].querySelector('.sw-stage svg');
  const p = svg.createSVGPoint(); p.x = x; p.y = y;
  const q = p.matrixTransform(svg.getScreenCTM());
  return [q.x, q.y];
}"""


def _swipe(page: Any, x: float, y: float, dy: float) -> None:
    """A finger put down at (x, y) in the viewport and moved up by ``dy``, then lifted."""
    session = page.context.new_cdp_session(page)
    session.send("Input.dispatchTouchEvent", {"type": "touchStart",
                                              "touchPoints": [{"x": x, "y": y}]})
    for step in range(1, 11):
        session.send("Input.dispatchTouchEvent", {
            "type": "touchMove", "touchPoints": [{"x": x, "y": y - dy * step / 10}]})
        page.wait_for_timeout(16)
    session.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    page.wait_for_timeout(300)
    session.detach()


_LABELS = """(root) => Array.from(root.querySelectorAll('.sw-stage svg text'))
  .filter(t => !t.closest('g.card') && t.getClientRects().length).map(t => {
    const svg = t.ownerSVGElement, box = svg.viewBox.baseVal;
    return parseFloat(t.getAttribute('font-size')) * svg.getBoundingClientRect().width / box.width;
  })"""


def test_on_a_phone_the_table_fits_taps_play_and_a_swipe_on_the_felt_scrolls(
        browser: Any, exported: Path) -> None:
    with phone_page(browser) as (page, errors):
        with served_directory(exported) as url:
            page.goto(f"{url}/index.html")
            # Before Play here: the phone's picture of the deal, readable and within the column.
            root = page.locator(".sw-table").first
            assert min(root.evaluate(_LABELS)) >= 9
            assert page.evaluate("document.documentElement.scrollWidth") <= 390
            root.locator(".sw-play-here").tap()
            page.wait_for_function("window.solitaireTables[0].ready.then(() => true)",
                                   timeout=START_TIMEOUT)
            svg = root.locator(".sw-stage svg").first
            box, stage = svg.bounding_box(), root.locator(".sw-stage").bounding_box()
            assert box["width"] <= stage["width"] + 0.5 and box["x"] + box["width"] <= 390
            assert min(root.evaluate(_LABELS)) >= 9, "pile labels at least 9 px high"
            assert page.evaluate("document.documentElement.scrollWidth") <= 390
            width = float(svg.evaluate("s => s.viewBox.baseVal.width"))
            # Tap a card, then tap where it goes: the move is played.
            reference = new_game("klondike", seed=7)
            move = next(m for m in reference.legal_moves() if m.action == "move")
            scene = layout("klondike", reference.table, width)
            for pile, count in ((move.src, move.count), (move.dst, 1)):
                x, y = page.evaluate(_TO_CLIENT, [0, *pile_point(scene, pile, count)])
                page.touchscreen.tap(x, y)
                page.wait_for_timeout(400)  # not a double tap
            reference.play(move)
            page.wait_for_function(
                "document.querySelector('.sw-table').getAttribute('data-sw-moves') === '1'")
            assert page.evaluate("window.solitaireTables[0].state()") == game_state(reference)
            # Every control is within the screen's width.
            for button in root.locator("button, input").all():
                right = button.bounding_box()
                assert right["x"] >= 0 and right["x"] + right["width"] <= 390, \
                    button.evaluate("b => b.outerHTML")
            # A swipe that starts on the felt scrolls the page; one on a card does not.
            page.evaluate("document.body.style.paddingBottom = '2000px'; window.scrollTo(0, 0)")
            felt_x, felt_y = page.evaluate(_TO_CLIENT, [0, width - 4, scene.height - 4])
            _swipe(page, felt_x, felt_y, 200)
            scrolled = page.evaluate("window.scrollY")
            assert scrolled > 50, "a swipe on the felt scrolls the page"
            page.evaluate("window.scrollTo(0, 0)")
            card = scene.pile_sprites("t7")[-1]
            card_x, card_y = page.evaluate(
                _TO_CLIENT, [0, card.x + card.w / 2, card.y + card.h / 2])
            _swipe(page, card_x, card_y, 120)
            assert page.evaluate("window.scrollY") < 5, "a drag on a card is the table's"
        assert errors == []


@pytest.mark.book
@pytest.mark.parametrize("width, height", [(1280, 800), (390, 844)])
def test_each_chapter_offers_a_table_within_two_screens_and_the_intro_has_one(
        browser: Any, book_site: str, width: int, height: int) -> None:
    context = browser.new_context(viewport={"width": width, "height": height})
    try:
        page = context.new_page()
        for name in ("intro", "quarrel", "chain", "klondike"):
            page.goto(f"{book_site}/{name}.html")
            # Something to play: a table, or the chapter's first lesson (a position and a
            # question checked by the engine), which stands before the chapter's text.
            top = page.evaluate("""() => {
              const first = document.querySelector('.sw-table[data-sw-game], [data-sw-lesson]');
              return first ? first.getBoundingClientRect().top + window.scrollY : null; }""")
            assert top is not None, f"{name}.html offers nothing to play"
            assert top < 2 * height, f"{name}.html: the first thing to play is {top:.0f} px down"
            assert page.locator(".sw-table[data-sw-game]").count(), f"{name}.html has no table"
        page.goto(f"{book_site}/intro.html")
        page.locator(".sw-play-here").first.click()
        page.wait_for_function("window.solitaireTables[0].ready.then(() => true)",
                               timeout=START_TIMEOUT)
        assert page.evaluate("window.solitaireTables[0].legalMoves()")
    finally:
        context.close()


class _SlowHandler(http.server.SimpleHTTPRequestHandler):
    """Serves files at about 3 MB/s, in 64 KB pieces: a slow network."""

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
        pass

    def copyfile(self, source: Any, outputfile: Any) -> None:
        while piece := source.read(65536):
            outputfile.write(piece)
            time.sleep(0.02)


def test_a_slow_network_shows_the_bytes_fetched_rising_then_the_phases(
        browser_page: BrowserPage, exported: Path) -> None:
    page = browser_page.page
    handler = functools.partial(_SlowHandler, directory=str(exported))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        page.goto(f"http://127.0.0.1:{server.server_address[1]}/index.html")
        page.locator(".sw-play-here").click()
        seen: list[tuple[float, str]] = []
        while not page.evaluate("window.solitaireTables[0].view !== null"):
            sample = page.evaluate("""() => { const box = document.querySelector('.sw-loading');
              return box ? [box.querySelector('progress').value, box.textContent] : null; }""")
            if sample:
                seen.append((sample[0], sample[1]))
            page.wait_for_timeout(150)
        values = [value for value, _ in seen]
        assert values == sorted(values), "the bar only rises"
        in_bytes = [words for value, words in seen if " MB" in words and value < 90]
        assert len({words for words in in_bytes}) >= 3, seen
        assert any(" left" in words for words in in_bytes), "an estimate of the time left"
        assert any(value >= 90 for value in values), "then the phases"
        assert page.locator(".sw-loading").count() == 0, "gone once the table plays"
    finally:
        server.shutdown()
        server.server_close()
    assert browser_page.errors() == []


def test_a_page_opened_as_a_file_says_what_to_do(browser_page: BrowserPage,
                                                 exported: Path) -> None:
    page = browser_page.page
    page.goto((exported / "index.html").as_uri())
    page.locator(".sw-play-here").click()
    note = page.locator(".sw-note[role=alert]")
    note.wait_for(timeout=10_000)
    assert "python -m http.server" in note.inner_text()


@pytest.mark.book
@pytest.mark.parametrize("mode", ["light", "dark"])
def test_a_started_table_has_no_serious_accessibility_violation(
        browser: Any, book_site: str, mode: str) -> None:
    from tests.npm_support import AXE_CORE, read_member

    context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme=mode)
    try:
        page = context.new_page()
        page.goto(f"{book_site}/chain.html")
        assert page.evaluate("document.documentElement.dataset.theme") == mode, \
            "the book follows the system's setting"
        page.locator(".sw-play-here").first.click()
        page.wait_for_function("window.solitaireTables[0].ready.then(() => true)",
                               timeout=START_TIMEOUT)
        page.locator(".sw-table button[data-op=hint]").first.click()
        page.wait_for_function(
            "document.querySelector('.sw-table .sw-message').textContent.startsWith('Hint')")
        page.add_script_tag(content=read_member(AXE_CORE, "axe.min.js"))
        violations = page.evaluate("""async () => {
            const r = await axe.run('.sw-table', {resultTypes: ['violations']});
            return r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
              .map(v => v.id + ': ' + v.nodes.map(n => n.target.join(' ')).join(', '));
        }""")
        assert violations == []
    finally:
        context.close()
