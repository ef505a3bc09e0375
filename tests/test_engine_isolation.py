"""The engine never imports ipywidgets, ipycanvas or IPython.

Only ``solitaire_widgets/widgets/`` may. Checked twice: at run time, in a
fresh process that imports every engine module and plays games; and statically,
by reading every engine module's imports.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "solitaire_widgets"
#: The user-interface libraries the engine must not load.
FORBIDDEN = ("ipywidgets", "ipycanvas", "IPython")
#: The one subpackage allowed to import them.
WIDGETS = PACKAGE / "widgets"


def engine_files() -> list[Path]:
    return sorted(
        path for path in PACKAGE.rglob("*.py")
        if WIDGETS not in path.parents and path != WIDGETS
    )


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def test_the_engine_files_are_found() -> None:
    names = [module_name(p) for p in engine_files()]
    for expected in ("solitaire_widgets", "solitaire_widgets.game", "solitaire_widgets.cli",
                     "solitaire_widgets.games.chain", "solitaire_widgets.strategies",
                     "solitaire_widgets.examples", "solitaire_widgets.stats"):
        assert expected in names
    assert not any(name.startswith("solitaire_widgets.widgets") for name in names)


_PROBE = r"""
import importlib, json, sys
modules, forbidden = json.loads(sys.argv[1]), json.loads(sys.argv[2])


class Watch:
    # Records every attempt to import a forbidden library, so the check means
    # something even where the library is not installed.
    tried = []

    @classmethod
    def find_spec(cls, name, path=None, target=None):
        if name.split(".")[0] in forbidden:
            cls.tried.append(name)
        return None


sys.meta_path.insert(0, Watch)
for name in modules:
    importlib.import_module(name)

import solitaire_widgets as sw
from solitaire_widgets.examples import example_names, get_example
from solitaire_widgets.strategies import get_strategy, play_out
from solitaire_widgets.cli import main

for game in sw.GAMES:
    importlib.import_module(f"solitaire_widgets.games.{game}")
    importlib.import_module(f"solitaire_widgets.games.{game}.strategies")
    importlib.import_module(f"solitaire_widgets.games.{game}.examples")
    deal = sw.new_game(game, seed=1)
    play_out(deal, get_strategy(game))
    sw.load_game(deal.to_json())
    repr(deal), deal.status
    for hook in ("_repr_svg_", "_repr_png_", "_repr_html_"):
        if hasattr(deal, hook):
            getattr(deal, hook)()
for name in example_names():
    get_example(name).play()
try:
    import solitaire_widgets.render as render
    from solitaire_widgets.render.png import scene_png
except ModuleNotFoundError:
    render = None
if render is not None:
    for game in sw.GAMES:
        render.scene_svg(render.layout(game, sw.new_game(game, seed=2).table))
        scene_png(render.layout(game, sw.new_game(game, seed=2).table, 200))
main(["show", "chain", "--seed", "1"])
loaded = sorted(m for m in sys.modules if m.split(".")[0] in forbidden)
print("LOADED=" + json.dumps(sorted(set(loaded) | set(Watch.tried))))
"""


def test_importing_and_playing_loads_no_ui_library() -> None:
    modules = [module_name(p) for p in engine_files() if p.name != "__main__.py"]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", _PROBE, json.dumps(modules), json.dumps(FORBIDDEN)],
                          capture_output=True, text=True, cwd=ROOT, env=env, check=False)
    assert done.returncode == 0, done.stderr
    line = next(x for x in done.stdout.splitlines() if x.startswith("LOADED="))
    assert json.loads(line.removeprefix("LOADED=")) == []


def _where(path: Path) -> str:
    try:
        return str(path.relative_to(ROOT))
    except ValueError:
        return str(path)


def _forbidden_imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = []
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        elif isinstance(node, ast.Call):
            # importlib.import_module("ipywidgets") or __import__("IPython")
            func = node.func
            called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if called in ("import_module", "__import__") and node.args:
                first = node.args[0]
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    names = [first.value]
        for name in names:
            if name.split(".")[0] in FORBIDDEN:
                found.append(f"{_where(path)}:{getattr(node, 'lineno', 0)}: {name}")
    return found


def _module_level_widget_imports(path: Path) -> list[str]:
    """Imports of the widgets subpackage that run when the module is imported."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = []
    for node in tree.body:  # module level only; lazy imports inside functions are fine
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            continue
        for inner in ast.walk(node):
            if isinstance(inner, ast.FunctionDef | ast.AsyncFunctionDef):
                break
            if isinstance(inner, ast.ImportFrom):
                module = inner.module or ""
                absolute = module.startswith("solitaire_widgets.widgets")
                relative = inner.level > 0 and (
                    module.split(".")[0] == "widgets"
                    or (module == "" and any(a.name == "widgets" for a in inner.names))
                )
                if absolute or relative:
                    found.append(f"{_where(path)}:{inner.lineno}")
            elif isinstance(inner, ast.Import):
                if any(a.name.startswith("solitaire_widgets.widgets") for a in inner.names):
                    found.append(f"{_where(path)}:{inner.lineno}")
    return found


def test_no_engine_module_imports_a_ui_library() -> None:
    found = [hit for path in engine_files() for hit in _forbidden_imports(path)]
    assert found == [], "engine modules import UI libraries:\n" + "\n".join(found)


def test_no_engine_module_loads_the_widgets_when_imported() -> None:
    found = [hit for path in engine_files() for hit in _module_level_widget_imports(path)]
    assert found == [], "engine modules import the widgets at import time:\n" + "\n".join(found)


def test_the_static_check_would_catch_an_import(tmp_path: Path) -> None:
    """The checker itself finds the forms of import it looks for."""
    probe = tmp_path / "probe.py"
    probe.write_text(
        "import ipywidgets\nfrom IPython.display import HTML\nimport importlib\n"
        "importlib.import_module('ipycanvas')\nfrom .widgets import GameWidget\n"
        "def later():\n    from .widgets import ReplayWidget\n",
        encoding="utf-8",
    )
    assert len(_forbidden_imports(probe)) == 3
    assert len(_module_level_widget_imports(probe)) == 1
