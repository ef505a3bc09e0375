"""Quarrel's clairvoyant bound: every choice the text leaves open, searched with the deck known.

The player here knows the order of the stock and every reshuffle (a
reshuffle is drawn from the seed and the cards gathered, which the player's
own play decides: :func:`~solitaire_widgets.chance.reshuffled`). From the
first hit on, it may choose at every move among everything the engine
allows: which card in sight goes up, to which half, from which copy (a row's
or the auxiliary row's, whose place is refilled from the stock), and when to
deal on. The counting for the base rank before the first hit leaves no
choice and is played by the engine itself.

The search plays a compact copy of the rules (:class:`State`; a
conformance test checks it against the engine move by move) depth first,
remembering every position it has fully explored without a win. Positions
are merged only when they are the same for the rules: the same round's
stock, as far dealt, the same count, series, cards in the rows and in the
auxiliary row, and the same card waiting to one side. Where a card lies in
the rows or the auxiliary row is left out: no rule reads it (a gathering
sorts the cards before shuffling). Nothing else is pruned, so ``lost``
means every line was tried. A winning line is returned as engine moves and
replays through the engine to a win.

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
from ...cards import SUITS, Card
from ...chance import seed_rng, shuffled
from ...game import Game
from ...moves import Move
from .rules import AUX, FOUNDATIONS, ROWS, USES

__all__ = ["State", "quarrel_bound", "code"]

#: A compact move: ("h" | "r" | "a", card code, series index), or ("deal", -1, -1).
Play = tuple[str, int, int]
_DEAL: Play = ("deal", -1, -1)
_SUIT = [SUITS.index(fid[1].upper()) for fid in FOUNDATIONS]
_UP = [fid[0] == "r" for fid in FOUNDATIONS]


def code(card: Card) -> int:
    """A card as a number 0..51, in pack order (clubs first, ace up).

    >>> code(Card(1, "C")), code(Card(13, "S"))
    (0, 51)
    """
    return SUITS.index(card.suit) * 13 + card.rank - 1


class Over(Exception):
    """The search's budget ran out."""


class State:
    """A Quarrel position after the first hit, as the rules see it, in plain ints.

    ``stock[:top]`` is the stock, ``stock[top - 1]`` dealt next (the list is
    the round's and shared between positions); ``rows`` and ``aux`` count
    each card (by :func:`code`) in the rows and the auxiliary row.
    """

    __slots__ = ("seed", "to_series", "when_stuck", "base", "lens", "rows", "aux", "held",
                 "stock", "top", "count", "rnd", "shuffles", "phase", "over", "won")

    seed: int
    to_series: bool
    when_stuck: bool
    base: int
    lens: bytearray
    rows: bytearray
    aux: bytearray
    held: int
    stock: list[int]
    top: int
    count: int
    rnd: int
    shuffles: int
    phase: str
    over: bool
    won: bool

    @classmethod
    def of(cls, game: Game) -> State:
        """The position of ``game`` (after its first hit), with the real stock."""
        table = game.table
        facts = table.facts
        piles = table.piles
        state = cls()
        state.seed = game.seed
        state.to_series = game.options.get("hit_card", "to-series") == "to-series"
        state.when_stuck = game.options.get("deal", "any-time") == "when-stuck"
        state.base = int(facts["base"] or 0)
        state.lens = bytearray(len(piles[f].cards) for f in FOUNDATIONS)
        state.rows = bytearray(52)
        for rid in ROWS[:int(facts["dealt"] or 0)]:
            for card in piles[rid].cards:
                state.rows[code(card)] += 1
        state.aux = bytearray(52)
        for aid in AUX:
            for card in piles[aid].cards:
                state.aux[code(card)] += 1
        state.held = code(piles["h"].cards[-1]) if piles["h"].cards else -1
        state.stock = [code(c) for c in piles["s"].cards]
        state.top = len(state.stock)
        state.count = int(facts["count"] or 0)
        state.rnd = int(facts["round"] or 1)
        state.shuffles = sum(len(step.shuffles) for step in game.steps())
        state.phase = str(facts["phase"])
        state.over = bool(facts["over"])
        state.won = game.is_won
        return state

    def copy(self) -> State:
        other = State()
        for name in State.__slots__:
            setattr(other, name, getattr(self, name))
        other.lens = bytearray(self.lens)
        other.rows = bytearray(self.rows)
        other.aux = bytearray(self.aux)
        return other

    def key(self) -> tuple[object, ...]:
        """What the rules' future depends on (the round's stock by its round and series)."""
        return (self.rnd, id(self.stock), self.top, self.count, self.phase, self.held,
                bytes(self.lens), bytes(self.rows), bytes(self.aux))

    def need(self, i: int) -> int:
        """The rank series ``i`` needs next (0 when finished)."""
        length = self.lens[i]
        if length == 13:
            return 0
        step = length if _UP[i] else -length
        return (self.base - 1 + step) % 13 + 1

    def wanted(self) -> dict[int, list[int]]:
        """Each card some series needs next, with the series that need it."""
        out: dict[int, list[int]] = {}
        for i in range(8):
            need = self.need(i)
            if need:
                out.setdefault(_SUIT[i] * 13 + need - 1, []).append(i)
        return out

    def moves(self) -> list[Play]:
        """The legal moves, one for each card (not each copy in the same row kind)."""
        if self.over:
            return []
        wanted = self.wanted()
        if self.phase in ("base", "hit"):
            return [("h", self.held, fid) for fid in wanted.get(self.held, ())]
        out: list[Play] = []
        for card, fids in wanted.items():
            for kind, where in (("r", self.rows), ("a", self.aux)):
                if where[card]:
                    out.extend((kind, card, fid) for fid in fids)
        if self.top and not (out and self.when_stuck):
            out.append(_DEAL)
        return out

    def next_is_hit(self) -> bool:
        """Whether dealing now names the next card correctly."""
        if not self.top:
            return False
        count = 1 if self.count in (0, 13) else self.count + 1
        return self.stock[self.top - 1] % 13 + 1 == count

    def play(self, move: Play) -> None:
        """Make ``move`` (legal), with everything that follows from it."""
        kind, card, fid = move
        if kind == "deal":
            self._deal()
            return
        phase = self.phase
        if kind == "h":
            self.held = -1
        elif kind == "r":
            self.rows[card] -= 1
        else:
            self.aux[card] -= 1
            if self.top:
                self.top -= 1
                self.aux[self.stock[self.top]] += 1
        if self._put(fid):
            return
        if phase == "base":
            self.phase = "play"
        elif phase == "hit":
            self._end_round(card % 13 + 1)

    def _put(self, fid: int) -> bool:
        self.lens[fid] += 1
        if sum(self.lens) == 104:
            self.over = self.won = True
        return self.over

    def _deal(self) -> None:
        self.count = 1 if self.count in (0, 13) else self.count + 1
        self.top -= 1
        card = self.stock[self.top]
        if card % 13 + 1 != self.count:
            self.rows[card] += 1
            return
        fids = self.wanted().get(card, []) if self.to_series else []
        if len(fids) > 1:
            self.held = card
            self.phase = "hit"
            return
        if fids:
            if self._put(fids[0]):
                return
        else:
            self.rows[card] += 1
        self._end_round(self.count)

    def _end_round(self, n: int) -> None:
        if self.rnd >= USES:
            self.over = True
            return
        left = bytearray([2]) * 52
        for i in range(8):
            for j in range(self.lens[i]):
                step = j if _UP[i] else -j
                left[_SUIT[i] * 13 + (self.base - 1 + step) % 13] -= 1
        gathered = [c for c in range(52) for _ in range(left[c])]
        self.shuffles += 1
        self.stock = _round_stock(self.seed, self.shuffles, gathered)
        self.top = len(self.stock)
        self.rows = bytearray(52)
        self.aux = bytearray(52)
        self.held = -1
        self.rnd += 1
        self.phase = "play"
        for _ in range(n):
            if self.top:
                self.top -= 1
                self.aux[self.stock[self.top]] += 1


#: Every round's stock met by the search under way, kept so that positions of
#: one round share one list (:meth:`State.key` names it by ``id``, which stays
#: unique while the list is kept here); emptied when a search starts.
_STOCKS: dict[tuple[int, int, bytes], list[int]] = {}


def _round_stock(seed: int, number: int, gathered: list[int]) -> list[int]:
    """Reshuffle ``number`` of deal ``seed`` of the cards ``gathered`` (in pack order)."""
    key = (seed, number, bytes(gathered))
    stock = _STOCKS.get(key)
    if stock is None:
        stock = _STOCKS[key] = shuffled(gathered, seed_rng(seed, number))
    return stock


def _order(state: State, moves: list[Play]) -> list[Play]:
    """The moves in the order they are tried: the round survives first.

    Cards from the rows go first (they take nothing from the stock); when the
    next card dealt would end the round, the auxiliary row's cards come
    before the deal (each refill shifts the count against the stock), else
    after it.
    """
    rows = [m for m in moves if m[0] in ("r", "h")]
    aux = [m for m in moves if m[0] == "a"]
    deal = [m for m in moves if m[0] == "deal"]
    if state.next_is_hit():
        return rows + aux + deal
    return rows + deal + aux


class _Search:
    def __init__(self, max_nodes: int) -> None:
        self.max_nodes = max_nodes
        self.nodes = 0
        self.lost: set[tuple[object, ...]] = set()

    def win(self, state: State) -> list[Play] | None:
        """A winning line from ``state``, or None when there is none."""
        if state.over:
            return [] if state.won else None
        key = state.key()
        if key in self.lost:
            return None
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise Over
        for move in _order(state, state.moves()):
            after = state.copy()
            after.play(move)
            line = self.win(after)
            if line is not None:
                line.append(move)
                return line
        self.lost.add(key)
        return None


def _engine_move(game: Game, move: Play) -> Move:
    """The engine's move for a compact one, in ``game``'s position."""
    kind, card, fid = move
    if kind == "deal":
        return Move("deal")
    if kind == "h":
        return Move("move", "h", FOUNDATIONS[fid])
    dealt = int(game.table.facts["dealt"] or 0)
    places = ROWS[:dealt] if kind == "r" else AUX
    piles = game.table.piles
    src = next(p for p in places if piles[p].cards and code(piles[p].cards[-1]) == card)
    return Move("move", src, FOUNDATIONS[fid])


def quarrel_bound(game: Game, max_nodes: int = 200_000) -> Bound:
    """Whether ``game`` can be won from its position by a player who knows every card.

    ``won`` comes with the winning line (engine moves, replayed here through
    a copy of the game); ``lost`` when the whole tree was searched;
    ``unresolved`` when ``max_nodes`` positions were not enough.
    """
    copy = game.clone()
    line: list[Move] = []
    while not copy.is_over and copy.table.facts["phase"] == "search":
        copy.play("deal")
        line.append(Move("deal"))
    if copy.is_over:
        return Bound("won" if copy.is_won else "lost", tuple(line) if copy.is_won else ())
    search = _Search(max_nodes)
    _STOCKS.clear()
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 5000))
    try:
        found = search.win(State.of(copy))
    except Over:
        return Bound("unresolved", nodes=search.nodes)
    finally:
        sys.setrecursionlimit(limit)
        _STOCKS.clear()
    if found is None:
        return Bound("lost", nodes=search.nodes)
    for move in reversed(found):
        engine_move = _engine_move(copy, move)
        copy.play(engine_move)
        line.append(engine_move)
    if not copy.is_won:  # pragma: no cover - the conformance test keeps this from happening
        raise AssertionError(f"the winning line of deal {game.seed} does not win in the engine")
    return Bound("won", tuple(line), nodes=search.nodes)
