"""A saved game is freed once nothing else holds it.

The writer keeps each game's moves as save JSON so that saving again after
a move writes only that move; the steps it keeps may point back at their
game (a step whose words were never read), so the copy lives on the game
itself and goes with it. The widgets and the page's worker save their game
after every move: a new deal leaves nothing of the old game behind.
"""

from __future__ import annotations

import gc
import json
import weakref

from solitaire_widgets import load_game, new_game
from solitaire_widgets.game import Game
from solitaire_widgets.web import worker_api


def _played(name: str, seed: int, moves: int = 50) -> Game:
    game = new_game(name, seed=seed)
    for _ in range(moves):
        if game.is_over:
            break
        game.play(game.legal_moves()[0])
    return game


def _gone(ref: weakref.ref[Game]) -> bool:
    gc.collect()
    return ref() is None


def test_a_saved_game_is_collected() -> None:
    for name in ("klondike", "chain", "quarrel"):
        game = _played(name, 7)
        game.to_json()
        game.to_json()   # the second save reads the kept copy
        ref = weakref.ref(game)
        del game
        assert _gone(ref), name


def test_a_saved_clone_keeps_its_own_copy() -> None:
    game = _played("klondike", 7, 20)
    saved = game.to_json()
    other = game.clone()
    other.undo()
    assert game.to_json() == saved and other.to_json() != saved
    assert load_game(other.to_json()).to_json() == other.to_json()


def test_a_widget_given_a_save_frees_the_old_game_on_a_new_deal() -> None:
    from solitaire_widgets.widgets import GameWidget

    widget = GameWidget("klondike", seed=3, animate=False)
    for _ in range(5):
        widget.play(widget.game.legal_moves()[0])
    widget.state = _played("klondike", 3, 30).to_json()
    loaded = weakref.ref(widget.game)
    widget.play(widget.game.legal_moves()[0])
    widget.new_deal(11)
    assert _gone(loaded)
    widget.close()


def test_the_page_worker_frees_a_table_opened_saved_and_dealt_again() -> None:
    save = _played("klondike", 5, 10).to_json()

    def ask(**request: object) -> dict[str, object]:
        answer = json.loads(worker_api.call(json.dumps({"table": "freed", **request})))
        assert not (isinstance(answer, dict) and answer.get("error")), answer
        return answer if isinstance(answer, dict) else {}

    ask(op="open", save=save, language="en", width=600)
    opened = weakref.ref(worker_api._tables["freed"].game)
    ask(op="play", move=str(worker_api._tables["freed"].game.legal_moves()[0]))
    worker_api.call(json.dumps({"op": "save", "table": "freed"}))
    ask(op="new", seed=9)
    ask(op="play", move=str(worker_api._tables["freed"].game.legal_moves()[0]))
    worker_api.call(json.dumps({"op": "save", "table": "freed"}))
    assert _gone(opened)
    del worker_api._tables["freed"]
