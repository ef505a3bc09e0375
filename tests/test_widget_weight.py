"""A table is light, a re-run cell leaves one table, and the saved picture follows the game.

- a GameWidget or a ReplayWidget costs at most 40 widget models (one sprite
  sheet per table; layouts, styles and the pips' paths made once per kernel);
- a table displayed again by the same notebook cell retires the one before
  (its models are closed);
- the picture output a table leaves before its view follows the table:
  moves, a new deal, a new width; after ``close()`` it shows the last position.
"""

from __future__ import annotations

from typing import Any

import pytest
from ipywidgets.widgets.widget import _instances  # type: ignore[import-untyped]

from solitaire_widgets import new_game
from solitaire_widgets.examples import example_names, get_example
from solitaire_widgets.widgets import GameWidget, ReplayWidget, stand_in
from solitaire_widgets.widgets.shared import is_shared

#: The most widget models one table may cost.
MODELS_PER_TABLE = 40


def _made(make: Any) -> tuple[Any, int]:
    before = set(_instances)
    widget = make()
    return widget, len(set(_instances) - before)


@pytest.mark.parametrize("make", [
    lambda: GameWidget("klondike", seed=7),
    lambda: GameWidget("quarrel", seed=3),
    lambda: GameWidget("chain", seed=5),
    lambda: ReplayWidget(get_example(example_names()[0])),
    lambda: ReplayWidget(new_game("quarrel", seed=2)),
], ids=["klondike", "quarrel", "chain", "example", "replay"])
def test_a_table_costs_at_most_40_widget_models(make: Any) -> None:
    make().close()    # what the kernel makes once and shares
    before_all = set(_instances)
    widget, made = _made(make)
    assert made <= MODELS_PER_TABLE, made
    canvases = [widget.painter.canvas, *widget.painter.hidden_canvases]
    widget.width = 500     # a new card size: the same sheet, no new canvas
    assert [widget.painter.canvas, *widget.painter.hidden_canvases] == canvases
    widget.close()
    assert all(canvas.comm is None for canvas in canvases)
    left = {k for k, v in _instances.items() if not is_shared(v)} - before_all
    assert not left, "closing releases every model of the table but the kernel's shared ones"


def test_ten_tables_cost_less_than_one_did() -> None:
    GameWidget("klondike", seed=1).close()
    before = set(_instances)
    tables = [GameWidget("klondike", seed=seed) for seed in range(10)]
    assert len(set(_instances) - before) <= 10 * MODELS_PER_TABLE
    for table in tables:
        table.close()
    assert not set(_instances) - before


class _Handle:
    """A display handle that keeps what it was last updated with."""

    def __init__(self, bundle: dict[str, str]) -> None:
        self.bundles = [bundle]

    def update(self, bundle: dict[str, str], raw: bool = False) -> None:
        self.bundles.append(bundle)


@pytest.fixture
def shown(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """What tables display (the picture's handle, and the view), as a notebook would."""
    outputs: list[Any] = []

    def display(bundle: Any, raw: bool = False, display_id: bool = False) -> Any:
        handle = _Handle(bundle) if display_id else None
        outputs.append(handle or bundle)
        return handle

    import IPython.display

    monkeypatch.setattr(IPython.display, "display", display)
    monkeypatch.setattr(stand_in, "players_wanted", lambda: False)
    return outputs


def test_the_saved_picture_follows_the_game(shown: list[Any]) -> None:
    table = GameWidget("klondike", seed=7, animate=False)
    table._ipython_display_()
    picture = shown[0]
    assert isinstance(picture, _Handle)
    first = picture.bundles[-1]["text/html"]
    assert "Klondike, deal 7" in picture.bundles[-1]["text/plain"]
    table.play("turn")
    assert picture.bundles[-1]["text/html"] != first, "a move"
    table.new_deal(87601)
    assert "deal 87601" in picture.bundles[-1]["text/plain"], "a new deal"
    narrow = picture.bundles[-1]["text/html"]
    table.width = 640
    assert 'width="640"' in picture.bundles[-1]["text/html"] or \
        picture.bundles[-1]["text/html"] != narrow, "a new width"
    table.play("turn")
    table.close()
    last = picture.bundles[-1]
    assert "deal 87601" in last["text/plain"] and "closed" in last["text/plain"]
    assert "run this code in Jupyter" not in last["text/plain"]
    count = len(picture.bundles)
    table.close()
    assert len(picture.bundles) == count, "a closed table's picture follows no more"


def test_the_saved_picture_of_a_replay_follows_its_step(shown: list[Any]) -> None:
    replay = ReplayWidget(get_example(example_names()[0]), animate=False)
    replay._ipython_display_()
    picture = shown[0]
    replay.position = 1
    assert "step 1" in picture.bundles[-1]["text/plain"]
    replay.close()
    assert "step 1" in picture.bundles[-1]["text/plain"]


def test_a_cell_run_again_retires_its_table(shown: list[Any],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    GameWidget("chain", seed=1).close()
    before = set(_instances)
    tables = []
    for seed in range(10):      # ten quick runs of the same cell
        monkeypatch.setattr(stand_in, "_cell_run", lambda seed=seed: ("cell-1", f"run-{seed}"))
        table = GameWidget("chain", seed=seed)
        table._ipython_display_()
        tables.append(table)
    assert all(table.comm is None for table in tables[:-1]), "the replaced tables are closed"
    assert tables[-1].comm is not None
    assert len(set(_instances) - before) <= MODELS_PER_TABLE
    # The same run displays a second table: both stay.
    second = GameWidget("chain", seed=11)
    second._ipython_display_()
    assert tables[-1].comm is not None and second.comm is not None, "one run, two tables"
    monkeypatch.setattr(stand_in, "_cell_run", lambda: ("cell-2", "run-x"))
    other = GameWidget("chain", seed=3)
    other._ipython_display_()
    assert tables[-1].comm is not None, "another cell's table stays"
    for table in (other, second, tables[-1]):
        table.close()


def test_a_retired_table_waits_until_its_browser_has_drawn_what_it_sent() -> None:
    """The browser plays every table's canvas messages in one queue and stops
    for good at a drawing of a closed canvas: a replaced table still being drawn
    is closed only once its browser has acknowledged everything it was sent."""
    import asyncio

    table = GameWidget("chain", seed=2, animate=False)
    painter = table.painter
    painter.acknowledged, painter.drawn = True, painter.sent - 1    # one still playing

    async def body() -> None:
        stand_in.retire(table)
        await asyncio.sleep(0.6)
        assert table.comm is not None, "closed while the browser still draws it"
        painter.drawn = painter.sent
        await asyncio.sleep(0.6)
        assert table.comm is None

    asyncio.run(body())


def test_a_retired_table_draws_nothing_more() -> None:
    """A table replaced while its opening deal is still being sent in pieces
    stops there: the end of the deal, drawn at once as when a player cuts a
    run short, would be one more full picture for the browser to draw (of a
    table nobody sees) ahead of the table that replaced it."""
    import asyncio

    async def body() -> None:
        table = GameWidget("klondike", seed=2)
        assert table.runs.running, "the opening deal goes in pieces"
        sent = table.painter.sent
        stand_in.retire(table)
        assert not table.runs.running
        assert table.painter.sent == sent, "a retired table sent another picture"
        table.close()

    asyncio.run(body())


def test_a_move_draws_the_cards_that_stay_put_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A move's message draws the cards that stay put once (on the under canvas)
    and ends on that canvas plus the cards that moved, not on every card again."""
    table = GameWidget("klondike", seed=3)
    painter = table.painter
    drawn: list[int] = []
    draw_cards = painter._draw_cards

    def counting(canvas: Any, sprites: Any) -> None:
        cards = list(sprites)
        drawn.append(len(cards))
        draw_cards(canvas, cards)

    monkeypatch.setattr(painter, "_draw_cards", counting)
    sent = painter.sent
    table.action_buttons["turn"].click()
    assert painter.sent == sent + 1, "one message for the move"
    assert painter.scene is not None
    on_table = len(painter.scene.sprites)
    # The under canvas holds all but the turned card; then frames and the end
    # draw that card alone.
    assert drawn[0] == on_table - 1 and max(drawn[1:]) == 1, drawn
    table.close()
