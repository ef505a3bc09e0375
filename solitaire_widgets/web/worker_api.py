"""The worker's entry point: JSON requests in, JSON answers out, one call per request.

Every request gets an answer: a table's request its view (a request the
table cannot read is refused in the view's message), any other request its
answer or ``{"error": true, "refused": true, "message": ...}`` in a player's
words (the page's promise is then rejected with the message). Each
request is read once, here: JSON that is not an object, a number that is
not finite, nesting too deep, a field of the wrong type or text too long
is refused (see :func:`~solitaire_widgets.web.session.check_request`).

>>> answer = json.loads(call(json.dumps({"op": "open", "table": "t1", "game": "chain", "seed": 5})))
>>> answer["seed"], answer["history"]
(5, {'kept': 0, 'added': []})
>>> json.loads(call(json.dumps({"op": "state", "table": "t1"})))["game"]
'chain'
>>> json.loads(call(json.dumps({"op": "frobnicate", "table": "t1"})))["message"]
"There is no request 'frobnicate'."
>>> json.loads(call("[]"))
{'error': True, 'refused': True, 'message': 'A request is a JSON object such as {"op": "view"}, not a list.'}
>>> json.loads(call('{"op": "new", "table": "t1", "seed": Infinity}'))["message"]
'A request holds only finite numbers, not Infinity.'
>>> json.loads(call(json.dumps({"op": "press", "table": "t1", "x": "a"})))["message"]
"The pointer's x should be a number, not 'a'."
"""

from __future__ import annotations

import json
import math
from typing import Any

from ..errors import RequestError, SolitaireError
from ..games import new_game
from ..render.describe import sentence
from ..saves import MAX_SAVE_BYTES, load_game
from ..writer import position_data
from .session import ReplaySession, TableSession, check_request

__all__ = ["call", "MAX_REQUEST_CHARS"]

#: The longest request read: a save (escaped in the request's JSON) and the rest.
MAX_REQUEST_CHARS = 2 * MAX_SAVE_BYTES + 10_000

_tables: dict[str, TableSession] = {}
_replays: dict[str, ReplaySession] = {}


def _constant(name: str) -> Any:
    raise RequestError(f"a request holds only finite numbers, not {name}")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise RequestError(f"a request holds only finite numbers, not {text[:20]}")
    return value


def _read(text: object) -> dict[str, Any]:
    """The request in ``text``, checked (:class:`RequestError` if it cannot be read)."""
    if not isinstance(text, str):
        raise RequestError("a request is JSON text")
    if len(text) > MAX_REQUEST_CHARS:
        raise RequestError(f"the request is {len(text):,} characters long; "
                           f"at most {MAX_REQUEST_CHARS:,} are read")
    try:
        raw = json.loads(text, parse_constant=_constant, parse_float=_finite)
    except RecursionError:
        raise RequestError("a request is a flat JSON object; this one nests too deep") from None
    except ValueError as error:
        if isinstance(error, SolitaireError):
            raise
        raise RequestError(f"the request is not JSON ({error})") from None
    return check_request(raw)


def _table(name: str) -> TableSession:
    table = _tables.get(name)
    if table is None:
        raise RequestError(f"there is no table named {name[:60]!r} on this page "
                           "(it opens when Play here is pressed)")
    return table


def _replay(name: str) -> ReplaySession:
    replay = _replays.get(name)
    if replay is None:
        raise RequestError(f"there is no replay named {name[:60]!r} on this page")
    return replay


def _answer(request: dict[str, Any]) -> Any:
    op, name = request["op"], request["table"]
    if op == "open":
        width = request["width"]  # the page's column, at most DISPLAY_WIDTH
        if request["save"]:
            session = TableSession(load_game(request["save"]), width=width, prefix=name)
        else:
            session = TableSession(new_game(request["game"], seed=request["seed"],
                                            **request["options"]), width=width, prefix=name)
        _tables[name] = session
        return session.view()
    if op == "replay":
        if not request["save"]:
            raise RequestError("a replay needs the save of the game to replay")
        _replays[name] = ReplaySession(request["save"], request["width"], request["title"])
        return {"count": _replays[name].count}
    if op == "frames":
        return _replay(name).frames(request["index"], request["count"], f"{name}-live")
    table = _table(name)
    if op == "state":
        return position_data(table.game)
    if op == "legal":
        return [str(m) for m in table.game.legal_moves()]
    if op == "save":
        return table.game.to_json()
    return table.handle(request)


def _refused(text: str, error: SolitaireError) -> dict[str, Any]:
    """A request that could not be read: the table's view saying why, if it names
    a table and asks something of it; else the error alone."""
    message = " ".join(str(error).split())
    try:
        raw = json.loads(text, parse_constant=lambda _name: None)
    except (ValueError, RecursionError):
        raw = None
    name = raw.get("table") if isinstance(raw, dict) else None
    table = _tables.get(name) if isinstance(name, str) else None
    if table is not None and raw.get("op") not in ("open", "replay", "frames", "state",
                                                   "legal", "save"):
        return table.refuse(message)
    return {"error": True, "refused": True, "message": sentence(message)}


def call(text: str) -> str:
    """Answer one JSON request with JSON text (never an exception)."""
    try:
        answer = _answer(_read(text))
    except SolitaireError as error:
        answer = _refused(text, error)
    except Exception as error:  # the page must never be left with a dead table
        answer = {"error": True, "refused": True,
                  "message": "The engine could not answer this request "
                  f"({type(error).__name__}); the table is as it was."}
    return json.dumps(answer)
