"""A Klondike solver that sees every card ("thoughtful" play).

It finds a winning line from a game's current position, or proves there is
none, under the game's own rules: the Polish rules (a second and last pass
whose waste may never hold more than three cards), standard Klondike (draw
one, unlimited passes, no limit on the waste) or draw-three Klondike (the
same, three cards turned at a time), in the two standard ones with or
without worrying back (the game's ``worrying_back`` option). It reads
nothing but the game's table and options, and never changes the game.

The modules, from the position up: ``state`` (the compact position and
playing a move on it), ``moves`` (the moves worth trying and the safe
foundation moves), ``dead_ends`` (positions where a card can never go up),
``search`` (the search and its plan per rule set) and ``config`` (which
pruning rules are used, passed down as one value, :class:`~solitaire_widgets.games.klondike.solver.config.Config`).

>>> from solitaire_widgets import new_game
>>> game = new_game("klondike", seed=2, variant="standard")
>>> solution = solve(game)
>>> solution.status
'won'
>>> for move in solution.moves:
...     _ = game.play(move)
>>> game.is_won
True

An unresolved deal (the budget ran out) is neither a win nor a loss:

>>> solve_deal(2, variant="standard", max_nodes=1).status
'unresolved'
"""

from __future__ import annotations

import dataclasses
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Literal

from ....game import Game
from ....i18n import _, format_decimal, format_number, ngettext
from ....moves import Move
from ....registry import new_game
from ..model import KlondikeModel
from .config import DEFAULT, Config
from .state import State, mode_of

__all__ = ["Solution", "Status", "Config", "Hint", "solve", "solve_deal", "next_move", "can_win",
           "hint", "rules_config", "DEFAULT_NODES", "HINT_SECONDS"]

Status = Literal["won", "lost", "unresolved"]

#: The default node budget of :func:`solve` (positions expanded).
DEFAULT_NODES = 1_000_000
#: The default time budget of :func:`hint` (seconds): a player waits no longer.
HINT_SECONDS = 1.0


@dataclass(frozen=True)
class Solution:
    """What the solver found.

    ``status``: ``"won"`` (``moves`` win from the position, played in order
    with :meth:`Game.play`), ``"lost"`` (no line wins: the search was
    exhaustive), or ``"unresolved"`` (the budget ran out first). ``nodes`` is
    the number of positions expanded and ``seconds`` the time taken.
    """

    status: Status
    moves: list[Move] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0


def solve(game: Game, max_nodes: int = DEFAULT_NODES,
          max_seconds: float | None = None, config: Config = DEFAULT) -> Solution:
    """Solve a Klondike game from its current position, seeing every card.

    ``max_nodes`` bounds the positions expanded and ``max_seconds`` the time;
    when either runs out the answer is ``"unresolved"``. ``config`` says which
    pruning rules are used (all of them unless told otherwise; each is sound).

    >>> from solitaire_widgets import new_game
    >>> solve(new_game("klondike", seed=2, variant="standard")).status
    'won'
    """
    if game.name != "klondike":
        raise ValueError(f"the solver plays Klondike, not {game.name}")
    start = time.perf_counter()
    if game.is_over:
        return Solution("won" if game.is_won else "lost", [], 0,
                        time.perf_counter() - start)
    mode = mode_of(str(game.options.get("variant", "polish")))
    config = rules_config(game, config)
    root, forced = _root(game)
    deadline = None if max_seconds is None else time.monotonic() + max_seconds
    # The search's modules are loaded by the first solve, not with the package
    # (Klondike's folder hands its solver to the registry when the package is imported).
    from .search import solve_position

    status, moves, nodes = solve_position(root, forced, mode, max_nodes, deadline,
                                          config=config)
    result: Status = "won" if status == "won" else "lost" if status == "lost" else "unresolved"
    return Solution(result, moves, nodes, time.perf_counter() - start)


def rules_config(game: Game, config: Config = DEFAULT) -> Config:
    """``config`` searching the game's own rules: with worrying back if its options say so.

    >>> from solitaire_widgets import new_game
    >>> rules_config(new_game("klondike", variant="standard", worrying_back="yes")).worrying_back
    True
    """
    worrying_back = game.options.get("worrying_back") == "yes"
    if config.worrying_back == worrying_back:
        return config
    return dataclasses.replace(config, worrying_back=worrying_back)


def solve_deal(seed: int, variant: str = "polish", max_nodes: int = DEFAULT_NODES,
               max_seconds: float | None = None, config: Config = DEFAULT,
               worrying_back: str = "no") -> Solution:
    """Solve deal number ``seed`` of Klondike from its opening.

    >>> solve_deal(2, variant="standard").status
    'won'
    >>> solve_deal(2, variant="standard", worrying_back="yes").status
    'won'
    """
    game = new_game("klondike", seed=seed, variant=variant, worrying_back=worrying_back)
    return solve(game, max_nodes=max_nodes, max_seconds=max_seconds, config=config)


def next_move(game: Game, max_nodes: int = DEFAULT_NODES,
              max_seconds: float | None = None) -> Move | None:
    """The first move of a winning line from here, or None (lost, or not found in budget).

    >>> from solitaire_widgets import new_game
    >>> game = new_game("klondike", seed=2, variant="standard")
    >>> game.is_legal(next_move(game))
    True
    """
    solution = solve(game, max_nodes=max_nodes, max_seconds=max_seconds)
    if solution.status == "won" and solution.moves:
        return solution.moves[0]
    return None


def can_win(game: Game, max_nodes: int = DEFAULT_NODES,
            max_seconds: float | None = None) -> bool | None:
    """True if the game can still be won, False if not, None if the budget ran out.

    >>> from solitaire_widgets import new_game
    >>> can_win(new_game("klondike", seed=2, variant="standard"))
    True
    """
    status = solve(game, max_nodes=max_nodes, max_seconds=max_seconds).status
    return None if status == "unresolved" else status == "won"


@dataclass(frozen=True)
class Hint:
    """The solver's answer to a player, in words, within a time budget.

    ``status`` is the :class:`Solution`'s; ``move`` the next move of a
    winning line (None unless won); ``answer`` says whether the position can
    still be won and ``advice`` what to play next, both in a player's words,
    including when the budget ran out before the solver could tell.
    """

    status: Status
    move: Move | None
    answer: str
    advice: str
    nodes: int = 0
    seconds: float = 0.0


#: Hints already answered, by position: a win with the rest of its line, or a loss.
#: A player who follows a hint asks again from the next position of the same
#: line, and is answered at once. Each answer holds for its position whatever
#: came before (the solver reads nothing but the position).
_KNOWN: OrderedDict[tuple[object, ...], tuple[Status, tuple[Move, ...]]] = OrderedDict()
#: How many positions :data:`_KNOWN` holds at most (the oldest go first).
KNOWN_POSITIONS = 20_000


def _root(game: Game) -> tuple[State, bool]:
    """The game's position as the solver's state (read by the model), and whether
    the card just turned must leave the waste now."""
    model = KlondikeModel.from_table(game.options, game.seed, game.table, 0)
    return model.solver_state(), model.forced


def _position(game: Game, config: Config) -> tuple[object, ...]:
    return (tuple(sorted(game.options.items())), config, *_root(game))


def _remember(game: Game, solution: Solution, config: Config) -> None:
    """Keep a decided answer, and for a win every position along its line."""
    if solution.status == "lost":
        _KNOWN[_position(game, config)] = ("lost", ())
    elif solution.status == "won":
        line = tuple(solution.moves)
        probe = game.clone()
        for i, move in enumerate(line):
            _KNOWN[_position(probe, config)] = ("won", line[i:])
            probe.play(move)
    while len(_KNOWN) > KNOWN_POSITIONS:
        _KNOWN.popitem(last=False)


def hint(game: Game, max_seconds: float = HINT_SECONDS,
         max_nodes: int = DEFAULT_NODES, config: Config = DEFAULT) -> Hint:
    """Answer "can this still be won?" and "what should I play?" within ``max_seconds``.

    The widget's two solver buttons call this. When the budget runs out the
    answer says so (the solver could not tell, not that the game is lost).
    A position met before on a winning line the solver found (the player
    followed its hints) is answered at once from that line.

    >>> from solitaire_widgets import new_game
    >>> game = new_game("klondike", seed=2, variant="standard")
    >>> answer = hint(game, max_seconds=30)
    >>> answer.status, answer.answer.startswith("Yes"), game.is_legal(answer.move)
    ('won', True, True)
    >>> hard = new_game("klondike", seed=4, variant="polish")
    >>> print(hint(hard, max_nodes=2).answer)  # doctest: +ELLIPSIS
    The solver could not tell within its budget (... positions looked at in ... s) whether ...
    """
    if game.name != "klondike":
        words = _("The solver plays Klondike only, not {game}").format(game=_(game.rules.title))
        return Hint("unresolved", None, words, words)
    if game.is_over:
        status: Status = "won" if game.is_won else "lost"
        return Hint(status, None, game.status, game.status)
    known = _KNOWN.get(_position(game, config))
    if known is not None:
        solution = Solution(known[0], list(known[1]))
    else:
        solution = solve(game, max_nodes=max_nodes, max_seconds=max_seconds, config=config)
        _remember(game, solution, config)
    if solution.status == "won":
        move = solution.moves[0]
        more = len(solution.moves)
        return Hint("won", move,
                    ngettext("Yes: this can still be won, in {n} more move (the solver sees "
                             "every card, face-down ones too)",
                             "Yes: this can still be won, in {n} more moves (the solver sees "
                             "every card, face-down ones too)", more).format(
                                 n=format_number(more)),
                    _("Next move of a winning line: {move}").format(move=game.describe(move)),
                    solution.nodes, solution.seconds)
    if solution.status == "lost":
        return Hint("lost", None, _("No: from here no line of play wins, whatever you do"),
                    _("No winning line from here: this game can no longer be won"),
                    solution.nodes, solution.seconds)
    budget = ngettext("{n} position looked at in {seconds} s",
                      "{n} positions looked at in {seconds} s", solution.nodes).format(
                          n=format_number(solution.nodes),
                          seconds=format_decimal(solution.seconds))
    return Hint("unresolved", None,
                _("The solver could not tell within its budget ({budget}) whether this can "
                  "still be won: it may be either").format(budget=budget),
                _("The solver found no winning line within its budget ({budget}); that does "
                  "not mean there is none").format(budget=budget),
                solution.nodes, solution.seconds)
