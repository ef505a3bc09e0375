"""Every Python sample in the README and the embedding guide runs as written.

Each file's samples run in order in one namespace, as a reader pasting them
into one notebook would: ``{code-cell}`` cells and ```` ```python ```` blocks
as code, ``>>>`` blocks as doctests. Widgets are made without a browser.
"""

from __future__ import annotations

import doctest
import re
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).parent.parent
FILES = [ROOT / "README.md", ROOT / "book" / "embedding.md"]
_BLOCK = re.compile(r"^```(?:python|\{code-cell\} ipython3)\n(.*?)^```", re.M | re.S)


def samples(path: Path) -> list[str]:
    """The Python samples of ``path`` a reader sees, in order (a ``remove-cell`` cell is
    the book's own, hidden from the page)."""
    return [match.group(1) for match in _BLOCK.finditer(path.read_text(encoding="utf-8"))
            if not re.match(r":tags: \[[^]]*remove-cell", match.group(1))]


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_every_python_sample_runs_as_written(path: Path, tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    found = samples(path)
    assert found, f"{path.name} has Python samples"
    namespace: dict[str, Any] = {"__name__": "__sample__"}
    for number, code in enumerate(found, 1):
        if code.lstrip().startswith(">>>"):
            test = doctest.DocTestParser().get_doctest(code, namespace, f"{path.name}#{number}",
                                                       str(path), 0)
            runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
            runner.run(test, clear_globs=False)
            assert runner.failures == 0, f"sample {number} of {path.name} fails:\n{code}"
        else:
            exec(compile(code, f"{path.name}#{number}", "exec"), namespace)  # noqa: S102


def test_the_embedding_guide_imports_what_it_uses() -> None:
    code = "\n".join(samples(ROOT / "book" / "embedding.md"))
    assert "import Demonstration, PlayHere" in code and "PlayHere(" in code


def test_the_readme_lists_every_key_of_the_table() -> None:
    from solitaire_widgets.pointer import KEYS

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    names = {"ArrowLeft": "←", "ArrowRight": "→", "ArrowUp": "↑", "ArrowDown": "↓",
             " ": "Space", "Enter": "Enter", "Escape": "Escape"}
    table = readme.split("| key | what it does |", 1)[1].split("\n\n", 1)[0]
    for key in KEYS:
        shown = names.get(key, f"`{key}`")
        assert shown in table, f"the README's keys do not list {key!r}"
