"""solitaire_widgets: three old solitaires for Jupyter.

The rules engine (this package's modules other than ``widgets`` and its
helpers) imports no user-interface library; the widgets are loaded only when
first asked for.

>>> import solitaire_widgets as sw
>>> game = sw.new_game("klondike", seed=42)
>>> len(game.legal_moves()) > 0
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .cards import Card, full_deck, parse_cards
from .errors import (
    DeckError,
    IllegalMoveError,
    NotationError,
    OptionError,
    SaveFileError,
    SolitaireError,
)
from .examples import Example
from .game import Game, Result, Step, register_display
from .games import GAMES, new_game
from .moves import Move
from .save_reader import load_game

if TYPE_CHECKING:  # pragma: no cover
    from .widgets import GameWidget, LessonWidget, ReplayWidget

__version__ = "0.1.0"

__all__ = [
    "Card",
    "DeckError",
    "GAMES",
    "Game",
    "GameWidget",
    "IllegalMoveError",
    "LessonWidget",
    "Move",
    "NotationError",
    "OptionError",
    "ReplayWidget",
    "Result",
    "SaveFileError",
    "SolitaireError",
    "Step",
    "full_deck",
    "load_game",
    "new_game",
    "parse_cards",
]

_WIDGETS = {"GameWidget", "LessonWidget", "ReplayWidget"}


def _drawn(name: str) -> Callable[[Any], Any]:
    """A picture drawn by ``render.display.<name>`` (``html_replays.<name>`` for an
    example's player), imported on first use: the engine imports nothing of the
    render layer, and a program that shows no picture (the page's worker) never
    loads it."""

    def draw(shown: Any) -> Any:
        if name == "example_html":
            from . import html_replays

            return html_replays.example_html(shown)
        from .render import display

        return getattr(display, name)(shown)

    return draw


for _kind in ("svg", "png", "html"):
    register_display(Game, _kind, _drawn(f"repr_{_kind}"))
register_display(Example, "html", _drawn("example_html"))
register_display(Example, "png", _drawn("example_png"))


def __getattr__(name: str) -> Any:
    # The widgets import ipywidgets and ipycanvas; load them only on demand so
    # that the engine stays usable (and fast to import) without a UI.
    if name in _WIDGETS:
        from . import widgets

        return getattr(widgets, name)
    raise AttributeError(f"module 'solitaire_widgets' has no attribute {name!r}")
