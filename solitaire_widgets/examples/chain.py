"""Chain's illustrated first layout, rebuilt from the text's words.

The figure is lost. The text says which layout cards can start or extend a
series: the two of hearts, the two and three of clubs, and the two, three,
four and five of spades. So the layout holds no two of diamonds, no three of
hearts, no four of clubs and no six of spades. Playing those seven cards frees
seven places, filled from the stock; the auxiliary row is not needed.
"""

from __future__ import annotations

from ..cards import full_deck, parse_cards
from . import Example

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
# The first stock cards fill the seven freed places; none of them fits a series.
_STOCK_START = "AS TD 5H JC 8D KS 9H"

_SOURCE = (
    "На рисунке  приведен пример первой раскладки. Чтобы создать серии, можно использовать "
    "следующие карты; червовая двойка, двойка и тройка треф, а также двойка, тройка, четверка "
    "и пятерка пик. Когда эти карты будут отложены в отдельные серии, в раскладе освободится "
    "много мест, которые следует заполнить другими картами из колоды. Вспомогательный ряд при "
    "таком раскладе пока не нужен."
)
_TRANSLATION = (
    "The figure shows an example of a first layout. To build series you can use the following "
    "cards: the two of hearts, the two and three of clubs, and also the two, three, four and "
    "five of spades. When these cards have been laid aside in their own series, many places in "
    "the layout will come free, and they should be filled with other cards from the deck. The "
    "auxiliary row is not needed for such a layout yet."
)

FIRST_LAYOUT = Example(
    name="chain-first-layout",
    game="chain",
    title="Chain: the text's example of a first layout",
    summary=(
        "A first layout of three rows of eight in which exactly the two of hearts, the two and "
        "three of clubs and the two to five of spades can start or extend a series. The twos go "
        "up when the layout is down; the three of clubs and the three, four and five of spades "
        "follow; the seven places they free are filled from the stock."
    ),
    source=_SOURCE,
    translation=_TRANSLATION,
    deck=stacked_deck(_LAYOUT + " " + _STOCK_START),
    steps=(
        ("l6>fc", "the three of clubs goes onto the two of clubs: «двойка и тройка треф»"),
        ("l22>fs", "the three of spades goes onto the two of spades"),
        ("l12>fs", "the four of spades follows"),
        ("l17>fs", "and the five of spades: «двойка, тройка, четверка и пятерка пик»"),
        ("fill", "«в раскладе освободится много мест»: the first free place is filled from the stock"),
        ("fill", "the second free place is filled"),
        ("fill", "the third"),
        ("fill", "the fourth"),
        ("fill", "the fifth"),
        ("fill", "the sixth"),
        ("fill", "the seventh: every freed place is filled; the auxiliary row is not needed"),
    ),
)

EXAMPLES = [FIRST_LAYOUT]
