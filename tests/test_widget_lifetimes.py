"""Closed widgets leave nothing registered, and a move's cost does not grow with the game.

ipywidgets keeps every widget registered until it is closed; a GameWidget or
a ReplayWidget is built from about 170 others (boxes, buttons, layouts,
styles, canvases, paths), so closing it must close them all. A GameWidget
publishes its game as the ``state`` trait after every move; it knows that
save is valid (it made it), so only a state set from outside is read and
checked.
"""

from __future__ import annotations

from typing import Any

import pytest
import traitlets
from ipywidgets.widgets.widget import _instances  # type: ignore[import-untyped]

from solitaire_widgets import new_game, save_reader
from solitaire_widgets.examples import example_names, get_example
from solitaire_widgets.widgets import GameWidget, ReplayWidget


def _registered() -> set[str]:
    return set(_instances)


def _play_and_close_every_kind() -> None:
    for seed, name in enumerate(["klondike", "chain", "quarrel"] * 2):
        widget = GameWidget(name, seed=seed, animate=False)
        for _ in range(3):
            widget.play(widget.game.legal_moves()[0])
        widget.hint()
        widget.undo()
        widget.new_deal(seed + 10)
        widget.width = 600          # new card images
        widget.close()
        replay = ReplayWidget(new_game(name, seed=seed), animate=False)
        replay.close()
    replay = ReplayWidget(get_example(example_names()[0]), animate=False)
    replay.position = 1
    replay.close()


def test_closed_widgets_leave_nothing_registered() -> None:
    """What a closed table leaves is only what every table of the kernel shares
    (widgets/shared.py: layouts, styles, the pips' paths, made once): a second round of
    the same tables leaves nothing at all."""
    from solitaire_widgets.widgets.shared import is_shared

    GameWidget("klondike", seed=1).close()   # ipycanvas's one shared manager is made once
    before = _registered()
    _play_and_close_every_kind()
    kept = [_instances[k] for k in _registered() - before]
    assert all(is_shared(widget) for widget in kept), sorted(
        type(widget).__name__ for widget in kept if not is_shared(widget))
    before = _registered()
    widget = GameWidget("quarrel", seed=2, animate=False)
    assert len(_registered() - before) > 20
    widget.close()
    _play_and_close_every_kind()
    left = _registered() - before
    assert not left, sorted(type(_instances[k]).__name__ for k in left)


def test_a_widget_checks_only_a_state_set_from_outside(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    real = save_reader._check_shape

    def counting(data: Any) -> dict[str, Any]:
        calls.append(len(data.get("moves", ())))
        return real(data)

    # Every save read goes through this check, wherever it is read.
    monkeypatch.setattr(save_reader, "_check_shape", counting)
    widget = GameWidget("klondike", seed=3, animate=False)
    for _ in range(5):
        widget.play("turn")
    widget.undo()
    widget.redo()
    assert calls == [], "the widget's own saves are not read again"
    other = new_game("klondike", seed=3)
    other.play("turn")
    widget.state = other.to_json()
    assert len(calls) >= 1 and widget.game.to_json() == other.to_json()
    with pytest.raises(traitlets.TraitError, match="the state is not a saved game"):
        widget.state = widget.state.replace('"turn"', '"t1>t1"', 1)
    assert widget.game.to_json() == other.to_json()
    widget.close()
