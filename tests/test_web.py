"""The in-page engine without a browser: runtime pinning, the wheel, the sessions, export.

The page side is tested in Chromium in ``tests/test_web_browser.py``; here
the Python half that Pyodide runs is driven directly under CPython.
"""

from __future__ import annotations

import json
import re
import zipfile
from html import unescape
from pathlib import Path

import pytest

from solitaire_widgets import GAMES, load_game, new_game
from solitaire_widgets.cli import main
from solitaire_widgets.errors import IllegalMoveError, RequestError
from solitaire_widgets.games import rules_class
from solitaire_widgets.html_replays import HELD_STEPS, game_frames, game_player
from solitaire_widgets.pointer import pile_point
from solitaire_widgets.render.player import html_player
from solitaire_widgets.render.scene import layout
from solitaire_widgets.save_writer import position_data as game_state
from solitaire_widgets.solver_hook import solver_of
from solitaire_widgets.web import Demonstration, PlayHere, export_html, table_html
from solitaire_widgets.web.runtime import (
    PYODIDE_VERSION,
    RuntimeFetchError,
    build_wheel,
    fetch_pyodide,
    wheel_name,
)
from solitaire_widgets.web.session import SOLVER_TOOLS, PageSession, ReplaySession
from solitaire_widgets.web.worker_api import call


def _found(pattern: str, text: str) -> str:
    match = re.search(pattern, text, re.S)
    assert match is not None, pattern
    return match.group(1)


def _moves(before: list[str], view: dict) -> list[str]:
    """The move list as the page keeps it: ``before`` and what ``view`` says changed."""
    return before[:view["history"]["kept"]] + view["history"]["added"]


def test_a_tarball_that_does_not_match_the_pinned_hash_is_refused(tmp_path: Path) -> None:
    packs = tmp_path / "npm"
    packs.mkdir()
    bogus = packs / f"pyodide-{PYODIDE_VERSION}.tgz"
    bogus.write_bytes(b"not the runtime")
    with pytest.raises(RuntimeFetchError, match="does not match its pinned sha512"):
        fetch_pyodide(tmp_path)
    assert not bogus.exists(), "the bad tarball is not kept"
    assert not (tmp_path / f"pyodide-{PYODIDE_VERSION}").exists()


def test_the_wheel_holds_the_package_and_its_page_scripts(tmp_path: Path) -> None:
    first = build_wheel(tmp_path / "a")
    second = build_wheel(tmp_path / "b")
    assert first.name == wheel_name()
    assert first.read_bytes() == second.read_bytes(), "the same tree gives the same wheel"
    names = zipfile.ZipFile(first).namelist()
    assert "solitaire_widgets/game.py" in names
    assert "solitaire_widgets/web/assets/tables.js" in names
    assert not any("__pycache__" in n or n.endswith(".pyc") for n in names)
    record = zipfile.ZipFile(first).read(
        next(n for n in names if n.endswith("RECORD"))).decode()
    assert "solitaire_widgets/game.py,sha256=" in record


def test_state_is_what_show_json_prints(capsys) -> None:
    for name, seed in (("klondike", 7), ("chain", 54), ("quarrel", 28)):
        assert main(["show", name, "--seed", str(seed), "--json"]) == 0
        assert json.loads(capsys.readouterr().out) == game_state(new_game(name, seed=seed))


def test_the_page_learns_a_games_tools_from_its_view() -> None:
    """The solver's buttons come with the view of a game that has a solver,
    and only then (the page's script names no game)."""
    for name in GAMES:
        view = PageSession(name, seed=3).view()
        expected = list(SOLVER_TOOLS) if solver_of(rules_class(name)) else []
        assert view["tools"] == expected, name
        assert all(tool["op"] in ("canwin", "solverhint") for tool in view["tools"])
    assert any(solver_of(rules_class(name)) for name in GAMES)
    script = (Path(__file__).parent.parent / "solitaire_widgets/web/assets/tables.js").read_text()
    assert "Can this still be won?" not in script and "view.tools" in script


def test_a_typed_move_is_played_or_refused_with_the_engines_reason() -> None:
    session = PageSession("klondike", seed=7)
    reference = new_game("klondike", seed=7)
    view = session.handle({"op": "play", "move": "turn"})
    reference.play("turn")
    assert not view["error"] and view["history"] == {"kept": 0, "added": ["turn"]}
    view = session.handle({"op": "play", "move": "t1>t1"})
    with pytest.raises(IllegalMoveError) as refused:
        reference.play("t1>t1")
    assert view["error"] and view["message"].rstrip(".").lower() == str(refused.value).rstrip(".").lower()
    assert view["history"] == {"kept": 1, "added": []}, "a refused move changes nothing"
    assert game_state(session.game) == game_state(reference)


def test_clicks_at_scene_positions_play_the_same_game_as_the_engine() -> None:
    for name, seed in (("klondike", 7), ("chain", 54), ("quarrel", 28)):
        session = PageSession(name, seed=seed)
        reference = new_game(name, seed=seed)
        clock, moves = 0.0, list[str]()
        for _ in range(10):
            move = next((m for m in reference.legal_moves() if m.action == "move"),
                        reference.legal_moves()[0])
            scene = layout(name, session.game.table, session.width)
            if move.action == "move":
                points = [pile_point(scene, move.src, move.count), pile_point(scene, move.dst)]
            else:
                points = [pile_point(scene, "s")]
            for x, y in points:
                clock += 1.0
                for op in ("press", "release"):
                    moves = _moves(moves, session.handle({"op": op, "x": x, "y": y, "t": clock}))
            reference.play(move)
            assert game_state(session.game) == game_state(reference), (name, move)
        view = session.handle({"op": "undo"})
        reference.undo()
        assert _moves(moves, view) == [str(s.move) for s in reference.history]
        assert view["history"] == {"kept": 9, "added": []}, "an undo sends no move"
        assert session.handle({"op": "hint"})["message"].startswith("Hint: ")


def test_a_drag_moves_the_cards_in_frames_then_plays() -> None:
    session = PageSession("klondike", seed=7)
    reference = new_game("klondike", seed=7)
    move = next(m for m in reference.legal_moves() if m.action == "move")
    scene = layout("klondike", session.game.table, session.width)
    (x0, y0), (x1, y1) = pile_point(scene, move.src, move.count), pile_point(scene, move.dst)
    session.handle({"op": "press", "x": x0, "y": y0, "t": 1.0})
    frame = session.handle({"op": "move", "x": (x0 + x1) / 2, "y": (y0 + y1) / 2, "t": 1.1})
    assert frame["drag"]["keys"] and "svg" not in frame
    with pytest.raises(RequestError, match="the pointer's x should be a number from"):
        session.handle({"op": "move", "x": float("nan"), "y": 0, "t": 1.2})
    view = session.handle({"op": "release", "x": x1, "y": y1, "t": 1.3})
    assert view["history"] == {"kept": 0, "added": [str(move)]}


def test_the_worker_entry_answers_json_and_refuses_bad_requests() -> None:
    opened = json.loads(call(json.dumps({"op": "open", "table": "t", "game": "chain",
                                          "seed": 54})))
    assert opened["seed"] == 54 and 'id="t-sw-' in opened["defs"]
    assert all(f'id="{card[4]}"' in opened["defs"] for card in opened["cards"])
    assert list(opened["statics"]) == [str(part) for part in opened["static"]]
    assert json.loads(call(json.dumps({"op": "state", "table": "t"}))) == game_state(
        new_game("chain", seed=54))
    legal = json.loads(call(json.dumps({"op": "legal", "table": "t"})))
    assert legal == [str(m) for m in new_game("chain", seed=54).legal_moves()]
    assert json.loads(call(json.dumps({"op": "open", "table": "u", "game": "chain",
                                        "options": {"bogus": "1"}})))["error"]
    assert json.loads(call("{not json"))["error"]


def test_a_replay_computes_every_step_forward_and_back() -> None:
    game = new_game("klondike", seed=7, variant="standard")
    for _ in range(150):
        game.play(game.legal_moves()[0])
    replay = ReplaySession(game.to_json(), 360)
    expected = game_frames(game, 360)
    assert replay.count == len(expected) == 151
    sent: set[str] = set()
    statics: dict[int, str] = {}
    for index in (0, 1, 150, 149, 70, 3, 64, 65, 150):
        got = replay.frames(index, 2)
        statics.update(got["statics"])
        sent |= set(re.findall(r'<g id="sw-replay-([^"]+)"', got["defs"]))
        frame = got["frames"][0]
        assert frame["index"] == index and frame["caption"] == expected[index][1]
        assert len(got["frames"]) == (1 if index == 150 else 2)
        used = {card[4].removeprefix("sw-replay-") for card in frame["cards"]}
        assert used <= sent, "every card picture a frame places was sent with it or before"
        svg = expected[index][0]
        placed = [(key, f"translate({x} {y})", f"sw-replay-{ident}") for key, x, y, ident in
                  re.findall(r'<g class="card" data-key="([^"]+)" data-pile="[^"]*" '
                             r'transform="translate\(([-\d.]+) ([-\d.]+)\)"><use href="#([^"]+)"',
                             svg)]
        assert [(key, f"translate({x} {y})", ident) for key, _pile, x, y, ident
                in frame["cards"]] == placed, index
        drawn = "".join(statics[part] for part in frame["static"])
        assert drawn in svg, "the felt, slots and labels as drawn"
        assert f'height="{frame["height"]}"' in svg


def test_a_long_save_displays_only_the_frames_it_holds() -> None:
    game = new_game("klondike", seed=3, variant="standard")
    while len(game.history) < 3000:
        game.play("turn" if game.is_legal("turn") else "redeal")
    page = game_player(game)
    data = json.loads(_found(r"var data = (\{.*?\});\n", page))
    assert data["count"] == 3001 and len(data["frames"]) == HELD_STEPS + 1
    assert data["steps"][:2] == [0, 3001 - HELD_STEPS]
    save = _found(r'data-sw-save="([^"]+)"', page)
    assert load_game(unescape(save)).to_json() == game.to_json()


def test_the_player_counts_steps_as_its_captions_do_and_keeps_one_height() -> None:
    game = new_game("quarrel", seed=28)
    for _ in range(5):
        game.play(game.legal_moves()[0])
    page = game_player(game)
    assert "Step 0 of 5" in page
    heights = {float(_found(r'height="([\d.]+)"', svg))
               for svg, _ in game_frames(game, 720)}
    assert len(heights) > 1, "the frames differ in height; the stage does not"
    assert f"aspect-ratio: 720 / {max(heights):g}" in page
    assert "color: #1b1b1b; max-width" not in page and "color: inherit" in page


def test_a_single_picture_has_no_controls_and_says_how_to_play() -> None:
    page = game_player(new_game("chain", seed=5))
    assert "<button" not in page and "<script" not in page
    assert "Python kernel" in page


def test_no_element_id_repeats_on_a_page_of_players() -> None:
    game = new_game("chain", seed=3)
    for _ in range(3):
        game.play(game.legal_moves()[0])
    page = game_player(game) + game_player(game) + table_html("chain", seed=3) + table_html(
        "chain", seed=3)
    ids = re.findall(r'\sid="([^"]+)"', page)
    assert ids and len(ids) == len(set(ids))


def test_tables_and_demonstrations_are_pictures_with_a_play_here_button() -> None:
    from solitaire_widgets.examples import get_example

    html = PlayHere("chain", seed=54)._repr_html_()
    assert 'data-sw-game="chain"' in html and 'data-sw-seed="54"' in html
    assert "<svg" in html and "Play here" in html
    example = get_example("klondike-fourth-waste-card")
    demo = Demonstration(example)._repr_html_()
    save = re.search(r'class="sw-table"[^>]*data-sw-save="([^"]+)"', demo)
    assert save, "the table goes on from the demonstration's last step"
    assert load_game(unescape(save.group(1))).to_json() == example.play().to_json()


def test_export_html_writes_a_self_contained_folder(tmp_path: Path, capsys) -> None:
    fake_runtime = tmp_path / "cache" / f"pyodide-{PYODIDE_VERSION}"
    fake_runtime.mkdir(parents=True)
    from solitaire_widgets.web.runtime import RUNTIME_FILES

    for name in RUNTIME_FILES:
        (fake_runtime / name).write_text(name)
    page = export_html("klondike", tmp_path / "out", seed=7, cache=tmp_path / "cache")
    text = page.read_text()
    assert 'data-sw-game="klondike"' in text and "sw-web/tables.js" in text
    assert not re.search(r"""(src|href)\s*=\s*["']?\s*(https?:)?//""", text, re.I)
    web = tmp_path / "out" / "sw-web"
    assert (web / wheel_name()).is_file() and (web / "worker.js").is_file()
    assert sorted(p.name for p in (web / "pyodide").iterdir()) == sorted(RUNTIME_FILES)


def test_the_cli_exports_a_table(tmp_path: Path, capsys, monkeypatch) -> None:
    cache = tmp_path / "cache" / f"pyodide-{PYODIDE_VERSION}"
    cache.mkdir(parents=True)
    from solitaire_widgets.web.runtime import RUNTIME_FILES

    for name in RUNTIME_FILES:
        (cache / name).write_text(name)
    monkeypatch.setenv("SOLITAIRE_WIDGETS_CACHE", str(tmp_path / "cache"))
    assert main(["export-html", "chain", "--seed", "4", str(tmp_path / "out")]) == 0
    assert 'data-sw-seed="4"' in (tmp_path / "out" / "index.html").read_text()
    assert main(["export-html", "chain", "--option", "bogus=1", str(tmp_path / "x")]) == 2
    assert "bogus" in capsys.readouterr().err


def test_html_player_without_steps_is_unchanged_for_short_replays() -> None:
    frames = game_frames(new_game("chain", seed=5), 360) * 3
    page = html_player(frames, "Three")
    assert "Step 0 of 2" in page and "data-sw-save" not in page


def test_auto_finish_in_steps_plays_what_finish_plays() -> None:
    whole, stepped = PageSession("klondike", seed=7), PageSession("klondike", seed=7)
    whole.finish()
    played = 0
    while stepped.finish_step(played):
        played += 1
        assert len(stepped.game.history) == played, "one move a step"
    assert [s.move for s in stepped.game.history] == [s.move for s in whole.game.history]
    assert stepped.message == whole.message and stepped.message.startswith("The computer player")
    assert not stepped.handle({"op": "finishstep", "played": played})["played"]


def test_finish_reads_stop_while_auto_finish_runs_and_auto_finish_once_over() -> None:
    session = PageSession("klondike", seed=7)
    assert session.view()["finish"] == {"label": "Auto-finish", "enabled": True,
                                        "title": "Let the computer play on until the game ends"}
    played = 0
    while (view := session.handle({"op": "finishstep", "played": played}))["played"]:
        played += 1
        assert view["finish"]["label"] == "Stop" and view["finish"]["enabled"]
    assert view["gameOver"] and view["finish"]["label"] == "Auto-finish"
    assert not view["finish"]["enabled"], "nothing left to finish"


def test_any_input_stops_auto_finish_in_steps_and_says_so() -> None:
    stopped, undone = PageSession("klondike", seed=7), PageSession("klondike", seed=7)
    for session in (stopped, undone):
        for played in range(3):
            session.handle({"op": "finishstep", "played": played})
    view = stopped.handle({"op": "finishstop"})
    assert view["finish"]["label"] == "Auto-finish" and not view["played"]
    assert view["message"] == "Auto-finish stopped after 3 moves."
    assert stopped.handle({"op": "move", "x": 1, "y": 1}) == {"noop": True}
    view = undone.handle({"op": "undo"})
    # One undo takes back the whole run.
    assert view["finish"]["label"] == "Auto-finish"
    assert view["message"] == "Auto-finish taken back: 3 moves."
    assert len(undone.game.history) == 0


def test_the_pages_view_draws_the_keyboard_cursor_the_picked_up_cards_and_the_hint() -> None:
    # The page draws ``over`` above the cards: the highlight layer, as SVG
    # text. It is empty while nothing is chosen and holds a drawing as soon as
    # the keyboard cursor, a picked-up card or a hint is on the table.
    for name, seed in (("klondike", 7), ("chain", 54), ("quarrel", 28)):
        session = PageSession(name, seed=seed)
        assert session.view()["over"] == "", name
        cursor = session.handle({"op": "key", "key": "ArrowRight"})
        assert isinstance(cursor["over"], str) and "<" in cursor["over"], name
        moved = session.handle({"op": "key", "key": "ArrowRight"})["over"]
        assert moved != cursor["over"], f"{name}: the cursor moved"
        session.handle({"op": "key", "key": "Escape"})
        hint = session.handle({"op": "hint"})
        assert hint["message"].startswith("Hint: ") and "<" in hint["over"], name
        assert hint["gameOver"] is False, name
    clicked = PageSession("chain", seed=54)
    scene = layout("chain", clicked.game.table, clicked.width)
    move = next(m for m in clicked.game.legal_moves() if m.action == "move")
    x, y = pile_point(scene, move.src, move.count)
    clicked.handle({"op": "press", "x": x, "y": y, "t": 1.0})
    view = clicked.handle({"op": "release", "x": x, "y": y, "t": 1.0})
    assert view["selected"] and "<" in view["over"], "the picked-up card is drawn"


def test_a_replay_says_what_the_deal_shows_and_how_the_game_ended() -> None:
    from solitaire_widgets.examples import get_example
    from solitaire_widgets.html_replays import replay_frames
    from solitaire_widgets.render.player import _counters

    example = get_example("klondike-fourth-waste-card")
    game = example.play()
    captions = [caption for _svg, caption in replay_frames(example, 360)]
    assert captions[0] == "The deal. First pass: 24 cards in the hand.", "the position shown"
    assert captions[-1].endswith("The game is lost: " + game.result.reason + ".")
    replay = ReplaySession(game.to_json(), 360)
    frames = replay.frames(0, replay.count)["frames"]
    assert frames[0]["caption"] == captions[0]
    assert frames[-1]["caption"].endswith("The game is lost: " + game.result.reason + ".")
    assert "The game is" not in frames[-2]["caption"]
    # A deal shown card by card: every step forward changes the counter.
    chain = replay_frames(get_example("chain-first-layout"), 360)
    counters = _counters([c for _s, c in chain], list(range(len(chain))), len(chain))
    assert all(a != b for a, b in zip(counters, counters[1:], strict=False)), counters
    # Going on from a lost demonstration says so.
    html = Demonstration(example)._repr_html_()
    assert "the game is already lost" in html and "a finished game (Lost: " in html


def test_a_moves_answer_eases_nothing_in_python_yet_the_widgets_frames_are_the_same(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The page eases the cards itself: a move's answer reads how many frames each
    segment has, never the frames, which stay what the canvas widgets draw."""
    import sys

    from solitaire_widgets.render.tween import Frames, step_plan, tween

    tween_module = sys.modules["solitaire_widgets.render.tween"]

    def refused(*_args: object) -> None:
        raise AssertionError("a page's answer computed the in-between frames")

    session = PageSession("klondike", seed=7)
    monkeypatch.setattr(tween_module, "tween", refused)
    view = session.handle({"op": "play", "move": "turn"})
    assert view["plan"] and all(segment["frames"] for segment in view["plan"])
    monkeypatch.undo()

    game = new_game("klondike", seed=7)
    before = game.table.copy()
    plan = step_plan(game, before, game.play("turn").events, 720)
    for segment in plan.segments:
        assert isinstance(segment.frames, Frames)
        eager = tween(segment.before, segment.after, len(segment.frames) + 1)[1:]
        assert list(segment.frames) == eager and segment.frames == tuple(eager)
        assert segment.frames[-1] == segment.after
