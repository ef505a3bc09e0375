"""Quarrel's lost figure and its worked choice, rebuilt from the text's words.

The figure is lost. The text says: after the first round all eight fives lie
on their places and the round "was fairly successful"; the second layout was
opened by a hit on three, so it has three auxiliary cards, among them the
seven of clubs, which goes onto the six of clubs on the right half, a new
card taking its place; then the count goes on "four, five, six, …" until a
hit, perhaps a two, after which the third layout has two auxiliary cards.
``quarrel-eight-fives`` plays exactly that. ``quarrel-three-of-spades``
plays the text's worked choice: a base three of spades with the four and the
five of spades among the auxiliary cards goes to the right half.

The decks are stacked with :func:`stacked_deck` (the cards that matter first,
then the rest of the two packs), and each reshuffle's order is recorded with
:func:`stock_order`, so the replays owe nothing to a seed.
"""

from __future__ import annotations

from collections.abc import Iterable

from ...cards import Card, full_deck, parse_cards
from ...examples import Example
from ...i18n import N_
from ...source_texts import Said, add_text, quoted, translate
from .source import FOUR_OR_FIVE, TEXT

# The translations below are read from the text: gathered now, as the folder imports
# its examples before the registry gathers it (registry.register).
add_text("quarrel", TEXT)

__all__ = ["EXAMPLES", "FOUR_OR_FIVE", "stacked_deck", "stock_order"]


def _rest(chosen: Iterable[Card], gone: Iterable[Card] = ()) -> list[Card]:
    rest = full_deck(2)
    for card in list(chosen) + list(gone):
        rest.remove(card)
    return rest


def stacked_deck(first: str) -> str:
    """Two packs in dealing order: the cards of ``first``, then the rest in pack order.

    >>> deck = stacked_deck("5C 5C").split()
    >>> deck[:3], len(deck)
    (['5C', '5C', 'AC'], 104)
    """
    chosen = parse_cards(first)
    return " ".join(str(card) for card in chosen + _rest(chosen))


def stock_order(first: str, on_series: str) -> str:
    """A reshuffle's recorded order: the stock bottom to top, ``first`` to be dealt first.

    The stock holds every card not on a series (``on_series``). The result is
    exactly the ``cards`` of the shuffle event, so it is what
    :attr:`Example.shuffles` records.

    >>> order = stock_order("7C 9D", on_series="5C " * 2 + "5D 5D 5H 5H 5S 5S").split()
    >>> order[-2:], len(order)
    (['9D', '7C'], 96)
    """
    chosen = parse_cards(first)
    dealing = chosen + _rest(chosen, parse_cards(on_series))
    return " ".join(str(card) for card in reversed(dealing))


def _said(ru: str, note: str = "") -> Said:
    """Words beside a step: the text's sentence, its one translation (in the reader's
    language, when read), then our note."""
    return quoted("quarrel", ru, note)


# -- The eight fives ---------------------------------------------------------------

# Round 1. Counting "ace, two, three, four" meets no rank named; "five" meets
# the five of clubs. Five auxiliary cards follow, then the cards that refill
# the auxiliary places played out, then the deals counted on from "six",
# until "three" meets the three of spades.
_ROUND1 = (
    "9H 5D 6C 5S 5C "  # ace, two, three, four, FIVE!
    "5H 4D 5C 7S 5D "  # the five auxiliary cards
    "QD 8S TC JH "  # refills of auxiliary places 2, 1, 3 and 5
    "5H 2S 5S 3D KS 8H 2C 9S 4C JD 3S"  # six, seven, ..., two, THREE!
)
# On the series when round 1 ends: all eight fives, and a little more.
_SERIES1 = "5C 6C 5C 4C 5D 5D 4D 3D 5H 5H 5S 5S"
# Round 2: three auxiliary cards (the seven of clubs among them), the refill
# of the seven's place, then "four, five, ..., ace, TWO!".
_ROUND2 = (
    "9D 7C KC "  # the three auxiliary cards
    "QH "  # in place of the seven that has gone
    "6H 2D 4H JC 6S TH 7S 3C 9C AD 8D 2H"  # four, five, ..., ace, TWO!
)
_SERIES2 = _SERIES1 + " 7C 6H 2D 4H 6S 7S 3C AD"
# Round 3: two auxiliary cards, both of which can go at once, and the two
# cards that refill their places.
_ROUND3 = "3H 8C KH 9H"

_FIVES_SOURCE = (
    "Как раз такая ситуация и показана на рисунке Все восемь пятерок уже собраны и лежат на "
    "своих местах. Как видно, первый тур был довольно-таки удачным.\n"
    "При втором раскладе правильно была названа тройка. Следовательно, из колоды выбирают три "
    "вспомогательные карты. Теперь внимательно посмотрите, можно ли в этом раскладе строить "
    "какую-либо из серий. Например, семерку треф перекладывают на шестерку треф, которая "
    "находится на правой половине. А вместо ушедшей семерки во вспомогательный ряд выкладывают "
    "новую карту.\n"
    "Если все ходы исчерпаны, следует продолжать снимать из колоды карты и перечислять названия "
    "в возрастающем порядке (начиная с того места, на котором вы остановились): четверка, "
    "пятерка, шестерка, семерка, восьмерка, девятка, десятка, валет, дама, король, туз, двойка, "
    "тройка… и так до тех пор, пока не появится верно названная карта. Ею может оказаться и "
    "двойка. В этом случае, после того, как весь расклад будет снова собран (исключая базовые "
    "карты и построенные на них серии), на столе останутся две вспомогательные карты."
)
_FIVES_TRANSLATION = translate("quarrel", _FIVES_SOURCE)

_FIVES_STEPS: list[tuple[str, str]] = [
    ("deal", _said("Из колоды берут карты по одной. В это время игрок должен перечислять: "
                   "туз, двойка, тройка, четверка…",
                   N_("'Ace': the nine of hearts, face up in the row."))),
    ("deal", N_("'Two': the five of diamonds. Not named correctly: it stays in the row.")),
    ("deal", N_("'Three': the six of clubs.")),
    ("deal", N_("'Four': the five of spades.")),
    ("deal", _said("Например, если вдруг, когда вы сказали «пятерка», из колоды действительно "
                   "выпала пятерка, перечисление прекращается, а пятерки, в свою очередь, "
                   "становятся базовыми картами для восьми серий. Пятерку вынимают из ряда и "
                   "откладывают в сторону. … Так как базовой по воле случая оказалась "
                   "пятерка, то из колоды вынимают пять вспомогательных карт и выкладывают их "
                   "в один ряд под общим раскладом.",
                   N_("'Five!': the five of clubs. It waits to one side; the five auxiliary cards "
                   "are the five of hearts, the four of diamonds, the five of clubs, the seven "
                   "of spades and the five of diamonds."))),
    ("h>rc", N_("The six of clubs is in the row, so the five of clubs goes to the right half, "
             "where series go up.")),
    ("r3>rc", N_("The six of clubs follows at once.")),
    ("r2>ld", N_("The four of diamonds is among the auxiliary cards and no six of diamonds is in "
              "sight: the five of diamonds goes to the left half, where series go down.")),
    ("a2>ld", _said("На те места, которые стали свободными, кладут новые карты из колоды.",
                    N_("The four of diamonds follows; the queen of diamonds takes its place."))),
    ("r4>rs", N_("Neither the six nor the four of spades is in sight, so the text's advice, which "
              "looks for the cards that would follow at once, gives no reason for either half. "
              "The five of spades goes right, where the built-in strategy sends a base card "
              "when neither neighbour is in sight.")),
    ("a1>rh", N_("The five of hearts goes right too; the eight of spades takes its place.")),
    ("a3>lc", N_("The second five of clubs must go to the left half: the right one is taken. The "
              "ten of clubs takes its place.")),
    ("a5>rd", N_("The second five of diamonds goes right; the jack of hearts takes its place.")),
    ("deal", _said("Если игра зашла в тупик, продолжают выкладывать карты из колоды.",
                   N_("Counting on from the five: 'six' — the five of hearts."))),
    ("r6>lh", N_("The second five of hearts goes to the left half.")),
    ("deal", N_("'Seven': the two of spades.")),
    ("deal", N_("'Eight': the five of spades.")),
    ("r8>ls", N_("The second five of spades goes left: all eight fives are down.")),
    ("deal", N_("'Nine': the three of diamonds.")),
    ("r9>ld", N_("It goes onto the four of diamonds, left half.")),
    ("deal", N_("'Ten': the king of spades.")),
    ("deal", N_("'Jack': the eight of hearts.")),
    ("deal", N_("'Queen': the two of clubs.")),
    ("deal", N_("'King': the nine of spades, dealt to the thirteenth place of the first row.")),
    ("deal", _said("Но когда число карт в ряду достигает тринадцати, начинают составлять "
                   "следующий ряд.",
                   N_("'Ace': the four of clubs starts the second row. The first row holds only "
                   "six cards now, but thirteen places of it have been dealt: a row is thirteen "
                   "places dealt, and the places left by cards that went to a series are not "
                   "filled again."))),
    ("r14>lc", N_("It goes onto the five of clubs, left half.")),
    ("deal", N_("'Two': the jack of diamonds.")),
    ("deal", _said("Все восемь пятерок уже собраны и лежат на своих местах. Как видно, первый "
                   "тур был довольно-таки удачным. При втором раскладе правильно была названа "
                   "тройка. Следовательно, из колоды выбирают три вспомогательные карты.",
                   N_("'Three!': the three of spades fits no series. The layout is gathered and "
                   "shuffled; the second layout opens with three auxiliary cards: the nine of "
                   "diamonds, the seven of clubs and the king of clubs."))),
]
_FIVES_SHUFFLE1 = len(_FIVES_STEPS) - 1
_FIVES_STEPS += [
    ("a2>rc", _said("Например, семерку треф перекладывают на шестерку треф, которая находится "
                    "на правой половине. А вместо ушедшей семерки во вспомогательный ряд "
                    "выкладывают новую карту.",
                    N_("The queen of hearts takes its place."))),
    ("deal", _said("Если все ходы исчерпаны, следует продолжать снимать из колоды карты и "
                   "перечислять названия в возрастающем порядке (начиная с того места, на "
                   "котором вы остановились): четверка, пятерка, шестерка…",
                   N_("'Four': the six of hearts."))),
    ("r1>rh", N_("It goes onto the five of hearts, right half.")),
    ("deal", N_("'Five': the two of diamonds.")),
    ("r2>ld", N_("It goes onto the three of diamonds, left half.")),
    ("deal", N_("'Six': the four of hearts.")),
    ("r3>lh", N_("It goes onto the five of hearts, left half.")),
    ("deal", N_("'Seven': the jack of clubs.")),
    ("deal", N_("'Eight': the six of spades.")),
    ("r5>rs", N_("It goes onto the five of spades, right half.")),
    ("deal", N_("'Nine': the ten of hearts.")),
    ("deal", N_("'Ten': the seven of spades.")),
    ("r7>rs", N_("It goes onto the six of spades.")),
    ("deal", N_("'Jack': the three of clubs.")),
    ("r8>lc", N_("It goes onto the four of clubs, left half.")),
    ("deal", N_("'Queen': the nine of clubs.")),
    ("deal", N_("'King': the ace of diamonds.")),
    ("r10>ld", N_("It goes onto the two of diamonds: the left series turns the corner to the "
               "king.")),
    ("deal", N_("'Ace': the eight of diamonds.")),
    ("deal", _said("Ею может оказаться и двойка. В этом случае, после того, как весь расклад "
                   "будет снова собран (исключая базовые карты и построенные на них серии), на "
                   "столе останутся две вспомогательные карты.",
                   N_("'Two!': the two of hearts fits no series. The layout is gathered and "
                   "shuffled; the third layout opens with two auxiliary cards."))),
]
_FIVES_SHUFFLE2 = len(_FIVES_STEPS) - 1
_FIVES_STEPS += [
    ("a1>lh", _said("Серии продолжают достраиваться.",
                    N_("The three of hearts goes onto the four of hearts, left half; the king of "
                    "hearts takes its place."))),
    ("a2>rc", N_("The eight of clubs goes onto the seven of clubs, right half. This is the "
              "third and last round (the deck may be used only three times); the nine of "
              "hearts takes its place, and the count goes on from 'three'.")),
]

EIGHT_FIVES = Example(
    name="quarrel-eight-fives",
    game="quarrel",
    title=N_("Quarrel: the text's lost figure, all eight fives down"),
    summary=N_(
        "The first round finds the base rank at 'five!', puts all eight fives on their "
        "series (the six of clubs on the right half) and ends on a hit of three. The second "
        "layout has three auxiliary cards; the seven of clubs goes onto the six of clubs and a "
        "new card takes its place. The count goes on 'four, five, six, …' and ends on a two, "
        "so the third layout has two auxiliary cards."
    ),
    source=_FIVES_SOURCE,
    translation=_FIVES_TRANSLATION,
    deck=stacked_deck(_ROUND1),
    steps=tuple(_FIVES_STEPS),
    shuffles={
        _FIVES_SHUFFLE1: (stock_order(_ROUND2, _SERIES1),),
        _FIVES_SHUFFLE2: (stock_order(_ROUND3, _SERIES2),),
    },
)

# -- The three of spades -----------------------------------------------------------

_SPADES_SOURCE = (
    "Выбор, куда лучше положить базовую карту — на правую половину или же на левую, зависит от "
    "расклада. Допустим, базовой картой стала пиковая тройка. Следует внимательно изучить весь "
    "расклад, а также все пять вспомогательных карт. Если среди этих карт есть четверка или "
    "еще, что вообще хорошо, пятерка пик, тройку, естественно, перемещают на правую половину, "
    "так как именно правые серии строятся по возрастающему принципу и четверку и пятерку можно "
    "будет сразу подключить к этой серии. На те места, которые стали свободными, кладут новые "
    "карты из колоды. Если снова появится тройка, вопрос, куда ее положить, решается точно так "
    "же, как было описано выше."
)
_SPADES_TRANSLATION = translate("quarrel", _SPADES_SOURCE)

THREE_OF_SPADES = Example(
    name="quarrel-three-of-spades",
    game="quarrel",
    title=N_("Quarrel: where the base three of spades goes"),
    summary=N_(
        "'Three!' meets the three of spades. Among the three auxiliary cards are the four and "
        "the five of spades, so the three goes to the right half and the four and five follow "
        "at once; their places are refilled. A three of hearts then turns up with the two of "
        "hearts in the row: it goes left. The second three of spades must go left too."
    ),
    source=_SPADES_SOURCE,
    translation=_SPADES_TRANSLATION,
    deck=stacked_deck(
        "2H KD 3S "  # ace, two, THREE!
        "4S 9C 5S "  # three auxiliary cards
        "3H 7D QC "  # refills of auxiliary places 1, 3 and 1
        "3S 6S"  # four, five
    ),
    steps=(
        ("deal", N_("'Ace': the two of hearts.")),
        ("deal", N_("'Two': the king of diamonds.")),
        ("deal", _said("Допустим, базовой картой стала пиковая тройка. Следует внимательно "
                       "изучить весь расклад, а также все пять вспомогательных карт.",
                       N_("'Three!': the three of spades. A three brings three auxiliary cards, "
                       "not five (the text's five is a slip carried over from its first "
                       "example): the four of spades, the nine of clubs, the five of spades."))),
        ("h>rs", _said("Если среди этих карт есть четверка или еще, что вообще хорошо, пятерка "
                       "пик, тройку, естественно, перемещают на правую половину, так как именно "
                       "правые серии строятся по возрастающему принципу…")),
        ("a1>rs", _said("…и четверку и пятерку можно будет сразу подключить к этой серии. На те "
                        "места, которые стали свободными, кладут новые карты из колоды.",
                        N_("The four of spades; the three of hearts takes its place."))),
        ("a3>rs", N_("The five of spades; the seven of diamonds takes its place.")),
        ("a1>lh", _said("Если снова появится тройка, вопрос, куда ее положить, решается точно "
                        "так же, как было описано выше.",
                        N_("The three of hearts: no four of hearts is in sight, but the two of "
                        "hearts is, so it goes to the left half, where series go down. The "
                        "queen of clubs takes its place."))),
        ("r1>lh", N_("The two of hearts follows at once.")),
        ("deal", N_("'Four': the second three of spades.")),
        ("r4>ls", N_("Its right-hand place is taken, so it starts the spades series on the left "
                  "half.")),
        ("deal", N_("'Five': the six of spades.")),
        ("r5>rs", N_("It goes onto the five of spades, right half.")),
    ),
)

EXAMPLES = [EIGHT_FIVES, THREE_OF_SPADES]
