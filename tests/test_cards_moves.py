"""Cards, moves, decks, shuffling and options: notation that round-trips and
errors that say what to write instead."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solitaire_widgets import (
    GAMES,
    Card,
    DeckError,
    Move,
    NotationError,
    OptionError,
    SolitaireError,
    full_deck,
    new_game,
    parse_cards,
)
from solitaire_widgets.cards import RANKS, SUITS, check_deck, rank_name, rank_word, suit_name
from solitaire_widgets.chance import seed_rng, shuffled
from solitaire_widgets.games import rules_class

ALL_CARDS = full_deck()
#: Namespace in which a repr must evaluate back to the value (test-only eval).
REPR_NAMESPACE = {"Card": Card, "Move": Move}

pile_ids = st.from_regex(r"[a-z]{1,3}[0-9]{0,3}", fullmatch=True)
words = st.from_regex(r"[a-z][a-z-]{0,10}", fullmatch=True).filter(lambda w: w != "move")
card_moves = st.builds(Move.cards, pile_ids, pile_ids, st.integers(1, 99))
decisions = words.map(Move)


# -- cards --------------------------------------------------------------------------


def test_a_pack_has_every_card_once() -> None:
    assert len(ALL_CARDS) == 52 and len(set(ALL_CARDS)) == 52
    assert {c.suit for c in ALL_CARDS} == set(SUITS) and {c.rank for c in ALL_CARDS} == set(RANKS)
    assert Counter(full_deck(2)) == Counter({c: 2 for c in ALL_CARDS})


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_every_card_round_trips_its_notation(card: Card) -> None:
    text = str(card)
    assert len(text) == 2 and Card.parse(text) == card
    assert Card.parse(text.lower()) == card and Card.parse(f"  {text} ") == card
    assert eval(repr(card), REPR_NAMESPACE) == card  # noqa: S307 - test-only
    assert repr(card) == f"Card.parse({text!r})"
    rank = "10" if card.rank == 10 else rank_name(card.rank)
    assert card.display == rank + {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}[card.suit]
    assert card.name == f"the {rank_word(card.rank)} of {suit_name(card.suit)}"
    assert card.is_red == (card.suit in "DH")


@given(st.lists(st.sampled_from(ALL_CARDS), max_size=60), st.sampled_from([" ", ", ", ","]))
def test_card_lists_round_trip(cards: list[Card], sep: str) -> None:
    assert parse_cards(sep.join(map(str, cards))) == cards
    assert parse_cards([str(c) for c in cards]) == cards


def test_ten_is_written_t_or_10() -> None:
    assert Card.parse("10H") == Card.parse("TH") == Card(10, "H")
    assert Card.parse("10h") == Card(10, "H")
    assert str(Card.parse("10H")) == "TH"
    assert Card.parse("10H").display == "10♥"
    assert Card.parse("TH").name == "the ten of hearts"


def test_names_and_displays() -> None:
    assert Card.parse("AS").name == "the ace of spades"
    assert Card.parse("QD").display == "Q♦"
    assert Card.parse("7C").display == "7♣"
    assert Card.parse("KH").name == "the king of hearts"
    assert [rank_name(r) for r in (1, 9, 10, 11, 12, 13)] == ["A", "9", "T", "J", "Q", "K"]


@pytest.mark.parametrize("text", ["1X", "", "11H", "ZZ", "AX", "A", "S", "10", "AS 2H", "joker",
                                  "1H", "0S", "T"])
def test_bad_card_text_raises_notation_error_saying_how_to_write_one(text: str) -> None:
    with pytest.raises(NotationError) as caught:
        Card.parse(text)
    message = str(caught.value)
    assert repr(text) in message and "is not a card" in message
    assert "write the rank" in message and "'TH'" in message


def test_a_card_that_is_not_text_is_a_notation_error() -> None:
    with pytest.raises(NotationError, match="is not a card"):
        Card.parse(7)  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="'1X' is not a card"):
        parse_cards("AS 1X")


# -- moves ----------------------------------------------------------------------------


@given(card_moves)
def test_card_moves_round_trip(move: Move) -> None:
    text = str(move)
    assert Move.parse(text) == move
    assert Move.parse(text.upper()) == move
    assert eval(repr(move), REPR_NAMESPACE) == move  # noqa: S307 - test-only
    assert (":" in text) == (move.count != 1)


@given(decisions)
def test_decisions_round_trip(move: Move) -> None:
    assert str(move) == move.action and Move.parse(str(move)) == move
    assert eval(repr(move), REPR_NAMESPACE) == move  # noqa: S307 - test-only


def test_move_texts() -> None:
    assert Move.parse("t3>fh") == Move("move", "t3", "fh", 1) == Move.cards("t3", "fh")
    assert Move.parse("t3:2>t5") == Move("move", "t3", "t5", 2)
    assert str(Move.cards("t3", "t5", 2)) == "t3:2>t5"
    assert Move.parse("t3:1>t5") == Move.parse("t3>t5")
    assert Move.parse(" Turn ") == Move("turn")
    assert repr(Move.parse("l5>fh")) == "Move.parse('l5>fh')"
    assert hash(Move.parse("s>w")) == hash(Move.cards("s", "w"))
    with pytest.raises(AttributeError):
        Move.parse("s>w").src = "x"  # type: ignore[misc]


@pytest.mark.parametrize("text", ["", "t3>>t5", ">", "t3>", ">fh", "t3:0>t5", "t3:100>t5",
                                  "move", "two words", "3t>fh", "t3-fh", "t3:x>t5", "?"])
def test_bad_move_text_raises_notation_error_saying_how_to_write_one(text: str) -> None:
    with pytest.raises(NotationError) as caught:
        Move.parse(text)
    message = str(caught.value)
    assert repr(text) in message and "is not a move" in message
    assert "SOURCE>TARGET" in message and "'t3>fh'" in message


def test_a_move_that_is_not_text_is_a_notation_error() -> None:
    with pytest.raises(NotationError, match="is not a move"):
        Move.parse(None)  # type: ignore[arg-type]


def test_errors_are_value_errors() -> None:
    for error in (NotationError, DeckError, OptionError):
        assert issubclass(error, SolitaireError) and issubclass(error, ValueError)


# -- decks ------------------------------------------------------------------------------


def test_a_deck_with_a_card_missing_is_refused_naming_it() -> None:
    with pytest.raises(DeckError, match=r"has 52 cards, this one has 51 \(missing: KS\)"):
        new_game("chain", deck=ALL_CARDS[:51])


def test_a_deck_with_too_many_cards_is_refused() -> None:
    with pytest.raises(DeckError, match="this one has 53.*too many: AC"):
        new_game("chain", deck=[*ALL_CARDS, ALL_CARDS[0]])


def test_a_deck_with_a_card_twice_is_refused_naming_it() -> None:
    deck = list(ALL_CARDS)
    deck[5] = deck[0]  # AC twice, 6C missing
    with pytest.raises(DeckError) as caught:
        new_game("chain", deck=deck)
    assert "AC" in str(caught.value)


def test_a_two_pack_deck_allows_two_copies_but_not_three() -> None:
    check_deck(full_deck(2), packs=2)
    deck = full_deck(2)
    deck[1] = deck[0]
    with pytest.raises(DeckError, match="2 times.*AC"):
        check_deck(deck, packs=2)


def test_a_deck_with_an_unknown_card_is_a_deck_error() -> None:
    text = " ".join(str(c) for c in ALL_CARDS[:51]) + " 1X"
    with pytest.raises(DeckError, match="1X"):
        new_game("chain", deck=text)


def test_a_deck_with_an_unknown_card_is_refused_with_a_helpful_message() -> None:
    text = " ".join(str(c) for c in ALL_CARDS[:51]) + " 1X"
    with pytest.raises(SolitaireError, match="'1X' is not a card: write the rank"):
        new_game("chain", deck=text)


def test_a_stacked_deck_as_text_or_as_a_list_gives_the_same_deal() -> None:
    order = shuffled(ALL_CARDS, seed_rng(99))
    as_text = new_game("chain", seed=1, deck=" ".join(map(str, order)))
    as_list = new_game("chain", seed=1, deck=order)
    as_tuple = new_game("chain", seed=1, deck=tuple(order))
    assert as_text.deck == as_list.deck == as_tuple.deck == tuple(order)
    assert as_text.table == as_list.table == as_tuple.table
    assert as_text.pile("l1").cards == [order[0]]  # the deck's first card is dealt first
    assert as_text.custom_deck


@pytest.mark.parametrize("seed", [-1, True, "5", 2.0])
def test_a_deal_number_is_a_whole_number_from_zero(seed: object) -> None:
    with pytest.raises(DeckError, match="a deal number is a whole number"):
        new_game("chain", seed=seed)  # type: ignore[arg-type]


# -- shuffling -----------------------------------------------------------------------------


def test_shuffle_is_pinned() -> None:
    """The order for a seed never changes: saved deal numbers stay the same deals."""
    assert shuffled(range(10), seed_rng(1)) == [9, 4, 7, 2, 5, 8, 3, 0, 6, 1]
    assert shuffled(range(5), seed_rng(7)) == [1, 4, 2, 3, 0]
    assert shuffled(range(10), seed_rng(1, 1)) != shuffled(range(10), seed_rng(1))
    deal = [str(c) for c in shuffled(full_deck(), seed_rng(0))[:8]]
    assert deal == [str(c) for c in new_game("chain", seed=0).deck[:8]]


@given(st.integers(0, 2**31 - 1), st.integers(0, 5))
def test_shuffle_is_a_permutation_and_repeatable(seed: int, stream: int) -> None:
    one = shuffled(ALL_CARDS, seed_rng(seed, stream))
    assert Counter(one) == Counter(ALL_CARDS)
    assert one == shuffled(ALL_CARDS, seed_rng(seed, stream))


# -- options -------------------------------------------------------------------------------


def test_an_unknown_game_names_the_games() -> None:
    with pytest.raises(OptionError) as caught:
        new_game("poker")
    message = str(caught.value)
    assert "'poker'" in message
    assert all(name in message for name in GAMES)


@pytest.mark.parametrize("name", GAMES)
def test_an_unknown_option_names_the_options(name: str) -> None:
    options = rules_class(name).options_allowed
    with pytest.raises(OptionError) as caught:
        new_game(name, seed=1, colour="blue")
    message = str(caught.value)
    assert "'colour'" in message
    assert all(option in message for option in options) or "none" in message


@pytest.mark.parametrize("name", GAMES)
def test_an_unknown_option_value_names_the_allowed_values(name: str) -> None:
    for option, allowed in rules_class(name).options_allowed.items():
        with pytest.raises(OptionError) as caught:
            new_game(name, seed=1, **{option: "nonsense"})
        message = str(caught.value)
        assert option in message and "'nonsense'" in message
        assert all(repr(value) in message for value in allowed)


@pytest.mark.parametrize("name", GAMES)
def test_every_allowed_option_value_starts_a_game_and_the_first_is_the_default(name: str) -> None:
    rules = rules_class(name)
    default = new_game(name, seed=2)
    assert default.options == {o: values[0] for o, values in rules.options_allowed.items()}
    for option, allowed in rules.options_allowed.items():
        for value in allowed:
            game = new_game(name, seed=2, **rules.options_with(option, value))
            assert game.options[option] == value
            assert game.legal_moves() or game.is_over


@pytest.mark.parametrize("name", GAMES)
def test_every_option_value_is_declared_with_its_reading(name: str) -> None:
    """A game's declaration says, in words, what each value of each option means."""
    rules = rules_class(name)
    assert {option: set(values) for option, values in rules.option_readings.items()} == {
        option: set(values) for option, values in rules.options_allowed.items()}
    assert all(words for readings in rules.option_readings.values()
               for words in readings.values())
    for action in rules.actions:
        label, what = rules.action_labels[action]
        assert label and what
