"""The Klondike solver's search: depth first with a transposition table.

Every position reached is expanded at most once, and every pruning rule used
(:mod:`.moves`, :mod:`.dead_ends`) is sound, so a search that runs out of
moves proves the position lost. :func:`solve_position` plans the search for
each set of rules (restarts and a relaxation first, drawing three).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Final

from ....moves import Move
from .components import Components
from .config import DEFAULT, Config
from .dead_ends import hopeless
from .moves import auto, forced_moves, moves, settled, worry_uses
from .state import (
    COL_F,
    COL_T,
    DRAW_ONE,
    DRAW_THREE,
    FND_T,
    TAL_F,
    Macro,
    State,
    draw_of,
    finish,
    is_won,
    key,
    play,
    set_key,
)

__all__ = ["Search", "RelaxedChecks", "search", "engine_moves", "solve_position", "dominated",
           "talon_dominated"]


#: The first byte of the key of a position just after a card came back from a
#: foundation, with ``Config.worry_uses`` (no plain key starts with it: a key
#: starts with a count of face-down cards or of foundation cards).
USES: Final = 253


def shuffled(mvs: list[Macro], rng: random.Random) -> list[Macro]:
    """``mvs`` with the moves after the leading foundation moves in a random order."""
    head = 0
    while head < len(mvs) and mvs[head][0] in (COL_F, TAL_F):
        head += 1
    rest = mvs[head:]
    rng.shuffle(rest)
    return mvs[:head] + rest


def dominated(k: bytes, seen: set[bytes], off_cycle: set[bytes]) -> bool:
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


def talon_dominated(state: State, mode: int, order: dict[int, int],
                    proven: Callable[[bytes], bool],
                    keyof: Callable[[State, int], bytes]) -> bool:
    """Drawing one: whether a position proved lost can do all that ``state`` can.

    That position is ``state`` with a column's end card ``x`` back in the
    talon (at its place in the dealing order ``order``, so a card the talon
    never held is never put there): ``x`` lying on a face-up card, or a
    king alone in its column. Drawing one, every talon card can be brought
    up at any time, so the position with ``x`` in the talon plays every line
    of ``state``: each move that leaves ``x`` where it is is the same move
    there (a sequence moving with the card under ``x`` moves without it, and
    that card stays ready for it); ``x`` going up, or moving on with nothing
    on it, is taken from the talon instead; and the first card laid on ``x``
    is laid after ``x`` itself is laid from the talon where it lay. After
    that the two are the same position. So if that position is lost, so is
    ``state``. ``proven`` says whether a key is that of a position proved
    lost (:class:`~solitaire_widgets.games.klondike.solver.components.Components`: a
    position whose search is over and did not rest on one still searched).

    >>> from solitaire_widgets.games.klondike.solver.state import DRAW_ONE, set_key
    >>> cols = (bytes((1, 5, 25)), bytes((0, 22, 47))) + (bytes((0,)),) * 5
    >>> state = ((0, 0, 0, 0), cols, bytes((3,)), 0, 1)  # 9S on 10D; 4C in the talon
    >>> back = ((0, 0, 0, 0), (cols[0], bytes((0, 22))) + cols[2:], bytes((47, 3)), 0, 1)
    >>> order = {47: 0, 3: 1}  # 9S was dealt to the talon before 4C
    >>> talon_dominated(state, DRAW_ONE, order, {set_key(back, DRAW_ONE)}.__contains__, set_key)
    True
    >>> talon_dominated(state, DRAW_ONE, order, set().__contains__, set_key)
    False
    """
    found, cols, talon, _, pss = state
    for i in range(7):
        col = cols[i]
        n = len(col)
        if n < 2:
            continue
        x = col[-1]
        at = order.get(x)
        if at is None:
            continue
        if n - 1 - col[0] < 2 and not (n == 2 and x % 13 == 12):
            continue  # x lies on a face-down card, or is a non-king alone (never a talon card)
        j = 0
        while j < len(talon) and order[talon[j]] < at:
            j += 1
        back = cols[:i] + (col[:-1],) + cols[i + 1:]
        if proven(keyof((found, back, talon[:j] + bytes((x,)) + talon[j:], j, pss), mode)):
            return True
    return False


def shift(state: State, mv: Macro) -> bool:
    """Whether ``mv`` moves cards between columns and turns no face-down card up.

    >>> cols = (bytes((0, 25)), bytes((1, 3, 11))) + (bytes((0,)),) * 5
    >>> shift(((0, 0, 0, 0), cols, b"", 0, 1), (COL_T, 1, 0, 1))
    False
    >>> shift(((0, 0, 0, 0), cols, b"", 0, 1), (COL_T, 0, 2, 1))
    True
    """
    if mv[0] != COL_T:
        return False
    col = state[1][mv[1]]
    return not col[0] or len(col) - 1 - mv[3] > col[0]


class Search:
    """A depth-first search with a transposition table that can stop and go on later.

    :meth:`run` expands positions until the search ends or a budget runs
    out, and keeps its place (the path, the positions seen), so the next
    call goes on from there: a search given its nodes in slices expands
    exactly the positions it would expand in one go. That lets
    :func:`solve_position` share a budget between searches, each a slice at a
    time, and stop all of them as soon as one decides.

    ``status`` is ``"won"`` (``line`` holds the macros), ``"lost"`` (the search
    ended without a win) or ``"unresolved"`` (it may go on); ``nodes`` counts the
    positions expanded. See :func:`search` for ``eager`` and ``shuffle``.
    ``lost`` holds the keys of positions proved lost already (by other
    searches): they are passed over like dead ends. ``relaxed`` (drawing
    three) asks of every position expanded whether it is lost drawing one,
    and passes over those that are (see :class:`RelaxedChecks`).

    >>> from solitaire_widgets.games.klondike.solver.state import DRAW_ONE, from_table
    >>> from solitaire_widgets import new_game
    >>> root = auto(from_table(new_game("klondike", seed=2, variant="standard").table)[0],
    ...             DRAW_ONE)
    >>> walk = Search(root, moves(root, DRAW_ONE), DRAW_ONE)
    >>> walk.run(5, None), walk.nodes
    ('unresolved', 5)
    >>> walk.run(100_000, None), walk.nodes < 100_000
    ('won', True)
    """

    def __init__(self, root: State, root_moves: list[Macro], mode: int, eager: bool = False,
                 shuffle: random.Random | None = None, config: Config = DEFAULT,
                 lost: set[bytes] | None = None, relaxed: RelaxedChecks | None = None) -> None:
        if shuffle is not None:
            root_moves = shuffled(root_moves, shuffle)
        self.mode = mode
        self.eager = eager
        self.shuffle = shuffle
        self.config = config
        self.key = set_key if config.merge_layouts else key
        self.seen = {self.key(root, mode)}
        # Draw three: the columns and talons seen with the waste split off the
        # cycle (see :func:`dominated`).
        self.off_cycle: set[bytes] = set()
        # Drawing one, with Config.talon_dominance: skip a position that one
        # proved lost can outdo (see :func:`talon_dominated`); which positions
        # are proved lost, the components tell.
        self.order: dict[int, int] | None = None
        self.components: Components | None = None
        if mode == DRAW_ONE and config.talon_dominance:
            self.order = {c: j for j, c in enumerate(root[2])}
            self.components = Components(self.key(root, mode))
        # Positions proved lost already (by other searches), skipped like dead ends.
        self.lost = lost
        # Drawing three: positions proved lost drawing one are passed over
        # (see RelaxedChecks).
        self.relaxed = relaxed
        self.states = [root]
        # Worrying back, with Config.worry_uses: for each position on the path,
        # the cards brought back from the foundations by the moves that led to
        # it since the last other move (see worry_uses).
        self.runs: list[tuple[int, ...]] = [()]
        self.stack = [root_moves]
        self.index = [0]
        self.nodes = 1
        self.status = "unresolved"
        self.line: list[Macro] = []

    def run(self, max_nodes: int, deadline: float | None,
            clock: Callable[[], float] = time.monotonic) -> str:
        """Go on until the search ends, ``nodes`` reaches ``max_nodes`` or the deadline passes."""
        if self.status != "unresolved":
            return self.status
        if self.nodes >= max_nodes:
            return "unresolved"
        mode = self.mode
        eager = self.eager
        shuffle = self.shuffle
        config = self.config
        seen = self.seen
        off_cycle = self.off_cycle
        three = mode == DRAW_THREE and config.splits
        states = self.states
        runs = self.runs
        stack = self.stack
        index = self.index
        nodes = self.nodes
        check = config.dead_end_check
        shifts = config.shift_checks
        # Below the root every position is played out already (the root may
        # not be: a forced one is not), so a child often needs no look.
        quick = config.quick_auto and not eager
        plus = config.safe_plus
        worry = config.worrying_back
        back = worry and config.back_ups
        keep = config.kept_up
        uses = worry and config.worry_uses
        keyof = self.key
        order = self.order
        components = self.components
        lost = self.lost
        relaxed = self.relaxed

        def proven(k: bytes) -> bool:
            return ((k in seen and not (components is not None and components.is_open(k)))
                    or (lost is not None and k in lost))

        try:
            while stack:
                mvs = stack[-1]
                i = index[-1]
                if i >= len(mvs):
                    stack.pop()
                    index.pop()
                    states.pop()
                    runs.pop()
                    if components is not None:
                        components.leave()
                    continue
                index[-1] = i + 1
                mv = mvs[i]
                child = play(states[-1], mv)
                # Just after a card came back from a foundation the parent is not
                # played out (see auto): look at the whole child then.
                if not (quick and len(states) > 1
                        and not (back and stack[-2][index[-2] - 1][-4] == FND_T)
                        and settled(child, mv, mode, plus, worry, back, keep)):
                    child = auto(child, mode, None, eager, config, mv[-4] != FND_T)
                if is_won(child, mode):
                    self.line = [stack[d][index[d] - 1] for d in range(len(stack))]
                    self.status = "won"
                    return "won"
                k = keyof(child, mode)
                # Right after cards came back from the foundations, with
                # Config.worry_uses: only the moves that use one of them are
                # tried (see worry_uses), so the position is one of its own
                # to the table, told by the cards.
                # A position searched whole already does all that one searched
                # for its run's uses can: that one is skipped.
                run: tuple[int, ...] = ()
                if uses and mv[-4] == FND_T:
                    if k in seen:
                        if components is not None:
                            components.meet(k)
                        continue
                    s = mv[-3]
                    run = (runs[-1] if mv[0] == FND_T else ()) + (s * 13 + child[0][s],)
                    k = bytes((USES, len(run))) + bytes(sorted(run)) + k
                restricted = bool(run)
                if k in seen:
                    if components is not None:
                        components.meet(k)
                    continue
                if lost is not None and k in lost:
                    continue
                if three and not restricted and dominated(k, seen, off_cycle):
                    continue
                seen.add(k)
                if three and not restricted and k[-1] != 255:
                    off_cycle.add(k[:-1])
                nodes += 1
                if order is not None and talon_dominated(child, mode, order, proven, keyof):
                    # Lost: seen, and never entered into the components.
                    if nodes >= max_nodes:
                        return "unresolved"
                    if deadline is not None and not nodes & 63 and clock() > deadline:
                        return "unresolved"
                    continue
                if check and (shifts or not shift(states[-1], mv)) and hopeless(child, mode,
                                                                                 config):
                    if nodes >= max_nodes:
                        return "unresolved"
                    if deadline is not None and not nodes & 63 and clock() > deadline:
                        return "unresolved"
                    continue
                if relaxed is not None:
                    before = relaxed.used
                    gone = relaxed.lost(child, max_nodes - nodes)
                    nodes += relaxed.used - before
                    if gone:
                        if nodes >= max_nodes:
                            return "unresolved"
                        if deadline is not None and clock() > deadline:
                            return "unresolved"
                        continue
                child_moves = moves(child, mode, config)
                if restricted:
                    child_moves = worry_uses(child, child_moves, run)
                if shuffle is not None:
                    child_moves = shuffled(child_moves, shuffle)
                if child_moves:
                    states.append(child)
                    runs.append(run)
                    stack.append(child_moves)
                    index.append(0)
                    if components is not None:
                        components.enter(k)
                if nodes >= max_nodes:
                    return "unresolved"
                # The clock is read every 64 positions, and after every check
                # drawing one (each may take many).
                if (deadline is not None and (relaxed is not None or not nodes & 63)
                        and clock() > deadline):
                    return "unresolved"
            self.status = "lost"
            self.seen = set()  # the search is over: let the memory go
            self.off_cycle = set()
            self.components = None
            return "lost"
        finally:
            self.nodes = nodes


class RelaxedChecks:
    """Which positions are lost drawing one: a short draw-one search for each, remembered.

    Drawing three a search can ask this of every position it expands
    (``Config.checked_share``): every draw-three line is a draw-one line (and
    so is every Polish line, though the solver does not ask there), so a
    position lost drawing one is lost drawing three too, with everything
    below it, and is passed over like a dead end. Each check is the solver's
    own draw-one search, of at most ``budget`` positions
    (``Config.relaxed_checks``), which count towards the asking search's. One
    that ends without a win has proved every position it has seen lost (the
    transposition table's argument): those are remembered (``lost_keys``),
    and later checks pass them over too. A position found won drawing one,
    with every position of the win found, or not decided within the whole
    budget, is remembered as not proved lost (``unproved``) and not asked
    about again.

    >>> from solitaire_widgets import new_game
    >>> from solitaire_widgets.games.klondike.solver.state import from_table
    >>> checks = RelaxedChecks(DEFAULT)
    >>> position = from_table(new_game("klondike", seed=24, variant="draw-three").table)[0]
    >>> checks.lost(position, 1_000), checks.lost(position, 1_000), checks.used > 0
    (True, True, True)
    """

    def __init__(self, config: Config) -> None:
        self.config = config
        self.budget = config.relaxed_checks
        self.keyof = set_key if config.merge_layouts else key
        self.lost_keys: set[bytes] = set()
        self.unproved: set[bytes] = set()
        self.used = 0

    def lost(self, state: State, room: int) -> bool:
        """Whether ``state`` is proved lost drawing one, with at most ``room`` positions spent."""
        config = self.config
        keyof = self.keyof
        relaxed = auto(state, DRAW_ONE, config=config)
        if is_won(relaxed, DRAW_ONE):
            return False
        k = keyof(relaxed, DRAW_ONE)
        if k in self.lost_keys:
            return True
        if k in self.unproved or room <= 0:
            return False
        allowed = min(self.budget, room)
        walk = Search(relaxed, moves(relaxed, DRAW_ONE, config), DRAW_ONE, config=config,
                      lost=self.lost_keys)
        seen = walk.seen  # kept: a search that ends lets its own reference go
        status = walk.run(allowed, None)
        self.used += walk.nodes
        if status == "lost":
            self.lost_keys |= seen
            return True
        if status == "won":
            self.unproved.add(k)
            for mv in walk.line:
                relaxed = auto(play(relaxed, mv), DRAW_ONE, config=config,
                               back_ups=mv[-4] != FND_T)
                self.unproved.add(keyof(relaxed, DRAW_ONE))
        elif allowed == self.budget:
            self.unproved.add(k)
        return False


def search(root: State, root_moves: list[Macro], mode: int, max_nodes: int,
           deadline: float | None,
           clock: Callable[[], float] = time.monotonic,
           eager: bool = False,
           shuffle: random.Random | None = None,
           config: Config = DEFAULT) -> tuple[str, list[Macro], int]:
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
    walk = Search(root, root_moves, mode, eager, shuffle, config)
    status = walk.run(max_nodes, deadline, clock)
    return status, walk.line, walk.nodes


def engine_moves(root: State, forced: bool, macros: list[Macro], mode: int,
                 eager: bool = False, config: Config = DEFAULT) -> list[Move]:
    """The engine moves of a winning line found by :func:`search`, auto moves included.

    ``eager`` must be what the search was given (the same automatic moves).
    """
    rec: list[Move] = []
    draw = draw_of(mode)
    state = root if forced else auto(root, mode, rec, eager, config)
    for mv in macros:
        state = auto(play(state, mv, rec, draw), mode, rec, eager, config, mv[-4] != FND_T)
    finish(state, mode, rec)
    return rec


def solve_position(root: State, forced: bool, mode: int, max_nodes: int,
                   deadline: float | None,
                   clock: Callable[[], float] = time.monotonic,
                   config: Config = DEFAULT) -> tuple[str, list[Move], int]:
    """Solve from ``root`` (not auto-played): ``(status, engine moves, nodes)``.

    Up to four searches share the budget, each sound for what it answers:

    1. restarts: short searches, each trying the moves of every position
       (after its foundation moves) in a different random order drawn from
       its number, so the answer is the same every time. The time a search
       takes to find a win depends a great deal on the order it tries moves
       in (a first move into a huge lost part of the tree can hide a win a
       few dozen positions deep in another), so many short searches find
       most wins far sooner than one long one. A win found is a win; a
       search that ends without a win in its allowance proves a loss.
       Drawing three, every other restart is eager (:func:`search`), which
       finds many wins sooner still and proves nothing when it ends;
    2. the relaxation (draw three and the Polish rules): the same position
       drawing one. Every draw-three line is a draw-one line (a turn of
       three is three turns of one, and everything else is the same move),
       and so is every Polish line (two passes and a waste of three only
       forbid), so a position lost drawing one is lost under both. A win
       drawing one proves nothing, and that search stops;
    3. the full search, in the usual order;
    4. drawing three, once the others together have expanded
       ``Config.checked_after`` positions: a second full search that asks of every position it expands whether it is lost
       drawing one (:class:`RelaxedChecks`), and passes over those that are,
       with all below them. The checks cost positions of their own, so it
       starts late and from then on shares the full search's part of the
       budget (``Config.checked_share``): deals decided before it starts
       are searched exactly as without it. On
       33 draw-three deals the other searches together leave unresolved with
       1,000,000 positions, it alone decided 6 with 400,000 (three of them won:
       passing over lost parts of the tree reaches a win sooner).

    With ``Config.interleave`` they take turns, a slice of positions at a
    time (:class:`Search` goes on where it stopped, so slicing wastes
    nothing): the next slice goes to the search that has used the smallest
    part of its share of the nodes so far (``restart_share``,
    ``relax_share``, the rest for the full search, of which the checked
    search takes ``checked_share`` once it starts), and the first to decide
    (a win, or a loss proved) answers for all. A deal that only the
    relaxation can prove lost is so proved after about ``1 / relax_share``
    times the positions that proof needs, and a deal the full search
    decides quickly spends little on the others. The restarts stop after
    ``restart_share`` of the budget. Without ``interleave`` they run one
    after the other, each with its share (the checked search, last, with the
    rest).

    Drawing one there is no relaxation (it is the relaxation), and there are
    restarts with ``Config.restarts_drawing_one``: of 25 draw-one
    deals the full search left unresolved with 100,000 positions, restarts
    alone won 7 within the same budget, 4 of them in fewer than 100
    positions. Under the Polish rules there are none: they were measured to
    resolve no more deals for the same budget.

    Blake and Gent's study of these games found the same kind of split
    useful (streamliners first, then the full search; and deals lost drawing
    three shown lost drawing one).
    """
    budget = max(1, max_nodes)
    if forced:
        search_root = root
        root_moves = forced_moves(root)
    else:
        search_root = auto(root, mode, config=config)
        if is_won(search_root, mode):
            return "won", engine_moves(root, forced, [], mode, config=config), 1
        if config.dead_end_check and hopeless(search_root, mode, config):
            return "lost", [], 1
        root_moves = moves(search_root, mode, config)
    used = 0
    lanes: list[_Lane] = []
    if ((mode == DRAW_THREE or (mode == DRAW_ONE and config.restarts_drawing_one))
            and not forced and config.restart_share > 0):
        restarts = _Restarts(root, search_root, mode, budget, config)
        if restarts.status != "unresolved":
            return restarts.answer()
        lanes.append(restarts)
    if mode != DRAW_ONE and not forced and config.relax_share > 0:
        relaxed = _Relaxed(root, config)
        if relaxed.status == "lost":
            return "lost", [], 1
        if relaxed.status == "unresolved":
            lanes.append(relaxed)
    rest = max(0.05, 1.0 - sum(lane.share for lane in lanes))
    full = _Full(search_root, root_moves, mode, root, forced, config)
    full.share = rest
    lanes.append(full)
    checked: _Full | None = None
    if mode == DRAW_THREE and config.checked_share > 0:
        checked = _Full(search_root, root_moves, mode, root, forced, config,
                        RelaxedChecks(config))
        checked.share = rest * min(config.checked_share, 0.95)
        checked.after = config.checked_after
        lanes.append(checked)
    if not config.interleave:
        if checked is not None:  # after the full search, with its part of the budget
            full.share = rest - checked.share
        return _one_after_another(lanes, budget, deadline, clock)
    while True:
        used = sum(lane.used for lane in lanes)
        if checked is not None and full.share == rest and used >= checked.after:
            # The checked search starts: it takes its part of the full search's
            # share from now on, level with the full search.
            full.share = rest - checked.share
            checked.credit = full.used * checked.share / full.share
        active = [lane for lane in lanes if lane.status == "unresolved" and lane.after <= used]
        if used >= budget or not active:
            return "unresolved", [], used
        lane = min(active, key=lambda ln: (ln.used + ln.credit) / ln.share)
        piece = max(_SLICE, used // 8)
        lane.step(min(piece, budget - used), deadline, clock)
        if lane.status in ("won", "lost"):
            status, line, _ = lane.answer()
            return status, line, sum(ln.used for ln in lanes)
        if deadline is not None and clock() > deadline:
            return "unresolved", [], sum(ln.used for ln in lanes)


#: The fewest positions a search is given at a time when searches take turns.
_SLICE: Final = 1_000


class _Lane:
    """One of the searches :func:`solve_position` shares its budget between."""

    share = 1.0
    used = 0
    status = "unresolved"
    #: Takes turns only once the searches together have used this many positions.
    after = 0
    #: Positions counted as used when the turns are shared out (a late starter's head start).
    credit = 0.0

    def step(self, nodes: int, deadline: float | None, clock: Callable[[], float]) -> None:
        """Go on for about ``nodes`` more positions; set ``status`` when decided or done."""
        raise NotImplementedError

    def answer(self) -> tuple[str, list[Move], int]:
        """The deal's answer once ``status`` is ``"won"`` or ``"lost"``."""
        return self.status, [], self.used


class _Full(_Lane):
    """The full search (step 3 of :func:`solve_position`), or with ``relaxed`` step 4."""

    def __init__(self, start: State, start_moves: list[Macro], mode: int, root: State,
                 forced: bool, config: Config, relaxed: RelaxedChecks | None = None) -> None:
        self.walk = Search(start, start_moves, mode, config=config, relaxed=relaxed)
        self.root = root
        self.forced = forced
        self.mode = mode
        self.config = config

    def step(self, nodes: int, deadline: float | None, clock: Callable[[], float]) -> None:
        before = self.walk.nodes
        self.status = self.walk.run(before + nodes, deadline, clock)
        self.used += self.walk.nodes - before

    def answer(self) -> tuple[str, list[Move], int]:
        if self.status == "won":
            return "won", engine_moves(self.root, self.forced, self.walk.line, self.mode,
                                       config=self.config), self.used
        return self.status, [], self.used


class _Relaxed(_Lane):
    """The same position drawing one (step 2 of :func:`solve_position`): only a loss counts."""

    def __init__(self, root: State, config: Config) -> None:
        self.share = config.relax_share
        relaxed = auto(root, DRAW_ONE, config=config)
        self.walk: Search | None = None
        if is_won(relaxed, DRAW_ONE):
            self.status = "done"
        elif config.dead_end_check and hopeless(relaxed, DRAW_ONE, config):
            self.status = "lost"
        else:
            self.walk = Search(relaxed, moves(relaxed, DRAW_ONE, config), DRAW_ONE,
                               config=config)

    def step(self, nodes: int, deadline: float | None, clock: Callable[[], float]) -> None:
        assert self.walk is not None
        before = self.walk.nodes
        status = self.walk.run(before + nodes, deadline, clock)
        self.used += self.walk.nodes - before
        if status == "won":
            self.status = "done"  # won drawing one: that proves nothing here
            self.walk = None  # let its memory go
        else:
            self.status = status


class _Restarts(_Lane):
    """The restarts (step 1 of :func:`solve_position`); drawing three, every other one eager."""

    def __init__(self, root: State, search_root: State, mode: int, budget: int,
                 config: Config) -> None:
        self.share = config.restart_share
        self.root = root
        self.search_root = search_root
        self.mode = mode
        self.config = config
        three = mode == DRAW_THREE
        # Eagerness sends talon cards up only drawing three (see auto).
        self.eager_root = auto(root, mode, None, True, config) if three else search_root
        self.line: list[Macro] = []
        self.eager = False
        if three and is_won(self.eager_root, mode):
            self.status, self.eager = "won", True
            return
        self.eager_ok = three and not (config.dead_end_check
                                       and hopeless(self.eager_root, mode, config))
        self.plan = int(budget * config.restart_share)
        self.chunk = max(200, min(config.restart_nodes, self.plan // 10))
        self.number = 0
        self.walk: Search | None = None
        if self.chunk > self.plan:
            self.status = "done"

    def step(self, nodes: int, deadline: float | None, clock: Callable[[], float]) -> None:
        if self.walk is None:
            self.eager = self.eager_ok and self.number % 2 == 0
            start = self.eager_root if self.eager else self.search_root
            self.walk = Search(start, moves(start, self.mode, self.config), self.mode,
                               eager=self.eager, shuffle=random.Random(self.number),
                               config=self.config)
            self.number += 1
        walk = self.walk
        before = walk.nodes
        status = walk.run(min(self.chunk, before + nodes), deadline, clock)
        self.used += walk.nodes - before
        if status == "won":
            self.status, self.line = "won", walk.line
        elif status == "lost" and not self.eager:
            self.status = "lost"
        elif status == "lost" or walk.nodes >= self.chunk:
            self.walk = None  # this restart is over: the next one starts afresh
            if self.used + self.chunk > self.plan:
                self.status = "done"

    def answer(self) -> tuple[str, list[Move], int]:
        if self.status == "won":
            return "won", engine_moves(self.root, False, self.line, self.mode, self.eager,
                                       self.config), max(1, self.used)
        return self.status, [], self.used


def _one_after_another(lanes: list[_Lane], budget: int, deadline: float | None,
                       clock: Callable[[], float]) -> tuple[str, list[Move], int]:
    """The searches one after the other: each its share of the budget, the last the rest."""
    begin = clock()
    used = 0
    for n, lane in enumerate(lanes):
        last = n == len(lanes) - 1
        allowance = budget - used if last else int(budget * lane.share)
        until = deadline
        if deadline is not None and not last:
            until = min(deadline, clock() + lane.share * (deadline - begin))
        mark = lane.used
        while lane.status == "unresolved" and lane.used - mark < allowance:
            lane.step(allowance - (lane.used - mark), until, clock)
            if until is not None and clock() > until:
                break
        used += lane.used
        if lane.status in ("won", "lost"):
            status, line, _ = lane.answer()
            return status, line, used
        if deadline is not None and clock() > deadline:
            break
    return "unresolved", [], used
