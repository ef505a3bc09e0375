"""Plain checks of how the package is put together.

- No module imports a private name (a leading underscore) from another
  module of the package: what modules share is public, documented and lives
  where it belongs. (A private module, ``_name.py``, may be imported by its
  own package's modules: it is private to that package.)
- No list of the games outside the registry and the game folders: the
  package reads the registry (``GAMES``), and the page's script names no game
  at all (it learns a game's buttons from the engine).
- Names say what each holds: ``Table`` is the piles, and no other class
  begins with it; the module that writes saves and the one that reads them
  say so; the position as plain text, the source texts and the table in
  words for screen readers have names that cannot be mixed up.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from solitaire_widgets import GAMES

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "solitaire_widgets"
#: Where the games may be named: each game's folder (and the registry beside them).
GAME_FOLDERS = PACKAGE / "games"


def _module(path: Path) -> tuple[str, str]:
    """A file's module name and the package its relative imports start from."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    if parts[-1] == "__init__":
        name = ".".join(parts[:-1])
        return name, name
    return ".".join(parts), ".".join(parts[:-1])


def private_imports(path: Path, text: str | None = None) -> list[str]:
    """Each private name ``path`` (or ``text`` as if it were ``path``) imports from
    another module, as ``file:line: module.name``."""
    name, package = _module(path)
    found = []
    source_text = path.read_text(encoding="utf-8") if text is None else text
    for node in ast.walk(ast.parse(source_text)):
        if not isinstance(node, ast.ImportFrom):
            continue
        if node.level:
            base = package.split(".")[:len(package.split(".")) - (node.level - 1)]
            source = ".".join(base + ([node.module] if node.module else []))
        else:
            source = node.module or ""
        if source.split(".")[0] != "solitaire_widgets" or source == name:
            continue
        for alias in node.names:
            # ``_`` alone is gettext's public "translate this" function (i18n.py).
            private = (alias.name.startswith("_") and not alias.name.endswith("__")
                       and alias.name != "_")
            own_private_module = source == package and (
                PACKAGE.parent / source.replace(".", "/") / f"{alias.name}.py").exists()
            if private and not own_private_module:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {source}.{alias.name}")
    return found


def test_no_module_imports_a_private_name_from_another() -> None:
    found = [line for path in sorted(PACKAGE.rglob("*.py")) for line in private_imports(path)]
    assert found == []


def test_the_private_import_check_sees_one() -> None:
    sample = PACKAGE / "web" / "session.py"
    text = sample.read_text(encoding="utf-8")
    broken = text.replace("from ..chance import MAX_SEED",
                          "from ..cli import _pile_json\nfrom ..chance import MAX_SEED")
    assert broken != text
    assert private_imports(sample, text) == []
    assert [line.split(": ")[-1] for line in private_imports(sample, broken)] == \
        ["solitaire_widgets.cli._pile_json"]


def lines_naming_games(text: str, least: int) -> list[str]:
    """The lines of ``text`` that name at least ``least`` different registered games."""
    words = re.compile(r"\b(" + "|".join(map(re.escape, GAMES)) + r")\b", re.IGNORECASE)
    return [line.strip() for line in text.splitlines()
            if len({m.lower() for m in words.findall(line)}) >= least]


def test_no_list_of_games_outside_the_registry_and_the_game_folders() -> None:
    assert len(GAMES) >= 3
    found = [f"{path.relative_to(ROOT)}: {line}"
             for path in sorted(PACKAGE.rglob("*.py")) if GAME_FOLDERS not in path.parents
             for line in lines_naming_games(path.read_text(encoding="utf-8"), 2)]
    assert found == []


def test_the_pages_script_names_no_game() -> None:
    for script in sorted((PACKAGE / "web" / "assets").glob("*.js")):
        assert lines_naming_games(script.read_text(encoding="utf-8"), 1) == [], script.name


def test_the_game_name_check_sees_a_list() -> None:
    assert lines_naming_games('GAMES = ("chain", "klondike", "quarrel")', 2)
    assert lines_naming_games('if (game === "Klondike") {', 1)
    assert not lines_naming_games("a chain of moves", 2)


def _class_names() -> dict[str, str]:
    """Every class the package defines, and the module that defines it."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                found[node.name] = _module(path)[0]
    return found


def test_only_the_piles_are_called_table() -> None:
    tables = {name: module for name, module in _class_names().items() if name.startswith("Table")}
    assert tables == {"Table": "solitaire_widgets.table"}


def test_the_modules_say_what_they_hold() -> None:
    names = {path.relative_to(PACKAGE).with_suffix("").as_posix() for path in PACKAGE.rglob("*.py")}
    # Saves: one module writes them (below the game), one reads them back (above it).
    assert {"save_writer", "save_reader"} <= names and not {"writer", "saves"} & names
    # A position as plain text; the games' source texts; the table in words.
    assert {"plain_text", "source_texts", "render/in_words"} <= names
    assert not {"text", "sources", "render/describe"} & names
    # A module named for its class: no widget part is named after the table.
    assert not [name for name in names if name.startswith(("widgets/table_", "review_table"))]
