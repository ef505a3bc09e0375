"""Cards, suits and ranks, with a compact notation that round-trips.

>>> card = Card.parse("TH")
>>> card
Card.parse('TH')
>>> str(card), card.display, card.name
('TH', '10♥', 'the ten of hearts')
>>> Card.parse("10h") == card == Card.parse("10♥")
True
>>> Card(14, "X")
Traceback (most recent call last):
...
solitaire_widgets.errors.NotationError: Card(14, 'X') is not a card: the rank is a whole number from 1 (ace) to 13 (king) and the suit one of 'C', 'D', 'H', 'S'
>>> len(full_deck(packs=2))
104
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any, NamedTuple

from .errors import DeckError, NotationError, excerpt
from .i18n import _, current_language, pgettext

__all__ = [
    "SUITS",
    "RED_SUITS",
    "CARD",
    "CODE",
    "RANKS",
    "Card",
    "full_deck",
    "parse_cards",
    "check_deck",
    "rank_name",
    "rank_word",
    "suit_name",
    "with_article",
    "CASES",
    "Words",
    "rank_words",
    "a_rank_words",
    "suit_words",
    "card_words",
]

#: Suits in notation order: clubs, diamonds, hearts, spades.
SUITS: str = "CDHS"
#: The red suits, diamonds and hearts; clubs and spades are black.
RED_SUITS: frozenset[str] = frozenset("DH")
#: Ranks 1 (ace) to 13 (king).
RANKS: range = range(1, 14)

_RANK_LETTERS = {1: "A", 10: "T", 11: "J", 12: "Q", 13: "K"}
_LETTER_RANKS = {"A": 1, "T": 10, "10": 10, "J": 11, "Q": 12, "K": 13}
_RANK_WORDS = (
    "", "ace", "two", "three", "four", "five", "six", "seven",
    "eight", "nine", "ten", "jack", "queen", "king",
)
_SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
_SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
_SYMBOL_SUITS = {symbol: suit for suit, symbol in _SUIT_SYMBOLS.items()}


def rank_name(rank: int) -> str:
    """The notation of a rank: ``rank_name(10) == "T"``."""
    return _RANK_LETTERS.get(rank, str(rank))


def rank_word(rank: int) -> str:
    """The English word of a rank: ``rank_word(12) == "queen"``."""
    return _RANK_WORDS[rank]


def with_article(word: str) -> str:
    """``word`` after "a" or "an", as it is spoken: ``with_article("eight") == "an eight"``.

    >>> [with_article(rank_word(r)) for r in (1, 2, 8, 11)]
    ['an ace', 'a two', 'an eight', 'a jack']
    """
    spoken_vowel = word[:1].lower() in "aeiou" and not word.lower().startswith(("uni", "one", "eu"))
    return ("an " if spoken_vowel else "a ") + word


def suit_name(suit: str) -> str:
    """The English name of a suit letter: ``suit_name("S") == "spades"``."""
    return _SUIT_NAMES[suit]


class _CardValue(NamedTuple):
    rank: int
    suit: str


class Card(_CardValue):
    """A playing card: ``rank`` 1 (ace) to 13 (king) and ``suit`` one of ``"CDHS"``.

    A card is a small immutable value; two copies of the same card in a
    two-pack game are equal. Only real cards can be made: anything else
    raises :class:`NotationError`.

    >>> Card(7, "C").display
    '7♣'
    >>> Card.parse("QS").is_red, Card.parse("QD").is_red
    (False, True)
    """

    __slots__ = ()

    def __new__(cls, rank: int, suit: str) -> Card:
        try:
            card = _BY_VALUE[rank, suit]
        except (KeyError, TypeError):
            card = None
        if card is None or type(rank) is not int or type(suit) is not str:
            raise NotationError(
                _("Card({rank}, {suit}) is not a card: the rank is a whole number from 1 (ace) "
                  "to 13 (king) and the suit one of 'C', 'D', 'H', 'S'").format(
                      rank=excerpt(rank), suit=excerpt(suit)))
        return card

    @classmethod
    def _make(cls, iterable: Iterable[Any]) -> Card:  # type: ignore[override]
        # _replace goes through _make: it checks like the constructor.
        return cls(*iterable)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card from its notation (``"AS"``, ``"TH"``, ``"10H"``, ``"7c"``) or
        its display (``"A♠"``, ``"10♥"``).

        >>> Card.parse("AS"), Card.parse("A♠")
        (Card.parse('AS'), Card.parse('AS'))
        >>> Card.parse("1X")
        Traceback (most recent call last):
        ...
        solitaire_widgets.errors.NotationError: '1X' is not a card: write the rank (A, 2-10 or T, J, Q, K) then the suit (C, D, H, S or ♣, ♦, ♥, ♠), e.g. 'TH' for the ten of hearts
        """
        if not isinstance(text, str):
            raise NotationError(
                _("{text} is not a card: a card is written as text such as 'TH'").format(
                    text=excerpt(text)))
        # Upper-case ASCII only: "ſ".upper() is "S", yet "Aſ" is no card.
        cleaned = "".join(c.upper() if c.isascii() else c for c in text.strip()[:4])
        card = _PARSED.get(cleaned)
        if card is None:
            raise NotationError(
                _("{text} is not a card: write the rank (A, 2-10 or T, J, Q, K) then the suit "
                  "(C, D, H, S or ♣, ♦, ♥, ♠), e.g. 'TH' for the ten of hearts").format(
                      text=excerpt(text)))
        return card

    def __str__(self) -> str:
        return rank_name(self.rank) + self.suit

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @property
    def display(self) -> str:
        """The card with its suit symbol, e.g. ``'7♣'``."""
        return ("10" if self.rank == 10 else rank_name(self.rank)) + _SUIT_SYMBOLS[self.suit]

    @property
    def name(self) -> str:
        """The card in words, e.g. ``'the seven of clubs'``."""
        return f"the {_RANK_WORDS[self.rank]} of {_SUIT_NAMES[self.suit]}"

    @property
    def is_red(self) -> bool:
        """Diamonds and hearts are red; clubs and spades are black."""
        return self.suit in RED_SUITS


# The 52 cards, made once; Card(rank, suit) hands out these very values.
_ALL: tuple[Card, ...] = tuple(
    tuple.__new__(Card, (rank, suit)) for suit in SUITS for rank in RANKS
)
_BY_VALUE: dict[tuple[int, str], Card] = {(c.rank, c.suit): c for c in _ALL}
_PARSED: dict[str, Card] = {}
for _card in _ALL:
    for _rank in {rank_name(_card.rank), "10" if _card.rank == 10 else rank_name(_card.rank)}:
        for _suit in (_card.suit, _SUIT_SYMBOLS[_card.suit]):
            _PARSED[_rank + _suit] = _card

#: Each card by its code, ``suit * 13 + rank - 1`` with the suits in ``"CDHS"``
#: order: the compact form the game models, the solver and the bounds play on.
#: Codes sort in pack order (clubs first, ace up); two packs repeat the codes.
#: ``CARD[0]`` is the ace of clubs, ``CARD[22]`` the ten of diamonds.
CARD: tuple[Card, ...] = _ALL
#: Each card's code, the inverse of :data:`CARD`: ``CODE[Card(10, "D")] == 22``.
CODE: dict[Card, int] = {card: code for code, card in enumerate(_ALL)}


#: The grammatical cases a translated sentence may ask a name in, as
#: ``{card.acc}`` in a catalog's message: nominative, genitive, dative,
#: accusative, instrumental and locative. English uses one form for all.
CASES: tuple[str, ...] = ("nom", "gen", "dat", "acc", "ins", "loc")


class Words:
    """A name in every grammatical case, to be put into a translated sentence.

    Formatted plainly it gives the nominative; a catalog's message asks for
    another case by name (``"{card.acc}"``), which Russian and Polish need.

    >>> seven = card_words(Card(7, "C"))
    >>> f"{seven}", "Move {card.acc} up.".format(card=seven)
    ('the seven of clubs', 'Move the seven of clubs up.')
    >>> Words.same("row 3").gen
    'row 3'
    """

    __slots__ = CASES
    nom: str
    gen: str
    dat: str
    acc: str
    ins: str
    loc: str

    def __init__(self, forms: dict[str, str]) -> None:
        for case in CASES:
            setattr(self, case, forms[case])

    @classmethod
    def same(cls, text: str) -> Words:
        """A name that keeps one form in every case (a number, a name in quotes)."""
        return cls(dict.fromkeys(CASES, text))

    @classmethod
    def forms(cls, text: str) -> Words:
        """A name as a catalog gives it: one form for every case, or the six
        forms in :data:`CASES` order separated by ``|``.

        >>> Words.forms("ряд 3|ряда 3|ряду 3|ряд 3|рядом 3|ряде 3").ins
        'рядом 3'
        >>> Words.forms("column 3").loc
        'column 3'
        """
        parts = text.split("|")
        if len(parts) == len(CASES):
            return cls(dict(zip(CASES, parts, strict=True)))
        return cls.same(text)

    def __str__(self) -> str:
        return self.nom

    def __format__(self, spec: str) -> str:
        return format(self.nom, spec)

    def __repr__(self) -> str:
        return f"Words({self.nom!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Words) and all(
            getattr(self, case) == getattr(other, case) for case in CASES)

    def __hash__(self) -> int:
        return hash(self.nom)


def _rank_forms(rank: int) -> str:
    """A rank's word as the catalog gives it (context ``rank``; Russian and
    Polish write its six cases separated by ``|``, see :meth:`Words.forms`)."""
    # Literal calls, so that the catalogs' extraction finds every word.
    # Translators: a rank's word, in one form or in six separated by "|": nominative,
    # genitive, dative, accusative, instrumental, locative.
    return (
        "", pgettext("rank", "ace"), pgettext("rank", "two"), pgettext("rank", "three"),
        pgettext("rank", "four"), pgettext("rank", "five"), pgettext("rank", "six"),
        pgettext("rank", "seven"), pgettext("rank", "eight"), pgettext("rank", "nine"),
        pgettext("rank", "ten"), pgettext("rank", "jack"), pgettext("rank", "queen"),
        pgettext("rank", "king"),
    )[rank]


def _a_rank_forms(rank: int) -> str:
    """A rank's word after "a" or "an" (:func:`with_article`), as the catalog gives it."""
    return (
        "", pgettext("a rank", "an ace"), pgettext("a rank", "a two"),
        pgettext("a rank", "a three"), pgettext("a rank", "a four"),
        pgettext("a rank", "a five"), pgettext("a rank", "a six"),
        pgettext("a rank", "a seven"), pgettext("a rank", "an eight"),
        pgettext("a rank", "a nine"), pgettext("a rank", "a ten"),
        pgettext("a rank", "a jack"), pgettext("a rank", "a queen"),
        pgettext("a rank", "a king"),
    )[rank]


def rank_words(rank: int, language: str | None = None) -> Words:
    """A rank's word in every case of the current language (``"seven"`` in English).

    The forms come from the catalogs' ``rank`` entries.

    >>> rank_words(12).acc
    'queen'
    """
    return _rank_words(language or current_language(), rank)


@cache
def _rank_words(language: str, rank: int) -> Words:
    # The catalogs never change while the package runs: one Words per language and rank.
    return Words.forms(_rank_forms(rank))


def a_rank_words(rank: int) -> Words:
    """A rank's word in every case, as "a seven" says it in English.

    >>> a_rank_words(8).nom, a_rank_words(11).acc
    ('an eight', 'a jack')
    """
    return _a_rank_words(current_language(), rank)


@cache
def _a_rank_words(language: str, rank: int) -> Words:
    return Words.forms(_a_rank_forms(rank))


def suit_words(suit: str) -> str:
    """A suit's name as it follows a rank or a pile's word (``"hearts"``: "the
    hearts foundation", "the two of hearts"), in the current language.

    >>> suit_words("H")
    'hearts'
    """
    return {
        "C": pgettext("suit of", "clubs"), "D": pgettext("suit of", "diamonds"),
        "H": pgettext("suit of", "hearts"), "S": pgettext("suit of", "spades"),
    }[suit]


def card_words(card: Card, language: str | None = None) -> Words:
    """A card's name in every case of the current language (English: ``Card.name``).

    The catalogs give the pattern (``"the {rank} of {suit}"``, context
    ``card``), the rank in each case and the suit as it follows a rank
    (context ``suit of``). ``language`` is the current one if not given
    (a caller that names many cards asks for the language once).

    >>> card_words(Card(1, "S")).nom
    'the ace of spades'
    """
    return _card_words(language or current_language(), card)


@cache
def _card_words(language: str, card: Card) -> Words:
    # One Words per language and card: every move the engine plays is described.
    pattern = pgettext("card", "the {rank} of {suit}")
    suit = suit_words(card.suit)
    ranks = rank_words(card.rank)
    return Words({case: pattern.format(rank=getattr(ranks, case), suit=suit) for case in CASES})


def full_deck(packs: int = 1) -> list[Card]:
    """Every card of ``packs`` 52-card packs, in a fixed order (clubs first, ace up).

    >>> [str(c) for c in full_deck()[:3]]
    ['AC', '2C', '3C']
    """
    return [card for _ in range(packs) for card in _ALL]


def parse_cards(text: str | Sequence[str | Card]) -> list[Card]:
    """Read several cards, separated by spaces or commas, or given as a list
    (of texts or of :class:`Card` values).

    >>> [c.display for c in parse_cards("AS 10H, 7c")]
    ['A♠', '10♥', '7♣']
    >>> parse_cards(None)
    Traceback (most recent call last):
    ...
    solitaire_widgets.errors.NotationError: None is not a list of cards: write them as text such as 'AS 10H 7C' or as a list of such cards
    """
    if isinstance(text, str):
        words: list[object] = list(text.replace(",", " ").split())
    elif isinstance(text, (list, tuple)):
        words = list(text)
    else:
        raise NotationError(
            _("{text} is not a list of cards: write them as text such as 'AS 10H 7C' or as a "
              "list of such cards").format(text=excerpt(text)))
    return [word if isinstance(word, Card) else Card.parse(word) for word in words]  # type: ignore[arg-type]


def check_deck(cards: list[Card], packs: int) -> None:
    """Raise :class:`DeckError` unless ``cards`` is exactly ``packs`` full packs.

    >>> check_deck(full_deck()[:51], packs=1)
    Traceback (most recent call last):
    ...
    solitaire_widgets.errors.DeckError: a deck for this game has 52 cards, this one has 51 (missing: KS)
    """
    expected = 52 * packs
    counts = Counter(cards)
    too_many = sorted((c for c, n in counts.items() if n > packs), key=_ALL.index)
    missing = sorted((c for c in _ALL if counts[c] < packs), key=_ALL.index)
    if len(cards) != expected:
        detail = []
        if missing:
            detail.append(_("missing: {cards}").format(cards=_some(missing)))
        if too_many:
            detail.append(_("too many: {cards}").format(cards=_some(too_many)))
        extra = f" ({'; '.join(detail)})" if detail else ""
        raise DeckError(
            _("a deck for this game has {expected} cards, this one has {n}").format(
                expected=expected, n=len(cards)) + extra)
    if too_many:
        raise DeckError(
            (_("each card belongs in the deck once, but these appear more often: {cards}")
             if packs == 1 else
             _("each card belongs in the deck {n} times, but these appear more often: {cards}"))
            .format(n=packs, cards=_some(too_many)))


def _some(cards: list[Card], most: int = 12) -> str:
    """Up to ``most`` cards in notation, then how many more."""
    shown = " ".join(map(str, cards[:most]))
    return shown if len(cards) <= most else _("{cards} and {n} more").format(
        cards=shown, n=len(cards) - most)
