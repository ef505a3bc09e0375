"""ReplayWidget: watch a game step by step.

A replay is a :class:`~solitaire_widgets.game.Game` (its history), an
:class:`~solitaire_widgets.examples.Example`, or save-file JSON. Play/pause,
step forward and back, jump to the start or the end; a speed slider, a step
counter and the words of the current step. One toggle button plays and
pauses: it reads "▶ Play" or "❚❚ Pause", what pressing it does. Stepping
forward animates the step; any other jump draws the position at once, and so
does any input that comes while a step is still being animated: the running
animation is cut short (it is sent in pieces of about
:data:`~solitaire_widgets.widgets.pacing.PIECE_MS`, as the GameWidget's deal,
through the same :meth:`~solitaire_widgets.widgets.pacing.Runs.send`), so the picture,
the counter and the caption never disagree for long. On a narrow screen the
table is laid out again for the room it has, by the same
:class:`~solitaire_widgets.widgets.fit.Fit` as the GameWidget's.

Its traits are those of the GameWidget: ``width``, ``animate``,
``speed``, ``state`` (the game replayed, as save JSON, kept in the kernel),
and ``position`` (the step shown); each is checked before it is set, so
``link``, ``observe`` and ``interact`` work the same on both widgets.

>>> from solitaire_widgets import new_game
>>> from solitaire_widgets.widgets import ReplayWidget
>>> game = new_game("chain", seed=2)
>>> _ = game.play("fill")
>>> replay = ReplayWidget(game, animate=False)
>>> replay.steps, replay.position
(1, 0)
>>> replay.forward(); replay.position
1
>>> replay.speed = 2.0; replay.speed_slider.value
2.0
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w  # type: ignore[import-untyped]
import traitlets

from ..examples import Example
from ..game import Game
from ..i18n import _, check_language, current_language, use_language
from ..render.display import replay_line, replay_still, still_png
from ..render.in_words import describe_table
from ..render.scene import Scene, layout, readable_width
from ..render.tween import Timing
from ..replay import Replay
from .browser_input import BrowserInput
from .canvas_backend import CanvasPainter
from .fit import Fit
from .owned import close_all
from .pacing import Runs, running_loop
from .parts import PartAttribute
from .shared import light, shared_layout
from .stand_in import Picture, picture_hider, show
from .threads import serialized
from .traits import (
    Position,
    Speed,
    State,
    Width,
    check_position,
    check_speed,
    check_state,
    check_width,
)

__all__ = ["ReplayWidget"]


class ReplayWidget(w.VBox):  # type: ignore[misc]
    """Step through a recorded game: ``ReplayWidget(get_example("chain-first-layout"))``."""

    #: The drawing's width in pixels.
    width = Width(760).tag(sync=True)
    #: Animate forward steps.
    animate = traitlets.Bool(True).tag(sync=True)
    #: Steps shown: 0 is the position after the deal.
    position = Position(0).tag(sync=True)
    #: Animation speed: 2.0 is twice as fast (the slider shows 0.25 to 4).
    speed = Speed(1.0).tag(sync=True)
    #: The game replayed, as its save JSON (see :func:`~solitaire_widgets.load_game`);
    #: set it (or link it to a GameWidget's) to replay that game. In the kernel
    #: only, as the GameWidget's.
    state = State("")
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
        with use_language(self.language):
            return check_state(proposal["value"])

    @traitlets.validate("position")
    def _valid_position(self, proposal: dict[str, Any]) -> int:
        return check_position(proposal["value"], self.steps)

    def __init__(self, replay: Game | Example | str | bytes, *, width: int = 760,
                 animate: bool = True, four_colour: bool = False,
                 language: str | None = None) -> None:
        #: The language the replay speaks ("en", "ru" or "pl"; None: the current one,
        #: see :func:`~solitaire_widgets.i18n.current_language`).
        self.language = current_language() if language is None else check_language(language)
        with use_language(self.language):
            self._make(replay, width, animate, four_colour)

    def _make(self, replay: Game | Example | str | bytes, width: int, animate: bool,
              four_colour: bool) -> None:
        width = check_width(width)
        #: The steps, their words and positions (shared with the page's and the book's players).
        self.replay = Replay(replay)
        game = self.replay.game
        self._example = replay if isinstance(replay, Example) else None
        self.timing = Timing()
        self._scene: Scene | None = None
        self._showing_speed = False
        #: The picture output it left in the notebook, once displayed there.
        self._picture: Picture | None = None
        #: The width it is laid out for.
        self.fit = Fit(lambda: int(self.width), self._refit, self.language)

        self.painter = CanvasPainter(width=width, height=1,
                                    four_colour=four_colour)
        #: A step's animation sent in pieces, and what the browser has left to draw
        #: (the GameWidget's own machinery).
        self.runs = Runs(self.painter)
        self.painter.on_drawn = self.runs.browser_drew
        self.canvas = self.painter.canvas
        # As the GameWidget's: on a narrow screen the table keeps its labels
        # readable (READABLE_LABEL) and scrolls sideways in its own box.
        self.canvas.layout.close()   # its default layout, replaced here, would stay registered
        self.canvas.layout = w.Layout(width="100%", max_width=f"{width}px", height="auto",
                                      min_width=f"{readable_width(layout(game, game.table, width))}px")
        self.stage = light(w.Box, children=[self.canvas],
                           layout={"overflow": "auto hidden", "padding": "5px", "min_width": "0"})
        self.stage.add_class("sw-stage")
        steps = len(game.history)
        auto = {"width": "auto"}
        self.start_button = light(w.Button, description=_("« Start"),
                                  tooltip=_("Back to the deal"), layout=auto)
        self.back_button = light(w.Button, description=_("◀ Back"), tooltip=_("One step back"),
                                 layout=auto)
        # The browser's Play control keeps the time (no timer in the kernel);
        # it is hidden, and one toggle button starts and pauses it, saying
        # what it will do, as the kernel-free player's button does.
        self.player = light(w.Play, value=0, min=0, max=steps, step=1, interval=900,
                            description=_("Play"), show_repeat=False,
                            layout={"display": "none"})
        # One width for both words, so the buttons after it never move.
        self.play_button = light(w.ToggleButton, value=False, layout={"width": "7em"})
        self._show_playing(False)
        self.forward_button = light(w.Button, description=_("Forward ▶"),
                                    tooltip=_("One step forward"), layout=auto)
        self.end_button = light(w.Button, description=_("End »"), tooltip=_("To the last step"),
                                layout=auto)
        self.speed_slider = light(w.FloatSlider, value=1.0, min=0.25, max=4.0, step=0.25,
                                  description=_("Speed"), readout_format=".2f",
                                  layout={"width": "260px"})
        self.counter = light(w.Label)
        self.caption = light(w.HTML)
        self.heading = light(w.HTML, value=f"<b>{html.escape(self.title)}</b>")
        self.description = light(w.HTML, layout={"max_height": "7em", "overflow": "auto"})
        controls = light(w.HBox, children=[self.start_button, self.back_button, self.play_button,
                                           self.player, self.forward_button, self.end_button,
                                           self.speed_slider, self.counter],
                         layout={"flex_flow": "row wrap", "align_items": "center"})
        # The replay takes no keys: this only keeps its canvas from trapping Tab.
        self.keyboard = BrowserInput(self.title, on_room=self.fit.on_room)
        super().__init__([self.heading, controls, self.stage, self.keyboard, self.caption,
                          self.description, picture_hider()], layout=shared_layout())
        self.width = width
        self.animate = animate
        self.state = game.to_json()

        self.start_button.on_click(lambda _b: self.go(0))
        self.back_button.on_click(lambda _b: self.back())
        self.forward_button.on_click(lambda _b: self.forward())
        self.end_button.on_click(lambda _b: self.go(self.steps))
        self.player.observe(self._on_play, "value")
        self.player.observe(self._on_playing, "playing")
        self.play_button.observe(self._on_play_button, "value")
        self.speed_slider.observe(self._on_speed_slider, "value")
        self.observe(self._on_speed, "speed")
        self.observe(self._on_position, "position")
        self.observe(self.fit.on_width, "width")
        self.observe(self._on_state, "state")
        self._on_speed({"new": self.speed})
        self.painter.prepare(layout(game, game.start, width).sprites)
        self._draw(0, animated=False)

    @property
    def game(self) -> Game:
        """The game replayed."""
        return self.replay.game

    @property
    def title(self) -> str:
        """The replay's title."""
        return self.replay.title

    @property
    def steps(self) -> int:
        """The number of steps after the deal."""
        return self.replay.last

    # -- moving through the replay ----------------------------------------------

    @serialized
    def go(self, position: int) -> None:
        """Show the position after ``position`` steps (0: the deal), drawn at once."""
        self.position = max(0, min(int(position), self.steps))

    @serialized
    def forward(self) -> None:
        """One step forward (animated)."""
        if self.position < self.steps:
            self.position += 1

    @serialized
    def back(self) -> None:
        """One step back."""
        if self.position > 0:
            self.position -= 1

    @property
    def playing(self) -> bool:
        """Whether the replay is playing (stepping on by itself)."""
        return bool(self.player.playing)

    def play(self) -> None:
        """Play the steps one after another from here (from the deal if at the end)."""
        if self.position >= self.steps:
            self.go(0)
        if self.steps:
            self.player.playing = True

    def pause(self) -> None:
        """Stop playing, at the step shown."""
        self.player.playing = False

    @serialized
    def _on_play(self, change: dict[str, Any]) -> None:
        self.position = int(change["new"])

    @serialized
    def _on_play_button(self, change: dict[str, Any]) -> None:
        if change["new"]:
            self.play()
        else:
            self.pause()
        # Nothing to play (no steps): the button springs back.
        self.play_button.value = self.playing

    @serialized
    def _on_playing(self, change: dict[str, Any]) -> None:
        self._show_playing(bool(change["new"]))

    def _show_playing(self, playing: bool) -> None:
        """The button says what pressing it does: play, or pause."""
        self.play_button.value = playing
        if playing:
            self.play_button.description = _("❚❚ Pause")
            self.play_button.tooltip = _("Pause the replay (it is playing)")
        else:
            self.play_button.description = _("▶ Play")
            self.play_button.tooltip = _("Play the steps one after another")

    @serialized
    def _on_speed_slider(self, change: dict[str, Any]) -> None:
        if not self._showing_speed:     # the slider moved by a hand, not to show the trait
            self.speed = float(change["new"])

    @serialized
    def _on_speed(self, change: dict[str, Any]) -> None:
        speed = float(change["new"])
        self.player.interval = max(100, round(900 / speed))
        # The slider shows the speed, within its own range.
        shown = min(max(speed, self.speed_slider.min), self.speed_slider.max)
        if self.speed_slider.value != shown:
            self._showing_speed = True
            try:
                self.speed_slider.value = shown
            finally:
                self._showing_speed = False

    @serialized
    def _on_state(self, change: dict[str, Any]) -> None:
        if change["new"] == self.game.to_json():
            return
        self.pause()
        self.replay = Replay(str(change["new"]))
        game = self.replay.game
        self._example = None
        self.heading.value = f"<b>{html.escape(self.title)}</b>"
        self.player.max = max(self.steps, self.player.min)
        self.painter.prepare(layout(game, game.start, self.drawn_width).sprites)
        self._scene = None
        if self.position == 0:
            self._draw(0, animated=False)
        else:
            self.position = 0

    @serialized
    def _on_position(self, change: dict[str, Any]) -> None:
        old, new = int(change["old"]), int(change["new"])
        # Any input while a step is still being animated cuts it short: the
        # position asked for is drawn at once.
        animating = self._cut_animation()
        if animating:
            old = -1
        if self.player.value != new:
            self.player.value = new
        if new >= self.steps and self.playing:
            # The last step is shown: playing is over (the browser's control
            # would stop a beat later; the button says so now).
            self.pause()
        self._draw(new, animated=new == old + 1)

    def _refit(self) -> None:
        width = self.drawn_width
        self.canvas.layout.max_width = f"{width}px"
        self.canvas.layout.min_width = f"{readable_width(layout(self.game, self.game.table, width))}px"
        self._cut_animation()
        self._scene = None
        self.painter.forget()
        self.painter.drop_images()
        self.painter.prepare(layout(self.game, self.game.start, width).sprites)
        self._draw(self.position, animated=False)

    # -- drawing -------------------------------------------------------------------------

    def _cut_animation(self) -> bool:
        """Send no more of the animation going on; True if one was still being drawn.

        The piece the browser has (at most about ``PIECE_MS``) plays out; the
        next drawing follows it at once.
        """
        stopped = self.runs.stop()
        return stopped or (running_loop() is not None and not self.runs.idle())

    def _draw(self, position: int, animated: bool) -> None:
        replay = self.replay
        if animated and self.animate and position > 0:
            plan = replay.plan(position, self.drawn_width, self.timing.scaled(self.speed),
                               keys_from=self._scene)
            self._scene = plan.final
            # An input that stops it draws its own picture (see _on_position).
            self.runs.send(plan.segments, plan.final, on_stop=lambda: None)
        else:
            self._scene = layout(self.game, replay.position(position), self.drawn_width,
                                 keys_from=self._scene)
            self.painter.show(self._scene)
        if self._picture is not None:
            self._picture.changed()
        self.counter.value = replay.counter(position)
        self.caption.value = (f'<span class="solitaire-caption">'
                              f"{html.escape(replay.words(position))}</span>")
        buttons = replay.buttons(position)
        self.start_button.disabled = self.back_button.disabled = not buttons.back
        self.forward_button.disabled = self.end_button.disabled = not buttons.forward
        # The caption says how the game ended; the words of the table do not repeat it.
        self.description.value = (
            '<div role="status" aria-live="polite" aria-label="'
            + html.escape(_("The table in words"), quote=True)
            + '" style="font-size:smaller;white-space:pre-line">'
            + html.escape(replay.description(position, status=not replay.ended(position)))
            + "</div>")

    # -- display -------------------------------------------------------------------------

    @serialized
    def close(self) -> None:
        """Close the widget and every widget it made (buttons, canvases, their layouts...).

        >>> from ipywidgets.widgets.widget import _instances
        >>> from solitaire_widgets import new_game
        >>> before = len(_instances)
        >>> ReplayWidget(new_game("chain", seed=5), animate=False).close()
        >>> len(_instances) == before
        True
        """
        if hasattr(self, "runs"):      # not when its construction was refused
            self.runs.stop()
        picture = getattr(self, "_picture", None)
        if picture is not None:
            picture.close()
        if hasattr(self, "painter"):
            self.painter.close()
        close_all([self])

    @serialized
    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any] | None:
        """The live widget; without a kernel, a player, or a picture where scripts do not run.

        Where no kernel runs, the page shows the next mime type: ``text/html``.
        Where its scripts run (nbconvert, the book, a trusted notebook) it is an
        HTML player of the replay; where they do not (a notebook opened
        untrusted, whose sanitizer drops scripts, styles and inline SVG), it is
        a picture of the table shown and one line on replaying it
        (:func:`~solitaire_widgets.render.replay_still`).
        ``image/png`` carries the picture of the step shown, for a viewer that
        shows only images, as GitHub's.
        """
        bundle: dict[str, Any] | None = super()._repr_mimebundle_(**kwargs)
        self.painter.redraw()
        if bundle is None:
            return None
        from ..html_replays import PICTURE_NOTE, game_player, replay_frames
        from ..render.player import html_player

        game = self.game
        _svg, picture = replay_still(game, self.title, self.position, self.width)
        if self._example is not None:
            player = html_player(replay_frames(self._example, self.width), self.title,
                                 note=_(PICTURE_NOTE), picture=picture)
        else:
            player = game_player(game, self.title, self.width, picture=picture)
        shown = layout(game, game.position_at(self.position), self.width)
        bundle.update({"text/html": player, "image/png": still_png(shown)})
        return bundle

    @serialized
    def _ipython_display_(self) -> None:
        """Displayed in a notebook: a picture of the step shown (which every
        viewer shows, with or without a kernel), then the live widget, which
        hides the picture while it lives (see :mod:`.stand_in`)."""
        self.painter.redraw()
        self._picture = show(self, self._picture_parts, f"ReplayWidget: {self.title}",
                             self._repr_mimebundle_)

    @serialized
    def _picture_parts(self, closed: bool) -> tuple[Scene, str, str]:
        """What the picture output shows: the step shown."""
        game = self.game
        line = replay_line(self.title, len(game.history), self.position)
        table = game.position_at(self.position)
        return layout(game, table, self.width), describe_table(game, table), line
