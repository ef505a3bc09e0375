"""A small PNG reader for the tests: 8-bit RGB, RGBA or palette images, any row filter.

Written from the PNG specification, independent of the package's encoder, so
the tests check what any viewer would decode.
"""

from __future__ import annotations

import struct
import zlib


def _paeth(a: int, b: int, c: int) -> int:
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def read_png(data: bytes) -> tuple[int, int, list[bytes]]:
    """``(width, height, rows)``, each row ``width`` RGB triples as bytes."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG signature"
    pos = 8
    chunks: dict[bytes, list[bytes]] = {}
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind = data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + length]
        (crc,) = struct.unpack(">I", data[pos + 8 + length:pos + 12 + length])
        assert zlib.crc32(kind + body) & 0xFFFFFFFF == crc, f"bad CRC in {kind!r}"
        chunks.setdefault(kind, []).append(body)
        pos += 12 + length
        if kind == b"IEND":
            break
    width, height, depth, colour, _comp, _filter, interlace = struct.unpack(
        ">IIBBBBB", chunks[b"IHDR"][0])
    assert depth == 8 and interlace == 0 and colour in (2, 3, 6)
    bpp = {2: 3, 3: 1, 6: 4}[colour]
    raw = zlib.decompress(b"".join(chunks[b"IDAT"]))
    stride = width * bpp
    assert len(raw) == height * (stride + 1)
    rows: list[bytes] = []
    previous = bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        if kind == 1:
            for i in range(bpp, stride):
                line[i] = (line[i] + line[i - bpp]) & 0xFF
        elif kind == 2:
            line = bytearray((a + b) & 0xFF for a, b in zip(line, previous, strict=True))
        elif kind in (3, 4):
            for i in range(stride):
                left = line[i - bpp] if i >= bpp else 0
                up = previous[i]
                if kind == 3:
                    line[i] = (line[i] + (left + up) // 2) & 0xFF
                else:
                    corner = previous[i - bpp] if i >= bpp else 0
                    line[i] = (line[i] + _paeth(left, up, corner)) & 0xFF
        else:
            assert kind == 0, f"unknown filter {kind}"
        previous = line
        if colour == 3:
            palette = chunks[b"PLTE"][0]
            rows.append(b"".join(palette[3 * v:3 * v + 3] for v in line))
        elif colour == 6:
            rows.append(bytes(b for i, b in enumerate(line) if i % 4 != 3))
        else:
            rows.append(bytes(line))
    return width, height, rows


def pixel(rows: list[bytes], x: int, y: int) -> tuple[int, int, int]:
    """The RGB colour of the pixel at ``(x, y)``."""
    r, g, b = rows[y][3 * x:3 * x + 3]
    return r, g, b
