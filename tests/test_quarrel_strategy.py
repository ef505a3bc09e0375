"""Quarrel's players: the text's advice is followed, and every deal ends."""

from __future__ import annotations

from collections import Counter

import pytest

from solitaire_widgets import new_game
from solitaire_widgets.cards import full_deck
from solitaire_widgets.games.quarrel.strategies import STRATEGIES, Greedy, TextAdvice
from solitaire_widgets.strategies import get_strategy, play_out, strategy_names
from tests.test_quarrel_rules import THREE_OF_SPADES, fives, game_of, play

FULL = Counter(full_deck(2))


def test_strategy_names() -> None:
    assert strategy_names("quarrel") == ["text-advice", "greedy", "lookahead", "monte-carlo", "random"]
    assert isinstance(get_strategy("quarrel"), TextAdvice)


def test_base_three_of_spades_with_four_of_spades_in_sight_goes_right() -> None:
    """«Если среди этих карт есть четверка или еще, что вообще хорошо, пятерка пик, тройку,
    естественно, перемещают на правую половину…»"""
    for player in (TextAdvice(), Greedy()):
        game = game_of(THREE_OF_SPADES, named=5)
        play(game, "deal", "deal", "deal")
        assert str(player.choose(game)) == "h>rs"


def test_base_card_goes_left_when_only_the_card_below_is_in_sight() -> None:
    game = fives()
    play(game, "h>rc")
    # The five of diamonds in row 1, place 2: the four of diamonds is among the
    # auxiliary cards, no six of diamonds in sight.
    player = TextAdvice()
    moves = []
    while game.table.facts["count"] == 5:
        move = player.choose(game)
        assert move is not None
        moves.append(str(move))
        game.play(move)
    assert "r2>ld" in moves and "r3>rc" in moves and "a2>ld" in moves
    assert moves[-1] == "deal"


def test_the_players_follow_the_three_of_spades_example() -> None:
    from solitaire_widgets.games.quarrel.examples import THREE_OF_SPADES as EXAMPLE

    game = new_game("quarrel", deck=EXAMPLE.deck)
    player = TextAdvice()
    for move, _words in EXAMPLE.steps:
        chosen = player.choose(game)
        assert chosen is not None
        if move.startswith(("h", "a1>lh", "r4")):
            assert str(chosen) == move
        game.play(move)


READINGS = [{}, {"deal": "when-stuck"}, {"hit_card": "gathered"}]


@pytest.mark.parametrize("options", READINGS, ids=str)
@pytest.mark.parametrize("name", list(STRATEGIES))
def test_players_always_finish_and_keep_every_card(name: str, options: dict[str, str]) -> None:
    wins = 0
    for seed in range(60):
        game = new_game("quarrel", seed=seed, **options)
        outcome = play_out(game, STRATEGIES[name](), max_moves=100_000)
        assert game.is_over and outcome.moves < 100_000
        assert Counter(game.table.cards()) == FULL
        wins += outcome.won
    # Reported, not asserted beyond sanity.
    print(f"{name} ({options}): {wins}/60 won")
    assert 0 <= wins <= 60
