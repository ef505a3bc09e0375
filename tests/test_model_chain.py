"""Chain's model on stacked decks: the branches random play rarely meets.

``tests/test_model_conformance.py`` holds the model to the rule sentences
over random play; here a bare model and the game played on its table through
the rules' hooks are compared at every step (legal moves, events, table,
outcome and round trip) on decks stacked for the rare branches, and what
happens there is checked: the auxiliary row under the ``at-start`` reading,
laid or refused; the redeal; a game won by a fill from the stock; the second
deal stuck; and the copies a search keeps. Decks are in dealing order: the first 24 cards are the first layout
(``l1``..``l24``), then the stock in the order it is turned.
"""

from __future__ import annotations

import pytest

from solitaire_widgets import Game, Move
from solitaire_widgets.cards import CODE, Card, full_deck, parse_cards
from solitaire_widgets.errors import OptionError
from solitaire_widgets.games.chain.model import STUCK, WON, ChainModel

from .test_model_conformance import oracle_game, play_side_by_side

AT_START = {"aux_row": "at-start"}
WHEN_STUCK = {"aux_row": "when-stuck"}


def stacked(first: str) -> list[Card]:
    """``first``, then every other card, kings and queens first (so none of them fits early)."""
    chosen = parse_cards(first)
    rest = sorted((c for c in full_deck() if c not in chosen), key=lambda c: (-c.rank % 14, c.suit))
    return chosen + rest


#: A first layout with no two: play is stuck before any card goes up.
NO_TWO = " ".join(f"{rank}{suit}" for rank in "345678" for suit in "CDHS")
#: The whole deck in the order the series take it: every card goes up as it comes.
IN_ORDER = " ".join(f"{rank}{suit}" for rank in "23456789TJQKA" for suit in "CDHS")


def aux_first(game: Game) -> Move | None:
    """Lay the auxiliary row whenever it may be laid; otherwise the first legal move."""
    moves = game.legal_moves()
    return Move("aux") if Move("aux") in moves else moves[0]


def played(pair_game: Game) -> list[str]:
    return [str(step.move) for step in pair_game.history]


def test_at_start_the_row_is_laid_before_any_card_is_played() -> None:
    game = oracle_game("chain", AT_START, 1, stacked(NO_TWO))
    assert game.legal_moves() == [Move("aux"), Move("redeal")]
    pair = play_side_by_side(game, aux_first)
    assert played(pair.game)[0] == "aux" and "redeal" in played(pair.game)
    assert pair.model.over


def test_at_start_the_row_is_refused_once_a_card_is_played() -> None:
    # The two of clubs goes up with the deal, the three is played, and the
    # fills from the stock (kings and queens) leave play stuck: no row, only the redeal.
    layout = "2C 3C " + " ".join(NO_TWO.split()[2:])
    game = oracle_game("chain", AT_START, 2, stacked(layout))
    pair = play_side_by_side(game, aux_first)
    moves = played(pair.game)
    assert moves[0] == "l2>fc" and "aux" not in moves and "redeal" in moves
    same_deck = play_side_by_side(oracle_game("chain", WHEN_STUCK, 2, stacked(layout)), aux_first)
    assert "aux" in played(same_deck.game)


def test_a_game_won_by_a_fill_from_the_stock() -> None:
    game = oracle_game("chain", WHEN_STUCK, 3, parse_cards(IN_ORDER))
    pair = play_side_by_side(game, lambda g: g.legal_moves()[0])
    assert pair.model.won and pair.model.reason == WON
    assert played(pair.game)[-1] == "fill" and "redeal" not in played(pair.game)


def test_the_second_deal_stuck_is_lost_in_the_engines_words() -> None:
    # Always redeal at once: the second deal of this deck sticks.
    game = oracle_game("chain", WHEN_STUCK, 4, stacked(NO_TWO))
    pair = play_side_by_side(game, lambda g: g.legal_moves()[-1])
    assert played(pair.game)[0] == "redeal"
    assert pair.model.over and not pair.model.won and pair.model.reason == STUCK


@pytest.mark.parametrize("options", [WHEN_STUCK, AT_START], ids=("when-stuck", "at-start"))
def test_copies_are_independent_and_share_the_redeal(options: dict[str, str]) -> None:
    """A copy plays on without touching the original; both draw the same reshuffle."""
    deck = [CODE[c] for c in stacked(NO_TWO)]
    model = ChainModel(options, 9, deck)
    model.deal()
    before = model.to_table()
    other = model.copy()
    other.apply(Move("redeal"))
    assert model.to_table() == before and other.to_table() != before
    again = model.copy()
    again.apply(Move("redeal"))
    assert again.to_table() == other.to_table() and again.shuffles == other.shuffles == 1


def test_a_model_can_be_given_its_reshuffles() -> None:
    """The shuffler is the model's only chance: a given one decides the second deal."""
    deck = [CODE[c] for c in stacked(NO_TWO)]
    drawn: list[tuple[list[int], int]] = []

    def backwards(codes: list[int], number: int) -> list[int]:
        drawn.append((codes, number))
        return codes[::-1]

    model = ChainModel(WHEN_STUCK, 9, deck, shuffler=backwards)
    model.deal()
    model.apply(Move("redeal"))
    assert [number for _codes, number in drawn] == [1]
    assert drawn[0][0] == sorted(drawn[0][0]) and len(drawn[0][0]) == 52
    # Dealt from the bottom of the reversed order: the ace of clubs first.
    assert model.to_table().piles["l1"].cards == [Card(1, "C")]


def test_a_bad_option_is_refused_in_words() -> None:
    with pytest.raises(OptionError, match="aux_row must be one of"):
        ChainModel({"aux_row": "sometimes"}, 1, list(range(52)))
