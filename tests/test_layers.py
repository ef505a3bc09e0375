"""The package's layers: imports only point down, with no cycles, and only the
widgets import a user-interface library.

The layers are written once, in ``pyproject.toml`` (``[tool.importlinter]``),
and checked by import-linter (``make layers``, part of ``make test``).
CONTRIBUTING.md's table of layers is held to that list here. The check sees
imports inside functions: a lazy import that runs back up, added to a copy
of the package, breaks the contracts.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib  # type: ignore[import-not-found, unused-ignore]

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "solitaire_widgets"
CONTRIBUTING = ROOT / "CONTRIBUTING.md"
LINT = ("import sys; from importlinter.cli import lint_imports_command; "
        "sys.exit(lint_imports_command())")


def lint_imports(where: Path, config: Path) -> subprocess.CompletedProcess[str]:
    """``lint-imports`` on the package found first in ``where``."""
    env = {**os.environ, "PYTHONPATH": str(where)}
    return subprocess.run([sys.executable, "-c", LINT, "--no-cache", str(config)], cwd=where,
                          env=env, capture_output=True, text=True, timeout=300)


def contract(contract_id: str) -> dict[str, object]:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts: list[dict[str, object]] = data["tool"]["importlinter"]["contracts"]
    return next(c for c in contracts if c["id"] == contract_id)


def contract_layers() -> list[list[str]]:
    """The layers contract's rows, top first, each row's modules."""
    layers = contract("layers")["layers"]
    assert isinstance(layers, list)
    return [[name.strip() for name in re.split(r"[|:]", row)] for row in layers]


def contributing_layers() -> list[list[str]]:
    """The rows of CONTRIBUTING.md's table of layers, top first: the modules of each."""
    text = CONTRIBUTING.read_text(encoding="utf-8")
    table = text[text.index("| modules (top first) |"):]
    rows = []
    for line in table.splitlines()[2:]:
        if not line.startswith("|"):
            break
        rows.append(re.findall(r"`([\w.]+)`", line.split("|")[1]))
    return rows


def test_the_package_keeps_its_layers() -> None:
    result = lint_imports(ROOT, ROOT / "pyproject.toml")
    assert result.returncode == 0, result.stdout + result.stderr
    for name in ("Layers that only point down KEPT", "No import cycles, at any depth KEPT",
                 "Only the notebook widgets import a user-interface library KEPT"):
        assert name in result.stdout


def test_every_module_has_a_layer() -> None:
    layers = contract("layers")
    assert layers["exhaustive"] is True and layers["containers"] == ["solitaire_widgets"]
    listed = {name for row in contract_layers() for name in row}
    found = {path.stem for path in PACKAGE.glob("*.py") if path.stem != "__init__"}
    found |= {path.parent.name for path in PACKAGE.glob("*/__init__.py")}
    assert listed == found


def test_contributing_shows_the_layers_of_the_contract() -> None:
    assert contributing_layers() == contract_layers()


def test_a_lazy_import_back_up_breaks_the_contracts(tmp_path: Path) -> None:
    # A copy of the package (its Python files) where the engine's Game imports,
    # inside a function, the widgets above it and a user-interface library.
    copy = tmp_path / "solitaire_widgets"
    shutil.copytree(PACKAGE, copy, ignore=lambda folder, names: [
        name for name in names
        if not (name.endswith(".py") or (Path(folder) / name).is_dir()) or name == "__pycache__"])
    game = copy / "game.py"
    game.write_text(game.read_text(encoding="utf-8") + (
        "\n\ndef _shown_in_a_notebook() -> None:\n"
        "    import ipywidgets  # noqa: F401\n\n"
        "    from .widgets import GameWidget  # noqa: F401\n"), encoding="utf-8")
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    result = lint_imports(tmp_path, tmp_path / "pyproject.toml")
    assert result.returncode != 0
    assert "Contracts: 0 kept, 3 broken." in result.stdout, result.stdout + result.stderr
    assert "solitaire_widgets.game is not allowed to import solitaire_widgets.widgets" in result.stdout
    assert "solitaire_widgets.game -> ipywidgets" in result.stdout


def test_no_import_is_let_through_but_the_wheels_name() -> None:
    # Klondike's solver lives in Klondike's folder, so Klondike's lesson asks it
    # from inside its game: no import runs back up, and none is let through
    # except the version read from the package's root.
    assert contract("layers")["ignore_imports"] == [
        "solitaire_widgets.web.runtime -> solitaire_widgets"]
    assert "ignore_imports" not in contract("no-cycles")
    result = lint_imports(ROOT, ROOT / "pyproject.toml")
    assert "Layers that only point down KEPT (1 ignored import)" in result.stdout, result.stdout


def test_no_module_is_found_by_its_name_but_the_games_folders() -> None:
    # A game's folder imports its parts and hands them to the registry as
    # objects: only the games' package, discovering its own folders, imports a
    # module by its name.
    by_name = {path.relative_to(PACKAGE).as_posix() for path in PACKAGE.rglob("*.py")
               if re.search(r"\bimport_module\b|\bfind_spec\b|__import__",
                            path.read_text(encoding="utf-8"))}
    assert by_name == {"games/__init__.py"}
