"""The worker's entry point: JSON requests in, JSON answers out, one call per request.

>>> answer = json.loads(call(json.dumps({"op": "open", "table": "t1", "game": "chain", "seed": 5})))
>>> answer["seed"], answer["moves"]
(5, [])
>>> json.loads(call(json.dumps({"op": "state", "table": "t1"})))["game"]
'chain'
>>> json.loads(call(json.dumps({"op": "frobnicate", "table": "t1"})))["error"]
True
"""

from __future__ import annotations

import json
from typing import Any

from ..errors import SolitaireError
from ..games import new_game
from .session import ReplaySession, TableSession, game_state

__all__ = ["call"]

_tables: dict[str, TableSession] = {}
_replays: dict[str, ReplaySession] = {}
_TABLE_OPS = {"play", "undo", "redo", "hint", "finish", "finishstep", "finishstop", "canwin", "solverhint", "new", "press", "move",
              "release", "leave", "key", "view"}


def _answer(request: dict[str, Any]) -> Any:
    op = str(request.get("op"))
    name = str(request.get("table", ""))
    if op == "open":
        options = {str(k): str(v) for k, v in dict(request.get("options") or {}).items()}
        width = float(request.get("width") or 720.0)  # the page's column, at most 720
        if request.get("save"):
            from ..saves import load_game

            session = TableSession(load_game(str(request["save"])), width=width, prefix=name)
        else:
            seed = request.get("seed")
            game = new_game(str(request.get("game", "klondike")),
                            seed=None if seed in (None, "") else int(seed), **options)
            session = TableSession(game, width=width, prefix=name)
        _tables[name] = session
        return session.view()
    if op == "replay":
        replay = ReplaySession(str(request["save"]), float(request.get("width", 720.0)),
                               str(request.get("title", "")))
        _replays[name] = replay
        return {"count": replay.count}
    if op == "frames":
        return _replays[name].frames(int(request.get("index", 0)), int(request.get("count", 1)),
                                     f"{name}-live")
    table = _tables[name]
    if op == "state":
        return game_state(table.game)
    if op == "legal":
        return [str(m) for m in table.game.legal_moves()]
    if op == "save":
        return table.game.to_json()
    if op in _TABLE_OPS:
        return table.handle(request)
    return {"error": True, "message": f"unknown request {op!r}"}


def call(text: str) -> str:
    """Answer one JSON request with JSON text."""
    try:
        answer = _answer(json.loads(text))
    except (SolitaireError, KeyError, ValueError, TypeError) as error:
        answer = {"error": True, "message": str(error)}
    return json.dumps(answer)
