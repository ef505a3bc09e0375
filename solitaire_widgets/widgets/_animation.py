"""A step's events as animation segments, and the fallbacks shown without a kernel.

Pure helpers shared by both widgets (nothing here talks to a browser).

>>> from solitaire_widgets import new_game
>>> game = new_game("chain", seed=5)
>>> segments, final = step_segments("chain", game.start, game.opening, 400)
>>> len(segments) <= len(game.opening) and final.width == 400
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..game import Game
from ..render.scene import Scene, layout
from ..render.svg import scene_svg
from ..render.tween import tween
from ..table import Event, Table
from .canvas_backend import Segment

__all__ = ["Timing", "step_segments", "fallback_bundle", "sentence"]


def sentence(text: str) -> str:
    """The engine's words as a sentence: a capital first, a full stop last.

    >>> sentence("the hand is used up")
    'The hand is used up.'
    """
    text = text.strip()
    if not text:
        return ""
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


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


def step_segments(game: str, before: Table, events: Sequence[Event], width: float,
                  frames: int = 6, ms: int = 22, *,
                  keys_from: Scene | None = None) -> tuple[list[Segment], Scene]:
    """One :class:`Segment` per event (runs of fact changes are one), and the final scene.

    ``before`` is not changed; sprite keys carry over from ``keys_from`` (the
    scene on screen), so the two copies of a card keep their identities.
    """
    table = before.copy()
    previous = keys_from if keys_from is not None else layout(game, table, width)
    segments: list[Segment] = []
    index = 0
    while index < len(events):
        group = [events[index]]
        index += 1
        if group[0].kind == "set":
            while index < len(events) and events[index].kind == "set":
                group.append(events[index])
                index += 1
        for event in group:
            table.apply(event)
        scene = layout(game, table, width, keys_from=previous)
        if group[0].kind == "set":
            if scene != previous:
                segments.append(Segment(previous, scene, [], ms))
        else:
            segments.append(Segment(previous, scene, tween(previous, scene, frames + 1)[1:], ms))
        previous = scene
    return segments, previous


def fallback_bundle(game: Game, scene: Scene, title: str, width: float = 760,
                    frames: list[tuple[str, str]] | None = None) -> dict[str, Any]:
    """The kernel-free outputs: an HTML player of the game and an SVG of ``scene``.

    The player (:func:`~solitaire_widgets.render.player.game_player`) holds
    the deal and the last steps of a long game, or ``frames`` when given;
    the SVG is the table as it stands.

    >>> from solitaire_widgets import new_game
    >>> from solitaire_widgets.render import layout
    >>> game = new_game("chain", seed=1)
    >>> bundle = fallback_bundle(game, layout("chain", game.table, 300), "Chain")
    >>> sorted(bundle)
    ['image/svg+xml', 'text/html']
    """
    from ..render.player import PICTURE_NOTE, game_player, html_player

    return {
        "text/html": (game_player(game, title, width) if frames is None
                      else html_player(frames, title, note=PICTURE_NOTE)),
        "image/svg+xml": scene_svg(scene, title=title),
    }
