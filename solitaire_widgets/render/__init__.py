"""Rendering: a position as a scene of sprites, and the scene as shapes, SVG or HTML.

Pure functions, no user-interface library: position -> :func:`layout` ->
``Scene`` -> ``scene_shapes`` -> a backend (:func:`scene_svg` here,
``render.png.scene_png`` with Pillow, the ipycanvas widget elsewhere). :func:`tween` and
:func:`step_scenes` make the frames of an animation; :func:`html_player` a
kernel-free replay.

>>> from solitaire_widgets import new_game
>>> from solitaire_widgets.render import layout, scene_svg
>>> svg = scene_svg(layout("klondike", new_game("klondike", seed=7).table, 480))
>>> svg.count('class="card"')
52
"""

from __future__ import annotations

from .cardface import back_shapes, card_shapes, suit_colour, suit_path
from .display import replay_still, repr_html, repr_png, repr_svg, still_html, still_png
from .draw import scene_layers, scene_shapes
from .in_words import describe_pile, describe_table
from .player import html_player
from .scene import Label, Scene, Slot, Sprite, layout, match_sprites, readable_width
from .shapes import Path, Rect, Shape, Text
from .svg import scene_svg
from .tween import event_scenes, step_scenes, tween

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
    "describe_pile",
    "describe_table",
    "event_scenes",
    "html_player",
    "layout",
    "match_sprites",
    "readable_width",
    "replay_still",
    "repr_html",
    "repr_png",
    "repr_svg",
    "scene_layers",
    "scene_shapes",
    "scene_svg",
    "step_scenes",
    "still_html",
    "still_png",
    "suit_colour",
    "suit_path",
    "tween",
]
