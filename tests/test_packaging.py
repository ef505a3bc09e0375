"""Packaging facts that other parts of the project rely on."""

from __future__ import annotations

import email.parser
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import solitaire_widgets

REPO_ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> zipfile.ZipFile:
    """A wheel built from the working tree, as a user would install it."""
    out = tmp_path_factory.mktemp("wheel")
    proc = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(out), "."],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    (path,) = out.glob(f"solitaire_widgets-{solitaire_widgets.__version__}-*.whl")
    return zipfile.ZipFile(path)


def _read(wheel: zipfile.ZipFile, suffix: str) -> str:
    (name,) = [n for n in wheel.namelist() if n.endswith(suffix)]
    return wheel.read(name).decode()


def test_runtime_dependencies_are_exactly_ipywidgets_ipycanvas_and_anywidget(
    wheel: zipfile.ZipFile,
) -> None:
    # anywidget carries the table's keyboard (widgets/browser_input.py): ipycanvas's
    # canvas traps the focus and every key, and ipywidgets has no widget for keys.
    meta = email.parser.Parser().parsestr(_read(wheel, ".dist-info/METADATA"))
    assert meta["Name"] == "solitaire-widgets"
    assert meta["Version"] == solitaire_widgets.__version__
    assert meta["Requires-Python"] == ">=3.10"
    runtime = sorted(
        re.split(r"[\s<>=!~;\[]", req, maxsplit=1)[0].lower()
        for req in meta.get_all("Requires-Dist") or []
        if "extra ==" not in req
    )
    assert runtime == ["anywidget", "ipycanvas", "ipywidgets"]
    assert set(meta.get_all("Provides-Extra") or []) >= {"book", "test", "dev"}


def test_py_typed_is_shipped(wheel: zipfile.ZipFile) -> None:
    assert "solitaire_widgets/py.typed" in wheel.namelist()


def test_console_script_is_declared(wheel: zipfile.ZipFile) -> None:
    entry_points = _read(wheel, ".dist-info/entry_points.txt")
    assert re.search(
        r"^solitaire-widgets\s*=\s*solitaire_widgets\.cli:main\s*$", entry_points, re.M
    ), entry_points


def test_readme_starts_with_the_two_commands() -> None:
    lines = [
        line.strip()
        for line in (REPO_ROOT / "README.md").read_text(encoding="utf-8").splitlines()
        if line.strip()
    ]
    # Title, then a code block whose first two commands are `make book` and `make test`.
    assert lines[0].startswith("# ")
    assert lines[1].startswith("```")
    assert lines[2].split("#")[0].strip() == "make book"
    assert lines[3].split("#")[0].strip() == "make test"
    assert "http://127.0.0.1:8000" in lines[2]


def test_the_readme_examples_run() -> None:
    """The README's ``>>>`` examples are real: they run and print what it says."""
    import doctest

    result = doctest.testfile(str(REPO_ROOT / "README.md"), module_relative=False,
                              optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 5 and result.failed == 0
