"""Worrying back: the Klondike option that lets a foundation's top card come back to a column.

The Polish text builds the foundations only upwards («Co się da przenosimy z
sekwensów na asy»: whatever we can, we move from the sequences onto the
aces), so by default no card comes back; the standard variants offer
``worrying_back="yes"`` to compare with published figures that allow it.
Each test is named after the reading it checks, as the unclear-text page
states it.
"""

from __future__ import annotations

import random

import pytest

from solitaire_widgets import Game, IllegalMoveError, Move, new_game
from solitaire_widgets.cards import parse_cards
from solitaire_widgets.errors import OptionError
from solitaire_widgets.games.klondike import WORRY_DEAD_REASON, KlondikeRules
from solitaire_widgets.games.klondike.solver import Config
from solitaire_widgets.games.klondike.solver.search import solve_position
from solitaire_widgets.games.klondike.solver.state import from_table, mode_of
from solitaire_widgets.rules import Context
from solitaire_widgets.save_reader import load_game, save_json
from solitaire_widgets.strategies import get_strategy, play_out
from solitaire_widgets.table import Table

from .test_klondike_rules import shifts_only_table


def _position_with_a_move_back(seed: int) -> tuple[Game, Move]:
    """Deal ``seed`` drawing one with worrying back, played at random until a card can come back."""
    rnd = random.Random(seed)
    game = new_game("klondike", seed=seed, variant="standard", worrying_back="yes")
    while not game.is_over:
        moves = game.legal_moves()
        back = [m for m in moves if m.action == "move" and m.src.startswith("f")]
        if back:
            return game, back[0]
        game.play(rnd.choice(moves))
    raise AssertionError("no card could come back")


def test_reading_no_card_comes_back_from_a_foundation_by_default() -> None:
    """«Co się da przenosimy z sekwensów na asy»: cards go up and stay there."""
    game, move = _position_with_a_move_back(3)
    plain = game.clone()
    plain.rules = KlondikeRules(variant="standard")
    assert move not in plain.rules.legal_moves(plain.table)
    assert "never come back into play" in plain.rules.why_illegal(plain.table, move)


def test_reading_worrying_back_is_refused_under_the_polish_rules() -> None:
    with pytest.raises(OptionError, match="worrying_back='yes' goes only with variant "
                       "'standard' or 'draw-three', not 'polish'"):
        new_game("klondike", seed=1, worrying_back="yes")
    with pytest.raises(OptionError, match="worrying_back must be one of"):
        new_game("klondike", seed=1, variant="standard", worrying_back="sometimes")


@pytest.mark.parametrize("variant", ["standard", "draw-three"])
def test_reading_worrying_back_a_foundation_top_card_comes_back_onto_a_column(
        variant: str) -> None:
    """The top card of a foundation onto a column where it fits by the column rule."""
    rules = KlondikeRules(variant=variant, worrying_back="yes")
    table = shifts_only_table(rules)
    table.piles["fs"].cards = parse_cards("AS 2S 3S 4S 5S 6S")
    table.piles["t5"].cards = parse_cards("7H")
    legal = rules.legal_moves(table)
    assert Move.parse("fs>t5") in legal
    assert Move.parse("fc>t5") not in legal  # the two of clubs does not fit on the seven
    assert "a column is built down" in rules.why_illegal(table, Move.parse("fc>t4"))
    assert "only onto a column" in rules.why_illegal(table, Move.parse("fs>w"))
    assert "one at a time" in rules.why_illegal(table, Move.parse("fs:2>t5"))
    assert "is empty" in rules.why_illegal(table, Move.parse("fh>t5"))
    rules.apply(table, Move.parse("fs>t5"), Context(table, list))
    assert [str(c) for c in table.piles["t5"].cards] == ["7H", "6S"]
    assert len(table.piles["fs"].cards) == 5
    # The five of diamonds goes onto the six, and the three of clubs beneath turns up.
    assert Move.parse("t4>t5") in rules.legal_moves(table)


def test_reading_worrying_back_undo_redo_and_saves_round_trip() -> None:
    game, move = _position_with_a_move_back(3)
    before = game.table.copy()
    game.play(move)
    after = game.table.copy()
    loaded = load_game(save_json(game))
    assert loaded.options == {"variant": "standard", "worrying_back": "yes"}
    assert loaded.table == after
    game.undo()
    assert game.table == before
    game.redo()
    assert game.table == after


def test_reading_a_game_is_dead_with_worrying_back_only_if_no_card_brought_back_helps() -> None:
    """The shifts-only table is dead without worrying back; with it, the six of spades can
    come back onto a red seven, take the five of diamonds, and the three of clubs turns up."""
    plain = KlondikeRules(variant="standard")
    worry = KlondikeRules(variant="standard", worrying_back="yes")
    for rules in (plain, worry):
        table = shifts_only_table(rules)
        table.piles["fs"].cards = parse_cards("AS 2S 3S 4S 5S 6S")
        table.piles["t5"].cards = parse_cards("7H")
        assert rules.dead(table) == (rules is plain)
    # Without a seven to take it, the six coming back helps nothing: dead either way.
    table = shifts_only_table(worry)
    table.piles["fs"].cards = parse_cards("AS 2S 3S 4S 5S 6S")
    assert worry.dead(table)
    worry.apply(table, Move.parse("t1:2>t2"), Context(table, list))
    assert table.facts["reason"] == WORRY_DEAD_REASON


@pytest.mark.parametrize("variant", ["standard", "draw-three"])
def test_reading_with_worrying_back_a_dead_game_is_lost_and_the_solver_agrees(
        variant: str) -> None:
    """Played by the package's player, then only turned: each game ended dead is one the
    solver, searching every line with worrying back, finds lost. (A game left going is
    not dead: a card brought back may still open a way the player did not see.)"""
    dead = going = 0
    for seed in range(40):
        game = new_game("klondike", seed=seed, variant=variant, worrying_back="yes")
        play_out(game, get_strategy("klondike"))
        for _ in range(3 * (24 + 1)):
            turning = [m for m in game.legal_moves() if m.action in ("turn", "redeal")]
            if game.is_over or not turning:
                break
            game.play(turning[0])
        root, forced = from_table(game.table)
        if not game.is_over:
            going += 1
            assert isinstance(game.rules, KlondikeRules)
            assert not game.rules.dead(game.table)
            continue
        if game.result.reason == WORRY_DEAD_REASON:
            dead += 1
            status, _, _ = solve_position(root, forced, mode_of(variant), 100_000, None,
                                          config=Config(worrying_back=True))
            assert status == "lost", (variant, seed)
    assert dead >= 5


def test_reading_a_move_back_is_refused_in_words_when_it_does_not_fit() -> None:
    game, move = _position_with_a_move_back(3)
    wrong = next(Move("move", move.src, t) for t in ("t1", "t2", "t3", "t4", "t5", "t6", "t7")
                 if Move("move", move.src, t) not in game.legal_moves())
    with pytest.raises(IllegalMoveError):
        game.play(wrong)
    assert isinstance(game.table, Table)


def test_reading_worrying_back_is_chosen_on_the_command_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    from solitaire_widgets.cli import main

    assert main(["play", "klondike", "--seed", "3", "--option", "variant=standard",
                 "--option", "worrying_back=yes"]) == 0
    assert main(["play", "klondike", "--seed", "3", "--option", "worrying_back=yes"]) == 2
    assert "goes only with variant 'standard' or 'draw-three'" in capsys.readouterr().err
