"""Klondike's heuristic player: it wins some deals, never peeks, and always stops."""

from __future__ import annotations

import random

import pytest

from solitaire_widgets import Game, new_game
from solitaire_widgets.cards import Card
from solitaire_widgets.games.klondike.examples import deck_for
from solitaire_widgets.games.klondike.strategies import (
    STRATEGIES,
    HeuristicPlayer,
    SimplePlayer,
    observe,
    recall,
)
from solitaire_widgets.strategies import get_strategy, play_out, strategy_names

SEEDS = range(200)


def test_the_heuristic_is_klondikes_default_strategy() -> None:
    assert list(STRATEGIES) == ["heuristic", "simple"]
    assert strategy_names("klondike")[0] == "heuristic"
    assert isinstance(get_strategy("klondike"), HeuristicPlayer)


@pytest.mark.parametrize(("variant", "at_least"), [("polish", 45), ("standard", 85)])
def test_the_heuristic_wins_some_deals_and_always_stops(variant: str, at_least: int) -> None:
    """Over 200 deals it wins many (about 30% under the Polish rules, 50% in the
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
    """The cards no player has seen: face-down column cards, and the hand in the first pass.

    From the second pass on every card of the hand has been seen (turned face
    up in the pass before), and the player may remember them.
    """
    hidden = list(game.pile("s").cards) if game.table.facts["pass"] == 1 else []
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


@pytest.mark.parametrize("variant", ["polish", "standard", "draw-three"])
def test_it_never_looks_at_face_down_cards(variant: str) -> None:
    """Two games that differ only in cards never seen get the same move."""
    rng = random.Random(5)
    compared = 0
    for seed in range(30):
        game = new_game("klondike", seed=seed, variant=variant)
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
            assert recall(twin) == recall(game)  # nor what a player remembers
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
    game = new_game("klondike", deck=deck_for(["9C", "9D", "9H", "9S", "QC", "KD", "AS"]))
    assert str(HeuristicPlayer().choose(game)) == "t7>fs"  # before turning the hand
    game = new_game("klondike", deck=deck_for(["9C", "9D", "9H", "AS", "QC", "KD", "KS"]))
    assert str(HeuristicPlayer().choose(game)) == "t4>fs"


@pytest.mark.parametrize("variant", ["polish", "standard"])
def test_it_beats_the_notebooks_simple_player_on_the_same_deals(variant: str) -> None:
    """Paired over deals 0..199: many more deals won only by the heuristic than
    only by the simple player (29 to 4 Polish, 39 to 3 standard when written)."""
    only_heuristic = only_simple = 0
    for seed in SEEDS:
        mine = play_out(new_game("klondike", seed=seed, variant=variant), HeuristicPlayer()).won
        theirs = play_out(new_game("klondike", seed=seed, variant=variant), SimplePlayer()).won
        only_heuristic += mine and not theirs
        only_simple += theirs and not mine
    assert only_heuristic >= 3 * only_simple + 10


#: Column ends with no move between them (nothing fits, no king, no ace).
_ENDS = ["9C", "9D", "9H", "9S", "QC", "QS", "KC"]


def _second_pass_with_full_waste(columns: list[str], stock: str) -> Game:
    """A Polish game in its second pass whose waste holds the first three cards of ``stock``."""
    game = new_game("klondike", deck=deck_for(columns, stock=stock))
    for _ in range(24):
        game.play("turn")
    game.play("redeal")
    for _ in range(3):
        game.play("turn")
    return game


def test_in_the_second_pass_it_plays_the_waste_down_before_a_fourth_card() -> None:
    """The waste holds three cards and the next card (known: it was seen in the first
    pass) could not leave it: the waste's eight of hearts goes onto a nine first."""
    game = _second_pass_with_full_waste(_ENDS, "3C 4D 8H 5S")
    assert game.table.facts["waste_limit"] and len(game.pile("w").cards) == 3
    hand = recall(game).hand
    assert hand is not None and str(hand[0]) == "5S"
    move = HeuristicPlayer().choose(game)
    assert move is not None and move.src == "w" and move.dst in ("t1", "t4")


def test_in_the_second_pass_it_turns_onto_a_full_waste_only_a_card_that_can_leave() -> None:
    """Nothing on the full waste can move, and it remembers the next card (the eight of
    hearts) from the first pass: that one fits a nine, so turning it is safe."""
    game = _second_pass_with_full_waste(_ENDS, "3C 4D TC 8H")
    assert str(HeuristicPlayer().choose(game)) == "turn"
    game.play("turn")
    assert game.table.facts["forced"]
    move = HeuristicPlayer().choose(game)
    assert move is not None and move.src == "w" and move.dst in ("t1", "t4")
    game.play(move)
    assert not game.is_over
