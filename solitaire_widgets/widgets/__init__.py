"""The notebook widgets: :class:`GameWidget` to play, :class:`ReplayWidget` to watch,
:class:`LessonWidget` to take a lesson.

They draw with ipycanvas (one message per animated step) and show an HTML
player and an SVG image where no kernel runs (nbviewer, GitHub, the book).

>>> from solitaire_widgets.widgets import GameWidget, ReplayWidget
>>> GameWidget("klondike", seed=1, animate=False).game.name
'klondike'
"""

from __future__ import annotations

from .game_widget import GameWidget
from .lesson_widget import LessonWidget
from .replay_widget import ReplayWidget

__all__ = ["GameWidget", "LessonWidget", "ReplayWidget"]
