"""The face and back of a playing card, as shapes.

Suits are drawn as paths (never as font glyphs, which vary between fonts and
may be missing); pips sit at the standard positions, those in the lower half
turned upside down as on a real card. Court cards show a framed panel with a
large letter, double-ended; the ace one large pip. Below :data:`SMALL_WIDTH`
pixels the pips are dropped for a big index that stays readable.

>>> from solitaire_widgets.cards import Card
>>> shapes = card_shapes(Card.parse("7H"), 0, 0, 70, 98, face_up=True)
>>> sum(1 for s in shapes if isinstance(s, Path) and s.fill == RED)  # 7 pips, 2 corners
9
>>> card_shapes(None, 0, 0, 70, 98, face_up=True)
[]
"""

from __future__ import annotations

from ..cards import Card
from .shapes import SERIF, Path, Rect, Shape, Text

__all__ = [
    "card_shapes",
    "back_shapes",
    "suit_path",
    "suit_colour",
    "SUIT_PATHS",
    "PIP_LAYOUTS",
    "SMALL_WIDTH",
    "RED",
    "BLACK",
    "FACE",
    "BACK",
]

#: Below this width (pixels) a face shows a big index instead of pips.
SMALL_WIDTH = 44.0

RED = "#c62828"
BLACK = "#1b1b1b"
GREEN = "#1e7d32"
BLUE = "#1656b8"
FACE = "#fffdf7"
EDGE = "#8a8a8a"
BACK = "#1c3466"
BACK_LATTICE = "#3a5c9e"
BACK_FRAME = "#e8edf7"

#: Suit outlines in a 100 x 100 box centred on the origin (y down).
SUIT_PATHS: dict[str, str] = {
    "H": (
        "M0,44 C-9,34 -50,8 -50,-19 C-50,-38 -36,-47 -24,-47 C-12,-47 -3,-40 0,-29 "
        "C3,-40 12,-47 24,-47 C36,-47 50,-38 50,-19 C50,8 9,34 0,44 Z"
    ),
    "D": "M0,-50 C9,-34 22,-16 37,0 C22,16 9,34 0,50 C-9,34 -22,16 -37,0 C-22,-16 -9,-34 0,-50 Z",
    "S": (
        "M0,-50 C8,-35 46,-14 46,10 C46,28 32,36 20,36 C11,36 5,32 2,26 "
        "C3,38 8,45 17,50 L-17,50 C-8,45 -3,38 -2,26 C-5,32 -11,36 -20,36 "
        "C-32,36 -46,28 -46,10 C-46,-14 -8,-35 0,-50 Z"
    ),
    # Three lobes, a centre and a stem, all wound the same way so that the
    # non-zero fill rule unites them.
    "C": (
        "M-22,-25 a22,22 0 1,0 44,0 a22,22 0 1,0 -44,0 Z "
        "M-48,11 a22,22 0 1,0 44,0 a22,22 0 1,0 -44,0 Z "
        "M4,11 a22,22 0 1,0 44,0 a22,22 0 1,0 -44,0 Z "
        "M0,-12 L-14,16 L14,16 Z "
        "M-3,12 C-3,32 -8,43 -17,50 L17,50 C8,43 3,32 3,12 Z"
    ),
}

# Pip centres as fractions of the card (x, y); pips below the middle are
# drawn upside down. Columns and rows follow a standard Anglo-American deck.
_L, _M, _R = 0.29, 0.5, 0.71
_T, _B = 0.2, 0.8
_Q1, _Q3 = 0.4, 0.6
#: Pip positions for the ranks 2..10 (fractions of the card's width and height).
PIP_LAYOUTS: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((_M, _T), (_M, _B)),
    3: ((_M, _T), (_M, 0.5), (_M, _B)),
    4: ((_L, _T), (_R, _T), (_L, _B), (_R, _B)),
    5: ((_L, _T), (_R, _T), (_M, 0.5), (_L, _B), (_R, _B)),
    6: ((_L, _T), (_R, _T), (_L, 0.5), (_R, 0.5), (_L, _B), (_R, _B)),
    7: ((_L, _T), (_R, _T), (_M, 0.35), (_L, 0.5), (_R, 0.5), (_L, _B), (_R, _B)),
    8: ((_L, _T), (_R, _T), (_M, 0.35), (_L, 0.5), (_R, 0.5), (_M, 0.65), (_L, _B), (_R, _B)),
    9: ((_L, _T), (_R, _T), (_L, _Q1), (_R, _Q1), (_M, 0.5), (_L, _Q3), (_R, _Q3),
        (_L, _B), (_R, _B)),
    10: ((_L, _T), (_R, _T), (_M, 0.3), (_L, _Q1), (_R, _Q1), (_L, _Q3), (_R, _Q3),
         (_M, 0.7), (_L, _B), (_R, _B)),
}

_COURT_FILL = {11: "#dce8f6", 12: "#f8dde6", 13: "#f5e7b5"}
_COURT_LETTER = {11: "J", 12: "Q", 13: "K"}
_ROSETTE = (
    "M-14,-14 a20,20 0 1,0 28,0 a20,20 0 1,0 -28,0 Z "
    "M-50,0 a14,14 0 1,0 28,0 a14,14 0 1,0 -28,0 Z M22,0 a14,14 0 1,0 28,0 a14,14 0 1,0 -28,0 Z "
    "M-14,-36 a14,14 0 1,0 28,0 a14,14 0 1,0 -28,0 Z M-14,36 a14,14 0 1,0 28,0 a14,14 0 1,0 -28,0 Z"
)


def suit_colour(suit: str, four_colour: bool = False) -> str:
    """The ink of a suit: red or black, or with ``four_colour`` clubs green, diamonds blue.

    >>> suit_colour("H"), suit_colour("C", four_colour=True)
    ('#c62828', '#1e7d32')
    """
    if four_colour and suit == "C":
        return GREEN
    if four_colour and suit == "D":
        return BLUE
    return RED if suit in "DH" else BLACK


def suit_path(suit: str, cx: float, cy: float, size: float, fill: str,
              rotate180: bool = False) -> Path:
    """A suit symbol ``size`` pixels high centred on ``(cx, cy)``.

    >>> suit_path("S", 10, 10, 20, "#000").scale
    0.2
    """
    return Path(SUIT_PATHS[suit], fill=fill, tx=cx, ty=cy, scale=size / 100.0,
                rotate180=rotate180)


def _rank_text(rank: int) -> str:
    return {1: "A", 11: "J", 12: "Q", 13: "K"}.get(rank, str(rank))


def back_shapes(x: float, y: float, w: float, h: float) -> list[Shape]:
    """A card back: dark blue, a light frame, and a lattice of diamonds inside it.

    >>> len(back_shapes(0, 0, 70, 98)) >= 3
    True
    """
    radius = w * 0.07
    shapes: list[Shape] = [
        Rect(x, y, w, h, radius, fill=BACK, stroke="#0d1a36", stroke_width=max(0.6, w * 0.012)),
    ]
    inset = w * 0.07
    shapes.append(Rect(x + inset, y + inset, w - 2 * inset, h - 2 * inset, radius * 0.5,
                       fill="none", stroke=BACK_FRAME, stroke_width=max(0.5, w * 0.018)))
    # Diamonds on two interleaved grids, each wholly inside the frame (the
    # backends have no clipping, so nothing may spill over the edge).
    left, top = x + inset * 1.6, y + inset * 1.6
    right, bottom = x + w - inset * 1.6, y + h - inset * 1.6
    cols = max(2, round((right - left) / (w * 0.16)))
    step_x = (right - left) / cols
    rows = max(2, round((bottom - top) / step_x))
    step_y = (bottom - top) / rows
    half_x, half_y = step_x * 0.42, step_y * 0.42
    parts = []
    for row in range(rows + 1):
        for col in range(cols + 1):
            for cx, cy in ((left + col * step_x, top + row * step_y),
                           (left + (col + 0.5) * step_x, top + (row + 0.5) * step_y)):
                if (cx - half_x < left - 0.01 or cx + half_x > right + 0.01
                        or cy - half_y < top - 0.01 or cy + half_y > bottom + 0.01):
                    continue
                parts.append(f"M{cx:.2f},{cy - half_y:.2f} L{cx + half_x:.2f},{cy:.2f} "
                             f"L{cx:.2f},{cy + half_y:.2f} L{cx - half_x:.2f},{cy:.2f} Z")
    if parts:
        shapes.append(Path(" ".join(parts), fill=BACK_LATTICE))
    return shapes


def card_shapes(card: Card | None, x: float, y: float, w: float, h: float, face_up: bool,
                four_colour: bool = False) -> list[Shape]:
    """The shapes of one card with its top-left corner at ``(x, y)``.

    Face down it shows the back; ``None`` (no card) draws nothing.

    >>> from solitaire_widgets.cards import Card
    >>> back = card_shapes(Card.parse("KS"), 0, 0, 70, 98, face_up=False)
    >>> back[0].fill == BACK
    True
    >>> any(isinstance(s, Text) and s.text == "K" for s in card_shapes(Card.parse("KS"), 0, 0, 70, 98, True))
    True
    """
    if card is None:
        return []
    if not face_up:
        return back_shapes(x, y, w, h)
    ink = suit_colour(card.suit, four_colour)
    shapes: list[Shape] = [
        Rect(x, y, w, h, w * 0.07, fill=FACE, stroke=EDGE, stroke_width=max(0.6, w * 0.012)),
    ]
    if w < SMALL_WIDTH:
        shapes.extend(_small_face(card, x, y, w, h, ink))
        return shapes
    shapes.extend(_corners(card, x, y, w, h, ink))
    if card.rank == 1:
        shapes.append(suit_path(card.suit, x + w / 2, y + h / 2, w * 0.48, ink))
    elif card.rank <= 10:
        size = w * 0.19
        for fx, fy in PIP_LAYOUTS[card.rank]:
            shapes.append(suit_path(card.suit, x + fx * w, y + fy * h, size, ink,
                                    rotate180=fy > 0.5))
    else:
        shapes.extend(_court(card, x, y, w, h, ink))
    return shapes


def _corners(card: Card, x: float, y: float, w: float, h: float, ink: str) -> list[Shape]:
    text = _rank_text(card.rank)
    size = w * (0.17 if card.rank == 10 else 0.2)
    cx, base, pip_y = w * 0.115, w * 0.215, w * 0.325
    pip = w * 0.14
    return [
        Text(x + cx, y + base, text, size, ink, "middle", "bold", False, SERIF),
        suit_path(card.suit, x + cx, y + pip_y, pip, ink),
        Text(x + w - cx, y + h - base, text, size, ink, "middle", "bold", True, SERIF),
        suit_path(card.suit, x + w - cx, y + h - pip_y, pip, ink, rotate180=True),
    ]


def _court(card: Card, x: float, y: float, w: float, h: float, ink: str) -> list[Shape]:
    px, py, pw, ph = x + w * 0.22, y + h * 0.13, w * 0.56, h * 0.74
    cx, cy = x + w / 2, y + h / 2
    letter = _COURT_LETTER[card.rank]
    line = max(0.6, w * 0.014)
    size = w * 0.34
    shapes: list[Shape] = [
        Rect(px, py, pw, ph, w * 0.03, fill=_COURT_FILL[card.rank], stroke=ink,
             stroke_width=line),
        Rect(px + w * 0.03, py + w * 0.03, pw - w * 0.06, ph - w * 0.06, w * 0.02,
             fill="none", stroke=ink, stroke_width=line * 0.5),
        # The double-ended figure: the letter above the middle and turned
        # below it, a suit pip beside each, a rule across the middle.
        Rect(px + w * 0.05, cy - line / 2, pw - w * 0.1, line, 0, fill=ink),
        Text(cx, cy - h * 0.045, letter, size, ink, "middle", "bold", False, SERIF),
        Text(cx, cy + h * 0.045, letter, size, ink, "middle", "bold", True, SERIF),
        suit_path(card.suit, px + pw * 0.2, py + ph * 0.12, w * 0.11, ink),
        suit_path(card.suit, px + pw * 0.8, py + ph * 0.88, w * 0.11, ink, rotate180=True),
    ]
    if card.rank == 13:
        # A small crown over the king's letter, and under the turned one.
        for sign in (1, -1):
            shapes.append(Path("M-50,30 L-50,-10 L-25,12 L0,-30 L25,12 L50,-10 L50,30 Z",
                               fill=ink, tx=cx + sign * w * 0.15, ty=cy - sign * h * 0.3,
                               scale=w * 0.0018, rotate180=sign < 0))
    elif card.rank == 12:
        # A small rosette for the queen.
        for sign in (1, -1):
            shapes.append(Path(_ROSETTE, fill=ink, tx=cx + sign * w * 0.15,
                               ty=cy - sign * h * 0.3, scale=w * 0.0016))
    else:
        # A pike head for the jack.
        for sign in (1, -1):
            shapes.append(Path("M0,-50 L18,-5 L6,-5 L6,45 L-6,45 L-6,-5 L-18,-5 Z", fill=ink,
                               tx=cx + sign * w * 0.15, ty=cy - sign * h * 0.29,
                               scale=w * 0.0016, rotate180=sign < 0))
    return shapes


def _small_face(card: Card, x: float, y: float, w: float, h: float, ink: str) -> list[Shape]:
    text = _rank_text(card.rank)
    size = w * (0.38 if card.rank == 10 else 0.46)
    return [
        Text(x + w * 0.08, y + w * 0.44, text, size, ink, "start", "bold", False, SERIF),
        suit_path(card.suit, x + w * 0.78, y + w * 0.26, w * 0.3, ink),
        suit_path(card.suit, x + w / 2, y + h * 0.66, w * 0.56, ink),
    ]
