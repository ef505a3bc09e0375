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
from ..i18n import LANGUAGES, _, format_number, use_language
from ..render.in_words import sentence
from ..save_reader import MAX_SAVE_BYTES, load_game
from ..save_writer import position_data
from .session import PageSession, ReplaySession, check_request, safe_prefix

__all__ = ["call", "booted", "MAX_REQUEST_CHARS"]

#: The longest request read: a save (escaped in the request's JSON) and the rest.
MAX_REQUEST_CHARS = 2 * MAX_SAVE_BYTES + 10_000

_tables: dict[str, PageSession] = {}
_replays: dict[str, ReplaySession] = {}


def _constant(name: str) -> Any:
    raise RequestError(_("a request holds only finite numbers, not {value}").format(value=name))


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise RequestError(_("a request holds only finite numbers, not {value}").format(
            value=text[:20]))
    return value


def _read(text: object) -> dict[str, Any]:
    """The request in ``text``, checked (:class:`RequestError` if it cannot be read)."""
    if not isinstance(text, str):
        raise RequestError(_("a request is JSON text"))
    if len(text) > MAX_REQUEST_CHARS:
        raise RequestError(_("the request is {n} characters long; at most {limit} are read")
                           .format(n=format_number(len(text)),
                                   limit=format_number(MAX_REQUEST_CHARS)))
    try:
        raw = json.loads(text, parse_constant=_constant, parse_float=_finite)
    except RecursionError:
        raise RequestError(_("a request is a flat JSON object; this one nests too deep")) from None
    except ValueError as error:
        if isinstance(error, SolitaireError):
            raise
        raise RequestError(_("the request is not JSON ({error})").format(error=error)) from None
    return check_request(raw)


def _table(name: str) -> PageSession:
    table = _tables.get(name)
    if table is None:
        raise RequestError(_("there is no table named {name} on this page "
                             "(it opens when Play here is pressed)").format(name=repr(name[:60])))
    return table


def _replay(name: str) -> ReplaySession:
    replay = _replays.get(name)
    if replay is None:
        raise RequestError(_("there is no replay named {name} on this page").format(
            name=repr(name[:60])))
    return replay


def _answer(request: dict[str, Any]) -> Any:
    op, name = request["op"], request["table"]
    if op == "open":
        width = request["width"]  # the page's column, at most DISPLAY_WIDTH
        language = request["language"]
        if request["save"]:
            with use_language(language):
                game = load_game(request["save"])
        else:
            with use_language(language):
                game = new_game(request["game"], seed=request["seed"], **request["options"])
        session = PageSession(game, width=width, prefix=name, language=language)
        _tables[name] = session
        return session.view()
    if op == "replay":
        if not request["save"]:
            raise RequestError(_("a replay needs the save of the game to replay"))
        _replays[name] = ReplaySession(request["save"], request["width"], request["title"],
                                       language=request["language"])
        return {"count": _replays[name].count}
    if op == "lesson":
        from .lesson import lesson_view

        return lesson_view(request["lesson"], request["given"].split(), request["answer"],
                           hint=request["hint"], language=request["language"],
                           width=request["width"], prefix=safe_prefix(name or "sw-lesson"))
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


def _language(request: dict[str, Any]) -> str | None:
    """The language to answer ``request`` in: the one it asks for, else its table's or
    replay's (None: the worker's default)."""
    language = request.get("language")
    if isinstance(language, str) and language in LANGUAGES:
        return language
    name = request.get("table")
    known = (_tables.get(name) or _replays.get(name)) if isinstance(name, str) else None
    return known.language if known is not None else None


def booted() -> str:
    """The engine's answer to the page's first request (``boot``), once it runs, as JSON
    text: the languages it speaks, which the page script asks its tables in.

    >>> json.loads(booted())
    {'languages': ['en', 'ru', 'pl']}
    """
    return json.dumps({"languages": list(LANGUAGES)})


def call(text: str) -> str:
    """Answer one JSON request with JSON text (never an exception), in the language
    the request asks for, else its table's."""
    request: dict[str, Any] | None
    try:
        request = checked = _read(text)
    except SolitaireError:
        # Refused in the language the request would have asked for, if it says.
        try:
            raw = json.loads(text, parse_constant=lambda _name: None)
        except (ValueError, RecursionError, TypeError):
            raw = None
        request, language = None, _language(raw) if isinstance(raw, dict) else None
    else:
        language = _language(checked)
    with use_language(language):
        return _call(text, request)


def _call(text: str, request: dict[str, Any] | None) -> str:
    try:
        answer = _answer(request if request is not None else _read(text))
    except SolitaireError as error:
        answer = _refused(text, error)
    except Exception as error:  # the page must never be left with a dead table
        answer = {"error": True, "refused": True,
                  "message": _("The engine could not answer this request ({error}); "
                               "the table is as it was.").format(error=type(error).__name__)}
    return json.dumps(answer)
