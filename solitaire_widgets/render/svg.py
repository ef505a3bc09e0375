"""The SVG backend: a scene as a standalone ``<svg>`` string.

Every piece of text is escaped, so a label or title can hold anything.

>>> from solitaire_widgets.render.scene import Label, Scene
>>> svg = scene_svg(Scene(100, 50, labels=(Label(5, 20, "<b>&", 10),)))
>>> "&lt;b&gt;&amp;" in svg and svg.startswith("<svg")
True
"""

from __future__ import annotations

import hashlib
from collections.abc import Collection
from dataclasses import replace
from functools import lru_cache
from html import escape
from typing import Any

from .draw import covered, felt_shapes, label_shapes, scene_layers, slot_shapes, sprite_shapes
from .scene import Label, Scene, Slot, Sprite, shown_key
from .shapes import Rect, Shape, Text

__all__ = ["scene_svg", "scene_patch", "shape_svg"]


# A table's positions and sizes repeat from one picture to the next: each
# number is written once (a page's move then costs little more than its cards).
@lru_cache(maxsize=4096)
def _num(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


def _attr(value: str) -> str:
    return escape(value, quote=True)


def shape_svg(shape: Shape, paths: dict[str, str] | None = None) -> str:
    """One shape as an SVG element.

    With ``paths``, a long path (a suit's outline) is defined there once and
    placed with ``<use>``; its fill and stroke come from the ``<use>``.

    >>> shape_svg(Rect(1, 2, 3, 4, 0.5, fill="#fff"))
    '<rect x="1" y="2" width="3" height="4" rx="0.5" fill="#fff"/>'
    """
    if isinstance(shape, Rect):
        parts = [f'<rect x="{_num(shape.x)}" y="{_num(shape.y)}" width="{_num(shape.w)}" '
                 f'height="{_num(shape.h)}"']
        if shape.radius:
            parts.append(f' rx="{_num(shape.radius)}"')
        parts.append(f' fill="{_attr(shape.fill)}"')
        if shape.stroke != "none" and shape.stroke_width > 0:
            parts.append(f' stroke="{_attr(shape.stroke)}" '
                         f'stroke-width="{_num(shape.stroke_width)}"')
        return "".join(parts) + "/>"
    if isinstance(shape, Text):
        parts = [f'<text x="{_num(shape.x)}" y="{_num(shape.y)}" font-size="{_num(shape.size)}" '
                 f'fill="{_attr(shape.fill)}" font-family="{_attr(shape.family)}"']
        if shape.anchor != "start":
            parts.append(f' text-anchor="{shape.anchor}"')
        if shape.weight != "normal":
            parts.append(f' font-weight="{shape.weight}"')
        if shape.rotate180:
            parts.append(f' transform="rotate(180 {_num(shape.x)} {_num(shape.y)})"')
        return "".join(parts) + f">{escape(shape.text, quote=False)}</text>"
    transform = f"translate({_num(shape.tx)} {_num(shape.ty)})"
    if shape.scale != 1:
        transform += f" scale({shape.scale:.5g})"
    if shape.rotate180:
        transform += " rotate(180)"
    if paths is not None and len(shape.d) > 40:
        ident = "sw-p" + hashlib.sha1(shape.d.encode()).hexdigest()[:10]
        paths.setdefault(ident, f'<path id="{ident}" d="{_attr(shape.d)}"/>')
        parts = [f'<use href="#{ident}" fill="{_attr(shape.fill)}"']
    else:
        parts = [f'<path d="{_attr(shape.d)}" fill="{_attr(shape.fill)}"']
    if shape.tx or shape.ty or shape.scale != 1 or shape.rotate180:
        parts.append(f' transform="{transform}"')
    if shape.stroke != "none" and shape.stroke_width > 0:
        parts.append(f' stroke="{_attr(shape.stroke)}" stroke-width="{_num(shape.stroke_width)}"')
    return "".join(parts) + "/>"


def _card_id(sprite: Sprite, hidden: bool, four_colour: bool) -> str:
    # The id names everything the drawing depends on, so two SVGs on one page
    # that define the same id define the same picture.
    return _picture_id(sprite.card if sprite.face_up else None, sprite.w, sprite.h, hidden,
                       four_colour)


@lru_cache(maxsize=4096)
def _picture_id(card: object, w: float, h: float, hidden: bool, four_colour: bool) -> str:
    face = "back" if card is None else str(card)
    size = f"{w:.2f}x{h:.2f}".replace(".", "_")
    flags = ("-4" if four_colour else "") + ("-o" if hidden else "")
    return f"sw-{face}-{size}{flags}"


def _card_def(sprite: Sprite, hidden: bool, four_colour: bool, defs: dict[str, str]) -> str:
    at_origin = replace(sprite, x=0.0, y=0.0)
    body = "".join(shape_svg(shape, defs)
                   for shape in sprite_shapes(at_origin, hidden, four_colour))
    return f'<g id="{_card_id(sprite, hidden, four_colour)}">{body}</g>'


Layer = tuple[str, str, "list[Shape] | tuple[Sprite, bool]"]


def _layers(scene: Scene, four_colour: bool, highlight: Collection[str]) -> list[Layer]:
    """The scene's layers in drawing order; a card's is its sprite and whether it is covered."""
    hidden = covered(scene)
    out: list[Layer] = []
    for kind, key, shapes in scene_layers(scene, four_colour, highlight, cards=False):
        sprite = scene.sprite(key) if kind == "card" else None
        if sprite is None:
            out.append((kind, key, shapes))
        else:
            out.append((kind, key, (sprite, key in hidden)))
    return out


def _placed(sprite: Sprite, hidden: bool, four_colour: bool, defs: dict[str, str]) -> str:
    """The id of the card's picture, the picture added to ``defs`` if it is not there yet."""
    ident = _card_id(sprite, hidden, four_colour)
    if ident not in defs:
        defs[ident] = _card_def(sprite, hidden, four_colour, defs)
    return ident


def _layer_svg(kind: str, key: str, shapes: list[Shape]) -> str:
    body = "".join(shape_svg(shape) for shape in shapes)
    return f'<g class="slot" data-pile="{_attr(key)}">{body}</g>' if kind == "slot" else body


def scene_svg(scene: Scene, four_colour: bool = False, highlight: Collection[str] = frozenset(),
              title: str = "", description: str = "",
              shared_defs: dict[str, str] | None = None) -> str:
    """A standalone SVG image of ``scene`` (one ``<g class="card">`` per sprite).

    ``title`` and ``description`` become the image's accessible name and
    description (``<title>``, ``<desc>``).

    >>> from solitaire_widgets import new_game
    >>> from solitaire_widgets.render.scene import layout
    >>> svg = scene_svg(layout("chain", new_game("chain", seed=5).table), title="Chain")
    >>> svg.count('class="card"')
    52
    """
    width, height = _num(scene.width), _num(scene.height)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" role="img"']
    if title:
        out.append(' aria-label="' + _attr(title) + '"')
    out.append(">")
    if title:
        out.append(f"<title>{escape(title, quote=False)}</title>")
    if description:
        out.append(f"<desc>{escape(description, quote=False)}</desc>")
    # Each distinct card picture is drawn once, in <defs>, and placed with
    # <use>: a table of 52 cards would otherwise repeat every pip's path.
    # With ``shared_defs`` the pictures go there instead (a player that shows
    # many frames keeps one copy of each for all of them).
    defs = {} if shared_defs is None else shared_defs
    for kind, key, shapes in _layers(scene, four_colour, highlight):
        if isinstance(shapes, tuple):
            sprite, hidden = shapes
            out.append(f'<g class="card" data-key="{_attr(shown_key(sprite))}" data-pile="{_attr(sprite.pile)}" '
                       f'transform="translate({_num(sprite.x)} {_num(sprite.y)})">'
                       f'<use href="#{_placed(sprite, hidden, four_colour, defs)}"/></g>')
        else:
            out.append(_layer_svg(kind, key, shapes))
    out.append("</svg>")
    if shared_defs is None and defs:
        head = out.index(">") + 1
        out.insert(head, "<defs>" + "".join(defs.values()) + "</defs>")
    return "".join(out)


def scene_patch(scene: Scene, shared_defs: dict[str, str], four_colour: bool = False,
                statics: dict[object, int] | None = None,
                highlight: Collection[str] = frozenset()) -> dict[str, Any]:
    """What a page needs to turn a drawn scene into this one in place, card by card.

    ``cards`` lists, in drawing order, ``[key, pile, x, y, picture id]``
    (numbers as :func:`scene_svg` writes them, so the page compares text);
    ``static`` is everything that is not a card (felt, slots, labels) as SVG
    text, or, with ``statics``, the numbers of its parts there, in drawing
    order: the felt, each slot and each label is a drawing made and sent
    once (kept under its text and under what it draws), so a slot added or
    a count changed costs one small drawing, not the whole table's.
    ``over`` is what is drawn over the cards (the ``highlight``), as SVG text.
    The card pictures go into ``shared_defs``, as with :func:`scene_svg`.

    >>> from solitaire_widgets import new_game
    >>> from solitaire_widgets.render.scene import layout
    >>> defs: dict[str, str] = {}
    >>> patch = scene_patch(layout("chain", new_game("chain", seed=5).table), defs)
    >>> len(patch["cards"]), patch["cards"][0][4] in defs
    (52, True)
    """
    hidden = covered(scene)
    cards = [[shown_key(sprite), sprite.pile, _num(sprite.x), _num(sprite.y),
              _placed(sprite, sprite.key in hidden, four_colour, shared_defs)]
             for sprite in sorted(scene.sprites, key=lambda s: s.z)]
    static: str | list[int] = (_static_svg(scene, four_colour) if statics is None
                               else _static_parts(scene, statics))
    over = "".join(_layer_svg(kind, key, shapes) for kind, key, shapes
                   in scene_layers(scene, four_colour, highlight, cards=False)
                   if kind == "highlight") if highlight else ""
    return {"width": _num(scene.width), "height": _num(scene.height), "cards": cards,
            "static": static, "over": over}


def _static_parts(scene: Scene, statics: dict[object, int]) -> list[int]:
    """The numbers in ``statics`` of the felt, the slots and the labels of ``scene``,
    each drawing added the first time it is drawn (see :func:`scene_patch`)."""
    numbers = []
    looks: list[tuple[str, str, object]] = [("table", "", (scene.width, scene.height))]
    looks += [("slot", slot.pile, slot) for slot in scene.slots]
    looks += [("label", "", label) for label in scene.labels]
    for kind, key, look in looks:
        number = statics.get((kind, look))
        if number is None:
            shapes = (felt_shapes(scene.width, scene.height) if kind == "table"
                      else slot_shapes(look) if isinstance(look, Slot)
                      else label_shapes(look) if isinstance(look, Label) else [])
            number = statics.setdefault(_layer_svg(kind, key, shapes), len(statics))
            statics[kind, look] = number
        numbers.append(number)
    return numbers


def _static_svg(scene: Scene, four_colour: bool) -> str:
    """Everything of the scene that is not a card, as SVG text."""
    return "".join(_layer_svg(kind, key, shapes)
                   for kind, key, shapes in scene_layers(scene, four_colour, cards=False)
                   if kind not in ("card", "highlight"))
