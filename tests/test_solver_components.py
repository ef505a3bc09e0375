"""The components that tell which positions a depth-first search has proved lost."""

from __future__ import annotations

import random

import pytest

from solitaire_widgets.games.klondike.solver.components import Components


def _reach(graph: dict[int, list[int]], start: int, dead: set[int]) -> set[int]:
    """The positions a line from ``start`` can reach (a dead end leads nowhere)."""
    found = {start}
    todo = [start]
    while todo:
        here = todo.pop()
        for nxt in ([] if here in dead else graph[here]):
            if nxt not in found:
                found.add(nxt)
                todo.append(nxt)
    return found


@pytest.mark.parametrize("seed", range(60))
def test_a_closed_position_reaches_none_still_on_the_path(seed: int) -> None:
    # Random graphs with cycles, searched depth first as the solver does
    # (positions seen are met again, never entered twice; some are dead
    # ends, never entered). Whenever a position is closed, nothing it can
    # reach is still on the path, and at the end every position is closed.
    rnd = random.Random(seed)
    size = rnd.randint(3, 25)
    graph = {v: rnd.sample(range(size), rnd.randint(0, min(3, size))) for v in range(size)}
    dead = {v for v in range(1, size) if rnd.random() < 0.15}
    seen = {0}
    walk = Components(0)
    path = [0]
    stack = [list(graph[0])]
    closed_some = False
    while stack:
        if not stack[-1]:
            stack.pop()
            path.pop()
            walk.leave()
            for v in seen:
                if not walk.is_open(v):
                    assert not _reach(graph, v, dead) & set(path), (graph, v, path)
                    closed_some = closed_some or bool(path)
            continue
        nxt = stack[-1].pop()
        if nxt in seen:
            walk.meet(nxt)
            continue
        seen.add(nxt)
        if nxt in dead:
            continue
        walk.enter(nxt)
        path.append(nxt)
        stack.append(list(graph[nxt]))
    assert not any(walk.is_open(v) for v in seen)


def test_components_close_before_the_search_ends() -> None:
    # A chain a -> b -> c with c leading back to b: b and c close when b is left.
    walk = Components("a")
    walk.enter("b")
    walk.enter("c")
    walk.meet("b")
    walk.leave()
    assert walk.is_open("c") and walk.is_open("b")
    walk.leave()
    assert not walk.is_open("b") and not walk.is_open("c") and walk.is_open("a")
