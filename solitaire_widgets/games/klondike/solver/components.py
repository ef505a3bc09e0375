"""Which positions a depth-first search has proved lost, even where its graph has cycles.

A position whose search is over is not yet proved lost if some line from it
led back to a position still being searched (on the path): whether that one
is lost is not known yet. :class:`Components` tells them apart as Tarjan's
algorithm finds strongly connected components: a component is closed (every
position in it proved lost) once the search leaves the first position of it
that it entered, every way out of the component having led to positions
proved lost or to dead ends.
"""

from __future__ import annotations

from collections.abc import Hashable

__all__ = ["Components"]


class Components:
    """The open components of a depth-first search, kept as it goes.

    The search calls :meth:`enter` when it pushes a position onto its path,
    :meth:`meet` when a move leads from the position on top of the path to one
    seen before, and :meth:`leave` when it pops the top position. A position
    seen (entered, or found a dead end and never entered) is proved lost once
    :meth:`is_open` says no.

    >>> walk = Components("a")            # a -> b -> c -> b, then back to a
    >>> walk.enter("b"); walk.enter("c")
    >>> walk.meet("b")                    # c leads back to b, still on the path
    >>> walk.leave()                      # c is done, but rests on b
    >>> walk.is_open("c")
    True
    >>> walk.leave()                      # b is done: b and c are closed together
    >>> walk.is_open("c"), walk.is_open("b"), walk.is_open("a")
    (False, False, True)
    """

    def __init__(self, root: Hashable) -> None:
        #: The number of each position entered whose component is not closed.
        self.numbers: dict[Hashable, int] = {root: 0}
        self._entered = [root]  # those positions, in the order entered
        self._path = [0]  # the numbers of the positions on the path
        self._lows = [0]  # the lowest number each can reach so far
        self._count = 1

    def enter(self, key: Hashable) -> None:
        """The search pushes position ``key`` onto its path."""
        self.numbers[key] = self._count
        self._entered.append(key)
        self._path.append(self._count)
        self._lows.append(self._count)
        self._count += 1

    def meet(self, key: Hashable) -> None:
        """A move from the top of the path leads to ``key``, seen before."""
        number = self.numbers.get(key)
        if number is not None and number < self._lows[-1]:
            self._lows[-1] = number

    def leave(self) -> None:
        """The search pops the top of its path, every move from it tried."""
        number = self._path.pop()
        low = self._lows.pop()
        if low == number:
            # It reaches no position entered before it that is still open:
            # its component, it and all entered after it still open, closes.
            numbers = self.numbers
            entered = self._entered
            while entered and numbers[entered[-1]] >= number:
                del numbers[entered.pop()]
        elif low < self._lows[-1]:
            self._lows[-1] = low

    def is_open(self, key: Hashable) -> bool:
        """Whether ``key`` was entered and its component is not closed yet."""
        return key in self.numbers
