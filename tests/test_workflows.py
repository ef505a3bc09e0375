"""The GitHub Actions workflows (.github/workflows/): what they run is what the docs say.

actionlint checks their syntax in ``make test`` (the ``workflows`` target);
these tests check their content against the README, pyproject.toml and the
Makefile.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib  # type: ignore[import-not-found, unused-ignore]

REPO_ROOT = Path(__file__).resolve().parent.parent
WORKFLOWS = REPO_ROOT / ".github" / "workflows"

yaml = pytest.importorskip("yaml")


def _workflow(name: str) -> Any:
    return yaml.safe_load((WORKFLOWS / name).read_text(encoding="utf-8"))


def _commands(text: str) -> list[str]:
    return [line.strip() for line in text.strip().splitlines() if line.strip()]


def _readme_smoke_block() -> list[str]:
    readme = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Continuous integration and releases", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```bash\n(.*?)```", section, re.S)
    smoke = [block for block in blocks if "pip install dist/" in block]
    assert len(smoke) == 1, "the README's release section has no one block of smoke commands"
    return _commands(smoke[0])


def test_the_release_smoke_commands_are_the_readmes() -> None:
    steps = _workflow("release.yml")["jobs"]["build"]["steps"]
    (smoke,) = [step for step in steps if "fresh environment" in step.get("name", "")]
    assert _commands(smoke["run"]) == _readme_smoke_block()


def test_the_release_smoke_commands_play_in_russian_and_export_a_page() -> None:
    commands = " ".join(_readme_smoke_block())
    assert "--language ru play" in commands and "export-html" in commands


def test_the_release_builds_checks_and_publishes_with_trusted_publishing() -> None:
    release = _workflow("release.yml")
    assert release[True]["push"]["tags"] == ["v*"]  # YAML 1.1 reads `on` as True
    runs = " ".join(step.get("run", "") for step in release["jobs"]["build"]["steps"])
    assert "python -m build" in runs and "twine check" in runs
    assert "tools/version.py" in runs and "CHANGELOG.md" in runs
    publish = release["jobs"]["publish"]
    assert publish["permissions"] == {"id-token": "write"}
    assert any(step.get("uses", "").startswith("pypa/gh-action-pypi-publish@")
               for step in publish["steps"])
    assert not any("password" in (step.get("with") or {}) for step in publish["steps"])


def test_the_tests_run_make_test_on_the_lowest_and_newest_python() -> None:
    project = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    lowest = project["requires-python"].removeprefix(">=")
    versions = [c.rsplit(" :: ", 1)[1] for c in project["classifiers"]
                if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)]
    newest = max(versions, key=lambda v: tuple(map(int, v.split("."))))
    job = _workflow("tests.yml")["jobs"]["test"]
    assert job["strategy"]["matrix"]["python-version"] == [lowest, newest]
    assert [step["run"] for step in job["steps"] if "run" in step] == ["make test"]


def test_the_book_is_built_by_make_and_deployed_with_the_pages_actions() -> None:
    book = _workflow("book.yml")
    assert book[True]["push"]["branches"] == ["main"]
    build = book["jobs"]["build"]["steps"]
    assert [step["run"] for step in build if "run" in step] == ["make book-html"]
    uses = [step.get("uses", "") for job in book["jobs"].values() for step in job["steps"]]
    for action in ("actions/configure-pages@", "actions/upload-pages-artifact@",
                   "actions/deploy-pages@"):
        assert any(use.startswith(action) for use in uses), action
    upload = next(step for step in build if step.get("uses", "").startswith(
        "actions/upload-pages-artifact@"))
    assert upload["with"]["path"] == "book/_build/html"


def test_make_test_lints_the_workflows() -> None:
    makefile = (REPO_ROOT / "Makefile").read_text(encoding="utf-8")
    test_target = re.search(r"^test:(.*)$", makefile, re.M)
    assert test_target is not None and "workflows" in test_target.group(1).split()
    assert re.search(r"^workflows:.*\n\t\$\(BIN\)/actionlint ", makefile, re.M)


def test_the_version_is_written_once() -> None:
    pyproject = (REPO_ROOT / "pyproject.toml").read_text(encoding="utf-8")
    data = tomllib.loads(pyproject)
    assert "version" not in data["project"] and data["project"]["dynamic"] == ["version"]
    assert data["tool"]["hatch"]["version"]["path"] == "solitaire_widgets/__init__.py"
    printed = subprocess.run([sys.executable, str(REPO_ROOT / "tools" / "version.py")],
                             capture_output=True, text=True, check=True).stdout.strip()
    import solitaire_widgets

    assert printed == solitaire_widgets.__version__
    changelog = (REPO_ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert f"## [{printed}]" in changelog, "CHANGELOG.md has no section for this version"
