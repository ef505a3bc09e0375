"""Quarrel's lessons: positions of the text's examples, a question, and the move it asks for.

Each note cites the sentence of the Russian text it rests on, as
``sources.SENTENCES["quarrel"]`` holds it (see :mod:`solitaire_widgets.lessons`).
"""

from __future__ import annotations

from ...game import Game
from ...i18n import N_
from ...lessons import Lesson, Note, Task
from ..common import next_up

__all__ = ["LESSONS", "next_name"]

_COUNT = "В это время игрок должен перечислять: туз, двойка, тройка, четверка…"
_ACE_TO_KING = ("Выкладывая одну за другой карты из колоды, не стоит забывать постоянно "
                "перечислять названия от туза до короля, начиная затем опять с туза.")
_ONE_AT_A_TIME = "Из колоды берут карты по одной."
_NAMED = ("Например, если вдруг, когда вы сказали «пятерка», из колоды действительно выпала "
          "пятерка, перечисление прекращается, а пятерки, в свою очередь, становятся базовыми "
          "картами для восьми серий.")
_FOUR_OR_FIVE = ("Если среди этих карт есть четверка или еще, что вообще хорошо, пятерка пик, "
                 "тройку, естественно, перемещают на правую половину, так как именно правые "
                 "серии строятся по возрастающему принципу и четверку и пятерку можно будет "
                 "сразу подключить к этой серии.")
_UP_AND_DOWN = ("На тех пятерках, которые лежат на правой половине поля, строят серии по "
                "возрастающей, а на пятерках, лежащих слева, — по убывающей.")
_DEAD_END = "Если игра зашла в тупик, продолжают выкладывать карты из колоды."
_LOOK = "Теперь внимательно посмотрите, можно ли в этом раскладе строить какую-либо из серий."
_SEVEN_OF_CLUBS = "Например, семерку треф перекладывают на шестерку треф, которая находится на правой половине."
_NO_CROSSING = ("Также нельзя менять местами карты возрастающей серии на карты убывающей серии (и "
                "наоборот), одним словом, запрещается перемещать карты с правого поля на левое "
                "или с левого на правое.")


def next_name(game: Game) -> str:
    """The rank named with the next card dealt, as a number (``"1"``: ace), read off
    the engine's count."""
    count = int(game.table.facts["count"] or 0)
    return str(next_up(count) if count else 1)


NEXT_COUNT = Lesson(
    name="quarrel-next-count",
    game="quarrel",
    title=N_("Quarrel: name the next count and deal"),
    example="quarrel-three-of-spades",
    at=2,
    tasks=(
        Task(
            question=N_("Cards are dealt one at a time, each with a name: the last two were "
                        "named \u201cace\u201d and \u201ctwo\u201d. Which name goes with the next "
                        "card?"),
            choices=(("1", N_("\u201cAce\u201d")), ("2", N_("\u201cTwo\u201d")),
                     ("3", N_("\u201cThree\u201d")), ("4", N_("\u201cFour\u201d"))),
            judge=next_name,
            right=(Note("3", N_("Right: \u201cthree\u201d, the names go on in order from the ace "
                                "to the king."), _COUNT),),
            wrong=(
                Note("1", N_("The count does not start again at each card: it goes on from "
                             "the ace to the king, and only then from the ace again."),
                     _ACE_TO_KING),
                Note("2", N_("\u201cTwo\u201d was said already: each card gets the next name."),
                     _COUNT),
                Note("4", N_("No name is skipped: after \u201ctwo\u201d comes \u201cthree\u201d."),
                     _COUNT),
            ),
        ),
        Task(
            question=N_("Now deal the next card, saying \u201cthree\u201d."),
            right=(Note("deal", N_("A three it is: named correctly! The counting stops, and the "
                                   "threes become the base cards."), _NAMED),),
        ),
    ),
)

WHERE_THE_THREE_GOES = Lesson(
    name="quarrel-where-the-three-goes",
    game="quarrel",
    title=N_("Quarrel: where the base card goes, by the text's words"),
    example="quarrel-three-of-spades",
    at=3,
    checkpoint=True,
    tasks=(
        Task(
            question=N_("The three of spades is the base card. Look at the auxiliary cards: "
                        "does it go to the right half or the left?"),
            right=(Note("h>rs", N_("Right: the four and the five of spades are among the "
                                   "auxiliary cards, and the right-hand series go up, so they "
                                   "can join it at once."), _FOUR_OR_FIVE),),
            wrong=(Note("h>ls", N_("The left half builds down: the four and the five of spades "
                                   "waiting among the auxiliary cards could not join it."),
                        _FOUR_OR_FIVE),),
        ),
        Task(
            question=N_("Now send the card that can go up."),
            right=(Note("a1>rs", N_("Right: the four of spades joins the three at once, and a "
                                    "new card from the deck takes its place."), _FOUR_OR_FIVE),),
            wrong=(
                Note("a3>rs", N_("The five of spades comes after the four: a series is built "
                                 "one rank at a time."), _UP_AND_DOWN),
                Note("deal", N_("Not yet: cards are dealt on when the game has run into a dead "
                                "end, and the four of spades can go up."), _DEAD_END),
            ),
        ),
    ),
)

SEVEN_OF_CLUBS = Lesson(
    name="quarrel-seven-of-clubs",
    game="quarrel",
    title=N_("Quarrel: send the card that can go up"),
    example="quarrel-eight-fives",
    at=28,
    checkpoint=True,
    tasks=(
        Task(
            question=N_("Second round: a three was named, and three auxiliary cards lie below "
                        "the series. Can any series be built on? Play it."),
            right=(Note("a2>rc", N_("Right: the seven of clubs goes onto the six of clubs on the "
                                    "right half, and a new card takes its place."),
                        _SEVEN_OF_CLUBS),),
            wrong=(
                Note("a2>lc", N_("The left-hand series go down: the clubs on the left need the "
                                 "three, not the seven."), _UP_AND_DOWN),
                Note("deal", N_("Look again before dealing on: the seven of clubs can be built "
                                "on a series."), _LOOK),
                Note("rc>lc", N_("A card never crosses from one half to the other."),
                     _NO_CROSSING),
            ),
        ),
    ),
)

LESSONS = [NEXT_COUNT, WHERE_THE_THREE_GOES, SEVEN_OF_CLUBS]
