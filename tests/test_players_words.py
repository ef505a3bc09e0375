"""Every refusal a player meets is in the player's language, and the command line
never shows a traceback.

Bad input to the command line, the engine's entry points, the widgets'
settings and a save that is not JSON is refused in a sentence from the
catalogs; an error the command line meets (a folder it cannot make, a file
it cannot read) is one line, and a terminal that cannot show the language
asked for gets English and a note, not lines of "?".
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from solitaire_widgets import SolitaireError, load_game, new_game
from solitaire_widgets.cli import main
from solitaire_widgets.i18n import TRANSLATED, use_language

ROOT = Path(__file__).resolve().parent.parent
#: Three Latin letters in a row: English left in a Russian sentence (pile ids and
#: card notation are one or two letters, and quoted input is removed first).
LATIN = re.compile(r"[A-Za-z]{3}")


def _names() -> set[str]:
    """The words a player types (games, players, examples): the same in every language."""
    from solitaire_widgets import GAMES
    from solitaire_widgets.examples import example_names
    from solitaire_widgets.strategies import strategy_names

    return {*GAMES, *example_names(), *(s for g in GAMES for s in strategy_names(g)),
            "solitaire-widgets", "show", "stats", "JSON"}


def _russian(text: str) -> bool:
    """Whether ``text`` is Russian once the quoted input and the typed names are set aside."""
    unquoted = re.sub(r"'[^']*'|\"[^\"]*\"|\([^)]*characters\)|--\w+|\b(None|nan)\b", "",
                      text)
    for name in sorted(_names(), key=len, reverse=True):
        unquoted = unquoted.replace(name, "")
    return bool(re.search("[а-яё]{3}", unquoted)) and not LATIN.search(unquoted)


@pytest.mark.parametrize("argv", [
    ["show", "chain", "--seed", "x"],
    ["show", "chain", "--seed", "-4"],
    ["show", "chain", "--seed", "9" * 100],
    ["show", "chain", "--deck", "AS 1X"],
    ["show", "chain", "--deck", "AS 2H"],
    ["show", "quarrel", "--deck", " ".join(["AS"] * 104)],
    ["play", "chain", "--seed", "1", "--strategy", "genius"],
    ["example", "no-such-example"],
    ["show", "poker"],
    ["stats", "poker", "--deals", "2"],
    ["stats", "chain", "--deals", "2", "--seed", "x"],
], ids=lambda argv: " ".join(argv)[:40])
def test_a_players_error_is_said_in_russian(capsys: pytest.CaptureFixture[str],
                                            argv: list[str]) -> None:
    try:
        status = main(["--language", "ru", *argv])
    except SystemExit as exit_:
        status = exit_.code  # type: ignore[assignment]
    out, err = capsys.readouterr()
    assert status == 2 and out == "" and err.count("\n") == 1, err
    assert err.startswith("solitaire-widgets: ") and _russian(err), err


@pytest.mark.parametrize("call", [
    lambda: new_game("chain", seed=-1),
    lambda: new_game("chain", seed="x"),  # type: ignore[arg-type]
    lambda: new_game("chain", deck=5),  # type: ignore[arg-type]
    lambda: new_game("chain", deck="AS 1X"),
    lambda: new_game("chain", deck="AS 2H"),
    lambda: new_game("poker"),
    lambda: load_game("{not json"),
    lambda: load_game('{"format": 1,'),
    lambda: load_game("[" * 100_000),
], ids=["seed -1", "seed x", "deck 5", "deck 1X", "deck short", "poker", "save 1", "save 2",
        "save deep"])
def test_the_engines_refusals_are_in_the_players_language(call: Any) -> None:
    with use_language("ru"), pytest.raises(SolitaireError) as caught:
        call()
    assert _russian(str(caught.value)), str(caught.value)
    assert "Expecting" not in str(caught.value) and "delimiter" not in str(caught.value)


def test_unknown_strategies_and_examples_are_refused_in_russian() -> None:
    from solitaire_widgets.examples import get_example
    from solitaire_widgets.strategies import get_strategy

    with use_language("ru"):
        for call in (lambda: get_strategy("chain", "genius"), lambda: get_example("nothing")):
            with pytest.raises(SolitaireError) as caught:
                call()
            assert _russian(str(caught.value)), str(caught.value)


@pytest.mark.parametrize(("trait", "value"), [("width", 5), ("width", "wide"),
                                                ("speed", 0), ("speed", float("nan")),
                                                ("state", "{}"), ("state", "not json"), ("state", 5),
                                                ("speed", "fast")])
def test_a_widgets_refusals_are_in_its_language(trait: str, value: object) -> None:
    import traitlets

    from solitaire_widgets.widgets import GameWidget, ReplayWidget

    widget = GameWidget("chain", seed=5, language="ru", animate=False)
    replay = ReplayWidget(new_game("chain", seed=5), language="ru", animate=False)
    for shown in (widget, replay):
        before = shown.state, shown.width, shown.speed
        with pytest.raises(traitlets.TraitError) as caught:
            setattr(shown, trait, value)
        assert _russian(str(caught.value)), str(caught.value)
        assert (shown.state, shown.width, shown.speed) == before
        shown.close()
    with pytest.raises(traitlets.TraitError) as caught:
        replay.position = "first"
    assert _russian(str(caught.value)), str(caught.value)


def test_a_folder_name_too_long_is_one_line(capsys: pytest.CaptureFixture[str],
                                            tmp_path: Path) -> None:
    folder = tmp_path / ("x" * 300)
    for language in ("en", "ru"):
        status = main(["--language", language, "export-html", "chain", str(folder)])
        out, err = capsys.readouterr()
        assert status == 2 and out == "" and err.count("\n") == 1, err
        assert "Traceback" not in err and "Errno" not in err
    assert _russian(err.replace(str(tmp_path), "")), err


def test_any_error_the_command_line_meets_is_one_line(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from solitaire_widgets import cli

    def broken(args: Any) -> int:
        raise RuntimeError("deep inside")

    monkeypatch.setattr(cli, "_cmd_show", broken)
    status = main(["show", "chain"])
    err = capsys.readouterr().err
    assert status == 1 and err.count("\n") == 1 and "RuntimeError" in err, err
    monkeypatch.setattr(cli, "_cmd_show", lambda args: open(args.game))  # noqa: SIM115
    status = main(["--language", "ru", "show", "chain"])
    err = capsys.readouterr().err
    assert status == 2 and err.count("\n") == 1 and "'chain'" in err, err


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_terminal_that_cannot_show_the_language_gets_english_and_a_note(
        language: str) -> None:
    done = subprocess.run([sys.executable, "-m", "solitaire_widgets", "--language", language,
                           "show", "chain", "--seed", "5"], cwd=ROOT, capture_output=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT),
                               "PYTHONIOENCODING": "ascii"}, timeout=120)
    out, err = done.stdout.decode("ascii"), done.stderr.decode("ascii")
    assert done.returncode == 0, err
    assert out.count("?") < 5, out
    assert out.startswith("Chain, deal 5")
    assert err.count("\n") == 1 and "cannot show" in err and "English" in err, err
    utf8 = subprocess.run([sys.executable, "-m", "solitaire_widgets", "--language", language,
                           "show", "chain", "--seed", "5"], cwd=ROOT, capture_output=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT),
                               "PYTHONIOENCODING": "utf-8"}, timeout=120)
    assert utf8.returncode == 0 and utf8.stderr == b""
    assert not utf8.stdout.decode().startswith("Chain")
