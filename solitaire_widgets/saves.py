"""Loading saved games and replays: plain JSON, checked move by move.

Never pickle, never eval: a save file is data, and a tampered one is refused
with a clear error.

>>> from solitaire_widgets import new_game
>>> game = new_game("chain", seed=3)
>>> load_game(game.to_json()).table == game.table
True
>>> load_game('{"format": "solitaire_widgets/1", "game": "poker"}')
Traceback (most recent call last):
...
solitaire_widgets.errors.SaveFileError: this save file is damaged: the game must be one of 'chain', 'klondike', 'quarrel', not 'poker'
"""

from __future__ import annotations

import json
from typing import Any

from .errors import OptionError, SaveFileError
from .game import MAX_SAVE_BYTES, SAVE_FORMAT, Game
from .games import GAMES, rules_for

__all__ = ["load_game"]

MAX_MOVES = 100_000


def _damaged(why: str) -> SaveFileError:
    return SaveFileError(f"this save file is damaged: {why}")


def _check_shape(data: Any) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise _damaged("it should hold one JSON object")
    if data.get("format") != SAVE_FORMAT:
        raise _damaged(f"its format should be {SAVE_FORMAT!r}, not {data.get('format')!r}")
    if data.get("game") not in GAMES:
        names = ", ".join(repr(n) for n in sorted(GAMES))
        raise _damaged(f"the game must be one of {names}, not {data.get('game')!r}")
    options = data.get("options", {})
    if not isinstance(options, dict) or not all(isinstance(v, str) for v in options.values()):
        raise _damaged("the options should map names to text values")
    seed = data.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise _damaged("the deal number (seed) should be a whole number from 0 up")
    deck = data.get("deck")
    if not isinstance(deck, list) or not all(isinstance(c, str) for c in deck):
        raise _damaged("the deck should be a list of cards such as 'TH'")
    moves = data.get("moves")
    if not isinstance(moves, list) or len(moves) > MAX_MOVES:
        raise _damaged("the moves should be a list")
    for number, entry in enumerate(moves, start=1):
        if not isinstance(entry, dict) or not isinstance(entry.get("move"), str):
            raise _damaged(f"move {number} should be an object with a 'move' text")
        if not _is_orders(entry.get("shuffles", [])):
            raise _damaged(f"move {number} has malformed reshuffles")
    if not _is_orders(data.get("opening_shuffles", [])):
        raise _damaged("the opening reshuffles are malformed")
    return {**data, "options": options, "moves": moves}


def _is_orders(raw: Any) -> bool:
    return isinstance(raw, list) and all(
        isinstance(order, list) and all(isinstance(c, str) for c in order) for order in raw
    )


def load_game(text: str | bytes) -> Game:
    """Rebuild a game from :meth:`Game.to_json` text, checking every move.

    Raises :class:`SaveFileError` for anything malformed, tampered with or
    inconsistent (a card twice, an illegal move, a reshuffle that does not fit).
    """
    if isinstance(text, bytes):
        if len(text) > MAX_SAVE_BYTES:
            raise _damaged(f"it is larger than {MAX_SAVE_BYTES:,} bytes")
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise _damaged("it is not UTF-8 text") from None
    if not isinstance(text, str):
        raise _damaged("it should be JSON text")
    if len(text) > MAX_SAVE_BYTES:
        raise _damaged(f"it is larger than {MAX_SAVE_BYTES:,} characters")
    try:
        raw = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise _damaged(f"it is not valid JSON ({error})") from None
    data = _check_shape(raw)

    def make_rules(name: str, options: dict[str, str]) -> Any:
        try:
            return rules_for(name, options)
        except OptionError as error:
            raise _damaged(str(error)) from None

    return Game._load(make_rules, data)
