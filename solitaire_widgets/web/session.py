"""One playable table in a web page: the engine side, run by Pyodide in a Web Worker.

The page sends requests (a dict with ``"op"``) and draws the answer (a
*view*: the table's picture, the status line, the message, the buttons' states,
the table in words). The rules, the pointer's meaning and the drawing all
come from the package (:mod:`~solitaire_widgets.render.pointer`,
:func:`~solitaire_widgets.render.svg.scene_patch`); the page only draws and
forwards input. Pure Python: the same code runs under CPython in the tests.

>>> session = TableSession("klondike", seed=7)
>>> view = session.handle({"op": "play", "move": "turn"})
>>> view["error"], view["moves"]
(False, ['turn'])
>>> session.handle({"op": "play", "move": "t1>t1"})["error"]
True
>>> session.handle({"op": "undo"})["moves"]
[]
"""

from __future__ import annotations

import json
import time
from typing import Any

from ..controller import FINISH_LIMIT, Change, TableController
from ..game import Game
from ..games import new_game
from ..moves import Move
from ..render.describe import describe_table
from ..render.display import DISPLAY_WIDTH
from ..render.player import deal_caption, ending, unique_ids
from ..render.scene import Scene, layout
from ..render.svg import scene_patch
from ..saves import load_game
from ..table import Table

__all__ = ["TableSession", "ReplaySession", "game_state", "FINISH_LIMIT"]


def _new_statics(statics: dict[object, int], known: int) -> dict[int, str]:
    """The drawings :func:`~solitaire_widgets.render.svg.scene_patch` kept after the first ``known``."""
    return {number: text for text, number in list(statics.items())[known:]
            if isinstance(text, str)}


def game_state(game: Game) -> dict[str, Any]:
    """The position as ``solitaire-widgets show --json`` prints it.

    >>> sorted(game_state(new_game("chain", seed=5)))
    ['game', 'piles', 'seed', 'status']
    """
    from ..cli import _pile_json

    return {"game": game.name, "seed": game.seed, "status": game.status,
            "piles": _pile_json(game)}


class TableSession:
    """One table in a page: a :class:`~solitaire_widgets.controller.TableController`
    driven by requests, and the picture on screen.

    ``width`` is the table's width in scene pixels (the page scales the SVG).
    """

    def __init__(self, game: str | Game = "klondike", seed: int | None = None,
                 width: float = DISPLAY_WIDTH, prefix: str = "sw-table",
                 **options: str) -> None:
        self.table = TableController(game if isinstance(game, Game)
                                     else new_game(game, seed=seed, **options))
        self.width = float(width)
        self.prefix = prefix
        self._defs: dict[str, str] = {}
        self._statics: dict[object, int] = {}
        self.scene: Scene = layout(self.game, self.game.table, self.width)
        #: Auto-finish moves played so far while the page runs it step by step, else None.
        self.finishing: int | None = None

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

        Requests: ``play`` (``move``: text), ``undo``, ``redo``, ``hint``,
        ``finish``, ``finishstep`` (``played``: see :meth:`finish_step`),
        ``finishstop``, ``canwin``, ``solverhint``, ``new`` (``seed``: a
        number or None), ``press``/``move``/``release`` (``x``, ``y``: scene
        pixels), ``leave``, ``key`` (``key``: the browser's key name), ``view``.
        Any request but ``finishstep`` and ``move`` stops a step-by-step
        auto-finish (``finishstop`` does only that); the message says so.
        """
        op = str(request.get("op", "view"))
        table = self.table
        if self.finishing is not None and op not in ("finishstep", "move"):
            table.finish_said(self.finishing, stopped=True)
            self.finishing = None
        before = [str(step.move) for step in self.game.history]
        if op == "play":
            table.play(str(request.get("move", "")))
        elif op in ("undo", "redo"):
            getattr(table, op)()
        elif op == "hint":
            table.show_hint()
        elif op == "finish":
            self.finish()
        elif op == "finishstep":
            played = int(request.get("played", 0))
            self.finishing = played + 1 if self.finish_step(played) else None
        elif op == "canwin":
            table.can_win()
        elif op == "solverhint":
            table.solver_hint()
        elif op == "new":
            seed = request.get("seed")
            table.new_deal(None if seed in (None, "") else int(seed))
            self.scene = layout(self.game, self.game.table, self.width)
        elif op in ("press", "move", "release", "leave", "key"):
            change = self._pointer(op, request)
            if op == "move":  # a drag frame, or nothing: no new picture
                if change.drag is not None:
                    drag = change.drag
                    return {"drag": {"keys": sorted(drag.keys), "dx": drag.dx, "dy": drag.dy}}
                return {"noop": True}
        view = self.view()
        view["played"] = [str(step.move) for step in self.game.history] != before
        return view

    def play(self, move: Move | str) -> bool:
        """Play a move; False (the engine's reason in the message) when it is illegal."""
        return self.table.play(move).ok

    def finish(self) -> None:
        """Let the default player play on until the game ends or it gives up."""
        played = 0
        while self.finish_step(played):
            played += 1

    def finish_step(self, played: int = 0) -> bool:
        """One move of auto-finish (the page animates each); False when auto-finish is over.

        ``played``: the moves it played before this one. When it is over the
        message says how it ended.

        >>> session = TableSession("chain", seed=5)
        >>> session.finish_step(), len(session.game.history)
        (True, 1)
        """
        return self.table.finish_step(played).moved

    def _pointer(self, op: str, request: dict[str, Any]) -> Change:
        x, y = float(request.get("x", 0.0)), float(request.get("y", 0.0))
        now = float(request.get("t", time.monotonic()))
        table = self.table
        if op == "press":
            return table.press(self.scene, x, y, now)
        if op == "move":
            return table.move_to(self.scene, x, y, now)
        if op == "release":
            return table.release(self.scene, x, y)
        if op == "leave":
            return table.leave()
        return table.key(self.scene, str(request.get("key", "")))[0]

    # -- the answer ---------------------------------------------------------------

    def actions(self) -> list[dict[str, Any]]:
        """The game's own decisions as buttons: word, label, enabled, tooltip."""
        return [{"word": b.word, "label": b.label, "enabled": b.enabled, "title": b.tooltip}
                for b in self.table.actions()]

    def finish_button(self) -> dict[str, Any]:
        """The auto-finish button: label ("Stop" while it runs), enabled, tooltip.

        >>> session = TableSession("chain", seed=5)
        >>> session.handle({"op": "finishstep", "played": 0})["finish"]["label"]
        'Stop'
        >>> session.handle({"op": "finishstop"})["finish"]["label"], session.message
        ('Auto-finish', 'Auto-finish stopped after 1 moves.')
        """
        button = self.table.finish_button(self.finishing is not None)
        return {"label": button.label, "enabled": button.enabled, "title": button.tooltip}

    def view(self) -> dict[str, Any]:
        """The table as the page shows it (JSON-ready).

        The picture is a :func:`~solitaire_widgets.render.svg.scene_patch`
        (the page moves the cards it shows); ``defs`` and ``statics`` hold the
        card pictures and the felt-and-slots drawings not sent before (the
        page keeps them), so a move sends little more than positions.
        """
        game, table = self.game, self.table
        self.scene = layout(game, game.table, self.width, keys_from=self.scene)
        known, known_statics = len(self._defs), len(self._statics)
        picture = scene_patch(self.scene, self._defs, statics=self._statics,
                              highlight=table.marks())
        for card in picture["cards"]:
            card[4] = f"{self.prefix}-{card[4]}"
        return {
            **picture,
            "label": f"{game.rules.title}, deal {game.seed}: {game.status}",
            "defs": unique_ids("".join(list(self._defs.values())[known:]), self.prefix),
            "statics": _new_statics(self._statics, known_statics),
            "status": table.status_text(), "message": table.message, "error": table.error,
            "words": table.words(),
            "seed": game.seed, "title": game.rules.title,
            "canUndo": game.can_undo, "canRedo": game.can_redo, "gameOver": game.result.over,
            "solver": game.rules.solver,
            "actions": self.actions(), "moves": [str(s.move) for s in game.history],
            "finish": self.finish_button(),
            "selected": table.pointer.selected is not None, "example": table.example(),
        }

    def state_json(self) -> str:
        """:func:`game_state` as JSON text."""
        return json.dumps(game_state(self.game))

    def legal_json(self) -> str:
        """The legal moves as a JSON list of their texts."""
        return json.dumps([str(m) for m in self.game.legal_moves()])


class ReplaySession:
    """Frames of a saved game computed on demand: step ``index`` as SVG and caption.

    A position is rebuilt from the nearest kept checkpoint, so stepping
    through a long game costs one step per frame, forward or back.

    >>> game = new_game("chain", seed=5)
    >>> _ = game.play(game.legal_moves()[0])
    >>> replay = ReplaySession(game.to_json(), 360)
    >>> got = replay.frames(0, 2)
    >>> replay.count, [f["caption"][:6] for f in got["frames"]], len(got["frames"][1]["cards"])
    (2, ['The de', 'Step 1'], 52)
    """

    CHECKPOINT = 64

    def __init__(self, save: str, width: float = DISPLAY_WIDTH, title: str = "") -> None:
        self.game = load_game(save)
        self.width = float(width)
        self.title = title or self.game.rules.title
        last = len(self.game.history)
        self.steps = [(deal_caption(self.game), self.game.opening)] + [
            (f"Step {n}: {step.text}" + (ending(self.game) if n == last else ""), step.events)
            for n, step in enumerate(self.game.history, start=1)]
        self.count = len(self.steps)
        self._defs: dict[str, str] = {}
        self._statics: dict[object, int] = {}
        self._checkpoints = {0: self.game.start.copy()}
        self._done, self._table = 0, self.game.start.copy()

    def _position(self, index: int) -> Table:
        """The table after steps ``0..index`` (the deal is step 0)."""
        if self._done > index + 1:
            base = max(k for k in self._checkpoints if k <= index + 1)
            self._done, self._table = base, self._checkpoints[base].copy()
        while self._done <= index:
            for event in self.steps[self._done][1]:
                self._table.apply(event)
            self._done += 1
            if self._done % self.CHECKPOINT == 0:
                self._checkpoints.setdefault(self._done, self._table.copy())
        return self._table

    def frames(self, start: int, count: int = 1, prefix: str = "sw-replay") -> dict[str, Any]:
        """Steps ``start`` to ``start + count - 1`` (0: the deal) as patches of the drawn table.

        Each frame is ``{"index", "caption", "label", "description"}`` and a
        :func:`~solitaire_widgets.render.svg.scene_patch` (the page moves the
        cards it already shows rather than drawing the table again).
        ``defs`` holds the card pictures and ``statics`` the non-card drawings
        not sent before (the page keeps both); ``prefix`` goes before the
        pictures' ids (unique on the page).
        """
        start = max(0, min(self.count - 1, int(start)))
        known_defs, known_statics = len(self._defs), len(self._statics)
        frames = []
        for index in range(start, min(self.count, start + max(1, int(count)))):
            table = self._position(index)
            caption = self.steps[index][0]
            patch = scene_patch(layout(self.game, table, self.width), self._defs,
                                statics=self._statics)
            for card in patch["cards"]:
                card[4] = f"{prefix}-{card[4]}"
            patch.update(index=index, caption=caption, label=f"{self.title}: {caption}",
                         description=describe_table(self.game, table))
            frames.append(patch)
        return {"frames": frames, "count": self.count,
                "defs": unique_ids("".join(list(self._defs.values())[known_defs:]), prefix),
                "statics": _new_statics(self._statics, known_statics)}
