"""The live backend: scenes drawn on an ``ipycanvas.Canvas``, frames batched into one message.

Two levels:

- :class:`ShapePainter` turns the shapes of
  :func:`~solitaire_widgets.render.draw.scene_shapes` into canvas commands
  (rounded rectangles as paths, text with font, anchor and half turn, SVG
  paths through ``ipycanvas.Path2D`` with save/translate/scale/rotate/restore).
  :func:`draw_scene` draws a whole scene that way, inside one ``hold_canvas``.
- :class:`CanvasPainter` is what the widgets use. ipycanvas keeps no state and
  every command travels to the browser, so it draws the same shapes, but
  each kind of card only once, on a small hidden canvas (its "image"); a frame
  is then the table layer plus one ``drawImage`` per card. An animation is
  ONE message: the cards that stay put go once onto a hidden "under" canvas,
  and each frame copies it and draws only the cards in flight, with
  ``canvas.sleep(ms)`` between frames. A step of Klondike is a few kilobytes.

Nothing here knows the rules: it draws scenes it is given.

>>> from solitaire_widgets import new_game
>>> from solitaire_widgets.render import layout
>>> painter = CanvasPainter(width=400, height=300)
>>> painter.show(layout("chain", new_game("chain", seed=3).table, 400))
>>> painter.canvas.height >= 300
True
"""

from __future__ import annotations

import asyncio
import io
import math
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

from ipycanvas import Canvas, Path2D, hold_canvas

from ..render.draw import scene_layers
from ..render.scene import Scene, Sprite
from ..render.shapes import Path, Rect, Shape, Text
from ..render.tween import Segment
from .owned import close_all
from .shared import share, shared_layout
from .threads import LOCK, serialized

__all__ = ["ShapePainter", "CanvasPainter", "Segment", "draw_scene", "covered_keys"]

_ALIGN = {"start": "left", "middle": "center", "end": "right"}


def _n(value: float) -> float | int:
    """A coordinate rounded to a tenth of a pixel (shorter messages, same picture)."""
    r = round(value, 1)
    return int(r) if r == int(r) else r


class ShapePainter:
    """Draws shapes on canvases, sending each style change only when it changes.

    Each distinct SVG path becomes one ``Path2D`` widget, made once per kernel
    and shared by every painter (a ``Path2D`` is a widget: making one per pip
    would send a message each).

    >>> canvas = Canvas(width=50, height=50)
    >>> painter = ShapePainter()
    >>> with hold_canvas():
    ...     painter.draw(canvas, [Rect(1, 1, 20, 28, 3, fill="#fff", stroke="#000", stroke_width=1)])
    >>> len(painter.paths)
    0
    """

    def __init__(self) -> None:
        self.paths: dict[str, Path2D] = {}
        self._style: dict[tuple[int, str], Any] = {}

    def reset(self, canvas: Canvas | None = None) -> None:
        """Forget the styles sent (a new message may meet a fresh canvas)."""
        if canvas is None:
            self._style.clear()
        else:
            for key in [k for k in self._style if k[0] == id(canvas)]:
                del self._style[key]

    def path2d(self, d: str) -> Path2D:
        """The ``Path2D`` widget of path data ``d`` (the kernel's, made on first use)."""
        path = self.paths.get(d)
        if path is None:
            path = self.paths[d] = share(("Path2D", d), lambda: Path2D(d))
        return path

    def _set(self, canvas: Canvas, name: str, value: Any) -> None:
        key = (id(canvas), name)
        if self._style.get(key) != value:
            self._style[key] = value
            setattr(canvas, name, value)

    def draw(self, canvas: Canvas, shapes: Iterable[Shape]) -> None:
        """Send the commands drawing ``shapes`` (call inside ``hold_canvas()``)."""
        for shape in shapes:
            if isinstance(shape, Rect):
                self._rect(canvas, shape)
            elif isinstance(shape, Text):
                self._text(canvas, shape)
            elif isinstance(shape, Path):
                self._path(canvas, shape)

    def _rect(self, canvas: Canvas, r: Rect) -> None:
        fill = r.fill != "none"
        stroke = r.stroke != "none" and r.stroke_width > 0
        if not (fill or stroke):
            return
        x, y, w, h = _n(r.x), _n(r.y), _n(r.w), _n(r.h)
        radius = min(r.radius, r.w / 2, r.h / 2)
        if radius <= 0:
            if fill:
                self._set(canvas, "fill_style", r.fill)
                canvas.fill_rect(x, y, w, h)
            if stroke:
                self._set(canvas, "stroke_style", r.stroke)
                self._set(canvas, "line_width", r.stroke_width)
                canvas.stroke_rect(x, y, w, h)
            return
        rad = _n(radius)
        right, bottom = _n(r.x + r.w), _n(r.y + r.h)
        canvas.begin_path()
        canvas.move_to(_n(r.x + radius), y)
        canvas.arc_to(right, y, right, bottom, rad)
        canvas.arc_to(right, bottom, x, bottom, rad)
        canvas.arc_to(x, bottom, x, y, rad)
        canvas.arc_to(x, y, right, y, rad)
        canvas.close_path()
        if fill:
            self._set(canvas, "fill_style", r.fill)
            canvas.fill()
        if stroke:
            self._set(canvas, "stroke_style", r.stroke)
            self._set(canvas, "line_width", r.stroke_width)
            canvas.stroke()

    def _text(self, canvas: Canvas, t: Text) -> None:
        if not t.text:
            return
        self._set(canvas, "font", f"{t.weight} {_n(t.size)}px {t.family}")
        self._set(canvas, "fill_style", t.fill)
        self._set(canvas, "text_align", _ALIGN[t.anchor])
        if t.rotate180:
            # A half turn about (x, y), set and undone as whole matrices (see _path).
            canvas.set_transform(-1, 0, 0, -1, _n(t.x), _n(t.y))
            canvas.fill_text(t.text, 0, 0)
            canvas.reset_transform()
        else:
            canvas.fill_text(t.text, _n(t.x), _n(t.y))

    def _path(self, canvas: Canvas, p: Path) -> None:
        fill = p.fill != "none"
        stroke = p.stroke != "none" and p.stroke_width > 0
        if not (fill or stroke):
            return
        path = self.path2d(p.d)
        if fill:
            self._set(canvas, "fill_style", p.fill)
        if stroke:
            self._set(canvas, "stroke_style", p.stroke)
            self._set(canvas, "line_width", p.stroke_width)
        moved = p.tx or p.ty or p.scale != 1 or p.rotate180
        if moved:
            # translate(tx, ty) scale(s) [rotate(pi)] as one matrix, undone by
            # reset_transform, not save()/restore(): the browser applies a
            # canvas's resize (which empties the context's save stack) between
            # any two commands of a message still being played, and a restore()
            # on an empty stack would leave the scale on for every later frame.
            s = round(-p.scale if p.rotate180 else p.scale, 5)
            canvas.set_transform(s, 0, 0, s, _n(p.tx), _n(p.ty))
        if fill:
            canvas.fill(path)
        if stroke:
            canvas.stroke(path)
        if moved:
            canvas.reset_transform()


def draw_scene(canvas: Canvas, scene: Scene, painter: ShapePainter | None = None,
               four_colour: bool = False, highlight: Collection[str] = frozenset()) -> None:
    """Draw every shape of ``scene`` on ``canvas`` in one message (no caching of cards).

    >>> from solitaire_widgets import new_game
    >>> from solitaire_widgets.render import layout
    >>> canvas = Canvas(width=300, height=300)
    >>> draw_scene(canvas, layout("klondike", new_game("klondike", seed=2).table, 300))
    """
    painter = painter or ShapePainter()
    with hold_canvas():
        painter.reset(canvas)
        canvas.reset_transform()
        canvas.clear()
        painter.draw(canvas, (shape for _k, _key, shapes in
                              scene_layers(scene, four_colour, highlight) for shape in shapes))


def _on_top(scene: Scene, moving: Sequence[Sprite]) -> bool:
    """Whether no card of ``scene`` but ``moving`` lies over one of ``moving``."""
    keys = {s.key for s in moving}
    return not any(
        other.key not in keys and other.z > card.z and other.x < card.x + card.w
        and card.x < other.x + other.w and other.y < card.y + card.h and card.y < other.y + other.h
        for card in moving for other in scene.sprites)


def covered_keys(sprites: Iterable[Sprite]) -> set[str]:
    """Keys of cards lying exactly under a higher card at the same place.

    Cards are opaque, so such a card cannot be seen and is not drawn at all
    (the renderer draws it as a bare outline for the SVG's sake).

    >>> from solitaire_widgets import new_game
    >>> from solitaire_widgets.render import layout
    >>> len(covered_keys(layout("chain", new_game("chain", seed=3).table).sprites)) > 0
    True
    """
    top: dict[tuple[float, float, float, float], int] = {}
    places = []
    for sprite in sprites:
        place = (round(sprite.x, 2), round(sprite.y, 2), round(sprite.w, 2), round(sprite.h, 2))
        places.append((sprite, place))
        top[place] = max(top.get(place, sprite.z), sprite.z)
    return {sprite.key for sprite, place in places if top[place] > sprite.z}


def _same_place(a: Sprite, b: Sprite) -> bool:
    return a.x == b.x and a.y == b.y and a.face_up == b.face_up and a.w == b.w and a.h == b.h


def first_pixel(png: bytes) -> tuple[int, int, int] | None:
    """The red, green and blue of a PNG's first pixel, or None if it is no picture.

    The browser sends a canvas's picture back as a PNG (ipycanvas's
    ``sync_image_data``); the table's one-pixel acknowledgement canvas holds
    a message's number as its colour (see :class:`CanvasPainter`). Pillow
    (which ipycanvas installs) reads it.

    >>> import io
    >>> from PIL import Image
    >>> sent = io.BytesIO()
    >>> Image.new("RGBA", (1, 1), (0x12, 0x34, 0x56, 255)).save(sent, format="PNG")
    >>> first_pixel(sent.getvalue())
    (18, 52, 86)
    >>> first_pixel(b"not a png") is None
    True
    """
    from PIL import Image, UnidentifiedImageError

    try:
        with Image.open(io.BytesIO(png)) as picture:
            red, green, blue = picture.convert("RGB").getpixel((0, 0))
    except (UnidentifiedImageError, OSError, ValueError):
        return None
    return red, green, blue


#: Pixels of margin round a card image (its stroke and shadow spill over the card).
_PAD = 2
#: The felt shrinks once it is taller than the table by more than this share of its width.
SHRINK_SLACK = 0.08
#: The sprite sheet's cells: a pack of cards and its back fit.
SHEET_COLUMNS, SHEET_ROWS = 14, 4
#: A late view's canvases announce themselves one by one: redraw once they are quiet (s).
READY_QUIET = 0.25


class CanvasPainter:
    """A displayed canvas and the hidden canvases that make frames cheap.

    - ``canvas``: the one shown;
    - a *table* canvas: felt, slots and labels (redrawn only when they change);
    - an *under* canvas: the table plus the cards that stay put during an animation;
    - a *sheet* canvas, the table's sprite sheet: one cell per card image
      (the face of each card, and the back), each drawn from
      :func:`scene_layers` once for the card size in use; a card is drawn by
      clipping the sheet to the card's place (ipycanvas's ``draw_image``
      takes no source rectangle);
    - a one-pixel *acknowledgement* canvas: each message ends by painting it
      the colour of the message's number, and the browser sends that pixel
      back once it has played the whole message (``sync_image_data``), so
      :attr:`drawn` says how far the browser really is (a kernel cannot
      otherwise know: the browser plays messages in order, as fast as it can).
      The word has to come from the canvas's own queue: ipycanvas 0.14 plays
      the drawings of every canvas in one chain of promises (a ``sleep``
      waits in it) and says nothing once a message is played, beyond this
      picture sent back; a message to any other widget is handled as soon as
      it arrives, ahead of the drawings still queued.
    """

    def __init__(self, width: int = 760, height: int = 400, four_colour: bool = False) -> None:
        self.four_colour = four_colour
        hidden = shared_layout()
        self.canvas = Canvas(width=width, height=height)
        self._table = Canvas(width=width, height=height, layout=hidden)
        self._under = Canvas(width=width, height=height, layout=hidden)
        self._sheet = Canvas(width=1, height=1, layout=hidden)
        self.painter = ShapePainter()
        # Each card image's cell in the sheet (its top left corner), for the card size in use.
        self._cells: dict[tuple[str, int, int], tuple[int, int]] = {}
        self._image_ready: set[tuple[str, int, int]] = set()
        self._base: tuple[int, int] | None = None
        self._table_drawn: tuple[Any, ...] | None = None
        #: The scene shown now and its highlight (redrawn in full for a late view).
        self.scene: Scene | None = None
        self.highlight: frozenset[str] = frozenset()
        self._pending: asyncio.TimerHandle | None = None
        for canvas in (self.canvas, self._table, self._under, self._sheet):
            canvas.on_client_ready(self.client_ready)
        #: Messages sent, and the last of them the browser says it has played.
        self.sent = 0
        self.drawn = 0
        #: Whether a browser has acknowledged a message (it then keeps doing so).
        self.acknowledged = False
        #: Called when the browser acknowledges a message.
        self.on_drawn: Callable[[], None] | None = None
        self._ack = Canvas(width=1, height=1, sync_image_data=True, layout=hidden)
        self._ack.observe(self._on_ack, "image_data")

    # -- canvases ---------------------------------------------------------------

    @property
    def hidden_canvases(self) -> list[Canvas]:
        """The canvases never displayed (their content is lost when a page reloads)."""
        return [self._table, self._under, self._ack, self._sheet]

    def close(self) -> None:
        """Close every canvas (the kernel's paths and layouts stay, for other tables)."""
        close_all([self.canvas, *self.hidden_canvases])
        self._cells.clear()
        self._base = None

    @serialized
    def forget(self) -> None:
        """Mark everything as to be redrawn (a view connected late, or a resize)."""
        self._image_ready.clear()
        self._table_drawn = None
        self.painter.reset()

    def drop_images(self) -> None:
        """Forget the card images (the card size changed): the sheet is laid out again
        for the new size when a card is next drawn.

        The sheet is the same canvas: a message still queued in the browser
        draws from it as it is then, and the next drawing puts every card right.
        """
        self._cells.clear()
        self._image_ready.clear()
        self._base = None

    def _size(self, scene: Scene, shrink: bool = False) -> None:        # The canvas grows with the table at once (by whole steps), but shrinks
        # only when asked (``shrink``: a new game, and nothing being animated in
        # the browser, where a resize clears the canvases) and only by more than
        # :data:`SHRINK_SLACK`, so it does not jump on every move.
        width, height = math.ceil(scene.width), math.ceil(scene.height)
        if self.canvas.width == width and not (shrink and self.would_shrink(scene)):
            if height > self.canvas.height > 1 and not shrink:
                # Grown by a whole step (SHRINK_SLACK of the width) at a time, so a
                # column growing card by card moves what is below the table rarely.
                step = max(1, math.ceil(SHRINK_SLACK * width))
                height = self.canvas.height + math.ceil((height - self.canvas.height) / step) * step
            height = max(height, self.canvas.height)
        if self.canvas.width != width or self.canvas.height != height:
            for canvas in (self.canvas, self._table, self._under):
                canvas.width, canvas.height = width, height
            self._table_drawn = None
            self.painter.reset()

    def would_shrink(self, scene: Scene) -> bool:
        """Whether the canvas is taller than ``scene`` by more than :data:`SHRINK_SLACK`.

        >>> from solitaire_widgets import new_game
        >>> from solitaire_widgets.render import layout
        >>> painter = CanvasPainter(width=400, height=2000)
        >>> scene = layout("chain", new_game("chain", seed=3).table, 400)
        >>> painter.would_shrink(scene), painter.show(scene, shrink=True), painter.would_shrink(scene)
        (True, None, False)
        """
        width, height = int(self.canvas.width), int(self.canvas.height)
        return width == math.ceil(scene.width) and (
            height - math.ceil(scene.height) > SHRINK_SLACK * scene.width)

    # -- card images ---------------------------------------------------------------

    @staticmethod
    def image_key(sprite: Sprite) -> tuple[str, int, int]:
        """What a card looks like: its face (or ``"back"``) and its size in whole pixels."""
        face = str(sprite.card) if sprite.face_up else "back"
        return (face, math.ceil(sprite.w), math.ceil(sprite.h))

    def _new_image(self, key: tuple[str, int, int]) -> tuple[int, int]:
        """A cell of the sheet for ``key`` (the sheet is sized for the first card size)."""
        if self._base is None:
            self._base = (key[1], key[2])
            # Every card of a pack and its back fit: 14 cells a row, 4 rows.
            self._sheet.width = SHEET_COLUMNS * (key[1] + 2 * _PAD)
            self._sheet.height = SHEET_ROWS * (key[2] + 2 * _PAD)
            self.painter.reset(self._sheet)
        index = len(self._cells)
        if index >= SHEET_COLUMNS * SHEET_ROWS:
            raise ValueError("more card images than the sheet holds")
        width, height = self._base[0] + 2 * _PAD, self._base[1] + 2 * _PAD
        cell = self._cells[key] = ((index % SHEET_COLUMNS) * width, (index // SHEET_COLUMNS) * height)
        return cell

    def _image(self, sprite: Sprite) -> tuple[tuple[int, int], tuple[str, int, int]]:
        key = self.image_key(sprite)
        if self._base is not None and key[1:] != self._base:
            # A card in mid-flip is narrower: scale the image of the full-size card
            # rather than keep a cell for every in-between width.
            key = (key[0], *self._base)
        cell = self._cells.get(key)
        if cell is None:
            cell = self._new_image(key)
        if key not in self._image_ready:
            self._image_ready.add(key)
            self._sheet.reset_transform()
            self._sheet.clear_rect(cell[0], cell[1], key[1] + 2 * _PAD, key[2] + 2 * _PAD)
            self.painter.draw(self._sheet, self._image_shapes(sprite, key, cell))
        return cell, key

    def _image_shapes(self, sprite: Sprite, key: tuple[str, int, int],
                      cell: tuple[int, int] = (0, 0)) -> list[Shape]:
        """The shapes of a card alone, its corner at ``(_PAD, _PAD)`` inside ``cell``."""
        alone = replace(sprite, x=cell[0] + _PAD, y=cell[1] + _PAD, w=float(key[1]),
                        h=float(key[2]), z=1, key="card")
        mini = Scene(cell[0] + key[1] + 2 * _PAD, cell[1] + key[2] + 2 * _PAD, (alone,))
        return [shape for kind, _key, shapes in scene_layers(mini, self.four_colour)
                if kind == "card" for shape in shapes]

    def prepare(self, sprites: Iterable[Sprite]) -> None:
        """Lay out the sheet's cells for these cards and make the paths they need
        (drawn when first used).

        Call it with every card of the game up front, so that a later step
        never has to create a widget: its drawing stays one message.
        """
        for sprite in sprites:
            for face_up in (False, True):
                turned = replace(sprite, face_up=face_up)
                key = self.image_key(turned)
                if self._base is not None and key[1:] != self._base:
                    key = (key[0], *self._base)
                if key not in self._cells:
                    self._new_image(key)
                    # Its outlines too: a Path2D made mid-step would be a message of its own.
                    for shape in self._image_shapes(turned, key):
                        if isinstance(shape, Path):
                            self.painter.path2d(shape.d)

    # -- layers -----------------------------------------------------------------

    def _draw_table(self, scene: Scene) -> None:
        height = max(scene.height, self._table.height)
        signature = (scene.width, height, scene.slots, scene.labels)
        if self._table_drawn == signature:
            return
        self._table_drawn = signature
        bare = Scene(scene.width, height, (), scene.slots, scene.labels)
        self._table.reset_transform()
        self._table.clear()
        self.painter.reset(self._table)
        for _kind, _key, shapes in scene_layers(bare, self.four_colour):
            self.painter.draw(self._table, shapes)

    def _draw_cards(self, canvas: Canvas, sprites: Iterable[Sprite]) -> None:
        cards = list(sprites)
        hidden = covered_keys(cards)
        for sprite in sorted(cards, key=lambda s: s.z):
            if sprite.key in hidden:
                continue
            (cx, cy), (_face, width, height) = self._image(sprite)
            if (width, height) == (math.ceil(sprite.w), math.ceil(sprite.h)):
                x, y = round(sprite.x) - _PAD, round(sprite.y) - _PAD
                w, h = width + 2 * _PAD, height + 2 * _PAD
                canvas.save()
                canvas.begin_path()
                canvas.rect(x, y, w, h)
                canvas.clip()
                canvas.draw_image(self._sheet, x - cx, y - cy)
                canvas.restore()
            else:
                sx, sy = sprite.w / width, sprite.h / height
                fx, fy = sprite.x - _PAD * sx, sprite.y - _PAD * sy
                canvas.save()
                canvas.begin_path()
                canvas.rect(_n(fx), _n(fy), _n((width + 2 * _PAD) * sx), _n((height + 2 * _PAD) * sy))
                canvas.clip()
                canvas.draw_image(self._sheet, _n(fx - cx * sx), _n(fy - cy * sy),
                                  _n(self._sheet.width * sx), _n(self._sheet.height * sy))
                canvas.restore()

    def _draw_highlight(self, canvas: Canvas, scene: Scene, highlight: Collection[str]) -> None:
        if not highlight:
            return
        bare = Scene(scene.width, scene.height, scene.sprites, scene.slots)  # empty piles too
        for kind, _key, shapes in scene_layers(bare, self.four_colour, highlight):
            if kind == "highlight":
                self.painter.draw(canvas, shapes)

    def _compose(self, canvas: Canvas, sprites: Iterable[Sprite], base: Canvas) -> None:
        canvas.reset_transform()    # whatever an interrupted message left (see ShapePainter._path)
        canvas.clear()
        canvas.draw_image(base, 0, 0)
        self._draw_cards(canvas, sprites)

    @contextmanager
    def _message(self) -> Iterator[None]:
        # LOCK: ipycanvas builds the message in one global cache (see threads.py).
        with LOCK, hold_canvas():
            self.painter.reset()
            yield
            # Last in the message: its number, as the acknowledgement pixel's colour.
            self.sent += 1
            self._ack.fill_style = f"#{self.sent & 0xFFFFFF:06x}"
            self._ack.fill_rect(0, 0, 1, 1)

    @property
    def in_flight(self) -> int:
        """Messages sent that the browser has not acknowledged (0 without a browser)."""
        return self.sent - self.drawn if self.acknowledged else 0

    @serialized
    def _on_ack(self, change: dict[str, Any]) -> None:
        pixel = first_pixel(bytes(change["new"] or b""))
        if pixel is None:
            return
        number = (pixel[0] << 16) | (pixel[1] << 8) | pixel[2]
        # The pixel holds the number's low 24 bits; acknowledgements may come merged.
        drawn = self.sent - ((self.sent - number) & 0xFFFFFF)
        if drawn > self.drawn:
            self.drawn = drawn
        self.acknowledged = True
        if self.on_drawn is not None:
            self.on_drawn()

    # -- public drawing -----------------------------------------------------------

    def show(self, scene: Scene, highlight: Collection[str] = frozenset(),
             shrink: bool = False, fresh: bool = False) -> None:
        """Draw ``scene`` as it stands, in one message (``shrink``: the felt may shrink;
        ``fresh``: the table layer is drawn again too, not taken as it was left)."""
        if fresh:
            self._table_drawn = None
        with self._message():
            self._show(scene, highlight, shrink)

    def _show(self, scene: Scene, highlight: Collection[str] = frozenset(),
              shrink: bool = False) -> None:
        self._size(scene, shrink)
        self._draw_table(scene)
        self._compose(self.canvas, scene.sprites, self._table)
        self._draw_highlight(self.canvas, scene, highlight)
        self.scene = scene
        self.highlight = frozenset(highlight)

    @serialized
    def client_ready(self) -> None:
        """A canvas of this table (re)appeared in a browser: redraw everything, once.

        On a page reload every canvas, hidden ones included, says it is ready,
        one after another; the redraw waits until they have been quiet for
        :data:`READY_QUIET` seconds (at once when no event loop runs).
        """
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self.redraw()
            return
        if self._pending is not None:
            self._pending.cancel()
        self._pending = loop.call_later(READY_QUIET, self._ready)

    @serialized
    def _ready(self) -> None:
        self._pending = None
        self.redraw()

    @serialized
    def redraw(self) -> None:
        """Draw everything again, hidden canvases included (for a view that connected late)."""
        self.forget()
        if self.scene is not None:
            with self._message():
                self.prepare(self.scene.sprites)
                self._show(self.scene, self.highlight)

    def drag(self, scene: Scene, lifted: Collection[str], dx: float, dy: float,
             start: bool = False) -> None:
        """Show ``scene`` with the cards ``lifted`` (sprite keys) moved by ``(dx, dy)``.

        ``start`` redraws the cards that stay put onto the under canvas first.
        """
        with self._message():
            self._size(scene)
            staying = [s for s in scene.sprites if s.key not in lifted]
            if start:
                self._draw_table(scene)
                self._compose(self._under, staying, self._table)
            moving = [replace(s, x=s.x + dx, y=s.y + dy) for s in scene.sprites
                      if s.key in lifted]
            self._compose(self.canvas, moving, self._under)

    def animate(self, segments: Sequence[Segment], final: Scene,
                highlight: Collection[str] = frozenset()) -> None:
        """Play ``segments`` then show ``final``: all of it ONE message.

        Per segment the cards that do not move go once onto the under canvas;
        each frame copies it and draws the moving cards, then sleeps.
        """
        with self._message():
            still: set[str] | None = None
            for segment in segments:
                still = self._segment(segment)
            # End on the whole final position, never on what earlier messages left
            # on the hidden canvases: from the under canvas this message drew (the
            # table and the cards that stayed put), when it is still right, else
            # from the table layer up.
            moving = [s for s in final.sprites if still is not None and s.key not in still]
            if (still is not None and segments[-1].after == final and _on_top(final, moving)
                    and self._settled(final)):
                self._compose(self.canvas, moving, self._under)
                self._draw_highlight(self.canvas, final, highlight)
                self.scene = final
                self.highlight = frozenset(highlight)
            else:
                self._show(final, highlight)

    def _settled(self, scene: Scene) -> bool:
        """Size the canvases and draw the table layer for ``scene``: True if neither changed."""
        size, table = (self.canvas.width, self.canvas.height), self._table_drawn
        self._size(scene)
        self._draw_table(scene)
        return (self.canvas.width, self.canvas.height) == size and self._table_drawn == table

    def _segment(self, segment: Segment) -> set[str] | None:
        """Draw one segment (only the table layer when nothing moves); the keys of
        the cards drawn on the under canvas (None: it was not drawn)."""
        before, after = segment.before, segment.after
        self._size(after)
        old = {s.key: s for s in before.sprites}
        new = {s.key: s for s in after.sprites}
        still = {key for key, s in new.items() if key in old and _same_place(old[key], s)}
        if len(still) == len(new) == len(old):
            # Nothing moves (a fact changed): the labels may have.
            self._draw_table(after)
            return None
        self._draw_table(after)
        self._compose(self._under, [new[k] for k in still], self._table)
        for frame in segment.frames:
            moving = [s for s in frame.sprites if s.key not in still]
            self._compose(self.canvas, moving, self._under)
            self.canvas.sleep(segment.ms)
        return still
