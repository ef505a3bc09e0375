"""Quarrel's search players' positions agree with the engine, position by position.

:mod:`solitaire_widgets.games.quarrel.search` plays futures out on a
:class:`Position`, the game's model read as the player reads the table (its
plays named by place index and series). Here thousands of
positions reached by random play (default options) go through both: the
Position built from the table, given the real order of the stock, offers
exactly the engine's legal moves, and after each of them it is where the
engine is. A round's end shuffles the gathered cards, so after one the
orders differ and the rest is compared (series, round, uses, phase, the
cards in the stock and the auxiliary row as a set).
"""

from __future__ import annotations

import random
from collections import Counter

from solitaire_widgets import new_game
from solitaire_widgets.game import Game
from solitaire_widgets.games.quarrel.search import Position, code, from_table_of
from solitaire_widgets.games.quarrel.search import _move as move_of
from solitaire_widgets.moves import Move

POSITIONS = 3000


def _position(game: Game) -> Position:
    """The search's position of ``game``, with the stock in its real order."""
    pos = from_table_of(game)
    pos.stock = [code(c) for c in game.pile("s").cards]
    return pos


def _offered(pos: Position) -> set[Move]:
    """The moves the search's position allows, as engine moves."""
    if pos.over:
        return set()
    if pos.phase in ("base", "hit"):
        return {move_of((("h", 0), fid)) for fid in pos.wanted().get(pos.held, [])}
    moves = {move_of(play) for play in pos.plays()}
    if pos.stock:
        moves.add(Move("deal"))
    return moves


def _play(pos: Position, move: Move) -> None:
    if move.action == "deal":
        pos.deal()
        return
    for play in pos.plays() + [(("h", 0), fid) for fid in range(8)]:
        if move_of(play) == move:
            pos.place(play)
            return
    raise AssertionError(f"the search has no play for {move}")


def _summary(pos: Position, ended: bool) -> tuple[object, ...]:
    common = (pos.lens, pos.tops, pos.rnd, pos.phase, pos.over, pos.won, pos.base)
    if pos.over:
        return common
    if ended:
        layout = Counter(c for c in pos.aux if c >= 0) + Counter(pos.stock)
        return (*common, pos.n_aux, sorted(layout.elements()), pos.held)
    return (*common, pos.rows, pos.aux, pos.stock, pos.held, pos.count, pos.n_aux)


def test_quarrel_search_plays_the_engine_rules() -> None:
    rnd = random.Random(10)
    checked = ended_rounds = 0
    seed = 0
    while checked < POSITIONS:
        game = new_game("quarrel", seed=seed)
        seed += 1
        while not game.is_over and checked < POSITIONS:
            legal = game.legal_moves()
            if game.table.facts["phase"] != "search":
                pos = _position(game)
                assert _offered(pos) == set(legal), game.to_json()
                for move in legal:
                    mine = _position(game)
                    _play(mine, move)
                    before = game.table.facts["round"]
                    game.play(move)
                    ended = game.table.facts["round"] != before
                    ended_rounds += ended
                    assert game.is_over == mine.over and game.is_won == mine.won
                    theirs = _position(game)
                    assert (theirs.over, theirs.won) == (game.is_over, game.is_won)
                    assert _summary(mine, ended) == _summary(theirs, ended), (move, seed)
                    game.undo()
                checked += 1
            plays = [m for m in legal if m.action != "deal"]
            game.play(rnd.choice(plays) if plays and rnd.random() < 0.8 else rnd.choice(legal))
    assert ended_rounds > 50
