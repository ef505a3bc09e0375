"""A game written down: its save-file data and JSON, and its position as plain data.

:meth:`Game.to_dict <solitaire_widgets.Game.to_dict>` and
:meth:`Game.to_json <solitaire_widgets.Game.to_json>` write through here;
:func:`solitaire_widgets.load_game` (in :mod:`solitaire_widgets.save_reader`) reads
what is written. This module needs nothing of the game but its attributes.

>>> from solitaire_widgets import new_game
>>> game = new_game("chain", seed=3)
>>> save_data(game)["format"] == SAVE_FORMAT
True
"""

from __future__ import annotations

import json
import json.encoder
from collections.abc import Sequence
from typing import Any, Protocol

from .cards import Card
from .moves import Move
from .table import Event, Pile

__all__ = ["SAVE_FORMAT", "save_data", "save_json", "position_data", "pile_data", "Recorded",
           "RecordedStep"]


class RecordedStep(Protocol):
    """What the writer reads of a step (a :class:`~solitaire_widgets.game.Step`)."""

    @property
    def move(self) -> Move: ...
    @property
    def shuffles(self) -> list[tuple[Card, ...]]: ...


class Recorded(Protocol):
    """What the writer reads of a game (a :class:`~solitaire_widgets.Game`): the
    writer sits below the game, which writes itself through it."""

    seed: int
    deck: tuple[Card, ...]
    custom_deck: bool

    @property
    def name(self) -> str: ...
    @property
    def options(self) -> dict[str, str]: ...
    @property
    def status(self) -> str: ...
    @property
    def piles(self) -> list[Pile]: ...
    @property
    def opening(self) -> tuple[Event, ...]: ...
    @property
    def history(self) -> Sequence[RecordedStep]: ...
    @property
    def moves_played(self) -> int: ...
    def history_from(self, start: int) -> Sequence[RecordedStep]: ...


#: The ``format`` field of a saved game.
SAVE_FORMAT = "solitaire_widgets/1"


def pile_data(game: Recorded) -> list[dict[str, Any]]:
    """Each pile as plain data: its id, kind, cards (bottom first) and face-down count.

    >>> from solitaire_widgets import new_game
    >>> pile_data(new_game("chain", seed=5))[-1]  # doctest: +ELLIPSIS
    {'id': 's', 'kind': 'stock', 'cards': [...], 'face_down': 28}
    """
    return [
        {"id": p.id, "kind": p.kind, "cards": [str(c) for c in p.cards], "face_down": p.down
         if p.kind != "stock" else len(p.cards)}
        for p in game.piles
    ]


def position_data(game: Recorded) -> dict[str, Any]:
    """The position as plain data: the game, its deal number, its status and its piles.

    >>> from solitaire_widgets import new_game
    >>> sorted(position_data(new_game("chain", seed=5)))
    ['game', 'piles', 'seed', 'status']
    """
    return {"game": game.name, "seed": game.seed, "status": game.status,
            "piles": pile_data(game)}


def save_data(game: Recorded) -> dict[str, Any]:
    """``game`` as plain data: rules, seed, deck, and each move with its reshuffles.

    >>> from solitaire_widgets import new_game
    >>> sorted(save_data(new_game("klondike", seed=2)))
    ['deck', 'format', 'game', 'moves', 'options', 'seed']
    """
    return {**_head(game), "moves": [_entry(step) for step in game.history], **_tail(game)}


def _head(game: Recorded) -> dict[str, Any]:
    return {"format": SAVE_FORMAT, "game": game.name, "options": game.options,
            "seed": game.seed, "deck": [str(c) for c in game.deck]}


def _entry(step: RecordedStep) -> dict[str, Any]:
    entry: dict[str, Any] = {"move": str(step.move)}
    if step.shuffles:
        entry["shuffles"] = [[str(c) for c in order] for order in step.shuffles]
    return entry


def _tail(game: Recorded) -> dict[str, Any]:
    tail: dict[str, Any] = {}
    if game.custom_deck:
        tail["custom_deck"] = True
    opening = [event.cards for event in game.opening if event.kind == "shuffle"]
    if opening:
        tail["opening_shuffles"] = [[str(c) for c in order] for order in opening]
    return tail


class _Written:
    """A game's moves as save JSON: the steps they were written from, and the
    text of the list (``ends[i]``: where move ``i`` ends in it)."""

    __slots__ = ("steps", "text", "ends")

    def __init__(self) -> None:
        self.steps: list[RecordedStep] = []
        self.text = ""
        self.ends: list[int] = []


#: The attribute of a game that holds its moves as save JSON (a :class:`_Written`):
#: a widget saves its game after every move, and only the moves since the last
#: save (at the end of the list: moves are played and taken back there) are
#: written again. It lives on the game, not in a table of games: the steps it
#: holds may point back at their game (a step not yet worded), and a table
#: that held them would keep every game ever saved alive.
_CACHE = "_written"

#: A string as JSON writes it (``ensure_ascii=False``).
_quoted = json.encoder.encode_basestring


def _moves_json(game: Recorded) -> str:
    """``game``'s moves as the save's JSON list, without its brackets."""
    # Only the end of the history is read: copying it all would cost as much
    # as the game is long.
    played = game.moves_played
    written = getattr(game, _CACHE, None)
    if not isinstance(written, _Written):
        written = _Written()
        setattr(game, _CACHE, written)
    done = written.steps
    kept = min(played, len(done))
    while kept and game.history_from(kept - 1)[0] is not done[kept - 1]:
        kept -= 1
    if kept < len(done):
        del done[kept:], written.ends[kept:]
        written.text = written.text[:written.ends[-1] if kept else 0]
    if kept < played:
        new = game.history_from(kept)
        texts = [f'{{"move": {_quoted(str(step.move))}}}' if not step.shuffles
                 else json.dumps(_entry(step), ensure_ascii=False) for step in new]
        end = len(written.text)
        for number, text in enumerate(texts):
            end += len(text) + (2 if number or kept else 0)
            written.ends.append(end)
        written.text += (", " if kept else "") + ", ".join(texts)
        done.extend(new)
    return written.text


def save_json(game: Recorded, indent: int | None = None) -> str:
    """``game`` as save-file JSON (see :func:`save_data`).

    Saving a game again after a move writes only that move anew: the cost does
    not grow with the length of the game.

    >>> from solitaire_widgets import new_game
    >>> game = new_game("chain", seed=3)
    >>> _ = game.play(game.legal_moves()[0])
    >>> save_json(game) == json.dumps(save_data(game), ensure_ascii=False)
    True
    """
    if indent is not None:
        return json.dumps(save_data(game), indent=indent, ensure_ascii=False)
    head = json.dumps(_head(game), ensure_ascii=False)[:-1]
    tail = json.dumps(_tail(game), ensure_ascii=False)[1:-1]
    # One join: the moves' text is copied once, however long the game.
    return "".join((head, ', "moves": [', _moves_json(game), "]",
                    ", " if tail else "", tail, "}"))
