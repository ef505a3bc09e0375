"""Drawing primitives in absolute scene coordinates: what every backend draws.

A scene is turned into one flat list of these (see :mod:`.draw`); the SVG
backend writes each as an element and the canvas widget draws each with the
2D context. They are plain frozen values, so tests can compare them.

Conventions shared by both backends:

- colours are CSS colour strings (``"#fff"``, ``"rgba(0,0,0,0.2)"``, ``"none"``);
- :class:`Text` is placed by its alphabetic baseline; ``rotate180`` turns it
  half a turn about ``(x, y)`` (the upside-down corner index of a card);
- :class:`Path` is drawn as ``translate(tx, ty) scale(scale)`` then, if
  ``rotate180``, a half turn about the origin, then the path data ``d``
  (ipycanvas: ``Path2D(d)``); ``stroke_width`` is in path units.

>>> Rect(0, 0, 10, 14, radius=1, fill="#fff").w
10
>>> Text(5, 7, "A", 6).anchor
'start'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

__all__ = ["Rect", "Text", "Path", "Shape", "SANS", "SERIF"]

#: Font stacks: labels use the sans one, card indices the serif one.
SANS = "Helvetica, Arial, 'DejaVu Sans', sans-serif"
SERIF = "Georgia, 'DejaVu Serif', 'Times New Roman', serif"


@dataclass(frozen=True, slots=True)
class Rect:
    """A rectangle with rounded corners of ``radius``, filled and/or stroked."""

    x: float
    y: float
    w: float
    h: float
    radius: float = 0.0
    fill: str = "none"
    stroke: str = "none"
    stroke_width: float = 0.0


@dataclass(frozen=True, slots=True)
class Text:
    """One line of text, its alphabetic baseline at ``y``."""

    x: float
    y: float
    text: str
    size: float
    fill: str = "#000"
    anchor: Literal["start", "middle", "end"] = "start"
    weight: Literal["normal", "bold"] = "normal"
    rotate180: bool = False
    family: str = SANS


@dataclass(frozen=True, slots=True)
class Path:
    """SVG path data drawn translated, scaled and maybe turned half round."""

    d: str
    fill: str = "#000"
    stroke: str = "none"
    stroke_width: float = 0.0
    tx: float = 0.0
    ty: float = 0.0
    scale: float = 1.0
    rotate180: bool = False


Shape = Rect | Text | Path
