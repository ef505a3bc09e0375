"""The search behind :mod:`solitaire_widgets.solver`: Klondike seen with every card face up.

The position is copied out of the engine into a compact value and searched
depth first with a transposition table. Nothing here reads anything but the
table of the game it is given.

The compact state is a tuple ``(found, cols, talon, pos, pss)``:

- ``found``: four ints, the number of cards on the clubs, diamonds, hearts and
  spades foundations (so the top rank, 0 for none);
- ``cols``: seven ``bytes``, one per column: byte 0 is the number of face-down
  cards, then the cards bottom to top. A card is ``suit * 13 + rank - 1`` with
  suits in the order ``CDHS`` (clubs and spades black);
- ``talon``: the waste and the stock as one ``bytes`` in dealing order;
  ``talon[:pos]`` is the waste (its top is ``talon[pos - 1]``), ``talon[pos:]``
  the stock (``talon[pos]`` is turned next). Turning the waste over puts the
  same cards back in the same order, so a card taken from the waste is simply
  cut out of the talon;
- ``pos``: the length of the waste; ``pss``: the pass (1 or 2, Polish rules).

The rules are told by a ``mode``: :data:`POLISH` (two passes, a waste of three
in the second), :data:`DRAW_ONE` (standard Klondike: draw one, unlimited
passes) or :data:`DRAW_THREE` (the same, three cards turned at a time). In
draw-one Klondike every talon card can be brought to the top of the waste by
free turns and redeals; in draw-three only every third card of a pass can, so
which cards are within reach depends on ``pos`` and on the cards taken out
before (see :func:`_reach`).

Moves are macros ``(kind, a, b, n)``: a column's end card to its foundation
(``_COL_F``), the talon's card ``a`` to its foundation (``_TAL_F``) or onto
column ``b`` (``_TAL_T``) with all the turns (and, in standard Klondike,
redeals) needed to bring it to the top of the waste, ``n`` cards from column
``a`` onto column ``b`` (``_COL_T``), and the Polish second pass (``_REDEAL``).
In standard Klondike a talon card laid in a column comes with the move that
lays a card on it at once, as one chain ``(_CHAIN, kind, a, b, n, kind, a, b,
n, ...)`` (see :func:`_lay_chains`).

Every pruning rule used is sound (it never loses the only winning line), so a
search that runs out of moves proves the deal lost; each rule says why where
it is applied.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence

from ..cards import SUITS, Card
from ..games.klondike import WASTE_LIMIT
from ..moves import Move
from ..table import Table

__all__ = [
    "POLISH",
    "DRAW_ONE",
    "DRAW_THREE",
    "mode_of",
    "State",
    "Macro",
    "from_table",
    "search",
    "solve_position",
    "engine_moves",
    "forced_moves",
]

#: found, cols, talon, pos, pss (see the module docstring).
State = tuple[tuple[int, int, int, int], tuple[bytes, ...], bytes, int, int]
#: (kind, a, b, n), or a chain of them: see the module docstring.
Macro = tuple[int, ...]

_COL_F, _TAL_F, _TAL_T, _COL_T, _REDEAL, _CHAIN = range(6)

#: The modes (see the module docstring); a mode is also the number of cards a
#: turn turns, except under the Polish rules (one card, two passes).
POLISH, DRAW_ONE, DRAW_THREE = 0, 1, 3
_MODES = {"polish": POLISH, "standard": DRAW_ONE, "draw-three": DRAW_THREE}


def _draw(mode: int) -> int:
    """How many cards one turn turns under ``mode``."""
    return max(mode, 1)


def mode_of(variant: str) -> int:
    """The solver's mode for a Klondike ``variant`` option.

    >>> mode_of("standard") == DRAW_ONE, mode_of("draw-three") == DRAW_THREE
    (True, True)
    """
    try:
        return _MODES[variant]
    except KeyError:
        raise ValueError(f"the solver knows no Klondike variant {variant!r}; "
                         f"it knows {', '.join(_MODES)}") from None

_FIDS = ("fc", "fd", "fh", "fs")
_TIDS = tuple(f"t{i}" for i in range(1, 8))
#: The two suits of the other colour: clubs/spades (0, 3) against diamonds/hearts (1, 2).
_OPP = ((1, 2), (0, 3), (0, 3), (1, 2))
#: The cards one rank higher in the other colour: the cards ``c`` may be built on.
_PARENTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(s * 13 + c % 13 + 1 for s in _OPP[c // 13]) if c % 13 < 12 else ()
    for c in range(52)
)
#: The cards one rank lower in the other colour: the cards that may be built on ``c``.
_CHILDREN: tuple[frozenset[int], ...] = tuple(
    frozenset(x for x in range(52) if c in _PARENTS[x]) for c in range(52))
#: The card of the same rank and colour in the other suit.
_TWIN = tuple((3 - c // 13) * 13 + c % 13 for c in range(52))
#: For each card, its two parents (cards one rank higher of the other colour);
#: a king has none: 52 stands for "an empty column" (see :func:`hopeless`).
_P0 = tuple(p[0] if p else 52 for p in _PARENTS)
_P1 = tuple(p[1] if p else 52 for p in _PARENTS)
#: ``_UP_ROWS[n]``: one suit's cards, the ``n`` lowest marked (on the foundation).
_UP_ROWS = tuple(b"\x01" * n + b"\x00" * (13 - n) for n in range(14))
#: Apply the move filters justified by putting moves off (partial sequences,
#: talon cards laid in columns, emptied columns). Only tests switch it off, to
#: check on small deals that the filters never change an answer.
PRUNE = True
#: Use the stronger dead-end reckoning of :func:`hopeless` (talon cards are
#: places to lay cards only once they can be laid in a column; kings need an
#: empty column). Only tests switch it off.
DEAD_ENDS = True
#: In :func:`hopeless`, count a column card as uncovered only once the card
#: lying on it can leave it (move heading the cards on it, or go up), rather
#: than letting whole sequences leave. Only tests switch it off.
RUN_HEADS = True
#: Use the two-rank safe-autoplay rule of :func:`_safe`. Only tests switch it off.
SAFE_PLUS = True
#: Lay talon cards only together with a move onto them (:func:`_lay_chains`).
#: Only tests switch it off.
LAY_CHAINS = True
#: Draw three: skip a position that one already seen can outdo (:func:`_dominated`).
#: Only tests switch it off.
SPLITS = True
_TURN = Move("turn")
_REDEAL_MOVE = Move("redeal")


def card_code(card: Card) -> int:
    """The compact code of a card: ``suit * 13 + rank - 1`` (suits ``CDHS``).

    >>> card_code(Card.parse("AC")), card_code(Card.parse("KS"))
    (0, 51)
    """
    return SUITS.index(card.suit) * 13 + card.rank - 1


def from_table(table: Table) -> tuple[State, bool]:
    """The compact state of a Klondike table, and whether a turned card must leave now."""
    piles = table.piles
    found = tuple(len(piles[f].cards) for f in _FIDS)
    cols = []
    for tid in _TIDS:
        pile = piles[tid]
        down = min(pile.down, len(pile.cards))
        if down and down == len(pile.cards):  # cannot happen in play; be safe
            down -= 1
        cols.append(bytes((down,)) + bytes(card_code(c) for c in pile.cards))
    waste = [card_code(c) for c in piles["w"].cards]
    stock = [card_code(c) for c in reversed(piles["s"].cards)]
    pss = int(table.facts.get("pass") or 1)
    state: State = (
        (found[0], found[1], found[2], found[3]),
        tuple(cols),
        bytes(waste + stock),
        len(waste),
        2 if pss >= 2 else 1,
    )
    return state, bool(table.facts.get("forced"))


# -- playing macros ----------------------------------------------------------------------


def _cut(col: bytes, n: int) -> bytes:
    """Column ``col`` without its last ``n`` cards, the card left at the end turned up."""
    rest = col[: len(col) - n]
    down = rest[0]
    if down and down == len(rest) - 1:
        return bytes((down - 1,)) + rest[1:]
    return rest


def _turns(rec: list[Move], talon: bytes, pos: int, j: int, draw: int = 1) -> None:
    """Record the turns (and redeal) that bring ``talon[j]`` to the top of the waste.

    ``draw`` cards are turned at a time (the last packet may be shorter);
    ``j`` must be within reach (:func:`_reach`).
    """
    n = len(talon)
    if j >= pos and ((j + 1 - pos) % draw == 0 or j == n - 1):
        rec.extend([_TURN] * -(-(j + 1 - pos) // draw))
    elif j != pos - 1:  # not in this pass: round the talon once more
        rec.extend([_TURN] * -(-(n - pos) // draw))
        rec.append(_REDEAL_MOVE)
        rec.extend([_TURN] * -(-(j + 1) // draw))


def play(state: State, mv: Macro, rec: list[Move] | None = None, draw: int = 1) -> State:
    """Play one macro (no automatic moves); record its engine moves in ``rec``.

    ``draw`` (cards turned at a time) matters only to the turns recorded.
    """
    kind = mv[0]
    if kind == _CHAIN:
        for at in range(1, len(mv), 4):
            state = play(state, mv[at:at + 4], rec, draw)
        return state
    found, cols, talon, pos, pss = state
    a, b, n = mv[1], mv[2], mv[3]
    if kind == _COL_F or kind == _COL_T:
        col = cols[a]
        cl = list(cols)
        cl[a] = _cut(col, n)
        if kind == _COL_F:
            s = col[-1] // 13
            f = list(found)
            f[s] += 1
            if rec is not None:
                rec.append(Move("move", _TIDS[a], _FIDS[s], 1))
            return (f[0], f[1], f[2], f[3]), tuple(cl), talon, pos, pss
        cl[b] = cols[b] + col[len(col) - n:]
        if rec is not None:
            rec.append(Move("move", _TIDS[a], _TIDS[b], n))
        return found, tuple(cl), talon, pos, pss
    if kind == _REDEAL:
        if rec is not None:
            rec.extend([_TURN] * (len(talon) - pos))
            rec.append(_REDEAL_MOVE)
        return found, cols, talon, 0, 2
    c = talon[a]
    if rec is not None:
        _turns(rec, talon, pos, a, draw)
    rest = talon[:a] + talon[a + 1:]
    if kind == _TAL_F:
        s = c // 13
        f = list(found)
        f[s] += 1
        if rec is not None:
            rec.append(Move("move", "w", _FIDS[s], 1))
        return (f[0], f[1], f[2], f[3]), cols, rest, a, pss
    cl = list(cols)
    cl[b] = cols[b] + bytes((c,))
    if rec is not None:
        rec.append(Move("move", "w", _TIDS[b], 1))
    return found, tuple(cl), rest, a, pss


def _safe(f: list[int], s: int, r: int) -> bool:
    """Whether the card of suit ``s`` and rank ``r + 1`` may go up at once (``f[s] == r``).

    Sound (a dominance; foundation cards never come back). The only use of a
    card in play besides going up is to take a card of the other colour one
    rank lower. So it is safe when it is an ace or a two (an ace is only ever
    useful on its foundation), or when both those lower cards are up already.
    With :data:`SAFE_PLUS`, also when both cards of the other colour two ranks
    lower and the other card of its own colour two ranks lower are up (its own
    suit's is, since ``f[s] == r``): then a card that could be laid on it (of
    the other colour, one rank lower) could itself only take cards that are
    up, and its own foundation is ready for it, so in any winning line the
    moves laying it here may instead send it up (it carries nothing, and
    nothing else needs it in play); every other move of the line is played as
    it was, or skipped when it moves this card. This is the "safe autoplay"
    rule of FreeCell solvers, which holds the same way here.
    """
    if r < 2:
        return True
    o1, o2 = _OPP[s]
    if f[o1] >= r and f[o2] >= r:
        return True
    return SAFE_PLUS and f[o1] >= r - 1 and f[o2] >= r - 1 and f[3 - s] >= r - 1


def auto(state: State, mode: int, rec: list[Move] | None = None, eager: bool = False) -> State:
    """Play every safe foundation move (see :func:`_safe`), repeatedly.

    Taking a safe card out of a column or the talon only frees things, so
    every line from the old position still works (with the changes
    :func:`_safe` explains).
    In draw-one Klondike any talon card is reached by free turns and redeals;
    under the Polish rules turning changes what can be reached, so only the
    top of the waste goes up automatically. In draw-three Klondike no talon
    card does: taking one out shifts the cards after it, which changes which
    of them later passes bring to the top (keeping it might be what makes a
    wanted card come up), so going up is left to the search as a move.

    ``eager`` (draw three only) sends safe talon cards within reach up all
    the same: a streamliner (see :func:`search`), which may miss a win but
    never finds a false one.
    """
    found, cols, talon, pos, pss = state
    f = list(found)
    cl = list(cols)
    moved = True
    while moved:
        moved = False
        for i in range(7):
            col = cl[i]
            if len(col) > 1:
                c = col[-1]
                s = c // 13
                r = c - s * 13
                if f[s] == r and _safe(f, s, r):
                    cl[i] = _cut(col, 1)
                    f[s] += 1
                    moved = True
                    if rec is not None:
                        rec.append(Move("move", _TIDS[i], _FIDS[s], 1))
        if talon and (mode != DRAW_THREE or eager):
            if mode == DRAW_THREE:
                reach: Sequence[int] = _reach(talon, pos, pss, mode)
            else:
                reach = range(0 if mode == DRAW_ONE else max(pos - 1, 0),
                              len(talon) if mode == DRAW_ONE else pos)
            for j in reach:
                c = talon[j]
                s = c // 13
                r = c - s * 13
                if f[s] == r and _safe(f, s, r):
                    if rec is not None:
                        _turns(rec, talon, pos, j, _draw(mode))
                        rec.append(Move("move", "w", _FIDS[s], 1))
                    talon = talon[:j] + talon[j + 1:]
                    pos = j
                    f[s] += 1
                    moved = True
                    break
    return (f[0], f[1], f[2], f[3]), tuple(cl), talon, pos, pss


def is_won(state: State, mode: int) -> bool:
    """Whether the position is won, or certainly winnable by foundation moves alone.

    With no face-down card left and every talon card within reach (draw-one
    Klondike, or an empty talon), the lowest card not yet up is always free:
    any card lying on it in a column is lower still. So it can go up, and so on.
    """
    found, cols, talon, _, _ = state
    if found[0] + found[1] + found[2] + found[3] == 52:
        return True
    if talon and mode != DRAW_ONE:
        return False
    for col in cols:
        if col[0]:
            return False
    return True


def finish(state: State, mode: int, rec: list[Move]) -> State:
    """Play a position that :func:`is_won` accepts out to the end."""
    while True:
        found, cols, talon, pos, pss = state
        if sum(found) == 52:
            return state
        for i in range(7):
            col = cols[i]
            if len(col) > 1 and found[col[-1] // 13] == col[-1] % 13:
                state = play(state, (_COL_F, i, 0, 1), rec)
                break
        else:
            for j in range(len(talon)):
                if found[talon[j] // 13] == talon[j] % 13:
                    state = play(state, (_TAL_F, j, 0, 1), rec)
                    break
            else:  # pragma: no cover - is_won guarantees a move
                raise AssertionError("finish: no foundation move")


# -- move generation ------------------------------------------------------------------------


def _reach(talon: bytes, pos: int, pss: int, mode: int) -> Sequence[int]:
    """The talon indices that can be brought to the top of the waste (in this pass, Polish).

    Draw three: the top of the waste, the last card of each packet of three
    still to come in this pass (the last packet may be shorter), and the same
    in every pass after a redeal, which starts again from the first card.
    """
    n = len(talon)
    if mode == DRAW_ONE:
        return range(n)
    if mode == DRAW_THREE:
        ahead = set(range(pos + 2, n, 3))
        ahead.update(range(2, n, 3))
        if n:
            ahead.add(n - 1)
        if pos:
            ahead.add(pos - 1)
        return sorted(ahead)
    lo = max(pos - 1, 0)
    if pss == 1:
        return range(lo, len(talon))
    # Second Polish pass: the waste holds at most WASTE_LIMIT cards; the card
    # turned onto a full waste (index WASTE_LIMIT) must be played at once,
    # which is exactly what a macro does.
    return range(lo, min(len(talon), WASTE_LIMIT + 1))


def moves(state: State, mode: int) -> list[Macro]:
    """The moves worth trying from ``state``, best first (after :func:`auto`)."""
    found, cols, talon, pos, pss = state
    ends: dict[int, int] = {}
    empty = -1
    for i in range(7):
        col = cols[i]
        if len(col) > 1:
            ends[col[-1]] = i
        elif empty < 0:
            # Empty columns are interchangeable: trying one of them is enough.
            empty = i
    fmoves: list[Macro] = []
    reveal: list[tuple[int, Macro]] = []
    other: list[Macro] = []
    partial: list[Macro] = []
    reach = _reach(talon, pos, pss, mode)
    for i in range(7):
        col = cols[i]
        n = len(col) - 1
        if n <= 0:
            continue
        nd = col[0]
        top = col[-1]
        if found[top // 13] == top % 13:
            fmoves.append((_COL_F, i, 0, 1))
        head = col[1 + nd]
        if head % 13 == 12:
            # A king at the bottom of a column never moves to an empty one
            # (sound: the positions are the same up to the order of columns).
            if nd and empty >= 0:
                reveal.append((-nd, (_COL_T, i, empty, n - nd)))
        else:
            for p in _PARENTS[head]:
                j = ends.get(p)
                if j is not None:
                    if nd:
                        reveal.append((-nd, (_COL_T, i, j, n - nd)))
                    else:
                        other.append((_COL_T, i, j, n - nd))
        for k in range(2 + nd, n + 1):
            for p in _PARENTS[col[k]]:
                j = ends.get(p)
                if j is not None and (not PRUNE or _partial_useful(
                        state, i, k, j, ends, empty, reach, mode)):
                    partial.append((_COL_T, i, j, n + 1 - k))
    tal: list[Macro] = []
    faceup: set[int] | None = None
    in_talon: set[int] | None = None
    king_ready = False
    p0 = _P0
    p1 = _P1
    for j in reach:
        c = talon[j]
        rank = c % 13
        if found[c // 13] == rank:
            fmoves.append((_TAL_F, j, 0, 1))
        if rank == 12:
            king_ready = True
            if empty < 0:
                continue
            targets: tuple[int, ...] = (empty,)
        else:
            d0 = ends.get(p0[c])
            d1 = ends.get(p1[c])
            if d0 is None:
                if d1 is None:
                    continue
                targets = (d1,)
            elif d1 is None:
                targets = (d0,)
            else:
                targets = (d0, d1)
        if mode == DRAW_ONE and PRUNE:
            # Standard Klondike: every talon card is always within reach (turns and
            # redeals are free), so laying one in a column can be put off until just
            # before a card is laid on it (sound: nothing else needs it there; moving
            # it on alone is the same as playing it from the talon to the new place,
            # and to its foundation it can go from the talon). So lay it only if a
            # card of the other colour one rank lower is face up in a column, or is a
            # talon card that is useful in the same way.
            if faceup is None:
                faceup = set()
                for col in cols:
                    faceup.update(col[1 + col[0]:])
                in_talon = set(talon)
            assert in_talon is not None
            if not _talon_useful(c, faceup, in_talon):
                continue
            if LAY_CHAINS:
                for d in targets:
                    lay = (_TAL_T, j, d, 1)
                    tal.extend((_CHAIN, *lay, *f) for f in _lay_chains(play(state, lay), d))
                continue
        tal.extend((_TAL_T, j, d, 1) for d in targets)
    result = fmoves
    if reveal:
        reveal.sort()
        result.extend(m for _, m in reveal)
    result.extend(tal)
    if other and not PRUNE:
        result.extend(other)
    elif other and empty < 0:
        # Emptying a column (moving all of a sequence that covers no face-down
        # card) is only useful for a king to go there. Sound: such a move can be
        # put off until just before a king goes into the column it empties, and
        # while another column is empty the king can go there instead. So empty a
        # column only if none is empty and a king could go into it at once.
        if not king_ready:
            for col in cols:
                nd = col[0]
                if nd and col[1 + nd] % 13 == 12:
                    king_ready = True
                    break
        if king_ready:
            result.extend(other)
    result.extend(partial)
    if mode == POLISH and pss == 1 and talon:
        result.append((_REDEAL, 0, 0, 0))
    return result


def _lay_chains(state: State, d: int) -> list[Macro]:
    """Every way to lay a card at once on the card just laid from the talon at the end of column ``d``.

    Standard Klondike only. Sound: a talon card laid in a column is of use
    there only to take a card (moving it on alone, or up, is the same as
    playing it from the talon to the new place, since every talon card is
    always within reach), so in a winning line its laying can be put off
    until just before the first move that lays a card on it (no move between
    needs its place: the card it lies on can take nothing else meanwhile, and
    if it moves it moves alone and takes the talon card at its new place).
    So a talon card is laid only together with that next move: a card of the
    other colour one rank lower moving onto it (with the cards on it) from
    any column, or laid from the talon, which in turn comes with its own next
    move. Every such move is tried, unfiltered. The positions between are
    never put in the transposition table (they are only ever passed through).
    """
    cols = state[1]
    t = cols[d][-1]
    result: list[Macro] = []
    kids = _CHILDREN[t]
    if not kids:
        return result
    for i in range(7):
        if i != d:
            col = cols[i]
            for k in range(1 + col[0], len(col)):
                if col[k] in kids:
                    result.append((_COL_T, i, d, len(col) - k))
    talon = state[2]
    for j in range(len(talon)):
        if talon[j] in kids:
            lay = (_TAL_T, j, d, 1)
            result.extend((*lay, *f) for f in _lay_chains(play(state, lay), d))
    return result


def _talon_useful(c: int, faceup: set[int], in_talon: set[int]) -> bool:
    """Whether a card laid from the talon could take a card at once (standard Klondike)."""
    rank = c % 13
    if rank == 0:
        return False
    for s in _OPP[c // 13]:
        child = s * 13 + rank - 1
        if child in faceup or (child in in_talon and _talon_useful(child, faceup, in_talon)):
            return True
    return False


def _partial_useful(state: State, i: int, k: int, j: int, ends: dict[int, int],
                    empty: int, reach: Sequence[int], mode: int) -> bool:
    """Whether moving ``cols[i][k:]`` onto column ``j`` uses the card it uncovers at once.

    Moving part of a face-up sequence turns nothing up: it swaps the uncovered
    card ``x = cols[i][k - 1]`` for its twin (same rank and colour) at the end
    of column ``j``. Sound: in a winning line, such a move can be put off until
    just before the first move that needs ``x`` uncovered (the moves between
    touch neither the moved cards' foot nor ``x``; anything laid on the moved
    cards meanwhile is laid on them in column ``i`` instead and moves with
    them). The moves that need ``x`` uncovered are: ``x`` to its foundation,
    a card laid on ``x`` (the twin ``z`` of ``cols[i][k]``, from a column or the
    talon), or ``x`` moving on with cards under it. If none is possible right
    after the move, the move is not needed now. Laying ``z`` on ``x`` counts
    only if that move itself passes the same filters (a move the search would
    not make does not make this one useful): from the talon in standard
    Klondike only if a card can then be laid on ``z``; from the foot of a
    column with no face-down card only if emptying that column is allowed.
    """
    found, cols, talon, _, _ = state
    col = cols[i]
    x = col[k - 1]
    if found[x // 13] == x % 13:
        return True
    nd = col[0]
    for q in range(1 + nd, k):
        c = col[q]
        if c % 13 == 12:
            if nd and empty >= 0:
                return True
            continue
        for p in _PARENTS[c]:
            d = ends.get(p)
            if d is not None and d != i and d != j:
                return True
    z = _TWIN[col[k]]
    for m in range(7):
        if m != i:
            other = cols[m]
            ndm = other[0]
            at = other.find(z, 1 + ndm)
            if at > 0:
                if at > 1 + ndm or ndm:
                    return True
                # z heads a column with nothing under it: moving it empties the column.
                if empty < 0:
                    return True
    for t in reach:
        if talon[t] == z:
            if mode != DRAW_ONE:
                return True
            faceup: set[int] = set()
            for other in cols:
                faceup.update(other[1 + other[0]:])
            return _talon_useful(z, faceup, set(talon))
    return False


def hopeless(state: State, mode: int = DRAW_ONE) -> bool:
    """Whether some card can never reach its foundation, by a relaxed reckoning.

    An optimistic fixpoint over facts that are only ever switched on:
    ``free[c]`` (card ``c`` may one day be uncovered, or is in the talon),
    ``avail[c]`` (``c`` may one day end a column, so a card may be laid on
    it), ``up[c]`` (``c`` may one day go up), and whether a column may one day
    be empty. A face-down card, or the lowest face-up card of a column, can
    leave only by itself: to its foundation (``up``), onto a card of the other
    colour one rank higher that is ``avail``, or (a king) into an empty column;
    a face-up card higher in a sequence is assumed able to leave (with the
    cards under it). A card may be uncovered once every card lying on it (now)
    may leave. A column card is ``avail`` once it may be uncovered; a talon
    card only once it may be laid in a column: onto an ``avail`` parent, or (a
    king) into an empty column. A card on a foundation now is never ``avail``
    (foundation cards never come back). A column may be emptied once all its
    cards may leave, its bottom card not being a king that has to stay. A card
    may go up once it is ``free`` and the card below it may go up. Every real
    line only does things this reckoning allows (by induction on its moves:
    each move needs facts already switched on), so if some card can never go
    up here, the deal is lost: the check is sound.

    With :data:`RUN_HEADS`, what lies on what is followed card by card
    instead: a card ``y`` in a column is uncovered (``free`` and ``avail``)
    only once the card ``x`` lying on it now leaves it, and ``x`` leaves ``y``
    only by moving at the head of the cards on it (onto an ``avail`` parent,
    or a king into an empty column) or by going up, which needs ``x``
    uncovered itself and ``up[x]``. A face-down ``x`` can only move once
    uncovered; a face-up ``x`` carries the cards on it. Moving with a run
    headed by a card under ``x`` does not take ``x`` off ``y``: the pair moves
    together and ``y`` stays covered. So the first version's "a face-up card
    higher in a sequence may leave" (which let the card under it count as
    uncovered when the whole sequence moved) becomes: the card under it is
    uncovered only if that card's own cover has a place or can go up. A
    column may be emptied once its bottom card leaves the same way (a king
    at the bottom only by going up). Sound by the same induction on the moves
    of a real line: each way a card comes to lie uncovered, and each way a
    column comes to be empty, is one of those, and needs the facts already
    switched on. This catches a column that blocks itself through its
    sequence (a two of clubs on the three of diamonds with the ace of clubs
    face down under them, and the other red three and the black fours
    already up) and blocking across columns through sequences (a six that
    can only go up after an ace that is under a card needing the seven the
    six lies on).

    Since every fact only ever switches on, a column's scan (plain
    reckoning) resumes where it stopped the last time (the card it stopped at is the first that could not
    leave), and a talon card already ``avail`` is not looked at again; this
    computes the same fixpoint as scanning everything on each round.

    With :data:`DEAD_ENDS` off, the plainer reckoning of the first version is
    used: every talon card counts as ``avail`` and every king as able to leave
    (tests check the stronger one never changes an answer).

    Drawing three, and in the second (last) Polish pass (``mode``, with
    :data:`DEAD_ENDS`), a talon card is ``free`` only once it may come to the
    top of the waste: if it is within reach now (:func:`_reach`: in the
    Polish pass, the waste's top and the cards that can be turned before the
    waste holds three), or once some card before it in the talon may
    leave the talon (the cards after shift, so which ones come up changes),
    or the card just after it may leave (taken from the top of the waste, it
    leaves this one on top). A talon card may leave once it may come up and
    has somewhere to go: up, or onto an ``avail`` parent, or (a king) into an
    empty column. Sound: the talon changes only when a card leaves it, and
    without either of those changes a card's place in the talon, and so
    whether turning brings it up, stays as it is now. So when no card the
    packets bring up can ever be played, the cards they never bring up can
    never go up, and the deal is lost, even if drawing one would win it.
    """
    found, cols, talon, _, _ = state
    up = bytearray(_UP_ROWS[found[0]] + _UP_ROWS[found[1]] + _UP_ROWS[found[2]]
                   + _UP_ROWS[found[3]])
    free = bytearray(52)
    for c in talon:
        free[c] = 1
    strong = DEAD_ENDS
    runs = RUN_HEADS
    # avail[52]: some column may one day be empty (the place of a king).
    avail = bytearray(53) if strong else bytearray(free) + b"\x01"
    empty = not strong
    p0 = _P0
    p1 = _P1
    # Drawing three, or in the second Polish pass (a waste of three, no pass
    # after it): talon indices that may come up (rise) and leave (gone).
    limited = strong and bool(talon) and (mode == DRAW_THREE
                                          or (mode == POLISH and state[4] == 2))
    rise = bytearray(len(talon))
    gone = bytearray(len(talon))
    if limited:
        for c in talon:
            free[c] = 0
        for j in _reach(talon, state[3], state[4], mode):
            rise[j] = 1
            free[talon[j]] = 1
        pending_talon = [talon[j] for j in range(len(talon)) if rise[j]]
    else:
        pending_talon = list(talon) if strong else []
    open_cols: list[int] = []
    qs = [0] * 7
    uncs: list[bytearray] = [bytearray()] * 7
    for i in range(7):
        col = cols[i]
        if len(col) == 1:
            empty = True
            avail[52] = 1
        else:
            open_cols.append(i)
            qs[i] = len(col) - 1
            if runs:
                uncs[i] = bytearray(len(col))
                uncs[i][-1] = 1
            c = col[-1]
            free[c] = avail[c] = 1
    level = list(found)
    changed = True
    while changed:
        changed = False
        if limited:
            first_gone = len(talon)
            for j in range(len(talon)):
                if rise[j] and not gone[j]:
                    c = talon[j]
                    if up[c] or avail[p0[c]] or avail[p1[c]]:
                        gone[j] = 1
                        changed = True
                if gone[j] and j < first_gone:
                    first_gone = j
            for j in range(len(talon)):
                if not rise[j] and (j > first_gone or (j + 1 < len(talon) and gone[j + 1])):
                    rise[j] = 1
                    c = talon[j]
                    free[c] = 1
                    pending_talon.append(c)
                    changed = True
        if pending_talon:
            keep = []
            for c in pending_talon:
                if avail[p0[c]] or avail[p1[c]]:
                    avail[c] = 1
                    changed = True
                else:
                    keep.append(c)
            pending_talon = keep
        if runs:
            still = []
            for i in open_cols:
                col = cols[i]
                low = 1 + col[0]
                unc = uncs[i]
                whole = True
                for q in range(len(col) - 2, 0, -1):
                    if unc[q]:
                        continue
                    # Position q is uncovered when the card x lying on it leaves it
                    # (a king's "parents" stand for an empty column).
                    x = col[q + 1]
                    if avail[p0[x]] or avail[p1[x]]:
                        if q + 1 < low and not free[x]:
                            whole = False
                            continue
                    elif not up[x]:
                        whole = False
                        continue
                    unc[q] = 1
                    c = col[q]
                    free[c] = avail[c] = 1
                    changed = True
                    st = c // 13
                    r = level[st]
                    if c - st * 13 == r:  # it may go up: so may the cards above it
                        b = st * 13
                        while r < 13 and free[b + r]:
                            up[b + r] = 1
                            r += 1
                        level[st] = r
                if not empty:
                    x = col[1]
                    if up[x] or (x % 13 != 12 and (low == 1 or free[x])
                                 and (avail[p0[x]] or avail[p1[x]])):
                        empty = True
                        avail[52] = 1
                        changed = True
                if not (whole and empty):
                    still.append(i)
            open_cols = still
        elif open_cols:
            still = []
            for i in open_cols:
                col = cols[i]
                low = 1 + col[0]
                q = qs[i]
                while q > 0:
                    c = col[q]
                    if not (q > low or up[c]):
                        if c % 13 == 12:
                            if not (q == 1 or empty):
                                break
                        elif not (avail[p0[c]] or avail[p1[c]]):
                            break
                    q -= 1
                    if q:
                        c = col[q]
                        if not free[c]:
                            free[c] = avail[c] = 1
                            changed = True
                qs[i] = q
                if q:
                    still.append(i)
                elif not empty and (col[1] % 13 != 12 or up[col[1]]):
                    empty = True
                    avail[52] = 1
                    changed = True
                elif not empty:
                    still.append(i)  # a king that has to stay, unless it goes up
            open_cols = still
        for s in range(4):
            r = level[s]
            b = s * 13
            while r < 13 and free[b + r]:
                up[b + r] = 1
                r += 1
                changed = True
            level[s] = r
        if level[0] + level[1] + level[2] + level[3] == 52:
            return False
    return True


def forced_moves(state: State) -> list[Macro]:
    """The moves of the card just turned onto a full second-pass waste (it must leave)."""
    found, cols, talon, pos, _ = state
    j = pos - 1
    c = talon[j]
    result: list[Macro] = []
    if found[c // 13] == c % 13:
        result.append((_TAL_F, j, 0, 1))
    for i in range(7):
        col = cols[i]
        if len(col) > 1:
            if col[-1] in _PARENTS[c]:
                result.append((_TAL_T, j, i, 1))
        elif c % 13 == 12:
            result.append((_TAL_T, j, i, 1))
            break
    return result


def key(state: State, mode: int) -> bytes:
    """The transposition-table key of a position.

    The foundations follow from the other cards, so they are left out. The
    columns are sorted, since the order of columns never matters (sound: any
    move between columns is allowed wherever they stand). In draw-one
    Klondike the waste/stock split is left out too: free turns and redeals
    lead from any split to any other. In draw-three Klondike every split on
    the cycle that turning and redealing go round (a multiple of three cards
    on the waste, or the whole talon) leads to every other, so those splits
    share one key; a split off the cycle (after a card was taken from the
    waste) keeps its own, since the cycle never leads back to it.
    """
    _, cols, talon, pos, pss = state
    k = b"\xff".join(sorted(cols)) + b"\xfe" + talon
    if mode == DRAW_ONE:
        return k
    if mode == DRAW_THREE:
        return k + bytes((255 if pos % 3 == 0 or pos == len(talon) else pos,))
    return k + bytes((pos, pss))


# -- search ---------------------------------------------------------------------------------


def _shuffled(mvs: list[Macro], rng: random.Random) -> list[Macro]:
    """``mvs`` with the moves after the leading foundation moves in a random order."""
    head = 0
    while head < len(mvs) and mvs[head][0] in (_COL_F, _TAL_F):
        head += 1
    rest = mvs[head:]
    rng.shuffle(rest)
    return mvs[:head] + rest


def _dominated(k: bytes, seen: set[bytes], off_cycle: set[bytes]) -> bool:
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


def search(root: State, root_moves: list[Macro], mode: int, max_nodes: int,
           deadline: float | None,
           clock: Callable[[], float] = time.monotonic,
           eager: bool = False,
           shuffle: random.Random | None = None) -> tuple[str, list[Macro], int]:
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
        root_moves = _shuffled(root_moves, shuffle)
    seen = {key(root, mode)}
    # Draw three: the columns and talons seen with the waste split off the
    # cycle (see :func:`_dominated`).
    off_cycle: set[bytes] = set()
    three = mode == DRAW_THREE and SPLITS
    states = [root]
    stack = [root_moves]
    index = [0]
    nodes = 1
    while stack:
        mvs = stack[-1]
        i = index[-1]
        if i >= len(mvs):
            stack.pop()
            index.pop()
            states.pop()
            continue
        index[-1] = i + 1
        child = auto(play(states[-1], mvs[i]), mode, None, eager)
        if is_won(child, mode):
            return "won", [stack[d][index[d] - 1] for d in range(len(stack))], nodes
        k = key(child, mode)
        if k in seen or (three and _dominated(k, seen, off_cycle)):
            continue
        seen.add(k)
        if three and k[-1] != 255:
            off_cycle.add(k[:-1])
        nodes += 1
        if nodes >= max_nodes:
            return "unresolved", [], nodes
        if deadline is not None and not nodes & 1023 and clock() > deadline:
            return "unresolved", [], nodes
        if hopeless(child, mode):
            continue
        child_moves = moves(child, mode)
        if shuffle is not None:
            child_moves = _shuffled(child_moves, shuffle)
        if child_moves:
            states.append(child)
            stack.append(child_moves)
            index.append(0)
    return "lost", [], nodes


def engine_moves(root: State, forced: bool, macros: list[Macro], mode: int,
                 eager: bool = False) -> list[Move]:
    """The engine moves of a winning line found by :func:`search`, auto moves included.

    ``eager`` must be what the search was given (the same automatic moves).
    """
    rec: list[Move] = []
    draw = _draw(mode)
    state = root if forced else auto(root, mode, rec, eager)
    for mv in macros:
        state = auto(play(state, mv, rec, draw), mode, rec, eager)
    finish(state, mode, rec)
    return rec


#: Draw three: the share of the node budget given to restarts
#: (:func:`solve_position`), the most positions one restart may expand, and
#: the share given to the draw-one relaxation.
RESTART_SHARE = 0.5
RESTART_NODES = 5_000
RELAX_SHARE = 0.15
#: Which rules get restarts. Draw one finds its wins in order already (and
#: its stored study was made without them); under the Polish rules restarts
#: were tried and resolved fewer deals for the same budget.
RESTART_MODES = (DRAW_THREE,)


def solve_position(root: State, forced: bool, mode: int, max_nodes: int,
                   deadline: float | None,
                   clock: Callable[[], float] = time.monotonic,
                   ) -> tuple[str, list[Move], int]:
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

    Blake and Gent's study of these games found the same kind of split
    useful (streamliners first, then the full search; and deals lost drawing
    three shown lost drawing one).
    """
    budget = max(1, max_nodes)
    if forced:
        search_root = root
        root_moves = forced_moves(root)
    else:
        search_root = auto(root, mode)
        if is_won(search_root, mode):
            return "won", engine_moves(root, forced, [], mode), 1
        if hopeless(search_root, mode):
            return "lost", [], 1
        root_moves = moves(search_root, mode)
    used = 0
    if mode in RESTART_MODES and not forced:
        three = mode == DRAW_THREE
        eager_root = auto(root, mode, None, True) if three else search_root
        if three and is_won(eager_root, mode):
            return "won", engine_moves(root, forced, [], mode, True), 1
        eager_ok = three and not hopeless(eager_root, mode)
        plan = int(budget * RESTART_SHARE)
        chunk = max(200, min(RESTART_NODES, plan // 10))
        number = 0
        while used + chunk <= plan:
            eager = eager_ok and number % 2 == 0
            start = eager_root if eager else search_root
            status, macros, nodes = search(start, moves(start, mode), mode, chunk, deadline,
                                           clock, eager=eager,
                                           shuffle=random.Random(number))
            used += nodes
            number += 1
            if status == "won":
                return "won", engine_moves(root, forced, macros, mode, eager), used
            if status == "lost" and not eager:
                return "lost", [], used
            if deadline is not None and clock() > deadline:
                return "unresolved", [], used
        if three:
            relaxed = auto(root, DRAW_ONE)
            if not is_won(relaxed, DRAW_ONE):
                if hopeless(relaxed):
                    return "lost", [], used + 1
                status, _, nodes = search(relaxed, moves(relaxed, DRAW_ONE), DRAW_ONE,
                                          max(1, int(budget * RELAX_SHARE)), deadline, clock)
                used += nodes
                if status == "lost":
                    return "lost", [], used
    status, macros, nodes = search(search_root, root_moves, mode, max(1, budget - used),
                                   deadline, clock)
    used += nodes
    if status == "won":
        return "won", engine_moves(root, forced, macros, mode), used
    return status, [], used
