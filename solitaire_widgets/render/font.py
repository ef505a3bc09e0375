"""Glyph outlines for drawing text without a font engine (the PNG backend).

The outlines are those of DejaVu Sans Condensed, DejaVu Sans Condensed Bold
and DejaVu Serif Bold (:mod:`._font_data`, written by ``tools/make_font.py``):
the condensed sans is as wide as Helvetica and Arial, which head the SVG's
sans stack, and DejaVu Serif is where its serif stack falls on Linux. They
cover printable ASCII, the punctuation the package writes (``– · « » …``),
and the Polish and Russian letters; any other character is drawn as the
font's missing-glyph box, so a missing letter shows rather than vanishes.

A face is chosen from a :class:`~.shapes.Text`'s ``family`` and ``weight``
(:func:`face_for`); serif text of normal weight, which no scene has, uses
the bold serif.

>>> face = face_for("Georgia, serif", "bold")
>>> face.name, face.has("Ż"), face.has("♠")
('serif-bold', True, False)
>>> round(text_width(face, "K", 10), 2)
8.69
"""

from __future__ import annotations

import base64
import zlib
from dataclasses import dataclass
from functools import lru_cache

from . import _font_data

__all__ = ["Face", "Glyph", "face_for", "faces", "text_width", "text_outline"]

#: A contour: points ``(x, y, on_curve)`` in em units (1.0 is the font size), y up.
Contour = tuple[tuple[float, float, bool], ...]


@dataclass(frozen=True, slots=True)
class Glyph:
    """One character's outline and advance, in em units, y up from the baseline."""

    advance: float
    contours: tuple[Contour, ...]


@dataclass(frozen=True)
class Face:
    """One typeface: its glyphs by character, ``"\\0"`` the missing-glyph box."""

    name: str
    glyphs: dict[str, Glyph]

    def has(self, char: str) -> bool:
        """Whether the face draws ``char`` (rather than the missing-glyph box)."""
        return char in self.glyphs and char != "\0"

    def glyph(self, char: str) -> Glyph:
        """The glyph of ``char``, or the missing-glyph box."""
        return self.glyphs.get(char) or self.glyphs["\0"]


def _read(data: bytes) -> dict[str, Face]:
    pos = 0

    def number() -> int:
        nonlocal pos
        value = shift = 0
        while True:
            byte = data[pos]
            pos += 1
            value |= (byte & 0x7F) << shift
            shift += 7
            if byte < 0x80:
                return value

    def signed(value: int) -> int:
        return value >> 1 if value % 2 == 0 else -(value >> 1) - 1

    out: dict[str, Face] = {}
    for name in _font_data.FACES:
        em = float(number())
        glyphs: dict[str, Glyph] = {}
        for _ in range(number()):
            char = chr(number())
            advance = number() / em
            x = y = 0
            contours = []
            for _ in range(number()):
                points = []
                for _ in range(number()):
                    code = number()
                    x += signed(code >> 1)
                    y += signed(number())
                    points.append((x / em, y / em, code % 2 == 0))
                contours.append(tuple(points))
            glyphs[char] = Glyph(advance, tuple(contours))
        out[name] = Face(name, glyphs)
    return out


@lru_cache(maxsize=1)
def faces() -> dict[str, Face]:
    """The embedded faces by name (decoded once).

    >>> sorted(faces())
    ['sans', 'sans-bold', 'serif-bold']
    """
    return _read(zlib.decompress(base64.b64decode("".join(_font_data.DATA))))


def face_for(family: str, weight: str) -> Face:
    """The embedded face for a CSS font stack and weight.

    A stack whose last (generic) family is ``serif`` is serif, any other sans.

    >>> face_for("Helvetica, Arial, sans-serif", "normal").name
    'sans'
    """
    generic = family.rsplit(",", 1)[-1].strip().strip("'\"").lower()
    if generic == "serif":
        return faces()["serif-bold"]
    return faces()["sans-bold" if weight == "bold" else "sans"]


def text_width(face: Face, text: str, size: float) -> float:
    """The advance of ``text`` at ``size`` pixels (no kerning)."""
    return sum(face.glyph(char).advance for char in text) * size


def text_outline(face: Face, text: str, x: float, y: float, size: float,
                 anchor: str = "start") -> list[Contour]:
    """The contours of ``text`` in pixels, y down, its baseline at ``y`` and its
    start, middle or end (``anchor``) at ``x``.

    >>> ys = [py for contour in text_outline(faces()["sans"], "l", 0, 10, 10) for _px, py, _on in contour]
    >>> round(min(ys), 1), max(ys)          # an "l" 10 px high rises 7.6 px above its baseline
    (2.4, 10.0)
    """
    if anchor == "middle":
        x -= text_width(face, text, size) / 2
    elif anchor == "end":
        x -= text_width(face, text, size)
    out: list[Contour] = []
    for char in text:
        glyph = face.glyph(char)
        for contour in glyph.contours:
            out.append(tuple((x + gx * size, y - gy * size, on) for gx, gy, on in contour))
        x += glyph.advance * size
    return out
