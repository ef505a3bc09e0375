"""The sentences both widgets say.

Pure helpers (nothing here talks to a browser); the animation itself is
:func:`solitaire_widgets.render.tween.step_segments`.
"""

from __future__ import annotations

from ..render.describe import sentence

__all__ = ["sentence"]
