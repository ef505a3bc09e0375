"""The repository's texts describe the product as it is, for a reader who has only it.

- The README is a user's page: at most 250 lines, its picture in the
  repository, and every chapter of the book listed where it says where the
  chapters are.
- No text narrates work history in numbered work sessions: the history of the
  work is in the commit messages and ``CHANGELOG.md``.
- No text cites a file outside the repository: a reader of the repository
  can open everything a docstring, a comment or a page refers to.

Plain reads of text files: the whole module runs in well under a second.
"""

from __future__ import annotations

import functools
import json
import os
import re
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent

#: The file kinds a person reads or writes by hand.
TEXT_SUFFIXES = {".md", ".py", ".js", ".css", ".yml", ".yaml", ".toml", ".cfg", ".ipynb",
                 ".txt", ".html", ".svg"}
#: Folders that hold no hand-written text of the project: tool caches, virtual
#: environments, build outputs, and the studies' chunks (data written by the
#: benchmark scripts; the data folder's README is read).
SKIPPED_DIRS = {"_build", "build", "dist", "node_modules", "jupyter_execute", "__pycache__",
                "sw-web"}
SKIPPED_PATHS = {REPO_ROOT / "benchmarks" / "data" / "klondike_chunks"}

#: A work session narrated by number.
SESSION = re.compile(r"\b[Ss]ession \d+")
#: Places outside the repository that texts have cited: a sibling folder of
#: shared notes, the machine's work folder, and two notes kept there.
OUTSIDE = re.compile(r"\.\./shared|/work/|\bSTYLE\.md\b|\bRULES\.md\b")


@functools.cache
def text_files() -> tuple[Path, ...]:
    """Every hand-written text file of the repository (hidden folders skipped)."""
    found = []
    for folder, dirs, files in os.walk(REPO_ROOT):
        here = Path(folder)
        dirs[:] = [name for name in dirs if not name.startswith(".")
                   and name not in SKIPPED_DIRS and here / name not in SKIPPED_PATHS]
        found += [here / name for name in files
                  if Path(name).suffix in TEXT_SUFFIXES or name == "Makefile"]
    return tuple(sorted(found))


def offending_lines(pattern: re.Pattern[str], skip: Path | None = None) -> list[str]:
    """``path:line: text`` for every line of a text file that matches ``pattern``."""
    hits = []
    for path in text_files():
        if path == skip:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if pattern.search(line):
                hits.append(f"{path.relative_to(REPO_ROOT)}:{number}: {line.strip()[:100]}")
    return hits


def test_the_text_files_are_found() -> None:
    names = {path.relative_to(REPO_ROOT).as_posix() for path in text_files()}
    assert {"README.md", "CONTRIBUTING.md", "CHANGELOG.md", "book/solver.md",
            "book/texts/klondike_unclear.md", "solitaire_widgets/games/klondike/solver/search.py",
            "tests/test_docs.py", "benchmarks/data/README.md"} <= names
    assert not any(name.startswith(("benchmarks/data/klondike_chunks/", ".venv/"))
                   for name in names)


def test_the_readme_is_a_users_page_of_at_most_250_lines() -> None:
    readme = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 250
    # Its picture is a file of the repository.
    pictures = re.findall(r"!\[[^\]]+\]\(([^)]+)\)", readme)
    assert pictures
    for picture in pictures:
        assert (REPO_ROOT / picture).is_file(), picture


def test_the_readme_says_where_every_chapter_is() -> None:
    readme = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
    toc = (REPO_ROOT / "book" / "_toc.yml").read_text(encoding="utf-8")
    chapters = re.findall(r"^\s*(?:root|- file):\s*(\S+)", toc, re.M)
    assert "solver" in chapters and "intro" in chapters
    missing = [name for name in chapters if f"`book/{name}.md`" not in readme]
    assert missing == []


@pytest.mark.parametrize(
    ("pattern", "what"),
    [(SESSION, "narrates numbered work sessions"), (OUTSIDE, "cites a path outside the repository")],
    ids=["sessions", "outside"],
)
def test_no_text_narrates_sessions_or_cites_outside_the_repository(
    pattern: re.Pattern[str], what: str
) -> None:
    # This file names the patterns it looks for, so it is left out.
    hits = offending_lines(pattern, skip=Path(__file__).resolve())
    assert hits == [], f"{len(hits)} lines {what}:\n" + "\n".join(hits[:20])


def test_the_checks_would_catch_what_they_look_for() -> None:
    assert SESSION.search("as measured in Session 11") and SESSION.search("session 8 found")
    assert not SESSION.search("a page's session keeps the game")
    for cited in ("see ../shared/seeds", "/work/shared/RULES.md", "STYLE.md point 4",
                  "RULES.md reading"):
        assert OUTSIDE.search(cited), cited
    assert not OUTSIDE.search("book/texts/klondike_unclear.md")


#: The README's Klondike table: each row's rules, and the stored study it reports.
_STUDY_ROWS = {"draw one |": "standard", "draw three |": "draw-three",
               "Polish rules |": "polish", "draw one, worrying back": "standard-wb",
               "draw three, worrying back": "draw-three-wb"}


def test_the_readmes_klondike_counts_are_the_stored_studies() -> None:
    # The won, lost and unresolved deals the README gives, and the share winnable,
    # are the stored studies' (benchmarks/data/klondike_study_*.json): a study
    # merged anew changes them.
    lines = (REPO_ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    for start, rule_set in _STUDY_ROWS.items():
        row = next(line for line in lines if line.startswith(f"| {start}"))
        cells = [cell.strip().replace(",", "") for cell in row.strip("|").split("|")]
        summary = json.loads((REPO_ROOT / "benchmarks" / "data" /
                              f"klondike_study_{rule_set}.json").read_text())["summary"]
        assert cells[1:4] == [str(summary[key]) for key in ("wins", "losses", "unresolved")], (
            rule_set, row)
        # With worrying back and deals unresolved, the bounds (the unresolved deals
        # counted lost, then won); otherwise the share among the decided deals and
        # its interval.
        bounded = rule_set.endswith("-wb") and summary["unresolved"] > 0
        low, high = summary["bounds"] if bounded else summary["ci95_resolved"]
        digits = 2 if bounded else 1  # a narrow range needs its hundredths
        winnable = f"{low:.{digits}%}–{high:.{digits}%}".replace("%–", "–")
        if not bounded:
            winnable = f"{summary['win_rate_resolved']:.1%} ({winnable})"
        assert cells[4].startswith(winnable), (rule_set, row)
