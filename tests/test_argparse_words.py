"""argparse's own refusals and help headings come in the player's language.

Every error the command line meets is one line in the player's words, with
exit status 2 (a usage error), under ``--language ru`` and ``pl`` alike.
"""

from __future__ import annotations

import re

import pytest

from solitaire_widgets.cli import main
from solitaire_widgets.errors import OptionError
from solitaire_widgets.i18n import TRANSLATED, check_language, use_language

#: One command line per kind of argparse refusal.
MISTAKES = {
    "a non-number for --deals": ["stats", "chain", "--deals", "x"],
    "a non-number for --workers": ["stats", "chain", "--deals", "3", "--workers", "y"],
    "a non-number for --max-nodes": ["stats", "chain", "--deals", "3", "--max-nodes", "z"],
    "a required argument missing": ["stats", "chain"],
    "an unrecognized argument": ["stats", "chain", "--deals", "3", "--bogus"],
    "an option without its value": ["stats", "chain", "--deals", "3", "--seed"],
    "an invalid choice of command": ["frob"],
    "two options that exclude each other": ["show", "chain", "--seed", "1", "--deck", "x"],
    "an ambiguous option": ["stats", "chain", "--deals", "3", "--s", "1"],
    "a non-number for review's --max-seconds": ["review", "save.json", "--max-seconds", "w"],
}

#: The words a line may keep in Latin letters: the program, options, commands and
#: game names the player typed or may type.
_KEPT = re.compile(r"solitaire-widgets|--?[a-z][a-z-]*|\b(?:show|play|stats|example|export-html|"
                   r"lesson|review|chain|klondike|quarrel|frob|bogus|save\.json|[xyzw])\b")


#: argparse's English words and ours around them ("argument" is Polish too).
_ENGLISH = {"usage", "error", "invalid", "choice", "choose", "from", "the", "following",
            "arguments", "are", "required", "unrecognized", "expected", "one", "value", "int",
            "float", "not", "allowed", "with", "ambiguous", "could", "match", "see", "is",
            "whole", "number", "ignored", "explicit", "at", "most", "least", "unexpected",
            "string", "of", "help"}
#: A word of each language that its refusals carry.
_ERROR = {"ru": "ошибка:", "pl": "błąd:"}


def _english_left(line: str, language: str) -> list[str]:
    words = re.findall(r"[^\W\d_]{2,}", _KEPT.sub(" ", line))
    if language == "ru":   # no Latin letters but the names typed
        return [word for word in words if re.fullmatch("[A-Za-z]+", word)]
    return [word for word in words if word.lower() in _ENGLISH]


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("mistake", list(MISTAKES))
def test_an_argparse_refusal_is_one_line_in_the_players_language(
        capsys: pytest.CaptureFixture[str], language: str, mistake: str) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--language", language, *MISTAKES[mistake]])
    assert stop.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert _english_left(lines[0], language) == [], lines[0]
    assert _ERROR[language] in lines[0]


@pytest.mark.parametrize("mistake", list(MISTAKES))
def test_an_argparse_refusal_stays_english_in_english(
        capsys: pytest.CaptureFixture[str], mistake: str) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--language", "en", *MISTAKES[mistake]])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1
    assert "error:" in err


@pytest.mark.parametrize(("language", "words"), [
    ("ru", ["использование:", "позиционные аргументы:", "параметры:",
            "показать эту справку и выйти"]),
    ("pl", ["użycie:", "argumenty pozycyjne:", "opcje:", "pokaż tę pomoc i zakończ"]),
])
def test_the_help_headings_are_in_the_players_language(
        capsys: pytest.CaptureFixture[str], language: str, words: list[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--language", language, "stats", "-h"])
    assert stop.value.code == 0
    out = capsys.readouterr().out
    for word in words:
        assert word in out
    for english in ("usage:", "positional arguments", "options:", "show this help"):
        assert english not in out


@pytest.mark.parametrize(("language", "words"), [
    ("ru", "Языка 'de' нет"), ("pl", "Nie ma języka 'de'"), ("en", "There is no language 'de'")])
def test_an_unknown_language_is_refused_in_the_current_one(language: str, words: str) -> None:
    with use_language(language), pytest.raises(OptionError) as refused:
        check_language("de")
    assert words in str(refused.value)


@pytest.mark.parametrize(("language", "words"), [("ru", "недопустимый выбор: 'de'"),
                                                 ("pl", "niepoprawny wybór: 'de'")])
def test_an_unknown_language_on_the_command_line_is_refused_in_the_default_one(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        language: str, words: str) -> None:
    from solitaire_widgets.i18n import default_language

    monkeypatch.setenv("SOLITAIRE_WIDGETS_LANGUAGE", language)
    default_language.cache_clear()
    try:
        with pytest.raises(SystemExit) as stop:
            main(["--language", "de", "show", "chain"])
    finally:
        monkeypatch.undo()
        default_language.cache_clear()
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert words in err and len(err.splitlines()) == 1


def test_argparse_speaks_english_again_after_the_command_line() -> None:
    import argparse

    with pytest.raises(SystemExit):
        main(["--language", "ru", "stats", "chain", "--deals", "x"])
    parser = argparse.ArgumentParser(prog="p", add_help=False)
    with use_language("ru"):
        assert parser.format_usage() == "usage: p\n"


#: The help screens a player may ask for, one per command line.
HELP_SCREENS = {
    "the program": ["--help"],
    "play": ["play", "--help"],
    "show": ["show", "--help"],
    "stats": ["stats", "--help"],
    "example": ["example", "--help"],
    "export-html": ["export-html", "--help"],
    "review": ["review", "--help"],
    "lesson": ["lesson", "--help"],
}

#: What a help screen keeps as typed, in any language: the program, options,
#: commands, game names, the languages, and the names of formats, files and
#: tools (JSON, HTML, index.html, wheel, Dask, Game.to_json(), an option's
#: example aux_row=at-start, cards AS 2H, the environment variable). "solver"
#: is the Polish catalogs' own word for the solver.
_KEPT_IN_HELP = re.compile(
    r"solitaire-widgets|--?[a-z][a-z-]*|\$SOLITAIRE_WIDGETS_LANGUAGE|aux_row=at-start|"
    r"Game\.to_json\(\)|index\.html|tcp://[\d.:]+|'AS 2H \.\.\.'|"
    r"\b(?:show|play|stats|example|export-html|lesson|review|chain|klondike|quarrel|"
    r"en|ru|pl|JSON|HTML|wheel|Dask)\b")
_ALSO_KEPT = {"pl": {"solver", "solvera", "folder", "folderze"}, "ru": set()}


def _help(capsys: pytest.CaptureFixture[str], language: str, words: list[str]) -> str:
    with pytest.raises(SystemExit) as stop:
        main(["--language", language, *words])
    assert stop.value.code == 0
    return capsys.readouterr().out


def _words(text: str) -> set[str]:
    return {word.lower() for word in re.findall(r"[^\W\d_]{2,}", _KEPT_IN_HELP.sub(" ", text))}


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("screen", list(HELP_SCREENS))
def test_a_help_screen_has_no_english_words_of_ours(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        language: str, screen: str) -> None:
    monkeypatch.setenv("COLUMNS", "100")
    english = _words(_help(capsys, "en", HELP_SCREENS[screen]))
    shown = _help(capsys, language, HELP_SCREENS[screen])
    left = (_words(shown) & english) - _ALSO_KEPT[language]
    assert left == set(), shown
    if language == "ru":   # no Latin letters but what is typed
        latin = re.findall(r"[A-Za-z]{2,}", _KEPT_IN_HELP.sub(" ", shown))
        assert latin == [], shown


@pytest.mark.parametrize(("language", "lines"), [
    ("ru", ["--deals ЧИСЛО_РАСКЛАДОВ", "--seed НОМЕР", "--option ИМЯ=ЗНАЧЕНИЕ",
            "бюджет решателя на один расклад, в позициях (по умолчанию 200000)"]),
    ("pl", ["--deals LICZBA_ROZDAŃ", "--seed NUMER", "--option NAZWA=WARTOŚĆ",
            "budżet solvera na jedno rozdanie, w pozycjach (domyślnie 200000)"]),
    ("en", ["--deals DEALS", "--seed SEED", "--option K=V", "--max-nodes MAX_NODES",
            "the solver's budget per deal, in positions (default 200000)",
            "the game: chain, klondike, quarrel", "--dask ADDRESS"]),
])
def test_the_stats_help_is_said_in_the_players_language(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        language: str, lines: list[str]) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    shown = _help(capsys, language, ["stats", "--help"])
    for line in lines:
        assert line in shown


def test_the_english_help_says_what_it_said(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    shown = _help(capsys, "en", ["show", "--help"])
    assert ("usage: solitaire-widgets show [-h] [--seed SEED | --deck DECK] [--option K=V] "
            "[--json] [--why [MOVE]] game") in shown
    assert ("print the sentences of the text that allow each legal move, or that allow "
            "or refuse MOVE") in shown
    assert "the cards in dealing order, e.g. 'AS 2H ...'" in shown
