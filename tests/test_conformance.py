"""One conformance suite for every game: the invariants any game must keep.

Random and strategy-driven play over many deals keeps every card exactly
once; legal moves apply and are unique; illegal ones raise
:class:`IllegalMoveError` and change nothing; undo/redo, clones, saves and
event replays round-trip; fuzzed save files never crash the loader.

Each test is parametrized over ``GAMES`` (the registry). A game registered
elsewhere runs the same tests by calling them with its name (see
``tests/test_extra_game.py``).
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import event as note_event
from hypothesis import strategies as st

from solitaire_widgets import (
    GAMES,
    Game,
    IllegalMoveError,
    Move,
    NotationError,
    SaveFileError,
    load_game,
    new_game,
)
from solitaire_widgets.cards import full_deck
from solitaire_widgets.games import rules_class
from solitaire_widgets.save_reader import MAX_SAVE_BYTES
from solitaire_widgets.strategies import get_strategy, strategy_names
from solitaire_widgets.table import PILE_KINDS, Table

ROOT = Path(__file__).resolve().parent.parent

#: The most moves a random game is driven for (Klondike can cycle its stock for ever).
MAX_OPS = 250
#: Our own random player, drawing its choices from Hypothesis.
HYPOTHESIS_PLAYER = "hypothesis"

#: Text that would show a Python value leaking into a player's message.
REPR_NOISE = (
    "Move(", "Card(", ".parse(", "Pile(", "Event(", "Table(", "object at 0x", "Traceback",
    "KeyError", "IndexError", "TypeError", "AttributeError",
)
#: Words that are moves in no game (or in another game only).
ODD_WORDS = (
    "turn", "redeal", "deal", "fill", "aux", "pass", "flip", "jump", "undo", "stock", "hit",
    "waste", "zz",
)
#: Pile ids that no game has.
ODD_PILES = ("zz", "q99", "x1", "l99", "t99", "r999", "a99", "f", "fx")

SETTINGS = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[
        HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example,
    ],
)


# -- helpers ------------------------------------------------------------------


def _require(name: str) -> None:
    """The game is registered and its declared strategies import (else this fails)."""
    rules_class(name)
    for strategy in strategy_names(name):
        get_strategy(name, strategy)


def _deck_counter(game: Game) -> Counter[Any]:
    return Counter(full_deck(game.rules.packs))


def _check_cards(game: Game, when: str) -> None:
    assert Counter(game.table.cards()) == _deck_counter(game), f"cards lost or doubled {when}"


def _check_position(game: Game, when: str) -> None:
    """The invariants that hold in every position."""
    _check_cards(game, when)
    table = game.table
    assert "s" in table.piles and table.piles["s"].kind == "stock"
    for pile in table.piles.values():
        assert pile.kind in PILE_KINDS, (pile.id, pile.kind)
        assert 0 <= pile.down <= len(pile.cards) or pile.kind == "stock", (pile.id, when)
    moves = game.legal_moves()
    assert len(set(moves)) == len(moves), f"legal moves repeat {when}: {moves}"
    assert game.legal_moves() == moves, "legal moves are not in a stable order"
    for move in moves:
        assert isinstance(move, Move)
        assert Move.parse(str(move)) == move, f"{move!r} does not round-trip its text"
        assert game.is_legal(move) and game.is_legal(str(move))
    result = game.result
    assert result.over == game.is_over and result.won == game.is_won
    if game.is_won:
        assert game.is_over
    if game.is_over:
        assert moves == [], f"a finished game has legal moves {when}: {moves}"
        assert result.reason, "a finished game gives no reason"
    else:
        assert moves, f"an unfinished game has no legal move {when}"
    assert isinstance(game.status, str) and game.status


def _check_step(before: Table, game: Game, step_events: tuple[Any, ...]) -> None:
    """A step's events, applied to the position before it, give the position after it."""
    shadow = before.copy()
    for event in step_events:
        shadow.apply(event)
    assert shadow == game.table, "a step's events do not rebuild the position after it"


def _replay_events(game: Game) -> Table:
    table = game.start
    assert Counter(table.piles["s"].cards) == _deck_counter(game)
    for _move, _words, events in game.steps():
        for event in events:
            table.apply(event)
    return table


def _check_save(game: Game) -> None:
    loaded = load_game(game.to_json())
    assert loaded.table == game.table
    assert [s.move for s in loaded.history] == [s.move for s in game.history]
    assert [s.events for s in loaded.history] == [s.events for s in game.history]
    assert loaded.result == game.result
    assert loaded.opening == game.opening
    assert loaded.options == game.options and loaded.deck == game.deck
    assert loaded.to_json() == game.to_json()
    assert loaded.legal_moves() == game.legal_moves()


def _all_legal_moves_apply(game: Game) -> None:
    for move in game.legal_moves():
        other = game.clone()
        before = other.table.copy()
        step = other.play(move)
        assert step.move == move and isinstance(step.text, str) and step.text
        _check_position(other, f"after legal move {move}")
        _check_step(before, other, step.events)
    assert game.history == game.clone().history


class _Player:
    """Chooses moves: by Hypothesis' random, or by one of the game's strategies."""

    def __init__(self, game: str, name: str, rnd: random.Random) -> None:
        self.rnd = rnd
        self.strategy = None if name == HYPOTHESIS_PLAYER else get_strategy(
            game, name, seed=rnd.randrange(1000)
        )

    def choose(self, game: Game) -> Move:
        moves = game.legal_moves()
        if self.strategy is not None:
            move = self.strategy.choose(game)
            if move is not None:
                assert move in moves, f"strategy {self.strategy.name} chose an illegal {move}"
                return move
        return self.rnd.choice(moves)


def _new_deal(name: str, data: st.DataObject) -> Game:
    rules = rules_class(name)
    options = {
        option: data.draw(st.sampled_from(values), label=option)
        for option, values in rules.options_allowed.items()
    }
    for (option, value), needs in rules.option_needs.items():
        if options[option] == value and any(options[o] not in ok for o, ok in needs.items()):
            options.update({o: ok[0] for o, ok in needs.items()})
    # The seed also draws any reshuffle, so a stacked deck gets one too (replays are exact).
    seed = data.draw(st.integers(0, 2**31 - 1), label="seed")
    if data.draw(st.booleans(), label="stacked"):
        deck = data.draw(st.permutations(full_deck(rules.packs)), label="deck")
        return new_game(name, seed=seed, deck=deck, **options)
    return new_game(name, seed=seed, **options)


def _player(name: str, data: st.DataObject, rnd: random.Random) -> _Player:
    choices = [HYPOTHESIS_PLAYER, *strategy_names(name)]
    return _Player(name, data.draw(st.sampled_from(choices), label="player"), rnd)


def _deal_and_player(name: str, data: st.DataObject) -> tuple[Game, _Player]:
    """A deal of the game ``name`` and a player, both drawn by Hypothesis.

    The player's random numbers (``player.rnd``) are drawn too, for the test's
    other random choices.
    """
    _require(name)
    game = _new_deal(name, data)
    rnd = data.draw(st.randoms(use_true_random=False), label="rnd")
    return game, _player(name, data, rnd)


def _play_some(game: Game, player: _Player, steps: int) -> None:
    for _ in range(steps):
        if game.is_over:
            return
        game.play(player.choose(game))


# -- random play ------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
@SETTINGS
@given(data=st.data())
def test_random_play_keeps_every_invariant(name: str, data: st.DataObject) -> None:
    """Play, undo, redo and replay at random: every card stays exactly once throughout."""
    game, player = _deal_and_player(name, data)
    rnd = player.rnd
    _check_position(game, "after the opening deal")
    assert _replay_events(game) == game.table, "the opening's events are incomplete"
    for number in range(MAX_OPS):
        roll = rnd.random()
        if roll < 0.07 and game.can_undo:
            before = game.table.copy()
            game.undo()
            _check_position(game, f"after undo at op {number}")
            assert game.table == game.position_at(len(game.history))
            game.redo()
            assert game.table == before, "undo then redo does not give the same table"
            _check_position(game, f"after redo at op {number}")
        elif roll < 0.12 and game.can_undo:
            # Undo, then play the same move again: the same outcome, reshuffles included.
            last = game.history[-1]
            after = game.table.copy()
            game.undo()
            again = game.play(last.move)
            assert again.events == last.events and again.text == last.text
            assert game.table == after
            assert not game.can_redo
        elif roll < 0.15:
            _check_save(game)
        elif roll < 0.25 and not game.is_over:
            _all_legal_moves_apply(game)
        elif game.is_over:
            break
        else:
            before = game.table.copy()
            move = player.choose(game)
            step = game.play(move)
            assert step.move == move and game.history[-1] is step
            assert not game.can_redo
            _check_position(game, f"after {move} (op {number})")
            _check_step(before, game, step.events)
    assert _replay_events(game) == game.table, "the events do not rebuild the table"
    _check_save(game)
    note_event(f"over={game.is_over} won={game.is_won} steps>50={len(game.history) > 50}")


@pytest.mark.parametrize("name", GAMES)
@SETTINGS
@given(data=st.data())
def test_strategies_play_to_the_end(name: str, data: st.DataObject) -> None:
    """Each strategy's games end with no legal move; saving at the end round-trips."""
    game, player = _deal_and_player(name, data)
    _play_some(game, player, 3000)
    if game.is_over:
        assert game.legal_moves() == []
        with pytest.raises(IllegalMoveError, match="over"):
            game.play(Move("turn"))
    _check_position(game, "at the end")
    assert _replay_events(game) == game.table
    _check_save(game)


# -- illegal moves ---------------------------------------------------------------


def _candidates(game: Game, rnd: random.Random) -> list[Move]:
    ids = list(game.table.piles)
    odd = [*ids, *ODD_PILES]
    moves: list[Move] = [Move(word) for word in ODD_WORDS]
    for _ in range(40):
        moves.append(Move("move", rnd.choice(odd), rnd.choice(odd), rnd.randint(1, 14)))
    for _ in range(40):
        moves.append(Move("move", rnd.choice(ids), rnd.choice(ids), 1))
    for legal in game.legal_moves():
        if legal.action == "move":
            moves.append(Move("move", legal.dst, legal.src, legal.count))
            moves.append(Move("move", legal.src, legal.dst, legal.count + 1))
            moves.append(Move("move", legal.src, legal.src, legal.count))
            moves.append(Move("move", legal.src, "zz", legal.count))
    return moves


def _assert_refused(game: Game, move: Move | str) -> str:
    table = game.table.copy()
    history = list(game.history)
    legal = game.legal_moves()
    can_redo = game.can_redo
    with pytest.raises(IllegalMoveError) as caught:
        game.play(move)
    message = str(caught.value)
    assert message.strip(), f"no reason given for {move}"
    for noise in REPR_NOISE:
        assert noise not in message, f"{move}: {message!r} shows Python internals"
    assert game.table == table, f"the illegal {move} changed the table"
    assert game.history == history, f"the illegal {move} changed the history"
    assert game.legal_moves() == legal and game.can_redo == can_redo
    return message


@pytest.mark.parametrize("name", GAMES)
@SETTINGS
@given(data=st.data())
def test_illegal_moves_raise_and_change_nothing(name: str, data: st.DataObject) -> None:
    """Random pile pairs, counts, unknown piles and odd words are refused with a reason."""
    game, player = _deal_and_player(name, data)
    _play_some(game, player, data.draw(st.integers(0, 120), label="steps"))
    rnd = player.rnd
    if game.can_undo and rnd.random() < 0.3:
        game.undo()  # a pending redo must survive an illegal move too
    legal = set(game.legal_moves())
    tried = 0
    for move in _candidates(game, rnd):
        if move in legal:
            continue
        tried += 1
        message = _assert_refused(game, move)
        if move.action == "move" and rnd.random() < 0.3:
            assert _assert_refused(game, str(move)) == message
        with pytest.raises(IllegalMoveError):
            game.describe(move)
        assert not game.is_legal(move)
    assert tried > 0
    _check_position(game, "after the refused moves")


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("text", ["", "t3>>t5", "hello world", "x:0>y", ">", "move", "a:100>b"])
def test_text_that_is_no_move_raises_notation_error(name: str, text: str) -> None:
    _require(name)
    game = new_game(name, seed=7)
    table = game.table.copy()
    with pytest.raises(NotationError, match="is not a move"):
        game.play(text)
    assert game.table == table and game.history == []
    assert not game.is_legal(text)


@pytest.mark.parametrize("name", GAMES)
def test_undo_and_redo_with_nothing_to_do_raise(name: str) -> None:
    _require(name)
    game = new_game(name, seed=3)
    with pytest.raises(IllegalMoveError, match="nothing to undo"):
        game.undo()
    with pytest.raises(IllegalMoveError, match="nothing to redo"):
        game.redo()


# -- undo/redo, clone ------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
@SETTINGS
@given(data=st.data())
def test_undo_all_then_redo_all_round_trips(name: str, data: st.DataObject) -> None:
    game, player = _deal_and_player(name, data)
    opened = game.table.copy()
    _play_some(game, player, data.draw(st.integers(1, MAX_OPS), label="n"))
    final = game.table.copy()
    steps = list(game.history)
    while game.can_undo:
        game.undo()
        _check_cards(game, "while undoing")
    assert game.table == opened and game.history == []
    _check_position(game, "after undoing everything")
    while game.can_redo:
        game.redo()
        _check_cards(game, "while redoing")
    assert game.table == final
    assert game.history == steps
    _check_position(game, "after redoing everything")


@pytest.mark.parametrize("name", GAMES)
@SETTINGS
@given(data=st.data())
def test_clone_is_independent(name: str, data: st.DataObject) -> None:
    game, player = _deal_and_player(name, data)
    _play_some(game, player, data.draw(st.integers(0, 60), label="n"))
    table, history, legal = game.table.copy(), list(game.history), game.legal_moves()
    other = game.clone()
    assert other.table == game.table and other.table is not game.table
    _play_some(other, player, 30)
    if other.can_undo:
        other.undo()
    assert game.table == table and game.history == history and game.legal_moves() == legal
    if game.can_undo:
        copy_table = other.table.copy()
        game.undo()
        assert other.table == copy_table


# -- saves ------------------------------------------------------------------------


def _save_data(name: str, data: st.DataObject) -> tuple[Game, dict[str, Any], random.Random]:
    game, player = _deal_and_player(name, data)
    _play_some(game, player, data.draw(st.integers(0, 200), label="n"))
    return game, json.loads(game.to_json()), player.rnd


def _some_path(node: Any, rnd: random.Random) -> list[Any]:
    """A random path into nested JSON data (dict keys and list indexes)."""
    path: list[Any] = []
    while isinstance(node, (dict, list)) and node and rnd.random() < 0.7:
        key = rnd.choice(list(node)) if isinstance(node, dict) else rnd.randrange(len(node))
        path.append(key)
        node = node[key]
    return path


def _at(node: Any, path: list[Any]) -> Any:
    for key in path:
        node = node[key]
    return node


def _delete_key(data: dict[str, Any], rnd: random.Random) -> str:
    path = _some_path(data, rnd) or [rnd.choice(list(data))]
    parent = _at(data, path[:-1])
    del parent[path[-1]]
    return json.dumps(data)


def _change_type(data: dict[str, Any], rnd: random.Random) -> str:
    path = _some_path(data, rnd) or [rnd.choice(list(data))]
    parent = _at(data, path[:-1])
    parent[path[-1]] = rnd.choice([None, 7, -1, 2.5, True, "x", [], {}, [[]], {"a": 1}, "🂡"])
    return json.dumps(data)


def _swap_cards(data: dict[str, Any], rnd: random.Random) -> str:
    deck = data["deck"]
    i, j = rnd.randrange(len(deck)), rnd.randrange(len(deck))
    deck[i], deck[j] = deck[j], deck[i]
    return json.dumps(data)


def _duplicate_card(data: dict[str, Any], rnd: random.Random) -> str:
    deck = data["deck"]
    i, j = rnd.randrange(len(deck)), rnd.randrange(len(deck))
    if deck[i] == deck[j]:
        j = (i + 1) % len(deck)
    deck[j] = deck[i]
    return json.dumps(data)


def _bad_card(data: dict[str, Any], rnd: random.Random) -> str:
    deck = data["deck"]
    deck[rnd.randrange(len(deck))] = rnd.choice(["1X", "", "ZZ", "11H", "AS AS", "joker"])
    return json.dumps(data)


def _truncate(data: dict[str, Any], rnd: random.Random) -> str:
    text = json.dumps(data)
    return text[: rnd.randrange(len(text))]


def _change_move(data: dict[str, Any], rnd: random.Random) -> str:
    moves = data["moves"]
    piles = ["s", "w", "l1", "l24", "a1", "t1", "t7", "fh", "r1", "r104", "h", "zz"]
    text = rnd.choice([
        *ODD_WORDS,
        f"{rnd.choice(piles)}>{rnd.choice(piles)}",
        f"{rnd.choice(piles)}:{rnd.randint(1, 99)}>{rnd.choice(piles)}",
        "t3>>t5", "", "?",
    ])
    if moves:
        moves[rnd.randrange(len(moves))]["move"] = text
    else:
        moves.append({"move": text})
    return json.dumps(data)


def _drop_move(data: dict[str, Any], rnd: random.Random) -> str:
    moves = data["moves"]
    if moves:
        del moves[rnd.randrange(len(moves))]
    return json.dumps(data)


def _bogus_shuffle(data: dict[str, Any], rnd: random.Random) -> str:
    order = list(data["deck"])
    rnd.shuffle(order)
    order = order[: rnd.randint(0, len(order))]
    if data["moves"] and rnd.random() < 0.7:
        entry = data["moves"][rnd.randrange(len(data["moves"]))]
        entry.setdefault("shuffles", []).append(order)
    else:
        data.setdefault("opening_shuffles", []).append(order)
    return json.dumps(data)


def _tamper_shuffle(data: dict[str, Any], rnd: random.Random) -> str:
    entries = [e for e in data["moves"] if e.get("shuffles")]
    if not entries:
        return _bogus_shuffle(data, rnd)
    entry = rnd.choice(entries)
    order = entry["shuffles"][0]
    choice = rnd.randrange(4)
    if choice == 0 and order:
        del order[rnd.randrange(len(order))]
    elif choice == 1 and order:
        order[rnd.randrange(len(order))] = order[0]
    elif choice == 2:
        del entry["shuffles"]
    else:
        rnd.shuffle(order)  # harmless or a later move becomes illegal
    return json.dumps(data)


def _change_game(data: dict[str, Any], rnd: random.Random) -> str:
    data["game"] = rnd.choice([*GAMES, "poker", "", "Chain"])
    return json.dumps(data)


def _change_option(data: dict[str, Any], rnd: random.Random) -> str:
    options = data.setdefault("options", {})
    key = rnd.choice([*options, "colour", "aux_row"]) if options else "colour"
    options[key] = rnd.choice(["nonsense", "", "at-start", "when-stuck"])
    return json.dumps(data)


def _add_key(data: dict[str, Any], rnd: random.Random) -> str:
    data[rnd.choice(["extra", "notes", "__class__"])] = rnd.choice([1, "x", None, [1, 2]])
    return json.dumps(data)


def _random_bytes(data: dict[str, Any], rnd: random.Random) -> bytes:
    return bytes(rnd.randrange(256) for _ in range(rnd.randrange(200)))


def _flip_byte(data: dict[str, Any], rnd: random.Random) -> bytes:
    raw = bytearray(json.dumps(data).encode("utf-8"))
    raw[rnd.randrange(len(raw))] = rnd.randrange(256)
    return bytes(raw)


def _huge(data: dict[str, Any], rnd: random.Random) -> str | bytes:
    data["notes"] = "x" * (MAX_SAVE_BYTES + 1)
    text = json.dumps(data)
    return text.encode("utf-8") if rnd.random() < 0.5 else text


def _deeply_nested(data: dict[str, Any], rnd: random.Random) -> str:
    depth = 100_000
    nested = rnd.choice(["[" * depth + "]" * depth, '{"a":' * depth + "1" + "}" * depth])
    text = json.dumps(data)
    return text[:-1] + ', "notes": ' + nested + "}"


MUTATIONS: dict[str, Callable[[dict[str, Any], random.Random], str | bytes]] = {
    "delete_key": _delete_key,
    "change_type": _change_type,
    "swap_cards": _swap_cards,
    "duplicate_card": _duplicate_card,
    "bad_card": _bad_card,
    "truncate": _truncate,
    "change_move": _change_move,
    "drop_move": _drop_move,
    "bogus_shuffle": _bogus_shuffle,
    "tamper_shuffle": _tamper_shuffle,
    "change_game": _change_game,
    "change_option": _change_option,
    "add_key": _add_key,
    "random_bytes": _random_bytes,
    "flip_byte": _flip_byte,
    "huge": _huge,
    "deeply_nested": _deeply_nested,
}


@pytest.mark.parametrize("name", GAMES)
@settings(SETTINGS, max_examples=120)
@given(data=st.data())
def test_fuzzed_save_files_never_crash_the_loader(name: str, data: st.DataObject) -> None:
    """Only SaveFileError comes out of the loader; a harmless change loads a sound game."""
    _game, saved, rnd = _save_data(name, data)
    mutation = data.draw(st.sampled_from(sorted(MUTATIONS)), label="mutation")
    text = MUTATIONS[mutation](saved, rnd)
    try:
        loaded = load_game(text)
    except SaveFileError as error:
        note_event(f"{mutation}: refused")
        message = str(error)
        assert message.strip()
        assert "Traceback" not in message and "object at 0x" not in message
        return
    note_event(f"{mutation}: loaded")
    assert mutation not in ("duplicate_card", "bad_card", "huge", "deeply_nested",
                            "random_bytes"), f"{mutation} was accepted"
    _check_position(loaded, f"after loading a save changed by {mutation}")
    assert _replay_events(loaded) == loaded.table
    assert load_game(loaded.to_json()).table == loaded.table


@pytest.mark.parametrize("name", GAMES)
def test_save_with_a_card_twice_is_refused(name: str) -> None:
    _require(name)
    data = json.loads(new_game(name, seed=4).to_json())
    deck = data["deck"]
    doubled = deck[0]
    # With two packs a card may appear twice: a third copy is one too many.
    for i in range(1, len(deck)):
        if deck[i] != doubled:
            deck[i] = doubled
            if deck.count(doubled) > rules_class(name).packs:
                break
    with pytest.raises(SaveFileError, match=f"deck.*{doubled}"):
        load_game(json.dumps(data))


@pytest.mark.parametrize("name", GAMES)
def test_save_with_an_illegal_move_is_refused(name: str) -> None:
    _require(name)
    game = new_game(name, seed=8)
    _play_some(game, _Player(name, strategy_names(name)[0], random.Random(1)), 3)
    data = json.loads(game.to_json())
    data["moves"].insert(len(data["moves"]), {"move": "zz>fh"})
    number = len(data["moves"])
    with pytest.raises(SaveFileError, match=f"move {number} \\(zz>fh\\) is not legal"):
        load_game(json.dumps(data))
    data["moves"][-1] = {"move": "t3>>t5"}
    with pytest.raises(SaveFileError, match=f"move {number}: 't3>>t5' is not a move"):
        load_game(json.dumps(data))


@pytest.mark.parametrize("name", GAMES)
def test_save_of_a_finished_game_refuses_a_move_after_the_end(name: str) -> None:
    _require(name)
    game = new_game(name, seed=9)
    _play_some(game, _Player(name, strategy_names(name)[0], random.Random(2)), 5000)
    assert game.is_over
    _check_save(game)
    data = json.loads(game.to_json())
    data["moves"].append(dict(data["moves"][-1]) if data["moves"] else {"move": "fill"})
    with pytest.raises(SaveFileError, match="already over"):
        load_game(json.dumps(data))


def test_huge_and_nested_inputs_are_refused() -> None:
    with pytest.raises(SaveFileError, match="larger than"):
        load_game(" " * (MAX_SAVE_BYTES + 1))
    with pytest.raises(SaveFileError, match="larger than"):
        load_game(b" " * (MAX_SAVE_BYTES + 1))
    with pytest.raises(SaveFileError, match="nests too deep"):
        load_game("[" * 200_000 + "]" * 200_000)
    with pytest.raises(SaveFileError, match="UTF-8"):
        load_game(b"\xff\xfe{}")
    with pytest.raises(SaveFileError):
        load_game(123)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", GAMES)
def test_a_shuffle_recorded_for_an_opening_without_one_is_refused(name: str) -> None:
    """A reshuffle recorded where none happens is tampering, at the opening as at a move.

    (A move that records one is refused: "records a reshuffle that did not happen".)
    """
    _require(name)
    game = new_game(name, seed=5)
    data = json.loads(game.to_json())
    if "opening_shuffles" in data:
        data["opening_shuffles"].append(list(data["deck"]))
    else:
        data["opening_shuffles"] = [list(data["deck"])]
    with pytest.raises(SaveFileError):
        load_game(json.dumps(data))


# -- determinism ------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_same_seed_same_deck_in_a_fresh_process(name: str) -> None:
    _require(name)
    seeds = [0, 1, 12345, 2**31 - 1]
    code = (
        "import sys; from solitaire_widgets import new_game\n"
        f"for seed in {seeds!r}:\n"
        f"    print(' '.join(map(str, new_game({name!r}, seed=seed).deck)))\n"
    )
    env = {**os.environ, "PYTHONHASHSEED": "12345", "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, env=env, check=True).stdout.splitlines()
    here = [" ".join(map(str, new_game(name, seed=seed).deck)) for seed in seeds]
    assert out == here
    assert len(set(here)) == len(here)


@pytest.mark.parametrize("name", GAMES)
def test_same_seed_same_play_in_processes_with_other_hash_seeds(name: str) -> None:
    """Legal moves, strategies and reshuffles do not depend on set or dict hash order."""
    _require(name)
    code = (
        "from solitaire_widgets import new_game\n"
        "from solitaire_widgets.strategies import get_strategy, play_out, strategy_names\n"
        f"for strategy in strategy_names({name!r}):\n"
        "    for seed in (2, 3):\n"
        f"        game = new_game({name!r}, seed=seed)\n"
        f"        play_out(game, get_strategy({name!r}, strategy, seed=seed), max_moves=600)\n"
        "        print(game.to_json())\n"
        "        print([str(m) for m in game.legal_moves()])\n"
    )
    outputs = []
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(ROOT)}
        outputs.append(subprocess.run([sys.executable, "-c", code], capture_output=True,
                                      text=True, cwd=ROOT, env=env, check=True).stdout)
    assert outputs[0] == outputs[1]
    assert outputs[0].count("\n") == 4 * len(strategy_names(name))


@pytest.mark.parametrize("name", GAMES)
def test_same_seed_same_game(name: str) -> None:
    _require(name)
    one, two = new_game(name, seed=77), new_game(name, seed=77)
    assert one.table == two.table and one.opening == two.opening
    strategy = strategy_names(name)[0]
    _play_some(one, _Player(name, strategy, random.Random(0)), 400)
    _play_some(two, _Player(name, strategy, random.Random(0)), 400)
    assert one.to_json() == two.to_json() and one.table == two.table
