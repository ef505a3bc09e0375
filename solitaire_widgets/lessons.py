"""Lessons: a position from a text's example, a question, and the move (or word) it asks for.

Each game declares its lessons as data in its own folder
(``solitaire_widgets/games/<game>/lessons.py``, a list ``LESSONS``), which
the folder hands to the registry with its rules. A
lesson starts from one of the game's examples (:mod:`solitaire_widgets.examples`)
a number of steps in, and asks one question or a few in a row (each a
:class:`Task`). Every answer is checked with the real engine: a right move
is played and gets its note, a wrong one is refused with its note and
changes nothing, and each note cites the sentence of the source text it
rests on (the original as ``solitaire_widgets.source_texts.SENTENCES`` holds
it, said with its translation in the reader's language).

>>> run = LessonRun(get_lesson("klondike-ace-up"))
>>> run.answer("t2>t7").right
False
>>> verdict = run.answer("t4>fh")
>>> verdict.right, verdict.sentence
(True, 'Asy - jeżeli są odkryte - przekładamy nad rząd górny.')
>>> run.finished
True

The same run drives the terminal (``solitaire-widgets lesson NAME``), the
notebook's :class:`~solitaire_widgets.widgets.LessonWidget` and the book's
lessons, which run it in the page's engine (``solitaire_widgets.web.lesson``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass

from .errors import IllegalMoveError, NotationError, OptionError, SolitaireError, excerpt
from .game import Game
from .i18n import _
from .moves import Move
from .source_texts import quote

__all__ = ["Note", "Task", "Lesson", "Verdict", "LessonRun", "get_lesson", "lesson_names",
           "move_label"]


@dataclass(frozen=True)
class Note:
    """What a lesson says to one answer: ``answer`` (a move as typed, ``"t4>fh"``, or
    a word of a question with choices), ``words`` (English, marked for the
    catalogs, said in the reader's language) and ``sentence``: the original
    sentence of the game's text it rests on, as ``sources.SENTENCES`` holds it."""

    answer: str
    words: str
    sentence: str


@dataclass(frozen=True)
class Task:
    """One question of a lesson.

    ``right``: the answers it asks for, each with the note said when it is
    given; ``wrong``: the likely wrong answers, each with its note.
    ``every``: all the right answers are to be played (in any order the rules
    allow), not one of them. ``choices``: for a question answered with a word
    rather than a move, ``(answer, label)`` pairs (labels in English, marked
    for the catalogs). ``judge``: for such a question, a function that reads
    the right answer off the position with the engine (the count, the
    solver's verdict); the declared ``right`` notes must agree with it.
    """

    question: str
    right: tuple[Note, ...]
    wrong: tuple[Note, ...] = ()
    every: bool = False
    choices: tuple[tuple[str, str], ...] = ()
    judge: Callable[[Game], str] | None = None

    @property
    def asks_move(self) -> bool:
        """Whether it is answered by a move on the table (else by one of its choices)."""
        return not self.choices


@dataclass(frozen=True)
class Lesson:
    """A lesson: its ``name``, its ``game``, a ``title``, the position (the example
    ``example`` after ``at`` of its steps) and its questions in order."""

    name: str
    game: str
    title: str
    example: str
    at: int
    tasks: tuple[Task, ...]
    #: A lesson that stops a replay of ``example`` at step ``at`` ("your turn").
    checkpoint: bool = False

    def position(self) -> Game:
        """The game at the lesson's position (the example replayed ``at`` steps)."""
        from .examples import get_example
        from .save_reader import load_game

        data = get_example(self.example).save_data()
        data["moves"] = data["moves"][:self.at]
        return load_game(json.dumps(data))


@dataclass(frozen=True)
class Verdict:
    """The lesson's answer to an answer: ``right`` or not, the note in the reader's
    language (``words``), the cited ``sentence`` (original, '' if none) and
    ``quoted``: the sentence in guillemets with its translation."""

    answer: str
    right: bool
    words: str
    sentence: str
    quoted: str
    played: bool = False
    hint: bool = False

    def __str__(self) -> str:
        mark = "✓ " if self.right else "✗ "
        head = "" if self.hint else mark
        return f"{head}{self.words}" + (f"\n  {self.quoted}" if self.quoted else "")


def move_label(game: Game, text: str) -> str:
    """A move in a reader's words, whether it is legal now or not: the cards it takes
    and where they go (``the ace of hearts → the hearts foundation``), or an
    action's label (``Turn from the hand``)."""
    from .cards import card_words

    move = Move.parse(text)
    rules, table = game.rules, game.table
    if move.action != "move":
        return rules.action_label(move.action)
    pile = table.piles.get(move.src)
    count = min(move.count, len(pile.cards)) if pile is not None else 0
    first = len(pile.cards) - count if pile is not None else 0
    if pile is None or not count or not pile.face_up(first):
        what = rules.pile_name(table, move.src) if pile is not None else move.src
    elif count == 1:
        what = card_words(pile.cards[first]).nom
    else:
        what = _("{card} and the cards on it").format(card=card_words(pile.cards[first]).nom)
    return _("{cards} → {pile}").format(cards=what, pile=rules.pile_name(table, move.dst))


def _same(a: str, b: str) -> bool:
    try:
        return Move.parse(a.strip()) == Move.parse(b.strip())
    except NotationError:
        return a.strip().lower() == b.strip().lower()


class LessonRun:
    """A lesson being taken: the position now, the question now, and the answers.

    >>> run = LessonRun(get_lesson("quarrel-where-the-three-goes"))
    >>> print(run.answer("h>ls"))  # doctest: +ELLIPSIS
    ✗ ...
    >>> run.answer("h>rs").played
    True
    """

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.game = lesson.position()
        self.task_index = 0
        self.done: list[str] = []
        #: Every right answer given, in order (what :meth:`replay` takes back).
        self.given: list[str] = []

    @property
    def finished(self) -> bool:
        """Whether every question has been answered right."""
        return self.task_index >= len(self.lesson.tasks)

    @property
    def task(self) -> Task:
        return self.lesson.tasks[min(self.task_index, len(self.lesson.tasks) - 1)]

    @property
    def question(self) -> str:
        """The question now, in the reader's language ('' once the lesson is done)."""
        return "" if self.finished else _(self.task.question)

    def choices(self) -> list[tuple[str, str]]:
        """The answers offered now, ``(answer, label)`` in the reader's language: a word
        question's choices, or the moves a move question names (its right and
        wrong answers and the other legal moves), ordered by their labels."""
        if self.finished:
            return []
        task = self.task
        if task.choices:
            return [(answer, _(label)) for answer, label in task.choices]
        seen: dict[str, str] = {}
        candidates = [n.answer for n in task.right if n.answer not in self.done]
        candidates += [n.answer for n in task.wrong]
        candidates += [str(m) for m in self.game.legal_moves()]
        for text in candidates:
            key = str(Move.parse(text))
            if key not in seen:
                seen[key] = move_label(self.game, key)
        return sorted(seen.items(), key=lambda pair: (pair[1].casefold(), pair[0]))

    def expected(self) -> list[str]:
        """The answers the question asks for now (the judge's where it has one)."""
        task = self.task
        if task.judge is not None:
            return [task.judge(self.game)]
        left = [n.answer for n in task.right if n.answer not in self.done]
        if task.every:
            legal = [a for a in left if self.game.is_legal(a)]
            return legal or left
        return left

    def _verdict(self, answer: str, note: Note | None, right: bool,
                 played: bool = False) -> Verdict:
        words = _(note.words) if note is not None else ""
        cited = note.sentence if note is not None else ""
        quoted = quote(self.lesson.game, cited) if cited else ""
        return Verdict(answer, right, words, cited, quoted, played)

    def hint(self) -> Verdict:
        """The answer asked for now, with its note (nothing is played)."""
        if self.finished:
            return Verdict("", True, _("The lesson is done."), "", "", hint=True)
        answer = self.expected()[0]
        note = self._note(answer, self.task.right) or self._note(answer, self.task.wrong)
        label = dict(self.choices()).get(answer) or answer
        words = _("The answer: {answer}.").format(answer=label)
        cited = note.sentence if note else ""
        return Verdict(answer, True, words, cited,
                       quote(self.lesson.game, cited) if cited else "", hint=True)

    @staticmethod
    def _note(answer: str, notes: tuple[Note, ...]) -> Note | None:
        return next((n for n in notes if _same(n.answer, answer)), None)

    def answer(self, text: str) -> Verdict:
        """Check ``text`` (a move as typed, or a choice's answer): right, it is played
        (a move) and the lesson goes on; wrong, nothing changes and it can be
        answered again. Every verdict is in the reader's language."""
        if self.finished:
            return Verdict(text, False, _("The lesson is done: start it again to answer "
                                          "again."), "", "")
        text = " ".join(str(text).split())[:200]
        task = self.task
        if not text:
            return Verdict(text, False, _("Type a move or choose an answer."), "", "")
        if task.choices:
            return self._answer_word(text)
        try:
            move = Move.parse(text)
        except NotationError as error:
            return Verdict(text, False, str(error), "", "")
        key = str(move)
        if key not in (str(Move.parse(n.answer)) for n in task.right):
            return self._refuse(key, self._note(key, task.wrong))
        if key in self.done:
            return Verdict(key, False, _("You played that one already."), "", "")
        try:
            self.game.play(move)
        except IllegalMoveError as error:
            return self._refuse(key, self._note(key, task.wrong), str(error),
                                tuple(getattr(error, "sentences", ()) or ()))
        note = self._note(key, task.right)
        self.done.append(key)
        self.given.append(key)
        if not task.every or len(self.done) == len(task.right):
            self._next_task()
        return self._verdict(key, note, True, played=True)

    def _refuse(self, key: str, note: Note | None, why: str = "",
                cites: tuple[str, ...] = ()) -> Verdict:
        """A wrong move: its note, else the engine's refusal, else "not the one asked"."""
        if not why and not self.game.is_legal(key):
            try:
                self.game.clone().play(key)
            except SolitaireError as error:
                why = str(error)
                cites = tuple(getattr(error, "sentences", ()) or ())
        if note is not None:   # the lesson's own note says it better than the refusal
            return self._verdict(key, note, False)
        if why:
            # The engine's refusal, with the sentence it cites where it cites one.
            first = cites[0] if cites else ""
            return Verdict(key, False, _("Refused: {why}.").format(why=why), first,
                           quote(self.lesson.game, first) if first else "")
        return Verdict(key, False, _("The rules allow that move, but it is not the one "
                                     "the question asks for."), "", "")

    def _answer_word(self, text: str) -> Verdict:
        task = self.task
        answer = next((a for a, _label in task.choices if _same(a, text)), None)
        if answer is None:
            return Verdict(text, False, _("Choose one of the answers: {answers}.").format(
                answers=", ".join(_(label) for _a, label in task.choices)), "", "")
        right = answer in self.expected()
        note = self._note(answer, task.right if right else task.wrong) or self._note(
            answer, task.right + task.wrong)
        if right:
            self.done.append(answer)
            self.given.append(answer)
            self._next_task()
        return self._verdict(answer, note, right)

    def _next_task(self) -> None:
        self.task_index += 1
        self.done = []

    def replay(self, answers: list[str]) -> None:
        """Give ``answers`` in order (the page's stored progress); a wrong one stops it."""
        for text in answers:
            if self.finished or not self.answer(text).right:
                break


def _collect() -> dict[str, Lesson]:
    """Every registered game's lessons (the ``LESSONS`` its folder hands to the
    registry, from its ``lessons.py``), by name."""
    from .registry import GAMES, game_parts

    lessons: dict[str, Lesson] = {}
    for game in GAMES:
        for lesson in game_parts(game).lessons:
            lessons[lesson.name] = lesson
    return lessons


def __getattr__(name: str) -> object:
    # ``LESSONS``: every lesson by name, found when first asked for.
    if name == "LESSONS":
        return _collect()
    raise AttributeError(name)


def lesson_names(game: str | None = None) -> list[str]:
    """Every lesson's name (of ``game`` only, if given), each game's in its order.

    >>> lesson_names("chain")[0]
    'chain-which-cards-go-up'
    """
    return [n for n, lesson in _collect().items() if game is None or lesson.game == game]


def get_lesson(name: str) -> Lesson:
    """The lesson called ``name``; an unknown name is an :class:`~solitaire_widgets.errors.OptionError`."""
    found = _collect()
    try:
        return found[name]
    except KeyError:
        raise OptionError(_("there is no lesson called {name}; the lessons are: {names}").format(
            name=excerpt(name), names=", ".join(found))) from None
