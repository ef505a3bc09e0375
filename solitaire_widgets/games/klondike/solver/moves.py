"""Which moves the Klondike solver tries, and the foundation moves it makes by itself.

:func:`moves` lists the macros worth trying from a position, best first;
:func:`auto` plays the foundation moves no winning line can need to put off
(:func:`safe`). Every filter here is sound: it only ever puts off a move that
a winning line can make later, and says why where it is applied. The filters
are switched by a :class:`~solitaire_widgets.games.klondike.solver.config.Config`.
"""

from __future__ import annotations

from collections.abc import Sequence

from ....moves import Move
from ..model import EMPTY, another_pass, fits, goes_up
from .config import DEFAULT, Config
from .state import (
    CHAIN,
    CHILDREN,
    COL_F,
    COL_T,
    DRAW_ONE,
    DRAW_THREE,
    FIDS,
    FND_T,
    OPP,
    P0,
    P1,
    PARENTS,
    POLISH,
    REDEAL,
    TAL_F,
    TAL_T,
    TIDS,
    TO_EMPTY,
    TWIN,
    Macro,
    State,
    cut,
    draw_of,
    play,
    reach,
    turns,
)

__all__ = ["safe", "kept_up", "auto", "settled", "moves", "lay_chains", "empty_chains", "forced_moves",
           "one_twin", "worry_useful", "worry_uses"]


def safe(f: Sequence[int], s: int, r: int, plus: bool = True, worry: bool = False,
         keep: bool = True) -> bool:
    """Whether the card of suit ``s`` and rank ``r + 1`` may go up at once (``f[s] == r``).

    Sound (a dominance; foundation cards never come back). The only use of a
    card in play besides going up is to take a card of the other colour one
    rank lower. So it is safe when it is an ace or a two (an ace is only ever
    useful on its foundation), or when both those lower cards are up already.
    With ``plus`` (``Config.safe_plus``), also when both cards of the other colour two ranks
    lower and the other card of its own colour two ranks lower are up (its own
    suit's is, since ``f[s] == r``): then a card that could be laid on it (of
    the other colour, one rank lower) could itself only take cards that are
    up, and its own foundation is ready for it, so in any winning line the
    moves laying it here may instead send it up (it carries nothing, and
    nothing else needs it in play); every other move of the line is played as
    it was, or skipped when it moves this card. This is the "safe autoplay"
    rule of FreeCell solvers, which holds the same way here.

    With worrying back (``worry``) a card of the other colour one rank
    lower, up now, may come back to be laid on a card kept in play, so the
    argument above fails as it stands. An ace or a two still goes up at once:
    an ace takes no card, and a two only an ace, which can always go up
    instead; sent up, either could still come back, and neither is ever of
    use in a column, so a winning line never needs one there. With ``keep``
    (``Config.kept_up``) so does a card that, once up, is one of the cards
    :func:`kept_up` keeps there: both cards of the other colour one rank
    lower up, and the other card of its own colour two ranks lower. No
    card that could ever be laid on it is then out of the foundations, nor
    needs to come out (:func:`kept_up`), so in a winning line that keeps it
    in play nothing is laid on it: the line's other moves work just as well
    with it up from the start (moved with a sequence, it was that
    sequence's end). With ``plus`` as well, the two-rank rule above holds
    with worrying back: the cards two ranks lower are then kept up, so a
    card of the other colour one rank lower carries nothing in any such
    line, and its foundation stays ready for it; laid on this card in a
    winning line, it may go up instead, and then nothing is laid on this
    card.

    >>> safe((0, 2, 2, 0), 0, 2), safe((0, 2, 2, 0), 0, 2, worry=True)
    (True, False)
    >>> safe((0, 2, 2, 1), 0, 2, plus=False, worry=True)  # the other black two ranks lower too
    True
    >>> safe((0, 1, 1, 1), 0, 2, plus=True, worry=True)  # two ranks lower, all up
    True
    """
    if r < 2:
        return True
    o1, o2 = OPP[s]
    if worry:
        if not keep or f[3 - s] < r - 1:
            return False
        low = r - 1 if plus else r
        return f[o1] >= low and f[o2] >= low
    if f[o1] >= r and f[o2] >= r:
        return True
    return plus and f[o1] >= r - 1 and f[o2] >= r - 1 and f[3 - s] >= r - 1


def kept_up(found: Sequence[int]) -> tuple[int, int, int, int]:
    """Worrying back: how many cards of each foundation, from the ace, need never come back.

    A foundation card of rank ``R`` stays up when both foundations of the
    other colour hold ``R - 1`` cards or more and the other foundation of
    its own colour ``R - 2`` or more. Call such cards *kept*. Every card
    that may be laid on a kept card (the other colour, a rank lower) is a
    kept card too. So a winning line that never moves a kept card exists
    whenever a winning line exists: drop from the line every move of a kept
    card. In each column, the cards above a kept card are kept cards (only
    they may be laid on one), so without them the column is the same up to
    its first kept card; every other move of the line takes cards that are
    not kept, with the cards above them that are not, onto a card that is
    not kept (nothing else may be laid on one) or onto an empty column, or
    up onto a foundation that holds the same cards not kept as in the line
    over the kept cards it always held; so each is still legal, and the
    line ends with every card up. Kept cards also hold nothing a king needs:
    an empty column holding a kept king in the line is empty here, and the
    line lays nothing there while the king is in it.

    >>> kept_up((5, 4, 6, 5))  # clubs, diamonds, hearts, spades
    (5, 4, 6, 5)
    >>> kept_up((7, 4, 6, 5))  # a seven of clubs would take a red six: the diamonds' is down
    (5, 4, 6, 5)
    >>> kept_up((3, 0, 0, 3))  # no red card is up: only the black aces stay
    (1, 0, 0, 1)
    """
    f0, f1, f2, f3 = found
    red = min(f1, f2) + 1
    black = min(f0, f3) + 1
    return (min(f0, red, f3 + 2), min(f1, black, f2 + 2), min(f2, black, f1 + 2),
            min(f3, red, f0 + 2))


def auto(state: State, mode: int, rec: list[Move] | None = None, eager: bool = False,
         config: Config = DEFAULT, back_ups: bool = True) -> State:
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

    With worrying back and ``Config.back_ups`` (and ``back_ups``), a column's
    end card goes up whenever it can if it lies on a face-up card, or is a
    king alone in its column (:func:`comes_back`): the same position as
    before, to the search, since the card can come straight back from its
    foundation to the very place it left (onto the same card, or a king into
    the column it left empty), so each of the two positions is one legal
    move from the other and one is won exactly when the other is. A search
    passes ``back_ups=False`` right after a move that brought a card back
    from a foundation, so the card stays for what it was brought back for
    (see :func:`worry_useful`); the next move sends it up again if it is
    still free.
    """
    found, cols, talon, pos, pss = state
    plus = config.safe_plus
    worry = config.worrying_back
    keep = config.kept_up
    ups = worry and back_ups and config.back_ups
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
                if f[s] == r and (safe(f, s, r, plus, worry, keep) or (ups and comes_back(col))):
                    cl[i] = cut(col, 1)
                    f[s] += 1
                    moved = True
                    if rec is not None:
                        rec.append(Move("move", TIDS[i], FIDS[s], 1))
        if talon and (mode != DRAW_THREE or eager):
            if mode == DRAW_THREE:
                within: Sequence[int] = reach(talon, pos, pss, mode)
            else:
                within = range(0 if mode == DRAW_ONE else max(pos - 1, 0),
                               len(talon) if mode == DRAW_ONE else pos)
            for j in within:
                c = talon[j]
                s = c // 13
                r = c - s * 13
                if f[s] == r and safe(f, s, r, plus, worry, keep):
                    if rec is not None:
                        turns(rec, talon, pos, j, draw_of(mode))
                        rec.append(Move("move", "w", FIDS[s], 1))
                    talon = talon[:j] + talon[j + 1:]
                    pos = j
                    f[s] += 1
                    moved = True
                    break
    return (f[0], f[1], f[2], f[3]), tuple(cl), talon, pos, pss


def comes_back(col: bytes) -> bool:
    """Worrying back: whether a column's end card, sent up, can come straight back there.

    So it does when it lies on a face-up card (it fits there) or is a king
    alone in its column (it may go into an empty column); not when it lies
    on a face-down card, which going up turns face up for good.

    >>> comes_back(bytes((1, 5, 25))), comes_back(bytes((0, 22, 47))), comes_back(bytes((0, 12)))
    (False, True, True)
    """
    up = len(col) - 1 - col[0]
    return up >= 2 or (up == 1 and col[0] == 0 and col[1] % 13 == 12)


def settled(state: State, mv: Macro, mode: int, plus: bool = True,
            worry: bool = False, back: bool = False, keep: bool = True) -> bool:
    """Whether :func:`auto` leaves ``state`` as it is, ``mv`` having led to it from a settled position.

    ``state`` is ``play(parent, mv)`` for a ``parent`` that :func:`auto` (not
    eager) has already played out, so no card of the parent could go up by
    itself. A move between columns or from the talon to a column leaves the
    foundations as they were, so which cards are safe is unchanged and only
    a card that newly came within the automatic moves' sight can go up: the
    new end of the column ``mv`` took cards from (the cards it moved end in
    the other column as they ended before), or the talon card laid in a
    column, and under the Polish rules the new top of the waste (drawing
    one every talon card was in sight already; drawing three none is). So
    when none of those may go up, :func:`auto` would find nothing to do.
    For any other move this says False (``auto`` must look).

    With worrying back and ``Config.back_ups`` (``back``), a card that can
    come back goes up too (see :func:`auto`): the new end of the column a
    move took cards from, or the card laid from the talon, and the end of
    the column cards moved onto (a card that lay on a face-down card may
    lie on a face-up one now). A parent just after a card came back from a
    foundation is not played out that way (see :func:`auto`): the caller
    does not ask then.
    """
    kind = mv[0]
    found, cols, talon, pos, _ = state
    if kind == COL_T:
        col = cols[mv[1]]
        if back and (_comes_up(found, cols[mv[2]]) or _comes_up(found, col)):
            return False
        return len(col) < 2 or not _goes_up(found, col[-1], plus, worry, keep)
    if kind == TAL_T:
        if _goes_up(found, cols[mv[2]][-1], plus, worry, keep) or (back
                                                            and _comes_up(found, cols[mv[2]])):
            return False
        return not (mode == POLISH and pos and _goes_up(found, talon[pos - 1], plus, worry, keep))
    return False


def _comes_up(found: tuple[int, int, int, int], col: bytes) -> bool:
    """Whether a column's end card is next on its foundation and can come back (:func:`auto`)."""
    if len(col) < 2:
        return False
    c = col[-1]
    return found[c // 13] == c % 13 and comes_back(col)


def _goes_up(found: tuple[int, int, int, int], c: int, plus: bool, worry: bool,
             keep: bool = True) -> bool:
    """Whether card ``c`` is next on its foundation and safe to send up at once."""
    s = c // 13
    r = c - s * 13
    return found[s] == r and safe(found, s, r, plus, worry, keep)


def moves(state: State, mode: int, config: Config = DEFAULT) -> list[Macro]:
    """The moves worth trying from ``state``, best first (after :func:`auto`)."""
    found, cols, talon, pos, pss = state
    prune = config.move_filters
    worry = config.worrying_back
    twins = config.twin_targets
    layouts = config.merge_layouts
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
    within = reach(talon, pos, pss, mode)
    for i in range(7):
        col = cols[i]
        n = len(col) - 1
        if n <= 0:
            continue
        nd = col[0]
        top = col[-1]
        if found[top // 13] == top % 13:
            fmoves.append((COL_F, i, 0, 1))
        head = col[1 + nd]
        if head % 13 == 12:
            # A king at the bottom of a column never moves to an empty one
            # (sound: the positions are the same up to the order of columns).
            if nd and empty >= 0:
                reveal.append((-nd, (COL_T, i, empty, n - nd)))
        else:
            j0 = ends.get(P0[head])
            j1 = ends.get(P1[head])
            if j0 is not None and j1 is not None and nd and twins:
                reveal.append((-nd, (COL_T, i, one_twin(cols, (j0, j1)), n - nd)))
            else:
                for j in (j0, j1):
                    if j is not None:
                        if nd:
                            reveal.append((-nd, (COL_T, i, j, n - nd)))
                        else:
                            other.append((COL_T, i, j, n - nd))
        if layouts:
            # Part of a sequence moves only so that the card it uncovers goes up
            # (see Config.merge_layouts): every other use of a layout is open
            # from every layout alike. Never automatically: a safe card's
            # children are up or safe themselves, so nothing covers it once
            # auto() is done.
            for k in range(1 + nd, n):
                x = col[k]
                if found[x // 13] == x % 13:
                    j = ends.get(TWIN[x])
                    if j is not None:
                        fmoves.append((CHAIN, COL_T, i, j, n - k, COL_F, i, 0, 1))
            continue
        for k in range(2 + nd, n + 1):
            for p in PARENTS[col[k]]:
                j = ends.get(p)
                if j is not None and (not prune or partial_useful(
                        state, i, k, j, ends, empty, within, mode, worry)):
                    partial.append((COL_T, i, j, n + 1 - k))
    tal: list[Macro] = []
    faceup: set[int] | None = None
    in_talon: set[int] | None = None
    # Worrying back: a foundation king may fill an emptied column too.
    king_ready = worry and 13 in found
    p0 = P0
    p1 = P1
    for j in within:
        c = talon[j]
        rank = c % 13
        if found[c // 13] == rank:
            fmoves.append((TAL_F, j, 0, 1))
        if TO_EMPTY[c]:
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
            elif twins:
                targets = (one_twin(cols, (d0, d1)),)
            else:
                targets = (d0, d1)
        if mode == DRAW_ONE and prune:
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
            if not talon_useful(c, faceup, in_talon, found if worry else None):
                continue
            if config.lay_chains:
                rest = talon[:j] + talon[j + 1:]
                for d in targets:
                    tal.extend((CHAIN, TAL_T, j, d, 1, *f)
                               for f in _laid_on(cols, d, c, rest, found if worry else None))
                continue
        tal.extend((TAL_T, j, d, 1) for d in targets)
    result = fmoves
    if reveal:
        reveal.sort()
        result.extend(m for _, m in reveal)
    result.extend(tal)
    if worry:
        back = worry_moves(found, ends, empty, config.kept_up, config.safe_plus)
        if config.worry_filter and back:
            back = [m for m in back if worry_useful(state, m, ends, within)]
        result.extend(back)
    if other and not prune:
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
            if config.empty_chains:
                for e in other:
                    result.extend(empty_chains(state, e, within, mode, config))
            else:
                result.extend(other)
    result.extend(partial)
    # The Polish second pass (in the standard variants a talon card's macro
    # turns the waste over itself).
    if mode == POLISH and another_pass(True, pss) and talon:
        result.append((REDEAL, 0, 0, 0))
    return result


def worry_moves(found: Sequence[int], ends: dict[int, int], empty: int,
                keep: bool = True, plus: bool = True) -> list[Macro]:
    """Worrying back: each foundation's top card onto a column where it fits.

    Column ``ends`` maps each column's end card to its column; ``empty`` is
    an empty column (-1: none). Aces and twos are never brought back (see
    :func:`safe`: neither is ever of use in a column), nor with ``keep``
    (``Config.kept_up``) a card that, brought back, would go up again by
    itself (:func:`safe`, with ``plus`` its two-rank rule): from the
    position it would come back to, the line that wins (:func:`safe`'s
    argument) never moves it, and is shorter by that move at least; so a
    shortest winning line never brings back such a card. Both parents are
    tried when both end columns: the move turns nothing up and takes
    nothing from the talon, so :func:`one_twin`'s argument does not hold.

    >>> worry_moves((0, 0, 5, 0), {44: 4, 18: 1}, -1)  # 5H onto 6S (col 4), not 6D
    [(6, 2, 4, 1)]
    >>> worry_moves((13, 2, 0, 0), {}, 3)  # the king of clubs into the empty column
    [(6, 0, 3, 1)]
    >>> worry_moves((13, 12, 12, 12), {}, 3)  # ... not once no card could be laid on it
    []
    """
    result: list[Macro] = []
    for s in range(4):
        n = found[s]
        if n < 3:
            continue
        # (safe() reads only the other suits' foundations: ``found`` stands
        # for the position with this card back.)
        if keep and safe(found, s, n - 1, plus, True):
            continue
        c = s * 13 + n - 1
        if n == 13:
            if empty >= 0:
                result.append((FND_T, s, empty, 1))
            continue
        for p in (P0[c], P1[c]):
            j = ends.get(p)
            if j is not None:
                result.append((FND_T, s, j, 1))
    return result


def worry_useful(state: State, mv: Macro, ends: dict[int, int], within: Sequence[int]) -> bool:
    """Whether the card ``mv`` brings back from a foundation can be used at once.

    Worrying back, with ``Config.worry_filter`` (off: not sound): the top
    card ``x`` of foundation ``mv[1]`` comes back onto column ``mv[2]`` only
    if, right after, a card can be laid on it (a card of the other colour
    one rank lower face up in a column, within reach in the talon, or the
    top of its foundation and not an ace or a two) or the card under it on
    its foundation can come back in turn (a parent of it ends a column).
    The argument below fails where two cards brought back wait for each
    other (a queen of hearts can take the jack of spades only once the
    queen of spades is back, which can give it up only once the queen of
    hearts is back): putting off each until the other's use goes round in
    a circle, and neither is of use the moment it comes back, whichever
    comes first. :func:`worry_uses` prunes soundly instead. The argument:
    in a winning line, bringing ``x`` back can be put off until just
    before the first later move that touches ``x`` or its foundation (the
    moves between need neither: ``x`` only covers the card it lies on, which
    cannot move without it, and nothing else can go onto that foundation).
    That move is ``x`` going up again (then neither move is needed), ``x``
    moving on alone (bring it back to the new place instead, and put that
    off in turn), cards moving with ``x`` on top of them (move them
    without it and bring ``x`` back onto them afterwards, put off in turn),
    a card laid on ``x``, or the card under ``x`` on its foundation coming
    back. A win needs ``x`` up, so the line reaches one of the last two,
    and right after bringing ``x`` back it is possible.

    >>> cols = (bytes((0, 9)), bytes((0, 48))) + (bytes((0,)),) * 5  # 10C; 10S
    >>> position = ((7, 9, 0, 0), cols, b"", 0, 1)  # 9D may come back onto either
    >>> worry_useful(position, (FND_T, 1, 0, 1), {9: 0, 48: 1}, [])  # nothing for it
    False
    >>> position = ((7, 9, 0, 0), cols, bytes((7,)), 0, 1)  # 8C within reach in the talon
    >>> worry_useful(position, (FND_T, 1, 0, 1), {9: 0, 48: 1}, [0])
    True
    """
    found, cols, talon, _, _ = state
    s = mv[1]
    r = found[s] - 1  # x's rank - 1
    x = s * 13 + r
    if r >= 3:
        under = x - 1  # may come back onto a parent ending a column (not the column x went to)
        for p in PARENTS[under]:
            if ends.get(p, mv[2]) != mv[2]:
                return True
    kids = CHILDREN[x]
    if not kids:
        return False
    for y in kids:
        ys = y // 13
        if found[ys] == y % 13 + 1 and y % 13 >= 2:
            return True
    for col in cols:
        for k in range(1 + col[0], len(col)):
            if col[k] in kids:
                return True
    for j in within:
        if talon[j] in kids:
            return True
    return False


def worry_uses(state: State, mvs: list[Macro], run: Sequence[int]) -> list[Macro]:
    """Of the moves ``mvs`` from ``state``, those that use a card just brought back.

    Worrying back, with ``Config.worry_uses``: the moves that led to
    ``state`` since the last other move brought the cards ``run`` back from
    the foundations, one after another. Only these moves are tried from it:
    another card brought back, and a move that lays a card on a card of
    ``run`` or moves one (a move onto or out of a column that holds one;
    part of a chain is enough). Sound: in a winning line, a move ``m`` right
    after such a run of cards brought back that does neither can be made
    before the run instead, the run after it unchanged. ``m`` is legal there:
    it leaves the run's cards where they are and lays nothing on them, so
    the column ends it takes from and lays on were ends before the run too
    (the run only laid its cards on ends), and a card it sends up goes onto
    a foundation the run took no card from (the only card that fits there is
    the run's own). The run is legal after ``m``: ``m`` covered no end the
    run lays a card on (that end is covered by the run's card when ``m`` is
    made) and moved none of the run's cards. So every winning line has a
    form in which each run is followed by a move that uses one of its cards
    (moving ``m`` ahead each time takes a line nearer that form, and it
    ends), or by the last foundation moves, which send every card of the
    run up again and can be left out with it. The positions inside a run
    are told apart by their run in the transposition table
    (``solitaire_widgets.games.klondike.solver.search.Search``), so a
    position searched only for its run's uses is never taken for one
    searched whole. Off by default: that keeping apart cost more positions
    than the rule saved (see ``Config.worry_uses``).

    >>> cols = (bytes((0, 9)), bytes((0, 48)), bytes((1, 5, 25))) + (bytes((0,)),) * 4
    >>> state = ((7, 9, 0, 0), cols, b"", 0, 1)  # 10C; 10S; 6C on a face-down card
    >>> mvs = [(COL_T, 2, 0, 1), (COL_T, 2, 1, 1), (FND_T, 0, 1, 1), (COL_F, 0, 0, 1)]
    >>> worry_uses(state, mvs, (48,))  # the ten of spades just came back
    [(3, 2, 1, 1), (6, 0, 1, 1)]
    """
    cols = state[1]
    held = {i for i in range(7) for c in cols[i][1 + cols[i][0]:] if c in run}
    result: list[Macro] = []
    for mv in mvs:
        for at in range(1 if mv[0] == CHAIN else 0, len(mv), 4):
            kind = mv[at]
            if (kind == FND_T or (kind in (COL_T, TAL_T) and mv[at + 2] in held)
                    or (kind == COL_T and mv[at + 1] in held)):
                result.append(mv)
                break
    return result


def one_twin(cols: Sequence[bytes], targets: Sequence[int]) -> int:
    """Of two columns whose end cards are twins, the one a card is laid on.

    With ``Config.twin_targets``, a move that turns a card up or takes a
    card from the talon, with a choice of two parents (the twins at the ends
    of two columns), is tried onto one of them only. Sound: the two
    positions it can lead to are one move apart both ways (the card laid,
    with whatever came with it, is at the end of its column and the other
    twin is free, so it moves across), so one is won exactly when the other
    is. Every such move makes progress (a face-down card or a talon card
    fewer, which no move ever undoes), so a winning line through the
    position left out is matched by one through the position kept, no
    further from the end in those terms: by induction on the cards still
    face down or in the talon, the search, complete from every position
    before, stays complete. The column kept is the one with fewer face-down
    cards (the first of the two on a tie): there is less to dig out of it,
    so covering its end costs least.

    >>> cols = (bytes((2, 0, 1, 22)), bytes((0, 48)))  # a column ending 10H, one of 10S
    >>> one_twin(cols, (0, 1))
    1
    """
    a, b = targets
    return b if cols[b][0] < cols[a][0] else a


def empty_chains(state: State, e: Macro, within: Sequence[int], mode: int,
                 config: Config = DEFAULT) -> list[Macro]:
    """Move ``e`` (which empties its column) chained with each king move into that column.

    Sound: emptying a column is only useful for a king to go there (see
    :func:`moves`), and in a winning line such a move can be put off until
    just before the first king goes there, so a line that empties a column
    can always play the king next. So ``e`` is tried only together with a
    king that goes into the column at once: one heading cards that cover a
    face-down card, or a talon card within reach (drawing one, with the
    card laid on it, as :func:`lay_chains` does). The position between is
    never put in the transposition table (it is only ever passed through),
    so the chain is a move like any other.
    """
    a = e[1]
    after = play(state, e)
    cols = after[1]
    result: list[Macro] = []
    for m in range(7):
        col = cols[m]
        nd = col[0]
        if m != a and nd and col[1 + nd] % 13 == 12:
            result.append((CHAIN, *e, COL_T, m, a, len(col) - 1 - nd))
    talon = after[2]
    worry = config.worrying_back
    for j in within:
        if TO_EMPTY[talon[j]]:
            lay = (TAL_T, j, a, 1)
            if mode == DRAW_ONE and config.move_filters and config.lay_chains:
                result.extend((CHAIN, *e, *lay, *f)
                              for f in lay_chains(play(after, lay), a, worry))
            else:
                result.append((CHAIN, *e, *lay))
    if worry:
        # Worrying back: a king from its foundation.
        result.extend((CHAIN, *e, FND_T, s, a, 1) for s in range(4) if after[0][s] == 13)
    return result


def lay_chains(state: State, d: int, worry: bool = False) -> list[Macro]:
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
    With worrying back (``worry``), a foundation's top card laid on it counts
    too.
    """
    cols = state[1]
    return _laid_on(cols, d, cols[d][-1], state[2], state[0] if worry else None)


def _laid_on(cols: Sequence[bytes], d: int, t: int, talon: bytes,
             found: Sequence[int] | None = None) -> list[Macro]:
    """:func:`lay_chains` for card ``t`` just laid on column ``d``, the talon being ``talon``.

    Laying a talon card changes nothing else it reads (column ``d`` is never
    looked into, and the talon only loses the card), so the chain is listed
    without playing it out. ``found`` (worrying back only): the foundations,
    whose top cards may be laid on it too.
    """
    result: list[Macro] = []
    kids = CHILDREN[t]
    if not kids:
        return result
    if found is not None:
        for s in range(4):
            n = found[s]
            if n and s * 13 + n - 1 in kids:
                result.append((FND_T, s, d, 1))
    for i in range(7):
        if i != d:
            col = cols[i]
            for k in range(1 + col[0], len(col)):
                if col[k] in kids:
                    result.append((COL_T, i, d, len(col) - k))
    for j in range(len(talon)):
        c = talon[j]
        if c in kids:
            rest = talon[:j] + talon[j + 1:]
            result.extend((TAL_T, j, d, 1, *f) for f in _laid_on(cols, d, c, rest, found))
    return result


def talon_useful(c: int, faceup: set[int], in_talon: set[int],
                 found: Sequence[int] | None = None) -> bool:
    """Whether a card laid from the talon could take a card at once (standard Klondike).

    ``found`` (worrying back only): the foundations, whose top cards may come
    back onto it.
    """
    rank = c % 13
    if rank == 0:
        return False
    for s in OPP[c // 13]:
        child = s * 13 + rank - 1
        if child in faceup or (child in in_talon
                               and talon_useful(child, faceup, in_talon, found)):
            return True
        if found is not None and found[s] == rank:
            return True
    return False


def partial_useful(state: State, i: int, k: int, j: int, ends: dict[int, int],
                    empty: int, within: Sequence[int], mode: int, worry: bool = False) -> bool:
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
    column with no face-down card only if emptying that column is allowed;
    with worrying back (``worry``), from the top of its foundation.
    """
    found, cols, talon, _, _ = state
    col = cols[i]
    x = col[k - 1]
    if found[x // 13] == x % 13:
        return True
    if worry:
        z = TWIN[col[k]]
        if found[z // 13] == z % 13 + 1:
            return True
    nd = col[0]
    for q in range(1 + nd, k):
        c = col[q]
        if c % 13 == 12:
            if nd and empty >= 0:
                return True
            continue
        for p in PARENTS[c]:
            d = ends.get(p)
            if d is not None and d != i and d != j:
                return True
    z = TWIN[col[k]]
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
    for t in within:
        if talon[t] == z:
            if mode != DRAW_ONE:
                return True
            faceup: set[int] = set()
            for other in cols:
                faceup.update(other[1 + other[0]:])
            return talon_useful(z, faceup, set(talon), found if worry else None)
    return False


def forced_moves(state: State) -> list[Macro]:
    """The moves of the card just turned onto a full second-pass waste (it must leave).

    The rule is the model's (:func:`~solitaire_widgets.games.klondike.model.goes_up`,
    :func:`~solitaire_widgets.games.klondike.model.fits`); a king goes into
    the first empty column only, the others being the same to the search.
    """
    found, cols, talon, pos, _ = state
    j = pos - 1
    c = talon[j]
    result: list[Macro] = []
    if goes_up(c, found[c // 13]):
        result.append((TAL_F, j, 0, 1))
    for i in range(7):
        col = cols[i]
        if len(col) > 1:
            if fits(c, col[-1]):
                result.append((TAL_T, j, i, 1))
        elif fits(c, EMPTY):
            result.append((TAL_T, j, i, 1))
            break
    return result
