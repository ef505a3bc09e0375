"""The fallbacks both widgets show without a kernel, and their sentences.

Pure helpers (nothing here talks to a browser); the animation itself is
:func:`solitaire_widgets.render.tween.step_segments`.
"""

from __future__ import annotations

from typing import Any

from ..game import Game
from ..render.scene import Scene
from ..render.svg import scene_svg

__all__ = ["fallback_bundle", "sentence", "MAX_PLAYER_FRAMES"]

#: The HTML fallback of a long game keeps the deal and the last frames only.
MAX_PLAYER_FRAMES = 60


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


def _clip_frames(frames: list[tuple[str, str]]) -> list[tuple[str, str]]:
    if len(frames) <= MAX_PLAYER_FRAMES:
        return frames
    return [frames[0], *frames[len(frames) - MAX_PLAYER_FRAMES + 1:]]


def fallback_bundle(game: Game, scene: Scene, title: str, width: float = 760,
                    frames: list[tuple[str, str]] | None = None) -> dict[str, Any]:
    """The kernel-free outputs: an HTML player of the game and an SVG of ``scene``.

    The player holds the deal and each step (the last :data:`MAX_PLAYER_FRAMES`
    of a long game); the SVG is the table as it stands.

    >>> from solitaire_widgets import new_game
    >>> from solitaire_widgets.render import layout
    >>> game = new_game("chain", seed=1)
    >>> bundle = fallback_bundle(game, layout("chain", game.table, 300), "Chain")
    >>> sorted(bundle)
    ['image/svg+xml', 'text/html']
    """
    from ..render.player import game_frames, html_player

    if frames is None:
        frames = list(game_frames(game, width))
    frames = _clip_frames(frames)
    return {
        "text/html": html_player(frames, title),
        "image/svg+xml": scene_svg(scene, title=title),
    }
