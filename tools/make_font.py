"""Write ``solitaire_widgets/render/_font_data.py``: the glyph outlines the PNG backend draws text with.

Run from the repository root with the dev environment (fontTools comes with
the book's matplotlib) on a machine with the DejaVu fonts (Debian:
``fonts-dejavu-core``)::

    .venv/bin/python tools/make_font.py

Three faces, the ones the scenes use (:mod:`solitaire_widgets.render.shapes`):
DejaVu Sans Condensed (table labels), DejaVu Sans Condensed Bold (slot
labels) and DejaVu Serif Bold (card indices). The condensed sans is as wide
as Helvetica and Arial, which head the SVG's sans stack, within 2%, so a label
takes the room it takes in a browser. Each face has printable ASCII, the punctuation the package
writes, and the Polish and Russian letters; the font's own missing-glyph box
is kept under U+0000 for every other character.

Format (decoded by :mod:`solitaire_widgets.render.font`): base64 of zlib of
a stream of unsigned LEB128 varints. Per face: units per em, then the number
of glyphs, then per glyph its code point, its advance, its number of contours
and per contour its number of points, then the points: a zig-zag delta from
the previous point, x carrying one more low bit that is set on an off-curve
(quadratic control) point. Coordinates are font units divided by
:data:`QUANTUM`, y up, each contour starting on the curve.
"""

from __future__ import annotations

import base64
import textwrap
import zlib
from pathlib import Path

from fontTools.pens.recordingPen import DecomposingRecordingPen
from fontTools.ttLib import TTFont

FONTS = Path("/usr/share/fonts/truetype/dejavu")
FACES = {"sans": "DejaVuSansCondensed.ttf", "sans-bold": "DejaVuSansCondensed-Bold.ttf",
         "serif-bold": "DejaVuSerif-Bold.ttf"}
QUANTUM = 4
CHARS = (
    "".join(chr(c) for c in range(32, 127))
    + "«»·–—‘’“”„…±×←→≤≥"
    + "ĄĆĘŁŃÓŚŹŻąćęłńóśźż"
    + "".join(chr(c) for c in range(0x410, 0x450)) + "Ёё"
)
OUT = Path("solitaire_widgets/render/_font_data.py")


def _varint(value: int, out: bytearray) -> None:
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return


def _zigzag(value: int) -> int:
    return value * 2 if value >= 0 else -value * 2 - 1


def _contours(glyphset: object, name: str) -> list[list[tuple[int, int, bool]]]:
    """A glyph's contours as points ``(x, y, on_curve)``, composites decomposed."""
    pen = DecomposingRecordingPen(glyphset)
    glyphset[name].draw(pen)  # type: ignore[index]
    contours: list[list[tuple[int, int, bool]]] = []
    current: list[tuple[int, int, bool]] = []
    for op, args in pen.value:
        if op == "moveTo":
            current = [(*args[0], True)]
        elif op == "lineTo":
            current.append((*args[0], True))
        elif op == "qCurveTo":
            points = list(args)
            if points[-1] is None:  # a contour of off-curve points only
                points = points[:-1]
                mid = ((points[-1][0] + points[0][0]) / 2, (points[-1][1] + points[0][1]) / 2)
                current = [(*mid, True)]
                points.append(mid)
            for point in points[:-1]:
                current.append((*point, False))
            current.append((*points[-1], True))
        elif op == "curveTo":
            raise SystemExit(f"{name}: cubic curves are not expected in a TrueType font")
        elif op in ("closePath", "endPath"):
            if len(current) > 1 and current[-1][:2] == current[0][:2]:
                current.pop()
            if len(current) > 2:
                contours.append(current)
            current = []
    return [[(round(x / QUANTUM), round(y / QUANTUM), on) for x, y, on in c] for c in contours]


def main() -> None:
    stream = bytearray()
    for face, filename in FACES.items():
        font = TTFont(FONTS / filename)
        cmap = font.getBestCmap()
        glyphset = font.getGlyphSet()
        hmtx = font["hmtx"]
        _varint(font["head"].unitsPerEm // QUANTUM, stream)
        wanted = [(0, ".notdef")] + [(ord(c), cmap[ord(c)]) for c in CHARS if ord(c) in cmap]
        missing = [c for c in CHARS if ord(c) not in cmap]
        if missing:
            raise SystemExit(f"{face} lacks {''.join(missing)!r}")
        _varint(len(wanted), stream)
        for code, name in wanted:
            contours = _contours(glyphset, name)
            _varint(code, stream)
            _varint(round(hmtx[name][0] / QUANTUM), stream)
            _varint(len(contours), stream)
            last_x = last_y = 0
            for contour in contours:
                _varint(len(contour), stream)
                for x, y, on in contour:
                    _varint(_zigzag(x - last_x) * 2 + (0 if on else 1), stream)
                    _varint(_zigzag(y - last_y), stream)
                    last_x, last_y = x, y
    data = base64.b64encode(zlib.compress(bytes(stream), 9)).decode("ascii")
    lines = "\n".join(f'    "{chunk}"' for chunk in textwrap.wrap(data, 92))
    notice = font["name"].getDebugName(13) or ""
    OUT.write_text(
        '"""Glyph outlines of DejaVu Sans Condensed (and Bold) and DejaVu Serif Bold (generated).\n\n'
        "Written by ``tools/make_font.py``; do not edit. The format is described\n"
        "there and read by :mod:`solitaire_widgets.render.font`. The outlines are\n"
        "those of the DejaVu fonts, whose licence follows.\n\n"
        + textwrap.indent(notice.strip(), "    ").replace("\\", "\\\\") + "\n"
        '"""\n\n'
        f"#: Characters covered by every face (besides U+0000, the missing-glyph box).\n"
        f"CHARS = {CHARS!r}\n\n"
        f"#: Font units (of the original fonts) per stored unit.\n"
        f"QUANTUM = {QUANTUM}\n\n"
        f"FACES = {tuple(FACES)!r}\n\n"
        f"DATA = (\n{lines}\n)\n",
        encoding="utf-8")
    print(f"{OUT}: {len(stream)} bytes of outlines, {len(data)} characters of base64")


if __name__ == "__main__":
    main()
