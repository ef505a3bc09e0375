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

from ..errors import SolitaireError
from ..game import Game
from ..games import new_game
from ..moves import Move
from ..render import pointer
from ..render.describe import describe_table, sentence
from ..render.display import DISPLAY_WIDTH
from ..render.player import unique_ids
from ..render.scene import Scene, layout
from ..render.svg import scene_patch
from ..saves import load_game
from ..strategies import get_strategy
from ..table import Table

__all__ = ["TableSession", "ReplaySession", "game_state", "FINISH_LIMIT"]

#: Auto-finish stops after this many moves.
FINISH_LIMIT = 2000


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
    """A game, the pointer's state and the picture on screen, driven by requests.

    ``width`` is the table's width in scene pixels (the page scales the SVG).
    """

    def __init__(self, game: str | Game = "klondike", seed: int | None = None,
                 width: float = DISPLAY_WIDTH, prefix: str = "sw-table",
                 **options: str) -> None:
        self.game = game if isinstance(game, Game) else new_game(game, seed=seed, **options)
        self.options = dict(self.game.options)
        self.width = float(width)
        self.prefix = prefix
        self._defs: dict[str, str] = {}
        self._statics: dict[object, int] = {}
        self.state = pointer.PointerState()
        self.hint: frozenset[str] = frozenset()
        self.scene: Scene = layout(self.game, self.game.table, self.width)
        self.message = f"Deal {self.game.seed} of {self.game.rules.title}."
        self.error = False

    # -- requests ---------------------------------------------------------------

    def handle(self, request: dict[str, Any]) -> dict[str, Any]:
        """Carry out one request and return the view (see :meth:`view`).

        Requests: ``play`` (``move``: text), ``undo``, ``redo``, ``hint``,
        ``finish``, ``finishstep`` (``played``: see :meth:`finish_step`),
        ``canwin``, ``new`` (``seed``: a number or None),
        ``press``/``move``/``release`` (``x``, ``y``: scene pixels),
        ``leave``, ``key`` (``key``: the browser's key name), ``view``.
        """
        op = str(request.get("op", "view"))
        self.error = False
        before = [str(step.move) for step in self.game.history]
        if op == "play":
            self.play(str(request.get("move", "")))
        elif op in ("undo", "redo"):
            self._undo_redo(op)
        elif op == "hint":
            self.show_hint()
        elif op == "finish":
            self.finish()
        elif op == "finishstep":
            self.finish_step(int(request.get("played", 0)))
        elif op == "canwin":
            self.can_win()
        elif op == "solverhint":
            self.solver_hint()
        elif op == "new":
            seed = request.get("seed")
            self.new_deal(None if seed in (None, "") else int(seed))
        elif op in ("press", "move", "release", "leave", "key"):
            intent = self._pointer(op, request)
            if op == "move":  # a drag frame, or nothing: no new picture
                if isinstance(intent, pointer.Drag):
                    return {"drag": {"keys": sorted(intent.keys), "dx": intent.dx,
                                     "dy": intent.dy}}
                return {"noop": True}
        view = self.view()
        view["played"] = [str(step.move) for step in self.game.history] != before
        return view

    def play(self, move: Move | str) -> bool:
        """Play a move; False (the engine's reason in the message) when it is illegal."""
        self.state = pointer.PointerState(focus=self.state.focus)
        self.hint = frozenset()
        text = str(move).strip()
        if not text:
            return self._say("Type a move first, e.g. " + self._example(), error=True)
        try:
            step = self.game.play(move)
        except SolitaireError as error:
            return self._say(str(error), error=True)
        ending = ""
        if self.game.is_over:
            ending = " You won!" if self.game.is_won else " The game is over."
        self._say(sentence(step.text) + ending)
        return True

    def _example(self) -> str:
        moves = [m for m in self.game.legal_moves() if m.action == "move"]
        return str(moves[0]) if moves else "turn"

    def _undo_redo(self, op: str) -> None:
        self.state = pointer.PointerState(focus=self.state.focus)
        self.hint = frozenset()
        try:
            getattr(self.game, op)()
        except SolitaireError as error:
            self._say(str(error), error=True)
            return
        self._say("Move taken back." if op == "undo" else
                  sentence(self.game.history[-1].text))

    def show_hint(self) -> Move | None:
        """Highlight the default player's choice and say it."""
        if self.game.is_over:
            self._say(self.game.status)
            return None
        move = get_strategy(self.game.name).choose(self.game.clone())
        if move is None:
            self._say("The computer player sees no useful move here.")
            return None
        self.hint = (frozenset({f"{move.src}:{move.count}", move.dst})
                     if move.action == "move" else frozenset({"s"}))
        self._say("Hint: " + self.game.describe(move))
        return move

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
        if not self.game.is_over and played < FINISH_LIMIT:
            move = get_strategy(self.game.name).choose(self.game)
            if move is not None:
                return self.play(move)
        self.state = pointer.PointerState()
        self.hint = frozenset()
        if self.game.is_over:
            self._say(f"The computer player played {played} moves. "
                      + ("You won!" if self.game.is_won else sentence(self.game.status)))
        else:
            self._say(f"The computer player stopped after {played} moves: "
                      "it sees no useful move.")
        return False

    def can_win(self) -> str:
        """Ask the solver (Klondike) whether this position can still be won."""
        from ..solver import hint

        if not self.game.rules.solver:
            self._say("The solver plays Klondike only.", error=True)
            return "unresolved"
        answer = hint(self.game)
        self._say(answer.answer + ".")
        return answer.status

    def solver_hint(self) -> Move | None:
        """Highlight the first move of a winning line (Klondike; the solver sees every card)."""
        from ..solver import hint

        if not self.game.rules.solver or self.game.is_over:
            self._say(self.game.status if self.game.is_over else
                      "The solver plays Klondike only.", error=not self.game.is_over)
            return None
        answer = hint(self.game)
        move = answer.move
        if move is None:
            self._say(answer.advice + ".")
            return None
        self.hint = (frozenset({f"{move.src}:{move.count}", move.dst})
                     if move.action == "move" else frozenset({"s"}))
        self._say(answer.advice)
        return move

    def new_deal(self, seed: int | None) -> None:
        """Deal again: deal ``seed``, or a random one."""
        try:
            game = new_game(self.game.name, seed=seed, **self.options)
        except SolitaireError as error:
            self._say(str(error), error=True)
            return
        self.game = game
        self.state = pointer.PointerState()
        self.hint = frozenset()
        self.scene = layout(game, game.table, self.width)
        self._say(f"Deal {game.seed} of {game.rules.title}.")

    def _pointer(self, op: str, request: dict[str, Any]) -> pointer.Intent | None:
        x, y = float(request.get("x", 0.0)), float(request.get("y", 0.0))
        now = float(request.get("t", time.monotonic()))
        if op == "press":
            self.state, intent = pointer.press(self.state, self.scene, self.game, x, y, now)
        elif op == "move":
            self.state, intent = pointer.move_to(self.state, self.scene, x, y, now)
        elif op == "release":
            self.state, intent = pointer.release(self.state, self.scene, x, y)
        elif op == "leave":
            self.state, intent = pointer.leave(self.state)
        else:
            self.state, intent = pointer.key(self.state, self.scene, self.game,
                                             str(request.get("key", "")))
        if isinstance(intent, pointer.Play):
            self.play(intent.move)
        elif isinstance(intent, pointer.Refuse):
            self._say(intent.reason, error=True)
        elif isinstance(intent, pointer.Action):
            if intent.name == "hint":
                self.show_hint()
            else:
                self._undo_redo(intent.name)
        elif isinstance(intent, (pointer.Select, pointer.Clear)):
            self.hint = frozenset()
        return intent

    def _say(self, text: str, error: bool = False) -> bool:
        self.message, self.error = sentence(text), error
        return not error

    # -- the answer ---------------------------------------------------------------

    def actions(self) -> list[dict[str, Any]]:
        """The game's own decisions as buttons: word, label, enabled, tooltip."""
        legal = self.game.legal_moves()
        words = list(self.game.rules.actions)
        words += [m.action for m in legal if m.action != "move" and m.action not in words]
        out = []
        for word in words:
            move = Move(word)
            enabled = move in legal
            label = self.game.rules.action_label(word)   # the game's declaration
            out.append({"word": word, "label": label,
                        "enabled": enabled,
                        "title": self.game.describe(move) if enabled
                        else f"{label}: not possible now"})
        return out

    def view(self) -> dict[str, Any]:
        """The table as the page shows it (JSON-ready).

        The picture is a :func:`~solitaire_widgets.render.svg.scene_patch`
        (the page moves the cards it shows); ``defs`` and ``statics`` hold the
        card pictures and the felt-and-slots drawings not sent before (the
        page keeps them), so a move sends little more than positions.
        """
        game = self.game
        self.scene = layout(game, game.table, self.width, keys_from=self.scene)
        marks = pointer.highlights(self.state) | self.hint
        result = game.result
        if result.over:
            status = ("You won! " if result.won else "Game over: lost. ") + sentence(result.reason)
        else:
            status = sentence(game.status)
        known, known_statics = len(self._defs), len(self._statics)
        picture = scene_patch(self.scene, self._defs, statics=self._statics, highlight=marks)
        for card in picture["cards"]:
            card[4] = f"{self.prefix}-{card[4]}"
        return {
            **picture,
            "label": f"{game.rules.title}, deal {game.seed}: {game.status}",
            "defs": unique_ids("".join(list(self._defs.values())[known:]), self.prefix),
            "statics": _new_statics(self._statics, known_statics),
            "status": status, "message": self.message, "error": self.error,
            "words": describe_table(game, game.table),
            "seed": game.seed, "title": game.rules.title,
            "canUndo": game.can_undo, "canRedo": game.can_redo, "over": result.over,
            "solver": game.rules.solver,
            "actions": self.actions(), "moves": [str(s.move) for s in game.history],
            "selected": self.state.selected is not None, "example": self._example(),
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
        self.steps = [("The deal", self.game.opening)] + [
            (f"Step {n}: {step.text}", step.events)
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
