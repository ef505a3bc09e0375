"""Each game's folder holds its source text and declares the language it is written in;
``solitaire_widgets.source_texts`` only gathers them (``games/<game>/source.py``)."""

from __future__ import annotations

import dataclasses
import importlib
import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

from solitaire_widgets import games, source_texts
from solitaire_widgets.games import GAMES
from solitaire_widgets.source_texts import (
    PHRASES,
    SENTENCES,
    TEXT_LANGUAGES,
    SourceText,
    add_text,
    quote,
    source_language,
    translate,
)
from solitaire_widgets.web.runtime import build_wheel


def _folders_with_a_text() -> dict[str, SourceText]:
    """Each game folder's declared text, by the game's name (read from the folder itself)."""
    found = {}
    for folder in pkgutil.iter_modules(games.__path__):
        if not folder.ispkg:
            continue
        package = importlib.import_module(f"solitaire_widgets.games.{folder.name}")
        if (Path(str(package.__file__)).parent / "source.py").exists():
            module = importlib.import_module(f"solitaire_widgets.games.{folder.name}.source")
            found[package.RULES.name] = module.TEXT
    return found


def test_each_games_folder_declares_its_text_and_its_language() -> None:
    texts = _folders_with_a_text()
    assert sorted(texts) == sorted(GAMES)
    for game, text in texts.items():
        module = importlib.import_module(f"solitaire_widgets.games.{game}.source")
        assert isinstance(text, SourceText)
        assert text.language == module.LANGUAGE and text.sentences is module.SENTENCES
        assert text.sentences and all(paragraph for paragraph in text.sentences)


def test_sources_holds_exactly_the_folders_texts() -> None:
    texts = _folders_with_a_text()
    assert list(SENTENCES) == list(PHRASES) == list(TEXT_LANGUAGES) == sorted(texts)
    for game, text in texts.items():
        assert SENTENCES[game] is text.sentences
        assert PHRASES[game] == dict(text.phrases)
        assert source_language(game) == TEXT_LANGUAGES[game] == text.language


def test_sources_py_holds_no_text_of_its_own() -> None:
    """The module gathers the texts: no sentence of any text is written in it."""
    written = Path(source_texts.__file__).read_text(encoding="utf-8")
    originals = [original for paragraphs in SENTENCES.values() for paragraph in paragraphs
                 for original, _ in paragraph]
    assert [o for o in originals if len(o) > 30 and o in written] == []


def test_a_texts_language_is_its_declaration_not_its_letters() -> None:
    """Declared otherwise, Chain's Russian text is read as that language's own: a reader
    of it gets the original, and nothing looks at its letters."""
    declared = _folders_with_a_text()["chain"]
    original = "Третий раз не разрешается."
    try:
        add_text("chain", dataclasses.replace(declared, language="pl"))
        assert source_language("chain") == "pl"
        assert translate("chain", original, "pl") == original
        assert quote("chain", original, language="pl") == f"«{original}»"
        # Russian is no longer its own language: a Russian reader gets a translation
        # (the Russian catalog has none of a Russian text: the English one).
        assert translate("chain", original, "ru") == "A third time is not allowed."
    finally:
        add_text("chain", declared)
    assert source_language("chain") == "ru"
    assert translate("chain", original, "ru") == original


def test_a_language_that_is_not_a_code_is_refused() -> None:
    declared = _folders_with_a_text()["klondike"]
    with pytest.raises(ValueError, match="a language code such as 'ru', not 'Polish'"):
        add_text("klondike", dataclasses.replace(declared, language="Polish"))
    assert source_language("klondike") == declared.language


def test_the_texts_are_read_from_the_pages_wheel(tmp_path: Path) -> None:
    """The page's engine imports the package from its wheel (a zip on the path): each
    game's text is in it and gathered from it."""
    wheel = build_wheel(tmp_path)
    code = ("import json, sys; sys.path.insert(0, sys.argv[1]); "
            "import solitaire_widgets.source_texts as s; "
            "print(json.dumps([s.__file__, s.TEXT_LANGUAGES, "
            "{g: len(p) for g, p in s.SENTENCES.items()}]))")
    out = subprocess.run([sys.executable, "-c", code, str(wheel)], capture_output=True,
                         text=True, check=True).stdout
    where, languages, lengths = json.loads(out)
    assert where.startswith(str(wheel))
    assert languages == TEXT_LANGUAGES
    assert lengths == {game: len(paragraphs) for game, paragraphs in SENTENCES.items()}
