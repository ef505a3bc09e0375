"""One playable table in a web page: the engine side, run by Pyodide in a Web Worker.

The page sends requests (a dict with ``"op"``) and draws the answer (a
*view*: the table's picture, the status line, the message, the buttons' states,
the table in words). The rules, the pointer's meaning and the drawing all
come from the package (:mod:`~solitaire_widgets.pointer`,
:func:`~solitaire_widgets.render.svg.scene_patch`); the page only draws and
forwards input. Pure Python: the same code runs under CPython in the tests.

A view carries only what changed in the move list (``history``: how many
of the moves sent before stay, and the moves after them), so a move costs
the same early or late in a long game. Every request is checked once, here
(:func:`check_request`): a wrong type, a number that is not finite or text
too long is refused in a player's words (:class:`~solitaire_widgets.errors.RequestError`)
and changes nothing.

>>> session = PageSession("klondike", seed=7)
>>> view = session.handle({"op": "play", "move": "turn"})
>>> view["error"], view["history"]
(False, {'kept': 0, 'added': ['turn']})
>>> session.handle({"op": "play", "move": "t1>t1"})["error"]
True
>>> session.handle({"op": "undo"})["history"]
{'kept': 0, 'added': []}
>>> session.handle({"op": "press", "x": "a", "y": 5})
Traceback (most recent call last):
...
solitaire_widgets.errors.RequestError: the pointer's x should be a number, not 'a'
"""

from __future__ import annotations

import hashlib
import math
import re
import time
from typing import Any

from ..chance import MAX_SEED
from ..citations import OUR_READING, THE_TEXT, Citation
from ..controller import FINISH_LIMIT, ActionButton, Change, Controller
from ..errors import RequestError, excerpt
from ..game import Game, Step
from ..games import new_game
from ..i18n import (
    LANGUAGES,
    N_,
    _,
    check_language,
    current_language,
    format_number,
    use_language,
)
from ..moves import Move
from ..registry import DEFAULT_GAME
from ..render.display import DISPLAY_WIDTH
from ..render.player import unique_ids
from ..render.scene import Scene, layout
from ..render.svg import scene_patch
from ..render.tween import MOVE_TIMING, RUN_TIMING, Timing
from ..replay import Replay
from ..review_run import ReviewRun
from ..save_reader import MAX_SAVE_BYTES
from ..source_texts import source_language
from .review_session import REVIEW_OPS, review_request, review_view

__all__ = ["PageSession", "ReplaySession", "check_request", "safe_prefix", "SOLVER_TOOLS",
           "FINISH_LIMIT", "MAX_TEXT", "MAX_COORDINATE", "MAX_STATICS", "REPLAY_WIDTHS"]

#: The longest text a request may carry (a move, a key, a name, a title); a save
#: may be as long as :data:`~solitaire_widgets.save_reader.MAX_SAVE_BYTES`.
MAX_TEXT = 200
#: The largest pointer coordinate or time (in absolute value) a request may carry.
MAX_COORDINATE = 1e9
#: The widths a replay may be drawn at, in scene pixels (those of the widgets).
REPLAY_WIDTHS = (200.0, 4000.0)
#: The most drawings of the felt, a slot or a label a table keeps for the page
#: (each is sent once: a Quarrel table adds a slot with each card of its row
#: and a label whenever a count on it changes); past it, it forgets them all
#: and sends again what it shows next.
MAX_STATICS = 400

_TABLE_OPS = ("play", "typed", "undo", "redo", "hint", "finish", "finishstep", "finishstop", "canwin",
              "solverhint", "new", "press", "move", "release", "leave", "key", "view",
              *REVIEW_OPS)
_OTHER_OPS = ("open", "replay", "frames", "state", "legal", "save", "lesson")
_POINTER_OPS = ("press", "move", "release")


#: The buttons of a game that has a solver: the request, the label, what it does
#: (in English: :meth:`PageSession.tools` gives them in the table's language).
SOLVER_TOOLS: tuple[dict[str, str], ...] = (
    {"op": "solverhint", "label": N_("Show me the next move"),
     "title": N_("The next move of a winning line (the solver sees every card)")},
    {"op": "canwin", "label": N_("Can this still be won?"),
     "title": N_("Ask the solver (it sees every card)")},
)


def _kind(value: object) -> str:
    """A JSON value's kind in words, for refusals (never the whole value)."""
    if isinstance(value, (str, int, float)) and not isinstance(value, bool):
        return excerpt(value)
    kind = {type(None): "null", bool: N_("true or false"), list: N_("a list"),
            dict: N_("an object")}.get(type(value))
    return type(value).__name__ if kind is None else kind if kind == "null" else _(kind)


def _text(request: dict[str, Any], field: str, what: str, default: str = "",
          limit: int = MAX_TEXT) -> str:
    value = request.get(field, default)
    if not isinstance(value, str):
        raise RequestError(_("{what} should be text, not {value}").format(
            what=_(what), value=_kind(value)))
    if len(value) > limit:
        raise RequestError(_("{what} is {n} characters long; at most {limit} are read").format(
            what=_(what), n=format_number(len(value)), limit=format_number(limit)))
    return value


def _number(request: dict[str, Any], field: str, what: str, default: float,
            low: float = -MAX_COORDINATE, high: float = MAX_COORDINATE) -> float:
    value = request.get(field, default)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise RequestError(_("{what} should be a number, not {value}").format(
            what=_(what), value=_kind(value)))
    if isinstance(value, float) and not math.isfinite(value) or not low <= value <= high:
        raise RequestError(_("{what} should be a number from {low} to {high}, not {value}").format(
            what=_(what), low=format_number(round(low)), high=format_number(round(high)),
            value=_kind(value)))
    return float(value)


def _whole(request: dict[str, Any], field: str, what: str, default: int,
           low: int = 0, high: int = 10**9) -> int:
    value = request.get(field, default)
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise RequestError(
            _("{what} should be a whole number from {low} to {high}, not {value}").format(
                what=_(what), low=format_number(low), high=format_number(high),
                value=_kind(value)))
    return value


def _seed(request: dict[str, Any]) -> int | None:
    """A deal number: a whole number (or its digits, as a page's number box gives
    it); none (null or empty) for a random deal."""
    value = request.get("seed")
    if value is None or value == "":
        return None
    if isinstance(value, str) and re.fullmatch(r"\s*\d{1,20}\s*", value):
        value = int(value)
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_SEED:
        raise RequestError(_("a deal number is a whole number from 0 to {high}, not {value}")
                           .format(high=MAX_SEED, value=_kind(value)))
    return value


def _language(request: dict[str, Any]) -> str | None:
    """The language a table or replay is asked to speak; none (null or left out):
    the worker's default."""
    value = request.get("language")
    if value is None or value == "":
        return None
    if not isinstance(value, str) or value not in LANGUAGES:
        raise RequestError(_("there is no language {value}: choose one of {languages}").format(
            value=_kind(value), languages=", ".join(LANGUAGES)))
    return value


def check_request(request: object) -> dict[str, Any]:
    """The request as the tables read it, every field checked; :class:`RequestError` if not.

    A request is a JSON object with an ``"op"``; its other fields depend on
    the op (see :meth:`PageSession.handle` and
    :func:`~solitaire_widgets.web.worker_api.call`). Fields an op does not
    read are dropped; a field left out takes its default (``null`` is no
    default: it is refused, except as a deal number, where it asks for a
    random deal, and as a pointer's time, where it means now).

    >>> check_request({"op": "press", "x": 3, "y": 4.5, "t": 1})
    {'op': 'press', 'table': '', 'x': 3.0, 'y': 4.5, 't': 1.0}
    >>> check_request({"op": "new", "seed": "12"})
    {'op': 'new', 'table': '', 'seed': 12}
    >>> check_request([1, 2])
    Traceback (most recent call last):
    ...
    solitaire_widgets.errors.RequestError: a request is a JSON object such as {"op": "view"}, not a list
    """
    if not isinstance(request, dict):
        raise RequestError(_('a request is a JSON object such as {example}, not {value}').format(
            example='{"op": "view"}', value=_kind(request)))
    op = _text(request, "op", N_("the request's op"), "view", limit=20)
    if op not in _TABLE_OPS and op not in _OTHER_OPS:
        raise RequestError(_("there is no request {op}").format(op=repr(op)))
    checked: dict[str, Any] = {"op": op, "table": _text(request, "table", N_("the table's name"))}
    if op in ("play", "typed"):
        checked["move"] = _text(request, "move", N_("the move"))
    elif op == "finishstep":
        checked["played"] = _whole(request, "played", N_("the moves auto-finish played"), 0)
    elif op == "new":
        checked["seed"] = _seed(request)
    elif op in _POINTER_OPS:
        checked["x"] = _number(request, "x", N_("the pointer's x"), 0.0)
        checked["y"] = _number(request, "y", N_("the pointer's y"), 0.0)
        if request.get("t") is not None:
            checked["t"] = _number(request, "t", N_("the pointer's time"), 0.0)
    elif op == "key":
        checked["key"] = _text(request, "key", N_("the key's name"), limit=40)
    elif op == "reviewjump":
        checked["position"] = _whole(request, "position", N_("the position"), 0)
    elif op == "open":
        checked["game"] = _text(request, "game", N_("the game's name"), DEFAULT_GAME)
        checked["seed"] = _seed(request)
        checked["save"] = _text(request, "save", N_("the save"), limit=MAX_SAVE_BYTES)
        options = request.get("options") or {}
        if not isinstance(options, dict) or not all(
                isinstance(v, str) and len(v) <= MAX_TEXT and len(k) <= MAX_TEXT
                for k, v in options.items()):
            raise RequestError(_("the options should map names to text values"))
        checked["options"] = dict(options)
        checked["width"] = _number(request, "width", N_("the table's width"), DISPLAY_WIDTH,
                                   *REPLAY_WIDTHS)
        checked["language"] = _language(request)
    elif op == "replay":
        checked["save"] = _text(request, "save", N_("the save"), limit=MAX_SAVE_BYTES)
        checked["width"] = _number(request, "width", N_("the replay's width"), DISPLAY_WIDTH,
                                   *REPLAY_WIDTHS)
        checked["title"] = _text(request, "title", N_("the replay's title"))
        checked["language"] = _language(request)
    elif op == "lesson":
        checked["lesson"] = _text(request, "lesson", N_("the lesson's name"), limit=60)
        checked["given"] = _text(request, "given", N_("the answers given"))
        checked["answer"] = _text(request, "answer", N_("the answer"))
        checked["hint"] = request.get("hint") is True
        checked["width"] = _number(request, "width", N_("the lesson's width"), DISPLAY_WIDTH,
                                   *REPLAY_WIDTHS)
        checked["language"] = _language(request)
    elif op == "frames":
        checked["index"] = _whole(request, "index", N_("the step"), 0)
        checked["count"] = _whole(request, "count", N_("the number of steps"), 1, 1, 1000)
    return checked


def safe_prefix(name: str) -> str:
    """``name`` if it is safe in an SVG id and a link to it, else a name made from its digest.

    >>> safe_prefix("sw-table0")
    'sw-table0'
    >>> safe_prefix('x" onload="alert(1)')
    'sw-46af25ddd549'
    """
    if re.fullmatch(r"[A-Za-z][A-Za-z0-9_-]{0,63}", name):
        return name
    return "sw-" + hashlib.sha1(name.encode("utf-8", "surrogatepass")).hexdigest()[:12]


def _new_statics(statics: dict[object, int], known: int) -> dict[int, str]:
    """The drawings :func:`~solitaire_widgets.render.svg.scene_patch` kept after the first ``known``."""
    return {number: text for text, number in list(statics.items())[known:]
            if isinstance(text, str)}


def citation_data(citation: Citation | None) -> dict[str, Any] | None:
    """A refusal's citation as the page reads it: the words before it, each sentence
    (original, its language, its translation into the current language, or ``""`` in
    the text's own, and its anchor in the game's chapter, ``<game>.html#<anchor>``)
    and our reading's words; None when the refusal cites nothing.

    >>> from solitaire_widgets.citations import cite
    >>> data = citation_data(cite("chain", "9.2"))
    >>> data["label"], data["sentences"][0]["page"], data["sentences"][0]["anchor"]
    ('the text:', 'chain.html', 'chain-s9-2')
    """
    if not citation:
        return None
    language = current_language()
    own = source_language(citation.game)
    return {
        "label": _(THE_TEXT),
        "sentences": [{"original": found.original, "lang": own,
                       "translation": "" if language == own else found.translation(language),
                       "page": f"{citation.game}.html", "anchor": found.anchor}
                      for found in citation.cited],
        "reading": (_(OUR_READING).format(reading=citation.reading_words(language))
                    if citation.reading else ""),
    }


def _button(button: ActionButton) -> dict[str, Any]:
    """A button as the page reads it."""
    word = {"word": button.word} if button.word != "finish" else {}
    return {**word, "label": button.label, "enabled": button.enabled, "title": button.tooltip}


class PageSession:
    """One table in a page: a :class:`~solitaire_widgets.controller.Controller`
    driven by requests, and the picture on screen.

    ``width`` is the table's width in scene pixels (the page scales the SVG);
    ``language`` (``"en"``, ``"ru"``, ``"pl"``) the language of its words, in
    which it answers every request.

    >>> PageSession("chain", seed=5, language="ru").view()["finish"]["label"]
    'Доиграть'
    """

    def __init__(self, game: str | Game = DEFAULT_GAME, seed: int | None = None,
                 width: float = DISPLAY_WIDTH, prefix: str = "sw-table", *,
                 language: str | None = None, **options: str) -> None:
        #: The language the table speaks (None: the current one).
        self.language = current_language() if language is None else check_language(language)
        with use_language(self.language):
            self.table = Controller(game if isinstance(game, Game)
                                         else new_game(game, seed=seed, **options))
        #: The review of the table's game (the Review button; see .review_session).
        self.review = ReviewRun(self.table)
        self.width = float(width)
        #: What goes before the ids of the pictures it sends (see :func:`safe_prefix`).
        self.prefix = safe_prefix(prefix)
        self._defs: dict[str, str] = {}
        self._statics: dict[object, int] = {}
        self.scene: Scene = layout(self.game, self.game.table, self.width)
        #: Auto-finish moves played so far while the page runs it step by step, else None.
        self.finishing: int | None = None
        # The move list as the page has it (from the views sent), and its game.
        self._sent: list[Step] = []
        self._sent_game: Game | None = None

    @property
    def game(self) -> Game:
        """The game on the table."""
        return self.table.game

    @property
    def message(self) -> str:
        """The table's last words."""
        return self.table.message

    # -- requests ---------------------------------------------------------------

    def handle(self, request: dict[str, Any]) -> dict[str, Any]:
        """Carry out one request and return the view (see :meth:`view`).

        Requests: ``play`` (``move``: text), ``typed`` (``move``: a line typed in the
        move box, see :meth:`~solitaire_widgets.controller.Controller.typed`), ``undo``, ``redo``, ``hint``,
        ``finish``, ``finishstep`` (``played``: see :meth:`finish_step`),
        ``finishstop``, ``canwin``, ``solverhint``, ``new`` (``seed``: a
        number or None), ``press``/``move``/``release`` (``x``, ``y``: scene
        pixels), ``leave``, ``key`` (``key``: the browser's key name), ``view``.
        Any request but ``finishstep`` and ``move`` stops a step-by-step
        auto-finish (``finishstop`` does only that); the message says so.
        A request that cannot be read (see :func:`check_request`) raises
        :class:`~solitaire_widgets.errors.RequestError` and changes nothing.
        The answer is in the table's :attr:`language`.
        """
        with use_language(self.language):
            return self._handle(request)

    def _handle(self, request: dict[str, Any]) -> dict[str, Any]:
        request = check_request(request)
        op = request["op"]
        if op not in _TABLE_OPS:
            raise RequestError(_("a table does not answer {op} requests").format(op=repr(op)))
        table = self.table
        if self.finishing is not None and op not in ("finishstep", "move"):
            table.finish_said(self.finishing, stopped=True)
            self.finishing = None
        if self.review.running and op not in ("review", "reviewstep", "move", "view"):
            self.review.stop()
        before = self._mark()
        change, timing = Change(), MOVE_TIMING
        if op in REVIEW_OPS:
            change = review_request(self.review, op, request)
        elif op == "play":
            change = table.play(request["move"])
        elif op == "typed":
            change = table.typed(request["move"])
        elif op in ("undo", "redo"):
            change = getattr(table, op)()
        elif op == "hint":
            table.show_hint()
        elif op == "finish":
            self.finish()
        elif op == "finishstep":
            played = request["played"]
            change, timing = table.finish_step(played), RUN_TIMING
            self.finishing = played + 1 if change.moved else None
        elif op == "canwin":
            table.can_win()
        elif op == "solverhint":
            table.solver_hint()
        elif op == "new":
            change = table.new_deal(request["seed"])
        elif op in ("press", "move", "release", "leave", "key"):
            change = self._pointer(op, request)
            if op == "move":  # a drag frame, or nothing: no new picture
                if change.drag is not None:
                    drag = change.drag
                    return {"drag": {"keys": sorted(drag.keys), "dx": drag.dx, "dy": drag.dy}}
                return {"noop": True}
        view = self.view(change, timing)
        after = self._mark()
        view["played"] = (after[0] is not before[0] or after[1] != before[1]
                          or after[2] is not before[2])
        return view

    def refuse(self, message: str) -> dict[str, Any]:
        """The view with ``message`` said as a refusal (a request the table could not read).

        >>> PageSession("chain", seed=5).refuse("the move should be text")["message"]
        'The move should be text.'
        """
        with use_language(self.language):
            self.table.say(message, error=True)
            view = self.view()
        view["played"] = False
        return view

    def _mark(self) -> tuple[Game, int, Step | None]:
        """What tells one history from another: the game, its length, its last step."""
        game = self.game
        last = game.history_from(game.moves_played - 1)
        return game, game.moves_played, last[-1] if last else None

    def play(self, move: Move | str) -> bool:
        """Play a move; False (the engine's reason in the message) when it is illegal."""
        return self.table.play(move).ok

    def finish(self) -> None:
        """Let the default player play on until the game ends or it gives up."""
        self.table.finish()

    def finish_step(self, played: int = 0) -> bool:
        """One move of auto-finish (the page animates each); False when auto-finish is over.

        ``played``: the moves it played before this one. When it is over the
        message says how it ended.

        >>> session = PageSession("chain", seed=5)
        >>> session.finish_step(), len(session.game.history)
        (True, 1)
        """
        return self.table.finish_step(played).moved

    def _pointer(self, op: str, request: dict[str, Any]) -> Change:
        x, y = request.get("x", 0.0), request.get("y", 0.0)
        now = request.get("t", time.monotonic())
        table = self.table
        if op == "press":
            return table.press(self.scene, x, y, now)
        if op == "move":
            return table.move_to(self.scene, x, y, now)
        if op == "release":
            return table.release(self.scene, x, y)
        if op == "leave":
            return table.leave()
        return table.key(self.scene, request["key"])[0]

    # -- the answer ---------------------------------------------------------------

    def tools(self) -> list[dict[str, str]]:
        """The buttons this game has beyond undo, redo, hint and auto-finish: its
        solver's, if the game has one (``solver_hook.solver_of``). ``op`` is the request
        each sends.

        >>> [tool["op"] for tool in PageSession("chain", seed=5).tools()]
        []
        """
        if self.table.solver is None:
            return []
        return [{"op": tool["op"], "label": _(tool["label"]), "title": _(tool["title"])}
                for tool in SOLVER_TOOLS]

    def actions(self) -> list[dict[str, Any]]:
        """The game's own decisions as buttons: word, label, enabled, tooltip."""
        return [_button(b) for b in self.table.actions()]

    def finish_button(self) -> dict[str, Any]:
        """The auto-finish button: label ("Stop" while it runs), enabled, tooltip.

        >>> session = PageSession("chain", seed=5)
        >>> session.handle({"op": "finishstep", "played": 0})["finish"]["label"]
        'Stop'
        >>> session.handle({"op": "finishstop"})["finish"]["label"], session.message
        ('Auto-finish', 'Auto-finish stopped after 1 move.')
        """
        return _button(self.table.finish_button(self.finishing is not None))

    def view(self, change: Change | None = None, timing: Timing = MOVE_TIMING) -> dict[str, Any]:
        """The table as the page shows it (JSON-ready), after ``change``.

        The picture is a :func:`~solitaire_widgets.render.svg.scene_patch`
        (the page moves the cards it shows); ``defs`` and ``statics`` hold the
        card pictures and the drawings of the felt, slots and labels not sent
        before (the page keeps them; ``static`` names those it shows; a
        drawing's number is reused once the table has kept
        :data:`MAX_STATICS`, so the page keeps no more either), so a move
        sends little more than positions, however long the game. ``history`` is what changed in
        the move list (see :meth:`_history_change`). ``plan`` is how the page
        animates ``change`` (:meth:`~solitaire_widgets.controller.Controller.plan`
        at ``timing``, as :meth:`~solitaire_widgets.render.tween.Plan.page_data`;
        empty: the picture is drawn at once), the plan a GameWidget draws.
        """
        with use_language(self.language):
            return self._view(change, timing)

    def _view(self, change: Change | None, timing: Timing) -> dict[str, Any]:
        game, table = self.game, self.table
        controls = table.controls(self.finishing is not None)
        plan = (table.plan(change, self.width, timing, keys_from=self.scene)
                if change is not None else None)
        self.scene = (plan.final if plan is not None
                      else layout(game, game.table, self.width, keys_from=self.scene))
        if len(self._statics) > 2 * MAX_STATICS:  # each drawing is kept under two keys
            self._statics.clear()
        known, known_statics = len(self._defs), len(self._statics)
        picture = scene_patch(self.scene, self._defs, statics=self._statics,
                              highlight=table.marks())
        for card in picture["cards"]:
            card[4] = f"{self.prefix}-{card[4]}"
        return {
            **picture,
            "plan": plan.page_data() if plan is not None else [],
            "label": f"{_(game.rules.title)}, {game.deal_name}: {game.status}",
            "defs": unique_ids("".join(list(self._defs.values())[known:]), self.prefix),
            "statics": _new_statics(self._statics, known_statics),
            "status": table.status_text(), "message": table.message, "error": table.error,
            "citation": citation_data(table.citation if table.error else None),
            "words": table.words(),
            "seed": game.seed, "title": game.rules.title,
            "canUndo": controls.undo, "canRedo": controls.redo, "gameOver": game.result.over,
            "solver": table.solver is not None, "tools": self.tools(),
            "actions": [_button(b) for b in controls.actions],
            "history": self._history_change(), "finish": _button(controls.finish),
            "selected": table.pointer.selected is not None, "example": table.example(),
            "placeholder": table.placeholder(),
            "review": review_view(self.review),
        }

    def _history_change(self) -> dict[str, Any]:
        """What changed in the move list since the last view: ``kept`` moves stay,
        ``added`` come after them.

        Moves are only ever added or taken back at the end (a new deal is a new
        game), so the moves kept are found from the end, and the cost does not
        grow with the game.
        """
        game, sent = self.game, self._sent
        kept = min(game.moves_played, len(sent)) if self._sent_game is game else 0
        while kept and game.history_from(kept - 1)[0] is not sent[kept - 1]:
            kept -= 1
        added = game.history_from(kept)
        del sent[kept:]
        sent.extend(added)
        self._sent_game = game
        return {"kept": kept, "added": [str(step.move) for step in added]}


class ReplaySession:
    """Frames of a saved game computed on demand: step ``index`` as SVG and caption.

    The steps, their captions and positions are the
    :class:`~solitaire_widgets.replay.Replay`'s; this only draws them as
    patches of the page's picture.

    >>> game = new_game("chain", seed=5)
    >>> _ = game.play(game.legal_moves()[0])
    >>> replay = ReplaySession(game.to_json(), 360)
    >>> got = replay.frames(0, 2)
    >>> replay.count, [f["caption"][:6] for f in got["frames"]], len(got["frames"][1]["cards"])
    (2, ['The de', 'Step 1'], 52)
    """

    def __init__(self, save: str, width: float = DISPLAY_WIDTH, title: str = "", *,
                 language: str | None = None) -> None:
        #: The language of the captions and the table in words (None: the current one).
        self.language = current_language() if language is None else check_language(language)
        self.width = _number({"width": width}, "width", N_("the replay's width"), DISPLAY_WIDTH,
                             *REPLAY_WIDTHS)
        with use_language(self.language):
            self.replay = Replay(save)
        self.game = self.replay.game
        with use_language(self.language):
            self.title = title or _(self.game.rules.title)
        self.count = len(self.replay.steps)
        self._defs: dict[str, str] = {}
        self._statics: dict[object, int] = {}

    def frames(self, start: int, count: int = 1, prefix: str = "sw-replay") -> dict[str, Any]:
        """Steps ``start`` to ``start + count - 1`` (0: the deal) as patches of the drawn table.

        Each frame is ``{"index", "caption", "label", "description"}`` and a
        :func:`~solitaire_widgets.render.svg.scene_patch` (the page moves the
        cards it already shows rather than drawing the table again).
        ``defs`` holds the card pictures and ``statics`` the non-card drawings
        not sent before (the page keeps both); ``prefix`` goes before the
        pictures' ids (unique on the page).
        """
        with use_language(self.language):
            return self._frames(start, count, prefix)

    def _frames(self, start: int, count: int, prefix: str) -> dict[str, Any]:
        replay = self.replay
        start = max(0, min(self.count - 1, int(start)))
        prefix = safe_prefix(prefix)
        if len(self._statics) > 2 * MAX_STATICS:
            self._statics.clear()
        known_defs, known_statics = len(self._defs), len(self._statics)
        frames = []
        for index in range(start, min(self.count, start + max(1, int(count)))):
            table = replay.position(index)
            caption = replay.caption(index)
            patch = scene_patch(layout(self.game, table, self.width), self._defs,
                                statics=self._statics)
            for card in patch["cards"]:
                card[4] = f"{prefix}-{card[4]}"
            patch.update(index=index, caption=caption, label=f"{self.title}: {caption}",
                         description=replay.description(index))
            frames.append(patch)
        return {"frames": frames, "count": self.count,
                "defs": unique_ids("".join(list(self._defs.values())[known_defs:]), prefix),
                "statics": _new_statics(self._statics, known_statics)}
