"""``solitaire-widgets lesson``: the lessons in a terminal.

``lesson --list`` names every lesson and its game; ``lesson NAME`` shows the
position and the question, then reads answers from standard input, one a
line: a choice's number, a move as typed (``t4>fh``), ``hint`` or ``quit``.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from .i18n import _, pgettext
from .lessons import LessonRun, get_lesson, lesson_names
from .plain_text import render_text

__all__ = ["add_parser"]


def _cmd_lesson(args: argparse.Namespace) -> int:
    if args.list or not args.name:
        for name in lesson_names():
            lesson = get_lesson(name)
            print(f"{name:30} {lesson.game:10} {_(lesson.title)}")
        return 0
    run = LessonRun(get_lesson(args.name))
    print(_(run.lesson.title))
    shown = -1
    while not run.finished:
        if shown != len(run.game.history):
            print()
            print(render_text(run.game))
            shown = len(run.game.history)
        print()
        print(run.question)
        choices = run.choices()
        for number, (_answer, label) in enumerate(choices, 1):
            print(f"  {number}. {label}")
        print(_("Answer with a number or a move; 'hint' shows the answer, 'quit' stops."))
        line = sys.stdin.readline()
        if not line or line.strip().lower() in ("quit", "q"):
            return 0 if run.finished else 1
        text = line.strip()
        if text.lower() in ("hint", "h", "?"):
            print(run.hint())
            continue
        if text.isdigit() and 1 <= int(text) <= len(choices):
            text = choices[int(text) - 1][0]
        print(run.answer(text))
    print()
    print(_("Lesson done."))
    return 0


def add_parser(sub: Any) -> None:
    """Add the ``lesson`` command to the CLI's subcommands."""
    lesson = sub.add_parser("lesson", help=_("take a lesson: a position, a question, your move"))
    lesson.add_argument("name", nargs="?", metavar=pgettext("metavar", "name"),
                        help=_("the lesson (see --list)"))
    lesson.add_argument("--list", action="store_true", help=_("name every lesson and its game"))
    lesson.set_defaults(run=_cmd_lesson)
