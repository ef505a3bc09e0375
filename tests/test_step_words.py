"""A step's words are the words of the move in the position before it, whenever they are read.

A game on its model keeps each step's move and events and words the step
(``Rules.describe_move``) only when its ``text`` is first read
(``solitaire_widgets/game.py``). These tests hold the words read late, out of
order, after the game has gone on, after an undo, in a clone that went
another way, and in another language, to the words of the same move worded
in the position before it (``position_at``), and to the words of the same
game played on its table through the rules' hooks (which words each step as
it is played). A step still reads like the named tuple ``(move, text,
events)`` it stands for.
"""

from __future__ import annotations

import pickle
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solitaire_widgets import GAMES, Game, new_game
from solitaire_widgets.game import Step
from solitaire_widgets.i18n import use_language

ON_MODEL = [name for name in GAMES if new_game(name, seed=0)._model is not None]


def eager_words(game: Game, index: int) -> str:
    """Step ``index`` worded in the position before it, as a game with no model words it."""
    return game.rules.describe_move(game.position_at(index - 1), game.steps()[index].move)


def play_randomly(game: Game, rng: random.Random, moves: int) -> None:
    for _ in range(moves):
        legal = game.legal_moves()
        if not legal:
            return
        game.play(rng.choice(legal))


@pytest.mark.parametrize("name", ON_MODEL)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), order=st.randoms(use_true_random=False))
def test_words_read_in_any_order_are_the_moves_words_before_it(name: str, seed: int,
                                                                order: random.Random) -> None:
    game = new_game(name, seed=seed)
    oracle = Game(game.rules, seed=seed, _backend="rules")
    rng = random.Random(seed)
    for _ in range(3):
        play_randomly(game, rng, rng.randint(1, 150))
        if rng.random() < 0.5:
            game.table  # noqa: B018 -- a front end draws the position now and then
    for move in [step.move for step in game.history]:
        oracle.play(move)
    indices = list(range(1, len(game.steps())))
    order.shuffle(indices)
    steps = game.steps()
    for index in indices:
        assert steps[index].text == eager_words(game, index) == oracle.steps()[index].text


@pytest.mark.parametrize("name", ON_MODEL)
def test_a_step_keeps_its_words_after_undo_and_another_move(name: str) -> None:
    game = new_game(name, seed=11)
    rng = random.Random(11)
    play_randomly(game, rng, 40)
    kept = game.history[-3:]          # not read yet
    expected = [eager_words(game, game.moves_played - 2 + k) for k in range(3)]
    for _ in range(3):
        game.undo()
    other = game.clone()
    play_randomly(game, random.Random(99), 30)   # the game goes another way
    assert [step.text for step in kept] == expected
    # The clone shares the steps before the undo; its own words are its own position's.
    play_randomly(other, random.Random(5), 20)
    for index in range(1, len(other.steps())):
        assert other.steps()[index].text == eager_words(other, index)
    for index in range(1, len(game.steps())):
        assert game.steps()[index].text == eager_words(game, index)


@pytest.mark.parametrize("name", ON_MODEL)
def test_a_step_undone_and_redone_keeps_its_words(name: str) -> None:
    game = new_game(name, seed=4)
    play_randomly(game, random.Random(4), 25)
    last = game.history[-1]
    words = eager_words(game, game.moves_played)
    game.undo()
    game.redo()
    assert game.history[-1] is last and last.text == words


def test_words_are_in_the_language_in_force_when_first_read() -> None:
    game = new_game("klondike", seed=7)
    step = game.play("turn")
    with use_language("pl"):
        polish = step.text
    assert polish == "następna karta z ręki zostaje odkryta i położona na stos przed sobą"
    assert step.text == polish            # worded once: the words stay
    english = new_game("klondike", seed=7).play("turn").text
    assert english == "the next card of the hand is turned face up onto the waste"


def test_a_step_reads_like_the_tuple_move_text_events() -> None:
    game = new_game("quarrel", seed=3)
    for _ in range(5):
        step = game.play(game.legal_moves()[0])
    move, text, events = step
    assert (move, text, events) == (step.move, step.text, step.events)
    again = Step(move, text, events)
    assert again == step and hash(again) == hash(step)
    assert pickle.loads(pickle.dumps(step)) == step
    assert repr(step).startswith("Step(move=Move.parse(") and text in repr(step)
    assert step != (move, text, events)   # a step is not a plain tuple
