"""Klondike's heuristic player: it wins some deals, never peeks, and always stops."""

from __future__ import annotations

import random

import pytest

from solitaire_widgets import Game, new_game
from solitaire_widgets.cards import Card
from solitaire_widgets.strategies import get_strategy, play_out, strategy_names
from solitaire_widgets.strategies.klondike import STRATEGIES, HeuristicPlayer, observe

SEEDS = range(200)


def test_the_heuristic_is_klondikes_default_strategy() -> None:
    assert list(STRATEGIES) == ["heuristic"]
    assert strategy_names("klondike")[0] == "heuristic"
    assert isinstance(get_strategy("klondike"), HeuristicPlayer)


@pytest.mark.parametrize(("variant", "at_least"), [("polish", 10), ("standard", 20)])
def test_the_heuristic_wins_some_deals_and_always_stops(variant: str, at_least: int) -> None:
    """Over 200 deals it wins some (about 10% under the Polish rules, 20% in the
    standard game); every game ends or the player gives up, well within bounds."""
    wins = 0
    for seed in SEEDS:
        game = new_game("klondike", seed=seed, variant=variant)
        outcome = play_out(game, HeuristicPlayer(), max_moves=5000)
        assert outcome.moves < HeuristicPlayer.max_moves
        assert game.is_over or outcome.reason == "the heuristic player found no useful move"
        wins += outcome.won
    assert wins >= at_least


def test_it_never_returns_to_a_position_it_has_seen() -> None:
    """No back-and-forth: every position it plays from is new."""
    for seed in range(40):
        game = new_game("klondike", seed=seed, variant="standard" if seed % 2 else "polish")
        player = HeuristicPlayer()
        seen = set()
        while not game.is_over:
            view = observe(game)
            assert view not in seen, f"deal {seed} came back to a position"
            seen.add(view)
            move = player.choose(game)
            if move is None:
                break
            assert move in game.legal_moves()
            game.play(move)


def _face_down(game: Game) -> list[Card]:
    """The cards no player can see: face-down column cards and the hand."""
    hidden = list(game.pile("s").cards)
    for index in range(1, 8):
        pile = game.pile(f"t{index}")
        hidden += pile.cards[: pile.down]
    return hidden


def _twin(game: Game, rng: random.Random) -> Game:
    """The same game, moves and all, dealt from a deck whose hidden cards are permuted."""
    hidden = _face_down(game)
    shuffled = list(hidden)
    while shuffled == hidden:
        rng.shuffle(shuffled)
    swap = dict(zip(hidden, shuffled, strict=True))
    deck = [swap.get(card, card) for card in game.deck]
    twin = new_game("klondike", deck=deck, variant=game.options["variant"])
    for step in game.history:
        twin.play(step.move)
    return twin


def test_it_never_looks_at_face_down_cards() -> None:
    """Two games that differ only in their face-down cards get the same move."""
    rng = random.Random(5)
    compared = 0
    for seed in range(30):
        game = new_game("klondike", seed=seed)
        player = HeuristicPlayer()
        for steps in range(0, 200, 17):
            while len(game.history) < steps and not game.is_over:
                move = player.choose(game)
                if move is None:
                    break
                game.play(move)
            if game.is_over or len(_face_down(game)) < 2:
                break
            twin = _twin(game, rng)
            assert twin.table != game.table  # the hidden cards do differ
            assert observe(twin) == observe(game)  # what a player sees does not
            assert HeuristicPlayer().choose(twin) == HeuristicPlayer().choose(game)
            compared += 1
    assert compared > 50


def test_it_gives_up_when_nothing_useful_is_left_and_on_a_finished_game() -> None:
    game = new_game("klondike", seed=0)
    player = HeuristicPlayer()
    play_out(game, player)
    assert player.choose(game) is None
    # A new game with the same player object starts with a fresh memory.
    fresh = new_game("klondike", seed=0)
    assert player.choose(fresh) == HeuristicPlayer().choose(fresh)


def test_safe_foundation_moves_come_first() -> None:
    from solitaire_widgets.examples.klondike import deck_for

    game = new_game("klondike", deck=deck_for(["9C", "9D", "9H", "9S", "QC", "KD", "AS"]))
    assert str(HeuristicPlayer().choose(game)) == "t7>fs"  # before turning the hand
    game = new_game("klondike", deck=deck_for(["9C", "9D", "9H", "AS", "QC", "KD", "KS"]))
    assert str(HeuristicPlayer().choose(game)) == "t4>fs"
