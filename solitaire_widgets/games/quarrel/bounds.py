"""Quarrel's clairvoyant bound: every choice the text leaves open, searched with the deck known.

The player here knows the order of the stock and every reshuffle (a
reshuffle is drawn from the seed and the cards gathered, which the player's
own play decides: :func:`~solitaire_widgets.chance.reshuffled`). From the
first hit on, it may choose at every move among everything the engine
allows: which card in sight goes up, to which half, from which copy (a row's
or the auxiliary row's, whose place is refilled from the stock), and when to
deal on. The counting for the base rank before the first hit leaves no
choice and is played by the engine itself.

The search plays the game's model
(:class:`~solitaire_widgets.games.quarrel.model.QuarrelModel`, the only place
Quarrel's rules are written) depth first, remembering every position it has
fully explored without a win. Positions are merged only when they are the
same for the rules: the same round's stock, as far dealt, the same count,
series, cards in the rows and in the auxiliary row, and the same card waiting
to one side. Where a card lies in the rows or the auxiliary row is left out:
no rule reads it (a gathering sorts the cards before shuffling), so of two
copies of a card in the rows only the first is tried. Nothing else is pruned,
so ``lost`` means every line was tried. A winning line is the model's moves,
which are the engine's, and replays through the engine to a win.

>>> from solitaire_widgets import new_game
>>> from solitaire_widgets.bounds import replays_to_a_win
>>> game = new_game("quarrel", seed=7)
>>> bound = quarrel_bound(game, max_nodes=20_000)
>>> bound.status
'won'
>>> replays_to_a_win(game, bound.moves)
True
"""

from __future__ import annotations

import sys

from ...bounds import Bound
from ...chance import seed_rng, shuffled
from ...game import Game
from ...model import CodeShuffler
from ...moves import Move
from .model import BASE, DEAL, FIRST_AUX, HELD, HIT, PLAYS, QuarrelModel

__all__ = ["quarrel_bound", "search_moves", "position_key", "shared_shuffler"]

#: A move as the search sees it: its kind (``"h"``, ``"r"`` a card of the rows,
#: ``"a"`` one of the auxiliary row, ``"deal"``) and the model's move.
Play = tuple[str, Move]


class Over(Exception):
    """The search's budget ran out."""


def shared_shuffler(seed: int) -> CodeShuffler:
    """The reshuffles of deal ``seed``, each kept: every position that gathers the same
    cards for the same reshuffle gets the same list (:func:`position_key` names it by ``id``)."""
    kept: dict[tuple[int, bytes], list[int]] = {}

    def shuffle(codes: list[int], number: int) -> list[int]:
        key = (number, bytes(codes))
        order = kept.get(key)
        if order is None:
            order = kept[key] = shuffled(codes, seed_rng(seed, number))
        return order

    return shuffle


def position_key(model: QuarrelModel) -> tuple[object, ...]:
    """What the rules' future depends on (the round's stock by its round and ``id``)."""
    return (model.rnd, id(model.stock), model.top, model.count, model.phase,
            model.cells[HELD], bytes(model.lens), bytes(model.sight), bytes(model.in_aux))


def search_moves(model: QuarrelModel) -> list[Play]:
    """The legal moves, one for each card and kind of place (the first copy of it):
    each card the series need, in the order of the series, from the rows then the
    auxiliary row, onto each series that needs it; then the deal."""
    if model.over:
        return []
    if model.phase in (BASE, HIT):
        return [("h", move) for move in model.legal_moves()]
    need, sight, in_aux, cells = model.need, model.sight, model.in_aux, model.cells
    wanted: dict[int, list[int]] = {}
    for fid, code in enumerate(need):
        if code >= 0:
            wanted.setdefault(code, []).append(fid)
    out: list[Play] = []
    for code, fids in wanted.items():
        if sight[code] > in_aux[code]:
            plays = PLAYS[cells.index(code, 0, model.dealt)]
            out.extend(("r", plays[fid]) for fid in fids)
        if in_aux[code]:
            plays = PLAYS[cells.index(code, FIRST_AUX, HELD)]
            out.extend(("a", plays[fid]) for fid in fids)
    if model.top and not (out and model.when_stuck):
        out.append(("deal", DEAL))
    return out


def _next_is_hit(model: QuarrelModel) -> bool:
    """Whether dealing now names the next card correctly."""
    if not model.top:
        return False
    return model.stock[model.top - 1] % 13 + 1 == model.count % 13 + 1


def _order(model: QuarrelModel, moves: list[Play]) -> list[Play]:
    """The moves in the order they are tried: the round survives first.

    Cards from the rows go first (they take nothing from the stock); when the
    next card dealt would end the round, the auxiliary row's cards come
    before the deal (each refill shifts the count against the stock), else
    after it.
    """
    rows = [m for m in moves if m[0] in ("r", "h")]
    aux = [m for m in moves if m[0] == "a"]
    deal = [m for m in moves if m[0] == "deal"]
    if _next_is_hit(model):
        return rows + aux + deal
    return rows + deal + aux


class _Search:
    def __init__(self, max_nodes: int) -> None:
        self.max_nodes = max_nodes
        self.nodes = 0
        self.lost: set[tuple[object, ...]] = set()

    def win(self, model: QuarrelModel) -> list[Move] | None:
        """A winning line from ``model``'s position (last move first), or None."""
        if model.over:
            return [] if model.won else None
        key = position_key(model)
        if key in self.lost:
            return None
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise Over
        for _, move in _order(model, search_moves(model)):
            after = model.copy()
            after.apply(move)
            line = self.win(after)
            if line is not None:
                line.append(move)
                return line
        self.lost.add(key)
        return None


def quarrel_bound(game: Game, max_nodes: int = 200_000) -> Bound:
    """Whether ``game`` can be won from its position by a player who knows every card.

    ``won`` comes with the winning line (engine moves, replayed here through
    a copy of the game); ``lost`` when the whole tree was searched;
    ``unresolved`` when ``max_nodes`` positions were not enough.
    """
    copy = game.clone()
    line: list[Move] = []
    while not copy.is_over and copy.table.facts["phase"] == "search":
        copy.play(DEAL)
        line.append(DEAL)
    if copy.is_over:
        return Bound("won" if copy.is_won else "lost", tuple(line) if copy.is_won else ())
    shuffles = sum(len(step.shuffles) for step in copy.steps())
    model = QuarrelModel.from_table(copy.rules.options, copy.seed, copy.table, shuffles)
    model.shuffler = shared_shuffler(copy.seed)
    search = _Search(max_nodes)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 5000))
    try:
        found = search.win(model)
    except Over:
        return Bound("unresolved", nodes=search.nodes)
    finally:
        sys.setrecursionlimit(limit)
    if found is None:
        return Bound("lost", nodes=search.nodes)
    for move in reversed(found):
        copy.play(move)
        line.append(move)
    if not copy.is_won:  # pragma: no cover - the model is the engine's rules
        raise AssertionError(f"the winning line of deal {game.seed} does not win in the engine")
    return Bound("won", tuple(line), nodes=search.nodes)
