"""Nothing a table says gives a face-down card away.

A rule of the package, held over random play: no text a front end shows (the
message, a refusal, the status line, the table in words, the picture's
label, a button's label or title, a hint, an auto-finish step) names a card
the player cannot see, unless the step that was just played showed it (the
card is face up before the request or after it). Random positions of every
game, in every language, are walked through every request the page's
session (``web/session.py``) and the widget's controller (``controller.py``)
take: moves from hidden piles, ``f`` on every pile, every arrow key, every
button, a press on every pile, hints, undo and redo.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solitaire_widgets import new_game, pointer
from solitaire_widgets.cards import CASES, Card, card_words, full_deck
from solitaire_widgets.controller import Controller
from solitaire_widgets.game import Game
from solitaire_widgets.i18n import LANGUAGES, use_language
from solitaire_widgets.render.scene import layout
from solitaire_widgets.render.svg import scene_svg
from solitaire_widgets.table import Table
from solitaire_widgets.web.session import PageSession

GAMES = ("klondike", "chain", "quarrel")
SETTINGS = settings(max_examples=40, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
KEYS = ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Enter", " ", "f", "Escape",
        "u", "r", "h")


def _names(language: str) -> dict[Card, re.Pattern[str]]:
    """Every card's name in every case of ``language``, as one pattern per card."""
    with use_language(language):
        names = {}
        for card in full_deck():
            words = card_words(card)
            forms = sorted({getattr(words, case) for case in CASES}, key=len, reverse=True)
            names[card] = re.compile("|".join(rf"(?<!\w){re.escape(form)}(?!\w)"
                                              for form in forms), re.IGNORECASE)
    return names


NAMES = {language: _names(language) for language in LANGUAGES}


def _seen(table: Table) -> set[Card]:
    return {card for pile in table.piles.values()
            for index, card in enumerate(pile.cards) if pile.face_up(index)}


def _hidden(table: Table) -> set[Card]:
    return {card for pile in table.piles.values()
            for index, card in enumerate(pile.cards) if not pile.face_up(index)}


def _shown_on_the_way(before: Table, game: Game, played: int) -> set[Card]:
    """The cards the moves played since ``played`` moves showed, one event at a time."""
    table, seen = before.copy(), set()
    if game.moves_played > played:
        for step in game.history_from(played):
            for event in step.events:
                table.apply(event)
                seen |= _seen(table)
    return seen


def peeks(texts: list[str], before: Table, after: Table, language: str,
          shown: set[Card] = frozenset()) -> list[str]:  # type: ignore[assignment]
    """The texts that name a card face down before and after (none of its copies seen),
    and not ``shown`` by the step just played.

    >>> game = new_game("klondike", seed=7)
    >>> hidden = sorted(_hidden(game.table) - _seen(game.table))[0]
    >>> peeks([f"here is {card_words(hidden, 'en').nom}"], game.table, game.table, "en")[0][:8]
    "'here is"
    """
    secret = (_hidden(before) | _hidden(after)) - _seen(before) - _seen(after) - shown
    return [f"{text!r} names {card}" for text in texts for card in secret
            if NAMES[language][card].search(text)]


def _view_texts(view: dict[str, Any]) -> list[str]:
    texts = [view.get(k, "") for k in ("message", "status", "words", "label", "example")]
    for button in [*view.get("actions", []), view.get("finish", {}), *view.get("tools", [])]:
        texts += [button.get("label", ""), button.get("title", "")]
    return [t for t in texts if isinstance(t, str) and t]


def _controller_texts(table: Controller) -> list[str]:
    controls = table.controls()
    texts = [table.message, table.status_text(), table.words(), table.placeholder(),
             controls.finish.label, controls.finish.tooltip]
    for button in controls.actions:
        texts += [button.label, button.tooltip]
    return texts


def _position(name: str, seed: int, moves: int, rng: random.Random) -> Game:
    game = new_game(name, seed=seed)
    for _ in range(moves):
        legal = game.legal_moves()
        if not legal or game.is_over:
            break
        game.play(rng.choice(legal))
    return game


def _requests(session: PageSession, rng: random.Random) -> Iterator[dict[str, Any]]:
    """The requests one may send at this position, a few of each kind, shuffled."""
    game = session.game
    piles = list(game.table.piles)
    requests: list[dict[str, Any]] = [{"op": op} for op in ("undo", "redo", "hint", "view")]
    requests += [{"op": "finishstep", "played": 0}, {"op": "finishstop"}]
    requests += [{"op": "key", "key": key} for key in KEYS]
    requests += [{"op": "play", "move": str(move)} for move in game.legal_moves()]
    requests += [{"op": "play", "move": word} for word in game.rules.actions]
    requests += [{"op": "play", "move": f"{src}>{dst}"}
                 for src in piles for dst in rng.sample(piles, 3)]
    for pile in piles:
        if session.scene.pile_bounds(pile) is not None:
            x, y = pointer.pile_point(session.scene, pile)
            requests.append({"op": "press", "x": x, "y": y, "t": rng.random() * 100})
            requests.append({"op": "release", "x": x, "y": y})
    rng.shuffle(requests)
    yield from requests


@SETTINGS
@given(name=st.sampled_from(GAMES), language=st.sampled_from(LANGUAGES),
       seed=st.integers(0, 10_000), moves=st.integers(0, 60), walk=st.integers(0, 2**32),
       steps=st.integers(5, 30))
def test_no_text_of_the_page_names_a_face_down_card(name: str, language: str, seed: int,
                                                    moves: int, walk: int, steps: int) -> None:
    rng = random.Random(walk)
    session = PageSession(_position(name, seed, moves, rng), language=language)
    said: list[str] = []
    for _ in range(steps):
        before, played = session.game.table.copy(), session.game.moves_played
        request = next(_requests(session, rng))
        if request["op"] == "key" and rng.random() < 0.5:
            # The cursor on a random pile first (every pile can be reached with the arrows).
            for _ in range(rng.randrange(1, 12)):
                session.handle({"op": "key", "key": "ArrowRight"})
        view = session.handle(request)
        said += peeks(_view_texts(view), before, session.game.table, language,
                      _shown_on_the_way(before, session.game, played))
        assert not said, (request, said)


@SETTINGS
@given(name=st.sampled_from(GAMES), language=st.sampled_from(LANGUAGES),
       seed=st.integers(0, 10_000), moves=st.integers(0, 60), walk=st.integers(0, 2**32),
       steps=st.integers(5, 30))
def test_no_text_of_the_widget_names_a_face_down_card(name: str, language: str, seed: int,
                                                      moves: int, walk: int, steps: int) -> None:
    rng = random.Random(walk)
    with use_language(language):
        table = Controller(_position(name, seed, moves, rng))
        for _ in range(steps):
            game = table.game
            before, played = game.table.copy(), game.moves_played
            scene = layout(game, game.table, 720)
            piles = [p for p in game.table.piles if scene.pile_bounds(p) is not None]
            choice = rng.randrange(7)
            if choice == 0:
                table.key(scene, rng.choice(KEYS))
            elif choice == 1:
                for _ in range(rng.randrange(1, 12)):
                    table.key(scene, "ArrowRight")
                table.key(layout(game, game.table, 720), "f")
            elif choice == 2:
                x, y = pointer.pile_point(scene, rng.choice(piles))
                table.press(scene, x, y, rng.random() * 100)
            elif choice == 3:
                table.play(f"{rng.choice(piles)}>{rng.choice(piles)}")
            elif choice == 4:
                legal = game.legal_moves()
                table.play(rng.choice(legal) if legal else "undo")
            elif choice == 5:
                {0: table.show_hint, 1: table.undo, 2: table.redo,
                 3: table.finish_step}[rng.randrange(4)]()
            else:
                table.play(rng.choice(game.rules.actions or ("x",)))
            found = peeks(_controller_texts(table), before, table.game.table, language,
                          _shown_on_the_way(before, table.game, played)
                          if table.game is game else set())
            assert not found, found


@pytest.mark.parametrize("language", LANGUAGES)
def test_chains_fill_button_does_not_name_the_next_stock_card(language: str) -> None:
    for seed in range(200):
        game = new_game("chain", seed=seed)
        moves = [m for m in game.legal_moves() if m.action == "move"]
        if moves:
            game.play(moves[0])
            if "fill" in [str(m) for m in game.legal_moves()]:
                break
    session = PageSession(game, language=language)
    view = session.view()
    (fill,) = [b for b in view["actions"] if b["word"] == "fill"]
    assert fill["enabled"]
    assert not peeks([fill["title"]], game.table, game.table, language), fill["title"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_quarrels_f_on_the_stock_names_no_card_and_says_series(language: str) -> None:
    session = PageSession("quarrel", seed=3, language=language)
    order = [p for p in session.game.table.piles if session.scene.pile_bounds(p) is not None]
    for _ in range(order.index("s") + 1):
        session.handle({"op": "key", "key": "ArrowRight"})
    before = session.game.table.copy()
    view = session.handle({"op": "key", "key": "f"})
    assert view["error"]
    assert not peeks([view["message"]], before, session.game.table, language), view["message"]
    if language == "en":
        assert "foundation" not in view["message"] and "series" in view["message"]


def _codes(cards: set[Card]) -> list[tuple[Card, re.Pattern[str]]]:
    return [(card, re.compile(rf"(?<![A-Za-z0-9]){re.escape(str(card))}(?![A-Za-z0-9])"))
            for card in cards]


def code_peeks(answer: dict[str, Any], before: Table, after: Table,
               shown: set[Card] = frozenset()) -> list[str]:  # type: ignore[assignment]
    """The hidden cards whose code (``"KS"``) an answer carries anywhere: the
    picture's cards and their ``data-key``, the animation plan, the drawings.

    >>> game = new_game("klondike", seed=7)
    >>> hidden = sorted(_hidden(game.table) - _seen(game.table))[0]
    >>> code_peeks({"cards": [[str(hidden), "s"]]}, game.table, game.table) == [str(hidden)]
    True
    """
    text = json.dumps(answer, default=str)
    secret = (_hidden(before) | _hidden(after)) - _seen(before) - _seen(after) - shown
    return [str(card) for card, code in _codes(secret) if code.search(text)]


@SETTINGS
@given(name=st.sampled_from(GAMES), seed=st.integers(0, 10_000), moves=st.integers(0, 60),
       walk=st.integers(0, 2**32), steps=st.integers(3, 15))
def test_no_answer_of_the_page_carries_a_face_down_cards_code(name: str, seed: int, moves: int,
                                                              walk: int, steps: int) -> None:
    """The page's worker answers (cards, plan, drawings) key a face-down card by its place."""
    rng = random.Random(walk)
    session = PageSession(_position(name, seed, moves, rng), language="en")
    before = session.game.table.copy()
    assert not code_peeks(session.handle({"op": "view"}), before, before)
    for _ in range(steps):
        before, played = session.game.table.copy(), session.game.moves_played
        request = next(_requests(session, rng))
        answer = session.handle(request)
        found = code_peeks(answer, before, session.game.table,
                           _shown_on_the_way(before, session.game, played))
        assert not found, (request, found)


@pytest.mark.parametrize("name", GAMES)
def test_the_svg_of_a_table_keys_face_down_cards_by_their_place(name: str) -> None:
    game = new_game(name, seed=5)
    scene = layout(game, game.table, 720)
    svg = scene_svg(scene)
    assert 'data-key="~' in svg
    assert not code_peeks({"svg": svg}, game.table, game.table)
