"""Chain's illustrated first layout, rebuilt from the text's words.

The figure is lost. The text says which layout cards can start or extend a
series: the two of hearts, the two and three of clubs, and the two, three,
four and five of spades. So the layout holds no two of diamonds, no three of
hearts, no four of clubs and no six of spades. Playing those seven cards frees
seven places, filled from the stock; and "the auxiliary row is not needed
yet" with such a layout, so after the refills play goes on without it: the
stock brings the two of diamonds and the three of hearts, which go straight
onto their series and free the three of diamonds and the four of hearts in
the layout.

The replay shows the deal card by card, the twos still in their places (the
text counts them among the layout's cards), then the twos going up.
"""

from __future__ import annotations

from ...cards import full_deck, parse_cards
from ...examples import Example
from ...i18n import N_
from ...source_texts import add_text, quoted, translate
from .source import TEXT

# The translations below are read from the text: gathered now, as the folder imports
# its examples before the registry gathers it (registry.register).
add_text("chain", TEXT)

__all__ = ["EXAMPLES", "stacked_deck"]


def stacked_deck(first: str) -> str:
    """A full pack in dealing order: the cards of ``first``, then the rest in pack order.

    >>> stacked_deck("AS KH").split()[:3]
    ['AS', 'KH', 'AC']
    """
    chosen = parse_cards(first)
    rest = full_deck()
    for card in chosen:
        rest.remove(card)
    return " ".join(str(card) for card in chosen + rest)


# Three rows of eight. The seven cards the text names are spread over the
# rows; the other seventeen can start or extend nothing.
_LAYOUT = (
    "KH 2S 9D 7C QS 3C 5D 8H "
    "TC 2H JD 4S 4H 9S 6C KD "
    "5S 7H 2C 3D QC 3S 8S 6D"
)
# The first stock cards: seven fill the freed places; between them the two of
# diamonds and the three of hearts go straight onto their series, so the three
# of diamonds and the four of hearts in the layout can go up next.
_STOCK_START = "9H 2D JC 8D 3H KS TD AS 9C"

_SOURCE = (
    "На рисунке  приведен пример первой раскладки. Чтобы создать серии, можно использовать "
    "следующие карты; червовая двойка, двойка и тройка треф, а также двойка, тройка, четверка "
    "и пятерка пик. Когда эти карты будут отложены в отдельные серии, в раскладе освободится "
    "много мест, которые следует заполнить другими картами из колоды. Вспомогательный ряд при "
    "таком раскладе пока не нужен."
)
_TRANSLATION = translate("chain", _SOURCE)

_DEAL_WORDS = (
    quoted("chain", "Одну часть колоды раскладывают картинкой вверх в три горизонтальных ряда "
                   "так, чтобы в каждом было по восемь карт."),
    quoted("chain", "Двойки, которые выпали при раскладе, выкладывают в отдельный ряд над "
                   "основным раскладом.",
          N_("The two of spades, the two of hearts and the two of clubs go up.")),
)

FIRST_LAYOUT = Example(
    name="chain-first-layout",
    game="chain",
    title=N_("Chain: the text's example of a first layout"),
    summary=N_(
        "A first layout of three rows of eight in which exactly the two of hearts, the two and "
        "three of clubs and the two to five of spades can start or extend a series. The twos go "
        "up when the layout is down; the three of clubs and the three, four and five of spades "
        "follow; the seven places they free are filled from the stock, and play goes on "
        "without the auxiliary row."
    ),
    source=_SOURCE,
    translation=_TRANSLATION,
    deck=stacked_deck(_LAYOUT + " " + _STOCK_START),
    deal_frames=_DEAL_WORDS,
    steps=(
        ("l6>fc", N_("the three of clubs goes onto the two of clubs: ")
                  + quoted("chain", "двойка и тройка треф")),
        ("l22>fs", N_("the three of spades goes onto the two of spades")),
        ("l12>fs", N_("the four of spades follows")),
        ("l17>fs", N_("and the five of spades: ")
                   + quoted("chain", "двойка, тройка, четверка и пятерка пик")),
        ("fill", quoted("chain", "в раскладе освободится много мест",
                       N_("The nine of hearts from the stock fills the first free place."))),
        ("fill", quoted("chain", "(Иногда получается и так, что несколько карт, вынутых подряд "
                               "из колоды, могут составлять продолжение серии, минуя расклад.)",
                       N_("The two of diamonds fits: it goes straight up and starts the diamonds "
                       "series, and the place waits for the next card"))),
        ("fill", N_("the jack of clubs fills the second free place")),
        ("fill", N_("the eight of diamonds, the third")),
        ("fill", N_("the three of hearts goes straight onto the two of hearts")),
        ("fill", N_("the king of spades, the fourth free place")),
        ("fill", N_("the ten of diamonds, the fifth")),
        ("fill", N_("the ace of spades, the sixth")),
        ("fill", N_("the nine of clubs, the seventh: every freed place is filled, and play goes "
                 "on: the three of diamonds and the four of hearts in the layout can go up. ")
                 + quoted("chain", "Вспомогательный ряд при таком раскладе пока не нужен.")),
    ),
)

EXAMPLES = [FIRST_LAYOUT]
