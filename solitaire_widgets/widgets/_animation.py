"""The fallbacks both widgets show without a kernel, and their sentences.

Pure helpers (nothing here talks to a browser); the animation itself is
:func:`solitaire_widgets.render.tween.step_segments`.
"""

from __future__ import annotations

from typing import Any

from ..game import Game
from ..render.describe import sentence
from ..render.scene import Scene
from ..render.svg import scene_svg

__all__ = ["fallback_bundle", "sentence"]


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
