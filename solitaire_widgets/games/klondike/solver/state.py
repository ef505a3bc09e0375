"""The solver's view of a Klondike position: a compact value, and playing moves on it.

The position is copied out of the engine's table into a compact value, so the
search can copy and hash it cheaply. Nothing here reads anything but the table
it is given.

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
before (see :func:`reach`).

Moves are macros ``(kind, a, b, n)``: a column's end card to its foundation
(:data:`COL_F`), the talon's card ``a`` to its foundation (:data:`TAL_F`) or
onto column ``b`` (:data:`TAL_T`) with all the turns (and, in standard
Klondike, redeals) needed to bring it to the top of the waste, ``n`` cards from
column ``a`` onto column ``b`` (:data:`COL_T`), and the Polish second pass
(:data:`REDEAL`), and with worrying back a foundation's top card of suit
``a`` onto column ``b`` (:data:`FND_T`). In standard Klondike a talon card
laid in a column comes with
the move that lays a card on it at once, as one chain ``(CHAIN, kind, a, b, n,
kind, a, b, n, ...)`` (see :func:`solitaire_widgets.games.klondike.solver.moves.lay_chains`).

The rules are not written here: the card code, the building rule
(:data:`PARENTS`, :data:`TO_EMPTY`), :func:`cut`, :func:`reach` and the
reading of a table (:func:`from_table`) are the game's model's
(:mod:`solitaire_widgets.games.klondike.model`), whose state is this tuple;
they are imported from there under these names.
"""

from __future__ import annotations

from typing import Final

from ....moves import Move
from ..model import (
    CHILDREN,
    OPP,
    P0,
    P1,
    PARENTS,
    TO_EMPTY,
    TWIN,
    WASTE_LIMIT,
    State,
    card_code,
    card_of,
    cut,
    reach,
)
from ..model import state_of as from_table

__all__ = [
    "POLISH", "DRAW_ONE", "DRAW_THREE", "mode_of", "draw_of", "State", "Macro",
    "COL_F", "TAL_F", "TAL_T", "COL_T", "REDEAL", "CHAIN", "FND_T", "PARENTS", "CHILDREN",
    "TO_EMPTY", "OPP", "TWIN", "P0", "P1", "WASTE_LIMIT", "cut",
    "card_code", "card_of", "from_table", "play", "reach", "key", "set_key", "is_won",
    "finish",
]

#: (kind, a, b, n), or a chain of them: see the module docstring.
Macro = tuple[int, ...]

COL_F: Final = 0
TAL_F: Final = 1
TAL_T: Final = 2
COL_T: Final = 3
REDEAL: Final = 4
CHAIN: Final = 5
FND_T: Final = 6

#: The modes (see the module docstring); a mode is also the number of cards a
#: turn turns, except under the Polish rules (one card, two passes).
POLISH: Final = 0
DRAW_ONE: Final = 1
DRAW_THREE: Final = 3
_MODES = {"polish": POLISH, "standard": DRAW_ONE, "draw-three": DRAW_THREE}


def draw_of(mode: int) -> int:
    """How many cards one turn turns under ``mode``.

    >>> draw_of(POLISH), draw_of(DRAW_THREE)
    (1, 3)
    """
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


FIDS: Final = ("fc", "fd", "fh", "fs")
TIDS: Final = tuple(f"t{i}" for i in range(1, 8))
TURN: Final = Move("turn")
REDEAL_MOVE: Final = Move("redeal")


def turns(rec: list[Move], talon: bytes, pos: int, j: int, draw: int = 1) -> None:
    """Record the turns (and redeal) that bring ``talon[j]`` to the top of the waste.

    ``draw`` cards are turned at a time (the last packet may be shorter);
    ``j`` must be within reach (:func:`reach`).
    """
    n = len(talon)
    if j >= pos and ((j + 1 - pos) % draw == 0 or j == n - 1):
        rec.extend([TURN] * -(-(j + 1 - pos) // draw))
    elif j != pos - 1:  # not in this pass: round the talon once more
        rec.extend([TURN] * -(-(n - pos) // draw))
        rec.append(REDEAL_MOVE)
        rec.extend([TURN] * -(-(j + 1) // draw))


def play(state: State, mv: Macro, rec: list[Move] | None = None, draw: int = 1) -> State:
    """Play one macro (no automatic moves); record its engine moves in ``rec``.

    ``draw`` (cards turned at a time) matters only to the turns recorded.
    """
    kind = mv[0]
    if kind == CHAIN:
        for at in range(1, len(mv), 4):
            state = play(state, mv[at:at + 4], rec, draw)
        return state
    found, cols, talon, pos, pss = state
    a, b, n = mv[1], mv[2], mv[3]
    if kind == COL_F or kind == COL_T:
        col = cols[a]
        cl = list(cols)
        cl[a] = cut(col, n)
        if kind == COL_F:
            s = col[-1] // 13
            f = list(found)
            f[s] += 1
            if rec is not None:
                rec.append(Move("move", TIDS[a], FIDS[s], 1))
            return (f[0], f[1], f[2], f[3]), tuple(cl), talon, pos, pss
        cl[b] = cols[b] + col[len(col) - n:]
        if rec is not None:
            rec.append(Move("move", TIDS[a], TIDS[b], n))
        return found, tuple(cl), talon, pos, pss
    if kind == FND_T:
        f = list(found)
        f[a] -= 1
        cl = list(cols)
        cl[b] = cols[b] + bytes((a * 13 + f[a],))
        if rec is not None:
            rec.append(Move("move", FIDS[a], TIDS[b], 1))
        return (f[0], f[1], f[2], f[3]), tuple(cl), talon, pos, pss
    if kind == REDEAL:
        if rec is not None:
            rec.extend([TURN] * (len(talon) - pos))
            rec.append(REDEAL_MOVE)
        return found, cols, talon, 0, 2
    c = talon[a]
    if rec is not None:
        turns(rec, talon, pos, a, draw)
    rest = talon[:a] + talon[a + 1:]
    if kind == TAL_F:
        s = c // 13
        f = list(found)
        f[s] += 1
        if rec is not None:
            rec.append(Move("move", "w", FIDS[s], 1))
        return (f[0], f[1], f[2], f[3]), cols, rest, a, pss
    cl = list(cols)
    cl[b] = cols[b] + bytes((c,))
    if rec is not None:
        rec.append(Move("move", "w", TIDS[b], 1))
    return found, tuple(cl), rest, a, pss


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
                state = play(state, (COL_F, i, 0, 1), rec)
                break
        else:
            for j in range(len(talon)):
                if found[talon[j] // 13] == talon[j] % 13:
                    state = play(state, (TAL_F, j, 0, 1), rec)
                    break
            else:  # pragma: no cover - is_won guarantees a move
                raise AssertionError("finish: no foundation move")


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
    return _with_split(b"\xff".join(sorted(cols)) + b"\xfe" + talon, talon, pos, pss, mode)


def _with_split(k: bytes, talon: bytes, pos: int, pss: int, mode: int) -> bytes:
    """Key ``k`` with the talon split as :func:`key` tells it apart under ``mode``."""
    if mode == DRAW_ONE:
        return k
    if mode == DRAW_THREE:
        return k + bytes((255 if pos % 3 == 0 or pos == len(talon) else pos,))
    return k + bytes((pos, pss))


def set_key(state: State, mode: int) -> bytes:
    """The transposition-table key of a position, its columns' layout left out.

    Positions with the same foundations, the same talon and the same
    columns' feet (the face-down cards with the face-up card lying on them,
    or the card at the bottom of a column with none, unless a king) hold the
    same cards face up in the columns, laid out in different ways. Each such
    card other than a foot and a king at the bottom of a column lies on one
    of its two parents (twins), and which one is all a layout chooses. They
    are one position to a search (``Config.merge_layouts``): every move that
    changes which cards are where, not only how they are laid out, can be
    made from each layout alike (a whole column's face-up cards, or a talon
    card, go onto whichever parent ends a column, and a card covered by a
    child while its twin ends a column goes up once that child moves
    across: if a card ends a column in one layout and is covered in
    another, its twin ends a column there, since both twins have the same
    two possible children), so one layout is won exactly when all are (this is how the
    lonelybot solver sees a table). The end of the key is :func:`key`'s.

    Here the nine of spades lies on the ten of hearts (on a face-down king of
    clubs) or on the ten of diamonds (alone in its column):

    >>> on_hearts = (bytes((1, 12, 35, 47)), bytes((0, 22))) + (bytes((0,)),) * 5
    >>> on_diamonds = (bytes((1, 12, 35)), bytes((0, 22, 47))) + (bytes((0,)),) * 5
    >>> def position(cols): return ((0, 0, 0, 0), cols, b"", 0, 1)
    >>> key(position(on_hearts), DRAW_ONE) == key(position(on_diamonds), DRAW_ONE)
    False
    >>> set_key(position(on_hearts), DRAW_ONE) == set_key(position(on_diamonds), DRAW_ONE)
    True
    """
    found, cols, talon, pos, pss = state
    feet = [col[:2 + col[0]] for col in cols if len(col) > 1 and (col[0] or col[1] % 13 != 12)]
    feet.sort()
    return _with_split(bytes(found) + b"\xff".join(feet) + b"\xfe" + talon, talon, pos, pss,
                       mode)
