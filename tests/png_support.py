"""PNG pictures read back for the tests, with Pillow: as rows of RGB bytes."""

from __future__ import annotations

import io

from PIL import Image


def read_png(data: bytes) -> tuple[int, int, list[bytes]]:
    """``(width, height, rows)``, each row ``width`` RGB triples as bytes."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG signature"
    with Image.open(io.BytesIO(data)) as picture:
        rgb = picture.convert("RGB")
    width, height = rgb.size
    raw = rgb.tobytes()
    return width, height, [raw[y * 3 * width:(y + 1) * 3 * width] for y in range(height)]


def pixel(rows: list[bytes], x: int, y: int) -> tuple[int, int, int]:
    """The RGB colour of the pixel at ``(x, y)``."""
    r, g, b = rows[y][3 * x:3 * x + 3]
    return r, g, b
