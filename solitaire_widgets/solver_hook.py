"""A game's solver: what it answers, and finding it.

A game that has a solver holds it in its folder (its module ``solver``), and
the folder hands it to the registry with its rules
(:class:`~solitaire_widgets.registry.GameParts`); the controller (and through
it both front ends), the studies and the reviews ask :func:`solver_of` for
it, so another game can bring its own. Klondike's is
:mod:`solitaire_widgets.games.klondike.solver`:

>>> from solitaire_widgets.games import rules_class
>>> solver_of(rules_class("klondike")).__name__
'solitaire_widgets.games.klondike.solver'
>>> solver_of(rules_class("chain")) is None
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from .game import Game
    from .games.klondike.solver import Hint, Solution
    from .rules import Rules

__all__ = ["Solver", "solver_of"]


class Solver(Protocol):
    """What a game's solver module provides (it sees every card).

    ``solve`` finds a winning line from the game's position or proves there is
    none, within ``max_nodes`` positions and ``max_seconds`` (a
    :class:`~solitaire_widgets.games.klondike.solver.Solution`: ``"won"`` with its moves,
    ``"lost"``, or ``"unresolved"`` when the budget ran out); ``hint``
    answers a player, in their words, within a short time (a
    :class:`~solitaire_widgets.games.klondike.solver.Hint`). Neither changes the game.
    """

    def solve(self, game: Game, max_nodes: int = ...,
              max_seconds: float | None = ...) -> Solution: ...

    def hint(self, game: Game) -> Hint: ...


def solver_of(rules: Rules | type[Rules]) -> Solver | None:
    """The solver of the game of ``rules``, as its folder handed it to the registry,
    or None when the game has none."""
    from .registry import game_parts

    return game_parts(rules).solver
