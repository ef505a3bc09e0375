"""GameWidget: a playable table in a notebook.

Play by clicking a card then where it goes, by dragging it there, or by
double-clicking it to send it to its foundation; with the keyboard (see
:data:`~solitaire_widgets.render.pointer.KEYS`); or type a move (the game's
example move is shown in the box) and press Enter. The buttons deal again, undo, redo, show a hint, let the
default player finish the game, and play the game's own decisions ("turn",
"redeal", "fill"...), each enabled only while it is legal. An illegal attempt
shows the engine's reason and changes nothing. Every step is animated, one
message a step.

>>> from solitaire_widgets.widgets import GameWidget
>>> widget = GameWidget("chain", seed=4, animate=False)
>>> widget.game.seed
4
>>> widget.play("fill") or widget.message.value != ""
True
"""

from __future__ import annotations

import html
import time
from dataclasses import replace
from typing import Any

import ipywidgets as w  # type: ignore[import-untyped]
import traitlets

from ..errors import IllegalMoveError, SolitaireError
from ..game import Game
from ..games import new_game
from ..moves import Move
from ..render import pointer
from ..render.describe import describe_table, pile_names
from ..render.display import still_html
from ..render.scene import Scene, layout
from ..render.svg import scene_svg
from ..render.tween import Timing, step_segments
from ..saves import load_game
from ..strategies import get_strategy
from ..table import Event, Table
from ._animation import sentence
from .canvas_backend import TablePainter, keyboard_bridge
from .traits import check_speed, check_width

__all__ = ["GameWidget"]

#: The finishing player stops after this many moves.
AUTO_FINISH_LIMIT = 2000
#: The solver's budget (positions) for "winnable deals only"; the questions
#: asked from the table have a time budget (:func:`solitaire_widgets.solver.hint`).
SOLVER_NODES = 300_000
#: "Winnable deals only" tries at most this many deal numbers.
WINNABLE_TRIES = 25


def _move_placeholder(game: Game) -> str:
    """The move box's hint: the game's own example move."""
    example = game.rules.example_move
    return f"type a move (e.g. {example})" if example else "type a move"


class GameWidget(w.VBox):  # type: ignore[misc]
    """A table you can play: ``GameWidget("klondike", seed=7)``.

    ``name_or_game`` is a game's name (``options`` choose among readings of
    its text) or a :class:`~solitaire_widgets.game.Game` to go on with.
    ``width`` is the drawing's width in pixels (the picture shrinks to fit a
    narrower notebook); ``animate=False`` draws each step at once.
    """

    #: The drawing's width in pixels (the displayed canvas never overflows the notebook).
    width = traitlets.Int(760).tag(sync=True)
    #: Animate every step (False: draw the result at once).
    animate = traitlets.Bool(True).tag(sync=True)
    #: Animation speed: 2.0 is twice as fast.
    speed = traitlets.Float(1.0).tag(sync=True)
    #: The game as its save JSON (see :func:`~solitaire_widgets.load_game`); set it
    #: (or link it to another table's) to show that game.
    state = traitlets.Unicode("").tag(sync=True)

    @traitlets.validate("width")
    def _valid_width(self, proposal: dict[str, Any]) -> int:
        return check_width(proposal["value"])

    @traitlets.validate("speed")
    def _valid_speed(self, proposal: dict[str, Any]) -> float:
        return check_speed(proposal["value"])

    @traitlets.validate("state")
    def _valid_state(self, proposal: dict[str, Any]) -> str:
        text = str(proposal["value"])
        try:
            load_game(text)
        except SolitaireError as error:
            raise traitlets.TraitError(f"the state is not a saved game: {error}") from None
        return text

    def __init__(self, name_or_game: str | Game = "klondike", seed: int | None = None, *,
                 width: int = 760, animate: bool = True, four_colour: bool = False,
                 **options: str) -> None:
        width = check_width(width)
        if isinstance(name_or_game, Game):
            if seed is not None or options:
                raise ValueError("give either a Game, or a game's name with its seed and options")
            game = name_or_game
        else:
            game = new_game(name_or_game, seed=seed, **options)
        self.game: Game = game
        self.timing = Timing()
        self._scene: Scene | None = None
        self.pointer = pointer.PointerState()
        self._hint: frozenset[str] = frozenset()

        self.painter = TablePainter(width=width, height=1,
                                    four_colour=four_colour)
        self.canvas = self.painter.canvas
        self.canvas.layout = w.Layout(width="100%", max_width=f"{width}px", height="auto")

        button = w.Layout(width="auto")
        self.new_button = w.Button(description="New deal", tooltip="Deal a new random game",
                                   layout=button)
        self.deal_number = w.IntText(value=game.seed, description="Deal no.",
                                     layout=w.Layout(width="190px"),
                                     style={"description_width": "60px"},
                                     tooltip="Type a deal number and press Enter")
        self.undo_button = w.Button(description="Undo", tooltip="Take back the last move",
                                    layout=button)
        self.redo_button = w.Button(description="Redo", tooltip="Play again the move taken back",
                                    layout=button)
        self.hint_button = w.Button(description="Hint", tooltip="Show a good move",
                                    layout=button)
        self.finish_button = w.Button(description="Auto-finish", layout=button,
                                      tooltip="Let the computer play on until the game ends")
        # The solver's questions (Klondike only: the solver plays Klondike).
        self.can_win_button = w.Button(description="Can this still be won?", layout=button,
                                       tooltip="Ask the solver, which sees every card")
        self.solver_hint_button = w.Button(description="Show me the next move", layout=button,
                                           tooltip="The first move of a winning line")
        self.winnable_only = w.Checkbox(value=False, description="Winnable deals only",
                                        indent=False, layout=w.Layout(width="auto"))
        self.solver_bar = w.HBox([self.can_win_button, self.solver_hint_button,
                                  self.winnable_only],
                                 layout=w.Layout(flex_flow="row wrap"))
        self.action_buttons: dict[str, w.Button] = {}
        self.actions = w.HBox()
        self.status = w.HTML()
        self.message = w.HTML()
        self.move_input = w.Text(
            placeholder=_move_placeholder(game),
            continuous_update=False, layout=w.Layout(width="260px"),
            description="Move", style={"description_width": "40px"})
        self.description = w.HTML(layout=w.Layout(max_height="7em", overflow="auto"))
        self.description.add_class("solitaire-description")

        toolbar = w.HBox([self.new_button, self.deal_number, self.undo_button,
                          self.redo_button, self.hint_button, self.finish_button],
                         layout=w.Layout(flex_flow="row wrap"))
        # Keys the table does not use, Tab and Escape leave the canvas (canvas_backend).
        self.keyboard = keyboard_bridge(f"{game.rules.title} table", pointer.KEYS)
        parts = [toolbar, self.actions, self.canvas, self.keyboard, self.status, self.message,
                 self.move_input, self.description]
        if game.rules.solver:
            parts.insert(1, self.solver_bar)
        super().__init__(parts)
        self.width = width
        self.animate = animate

        self.new_button.on_click(lambda _b: self.new_deal())
        self.undo_button.on_click(lambda _b: self.undo())
        self.redo_button.on_click(lambda _b: self.redo())
        self.hint_button.on_click(lambda _b: self.hint())
        self.finish_button.on_click(lambda _b: self.auto_finish())
        self.can_win_button.on_click(lambda _b: self.can_win())
        self.solver_hint_button.on_click(lambda _b: self.solver_hint())
        self.deal_number.observe(self._on_deal_number, "value")
        self.move_input.observe(self._on_move_typed, "value")
        self.canvas.on_mouse_down(self._on_mouse_down)
        self.canvas.on_mouse_move(self._on_mouse_move)
        self.canvas.on_mouse_up(self._on_mouse_up)
        self.canvas.on_mouse_out(self._on_mouse_out)
        self.canvas.on_key_down(self._on_key_down)
        self.observe(self._on_width, "width")
        self.observe(self._on_state, "state")
        self._deal_in(game)

    # -- dealing ---------------------------------------------------------------

    def _deal_in(self, game: Game) -> None:
        """Show ``game``: its opening deal is animated from the full stock."""
        self.game = game
        self.pointer = replace(self.pointer, selected=None)
        self._hint = frozenset()
        self.deal_number.value = game.seed
        start = layout(game, game.start, self.width)
        self.painter.prepare(start.sprites)
        if game.history:
            self._scene = layout(game, game.table, self.width)
            self.painter.show(self._scene)
        else:
            self._scene = start
            self._animate_events(game.start, game.opening, deal=True)
        self._update_controls()
        self._say(f"{game.rules.title}, {game.deal_name}.")

    def new_deal(self, seed: int | None = None) -> None:
        """Start another deal (``seed``: that deal number; None: a random one).

        With "winnable deals only" ticked (Klondike), a random deal is one the
        solver has shown can be won.
        """
        if seed is None and self.winnable_only.value and self.game.rules.solver:
            game = self._winnable_deal()
            if game is None:
                self._say(f"The solver found no winnable deal in {WINNABLE_TRIES} tries "
                          "within its budget; try again", error=True)
                return
            self._deal_in(game)
            self._say(f"{game.rules.title}, {game.deal_name}: the solver has shown "
                      "that it can be won.")
            return
        self._deal_in(new_game(self.game.name, seed=seed, **self.game.options))

    def _winnable_deal(self) -> Game | None:
        from ..chance import new_seed
        from ..solver import solve

        for _ in range(WINNABLE_TRIES):
            game = new_game(self.game.name, seed=new_seed(), **self.game.options)
            if solve(game, max_nodes=SOLVER_NODES).status == "won":
                return game
        return None

    # -- the solver's answers (Klondike) ------------------------------------------

    def can_win(self) -> str:
        """Ask the solver whether this position can still be won; say and return its answer.

        The answer is ``"won"`` (a winning line exists), ``"lost"`` (none does)
        or ``"unresolved"`` (the solver's time budget,
        ``solitaire_widgets.solver.HINT_SECONDS``, ran out first).
        """
        from ..solver import hint

        if not self.game.rules.solver:
            self._say(f"The solver does not play {self.game.rules.title}", error=True)
            return "unresolved"
        answer = hint(self.game)
        self._say(answer.answer)
        return answer.status

    def solver_hint(self) -> Move | None:
        """Highlight the first move of a winning line (the solver sees every card)."""
        from ..solver import hint

        answer = hint(self.game)
        self._say(answer.advice)
        if answer.move is not None:
            self._show_hint(answer.move)
        return answer.move

    def _on_deal_number(self, change: dict[str, Any]) -> None:
        if change["new"] == self.game.seed:
            return
        try:
            self.new_deal(int(change["new"]))
        except SolitaireError as error:
            self.deal_number.value = self.game.seed   # the box shows the deal on the table
            self._say(str(error), error=True)

    def _publish(self) -> None:
        """Set the ``state`` trait to the game as it now stands."""
        self.state = self.game.to_json()

    def _on_state(self, change: dict[str, Any]) -> None:
        if change["new"] == self.game.to_json():
            return
        self._deal_in(load_game(change["new"]))

    # -- drawing ---------------------------------------------------------------

    def _highlight(self) -> frozenset[str]:
        return pointer.highlights(self.pointer) | self._hint

    def _layout(self) -> Scene:
        return layout(self.game, self.game.table, self.width, keys_from=self._scene)

    def redraw(self) -> None:
        """Draw the table as it stands (one message)."""
        self._scene = self._layout()
        self.painter.show(self._scene, self._highlight())

    def _animate_events(self, before: Table, events: tuple[Event, ...] | list[Event],
                        deal: bool = False) -> None:
        timing = self.timing.scaled(self.speed)
        if not self.animate:
            self.redraw()
            return
        frames, ms = ((timing.deal_frames, timing.deal_ms) if deal
                      else (timing.frames, timing.ms))
        segments, final = step_segments(self.game, before, events, self.width, frames, ms,
                                        keys_from=self._scene)
        self._scene = final
        self.painter.animate(segments, final, self._highlight())

    def _on_width(self, change: dict[str, Any]) -> None:
        width = int(change["new"])
        self.canvas.layout.max_width = f"{width}px"
        self._scene = None
        self.painter.forget()
        self.painter.drop_images()
        self.painter.prepare(layout(self.game, self.game.start, width).sprites)
        self.redraw()

    # -- words and controls ------------------------------------------------------

    def _say(self, text: str, error: bool = False) -> None:
        text = html.escape(sentence(text))
        if error:
            self.message.value = f'<span role="alert" style="color:#b00020">{text}</span>'
        else:
            self.message.value = f"<span>{text}</span>"

    def _update_controls(self) -> None:
        """Bring the state trait, the status, the buttons and the words up to date."""
        self._publish()
        game = self.game
        result = game.result
        if result.over:
            verdict = "You won!" if result.won else "Game over: lost."
            status = f"<b>{html.escape(verdict)}</b> {html.escape(sentence(result.reason))}"
        else:
            status = html.escape(sentence(game.status))
        self.status.value = f'<span class="solitaire-status">{status}</span>'
        self.undo_button.disabled = not game.can_undo
        self.redo_button.disabled = not game.can_redo
        self.hint_button.disabled = result.over
        self.finish_button.disabled = result.over
        self.can_win_button.disabled = self.solver_hint_button.disabled = result.over
        legal = game.legal_moves()
        words = list(game.rules.actions)
        words += [m.action for m in legal if m.action != "move" and m.action not in words]
        for word in words:
            if word not in self.action_buttons:
                button = w.Button(description=game.rules.action_label(word),
                                  layout=w.Layout(width="auto"))
                button.on_click(lambda _b, word=word: self.play(word))
                self.action_buttons[word] = button
        self.actions.children = tuple(self.action_buttons[word] for word in words)
        for word, button in self.action_buttons.items():
            move = Move(word)
            button.disabled = move not in legal
            button.tooltip = game.describe(move) if move in legal else (
                f"{game.rules.action_label(word)}: not possible now")
        text = describe_table(game, game.table, status=False)   # the status is above
        text += "\nNames for typed moves: " + pile_names(game, game.table) + "."
        self.description.value = (
            '<div role="status" aria-live="polite" aria-label="The table in words" '
            'style="font-size:smaller;white-space:pre-line">'
            + html.escape(text) + "</div>")

    # -- playing -------------------------------------------------------------------

    def play(self, move: Move | str) -> bool:
        """Play a move (a :class:`Move` or its text), animated; False (with the reason shown)
        when it is not legal."""
        before = self.game.table.copy()
        try:
            step = self.game.play(move)
        except SolitaireError as error:
            self.pointer = replace(self.pointer, selected=None)
            self._say(str(error), error=True)
            self.redraw()
            return False
        self.pointer = replace(self.pointer, selected=None)
        self._hint = frozenset()
        self._animate_events(before, step.events)
        self._update_controls()
        if self.game.is_over:
            self._say(step.text + (". You won!" if self.game.is_won else ". The game is over."))
        else:
            self._say(step.text)
        return True

    def undo(self) -> None:
        """Take back the last move."""
        try:
            self.game.undo()
        except IllegalMoveError as error:
            self._say(str(error), error=True)
            return
        self.pointer = replace(self.pointer, selected=None)
        self._hint = frozenset()
        self.redraw()
        self._update_controls()
        self._say("Move taken back")

    def redo(self) -> None:
        """Play again the last move taken back (animated)."""
        if not self.game.can_redo:
            self._say("There is nothing to redo", error=True)
            return
        before = self.game.table.copy()
        self.game.redo()
        step = self.game.history[-1]
        self.pointer = replace(self.pointer, selected=None)
        self._hint = frozenset()
        self._animate_events(before, step.events)
        self._update_controls()
        self._say(step.text)

    def hint(self) -> Move | None:
        """Highlight the default player's choice, and say it in words."""
        if self.game.is_over:
            self._say(self.game.status)
            return None
        move = get_strategy(self.game.name).choose(self.game.clone())
        if move is None:
            self._say("The computer player sees no useful move here")
            return None
        self._show_hint(move)
        self._say("Hint: " + self.game.describe(move))
        return move

    def _show_hint(self, move: Move) -> None:
        if move.action == "move":
            self._hint = frozenset({f"{move.src}:{move.count}", move.dst})
        else:
            self._hint = frozenset({"s"})
        self.pointer = replace(self.pointer, selected=None)
        self.redraw()

    def auto_finish(self) -> None:
        """Let the default player play on (animated) until the game ends or it gives up."""
        with self.hold_trait_notifications():     # one state change for the whole run
            self._finish_run()

    def _finish_run(self) -> None:
        strategy = get_strategy(self.game.name)
        played = 0
        while not self.game.is_over and played < AUTO_FINISH_LIMIT:
            move = strategy.choose(self.game)
            if move is None:
                self._update_controls()
                self._say(f"The computer player stopped after {played} moves: "
                          "it sees no useful move")
                return
            if not self.play(move):
                return
            played += 1
        self._update_controls()
        if not self.game.is_over:
            self._say(f"The computer player stopped after {played} moves")

    def _on_move_typed(self, change: dict[str, Any]) -> None:
        text = str(change["new"]).strip()
        if not text:
            return
        word = text.lower()
        if word in ("undo", "redo", "hint"):
            getattr(self, word)()
            done = True
        else:
            done = self.play(text)
        if done:
            self.move_input.value = ""

    # -- the pointer and the keyboard (their meaning is in render/pointer.py) -------

    def _apply(self, outcome: pointer.Outcome) -> None:
        """Carry out what a pointer or key event means."""
        before = self.pointer
        self.pointer, intent = outcome
        if intent is None:
            return
        if isinstance(intent, pointer.Play):
            self.play(intent.move)
        elif isinstance(intent, pointer.Select):
            self._hint = frozenset()
            self.redraw()
        elif isinstance(intent, pointer.Clear):
            if before.selected is not None or self._hint:
                self._hint = frozenset()
                self.redraw()
        elif isinstance(intent, pointer.Drag):
            assert self._scene is not None
            self.painter.drag(self._scene, intent.keys, intent.dx, intent.dy, start=intent.start)
        elif isinstance(intent, (pointer.Redraw, pointer.Focus)):
            self.redraw()
        elif isinstance(intent, pointer.Refuse):
            if before.selected is not None:
                self.redraw()
            self._say(intent.reason, error=True)
        elif isinstance(intent, pointer.Action):
            getattr(self, intent.name)()

    def click(self, x: float, y: float) -> None:
        """A press and release at ``(x, y)`` (canvas pixels), as the mouse does."""
        self._on_mouse_down(x, y)
        self._on_mouse_up(x, y)

    def click_pile(self, pile_id: str) -> None:
        """Click the top card (or the empty place) of a pile."""
        assert self._scene is not None
        self.click(*pointer.pile_point(self._scene, pile_id))

    def press_key(self, key: str) -> bool:
        """A key pressed on the table (a browser ``KeyboardEvent.key`` name, e.g.
        ``"ArrowRight"``, ``"Enter"``); False if the table does not use it."""
        if self._scene is None:
            return False
        outcome = pointer.key(self.pointer, self._scene, self.game, key)
        self._apply(outcome)
        return outcome[1] is not None

    def _on_mouse_down(self, x: float, y: float) -> None:
        if self._scene is not None:
            self._apply(pointer.press(self.pointer, self._scene, self.game, x, y,
                                      time.monotonic()))

    def _on_mouse_move(self, x: float, y: float) -> None:
        if self._scene is not None:
            self._apply(pointer.move_to(self.pointer, self._scene, x, y, time.monotonic()))

    def _on_mouse_up(self, x: float, y: float) -> None:
        if self._scene is not None:
            self._apply(pointer.release(self.pointer, self._scene, x, y))

    def _on_mouse_out(self, x: float, y: float) -> None:
        self._apply(pointer.leave(self.pointer))

    def _on_key_down(self, key: str, shift: bool = False, ctrl: bool = False,
                     meta: bool = False) -> None:
        if not (ctrl or meta):
            self.press_key(key)

    # -- display -----------------------------------------------------------------------

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any] | None:
        """The live widget; without a kernel, a picture of the table and a line on playing it.

        Where no kernel runs (a notebook opened without running it, nbconvert,
        nbviewer, the book), the widget view has no model and the page shows
        the next mime type: ``text/html``, which JupyterLab sanitizes when the
        notebook is not trusted. So it holds only what sanitizers keep: an
        ``<img>`` of the table's SVG (a ``data:`` URL, its words as ``alt``)
        and one line of text. ``image/svg+xml`` carries the same picture.
        """
        bundle: dict[str, Any] | None = super()._repr_mimebundle_(**kwargs)
        # A second display is a new view of the same canvas: draw it again in full.
        self.painter.redraw()
        if bundle is None:
            return None
        scene = self._scene or self._layout()
        title = f"{self.game.rules.title}, {self.game.deal_name}"
        words = describe_table(self.game.name, self.game.table)
        svg = scene_svg(scene, title=title, description=words)
        line = f"{title}. {self.game.status}. A picture: run this code in Jupyter to play."
        bundle["image/svg+xml"] = svg
        bundle["text/html"] = still_html(svg, words, line, scene.width)
        return bundle
