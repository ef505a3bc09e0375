"""Klondike's lessons: positions of the text's examples, a question, and the move it asks for.

Each note cites the sentence of the Polish text it rests on, as
``sources.SENTENCES["klondike"]`` holds it (see :mod:`solitaire_widgets.lessons`).
"""

from __future__ import annotations

from ...game import Game
from ...i18n import N_
from ...lessons import Lesson, Note, Task

__all__ = ["LESSONS", "solver_says"]

_ACES = "Asy - jeżeli są odkryte - przekładamy nad rząd górny."
_RED_ON_BLACK = ("Rozgrywkę prowadzimy przekładając na dolne, odkryte w poszczególnych rzędach "
                 "pionowych karty, karty młodsze - lecz zawsze czarne na czerwone lub czerwone "
                 "na czarne.")
_SINGLE_OR_SEQUENCE = ("Na te dolne karty mamy prawo przenosić karty pojedyncze, pasujące tam "
                       "punktacją i kolorem lub całe sekwensy, ułożone już na innym rzędzie.")
_LOWER_PART = "W razie potrzeby możemy przenieść tylko dolną część sekwensu."
_UP_ON_ACES = "Na asach tych układać będziemy ciągi rosnące w kolorze."
_TO_THE_ACES = ("Co się da przenosimy z sekwensów na asy, które w miarę ukazywania się "
                "przenosimy na górę.")
_ONLY_A_KING = ("Jeżeli uzyskamy wolne miejsce, czyli jakiś rząd pionowy rozładujemy zupełnie, to "
                "na miejsce to mamy prawo przenieść tylko samego króla lub z leżącym na nim "
                "sekwensem.")
_THE_HAND = ("Po wyczerpaniu wszystkich kombinacji szukamy pomocy w kartach z ręki, wykładając "
             "je po kolei i w razie możliwości wprowadzając do rozgrywki.")
_FOURTH = "Jeżeli jesteśmy zmuszeni położyć tam czwartą - pasjans nie wyszedł."


def solver_says(game: Game) -> str:
    """The solver's verdict on ``game``: ``"yes"`` (it can still be won), ``"no"``, or
    ``""`` when it cannot tell within a few seconds."""
    from .solver import can_win

    verdict = can_win(game, max_seconds=5.0)
    return "" if verdict is None else "yes" if verdict else "no"


ACE_UP = Lesson(
    name="klondike-ace-up",
    game="klondike",
    title=N_("Klondike: send the card that can go up"),
    example="klondike-deal",
    at=0,
    tasks=(
        Task(
            question=N_("The deal is down. One card can go up above the columns: send it there."),
            right=(Note("t4>fh", N_("Right: the ace of hearts goes above the columns and starts "
                                    "its foundation; the card under it is turned up."), _ACES),),
            wrong=(
                Note("t2>t7", N_("The queen of clubs may go onto the king of hearts, but it does "
                                 "not go up: an ace lies face up at the end of column 4."), _ACES),
                Note("t5>t2", N_("The jack of diamonds may go onto the queen of clubs, but it "
                                 "does not go up: look for a face-up ace."), _ACES),
                Note("t4>t1", N_("An ace goes onto no column: a column takes a card one rank "
                                 "lower, of the other colour."), _RED_ON_BLACK),
                Note("turn", N_("Not yet: the hand helps only when the table has nothing left "
                                "to play, and an ace can go up."), _THE_HAND),
            ),
        ),
    ),
)

LOWER_PART = Lesson(
    name="klondike-lower-part",
    game="klondike",
    title=N_("Klondike: move only the lower part of a sequence"),
    example="klondike-partial-sequence",
    at=5,
    checkpoint=True,
    tasks=(
        Task(
            question=N_("The four of hearts could go up onto the three of hearts, but the three "
                        "of clubs and the two of diamonds lie on it. Move what has to move."),
            right=(Note("t2:2>t1", N_("Right: the three of clubs and the two of diamonds, the "
                                      "lower part of the sequence, go onto the four of diamonds."),
                        _LOWER_PART),),
            wrong=(
                Note("t2>t1", N_("The two of diamonds alone does not fit on the four of "
                                 "diamonds: a column takes a card one rank lower, of the other "
                                 "colour."), _SINGLE_OR_SEQUENCE),
                Note("t2:3>t1", N_("The whole sequence would put the four of hearts on the "
                                   "four of diamonds: only its lower part fits."), _LOWER_PART),
                Note("t2>fh", N_("The two of diamonds does not go onto the hearts: a foundation "
                                 "rises in its own suit."), _UP_ON_ACES),
                Note("turn", N_("The table still has a move: the hand helps only when all the "
                                "combinations are exhausted."), _THE_HAND),
            ),
        ),
        Task(
            question=N_("The four of hearts is free now: send it up."),
            right=(Note("t2>fh", N_("Right: the four of hearts goes onto the three of hearts."),
                        _TO_THE_ACES),),
            wrong=(
                Note("t1>fh", N_("The two of diamonds is not a heart: a foundation rises in its "
                                 "own suit."), _UP_ON_ACES),
            ),
        ),
    ),
)

KING_TO_EMPTY = Lesson(
    name="klondike-free-place",
    game="klondike",
    title=N_("Klondike: where a card goes, by the text's words: the free place"),
    example="klondike-king-to-empty",
    at=2,
    checkpoint=True,
    tasks=(
        Task(
            question=N_("Column 7 is empty. Move into it the longest sequence the text allows."),
            right=(Note("t3:3>t7", N_("Right: a free place takes only a king, alone or with the "
                                      "sequence on it: the king of hearts goes there with the "
                                      "queen and the jack."), _ONLY_A_KING),),
            wrong=(
                Note("t3>t7", N_("The jack of diamonds may not go into a free place: only a "
                                 "king may."), _ONLY_A_KING),
                Note("t3:2>t7", N_("The queen of spades may not go into a free place, even with "
                                   "its sequence: only a king may."), _ONLY_A_KING),
                Note("t6>t7", N_("The king of diamonds may go there, but alone: the king of "
                                 "hearts brings its whole sequence with it."), _ONLY_A_KING),
            ),
        ),
    ),
)

STILL_WINNABLE = Lesson(
    name="klondike-still-winnable",
    game="klondike",
    title=N_("Klondike: is this position still winnable?"),
    example="klondike-fourth-waste-card",
    at=27,
    tasks=(
        Task(
            question=N_("Second pass: the waste holds three cards and nothing on the table can "
                        "be played. Can this position still be won? The solver, which sees "
                        "every card, answers."),
            choices=(("yes", N_("Yes, it can still be won")),
                     ("no", N_("No, it cannot be won any more"))),
            judge=solver_says,
            right=(Note("no", N_("Right, the solver finds no winning line: the next card of the "
                                 "hand fits nowhere and would be the fourth on the waste."),
                        _FOURTH),),
            wrong=(Note("yes", N_("The solver finds no winning line: the next card of the hand "
                                  "fits nowhere and would be the fourth on the waste."),
                        _FOURTH),),
        ),
        Task(
            question=N_("Turn the next card from the hand and see."),
            right=(Note("turn", N_("The seven of diamonds fits nowhere: it is the fourth card "
                                   "on the waste, and the solitaire has not come out."),
                        _FOURTH),),
        ),
    ),
)

LESSONS = [ACE_UP, KING_TO_EMPTY, LOWER_PART, STILL_WINNABLE]
