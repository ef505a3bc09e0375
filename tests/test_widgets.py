"""The widgets without a browser: the canvas comm is captured and the mouse simulated.

ipycanvas sends every drawing command through one hidden "canvas manager"
widget; ``hold_canvas()`` gathers them into ONE ``send`` whose first binary
buffer is the JSON command list. The fixture ``comm`` replaces that ``send``
and records each message, so a test can count messages, weigh them and read
the commands. Mouse events are the callbacks ipycanvas calls with canvas
coordinates, which the tests take from a scene laid out for the same deal.
"""

from __future__ import annotations

import base64
import html
import json
import math
import re
import time
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytest.importorskip("ipycanvas")
ipywidgets = pytest.importorskip("ipywidgets")
import traitlets  # noqa: E402
from ipycanvas.canvas import _CANVAS_MANAGER, COMMANDS  # noqa: E402

from solitaire_widgets import Move, load_game, new_game, pointer  # noqa: E402
from solitaire_widgets.errors import IllegalMoveError, SaveFileError  # noqa: E402
from solitaire_widgets.examples import get_example  # noqa: E402
from solitaire_widgets.render import layout  # noqa: E402
from solitaire_widgets.render.scene import READABLE_LABEL, Scene, readable_width  # noqa: E402
from solitaire_widgets.save_reader import SAVE_FORMAT  # noqa: E402
from solitaire_widgets.strategies import get_strategy  # noqa: E402
from solitaire_widgets.widgets import GameWidget, ReplayWidget  # noqa: E402
from solitaire_widgets.widgets.canvas_backend import ShapePainter, draw_scene  # noqa: E402

NAMES = {number: name for name, number in COMMANDS.items()}
#: The budget of one animated move (issue 4).
MAX_STEP_BYTES = 32 * 1024
WIDTH = 760


@dataclass
class Comm:
    """The messages the canvas manager sent: (content, buffers)."""

    messages: list[tuple[Any, list[bytes]]] = field(default_factory=list)

    def clear(self) -> None:
        self.messages.clear()

    def __len__(self) -> int:
        return len(self.messages)

    def sizes(self) -> list[int]:
        return [sum(len(b) for b in buffers) for _content, buffers in self.messages]

    def commands(self, index: int = -1) -> list[tuple[str, list[Any]]]:
        _content, buffers = self.messages[index]
        raw = json.loads(buffers[0])
        if raw and not isinstance(raw[0], list):
            raw = [raw]
        return [(NAMES[c[0]], c[1] if len(c) > 1 else []) for c in raw]

    def count(self, name: str, index: int = -1) -> int:
        return sum(1 for command, _args in self.commands(index) if command == name)


@pytest.fixture
def comm(monkeypatch: pytest.MonkeyPatch) -> Iterator[Comm]:
    record = Comm()

    def send(content: Any = None, buffers: Any = None) -> None:
        record.messages.append((content, [bytes(b) for b in buffers or []]))

    monkeypatch.setattr(_CANVAS_MANAGER, "send", send)
    yield record


def centre(scene: Scene, pile: str) -> tuple[float, float]:
    """A point on the top card of ``pile`` (or on its empty place)."""
    sprites = scene.pile_sprites(pile)
    if sprites:
        top = sprites[-1]
        return top.x + top.w / 2, top.y + top.h * 0.6
    bounds = scene.pile_bounds(pile)
    assert bounds is not None, pile
    x, y, w, h = bounds
    return x + w / 2, y + h / 2


def click(widget: GameWidget, point: tuple[float, float]) -> None:
    widget._on_mouse_down(*point)
    widget._on_mouse_up(*point)


def snapshot(widget: GameWidget) -> tuple[Any, ...]:
    game = widget.game
    return (game.table.copy(), len(game.history), game.can_redo)


def first_move(game: Any, kind: str = "tableau") -> Move:
    piles = game.table.piles
    for move in game.legal_moves():
        if move.action == "move" and piles[move.src].kind == kind:
            return move
    raise AssertionError(f"no {kind} move in {game.legal_moves()}")


def chain_with_play() -> int:
    """A Chain deal whose opening offers a card to a series."""
    for seed in range(200):
        if any(m.action == "move" for m in new_game("chain", seed=seed).legal_moves()):
            return seed
    raise AssertionError("no Chain deal with a play at once")


# -- messages -------------------------------------------------------------------------


def test_the_deal_is_one_message(comm: Comm) -> None:
    widget = GameWidget("klondike", seed=3)
    assert len(comm) == 1
    # Every dealt card is animated: at least one pause a card.
    assert comm.count("sleep") >= len([e for e in widget.game.opening if e.kind == "move"])


def test_one_message_per_step_and_small(comm: Comm) -> None:
    widget = GameWidget("klondike", seed=3)
    strategy = get_strategy("klondike")
    moves = 0
    while moves < 40 and not widget.game.is_over:
        move = strategy.choose(widget.game)
        if move is None:
            break
        comm.clear()
        assert widget.play(move)
        assert len(comm) == 1, f"{move}: {len(comm)} messages"
        assert comm.sizes()[0] <= MAX_STEP_BYTES, f"{move}: {comm.sizes()[0]} bytes"
        assert comm.count("sleep") >= 2, "a step is animated frame by frame"
        moves += 1
    assert moves >= 10


def test_a_step_creates_no_widget(comm: Comm, monkeypatch: pytest.MonkeyPatch) -> None:
    from ipywidgets import Widget  # type: ignore[import-untyped]

    widget = GameWidget("klondike", seed=5)
    created: list[Any] = []
    monkeypatch.setattr(Widget, "open", lambda self: created.append(self))
    strategy = get_strategy("klondike")
    for _ in range(15):
        move = strategy.choose(widget.game)
        if move is None:
            break
        widget.play(move)
    assert created == []


def test_without_animation_a_step_is_one_frame(comm: Comm) -> None:
    widget = GameWidget("chain", seed=3, animate=False)
    comm.clear()
    widget.play("fill")
    assert len(comm) == 1 and comm.count("sleep") == 0


# -- the mouse --------------------------------------------------------------------------


def test_click_a_card_then_its_destination_plays_the_move(comm: Comm) -> None:
    widget = GameWidget("klondike", seed=3, animate=False)
    game = widget.game
    move = first_move(game)
    scene = layout("klondike", game.table, WIDTH)
    expected = game.clone()
    expected.play(move)
    click(widget, centre(scene, move.src))
    assert widget.pointer.selected == (move.src, move.count)
    assert len(game.history) == 0
    click(widget, centre(scene, move.dst))
    assert [step.move for step in game.history] == [move]
    assert game.table == expected.table
    assert widget.message.value and "alert" not in widget.message.value


def test_an_illegal_click_pair_shows_the_reason_and_changes_nothing(comm: Comm) -> None:
    widget = GameWidget("klondike", seed=3, animate=False)
    game = widget.game
    legal = set(game.legal_moves())
    src, dst = next((f"t{a}", f"t{b}") for a in range(1, 8) for b in range(1, 8)
                    if a != b and Move("move", f"t{a}", f"t{b}", 1) not in legal)
    before = snapshot(widget)
    with pytest.raises(IllegalMoveError) as error:
        game.clone().play(Move("move", src, dst, 1))
    scene = layout("klondike", game.table, WIDTH)
    click(widget, centre(scene, src))
    click(widget, centre(scene, dst))
    assert snapshot(widget) == before
    assert 'role="alert"' in widget.message.value
    import html

    assert html.escape(str(error.value)[1:]) in widget.message.value
    assert widget.pointer.selected is None


def test_undo_restores_and_redo_replays(comm: Comm) -> None:
    widget = GameWidget("klondike", seed=3, animate=False)
    before = widget.game.table.copy()
    assert widget.undo_button.disabled and widget.redo_button.disabled
    widget.play(first_move(widget.game))
    after = widget.game.table.copy()
    assert not widget.undo_button.disabled
    widget.undo_button.click()
    assert widget.game.table == before and len(widget.game.history) == 0
    assert widget.undo_button.disabled and not widget.redo_button.disabled
    widget.redo_button.click()
    assert widget.game.table == after


def test_drag_and_drop_plays_the_move(comm: Comm) -> None:
    widget = GameWidget("klondike", seed=3, animate=False)
    game = widget.game
    move = first_move(game)
    scene = layout("klondike", game.table, WIDTH)
    (x0, y0), (x1, y1) = centre(scene, move.src), centre(scene, move.dst)
    widget._on_mouse_down(x0, y0)
    comm.clear()
    for i in range(1, 6):
        widget._on_mouse_move(x0 + (x1 - x0) * i / 5, y0 + (y1 - y0) * i / 5)
    assert len(comm) >= 1, "the lifted cards follow the pointer"
    widget._on_mouse_up(x1, y1)
    assert [step.move for step in game.history] == [move]


def test_a_drag_dropped_back_changes_nothing(comm: Comm) -> None:
    widget = GameWidget("klondike", seed=3, animate=False)
    before = snapshot(widget)
    move = first_move(widget.game)
    x, y = centre(layout("klondike", widget.game.table, WIDTH), move.src)
    widget._on_mouse_down(x, y)
    widget._on_mouse_move(x + 40, y + 40)
    widget._on_mouse_up(x + 1, y + 1)
    assert snapshot(widget) == before


def test_double_click_sends_a_card_to_its_foundation(comm: Comm) -> None:
    seed = chain_with_play()
    widget = GameWidget("chain", seed=seed, animate=False)
    move = next(m for m in widget.game.legal_moves() if m.action == "move")
    point = centre(layout("chain", widget.game.table, WIDTH), move.src)
    click(widget, point)
    click(widget, point)
    assert [step.move for step in widget.game.history] == [move]


def test_clicking_the_stock_plays_the_stock_word(comm: Comm) -> None:
    widget = GameWidget("klondike", seed=3, animate=False)
    click(widget, centre(layout("klondike", widget.game.table, WIDTH), "s"))
    assert [str(step.move) for step in widget.game.history] == ["turn"]


# -- buttons, keyboard, words --------------------------------------------------------------


def test_action_buttons_follow_legality(comm: Comm) -> None:
    widget = GameWidget("chain", seed=3, animate=False)
    strategy = get_strategy("chain")
    for _ in range(60):
        legal = widget.game.legal_moves()
        assert set(widget.action_buttons) >= {"fill", "aux", "redeal"}
        for word, button in widget.action_buttons.items():
            assert button.disabled == (Move(word) not in legal), word
        if widget.game.is_over:
            break
        widget.play(strategy.choose(widget.game))  # type: ignore[arg-type]
    labels = {b.description for b in widget.action_buttons.values()}
    assert "Lay the auxiliary row" in labels


def test_klondike_buttons_and_labels(comm: Comm) -> None:
    widget = GameWidget("klondike", seed=3, animate=False)
    assert not widget.action_buttons["turn"].disabled
    assert widget.action_buttons["redeal"].disabled
    assert widget.action_buttons["turn"].description == "Turn from the hand"
    widget.action_buttons["turn"].click()
    assert str(widget.game.history[-1].move) == "turn"


def test_typed_moves_play_and_errors_show(comm: Comm) -> None:
    widget = GameWidget("klondike", seed=3, animate=False)
    assert widget.move_input.placeholder == widget.table.placeholder() == "t3>fh, turn, redeal, undo, redo, hint"
    move = first_move(widget.game)
    widget.move_input.value = str(move)
    assert [step.move for step in widget.game.history] == [move]
    assert widget.move_input.value == ""
    before = snapshot(widget)
    widget.move_input.value = "t9>>zz"
    assert snapshot(widget) == before
    assert "is not a move" in widget.message.value
    widget.move_input.value = "undo"
    assert len(widget.game.history) == 0


def test_status_and_table_in_words(comm: Comm) -> None:
    widget = GameWidget("quarrel", seed=2, animate=False)
    assert widget.status.value
    assert 'aria-live="polite"' in widget.description.value
    assert "<script" not in widget.description.value


def test_the_end_says_won_or_lost_and_why(comm: Comm) -> None:
    widget = GameWidget("chain", seed=3)
    comm.clear()
    widget.auto_finish()
    game = widget.game
    assert game.is_over
    assert len(comm) == len(game.history)  # one message per step, none more
    verdict = "You won!" if game.is_won else "lost"
    assert verdict in widget.status.value
    assert game.result.reason.split(":")[0][:20].lower() in widget.status.value.lower()
    assert widget.hint_button.disabled and widget.finish_button.disabled


@pytest.mark.parametrize("seed", [28, 43, 45, 47, 59, 62, 73, 80])
def test_auto_finish_ends_the_deals_it_once_played_for_ever(comm: Comm, seed: int) -> None:
    widget = GameWidget("klondike", seed=seed, animate=False)
    widget.auto_finish()
    played = len(widget.game.history)
    assert played < 400
    assert widget.game.result.over or (
        f"stopped after {played} moves: " in widget.message.value), widget.message.value
    assert not widget.finish_button.disabled or widget.game.result.over


def test_hint_highlights_the_strategy_move(comm: Comm) -> None:
    widget = GameWidget("klondike", seed=3, animate=False)
    expected = get_strategy("klondike").choose(widget.game.clone())
    comm.clear()
    move = widget.hint_button.click() or widget.table.hint
    assert move
    assert "Hint:" in widget.message.value
    assert expected is not None and (expected.src == "" or f"{expected.src}:1" in widget.table.hint
                                     or any(h.startswith(expected.src) for h in widget.table.hint))
    assert len(comm) == 1 and comm.count("strokeRect") + comm.count("stroke") >= 1
    assert len(widget.game.history) == 0


def test_new_deal_from_the_number_box(comm: Comm) -> None:
    widget = GameWidget("klondike", seed=3, animate=False)
    widget.deal_number.value = 11
    assert widget.game.seed == 11
    assert widget.game.table == new_game("klondike", seed=11).table
    widget.new_button.click()
    assert widget.deal_number.value == widget.game.seed


def test_a_game_object_goes_on(comm: Comm) -> None:
    game = new_game("chain", seed=3)
    game.play("fill")
    widget = GameWidget(game, animate=False)
    assert widget.game is game and widget.undo_button.disabled is False
    with pytest.raises(ValueError):
        GameWidget(game, seed=2)


def test_width_trait_redraws_at_the_new_size(comm: Comm) -> None:
    widget = GameWidget("chain", seed=3, animate=False)
    comm.clear()
    widget.width = 500
    assert widget.canvas.width == 500
    assert len(comm) == 1


# -- late views and display ------------------------------------------------------------------


def _no_event_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    # Playwright's sync API (browser tests in the same session) leaves a loop
    # registered in this thread; these tests mean "no kernel loop here".
    def no_loop() -> None:
        raise RuntimeError("no running event loop")

    monkeypatch.setattr("solitaire_widgets.widgets.canvas_backend.asyncio.get_running_loop",
                        no_loop)


def test_a_late_view_gets_a_full_redraw(comm: Comm, monkeypatch: pytest.MonkeyPatch) -> None:
    _no_event_loop(monkeypatch)
    widget = GameWidget("klondike", seed=3, animate=False)
    comm.clear()
    widget.canvas._handle_frontend_event(None, {"event": "client_ready"}, [])
    assert len(comm) == 1
    # The card images are drawn again too (their canvases are new in a new page).
    assert comm.count("switchCanvas") >= 10
    assert comm.count("fillPath") > 20


def test_a_reload_redraws_once_when_every_canvas_is_ready(comm: Comm) -> None:
    import asyncio
    import threading

    from solitaire_widgets.widgets import canvas_backend

    widget = GameWidget("chain", seed=3, animate=False)
    canvases = [widget.canvas, *widget.painter.hidden_canvases]
    assert len(canvases) == 5   # shown, table, under, acknowledgement, sprite sheet

    async def reload() -> None:
        for canvas in canvases:  # a reloaded page: every model says it is ready
            canvas._handle_frontend_event(None, {"event": "client_ready"}, [])
        assert len(comm) == 0
        await asyncio.sleep(canvas_backend.READY_QUIET + 0.2)

    comm.clear()
    # In a thread of its own, as a kernel's loop would run it.
    errors: list[BaseException] = []

    def run() -> None:
        try:
            asyncio.run(reload())
        except BaseException as error:  # noqa: BLE001 - reported below
            errors.append(error)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(timeout=30)
    assert errors == []
    assert len(comm) == 1


def test_the_mime_bundle_holds_html_and_a_png(comm: Comm) -> None:
    widget = GameWidget("klondike", seed=3, animate=False)
    widget.play(first_move(widget.game))
    comm.clear()
    bundle = widget._repr_mimebundle_()
    assert bundle is not None
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert len(comm) == 1, "displaying again redraws the canvas"
    # One picture each: the HTML's SVG, and a PNG for viewers that show images only.
    assert "image/svg+xml" not in bundle
    assert base64.b64decode(bundle["image/png"])[:4] == b"\x89PNG"
    # Without a kernel: a picture of the same SVG and one line, in tags that
    # JupyterLab's sanitizer keeps for an untrusted notebook.
    page = bundle["text/html"]
    source = re.search(r'<img src="data:image/svg\+xml;base64,([^"]+)" alt="([^"]+)"', page)
    assert source is not None
    root = ET.fromstring(base64.b64decode(source.group(1)).decode())
    assert root.tag.endswith("svg")
    assert widget.game.status in page
    tags = set(re.findall(r"<([a-z]+)", page))
    assert tags == {"figure", "div", "img", "figcaption"}, tags
    # On a narrow screen it keeps its labels readable and scrolls in its box.
    scene = layout(widget.game, widget.game.table, widget.width)
    assert f"min-width:{readable_width(scene)}px" in page and "overflow-x:auto" in page


def test_draw_scene_uses_one_path2d_per_outline(comm: Comm) -> None:
    from ipycanvas import Canvas

    scene = layout("klondike", new_game("klondike", seed=3).table, WIDTH)
    painter = ShapePainter()
    canvas = Canvas(width=WIDTH, height=int(scene.height))
    comm.clear()
    draw_scene(canvas, scene, painter)
    assert len(comm) == 1
    assert 4 <= len(painter.paths) <= 40
    assert comm.count("fillText") > 0 and comm.count("setTransform") > 0
    # No save()/restore(): a resize played between them in the browser empties the
    # stack, and the restore() would leave a pip's scale on for every later frame.
    assert comm.count("save") == comm.count("restore") == comm.count("rotate") == 0
    assert comm.count("resetTransform") >= comm.count("setTransform")


# -- the replay -----------------------------------------------------------------------------------


def test_replay_of_an_example_steps_and_says_the_words(comm: Comm) -> None:
    example = get_example("chain-first-layout")
    replay = ReplayWidget(example)
    assert replay.counter.value == f"step 0 of {len(example.steps)}"
    comm.clear()
    replay.forward_button.click()
    assert replay.position == 1 and len(comm) == 1 and comm.count("sleep") >= 1
    words = example.steps[0][1]
    if words:
        import html

        assert html.escape(words[:30]).lower() in replay.caption.value.lower()
    replay.end_button.click()
    assert replay.counter.value == f"step {len(example.steps)} of {len(example.steps)}"
    assert replay.forward_button.disabled
    replay.back_button.click()
    assert replay.position == len(example.steps) - 1
    replay.start_button.click()
    assert replay.position == 0 and replay.back_button.disabled


def test_replay_from_save_text_and_game(comm: Comm) -> None:
    game = new_game("klondike", seed=3)
    for _ in range(4):
        game.play(get_strategy("klondike").choose(game))  # type: ignore[arg-type]
    from_text = ReplayWidget(game.to_json(), animate=False)
    from_game = ReplayWidget(game, animate=False)
    assert from_text.steps == from_game.steps == 4
    from_text.player.value = 3  # the Play widget drives the position
    assert from_text.position == 3
    with pytest.raises(SaveFileError):
        ReplayWidget('{"format": "nope"}')


def test_replay_speed_sets_the_play_interval(comm: Comm) -> None:
    replay = ReplayWidget(get_example("chain-first-layout"), animate=False)
    replay.speed_slider.value = 2.0
    assert replay.player.interval == 450


def test_replay_bundle(comm: Comm) -> None:
    replay = ReplayWidget(get_example("klondike-partial-sequence"), animate=False)
    bundle = replay._repr_mimebundle_()
    assert bundle is not None
    assert "image/svg+xml" not in bundle and bundle["image/png"]
    page = bundle["text/html"]
    # A picture where scripts do not run; the player, with every step, where they do.
    still, script = page.split("<script", 1)
    assert '<img src="data:image/svg+xml;base64,' in still and "<button" not in still
    assert "step through it" in still
    assert "sw-player" in script and "Step 2" in script


def test_one_toggle_button_plays_and_pauses_and_says_which(comm: Comm) -> None:
    replay = ReplayWidget(get_example("chain-first-layout"), animate=False)
    button = replay.play_button
    assert button in replay.children[1].children and replay.player.layout.display == "none"
    assert button.description == "▶ Play" and not button.value and button.tooltip
    button.value = True                         # pressed (a click, or Space on it)
    assert replay.playing and replay.player.playing
    assert button.description == "❚❚ Pause" and "Pause" in button.tooltip
    replay.player.value = 2                     # the browser's control steps on
    assert replay.position == 2 and button.description == "❚❚ Pause"
    button.value = False                        # pressed again: paused where it is
    assert not replay.player.playing and button.description == "▶ Play"
    assert replay.position == 2
    # The browser's control pausing by itself shows on the button too.
    button.value = True
    replay.player.playing = False
    assert not button.value and button.description == "▶ Play"
    # Reaching the last step stops playing, and the button says Play again.
    button.value = True
    for value in range(replay.position + 1, replay.steps + 1):
        replay.player.value = value
    assert replay.position == replay.steps
    assert not replay.playing and not button.value and button.description == "▶ Play"
    # Play at the end plays again from the deal.
    button.value = True
    assert replay.position == 0 and replay.playing and button.description == "❚❚ Pause"


def test_a_replay_of_no_steps_has_nothing_to_play(comm: Comm) -> None:
    replay = ReplayWidget(new_game("chain", seed=2), animate=False)
    replay.play_button.value = True
    assert not replay.playing and not replay.play_button.value
    assert replay.play_button.description == "▶ Play"


def test_at_a_phones_width_the_replay_keeps_labels_readable_and_scrolls(comm: Comm) -> None:

    example = get_example("quarrel-eight-fives")
    replay = ReplayWidget(example, animate=False)
    stage = replay.children[2]
    assert replay.canvas in stage.children and "sw-stage" in stage._dom_classes
    assert stage.layout.overflow == "auto hidden"
    narrowest = int(replay.canvas.layout.min_width.removesuffix("px"))
    assert narrowest == readable_width(layout(replay.game, replay.game.table, 760))
    smallest = min(label.size for label in layout(replay.game, replay.game.table, 760).labels)
    assert smallest * narrowest / 760 >= READABLE_LABEL > smallest * 390 / 760
    replay.width = 600
    table = replay.game.table
    assert replay.canvas.layout.min_width == f"{readable_width(layout(replay.game, table, 600))}px"


# -- the solver's questions (issue 6) -------------------------------------------------


def test_klondike_table_asks_the_solver_whether_it_can_still_be_won() -> None:
    widget = GameWidget("klondike", seed=2, animate=False, variant="standard")
    assert widget.solver_bar in widget.children
    assert widget.can_win() == "won"
    assert "Yes" in widget.message.value


def test_solver_hint_highlights_the_first_move_of_a_winning_line() -> None:
    from solitaire_widgets.games.klondike.solver import solve

    widget = GameWidget("klondike", seed=2, animate=False, variant="standard")
    move = widget.solver_hint()
    assert move is not None and move == solve(widget.game).moves[0]
    assert widget.play(move)


def test_winnable_deals_only_deals_a_deal_the_solver_wins() -> None:
    from solitaire_widgets.games.klondike.solver import solve

    widget = GameWidget("klondike", seed=2, animate=False, variant="standard")
    widget.winnable_only.value = True
    widget.new_deal()
    assert solve(widget.game).status == "won"
    assert "can be won" in widget.message.value


def test_the_solver_bar_is_only_on_klondike_tables() -> None:
    widget = GameWidget("chain", seed=2, animate=False)
    assert widget.solver_bar not in widget.children
    assert widget.can_win() == "unresolved"


def test_draw_three_table_turns_a_packet_and_the_solver_answers() -> None:
    from solitaire_widgets.games.klondike.solver import solve

    widget = GameWidget("klondike", seed=23, animate=False, variant="draw-three")
    assert widget.play("turn")
    assert len(widget.game.pile("w").cards) == 3
    assert widget.can_win() == "won"
    move = widget.solver_hint()
    assert move is not None and move == solve(widget.game).moves[0]


def test_the_table_plays_from_the_keyboard(comm: Comm) -> None:
    widget = GameWidget("klondike", seed=7, animate=False)
    move = first_move(widget.game)
    assert widget.press_key("Tab") is False                 # the page's key, not the table's
    while widget.pointer.focus is None or widget.pointer.focus[0] != move.src:
        assert widget.press_key("ArrowRight")
    assert widget.press_key("Enter")
    assert widget.pointer.selected == (move.src, 1)
    while widget.pointer.focus is None or widget.pointer.focus[0] != move.dst:
        widget.press_key("ArrowRight")
    widget.press_key("Enter")
    assert len(widget.game.history) == 1 and widget.pointer.selected is None
    widget.press_key("u")
    assert not widget.game.history


# -- ordinary ipywidgets: traits checked before they are set -----------------------------


def test_a_width_out_of_range_is_refused_and_changes_nothing(comm: Comm) -> None:
    with pytest.raises(traitlets.TraitError, match="width"):
        GameWidget("klondike", seed=1, width=10)
    widget = GameWidget("klondike", seed=1, animate=False)
    for bad in (100, 10_000, -5):
        with pytest.raises(traitlets.TraitError, match="from 200 to 4000"):
            widget.width = bad
        assert widget.width == 760
    widget.width = 480
    assert widget.width == 480 and widget._scene is not None and widget._scene.width == 480


@pytest.mark.parametrize("bad", [0, -1.0, math.nan, math.inf, 1000.0])
def test_a_bad_speed_is_refused(comm: Comm, bad: float) -> None:
    widget = GameWidget("chain", seed=1, animate=False)
    with pytest.raises(traitlets.TraitError, match="speed"):
        widget.speed = bad
    assert widget.speed == 1.0


@pytest.mark.parametrize("bad", [-3, 99])
def test_a_replay_position_out_of_range_is_refused(comm: Comm, bad: int) -> None:
    replay = ReplayWidget(get_example("chain-first-layout"), animate=False)
    replay.go(2)
    caption = replay.caption.value
    with pytest.raises(traitlets.TraitError, match="position is a step from 0"):
        replay.position = bad
    assert replay.position == 2 and replay.caption.value == caption
    with pytest.raises(traitlets.TraitError):
        ReplayWidget(get_example("chain-first-layout"), width=50)


def test_the_traits_are_synced_but_the_game_stays_in_the_kernel(comm: Comm) -> None:
    widget = GameWidget("chain", seed=1, animate=False)
    replay = ReplayWidget(get_example("chain-first-layout"), animate=False)
    for trait in ("width", "speed", "animate"):
        assert widget.trait_metadata(trait, "sync"), trait
    for trait in ("width", "animate", "position", "speed"):
        assert replay.trait_metadata(trait, "sync"), trait
    assert set(widget.get_state()) >= {"width", "speed", "animate"}
    assert "state" not in widget.get_state() and "state" not in replay.get_state()
    ipywidgets.jslink((widget, "width"), (replay, "width"))


def test_a_move_sends_the_browser_the_same_whatever_the_length_of_the_game(
        comm: Comm, monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing a move sends grows with the game: its save stays in the kernel."""
    sent: list[str] = []
    monkeypatch.setattr(ipywidgets.Widget, "_send",
                        lambda self, msg, buffers=None: sent.append(json.dumps(msg)))
    seen: list[str] = []
    sizes = []
    for moves in (0, 300):
        game = new_game("klondike", seed=3, variant="standard")
        while len(game.history) < moves:
            game.play("turn" if game.is_legal("turn") else "redeal")
        widget = GameWidget(game, animate=False)
        widget.observe(lambda change: seen.append(change["new"]), "state")
        sent.clear()
        comm.clear()
        widget.play("turn" if game.is_legal("turn") else "redeal")
        assert seen[-1] == widget.state == game.to_json(), "Python's observers hear every move"
        assert not any(SAVE_FORMAT in message for message in sent), "no save is sent"
        sizes.append(sum(map(len, sent)) + sum(comm.sizes()))
    assert sizes[1] < 1.5 * sizes[0], sizes


def test_the_game_is_its_state_trait_and_two_tables_can_be_linked(comm: Comm) -> None:
    a = GameWidget("chain", seed=chain_with_play(), animate=False)
    b = GameWidget("klondike", seed=3, animate=False)
    assert load_game(a.state).to_json() == a.game.to_json()
    ipywidgets.link((a, "state"), (b, "state"))
    assert b.game.name == "chain" and b.game.seed == a.game.seed
    a.play(first_move(a.game, "tableau"))
    assert len(b.game.history) == 1 and b.game.table == a.game.table
    b.undo()
    assert not a.game.history
    with pytest.raises(traitlets.TraitError, match="not a saved game"):
        a.state = '{"game": "poker"}'
    assert a.game.table == b.game.table and not a.game.history


def test_auto_finish_changes_the_state_trait_once(comm: Comm) -> None:
    widget = GameWidget("chain", seed=2, animate=False)
    changes: list[str] = []
    widget.observe(lambda change: changes.append(change["new"]), "state")
    widget.auto_finish()
    assert len(changes) == 1 and changes[0] == widget.game.to_json()


def test_the_deal_box_shows_the_games_deal_after_an_invalid_number(comm: Comm) -> None:
    widget = GameWidget("klondike", seed=5, animate=False)
    widget.deal_number.value = -1
    assert widget.game.seed == 5 and widget.deal_number.value == 5
    assert "alert" in widget.message.value
    widget.deal_number.value = 8
    assert widget.game.seed == 8 and widget.deal_number.value == 8


@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf])
def test_a_drag_to_a_non_finite_point_is_ignored(comm: Comm, bad: float) -> None:
    widget = GameWidget("klondike", seed=7, animate=False)
    assert widget._scene is not None
    x, y = centre(widget._scene, "t7")
    widget._on_mouse_down(x, y)
    widget._on_mouse_move(x + 30, y + 30)
    widget._on_mouse_move(bad, y)
    widget._on_mouse_move(x, bad)
    widget._on_mouse_up(bad, bad)
    widget._on_mouse_down(bad, bad)
    assert not widget.game.history


HANDLER_EVENTS = st.lists(st.one_of(
    st.tuples(st.sampled_from(["down", "move", "up", "out"]),
              st.floats(-50, 1000) | st.sampled_from([math.nan, math.inf, -math.inf]),
              st.floats(-50, 1000) | st.sampled_from([math.nan, math.inf, -math.inf])),
    st.tuples(st.just("key"), st.sampled_from(["ArrowLeft", "ArrowRight", "ArrowUp",
                                               "ArrowDown", "Enter", " ", "Escape", "f",
                                               "u", "r", "Tab", "q"]), st.just(0.0)),
    st.tuples(st.just("type"), st.text(max_size=12) | st.sampled_from(
        ["undo", "redo", "hint", "turn", "fill", "deal", "t3>fh", "l5>fh", "r7>lc"]),
        st.just(0.0)),
    st.tuples(st.just("deal"), st.integers(-10, 10**12), st.just(0.0)),
    st.tuples(st.just("button"), st.sampled_from(["undo", "redo", "hint"]), st.just(0.0)),
), max_size=25)


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(events=HANDLER_EVENTS, name=st.sampled_from(["klondike", "chain", "quarrel"]))
def test_fuzz_the_widget_message_handlers(comm: Comm, events: list[tuple[str, Any, Any]],
                                          name: str) -> None:
    """Whatever the front end sends, no handler raises, and the table, the state
    trait and the deal box always show the game as the engine has it."""
    widget = GameWidget(name, seed=3, animate=False)
    for kind, a, b in events:
        if kind == "down":
            widget._on_mouse_down(a, b)
        elif kind == "move":
            widget._on_mouse_move(a, b)
        elif kind == "up":
            widget._on_mouse_up(a, b)
        elif kind == "out":
            widget._on_mouse_out(a, b)
        elif kind == "key":
            widget._on_key_down(a)
        elif kind == "type":
            widget.move_input.value = a
        elif kind == "deal":
            widget.deal_number.value = a
        else:
            getattr(widget, f"{a}_button").click()
        assert widget.deal_number.value == widget.game.seed
        assert widget.state == widget.game.to_json()
    assert load_game(widget.state).table == widget.game.table


@pytest.mark.parametrize("name,example", [("quarrel", "r7>lc"), ("chain", "l5>fh"),
                                          ("klondike", "t3>fh")])
def test_a_wrong_move_is_answered_with_the_games_own_example(comm: Comm, name: str,
                                                             example: str) -> None:
    widget = GameWidget(name, seed=1, animate=False)
    assert example in widget.move_input.placeholder
    widget.move_input.value = "t3>>t5"
    said = html.unescape(widget.message.value)
    assert example in said and "alert" in said
    if example != "t3>fh":
        assert "t3>fh" not in said
    assert widget.move_input.value == "t3>>t5" and not widget.game.history


def test_the_status_is_shown_once_and_quarrel_has_one_deal_button(comm: Comm) -> None:
    widget = GameWidget("quarrel", seed=3, animate=False)
    status = html.unescape(widget.status.value)
    words = html.unescape(widget.description.value)
    assert widget.game.status.split(";")[0] in status
    assert widget.game.status.split(";")[0] not in words
    labels = [b.description for b in widget.action_buttons.values()]
    labels += [widget.new_button.description, widget.deal_number.description]
    assert sum(label == "Deal" for label in labels) == 0 and "Next card" in labels


def test_the_table_says_which_pile_is_which(comm: Comm) -> None:
    """The names a typed move uses (t3, fh, r27, l5) are shown with their words."""
    for name, shown in (("klondike", "t1 to t7: column 1 to column 7"),
                        ("chain", "l1 to l24"), ("quarrel", "r1 to r104")):
        widget = GameWidget(name, seed=1, animate=False)
        assert shown in html.unescape(widget.description.value)


# -- issue 14: runs a piece at a time, stopped by any input; typed lines; the felt -------


def in_a_loop(body: Any) -> None:
    """Run ``body()`` (a coroutine function) in a running event loop, as a kernel's."""
    import asyncio
    import threading

    errors: list[BaseException] = []

    def run() -> None:
        try:
            asyncio.run(body())
        except BaseException as error:  # noqa: BLE001 - reported below
            errors.append(error)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(timeout=120)
    assert not thread.is_alive() and errors == [], errors


def drawn(widget: GameWidget) -> list[tuple[str, float, float, bool]]:
    """The cards of the scene last drawn on the canvas."""
    scene = widget.painter.scene
    assert scene is not None
    return sorted((str(s.card), round(s.x, 1), round(s.y, 1), s.face_up) for s in scene.sprites)


def engine(widget: GameWidget) -> list[tuple[str, float, float, bool]]:
    """The cards of the engine's position, laid out."""
    scene = layout(widget.game, widget.game.table, widget.width)
    return sorted((str(s.card), round(s.x, 1), round(s.y, 1), s.face_up) for s in scene.sprites)


def test_auto_finish_goes_move_by_move_and_undo_stops_it_at_once(comm: Comm) -> None:
    import asyncio

    async def body() -> None:
        widget = GameWidget("klondike", seed=7)
        await asyncio.sleep(0)
        widget._stop_run()                         # the deal's pieces: done at once
        before = widget.state
        widget.finish_button.click()
        assert widget.running and len(widget.game.history) == 1
        assert widget.finish_button.description == "Stop"
        for _ in range(200):      # a few moves, at the pace the browser draws them
            if len(widget.game.history) >= 3:
                break
            await asyncio.sleep(0.02)
        played = len(widget.game.history)
        assert 3 <= played < 100, played
        assert "You won" not in widget.status.value, "the words ran ahead of the picture"
        assert widget.state == before, "the state trait changes once, at the end"
        assert drawn(widget) == engine(widget), "the canvas was sent this very position"
        assert html.escape(widget.table.words()) in widget.description.value, (
            "the table in words follows each move of the run")
        widget.undo_button.click()            # one undo takes back the whole run
        assert not widget.running and len(widget.game.history) == 0
        assert f"Auto-finish taken back: {played} moves" in widget.message.value
        assert drawn(widget) == engine(widget)
        assert widget.state == widget.game.to_json()
        assert widget.finish_button.description == "Auto-finish"
        await asyncio.sleep(0.3)
        assert len(widget.game.history) == 0, "the run did not go on"
        # A second press of the button stops a run; a run to the end says how it ended.
        widget.finish_button.click()
        widget.finish_button.click()
        assert not widget.running and "Auto-finish stopped after 1 move." in widget.message.value
        # In a game begun, the button asks first.
        widget.finish_button.click()
        assert not widget.running and widget.finish_button.description == "Yes, auto-finish"
        assert "Auto-finish takes the game over" in widget.message.value
        assert len(widget.game.history) == 1
        widget.auto_finish()
        for _ in range(200):
            if not widget.running:
                break
            await asyncio.sleep(0.1)
        # The computer won it, not the reader.
        assert widget.game.is_won and "You won" not in widget.status.value
        assert "The computer player won it." in widget.status.value
        assert "The computer player played" in widget.message.value
        assert widget.state == widget.game.to_json() and drawn(widget) == engine(widget)
        widget.auto_finish()                       # nothing left to play: over at once
        assert not widget.running and widget.finish_button.description == "Auto-finish"

    in_a_loop(body)


def test_a_click_during_auto_finish_acts_on_the_position_drawn(comm: Comm) -> None:
    import asyncio

    async def body() -> None:
        widget = GameWidget("klondike", seed=7, animate=True)
        widget._stop_run()
        widget.auto_finish()
        await asyncio.sleep(0.2)
        assert widget.running and widget._scene is not None
        scene = widget._scene
        # The scene clicks are matched against is the position of the move drawn last.
        assert scene == layout(widget.game, widget.game.table, widget.width, keys_from=scene)
        played = len(widget.game.history)
        widget._on_mouse_down(*centre(scene, "s"))
        widget._on_mouse_up(*centre(scene, "s"))
        assert not widget.running
        assert len(widget.game.history) in (played, played + 1)
        assert drawn(widget) == engine(widget)

    in_a_loop(body)


def test_a_long_deal_goes_in_pieces_and_any_input_finishes_it(comm: Comm) -> None:
    import asyncio

    async def body() -> None:
        comm.clear()
        widget = GameWidget("klondike", seed=3)            # a deal of about 1.3 s
        assert widget.running and len(comm) == 1, "the first piece is sent at once"
        await asyncio.sleep(0.5)
        assert widget.running and len(comm) >= 2
        widget.press_key("ArrowRight")
        assert not widget.running
        assert drawn(widget) == engine(widget), "the deal is shown whole at once"

    in_a_loop(body)


def test_typed_lines_come_as_messages_and_each_is_played_once_in_order(comm: Comm) -> None:
    widget = GameWidget("klondike", seed=7, animate=False)
    keys = widget.keyboard
    for line in ["turn", "turn"]:
        keys._handle_custom_msg({"line": line}, [])
    assert [str(s.move) for s in widget.game.history] == ["turn", "turn"]
    keys._handle_custom_msg({"line": "t1>t1"}, [])
    assert len(widget.game.history) == 2
    assert "alert" in widget.message.value, "a bad line is refused, saying why"
    for line in ["turn", "undo", "redo", "  "]:
        keys._handle_custom_msg({"line": line}, [])
    assert len(widget.game.history) == 3
    assert widget.move_input.value == "", "the kernel never writes into the box"


def test_keys_taken_in_two_threads_are_played_in_the_order_they_were_pressed(comm: Comm) -> None:
    """JupyterLab sends a widget's messages to the kernel's main shell or to a
    subshell; their two threads can take two keys the other way round. The
    page numbers each view's messages and the kernel acts on them in order."""
    import threading

    widget = GameWidget("klondike", seed=7, animate=False)
    keys = widget.keyboard
    pressed = ["ArrowRight"] * 8 + ["Enter"] + ["ArrowRight"] * 2 + ["Enter"]
    messages = [{"key": key, "view": "a1", "seq": n} for n, key in enumerate(pressed)]
    # The last message of each pair arrives first, half of them in another thread.
    for n in range(0, len(messages), 2):
        later = threading.Thread(target=keys._handle_custom_msg, args=(messages[n + 1], []))
        later.start()
        later.join()
        keys._handle_custom_msg(messages[n], [])
    expected = GameWidget("klondike", seed=7, animate=False)
    for key in pressed:
        expected.press_key(key)
    assert [s.move for s in widget.game.history] == [s.move for s in expected.game.history]
    assert len(widget.game.history) == 1
    assert widget.table.pointer == expected.table.pointer
    # A message sent twice is acted on once; a second view of the table counts its own.
    keys._handle_custom_msg(messages[-1], [])
    keys._handle_custom_msg({"key": "ArrowRight", "view": "b2", "seq": 0}, [])
    assert widget.table.pointer.focus != expected.table.pointer.focus
    # Numbers that make no sense are not waited on: the key is simply played.
    before = widget.table.pointer.focus
    keys._handle_custom_msg({"key": "ArrowLeft", "view": "a1", "seq": -3}, [])
    assert widget.table.pointer.focus != before
    keys._handle_custom_msg({"key": "ArrowRight", "view": "x" * 500, "seq": 99}, [])
    assert widget.table.pointer.focus == before


def test_a_click_sent_by_the_page_is_played_even_when_its_release_arrives_first(comm: Comm) -> None:
    """The page sends the mouse on the canvas through the keyboard's numbered
    messages; once it has said so, the canvas's own (unnumbered) mouse messages
    are left alone, and a release that arrives before its press waits for it."""
    widget = GameWidget("klondike", seed=7, animate=False)
    keys = widget.keyboard
    assert keys.mouse and not keys.sends_mouse
    assert widget._scene is not None
    x, y = centre(widget._scene, "s")                 # the hand: a click turns a card
    keys._handle_custom_msg({"mouse": "here", "view": "m1", "seq": 0}, [])
    assert keys.sends_mouse
    widget.canvas._handle_frontend_event(None, {"event": "mouse_down", "x": x, "y": y}, [])
    widget.canvas._handle_frontend_event(None, {"event": "mouse_up", "x": x, "y": y}, [])
    assert widget.game.history == [], "the canvas's own messages are left alone"
    keys._handle_custom_msg({"mouse": "up", "x": x, "y": y, "view": "m1", "seq": 2}, [])
    assert widget.game.history == []
    keys._handle_custom_msg({"mouse": "down", "x": x, "y": y, "view": "m1", "seq": 1}, [])
    assert [str(s.move) for s in widget.game.history] == ["turn"]
    # A point that is no number changes nothing.
    for bad in ({"mouse": "down", "x": "a", "y": 1}, {"mouse": "up", "x": float("nan"), "y": 1},
                {"mouse": "jump", "x": 1, "y": 1}, {"mouse": "down", "x": True, "y": 1}):
        keys._handle_custom_msg(bad, [])
    assert len(widget.game.history) == 1 and widget.table.pointer.press is None


def test_a_replay_takes_no_mouse_from_the_page(comm: Comm) -> None:
    from solitaire_widgets.widgets import ReplayWidget

    replay = ReplayWidget(new_game("chain", seed=1))
    assert not replay.keyboard.mouse
    replay.keyboard._handle_custom_msg({"mouse": "here"}, [])
    assert not replay.keyboard.sends_mouse


def test_a_message_that_never_comes_does_not_stop_the_table_for_ever(comm: Comm) -> None:
    widget = GameWidget("klondike", seed=7, animate=False)
    keys = widget.keyboard
    for n in range(1, 70):                     # message 0 is lost
        keys._handle_custom_msg({"key": "ArrowRight", "view": "c3", "seq": n}, [])
    assert widget.table.pointer.focus is not None, "the table went on without it"


def test_the_table_keys_come_as_messages(comm: Comm) -> None:
    widget = GameWidget("chain", seed=4, animate=False)
    keys = widget.keyboard
    assert set(keys.table_keys) == set(pointer.KEYS)
    assert keys.label == "Chain table"
    keys._handle_custom_msg({"key": "ArrowRight"}, [])
    assert widget.pointer.focus is not None, "the keyboard cursor is on the table"
    assert widget.painter.highlight, "and drawn"
    keys._handle_custom_msg({"key": "Escape"}, [])
    assert widget.pointer.focus is None and not widget.painter.highlight
    keys._handle_custom_msg({"key": "Tab"}, [])             # not the table's: ignored
    keys._handle_custom_msg({"nonsense": 1}, [])
    assert widget.pointer.focus is None


def test_the_keyboard_view_is_a_valid_es_module() -> None:
    import shutil
    import subprocess

    from solitaire_widgets.widgets.browser_input import _ESM

    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    done = subprocess.run([node, "--input-type=module", "--check"], input=_ESM, text=True,
                          capture_output=True, timeout=60)
    assert done.returncode == 0, done.stderr


def test_the_felt_shrinks_for_a_new_game_but_not_during_one(comm: Comm) -> None:
    widget = GameWidget("klondike", seed=7, animate=False)
    painter = widget.painter
    assert widget._scene is not None
    needed = math.ceil(widget._scene.height)
    painter.canvas.height = needed + 400            # a column grew, then shrank back
    widget.play("turn")
    widget.undo()
    assert painter.canvas.height == needed + 400, "the page below holds still"
    widget.new_deal(7)
    assert painter.canvas.height == needed


def test_winnable_deals_only_says_how_many_it_tried_and_an_input_stops_it(
        comm: Comm, monkeypatch: pytest.MonkeyPatch) -> None:
    import asyncio

    import solitaire_widgets.games.klondike.solver as solver

    tried: list[int] = []

    class Lost:
        status = "lost"

    def solve(*_a: Any, **_k: Any) -> Lost:
        tried.append(1)
        return Lost()

    monkeypatch.setattr(solver, "solve", solve)

    async def body() -> None:
        widget = GameWidget("klondike", seed=2, animate=False)
        widget.winnable_only.value = True
        widget.new_button.click()
        assert widget.running and "Looking for a winnable deal" in widget.message.value
        assert "tried of at most 25" in widget.message.value
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        assert 0 < len(tried) < 25
        widget.undo_button.click()
        assert not widget.running
        count = len(tried)
        await asyncio.sleep(0.1)
        assert len(tried) == count and widget.game.seed == 2

    in_a_loop(body)


def test_the_table_at_rest_is_drawn_once_more_from_the_engine(comm: Comm) -> None:
    import asyncio

    from solitaire_widgets.widgets.canvas_schedule import SETTLE

    async def body() -> None:
        widget = GameWidget("klondike", seed=7)
        widget._stop_run()
        widget.play("turn")
        # Whatever the kernel believes it drew (here: a stale picture of the deal) ...
        stale = layout(widget.game, widget.game.start, widget.width)
        widget.painter.scene, widget._scene = stale, stale
        comm.clear()
        await asyncio.sleep(widget.runs.busy_until - time.monotonic() + SETTLE + 0.2)
        # ... once the browser is done, the table is drawn again as the engine has it.
        assert len(comm) == 1, "one message, once the browser has drawn the move"
        assert drawn(widget) == engine(widget)
        # Not while cards are held, nor during a run.
        widget.play("turn")
        widget.auto_finish()
        comm.clear()
        await asyncio.sleep(0.05)
        assert widget.running
        widget._stop_run()

    in_a_loop(body)


def _ack_png(number: int) -> bytes:
    """The PNG a browser sends back for the acknowledgement pixel of message ``number``."""
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data)))

    row = bytes([0, (number >> 16) & 255, (number >> 8) & 255, number & 255, 255])
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 1, 1, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(row)) + chunk(b"IEND", b""))


def test_each_message_ends_with_its_number_for_the_browser_to_send_back(comm: Comm) -> None:
    widget = GameWidget("klondike", seed=7, animate=False)
    painter = widget.painter
    sent = painter.sent
    comm.clear()
    widget.play("turn")
    assert painter.sent == sent + 1 and len(comm) == 1
    colours = [args[1] for name, args in comm.commands() if name == "set"]
    assert colours[-1] == f"#{painter.sent:06x}", "the last colour set is the message's number"
    assert comm.commands()[-1][0] == "fillRect"
    # No browser has answered: nothing is known to be in flight.
    assert not painter.acknowledged and painter.in_flight == 0
    painter._ack.set_trait("image_data", _ack_png(painter.sent - 1))
    assert painter.acknowledged and painter.drawn == painter.sent - 1 and painter.in_flight == 1
    painter._ack.set_trait("image_data", b"garbage")          # ignored
    painter._ack.set_trait("image_data", _ack_png(painter.sent))
    assert painter.in_flight == 0


def test_moves_made_while_the_browser_is_behind_are_drawn_once_it_catches_up(
        comm: Comm) -> None:
    """Issue 14: a burst of typed moves costs the browser one drawing, not one a move,
    and that drawing is the engine's position as it is when the browser can take it."""
    import asyncio

    from solitaire_widgets.widgets import pacing

    async def body() -> None:
        widget = GameWidget("klondike", seed=7)
        widget._stop_run()
        painter = widget.painter
        painter._ack.set_trait("image_data", _ack_png(painter.sent))   # a browser answers
        widget.play("turn")
        widget.play("turn")
        assert painter.in_flight == 2          # two moves sent, none drawn yet
        sent = painter.sent
        for _ in range(10):
            widget.play("turn")
        assert len(widget.game.history) == 12
        assert painter.sent == sent, "nothing is sent while the browser is two behind"
        painter._ack.set_trait("image_data", _ack_png(painter.sent - 1))   # one drawn
        await asyncio.sleep(0.01)   # sent from the loop, not inside the browser's update
        assert painter.sent == sent + 1, "one drawing, once the browser has room"
        shown = painter.scene
        assert shown is not None and shown.sprites == widget._layout().sprites
        # No word from the browser at all: the drawing goes anyway, after a while.
        widget.play("turn")
        before = painter.sent
        widget.play("turn")
        assert painter.sent == before
        await asyncio.sleep(pacing.ACK_PATIENCE + 0.2)
        assert painter.sent == before + 1
        assert painter.scene is not None
        assert painter.scene.sprites == widget._layout().sprites

    in_a_loop(body)


def test_a_run_goes_no_further_ahead_of_the_browser_than_one_move(comm: Comm) -> None:
    import asyncio

    async def body() -> None:
        widget = GameWidget("klondike", seed=7)
        widget._stop_run()
        painter = widget.painter
        painter._ack.set_trait("image_data", _ack_png(painter.sent))   # a browser answers
        widget.auto_finish()
        await asyncio.sleep(0.3)
        # The browser says nothing more: the run waits with two messages in flight.
        played = len(widget.game.history)
        assert widget.running and painter.in_flight == 2 and played <= 2, played
        # It draws them: the run goes on, a move at a time, the words following.
        for _ in range(5):
            painter._ack.set_trait("image_data", _ack_png(painter.sent - 1))
            await asyncio.sleep(0.05)
        assert len(widget.game.history) == played + 5
        assert painter.in_flight == 2
        widget._stop_run()

    in_a_loop(body)


def test_two_threads_drawing_at_once_send_whole_messages(comm: Comm) -> None:
    """JupyterLab 4.6 with ipykernel 7 runs widget handlers in a subshell thread besides
    the main one; ipycanvas builds a message in one global cache. Each message of two
    tables drawn from two threads at once is whole: it starts by naming its canvas and
    ends on its own acknowledgement pixel (without the lock, halves go missing)."""
    import threading

    widgets = [GameWidget("klondike", seed=seed, animate=False) for seed in (3, 4)]
    acks = {widget.painter._ack.model_id: widget for widget in widgets}
    comm.clear()

    def draw(widget: GameWidget) -> None:
        for _ in range(40):
            widget.painter.show(widget._layout(), fresh=True)

    threads = [threading.Thread(target=draw, args=(widget,)) for widget in widgets]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(comm) == 80
    for index in range(len(comm)):
        commands = comm.commands(index)
        assert commands[0][0] == "switchCanvas", "a message names its canvas first"
        switches = [args[0].removeprefix("IPY_MODEL_") for name, args in commands
                    if name == "switchCanvas"]
        assert switches[-1] in acks and commands[-1][0] == "fillRect"
        assert sum(1 for s in switches if s in acks) == 1, "one table's message, not two"


def test_an_input_that_stops_a_run_is_drawn_at_once(comm: Comm) -> None:
    """Issue 14: a move played during auto-finish stops it, and the picture shows the
    move at once (no animation queued behind the run's last move)."""
    import asyncio

    async def body() -> None:
        widget = GameWidget("klondike", seed=7)
        widget._stop_run()
        for move in ["turn"] * 3:
            widget.play(move)
        painter = widget.painter
        painter._ack.set_trait("image_data", _ack_png(painter.sent))   # a browser answers
        widget.auto_finish()
        await asyncio.sleep(0.3)
        assert widget.running
        painter._ack.set_trait("image_data", _ack_png(painter.sent))   # it has drawn all
        assert painter.in_flight == 0
        comm.clear()
        played = len(widget.game.history)
        assert widget.play(widget.game.legal_moves()[0])
        assert not widget.running and len(widget.game.history) == played + 1
        assert len(comm) == 1 and comm.count("sleep") == 0, "one drawing, no frames"
        # The next move, with no run to stop, is animated again.
        painter._ack.set_trait("image_data", _ack_png(painter.sent))
        comm.clear()
        assert widget.play(widget.game.legal_moves()[0])
        assert comm.count("sleep") > 0

    in_a_loop(body)


def test_a_piece_scheduled_before_a_run_was_stopped_does_nothing(comm: Comm) -> None:
    """A timer's callback that another thread's loop has already started when the run
    is stopped (cancelling the handle cannot stop it) must not drive the next run."""
    import asyncio

    async def body() -> None:
        widget = GameWidget("klondike", seed=7)
        widget._stop_run()
        widget.auto_finish()
        await asyncio.sleep(0.05)
        stale = widget.runs.piece_number
        widget.undo()                      # stops the run
        widget.auto_finish()               # a new run: its first piece is played now
        played = len(widget.game.history)
        widget.runs.next_piece(stale)          # the old run's callback, arriving late
        assert len(widget.game.history) == played
        widget._stop_run()

    in_a_loop(body)


@pytest.mark.parametrize("kind", ["game", "replay"])
def test_a_new_width_closes_no_canvas_and_lays_the_sheet_out_again(comm: Comm, kind: str) -> None:
    """The browser plays the canvas messages of every table of a kernel in one
    queue, and stops for good at a drawing of a closed canvas (issue 27: a
    width set on one table while the deal of it still played blanked every
    table): a new width keeps the same canvases, and the card images are
    drawn again in the same sheet at the new size."""
    if kind == "game":
        table: Any = GameWidget("klondike", seed=7, animate=False)
    else:
        game = new_game("klondike", seed=7)
        game.play("turn")
        table = ReplayWidget(game, animate=False)
    painter = table.painter
    painter._ack.set_trait("image_data", _ack_png(painter.sent - 1))   # one still playing
    canvases = [painter.canvas, *painter.hidden_canvases]
    sheet_width = painter._sheet.width
    before = painter.sent
    table.width = 500
    assert painter.sent > before, "the table is drawn again at its new width"
    assert [painter.canvas, *painter.hidden_canvases] == canvases
    assert all(canvas.comm is not None for canvas in canvases), "closed while still needed"
    assert painter._sheet.width < sheet_width, "the sheet holds the smaller cards"


# -- issue 27: both widgets have the same plain, checked, synced traits ------------------


def _replay() -> ReplayWidget:
    return ReplayWidget(get_example("chain-first-layout"), animate=False)


def _game() -> GameWidget:
    return GameWidget("chain", seed=1, animate=False)


@pytest.mark.parametrize("make", [_game, _replay], ids=["game", "replay"])
@pytest.mark.parametrize(("trait", "good", "bad"), [
    ("width", 480, 10),
    ("speed", 2.5, 0),
    ("animate", True, None),
    ("state", None, '{"game": "poker"}'),
])
def test_each_trait_is_set_from_python_checked_and_observed(
        comm: Comm, make: Any, trait: str, good: Any, bad: Any) -> None:
    widget = make()
    assert bool(widget.trait_metadata(trait, "sync")) == (trait != "state"), trait
    if trait == "state":
        other = new_game("klondike", seed=4)
        other.play("turn")
        good = other.to_json()
    seen: list[Any] = []
    widget.observe(lambda change: seen.append(change["new"]), trait)
    setattr(widget, trait, good)
    assert getattr(widget, trait) == good and seen == [good]
    if bad is not None:
        with pytest.raises(traitlets.TraitError):
            setattr(widget, trait, bad)
        assert getattr(widget, trait) == good and seen == [good], "a refused value changes nothing"
    if trait != "state":
        assert widget.get_state()[trait] == getattr(widget, trait)


def test_the_replay_speed_is_a_trait_the_slider_shows(comm: Comm) -> None:
    replay = _replay()
    assert isinstance(replay.speed, float) and replay.speed == 1.0
    replay.speed = 2.0
    assert replay.speed_slider.value == 2.0 and replay.player.interval == 450
    replay.speed = 10.0                       # faster than the slider goes: it shows its end
    assert replay.speed == 10.0 and replay.speed_slider.value == 4.0
    replay.speed_slider.value = 0.5           # the slider sets the trait
    assert replay.speed == 0.5 and replay.player.interval == 1800
    bad: object
    for bad in (0, -1.0, math.nan, 1000.0, "fast"):
        with pytest.raises(traitlets.TraitError, match="speed"):
            replay.speed = bad
    assert replay.speed == 0.5 and replay.speed_slider.value == 0.5


def test_a_replay_follows_a_linked_game(comm: Comm) -> None:
    table = GameWidget("klondike", seed=7, animate=False)
    replay = ReplayWidget(new_game("chain", seed=2), animate=False)
    ipywidgets.link((table, "state"), (replay, "state"))
    assert replay.game.name == "klondike" and replay.steps == 0
    table.play("turn")
    table.play("turn")
    assert replay.steps == 2 and replay.position == 0
    replay.go(2)
    assert replay.counter.value == "step 2 of 2"
    assert "Klondike" in replay.heading.value
    table.play("turn")
    assert replay.position == 0 and replay.counter.value == "step 0 of 3"


def test_an_ended_replay_says_won_once(comm: Comm) -> None:
    game = new_game("klondike", seed=7)
    player = get_strategy("klondike")
    while not game.is_over:
        move = player.choose(game)
        assert move is not None
        game.play(move)
    replay = ReplayWidget(game, animate=False)
    replay.go(replay.steps)
    shown = replay.caption.value + replay.description.value
    assert "You won!" in replay.caption.value
    assert shown.count("Won") + shown.count("won") == 1, shown


def test_an_input_during_a_replay_animation_cuts_it_short(comm: Comm) -> None:
    import asyncio

    game = new_game("klondike", seed=0)
    player = get_strategy("klondike")
    for _ in range(6):        # the first: an ace up and the card under it turned
        move = player.choose(game)
        assert move is not None
        game.play(move)
    assert len(game.history[0].events) == 2

    async def body() -> None:
        replay = ReplayWidget(game, animate=True)
        replay.speed = 0.25                          # each step takes seconds to draw
        comm.clear()
        replay.forward()
        assert replay.runs.running, "a long step goes in pieces"
        sleeps = comm.count("sleep")
        assert 0 < sleeps and sum(
            args[0] for name, args in comm.commands() if name == "sleep") <= 300
        for _ in range(4):                           # Forward pressed again quickly
            replay.forward()
            assert not replay.runs.running
            assert comm.count("sleep") == 0, "drawn at once, not animated"
            assert replay.painter.scene == layout(replay.game,
                                                  replay.game.position_at(replay.position),
                                                  replay.width, keys_from=replay.painter.scene)
        assert replay.position == 5 and replay.counter.value.startswith("step 5 of")
        sent = len(comm)
        await asyncio.sleep(1.0)
        assert len(comm) == sent, "nothing of the cut animation comes after"

    in_a_loop(body)


def test_the_canvas_only_grows_during_a_game_by_whole_steps(comm: Comm) -> None:
    from solitaire_widgets.widgets.canvas_backend import SHRINK_SLACK

    widget = GameWidget("klondike", seed=3, animate=False)
    start = widget.canvas.height
    assert start == math.ceil(widget._layout().height), "a new game's felt fits it"
    heights = [start]
    widget.canvas.observe(lambda change: heights.append(change["new"]), "height")
    widget.auto_finish()
    step = math.ceil(SHRINK_SLACK * widget.width)
    assert heights == sorted(heights) and len(heights) <= 3, heights
    assert all((h - start) % step == 0 for h in heights), heights
    widget.new_deal(3)                       # a new game: the felt fits it again
    assert widget.canvas.height == start


def test_escape_with_cards_picked_up_puts_them_back_and_keeps_the_table(comm: Comm) -> None:
    """As on the page: Escape puts picked-up cards back, the cursor (and the focus:
    ``holding`` tells the keyboard) stays; with nothing picked up it leaves the table."""
    widget = GameWidget("klondike", seed=7, animate=False)
    keys = widget.keyboard
    move = first_move(widget.game)
    while widget.pointer.focus is None or widget.pointer.focus[0] != move.src:
        keys._handle_custom_msg({"key": "ArrowRight"}, [])
    assert not keys.holding
    keys._handle_custom_msg({"key": "Enter"}, [])
    assert widget.pointer.selected == (move.src, 1) and keys.holding
    keys._handle_custom_msg({"key": "Escape"}, [])
    assert widget.pointer.selected is None and not keys.holding
    assert widget.pointer.focus == (move.src, 1), "the cursor stays where it was"
    assert widget.table.message == "The cards are put back."
    keys._handle_custom_msg({"key": "Escape"}, [])
    assert widget.pointer.focus is None, "then Escape leaves the table"
    from solitaire_widgets.widgets.browser_input import _ESM
    assert "e.key === 'Escape' && !model.get('holding')" in _ESM
