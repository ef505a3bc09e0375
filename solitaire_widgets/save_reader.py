"""Saved games and replays read back: plain JSON, checked move by move.

:mod:`~solitaire_widgets.save_writer` writes them (``Game.to_json``).

Never pickle, never eval: a save file is data, and a tampered one is refused
with a clear error. A save names its deal number (``seed``); its deck and
every reshuffle must be the ones that number draws. A deck chosen by hand is
saved with ``"custom_deck": true`` (its recorded reshuffles are then taken
as stacked, checked to hold the right cards) and is shown as a custom deck.

>>> from solitaire_widgets import new_game
>>> game = new_game("chain", seed=3)
>>> load_game(game.to_json()).table == game.table
True
>>> load_game('{"format": "solitaire_widgets/1", "game": "poker"}')  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
solitaire_widgets.errors.SaveFileError: this save file is damaged: the game must be one of ..., not 'poker'

:func:`position_data` is the position alone as plain data (what
``solitaire-widgets show --json`` prints), not a save.
"""

from __future__ import annotations

import json
import json.encoder
from collections import Counter
from collections.abc import Sequence
from typing import Any

from .cards import Card, check_deck, full_deck, parse_cards
from .chance import MAX_SEED, seed_rng, shuffled
from .errors import DeckError, NotationError, OptionError, SaveFileError, excerpt
from .game import MAX_MOVES, OPENING_DEAL, Game
from .i18n import _, format_number
from .moves import Move
from .registry import GAMES, rules_for
from .save_writer import SAVE_FORMAT, pile_data, position_data, save_data, save_json

__all__ = ["load_game", "save_data", "save_json", "position_data", "pile_data", "SAVE_FORMAT",
           "MAX_SAVE_BYTES", "MAX_MOVES"]

# Writing a game down is the engine's own (``Game.to_json``); this module reads.

#: Saved games larger than this are refused unread (a game of
#: :data:`MAX_MOVES` moves saves in well under half of it).
MAX_SAVE_BYTES = 1_000_000


def _damaged(why: str) -> SaveFileError:
    return SaveFileError(_("this save file is damaged: {why}").format(why=why))


def _check_shape(data: Any) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise _damaged(_("it should hold one JSON object"))
    if data.get("format") != SAVE_FORMAT:
        raise _damaged(_("its format should be {format!r}, not {found}").format(
            format=SAVE_FORMAT, found=excerpt(data.get("format"))))
    if data.get("game") not in GAMES:
        names = ", ".join(repr(n) for n in sorted(GAMES))
        raise _damaged(_("the game must be one of {names}, not {found}").format(
            names=names, found=excerpt(data.get("game"))))
    options = data.get("options", {})
    if not isinstance(options, dict) or not all(isinstance(v, str) for v in options.values()):
        raise _damaged(_("the options should map names to text values"))
    seed = data.get("seed")
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        raise _damaged(_("the deal number (seed) should be a whole number from 0 to {most}").format(
            most=MAX_SEED))
    if type(data.get("custom_deck", False)) is not bool:
        raise _damaged(_("custom_deck should be true or false"))
    deck = data.get("deck")
    if not isinstance(deck, list) or not all(isinstance(c, str) for c in deck):
        raise _damaged(_("the deck should be a list of cards such as 'TH'"))
    moves = data.get("moves")
    if not isinstance(moves, list):
        raise _damaged(_("the moves should be a list"))
    if len(moves) > MAX_MOVES:
        raise _damaged(_("it holds {n} moves, more than the {most} a game may hold").format(
            n=format_number(len(moves)), most=format_number(MAX_MOVES)))
    for number, entry in enumerate(moves, start=1):
        if not isinstance(entry, dict) or not isinstance(entry.get("move"), str):
            raise _damaged(_("move {number} should be an object with a 'move' text").format(
                number=number))
        if not _is_orders(entry.get("shuffles", [])):
            raise _damaged(_("move {number} has malformed reshuffles").format(number=number))
    if not _is_orders(data.get("opening_shuffles", [])):
        raise _damaged(_("the opening reshuffles are malformed"))
    return {**data, "options": options, "moves": moves}


def _is_orders(raw: Any) -> bool:
    return isinstance(raw, list) and all(
        isinstance(order, list) and all(isinstance(c, str) for c in order) for order in raw
    )


def _orders(raw: Any) -> list[list[Card]]:
    try:
        return [parse_cards(order) for order in raw]
    except NotationError as error:
        raise SaveFileError(_("a recorded reshuffle is wrong: {error}").format(error=error)) from None


class _Stacked:
    """Hands out the recorded reshuffles of a custom deck, checking their cards."""

    def __init__(self, orders: Sequence[Sequence[Card]]) -> None:
        self.remaining = [list(order) for order in orders]

    def __call__(self, cards: Sequence[Card]) -> list[Card]:
        if not self.remaining:
            raise SaveFileError(_("a reshuffle happens here, but its order is not recorded"))
        order = self.remaining.pop(0)
        if Counter(order) != Counter(cards):
            raise SaveFileError(_("a recorded reshuffle does not hold the cards being shuffled"))
        return order


def _replay(game: Game, move: Move, recorded: list[list[Card]], custom: bool) -> None:
    """Play one step of a save; its reshuffles must be the recorded ones."""
    if custom:
        stacked = _Stacked(recorded)
        game._push(move, stacked)
        if stacked.remaining:
            raise SaveFileError(_("it records a reshuffle that did not happen"))
        return
    step = game._push(move, game._fresh_shuffle)
    drawn = [list(order) for order in step.shuffles]
    if len(drawn) < len(recorded):
        raise SaveFileError(_("it records a reshuffle that did not happen"))
    if len(drawn) > len(recorded):
        raise SaveFileError(_("a reshuffle happens here, but its order is not recorded"))
    if drawn != recorded:
        raise SaveFileError(_("a recorded reshuffle is not the one deal {number} draws: "
                              "the save has been changed").format(number=game.seed))


def _rebuild(data: dict[str, Any]) -> Game:
    try:
        rules = rules_for(data["game"], data["options"])
    except OptionError as error:
        raise _damaged(str(error)) from None
    seed: int = data["seed"]
    custom: bool = data.get("custom_deck", False)
    try:
        deck = parse_cards(data["deck"])
        check_deck(deck, rules.packs)
    except (NotationError, DeckError) as error:
        raise SaveFileError(_("the saved deck is wrong: {error}").format(error=error)) from None
    if not custom and deck != shuffled(full_deck(rules.packs), seed_rng(seed, 0)):
        raise SaveFileError(
            _('the saved deck is not the deck of deal {number}; a save of a deck chosen by hand '
              'says "custom_deck": true').format(number=seed))
    game = Game.__new__(Game)
    game.rules, game.seed = rules, seed
    game._reset(deck, custom)
    try:
        _replay(game, OPENING_DEAL, _orders(data.get("opening_shuffles", [])), custom)
    except SaveFileError as error:
        raise SaveFileError(_("the opening deal: {error}").format(error=error)) from None
    for number, entry in enumerate(data["moves"], start=1):
        try:
            move = Move.parse(entry["move"])
        except NotationError as error:
            raise SaveFileError(_("move {number}: {error}").format(number=number, error=error)) from None
        if move not in game._moves():
            reason = (_("the game was already over") if game.is_over
                      else game.rules.why_illegal(game.table, move))
            raise SaveFileError(_("move {number} ({move}) is not legal there: {reason}").format(
                number=number, move=move, reason=reason))
        try:
            _replay(game, move, _orders(entry.get("shuffles", [])), custom)
        except SaveFileError as error:
            raise SaveFileError(_("move {number} ({move}): {error}").format(
                number=number, move=move, error=error)) from None
    return game


def load_game(text: str | bytes) -> Game:
    """Rebuild a game from :meth:`Game.to_json` text, checking every move.

    Raises :class:`SaveFileError` for anything malformed, tampered with or
    inconsistent (a card twice, an illegal move, a deck or a reshuffle that
    is not the one its deal number draws).
    """
    if isinstance(text, bytes):
        if len(text) > MAX_SAVE_BYTES:
            raise _damaged(_("it is larger than {most} bytes").format(
                most=format_number(MAX_SAVE_BYTES)))
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise _damaged(_("it is not UTF-8 text")) from None
    if not isinstance(text, str):
        raise _damaged(_("it should be JSON text"))
    if len(text) > MAX_SAVE_BYTES:
        raise _damaged(_("it is larger than {most} characters").format(
            most=format_number(MAX_SAVE_BYTES)))
    try:
        raw = json.loads(text)
    except RecursionError:
        raise _damaged(_("it nests too deep to be a saved game")) from None
    except json.JSONDecodeError as error:
        # The parser's own text is English: said in the player's words, with where.
        raise _damaged(_("it is not valid JSON (line {line}, column {column})").format(
            line=format_number(error.lineno), column=format_number(error.colno))) from None
    except ValueError:
        raise _damaged(_("it is not valid JSON")) from None
    return _rebuild(_check_shape(raw))
