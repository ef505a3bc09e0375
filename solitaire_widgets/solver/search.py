"""The Klondike solver's search: depth first with a transposition table.

Every position reached is expanded at most once, and every pruning rule used
(:mod:`.moves`, :mod:`.dead_ends`) is sound, so a search that runs out of
moves proves the position lost. :func:`solve_position` plans the search for
each set of rules (restarts and a relaxation first, drawing three).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from ..moves import Move
from .config import DEFAULT, Config
from .dead_ends import hopeless
from .moves import auto, forced_moves, moves
from .state import (
    COL_F,
    COL_T,
    DRAW_ONE,
    DRAW_THREE,
    TAL_F,
    Macro,
    State,
    draw_of,
    finish,
    is_won,
    key,
    play,
)

__all__ = ["search", "engine_moves", "solve_position", "dominated"]


def shuffled(mvs: list[Macro], rng: random.Random) -> list[Macro]:
    """``mvs`` with the moves after the leading foundation moves in a random order."""
    head = 0
    while head < len(mvs) and mvs[head][0] in (COL_F, TAL_F):
        head += 1
    rest = mvs[head:]
    rng.shuffle(rest)
    return mvs[:head] + rest


def dominated(k: bytes, seen: set[bytes], off_cycle: set[bytes]) -> bool:
    """Draw three: whether a position seen already can do all that position ``k`` can.

    Same columns and talon, waste split ``p`` (the last byte of the key, 255
    on the cycle) against ``q``: if ``p`` is on the cycle, any split ``q``
    reaches the cycle by turning, so reaches everything ``p`` does; if ``p``
    is off the cycle, a split ``q = p - 3, p - 6, ...`` turns to ``p``. Sound
    with the transposition table: once the search ends, every child of a
    position seen is seen or can do no more than one seen, so a win from
    any of them would have been found (take the seen position nearest a
    win: its next step on the way would be nearer still).
    """
    base = k[:-1]
    p = k[-1]
    if p == 255:
        return base in off_cycle
    for q in range(p - 3, 0, -3):
        if base + bytes((q,)) in seen:
            return True
    return False


def shift(state: State, mv: Macro) -> bool:
    """Whether ``mv`` moves cards between columns and turns no face-down card up.

    >>> cols = (bytes((0, 25)), bytes((1, 3, 11))) + (bytes((0,)),) * 5
    >>> shift(((0, 0, 0, 0), cols, b"", 0, 1), (COL_T, 1, 0, 1))
    False
    >>> shift(((0, 0, 0, 0), cols, b"", 0, 1), (COL_T, 0, 2, 1))
    True
    """
    if mv[0] != COL_T:
        return False
    col = state[1][mv[1]]
    return not col[0] or len(col) - 1 - mv[3] > col[0]


def search(root: State, root_moves: list[Macro], mode: int, max_nodes: int,
           deadline: float | None,
           clock: Callable[[], float] = time.monotonic,
           eager: bool = False,
           shuffle: random.Random | None = None,
           config: Config = DEFAULT) -> tuple[str, list[Macro], int]:
    """Depth-first search with a transposition table from ``root`` (already auto-played).

    Returns ``(status, macros, nodes)``. Every position reached is expanded at
    most once, so a search that ends without a win has tried everything the
    sound pruning leaves: the deal is lost.

    With ``eager`` (draw three), safe talon cards go up automatically
    (:func:`auto`): a streamliner, which makes the search smaller and finds
    most wins sooner, but may miss a win. So its "won" is a win and its
    "lost" proves nothing (the caller searches again without it).

    With ``shuffle``, the moves of each position after its foundation moves
    are tried in an order drawn from it: a restart (see
    :func:`solve_position`). The order never changes what a search that runs
    to its end proves.
    """
    if shuffle is not None:
        root_moves = shuffled(root_moves, shuffle)
    seen = {key(root, mode)}
    # Draw three: the columns and talons seen with the waste split off the
    # cycle (see :func:`_dominated`).
    off_cycle: set[bytes] = set()
    three = mode == DRAW_THREE and config.splits
    states = [root]
    stack = [root_moves]
    index = [0]
    nodes = 1
    check = config.dead_end_check
    shifts = config.shift_checks
    while stack:
        mvs = stack[-1]
        i = index[-1]
        if i >= len(mvs):
            stack.pop()
            index.pop()
            states.pop()
            continue
        index[-1] = i + 1
        mv = mvs[i]
        child = auto(play(states[-1], mv), mode, None, eager, config)
        if is_won(child, mode):
            return "won", [stack[d][index[d] - 1] for d in range(len(stack))], nodes
        k = key(child, mode)
        if k in seen or (three and dominated(k, seen, off_cycle)):
            continue
        seen.add(k)
        if three and k[-1] != 255:
            off_cycle.add(k[:-1])
        nodes += 1
        if nodes >= max_nodes:
            return "unresolved", [], nodes
        if deadline is not None and not nodes & 63 and clock() > deadline:
            return "unresolved", [], nodes
        if check and (shifts or not shift(states[-1], mv)) and hopeless(child, mode, config):
            continue
        child_moves = moves(child, mode, config)
        if shuffle is not None:
            child_moves = shuffled(child_moves, shuffle)
        if child_moves:
            states.append(child)
            stack.append(child_moves)
            index.append(0)
    return "lost", [], nodes


def engine_moves(root: State, forced: bool, macros: list[Macro], mode: int,
                 eager: bool = False, config: Config = DEFAULT) -> list[Move]:
    """The engine moves of a winning line found by :func:`search`, auto moves included.

    ``eager`` must be what the search was given (the same automatic moves).
    """
    rec: list[Move] = []
    draw = draw_of(mode)
    state = root if forced else auto(root, mode, rec, eager, config)
    for mv in macros:
        state = auto(play(state, mv, rec, draw), mode, rec, eager, config)
    finish(state, mode, rec)
    return rec


def solve_position(root: State, forced: bool, mode: int, max_nodes: int,
                   deadline: float | None,
                   clock: Callable[[], float] = time.monotonic,
                   config: Config = DEFAULT) -> tuple[str, list[Move], int]:
    """Solve from ``root`` (not auto-played): ``(status, engine moves, nodes)``.

    Draw three is searched in up to three steps, each sound for what it
    answers:

    1. restarts: short searches, each trying the moves of every position
       (after its foundation moves) in a different random order drawn from
       its number, so the answer is the same every time. The time a search
       takes to find a win depends a great deal on the order it tries
       moves in, so many short searches find most wins far sooner than one
       long one. A win found is a win; a search that ends without a win in
       its allowance proves a loss. Every other restart is eager
       (:func:`search`), which finds many wins sooner still and proves
       nothing when it ends;
    2. the same position drawing one: every draw-three line
       is a draw-one line (a turn of three is three turns of one, and
       everything else is the same move), so a position lost drawing one is
       lost drawing three;
    3. the full search, in the usual order, with the rest of the budget.

    Each step before the last gets its share of the nodes and, with a time
    budget, the same share of the time (so a hint's second is not spent on
    restarts alone).

    The Polish rules take steps 2 and 3: every Polish line is a draw-one line
    too (two passes and a waste of three only forbid), so a position lost
    drawing one is lost under the Polish rules. Restarts were tried there and
    resolved fewer deals for the same budget. Draw one goes straight to step
    3: it finds its wins in order already.

    Blake and Gent's study of these games found the same kind of split
    useful (streamliners first, then the full search; and deals lost drawing
    three shown lost drawing one).
    """
    budget = max(1, max_nodes)
    if forced:
        search_root = root
        root_moves = forced_moves(root)
    else:
        search_root = auto(root, mode, config=config)
        if is_won(search_root, mode):
            return "won", engine_moves(root, forced, [], mode, config=config), 1
        if config.dead_end_check and hopeless(search_root, mode, config):
            return "lost", [], 1
        root_moves = moves(search_root, mode, config)
    used = 0
    begin = clock()

    def until(share: float) -> float | None:
        """A deadline for a step given ``share`` of the time (None: no time budget)."""
        return None if deadline is None else min(deadline, clock() + share * (deadline - begin))

    if mode == DRAW_THREE and not forced:
        restarted = _restarts(root, search_root, mode, budget, until(config.restart_share),
                              clock, config)
        if restarted[0] != "unresolved" or (deadline is not None and clock() > deadline):
            return restarted
        used = restarted[2]
    if mode != DRAW_ONE and not forced:
        relaxed = auto(root, DRAW_ONE, config=config)
        if not is_won(relaxed, DRAW_ONE):
            if config.dead_end_check and hopeless(relaxed, DRAW_ONE, config):
                return "lost", [], used + 1
            status, _, nodes = search(relaxed, moves(relaxed, DRAW_ONE, config), DRAW_ONE,
                                      max(1, int(budget * config.relax_share)),
                                      until(config.relax_share), clock, config=config)
            used += nodes
            if status == "lost":
                return "lost", [], used
    status, macros, nodes = search(search_root, root_moves, mode, max(1, budget - used),
                                   deadline, clock, config=config)
    used += nodes
    if status == "won":
        return "won", engine_moves(root, forced, macros, mode, config=config), used
    return status, [], used


def _restarts(root: State, search_root: State, mode: int, budget: int,
              deadline: float | None, clock: Callable[[], float],
              config: Config) -> tuple[str, list[Move], int]:
    """Draw three's restarts (step 1 of :func:`solve_position`): a win, a loss, or nodes used."""
    used = 0
    eager_root = auto(root, mode, None, True, config)
    if is_won(eager_root, mode):
        return "won", engine_moves(root, False, [], mode, True, config), 1
    eager_ok = not (config.dead_end_check and hopeless(eager_root, mode, config))
    plan = int(budget * config.restart_share)
    chunk = max(200, min(config.restart_nodes, plan // 10))
    number = 0
    while used + chunk <= plan:
        eager = eager_ok and number % 2 == 0
        start = eager_root if eager else search_root
        status, macros, nodes = search(start, moves(start, mode, config), mode, chunk,
                                       deadline, clock, eager=eager,
                                       shuffle=random.Random(number), config=config)
        used += nodes
        number += 1
        if status == "won":
            return "won", engine_moves(root, False, macros, mode, eager, config), used
        if status == "lost" and not eager:
            return "lost", [], used
        if deadline is not None and clock() > deadline:
            return "unresolved", [], used
    return "unresolved", [], used
