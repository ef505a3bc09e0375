"""Long games: bounded saves, an undo that does not replay the whole game, honest labels.

A game holds at most ``MAX_MOVES`` moves and a save is refused over that or
over ``MAX_SAVE_BYTES``, saying why; a page does not carry the save of a game
longer than ``SAVE_LIMIT`` moves. A game from a deck chosen by hand is never
shown as a numbered deal: every front end names its deal with ``deal_name``.
"""

from __future__ import annotations

import json
import random
import re
from html import unescape
from pathlib import Path

import pytest

from solitaire_widgets import game as game_module
from solitaire_widgets import load_game, new_game
from solitaire_widgets.errors import IllegalMoveError, SaveFileError
from solitaire_widgets.game import MARK_EVERY, MAX_MOVES, Game
from solitaire_widgets.html_replays import SAVE_LIMIT, game_player
from solitaire_widgets.save_reader import MAX_SAVE_BYTES, save_data
from solitaire_widgets.web import export_html, table_html
from solitaire_widgets.web.session import PageSession


def _turned(moves: int) -> Game:
    game = new_game("klondike", seed=3, variant="standard")
    while len(game.history) < moves:
        game.play("turn" if game.is_legal("turn") else "redeal")
    return game


def _custom() -> Game:
    deck = list(reversed(new_game("chain", seed=2).deck))
    return new_game("chain", seed=1, deck=[str(card) for card in deck])


def test_a_custom_deck_is_never_shown_as_a_numbered_deal(tmp_path: Path) -> None:
    game = _custom()
    assert game.deal_name == "custom deck"
    shown = {
        "page label": PageSession(game).view()["label"],
        "table_html": unescape(table_html(game)),
        "player": unescape(game_player(game)),
        "export-html": export_html(game, tmp_path / "site").read_text(encoding="utf-8"),
    }
    for where, text in shown.items():
        # ("deal 1 of 2" on the table is Chain's own count of its two deals.)
        assert "Chain, custom deck" in text and not re.search(r"deal 1(?! of 2)", text), where
    # With no move played, the page still gets the save: the deal number
    # alone would open another deck.
    html = unescape(table_html(game))
    assert '"custom_deck": true' in html and "GameWidget(load_game(save))" in html
    assert "data-sw-save" not in table_html(new_game("chain", seed=1))


def test_a_long_game_is_a_picture_in_a_page_not_megabytes() -> None:
    long = _turned(SAVE_LIMIT + 1)
    html = table_html(long)
    assert len(html) < 100_000 and "data-sw-save" not in html and "Play here" not in html
    assert f"more than {SAVE_LIMIT:,} moves" in html
    held = table_html(_turned(SAVE_LIMIT))
    assert "data-sw-save" in held and "Play here" in held


def test_saves_over_the_limits_are_refused_with_the_reason() -> None:
    data = save_data(_turned(10))
    data["moves"] = [{"move": "turn"}] * (MAX_MOVES + 1)
    with pytest.raises(SaveFileError, match=f"more than the {MAX_MOVES:,} a game may hold"):
        load_game(json.dumps(data))
    with pytest.raises(SaveFileError, match=f"larger than {MAX_SAVE_BYTES:,}"):
        load_game(json.dumps(save_data(_turned(10))) + " " * MAX_SAVE_BYTES)


def test_a_game_stops_at_the_most_moves_a_save_holds(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(game_module, "MAX_MOVES", 40)
    game = _turned(40)
    before = game.to_json()
    with pytest.raises(IllegalMoveError, match="reached 40 moves"):
        game.play("turn" if game.is_legal("turn") else "redeal")
    assert game.to_json() == before


@pytest.mark.parametrize("name", ["klondike", "quarrel", "chain"])
def test_undo_from_the_kept_positions_is_the_position_replayed(name: str) -> None:
    rng = random.Random(name)
    game = new_game(name, seed=11)
    for _ in range(3 * MARK_EVERY):
        if game.is_over or (game.can_undo and rng.random() < 0.25):
            game.undo()
        else:
            game.play(rng.choice(game.legal_moves()))
        if rng.random() < 0.1:
            replayed = load_game(game.to_json())
            assert replayed.table == game.table
            assert game.to_json() == json.dumps(save_data(game), ensure_ascii=False)
    last = len(game.history)
    assert game.position_at(last) == game.table
    clone = game.clone()
    while game.can_undo:
        game.undo()
    assert clone.position_at(len(clone.history)) == clone.table


def test_an_undo_after_another_line_uses_no_position_of_the_old_one() -> None:
    rng = random.Random(5)
    game = new_game("klondike", seed=8, variant="standard")

    def play_to(length: int) -> None:
        while len(game.history) < length and not game.is_over:
            game.play(rng.choice(game.legal_moves()))

    play_to(2 * MARK_EVERY + 5)
    while len(game.history) > MARK_EVERY - 3:
        game.undo()
    play_to(2 * MARK_EVERY + 5)        # another line through the kept positions' steps
    for _ in range(2 * MARK_EVERY):
        game.undo()
        if len(game.history) % 17 == 0:
            assert game.table == load_game(game.to_json()).table, len(game.history)
