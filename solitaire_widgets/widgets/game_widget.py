"""GameWidget: a playable table in a notebook.

Play by clicking a card then where it goes, by dragging it there, or by
double-clicking it to send it to its foundation; with the keyboard (see
:data:`~solitaire_widgets.pointer.KEYS`); or type a move (the game's
example move is shown in the box) and press Enter. The buttons deal again,
undo, redo, show a hint, let the default player finish the game, and play
the game's own decisions ("turn", "redeal", "fill"...), each enabled only
while it is legal. An illegal attempt shows the engine's reason and changes
nothing.

What each input does, and every word the table says, is the
:class:`~solitaire_widgets.controller.Controller`'s (the in-page table
uses the same); this widget forwards input to it and draws. Every step is
animated, one message a step. A long run (auto-finish, the opening deal, the
search for a winnable deal) goes a piece at a time, the status line saying
what the picture shows; any new input stops it at once and then acts on the
position drawn.

>>> from solitaire_widgets.widgets import GameWidget
>>> widget = GameWidget("chain", seed=4, animate=False)
>>> widget.game.seed
4
>>> widget.play("fill") or widget.message.value != ""
True
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import ipywidgets as w  # type: ignore[import-untyped]
import traitlets
from ipycanvas import Canvas

from .. import pointer
from ..controller import Change, Controller
from ..game import Game
from ..games import new_game
from ..i18n import _, check_language, current_language, use_language
from ..moves import Move
from ..registry import DEFAULT_GAME
from ..render.scene import Scene, layout, readable_width
from ..render.tween import RUN_TIMING, Timing
from ..review_run import ReviewRun
from .browser_input import BrowserInput
from .canvas_backend import CanvasPainter
from .canvas_schedule import PIECE_MS, CanvasSchedule, segments_seconds
from .control_bar import ControlBar
from .finish_and_search import FinishAndSearch
from .fit import Fit
from .owned import close_all
from .pacing import Runs, running_loop
from .parts import PartAttribute
from .review_bar import ReviewBar
from .shared import light, shared_layout
from .stand_in import Picture, game_bundle, game_words, picture_hider, show
from .threads import serialized
from .traits import Speed, State, Width, check_speed, check_state, check_width

__all__ = ["GameWidget", "RUN_TIMING", "PIECE_MS", "segments_seconds", "running_loop"]


class GameWidget(w.VBox):  # type: ignore[misc]
    """A table you can play: ``GameWidget("klondike", seed=7)``.

    ``name_or_game`` is a game's name (``options`` choose among readings of
    its text) or a :class:`~solitaire_widgets.game.Game` to go on with.
    ``width`` is the drawing's widest, in pixels (where the notebook gives the
    table less room, it is laid out again to fit, down to 240 px, as the
    page's tables are); ``animate=False`` draws each step at once. ``language``
    (``"en"``, ``"ru"`` or ``"pl"``) is the language of its words (buttons,
    status, messages, the table in words, the labels on the picture).

    >>> GameWidget("chain", seed=5, animate=False, language="pl").new_button.description
    'Nowe rozdanie'

    It is made of parts, each owning its state: ``controls`` (its
    buttons, boxes and words), ``drawing`` (what goes to its canvas, and
    when), ``fit`` (the width it is laid out for), ``finish_and_search``
    (auto-finish and the search for a winnable deal) and ``review_bar``;
    the widget forwards input to its :attr:`table` and carries each change to
    its parts.
    """

    #: What the table does with each input (the game, the pointer and the
    #: keyboard's meaning): a :class:`~solitaire_widgets.controller.Controller`.
    table: Controller

    #: The drawing's width in pixels (shown narrower to fit, down to labels 9 px high).
    width = Width(760).tag(sync=True)
    #: Animate every step (False: draw the result at once).
    animate = traitlets.Bool(True).tag(sync=True)
    #: Animation speed: 2.0 is twice as fast.
    speed = Speed(1.0).tag(sync=True)
    #: The game as its save JSON (see :func:`~solitaire_widgets.load_game`); set it
    #: (or link it to another table's) to show that game. It lives in the kernel
    #: only: nothing in the browser reads it, and a long game's save would
    #: otherwise go to the browser with every move.
    state = State("")

    # Its parts' controls, under the widget's names (see control_bar).
    new_button = PartAttribute[w.Button]("controls")
    deal_number = PartAttribute[w.IntText]("controls")
    undo_button = PartAttribute[w.Button]("controls")
    redo_button = PartAttribute[w.Button]("controls")
    hint_button = PartAttribute[w.Button]("controls")
    finish_button = PartAttribute[w.Button]("controls")
    can_win_button = PartAttribute[w.Button]("controls")
    solver_hint_button = PartAttribute[w.Button]("controls")
    winnable_only = PartAttribute[w.Checkbox]("controls")
    solver_bar = PartAttribute[w.HBox]("controls")
    #: The game's own decisions' buttons, by word ("turn", "redeal"...).
    action_buttons = PartAttribute[dict[str, w.Button]]("controls")
    actions = PartAttribute[w.HBox]("controls")
    status = PartAttribute[w.HTML]("controls")
    message = PartAttribute[w.HTML]("controls")
    move_input = PartAttribute[w.Text]("controls")
    description = PartAttribute[w.HTML]("controls")
    # The review's (see review_bar).
    review = PartAttribute[ReviewRun]("review_bar")
    review_button = PartAttribute[w.Button]("review_bar")
    review_progress = PartAttribute[w.FloatProgress]("review_bar")
    review_strip = PartAttribute[w.HTML]("review_bar")
    review_position = PartAttribute[w.IntSlider]("review_bar")
    # The drawing's (see canvas_schedule) and the fit's.
    #: How a move is animated (before ``speed``).
    timing = PartAttribute[Timing]("drawing")
    _scene = PartAttribute["Scene | None"]("drawing", "scene")
    _redraw_owed = PartAttribute[bool]("drawing", "redraw_owed")
    #: The width the table is laid out for: ``width``, or less where the page
    #: gives it less room (down to :data:`~.traits.FIT_MIN`).
    drawn_width = PartAttribute[int]("fit")

    @traitlets.validate("width")
    def _valid_width(self, proposal: dict[str, Any]) -> int:
        return check_width(proposal["value"])

    @traitlets.validate("speed")
    def _valid_speed(self, proposal: dict[str, Any]) -> float:
        return check_speed(proposal["value"])

    @traitlets.validate("state")
    def _valid_state(self, proposal: dict[str, Any]) -> str:
        # The save the widget made of its own game is valid: only a state set
        # from outside is read and checked (a long game's check costs seconds).
        if proposal["value"] is self._own_state:
            return str(proposal["value"])
        with use_language(self.language):
            return check_state(proposal["value"])

    def __init__(self, name_or_game: str | Game = DEFAULT_GAME, seed: int | None = None, *,
                 width: int = 760, animate: bool = True, four_colour: bool = False,
                 language: str | None = None, **options: str) -> None:
        #: The language the table speaks ("en", "ru" or "pl"; None: the current one,
        #: see :func:`~solitaire_widgets.i18n.current_language`).
        self.language = current_language() if language is None else check_language(language)
        with use_language(self.language):
            self._make(name_or_game, seed, width, animate, four_colour, options)

    def _make(self, name_or_game: str | Game, seed: int | None, width: int, animate: bool,
              four_colour: bool, options: dict[str, str]) -> None:
        width = check_width(width)
        if isinstance(name_or_game, Game):
            if seed is not None or options:
                raise ValueError("give either a Game, or a game's name with its seed and options")
            game = name_or_game
        else:
            game = new_game(name_or_game, seed=seed, **options)
        #: What every input does, and the table's words (shared with the in-page table).
        self.table = Controller(game)
        # An input stopped a run: what it does is drawn at once, not animated.
        self._at_once = False
        self._own_state: str | None = None   # the last save of its game it published
        #: The picture output it left in the notebook, once displayed there.
        self._picture: Picture | None = None
        # The keyboard cursor hidden while the table does not have the focus.
        self._away_cursor: tuple[str, int] | None = None

        self.painter = CanvasPainter(width=width, height=1,
                                    four_colour=four_colour)
        #: The run going on, and what the browser has left to draw.
        self.runs = Runs(self.painter)
        self.canvas: Canvas = self.painter.canvas
        self.canvas.layout.close()   # its default layout, replaced here, would stay registered
        self.canvas.layout = w.Layout(width="100%", max_width=f"{width}px", height="auto",
                                      min_width=f"{readable_width(layout(game, game.table, width))}px")
        # On a narrow screen the table keeps a readable size and scrolls sideways in
        # here (the padding leaves room for the focus ring).
        self.stage = light(w.Box, children=[self.canvas],
                           layout={"overflow": "auto hidden", "padding": "5px", "min_width": "0"})
        self.stage.add_class("sw-stage")

        #: Its buttons, boxes and words.
        self.controls = ControlBar(self.table, game, on_action=self._on_action)
        #: The width it is laid out for.
        self.fit = Fit(lambda: int(self.width), self._refit, self.language)
        #: What goes to its canvas, and when.
        self.drawing = CanvasSchedule(self.table, self.painter, self.runs, self.fit, self,
                                    language=self.language,
                                    on_new_game=self.controls.new_game)
        #: Auto-finish and the search for a winnable deal.
        self.finish_and_search = FinishAndSearch(self.table, self.runs, self.controls,
                                           carry=self._carry,
                                           update_controls=self._update_controls)
        #: The Review button, its progress and the strip under the table.
        self.review_bar = ReviewBar(self.table, self.runs, width, carry=self._carry,
                                         say=self.controls.say, stop_run=self._stop_run,
                                         language=self.language)
        # The table's keys and the move box's lines come through it; Tab and the
        # keys the table does not use go their way (see table_keys).
        self.keyboard = BrowserInput(_("{game} table").format(game=game.rules.game_title()),
                                  pointer.KEYS,
                                  on_key=self._on_key, on_line=self._on_line,
                                  on_room=self.fit.on_room, on_focus=self._on_focus,
                                  on_mouse=self._on_page_mouse)
        children = [self.controls.toolbar, self.actions, self.stage, self.review_bar.box,
                 self.keyboard, self.status, self.message, self.move_input, self.description,
                 picture_hider()]
        if self.table.solver is not None:
            children.insert(1, self.solver_bar)
        super().__init__(children, layout=shared_layout())
        self.width = width
        self.animate = animate

        self.new_button.on_click(lambda _b: self._input(self.new_deal))
        self.undo_button.on_click(lambda _b: self._input(self.undo))
        self.redo_button.on_click(lambda _b: self._input(self.redo))
        self.hint_button.on_click(lambda _b: self._input(self.hint))
        self.finish_button.on_click(lambda _b: self._on_finish_button())
        self.can_win_button.on_click(lambda _b: self._input(self.can_win))
        self.solver_hint_button.on_click(lambda _b: self._input(self.solver_hint))
        self.deal_number.observe(self._on_deal_number, "value")
        self.move_input.observe(self._on_move_typed, "value")
        # The mouse comes numbered through the keyboard's messages (see table_keys);
        # the canvas's own messages serve where anywidget's front end is missing.
        self.canvas.on_mouse_down(self._canvas_mouse(self._on_mouse_down))
        self.canvas.on_mouse_move(self._canvas_mouse(self._on_mouse_move))
        self.canvas.on_mouse_up(self._canvas_mouse(self._on_mouse_up))
        self.canvas.on_mouse_out(self._canvas_mouse(self._on_mouse_out))
        # Where anywidget's front end is missing, the canvas keeps the focus and its keys.
        self.canvas.on_key_down(self._on_key_down)
        self.observe(self.fit.on_width, "width")
        self.observe(self._on_state, "state")
        self._deal_in(game)

    @property
    def game(self) -> Game:
        """The game on the table (the engine's :class:`~solitaire_widgets.game.Game`)."""
        return self.table.game

    @property
    def pointer(self) -> pointer.PointerState:
        """What the pointer and the keyboard remember between events."""
        return self.table.pointer

    @property
    def running(self) -> bool:
        """True while a run (auto-finish, a deal drawn in pieces, a deal search) goes on."""
        return self.runs.running

    # -- runs: long work a piece at a time, stopped by any new input -----------------

    def _stop_run(self) -> bool:
        """Stop a run going on (then what an input does is drawn at once); True if there was one."""
        if not self.runs.stop():
            return False
        self._at_once = True
        return True

    @serialized
    def _input(self, action: Callable[[], Any]) -> None:
        """A button: stop any run going on, then act."""
        self._stop_run()
        action()

    # -- dealing ---------------------------------------------------------------

    def _deal_in(self, game: Game) -> None:
        """Show ``game``: its opening deal is animated from the full stock."""
        self._stop_run()
        self._carry(self.table.deal_in(game))

    @serialized
    def new_deal(self, seed: int | None = None) -> None:
        """Start another deal (``seed``: that deal number; None: a random one).

        With "winnable deals only" ticked (Klondike), a random deal is one the
        solver has shown can be won: the table says how many deals it has tried
        (at most :data:`~solitaire_widgets.controller.WINNABLE_TRIES`), and any
        input stops the search.
        """
        self._stop_run()
        if seed is None and self.winnable_only.value and self.table.solver is not None:
            self.finish_and_search.search()
            return
        self._carry(self.table.new_deal(seed))

    # -- the solver's answers (Klondike) ------------------------------------------

    @serialized
    def can_win(self) -> str:
        """Ask the solver whether this position can still be won; say and return its answer.

        The answer is ``"won"`` (a winning line exists), ``"lost"`` (none does)
        or ``"unresolved"`` (the solver's time budget,
        ``solitaire_widgets.games.klondike.solver.HINT_SECONDS``, ran out first).
        """
        self._stop_run()
        self._at_once = False
        answer = self.table.can_win()
        self.controls.say()
        return answer

    @serialized
    def solver_hint(self) -> Move | None:
        """Highlight the first move of a winning line (the solver sees every card)."""
        self._stop_run()
        return self._carry(self.table.solver_hint()).move

    @serialized
    def _on_deal_number(self, change: dict[str, Any]) -> None:
        if change["new"] == self.game.seed:
            return
        self._stop_run()
        self._carry(self.table.new_deal(int(change["new"])))
        self.deal_number.value = self.game.seed   # the box shows the deal on the table

    def _publish(self) -> None:
        """Set the ``state`` trait to the game as it now stands."""
        self._own_state = self.game.to_json()
        self.state = self._own_state

    @serialized
    def _on_state(self, change: dict[str, Any]) -> None:
        if change["new"] is self._own_state or change["new"] == self.game.to_json():
            return
        self._stop_run()
        self._carry(self.table.open_save(change["new"]))

    # -- drawing ---------------------------------------------------------------

    @serialized
    def redraw(self) -> None:
        """Draw the table as it stands (one message to the canvas)."""
        self.drawing.redraw()

    def _layout(self) -> Scene:
        """The table as it stands, laid out as it is drawn."""
        return self.drawing.layout()

    def _refit(self) -> None:
        """Lay the table out again for :attr:`drawn_width` (a new width, or new room)."""
        self._stop_run()
        self.drawing.refit()
        self._at_once = False
        self._picture_changed()

    def _carry(self, change: Change, timing: Timing | None = None) -> Change:
        """Draw what ``change`` asks for, then bring the words and the controls up to date."""
        if not self.drawing.draw(change, timing, self._at_once):
            return change    # a drag: only drawn
        if change.moved or change.deal:
            self._update_controls()
        self.controls.say()
        self._hold()
        self._at_once = False
        return change

    # -- words and controls ------------------------------------------------------

    def _update_controls(self) -> None:
        """Bring the state trait, the status, the buttons and the words up to date."""
        finishing = self.finish_and_search.finishing
        if not finishing:
            self._publish()
        self.controls.show(finishing)
        self._picture_changed()
        self.review_bar.show()

    def _on_action(self, word: str) -> None:
        self._input(lambda: self.play(word))

    # -- playing -------------------------------------------------------------------

    @serialized
    def play(self, move: Move | str) -> bool:
        """Play a move (a :class:`Move` or its text), animated; False (with the reason shown)
        when it is not legal."""
        self._stop_run()
        return self._carry(self.table.play(move)).ok

    @serialized
    def undo(self) -> None:
        """Take back the last move."""
        self._stop_run()
        self._carry(self.table.undo())

    @serialized
    def redo(self) -> None:
        """Play again the last move taken back (animated)."""
        self._stop_run()
        self._carry(self.table.redo())

    @serialized
    def hint(self) -> Move | None:
        """Highlight the default player's choice, and say it in words."""
        self._stop_run()
        return self._carry(self.table.show_hint()).move

    @serialized
    def auto_finish(self, *, ask: bool = False) -> None:
        """Let the default player play on until the game ends or it gives up.

        ``ask`` (the button's press): in a game begun, the first press only
        asks, and the next lets it play (see
        :meth:`~solitaire_widgets.controller.Controller.finish_step`).

        In a running kernel with animation on, the moves are drawn one by one,
        quickly (``RUN_TIMING``), the status line following the picture;
        any input (a click, a key, a typed move, a button; "Auto-finish"
        itself reads "Stop" meanwhile) stops it after the move being drawn.
        Otherwise it plays to the end before returning.
        """
        self._stop_run()
        if not ask:
            self.table.finish_asked = True
        if running_loop() is None or not self.animate:
            with self.hold_trait_notifications():     # one state change for the whole run
                self.finish_and_search.finish()
            return
        self.finish_and_search.start_finish()

    @serialized
    def _on_finish_button(self) -> None:
        if not self._stop_run():   # a second press stops the run
            self.auto_finish(ask=True)
        self._at_once = False

    @serialized
    def start_review(self) -> None:
        """Review the game (see :mod:`.review_bar`); in a running kernel a search at a
        time, any input stopping it; otherwise to its end before returning."""
        self.review_bar.start()

    @serialized
    def _on_move_typed(self, change: dict[str, Any]) -> None:
        text = str(change["new"]).strip()
        if not text:
            return
        self._stop_run()
        if self._carry(self.table.typed(text)).ok:
            self.move_input.value = ""

    @serialized
    def _on_line(self, text: str) -> None:
        """A line typed in the move box and sent by the page (it cleared the box itself)."""
        self._stop_run()
        self._carry(self.table.typed(text))

    # -- the pointer and the keyboard (their meaning is in pointer.py) -------

    @serialized
    def click(self, x: float, y: float) -> None:
        """A press and release at ``(x, y)`` (canvas pixels), as the mouse does."""
        self._on_mouse_down(x, y)
        self._on_mouse_up(x, y)

    @serialized
    def click_pile(self, pile_id: str) -> None:
        """Click the top card (or the empty place) of a pile."""
        assert self._scene is not None
        self.click(*pointer.pile_point(self._scene, pile_id))

    @serialized
    def press_key(self, key: str, shortcut: bool = False) -> bool:
        """A key pressed on the table (a browser ``KeyboardEvent.key`` name, e.g.
        ``"ArrowRight"``, ``"Enter"``; ``shortcut``: with Ctrl, Alt or Meta);
        False if the table does not use it."""
        if self._scene is None or shortcut:
            return False
        self._stop_run()
        change, used = self.table.key(self._scene, key)
        if key == "Escape" and not used and self.table.pointer.focus is not None:
            # In a notebook Escape leaves the table (the keyboard goes back to the
            # notebook): the cursor is no longer drawn.
            self.table.pointer = replace(self.table.pointer, focus=None)
            change, used = Change(redraw=True), True
        self._carry(change)
        return used

    def _canvas_mouse(self, handler: Callable[[float, float], None]) -> Callable[[float, float], None]:
        """``handler`` for the canvas's own mouse messages: left alone once the page
        sends the mouse through the keyboard's numbered messages."""

        def heard(x: float, y: float) -> None:
            if not self.keyboard.sends_mouse:
                handler(x, y)

        return heard

    def _on_page_mouse(self, kind: str, x: float, y: float) -> None:
        """The mouse as the page sends it, in the order it happened."""
        {"down": self._on_mouse_down, "move": self._on_mouse_move,
         "up": self._on_mouse_up, "out": self._on_mouse_out}[kind](x, y)

    @serialized
    def _on_mouse_down(self, x: float, y: float) -> None:
        self._stop_run()
        if self._scene is not None:
            self._carry(self.table.press(self._scene, x, y, time.monotonic()))

    @serialized
    def _on_mouse_move(self, x: float, y: float) -> None:
        if self._scene is not None and not self.runs.running:
            self._carry(self.table.move_to(self._scene, x, y, time.monotonic()))

    @serialized
    def _on_mouse_up(self, x: float, y: float) -> None:
        if self._scene is not None and not self.runs.running:
            self._carry(self.table.release(self._scene, x, y))

    @serialized
    def _on_mouse_out(self, x: float, y: float) -> None:
        self._carry(self.table.leave())

    @serialized
    def _on_focus(self, focused: bool) -> None:
        """The table took or lost the focus: its cursor's ring shows only while it has it."""
        state = self.table.pointer
        if not focused and state.focus is not None:
            self._away_cursor = state.focus
            self.table.pointer = replace(state, focus=None)
            self.redraw()
        elif focused and self._away_cursor is not None and state.focus is None:
            self.table.pointer = replace(state, focus=self._away_cursor)
            self._away_cursor = None
            self.redraw()

    def _hold(self) -> None:
        """Tell the keyboard whether cards are picked up: Escape then puts them
        back and the table keeps the focus; with none, Escape leaves the table."""
        self.keyboard.holding = self.table.pointer.selected is not None

    @serialized
    def _on_key(self, key: str) -> None:
        self.press_key(key)

    @serialized
    def _on_key_down(self, key: str, shift: bool = False, ctrl: bool = False,
                     meta: bool = False) -> None:
        self.press_key(key, shortcut=ctrl or meta)

    @serialized
    def close(self) -> None:
        """Close the widget and every widget it made (buttons, canvases, their layouts...).

        >>> from ipywidgets.widgets.widget import _instances
        >>> before = len(_instances)
        >>> GameWidget("chain", seed=5).close()
        >>> len(_instances) == before
        True
        """
        # Also called when the widget is collected, perhaps half made (its
        # construction refused): only what exists is stopped and closed.
        if hasattr(self, "runs"):
            self._stop_run()
        picture = getattr(self, "_picture", None)
        if picture is not None:
            picture.close()
        if hasattr(self, "painter"):
            self.painter.close()
        made = [self, *getattr(self, "action_buttons", {}).values()]
        if hasattr(self, "solver_bar"):   # made even where it is not shown
            made.append(self.solver_bar)
        close_all(made)

    # -- display -----------------------------------------------------------------------

    @serialized
    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any] | None:
        """The live widget; without a kernel, a picture of the table and a line on
        playing it (see :func:`~solitaire_widgets.widgets.stand_in.game_bundle`)."""
        bundle: dict[str, Any] | None = super()._repr_mimebundle_(**kwargs)
        # A second display is a new view of the same canvas: draw it again in full.
        self.painter.redraw()
        if bundle is None:
            return None
        bundle.update(game_bundle(self.game, self._scene or self._layout()))
        return bundle

    @serialized
    def _ipython_display_(self) -> None:
        """Displayed in a notebook: a picture of the table (which every viewer
        shows, with or without a kernel), then the live widget, which hides the
        picture while it lives (see :mod:`.stand_in`)."""
        self.painter.redraw()
        title = game_words(self.game)[0]
        self._picture = show(self, self._picture_parts, f"GameWidget: {title}",
                             self._repr_mimebundle_)

    @serialized
    def _picture_parts(self, closed: bool) -> tuple[Scene, str, str]:
        """What the picture output shows: the position as the engine has it."""
        _title, words, line = game_words(self.game, closed)
        return self._layout(), words, line

    def _picture_changed(self) -> None:
        """The table changed: its picture output follows (throttled, see :mod:`.stand_in`)."""
        if self._picture is not None:
            self._picture.changed()
