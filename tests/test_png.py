"""The PNG backend: the same table as the SVG, as pixels, for viewers that show only images.

Every PNG here is decoded by ``tests/png_support.py``, a reader written from
the PNG specification apart from the package's encoder.
"""

from __future__ import annotations

import base64
import functools
import math
import os
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire_widgets import new_game
from solitaire_widgets.cards import Card
from solitaire_widgets.errors import ShapeError
from solitaire_widgets.examples import get_example
from solitaire_widgets.render.cardface import BACK, FACE, PIP_LAYOUTS, RED, card_shapes
from solitaire_widgets.render.display import STILL_PNG_SCALE
from solitaire_widgets.render.draw import FELT, scene_shapes
from solitaire_widgets.render.font import face_for, faces
from solitaire_widgets.render.png import (
    encode_png,
    parse_colour,
    path_contours,
    png_size,
    scene_png,
    shapes_png,
)
from solitaire_widgets.render.scene import Scene, Sprite, layout
from solitaire_widgets.render.shapes import SANS, SERIF, Path, Rect, Text
from tests.png_support import pixel, read_png

WIDTH = 760
GAMES = ("klondike", "quarrel", "chain")


def rgb(colour: str) -> tuple[int, int, int]:
    parsed = parse_colour(colour)
    assert parsed is not None
    return parsed[:3]


def decoded(png: bytes) -> list[bytes]:
    _width, _height, rows = read_png(png)
    return rows


def klondike() -> Scene:
    return layout("klondike", new_game("klondike", seed=7).table, WIDTH)


@functools.cache
def klondike_rows() -> list[bytes]:
    """The decoded PNG of :func:`klondike` (drawn once for the tests that look at it)."""
    return decoded(scene_png(klondike()))


def top_cards(scene: Scene) -> list[Sprite]:
    """The face-up cards on top of their piles, which nothing covers."""
    tops: dict[str, Sprite] = {}
    for sprite in scene.sprites:
        if sprite.face_up and (sprite.pile not in tops or sprite.z > tops[sprite.pile].z):
            tops[sprite.pile] = sprite
    return [sprite for sprite in tops.values() if sprite.face_up]


def red_pip_card() -> tuple[Scene, Sprite]:
    """A scene with a red card of two to ten face up on top of a pile."""
    for seed in range(100):
        scene = layout("klondike", new_game("klondike", seed=seed).table, WIDTH)
        for sprite in top_cards(scene):
            if sprite.card.suit in "HD" and 2 <= sprite.card.rank <= 10:
                return scene, sprite
    raise AssertionError("no red pip card on top in 100 deals")


@pytest.mark.parametrize("name", GAMES)
def test_the_png_decodes_at_the_size_of_the_scene(name: str) -> None:
    scene = layout(name, new_game(name, seed=3).table, WIDTH)
    png = scene_png(scene)
    width, height, rows = read_png(png)
    assert (width, height) == png_size(png) == (WIDTH, math.ceil(scene.height))
    assert len(rows) == height and all(len(row) == 3 * width for row in rows)
    half = read_png(scene_png(scene, scale=0.5))
    assert half[:2] == (WIDTH // 2, math.ceil(scene.height / 2))


def test_card_faces_are_white_and_the_table_felt_where_no_card_is() -> None:
    scene = klondike()
    rows = klondike_rows()
    for sprite in top_cards(scene):
        # Along the top of the face, clear of the corner index and the pips.
        x, y = round(sprite.x + sprite.w / 2), round(sprite.y + sprite.h * 0.06)
        assert pixel(rows, x, y) == rgb(FACE), sprite.key
    # Felt wherever no card, slot or label is, over a grid of the whole table.
    boxes = [(s.x, s.y, s.w, s.h) for s in scene.sprites] + [(s.x, s.y, s.w, s.h) for s in scene.slots]
    felt = 0
    for y in range(2, int(scene.height) - 2, 7):
        if any(abs(y - label.y) < label.size * 1.5 for label in scene.labels):
            continue
        for x in range(2, WIDTH - 2, 7):
            if any(bx - 3 <= x <= bx + bw + 3 and by - 3 <= y <= by + bh + 3
                   for bx, by, bw, bh in boxes):
                continue
            assert pixel(rows, x, y) == rgb(FELT), (x, y)
            felt += 1
    assert felt > 500


def test_a_red_cards_pips_are_red() -> None:
    scene, sprite = red_pip_card()
    rows = decoded(scene_png(scene))
    for fx, fy in PIP_LAYOUTS[sprite.card.rank]:
        x, y = round(sprite.x + fx * sprite.w), round(sprite.y + fy * sprite.h)
        assert pixel(rows, x, y) == rgb(RED), (sprite.key, fx, fy)


def test_the_indices_put_dark_pixels_in_their_corners() -> None:
    scene = klondike()
    shapes = scene_shapes(scene)
    with_text = klondike_rows()
    without = decoded(shapes_png([s for s in shapes if not isinstance(s, Text)], scene.width,
                                 scene.height))
    for sprite in top_cards(scene):
        size = sprite.w * 0.2
        base_x, base_y = sprite.x + sprite.w * 0.115, sprite.y + sprite.w * 0.215
        # The index above its baseline, and the one turned upside down below
        # its baseline in the opposite corner.
        corners = [(base_x - size * 0.5, base_y - size * 0.7, base_y),
                   (sprite.x + sprite.w - base_x + sprite.x - size * 0.5,
                    sprite.y + sprite.h - sprite.w * 0.215,
                    sprite.y + sprite.h - sprite.w * 0.215 + size * 0.7)]
        for left, top, bottom in corners:
            box = [(x, y) for x in range(math.ceil(left), math.floor(left + size))
                   for y in range(math.ceil(top), math.floor(bottom))]

            def ink(rows: list[bytes], box: list[tuple[int, int]] = box) -> int:
                return sum(1 for x, y in box if sum(pixel(rows, x, y)) < 3 * 150)

            assert ink(without) == 0, sprite.key
            assert ink(with_text) >= 8, sprite.key


def test_rounded_corners_leave_the_corner_pixel_felt() -> None:
    scene = klondike()
    rows = klondike_rows()
    # The first column's one card lies on the felt (its slot is under it).
    card = scene.pile_sprites("t1")[0]
    corner = (math.floor(card.x), math.floor(card.y))
    assert pixel(rows, *corner) == rgb(FELT)
    inside = pixel(rows, math.floor(card.x + card.w / 2), math.floor(card.y) + 2)
    assert inside == rgb(FACE if card.face_up else BACK)


def test_the_same_scene_gives_the_same_bytes() -> None:
    scene = layout("quarrel", new_game("quarrel", seed=2).table, WIDTH)
    assert scene_png(scene) == scene_png(scene)
    shapes = scene_shapes(scene)
    # Skipping what later cards paint over changes no pixel.
    assert shapes_png(shapes, scene.width, scene.height, cull=False) == scene_png(scene)


def test_an_unsupported_path_command_is_a_clear_error() -> None:
    with pytest.raises(ShapeError, match="M, L, C, A and Z.*has Q"):
        shapes_png([Path("M0,0 Q5,5 10,0 Z")], 10, 10)
    with pytest.raises(ShapeError, match="needs 6 numbers"):
        path_contours("M0,0 C1,1 2,2")
    with pytest.raises(ShapeError, match="not 'teal'"):
        shapes_png([Rect(0, 0, 5, 5, fill="teal")], 10, 10)


def test_paths_translate_scale_and_turn_as_the_svg_does() -> None:
    # A triangle pointing down from (5, 2); turned half round about (10, 10)
    # it points up from (10, 8) - (5 - 10, 2 - 10) scaled... at scale 1.
    triangle = "M-5,-8 L5,-8 L0,0 Z"
    up = decoded(shapes_png([Rect(0, 0, 20, 20, fill="#fff"),
                             Path(triangle, fill="#000", tx=10, ty=10)], 20, 20))
    down = decoded(shapes_png([Rect(0, 0, 20, 20, fill="#fff"),
                               Path(triangle, fill="#000", tx=10, ty=10, rotate180=True)],
                              20, 20))
    assert pixel(up, 10, 3) == (0, 0, 0) and pixel(up, 10, 16) == (255, 255, 255)
    assert pixel(down, 10, 16) == (0, 0, 0) and pixel(down, 10, 3) == (255, 255, 255)
    doubled = decoded(shapes_png([Rect(0, 0, 20, 20, fill="#fff"),
                                  Path("M0,0 L4,0 L4,4 L0,4 Z", fill="#000", tx=2, ty=2,
                                       scale=2)], 20, 20))
    assert pixel(doubled, 9, 9) == (0, 0, 0) and pixel(doubled, 11, 11) == (255, 255, 255)


def test_arcs_draw_circles_and_translucent_fills_blend() -> None:
    circle = "M-8,0 a8,8 0 1,0 16,0 a8,8 0 1,0 -16,0 Z"
    rows = decoded(shapes_png([Rect(0, 0, 20, 20, fill="#000"),
                               Path(circle, fill="rgba(255,255,255,0.5)", tx=10, ty=10)],
                              20, 20))
    assert pixel(rows, 10, 10) == (128, 128, 128)
    assert pixel(rows, 10, 3) == (128, 128, 128)            # inside, near the top
    assert pixel(rows, 1, 1) == (0, 0, 0)                   # outside the circle
    # An edge pixel is a blend: anti-aliased.
    edge = {pixel(rows, x, 10)[0] for x in range(0, 4)}
    assert any(0 < value < 128 for value in edge), edge


def test_a_stroked_rectangle_straddles_its_outline() -> None:
    rows = decoded(shapes_png([Rect(0, 0, 20, 20, fill="#fff"),
                               Rect(4, 4, 12, 12, fill="none", stroke="#000", stroke_width=2)],
                              20, 20))
    assert pixel(rows, 3, 10) == (0, 0, 0) and pixel(rows, 4, 10) == (0, 0, 0)
    assert pixel(rows, 10, 10) == (255, 255, 255) and pixel(rows, 1, 10) == (255, 255, 255)


def test_text_is_placed_by_its_baseline_and_anchor_and_turns_half_round() -> None:
    def ink_rows(text: Text) -> list[int]:
        rows = decoded(shapes_png([Rect(0, 0, 60, 40, fill="#fff"), text], 60, 40))
        return [y for y in range(40) if any(sum(pixel(rows, x, y)) < 300 for x in range(60))]

    def ink_columns(text: Text) -> list[int]:
        rows = decoded(shapes_png([Rect(0, 0, 60, 40, fill="#fff"), text], 60, 40))
        return [x for x in range(60) if any(sum(pixel(rows, x, y)) < 300 for y in range(40))]

    upright = ink_rows(Text(30, 20, "K", 14, "#000", "middle", "bold", False, SERIF))
    turned = ink_rows(Text(30, 20, "K", 14, "#000", "middle", "bold", True, SERIF))
    assert max(upright) <= 20 and min(upright) >= 8
    assert min(turned) >= 19 and max(turned) <= 32
    start = ink_columns(Text(30, 20, "stock", 12, "#000", "start", "normal", False, SANS))
    end = ink_columns(Text(30, 20, "stock", 12, "#000", "end", "normal", False, SANS))
    assert min(start) >= 30 and max(end) <= 30


def test_every_character_of_the_scenes_has_a_glyph_and_others_a_visible_box() -> None:
    used = set()
    for name in GAMES:
        game = new_game(name, seed=3)
        for table in (game.start, game.table):
            for shape in scene_shapes(layout(name, table, WIDTH)):
                if isinstance(shape, Text):
                    used |= {(c, shape.family, shape.weight) for c in shape.text}
    for char, family, weight in used:
        assert char == " " or face_for(family, weight).has(char), char
    for face in faces().values():
        assert all(face.has(c) for c in "–·ĄŻżЁёЖщ0123456789AJQK")
    # A character the font lacks still shows: the missing-glyph box.
    assert not faces()["sans"].has("♠")
    rows = decoded(shapes_png([Rect(0, 0, 30, 30, fill="#fff"),
                               Text(5, 25, "♠", 20, "#000", "start", "normal", False, SANS)],
                              30, 30))
    assert sum(1 for y in range(30) for x in range(30) if pixel(rows, x, y) != (255,) * 3) > 20


def test_the_encoder_round_trips_any_pixels() -> None:
    data = bytes(os.urandom(5 * 4 * 3)) + bytes(range(60)) + bytes(60)
    png = encode_png(data, 5, 12)
    width, height, rows = read_png(png)
    assert (width, height) == (5, 12) and b"".join(rows) == data


def test_a_small_face_and_the_back_draw_too() -> None:
    card = Card.parse("QH")
    small = card_shapes(card, 2, 2, 30, 42, face_up=True)
    back = card_shapes(card, 40, 2, 30, 42, face_up=False)
    rows = decoded(shapes_png([Rect(0, 0, 80, 50, fill=FELT), *small, *back], 80, 50))
    assert pixel(rows, 17, 30) == rgb(RED)                  # the big pip of a small face
    assert pixel(rows, 55, 23) != rgb(FELT)


# -- in the notebook's mime bundles -------------------------------------------------------


@pytest.fixture
def no_comm(monkeypatch: pytest.MonkeyPatch) -> None:
    from ipycanvas.canvas import _CANVAS_MANAGER

    monkeypatch.setattr(_CANVAS_MANAGER, "send", lambda *args, **kwargs: None)


def png_of(bundle: dict[str, Any] | None) -> tuple[int, int, list[bytes]]:
    assert bundle is not None
    return read_png(base64.b64decode(bundle["image/png"]))


def test_the_game_widget_bundle_holds_the_png_of_its_table(no_comm: None) -> None:
    from solitaire_widgets.widgets import GameWidget

    widget = GameWidget("chain", seed=4, animate=False)
    bundle = widget._repr_mimebundle_()
    width, height, _rows = png_of(bundle)
    scale = STILL_PNG_SCALE        # a light picture: it is saved with the notebook
    assert (width, height) == (math.ceil(widget.width * scale),
                               math.ceil(math.ceil(widget._layout().height) * scale))
    assert bundle is not None and "text/html" in bundle and "image/svg+xml" not in bundle


def test_the_replay_bundle_holds_the_png_of_the_position_shown(no_comm: None) -> None:
    from solitaire_widgets.widgets import ReplayWidget

    replay = ReplayWidget(get_example("klondike-partial-sequence"), animate=False)
    replay.go(2)
    _w, _h, rows = png_of(replay._repr_mimebundle_())
    shown = layout(replay.game, replay.game.position_at(2), replay.width)
    assert b"".join(rows) == b"".join(decoded(scene_png(shown, scale=STILL_PNG_SCALE)))


def test_a_game_shows_itself_as_a_png_too() -> None:
    game = new_game("quarrel", seed=5)
    png = game._repr_png_()
    assert png_size(png) == (720, math.ceil(layout(game, game.table, 720).height))
    assert png_size(get_example("chain-first-layout")._repr_png_())[0] == 720


def test_a_stroked_path_draws_along_its_outline_only() -> None:
    square = "M-6,-6 L6,-6 L6,6 L-6,6 Z"
    rows = decoded(shapes_png([Rect(0, 0, 20, 20, fill="#fff"),
                               Path(square, fill="none", stroke="#000", stroke_width=2,
                                    tx=10, ty=10)], 20, 20))
    assert pixel(rows, 4, 10) == (0, 0, 0) and pixel(rows, 10, 15) == (0, 0, 0)
    assert pixel(rows, 10, 10) == (255, 255, 255) and pixel(rows, 1, 1) == (255, 255, 255)


coordinates = st.floats(-30, 60, allow_nan=False)
sizes = st.floats(0, 50, allow_nan=False)
colours = st.sampled_from(["#1f6a3e", "#fff", "rgba(0,0,0,0.22)", "rgba(255,255,255,0.07)",
                           "none", "#c62828"])
shapes = st.one_of(
    st.builds(Rect, coordinates, coordinates, sizes, sizes, st.floats(0, 30), colours, colours,
              st.floats(0, 4)),
    st.builds(Text, coordinates, coordinates, st.text("AK10 stock·–Żё♠", max_size=6),
              st.floats(0.5, 30), colours, st.sampled_from(["start", "middle", "end"]),
              st.sampled_from(["normal", "bold"]), st.booleans(),
              st.sampled_from([SANS, SERIF])),
    st.builds(Path, st.sampled_from(["M0,0 L10,0 L0,10 Z", "M-5,0 a5,5 0 1,0 10,0 Z",
                                     "M0,0 C10,-10 20,10 30,0 Z", "M0,0 L1,1", ""]),
              colours, colours, st.floats(0, 3), coordinates, coordinates,
              st.floats(0.01, 3), st.booleans()),
)


@settings(max_examples=40, deadline=None)
@given(st.lists(shapes, max_size=8), st.sampled_from([0.5, 1.0, 1.5]))
def test_any_shapes_draw_at_the_size_asked_and_culling_changes_no_pixel(
        drawn: list[Any], scale: float) -> None:
    felt = Rect(0, 0, 40, 30, fill=FELT)
    png = shapes_png([felt, *drawn], 40, 30, scale)
    width, height, _rows = read_png(png)
    assert (width, height) == (math.ceil(40 * scale), math.ceil(30 * scale))
    assert png == shapes_png([felt, *drawn], 40, 30, scale, cull=False)
