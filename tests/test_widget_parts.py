"""The GameWidget is made of parts, each owning its state (issue 42).

Its controls, its drawing, the width it is laid out for, its runs of play
and its review are objects it holds, each passed what it needs; no class of
``widgets/`` mixes into another, so none re-declares another's attributes
for the type checker. The ReplayWidget fits the page by the same part.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")

from solitaire_widgets import new_game, widgets  # noqa: E402
from solitaire_widgets.widgets import GameWidget, ReplayWidget  # noqa: E402

WIDGETS = Path(widgets.__file__).parent


def _widgets_classes() -> list[type]:
    found = []
    for info in pkgutil.iter_modules([str(WIDGETS)]):
        module = importlib.import_module(f"solitaire_widgets.widgets.{info.name}")
        found += [cls for _name, cls in inspect.getmembers(module, inspect.isclass)
                  if cls.__module__ == module.__name__]
    return found


def _ours(cls: type) -> bool:
    return cls.__module__.startswith("solitaire_widgets.widgets")


@pytest.mark.parametrize("widget", [GameWidget, ReplayWidget])
def test_a_widget_mixes_in_no_class_of_the_widgets(widget: type) -> None:
    assert [cls.__name__ for cls in widget.__mro__ if _ours(cls)] == [widget.__name__]


def test_no_widgets_class_re_declares_an_attribute_of_a_class_it_is_combined_with() -> None:
    for cls in _widgets_classes():
        ours = [base for base in cls.__mro__ if _ours(base)]
        for at, one in enumerate(ours):
            for other in ours[at + 1:]:
                both = set(vars(one).get("__annotations__", {})) & set(
                    vars(other).get("__annotations__", {}))
                assert not both, f"{one.__name__} and {other.__name__} both declare {both}"


def test_the_widget_s_parts_own_their_state_and_its_names_are_theirs() -> None:
    table = GameWidget("klondike", seed=7, animate=False)
    assert table.new_button is table.controls.new_button
    assert table.action_buttons is table.controls.action_buttons
    assert table.review_button is table.review_bar.review_button
    assert table._scene is table.drawing.scene is not None
    assert table.drawn_width == table.fit.drawn_width == 760
    table._scene = None
    assert table.drawing.scene is None
    table.redraw()
    assert table._scene is table.drawing.scene is not None
    table.auto_finish()
    assert table.finish_and_search.played == len(table.game.history) > 0
    table.close()


def _defined(name: str) -> list[str]:
    """Where in ``widgets/`` a function or property ``name`` is defined."""
    found = []
    for path in sorted(WIDGETS.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name == name:
                found.append(path.name)
    return found


def test_both_widgets_fit_the_page_by_one_part() -> None:
    table = GameWidget("chain", seed=1, animate=False)
    replay = ReplayWidget(new_game("chain", seed=1), animate=False)
    assert type(table.fit) is type(replay.fit)
    for widget in (table, replay):
        widget.keyboard._handle_custom_msg({"room": 332}, [])
        assert widget.drawn_width == widget.fit.drawn_width == 332
        widget.close()
    assert _defined("drawn_width") == ["fit.py"]
    assert _defined("_on_room") + _defined("on_room") == ["fit.py"]


def test_a_widgets_module_s_name_is_not_another_s_with_a_word_before_it() -> None:
    """``runs`` beside ``table_runs`` said nothing of which held what."""
    names = [info.name for info in pkgutil.iter_modules([str(WIDGETS)])]
    clashes = [(a, b) for a in names for b in names if a != b and b.endswith("_" + a)]
    assert not clashes
