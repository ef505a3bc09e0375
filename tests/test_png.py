"""The PNG backend: the same table as the SVG, as pixels, for viewers that show only images.

Pictures are drawn with Pillow and read back with Pillow (``tests/png_support.py``).
The last test puts each PNG beside the SVG of the same position as Chromium
draws it and compares them pixel by pixel.
"""

from __future__ import annotations

import base64
import functools
import json
import math
import os
import re
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire_widgets import new_game
from solitaire_widgets.errors import ShapeError
from solitaire_widgets.examples import get_example
from solitaire_widgets.render.cardface import BACK, FACE, PIP_LAYOUTS, RED
from solitaire_widgets.render.draw import FELT, scene_shapes
from solitaire_widgets.render.png import (
    open_png,
    parse_colour,
    path_contours,
    png_size,
    scene_png,
    shapes_png,
)
from solitaire_widgets.render.scene import Scene, Sprite, layout
from solitaire_widgets.render.shapes import SANS, SERIF, Path, Rect, Text
from solitaire_widgets.render.svg import scene_svg
from solitaire_widgets.strategies import get_strategy
from tests.browser_support import BrowserPage
from tests.png_support import pixel, read_png

WIDTH = 760
GAMES = ("klondike", "quarrel", "chain")
#: How far (per channel) a flat colour may stray in the PNG's palette of colours.
NEAR = 3


def rgb(colour: str) -> tuple[int, int, int]:
    parsed = parse_colour(colour)
    assert parsed is not None
    return parsed[:3]


def near(seen: tuple[int, int, int], colour: str | tuple[int, int, int]) -> bool:
    wanted = rgb(colour) if isinstance(colour, str) else colour
    return all(abs(a - b) <= NEAR for a, b in zip(seen, wanted, strict=True))


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
        assert near(pixel(rows, x, y), FACE), sprite.key
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
            assert near(pixel(rows, x, y), FELT), (x, y)
            felt += 1
    assert felt > 500


def test_a_red_cards_pips_are_red() -> None:
    scene, sprite = red_pip_card()
    rows = decoded(scene_png(scene))
    for fx, fy in PIP_LAYOUTS[sprite.card.rank]:
        x, y = round(sprite.x + fx * sprite.w), round(sprite.y + fy * sprite.h)
        assert near(pixel(rows, x, y), RED), (sprite.key, fx, fy)


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
    assert near(pixel(rows, *corner), FELT)
    inside = pixel(rows, math.floor(card.x + card.w / 2), math.floor(card.y) + 2)
    assert near(inside, FACE if card.face_up else BACK)


def test_the_same_scene_gives_the_same_bytes() -> None:
    scene = layout("quarrel", new_game("quarrel", seed=2).table, WIDTH)
    assert scene_png(scene) == scene_png(scene)


def test_an_unsupported_path_command_is_a_clear_error() -> None:
    with pytest.raises(ShapeError, match="M, L, C, A and Z.*has Q"):
        shapes_png([Path("M0,0 Q5,5 10,0 Z")], 10, 10)
    with pytest.raises(ShapeError, match="needs 6 numbers"):
        path_contours("M0,0 C1,1 2,2")
    with pytest.raises(ShapeError, match="not 'teal'"):
        shapes_png([Rect(0, 0, 5, 5, fill="teal")], 10, 10)
    with pytest.raises(ShapeError, match="above 0"):
        shapes_png([], 10, 10, scale=0)


def test_paths_translate_scale_and_turn_as_the_svg_does() -> None:
    # A triangle pointing down to (10, 10); turned half round about (10, 10)
    # it points up from there.
    triangle = "M-5,-8 L5,-8 L0,0 Z"
    up = decoded(shapes_png([Rect(0, 0, 20, 20, fill="#fff"),
                             Path(triangle, fill="#000", tx=10, ty=10)], 20, 20))
    down = decoded(shapes_png([Rect(0, 0, 20, 20, fill="#fff"),
                               Path(triangle, fill="#000", tx=10, ty=10, rotate180=True)],
                              20, 20))
    assert near(pixel(up, 10, 3), "#000") and near(pixel(up, 10, 16), "#fff")
    assert near(pixel(down, 10, 16), "#000") and near(pixel(down, 10, 3), "#fff")
    doubled = decoded(shapes_png([Rect(0, 0, 20, 20, fill="#fff"),
                                  Path("M0,0 L4,0 L4,4 L0,4 Z", fill="#000", tx=2, ty=2,
                                       scale=2)], 20, 20))
    assert near(pixel(doubled, 9, 9), "#000") and near(pixel(doubled, 11, 11), "#fff")


def test_arcs_draw_circles_and_translucent_fills_blend() -> None:
    circle = "M-8,0 a8,8 0 1,0 16,0 a8,8 0 1,0 -16,0 Z"
    rows = decoded(shapes_png([Rect(0, 0, 20, 20, fill="#000"),
                               Path(circle, fill="rgba(255,255,255,0.5)", tx=10, ty=10)],
                              20, 20))
    assert near(pixel(rows, 10, 10), (128, 128, 128))
    assert near(pixel(rows, 10, 3), (128, 128, 128))       # inside, near the top
    assert pixel(rows, 1, 1) == (0, 0, 0)                  # outside the circle
    # An edge pixel is a blend: anti-aliased.
    edge = {pixel(rows, x, x)[0] for x in range(0, 10)}   # along a diagonal
    assert any(10 < value < 118 for value in edge), edge


def test_a_stroked_rectangle_straddles_its_outline() -> None:
    rows = decoded(shapes_png([Rect(0, 0, 20, 20, fill="#fff"),
                               Rect(4, 4, 12, 12, fill="none", stroke="#000", stroke_width=2)],
                              20, 20))
    assert near(pixel(rows, 3, 10), "#000") and near(pixel(rows, 4, 10), "#000")
    assert near(pixel(rows, 10, 10), "#fff") and near(pixel(rows, 1, 10), "#fff")


def test_a_stroked_path_draws_along_its_outline_only() -> None:
    square = "M-6,-6 L6,-6 L6,6 L-6,6 Z"
    rows = decoded(shapes_png([Rect(0, 0, 20, 20, fill="#fff"),
                               Path(square, fill="none", stroke="#000", stroke_width=2,
                                    tx=10, ty=10)], 20, 20))
    assert near(pixel(rows, 4, 10), "#000") and near(pixel(rows, 10, 15), "#000")
    assert near(pixel(rows, 10, 10), "#fff") and near(pixel(rows, 1, 1), "#fff")


def test_text_is_placed_by_its_baseline_and_anchor_and_turns_half_round() -> None:
    def inked(text: Text) -> tuple[list[int], list[int]]:
        rows = decoded(shapes_png([Rect(0, 0, 60, 40, fill="#fff"), text], 60, 40))
        dark = [(x, y) for y in range(40) for x in range(60) if sum(pixel(rows, x, y)) < 300]
        return sorted({y for _x, y in dark}), sorted({x for x, _y in dark})

    upright, _ = inked(Text(30, 20, "K", 14, "#000", "middle", "bold", False, SERIF))
    turned, _ = inked(Text(30, 20, "K", 14, "#000", "middle", "bold", True, SERIF))
    assert max(upright) <= 20 and min(upright) >= 8
    assert min(turned) >= 19 and max(turned) <= 32
    _, start = inked(Text(30, 20, "stock", 12, "#000", "start", "normal", False, SANS))
    _, end = inked(Text(30, 20, "stock", 12, "#000", "end", "normal", False, SANS))
    assert min(start) >= 29 and max(end) <= 30 and start and end


def test_the_package_words_draw_in_every_face() -> None:
    # The Polish and Russian letters and the punctuation the scenes write.
    for family in (SANS, SERIF):
        for weight in ("normal", "bold"):
            rows = decoded(shapes_png([Rect(0, 0, 200, 30, fill="#fff"),
                                       Text(4, 22, "Żółć ЁЖщ – · «10»", 16, "#000", "start",
                                            weight, False, family)], 200, 30))
            dark = sum(1 for y in range(30) for x in range(200) if sum(pixel(rows, x, y)) < 300)
            assert dark > 60, (family, weight)


# -- where pictures come from ------------------------------------------------------


_NO_PILLOW = r"""
import json, sys
import solitaire_widgets
import solitaire_widgets.web.worker_api
import solitaire_widgets.render
game = solitaire_widgets.new_game("chain", seed=5)
game._repr_svg_(), game._repr_html_()
print(json.dumps(sorted(m for m in sys.modules
                        if m.split(".")[0] == "PIL" or m == "solitaire_widgets.render.png")))
"""


def test_the_engine_and_the_pages_worker_load_no_png_code() -> None:
    """The page's engine runs in Pyodide, where there is no Pillow: importing
    the package, the worker's module and the SVG pictures loads neither
    Pillow nor the PNG backend."""
    env = {**os.environ, "PYTHONPATH": os.getcwd()}
    done = subprocess.run([sys.executable, "-c", _NO_PILLOW], capture_output=True, text=True,
                          check=True, env=env)
    assert json.loads(done.stdout.splitlines()[-1]) == []


def test_a_game_shows_itself_as_a_png_too() -> None:
    game = new_game("quarrel", seed=5)
    png = game._repr_png_()
    assert png_size(png) == (720, math.ceil(layout(game, game.table, 720).height))
    assert png_size(get_example("chain-first-layout")._repr_png_())[0] == 720


def test_the_acknowledgement_pixel_is_read_with_pillow() -> None:
    from solitaire_widgets.widgets.canvas_backend import first_pixel

    png = shapes_png([Rect(0, 0, 1, 1, fill="#123456")], 1, 1)
    assert first_pixel(png) == (0x12, 0x34, 0x56)
    assert first_pixel(png[:20]) is None


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
def test_any_shapes_draw_at_the_size_asked(drawn: list[Any], scale: float) -> None:
    felt = Rect(0, 0, 40, 30, fill=FELT)
    width, height, _rows = read_png(shapes_png([felt, *drawn], 40, 30, scale))
    assert (width, height) == (math.ceil(40 * scale), math.ceil(30 * scale))


# -- the PNG beside the SVG, as Chromium draws it ------------------------------------


def _positions() -> list[tuple[str, Scene]]:
    """Two positions of each game: a deal, and the next deal 30 moves on."""
    out = []
    for name in GAMES:
        out.append((f"{name} deal 11", layout(name, new_game(name, seed=11).table, WIDTH)))
        game = new_game(name, seed=12)
        strategy = get_strategy(name)
        for _ in range(30):
            move = strategy.choose(game)
            if move is None:
                break
            game.play(move)
        out.append((f"{name} deal 12, {len(game.history)} moves", layout(name, game.table,
                                                                          WIDTH)))
    return out


def _differences(one: Any, other: Any) -> tuple[float, float]:
    """The mean difference per channel (0-255) of two same-sized RGB pictures, and the
    share of pixels that differ by more than 64 in some channel."""
    from PIL import ImageChops

    diff = ImageChops.difference(one, other)
    data = diff.tobytes()
    red, green, blue = diff.split()
    most = ImageChops.lighter(red, ImageChops.lighter(green, blue))
    far = sum(most.histogram()[65:])
    return sum(data) / len(data), far / (one.width * one.height)


@pytest.mark.browser
def test_the_png_matches_the_svg_as_chromium_draws_it(browser_page: BrowserPage) -> None:
    """Each PNG against a screenshot of the SVG of the same position, two
    positions of each game: on average under 3 levels apart, and under 1% of
    the pixels more than 64 levels apart (edges, where two anti-aliasers
    differ by a fraction of a pixel, and letters, where the fonts may differ).

    Compared with tolerance rather than exactly, since no two rasterizers
    agree to the pixel; the tolerance still catches a table one pixel out of
    place (the last check), a card missing or a colour wrong.
    """
    import io

    from PIL import Image, ImageChops

    page = browser_page.page
    for label, scene in _positions():
        page.set_content('<body style="margin:0;background:#000">'
                         f'<div id="svg" style="display:inline-block;line-height:0">'
                         f"{scene_svg(scene)}</div></body>")
        shot = page.locator("#svg svg").screenshot()
        svg = Image.open(io.BytesIO(shot)).convert("RGB")
        png = open_png(scene_png(scene))
        assert svg.size == png.size, label
        mean, far = _differences(svg, png)
        assert mean < 3 and far < 0.01, f"{label}: mean {mean:.2f}, {far:.2%} far apart"
        if label.startswith("quarrel deal 12"):
            # The same picture one pixel lower is caught by both measures.
            mean, far = _differences(svg, ImageChops.offset(png, 0, 1))
            assert mean > 3 and far > 0.01, f"{label}, moved: mean {mean:.2f}, {far:.2%}"


# -- what a table leaves in a notebook ------------------------------------------------


@pytest.fixture
def shown(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """The bundles a widget displays (no browser: canvas messages go nowhere)."""
    import IPython.display
    from ipycanvas.canvas import _CANVAS_MANAGER

    monkeypatch.setattr(_CANVAS_MANAGER, "send", lambda *args, **kwargs: None)
    bundles: list[dict[str, Any]] = []
    monkeypatch.setattr(IPython.display, "display",
                        lambda bundle, raw=False, display_id=False: bundles.append(bundle))
    monkeypatch.delenv("SOLITAIRE_WIDGETS_STAND_IN", raising=False)
    return bundles


def test_a_table_leaves_its_picture_then_the_live_widget(shown: list[dict[str, Any]]) -> None:
    from solitaire_widgets.widgets import GameWidget

    table = GameWidget("chain", seed=4, animate=False)
    table._ipython_display_()
    picture, live = shown
    html = picture["text/html"]
    from solitaire_widgets.widgets.stand_in import PictureHider

    (hider,) = [child for child in table.children if isinstance(child, PictureHider)]
    assert html.startswith(f'<div class="sw-picture" data-sw-hider="{hider.picture}">'
                           '<figure class="sw-still"') and "<svg" not in html
    source = html.split('src="data:image/png;base64,', 1)[1].split('"', 1)[0]
    width, height, _rows = read_png(base64.b64decode(source))
    assert (width, height) == (table.width, math.ceil(table._layout().height))
    assert picture["text/plain"] in html and "run this code in Jupyter" in picture["text/plain"]
    assert set(live) == {"application/vnd.jupyter.widget-view+json", "text/plain"}
    assert live["text/plain"] == "GameWidget: Chain, deal 4"
    # The live view carries the hider whose script hides the picture of its mark.
    assert re.fullmatch("[0-9a-f]{32}", hider.picture) and "data-sw-hider" in hider._esm
    table.close()


def test_a_hider_opens_with_its_mark(monkeypatch: pytest.MonkeyPatch) -> None:
    """The mark is in the state the widget opens with: a front end that handles a
    model's later messages before the model exists still knows which picture to hide."""
    import ipywidgets  # type: ignore[import-untyped]

    from solitaire_widgets.widgets.stand_in import PictureHider

    opened: list[str] = []
    open_widget = ipywidgets.Widget.open

    def open_noting(self: Any) -> None:
        if isinstance(self, PictureHider):
            opened.append(self.picture)
        open_widget(self)

    monkeypatch.setattr(ipywidgets.Widget, "open", open_noting)
    hider = PictureHider()
    assert opened == [hider.picture] and hider.picture
    hider.close()


def test_a_replay_leaves_the_picture_of_its_step_or_in_the_book_its_player(
        shown: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch) -> None:
    from solitaire_widgets.widgets import ReplayWidget

    replay = ReplayWidget(get_example("klondike-partial-sequence"), animate=False)
    replay.go(2)
    replay._ipython_display_()
    picture, _live = shown
    source = picture["text/html"].split('src="data:image/png;base64,', 1)[1].split('"', 1)[0]
    step = layout(replay.game, replay.game.position_at(2), replay.width)
    assert base64.b64decode(source) == scene_png(step)
    assert "a picture of step 2" in picture["text/plain"]
    shown.clear()
    monkeypatch.setenv("SOLITAIRE_WIDGETS_STAND_IN", "player")
    replay._ipython_display_()
    (bundle,) = shown
    assert "sw-player" in bundle["text/html"]
    assert "application/vnd.jupyter.widget-view+json" in bundle
    replay.close()
