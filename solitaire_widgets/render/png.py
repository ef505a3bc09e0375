"""The PNG backend: a scene as a PNG image, drawn in pure Python.

For the viewers that show only images (GitHub's notebook view drops
scripts, styles and SVG in HTML): the same shapes the SVG and canvas
backends draw (:func:`~.draw.scene_shapes`), rasterized here with
anti-aliasing and written as an RGB PNG with :mod:`zlib`.

How it draws: every shape becomes spans of pixel rows (a rounded rectangle
exactly, a path or a glyph from its outline flattened to a polygon, filled by
the non-zero rule as SVG and the canvas do). Each pixel row is sampled on
:data:`SUBLINES` lines; on each, a span covers its end pixels by the
fraction it spans, so an edge is smoothed both ways. Whole runs of pixels
are painted with slice assignment and ``bytes.translate``, one pixel at a
time only at edges, which keeps a table of 760 pixels well under a second.
Colours blend in sRGB as browsers do; text uses the outlines of
:mod:`.font`.

>>> from solitaire_widgets import new_game
>>> from solitaire_widgets.render.scene import layout
>>> png = scene_png(layout("chain", new_game("chain", seed=5).table, 380), scale=1)
>>> png[:8] == b"\\x89PNG\\r\\n\\x1a\\n", png_size(png)
(True, (380, 299))
"""

from __future__ import annotations

import math
import re
import struct
import zlib
from collections.abc import Callable, Collection, Iterable
from functools import lru_cache

from ..errors import ShapeError
from .draw import scene_shapes
from .font import face_for, text_outline
from .scene import Scene
from .shapes import Path, Rect, Shape, Text

__all__ = ["scene_png", "shapes_png", "encode_png", "png_size", "parse_colour", "path_contours",
           "PNG_SCALE", "SUBLINES", "TOLERANCE"]

#: Pixels of the PNG per pixel of the scene in the notebook pictures (see
#: :func:`scene_png`).
PNG_SCALE = 1.0
#: Sample lines per pixel row: vertical anti-aliasing in steps of a quarter.
SUBLINES = 4
#: How far (pixels) a flattened curve may stray from the true one.
TOLERANCE = 0.2

Colour = tuple[int, int, int, float]
Point = tuple[float, float]
Spans = list[tuple[float, float]]
Hidden = list[tuple[int, int]]
Box = tuple[int, int, int, int]

_NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_TOKEN = re.compile(rf"\s*,?\s*({_NUMBER}|[A-Za-z])")
#: The path commands the card faces use (each absolute or relative), and their numbers.
_ARGS = {"M": 2, "L": 2, "C": 6, "A": 7, "Z": 0}


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


# -- painting spans ---------------------------------------------------------------


@lru_cache(maxsize=4096)
def _blend_table(value: int, alpha8: int) -> bytes:
    """``bytes.translate`` table: each byte blended towards ``value`` by ``alpha8``/255."""
    keep = 255 - alpha8
    return bytes((v * keep + value * alpha8 + 127) // 255 for v in range(256))


class _Raster:
    """An RGB picture being painted, row by row, span by span."""

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height
        self.pixels = bytearray(width * height * 3)
        #: Boxes ``(left, right, top, bottom)`` of whole pixels that a later
        #: opaque shape paints over: what is under them need not be painted.
        self.cover: list[Box] = []

    def rows(self, top: float, bottom: float, left: float, right: float,
             spans_at: Callable[[float], Spans],
             steady: tuple[float, float] = (0.0, 0.0)) -> Iterable[tuple[int, int, list[Spans]]]:
        """The pixel rows of a shape's box, as ``(row, end, spans)``: ``spans`` on each
        sample line of the row, less the pixels painted over later (rows
        painted over wholly are left out).

        Between the heights ``steady`` the spans are the same on every line
        of every row (the straight sides of a rectangle): such rows come as one
        block, rows ``row`` to ``end``, with one list of spans.
        """
        first = max(0, int(math.floor(top)))
        last = min(self.height, int(math.ceil(bottom)))
        lo, hi = math.floor(left), math.ceil(right)
        boxes = [box for box in self.cover
                 if box[0] < hi and box[1] > lo and box[2] < last and box[3] > first]
        offsets = [(i + 0.5) / SUBLINES for i in range(SUBLINES)]
        # What is painted over changes only where a box starts or ends.
        marks = sorted({first, last} | {r for box in boxes for r in box[2:] if first < r < last})
        for start, end in zip(marks, marks[1:], strict=False):
            hidden: Hidden = []
            for c0, c1 in sorted({(c0, c1) for c0, c1, r0, r1 in boxes if r0 <= start < r1}):
                if hidden and c0 <= hidden[-1][1]:
                    if c1 > hidden[-1][1]:
                        hidden[-1] = (hidden[-1][0], c1)
                else:
                    hidden.append((c0, c1))
            if any(c0 <= lo and c1 >= hi for c0, c1 in hidden):
                continue
            # The straight part of a rectangle in this band is one block of
            # rows alike; the rows above and below it are sampled line by line.
            calm = (max(start, math.ceil(steady[0])), min(end, math.floor(steady[1])))
            for row in range(start, end):
                if row == calm[0] and calm[1] > calm[0]:
                    spans = spans_at(row + 0.5)
                    yield row, calm[1], [_clip(spans, hidden) if hidden else spans]
                elif calm[0] < row < calm[1]:
                    continue
                elif hidden:
                    yield row, row + 1, [_clip(spans_at(row + dy), hidden) for dy in offsets]
                else:
                    yield row, row + 1, [spans_at(row + dy) for dy in offsets]

    def paint(self, colour: Colour, rows: Iterable[tuple[int, int, list[Spans]]]) -> None:
        """Paint ``colour`` over the spans of each row (one list per sample line), or
        of each block of rows (one list for all) as :meth:`rows` gives them."""
        r, g, b, alpha = colour
        solid = bytes((r, g, b)) * self.width
        grey = r == g == b
        width = self.width
        pixels = self.pixels

        def pixel(at: int, cover: float) -> None:
            a8 = int(alpha * cover * 255 + 0.5)
            if a8 <= 0:
                return
            if a8 >= 255:
                pixels[at:at + 3] = solid[:3]
                return
            keep = 255 - a8
            pixels[at] = (pixels[at] * keep + r * a8 + 127) // 255
            pixels[at + 1] = (pixels[at + 1] * keep + g * a8 + 127) // 255
            pixels[at + 2] = (pixels[at + 2] * keep + b * a8 + 127) // 255

        def run(base: int, start: int, end: int, cover: float) -> None:
            """Pixels ``start`` to ``end`` (exclusive) of the row at ``base``."""
            if end - start < 4:
                for x in range(start, end):
                    pixel(base + x * 3, cover)
                return
            a8 = int(alpha * cover * 255 + 0.5)
            lo, hi = base + start * 3, base + end * 3
            if a8 >= 255:
                pixels[lo:hi] = solid[:hi - lo]
            elif a8 <= 0:
                return
            elif grey:
                pixels[lo:hi] = pixels[lo:hi].translate(_blend_table(r, a8))
            else:
                for k, value in enumerate((r, g, b)):
                    pixels[lo + k:hi:3] = pixels[lo + k:hi:3].translate(_blend_table(value, a8))

        def span(base: int, xa: float, xb: float, cover: float) -> None:
            """One span with the same coverage on every sample line."""
            xa, xb = max(xa, 0.0), min(xb, float(width))
            if xb <= xa:
                return
            ia, ib = int(xa), int(xb)
            if ia == ib:
                pixel(base + ia * 3, cover * (xb - xa))
                return
            start = ia
            if xa > ia:
                pixel(base + ia * 3, cover * (ia + 1 - xa))
                start += 1
            run(base, start, ib, cover)
            if xb > ib:
                pixel(base + ib * 3, cover * (xb - ib))

        lines = float(SUBLINES)
        stride = width * 3
        channels = (r, g, b)

        def column(x: int, top: int, end: int, cover: float) -> None:
            """One pixel of each row ``top`` to ``end``: strided slices, a channel each."""
            a8 = int(alpha * cover * 255 + 0.5)
            if a8 <= 0:
                return
            lo, hi = top * stride + x * 3, (end - 1) * stride + x * 3 + 1
            for k, value in enumerate(channels):
                if a8 >= 255:
                    pixels[lo + k:hi + k:stride] = bytes((value,)) * (end - top)
                else:
                    pixels[lo + k:hi + k:stride] = pixels[lo + k:hi + k:stride].translate(
                        _blend_table(value, a8))

        for row, end, sublines in rows:
            base = row * stride
            if end > row + 1:
                for xa, xb in sublines[0]:
                    xa, xb = max(xa, 0.0), min(xb, float(width))
                    if xb <= xa:
                        continue
                    ia, ib = int(xa), int(xb)
                    if ia == ib:
                        column(ia, row, end, xb - xa)
                        continue
                    start = ia
                    if xa > ia:
                        column(ia, row, end, ia + 1 - xa)
                        start += 1
                    for at in range(base, end * stride, stride):
                        run(at, start, ib, 1.0)
                    if xb > ib:
                        column(ib, row, end, xb - ib)
                continue
            first = sublines[0]
            if all(spans == first for spans in sublines):
                for xa, xb in first:
                    span(base, xa, xb, 1.0)
                continue
            # Sample lines differ (a slanted or curved edge, a top or bottom
            # edge inside the row): add up each pixel's cover from every line.
            if all(len(spans) <= 1 for spans in sublines):
                # One span a line (a convex shape): the pixels between the
                # innermost ends are covered alike, only the ends need adding up.
                present = [(max(spans[0][0], 0.0), min(spans[0][1], float(width)))
                           for spans in sublines if spans]
                present = [(xa, xb) for xa, xb in present if xb > xa]
                if not present:
                    continue
                inner_l = math.ceil(max(xa for xa, _xb in present))
                inner_r = math.floor(min(xb for _xa, xb in present))
                outer_l = int(min(xa for xa, _xb in present))
                outer_r = math.ceil(max(xb for _xa, xb in present))
                if inner_l < inner_r:
                    run(base, inner_l, inner_r, len(present) / lines)
                    ends = [*range(outer_l, inner_l), *range(inner_r, outer_r)]
                else:
                    ends = list(range(outer_l, outer_r))
                for x in ends:
                    cover = 0.0
                    for xa, xb in present:
                        part = min(x + 1.0, xb) - max(float(x), xa)
                        if part > 0:
                            cover += part
                    pixel(base + x * 3, cover / lines)
                continue
            steps: dict[int, int] = {}
            parts: dict[int, float] = {}
            for spans in sublines:
                for xa, xb in spans:
                    xa, xb = max(xa, 0.0), min(xb, float(width))
                    if xb <= xa:
                        continue
                    ia, ib = int(xa), int(xb)
                    if ia == ib:
                        parts[ia] = parts.get(ia, 0.0) + (xb - xa)
                        continue
                    start = ia
                    if xa > ia:
                        parts[ia] = parts.get(ia, 0.0) + (ia + 1 - xa)
                        start += 1
                    steps[start] = steps.get(start, 0) + 1
                    steps[ib] = steps.get(ib, 0) - 1
                    if xb > ib:
                        parts[ib] = parts.get(ib, 0.0) + (xb - ib)
            marks = sorted(set(steps) | set(parts) | {x + 1 for x in parts})
            level = 0
            for i, x in enumerate(marks):
                level += steps.get(x, 0)
                if x >= width:
                    break
                if x in parts:
                    pixel(base + x * 3, (level + parts[x]) / lines)
                elif level:
                    end = marks[i + 1] if i + 1 < len(marks) else width
                    run(base, x, min(end, width), level / lines)


def _clip(spans: Spans, hidden: Hidden) -> Spans:
    """``spans`` less the pixel columns ``hidden``."""
    for c0, c1 in hidden:
        out: Spans = []
        for xa, xb in spans:
            if xb <= c0 or xa >= c1:
                out.append((xa, xb))
                continue
            if xa < c0:
                out.append((xa, float(c0)))
            if xb > c1:
                out.append((float(c1), xb))
        spans = out
    return spans


# -- rectangles -------------------------------------------------------------------


def _round_rect_span(x: float, y: float, w: float, h: float, radius: float,
                     sy: float) -> tuple[float, float] | None:
    """Where the line ``y = sy`` crosses a rounded rectangle, if it does."""
    if w <= 0 or h <= 0 or not y <= sy < y + h:
        return None
    radius = min(radius, w / 2, h / 2)
    inset = 0.0
    if radius > 0:
        if sy < y + radius:
            d = y + radius - sy
        elif sy > y + h - radius:
            d = sy - (y + h - radius)
        else:
            d = 0.0
        if d > 0:
            inset = radius - math.sqrt(max(0.0, radius * radius - d * d))
    return x + inset, x + w - inset


def _rect(raster: _Raster, shape: Rect, k: float) -> None:
    x, y, w, h, radius = shape.x * k, shape.y * k, shape.w * k, shape.h * k, shape.radius * k
    fill = parse_colour(shape.fill)
    if fill is not None:
        def filled(sy: float) -> Spans:
            found = _round_rect_span(x, y, w, h, radius, sy)
            return [found] if found else []

        bend = min(radius, w / 2, h / 2)
        raster.paint(fill, raster.rows(y, y + h, x, x + w, filled, (y + bend, y + h - bend)))
    stroke = parse_colour(shape.stroke)
    if stroke is None or shape.stroke_width <= 0:
        return
    # The stroke straddles the outline, as in SVG: the ring between the
    # outline grown and shrunk by half the stroke's width.
    half = shape.stroke_width * k / 2
    outer = (x - half, y - half, w + 2 * half, h + 2 * half, radius + half)
    inner = (x + half, y + half, w - 2 * half, h - 2 * half, max(0.0, radius - half))

    def ring(sy: float) -> Spans:
        out = _round_rect_span(*outer, sy)
        if out is None:
            return []
        hole = _round_rect_span(*inner, sy)
        if hole is None:
            return [out]
        return [(out[0], hole[0]), (hole[1], out[1])]

    bend = half + min(inner[4], max(0.0, inner[2]) / 2, max(0.0, inner[3]) / 2)
    raster.paint(stroke, raster.rows(outer[1], outer[1] + outer[3], outer[0], outer[0] + outer[2],
                                     ring, (y + bend, y + h - bend)))


# -- polygons: paths and glyphs ----------------------------------------------------------


def _fill_polygon(raster: _Raster, contours: list[list[Point]], colour: Colour) -> None:
    """Fill closed polygons (device pixels) by the non-zero rule."""
    edges: list[tuple[float, float, float, float, int]] = []
    for contour in contours:
        for (x0, y0), (x1, y1) in zip(contour, contour[1:] + contour[:1], strict=True):
            if y0 == y1:
                continue
            if y0 < y1:
                edges.append((y0, y1, x0, (x1 - x0) / (y1 - y0), 1))
            else:
                edges.append((y1, y0, x1, (x0 - x1) / (y0 - y1), -1))
    if not edges:
        return
    edges.sort()
    top = edges[0][0]
    bottom = max(edge[1] for edge in edges)
    left = min(min(edge[2], edge[2] + edge[3] * (edge[1] - edge[0])) for edge in edges)
    right = max(max(edge[2], edge[2] + edge[3] * (edge[1] - edge[0])) for edge in edges)
    active: list[tuple[float, float, float, float, int]] = []
    waiting = iter(edges)
    upcoming = next(waiting, None)

    def spans_at(sy: float) -> Spans:
        nonlocal active, upcoming
        while upcoming is not None and upcoming[0] <= sy:
            active.append(upcoming)
            upcoming = next(waiting, None)
        active = [edge for edge in active if edge[1] > sy]
        crossings = sorted((x + (sy - y0) * slope, way) for y0, _y1, x, slope, way in active)
        spans: Spans = []
        winding = 0
        start = 0.0
        for cx, way in crossings:
            if winding == 0:
                start = cx
            winding += way
            if winding == 0 and cx > start:
                if spans and spans[-1][1] >= start:
                    spans[-1] = (spans[-1][0], cx)
                else:
                    spans.append((start, cx))
        return spans

    raster.paint(colour, raster.rows(top, bottom, left, right, spans_at))


def _cubic(p0: Point, p1: Point, p2: Point, p3: Point, tol: float) -> list[Point]:
    """Points along a cubic Bézier after ``p0``, at most ``tol`` from it."""
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


def _quad(p0: Point, p1: Point, p2: Point, tol: float) -> list[Point]:
    """Points along a quadratic Bézier after ``p0``."""
    dd = math.hypot(p0[0] - 2 * p1[0] + p2[0], p0[1] - 2 * p1[1] + p2[1])
    n = max(1, math.ceil(math.sqrt(0.25 * dd / tol)))
    out = []
    for i in range(1, n + 1):
        t = i / n
        u = 1 - t
        out.append((u * u * p0[0] + 2 * u * t * p1[0] + t * t * p2[0],
                    u * u * p0[1] + 2 * u * t * p1[1] + t * t * p2[1]))
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
def path_contours(d: str, tol: float = TOLERANCE) -> list[list[Point]]:
    """SVG path data flattened to closed polygons (in the path's own units).

    It reads the commands the card faces use, ``M L C A Z`` (and their
    relative forms ``m l c a z``); any other raises :class:`~solitaire_widgets.errors.ShapeError`.
    An arc's two flags are numbers of their own (``0,1`` or ``0 1``, as the
    card faces write them), not run together. The result is cached: do not
    change it.

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

    def close() -> None:
        nonlocal current
        if len(current) > 2:
            contours.append(current)
        current = []

    while i < len(tokens):
        token = tokens[i]
        if token.isalpha():
            if token.upper() not in _ARGS:
                raise ShapeError("the PNG backend draws paths of M, L, C, A and Z (and m, l, c, "
                                 f"a, z); {d!r} has {token}")
            command = token
            i += 1
            if command in "Zz":
                close()
                x, y = start
                current = []
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
        relative = command.islower()
        ox, oy = (x, y) if relative else (0.0, 0.0)
        upper = command.upper()
        if upper == "M":
            close()
            x, y = ox + args[0], oy + args[1]
            start = (x, y)
            current = [start]
            command = "l" if relative else "L"  # later pairs are line-tos
            continue
        if not current:
            current = [(x, y)]
        if upper == "L":
            x, y = ox + args[0], oy + args[1]
            current.append((x, y))
        elif upper == "C":
            p1 = (ox + args[0], oy + args[1])
            p2 = (ox + args[2], oy + args[3])
            end = (ox + args[4], oy + args[5])
            current.extend(_cubic((x, y), p1, p2, end, tol))
            x, y = end
        else:
            end = (ox + args[5], oy + args[6])
            current.extend(_arc((x, y), args[0], args[1], args[2], args[3] != 0, args[4] != 0,
                                end, tol))
            x, y = end
    close()
    return contours


def _stroke_polygons(contours: list[list[Point]], width: float) -> list[list[Point]]:
    """A stroke of ``width`` along closed polygons, as polygons that unite under non-zero:
    a quadrilateral per side, all wound the same way, and a disc at each corner."""
    half = width / 2
    out: list[list[Point]] = []
    disc = [(half * math.cos(a * math.pi / 4), half * math.sin(a * math.pi / 4))
            for a in range(8)]
    for contour in contours:
        for (x0, y0), (x1, y1) in zip(contour, contour[1:] + contour[:1], strict=True):
            length = math.hypot(x1 - x0, y1 - y0)
            if length == 0:
                continue
            nx, ny = -(y1 - y0) / length * half, (x1 - x0) / length * half
            out.append([(x0 + nx, y0 + ny), (x1 + nx, y1 + ny), (x1 - nx, y1 - ny),
                        (x0 - nx, y0 - ny)])
            out.append([(x0 + dx, y0 + dy) for dx, dy in disc])
    return out


def _path(raster: _Raster, shape: Path, k: float) -> None:
    fill = parse_colour(shape.fill)
    stroke = parse_colour(shape.stroke) if shape.stroke_width > 0 else None
    if fill is None and stroke is None:
        return
    factor = shape.scale * k
    sign = -1.0 if shape.rotate180 else 1.0
    tx, ty = shape.tx * k, shape.ty * k
    tol = TOLERANCE / max(abs(factor), 1e-9)

    def place(contours: list[list[Point]]) -> list[list[Point]]:
        return [[(tx + sign * factor * px, ty + sign * factor * py) for px, py in contour]
                for contour in contours]

    contours = path_contours(shape.d, tol)
    if fill is not None:
        _fill_polygon(raster, place(contours), fill)
    if stroke is not None:
        _fill_polygon(raster, place(_stroke_polygons(contours, shape.stroke_width)), stroke)


def _text(raster: _Raster, shape: Text, k: float) -> None:
    colour = parse_colour(shape.fill)
    if colour is None or not shape.text:
        return
    x, y = shape.x * k, shape.y * k
    face = face_for(shape.family, shape.weight)
    polygons = []
    for contour in text_outline(face, shape.text, x, y, shape.size * k, shape.anchor):
        points: list[Point] = [(contour[0][0], contour[0][1])]
        # TrueType outlines: quadratic, two control points in a row imply an
        # on-curve point half way between them.
        n = len(contour)
        control: Point | None = None
        for j in range(1, n + 1):
            px, py, on = contour[j % n]
            if on:
                if control is None:
                    points.append((px, py))
                else:
                    points.extend(_quad(points[-1], control, (px, py), TOLERANCE))
                control = None
            elif control is None:
                control = (px, py)
            else:
                mid = ((control[0] + px) / 2, (control[1] + py) / 2)
                points.extend(_quad(points[-1], control, mid, TOLERANCE))
                control = (px, py)
        points.pop()  # the first point again
        if shape.rotate180:
            points = [(2 * x - px, 2 * y - py) for px, py in points]
        polygons.append(points)
    _fill_polygon(raster, polygons, colour)


# -- PNG --------------------------------------------------------------------------


def _chunk(kind: bytes, data: bytes) -> bytes:
    return (struct.pack(">I", len(data)) + kind + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))


def encode_png(pixels: bytes | bytearray, width: int, height: int) -> bytes:
    """An 8-bit RGB PNG of ``pixels`` (rows top down, 3 bytes a pixel).

    Rows are left unfiltered: a picture of flat colours is mostly runs and
    repeats, which zlib finds as they are (a table comes out a fifth smaller
    than with the rows filtered Sub or Up, whichever leaves more zeros).

    >>> png = encode_png(bytes([255, 0, 0]) * 4, 2, 2)
    >>> png_size(png), len(png) < 100
    ((2, 2), True)
    """
    stride = width * 3
    if len(pixels) != stride * height:
        raise ShapeError(f"{len(pixels)} bytes are not {width} x {height} RGB pixels")
    rows = b"".join(b"\0" + bytes(pixels[row * stride:(row + 1) * stride])
                    for row in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header)
            + _chunk(b"IDAT", zlib.compress(rows, 9)) + _chunk(b"IEND", b""))


def png_size(png: bytes) -> tuple[int, int]:
    """The width and height a PNG's header gives.

    >>> png_size(encode_png(bytes(6), 2, 1))
    (2, 1)
    """
    if png[:8] != b"\x89PNG\r\n\x1a\n" or png[12:16] != b"IHDR":
        raise ShapeError("not a PNG image")
    width, height = struct.unpack(">II", png[16:24])
    return width, height


def _opaque_boxes(shape: Shape, k: float) -> list[Box]:
    """The whole pixels an opaque rectangle paints over: a cross, the rounded corners left out."""
    if not isinstance(shape, Rect):
        return []
    colour = parse_colour(shape.fill)
    if colour is None or colour[3] < 1:
        return []
    x, y, w, h = shape.x * k, shape.y * k, shape.w * k, shape.h * k
    radius = min(shape.radius * k, w / 2, h / 2)
    out = []
    for left, right, top, bottom in ((x, x + w, y + radius, y + h - radius),
                                     (x + radius, x + w - radius, y, y + h)):
        box = (math.ceil(left), math.floor(right), math.ceil(top), math.floor(bottom))
        if box[1] > box[0] and box[3] > box[2]:
            out.append(box)
    return out


def shapes_png(shapes: Iterable[Shape], width: float, height: float,
               scale: float = 1.0, *, cull: bool = True) -> bytes:
    """A PNG of ``shapes`` (scene pixels) on a ``width`` x ``height`` picture, scaled by ``scale``.

    What is not drawn is black; a scene's first shape is its felt. ``cull=False``
    paints every shape whole, even where a later opaque rectangle paints over
    it (the same picture, slower).

    >>> png_size(shapes_png([Rect(0, 0, 10, 5, fill="#fff")], 10, 5, scale=2))
    (20, 10)
    """
    if not (math.isfinite(scale) and scale > 0):
        raise ShapeError(f"the scale of a PNG is a number above 0, not {scale!r}")
    raster = _Raster(max(1, math.ceil(width * scale - 1e-9)),
                     max(1, math.ceil(height * scale - 1e-9)))
    drawn = list(shapes)
    # Most of a table is cards on cards: what a later opaque card paints
    # over is skipped, which leaves every pixel as it would be.
    later: list[list[Box]] = []
    boxes: list[Box] = []
    for shape in reversed(drawn):
        later.append(boxes)
        if cull:
            boxes = boxes + _opaque_boxes(shape, scale)
    for shape, cover in zip(drawn, reversed(later), strict=True):
        raster.cover = cover
        if isinstance(shape, Rect):
            _rect(raster, shape, scale)
        elif isinstance(shape, Text):
            _text(raster, shape, scale)
        else:
            _path(raster, shape, scale)
    return encode_png(raster.pixels, raster.width, raster.height)


def scene_png(scene: Scene, four_colour: bool = False, highlight: Collection[str] = frozenset(),
              scale: float = PNG_SCALE) -> bytes:
    """A PNG image of ``scene``: the shapes :func:`scene_svg` draws, as pixels.

    The picture is ``scale`` times the scene's size (rounded up).

    >>> from solitaire_widgets import new_game
    >>> from solitaire_widgets.render.scene import layout
    >>> scene = layout("klondike", new_game("klondike", seed=7).table, 200)
    >>> png_size(scene_png(scene, scale=0.5)) == (100, math.ceil(scene.height / 2))
    True
    """
    return shapes_png(scene_shapes(scene, four_colour, highlight), scene.width, scene.height,
                      scale)
