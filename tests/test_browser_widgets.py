"""The widgets in a real browser: JupyterLab with no internet, and the kernel-free player.

- ``test_widgets_in_jupyterlab``: JupyterLab (from the venv: ipywidgets and
  ipycanvas ship their labextensions in their wheels) opens
  ``tests/browser_notebooks/widgets.ipynb`` (copied to a temp dir), runs all
  cells, and headless Chromium proves with ``getImageData`` that cards are
  drawn, that clicking a card then its destination moves it, that Undo
  brings the picture back, that the replay steps, and that a reloaded page is
  drawn again in full (ipycanvas keeps no state: the widget redraws on
  ``client_ready``).
- ``test_player_without_a_kernel``: the HTML player of a short game, served
  from 127.0.0.1, steps forward, asks nothing of any other host, and runs no
  script smuggled in through a caption.
"""

from __future__ import annotations

import re
import shutil
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from solitaire_widgets import Move, new_game, pointer
from solitaire_widgets.examples import get_example
from solitaire_widgets.html_replays import game_frames
from solitaire_widgets.render import layout
from solitaire_widgets.render.player import html_player
from solitaire_widgets.render.scene import Scene
from solitaire_widgets.strategies import get_strategy
from solitaire_widgets.widgets.traits import FIT_MIN
from tests.browser_support import (
    SCREENSHOTS,
    BrowserPage,
    LabServer,
    accept_kernel_dialog,
    open_and_run,
    served_directory,
    write_notebook,
)

pytestmark = pytest.mark.browser

NOTEBOOKS = Path(__file__).parent / "browser_notebooks"
#: The deal and drawing width in ``widgets.ipynb``.
SEED, WIDTH = 3, 760

# Snapshots of a canvas kept in the page, compared there (no megabytes over the wire).
_PIXELS_JS = """
(args) => {
  const [canvas, op, name, region] = args;
  window.__snaps = window.__snaps || {};
  const ctx = canvas.getContext('2d');
  const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
  if (op === 'save') { window.__snaps[name] = data.slice(); return 0; }
  if (op === 'cards') {
    // Pixels far from the felt green (#1f6a3e): cards, backs, text.
    let n = 0;
    for (let i = 0; i < data.length; i += 4) {
      const d = Math.abs(data[i] - 0x1f) + Math.abs(data[i + 1] - 0x6a)
              + Math.abs(data[i + 2] - 0x3e);
      if (d > 120) { n++; }
    }
    return n;
  }
  // op === 'diff': pixels that differ from a snapshot, in a region or everywhere.
  const old = window.__snaps[name];
  const [x0, y0, x1, y1] = region || [0, 0, canvas.width, canvas.height];
  let n = 0;
  for (let y = Math.max(0, y0); y < Math.min(canvas.height, y1); y++) {
    for (let x = Math.max(0, x0); x < Math.min(canvas.width, x1); x++) {
      const i = (y * canvas.width + x) * 4;
      if (Math.abs(data[i] - old[i]) + Math.abs(data[i + 1] - old[i + 1])
          + Math.abs(data[i + 2] - old[i + 2]) > 60) { n++; }
    }
  }
  return n;
}
"""


class CanvasProbe:
    """Reads one canvas element's pixels and clicks it in canvas coordinates."""

    def __init__(self, page: Any, locator: Any) -> None:
        self.page = page
        self.locator = locator

    def _run(self, op: str, name: str = "", region: list[int] | None = None) -> int:
        handle = self.locator.element_handle()
        return int(self.page.evaluate(_PIXELS_JS, [handle, op, name, region]))

    def size(self) -> tuple[int, int]:
        width, height = self.locator.evaluate("c => [c.width, c.height]")
        return int(width), int(height)

    def cards(self) -> int:
        return self._run("cards")

    def save(self, name: str) -> None:
        self._run("save", name)

    def diff(self, name: str, region: tuple[float, float, float, float] | None = None) -> int:
        box = None
        if region is not None:
            x, y, w, h = region
            box = [int(x), int(y), int(x + w) + 1, int(y + h) + 1]
        return self._run("diff", name, box)

    def settle(self, timeout: float = 20.0) -> None:
        """Wait until the picture stops changing (animations are played in the page)."""
        deadline = time.monotonic() + timeout
        self.save("__settle")
        while time.monotonic() < deadline:
            time.sleep(0.4)
            if self.diff("__settle") == 0:
                return
            self.save("__settle")
        raise AssertionError("the canvas kept changing")

    def click(self, x: float, y: float) -> None:
        """Click at canvas pixel ``(x, y)`` (the canvas may be scaled by CSS)."""
        self.locator.scroll_into_view_if_needed()
        box = self.locator.bounding_box()
        width, height = self.size()
        self.locator.click(position={"x": x * box["width"] / width,
                                     "y": y * box["height"] / height})


def _top_card_point(scene: Scene, pile: str) -> tuple[float, float]:
    sprites = scene.pile_sprites(pile)
    if sprites:
        top = sprites[-1]
        return top.x + top.w / 2, top.y + top.h * 0.6
    bounds = scene.pile_bounds(pile)
    assert bounds is not None
    x, y, w, h = bounds
    return x + w / 2, y + h / 2


def _top_card_box(scene: Scene, pile: str) -> tuple[float, float, float, float]:
    sprites = scene.pile_sprites(pile)
    if sprites:
        top = sprites[-1]
        return top.x, top.y, top.w, top.h
    bounds = scene.pile_bounds(pile)
    assert bounds is not None
    return bounds


def test_widgets_in_jupyterlab(browser_page: BrowserPage,
                               jupyterlab_server: Callable[..., LabServer],
                               tmp_path: Path) -> None:
    shutil.copy(NOTEBOOKS / "widgets.ipynb", tmp_path / "widgets.ipynb")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    lab = jupyterlab_server(tmp_path)
    outside: list[str] = []
    browser_page.page.on("request", lambda request: outside.append(request.url)
                         if not request.url.startswith(("http://127.0.0.1", "ws://127.0.0.1",
                                                        "data:", "blob:")) else None)
    page = open_and_run(browser_page, lab, "widgets.ipynb")

    canvases = page.locator(".jp-OutputArea-output canvas")
    assert canvases.count() == 2, "the game and the replay each show one canvas"
    game, replay = CanvasProbe(page, canvases.nth(0)), CanvasProbe(page, canvases.nth(1))
    # display(widget) shows the live widget, not the kernel-free player.
    assert page.locator(".sw-player").count() == 0

    # Cards are drawn.
    game.settle()
    width, height = game.size()
    assert width == WIDTH
    assert game.cards() > width * height * 0.05
    game.save("dealt")

    # Click a card, then where it goes: it moves.
    deal = new_game("klondike", seed=SEED)
    scene = layout("klondike", deal.table, WIDTH)
    move = next(m for m in deal.legal_moves()
                if m.action == "move" and deal.table.piles[m.src].kind == "tableau")
    after = deal.clone()
    after.play(move)
    after_scene = layout("klondike", after.table, WIDTH)
    game.click(*_top_card_point(scene, move.src))
    game.settle()
    game.click(*_top_card_point(scene, move.dst))
    game.settle()
    source = _top_card_box(scene, move.src)
    target = _top_card_box(after_scene, move.dst)
    assert game.diff("dealt", source) > source[2] * source[3] * 0.2, "the source changed"
    assert game.diff("dealt", target) > target[2] * target[3] * 0.2, "the target changed"
    status = page.locator(".solitaire-status").first.inner_text()
    assert status

    # Undo brings the picture back (the kernel's answer may come after a first
    # quiet moment of the canvas: wait for the picture, then for it to settle).
    page.get_by_role("button", name="Undo").first.click()
    deadline = time.monotonic() + 20
    while game.diff("dealt") > width * height * 0.002 and time.monotonic() < deadline:
        time.sleep(0.2)
    game.settle()
    assert game.diff("dealt") <= width * height * 0.002

    # The keyboard alone plays the same move: arrows to the card, Enter, arrows to
    # its destination, Enter, once the table has the focus (as Tab gives it).
    page.locator(".jp-OutputArea-output .sw-stage[tabindex='0']").first.focus()
    order = pointer._pile_order(scene, deal)
    for _ in range(order.index(move.src) + 1):
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    for _ in range((order.index(move.dst) - order.index(move.src)) % len(order)):
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    game.settle()
    page.screenshot(path=str(SCREENSHOTS / "jupyterlab-keyboard.png"), full_page=True)
    assert game.diff("dealt", target) > target[2] * target[3] * 0.2, "played by keyboard"
    # u takes the move back; Escape hides the keyboard cursor (and leaves the table).
    page.keyboard.press("u")
    page.keyboard.press("Escape")
    game.settle()
    deadline = time.monotonic() + 5
    while game.diff("dealt") > width * height * 0.002 and time.monotonic() < deadline:
        time.sleep(0.2)
    assert game.diff("dealt") <= width * height * 0.002

    # The replay steps forward and its picture changes.
    replay.settle()
    replay.save("start")
    assert replay.cards() > 0
    page.get_by_role("button", name="Forward ▶").first.click()
    replay.settle()
    assert replay.diff("start") > 200
    assert "step 1 of" in page.locator(".jupyter-widgets:has-text('step 1 of')").last.inner_text()

    # One toggle button plays the replay (the browser's hidden Play control
    # keeps the time): it reads Pause while playing, and Play again at the end.
    page.get_by_role("button", name="▶ Play").first.click()
    page.get_by_role("button", name="❚❚ Pause").first.wait_for(timeout=10_000)
    page.get_by_role("button", name="▶ Play").first.wait_for(timeout=60_000)
    last = len(get_example("klondike-partial-sequence").steps)
    assert page.locator(f".jupyter-widgets:has-text('step {last} of {last}')").count() > 0

    # A page reload is a late view: the kernel draws the canvas again in full.
    page.keyboard.press("Control+s")
    time.sleep(1.0)
    page.reload()
    page.wait_for_selector(".jp-Notebook", timeout=90_000)
    accept_kernel_dialog(page)
    page.wait_for_selector(".jp-OutputArea-output canvas", timeout=60_000)
    reloaded = CanvasProbe(page, page.locator(".jp-OutputArea-output canvas").nth(0))
    deadline = time.monotonic() + 30
    while reloaded.cards() < width * height * 0.05 and time.monotonic() < deadline:
        time.sleep(0.5)
    assert reloaded.cards() > width * height * 0.05, "the reloaded view was drawn again"

    assert outside == [], f"requests left this machine: {outside[:5]}"
    assert browser_page.errors(origin=lab.url) == []


def test_player_without_a_kernel(browser_page: BrowserPage, tmp_path: Path) -> None:
    game = new_game("chain", seed=3)
    for _ in range(3):
        game.play(game.legal_moves()[0])
    frames = game_frames(game, 480)
    evil = ("<script>window.__pwned=1</script>"
            "<img src=x onerror=\"window.__pwned=2\">")
    frames[1] = (frames[1][0], frames[1][1] + evil)
    page_html = ("<!doctype html><html><head><meta charset='utf-8'><title>player</title></head>"
                 "<body>" + html_player(frames, "A game " + evil) + "</body></html>")
    (tmp_path / "player.html").write_text(page_html, encoding="utf-8")
    requests: list[str] = []
    page = browser_page.page
    page.on("request", lambda request: requests.append(request.url))
    with served_directory(tmp_path) as url:
        page.goto(f"{url}/player.html")
        stage = page.locator(".sw-player [id$='-stage']")
        first = stage.inner_html()
        assert "<svg" in first
        page.locator(".sw-player [id$='-forward']").click()
        page.wait_for_function(
            "([sel, old]) => document.querySelector(sel).innerHTML !== old",
            arg=[".sw-player [id$='-stage']", first])
        assert stage.inner_html() != first
        caption = page.locator(".sw-player [id$='-caption']").inner_text()
        assert "<script>" in caption, "the caption shows the text, it does not run it"
        page.locator(".sw-player [id$='-end']").click()
        page.locator(".sw-player [id$='-first']").click()
        time.sleep(0.3)
        assert page.evaluate("window.__pwned === undefined")
        assert page.locator(".sw-player img").count() == 0
    assert requests, "the page itself was requested"
    assert all(r.startswith(url) for r in requests), requests
    assert browser_page.errors() == []


def test_moves_used_here_are_legal() -> None:
    """The browser test's move is real (fails fast, without a browser, if the deal changes)."""
    deal = new_game("klondike", seed=SEED)
    assert any(isinstance(m, Move) and m.action == "move" for m in deal.legal_moves())


# -- issue 14: text and picture agree, typed moves are kept, ten moves by keyboard ------

#: A Klondike deal the built-in player plays for 122 moves (and wins).
LONG_SEED = 7
_HONEST_CELLS = [
    "from ipywidgets import HTML, link\n"
    "from solitaire_widgets.widgets import GameWidget\n"
    f"table = GameWidget('klondike', seed={LONG_SEED})\n"
    f"mirror = GameWidget('klondike', seed={LONG_SEED}, animate=False)  # the engine, drawn at once\n"
    "link((table, 'state'), (mirror, 'state'))\n"
    "moves = HTML()\n"
    "moves.add_class('sw-test-moves')\n"
    "def count(change=None):\n"
    "    p = table.painter\n"
    "    moves.value = (f'moves={len(table.game.history)} drawn-told={p.acknowledged} '\n"
    "                   f'sent={p.sent} drawn={p.drawn} owed={table._redraw_owed}')\n"
    "table.observe(count, 'state'); count()\n"
    "import asyncio\n"
    "from solitaire_widgets.widgets.threads import LOCK\n"
    "async def watch():  # what a failure message shows: the painter's counts, kept fresh\n"
    "    while True:\n"
    "        await asyncio.sleep(0.5)\n"
    "        with LOCK: count()\n"
    "watcher = asyncio.ensure_future(watch())\n"
    "display(table, moves, mirror)",
    "print('cells done')",
]

# Pixels that differ between two canvases, over the height both have.
_TWO_CANVASES_JS = """
([a, b]) => {
  const h = Math.min(a.height, b.height), w = Math.min(a.width, b.width);
  const da = a.getContext('2d').getImageData(0, 0, w, h).data;
  const db = b.getContext('2d').getImageData(0, 0, w, h).data;
  let n = 0;
  for (let i = 0; i < da.length; i += 4) {
    if (Math.abs(da[i] - db[i]) + Math.abs(da[i + 1] - db[i + 1])
        + Math.abs(da[i + 2] - db[i + 2]) > 60) { n++; }
  }
  return n;
}
"""


def _keys_for(moves: list[Move], start: Any) -> list[str]:
    """The keys that play ``moves`` from ``start`` (a Game) with the table's keyboard alone.

    Worked out with the same controller the widget uses, and checked there:
    each move's keys play exactly that move.
    """
    from solitaire_widgets.controller import Controller

    table = Controller(start.clone())
    keys: list[str] = []

    def press(name: str) -> None:
        scene = layout(table.game, table.game.table, WIDTH)
        table.key(scene, name)
        keys.append(name)

    def focus(pile: str, count: int = 1) -> None:
        scene = layout(table.game, table.game.table, WIDTH)
        order = pointer._pile_order(scene, table.game)
        while table.pointer.focus is None or table.pointer.focus[0] != pile:
            press("ArrowRight")
        assert order
        while table.pointer.focus[1] < count:
            press("ArrowUp")

    for move in moves:
        played = len(table.game.history)
        if move.action == "move":
            focus(move.src, move.count)
            press("Enter")
            focus(move.dst)
            press("Enter")
        else:
            stock = next(p for p, pile in table.game.table.piles.items() if pile.kind == "stock")
            focus(stock)
            press("Enter")
        assert len(table.game.history) == played + 1 and table.game.history[-1].move == move
    return keys


def _moves_shown(page: Any) -> int:
    return int(page.locator(".sw-test-moves").first.inner_text().split()[0].split("=")[1])


def _wait_moves(page: Any, count: int, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while _moves_shown(page) != count and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _moves_shown(page) == count


def _wait_for_stop(page: Any) -> None:
    """Auto-finish's run shows its Stop button; if it never does, say what the table said."""
    try:
        page.get_by_role("button", name="Stop").first.wait_for(timeout=15_000)
    except Exception as error:
        page.screenshot(path=str(SCREENSHOTS / "no-stop.png"), full_page=True)
        words = page.locator(".jp-OutputArea-output .widget-html-content").all_inner_texts()
        raise AssertionError(
            f"no Stop button: {page.locator('.sw-test-moves').first.inner_text()}; status: "
            f"{page.locator('.solitaire-status').first.inner_text()!r}; words: {words[:8]}; "
            f"buttons: {page.locator('.jp-OutputArea-output button').all_inner_texts()[:20]}"
        ) from error


def test_the_table_is_honest_and_fast_in_jupyterlab(browser_page: BrowserPage,
                                                     jupyterlab_server: Callable[..., LabServer],
                                                     tmp_path: Path) -> None:
    write_notebook(tmp_path / "honest.ipynb", _HONEST_CELLS)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    lab = jupyterlab_server(tmp_path)
    page = open_and_run(browser_page, lab, "honest.ipynb")
    canvases = page.locator(".jp-OutputArea-output canvas")
    table = CanvasProbe(page, canvases.nth(0))
    table.settle()

    def differing() -> int:
        return int(page.evaluate(_TWO_CANVASES_JS, [canvases.nth(0).element_handle(),
                                                     canvases.nth(1).element_handle()]))

    def agree_within(seconds: float, what: str) -> None:
        # The keyboard cursor's ring is drawn on the table only: far less than a card.
        # Agreeing means agreeing on three reads in a row: one read can fall between
        # two frames of a redraw (or of the last animation) and agree by chance.
        # The time allowed runs to the first of those reads.
        began = time.monotonic()
        deadline = began + seconds
        agreeing, since = 0, began
        while agreeing < 3 and (agreeing or time.monotonic() < deadline):
            read_at = time.monotonic()
            if differing() <= 2500:
                since = read_at if agreeing == 0 else since
                agreeing += 1
            else:
                agreeing = 0
            if agreeing < 3:
                time.sleep(0.05)
        print(f"{what}: the picture agreed after {since - began:.2f} s")
        if agreeing < 3:
            for n in (0, 1):
                canvases.nth(n).screenshot(path=str(SCREENSHOTS / f"disagree-{n}.png"))
            # What a failure looks like, for whoever reads it: does the picture come
            # right later (the browser was slow), and did the page log errors?
            pixels, waited = differing(), time.monotonic()
            while differing() > 2500 and time.monotonic() - waited < 10:
                time.sleep(0.2)
            late = ("agreed after %.1f s more" % (time.monotonic() - waited)
                    if differing() <= 2500 else "still differs 10 s later")
            raise AssertionError(
                f"{what}: the picture is not the engine's position ({pixels} pixels differ, "
                f"{late}; {page.locator('.sw-test-moves').first.inner_text()}; status: "
                f"{page.locator('.solitaire-status').first.inner_text()!r}; "
                f"page errors: {browser_page.errors()[:5]})")

    # Twelve moves typed back to back, with no pause: each is played, in order.
    box = page.locator(".sw-move-box input").first
    box.click()
    page.keyboard.type("turn\n" * 12, delay=0)
    _wait_moves(page, 12)
    assert box.input_value() == ""
    agree_within(5.0, "after typing")

    # Ten moves with the keyboard alone: arrows, Up for more cards, Enter.
    game = new_game("klondike", seed=LONG_SEED)
    for _ in range(12):
        game.play("turn")
    strategy = get_strategy("klondike")
    planned = []
    for _ in range(10):
        move = strategy.choose(game)
        assert move is not None
        planned.append(move)
        game.play(move)
    start = new_game("klondike", seed=LONG_SEED)
    for _ in range(12):
        start.play("turn")
    page.locator(".jp-OutputArea-output .sw-stage[tabindex='0']").first.focus()
    for key in _keys_for(planned, start):
        page.keyboard.press(" " if key == " " else key)
    _wait_moves(page, 22)
    agree_within(5.0, "after ten moves by keyboard")
    page.screenshot(path=str(SCREENSHOTS / "jupyterlab-honest-keyboard.png"), full_page=True)

    # Auto-finish: in a game begun it asks first; the words follow the picture, and
    # Undo stops it at once and takes its whole run back.
    page.get_by_role("button", name="Auto-finish").first.click()
    # The mouse crossing the table on its way back to the button is no answer.
    page.get_by_role("button", name="Yes, auto-finish").first.wait_for(timeout=10_000)
    canvases.nth(0).hover()
    page.mouse.move(1, 1)
    page.get_by_role("button", name="Yes, auto-finish").first.click()
    _wait_for_stop(page)
    time.sleep(1.0)
    status = page.locator(".solitaire-status").first.inner_text()
    assert "You won" not in status, "the status ran ahead of the picture"
    page.get_by_role("button", name="Undo").first.click()
    agree_within(1.0, "auto-finish then undo")
    shown = _moves_shown(page)
    assert shown == 22, shown
    time.sleep(1.0)
    assert _moves_shown(page) == shown, "the run went on after Undo"
    agree_within(0.5, "a second later")

    # Auto-finish to the end: over in seconds, the last words say how it ended.
    page.get_by_role("button", name="Auto-finish").first.click()
    started = time.monotonic()
    page.get_by_role("button", name="Yes, auto-finish").first.click()
    _wait_for_stop(page)
    page.get_by_role("button", name="Stop").first.wait_for(state="hidden", timeout=30_000)
    took = time.monotonic() - started
    message = page.locator(".jp-OutputArea-output .widget-html-content:has-text("
                           "'The computer player')").first.inner_text()
    played = int(re.search(r"played (\d+) moves?", message).group(1))  # type: ignore[union-attr]
    _wait_moves(page, shown + played)
    print(f"auto-finish: {played} moves in {took:.1f} s")
    # Not a timing: only a run that waits far longer than its pace (a lost
    # acknowledgement, a timer's timeout per move) fails, however busy the machine.
    assert took < 5.0 + played * 0.15, f"{played} moves took {took:.1f} s"
    # The browser tells the kernel what it has drawn (the acknowledgement pixel).
    assert "drawn-told=True" in page.locator(".sw-test-moves").first.inner_text()
    agree_within(1.0, "at the end of auto-finish")
    page.screenshot(path=str(SCREENSHOTS / "jupyterlab-honest-won.png"), full_page=True)

    # The dark theme: the table's words stay readable, a refusal too; then a phone's width.
    box.click()
    page.keyboard.type("zzz\n", delay=0)
    page.locator(".sw-message [role='alert']").first.wait_for(timeout=10_000)
    page.get_by_role("menuitem", name="Settings", exact=True).click()
    page.locator(".lm-Menu-item:has-text('Theme')").first.hover()
    page.locator(".lm-Menu-item:has-text('JupyterLab Dark')").first.click()
    page.wait_for_function("() => document.body.dataset.jpThemeLight === 'false'",
                           timeout=20_000)
    time.sleep(0.5)
    output = page.locator(".jp-OutputArea-output:has(canvas)").first
    output.screenshot(path=str(SCREENSHOTS / "jupyterlab-table-dark.png"))
    contrasts = page.evaluate(_CONTRAST_JS, ".solitaire-status, .sw-message span, "
                              ".solitaire-description div")
    assert contrasts and min(contrasts) >= 4.5, contrasts
    page.locator(".jp-SideBar .lm-TabBar-tab.lm-mod-current").first.click()  # fold the side bar
    page.set_viewport_size({"width": 390, "height": 844})
    time.sleep(1.0)
    output.scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / "jupyterlab-table-dark-390.png"))
    _readable_at_390(page)
    # ... and in the light theme.
    page.get_by_role("menuitem", name="Settings", exact=True).click()
    page.locator(".lm-Menu-item:has-text('Theme')").first.hover()
    page.locator(".lm-Menu-item:has-text('JupyterLab Light')").first.click()
    page.wait_for_function("() => document.body.dataset.jpThemeLight === 'true'",
                           timeout=20_000)
    time.sleep(0.5)
    output.scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / "jupyterlab-table-light-390.png"))
    _readable_at_390(page)
    assert browser_page.errors(origin=lab.url) == []


def _readable_at_390(page: Any) -> None:
    """At a phone's width the table fits the room it is given (no sideways
    scrolling) and keeps labels of 9 px or more."""
    canvas = page.locator(".jp-OutputArea-output canvas").first
    drawn = canvas.evaluate("c => c.width")
    assert FIT_MIN <= drawn < 390, f"a table {drawn} px wide at 390 px"
    smallest = min(label.size for label in layout(
        "klondike", new_game("klondike", seed=LONG_SEED).table, drawn).labels)
    scale = canvas.evaluate("c => c.getBoundingClientRect().width / c.width")
    assert scale * smallest >= 9, f"labels of {scale * smallest:.1f} px"
    stage = page.locator(".jp-OutputArea-output .sw-stage").first
    box = stage.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390, box
    assert stage.evaluate("s => s.scrollWidth <= s.clientWidth"), "the table fits its box"
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


# The contrast ratio (WCAG) of each matching element's text on its background.
_CONTRAST_JS = r"""
(selector) => {
  function rgb(text) { return text.match(/[0-9.]+/g).slice(0, 3).map(Number); }
  function background(el) {
    while (el) {
      const c = getComputedStyle(el).backgroundColor;
      if (c && c !== 'transparent' && !/rgba\(.*, 0\)$/.test(c)) return rgb(c);
      el = el.parentElement;
    }
    return [255, 255, 255];
  }
  function luminance([r, g, b]) {
    const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  }
  return Array.from(document.querySelectorAll(selector)).filter(e => e.textContent.trim())
    .map(e => {
      const a = luminance(rgb(getComputedStyle(e).color)), b = luminance(background(e));
      return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    });
}
"""
