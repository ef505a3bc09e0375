"""Dead ends: positions where some card can never reach its foundation.

:func:`hopeless` is a relaxed reckoning that only ever switches facts on, so
it is fast and sound: when it says a position is hopeless, no line from it
wins, and the search may stop there. What it relies on is said in its
docstring; tests check each part on small positions against brute force.

The same fixpoint is computed three ways: in rounds (the reference, and the
only one for the plainer reckonings), on a worklist, and on bit masks (the
one the solver plays with: in CPU time on 50,000 positions the search
meets, 1.7 times as fast as the worklist and the rounds under the Polish
rules, 1.5 times the rounds drawing three and 1.4 times drawing one). Tests
check the three agree on every position they try.
"""

from __future__ import annotations

from typing import Final

from ..model import WASTE_LIMIT
from .config import DEFAULT, Config
from .moves import kept_up
from .state import DRAW_ONE, DRAW_THREE, P0, P1, POLISH, State, reach

__all__ = ["hopeless"]

#: ``_UP_ROWS[n]``: one suit's cards, the ``n`` lowest marked (on the foundation).
_UP_ROWS: Final = tuple(b"\x01" * n + b"\x00" * (13 - n) for n in range(14))
#: The cards whose ``P0``/``P1`` is ``c`` (for 52, "an empty column": the kings).
_KIDS: Final = tuple(tuple(x for x in range(52) if P0[x] == c or P1[x] == c) for c in range(53))
#: Where a card lies, for :func:`_hopeless_worklist`: in the talon, or on a foundation.
_IN_TALON: Final = 7
_UP: Final = 8


def hopeless(state: State, mode: int = DRAW_ONE, config: Config = DEFAULT) -> bool:
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

    With ``Config.run_heads``, what lies on what is followed card by card
    instead: a card ``y`` in a column is uncovered (``free`` and ``avail``)
    only once the card ``x`` lying on it now leaves it, and ``x`` leaves ``y``
    only by moving at the head of the cards on it (onto an ``avail`` parent,
    or a king into an empty column) or by going up, which needs ``x``
    uncovered itself and ``up[x]``. A face-down ``x`` can only move once
    uncovered; a face-up ``x`` carries the cards on it. Moving with a run
    headed by a card under ``x`` does not take ``x`` off ``y``: the pair moves
    together and ``y`` stays covered. So rather than "a face-up card higher
    in a sequence may leave" (the plain reckoning, which lets the card under
    it count as uncovered when the whole sequence moves), the card under it
    is uncovered only if that card's own cover has a place or can go up. A
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

    With ``Config.strong_dead_ends`` off, a plainer reckoning is used: every talon card counts as ``avail`` and every king as able to leave
    (tests check the stronger one never changes an answer).

    Drawing three, and in the second (last) Polish pass (``mode``, with
    ``Config.strong_dead_ends``), a talon card is ``free`` only once it may come to the
    top of the waste: if it is within reach now (:func:`reach`: in the
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

    Under the Polish rules (both passes, with ``Config.strong_dead_ends``)
    the talon is reckoned with its own two rules instead. A card of the waste
    under its top comes up only once the card just after it may leave (it is
    taken from the top). A card of the stock comes up in the second pass
    only once enough cards before it may have left the talon: the waste
    never holds more than three cards, so when the card at talon index ``j``
    comes up, at most three cards before it are still in the talon, and at
    least ``j - 3`` have left. While the first pass lasts, every stock card
    may be turned up now, and after the redeal every card is in the stock,
    so the second rule then holds for every card (the talon keeps its order:
    cards only leave it). So a first pass that has buried too many cards in
    the waste, where too few of them can ever be played, is a dead end
    before the second pass begins.

    With worrying back (``Config.worrying_back``) a card on a foundation may
    come back to a column, where a card may be laid on it: a card on a
    foundation now is ``avail`` once it may come back, that is once it has a
    place (an ``avail`` parent, or for a king an empty column) and the card
    above it on its foundation, if any, is ``avail`` (it must have come back
    first, and ends a column when it does). Nothing else changes: a card
    brought back is a column card that may go up again (it is ``up``
    already, and stays so: the facts say what may *one day* be), and the
    cards it comes to lie on were uncovered before. With ``Config.kept_up``
    a card :func:`~solitaire_widgets.games.klondike.solver.moves.kept_up`
    keeps up never does: a winning line need never move one. Only the
    rounds compute this reckoning, and the bit masks (the worklist knows no
    such rule).
    """
    if config.strong_dead_ends and config.run_heads and config.bit_dead_ends:
        return _hopeless_bits(state, mode, config.worrying_back, config.kept_up)
    if config.worrying_back:
        return _hopeless_rounds(state, mode, config)
    if (mode == POLISH and config.strong_dead_ends and config.run_heads
            and config.worklist_dead_ends):
        # Measured on positions the search meets: the worklist is about 10%
        # faster under the Polish rules, as fast drawing three and 30% slower
        # drawing one (where the rounds settle in few scans).
        return _hopeless_worklist(state, mode)
    return _hopeless_rounds(state, mode, config)


def _hopeless_rounds(state: State, mode: int, config: Config) -> bool:
    """:func:`hopeless` computed in rounds: every rule tried on every card until none fires."""
    found, cols, talon, _, _ = state
    up = bytearray(_UP_ROWS[found[0]] + _UP_ROWS[found[1]] + _UP_ROWS[found[2]]
                   + _UP_ROWS[found[3]])
    free = bytearray(52)
    for c in talon:
        free[c] = 1
    strong = config.strong_dead_ends
    runs = config.run_heads
    # avail[52]: some column may one day be empty (the place of a king).
    avail = bytearray(53) if strong else bytearray(free) + b"\x01"
    worry = config.worrying_back
    kept = kept_up(found) if worry and config.kept_up else (0, 0, 0, 0)
    empty = not strong
    p0 = P0
    p1 = P1
    # Drawing three, or in the second Polish pass (a waste of three, no pass
    # after it): talon indices that may come up (rise) and leave (gone).
    limited = strong and bool(talon) and (mode == DRAW_THREE or mode == POLISH)
    polish = mode == POLISH
    # Polish rules: the first talon index the count of cards gone applies to
    # (every index while a second pass is still to come; else the stock's).
    counted = 0 if state[4] == 1 else state[3]
    rise = bytearray(len(talon))
    gone = bytearray(len(talon))
    if limited:
        for c in talon:
            free[c] = 0
        for j in reach(talon, state[3], state[4], mode):
            rise[j] = 1
            free[talon[j]] = 1
        if polish:
            for j in range(counted, min(len(talon), WASTE_LIMIT + 1)):
                rise[j] = 1
                free[talon[j]] = 1
        pending_talon = [talon[j] for j in range(len(talon)) if rise[j]]
    else:
        pending_talon = list(talon) if strong else []
    open_cols: list[int] = []
    qs = [0] * 7
    # The positions of each column not yet uncovered (run heads), top down.
    covered: list[list[int]] = [[]] * 7
    for i in range(7):
        col = cols[i]
        if len(col) == 1:
            empty = True
            avail[52] = 1
        else:
            open_cols.append(i)
            qs[i] = len(col) - 1
            if runs:
                covered[i] = list(range(len(col) - 2, 0, -1))
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
            if polish:
                n = len(talon)
                before = 0  # cards before index j that may leave the talon
                for j in range(n):
                    if not rise[j] and ((j + 1 < n and gone[j + 1])
                                        or (j >= counted and before >= j - WASTE_LIMIT)):
                        rise[j] = 1
                        c = talon[j]
                        free[c] = 1
                        pending_talon.append(c)
                        changed = True
                    before += gone[j]
            else:
                for j in range(len(talon)):
                    if not rise[j] and (j > first_gone
                                        or (j + 1 < len(talon) and gone[j + 1])):
                        rise[j] = 1
                        c = talon[j]
                        free[c] = 1
                        pending_talon.append(c)
                        changed = True
        if worry:
            # A card on a foundation may end a column once it may come back:
            # a place for it, and the card above it back first (or none above).
            for st in range(4):
                for r in range(found[st] - 1, kept[st] - 1, -1):
                    c = st * 13 + r
                    if avail[c]:
                        continue
                    if ((r == found[st] - 1 or avail[c + 1])
                            and (avail[p0[c]] or avail[p1[c]])):
                        avail[c] = 1
                        changed = True
                    else:
                        break
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
                todo = covered[i]
                if todo:
                    keep = []
                    for q in todo:
                        # Position q is uncovered when the card x lying on it leaves it
                        # (a king's "parents" stand for an empty column).
                        x = col[q + 1]
                        if avail[p0[x]] or avail[p1[x]]:
                            if q + 1 < low and not free[x]:
                                keep.append(q)
                                continue
                        elif not up[x]:
                            keep.append(q)
                            continue
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
                    covered[i] = todo = keep
                whole = not todo
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


def _hopeless_worklist(state: State, mode: int) -> bool:
    """:func:`hopeless` with the strong reckoning and run heads, driven by a worklist.

    The same rules as :func:`_hopeless_rounds` reach the same fixpoint (the
    least one: every fact switched on is switched on by some rule, and
    every rule that can fire does, whatever the order), but each rule is
    tried again only when a fact it reads has just switched on: a card is
    looked at again when it is uncovered or goes up, or when its parent (for
    a king, "an empty column") becomes a place to lay it. Rounds over every
    card cost a scan of the whole position per fact learned; this costs a
    few steps per fact.
    """
    found, cols, talon, pos, pss = state
    up = bytearray(_UP_ROWS[found[0]] + _UP_ROWS[found[1]] + _UP_ROWS[found[2]]
                   + _UP_ROWS[found[3]])
    n_up = found[0] + found[1] + found[2] + found[3]
    if n_up == 52:
        return False
    # Once every card off the foundations may come free, every one may go up
    # (suit by suit, rank by rank): the answer is known, stop there.
    n_free = n_up - 52
    free = bytearray(52)
    avail = bytearray(53)
    # where[c]: the column c lies in (0-6), _IN_TALON or _UP; at[c]: its
    # index in the column (1 is the bottom) or in the talon.
    where = bytearray(b"\x08" * 52)
    at = bytearray(52)
    # gone[c]: a column card has left the card under it (or, at the bottom,
    # its column); a talon card may leave the talon.
    gone = bytearray(52)
    lows = [0] * 7
    p0 = P0
    p1 = P1
    kids = _KIDS
    todo: list[int] = []
    push = todo.append
    for i in range(7):
        col = cols[i]
        n = len(col)
        if n == 1:
            avail[52] = 1
            continue
        low = lows[i] = 1 + col[0]
        for t in range(1, n):
            c = col[t]
            where[c] = i
            at[c] = t
            if t >= low:
                # A face-down card can do nothing until it is uncovered, and is
                # looked at then.
                push(c)
        c = col[-1]
        free[c] = avail[c] = 1
        n_free += 1
    n = len(talon)
    limited = bool(talon) and (mode == DRAW_THREE or mode == POLISH)
    polish = mode == POLISH
    # Polish rules: the first talon index the count of cards gone applies to.
    counted = 0 if pss == 1 else pos
    rise = bytearray(n)
    if limited:
        for j in reach(talon, pos, pss, mode):
            rise[j] = 1
        if polish:
            for j in range(counted, min(n, WASTE_LIMIT + 1)):
                rise[j] = 1
    else:
        rise = bytearray(b"\x01" * n)
    for j in range(n):
        c = talon[j]
        where[c] = _IN_TALON
        at[c] = j
        if rise[j]:
            free[c] = 1
            n_free += 1
        push(c)
    if not n_free:
        return False
    while todo:
        x = todo.pop()
        if free[x] and not up[x]:
            r = x % 13
            if r == 0 or up[x - 1]:
                # x may go up, and after it the cards above it that may come free.
                while True:
                    up[x] = 1
                    n_up += 1
                    push(x)
                    if r == 12 or not free[x + 1] or up[x + 1]:
                        break
                    x += 1
                    r += 1
                if n_up == 52:
                    return False
                continue  # x (and each card gone up) is looked at again from todo
        w = where[x]
        if w < 7:
            if gone[x]:
                continue
            t = at[x]
            if not up[x]:
                if not (avail[p0[x]] or avail[p1[x]]):
                    continue
                if t < lows[w] and not free[x]:
                    continue
                if t == 1 and x % 13 == 12:
                    continue  # a king at the bottom stays, unless it goes up
            gone[x] = 1
            if t == 1:
                if not avail[52]:
                    avail[52] = 1
                    todo.extend(kids[52])
            else:
                c = cols[w][t - 1]
                if not free[c]:
                    free[c] = avail[c] = 1
                    n_free += 1
                    if not n_free:
                        return False
                    push(c)
                    todo.extend(kids[c])
        elif w == _IN_TALON:
            j = at[x]
            if not rise[j]:
                continue
            placed = avail[p0[x]] or avail[p1[x]]
            if placed and not avail[x]:
                avail[x] = 1
                todo.extend(kids[x])
            if limited and not gone[x] and (placed or up[x]):
                gone[x] = 1
                # Cards may come up now that this one may leave the talon.
                if polish:
                    before = 0
                    for k in range(n):
                        if not rise[k] and ((k + 1 < n and gone[talon[k + 1]])
                                            or (k >= counted and before >= k - WASTE_LIMIT)):
                            rise[k] = 1
                            c = talon[k]
                            free[c] = 1
                            n_free += 1
                            push(c)
                        before += gone[talon[k]]
                else:
                    for k in range(n):
                        if not rise[k] and (k > j or (k + 1 < n and gone[talon[k + 1]])):
                            rise[k] = 1
                            c = talon[k]
                            free[c] = 1
                            n_free += 1
                            push(c)
        if not n_free:
            return False
    return True


#: Card ``c``'s bit in the masks of :func:`_hopeless_bits`: suit ``s`` takes bits
#: ``14 * s`` to ``14 * s + 12`` (rank order), bit ``14 * s + 13`` stays clear.
_BIT: Final = tuple(1 << (c + c // 13) for c in range(52))
_M13: Final = (1 << 13) - 1
#: Every card's bit; the aces' bits; the kings' bits.
_ALL: Final = _M13 | _M13 << 14 | _M13 << 28 | _M13 << 42
_ACES: Final = 1 | 1 << 14 | 1 << 28 | 1 << 42
_KINGS: Final = _ACES << 12
#: ``_FOUND[s][n]``: the ``n`` lowest cards of suit ``s``.
_FOUND: Final = tuple(tuple(((1 << n) - 1) << (14 * s) for n in range(14)) for s in range(4))
#: What a card leaving its place frees, in :func:`_hopeless_bits` (besides a
#: card ``0..51`` it lay on): the bottom of a column, or the talon (``_TALON + j``
#: for talon index ``j``).
_BOTTOM: Final = 52
_TALON: Final = 100
#: Caches of what :func:`_hopeless_bits` reads off a column, a talon and a
#: talon's reach (see :func:`_column`); emptied when they grow large.
_COLUMNS: Final[dict[bytes, tuple[dict[int, int], int, int, int]]] = {}
_TALONS: Final[dict[bytes, tuple[int, dict[int, int]]]] = {}
_RISE: Final[dict[tuple[int, int, int, int], int]] = {}
_CACHE_LIMIT: Final = 50_000


def _column(col: bytes) -> tuple[dict[int, int], int, int, int]:
    """What a column (not empty) holds for :func:`_hopeless_bits`, cached.

    The bit of each card mapped to the card it lies on (``_BOTTOM`` at the
    bottom); the mask of its face-up cards; the bit of its end card; the bit
    of its bottom card if that is a king (which leaves only by going up).
    """
    if len(_COLUMNS) >= _CACHE_LIMIT:
        _COLUMNS.clear()
    lies: dict[int, int] = {}
    prev = _BOTTOM
    faceup = 0
    low = 1 + col[0]
    for t in range(1, len(col)):
        c = col[t]
        b = c + c // 13
        lies[b] = prev
        prev = c
        if t >= low:
            faceup |= 1 << b
    king = _BIT[col[1]] if col[1] % 13 == 12 else 0
    seen = lies, faceup, _BIT[col[-1]], king
    _COLUMNS[col] = seen
    return seen


def _talon(talon: bytes) -> tuple[int, dict[int, int]]:
    """The mask of a talon's cards, and each card's bit mapped to ``_TALON`` + its index; cached."""
    if len(_TALONS) >= _CACHE_LIMIT:
        _TALONS.clear()
    mask = 0
    lies: dict[int, int] = {}
    for j, c in enumerate(talon):
        mask |= _BIT[c]
        lies[c + c // 13] = _TALON + j
    seen = mask, lies
    _TALONS[talon] = seen
    return seen


def _rise(n: int, pos: int, pss: int, mode: int) -> int:
    """The talon indices (as bits) that may come up at once, drawing three or Polish; cached.

    They depend only on the talon's length, the waste's, the pass and the mode.
    """
    rise = 0
    talon = bytes(n)  # reach reads only the length
    for j in reach(talon, pos, pss, mode):
        rise |= 1 << j
    if mode == POLISH:
        for j in range(0 if pss == 1 else pos, min(n, WASTE_LIMIT + 1)):
            rise |= 1 << j
    _RISE[(n, pos, pss, mode)] = rise
    return rise


def _hopeless_bits(state: State, mode: int, worry: bool = False, keep: bool = True) -> bool:
    """:func:`hopeless` with the strong reckoning and run heads, on bit masks.

    The same rules as :func:`_hopeless_rounds` (the reference it is tested
    against), so the same least fixpoint, kept as Python ints with a bit per
    card (``_BIT``). The rules that concern every card at once become a few
    operations on whole masks: the cards that may be laid somewhere
    (``placed``: a parent ``avail``, one rank higher in a suit of the other
    colour, is a shift of the ``avail`` mask; a king needs an empty column),
    and the cards that may go up (the lowest run of cards of each suit that
    are on the foundation or ``free``: one addition carries through it, the
    clear bit above each suit stopping the carry). A card may leave its
    place when it may go up, or may be laid somewhere and is face up in a
    column or ``free`` (a king at the bottom of a column only by going up);
    each card that newly may leave is looked at once, and frees the card it
    lies on (``free`` and ``avail``), empties its column, or (drawing three
    and under the Polish rules) leaves the talon, which lets later talon
    cards come up as in :func:`_hopeless_rounds`. Talon cards that have come
    up are ``avail`` once they may be laid somewhere. With worrying back
    (``worry``) so are the cards on the foundations once they may come back,
    as in :func:`_hopeless_rounds`, but (with ``keep``) those
    :func:`~solitaire_widgets.games.klondike.solver.moves.kept_up` keeps up.
    """
    found, cols, talon, pos, pss = state
    if found[0] + found[1] + found[2] + found[3] == 52:
        return False
    bit = _BIT
    on_found = (_FOUND[0][found[0]] | _FOUND[1][found[1]] | _FOUND[2][found[2]]
                | _FOUND[3][found[3]])
    located = _ALL ^ on_found
    # under[b]: what the card of bit b frees when it leaves (see _BOTTOM).
    under: dict[int, int] = {}
    faceup = free = stay = 0
    empty = False
    columns = _COLUMNS
    for col in cols:
        if len(col) == 1:
            empty = True
            continue
        seen = columns.get(col)
        if seen is None:
            seen = _column(col)
        lies, up_mask, top, king = seen
        under.update(lies)
        faceup |= up_mask
        free |= top
        stay |= king
    avail = free
    tops = on_found & ~(on_found >> 1)
    comes_back = on_found
    if worry and keep:
        kept = kept_up(found)
        comes_back &= ~(_FOUND[0][kept[0]] | _FOUND[1][kept[1]] | _FOUND[2][kept[2]]
                        | _FOUND[3][kept[3]])
    n = len(talon)
    limited = n > 0 and (mode == DRAW_THREE or mode == POLISH)
    polish = mode == POLISH
    counted = 0 if pss == 1 else pos
    gone = 0  # talon indices, as bits
    held = _TALONS.get(talon)
    if held is None:
        held = _talon(talon)
    tal = held[0]
    if limited:
        rise = _RISE.get((n, pos, pss, mode))
        if rise is None:
            rise = _rise(n, pos, pss, mode)
        under.update(held[1])
        for j in range(n):
            if rise >> j & 1:
                free |= bit[talon[j]]
    else:
        rise = 0
        free |= tal
        located &= ~tal  # drawing one, a talon card leaving frees nothing
    done = 0
    kings = _KINGS
    aces = _ACES
    full = _ALL
    m13 = _M13
    while True:
        red = ((avail >> 14) | (avail >> 28)) & m13
        black = (avail | (avail >> 42)) & m13
        bp = red >> 1
        rp = black >> 1
        placed = bp | bp << 42 | rp << 14 | rp << 28
        if empty:
            placed |= kings
        more = tal & free & placed & ~avail
        if worry:
            # A card on a foundation may come back once it has a place and the
            # card above it has come back (or it is the top one).
            more |= comes_back & placed & (tops | avail >> 1) & ~avail
        if more:
            avail |= more
            continue
        f = free | on_found
        up = f & ~(f + aces)
        if up == full:
            return False
        leave = ((placed & ~stay) | up) & (free | faceup) & located & ~done
        if not leave:
            return True
        done |= leave
        talon_moved = False
        while leave:
            low_bit = leave & -leave
            leave ^= low_bit
            x = under[low_bit.bit_length() - 1]
            if x < _BOTTOM:
                b = bit[x]
                free |= b
                avail |= b
                if b & placed & ~stay & located & ~done:
                    # The card uncovered may be laid somewhere already: it leaves
                    # in this round, not the next (measured: 4% less time per
                    # position searched under the Polish rules).
                    done |= b
                    leave |= b
            elif x == _BOTTOM:
                empty = True
            else:
                gone |= 1 << (x - _TALON)
                talon_moved = True
        if talon_moved:
            if polish:
                # Index j may come up once at most WASTE_LIMIT indices before
                # it have not left: every index up to the next one not left.
                rest = ~gone & ((1 << n) - 1)
                for _ in range(WASTE_LIMIT):
                    rest &= rest - 1
                below = (rest & -rest) << 1 if rest else 1 << n
                new = ((below - 1) & ~((1 << counted) - 1)) | gone >> 1
            else:
                first = (gone & -gone).bit_length() - 1
                new = (((1 << n) - 1) & ~((2 << first) - 1)) | gone >> 1
            new &= ~rise
            rise |= new
            while new:
                low_bit = new & -new
                new ^= low_bit
                free |= bit[talon[low_bit.bit_length() - 1]]
