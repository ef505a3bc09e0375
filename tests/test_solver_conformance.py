"""The solver's fast copy of Klondike's rules agrees with the engine, position by position.

The solver keeps the rules in compact form (:mod:`solitaire_widgets.games.klondike.solver.state`
and :mod:`solitaire_widgets.games.klondike.solver.moves`). Here thousands of positions
reached by random play under each rule set go through both:

- the moves the solver can make from the top of the waste and the columns are
  exactly the engine's legal moves (up to the two symmetries the solver
  always uses: empty columns are interchangeable, and a king already at the
  bottom of a column never moves to an empty one);
- every move the solver tries, talon cards further down included, is a line
  of engine moves that are all legal and end in the position the solver
  computes.

With worrying back the same holds, the foundations' top cards coming back
included, but for aces and twos, which the solver never brings back (see
:func:`solitaire_widgets.games.klondike.solver.moves.safe`).
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from solitaire_widgets import new_game
from solitaire_widgets.game import Game
from solitaire_widgets.games.klondike.solver import Config
from solitaire_widgets.games.klondike.solver import moves as gen
from solitaire_widgets.games.klondike.solver import state as st
from solitaire_widgets.moves import Move

#: Every move the rules allow, none put off: what the engine must agree with.
_ALL = Config(move_filters=False, lay_chains=False, twin_targets=False, merge_layouts=False,
              worry_filter=False, kept_up=False)
POSITIONS = 1000


def _positions(variant: str, count: int, worrying_back: str = "no") -> list[Game]:
    """Games in positions reached by random legal play (each a separate game)."""
    rnd = random.Random(variant if worrying_back == "no" else f"{variant} worrying back")
    found: list[Game] = []
    seed = 0
    while len(found) < count:
        game = new_game("klondike", seed=seed, variant=variant, worrying_back=worrying_back)
        seed += 1
        stops = sorted(rnd.sample(range(1, 200), 12))
        played = 0
        for stop in stops:
            while played < stop and not game.is_over:
                legal = game.legal_moves()
                useful = [m for m in legal if m.action == "move"]
                pick = rnd.choice(useful) if useful and rnd.random() < 0.6 else rnd.choice(legal)
                game.play(pick)
                played += 1
            if game.is_over:
                break
            found.append(game.clone())
    return found[:count]


def _canonical(game: Game, move: Move) -> tuple[str, str, int] | None:
    """A legal engine move, with empty columns named alike; None for a symmetric move."""
    if move.action != "move":
        return (move.action, "", 0)
    dst = move.dst
    if move.src.startswith("f") and game.pile(move.src).cards[-1].rank < 3:
        return None  # an ace or a two back from its foundation: never of use
    if dst.startswith("t") and not game.pile(dst).cards:
        src = game.pile(move.src)
        if move.src.startswith("t") and move.count == len(src.cards):
            return None  # a king at the bottom of a column moving to an empty one
        dst = "empty"
    return (move.src, dst, move.count)


def _solver_canonical(state: st.State, macro: st.Macro) -> tuple[str, str, int] | None:
    """The same for a solver move from the waste's top or a column; None otherwise."""
    kind, a, b, n = macro[:4]
    cols = state[1]
    if kind == st.REDEAL:
        return None
    if kind == st.FND_T:
        return (st.FIDS[a], "empty" if len(cols[b]) == 1 else st.TIDS[b], 1)
    if kind in (st.COL_F, st.COL_T):
        src = st.TIDS[a]
    elif a == state[3] - 1:
        src = "w"
    else:
        return None  # a talon card brought up by turns first
    if kind in (st.COL_F, st.TAL_F):
        return (src, st.FIDS[cols[a][-1] // 13 if kind == st.COL_F else state[2][a] // 13], 1)
    dst = "empty" if len(cols[b]) == 1 else st.TIDS[b]
    return (src, dst, n)


def _same(a: st.State, b: st.State, mode: int) -> bool:
    """Equal positions (the pass counts only under the Polish rules)."""
    if mode != st.POLISH:
        return a[:4] == b[:4]
    return a == b


@pytest.mark.parametrize(("variant", "worrying_back"), [
    ("polish", "no"), ("standard", "no"), ("draw-three", "no"),
    ("standard", "yes"), ("draw-three", "yes")])
def test_solver_moves_are_the_engine_moves(variant: str, worrying_back: str) -> None:
    mode = st.mode_of(variant)
    draw = st.draw_of(mode)
    talon_lines = backs = 0
    config = dataclasses.replace(_ALL, worrying_back=worrying_back == "yes")
    for game in _positions(variant, POSITIONS, worrying_back):
        state, forced = st.from_table(game.table)
        engine = {c for m in game.legal_moves() if (c := _canonical(game, m)) is not None}
        engine.discard(("turn", "", 0))
        engine.discard(("redeal", "", 0))
        tried = st.reach(state[2], state[3], state[4], mode)
        macros = gen.forced_moves(state) if forced else gen.moves(state, mode, config)
        backs += any(m[0] == st.FND_T for m in macros)
        solver = set()
        for macro in macros:
            c = _solver_canonical(state, macro)
            if c is not None:
                solver.add(c)
        if not forced and state[3] and state[3] - 1 not in tried:
            pytest.fail(f"the waste's top is out of the solver's reach: {game.to_json()}")
        assert solver == engine, (variant, game.to_json())
        # Every solver move is a line of legal engine moves ending where it says.
        for macro in macros:
            rec: list[Move] = []
            after = st.play(state, macro, rec, draw)
            talon_lines += len(rec) > 1
            for move in rec:
                assert game.is_legal(move), (variant, macro, move, game.to_json())
                game.play(move)
            reached, _ = st.from_table(game.table)
            assert _same(reached, after, mode), (variant, macro, game.to_json())
            for _ in rec:
                game.undo()
    assert talon_lines > 100
    assert backs > 40 if worrying_back == "yes" else backs == 0, backs
