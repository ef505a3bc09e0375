"""The command line: ``python -m solitaire_widgets`` show / play / stats / example."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from solitaire_widgets import GAMES, new_game
from solitaire_widgets.cli import main
from solitaire_widgets.examples import example_names
from solitaire_widgets.stats import wilson_interval
from solitaire_widgets.table import PILE_KINDS

ROOT = Path(__file__).resolve().parent.parent


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    status, out, err = run(capsys, *argv, "--json")
    assert status == 0, err
    return json.loads(out)


def check_piles(piles: list[dict[str, Any]]) -> None:
    assert piles
    for pile in piles:
        assert {"id", "kind", "cards"} <= set(pile)
        assert isinstance(pile["id"], str) and pile["kind"] in PILE_KINDS
        assert all(isinstance(card, str) and len(card) == 2 for card in pile["cards"])
    assert "s" in [p["id"] for p in piles]


# -- show -----------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_show_prints_the_position(capsys: pytest.CaptureFixture[str], game: str) -> None:
    status, out, err = run(capsys, "show", game, "--seed", "5")
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].endswith(", deal 5")
    assert lines[1] == new_game(game, seed=5).status
    assert "legal moves: " in out


@pytest.mark.parametrize("game", GAMES)
def test_show_json(capsys: pytest.CaptureFixture[str], game: str) -> None:
    data = run_json(capsys, "show", game, "--seed", "5")
    assert data["game"] == game and data["seed"] == 5 and isinstance(data["status"], str)
    check_piles(data["piles"])
    position = new_game(game, seed=5)
    assert [p["id"] for p in data["piles"]] == [p.id for p in position.piles]
    assert [p["cards"] for p in data["piles"]] == [[str(c) for c in p.cards]
                                                   for p in position.piles]


def test_show_with_a_stacked_deck_and_an_option(capsys: pytest.CaptureFixture[str]) -> None:
    from solitaire_widgets.examples import get_example

    deck = get_example("chain-first-layout").deck
    data = run_json(capsys, "show", "chain", "--deck", deck, "--option", "aux_row=at-start")
    piles = {p["id"]: p for p in data["piles"]}
    assert piles["l1"]["cards"] == ["KH"] and piles["fh"]["cards"] == ["2H"]


# -- play -----------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_play_json(capsys: pytest.CaptureFixture[str], game: str) -> None:
    data = run_json(capsys, "play", game, "--seed", "3")
    assert {"game", "seed", "won", "moves", "reason"} <= set(data)
    assert data["game"] == game and data["seed"] == 3
    assert isinstance(data["won"], bool) and isinstance(data["reason"], str) and data["reason"]
    assert isinstance(data["moves"], list) and all(isinstance(m, str) for m in data["moves"])
    # The moves replay to the same end.
    replay = new_game(game, seed=3)
    for move in data["moves"]:
        replay.play(move)
    assert replay.is_won == data["won"]


def test_play_prints_numbered_steps_and_the_result(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "play", "chain", "--seed", "3")
    assert status == 0
    lines = out.splitlines()
    assert lines[0].lstrip().startswith("1. ")
    assert lines[-1].startswith(("Won: ", "Lost: "))


def test_play_with_the_random_strategy(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "play", "chain", "--seed", "4", "--strategy", "random")
    assert data["strategy"] == "random"


# -- stats ----------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_stats_json(capsys: pytest.CaptureFixture[str], game: str) -> None:
    deals = 6 if game != "chain" else 30
    data = run_json(capsys, "stats", game, "--deals", str(deals), "--seed", "10")
    assert {"game", "deals", "wins", "win_rate", "ci95", "seconds"} <= set(data)
    assert data["game"] == game and data["deals"] == deals
    assert 0 <= data["wins"] <= deals
    assert data["win_rate"] == pytest.approx(data["wins"] / deals, abs=1e-4)
    low, high = data["ci95"]
    assert isinstance(low, float) and isinstance(high, float)
    assert 0.0 <= low <= data["win_rate"] <= high <= 1.0
    assert (low, high) == wilson_interval(data["wins"], deals)
    assert isinstance(data["seconds"], (int, float)) and data["seconds"] >= 0


def test_stats_text(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _err = run(capsys, "stats", "chain", "--deals", "10")
    assert status == 0
    assert "of 10 deals won" in out and "95% Wilson interval" in out


def test_stats_with_two_workers_gives_the_same_wins(capsys: pytest.CaptureFixture[str]) -> None:
    one = run_json(capsys, "stats", "chain", "--deals", "40", "--seed", "100", "--workers", "1")
    two = run_json(capsys, "stats", "chain", "--deals", "40", "--seed", "100", "--workers", "2")
    for key in ("wins", "win_rate", "ci95", "deals", "reasons"):
        assert one[key] == two[key], key


# -- example ---------------------------------------------------------------------------


def test_example_list(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _err = run(capsys, "example", "--list")
    assert status == 0
    names = [line.split()[0] for line in out.splitlines()]
    assert names == example_names() and "chain-first-layout" in names


@pytest.mark.parametrize("name", ["chain-first-layout"])
def test_example_json(capsys: pytest.CaptureFixture[str], name: str) -> None:
    data = run_json(capsys, "example", name)
    assert data["game"] == "chain"
    check_piles(data["piles"])
    piles = {p["id"]: p for p in data["piles"]}
    assert piles["fs"]["cards"] == ["2S", "3S", "4S", "5S"]


def test_every_example_prints_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    for name in example_names():
        data = run_json(capsys, "example", name)
        assert data["game"] in GAMES, name
        check_piles(data["piles"])


def test_example_text(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _err = run(capsys, "example", "chain-first-layout")
    assert status == 0 and out.startswith("Chain: the text's example of a first layout")


def test_example_list_in_a_real_subprocess() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "solitaire_widgets", "example", "--list"],
                          capture_output=True, text=True, cwd=ROOT, env=env, check=False)
    assert done.returncode == 0, done.stderr
    assert "chain-first-layout" in done.stdout


# -- errors -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["show", "chain", "--option", "colour=blue"], "'colour'"),
        (["show", "chain", "--option", "aux_row=never"], "'when-stuck', 'at-start'"),
        (["show", "chain", "--option", "aux_row"], "NAME=VALUE"),
        (["show", "chain", "--deck", "AS 2H"], "52 cards"),
        (["show", "chain", "--deck", "AS 1X"], "'1X' is not a card"),
        (["play", "chain", "--seed", "1", "--strategy", "genius"], "'genius'"),
        (["stats", "chain", "--deals", "3", "--option", "x=y"], "'x'"),
        (["example", "no-such-example"], "'no-such-example'"),
        (["show", "chain", "--option", "self=x"], "has no option 'self'; its options are: aux_row"),
        (["show", "chain", "--option", "name=x"], "has no option 'name'; its options are"),
        (["show", "klondike", "--option", "seed=3"], "has no option 'seed'; its options are"),
        (["play", "quarrel", "--option", "deck=AS"], "has no option 'deck'; its options are"),
        (["stats", "chain", "--deals", "2", "--option", "self=x"], "has no option 'self'"),
        (["stats", "chain", "--deals", "2", "--dask", "garbage"], "not a Dask scheduler address"),
        (["stats", "chain", "--deals", "2", "--workers", "100000"], "worker processes"),
        (["stats", "chain", "--deals", "100000000000"], "at most 10,000,000"),
        (["show", "chain", "--seed", "1" + "0" * 400], "whole number from 0 to"),
        (["show", "chain", "--deck", "x" * 100_000], "(100,000 characters)"),
        (["show", "chain", "--seed", "-4"], "whole number"),
    ],
)
def test_a_players_error_gives_status_2_and_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], words: str
) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert err.startswith("solitaire-widgets: ") and words in err
    assert "Traceback" not in err


def test_an_unknown_game_gives_status_2_naming_the_games(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["show", "poker"])
    assert caught.value.code == 2
    err = capsys.readouterr().err
    error_lines = [line for line in err.splitlines() if "error:" in line]
    assert len(error_lines) == 1 and "'poker'" in error_lines[0]
    assert all(game in error_lines[0] for game in GAMES)


def test_stats_with_no_deals_is_a_players_error(capsys: pytest.CaptureFixture[str]) -> None:
    status, _out, err = run(capsys, "stats", "chain", "--deals", "0")
    assert status == 2 and "at least 1" in err


# -- the Wilson interval ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("wins", "deals", "expected"),
    [
        # Newcombe (1998), "Two-sided confidence intervals for the single proportion",
        # Table I, method 3 (Wilson score, no continuity correction).
        (81, 263, (0.2553, 0.3662)),
        (15, 148, (0.0624, 0.1605)),
        (0, 20, (0.0, 0.1611)),
        (1, 29, (0.0061, 0.1718)),
        # Symmetric and edge cases.
        (50, 100, (0.4038, 0.5962)),
        (5, 10, (0.2366, 0.7634)),
        (0, 10, (0.0, 0.2775)),
        (10, 10, (0.7225, 1.0)),
    ],
)
def test_wilson_interval_known_values(wins: int, deals: int,
                                      expected: tuple[float, float]) -> None:
    low, high = wilson_interval(wins, deals)
    assert low == pytest.approx(expected[0], abs=1e-4)
    assert high == pytest.approx(expected[1], abs=1e-4)


def test_wilson_interval_with_no_deals_is_everything() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_an_unreachable_dask_scheduler_fails_fast_and_says_so(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from solitaire_widgets import stats

    monkeypatch.setattr(stats, "DASK_TIMEOUT_S", 1)
    status, out, err = run(capsys, "stats", "chain", "--deals", "2",
                           "--dask", "tcp://127.0.0.1:1")
    lines = err.splitlines()
    assert status == 2 and out == "" and "Traceback" not in err
    assert lines[0].startswith("connecting to the Dask scheduler at tcp://127.0.0.1:1")
    assert lines[-1].startswith("solitaire-widgets: cannot reach a Dask scheduler")


def test_a_usage_error_is_one_short_line(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["show", "chain", "--seed", "9" * 100_000])
    err = capsys.readouterr().err
    assert status == 2 and err.count("\n") == 1 and len(err) < 400
    assert err.startswith("solitaire-widgets: a deal number is a whole number")
    with pytest.raises(SystemExit) as caught:
        main(["show", "chain", "--deck"])
    err = capsys.readouterr().err
    assert caught.value.code == 2 and err.count("\n") == 1 and len(err) < 400
    assert err.startswith("solitaire-widgets: error: argument --deck")


def _subprocess(*argv: str, **env: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-m", "solitaire_widgets", *argv], cwd=ROOT,
                            env={**os.environ, "PYTHONPATH": str(ROOT), **env},
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def test_a_closed_pipe_ends_quietly() -> None:
    """``solitaire-widgets play ... | head -c 100``: no traceback when the reader leaves."""
    for argv in (["play", "quarrel", "--seed", "28"], ["show", "chain", "--seed", "1"]):
        process = _subprocess(*argv)
        assert process.stdout is not None and process.stderr is not None
        process.stdout.close()  # the reader goes away before the first line
        err = process.stderr.read().decode()
        process.wait(timeout=60)
        assert err == "" and process.returncode == 1, err


@pytest.mark.parametrize("argv", [["example", "quarrel-eight-fives"],
                                  ["play", "quarrel", "--seed", "3"],
                                  ["show", "chain", "--deck", "AS ſ"]])
def test_an_ascii_terminal_gets_plain_stand_ins(argv: list[str]) -> None:
    process = _subprocess(*argv, PYTHONIOENCODING="ascii")
    out, err = process.communicate(timeout=120)
    assert b"Traceback" not in err and process.returncode in (0, 2), err.decode()
    out.decode("ascii")
    err.decode("ascii")
    if process.returncode == 0:
        assert b"?" not in out.replace(b"'?'", b"")


@pytest.mark.parametrize("argv", [["show", "klondike"], ["play", "chain", "--seed", "3", "--json"],
                                  ["stats", "chain", "--deals", "2"]])
def test_a_full_disk_is_one_line_and_status_1(argv: list[str]) -> None:
    with open("/dev/full", "wb") as full:
        done = subprocess.run([sys.executable, "-m", "solitaire_widgets", *argv], cwd=ROOT,
                              env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=full,
                              stderr=subprocess.PIPE, timeout=120)
    err = done.stderr.decode()
    assert done.returncode == 1 and err == (
        "solitaire-widgets: cannot write the output: the disk is full\n"), err


def test_a_closed_standard_output_is_one_line_and_status_1() -> None:
    done = subprocess.run([sys.executable, "-m", "solitaire_widgets", "show", "chain"], cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, stderr=subprocess.PIPE,
                          preexec_fn=lambda: os.close(1), timeout=120)
    err = done.stderr.decode()
    assert done.returncode == 1 and err == (
        "solitaire-widgets: cannot write the output: standard output is closed\n"), err


def test_export_html_names_its_folder_and_overwrites_only_when_told(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    for empty in ("", "  "):
        assert main(["export-html", "chain", empty]) == 2
        assert "name the folder to write" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == [], "nothing is written into the current folder"
    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "index.html").write_text("mine", encoding="utf-8")
    assert main(["export-html", "chain", "site"]) == 2
    assert "exists already; add --force" in capsys.readouterr().err
    assert (tmp_path / "site" / "index.html").read_text(encoding="utf-8") == "mine"
    assert main(["export-html", "chain", "site", "--seed", "4", "--force"]) == 0
    assert "Chain, deal 4" in (tmp_path / "site" / "index.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("budget", ["0", "-1"])
def test_a_solver_budget_below_one_position_is_refused(capsys: pytest.CaptureFixture[str],
                                                       budget: str) -> None:
    status, out, err = run(capsys, "stats", "klondike", "--deals", "2", "--solver",
                           "--max-nodes", budget)
    assert status == 2 and out == ""
    assert f"the solver's budget is a whole number of positions from 1 to 1,000,000,000, not {budget}" in err


def test_long_work_shows_a_bar_with_the_time_to_go(capsys: pytest.CaptureFixture[str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    import builtins

    from solitaire_widgets import stats

    stats.run_stats("chain", 4, progress=True)
    err = capsys.readouterr().err
    assert "4/4" in err and "deal" in err        # tqdm's bar (the cli extra)
    real_import = builtins.__import__

    def without_tqdm(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "tqdm":
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", without_tqdm)
    show = stats._progress_bar(4)
    show(1)
    err = capsys.readouterr().err
    assert "1/4 deals" in err and "s to go" in err
