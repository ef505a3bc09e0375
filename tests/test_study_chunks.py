"""Klondike studies in chunks: a range of deals, resumed, then merged into the stored study."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import study_klondike as study  # noqa: E402


@pytest.fixture()
def results(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(study, "RESULTS", tmp_path)
    monkeypatch.setattr(study, "CHUNKS", tmp_path / "klondike_chunks")
    return tmp_path


def _lines(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_chunks_resume_retry_and_merge(results: Path) -> None:
    first = study.run_chunk("standard", 0, 4, 1, 2_000, None, progress=False)
    rows = _lines(first)
    assert [r["seed"] for r in rows] == [0, 1, 2, 3]
    assert {r["solver"] for r in rows} == {study.VERSION}
    # Run again: every deal is settled at this budget, nothing is solved.
    study.run_chunk("standard", 0, 4, 1, 2_000, None, progress=False)
    assert _lines(first) == rows
    # A second chunk, with a tiny budget: deals stay unresolved.
    second = study.run_chunk("standard", 4, 3, 1, 2, None, progress=False)
    assert {r["status"] for r in _lines(second)} == {"unresolved"}
    # The same range with a larger budget solves only those still unresolved.
    study.run_chunk("standard", 4, 3, 1, 2_000, None, progress=False)
    again = _lines(second)[3:]
    assert [r["seed"] for r in again] == [4, 5, 6] and {r["max_nodes"] for r in again} == {2_000}
    # Unresolved by an older solver: tried again at the same budget, and only then.
    older = [dict(r, solver=study.VERSION - 1) for r in _lines(second)[:3]]
    second.write_text("".join(json.dumps(r) + "\n" for r in older))
    study.run_chunk("standard", 4, 3, 1, 2, None, progress=False)
    assert [r["seed"] for r in _lines(second)[3:]] == [4, 5, 6]
    study.run_chunk("standard", 4, 3, 1, 2, None, progress=False)
    assert len(_lines(second)) == 6
    study.run_chunk("standard", 4, 3, 1, 2_000, None, progress=False)
    # A chunk after a gap waits until the gap is filled.
    study.run_chunk("standard", 9, 1, 1, 2_000, None, progress=False)
    data = study.merge("standard")
    assert [d["seed"] for d in data["deals"]] == list(range(7))
    summary = data["summary"]
    assert summary["wins"] + summary["losses"] + summary["unresolved"] == 7
    assert summary["deals"] == 7 and summary["budgets"] == {"2000": 7}
    best = study.best_rows("standard")
    assert all(best[s]["status"] == d["status"] for s, d in enumerate(data["deals"]))
    # Merged into the stored study, and read back as such.
    assert study.main(["--merge", "--variant", "standard"]) == 0
    stored = json.loads((results / "klondike_study_standard.json").read_text())
    assert stored["summary"]["deals"] == 7
    assert "--merge" in stored["summary"]["command"]
    # A chunk that grows after a merge: its command is made anew, not kept stale.
    study.run_chunk("standard", 10, 3, 1, 2_000, None, progress=False, only={10})
    assert study.main(["--merge", "--variant", "standard"]) == 0
    study.run_chunk("standard", 10, 3, 1, 2_000, None, progress=False)
    commands = study.merge("standard")["summary"]["commands"]
    assert [c for c in commands if "--start 10 " in c] == [
        "python benchmarks/study_klondike.py --chunk --variant standard --start 10 --deals 3 "
        "--nodes 2000 (deals 10..12 done)"]


def test_a_deal_found_both_won_and_lost_is_an_error(results: Path) -> None:
    path = study.run_chunk("standard", 2, 1, 1, 2_000, None, progress=False)
    row = _lines(path)[0]
    assert row["status"] == "won"
    with path.open("a") as out:
        out.write(json.dumps({**row, "status": "lost", "max_nodes": 4_000}) + "\n")
    with pytest.raises(ValueError, match="deal 2 .* both won and lost"):
        study.best_rows("standard")


def test_a_loss_drawing_one_settles_the_stricter_rules(results: Path) -> None:
    # Deal 2 is won drawing one; a made-up draw-one loss of deal 5 stands
    # for a real proof (the relaxation only reads the stored answer).
    study.CHUNKS.mkdir(parents=True)
    standard = study.CHUNKS / "standard_00000-00009.jsonl"
    lost = {"seed": 5, "status": "lost", "nodes": 7, "seconds": 0.1, "max_nodes": 10,
            "solver": study.VERSION}
    standard.write_text(json.dumps(lost) + "\n")
    polish = study.CHUNKS / "polish_00000-00009.jsonl"
    unresolved = {"seed": 5, "status": "unresolved", "nodes": 10, "seconds": 0.2,
                  "max_nodes": 10, "solver": study.VERSION}
    polish.write_text(json.dumps(unresolved) + "\n")
    best = study.best_rows("polish")
    assert best[5]["status"] == "lost" and best[5]["proof"] == "lost drawing one"
    assert best[5]["max_nodes"] == 10 and best[5]["nodes"] == 7
    assert study.best_rows("standard")[5] == lost  # drawing one reads only its own
    # Drawing three, where deal 5 was never searched: lost, and a chunk skips it.
    three = study.best_rows("draw-three")[5]
    assert three["status"] == "lost" and three["proof"] == "lost drawing one"
    path = study.run_chunk("draw-three", 4, 2, 1, 2_000, None, progress=False)
    assert [r["seed"] for r in _lines(path)] == [4]
    # Merged, deal 5 counts apart from the budgets of draw three's own searches.
    study.run_chunk("draw-three", 0, 4, 1, 2_000, None, progress=False)
    summary = study.merge("draw-three")["summary"]
    assert summary["deals"] == 6 and summary["lost_drawing_one"] == 1
    assert summary["budgets"] == {"2000": 5}
    # Won under the Polish rules but lost drawing one: one of them is a bug.
    with polish.open("a") as out:
        out.write(json.dumps({**unresolved, "status": "won", "max_nodes": 20}) + "\n")
    with pytest.raises(ValueError, match="deal 5 .* lost drawing one"):
        study.best_rows("polish")


def test_a_win_under_stricter_rules_replays_drawing_one(results: Path) -> None:
    solution = study.solve_deal(0, variant="draw-three", max_nodes=5_000)
    assert solution.status == "won"
    assert study.replay_drawing_one(0, solution.moves, 3)
    assert not study.replay_drawing_one(0, solution.moves[:-1], 3)  # not to its end
    # Deal 0 left unresolved drawing one (a tiny budget) is settled by that win.
    study.run_chunk("standard", 0, 1, 1, 2, None, progress=False)
    assert study.best_rows("standard")[0]["status"] == "unresolved"
    study.win_by_stricter([0], "draw-three", 5_000, progress=False)
    row = study.best_rows("standard")[0]
    assert row["status"] == "won" and row["proof"] == "won draw-three, replayed drawing one"
    assert any("--wins-from draw-three --seeds 0" in c
               for c in study.merge("standard")["summary"]["commands"])


def test_a_chunk_of_chosen_deals_with_another_plan(results: Path) -> None:
    plan = study.Config(relax_share=0.9, restart_share=0.0)
    path = study.run_chunk("draw-three", 0, 5, 1, 2_000, None, progress=False, only={1, 3},
                           config=plan)
    rows = _lines(path)
    assert [r["seed"] for r in rows] == [1, 3]
    assert all(r["relax_share"] == 0.9 and r["restart_share"] == 0.0 for r in rows)


def test_a_deal_answered_drawing_one_is_searched_without_the_relaxation(results: Path) -> None:
    # Made-up draw-one answers (the plan only reads them): won; unresolved by
    # this solver with more positions than the relaxation would get; with
    # fewer; and by an older solver.
    study.CHUNKS.mkdir(parents=True)
    rows = [{"seed": 1, "status": "won", "max_nodes": 10},
            {"seed": 2, "status": "unresolved", "max_nodes": 1_000_000},
            {"seed": 3, "status": "unresolved", "max_nodes": 100},
            {"seed": 4, "status": "unresolved", "max_nodes": 1_000_000,
             "solver": study.VERSION - 1}]
    standard = study.CHUNKS / "standard_00000-00009.jsonl"
    standard.write_text("".join(json.dumps({"solver": study.VERSION, "nodes": 1, "seconds": 0.1,
                                            **row}) + "\n" for row in rows))
    path = study.run_chunk("polish", 0, 5, 1, 2_000, None, progress=False)
    plans = {r["seed"]: r.get("relax_share") for r in _lines(path)}
    assert plans == {0: None, 1: 0.0, 2: 0.0, 3: None, 4: None}
    assert study.plan_for(None, 2_000) == study.DEFAULT


def test_rows_say_which_build_answered(results: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pure = study.run_chunk("standard", 0, 2, 1, 2_000, None, progress=False)
    assert all("build" not in r for r in _lines(pure))
    monkeypatch.setattr(study, "is_compiled", lambda: True)
    compiled = study.run_chunk("standard", 2, 2, 1, 2_000, None, progress=False)
    assert {r["build"] for r in _lines(compiled)} == {"mypyc"}
    data = study.merge("standard")
    assert [d.get("build") for d in data["deals"]] == [None, None, "mypyc", "mypyc"]
    commands = data["summary"]["commands"]
    assert commands.index(study.COMPILE) < commands.index(
        "PYTHONPATH=build/compiled python benchmarks/study_klondike.py --chunk --variant "
        "standard --start 2 --deals 2 --nodes 2000 (deals 2..3 done)")
    assert ("python benchmarks/study_klondike.py --chunk --variant standard --start 0 "
            "--deals 2 --nodes 2000 (deals 0..1 done)") in commands


def test_worrying_back_takes_the_wins_without_it_and_searches_the_rest(results: Path) -> None:
    # A win without worrying back is a win with it (the option only adds moves);
    # made-up rows stand for real answers (the merge only reads them).
    study.CHUNKS.mkdir(parents=True)
    row = {"nodes": 7, "seconds": 0.1, "max_nodes": 10, "solver": study.VERSION}
    (study.CHUNKS / "standard_00000-00009.jsonl").write_text(
        json.dumps({"seed": 0, "status": "won", **row}) + "\n"
        + json.dumps({"seed": 1, "status": "lost", **row}) + "\n")
    best = study.best_rows("standard-wb")
    assert best[0]["status"] == "won" and best[0]["proof"] == "won without worrying back"
    assert 1 not in best  # lost without worrying back: searched with it
    path = study.run_chunk("standard-wb", 0, 2, 1, 2_000, None, progress=False)
    assert [r["seed"] for r in _lines(path)] == [1]
    summary = study.merge("standard-wb")["summary"]
    assert summary["deals"] == 2 and summary["published"] == 0.90480
    assert "with worrying back" in summary["rules_note"]
    # Drawing three with worrying back, a loss drawing one with it settles the deal.
    lost = study.best_rows("standard-wb")[1]
    if lost["status"] == "lost":
        assert study.best_rows("draw-three-wb")[1]["proof"] == "lost drawing one"
    # Lost with worrying back, yet won without it: one of them is a bug.
    with path.open("a") as out:
        out.write(json.dumps({"seed": 0, "status": "lost", **row}) + "\n")
    with pytest.raises(ValueError, match="deal 0 .* won without worrying back"):
        study.best_rows("standard-wb")


def test_a_rerun_of_a_stored_study_finds_its_answers_again(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    # The stored draw-three-wb study's deals 9 and 17 were searched with a plan of their
    # own (from the chunk rows): found again with the same answers, and with the same
    # positions where a row was made by this solver version.
    import rerun_klondike_studies as rerun

    rows = tmp_path / "rows.jsonl"
    table = tmp_path / "table.json"
    assert rerun.main(["--start", "9", "--deals", "9", "--rule-sets", "draw-three-wb",
                       "--rows", str(rows), "--json", str(table)]) == 0
    line = json.loads(table.read_text())["rule_sets"][0]
    stored = [r for r in rerun.stored_rows("draw-three-wb", 9, 9) if "proof" not in r]
    assert [r["seed"] for r in stored] == [9, 17] and stored[0]["relax_share"] == 0.0
    assert line["searched"] == 2 and line["same_answer"] == 2
    assert line["same_positions"] == line["this_version"]
    assert line["stored"] == line["again"]
    # A stopped run resumes: nothing is searched again.
    before = rows.read_text()
    rerun.main(["--start", "9", "--deals", "9", "--rule-sets", "draw-three-wb",
                "--rows", str(rows)])
    assert rows.read_text() == before
    assert "0 deals to search" in capsys.readouterr().err


def _without_times(rows: list[dict[str, object]]) -> list[dict[str, object]]:
    """Chunk rows by deal, without the seconds each took (a clock, not an answer)."""
    return sorted(({k: v for k, v in row.items() if k != "seconds"} for row in rows),
                  key=lambda row: str(row["seed"]).zfill(6))


def test_a_chunk_on_a_dask_cluster_writes_the_same_rows_and_resumes(results: Path) -> None:
    pytest.importorskip("distributed")
    # On local processes first: the rows to match.
    local = study.run_chunk("standard-wb", 0, 6, 2, 1_000, None, progress=False)
    expected = _lines(local)
    assert sorted(int(str(r["seed"])) for r in expected) == list(range(6))
    assert {r["status"] for r in expected} == {"won"}
    local.rename(results / "local.jsonl")
    with study.cluster("local:2") as address:
        assert address is not None and address.startswith("tcp://")
        # The one command, on the cluster (a running scheduler's address).
        assert study.main(["--chunk", "--variant", "standard-wb", "--start", "0", "--deals", "6",
                           "--nodes", "1000", "--dask", address]) == 0
        path = study.CHUNKS / "standard-wb_00000-00005.jsonl"
        rows = _lines(path)
        assert _without_times(rows) == _without_times(expected)
        # Run again: every deal is stored, nothing is sent to the cluster.
        study.run_chunk("standard-wb", 0, 6, 1, 1_000, None, progress=False, dask=address)
        assert _lines(path) == rows
        # A run stopped after three deals continues with the other three only.
        path.write_text("".join(json.dumps(r) + "\n" for r in rows[:3]))
        study.run_chunk("standard-wb", 0, 6, 1, 1_000, None, progress=False, dask=address)
        again = _lines(path)
        assert sorted(int(str(r["seed"])) for r in again[3:]) == sorted(
            int(str(r["seed"])) for r in rows[3:])
        assert _without_times(again) == _without_times(expected)
        # With --merge too, the one command folds the chunk into the stored study.
        assert study.main(["--chunk", "--merge", "--variant", "standard-wb", "--start", "0",
                           "--deals", "6", "--nodes", "1000", "--dask", address]) == 0
    stored = json.loads((results / "klondike_study_standard-wb.json").read_text())
    assert stored["summary"]["deals"] == 6


def test_a_bad_dask_cluster_is_a_clear_error(results: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert study.main(["--chunk", "--variant", "standard", "--deals", "1", "--dask",
                       "local:0"]) == 2
    assert "--dask local:N needs a number of workers" in capsys.readouterr().err
    assert not study.CHUNKS.exists()  # nothing solved, nothing written


def test_a_rerun_on_a_dask_cluster_finds_the_same_answers_and_resumes(tmp_path: Path) -> None:
    pytest.importorskip("distributed")
    import rerun_klondike_studies as rerun

    arguments = ["--start", "9", "--deals", "9", "--rule-sets", "draw-three-wb"]
    here = tmp_path / "here.jsonl"
    assert rerun.main([*arguments, "--rows", str(here)]) == 0
    spread = tmp_path / "dask.jsonl"
    # Half the deals searched, then the run stopped: the cluster searches the rest.
    spread.write_text(here.read_text().splitlines(keepends=True)[0])
    assert rerun.main([*arguments, "--rows", str(spread), "--dask", "local:2"]) == 0
    assert _without_times(_lines(spread)) == _without_times(_lines(here))


def test_a_loss_with_worrying_back_by_an_unsound_solver_is_searched_again(
        results: Path) -> None:
    # Solver 12's filter called some won positions lost (tests/test_solver_worrying_back.py):
    # its losses with worrying back are no proofs, its wins stand, and its losses
    # without worrying back (where the filter never ran) stand too.
    study.CHUNKS.mkdir(parents=True)
    row = {"nodes": 7, "seconds": 0.1, "max_nodes": 2_000, "solver": 12}
    for rule_set in ("standard", "standard-wb"):
        (study.CHUNKS / f"{rule_set}_00000-00009.jsonl").write_text(
            json.dumps({"seed": 1, "status": "lost", **row}) + "\n"
            + json.dumps({"seed": 2, "status": "won", **row}) + "\n")
    assert study.best_rows("standard")[1]["status"] == "lost"
    best = study.best_rows("standard-wb")
    assert best[1]["status"] == "unresolved" and best[1]["not_proved"] == "lost"
    assert best[2]["status"] == "won"
    # Drawing three with worrying back, that loss drawing one proves nothing either.
    assert 1 not in study.best_rows("draw-three-wb")
    path = study.run_chunk("standard-wb", 1, 2, 1, 2_000, None, progress=False)
    assert [(r["seed"], r["solver"]) for r in _lines(path)] == [(1, study.VERSION)]
