"""The bounds study in chunks: a range of deals, resumed, retried with a larger budget, merged."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import study_bounds as study  # type: ignore[import-not-found]  # noqa: E402


@pytest.fixture()
def results(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(study, "RESULTS", tmp_path)
    return tmp_path


def _lines(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_chunks_resume_retry_and_merge(results: Path) -> None:
    first = study.run_chunk("quarrel", "book", 0, 4, 5, progress=False)
    rows = _lines(first)
    assert [r["seed"] for r in rows] == [0, 1, 2, 3]
    assert "unresolved" in {r["status"] for r in rows}  # 5 positions are too few
    # The same range with a larger budget solves only the deals still unresolved.
    study.run_chunk("quarrel", "book", 0, 4, 50_000, progress=False)
    again = _lines(first)[4:]
    assert [r["seed"] for r in again] == [r["seed"] for r in rows if r["status"] == "unresolved"]
    assert {r["status"] for r in again} <= {"won", "lost"}
    # Run again: every deal is settled, nothing is solved.
    study.run_chunk("quarrel", "book", 0, 4, 50_000, progress=False)
    assert len(_lines(first)) == len(rows) + len(again)
    data = study.merge("quarrel")
    book = data["readings"]["book"]
    summary = book["summary"]
    assert summary["deals"] == 4 and summary["unresolved"] == 0
    assert summary["wins"] + summary["losses"] == 4
    assert [row[0] for row in book["deals"]] == [0, 1, 2, 3]
    # The merged study is read back: with the chunks gone, nothing is solved again.
    (results / "quarrel_bound.json").write_text(json.dumps(data))
    for chunk in (results / "quarrel_bound_chunks").iterdir():
        chunk.unlink()
    path = study.run_chunk("quarrel", "book", 0, 4, 50_000, progress=False)
    assert path.read_text() == ""


def test_a_chain_study_counts_the_worst_and_the_best(results: Path) -> None:
    study.run_chunk("chain", "book", 0, 30, 1, progress=False)
    summary = study.merge("chain")["readings"]["book"]["summary"]
    assert summary["worst_wins"] <= summary["random_wins"] <= summary["wins"]
    assert summary["worst_wins"] <= summary["player_wins"] <= summary["wins"]
    assert summary["unresolved"] == 0 and summary["deals"] == 30
