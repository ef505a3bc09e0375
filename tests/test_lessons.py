"""The lessons: each one's answers checked with the engine, each note citing its sentence."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from solitaire_widgets.i18n import TRANSLATED, use_language
from solitaire_widgets.lessons import LessonRun, get_lesson, lesson_names
from solitaire_widgets.source_texts import sentences
from solitaire_widgets.web.worker_api import call

NAMES = lesson_names()


def test_at_least_three_lessons_per_game() -> None:
    for game in ("quarrel", "chain", "klondike"):
        assert len(lesson_names(game)) >= 3, game


@pytest.mark.parametrize("name", NAMES)
def test_every_note_cites_a_sentence_of_its_text(name: str) -> None:
    lesson = get_lesson(name)
    for task in lesson.tasks:
        for note in task.right + task.wrong:
            assert note.sentence in sentences(lesson.game), (name, note.answer)


def _take(run: LessonRun, task_index: int) -> None:
    """Answer every task before ``task_index`` right."""
    while run.task_index < task_index:
        task = run.task
        answers = [n.answer for n in task.right] if task.every else run.expected()
        for answer in answers:
            for candidate in run.expected() if task.every else [answer]:
                if run.answer(candidate).right:
                    break


@pytest.mark.parametrize("name", NAMES)
def test_expected_moves_are_legal_and_every_note_is_reachable(name: str) -> None:
    lesson = get_lesson(name)
    for index, task in enumerate(lesson.tasks):
        # Every wrong-answer note is said, and changes nothing.
        for note in task.wrong:
            run = LessonRun(lesson)
            _take(run, index)
            before = run.game.to_json()
            verdict = run.answer(note.answer)
            assert not verdict.right and verdict.sentence == note.sentence, (name, note.answer)
            assert verdict.words == note.words, (name, note.answer)
            assert run.game.to_json() == before and run.task_index == index
        # The expected answers: legal moves (in the order the rules allow) or
        # the judge's answer, and each right note is said.
        run = LessonRun(lesson)
        _take(run, index)
        said = set()
        for _round in range(len(task.right)):
            for answer in run.expected():
                if task.asks_move:
                    assert run.game.is_legal(answer) or task.every, (name, answer)
                verdict = run.answer(answer)
                if verdict.right:
                    said.add(verdict.sentence)
                    break
            if run.task_index != index:
                break
        assert run.task_index == index + 1, name
        assert {n.sentence for n in task.right} >= said and said


def test_a_judged_answer_is_read_off_the_engine() -> None:
    # The declared right answer agrees with the judge (the solver, the count).
    for name in NAMES:
        lesson = get_lesson(name)
        run = LessonRun(lesson)
        for index, task in enumerate(lesson.tasks):
            _take(run, index)
            if task.judge is not None:
                assert [n.answer for n in task.right] == [task.judge(run.game)], name


def test_a_wrong_answer_can_be_retried_and_a_hint_shows_the_move() -> None:
    run = LessonRun(get_lesson("klondike-ace-up"))
    assert not run.answer("t2>t7").right
    assert not run.answer("t4>t1").right
    assert not run.answer("x>y>z").right       # not a move: said, nothing changes
    hint = run.hint()
    assert hint.answer == "t4>fh" and hint.sentence and not run.finished
    verdict = run.answer("t4>fh")
    assert verdict.right and verdict.played and run.finished
    assert "«Asy - jeżeli są odkryte - przekładamy nad rząd górny.»" in verdict.quoted


def test_a_refusal_with_no_note_gives_the_engines_reason() -> None:
    run = LessonRun(get_lesson("klondike-free-place"))
    verdict = run.answer("t4>t7")
    assert not verdict.right and "Refused" in verdict.words


def test_every_lesson_speaks_russian_and_polish() -> None:
    for language in TRANSLATED:
        with use_language(language):
            for name in NAMES:
                lesson = get_lesson(name)
                run = LessonRun(lesson)
                english = get_lesson(name).tasks[0].question
                assert run.question != english, (language, name)
                wrong = lesson.tasks[0].wrong or lesson.tasks[0].right
                assert run.answer(wrong[0].answer).words != wrong[0].words, (language, name)


def test_cli_lists_each_lesson_with_its_game_and_runs_one() -> None:
    listed = subprocess.run([sys.executable, "-m", "solitaire_widgets", "lesson", "--list"],
                            capture_output=True, text=True, check=True).stdout.splitlines()
    assert [line.split()[:2] for line in listed] == [[n, get_lesson(n).game] for n in NAMES]
    out = subprocess.run([sys.executable, "-m", "solitaire_widgets", "lesson", "klondike-ace-up"],
                         input="t2>t7\nhint\nt4>fh\n", capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert "✗" in out.stdout and "✓" in out.stdout and "Lesson done." in out.stdout
    assert "Asy - jeżeli są odkryte" in out.stdout
    bad = subprocess.run([sys.executable, "-m", "solitaire_widgets", "lesson", "nope"],
                         capture_output=True, text=True)
    assert bad.returncode == 2 and "no lesson called" in bad.stderr


def test_the_pages_engine_checks_answers_statelessly() -> None:
    def ask(**fields: object) -> dict:
        request = {"op": "lesson", "table": "sw-lesson-x", "lesson": "quarrel-next-count",
                   "language": "pl", **fields}
        return json.loads(call(json.dumps(request)))

    first = ask(answer="1")
    assert first["verdict"]["right"] is False and first["given"] == []
    assert first["verdict"]["translation"] and first["verdict"]["lang"] == "ru"
    assert "<svg" in first["picture"]
    right = ask(answer="3")
    assert right["verdict"]["right"] and right["given"] == ["3"] and not right["finished"]
    done = ask(given="3", answer="deal")
    assert done["finished"] and done["given"] == ["3", "deal"]
    assert ask(given="3 deal")["finished"]
    assert ask(lesson="nope")["refused"]
