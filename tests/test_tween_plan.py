"""One animation plan: worked out once in Python (``render.tween.Plan``), drawn by the
canvas widget and by the page alike. The page's answer carries exactly the plan the
widget draws."""

from __future__ import annotations

from typing import Any

import pytest

from solitaire_widgets import new_game
from solitaire_widgets.controller import Controller
from solitaire_widgets.render.scene import layout
from solitaire_widgets.render.tween import MOVE_TIMING, RUN_TIMING, Plan, step_plan
from solitaire_widgets.web.session import PageSession
from solitaire_widgets.widgets import GameWidget

WIDTH = 720


class _Recorder:
    """Stands in for the widget's painter.animate: keeps each plan it is asked to draw."""

    def __init__(self) -> None:
        self.plans: list[list[dict[str, Any]]] = []

    def __call__(self, segments: Any, final: Any, highlight: Any = frozenset()) -> None:
        self.plans.append(Plan(tuple(segments), final).page_data())


@pytest.fixture
def widget_and_page(monkeypatch: pytest.MonkeyPatch) -> Any:
    widget = GameWidget("klondike", seed=7, width=WIDTH)
    recorder = _Recorder()
    monkeypatch.setattr(widget.painter, "animate", recorder)
    page = PageSession("klondike", seed=7, width=WIDTH)
    page.view()
    yield widget, recorder, page
    widget.close()


def test_the_page_answer_carries_the_plan_the_widget_draws(widget_and_page: Any) -> None:
    widget, drawn, page = widget_and_page
    for _ in range(6):
        move = str(widget.game.legal_moves()[0])
        assert widget.play(move)
        view = page.handle({"op": "play", "move": move})
        assert view["plan"] and view["plan"] == drawn.plans[-1], move
    widget.undo()
    assert page.handle({"op": "undo"})["plan"] == [], "an undo is drawn at once by both"
    count = len(drawn.plans)
    widget.redo()
    assert len(drawn.plans) == count + 1
    assert page.handle({"op": "redo"})["plan"] == drawn.plans[-1]
    widget.new_deal(11)
    view = page.handle({"op": "new", "seed": 11})
    assert len(view["plan"]) > 10 and view["plan"] == drawn.plans[-1], "the deal, card by card"


def test_auto_finish_is_drawn_at_its_own_pace_by_both(widget_and_page: Any) -> None:
    widget, drawn, page = widget_and_page
    widget.auto_finish()   # no kernel loop: plays to the end, drawing every move
    moves = len(widget.game.history)
    assert moves > 0 and len(drawn.plans) == moves
    for played in range(min(moves, 5)):
        view = page.handle({"op": "finishstep", "played": played})
        assert view["plan"] == drawn.plans[played]
        assert {s["frames"] for s in view["plan"] if s["frames"]} == {RUN_TIMING.frames}


def test_a_turn_flies_a_card_over_and_a_freed_card_turns_over() -> None:
    game = new_game("klondike", seed=7)
    before = game.table.copy()
    plan = step_plan(game, before, game.play("turn").events, WIDTH)
    [segment] = plan.page_data()
    assert (segment["frames"], segment["ms"]) == (MOVE_TIMING.frames, MOVE_TIMING.ms)
    [[key, x0, y0, x1, y1, w]] = segment["cards"]
    card = plan.final.sprite(key)
    assert card is not None and card.pile == "w" and (x1, y1) == (card.x, card.y)
    assert (x0, y0) != (x1, y1) and w == card.w, "it moves and turns over"
    # A move that frees a face-down card: the card goes, then the one freed turns over.
    game = new_game("klondike", seed=7)
    table = Controller(game)
    for move in game.legal_moves():
        src = game.table.piles[move.src] if move.src in game.table.piles else None
        if move.action == "move" and src is not None and src.down and move.count == len(
                src.cards) - src.down:
            change = table.play(move)
            break
    else:
        pytest.skip("no move frees a face-down card in this deal")
    planned = table.plan(change, WIDTH)
    assert planned is not None and planned.final == layout(game, game.table, WIDTH)
    data = planned.page_data()
    turned = [c for s in data for c in s["cards"] if c[5]]
    assert turned and turned[0][1:3] == turned[0][3:5], "it turns over where it lies"
    assert planned.seconds == pytest.approx(sum(s["frames"] * s["ms"] for s in data) / 1000)


def test_the_plan_is_a_pure_function_of_its_inputs() -> None:
    game = new_game("chain", seed=5)
    before = game.table.copy()
    events = game.play(game.legal_moves()[0]).events
    first = step_plan(game, before, events, 500)
    assert step_plan(game, before, events, 500) == first
    assert before == game.position_at(0), "the position before is not changed"
    assert first.final == layout(game, game.table, 500)
