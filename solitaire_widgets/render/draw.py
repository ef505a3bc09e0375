"""A scene as one ordered list of shapes: the list both backends draw.

Order: the felt, the slots (outlines under the cards), the labels, the
cards by depth, then highlight outlines on top. A card wholly hidden under
another card at the same place is drawn as its bare outline only (a stock of
eighty cards need not draw eighty lattices), but it is still drawn, so every
sprite has its own group.

>>> from solitaire_widgets import new_game
>>> from solitaire_widgets.render.scene import layout
>>> scene = layout("klondike", new_game("klondike", seed=1).table, 360)
>>> shapes = scene_shapes(scene)
>>> shapes[0].fill == FELT
True
"""

from __future__ import annotations

from collections.abc import Collection

from .cardface import BACK, EDGE, FACE, card_shapes, suit_path
from .scene import READABLE_LABEL, Label, Scene, Slot, Sprite
from .shapes import SANS, Rect, Shape, Text

__all__ = ["scene_shapes", "scene_layers", "slot_shapes", "covered", "sprite_shapes", "FELT", "HIGHLIGHT", "LABEL_INK",
           "CURSOR", "CURSOR_INK", "CURSOR_EDGE", "HINT", "HINT_INK"]

#: The table's green baize.
FELT = "#1f6a3e"
#: The outline of the picked-up cards.
HIGHLIGHT = "#ffd54a"
#: A highlight item starting so is the keyboard cursor (``"cursor:t3:1"``): it is
#: drawn apart from a selection, as two thin rings further out, white round dark blue.
CURSOR = "cursor:"
#: A highlight item starting so is a hint (``"hint:t3:1"``, ``"hint:fh"``),
#: drawn in its own colour, apart from the picked-up cards' yellow.
HINT = "hint:"
HINT_INK = "#4fd1ff"
CURSOR_INK = "#ffffff"
CURSOR_EDGE = "#0b3d91"
#: Text written on the table.
LABEL_INK = "#e9f3ea"
SLOT_FILL = "rgba(255,255,255,0.07)"
SLOT_EDGE = "rgba(255,255,255,0.42)"
SLOT_MARK = "rgba(255,255,255,0.28)"
SHADOW = "rgba(0,0,0,0.22)"

Layer = tuple[str, str, list[Shape]]


def felt_shapes(width: float, height: float) -> list[Shape]:
    """The felt of a table ``width`` by ``height``."""
    return [Rect(0, 0, width, height, 0, fill=FELT)]


def label_shapes(label: Label) -> list[Shape]:
    """Text on the table itself."""
    return [Text(label.x, label.y, label.text, label.size, LABEL_INK, label.anchor, "normal",
                 False, SANS)]


def slot_shapes(slot: Slot) -> list[Shape]:
    """A faint rounded outline, with its faint suit symbol and label.

    >>> len(slot_shapes(Slot("fc", 0, 0, 70, 98, "A", "C")))
    3
    """
    w, h = slot.w, slot.h
    shapes: list[Shape] = [Rect(slot.x, slot.y, w, h, w * 0.07, fill=SLOT_FILL, stroke=SLOT_EDGE,
                                stroke_width=max(1.0, w * 0.015))]
    size = max(READABLE_LABEL, min(w * 0.2, 14.0))  # readable at its own size
    if slot.suit:
        shapes.append(suit_path(slot.suit, slot.x + w / 2, slot.y + h * 0.45, w * 0.42, SLOT_MARK))
    if slot.label:
        y = slot.y + (h * 0.86 if slot.suit else h / 2 + size * 0.35)
        shapes.append(Text(slot.x + w / 2, y, slot.label, size, SLOT_MARK, "middle", "bold"))
    return shapes


def covered(scene: Scene) -> set[str]:
    """Keys of sprites hidden exactly under a higher sprite at the same place."""
    top: dict[tuple[float, float, float, float], int] = {}
    places = []
    for sprite in scene.sprites:
        place = (round(sprite.x, 2), round(sprite.y, 2), round(sprite.w, 2), round(sprite.h, 2))
        places.append(place)
        top[place] = max(top.get(place, sprite.z), sprite.z)
    return {sprite.key for sprite, place in zip(scene.sprites, places, strict=True)
            if top[place] > sprite.z}


def sprite_shapes(sprite: Sprite, hidden: bool, four_colour: bool) -> list[Shape]:
    """One card's shapes, with its shadow; a ``hidden`` card (see :func:`covered`) is
    only its outline."""
    radius = sprite.w * 0.07
    if hidden:
        return [Rect(sprite.x, sprite.y, sprite.w, sprite.h, radius,
                     fill=FACE if sprite.face_up else BACK, stroke=EDGE,
                     stroke_width=max(0.6, sprite.w * 0.012))]
    shadow = max(0.6, sprite.w * 0.012)
    return [Rect(sprite.x + shadow * 0.6, sprite.y + shadow, sprite.w, sprite.h, radius,
                 fill=SHADOW)] + card_shapes(sprite.card, sprite.x, sprite.y, sprite.w,
                                             sprite.h, sprite.face_up, four_colour)


def _highlighted(scene: Scene, highlight: Collection[str]) -> list[tuple[float, float, float,
                                                                           float]]:
    boxes = []
    for item in sorted(highlight):
        pile, _, count = item.partition(":")
        sprite = scene.sprite(item)
        sprites: list[Sprite] = []
        if count.isdigit() and int(count) > 0:
            sprites = scene.pile_sprites(pile)[-int(count):]
        elif sprite is not None:
            sprites = [sprite]
        else:
            pile = item
        if not sprites:      # a pile's place (an empty pile's too)
            bounds = scene.pile_bounds(pile)
            if bounds is not None:
                boxes.append(bounds)
            continue
        left = min(s.x for s in sprites)
        top = min(s.y for s in sprites)
        boxes.append((left, top, max(s.x + s.w for s in sprites) - left,
                      max(s.y + s.h for s in sprites) - top))
    return boxes


def scene_layers(scene: Scene, four_colour: bool = False,
                 highlight: Collection[str] = frozenset(), cards: bool = True) -> list[Layer]:
    """The shapes of a scene in groups ``(kind, key, shapes)``, in drawing order.

    ``kind`` is ``"table"``, ``"slot"``, ``"label"``, ``"card"`` (``key``:
    the sprite's key) or ``"highlight"``. The SVG backend writes one group
    per card; :func:`scene_shapes` is the same list flattened. With
    ``cards=False`` a card's layer has no shapes (a backend that draws each
    card picture once, as the SVG one does, skips drawing them every time).

    >>> from solitaire_widgets.render.scene import Scene
    >>> [kind for kind, _key, _shapes in scene_layers(Scene(10, 10))]
    ['table']
    """
    layers: list[Layer] = [("table", "", felt_shapes(scene.width, scene.height))]
    for slot in scene.slots:
        layers.append(("slot", slot.pile, slot_shapes(slot)))
    for label in scene.labels:
        layers.append(("label", "", label_shapes(label)))
    hidden = covered(scene) if cards else set()
    for sprite in sorted(scene.sprites, key=lambda s: s.z):
        layers.append(("card", sprite.key,
                       sprite_shapes(sprite, sprite.key in hidden, four_colour) if cards else []))
    cursor = {item[len(CURSOR):] for item in highlight if item.startswith(CURSOR)}
    hinted = {item[len(HINT):] for item in highlight if item.startswith(HINT)}
    marked = {item for item in highlight if not item.startswith((CURSOR, HINT))}
    for x, y, w, h in _highlighted(scene, hinted):
        layers.append(("highlight", "", [
            Rect(x - 3, y - 3, w + 6, h + 6, 7.0, fill="none", stroke=HINT_INK,
                 stroke_width=4.0),
        ]))
    for x, y, w, h in _highlighted(scene, marked):
        pad = 2.0
        layers.append(("highlight", "", [
            Rect(x - pad, y - pad, w + 2 * pad, h + 2 * pad, 6.0, fill="none", stroke=HIGHLIGHT,
                 stroke_width=3.0),
        ]))
    for x, y, w, h in _highlighted(scene, cursor):
        layers.append(("highlight", "", [
            Rect(x - 5, y - 5, w + 10, h + 10, 8.0, fill="none", stroke=CURSOR_EDGE,
                 stroke_width=2.0),
            Rect(x - 7, y - 7, w + 14, h + 14, 9.0, fill="none", stroke=CURSOR_INK,
                 stroke_width=2.0),
        ]))
    return layers


def scene_shapes(scene: Scene, four_colour: bool = False,
                 highlight: Collection[str] = frozenset()) -> list[Shape]:
    """Everything to draw for ``scene``, back to front.

    ``highlight`` outlines piles by id (``"t3"``), the last cards of a pile
    (``"t3:2"``) or single cards by sprite key (``"7C/2"``). ``four_colour``
    draws clubs green and diamonds blue.
    """
    return [shape for _kind, _key, shapes in scene_layers(scene, four_colour, highlight)
            for shape in shapes]
