"""The languages are listed once, in ``solitaire_widgets.i18n`` (``SPOKEN``): the page's
tables get them with the engine's first answer, and the book's build, its editions and
the Makefile ask the package."""

from __future__ import annotations

import ast
import importlib.util
import json
import re
import subprocess
from pathlib import Path
from types import ModuleType

import pytest

from solitaire_widgets import book_words
from solitaire_widgets.i18n import BASE_LANGUAGE, LANGUAGES, SPOKEN, TRANSLATED, use_language
from solitaire_widgets.web.worker_api import booted

REPO = Path(__file__).resolve().parent.parent
PACKAGE = REPO / "solitaire_widgets"
#: Where the list is stated.
THE_LIST = PACKAGE / "i18n.py"
CODES = "|".join(LANGUAGES)


def _name(path: Path) -> str:
    return str(path.relative_to(REPO)) if path.is_relative_to(REPO) else path.name


def _python_files() -> list[Path]:
    found = [*PACKAGE.rglob("*.py"), *(REPO / "tools").glob("*.py"),
             *(REPO / "book" / "_ext").glob("*.py")]
    return sorted(path for path in found if path != THE_LIST and "__pycache__" not in path.parts)


def _lists_in_python(path: Path) -> list[str]:
    """Literal tuples, lists and sets of two or more language codes, and dicts keyed by
    two or more (a table per language), and strings such as ``"en,ru,pl"``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            items = node.elts
        elif isinstance(node, ast.Dict):
            items = [key for key in node.keys if key is not None]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if re.fullmatch(rf"(?:{CODES})(?:[ ,]+(?:{CODES}))+", node.value):
                found.append(f"{_name(path)}:{node.lineno}: {node.value!r}")
            continue
        else:
            continue
        codes = [item.value for item in items
                 if isinstance(item, ast.Constant) and item.value in LANGUAGES]
        if len(codes) >= 2:
            found.append(f"{_name(path)}:{node.lineno}: {codes}")
    return found


#: Two quoted codes side by side (an array), or a quoted code as an object's key.
SCRIPT_LIST = re.compile(rf"""(["'])(?:{CODES})\1\s*,\s*(["'])(?:{CODES})\2""")
SCRIPT_KEY = re.compile(rf"""(["']?)\b(?:{CODES})\b\1\s*:""")


def _lists_in_script(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    found = [f"{_name(path)}: {m.group(0)}" for m in SCRIPT_LIST.finditer(text)]
    keys = {m.group(0) for m in SCRIPT_KEY.finditer(text)}
    if len(keys) >= 2:
        found.append(f"{_name(path)}: keys {sorted(keys)}")
    return found


def _lists_in_makefile(path: Path = REPO / "Makefile") -> list[str]:
    """Two codes side by side in the Makefile's rules and variables (its comments and the
    help's example, ``LANGUAGES=en,pl``, aside)."""
    found = []
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if line.lstrip().startswith(("#", "@echo")):
            continue
        if re.search(rf"\b(?:{CODES})\b[ ,]+\b(?:{CODES})\b", line):
            found.append(f"Makefile:{number}: {line.strip()}")
    return found


def test_no_list_of_languages_outside_i18n() -> None:
    found = [where for path in _python_files() for where in _lists_in_python(path)]
    found += [where for path in sorted((PACKAGE / "web" / "assets").glob("*.js"))
              for where in _lists_in_script(path)]
    found += _lists_in_makefile()
    assert found == []


def test_the_scan_finds_a_list(tmp_path: Path) -> None:
    """The scan above is not blind: it finds each way a list was written."""
    module = tmp_path / "m.py"
    module.write_text('A = ("en", "ru", "pl")\nB = {"ru": "Язык", "pl": "Język"}\n'
                      'C = "en,ru,pl"\nD = [x for x in ["ru", "pl"]]\nE = ("en", "other")\n')
    assert [where.split(": ", 1)[1] for where in _lists_in_python(module)] == [
        "['en', 'ru', 'pl']", "['ru', 'pl']", "'en,ru,pl'", "['ru', 'pl']"]
    script = tmp_path / "s.js"
    script.write_text('var LANGUAGES = ["en", "ru", "pl"];\nvar N = { ru: "a", pl: "b" };\n')
    assert len(_lists_in_script(script)) == 2
    makefile = tmp_path / "Makefile"
    makefile.write_text("# en ru pl\nLANGUAGES ?= en,ru,pl\nCATALOG_LANGUAGES := ru pl\n")
    assert len(_lists_in_makefile(makefile)) == 2


def test_the_engines_first_answer_gives_the_page_its_languages() -> None:
    assert json.loads(booted()) == {"languages": list(LANGUAGES)}
    worker = (PACKAGE / "web" / "assets" / "worker.js").read_text(encoding="utf-8")
    assert "sessions.booted()" in worker


def test_the_makefile_asks_the_package_for_the_catalogs_languages() -> None:
    out = subprocess.run(["make", "-n", "-s", "catalogs", "CATALOGS=engine"], cwd=REPO,
                         capture_output=True, text=True, check=True).stdout
    assert f"for lang in {' '.join(TRANSLATED)}; do" in out
    assert "solitaire_widgets.i18n" in (REPO / "Makefile").read_text()


def _load(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_book_builds_an_edition_per_language_of_the_package() -> None:
    build_book = _load(REPO / "tools" / "build_book.py")
    assert build_book.LANGUAGES == LANGUAGES and build_book.ROOT_LANGUAGE == BASE_LANGUAGE
    with pytest.raises(SystemExit):
        build_book.main(["--languages", "en,de"])


def test_the_language_switch_names_each_language_in_itself() -> None:
    pytest.importorskip("sphinx")
    editions = _load(REPO / "book" / "_ext" / "editions.py")
    links = editions.edition_links(BASE_LANGUAGE, "quarrel")
    assert [link["code"] for link in links] == [*TRANSLATED, BASE_LANGUAGE]
    names = {language.code: language.name for language in SPOKEN}
    assert [link["name"] for link in links] == [names[link["code"]] for link in links]
    assert names == {"en": "English", "ru": "Русский", "pl": "Polski"}


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_editions_words_come_from_the_catalogs(language: str) -> None:
    with use_language(language):
        said = (book_words.switch_label(), book_words.english_only_note(),
                book_words.pair_notes_label())
    with use_language(BASE_LANGUAGE):
        english = (book_words.switch_label(), book_words.english_only_note(),
                   book_words.pair_notes_label())
    assert english == ("Language", "This page is only in English for now.",
                       "Notes on the paragraph:")
    assert all(ours != theirs for ours, theirs in zip(said, english, strict=True))
