"""Animation: a scene after each event, and the frames between two scenes.

The rules record every change as an event, so an animation needs no rules:
apply the events one by one to a copy of the table, lay out each position,
and ease the cards from one scene to the next. Sprite keys are carried from
scene to scene (see :func:`~solitaire_widgets.render.scene.layout`), so the
two copies of a card in a two-pack game keep their identities.

>>> from solitaire_widgets import new_game
>>> game = new_game("klondike", seed=1)
>>> before = game.table.copy()
>>> step = game.play(game.legal_moves()[0])
>>> frames = step_scenes("klondike", before, step.events, 480, frames_per_event=4)
>>> frames[-1] == layout("klondike", game.table, 480)
True
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, overload

from ..rules import Rules
from ..table import Event, Table
from .scene import Scene, Sprite, layout, match_sprites, rules_of, shown_key

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game

__all__ = ["event_scenes", "tween", "step_scenes", "step_segments", "step_plan", "Plan",
           "Segment", "Frames", "Timing", "MOVE_TIMING", "RUN_TIMING", "ease"]

# Cards in flight are drawn above every card at rest.
_FLYING = 1_000_000


def ease(t: float) -> float:
    """Ease in and out (a cubic): slow start, slow finish.

    >>> ease(0.0), ease(0.5), ease(1.0)
    (0.0, 0.5, 1.0)
    """
    if t <= 0.0:
        return 0.0
    if t >= 1.0:
        return 1.0
    return 4 * t ** 3 if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def event_scenes(game: Game | Rules | str, table_before: Table, events: Sequence[Event],
                 width: float = 800.0, *, keys_from: Scene | None = None) -> list[Scene]:
    """The scene after each event, applied in turn to a copy of ``table_before``.

    ``keys_from`` is the scene of ``table_before`` whose sprite keys to keep
    (it is laid out afresh when not given). ``table_before`` is not changed.

    >>> from solitaire_widgets import new_game
    >>> game = new_game("chain", seed=5)
    >>> scenes = event_scenes("chain", game.start, game.opening, 400)
    >>> len(scenes) == len(game.opening)
    True
    """
    rules = rules_of(game)
    table = table_before.copy()
    previous = keys_from if keys_from is not None else layout(rules, table, width)
    scenes = []
    for event in events:
        table.apply(event)
        previous = layout(rules, table, width, keys_from=previous)
        scenes.append(previous)
    return scenes


def _pairs(a: Scene, b: Scene) -> tuple[list[tuple[Sprite, Sprite]], list[Sprite], list[Sprite]]:
    """Matched sprites (by key, then by card), the ones that vanish and those that appear."""
    pairs = []
    rest_a = []
    matched_b: set[str] = set()
    for sprite in a.sprites:
        other = b.sprite(sprite.key)
        if other is not None and other.card == sprite.card:
            pairs.append((sprite, other))
            matched_b.add(other.key)
        else:
            rest_a.append(sprite)
    rest_b = [s for s in b.sprites if s.key not in matched_b]
    more = match_sprites(rest_a, rest_b)
    pairs.extend(more)
    gone = {id(x) for x, _ in more}
    came = {id(y) for _, y in more}
    return pairs, [s for s in rest_a if id(s) not in gone], [s for s in rest_b if id(s) not in came]


def _between(sa: Sprite, sb: Sprite, t: float) -> Sprite:
    e = ease(t)
    late = t >= 0.5
    x = sa.x + (sb.x - sa.x) * e
    y = sa.y + (sb.y - sa.y) * e
    w = sa.w + (sb.w - sa.w) * e
    h = sa.h + (sb.h - sa.h) * e
    face_up = sb.face_up if late else sa.face_up
    if sa.face_up != sb.face_up:
        # A flip: the card narrows to its edge and opens on its other side.
        squash = max(0.04, abs(1.0 - 2.0 * t))
        x += w * (1 - squash) / 2
        w *= squash
    moving = (sa.x, sa.y, sa.pile) != (sb.x, sb.y, sb.pile)
    z = sb.z + _FLYING if moving else (sb.z if late else sa.z)
    pile, index = (sb.pile, sb.index) if late else (sa.pile, sa.index)
    return Sprite(sb.key, sb.card, x, y, w, h, face_up, z, pile, index)


def tween(a: Scene, b: Scene, frames: int) -> list[Scene]:
    """``frames`` scenes from ``a`` to ``b`` inclusive, cards eased between them.

    Cards are matched by key (then by card, as in
    :func:`~solitaire_widgets.render.match_sprites`); a card whose face
    changes turns over, showing its new face from the midpoint; cards only
    in ``a`` vanish and cards only in ``b`` appear at the midpoint, as do
    ``b``'s slots and labels.

    >>> s = Scene(10, 10)
    >>> len(tween(s, s, 5)), tween(s, s, 1) == [s]
    (5, True)
    """
    if frames <= 0:
        return []
    if frames == 1:
        return [b]
    pairs, gone, came = _pairs(a, b)
    out = [a]
    for i in range(1, frames - 1):
        t = i / (frames - 1)
        late = t >= 0.5
        sprites = [_between(sa, sb, t) for sa, sb in pairs]
        sprites.extend(came if late else gone)
        sprites.sort(key=lambda s: s.z)
        out.append(Scene(b.width if late else a.width, max(a.height, b.height), tuple(sprites),
                         b.slots if late else a.slots, b.labels if late else a.labels))
    out.append(b)
    return out


class Frames(Sequence[Scene]):
    """The in-between scenes of one event, eased from ``before`` to ``after``
    (the last is ``after``): :func:`tween`'s, worked out when first read.

    A table in a page eases the cards itself and reads only how many frames
    there are, so a move's answer does not pay for pictures nobody draws; the
    canvas widgets read every frame.

    >>> s = Scene(10, 10)
    >>> frames = Frames(s, s, 3)
    >>> len(frames), frames == (s, s, s), frames[-1] is s
    (3, True, True)
    """

    def __init__(self, before: Scene, after: Scene, count: int) -> None:
        self.before, self.after, self.length = before, after, max(0, count)
        self._scenes: tuple[Scene, ...] | None = None

    def _all(self) -> tuple[Scene, ...]:
        if self._scenes is None:
            self._scenes = tuple(tween(self.before, self.after, self.length + 1)[1:])
        return self._scenes

    def __len__(self) -> int:
        return self.length

    @overload
    def __getitem__(self, index: int) -> Scene: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Scene, ...]: ...

    def __getitem__(self, index: int | slice) -> Scene | tuple[Scene, ...]:
        return self._all()[index]

    def __iter__(self) -> Iterator[Scene]:
        return iter(self._all())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Frames) and (other.before, other.after, other.length) == (
                self.before, self.after, self.length):
            return True
        return isinstance(other, Sequence) and tuple(self) == tuple(other)

    def __hash__(self) -> int:
        return hash(self._all())

    def __repr__(self) -> str:
        return f"Frames({self.length} scenes)"


def _groups(events: Sequence[Event]) -> list[list[Event]]:
    groups: list[list[Event]] = []
    for event in events:
        if event.kind == "set" and groups and all(e.kind == "set" for e in groups[-1]):
            groups[-1].append(event)
        else:
            groups.append([event])
    return groups


@dataclass(frozen=True)
class Segment:
    """One event's animation: the scene before, the scene after, the frames between.

    ``frames`` are the in-between scenes (the last equals ``after``; none for
    a change of facts only, drawn at once; :class:`Frames` when made by
    :func:`step_segments`, computed when first read); ``ms`` the pause after
    each frame.
    """

    before: Scene
    after: Scene
    frames: Sequence[Scene] = ()
    ms: int = 20


@dataclass(frozen=True)
class Timing:
    """How an event is eased: ``frames`` in-between pictures ``ms`` apart.

    The opening deal runs faster than a move (each card of the deal is an event).

    >>> Timing().scaled(2.0).ms
    11
    """

    frames: int = 6
    ms: int = 22
    deal_frames: int = 3
    deal_ms: int = 16

    def scaled(self, speed: float) -> Timing:
        """The same timing ``speed`` times as fast (``speed`` > 0)."""
        speed = max(0.05, float(speed))
        return Timing(self.frames, max(1, round(self.ms / speed)), self.deal_frames,
                      max(1, round(self.deal_ms / speed)))


#: A move, a redo and the opening deal, as every table animates them.
MOVE_TIMING = Timing()
#: Auto-finish's pace: a move eased in 2 frames 16 ms apart, so a whole game
#: of Klondike takes a few seconds.
RUN_TIMING = Timing(frames=2, ms=16)


def _flights(segment: Segment) -> list[list[Any]]:
    """The cards that move or turn over in ``segment``, as the page reads them:
    ``[key, x0, y0, x1, y1, w]``, ``w`` the card's width when it turns over, else 0."""
    pairs, _gone, _came = _pairs(segment.before, segment.after)
    out: list[list[Any]] = []
    for a, b in pairs:
        if (a.x, a.y, a.face_up) != (b.x, b.y, b.face_up):
            out.append([shown_key(b), round(a.x, 2), round(a.y, 2), round(b.x, 2), round(b.y, 2),
                        round(b.w, 2) if a.face_up != b.face_up else 0])
    return out


@dataclass(frozen=True)
class Plan:
    """A step's animation, worked out once for every table that draws it.

    ``segments`` play one after another (see :class:`Segment`), then
    ``final`` stays on the table. The canvas widgets draw each segment's
    frames; the page draws :meth:`page_data`, the same segments as the cards
    that move in each, and eases them itself frame by frame.

    >>> from solitaire_widgets import new_game
    >>> game = new_game("klondike", seed=7)
    >>> before = game.table.copy()
    >>> plan = step_plan(game, before, game.play("turn").events, 720)
    >>> plan.final == layout(game, game.table, 720)
    True
    >>> [segment["frames"] for segment in plan.page_data()], plan.seconds
    ([6], 0.132)
    """

    segments: tuple[Segment, ...]
    final: Scene

    @property
    def seconds(self) -> float:
        """How long the browser takes to draw it."""
        return sum(len(segment.frames) * segment.ms for segment in self.segments) / 1000

    def page_data(self) -> list[dict[str, Any]]:
        """The plan as the page draws it (JSON-ready): per segment, ``frames`` of
        ``ms`` each and the ``cards`` that move or turn over in it (see
        :func:`_flights`); a segment of no frames is drawn at once. Segments in
        which no card moves and no time passes are left out."""
        out: list[dict[str, Any]] = []
        for segment in self.segments:
            cards = _flights(segment)
            if cards or segment.frames:
                out.append({"frames": len(segment.frames), "ms": segment.ms, "cards": cards})
        return out


def step_plan(game: Game | Rules | str, before: Table, events: Sequence[Event],
              width: float, timing: Timing = MOVE_TIMING, *, deal: bool = False,
              keys_from: Scene | None = None) -> Plan:
    """The :class:`Plan` of ``events`` played from ``before`` at ``width``.

    ``timing`` says how fast (its deal frames and pause with ``deal``, the
    opening deal); sprite keys carry over from ``keys_from``, the scene on
    screen (see :func:`step_segments`). A pure function of its arguments:
    every table that animates the step gets the same plan.
    """
    frames, ms = (timing.deal_frames, timing.deal_ms) if deal else (timing.frames, timing.ms)
    segments, final = step_segments(game, before, events, width, frames, ms, keys_from=keys_from)
    return Plan(tuple(segments), final)


def step_segments(game: Game | Rules | str, before: Table, events: Sequence[Event],
                  width: float, frames: int = 6, ms: int = 22, *,
                  keys_from: Scene | None = None) -> tuple[list[Segment], Scene]:
    """One :class:`Segment` per event (runs of fact changes are one), and the final scene.

    The segments of a :class:`Plan` (see :func:`step_plan`): the canvas
    widgets draw them, the page draws :meth:`Plan.page_data`, and
    :func:`step_scenes` flattens them into frames. ``before`` is not
    changed; sprite keys carry over from ``keys_from`` (the scene on screen),
    so the two copies of a card keep their identities. A run of ``set``
    events that changes nothing in view gives no segment.

    >>> from solitaire_widgets import new_game
    >>> game = new_game("chain", seed=5)
    >>> segments, final = step_segments(game, game.start, game.opening, 400)
    >>> len(segments) <= len(game.opening) and final.width == 400
    True
    """
    rules = rules_of(game)
    table = before.copy()
    previous = keys_from if keys_from is not None else layout(rules, table, width)
    segments: list[Segment] = []
    for group in _groups(events):
        for event in group:
            table.apply(event)
        scene = layout(rules, table, width, keys_from=previous)
        if group[0].kind == "set":
            if scene != previous:
                segments.append(Segment(previous, scene, (), ms))
        else:
            segments.append(Segment(previous, scene, Frames(previous, scene, frames), ms))
        previous = scene
    return segments, previous


def step_scenes(game: Game | Rules | str, table_before: Table, events: Sequence[Event],
                width: float = 800.0, frames_per_event: int = 6, *,
                keys_from: Scene | None = None) -> list[Scene]:
    """Every frame of a whole step: the position before, then each event eased in.

    The first scene is ``table_before``'s, the last the position after every
    event. Each event takes ``frames_per_event`` frames; a run of ``set``
    events (facts only) counts as one, and takes a single frame, or none when
    it changes nothing in view.

    >>> from solitaire_widgets import new_game
    >>> game = new_game("chain", seed=5)
    >>> frames = step_scenes("chain", game.start, game.opening, 400, frames_per_event=3)
    >>> frames[0] == layout("chain", game.start, 400)
    True
    """
    segments, first = step_segments(game, table_before, events, width, frames_per_event,
                                    keys_from=keys_from)
    out = [segments[0].before if segments else first]
    for segment in segments:
        out.extend(segment.frames or (segment.after,))
    return out
