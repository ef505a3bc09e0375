"""Chain's lessons: the text's own figure of a first layout, and what may be played on it.

Each note cites the sentence of the Russian text it rests on, as
``sources.SENTENCES["chain"]`` holds it (see :mod:`solitaire_widgets.lessons`).
"""

from __future__ import annotations

from ...i18n import N_
from ...lessons import Lesson, Note, Task

__all__ = ["LESSONS"]

_THESE_CARDS = ("Чтобы создать серии, можно использовать следующие карты; червовая двойка, двойка "
                "и тройка треф, а также двойка, тройка, четверка и пятерка пик.")
_SPADES = ("Например, для двойки пик это будут, соответственно, тройка пик, четверка пик, "
           "пятерка, шестерка и так далее, вплоть до пикового туза.")
_ALL_SUITS = "Это же правило действует и для всех остальных мастей."
_NO_FORCE = ("Например, тройка бубен не имеет никакой силы до тех пор, пока не появится двойка "
             "бубен.")
_FREED = ("Когда эти карты будут отложены в отдельные серии, в раскладе освободится много мест, "
          "которые следует заполнить другими картами из колоды.")
_NEW_CARDS = ("Новые карты из колоды кладут на освободившиеся в основном раскладе места или же "
              "сразу используют для продолжения серии, если соответствуют по масти и числу.")
_NO_AUX = "Вспомогательный ряд при таком раскладе пока не нужен."
_STUCK = ("Если пасьянс зайдет в тупик сразу же после первой раскладки (например, в раскладе "
          "оказалась только одна двойка и нет карт, чтобы можно было продолжить серию), можно "
          "достать из колоды четыре любые карты и положить их под общим раскладом в отдельный "
          "вспомогательный ряд картинками вверх.")

WHICH_CARDS = Lesson(
    name="chain-which-cards-go-up",
    game="chain",
    title=N_("Chain: which cards are playable in this layout"),
    example="chain-first-layout",
    at=0,
    tasks=(
        Task(
            question=N_("The text's own figure: the twos are up. Which cards of this layout "
                        "can go onto their series? Play every one of them."),
            every=True,
            right=(
                Note("l6>fc", N_("Right: the three of clubs goes onto the two of clubs."),
                     _THESE_CARDS),
                Note("l22>fs", N_("Right: the three of spades goes onto the two of spades."),
                     _THESE_CARDS),
                Note("l12>fs", N_("Right: the four of spades follows the three."), _SPADES),
                Note("l17>fs", N_("Right: and the five of spades follows the four."), _SPADES),
            ),
            wrong=(
                Note("l20>fd", N_("The three of diamonds has no force until the two of diamonds "
                                  "appears."), _NO_FORCE),
                Note("l13>fh", N_("The hearts series needs its three first, not the four: a "
                                  "series goes up one rank at a time."), _ALL_SUITS),
                Note("fill", N_("Not yet: the places are filled from the deck once these cards "
                                "have been put aside into their series."), _FREED),
            ),
        ),
    ),
)

FILL = Lesson(
    name="chain-fill-the-places",
    game="chain",
    title=N_("Chain: what comes after the cards that go up"),
    example="chain-first-layout",
    at=4,
    checkpoint=True,
    tasks=(
        Task(
            question=N_("The cards the text names have gone up and left places free. What "
                        "comes next?"),
            right=(Note("fill", N_("Right: new cards from the deck go onto the freed places, or "
                                   "straight onto their series when they fit."), _NEW_CARDS),),
            wrong=(
                Note("aux", N_("With such a layout the auxiliary row is not needed: it is for a "
                               "dead end straight after the first layout."), _NO_AUX),
                Note("l20>fd", N_("The three of diamonds still has no force: the two of "
                                  "diamonds has not appeared."), _NO_FORCE),
            ),
        ),
    ),
)

THREE_OF_DIAMONDS = Lesson(
    name="chain-three-of-diamonds",
    game="chain",
    title=N_("Chain: send the cards that can go up"),
    example="chain-first-layout",
    at=13,
    tasks=(
        Task(
            question=N_("The two of diamonds and the three of hearts came from the deck and went "
                        "straight up. Which cards of the layout can go up now? Play them."),
            every=True,
            right=(
                Note("l20>fd", N_("Right: now that the two of diamonds is up, the three of "
                                  "diamonds has its force."), _NO_FORCE),
                Note("l13>fh", N_("Right: the four of hearts follows the three of hearts."),
                     _ALL_SUITS),
            ),
            wrong=(
                Note("l7>fd", N_("The five of diamonds waits for the four: a series goes up one "
                                 "rank at a time."), _SPADES),
                Note("aux", N_("The auxiliary row is for a dead end straight after the first "
                               "layout, and this one is not stuck."), _STUCK),
            ),
        ),
    ),
)

LESSONS = [WHICH_CARDS, FILL, THREE_OF_DIAMONDS]
