"""The book's lessons: the element a page holds, and the engine's answers in the page's worker.

A lesson element (:func:`lesson_html`, written when the book is built, in its
edition's language) shows the position, the question and the answers at
once: a reader plays within the first screen. Its page script
(``assets/lessons.js``) sends each answer to the page's engine (the
Pyodide worker the tables use), which answers with :func:`lesson_view`:
the verdict, its note and the sentence it cites, and the position and
question after it. Nothing is kept in the worker: each request names the
answers already given right, and the lesson is replayed to them (the
page keeps them in ``localStorage``).

>>> view = lesson_view("klondike-ace-up", [], "t2>t7")
>>> view["verdict"]["right"], view["finished"]
(False, False)
>>> view = lesson_view("klondike-ace-up", [], "t4>fh")
>>> view["verdict"]["right"], view["finished"], view["given"]
(True, True, ['t4>fh'])
"""

from __future__ import annotations

import html
import json
from typing import Any

from ..games import rules_class
from ..i18n import N_, _, current_language, use_language
from ..lessons import LessonRun, Verdict, get_lesson
from ..render.display import DISPLAY_WIDTH, PHONE_WIDTH, repr_svg
from ..render.player import unique_ids
from ..source_texts import source_language, translate

__all__ = ["lesson_view", "lesson_html", "LESSON_WORDS"]

#: The words of a lesson's page script, said in the edition's language (its data-sw-words).
LESSON_WORDS = {
    "loading": N_("Starting the engine (Python in your browser)\u2026"),
    "wrong": N_("Not this one"),
    "hint": N_("The answer"),
    "done": N_("Lesson done. Start it again, or read on."),
    "error": N_("The engine could not check the answer: {reason}"),
}


def _picture(run: LessonRun, width: float, prefix: str) -> str:
    return unique_ids(repr_svg(run.game, width), prefix)


def _verdict(run: LessonRun, verdict: Verdict | None) -> dict[str, Any] | None:
    if verdict is None:
        return None
    game = run.lesson.game
    said = ""
    if verdict.sentence and current_language() != source_language(game):
        said = translate(game, verdict.sentence)
    return {"answer": verdict.answer, "right": verdict.right, "hint": verdict.hint,
            "played": verdict.played, "words": verdict.words, "sentence": verdict.sentence,
            "translation": said, "lang": source_language(game)}


def lesson_view(name: str, given: list[str], answer: str = "", *, hint: bool = False,
                language: str | None = None, width: float = DISPLAY_WIDTH,
                prefix: str = "sw-lesson") -> dict[str, Any]:
    """The lesson ``name`` after the right answers ``given``, then ``answer`` checked
    (or the hint asked for): its position drawn, its question and choices, the
    verdict, and every right answer given so far (``given``), in ``language``."""
    with use_language(language):
        run = LessonRun(get_lesson(name))
        run.replay(given)
        verdict = run.hint() if hint else run.answer(answer) if answer else None
        return {
            "lesson": name, "game": run.lesson.game, "title": _(run.lesson.title),
            "question": run.question, "choices": [list(c) for c in run.choices()],
            "asksMove": not run.finished and run.task.asks_move,
            "finished": run.finished, "given": list(run.given),
            "step": f"{min(run.task_index + 1, len(run.lesson.tasks))}/{len(run.lesson.tasks)}",
            "verdict": _verdict(run, verdict),
            "picture": _picture(run, width, prefix),
        }


def lesson_html(name: str, language: str = "en", width: float = DISPLAY_WIDTH, *,
                checkpoint: int | None = None) -> str:
    """The lesson's element for a page in ``language``: its position, question and
    answers as they stand before any answer (the page script plays them).

    ``checkpoint``: the element is a replay's "your turn" at that step of the
    replay just before it (hidden until the replay gets there; the page
    script then stops the replay until the move is played or shown).
    """
    view = lesson_view(name, [], language=language, width=width, prefix=f"sw-l-{name}")
    # The position drawn for a wide column and for a phone's (its labels stay readable).
    narrow = lesson_view(name, [], language=language, width=PHONE_WIDTH,
                         prefix=f"sw-ln-{name}")["picture"]
    esc = html.escape
    with use_language(language):
        words = {key: _(text) for key, text in LESSON_WORDS.items()}
        said = {"typed": _("Or type a move"), "play": _("Play"), "turn": _("Your turn"),
                "answers": _("Answers"), "start": _("Start again"),
                "hint": _("Show me the move") if checkpoint is not None else _("Hint")}
        choices = "".join(
            f'<button type="button" class="sw-lesson-choice" data-answer="{esc(a)}">'
            f"{esc(label)}</button>" for a, label in view["choices"])
        typed = (f'<form class="sw-lesson-typed"><label>{esc(said["typed"])} '
                 f'<input type="text" autocomplete="off" spellcheck="false" '
                 f'placeholder="{esc(rules_class(view["game"]).example_move)}">'
                 f'</label> <button type="submit">{esc(said["play"])}</button></form>')
        return (
            f'<section class="sw-lesson" data-sw-lesson="{esc(name)}" '
            f'data-sw-language="{esc(language)}" data-sw-game="{esc(view["game"])}" '
            f"data-sw-words='{esc(json.dumps(words, ensure_ascii=False))}' "
            f'aria-label="{esc(view["title"])}"'
            + (f' data-sw-checkpoint="{checkpoint}" hidden' if checkpoint is not None else "")
            + ">"
            f'<p class="sw-lesson-title"><strong>{esc(said["turn"])}:</strong> '
            f'{esc(view["title"])} <span class="sw-lesson-step">{esc(view["step"])}</span></p>'
            f'<p class="sw-lesson-question">{esc(view["question"])}</p>'
            f'<div class="sw-lesson-stage"><div class="sw-wide">{view["picture"]}</div>'
            f'<div class="sw-narrow">{narrow}</div></div>'
            f'<div class="sw-lesson-choices" role="group" aria-label="{esc(said["answers"])}">'
            f"{choices}</div>{typed}"
            f'<div class="sw-lesson-bar"><button type="button" data-act="hint">'
            f'{esc(said["hint"])}'
            f'</button> <button type="button" data-act="reset">{esc(said["start"])}</button>'
            f"</div>"
            f'<div class="sw-lesson-verdict" role="status" aria-live="polite"></div>'
            f"</section>"
        )


def checkpoints_html(example: str, language: str = "en") -> str:
    """The "your turn" checkpoints of the replay of ``example``: each lesson that stops
    it (``Lesson.checkpoint``), as an element at its step of the replay (the
    replay shows the deal card by card, then each move).

    >>> 'data-sw-checkpoint="28"' in checkpoints_html("chain-first-layout")
    True
    """
    from ..examples import get_example
    from ..lessons import get_lesson, lesson_names
    from ..replay import Replay

    found = [get_lesson(n) for n in lesson_names()]
    mine = [lesson for lesson in found if lesson.checkpoint and lesson.example == example]
    if not mine:
        return ""
    shown = get_example(example)
    replay = Replay(shown, deal_by_card=True)
    return "".join(lesson_html(lesson.name, language,
                               checkpoint=replay.last - (len(shown.steps) - lesson.at))
                   for lesson in sorted(mine, key=lambda lesson: lesson.at))
