"""Strategies: small objects that choose a move, and a loop that plays a deal out.

Write your own by giving a class a ``name`` and a ``choose(game)`` method that
returns a legal move, or None to give up.

>>> from solitaire_widgets import new_game
>>> from solitaire_widgets.strategies import get_strategy, play_out
>>> game = new_game("chain", seed=2)
>>> outcome = play_out(game, get_strategy("chain"))
>>> game.is_over
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from .errors import OptionError, excerpt
from .game import Game
from .i18n import _
from .moves import Move

__all__ = [
    "Strategy",
    "RandomStrategy",
    "Outcome",
    "play_out",
    "get_strategy",
    "strategy_names",
]


@runtime_checkable
class Strategy(Protocol):
    """Anything with a ``name`` and ``choose(game) -> Move | None``."""

    name: str

    def choose(self, game: Game) -> Move | None:
        """A legal move for ``game``, or None to stop playing."""
        ...


class RandomStrategy:
    """Plays a random legal move: the baseline every strategy should beat."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, game: Game) -> Move | None:
        moves = game.legal_moves()
        return self._rng.choice(moves) if moves else None


@dataclass(frozen=True)
class Outcome:
    """How a played-out deal ended."""

    won: bool
    moves: int
    reason: str


def play_out(game: Game, strategy: Strategy, max_moves: int = 20_000) -> Outcome:
    """Let ``strategy`` play ``game`` to its end (or until it gives up)."""
    played = 0
    choose, play = strategy.choose, game.play
    while not game.is_over and played < max_moves:
        move = choose(game)
        if move is None:
            return Outcome(False, played, f"the {strategy.name} player found no useful move")
        play(move)
        played += 1
    if not game.is_over:
        return Outcome(False, played, f"stopped after {max_moves} moves")
    result = game.result
    return Outcome(result.won, played, result.reason)


def _table(game: str) -> dict[str, Callable[[], Strategy]]:
    """The strategies a game's folder hands to the registry (its ``strategies.py``'s
    ``STRATEGIES``), by name; none for a game with no such part."""
    from .registry import game_parts, rules_class

    rules_class(game)  # an unknown game is refused
    return dict(game_parts(game).strategies)


def strategy_names(game: str) -> list[str]:
    """The strategies for ``game``; the first is its default.

    >>> strategy_names("chain")
    ['play-everything', 'random']
    """
    return list(_table(game)) + ["random"]


def get_strategy(game: str, name: str | None = None, seed: int = 0) -> Strategy:
    """A new strategy object for ``game`` (its default when ``name`` is None)."""
    table = _table(game)
    if name is None:
        name = next(iter(table), "random")
    if name == "random":
        return RandomStrategy(seed)
    if name not in table:
        raise OptionError(
            _("there is no strategy {name} for {game}; choose one of: {names}").format(
                name=excerpt(name), game=game, names=", ".join(strategy_names(game))))
    strategy: Strategy = table[name]()
    return strategy
