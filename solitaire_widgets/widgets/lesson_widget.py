"""A lesson in a notebook: the book's lessons, for teachers.

>>> from solitaire_widgets.widgets import LessonWidget
>>> lesson = LessonWidget("klondike-ace-up")
>>> lesson.answer("t2>t7").right, lesson.answer("t4>fh").right, lesson.run.finished
(False, True, True)
"""

from __future__ import annotations

import html

import ipywidgets as w  # type: ignore[import-untyped]

from ..i18n import _, check_language, current_language, use_language
from ..lessons import LessonRun, Verdict, get_lesson
from ..render.display import DISPLAY_WIDTH, repr_svg
from ..source_texts import source_language, translate

__all__ = ["LessonWidget"]


class LessonWidget(w.VBox):  # type: ignore[misc]
    """A lesson (see :func:`solitaire_widgets.lessons.lesson_names`): its position, its
    question and its answers as buttons (or a move typed); each answer is
    checked with the engine and answered with its note and the sentence of
    the text it rests on. ``language``: ``"en"``, ``"ru"`` or ``"pl"`` (None:
    the current one)."""

    def __init__(self, name: str, *, language: str | None = None,
                 width: float = DISPLAY_WIDTH) -> None:
        self.language = check_language(language or current_language())
        self.width = width
        lesson = get_lesson(name)
        self.run = LessonRun(lesson)
        with use_language(self.language):
            self.title = w.HTML()
            self.question = w.HTML()
            self.picture = w.HTML()
            self.choices = w.HBox(layout=w.Layout(flex_flow="row wrap"))
            # Read on Enter (or when the box is left), not at each key.
            self.move_input = w.Text(placeholder=_("Or type a move"), continuous_update=False,
                                     layout=w.Layout(width="12em"))
            self.play_button = w.Button(description=_("Play"), layout=w.Layout(width="auto"))
            self.hint_button = w.Button(description=_("Hint"), layout=w.Layout(width="auto"))
            self.reset_button = w.Button(description=_("Start again"),
                                         layout=w.Layout(width="auto"))
            self.verdict = w.HTML()
        self.play_button.on_click(lambda _b: self._typed())
        self.move_input.observe(lambda _change: self._typed(), "value")
        self.hint_button.on_click(lambda _b: self.hint())
        self.reset_button.on_click(lambda _b: self.reset())
        super().__init__([self.title, self.question, self.picture, self.choices,
                          w.HBox([self.move_input, self.play_button, self.hint_button,
                                  self.reset_button], layout=w.Layout(flex_flow="row wrap")),
                          self.verdict])
        self.add_class("sw-lesson-widget")
        self._draw()

    def answer(self, text: str) -> Verdict:
        """Check ``text`` (a move as typed, or a choice's answer) and show the verdict."""
        with use_language(self.language):
            verdict = self.run.answer(text)
        self._say(verdict)
        return verdict

    def hint(self) -> Verdict:
        """Show the answer asked for now (nothing is played)."""
        with use_language(self.language):
            verdict = self.run.hint()
        self._say(verdict)
        return verdict

    def reset(self) -> None:
        """Start the lesson again from its position."""
        self.run = LessonRun(self.run.lesson)
        self.verdict.value = ""
        self._draw()

    def _typed(self) -> None:
        text = self.move_input.value.strip()
        self.move_input.value = ""
        if text:
            self.answer(text)

    def _say(self, verdict: Verdict) -> None:
        self._draw()
        with use_language(self.language):
            # A right note says "Right" itself; a wrong one is marked "Not this one".
            mark = "" if verdict.hint else "✓ " if verdict.right else "✗ " + _("Not this one") + ". "
            # The notebook's own text colour (light and dark themes); a bar tells
            # right from wrong, beside the mark.
            bar = "#1656b8" if verdict.hint else "#1a7f37" if verdict.right else "#d92d20"
            out = (f'<p class="sw-lesson-verdict" style="font-weight:600;padding-left:0.5em;'
                   f'border-left:4px solid {bar}">{html.escape(mark + verdict.words)}</p>')
            if verdict.sentence:
                game = self.run.lesson.game
                said = ("" if self.language == source_language(game)
                        else f" ({html.escape(translate(game, verdict.sentence))})")
                out += (f'<blockquote class="sw-lesson-sentence"><span lang="'
                        f'{source_language(game)}">«{html.escape(verdict.sentence)}»</span>'
                        f"{said}</blockquote>")
        self.verdict.value = out

    def _draw(self) -> None:
        run = self.run
        with use_language(self.language):
            turn, done = _("Your turn"), _("Lesson done.")
            self.title.value = (f"<b>{html.escape(turn)}:</b> "
                                f"{html.escape(_(run.lesson.title))}")
            self.question.value = f"<p><b>{html.escape(run.question or done)}</b></p>"
            self.picture.value = repr_svg(run.game, self.width)
            buttons = []
            for answer, label in run.choices():
                button = w.Button(description=label, tooltip=answer,
                                  layout=w.Layout(width="auto"))
                button.on_click(lambda _b, a=answer: self.answer(a))
                buttons.append(button)
            self.choices.children = buttons
            asks_move = not run.finished and run.task.asks_move
            self.move_input.disabled = self.play_button.disabled = not asks_move
