"""The book's own Sphinx extensions (``book/_ext``), without building the book."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest

pytest.importorskip("sphinx")

EXTENSIONS = Path(__file__).resolve().parent.parent / "book" / "_ext"


def _extension(name: str) -> ModuleType:
    """Load ``book/_ext/<name>.py`` as Sphinx does (the folder is not a package)."""
    spec = importlib.util.spec_from_file_location(name, EXTENSIONS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


lang_tags = _extension("lang_tags")
page_assets = _extension("page_assets")


def _spans(text: str) -> list[tuple[str, str]]:
    return [(type(node).__name__, node.astext()) for node in lang_tags.tag_cyrillic(text)]


def test_every_run_of_cyrillic_words_is_tagged_russian() -> None:
    assert _spans("*колода* (koloda), a log") == [
        ("Text", "*"), ("lang_span", "колода"), ("Text", "* (koloda), a log")]
    # Words joined by spaces and punctuation are one run; Latin text stays out.
    assert _spans("the phrase пасьянс получится, пасьянс сойдётся («works out»)") == [
        ("Text", "the phrase "), ("lang_span", "пасьянс получится, пасьянс сойдётся"),
        ("Text", " («works out»)")]
    nodes = lang_tags.tag_cyrillic("ряд")
    assert nodes[0]["lang"] == "ru"


def test_text_without_cyrillic_is_left_alone() -> None:
    assert _spans("pasjans wychodzi") == [("Text", "pasjans wychodzi")]


def test_the_theme_icon_script_is_unlinked() -> None:
    page = ('<head><link rel="preload" as="script" '
            'href="_static/scripts/fontawesome.js?digest=abc" />\n'
            '<script defer src="_static/scripts/fontawesome.js?digest=abc"></script>\n'
            '<script src="_static/scripts/bootstrap.js"></script></head>')
    slim = page_assets.drop_icon_script(page)
    assert "fontawesome" not in slim
    assert '<script src="_static/scripts/bootstrap.js"></script>' in slim


class _Script(str):
    """Sphinx's JavaScript asset: a str (its file name) with attributes."""

    filename: Any
    attributes: dict[str, str]

    def __new__(cls, filename: str | None, **attributes: str) -> _Script:
        script = super().__new__(cls, filename or "")
        script.filename = filename
        script.attributes = attributes
        return script


def test_widget_state_and_doubled_scripts_are_dropped() -> None:
    state = _Script(None, type=page_assets.WIDGET_STATE, body='{"state": {}}')
    thebe = _Script(None, body="const THEBE_JS_URL = 1")
    kept = _Script("_static/solitaire.js")
    context: dict[str, Any] = {"script_files": [kept, thebe, state, thebe]}
    page_assets._page_scripts(None, "quarrel", "page.html", context, None)
    assert context["script_files"] == [kept, thebe]


def test_the_second_search_bar_is_turned_off_but_a_choice_is_kept() -> None:
    config = SimpleNamespace(html_theme_options={"launch_buttons": {}})
    page_assets._config_inited(None, config)
    assert config.html_theme_options == {"launch_buttons": {}, "navbar_persistent": []}
    config = SimpleNamespace(html_theme_options={"navbar_persistent": ["search-button"]})
    page_assets._config_inited(None, config)
    assert config.html_theme_options["navbar_persistent"] == ["search-button"]


def test_the_search_button_is_named_by_its_visible_text() -> None:
    page = ('<button class="btn search-button-field search-button__button pst-js-only" '
            'title="Search" aria-label="Search" data-bs-toggle="tooltip">'
            '<span>Search</span><kbd>Ctrl</kbd>+<kbd>K</kbd></button>'
            '<button class="other" aria-label="Menu"></button>')
    named = page_assets.name_search_by_its_text(page)
    assert 'aria-label="Search"' not in named
    assert 'aria-label="Menu"' in named and 'title="Search"' in named


def test_the_books_kernels_leave_html_players(monkeypatch: pytest.MonkeyPatch) -> None:
    """The book's pages step through replays with players: its build starts its
    kernels with the variable that asks the widgets for them."""
    from solitaire_widgets.widgets.stand_in import STAND_IN_VARIABLE, players_wanted

    monkeypatch.setenv(STAND_IN_VARIABLE, "")   # put back as it was after the test
    assert not players_wanted()
    _extension("stand_ins").setup(object())
    assert os.environ[STAND_IN_VARIABLE] == "player" and players_wanted()


def test_editions_memo_and_play_here_examples_hold() -> None:
    import doctest

    for name in ("editions", "memo", "play_here"):
        result = doctest.testmod(_extension(name))
        assert result.attempted > 0 and result.failed == 0, name


def test_memo_computes_once_per_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    memo = _extension("memo")
    calls: list[int] = []

    def compute() -> dict[str, int]:
        calls.append(1)
        return {"wins": 7}

    monkeypatch.setenv(memo.MEMO_VARIABLE, str(tmp_path))
    assert memo.memo(("stats", 10), compute) == {"wins": 7}
    assert memo.memo(("stats", 10), compute) == {"wins": 7}
    assert memo.memo(("stats", 11), compute) == {"wins": 7}
    assert len(calls) == 2  # one per key; the second call read the first result back
    monkeypatch.delenv(memo.MEMO_VARIABLE)
    memo.memo(("stats", 10), compute)
    assert len(calls) == 3  # no memo folder: computed again
