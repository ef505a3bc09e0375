"""Every front end speaks the language it is given: English, Russian or Polish.

A GameWidget, a ReplayWidget, the page's table (``PageSession`` behind the
worker) and the command line each describe a position in their language:
the table in words, the status line, a refused move's reason, the buttons.
The front ends' own words come from the ``tables`` catalog; the engine's
words (statuses, the engine's refusals, pile and card names) from the
``engine`` catalog, which the front ends pass on in the same language (the
tests below check that they ask the engine in it; the checks of the engine's
sentences themselves run once that catalog is installed).
"""

from __future__ import annotations

import html
import json
import re
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from solitaire_widgets import GAMES, new_game
from solitaire_widgets.cli import main
from solitaire_widgets.errors import OptionError, RequestError, SolitaireError
from solitaire_widgets.examples import get_example
from solitaire_widgets.i18n import LOCALES, TRANSLATED, use_language
from solitaire_widgets.render.in_words import sentence
from solitaire_widgets.source_texts import translate
from solitaire_widgets.web import PlayHere, head_html, page_words, table_html
from solitaire_widgets.web.session import PageSession
from solitaire_widgets.web.worker_api import call
from solitaire_widgets.widgets import GameWidget, ReplayWidget

ROOT = Path(__file__).resolve().parent.parent

#: Per language: the tables' words for the table in words' heading, the line of
#: typed-move names, a refused empty move, the buttons, and the replay's step.
WORDS = {
    "en": {"in words": "The table in words", "names": "Names for typed moves: ",
           "empty move": "Type a move first", "new deal": "New deal", "undo": "Undo",
           "finish": "Auto-finish", "step": "Step 1: ", "counter": "step 1 of 1",
           "nothing to redo": "There is nothing to redo.", "play here": "Play here"},
    "ru": {"in words": "Стол словами", "names": "Имена для вводимых ходов: ",
           "empty move": "Сначала введите ход", "new deal": "Новый расклад",
           "undo": "Отменить ход", "finish": "Доиграть", "step": "Шаг 1: ",
           "counter": "шаг 1 из 1", "nothing to redo": "Повторять нечего.",
           "play here": "Играть здесь"},
    "pl": {"in words": "Stół w słowach", "names": "Nazwy miejsc we wpisywanych ruchach: ",
           "empty move": "Najpierw wpisz ruch", "new deal": "Nowe rozdanie", "undo": "Cofnij",
           "finish": "Dokończ", "step": "Krok 1: ", "counter": "krok 1 z 1",
           "nothing to redo": "Nie ma czego ponowić.", "play here": "Zagraj tutaj"},
}
LANGUAGES = tuple(WORDS)
#: English words that never appear in a Russian or Polish sentence of ours.
ENGLISH = re.compile(r"\b(the|of|cards?|stock|hand|deal|round|empty|face|down|then|move)\b")
#: Each language's own letters (a sentence in it has some).
LETTERS = {"ru": re.compile(r"[а-яА-Я]"), "pl": re.compile(r"[ąćęłńóśźżĄĆĘŁŃÓŚŹŻ]")}

engine_catalog = pytest.mark.skipif(
    not all((LOCALES / lang / "LC_MESSAGES" / "engine.mo").exists() for lang in TRANSLATED),
    reason="the engine's words come from the engine catalog (locales/<lang>/LC_MESSAGES/engine.mo)")


def engine_says(language: str, say: object) -> str:
    """What the engine says (``say()``) in ``language``, made a sentence."""
    with use_language(language):
        return sentence(str(say() if callable(say) else say))


def in_language(text: str, language: str) -> None:
    """``text`` reads as ``language``: its letters are there, and no English word is."""
    if language == "en":
        return
    assert LETTERS[language].search(text), text
    assert not ENGLISH.search(text), ENGLISH.search(text)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_game_widget_describes_its_position_in_its_language(game: str, language: str) -> None:
    widget = GameWidget(game, seed=7, animate=False, language=language)
    words = WORDS[language]
    try:
        assert widget.language == language
        assert f'aria-label="{words["in words"]}"' in widget.description.value
        assert words["names"] in widget.description.value
        assert [widget.new_button.description, widget.undo_button.description,
                widget.finish_button.description] == [words["new deal"], words["undo"],
                                                     words["finish"]]
        # The status line is the engine's, asked in the widget's language.
        status = engine_says(language, lambda: widget.game.status)
        assert html.escape(status) in widget.status.value
        # A refused move: the reason shown, in the language.
        assert not widget.play("")
        assert words["empty move"] in widget.message.value
        assert 'role="alert"' in widget.message.value
        # The engine's refusal, asked in the widget's language too.
        pile = next(iter(widget.game.table.piles))
        assert not widget.play(f"{pile}>{pile}")
        with use_language(language), pytest.raises(SolitaireError) as refused:
            widget.game.clone().play(f"{pile}>{pile}")
        assert html.escape(sentence(str(refused.value))) in widget.message.value
    finally:
        widget.close()


@engine_catalog
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("language", TRANSLATED)
def test_the_engine_words_a_widget_shows_are_in_its_language(game: str, language: str) -> None:
    widget = GameWidget(game, seed=7, animate=False, language=language)
    try:
        with use_language(language):
            in_language(widget.table.status_text(), language)
            in_language(widget.table.words(), language)
    finally:
        widget.close()


def test_english_is_unchanged_by_default() -> None:
    widget = GameWidget("klondike", seed=7, animate=False)
    try:
        assert widget.language == "en"
        assert widget.table.words().startswith("Column 1: 6 cards face down, then the four of hearts.")
        assert widget.status.value == '<span class="solitaire-status">First pass: 24 cards in the hand.</span>'
        assert widget.new_button.description == "New deal"
    finally:
        widget.close()


def test_a_widget_answers_in_its_language_whatever_the_caller_speaks() -> None:
    widget = GameWidget("chain", seed=5, animate=False, language="ru")
    try:
        with use_language("pl"):
            widget.redo()   # nothing to redo: the table's own refusal
        assert WORDS["ru"]["nothing to redo"] in widget.message.value
        # A handler run in another thread (as the kernel's subshell does) too.
        widget.message.value = ""
        with use_language("pl"):
            thread = threading.Thread(target=widget.redo)
            thread.start()
            thread.join()
        assert WORDS["ru"]["nothing to redo"] in widget.message.value
    finally:
        widget.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_replay_widget_speaks_its_language(language: str) -> None:
    game = new_game("chain", seed=2)
    game.play("fill")
    replay = ReplayWidget(game, animate=False, language=language)
    words = WORDS[language]
    try:
        replay.forward()
        assert replay.counter.value == words["counter"]
        assert replay.replay.caption(1).startswith(words["step"])
        assert f'aria-label="{words["in words"]}"' in replay.description.value
        assert html.escape(engine_says(language, game.history[0].text).rstrip(".")) in (
            replay.caption.value)
    finally:
        replay.close()


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_page_table_answers_in_the_language_asked(language: str) -> None:
    words = WORDS[language]
    view = json.loads(call(json.dumps({"op": "open", "table": f"lang-{language}",
                                       "game": "klondike", "seed": 7, "language": language})))
    assert words["names"] in view["words"]
    assert view["finish"]["label"] == words["finish"]
    assert [tool["label"] for tool in view["tools"]] == [
        {"ru": "Показать следующий ход", "pl": "Pokaż następny ruch"}[language],
        {"ru": "Можно ли еще выиграть?", "pl": "Czy to jeszcze da się wygrać?"}[language]]
    assert view["status"] == engine_says(language, lambda: new_game("klondike", seed=7).status)
    # Later requests name only the table: it answers in its language.
    refused = json.loads(call(json.dumps({"op": "play", "table": f"lang-{language}",
                                          "move": ""})))
    assert refused["error"] and refused["message"].startswith(words["empty move"])
    # A request the table cannot read is refused in its language too.
    unreadable = json.loads(call(json.dumps({"op": "press", "table": f"lang-{language}",
                                             "x": "a"})))
    assert unreadable["error"] and unreadable["message"] == {
        "ru": "Координата x указателя: нужно число, а не 'a'.",
        "pl": "Współrzędna x wskaźnika: potrzebna jest liczba, nie 'a'."}[language]
    # The session itself, as the worker makes it.
    session = PageSession("chain", seed=5, language=language)
    assert words["names"] in session.handle({"op": "view"})["words"]
    with use_language("en"):
        assert words["names"] in session.handle({"op": "undo"})["words"]


def test_a_request_for_a_language_the_engine_does_not_speak_is_refused() -> None:
    answer = json.loads(call(json.dumps({"op": "open", "table": "lang-xx", "game": "chain",
                                         "language": "de"})))
    assert answer == {"error": True, "refused": True,
                      "message": "There is no language 'de': choose one of en, ru, pl."}
    answer = json.loads(call(json.dumps({"op": "replay", "table": "lang-xx", "save": "{}",
                                         "language": 3})))
    assert answer["message"] == "There is no language 3: choose one of en, ru, pl."
    with pytest.raises(OptionError, match="There is no language 'de'"):
        GameWidget("chain", seed=5, language="de")
    with pytest.raises(OptionError, match="There is no language 'xx'"):
        PageSession("chain", seed=5, language="xx")
    with pytest.raises(RequestError):
        from solitaire_widgets.web.session import check_request
        check_request({"op": "open", "language": ["ru"]})


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_command_line_speaks_the_language_chosen(capsys: pytest.CaptureFixture[str],
                                                     language: str) -> None:
    assert main(["--language", language, "show", "klondike", "--seed", "7"]) == 0
    out = capsys.readouterr().out
    assert {"ru": "допустимые ходы: ", "pl": "dozwolone ruchy: "}[language] in out
    assert {"ru": "24 карты рубашкой вверх", "pl": "24 karty zakryte"}[language] in out
    assert main(["--language", language, "show", "chain", "--deck", "AS"]) == 2
    assert capsys.readouterr().err.startswith("solitaire-widgets: ")
    assert main(["--language", language, "show", "chain", "--option", "x"]) == 2
    assert {"ru": "пишите параметр как ИМЯ=ЗНАЧЕНИЕ", "pl": "zapisz opcję jako NAZWA=WARTOŚĆ"}[
        language] in capsys.readouterr().err


def test_the_command_line_takes_its_language_from_the_environment() -> None:
    run = subprocess.run([sys.executable, "-m", "solitaire_widgets", "show", "chain",
                          "--seed", "5"], capture_output=True, text=True, cwd=ROOT,
                         env={"SOLITAIRE_WIDGETS_LANGUAGE": "pl", "PATH": "/usr/bin:/bin"},
                         timeout=60)
    assert run.returncode == 0, run.stderr
    assert "dozwolone ruchy: " in run.stdout
    refused = subprocess.run([sys.executable, "-m", "solitaire_widgets", "--language", "de",
                              "show", "chain"], capture_output=True, text=True, cwd=ROOT,
                             timeout=60)
    assert refused.returncode == 2
    assert "invalid choice: 'de'" in refused.stderr


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_page_tables_carry_their_language(language: str) -> None:
    page = table_html("chain", seed=54, language=language)
    assert f'data-sw-language="{language}"' in page
    assert f'>{WORDS[language]["play here"]}</button>' in page
    assert PlayHere("klondike", seed=7, language=language).language == language
    words = page_words(language)
    head = head_html(language=language)
    if language == "en":
        assert words == {} and "data-words" not in head
        return
    with (ROOT / "solitaire_widgets" / "locales" / "tables.pot").open("rb") as template:
        script_words = {m.id for m in read_po(template)
                        if m.id and any(path.endswith("tables.js") for path, _ in m.locations)}
    assert set(words) == script_words
    assert words["Undo"] == WORDS[language]["undo"]
    catalog_file = ROOT / "solitaire_widgets" / "locales" / language / "LC_MESSAGES" / "tables.po"
    with catalog_file.open("rb") as translated:
        catalog = read_po(translated)
    assert all(said and said == catalog[english].string for english, said in words.items())
    attribute = re.search(r'data-words="([^"]*)"', head)
    assert attribute is not None and json.loads(html.unescape(attribute.group(1))) == words


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_examples_quote_the_text_with_its_translation_into_the_readers_language(
        language: str) -> None:
    original = "двойка, тройка, четверка и пятерка пик"
    said = {"en": f"«{original}» (the two, three, four and five of spades)",
            "pl": f"«{original}» (dwójka, trójka, czwórka i piątka pik)",
            "ru": f"«{original}»."}[language]   # the text's own language: the original alone
    replay = ReplayWidget(get_example("chain-first-layout"), animate=False, language=language)
    title = {"en": "Chain: the text's example of a first layout",
             "ru": "«Цепочка»: пример первой раскладки из текста",
             "pl": "Łańcuszek: przykład pierwszego rozłożenia z tekstu"}[language]
    try:
        replay.go(4)
        assert said in replay.caption.value
        assert replay.heading.value == f"<b>{html.escape(title)}</b>"
    finally:
        replay.close()
    with use_language(language):
        assert str(get_example("chain-first-layout").title) == title
        # The notes beside the steps too.
        assert {"en": "'Ace': the nine of hearts, face up in the row.",
                "ru": "«Туз»: девятка червей, картинкой вверх в ряд.",
                "pl": "„As”: dziewiątka kier, odkryta w rzędzie."}[language] in (
            get_example("quarrel-eight-fives").words[0])
    assert translate("klondike", "Reszta kart zostaje w ręku.", language) == {
        "en": "The rest of the cards stay in the hand.",
        "ru": "Остальные карты остаются в руке.",
        "pl": "Reszta kart zostaje w ręku."}[language]


def test_the_catalogs_are_read_from_a_zipped_wheel(tmp_path: Path) -> None:
    # The page's Pyodide engine imports the package from its wheel, a zip file.
    from solitaire_widgets.web.runtime import build_wheel

    wheel = build_wheel(tmp_path)
    script = ("import json, sys; sys.path.insert(0, sys.argv[1]); import solitaire_widgets; "
              "assert solitaire_widgets.__file__.startswith(sys.argv[1]); "
              "from solitaire_widgets.web.worker_api import call; "
              "print(json.loads(call(json.dumps({'op': 'open', 'table': 't', 'game': 'chain', "
              "'seed': 5, 'language': 'pl'})))['finish']['label'])")
    run = subprocess.run([sys.executable, "-c", script, str(wheel)], capture_output=True,
                         text=True, cwd=tmp_path, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == WORDS["pl"]["finish"]
