"""Chain's clairvoyant bound: lay the auxiliary row or not, each line played out on the game's model.

Why two lines are every line. Until play sticks, the moves are cards onto
their series and ``fill``. They commute: a card that can go to its series
stays able to (its series waits for it alone, one pack holding one of each
card), and a fill that would have put the next stock card into a place
instead of onto its series only delays it by one move, since the card is
then in sight and goes up next. So every order of play reaches the same
stuck position (the same cards on the series, in the layout and the stock;
where in the layout a card lies never matters, as the redeal sorts the
gathered cards before shuffling). At that point the player chooses between
laying the auxiliary row and the redeal, the only choice the text leaves
open; after it, play again runs to one stuck position and the second deal
to one end. ``tests/test_bounds_chain.py`` checks this against a plain
search over every legal move.

The lines are played on Chain's model
(:class:`~solitaire_widgets.games.chain.model.ChainModel`), whose moves are
the engine's. The redeal's shuffle is a function of the seed and the cards
gathered, and the line plays it as the engine does, so the player knows it:
with only one possible stuck position there is nothing to gain from knowing
it anyway.

>>> from solitaire_widgets import new_game
>>> bound = chain_bound(new_game("chain", seed=5))
>>> bound.lines, bound.status in ("won", "lost")
(2, True)
"""

from __future__ import annotations

from ...bounds import Bound
from ...game import Game
from ...moves import Move
from .model import ChainModel

__all__ = ["chain_bound", "chain_lines", "position_model"]

_REDEAL = Move("redeal")


def position_model(game: Game) -> ChainModel:
    """The model of ``game``'s position (its reshuffles still drawn from its seed)."""
    shuffles = sum(len(step.shuffles) for step in game.steps())
    return ChainModel.from_table(game.rules.options, game.seed, game.table, shuffles)


def _play_until_stuck(model: ChainModel, line: list[Move]) -> list[Move]:
    """Play cards to their series and fills until neither is left; the moves then legal."""
    while True:
        moves = model.legal_moves()
        move = next((m for m in moves if m.action in ("move", "fill")), None)
        if move is None:
            return moves
        model.apply(move)
        line.append(move)


def chain_lines(game: Game) -> list[tuple[bool, tuple[Move, ...]]]:
    """Every way of playing ``game`` on from its position: (won, the line), one per choice.

    A line lays the auxiliary row at the first stuck point where it may, or
    never; orders of play that only differ before a stuck point are the same
    line (see the module's docstring). ``game`` is not changed.
    """
    out: list[tuple[bool, tuple[Move, ...]]] = []
    pending: list[tuple[ChainModel, list[Move]]] = [(position_model(game), [])]
    while pending:
        current, line = pending.pop()
        while not current.over:
            moves = _play_until_stuck(current, line)
            if not moves:
                break
            actions = [m.action for m in moves]
            if "aux" in actions and "redeal" in actions:
                other = current.copy()
                other.apply(_REDEAL)
                pending.append((other, [*line, _REDEAL]))
            move = moves[actions.index("aux")] if "aux" in actions else moves[0]
            current.apply(move)
            line.append(move)
        out.append((current.won, tuple(line)))
    return out


def chain_bound(game: Game, max_nodes: int = 0) -> Bound:
    """Whether any line wins ``game`` from its position (a winning line if so).

    Every line is played (there are few), so ``max_nodes`` is not needed.
    """
    lines = chain_lines(game)
    wins = [line for won, line in lines if won]
    return Bound("won" if wins else "lost", wins[0] if wins else (),
                 nodes=sum(len(line) for _won, line in lines), lines=len(lines),
                 lines_won=len(wins))
