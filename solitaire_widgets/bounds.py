"""The best a player could do: whether a deal can be won at all, by a player who sees every card.

Such a player is clairvoyant, not a real one: it knows the order of the
stock and, since a seeded deal's reshuffles are drawn from its seed and the
cards gathered (:func:`~solitaire_widgets.chance.reshuffled`), what every
reshuffle will give. Its verdict on a deal is an upper bound for every
player on the same deal: a deal any player wins, it wins too.

A game that has such a bound names it in its rules (``Rules.bound``); it
lives in the game's folder, e.g. :mod:`solitaire_widgets.games.chain.bounds`
(where the only real choice is whether to lay the auxiliary row; every other
order of play meets the same stuck position) and
:mod:`solitaire_widgets.games.quarrel.bounds` (an exhaustive search over every
choice the text leaves to the player, with a budget).

Each answer is a :class:`Bound`: ``won`` (with a winning line, which
replays through the engine to a win), ``lost`` (every line was tried) or
``unresolved`` (the budget ran out first), never a guess.

>>> from solitaire_widgets import new_game
>>> bound = best_outcome(new_game("chain", seed=5))
>>> bound.status in ("won", "lost"), bound.status == "won" or bound.moves == ()
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .game import Game
from .moves import Move
from .registry import game_parts

__all__ = ["Bound", "Status", "best_outcome", "replays_to_a_win"]

Status = Literal["won", "lost", "unresolved"]


@dataclass(frozen=True)
class Bound:
    """What the clairvoyant player makes of a position.

    ``moves``: a winning line from the position (empty unless ``won``);
    ``nodes``: positions the search looked at (for Chain, the moves played
    over all its lines); ``lines`` and ``lines_won``: for Chain, how many
    different ways of playing there are and how many of them win.
    """

    status: Status
    moves: tuple[Move, ...] = ()
    nodes: int = 0
    lines: int = 0
    lines_won: int = 0


def best_outcome(game: Game, max_nodes: int = 200_000) -> Bound:
    """The clairvoyant player's verdict on ``game``, from its position now, by the
    bound its rules name (``Rules.bound``).

    ``game`` itself is not changed. ``max_nodes`` is a search's budget.
    """
    bound = game.rules.bound
    if bound is None:
        solver = game_parts(game.rules).solver
        also = f"; it has its solver ({getattr(solver, '__name__', solver)})" if solver else ""
        raise ValueError(f"there is no clairvoyant bound for {game.rules.name!r}{also}")
    return bound(game, max_nodes=max_nodes)


def replays_to_a_win(game: Game, moves: tuple[Move, ...]) -> bool:
    """Whether ``moves``, played from ``game``'s position by the engine, win (``game`` unchanged).

    Every move is checked by the engine, so an illegal one raises
    :class:`~solitaire_widgets.errors.IllegalMoveError`.
    """
    copy = game.clone()
    for move in moves:
        copy.play(move)
    return copy.is_won
