"""What a press, a drag, a release, a double-click or a key means on a table.

Pure functions, no user-interface library: each takes the pointer's
:class:`PointerState`, the :class:`~solitaire_widgets.render.scene.Scene`
on screen, the game (read, never changed) and one event, and returns the new
state with at most one *intent* for the front end to carry out:

- :class:`Select`: cards picked up (highlight them);
- :class:`Clear`: the selection (and any hint) dropped;
- :class:`Play`: play this move (the engine says why if it is illegal);
- :class:`Drag`: draw the lifted cards moved by ``(dx, dy)``;
- :class:`Redraw`: draw the table as the state stands (a drag given up);
- :class:`Refuse`: nothing happens, and this is why, in a player's words;
- :class:`Focus`: the keyboard cursor moved to a pile;
- :class:`Action`: a game action asked from the keyboard (undo, redo, hint).

``None`` means the event is not the table's: a key the table does not use
should go on to the page. The same functions drive the ipycanvas widget and
a browser front end, so both answer the same gestures in the same way.

A click on a card then on its destination:

>>> from solitaire_widgets import new_game
>>> from solitaire_widgets.render.scene import layout
>>> game = new_game("klondike", seed=7)
>>> scene = layout("klondike", game.table, 760)
>>> state, intent = press(PointerState(), scene, game, *pile_point(scene, "t7"), now=0.0)
>>> intent
Select(pile='t7', count=1)
>>> state, intent = release(state, scene, *pile_point(scene, "t7"))
>>> state, intent = press(state, scene, game, *pile_point(scene, "t3"), now=1.0)
>>> intent
Play(move=Move.parse('t7>t3'))

The same from the keyboard (arrows choose a pile, Enter acts):

>>> state = PointerState(focus=("t7", 1))
>>> state, intent = key(state, scene, game, "Enter")
>>> intent
Select(pile='t7', count=1)
>>> state, intent = key(state, scene, game, "ArrowLeft")
>>> intent
Focus(pile='t6', count=1)
>>> key(state, scene, game, "Tab")[1] is None     # not the table's: the page gets it
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import TypeAlias

from .cards import card_words
from .game import Game
from .i18n import _
from .moves import Move
from .render.draw import CURSOR
from .render.scene import Scene

__all__ = [
    "DOUBLE_CLICK",
    "DRAG_START",
    "DRAG_FRAME",
    "TAP_REACH",
    "KEYS",
    "Press",
    "PointerState",
    "Select",
    "Clear",
    "Play",
    "Drag",
    "Redraw",
    "Refuse",
    "Focus",
    "Action",
    "Intent",
    "Outcome",
    "press",
    "move_to",
    "release",
    "leave",
    "key",
    "stock_move",
    "stock_choices",
    "to_foundation",
    "highlights",
    "pile_point",
    "hit",
]

#: Two presses on the same pile closer than this (seconds) are a double-click.
DOUBLE_CLICK = 0.45
#: The pointer must travel this far (pixels) with the button down to drag.
DRAG_START = 6.0
#: At most one drag frame per this many seconds.
DRAG_FRAME = 0.03
#: A press this near a card or a place (scene pixels), but on none, is on the
#: nearest: small cards (Quarrel's on a phone) take a fingertip's 44 pixels.
TAP_REACH = 12.0

#: The keys the table uses, and what each does (for help texts).
KEYS: dict[str, str] = {
    "ArrowLeft": "the previous pile",
    "ArrowRight": "the next pile",
    "ArrowUp": "one more card of the pile, else the pile above",
    "ArrowDown": "one card fewer, else the pile below",
    "Enter": "pick up the cards, or put the picked-up cards here",
    " ": "the same as Enter",
    "f": "send the pile's top card to its foundation",
    "Escape": "put the picked-up cards back (the cursor stays); then leave the table",
    "u": "undo",
    "r": "redo",
    "h": "hint",
}


@dataclass(frozen=True)
class Press:
    """The button is down on ``count`` cards of ``pile``, pressed at ``(x, y)``."""

    pile: str
    count: int
    x: float
    y: float


@dataclass(frozen=True)
class PointerState:
    """Everything the pointer and the keyboard remember between events.

    ``selected``: the picked-up cards ``(pile, count)``; ``press``: the
    button is down on them; ``dragging``: and they are being dragged;
    ``drag_drawn``: when the last drag frame was asked for; ``last_down``:
    the pile and time of the last press (for double-clicks); ``focus``: the
    keyboard cursor ``(pile, count)``, ``count`` cards from the top.
    """

    selected: tuple[str, int] | None = None
    press: Press | None = None
    dragging: bool = False
    drag_drawn: float = 0.0
    last_down: tuple[str, float] | None = None
    focus: tuple[str, int] | None = None


@dataclass(frozen=True)
class Select:
    """``count`` cards of ``pile`` are picked up."""

    pile: str
    count: int


@dataclass(frozen=True)
class Clear:
    """The picked-up cards (and any hint) are put back."""


@dataclass(frozen=True)
class Play:
    """Play ``move`` (if it is illegal, the engine's reason is shown)."""

    move: Move


@dataclass(frozen=True)
class Drag:
    """Draw the cards ``keys`` moved by ``(dx, dy)``; ``start``: the first frame."""

    keys: frozenset[str]
    dx: float
    dy: float
    start: bool = False


@dataclass(frozen=True)
class Redraw:
    """Draw the table as it stands (a drag was given up)."""


@dataclass(frozen=True)
class Refuse:
    """Nothing happens; ``reason`` says why."""

    reason: str


@dataclass(frozen=True)
class Focus:
    """The keyboard cursor is on ``count`` cards of ``pile`` (its top one if 1)."""

    pile: str
    count: int


@dataclass(frozen=True)
class Action:
    """A game action asked for: ``"undo"``, ``"redo"`` or ``"hint"``."""

    name: str


#: One thing for the front end to do.
Intent: TypeAlias = Select | Clear | Play | Drag | Redraw | Refuse | Focus | Action
#: What every event function returns: the new state and at most one intent.
Outcome: TypeAlias = tuple[PointerState, Intent | None]


def _finite(*values: float) -> bool:
    return all(isinstance(v, (int, float)) and math.isfinite(v) for v in values)


def _pick(game: Game, pile_id: str, index: int) -> int | None:
    """How many cards a press at ``index`` of a pile picks up (None: none)."""
    pile = game.table.piles.get(pile_id)
    if pile is None or not pile.cards:
        return None
    if index < 0 or index >= len(pile.cards):
        index = len(pile.cards) - 1
    if not pile.face_up(index):
        return None
    return len(pile.cards) - index


def stock_move(game: Game) -> Move | None:
    """What a click on the stock plays: the game's one legal action.

    With none legal, the game's first action (so the engine says why). When
    several are legal (Chain, stuck: lay the auxiliary row, or deal again),
    ``None``: the choice is the player's, never the stock's; see
    :func:`stock_choices`. ``None`` too for a game without actions.

    >>> from solitaire_widgets import new_game
    >>> stock_move(new_game("klondike", seed=7))
    Move.parse('turn')
    >>> stock_move(new_game("chain", seed=5)) is None     # aux or redeal: the player's choice
    True
    """
    choices = stock_choices(game)
    if len(choices) == 1:
        return choices[0]
    words = game.rules.actions
    return Move(words[0]) if words and not choices else None


def stock_choices(game: Game) -> list[Move]:
    """The game's actions that are legal now, in the game's order.

    >>> from solitaire_widgets import new_game
    >>> stock_choices(new_game("chain", seed=5))
    [Move.parse('aux'), Move.parse('redeal')]
    """
    legal = game.legal_moves()
    return [Move(word) for word in game.rules.actions if Move(word) in legal]


def _stock(game: Game) -> Intent | None:
    move = stock_move(game)
    if move is not None:
        return Play(move)
    choices = stock_choices(game)
    if len(choices) < 2:
        return None
    rules = game.rules
    named = [f"{rules.action_label(m.action)} ({m.action})" for m in choices]
    return Refuse(_("The stock does not choose for you: {choices}; use its button or type it")
                  .format(choices=_(" or ").join(named)))


def to_foundation(game: Game, pile_id: str) -> Play | Refuse:
    """Send the top card of ``pile_id`` to a foundation, or say why it cannot go.

    A face-down card is never named, and a game whose foundations are its
    series (``Rules.foundation_word``) says "series".

    >>> from solitaire_widgets import new_game
    >>> to_foundation(new_game("klondike", seed=7), "t1")
    Refuse(reason='the four of hearts cannot go to a foundation now')
    >>> to_foundation(new_game("quarrel", seed=3), "s")
    Refuse(reason='that card is face down: it cannot go to a series')
    """
    piles = game.table.piles
    for move in game.legal_moves():
        if (move.action == "move" and move.src == pile_id
                and piles[move.dst].kind == "foundation"):
            return Play(move)
    series = game.rules.foundation_word == "series"
    pile = piles.get(pile_id)
    if pile is None or pile.top is None:
        return Refuse(_("there is no card here to send to a series") if series
                      else _("there is no card here to send to a foundation"))
    if not pile.face_up(len(pile.cards) - 1):
        return Refuse(_("that card is face down: it cannot go to a series") if series
                      else _("that card is face down: it cannot go to a foundation"))
    card = card_words(pile.top)
    return Refuse((_("{card} cannot go to a series now") if series
                   else _("{card} cannot go to a foundation now")).format(card=card))


def _act_on(state: PointerState, game: Game, pile_id: str, index: int) -> Outcome:
    """A press (or Enter) on ``pile_id`` at card ``index``, no double-click."""
    if state.selected is not None:
        src, count = state.selected
        state = replace(state, selected=None, press=None)
        if src == pile_id:
            return state, Clear()
        return state, Play(Move("move", src, pile_id, count))
    kind = game.table.piles[pile_id].kind
    if kind == "stock":
        return replace(state, press=None), _stock(game)
    picked = _pick(game, pile_id, index)
    if picked is None:
        state = replace(state, press=None)
        if not game.table.piles[pile_id].cards:
            return state, Refuse(_("That place is empty: pick up a card first, "
                                   "then choose this place"))
        return state, Refuse(_("That card is face down"))
    return replace(state, selected=(pile_id, picked)), Select(pile_id, picked)


def press(state: PointerState, scene: Scene, game: Game, x: float, y: float,
          now: float) -> Outcome:
    """The button goes down at ``(x, y)`` (scene pixels) at time ``now`` (seconds).

    On a card: pick it up (with the cards on it), or put the picked-up cards
    there; twice quickly on a pile: send its top card to its foundation; on
    the stock: its action; off every pile: put the picked-up cards back.
    """
    if not _finite(x, y, now):
        return state, None
    found = hit(scene, x, y)
    last = state.last_down
    state = replace(state, last_down=None)
    if found is None:
        return replace(state, press=None, selected=None), Clear()
    pile_id, index = found
    if pile_id not in game.table.piles:
        return replace(state, press=None), None
    kind = game.table.piles[pile_id].kind
    if (last is not None and last[0] == pile_id and now - last[1] < DOUBLE_CLICK
            and kind != "stock"):
        return replace(state, press=None, selected=None), to_foundation(game, pile_id)
    state = replace(state, last_down=(pile_id, now))
    state, intent = _act_on(state, game, pile_id, index)
    if isinstance(intent, Select):
        state = replace(state, press=Press(intent.pile, intent.count, x, y))
    return state, intent


def hit(scene: Scene, x: float, y: float) -> tuple[str, int] | None:
    """The pile and card under ``(x, y)`` (see :meth:`Scene.hit`), else the card or
    place nearest it within :data:`TAP_REACH`: the top card of a pile's fan, the
    place of an empty pile.

    >>> from solitaire_widgets import new_game
    >>> from solitaire_widgets.render.scene import layout
    >>> scene = layout("klondike", new_game("klondike", seed=7).table, 760)
    >>> x, y, w, h = scene.pile_bounds("t1")
    >>> hit(scene, x - 5, y + 10), hit(scene, x - 40, y + 10)
    (('t1', 0), None)
    """
    found = scene.hit(x, y)
    if found is not None:
        return found
    best: tuple[float, str, int] | None = None
    boxes: list[tuple[float, float, float, float, str, int, float]] = [
        (s.x, s.y, s.w, s.h, s.pile, s.index, float(s.z)) for s in scene.sprites]
    tops: dict[str, tuple[float, float, float, float, str, int, float]] = {}
    for box in boxes:
        if box[4] not in tops or box[6] > tops[box[4]][6]:
            tops[box[4]] = box
    boxes += [(s.x, s.y, s.w, s.h, s.pile, tops[s.pile][5] if s.pile in tops else -1, -1.0)
              for s in scene.slots]
    for left, top, width, height, pile, index, _z in boxes:
        dx = max(left - x, 0.0, x - left - width)
        dy = max(top - y, 0.0, y - top - height)
        distance = math.hypot(dx, dy)
        if distance <= TAP_REACH and (best is None or distance < best[0]):
            best = (distance, pile, index)
    return None if best is None else (best[1], best[2])


def _lifted(scene: Scene, down: Press) -> frozenset[str]:
    return frozenset(s.key for s in scene.pile_sprites(down.pile)[-down.count:])


def move_to(state: PointerState, scene: Scene, x: float, y: float, now: float) -> Outcome:
    """The pointer moves to ``(x, y)`` at time ``now``: drag, once far enough.

    Frames come at most every :data:`DRAG_FRAME` seconds; points that are not
    finite numbers are ignored.
    """
    down = state.press
    if down is None or not _finite(x, y, now):
        return state, None
    dx, dy = x - down.x, y - down.y
    if not state.dragging:
        if abs(dx) + abs(dy) < DRAG_START:
            return state, None
        return (replace(state, dragging=True, drag_drawn=now),
                Drag(_lifted(scene, down), dx, dy, start=True))
    if now - state.drag_drawn >= DRAG_FRAME:
        return replace(state, drag_drawn=now), Drag(_lifted(scene, down), dx, dy)
    return state, None


def release(state: PointerState, scene: Scene, x: float, y: float) -> Outcome:
    """The button comes up at ``(x, y)``: a drag ends on a pile (play) or not (undo the drag)."""
    down, dragging = state.press, state.dragging
    state = replace(state, press=None, dragging=False)
    if down is None or not dragging:
        return state, None
    found = hit(scene, x, y) if _finite(x, y) else None
    if found is None or found[0] == down.pile:
        return state, Redraw()
    state = replace(state, last_down=None, selected=None)
    return state, Play(Move("move", down.pile, found[0], down.count))


def leave(state: PointerState) -> Outcome:
    """The pointer leaves the table: a drag is given up."""
    if state.dragging:
        return replace(state, press=None, dragging=False), Redraw()
    return state, None


def _pile_order(scene: Scene, game: Game) -> list[str]:
    """The piles the keyboard visits, those on the table only, in reading order:
    row by row from the top (piles whose tops lie within half a card of each
    other share a row), each row from the left; the first → lands on the
    first pile of the top row (Klondike's stock, not its first foundation).

    >>> from solitaire_widgets import new_game
    >>> from solitaire_widgets.render.scene import layout
    >>> game = new_game("klondike", seed=3)
    >>> _pile_order(layout(game, game.table, 760), game)[:3]
    ['s', 'w', 'fc']
    """
    placed = []
    for pile_id in game.table.piles:
        bounds = scene.pile_bounds(pile_id)
        if bounds is not None:
            placed.append((bounds[1], bounds[0], bounds[3], pile_id))
    placed.sort()
    card = min((h for _y, _x, h, _p in placed), default=0.0)   # the shortest: one card
    rows: list[list[tuple[float, float, float, str]]] = []
    for pile in placed:
        if rows and pile[0] - rows[-1][0][0] <= card / 2:
            rows[-1].append(pile)
        else:
            rows.append([pile])
    return [pile_id for row in rows for _y, _x, _h, pile_id in sorted(row, key=lambda p: p[1])]


def _row_neighbour(scene: Scene, order: list[str], pile: str, step: int) -> str | None:
    """The pile of the row above (``step`` -1) or below (1) nearest ``pile`` across, if any.

    A row is the piles whose tops are level; the nearest row up or down is
    taken, and in it the pile whose middle is nearest.
    """
    here = scene.pile_bounds(pile)
    if here is None:
        return None
    top, middle = here[1], here[0] + here[2] / 2
    others = [(p, b) for p in order if p != pile
              for b in [scene.pile_bounds(p)] if b is not None and (b[1] - top) * step > 1]
    if not others:
        return None
    row = min(abs(b[1] - top) for _p, b in others)
    near = [(p, b) for p, b in others if abs(abs(b[1] - top) - row) <= 1]
    return min(near, key=lambda pb: abs(pb[1][0] + pb[1][2] / 2 - middle))[0]


def key(state: PointerState, scene: Scene, game: Game, name: str) -> Outcome:
    """A key pressed on the table (``name`` as the browser's ``KeyboardEvent.key``).

    Left and right arrows move the cursor from pile to pile (every pile on
    the table, in the game's order); up and down take more or fewer of its
    face-up cards, and past the first or the last go to the row above or
    below, where the table has rows; Enter (or space) acts there as a click
    does; ``f`` sends its top card to a foundation; Escape puts the
    picked-up cards back and keeps the cursor where it is (with nothing
    picked up, it is the page's: it leaves the table); ``u``, ``r``, ``h``:
    undo, redo, hint (see :data:`KEYS`). Any other key is not the table's
    (``None``).
    """
    order = _pile_order(scene, game)
    if not order:
        return state, None
    focus = state.focus if state.focus is not None and state.focus[0] in order else None
    if name in ("ArrowLeft", "ArrowRight"):
        step = 1 if name == "ArrowRight" else -1
        if focus is None:
            return _focus_on(state, order[0] if step == 1 else order[-1])
        return _focus_on(state, order[(order.index(focus[0]) + step) % len(order)])
    if name == "Escape":
        if state.selected is None:
            return state, None
        return replace(state, selected=None), Clear()
    if name in ("u", "r", "h"):
        return state, Action({"u": "undo", "r": "redo", "h": "hint"}[name])
    if name not in ("ArrowUp", "ArrowDown", "Enter", " ", "f"):
        return state, None
    if focus is None:
        return _focus_on(state, order[0])
    pile_id, count = focus
    if name in ("ArrowUp", "ArrowDown"):
        up = name == "ArrowUp"
        pile = game.table.piles[pile_id]
        face_up = sum(1 for i in range(len(pile.cards)) if pile.face_up(i))
        if up and count < face_up or not up and count > 1:
            return _focus_on(state, pile_id, count + (1 if up else -1))
        neighbour = _row_neighbour(scene, order, pile_id, -1 if up else 1)
        return (state, Focus(pile_id, count)) if neighbour is None else _focus_on(state, neighbour)
    if name == "f":
        return replace(state, selected=None), to_foundation(game, pile_id)
    return _act_on(state, game, pile_id, len(game.table.piles[pile_id].cards) - count)


def _focus_on(state: PointerState, pile: str, count: int = 1) -> Outcome:
    """The keyboard cursor put on ``count`` cards of ``pile``."""
    return replace(state, focus=(pile, count)), Focus(pile, count)


def highlights(state: PointerState) -> frozenset[str]:
    """What to highlight: the picked-up cards (``"t3:2"``) and the keyboard cursor,
    marked apart (``solitaire_widgets.render.draw.CURSOR``, drawn otherwise).

    >>> sorted(highlights(PointerState(selected=("t3", 2), focus=("fh", 1))))
    ['cursor:fh:1', 't3:2']
    """
    marks = set()
    if state.selected is not None:
        marks.add(f"{state.selected[0]}:{state.selected[1]}")
    if state.focus is not None:
        marks.add(f"{CURSOR}{state.focus[0]}:{state.focus[1]}")
    return frozenset(marks)


def pile_point(scene: Scene, pile_id: str, count: int = 1) -> tuple[float, float]:
    """A point on the top card of a pile (or in its empty place), to click it;
    with ``count``, on the ``count``-th card from the top (a press there takes
    that many cards).

    >>> from solitaire_widgets import new_game
    >>> from solitaire_widgets.render.scene import layout
    >>> scene = layout("chain", new_game("chain", seed=5).table, 800)
    >>> scene.hit(*pile_point(scene, "l1"))[0]
    'l1'
    """
    sprites = scene.pile_sprites(pile_id)
    if sprites:
        card = sprites[-count]
        return card.x + card.w / 2, card.y + min(card.h / 2, 8)
    bounds = scene.pile_bounds(pile_id)
    if bounds is None:
        raise ValueError(f"pile {pile_id!r} is not on the table")
    x, y, width, height = bounds
    return x + width / 2, y + height / 2
