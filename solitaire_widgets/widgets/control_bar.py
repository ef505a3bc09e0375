"""The controls around a GameWidget's table: its buttons, boxes and lines of words.

:class:`ControlBar` (a part of the GameWidget) makes and holds them, and
brings them up to date from the table's
:class:`~solitaire_widgets.controller.Controller` (which says which
buttons may be pressed, with what words, and what the table says); the
GameWidget lays them out and forwards their input.
"""

from __future__ import annotations

import html
from collections.abc import Callable

import ipywidgets as w  # type: ignore[import-untyped]

from ..citations import OUR_READING, THE_TEXT, Citation
from ..controller import Controller
from ..game import Game
from ..i18n import _, current_language
from ..source_texts import source_language
from .shared import light

__all__ = ["ControlBar", "citation_html"]


def citation_html(citation: Citation | None) -> str:
    """The line under a refusal: the text's sentences it rests on, each original (in its
    language) with its translation into the reader's, and our reading; ``""`` if none.

    >>> from solitaire_widgets.citations import cite
    >>> print(citation_html(cite("chain", "9.2")))  # doctest: +NORMALIZE_WHITESPACE
    <div class="sw-citation" style="font-size:smaller;line-height:1.4">the text:
    «<span lang="ru">Третий раз не разрешается.</span>» (A third time is not allowed.)</div>
    """
    if not citation:
        return ""
    language = current_language()
    own = source_language(citation.game)
    quotes = []
    for found in citation.cited:
        words = f'«<span lang="{own}">{html.escape(found.original)}</span>»'
        if language != own:
            words += f" ({html.escape(found.translation(language))})"
        quotes.append(words)
    line = html.escape(_(THE_TEXT)) + " " + " ".join(quotes)
    if citation.reading:
        line += " " + html.escape(_(OUR_READING).format(
            reading=citation.reading_words(language)))
    return f'<div class="sw-citation" style="font-size:smaller;line-height:1.4">{line}</div>'


class ControlBar:
    """The GameWidget's controls for ``game`` at ``table`` (a part of the widget):
    :attr:`toolbar` (new deal, deal number, undo, redo, hint, auto-finish) and
    the rest, each laid out by the widget. ``on_action`` hears the word of each
    of the game's own decisions' buttons pressed ("turn", "redeal"...)."""

    def __init__(self, table: Controller, game: Game,
                 on_action: Callable[[str], None]) -> None:
        self.table = table
        self._on_action = on_action
        auto = {"width": "auto"}
        self.new_button = light(w.Button, description=_("New deal"),
                                tooltip=_("Deal a new random game"), layout=auto)
        self.deal_number = light(w.IntText, value=game.seed, description=_("Deal no."),
                                 layout={"width": "190px"},
                                 style={"description_width": "initial"},
                                 tooltip=_("Type a deal number and press Enter"))
        self.undo_button = light(w.Button, description=_("Undo"),
                                 tooltip=_("Take back the last move"), layout=auto)
        self.redo_button = light(w.Button, description=_("Redo"),
                                 tooltip=_("Play again the move taken back"), layout=auto)
        self.hint_button = light(w.Button, description=_("Hint"), tooltip=_("Show a good move"),
                                 layout=auto)
        self.finish_button = light(w.Button, layout=auto)
        self.show_finish_button(running=False)
        # The solver's questions (Klondike only: the solver plays Klondike).
        self.can_win_button = light(w.Button, description=_("Can this still be won?"),
                                    layout=auto,
                                    tooltip=_("Ask the solver, which sees every card"))
        self.solver_hint_button = light(w.Button, description=_("Show me the next move"),
                                        layout=auto,
                                        tooltip=_("The first move of a winning line"))
        self.winnable_only = light(w.Checkbox, value=False, description=_("Winnable deals only"),
                                   indent=False, layout=auto)
        wrap = {"flex_flow": "row wrap"}
        self.solver_bar = light(w.HBox, children=[self.can_win_button, self.solver_hint_button,
                                                  self.winnable_only], layout=wrap)
        #: The game's own decisions' buttons, by word ("turn", "redeal"...).
        self.action_buttons: dict[str, w.Button] = {}
        self.actions = light(w.HBox, layout=wrap)   # long labels wrap
        self.status = light(w.HTML)
        self.message = light(w.HTML)
        self.message.add_class("sw-message")
        self.move_input = light(
            w.Text, placeholder=self.table.placeholder(),
            # As wide as the example and the words it takes (the placeholder).
            continuous_update=False, layout={"width": "100%", "max_width": "44em"},
            description=_("Move"), style={"description_width": "40px"})
        self.move_input.add_class("sw-move-box")
        self.description = light(w.HTML, layout={"max_height": "7em", "overflow": "auto"})
        self.description.add_class("solitaire-description")
        self.toolbar = light(w.HBox, children=[self.new_button, self.deal_number,
                                               self.undo_button, self.redo_button,
                                               self.hint_button, self.finish_button],
                             layout=wrap)

    def new_game(self, game: Game) -> None:
        """A new game is on the table: its deal number, and its example move in the box."""
        self.deal_number.value = game.seed
        self.move_input.placeholder = self.table.placeholder()

    def show_finish_button(self, running: bool) -> None:
        """The auto-finish button's words (the controller's), "Stop" while it runs."""
        words = self.table.finish_button(running)
        self.finish_button.description, self.finish_button.tooltip = words.label, words.tooltip

    def say(self) -> None:
        """Show the controller's last words (a refusal as an alert, with a line under it
        quoting the sentences of the text it rests on, original and translation)."""
        text = html.escape(self.table.message)
        if self.table.error:
            self.message.value = (f'<span role="alert" style="color:var(--jp-error-color1,'
                                  f' #b00020)">{text}</span>'
                                  + citation_html(self.table.citation))
        else:
            self.message.value = f"<span>{text}</span>"

    def show(self, finishing: bool) -> None:
        """Bring the status, the buttons and the words up to date (``finishing``:
        auto-finish runs, and only the status, undo, redo and the words follow it)."""
        verdict, rest = self.table.status()
        status = f"<b>{html.escape(verdict)}</b> {html.escape(rest)}" if verdict else (
            html.escape(rest))
        self.status.value = f'<span class="solitaire-status">{status}</span>'
        controls = self.table.controls(finishing)
        self.undo_button.disabled = not controls.undo
        self.redo_button.disabled = not controls.redo
        self.finish_button.disabled = not controls.finish.enabled
        self.description.value = (
            '<div role="status" aria-live="polite" aria-label="'
            + html.escape(_("The table in words"), quote=True)
            + '" style="font-size:smaller;white-space:pre-line">'
            + html.escape(self.table.words()) + "</div>")
        if finishing:
            return   # a run: the status line and the words follow each move, the rest its end
        self.hint_button.disabled = not controls.hint
        self.can_win_button.disabled = self.solver_hint_button.disabled = not controls.hint
        buttons = controls.actions
        for action in buttons:
            if action.word not in self.action_buttons:
                widget = light(w.Button, description=action.label, layout={"width": "auto"})
                widget.on_click(lambda _b, word=action.word: self._on_action(word))
                self.action_buttons[action.word] = widget
        self.actions.children = tuple(self.action_buttons[a.word] for a in buttons)
        shown = {a.word for a in buttons}
        for action in buttons:
            widget = self.action_buttons[action.word]
            widget.disabled = not action.enabled
            widget.tooltip = action.tooltip
        for word, widget in self.action_buttons.items():
            if word not in shown:
                widget.disabled = True
