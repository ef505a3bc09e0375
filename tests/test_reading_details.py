"""Small things a reader of the book notices: code shown runs as shown, one
download size, a range said once when its ends meet, a replay that keeps its
height, and a table that does not pick up what it cannot put down."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from solitaire_widgets import new_game, pointer
from solitaire_widgets.controller import Controller
from solitaire_widgets.i18n import LANGUAGES, format_decimal, use_language
from solitaire_widgets.strategies import get_strategy
from solitaire_widgets.web.runtime import download_size
from tests.browser_support import BrowserPage

BOOK = Path(__file__).resolve().parent.parent / "book"
CELL = re.compile(r"```\{code-cell\}[^\n]*\n(.*?)```", re.S)


def _shown_cells(page: Path) -> list[str]:
    """The code cells a reader sees (their input is not removed)."""
    cells = []
    for body in CELL.findall(page.read_text(encoding="utf-8")):
        tags = re.search(r"^:tags: \[(.*?)\]", body, re.M)
        if not tags or not {"remove-cell", "remove-input"} & {
                tag.strip() for tag in tags.group(1).split(",")}:
            cells.append(body)
    return cells


@pytest.mark.parametrize("page", sorted(BOOK.glob("*.md")), ids=lambda p: p.stem)
def test_the_code_a_reader_sees_runs_as_shown(page: Path) -> None:
    """A cell shown to the reader imports nothing that exists only in the book's build."""
    for cell in _shown_cells(page):
        assert not re.search(r"^\s*(?:from|import)\s+_ext\b", cell, re.M), cell
        assert "memo(" not in cell, cell


def test_the_shown_statistics_are_the_same_with_the_books_memo() -> None:
    """The hidden cell's memo keeps run_stats's answers: the same report as without it."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("book_memo", BOOK / "_ext" / "memo.py")
    assert spec is not None and spec.loader is not None
    memo = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(memo)
    from solitaire_widgets.stats import run_stats

    memoized = memo.memoized

    kept = memoized(run_stats, "run_stats")
    with_memo, without = kept("chain", deals=20, seed=3), run_stats("chain", deals=20, seed=3)
    assert replace(with_memo, seconds=0) == replace(without, seconds=0)


def _foundation_game() -> tuple[Controller, str]:
    game = new_game("klondike", seed=2, variant="standard")
    player = get_strategy("klondike")
    while not any(pile.kind == "foundation" and pile.cards for pile in game.table.piles.values()):
        move = player.choose(game)
        assert move is not None
        game.play(move)
    table = Controller(game)
    return table, next(pid for pid, pile in game.table.piles.items()
                       if pile.kind == "foundation" and pile.cards)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_foundation_card_that_cannot_move_is_not_picked_up(language: str) -> None:
    table, foundation = _foundation_game()
    with use_language(language):
        # A press on it, or Enter with the keyboard's cursor on it: the same act.
        table.pointer = pointer.PointerState(focus=(foundation, 0))
        change = table._apply(pointer._act_on(table.pointer, table.game, foundation, 0))
        assert table.pointer.selected is None and not change.ok
        assert table.error and table.message


def test_a_foundation_card_that_may_come_back_is_picked_up() -> None:
    game = new_game("klondike", seed=2, variant="standard", worrying_back="yes")
    player = get_strategy("klondike")
    table = Controller(game)
    for _ in range(400):
        movable = {m.src for m in game.legal_moves()
                   if m.action == "move" and game.table.piles[m.src].kind == "foundation"}
        if movable:
            break
        move = player.choose(game)
        assert move is not None
        game.play(move)
    source = sorted(movable)[0]
    table._apply(pointer._act_on(table.pointer, game, source, 0))
    assert table.pointer.selected is not None and not table.error


# -- in the built book --------------------------------------------------------------------

def _read(built_book: Path, path: str) -> str:
    return (built_book / path).read_text(encoding="utf-8")


def _words(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


@pytest.mark.book
def test_the_download_is_stated_one_way(built_book: Path) -> None:
    """Every page that states the download says the same figure, the one the tables'
    progress bar counts to (web.runtime.download_size), in the edition's notation."""
    for edition, language in (("", "en"), ("ru/", "ru"), ("pl/", "pl")):
        with use_language(language):
            figure = format_decimal(download_size() / 2**20)
        for page in ("intro", "quarrel", "klondike", "chain", "embedding"):
            text = _words(_read(built_book, f"{edition}{page}.html"))
            stated = re.findall(r"(\d+(?:[.,]\d+)?)\s*(?:MB|МБ)", text)
            assert figure in stated, (edition, page, figure, stated)
            assert not re.search(r"(?:about|около|około) 1[34] (?:MB|МБ)", text), (edition, page)


@pytest.mark.book
def test_a_range_whose_ends_meet_is_said_once(built_book: Path) -> None:
    for page in ("klondike", "solver", "quarrel", "chain"):
        text = _words(_read(built_book, f"{page}.html"))
        same = re.findall(r"between ([\d.]+%) and \1\b", text)
        assert not same, (page, same)


@pytest.mark.book
@pytest.mark.browser
@pytest.mark.parametrize("width", [1280, 390])
def test_a_replay_keeps_one_height_from_step_to_step(width: int, book_site: str,
                                                     browser_page: BrowserPage) -> None:
    page = browser_page.page
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(f"{book_site}/quarrel.html", wait_until="load")
    players = page.locator("div.sw-player[id]")
    assert players.count() >= 2
    for n in range(2):
        player = players.nth(n)
        player.scroll_into_view_if_needed()
        uid = player.get_attribute("id")
        heights = set()
        forward = page.locator(f"#{uid}-forward")
        for _ in range(12):
            heights.add(round(player.bounding_box()["height"]))
            if not forward.is_enabled():
                break
            forward.click()
        assert len(heights) == 1, (uid, sorted(heights))
    assert browser_page.errors(origin=book_site) == []
