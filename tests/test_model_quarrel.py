"""Quarrel's model beside the engine on chosen deals: the branches random play rarely meets.

``tests/test_model_conformance.py`` drives the model and the engine side by
side over random play; here the same comparison (every step's legal moves,
events, table, outcome and round trip) runs on a deck stacked for a void deal
(no card of the whole deck named correctly) and on deals, found by playing the
first legal move, that meet a later hit fitting both halves, the gathered
reading of such a hit, a win and the end of the third round. Each test first
checks that its deal does meet its branch.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from solitaire_widgets import Game, Move
from solitaire_widgets.cards import CODE, parse_cards
from solitaire_widgets.errors import OptionError
from solitaire_widgets.games.quarrel import QuarrelRules
from solitaire_widgets.games.quarrel.model import FIRST_AUX, HELD, HIT, SEARCH, WON, QuarrelModel

from .test_model_conformance import Pair, oracle_game, play_side_by_side
from .test_quarrel_rules import stacked


def first(game: Game) -> Move:
    return game.legal_moves()[0]


def texts(pair: Pair) -> list[str]:
    return [step.text for step in pair.game.history]


def test_a_void_deal_is_gathered_shuffled_and_counted_again_from_the_ace() -> None:
    deck = parse_cards(stacked(""))
    pair = play_side_by_side(oracle_game("quarrel", {}, 11, deck), first, most=140)
    void = pair.game.history[103]
    assert "void" in void.text and void.shuffles
    assert pair.game.history[104].text.startswith("deal: 'ace")


@pytest.mark.parametrize("options", [{}, {"deal": "when-stuck"}], ids=str)
def test_a_later_hit_fitting_both_halves_waits_then_ends_the_round(options: dict[str, str]) -> None:
    pair = play_side_by_side(oracle_game("quarrel", options, 27, None), first, most=1000)
    words = texts(pair)
    assert any("fits both halves" in text for text in words)
    assert pair.game.table.facts["round"] == 3 and pair.model.over


def test_under_the_gathered_reading_a_later_hit_card_is_gathered() -> None:
    pair = play_side_by_side(oracle_game("quarrel", {"hit_card": "gathered"}, 27, None), first,
                             most=1000)
    assert any("gathered with the rest" in text for text in texts(pair))
    assert not any("fits both halves" in text for text in texts(pair))


def test_a_won_game_and_a_game_lost_at_the_end_of_the_third_round() -> None:
    won = play_side_by_side(oracle_game("quarrel", {}, 26, None), first, most=1000)
    assert won.model.won and won.model.reason == WON
    lost = play_side_by_side(oracle_game("quarrel", {}, 0, None), first, most=1000)
    assert lost.model.over and not lost.model.won
    assert lost.model.reason.startswith("the third round is over")
    assert lost.game.table.facts["uses"] == 0


def test_a_copy_is_independent_of_its_original() -> None:
    game = oracle_game("quarrel", {}, 27, None)
    model = QuarrelModel(game.rules.options, game.seed, [CODE[c] for c in game.deck])
    model.deal()
    assert model.phase == SEARCH
    while model.phase != HIT:
        model.apply(model.legal_moves()[0])
    before = model.to_table()
    other = model.copy()
    while not other.over:
        other.apply(other.legal_moves()[0])
    assert model.to_table() == before and model.phase == HIT and not model.over


def test_an_option_out_of_range_is_refused() -> None:
    with pytest.raises(OptionError, match="option deal must be one of"):
        QuarrelModel({"deal": "never"}, 0, list(range(52)) * 2)


def test_the_counts_of_cards_in_sight_follow_the_places() -> None:
    """``sight`` and ``in_aux`` (which the moves and the bound's positions are read
    from) always count what lies in the rows and the auxiliary row."""
    rnd = random.Random(4)
    for seed in range(12):
        options = [{}, {"deal": "when-stuck"}, {"hit_card": "gathered"}][seed % 3]
        game = oracle_game("quarrel", options, seed)
        model = QuarrelModel(game.rules.options, seed, [CODE[c] for c in game.deck])
        model.deal()
        while not model.over:
            rows = Counter(code for code in model.cells[:FIRST_AUX] if code >= 0)
            aux = Counter(code for code in model.cells[FIRST_AUX:HELD] if code >= 0)
            assert all(model.in_aux[code] == aux[code] for code in range(52))
            assert all(model.sight[code] == rows[code] + aux[code] for code in range(52))
            assert model.sight[52] == 0
            model.apply(rnd.choice(model.legal_moves()))


@pytest.mark.parametrize("options", [{}, {"deal": "when-stuck"}, {"hit_card": "gathered"}],
                         ids=str)
def test_the_rules_hooks_on_a_table_play_the_model(options: dict[str, str]) -> None:
    """``QuarrelRules``' hooks on a table read the model: through them (the engine's
    other backend) a game takes the same steps, reshuffles included, as on the model."""
    for seed in (26, 27, 0):
        on_model = Game(QuarrelRules(**options), seed=seed)
        on_table = Game(QuarrelRules(**options), seed=seed, _backend="rules")
        assert on_table._model is None and on_model._model is not None
        while not on_model.is_over:
            move = on_model.legal_moves()[0]
            assert on_table.legal_moves() == on_model.legal_moves()
            assert on_table.play(move) == on_model.play(move)
        assert on_table.table == on_model.table and on_table.result == on_model.result
        assert on_table.to_json() == on_model.to_json()
        assert any(step.shuffles for step in on_model.history)
