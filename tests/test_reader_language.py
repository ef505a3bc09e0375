"""Every word a table answers with is in the reader's language: the solver's
answers, the words typed in the move box and the box's placeholder.

The unit tests ask the controller and the page's session; the browser tests
press the solver's buttons and type in the box on the built book's Russian and
Polish Klondike chapters (real Chromium, the package in Pyodide, no network).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from solitaire_widgets import new_game
from solitaire_widgets.controller import Controller
from solitaire_widgets.games.klondike.solver import hint
from solitaire_widgets.i18n import TRANSLATED, use_language
from solitaire_widgets.web.session import PageSession
from tests.browser_support import BrowserPage

#: English words no Russian or Polish answer holds ("solver" is Polish too).
ENGLISH = re.compile(r"\b(?:the|this|can|still|won|sees|move|moves|next|winning|line|"
                     r"budget|positions?|either)\b", re.IGNORECASE)


def _in(language: str, text: str) -> bool:
    letters = {"ru": r"[а-яё]", "pl": r"[a-ząćęłńóśźż]"}[language]
    return bool(re.search(letters, text, re.IGNORECASE)) and not ENGLISH.search(text)


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_solvers_answers_are_in_the_tables_language(language: str) -> None:
    game = new_game("klondike", seed=2, variant="standard")
    with use_language(language):
        table = Controller(game)
        assert table.can_win() == "won"
        won = table.message
        table.solver_hint()
        advice = table.message
        unresolved = hint(new_game("klondike", seed=4), max_nodes=2)
        other = hint(new_game("chain", seed=1))
    for said in (won, advice, unresolved.answer, unresolved.advice, other.answer):
        assert _in(language, said), said
    assert re.search(r"\d", won), won


@pytest.mark.parametrize(("language", "n", "form"), [
    ("ru", 1, "ход "), ("ru", 3, "хода "), ("ru", 11, "ходов "), ("ru", 21, "ход "),
    ("pl", 1, "ruchu "), ("pl", 3, "ruchów "), ("pl", 22, "ruchów ")])
def test_the_solvers_count_of_moves_takes_the_numbers_form(language: str, n: int,
                                                             form: str) -> None:
    from solitaire_widgets.i18n import ngettext

    with use_language(language):
        said = ngettext("Yes: this can still be won, in {n} more move (the solver sees every "
                        "card, face-down ones too)",
                        "Yes: this can still be won, in {n} more moves (the solver sees every "
                        "card, face-down ones too)", n).format(n=n)
    assert f"{n} {form}" in said, said


@pytest.mark.parametrize(("language", "turn", "undo", "placeholder"), [
    ("en", "turn", "undo", "t3>fh, turn, redeal, undo, redo, hint"),
    ("ru", "Открыть", "отменить", "t3>fh, открыть, перевернуть, отменить, повторить, подсказка"),
    ("pl", "odkryj", "Cofnij", "t3>fh, odkryj, przełóż, cofnij, ponów, podpowiedź"),
])
def test_typed_words_are_taken_in_the_tables_language(language: str, turn: str, undo: str,
                                                       placeholder: str) -> None:
    with use_language(language):
        table = Controller(new_game("klondike", seed=7))
        assert table.placeholder() == placeholder
        assert table.typed(f" {turn} ").moved and table.game.history[-1].move.action == "turn"
        assert table.typed(undo).moved and not table.game.history
        assert table.typed("turn").moved, "the English word is taken in every language"
        refused = table.typed("сдать" if language != "ru" else "deal")
        assert not refused.ok and table.error


@pytest.mark.parametrize(("language", "words"), [
    ("ru", ["заполнить", "ряд", "расклад"]), ("pl", ["uzupełnij", "rząd", "rozłóż"])])
def test_each_games_words_are_its_own(language: str, words: list[str]) -> None:
    with use_language(language):
        chain = Controller(new_game("chain", seed=5))
        assert [chain.typed_words()[word] for word in words] == ["fill", "aux", "redeal"]
        assert all(word in chain.placeholder() for word in words)
        quarrel = Controller(new_game("quarrel", seed=1))
        assert quarrel.typed_words()[{"ru": "выложить", "pl": "wyłóż"}[language]] == "deal"


def test_the_page_sends_a_typed_line_to_the_engine() -> None:
    session = PageSession(new_game("klondike", seed=7), language="pl")
    view = session.handle({"op": "typed", "move": "odkryj"})
    assert view["history"]["added"] == ["turn"] and not view["error"], view["message"]
    assert "odkryj" in view["placeholder"]
    view = session.handle({"op": "typed", "move": "cofnij"})
    assert view["message"].startswith("Ruch cofnięty") or "cofnię" in view["message"].lower()
    # A move played by its name stays a move: "play" does not read the box's words.
    view = session.handle({"op": "play", "move": "cofnij"})
    assert view["error"]


# -- in the built book ----------------------------------------------------------------

ANSWERS = {"ru": ("Да:", "Нет:", "Решатель"), "pl": ("Tak:", "Nie:", "Solver")}
ADVICE = {"ru": ("Следующий ход", "Выигрышного пути", "Решатель"),
          "pl": ("Następny ruch", "Stąd", "Solver")}


@pytest.mark.book
@pytest.mark.browser
@pytest.mark.parametrize("language", TRANSLATED)
def test_the_solvers_buttons_answer_in_the_editions_language(
        language: str, book_site: str, browser_page: BrowserPage) -> None:
    page = browser_page.page
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{book_site}/{language}/klondike.html", wait_until="load")
    root = page.locator(f'.sw-table[data-sw-language="{language}"]').first
    root.scroll_into_view_if_needed()
    root.locator(".sw-play-here").click()
    page.wait_for_function("() => window.solitaireTables[0].ready.then(() => true)",
                           timeout=120_000)
    message = root.locator(".sw-message")

    def ask(op: str) -> str:
        before = message.inner_text()
        root.locator(f'button[data-op="{op}"]').click()
        page.wait_for_function(
            "([node, before]) => node.textContent && node.textContent !== before",
            arg=[message.element_handle(), before], timeout=60_000)
        return message.inner_text()

    answer = ask("canwin")
    assert answer.startswith(ANSWERS[language]) and _in(language, answer), answer
    advice = ask("solverhint")
    assert advice.startswith(ADVICE[language]) and _in(language, advice), advice

    # The box takes the edition's words, and its placeholder, which names them, shows whole.
    box = root.locator(".sw-typed textarea")
    placeholder = box.get_attribute("placeholder") or ""
    turn = {"ru": "открыть", "pl": "odkryj"}[language]
    assert turn in placeholder, placeholder
    box.fill(turn)
    box.press("Enter")
    page.wait_for_function("(node) => node.getAttribute('data-sw-moves') === '1'",
                           arg=root.element_handle(), timeout=30_000)
    assert _in(language, message.inner_text()), message.inner_text()
    assert browser_page.errors(origin=book_site) == []


def _placeholder_fits(page: Any, root: Any) -> dict[str, float]:
    """The placeholder's width in the box's font, the room a line of the box gives it,
    and the lines the box shows (it wraps its placeholder on a narrow page)."""
    return page.evaluate("""(box) => {
        const style = getComputedStyle(box);
        const context = document.createElement("canvas").getContext("2d");
        context.font = style.font;
        const room = box.clientWidth - parseFloat(style.paddingLeft)
                     - parseFloat(style.paddingRight);
        const inside = box.clientHeight - parseFloat(style.paddingTop)
                       - parseFloat(style.paddingBottom);
        return {needed: context.measureText(box.placeholder).width, room: room,
                lines: Math.floor(inside / parseFloat(style.lineHeight) + 0.01),
                rows: Number(box.getAttribute("rows"))};
    }""", root.locator(".sw-typed textarea").element_handle())


@pytest.mark.book
@pytest.mark.browser
@pytest.mark.parametrize(("language", "chapter", "width"), [
    ("ru", "chain", 1280), ("ru", "chain", 390), ("pl", "chain", 390), ("", "klondike", 390)])
def test_the_move_boxs_placeholder_is_not_cut_off(language: str, chapter: str, width: int,
                                                  book_site: str,
                                                  browser_page: BrowserPage) -> None:
    page = browser_page.page
    page.set_viewport_size({"width": width, "height": 900})
    edition = f"{language}/" if language else ""
    page.goto(f"{book_site}/{edition}{chapter}.html", wait_until="load")
    root = page.locator(".sw-table").first
    root.scroll_into_view_if_needed()
    root.locator(".sw-play-here").click()
    page.wait_for_function("() => window.solitaireTables[0].ready.then(() => true)",
                           timeout=120_000)
    fit = _placeholder_fits(page, root)
    # Each line leaves a tenth for breaking between words; every line is shown.
    assert fit["needed"] <= 0.9 * fit["room"] * fit["lines"], (
        fit, root.locator(".sw-typed textarea").get_attribute("placeholder"))
    assert fit["lines"] >= fit["rows"], fit
    if width >= 1280:
        assert fit["rows"] == 1, fit
    gaps = page.evaluate("""(bar) => {
        const buttons = [...bar.querySelectorAll("button")].map(b => b.getBoundingClientRect());
        const gaps = [];
        for (let i = 1; i < buttons.length; i++) {
            if (Math.abs(buttons[i].top - buttons[i - 1].top) < 2) {
                gaps.push(buttons[i].left - buttons[i - 1].right);
            }
        }
        return gaps;
    }""", root.locator(".sw-bar").element_handle())
    assert gaps and min(gaps) >= 4, f"the table's buttons touch: gaps {gaps}"
