"""Klondike (Polish rules): the rule demonstrations, as replays on stacked decks.

The Polish text has no figure; these replays show its rules at work: the
column-by-column deal, moving only the lower part of a sequence, a king with
its sequence into an empty column, and a second pass that ends because a
fourth card would have to go on the waste.

>>> game = EXAMPLES[0].play()
>>> dealt = game.position_at(0)
>>> [len(dealt.piles[f"t{i}"].cards) for i in range(1, 8)], len(dealt.piles["s"].cards)
([7, 6, 5, 4, 3, 2, 1], 24)
>>> game.pile("fh").cards
[Card.parse('AH')]
"""

from __future__ import annotations

from collections.abc import Sequence

from ...cards import full_deck, parse_cards
from ...errors import DeckError
from ...examples import Example
from ...i18n import N_
from ...source_texts import add_text, translate
from .source import TEXT

# The translations below are read from the text: gathered now, as the folder imports
# its examples before the registry gathers it (registry.register).
add_text("klondike", TEXT)

__all__ = ["EXAMPLES", "deck_for", "COLUMN_SIZES"]

#: How many cards each column gets in the deal, left to right.
COLUMN_SIZES = (7, 6, 5, 4, 3, 2, 1)


def deck_for(columns: Sequence[str] = (), stock: str = "") -> str:
    """A full 52-card deck, in dealing order, that deals the wanted cards.

    ``columns[i]`` gives the last cards of column ``i + 1``, bottom to top (the
    last one is dealt face up); ``stock`` the first cards turned from the hand,
    in the order they are turned. Every other place is filled with the cards
    not named, in the pack's order (clubs first, ace up).

    >>> deck = deck_for(["KS QH"], stock="AD")
    >>> deck.split()[5:7], deck.split()[28]
    (['KS', 'QH'], 'AD')
    """
    if len(columns) > len(COLUMN_SIZES):
        raise DeckError("Klondike has seven columns")
    wanted = [parse_cards(text) for text in columns]
    wanted += [[] for _ in range(len(COLUMN_SIZES) - len(wanted))]
    first_turned = parse_cards(stock)
    named = [card for cards in wanted for card in cards] + first_turned
    if len(set(named)) != len(named):
        raise DeckError("a card is named twice")
    for size, cards in zip(COLUMN_SIZES, wanted, strict=True):
        if len(cards) > size:
            raise DeckError(f"a column of {size} cards cannot end with {len(cards)} named cards")
    if len(first_turned) > 52 - sum(COLUMN_SIZES):
        raise DeckError("the hand holds only 24 cards")
    spare = [card for card in full_deck() if card not in set(named)]
    deck = []
    for size, cards in zip(COLUMN_SIZES, wanted, strict=True):
        fill = size - len(cards)
        deck += spare[:fill] + cards
        del spare[:fill]
    deck += first_turned + spare
    return " ".join(str(card) for card in deck)


def _example(name: str, title: str, summary: str, source: str, deck: str,
             steps: tuple[tuple[str, str], ...]) -> Example:
    """A Klondike example: the sentences of the text in ``source``, with their translation.

    >>> _example("x", "A title", "A summary.", "Reszta kart zostaje w ręku.", deck_for(),
    ...          ()).translation
    'The rest of the cards stay in the hand.'
    """
    return Example(name=name, game="klondike", title=title, summary=summary, source=source,
                   translation=translate("klondike", source), deck=deck, steps=steps)


_DEAL_SUMMARY = N_(
    "The deal, column by column from the top of the hand: the first column gets six cards "
    "face down and a seventh face up, the second five and one, and so on to the seventh, a "
    "single face-up card. However the text's rows are pictured, the table is the same: seven "
    "columns of 7, 6, 5, 4, 3, 2 and 1 cards from left to right, only the last card of each "
    "face up (28 cards). The other 24 cards stay in the hand (the stock). The ace of hearts "
    "lies face up at the end of column 4, so it goes up to start its foundation, and the card "
    "under it is turned up."
)

_DEAL_SOURCE = (
    "W rzędzie pionowym kładziemy sześć kart zakrytych i siódmą odkrytą. Następnym rzędem "
    "nakrywamy do połowy rząd wyższy. Układamy w nim pięć kart zakrytych i szóstą odkrytą. "
    "I tak aż do momentu, kiedy położymy w siódmym rzędzie poziomym tylko jedną kartę "
    "odkrytą. Reszta kart zostaje w ręku. Asy - jeżeli są odkryte - przekładamy nad rząd "
    "górny."
)

_DEAL = _example(
    name="klondike-deal",
    title=N_("The deal: seven columns of 7, 6, ..., 1 cards"),
    summary=_DEAL_SUMMARY,
    source=_DEAL_SOURCE,
    deck=deck_for(["7D", "QC", "5S", "9S AH", "JD", "4C", "KH"]),
    steps=(
        ("t4>fh", N_("An ace lies face up at the end of column 4: it goes above the columns to "
                  "start the hearts foundation, and the nine of spades under it is turned up.")),
    ),
)

_PARTIAL_SOURCE = (
    "Na te dolne karty mamy prawo przenosić karty pojedyncze, pasujące tam punktacją i "
    "kolorem lub całe sekwensy, ułożone już na innym rzędzie. Oczywiście tylko sekwensy "
    "zaczynające się od samego dołu tego rzędu pionowego. W razie potrzeby możemy "
    "przenieść tylko dolną część sekwensu. Co się da przenosimy z sekwensów na asy, które "
    "w miarę ukazywania się przenosimy na górę."
)

_PARTIAL = _example(
    name="klondike-partial-sequence",
    title=N_("Moving only the lower part of a sequence"),
    summary=N_(
        "Column 2 ends in a sequence: the four of hearts, the three of clubs, the two of "
        "diamonds. Once the ace, two and three of hearts are up, the four of hearts is wanted "
        "on its foundation, but two cards lie on it, and the whole sequence has nowhere to go "
        "(no black five shows). So only the lower part of the sequence, the three of clubs "
        "and the two of diamonds, moves onto the four of diamonds in column 1, and the four "
        "of hearts goes up."
    ),
    source=_PARTIAL_SOURCE,
    deck=deck_for(["4D", "4H", "3C", "2D", "3H", "2H", "AH"]),
    steps=(
        ("t3>t2", N_("A single card: the three of clubs, black, goes onto the four of hearts, "
                  "red, one rank higher; the card under it in column 3 is turned up.")),
        ("t4>t2", N_("The two of diamonds goes onto the three of clubs: column 2 now ends in a "
                  "sequence, four, three, two.")),
        ("t7>fh", N_("The ace of hearts goes above the columns to start its foundation.")),
        ("t6>fh", N_("The two of hearts follows it.")),
        ("t5>fh", N_("And the three of hearts.")),
        ("t2:2>t1", N_("The four of hearts is next, but the three of clubs and the two of "
                    "diamonds lie on it. If need be we move only the lower part of the "
                    "sequence: those two cards go together onto the four of diamonds.")),
        ("t2>fh", N_("Now the four of hearts goes up from the sequence to its foundation, and the "
                  "card under it is turned up.")),
    ),
)

_KING_SOURCE = (
    "Jeżeli uzyskamy wolne miejsce, czyli jakiś rząd pionowy rozładujemy zupełnie, to na "
    "miejsce to mamy prawo przenieść tylko samego króla lub z leżącym na nim sekwensem."
)

_KING = _example(
    name="klondike-king-to-empty",
    title=N_("A king with its sequence into an empty column"),
    summary=N_(
        "The seventh column holds a single card; once it is moved away the column is empty, "
        "a free place. Only a king may go there, alone or with the sequence lying on it: the "
        "king of hearts moves with the queen of spades and the jack of diamonds, and the card "
        "it covered in column 3 is turned up."
    ),
    source=_KING_SOURCE,
    deck=deck_for(["", "", "5C KH", "QS", "", "", "JD"]),
    steps=(
        ("t4>t3", N_("The queen of spades goes onto the king of hearts; a card of column 4 is "
                  "turned up.")),
        ("t7>t3", N_("The jack of diamonds, the only card of column 7, goes onto the queen of "
                  "spades: column 7 is unloaded completely, a free place.")),
        ("t3:3>t7", N_("Into the free place we may move only a king, alone or with its sequence: "
                    "the king of hearts goes there with the queen and the jack, and the five "
                    "of clubs under it in column 3 is turned up.")),
    ),
)

# No card of the hand fits anywhere: the aces and the queens lie face down,
# the columns end in twos and kings, and no column is ever emptied.
_FOURTH_DECK = deck_for(
    ["AC AD AH AS QC 2C", "QD QH QS 2D", "2H", "2S", "KC", "KD", "KH"],
    stock="9H 5S 8D",
)

_FIRST_PASS: tuple[tuple[str, str], ...] = (
    ("turn", N_("Nothing on the table can be played, so we look for help in the cards from the "
             "hand: the first card is turned. It is of no use at the moment, so it goes onto "
             "a pile in front of us, the waste.")),
) + tuple(
    ("turn", N_("The next card from the hand: of no use either, onto the waste."))
    for _ in range(22)
) + (
    ("turn", N_("The last card of the hand goes onto the waste too: every card has been gone "
             "through once.")),
    ("redeal", N_("The hand is empty and the solitaire has not come out: we take the pile in "
               "front of us and turn it over. The cards come again in the same order, but the "
               "new waste may never hold more than three cards.")),
    ("turn", N_("The nine of hearts, turned first the first time, comes first again; it fits "
             "nowhere: the waste holds 1 card.")),
    ("turn", N_("The five of spades: the waste holds 2 cards.")),
    ("turn", N_("The eight of diamonds: the waste holds 3 cards, as many as it may.")),
    ("turn", N_("The seven of diamonds fits nowhere either: it would have to be the fourth "
             "card on the waste.")),
)

_FOURTH_SOURCE = (
    "Po jednorazowym przełożeniu wszystkich kart, to znaczy wtedy, kiedy w ręku nie mamy "
    "już żadnej karty a pasjans jeszcze nie wyszedł, mamy prawo wziąć stos leżący przed "
    "nami i starać się go rozładować, co wolno zrobić tylko po warunkiem, że na ponownie "
    "rosnącym stosie, a powstającym z kart nie nadających się aktualnie do rozgrywki, nie "
    "będzie w żadnym momencie leżało więcej niż trzy karty. Jeżeli jesteśmy zmuszeni "
    "położyć tam czwartą - pasjans nie wyszedł."
)

_FOURTH = _example(
    name="klondike-fourth-waste-card",
    title=N_("The second pass ends on a fourth waste card"),
    summary=N_(
        "No card of the hand can be played anywhere: the first pass turns all 24 onto the "
        "waste. The waste is turned over for the second and last pass, and the cards come in "
        "the same order. Three unplayable cards may lie on the new waste; when a fourth "
        "would have to go there, the game is lost at once."
    ),
    source=_FOURTH_SOURCE,
    deck=_FOURTH_DECK,
    steps=_FIRST_PASS,
)

#: The Klondike examples, in the order the book shows them.
EXAMPLES: list[Example] = [_DEAL, _PARTIAL, _KING, _FOURTH]
