"""A fourth game from one folder, ``tests/little_golf/``, played through every front end.

"Little Golf" is a game of our own, in the family of Golf: five columns of
five cards, face up; the rest is the stock, whose first card starts the
foundation. A column's last card goes onto the foundation if its rank is one
above or one below the foundation's top card (no turning the corner between
ace and king); ``turn`` puts the next stock card on the foundation instead.
The game is won when every column is cleared and lost when no move is left.

Everything the game is -- its rules, its words, its layout (through the public
:class:`~solitaire_widgets.layouts.PilePlacement`), a player, an example, its
source text (in German, a language the package has no catalog for) -- is in
that folder, and one chapter, ``tests/little_golf.md``, explains it;
:func:`solitaire_widgets.games.register` takes the folder as it is, as a user
outside the package would, and no other file names the game. The tests then
play it through the command line, ``GameWidget``, ``ReplayWidget``, the
kernel-free player, the pointer and the keyboard, the page's table session and
its worker entry, and save files, run the conformance suite every game
passes, and build a book of its chapter. The same game with no layout of its
own is drawn by the generic layout, which sets the piles out by their kinds.
``tests/test_one_place.py`` checks that no list in the package, the book's
extensions, the page's scripts or the tools names the games.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import textwrap
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from solitaire_widgets import GAMES, Game, IllegalMoveError, load_game, new_game
from solitaire_widgets.examples import example_names, get_example
from solitaire_widgets.games import register, rules_class, unregister
from solitaire_widgets.html_replays import game_frames
from solitaire_widgets.lessons import lesson_names
from solitaire_widgets.pointer import Play, PointerState, key, pile_point, press
from solitaire_widgets.registry import game_parts
from solitaire_widgets.render import describe_table, html_player, scene_svg
from solitaire_widgets.render.scene import layout
from solitaire_widgets.solver_hook import solver_of
from solitaire_widgets.source_texts import (
    PHRASES,
    SENTENCES,
    TEXT_LANGUAGES,
    quote,
    source_language,
    translate,
)
from solitaire_widgets.stats import run_stats
from solitaire_widgets.strategies import RandomStrategy, get_strategy, play_out, strategy_names
from solitaire_widgets.table import Pile
from solitaire_widgets.widgets import GameWidget, ReplayWidget

from . import little_golf
from . import test_conformance as conformance
from .little_golf import COLUMNS, NAME, TURN, LittleGolfRules
from .little_golf.strategies import ColumnsFirst
from .test_render import check_scene
from .test_widgets import Comm, centre, click, comm  # noqa: F401 (comm: the fixture)


@pytest.fixture(autouse=True)
def registered() -> Iterator[None]:
    register(little_golf)
    yield
    unregister(NAME)


def test_registered_it_is_in_every_list_and_unregistered_in_none() -> None:
    assert NAME in GAMES and rules_class(NAME) is LittleGolfRules
    assert list(GAMES) == sorted(GAMES)
    game = new_game(NAME, seed=3)
    assert game.name == NAME and game.rules.title == "Little Golf"
    assert strategy_names(NAME) == ["columns-first", "random"]
    assert example_names(NAME) == ["little-golf-opening"]
    unregister(NAME)
    assert NAME not in GAMES and "little-golf-opening" not in example_names()


def test_its_source_text_joins_with_the_folder_and_leaves_with_the_game() -> None:
    rule = "Vom König geht es nicht weiter zum Ass."
    assert source_language(NAME) == "de" and NAME in SENTENCES
    assert translate(NAME, rule, "en") == "There is no going on from the king to the ace."
    # No catalog speaks German, nor translates this text: each reader gets the English.
    assert translate(NAME, rule, "ru") == translate(NAME, rule, "pl") == translate(NAME, rule, "en")
    assert quote(NAME, rule, language="pl") == f"«{rule}» (There is no going on from the king to the ace.)"
    assert translate(NAME, "um eins höher oder um eins niedriger", "en") == "one higher or one lower"
    unregister(NAME)
    assert NAME not in SENTENCES and NAME not in TEXT_LANGUAGES and NAME not in PHRASES


def test_a_folder_without_rules_is_refused() -> None:
    with pytest.raises(TypeError, match="exports its Rules subclass as RULES"):
        register(conformance)


def test_its_folder_hands_its_parts_to_the_registry() -> None:
    parts = game_parts(NAME)
    assert dict(parts.strategies) == {"columns-first": ColumnsFirst}
    assert list(parts.examples) == little_golf.examples.EXAMPLES
    assert parts.lessons == () and parts.solver is None
    assert solver_of(LittleGolfRules) is None and lesson_names(NAME) == []
    assert not hasattr(LittleGolfRules, "strategies") and not hasattr(LittleGolfRules, "examples")


def _folder(name: str, **parts: object) -> ModuleType:
    """A game's folder as the registry reads it: rules called ``name``, and ``parts``."""
    folder = ModuleType(f"tests.{name}")
    folder.RULES = type("Rules", (LittleGolfRules,), {"name": name})  # type: ignore[attr-defined]
    for part, module in parts.items():
        setattr(folder, part, module)
    return folder


@pytest.mark.parametrize(("part", "table"), [("strategies", "STRATEGIES"),
                                             ("examples", "EXAMPLES"),
                                             ("lessons", "LESSONS"), ("source", "TEXT")])
def test_a_part_without_its_table_is_refused(part: str, table: str) -> None:
    folder = _folder("tableless", **{part: ModuleType(f"tests.tableless.{part}")})
    with pytest.raises(TypeError, match=rf"tests\.tableless\.{part} should hold its {table}"):
        register(folder)
    assert "tableless" not in GAMES


def test_a_strategies_table_maps_names_to_players() -> None:
    odd = ModuleType("tests.odd_players.strategies")
    odd.STRATEGIES = ["columns-first"]  # type: ignore[attr-defined]
    with pytest.raises(TypeError, match=r"tests\.odd_players\.strategies\.STRATEGIES should map"):
        register(_folder("odd_players", strategies=odd))
    assert "odd_players" not in GAMES


def test_a_game_registered_by_its_rules_alone_has_no_parts() -> None:
    bare = type("BareRules", (LittleGolfRules,), {"name": "bare", "title": "Bare"})
    register(bare)
    try:
        assert strategy_names("bare") == ["random"]
        assert isinstance(get_strategy("bare"), RandomStrategy)
        assert example_names("bare") == [] and lesson_names("bare") == []
        assert solver_of(bare) is None
        # Registering the folder's rules again keeps the folder's parts.
        register(LittleGolfRules)
        assert strategy_names(NAME) == ["columns-first", "random"]
    finally:
        unregister("bare")


def test_games_is_a_sequence_that_answers_any_question() -> None:
    unhashable: object = [1, 2]
    assert unhashable not in GAMES and NAME in GAMES
    assert GAMES[0] == "chain" and len(GAMES) == len(list(GAMES))


def test_a_declaration_that_breaks_a_rule_is_refused_at_register() -> None:
    from solitaire_widgets.errors import OptionError

    class NoStock(LittleGolfRules):
        name = "no_stock"

        def piles(self) -> list[Pile]:
            return [Pile("deck", "stock"), Pile("f", "foundation")]

    with pytest.raises(OptionError, match="a pile called 's'"):
        register(NoStock)
    assert "no_stock" not in GAMES


def test_a_bound_is_a_function_not_a_path() -> None:
    from solitaire_widgets.errors import OptionError
    from solitaire_widgets.games.chain.bounds import chain_bound

    assert rules_class("chain").bound is chain_bound and LittleGolfRules.bound is None

    class NamedBound(LittleGolfRules):
        name = "named_bound"
        bound = "tests.somewhere:a_bound"  # type: ignore[assignment]

    with pytest.raises(OptionError, match="bound is a function or None"):
        register(NamedBound)
    assert "named_bound" not in GAMES


def test_rules_play_to_a_win_and_to_a_loss() -> None:
    outcomes = set()
    for seed in range(40):
        game = new_game(NAME, seed=seed)
        outcome = play_out(game, get_strategy(NAME))
        assert game.is_over and outcome.won == game.is_won
        outcomes.add((game.result.won, game.result.reason))
    assert (False, "no move is left") in outcomes
    assert (True, "every column is cleared") in outcomes


@pytest.mark.parametrize("test", [
    conformance.test_random_play_keeps_every_invariant,
    conformance.test_strategies_play_to_the_end,
    conformance.test_illegal_moves_raise_and_change_nothing,
    conformance.test_undo_all_then_redo_all_round_trips,
    conformance.test_clone_is_independent,
    conformance.test_fuzzed_save_files_never_crash_the_loader,
    conformance.test_save_with_a_card_twice_is_refused,
    conformance.test_save_with_an_illegal_move_is_refused,
    conformance.test_save_of_a_finished_game_refuses_a_move_after_the_end,
    conformance.test_a_shuffle_recorded_for_an_opening_without_one_is_refused,
    conformance.test_same_seed_same_game,
    conformance.test_undo_and_redo_with_nothing_to_do_raise,
], ids=lambda test: test.__name__)
def test_the_conformance_suite(test: Any) -> None:
    """The suite's in-process tests (those that start a fresh Python process cannot
    see a game registered in this one)."""
    test(NAME)


def test_save_and_load() -> None:
    game = new_game(NAME, seed=9)
    play_out(game, get_strategy(NAME), max_moves=12)
    again = load_game(game.to_json())
    assert again.table == game.table and again.history == game.history
    assert again.status == game.status


def test_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    from solitaire_widgets.cli import main

    assert main(["show", NAME, "--seed", "3"]) == 0
    assert capsys.readouterr().out.startswith("Little Golf, deal 3")
    assert main(["play", NAME, "--seed", "3", "--json"]) == 0
    played = json.loads(capsys.readouterr().out)
    assert played["game"] == NAME and played["strategy"] == "columns-first"
    replayed = new_game(NAME, seed=3)
    for move in played["moves"]:
        replayed.play(move)
    assert replayed.is_over and replayed.is_won == played["won"]
    assert main(["stats", NAME, "--deals", "6", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["deals"] == 6
    assert main(["example", "little-golf-opening", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["moves"] == [m for m, _ in get_example("little-golf-opening").steps]


def test_the_layout_declared_here_draws_every_card_once() -> None:
    game = new_game(NAME, seed=5)
    scene = layout(game, game.table, 520)
    assert sorted(s.key for s in scene.sprites) == sorted(str(c) for c in game.deck)
    assert [slot.pile for slot in scene.slots] == ["s", "f", *COLUMNS]
    assert game._repr_svg_().count('class="card"') == 52


class PlainLittleGolfRules(LittleGolfRules):
    """Little Golf with no layout of its own."""

    layout = None


def test_with_no_layout_of_its_own_the_generic_layout_draws_it() -> None:
    game = Game(PlainLittleGolfRules(), seed=5)
    play_out(game, ColumnsFirst(), max_moves=8)
    scene = layout(game, game.table, 700)
    check_scene(game.table, scene)
    assert {slot.pile for slot in scene.slots} >= set(game.table.piles)
    svg = scene_svg(scene, title=game.rules.title, description=describe_table(game, game.table))
    assert svg.count('class="card"') == 52
    assert game._repr_svg_().startswith("<svg")


def test_the_kernel_free_player() -> None:
    game = new_game(NAME, seed=5)
    play_out(game, get_strategy(NAME), max_moves=10)
    frames = game_frames(game, 360)
    assert len(frames) == len(game.history) + 1
    assert "sw-player" in html_player(frames, game.rules.title)


def test_pointer_and_keyboard() -> None:
    game = new_game(NAME, seed=5)
    scene = layout(game, game.table, 700)
    _, intent = press(PointerState(), scene, game, *pile_point(scene, "s"), now=0.0)
    assert intent == Play(TURN)                     # the stock's one action
    state, _ = key(PointerState(), scene, game, "ArrowRight")
    assert state.focus is not None and state.focus[0] in game.table.piles


def test_the_game_widget(comm: Comm) -> None:  # noqa: F811 (the fixture)
    seed = next(seed for seed in range(100)            # a deal with a column's card to play
                if any(move.action == "move" for move in new_game(NAME, seed=seed).legal_moves()))
    widget = GameWidget(NAME, seed=seed, animate=False)
    assert len(comm) == 1 and comm.count("drawImage") + comm.count("fillRect") > 0, \
        "the deal is drawn on the canvas in one message"
    assert "t3>f" in widget.move_input.placeholder
    assert widget.action_buttons["turn"].description == "Turn a stock card"
    game = widget.game
    move = next(move for move in game.legal_moves() if move.action == "move")
    scene = layout(NAME, game.table, widget.width)
    comm.clear()
    click(widget, centre(scene, move.src))          # the mouse: a card, then where it goes
    click(widget, centre(scene, move.dst))
    assert game.history[-1].move == move and comm.messages, "played and drawn"
    stock = len(game.pile("s").cards)
    widget.click_pile("s")                          # the stock turns a card
    assert game.history[-1].move == TURN and len(game.pile("s").cards) == stock - 1
    widget.action_buttons["turn"].click()           # and so does its button
    assert game.history[-1].move == TURN and len(game.pile("s").cards) == stock - 2
    assert widget.press_key("ArrowRight")
    widget.hint()
    assert "Hint: " in widget.message.value
    widget.auto_finish()
    assert widget.game.is_over
    saved = load_game(widget.state)
    assert saved.name == NAME and saved.table == widget.game.table
    bundle = widget._repr_mimebundle_()
    assert bundle is not None and "text/html" in bundle


def test_the_replay_widget(comm: Comm) -> None:  # noqa: F811 (the fixture)
    replay = ReplayWidget(get_example("little-golf-opening"), animate=False)
    assert replay.steps == 3 and len(comm) >= 1
    comm.clear()
    replay.forward()
    assert replay.position == 1 and len(comm) == 1, "a step is one message"
    replay.go(3)
    assert replay.position == 3
    game = new_game(NAME, seed=2)
    play_out(game, get_strategy(NAME), max_moves=5)
    assert ReplayWidget(game.to_json(), animate=False).steps == len(game.history)


def test_the_pages_table_and_its_worker() -> None:
    from solitaire_widgets.save_writer import position_data
    from solitaire_widgets.web import table_html
    from solitaire_widgets.web.session import PageSession, ReplaySession
    from solitaire_widgets.web.worker_api import call

    assert f'data-sw-game="{NAME}"' in table_html(NAME, seed=5)
    session = PageSession(NAME, seed=5)
    reference = new_game(NAME, seed=5)
    view = session.view()
    assert view["title"] == "Little Golf" and view["tools"] == []
    assert [action["word"] for action in view["actions"]] == ["turn"]
    clock = 0.0
    for _ in range(4):                              # clicks at the scene's places
        move = reference.legal_moves()[0]
        scene = layout(NAME, session.game.table, session.width)
        piles = [move.src, move.dst] if move.action == "move" else ["s"]
        for pile in piles:                          # its top card, or its place
            top = scene.pile_sprites(pile)[-1:]
            box = (top[0].x, top[0].y, top[0].w, top[0].h) if top else scene.pile_bounds(pile)
            assert box is not None
            x, y, w, h = box
            clock += 1.0
            for op in ("press", "release"):
                session.handle({"op": op, "x": x + w / 2, "y": y + h / 2, "t": clock})
        reference.play(move)
        assert position_data(session.game) == position_data(reference)
    with pytest.raises(IllegalMoveError) as refused:
        reference.play("t1>s")
    assert session.handle({"op": "play", "move": "t1>s"})["message"].rstrip(".").lower() == \
        str(refused.value).rstrip(".").lower()
    assert session.handle({"op": "hint"})["message"].startswith("Hint")
    opened = json.loads(call(json.dumps({"op": "open", "table": "golf", "game": NAME,
                                         "seed": 5})))
    assert opened["title"] == "Little Golf"
    assert json.loads(call(json.dumps({"op": "state", "table": "golf"}))) == \
        position_data(new_game(NAME, seed=5))
    replay = ReplaySession(reference.to_json(), 360)
    assert replay.count == len(reference.history) + 1
    assert replay.frames(0, 2)["frames"][0]["index"] == 0


HERE = Path(__file__).resolve().parent


def test_outside_its_folder_and_its_chapter_no_file_names_it() -> None:
    """The files the fourth game needed: its folder, its chapter, and this test that
    plays it. No list, registry or table of the package, the book, the page or the
    tools had to change (``tests/test_games_named_once.py`` keeps them free of names)."""
    repo = HERE.parent
    files = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"],
                           cwd=repo, capture_output=True, text=True, check=True).stdout.split()
    names = re.compile("|".join(map(re.escape, (NAME, NAME.replace("_", "-"),
                                                LittleGolfRules.title))))
    naming = {file for file in files if (repo / file).is_file() and names.search(
        (repo / file).read_text(encoding="utf-8", errors="replace"))}
    folder = (HERE / "little_golf").relative_to(repo).as_posix() + "/"
    outside = naming - {file for file in naming if file.startswith(folder)}
    # CONTRIBUTING.md points at the folder as the example to follow; the game needs it not.
    assert outside == {"tests/little_golf.md", "tests/test_extra_game.py", "CONTRIBUTING.md"}


@pytest.mark.book
def test_a_book_of_its_chapter(tmp_path: Path) -> None:
    """The chapter beside the folder, built by Jupyter Book with the book's own extensions
    (its source texts, its languages), warnings as errors, its cells run in a kernel."""
    from jupyter_book.sphinx import build_sphinx  # type: ignore[import-untyped]

    book = tmp_path / "book"
    shutil.copytree(HERE.parent / "book" / "_ext", book / "_ext",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(HERE / "little_golf", book / "little_golf",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(HERE / "little_golf.md", book / "little_golf.md")
    (book / "_toc.yml").write_text("format: jb-book\nroot: little_golf\n", encoding="utf-8")
    (book / "_config.yml").write_text(textwrap.dedent("""\
        title: Little Golf
        execute:
          execute_notebooks: force
          allow_errors: false
        sphinx:
          local_extensions:
            source_texts: _ext
            lang_tags: _ext
          extra_extensions: [sphinx_design]
        """), encoding="utf-8")
    html = book / "_build" / "html"
    result = build_sphinx(book, html, noconfig=True, path_config=str(book / "_config.yml"),
                          confoverrides={"external_toc_path": (book / "_toc.yml").as_posix(),
                                         "latex_individualpages": False, "nitpicky": True},
                          builder="html", warningiserror=True, keep_going=True)
    assert result == 0
    page = (html / "little_golf.html").read_text(encoding="utf-8")
    assert '<div lang="de">' in page
    assert ('<span class="source-sentence" id="little_golf-s2-2">'
            "Vom König geht es nicht weiter zum Ass.</span>") in page
    assert "There is no going on from the king to the ace." in page
    assert "one higher or one lower" in page
    assert "sw-player" in page and "Try it yourself from here" in page
    report = run_stats(NAME, deals=200, seed=1)
    assert f"{report.strategy} wins {report.wins} of 200 deals" in page
