"""The PNG backend: a scene as a PNG image, drawn and encoded with Pillow.

For the viewers that show only images (GitHub's notebook view, a notebook
opened with no kernel): the same shapes the SVG and canvas backends draw
(:func:`~solitaire_widgets.render.scene_shapes`), painted by Pillow's ``ImageDraw`` on a picture
``SUPERSAMPLE`` times larger and shrunk by averaging, which smooths every
edge as a browser's anti-aliasing does. Each shape is drawn as a coverage
mask of its own box and its colour laid through the mask, so translucent
colours blend once, in sRGB as browsers blend them. Text is drawn with the
first font of the SVG's font stack found on the machine (Helvetica or Arial
or Liberation Sans, Georgia or DejaVu Serif, ...), or Pillow's own font.

Pillow comes with ipycanvas, so it is there wherever the widgets are; it is
imported only when a picture is drawn: the engine, ``import
solitaire_widgets`` and the page's engine in the browser (where there is no
Pillow) never load it.

>>> from solitaire_widgets import new_game
>>> from solitaire_widgets.render.scene import layout
>>> png = scene_png(layout("chain", new_game("chain", seed=5).table, 380), scale=1)
>>> png[:8] == b"\\x89PNG\\r\\n\\x1a\\n", png_size(png)
(True, (380, 299))
"""

from __future__ import annotations

import io
import math
import re
import struct
from collections.abc import Callable, Collection, Iterable
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ..errors import ShapeError
from .draw import scene_shapes
from .scene import Scene
from .shapes import Path, Rect, Shape, Text

if TYPE_CHECKING:  # pragma: no cover
    from PIL import Image, ImageDraw, ImageFont

    Paint = Callable[[ImageDraw.ImageDraw, int, int, Any], object]

__all__ = ["scene_png", "shapes_png", "png_size", "parse_colour", "path_contours",
           "open_png", "PNG_SCALE", "SUPERSAMPLE", "COLOURS"]

#: Pixels of the PNG per pixel of the scene in the notebook pictures.
PNG_SCALE = 1.0
#: Shapes are painted this many times larger, then shrunk: 16 samples a pixel.
SUPERSAMPLE = 4
#: Colours in a PNG's palette: a table has a few flat colours and their blends
#: at the edges; more would add bytes and no difference a reader could see.
COLOURS = 128
#: How far (pixels of the large picture) a flattened curve may stray from the true one.
_TOLERANCE = 0.5

Colour = tuple[int, int, int, float]
Point = tuple[float, float]

_NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_TOKEN = re.compile(rf"\s*,?\s*({_NUMBER}|[A-Za-z])")
#: The path commands the card faces use (each absolute or relative), and their numbers.
_ARGS = {"M": 2, "L": 2, "C": 6, "A": 7, "Z": 0}

#: Font files tried for each face, in the order of the SVG's font stacks
#: (:data:`~.shapes.SANS`, :data:`~.shapes.SERIF`): macOS, Windows, then Linux names.
_FONTS = {
    ("sans", "normal"): ("Helvetica.ttc", "Arial.ttf", "arial.ttf", "LiberationSans-Regular.ttf",
                         "DejaVuSans.ttf"),
    ("sans", "bold"): ("Arial Bold.ttf", "arialbd.ttf", "LiberationSans-Bold.ttf",
                       "DejaVuSans-Bold.ttf"),
    ("serif", "normal"): ("Georgia.ttf", "georgia.ttf", "DejaVuSerif.ttf",
                          "Times New Roman.ttf", "times.ttf", "LiberationSerif-Regular.ttf"),
    ("serif", "bold"): ("Georgia Bold.ttf", "georgiab.ttf", "DejaVuSerif-Bold.ttf",
                        "Times New Roman Bold.ttf", "timesbd.ttf", "LiberationSerif-Bold.ttf"),
}


def parse_colour(text: str) -> Colour | None:
    """A CSS colour as ``(red, green, blue, alpha)``; ``None`` for ``"none"``.

    The forms the package writes: ``#rgb``, ``#rrggbb``, ``rgb(r,g,b)``,
    ``rgba(r,g,b,a)``, ``none`` and ``transparent``.

    >>> parse_colour("#1f6a3e"), parse_colour("#fff"), parse_colour("rgba(0,0,0,0.22)")
    ((31, 106, 62, 1.0), (255, 255, 255, 1.0), (0, 0, 0, 0.22))
    >>> parse_colour("teal")
    Traceback (most recent call last):
    ...
    solitaire_widgets.errors.ShapeError: the PNG backend reads colours as #rgb, #rrggbb, rgb(...) or rgba(...), not 'teal'
    """
    value = text.strip().lower()
    if value in ("none", "transparent"):
        return None
    if re.fullmatch(r"#[0-9a-f]{3}", value):
        r, g, b = (int(c * 2, 16) for c in value[1:])
        return r, g, b, 1.0
    if re.fullmatch(r"#[0-9a-f]{6}", value):
        return int(value[1:3], 16), int(value[3:5], 16), int(value[5:7], 16), 1.0
    match = re.fullmatch(rf"rgba?\(\s*({_NUMBER})\s*,\s*({_NUMBER})\s*,\s*({_NUMBER})\s*"
                         rf"(?:,\s*({_NUMBER})\s*)?\)", value)
    if match and (match.group(4) is None) == value.startswith("rgb("):
        r, g, b = (max(0, min(255, round(float(match.group(i))))) for i in (1, 2, 3))
        alpha = 1.0 if match.group(4) is None else max(0.0, min(1.0, float(match.group(4))))
        return r, g, b, alpha
    raise ShapeError("the PNG backend reads colours as #rgb, #rrggbb, rgb(...) or rgba(...), "
                     f"not {text!r}")


# -- paths --------------------------------------------------------------------------


def _cubic(p0: Point, p1: Point, p2: Point, p3: Point, tol: float) -> list[Point]:
    """Points along a cubic Bézier after ``p0``, at most about ``tol`` from it."""
    dd = max(math.hypot(p0[0] - 2 * p1[0] + p2[0], p0[1] - 2 * p1[1] + p2[1]),
             math.hypot(p1[0] - 2 * p2[0] + p3[0], p1[1] - 2 * p2[1] + p3[1]))
    n = max(1, math.ceil(math.sqrt(0.75 * dd / tol)))
    out = []
    for i in range(1, n + 1):
        t = i / n
        u = 1 - t
        a, b, c, d = u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t
        out.append((a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0],
                    a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1]))
    return out


def _arc(start: Point, rx: float, ry: float, rotation: float, large: bool, sweep: bool,
         end: Point, tol: float) -> list[Point]:
    """Points along an SVG elliptical arc after ``start`` (SVG 1.1, F.6.5)."""
    (x1, y1), (x2, y2) = start, end
    rx, ry = abs(rx), abs(ry)
    if rx == 0 or ry == 0 or start == end:
        return [end]
    phi = math.radians(rotation)
    cos, sin = math.cos(phi), math.sin(phi)
    dx, dy = (x1 - x2) / 2, (y1 - y2) / 2
    xp, yp = cos * dx + sin * dy, -sin * dx + cos * dy
    grow = xp * xp / (rx * rx) + yp * yp / (ry * ry)
    if grow > 1:
        rx, ry = rx * math.sqrt(grow), ry * math.sqrt(grow)
    num = rx * rx * ry * ry - rx * rx * yp * yp - ry * ry * xp * xp
    den = rx * rx * yp * yp + ry * ry * xp * xp
    coef = math.sqrt(max(0.0, num / den)) * (-1 if large == sweep else 1)
    cxp, cyp = coef * rx * yp / ry, -coef * ry * xp / rx
    cx = cos * cxp - sin * cyp + (x1 + x2) / 2
    cy = sin * cxp + cos * cyp + (y1 + y2) / 2
    theta = math.atan2((yp - cyp) / ry, (xp - cxp) / rx)
    delta = math.atan2((-yp - cyp) / ry, (-xp - cxp) / rx) - theta
    if sweep and delta < 0:
        delta += 2 * math.pi
    elif not sweep and delta > 0:
        delta -= 2 * math.pi
    radius = max(rx, ry)
    step = 2 * math.acos(max(-1.0, 1 - tol / radius)) if tol < radius else math.pi / 2
    n = max(2, math.ceil(abs(delta) / step))
    out = []
    for i in range(1, n):
        t = theta + delta * i / n
        ex, ey = rx * math.cos(t), ry * math.sin(t)
        out.append((cx + cos * ex - sin * ey, cy + sin * ex + cos * ey))
    out.append(end)
    return out


@lru_cache(maxsize=256)
def path_contours(d: str, tol: float = 0.2) -> list[list[Point]]:
    """SVG path data flattened to closed polygons (in the path's own units).

    It reads the commands the card faces use, ``M L C A Z`` (and their
    relative forms); any other raises :class:`~solitaire_widgets.errors.ShapeError`.
    The result is cached: do not change it.

    >>> path_contours("M0,0 L10,0 L10,10 Z")
    [[(0.0, 0.0), (10.0, 0.0), (10.0, 10.0)]]
    >>> path_contours("M0,0 H10")
    Traceback (most recent call last):
    ...
    solitaire_widgets.errors.ShapeError: the PNG backend draws paths of M, L, C, A and Z (and m, l, c, a, z); 'M0,0 H10' has H
    """
    tokens = []
    pos = 0
    while pos < len(d):
        match = _TOKEN.match(d, pos)
        if match is None:
            if d[pos:].strip(" ,\t\r\n") == "":
                break
            raise ShapeError(f"path data {d!r} cannot be read at {d[pos:pos + 12]!r}")
        tokens.append(match.group(1))
        pos = match.end()
    contours: list[list[Point]] = []
    current: list[Point] = []
    x = y = 0.0
    start = (0.0, 0.0)
    command = ""
    i = 0
    while i < len(tokens):
        if tokens[i].isalpha():
            command = tokens[i]
            i += 1
            if command.upper() not in _ARGS:
                raise ShapeError("the PNG backend draws paths of M, L, C, A and Z (and m, l, c, "
                                 f"a, z); {d!r} has {command}")
            if command in "Zz":
                contours.append(current)
                current, (x, y) = [], start
                continue
        elif not command or command in "Zz":
            raise ShapeError(f"path data {d!r} has a number where a command should be")
        count = _ARGS[command.upper()]
        try:
            args = [float(value) for value in tokens[i:i + count]]
        except ValueError:
            raise ShapeError(f"path data {d!r}: {command} needs {count} numbers") from None
        if len(args) < count:
            raise ShapeError(f"path data {d!r}: {command} needs {count} numbers")
        i += count
        ox, oy = (x, y) if command.islower() else (0.0, 0.0)
        upper = command.upper()
        if upper == "M":
            contours.append(current)
            x, y = start = (ox + args[0], oy + args[1])
            current = [start]
            command = "l" if command.islower() else "L"  # later pairs are line-tos
            continue
        current = current or [(x, y)]
        end = (ox + args[-2], oy + args[-1])
        if upper == "L":
            current.append(end)
        elif upper == "C":
            current.extend(_cubic((x, y), (ox + args[0], oy + args[1]),
                                  (ox + args[2], oy + args[3]), end, tol))
        else:
            current.extend(_arc((x, y), args[0], args[1], args[2], args[3] != 0, args[4] != 0,
                                end, tol))
        x, y = end
    contours.append(current)
    return [contour for contour in contours if len(contour) > 2]


# -- painting -----------------------------------------------------------------------


@lru_cache(maxsize=64)
def _font(family: str, weight: str, size: float) -> ImageFont.FreeTypeFont:
    """The first font of the stack's kind (serif or sans) found, at ``size`` pixels."""
    from PIL import ImageFont

    generic = family.rsplit(",", 1)[-1].strip().strip("'\"").lower()
    kind = "serif" if generic == "serif" else "sans"
    for name in _FONTS[(kind, "bold" if weight == "bold" else "normal")]:
        try:
            return ImageFont.truetype(name, size)
        except OSError:
            continue
    default = ImageFont.load_default(size)
    assert isinstance(default, ImageFont.FreeTypeFont)
    return default


def _inclusive(left: float, top: float, right: float, bottom: float) -> tuple[int, ...]:
    """A box as Pillow takes it: whole pixels (of the large picture), its last
    row and column painted."""
    x0, y0 = round(left), round(top)
    return x0, y0, max(x0, round(right) - 1), max(y0, round(bottom) - 1)


class _Painter:
    """A picture being painted shape by shape, each through a mask of its own box."""

    def __init__(self, width: int, height: int, k: float) -> None:
        from PIL import Image, ImageDraw

        self.image = Image.new("RGB", (width * SUPERSAMPLE, height * SUPERSAMPLE))
        self.k = k * SUPERSAMPLE
        self._draw = ImageDraw.Draw

    @staticmethod
    def _new_mask(size: tuple[int, int]) -> Image.Image:
        from PIL import Image

        return Image.new("L", size, 0)

    def _lay(self, colour: Colour, box: tuple[float, float, float, float],
             paint: Paint) -> None:
        """Paint ``colour`` where ``paint(draw, left, top, ink)`` draws inside ``box``.

        An opaque colour is drawn straight on the picture; a translucent one
        through a mask of the box, so that it blends once where parts of the
        shape overlap.
        """
        if colour[3] >= 1:
            paint(self._draw(self.image), 0, 0, colour[:3])
            return
        width, height = self.image.size
        left, top = max(0, math.floor(box[0])), max(0, math.floor(box[1]))
        right, bottom = min(width, math.ceil(box[2])), min(height, math.ceil(box[3]))
        if right <= left or bottom <= top:
            return
        mask = self._new_mask((right - left, bottom - top))
        paint(self._draw(mask), left, top, round(255 * colour[3]))
        self.image.paste(colour[:3], (left, top, right, bottom), mask)

    def rect(self, shape: Rect) -> None:
        k = self.k
        x, y, w, h, radius = shape.x * k, shape.y * k, shape.w * k, shape.h * k, shape.radius * k
        fill = parse_colour(shape.fill)
        if fill is not None and w > 0 and h > 0:
            self._lay(fill, (x, y, x + w, y + h), lambda draw, ox, oy, ink: draw.rounded_rectangle(
                _inclusive(x - ox, y - oy, x + w - ox, y + h - oy), round(radius), fill=ink))
        stroke = parse_colour(shape.stroke)
        half = shape.stroke_width * k / 2
        if stroke is not None and half > 0 and w > 0 and h > 0:
            # The outline straddles the edge, as SVG and the canvas draw it.
            self._lay(stroke, (x - half, y - half, x + w + half, y + h + half),
                      lambda draw, ox, oy, ink: draw.rounded_rectangle(
                          _inclusive(x - half - ox, y - half - oy, x + w + half - ox,
                                     y + h + half - oy), round(radius + half), outline=ink,
                          width=max(1, round(2 * half))))

    def path(self, shape: Path) -> None:
        fill = parse_colour(shape.fill)
        stroke = parse_colour(shape.stroke) if shape.stroke_width > 0 else None
        factor = shape.scale * self.k * (-1.0 if shape.rotate180 else 1.0)
        tx, ty = shape.tx * self.k, shape.ty * self.k
        contours = [[(tx + factor * px, ty + factor * py) for px, py in contour]
                    for contour in path_contours(shape.d, _TOLERANCE / max(abs(factor), 1e-9))]
        points = [p for contour in contours for p in contour]
        if not points:
            return
        half = shape.stroke_width * abs(factor) / 2 if stroke is not None else 0.0
        box = (min(p[0] for p in points) - half - 1, min(p[1] for p in points) - half - 1,
               max(p[0] for p in points) + half + 1, max(p[1] for p in points) + half + 1)
        for colour, width in ((fill, 0.0), (stroke, 2 * half)):
            if colour is None:
                continue

            def polygons(draw: ImageDraw.ImageDraw, ox: int, oy: int, ink: Any,
                         width: float = width) -> None:
                # Each contour filled and the fills united: the non-zero rule for
                # paths without holes, as every path of the card faces is.
                for contour in contours:
                    moved = [(px - ox, py - oy) for px, py in contour]
                    if width:
                        draw.line([*moved, moved[0]], fill=ink,
                                  width=max(1, round(width)), joint="curve")
                    else:
                        draw.polygon(moved, fill=ink)
            self._lay(colour, box, polygons)

    def text(self, shape: Text) -> None:
        colour = parse_colour(shape.fill)
        if colour is None or not shape.text.strip():
            return
        font = _font(shape.family, shape.weight, round(shape.size * self.k * 4) / 4)
        anchor = {"start": "ls", "middle": "ms", "end": "rs"}[shape.anchor]
        x, y = shape.x * self.k, shape.y * self.k
        # The glyphs drawn in a mask of their own, the anchor at (0, 0) of their
        # box's coordinates; turned half round about the anchor if asked.
        left, top, right, bottom = (round(v) for v in self._draw(self._new_mask((1, 1))).textbbox(
            (0, 0), shape.text, font=font, anchor=anchor))
        glyphs = self._new_mask((max(1, right - left), max(1, bottom - top)))
        self._draw(glyphs).text((-left, -top), shape.text, fill=255, font=font, anchor=anchor)
        if shape.rotate180:
            glyphs = glyphs.rotate(180)
            left, top, right, bottom = -right, -bottom, -left, -top
        at = (round(x + left), round(y + top))
        self._lay(colour, (at[0], at[1], at[0] + glyphs.width, at[1] + glyphs.height),
                  lambda draw, ox, oy, ink: draw.bitmap((at[0] - ox, at[1] - oy), glyphs,
                                                        fill=ink))

    def png(self) -> bytes:
        """The picture shrunk back to its size (each pixel the average of its
        samples), in a palette of :data:`COLOURS` colours (a third of the bytes)."""
        from PIL import Image

        out = io.BytesIO()
        small = self.image.reduce(SUPERSAMPLE)
        small.quantize(COLOURS, dither=Image.Dither.NONE).save(out, format="PNG", optimize=True)
        return out.getvalue()


def png_size(png: bytes) -> tuple[int, int]:
    """The width and height a PNG's header gives.

    >>> png_size(shapes_png([Rect(0, 0, 2, 1, fill="#fff")], 2, 1))
    (2, 1)
    """
    if png[:8] != b"\x89PNG\r\n\x1a\n" or png[12:16] != b"IHDR":
        raise ShapeError("not a PNG image")
    width, height = struct.unpack(">II", png[16:24])
    return width, height


def shapes_png(shapes: Iterable[Shape], width: float, height: float,
               scale: float = 1.0) -> bytes:
    """A PNG of ``shapes`` (scene pixels) on a ``width`` x ``height`` picture, scaled by ``scale``.

    What is not drawn is black; a scene's first shape is its felt.

    >>> png_size(shapes_png([Rect(0, 0, 10, 5, fill="#fff")], 10, 5, scale=2))
    (20, 10)
    """
    if not (math.isfinite(scale) and scale > 0):
        raise ShapeError(f"the scale of a PNG is a number above 0, not {scale!r}")
    painter = _Painter(max(1, math.ceil(width * scale - 1e-9)),
                       max(1, math.ceil(height * scale - 1e-9)), scale)
    for shape in shapes:
        if isinstance(shape, Rect):
            painter.rect(shape)
        elif isinstance(shape, Text):
            painter.text(shape)
        else:
            painter.path(shape)
    return painter.png()


def scene_png(scene: Scene, four_colour: bool = False, highlight: Collection[str] = frozenset(),
              scale: float = PNG_SCALE) -> bytes:
    """A PNG image of ``scene``: the shapes :func:`~solitaire_widgets.render.scene_svg` draws, as pixels.

    The picture is ``scale`` times the scene's size (rounded up).

    >>> from solitaire_widgets import new_game
    >>> from solitaire_widgets.render.scene import layout
    >>> scene = layout("klondike", new_game("klondike", seed=7).table, 200)
    >>> png_size(scene_png(scene, scale=0.5)) == (100, math.ceil(scene.height / 2))
    True
    """
    return shapes_png(scene_shapes(scene, four_colour, highlight), scene.width, scene.height,
                      scale)


def open_png(png: bytes) -> Image.Image:
    """A PNG as a Pillow image in RGB (for tests and tools that read pixels back).

    >>> open_png(shapes_png([Rect(0, 0, 2, 1, fill="#fff")], 2, 1)).getpixel((1, 0))
    (255, 255, 255)
    """
    from PIL import Image

    return Image.open(io.BytesIO(png)).convert("RGB")
