"""The rendering layer: scenes, hit testing, SVG, tweening, the HTML player."""

from __future__ import annotations

import random
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solitaire_widgets import GAMES, OptionError, new_game
from solitaire_widgets.cards import Card, parse_cards
from solitaire_widgets.game import Game
from solitaire_widgets.games import rules_class
from solitaire_widgets.html_replays import game_frames, replay_frames
from solitaire_widgets.render import (
    Label,
    Scene,
    Slot,
    describe_table,
    event_scenes,
    html_player,
    layout,
    repr_html,
    repr_svg,
    scene_shapes,
    scene_svg,
    step_scenes,
    tween,
)
from solitaire_widgets.render.scene import shown_key
from solitaire_widgets.render.shapes import Path, Text
from solitaire_widgets.table import Event, Table

SVG_NS = "{http://www.w3.org/2000/svg}"


def played(name: str, seed: int, moves: int, **options: str) -> Game:
    """Deal ``seed`` of ``name`` (with ``options``) after up to ``moves`` random legal moves."""
    game = new_game(name, seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(moves):
        legal = game.legal_moves()
        if not legal:
            break
        game.play(rng.choice(legal))
    return game


def check_scene(table: Table, scene: Scene) -> None:
    cards = table.cards()
    assert len(scene.sprites) == len(cards)
    assert Counter(s.card for s in scene.sprites) == Counter(cards)
    assert len({s.key for s in scene.sprites}) == len(scene.sprites)
    seen = set()
    for sprite in scene.sprites:
        pile = table.piles[sprite.pile]
        assert pile.cards[sprite.index] == sprite.card
        assert sprite.face_up == pile.face_up(sprite.index)
        assert (sprite.pile, sprite.index) not in seen
        seen.add((sprite.pile, sprite.index))
        assert 0 <= sprite.x and sprite.x + sprite.w <= scene.width + 0.01
        assert 0 <= sprite.y and sprite.y + sprite.h <= scene.height + 0.01
    for slot in scene.slots:
        assert 0 <= slot.x and slot.x + slot.w <= scene.width + 0.01
        assert 0 <= slot.y and slot.y + slot.h <= scene.height + 0.01


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("width", [800, 480, 360])
def test_every_card_once_with_its_face(name: str, width: int) -> None:
    for seed in range(4):
        game = new_game(name, seed=seed)
        check_scene(game.table, layout(name, game.table, width))
        game = played(name, seed, 80)
        scene = layout(name, game.table, width)
        check_scene(game.table, scene)
        assert scene.width == width


def test_unknown_game_is_an_option_error() -> None:
    with pytest.raises(OptionError, match="no game called"):
        layout("poker", new_game("chain", seed=1).table)


def test_cards_scale_with_width() -> None:
    table = new_game("klondike", seed=2).table
    small, large = layout("klondike", table, 400), layout("klondike", table, 800)
    assert large.sprites[0].w == pytest.approx(2 * small.sprites[0].w)


def test_klondike_columns_fan_down_less_than_up() -> None:
    game = new_game("klondike", seed=3)
    scene = layout("klondike", game.table, 800)
    column = max((scene.pile_sprites(f"t{i}") for i in range(1, 8)), key=len)
    steps = [b.y - a.y for a, b in zip(column, column[1:], strict=False)]
    assert len(column) == 7 and column[-1].face_up and not column[-2].face_up
    assert 0 < steps[0] < layout("klondike", game.table, 800).sprites[0].h * 0.2
    foundations = [s for s in scene.slots if s.pile in ("fc", "fd", "fh", "fs")]
    stock = next(s for s in scene.slots if s.pile == "s")
    assert all(f.x > stock.x and f.y == stock.y for f in foundations)


def test_klondike_waste_shows_its_top_three_fanned() -> None:
    game = new_game("klondike", seed=4)
    for _ in range(6):
        game.play("turn")
    waste = layout("klondike", game.table, 800).pile_sprites("w")
    xs = [s.x for s in waste]
    assert len(set(xs[-3:])) == 3 and len(set(xs[:-2])) == 1


def test_the_fourth_waste_card_that_loses_is_shown_beside_the_three() -> None:
    # The text's example ends with a fourth card on the second pass's waste:
    # its last frame shows four fanned cards, the fourth on top, and says so.
    from solitaire_widgets.examples import get_example

    game = get_example("klondike-fourth-waste-card").play()
    assert game.is_over and not game.is_won
    scene = layout("klondike", game.table, 800)
    waste = scene.pile_sprites("w")
    assert len({s.x for s in waste[-4:]}) == 4
    assert waste[-1].card == game.pile("w").cards[-1]
    assert "second pass: a fourth card on the waste" in [label.text for label in scene.labels]
    before = layout("klondike", game.position_at(len(game.history) - 1), 800)
    assert len({s.x for s in before.pile_sprites("w")[-4:]}) == 3


@pytest.mark.parametrize(("variant", "words"), [
    ("polish", "second pass: the waste holds three at most"),
    ("standard", "pass 2"),
    ("draw-three", "pass 2"),
])
def test_klondike_pass_label_names_the_waste_limit_only_where_it_holds(
        variant: str, words: str) -> None:
    game = new_game("klondike", seed=4, variant=variant)
    texts = [label.text for label in layout("klondike", game.table, 800).labels]
    assert "first pass" in texts
    while game.pile("s").cards:
        game.play("turn")
    game.play("redeal")
    texts = [label.text for label in layout("klondike", game.table, 800).labels]
    assert words in texts


def test_klondike_draw_three_packet_shows_fanned() -> None:
    game = new_game("klondike", seed=4, variant="draw-three")
    game.play("turn")
    waste = layout("klondike", game.table, 800).pile_sprites("w")
    assert len(waste) == 3 and len({s.x for s in waste}) == 3
    assert str(waste[-1].card) == str(game.pile("w").top)


def chain_second_deal() -> Game:
    for seed in range(50):
        game = new_game("chain", seed=seed)
        rng = random.Random(seed)
        while not game.is_over and game.table.facts["deal"] == 1:
            legal = game.legal_moves()
            redeal = [m for m in legal if m.action == "redeal"]
            game.play(redeal[0] if redeal else rng.choice(legal))
        if game.table.facts["deal"] == 2:
            return game
    raise AssertionError("no second deal reached")


def test_chain_second_deal_is_three_rows_of_six() -> None:
    game = chain_second_deal()
    scene = layout("chain", game.table, 800)
    places = [s for s in scene.slots if s.pile.startswith("l")]
    assert sorted(int(s.pile[1:]) for s in places) == list(range(1, 19))
    assert len({s.x for s in places}) == 6 and len({s.y for s in places}) == 3
    first = layout("chain", new_game("chain", seed=1).table, 800)
    places = [s for s in first.slots if s.pile.startswith("l")]
    assert len({s.x for s in places}) == 8 and len({s.y for s in places}) == 3
    check_scene(game.table, scene)


def test_quarrel_rows_wrap_at_thirteen() -> None:
    for seed in range(20):
        game = new_game("quarrel", seed=seed)
        while not game.is_over and int(game.table.facts["dealt"] or 0) < 20:
            game.play("deal" if game.is_legal("deal") else game.legal_moves()[0])
        if game.table.facts["dealt"] == 20 and game.pile("r14").cards:
            break
    scene = layout("quarrel", game.table, 800)
    slot = {s.pile: s for s in scene.slots}
    assert slot["r13"].y == slot["r1"].y and slot["r13"].x > slot["r1"].x
    assert slot["r14"].x == slot["r1"].x and slot["r14"].y > slot["r1"].y
    dealt = game.table.facts["dealt"]
    assert isinstance(dealt, int)
    assert f"r{dealt + 1}" not in slot and "r27" not in slot
    texts = [label.text for label in scene.labels]
    assert "left half: down" in texts and "right half: up" in texts
    assert any(t.startswith("count ") and "round" in t for t in texts)


def test_quarrel_foundation_shows_its_base_peeking() -> None:
    table = new_game("quarrel", seed=3).start
    table.piles["rc"].cards = parse_cards("5C 6C 7C")
    table.piles["s"].cards = table.piles["s"].cards[3:]
    sprites = layout("quarrel", table, 800).pile_sprites("rc")
    assert sprites[0].y < sprites[1].y == sprites[2].y


def test_hit_testing() -> None:
    game = new_game("klondike", seed=5)
    scene = layout("klondike", game.table, 800)
    top = scene.pile_sprites("t4")[-1]
    assert scene.hit(top.x + top.w / 2, top.y + top.h - 2) == ("t4", len(scene.pile_sprites("t4")) - 1)
    under = scene.pile_sprites("t4")[0]
    assert scene.hit(under.x + 3, under.y + 3) == ("t4", 0)
    empty = next(s for s in scene.slots if s.pile == "fh")
    assert scene.hit(empty.x + 3, empty.y + 3) == ("fh", -1)
    assert scene.hit(-5, -5) is None
    assert scene.hit(scene.width - 1, scene.height - 1) is None


@pytest.mark.parametrize("name", GAMES)
def test_svg_is_well_formed_with_one_group_per_card(name: str) -> None:
    game = played(name, 7, 40)
    scene = layout(name, game.table, 640)
    root = ET.fromstring(scene_svg(scene, four_colour=True, highlight={"s"}, title="A & B"))
    groups = [g for g in root.iter(f"{SVG_NS}g") if g.get("class") == "card"]
    assert len(groups) == len(scene.sprites)
    assert {g.get("data-key") for g in groups} == {shown_key(s) for s in scene.sprites}
    assert root.find(f"{SVG_NS}title") is not None


def test_suits_are_paths_not_glyphs() -> None:
    game = new_game("chain", seed=5)
    shapes = scene_shapes(layout("chain", game.table, 800))
    assert not any(isinstance(s, Text) and set(s.text) & set("♣♦♥♠") for s in shapes)
    assert any(isinstance(s, Path) for s in shapes)


def test_small_cards_drop_pips() -> None:
    from solitaire_widgets.render.cardface import card_shapes

    big = card_shapes(Card.parse("9H"), 0, 0, 80, 112, True)
    small = card_shapes(Card.parse("9H"), 0, 0, 30, 42, True)
    assert len([s for s in small if isinstance(s, Path)]) < len([s for s in big if isinstance(s, Path)])


def test_injected_text_is_escaped() -> None:
    evil = "</svg><script>alert(1)</script>&"
    scene = Scene(200, 100, slots=(Slot("s", 5, 5, 30, 42, evil),),
                  labels=(Label(10, 50, evil, 12),))
    svg = scene_svg(scene, title=evil, description=evil)
    assert "<script" not in svg and svg.count("</svg>") == 1
    root = ET.fromstring(svg)
    assert [t.text for t in root.iter(f"{SVG_NS}text")].count(evil) == 2


def test_tween_endpoints_and_flight() -> None:
    game = new_game("klondike", seed=6)
    before = game.table.copy()
    step = game.play(next(m for m in game.legal_moves() if m.action == "turn"))
    a = layout("klondike", before, 800)
    b = event_scenes("klondike", before, step.events, 800, keys_from=a)[-1]
    frames = tween(a, b, 7)
    assert frames[0] == a and frames[-1] == b and len(frames) == 7
    for frame in frames:
        assert len(frame.sprites) == 52
    moved = next(s for s in b.sprites if s.pile == "w")
    path = [f.sprite(moved.key) for f in frames]
    assert all(p is not None for p in path)
    xs = [p.x + p.w / 2 for p in path if p is not None]
    assert xs == sorted(xs)  # eased, never backwards
    assert min(p.w for p in path if p is not None) < moved.w / 2  # it turns over
    assert not path[2].face_up and path[-2].face_up  # type: ignore[union-attr]  # turns at the midpoint


def test_step_scenes_merges_facts() -> None:
    game = new_game("chain", seed=5)
    frames = step_scenes("chain", game.start, game.opening, 400, frames_per_event=3)
    moves = sum(1 for e in game.opening if e.kind != "set")
    assert len(frames) <= 1 + 3 * moves + sum(1 for e in game.opening if e.kind == "set")
    assert frames[-1] == layout("chain", game.table, 400)
    assert tween(frames[0], frames[0], 0) == []


def test_two_pack_identity_is_kept() -> None:
    table = new_game("quarrel", seed=1).start
    seven = Card.parse("7C")
    stock = table.piles["s"].cards
    stock.remove(seven)
    stock.remove(seven)
    table.piles["r1"].cards = [seven]
    table.piles["r2"].cards = [seven]
    table.facts["dealt"] = 2
    a = layout("quarrel", table, 800)
    assert a.pile_sprites("r1")[0].key == "7C" and a.pile_sprites("r2")[0].key == "7C/2"
    # The second copy goes to a series listed before the rows: a fresh
    # layout would swap the keys; carried keys keep the copy in r1 still.
    event = Event("move", "r2", "lc", (seven,))
    b = event_scenes("quarrel", table, [event], 800, keys_from=a)[-1]
    assert b.pile_sprites("r1")[0].key == "7C" and b.pile_sprites("lc")[0].key == "7C/2"
    staying = a.pile_sprites("r1")[0]
    for frame in tween(a, b, 6):
        sprite = frame.sprite("7C")
        assert sprite is not None and (sprite.x, sprite.y) == (staying.x, staying.y)


def test_html_player_is_self_contained_and_escaped() -> None:
    game = played("chain", 2, 3)
    frames = game_frames(game, 360)
    assert len(frames) == 1 + len(game.history)
    frames.append((frames[-1][0], "</script><!-- <b>caption</b>"))
    html = html_player(frames, "Chain <test>")
    assert not re.search(r"""(src|href)\s*=\s*["']?\s*(https?:)?//""", html, re.I)
    assert "<link" not in html and "require" not in html and "import(" not in html
    assert html.count("</script") == 1 and "<!--" not in html
    assert "Chain &lt;test&gt;" in html
    assert 'aria-live="polite"' in html and 'aria-label="Step forward"' in html
    assert "ArrowLeft" in html and "ArrowRight" in html
    other = html_player(frames[:1], "again")
    # The player's own elements are unique per call; card pictures in <defs>
    # are named by their content, so equal ids there are equal pictures.
    ids = set(re.findall(r'id="(sw-player-[^"]+)"', html))
    assert ids and not ids & set(re.findall(r'id="(sw-player-[^"]+)"', other))
    assert html.strip().startswith("<div") and html.count("\"use strict\"") == 1


def test_replay_frames_of_every_example() -> None:
    from solitaire_widgets.examples import EXAMPLES

    for example in EXAMPLES.values():
        frames = replay_frames(example, 360)
        # The deal is one frame, or (deal_frames) one a card and one for the rest.
        dealt = sum(e.kind == "move" and e.src == "s" for e in example.play().opening)
        assert len(frames) == (dealt + 1 if example.deal_frames else 1) + len(example.steps)
        for svg, _caption in frames[:2] + frames[-1:]:
            ET.fromstring(svg)


def test_describe_table_counts_face_down_cards() -> None:
    game = new_game("klondike", seed=8)
    text = describe_table("klondike", game.table)
    hidden = [c for p in game.piles for i, c in enumerate(p.cards) if not p.face_up(i)]
    assert all(card.name not in text for card in hidden if card not in
               [c for p in game.piles for i, c in enumerate(p.cards) if p.face_up(i)])
    assert "6 cards face down" in text and "24 cards face down" in text
    quarrel = describe_table("quarrel", played("quarrel", 2, 30).table)
    assert "other places are empty" in quarrel


def test_repr_helpers() -> None:
    game = played("klondike", 9, 5)
    ET.fromstring(repr_svg(game))
    assert repr_html(game).startswith("<figure")


def test_render_imports_no_user_interface() -> None:
    code = ("import sys, solitaire_widgets.render; "
            "print(sorted(m for m in ('ipywidgets', 'ipycanvas', 'IPython') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(GAMES), seed=st.integers(0, 10_000), moves=st.integers(0, 120),
       width=st.sampled_from([320.0, 360.0, 555.5, 800.0, 1200.0]))
def test_scene_svg_never_fails_on_random_play(name: str, seed: int, moves: int,
                                              width: float) -> None:
    game = played(name, seed, moves)
    scene = layout(name, game.table, width)
    check_scene(game.table, scene)
    ET.fromstring(scene_svg(scene, four_colour=seed % 2 == 0))


@settings(max_examples=10, deadline=None)
@given(name=st.sampled_from(GAMES), seed=st.integers(0, 10_000), moves=st.integers(0, 40))
def test_step_scenes_end_at_each_position(name: str, seed: int, moves: int) -> None:
    game = played(name, seed, moves)
    if not game.history:
        return
    before = game.position_at(len(game.history) - 1)
    frames = step_scenes(name, before, game.history[-1].events, 480, frames_per_event=2)
    end = frames[-1]
    assert Counter(s.card for s in end.sprites) == Counter(game.table.cards())
    assert [(s.pile, s.index, s.x, s.y) for s in end.sprites] == [
        (s.pile, s.index, s.x, s.y) for s in layout(name, game.table, 480).sprites]


# -- render from the game, not its name ------------------------------------------------

#: Every game under every value of every option.
VARIANTS = [(name, rules_class(name).options_with(option, value))
            for name in GAMES
            for option, values in rules_class(name).options_allowed.items()
            for value in values]


@pytest.mark.parametrize("name,options", VARIANTS,
                         ids=[f"{n}-{'-'.join(o.values())}" for n, o in VARIANTS])
def test_every_variant_is_drawn_and_described_with_its_own_rules(
        name: str, options: dict[str, str]) -> None:
    """The words of a position (the table in words, the SVG's description, the
    player's frames) are the game's own status under its options, at every step."""
    game = played(name, 4, 60, **options)
    for index in range(0, len(game.history) + 1, 6):
        table = game.position_at(index)
        status = game.rules.status(table) if not table.facts.get("over") else ""
        words = describe_table(game, table)
        if status:
            assert words.splitlines()[0] == status.rstrip(".") + "."
        check_scene(table, layout(game, table, 640))
    assert describe_table(game, game.table) in html_unescape(repr_svg(game))
    frames = game_frames(game, 360)
    last_svg = frames[-1][0]
    assert html_unescape(describe_table(game, game.table)) in html_unescape(last_svg)


def html_unescape(text: str) -> str:
    import html

    return html.unescape(text)


@pytest.mark.parametrize("variant", ["standard", "draw-three"])
def test_klondike_without_the_polish_rule_is_not_described_with_its_words(variant: str) -> None:
    """The issue's example: "standard" was described as "the waste may be turned
    over once" and "the waste holds 5 of its 3 cards"."""
    game = new_game("klondike", seed=1, variant=variant)
    while game.table.piles["s"].cards:
        game.play("turn")
    game.play("redeal")
    for _ in range(5):
        game.play("turn")
    for text in (describe_table(game, game.table), repr_svg(game),
                 "".join(svg for svg, _ in game_frames(game, 300)[-3:])):
        assert "turned over once" not in text and "of its 3 cards" not in text
        assert "Second pass" not in text
    assert describe_table(game, game.table).startswith("Pass 2:")
