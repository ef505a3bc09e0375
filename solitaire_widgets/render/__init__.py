"""Rendering: a position as a scene of sprites, and the scene as shapes, SVG or HTML.

Pure functions, no user-interface library: position -> :func:`layout` ->
:class:`Scene` -> :func:`scene_shapes` -> a backend (:func:`scene_svg` here,
the ipycanvas widget elsewhere). :func:`tween` and :func:`step_scenes` make
the frames of an animation; :func:`html_player` a kernel-free replay.

>>> from solitaire_widgets import new_game
>>> from solitaire_widgets.render import layout, scene_svg
>>> svg = scene_svg(layout("klondike", new_game("klondike", seed=7).table, 480))
>>> svg.count('class="card"')
52
"""

from __future__ import annotations

from .cardface import back_shapes, card_shapes, suit_colour, suit_path
from .draw import scene_layers, scene_shapes
from .scene import Label, Scene, Slot, Sprite, layout, match_sprites
from .shapes import Path, Rect, Shape, Text
from .svg import scene_svg

__all__ = [
    "Label",
    "Path",
    "Rect",
    "Scene",
    "Shape",
    "Slot",
    "Sprite",
    "Text",
    "back_shapes",
    "card_shapes",
    "layout",
    "match_sprites",
    "scene_layers",
    "scene_shapes",
    "scene_svg",
    "suit_colour",
    "suit_path",
]
