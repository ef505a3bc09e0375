"""A game and an example show themselves in a notebook with no widget and no kernel."""

from __future__ import annotations

import base64
import re
import xml.etree.ElementTree as ET

from solitaire_widgets import new_game
from solitaire_widgets.examples import get_example


def test_a_game_shows_its_table_as_svg_and_html() -> None:
    game = new_game("klondike", seed=7)
    svg = game._repr_svg_()
    root = ET.fromstring(svg)
    cards = [g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("class") == "card"]
    assert len(cards) == 52
    # The HTML is a picture any sanitizer keeps: an <img> of the SVG, no inline SVG.
    page = game._repr_html_()
    assert "<svg" not in page and "First pass" in page
    picture = re.search(r'<img src="data:image/svg\+xml;base64,([^"]+)"', page)
    assert picture is not None
    drawn = ET.fromstring(base64.b64decode(picture.group(1)))
    assert sum(g.get("class") == "card" for g in drawn.iter("{http://www.w3.org/2000/svg}g")) == 52


def test_an_example_shows_itself_as_a_player_of_its_steps() -> None:
    example = get_example("chain-first-layout")
    page = example._repr_html_()
    # Where scripts do not run, a picture of the deal; the script writes the player.
    still, script = page.split("<script", 1)
    assert '<img src="data:image/svg+xml;base64,' in still and "<button" not in still
    assert '\\"sw-player\\"' in script
    # The deal card by card (24 cards, then the twos going up), then each step;
    # the counter adds the cards dealt to step 0, then counts the steps as the captions do
    # (the twos going up are step 0), so each press of Step forward changes it.
    assert f"Step 0 of {len(example.steps)}" in page
    assert all(f"Step 0 of {len(example.steps)}, card {n} of 24 dealt" in page
               for n in range(1, 25))
    assert not re.search(r"""(src|href)\\s*=\\s*["']?(https?:)?//""", page)


def test_repr_of_a_game_says_what_it_is() -> None:
    game = new_game("chain", seed=5)
    assert repr(game).startswith("<Game chain deal 5, 0 moves: First deal")
