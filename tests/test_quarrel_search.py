"""Quarrel's searching players: legal, finite, blind to the stock's order, and purposeful."""

from __future__ import annotations

import random

import pytest

from solitaire_widgets import new_game
from solitaire_widgets.cards import Card
from solitaire_widgets.game import Game
from solitaire_widgets.games.quarrel.search import (
    Lookahead,
    MonteCarlo,
    Position,
    code,
    from_table_of,
    lookahead_play,
)
from solitaire_widgets.games.quarrel.strategies import STRATEGIES
from solitaire_widgets.strategies import play_out
from tests.test_quarrel_rules import THREE_OF_SPADES, game_of, play

PLAYERS = [Lookahead(), MonteCarlo(rollouts=3)]


def test_registered_after_the_text_advice() -> None:
    names = list(STRATEGIES)
    assert names[0] == "text-advice"
    assert STRATEGIES["lookahead"] is Lookahead and STRATEGIES["monte-carlo"] is MonteCarlo


@pytest.mark.parametrize("player", PLAYERS, ids=lambda p: p.name)
@pytest.mark.parametrize("options", [{}, {"deal": "when-stuck"}, {"hit_card": "gathered"}],
                         ids=str)
def test_legal_moves_and_every_deal_ends(player: Lookahead, options: dict[str, str]) -> None:
    for seed in range(3):
        game = new_game("quarrel", seed=seed, **options)
        moves = 0
        while not game.is_over:
            move = player.choose(game)
            assert move is not None and move in game.legal_moves()
            game.play(move)
            moves += 1
            assert moves < 5000
        assert player.choose(game) is None


def _stock_out(game: Game) -> int:
    """How many cards have left the stock (round 1: the deck's first ones)."""
    return 104 - len(game.pile("s").cards)


def _twin(game: Game, rng: random.Random) -> Game:
    """The same deal and moves, the unseen part of the deck in another order."""
    k = _stock_out(game)
    rest = list(game.deck[k:])
    while True:
        other = list(rest)
        rng.shuffle(other)
        if other != rest:
            break
    twin = new_game("quarrel", seed=game.seed, deck=list(game.deck[:k]) + other)
    for step in game.history:
        twin.play(step.move)
    return twin


@pytest.mark.parametrize("player", PLAYERS, ids=lambda p: p.name)
def test_the_order_of_the_unseen_stock_is_never_read(player: Lookahead) -> None:
    rng = random.Random(7)
    checked = 0
    for seed in range(4):
        game = new_game("quarrel", seed=seed)
        while not game.is_over and game.table.facts["round"] == 1 and checked < 120:
            move = player.choose(game)
            assert move is not None
            if game.table.facts["phase"] != "search" and len(game.pile("s").cards) > 1:
                twin = _twin(game, rng)
                assert twin.pile("s").cards != game.pile("s").cards
                assert twin.table.facts == game.table.facts
                assert player.choose(twin) == move
                checked += 1
            game.play(move)
    assert checked > 40


def _position(series: dict[int, list[int]], rows: list[str], aux: list[str],
              base: int, stock: int = 40) -> Position:
    """A hand-made position: series index -> ranks laid (clubs 0/4, spades 3/7)."""
    lens = [0] * 8
    tops = [0] * 8
    for fid, ranks in series.items():
        lens[fid], tops[fid] = len(ranks), ranks[-1]
    row_codes = [code(Card.parse(c)) for c in rows]
    aux_codes = [code(Card.parse(c)) for c in aux] + [-1] * (13 - len(aux))
    return Position(lens, tops, row_codes, aux_codes, -1, list(range(stock)), 5, base,
                    len(aux), 1, 3, "play", False)


def test_the_auxiliary_copy_goes_first() -> None:
    # The right clubs series (index 4) needs the seven; one in the rows, one in the
    # auxiliary row: the auxiliary one brings a free card from the stock.
    pos = _position({4: [5, 6], 0: [5]}, rows=["7C", "KD"], aux=["QH", "7C"], base=5)
    assert lookahead_play(pos) == (("a", 1), 4)


def test_forced_plays_come_before_a_choice_of_half() -> None:
    # 5S may start either spade series; 8C can only go up. 8C first.
    pos = _position({4: [5, 6, 7], 0: [5]}, rows=["5S", "8C"], aux=["QH"], base=5)
    assert lookahead_play(pos) == (("r", 1), 4)


def test_base_card_goes_where_the_longer_run_in_sight_follows() -> None:
    # 5S with 4S, 3S, 2S in sight and only 6S above: the left half (down) runs longer.
    pos = _position({}, rows=["5S", "4S", "6S", "3S"], aux=["2S"], base=5)
    assert lookahead_play(pos) == (("r", 0), 3)  # ls
    pos = _position({}, rows=["5S", "6S", "7S"], aux=["4S"], base=5)
    assert lookahead_play(pos) == (("r", 0), 7)  # rs


def test_a_card_both_halves_want_goes_where_more_follows() -> None:
    # Left clubs at 5,4,3,2,A,K,Q,J,10,9,8 needs 7; right clubs at 5,6 needs 7 too.
    # One 7C in sight; 8C... is on the left already, so the right (then 8C from the
    # rows) goes further: the seven goes right.
    left = [5, 4, 3, 2, 1, 13, 12, 11, 10, 9, 8]
    pos = _position({0: left, 4: [5, 6]}, rows=["7C", "8C", "9C"], aux=["QH"], base=5)
    assert lookahead_play(pos) == (("r", 0), 4)
    # With the six of clubs in sight instead, the left half goes on: 7C left, then 6C.
    pos = _position({0: left, 4: [5]}, rows=["6C"], aux=["QH"], base=5)
    assert lookahead_play(pos) == (("r", 0), 4)  # 6C has one place: it goes first
    pos = _position({0: left, 4: [5, 6]}, rows=["7C", "KD"], aux=["6C"], base=5)
    assert lookahead_play(pos) == (("r", 0), 0)


@pytest.mark.parametrize("player", PLAYERS, ids=lambda p: p.name)
def test_the_three_of_spades_goes_right(player: Lookahead) -> None:
    """«Если среди этих карт есть четверка или еще, что вообще хорошо, пятерка пик, тройку,
    естественно, перемещают на правую половину…»"""
    game = game_of(THREE_OF_SPADES, named=5)
    play(game, "deal", "deal", "deal")
    assert str(player.choose(game)) == "h>rs"


def test_the_position_hides_the_stock_order() -> None:
    game = new_game("quarrel", seed=11)
    while game.table.facts["phase"] == "search":
        game.play("deal")
    pos = from_table_of(game)
    assert pos.stock == sorted(pos.stock)
    assert sorted(code(c) for c in game.pile("s").cards) == pos.stock


def test_monte_carlo_plays_a_deal_out() -> None:
    game = new_game("quarrel", seed=4)
    outcome = play_out(game, MonteCarlo(rollouts=2))
    assert game.is_over and outcome.moves > 0
