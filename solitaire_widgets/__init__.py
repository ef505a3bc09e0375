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
from .game import Game, Result, Step
from .games import GAMES, new_game
from .moves import Move
from .saves import load_game

if TYPE_CHECKING:  # pragma: no cover
    from .widgets import GameWidget, ReplayWidget

__version__ = "0.1.0"

__all__ = [
    "Card",
    "DeckError",
    "GAMES",
    "Game",
    "GameWidget",
    "IllegalMoveError",
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

_WIDGETS = {"GameWidget", "ReplayWidget"}


def __getattr__(name: str) -> Any:
    # The widgets import ipywidgets and ipycanvas; load them only on demand so
    # that the engine stays usable (and fast to import) without a UI.
    if name in _WIDGETS:
        from . import widgets

        return getattr(widgets, name)
    raise AttributeError(f"module 'solitaire_widgets' has no attribute {name!r}")
