"""No file outside a game's folder names the games: every list of games is the registry's.

A fourth game joins by its folder alone (``tests/test_extra_game.py`` shows
it); that holds only while nothing else in the package, the book's
extensions, the page's scripts, the tools or the Makefile keeps a list of the
games, a dict keyed by them, or a test of a game's name. The string constants
of those files (docstrings and their examples aside, which show the games at
work) are read here: a game's name appears in none of them but the few
written below, each with the reason it names one game.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from solitaire_widgets import GAMES

REPO = Path(__file__).resolve().parent.parent
PACKAGE = REPO / "solitaire_widgets"
#: Python files read: the package (its games' own folders aside), the book's extensions, the tools.
PYTHON = [*PACKAGE.rglob("*.py"), *(REPO / "book" / "_ext").rglob("*.py"),
          *(REPO / "tools").rglob("*.py")]
#: Other files read: the page's scripts and styles, the book's templates, the Makefile.
OTHERS = [*(PACKAGE / "web" / "assets").rglob("*"), *(REPO / "book" / "_ext").rglob("*.html"),
          *(REPO / "book" / "_ext").rglob("*.js"), REPO / "Makefile"]
#: The places that name one game, and why.
NAMED = {
    # The game a table opens when none is named: stated once.
    ("solitaire_widgets/registry.py", "klondike"),
    # The README's picture is a Klondike deal.
    ("tools/readme_picture.py", "klondike"),
}


def _in_a_games_folder(path: Path) -> bool:
    parts = path.relative_to(PACKAGE).parts if path.is_relative_to(PACKAGE) else ()
    return len(parts) > 2 and parts[0] == "games"


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def games_named(path: Path) -> list[tuple[int, str]]:
    """The lines of a Python file whose string constants (not docstrings) are a game's name."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = _docstrings(tree)
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and id(node) not in docstrings and node.value in GAMES]


def test_no_file_outside_the_games_folders_names_a_game() -> None:
    assert {"chain", "klondike", "quarrel"} <= set(GAMES)
    named = []
    for path in sorted(PYTHON):
        if not _in_a_games_folder(path):
            where = path.relative_to(REPO).as_posix()
            named += [(where, line, name) for line, name in games_named(path)
                      if (where, name) not in NAMED]
    words = re.compile(r"\b(" + "|".join(map(re.escape, GAMES)) + r")\b", re.IGNORECASE)
    for path in sorted(p for p in OTHERS if p.is_file()):
        text = path.read_text(encoding="utf-8", errors="replace")
        named += [(path.relative_to(REPO).as_posix(), text.count("\n", 0, found.start()) + 1,
                   found[0]) for found in words.finditer(text)]
    assert named == [], "ask the registry (solitaire_widgets.registry.GAMES, rules_class) instead"


def test_the_scan_finds_a_list_of_the_games(tmp_path: Path) -> None:
    written = tmp_path / "lists.py"
    written.write_text('"""A module."""\n\nTEXTS = {"chain": "ru", "quarrel": "ru"}\n'
                       'ORDER = ("klondike",)\n', encoding="utf-8")
    assert games_named(written) == [(3, "chain"), (3, "quarrel"), (4, "klondike")]
