"""A position laid out on the table: where each card, slot and label goes.

:func:`layout` is a pure function of the game (its rules), the table and
the width: the game's own layout (``Rules.layout``, built with
:class:`~solitaire_widgets.layouts.PilePlacement`), or the generic one, makes
the :class:`Scene`: every card of the table becomes exactly one
:class:`Sprite` (stock included, face down), every pile gets a :class:`Slot`
outline under its cards, and a few :class:`Label` s say what the areas are.
The backends draw a scene through
:func:`~solitaire_widgets.render.draw.scene_shapes`.

>>> from solitaire_widgets import new_game
>>> game = new_game("chain", seed=5)
>>> scene = layout("chain", game.table, width=800)
>>> len(scene.sprites) == 52 and scene.width == 800
True
>>> slot = next(s for s in scene.slots if s.pile == "l1")
>>> scene.hit(slot.x + 5, slot.y + 5)
('l1', 0)
>>> layout("poker", game.table)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
solitaire_widgets.errors.OptionError: there is no game called 'poker'; the games are: ...
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ..errors import OptionError, excerpt
from ..i18n import _
from ..layouts import (
    READABLE_LABEL,
    Label,
    LayoutFunction,
    PilePlacement,
    Scene,
    Slot,
    Sprite,
    card_key,
    generic_layout,
    match_sprites,
    readable_width,
    shown_key,
    text_width,
)
from ..rules import Rules
from ..table import Table

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game

# The scene's words, from the layout vocabulary (solitaire_widgets.layouts),
# for the renderer's modules and its users.
__all__ = ["Sprite", "Slot", "Label", "Scene", "PilePlacement", "layout", "layout_function",
           "generic_layout", "match_sprites", "card_key", "shown_key", "rules_of",
           "READABLE_LABEL", "readable_width", "text_width"]


def rules_of(game: Game | Rules | str) -> Rules:
    """The rules a position is drawn and described by: a game's own (with its
    options), the rules given, or a game's name (its rules with the default options).

    >>> from solitaire_widgets import new_game
    >>> rules_of(new_game("klondike", variant="standard")).options["variant"]
    'standard'
    """
    from ..game import Game
    from ..registry import rules_for

    if isinstance(game, Game):
        return game.rules
    if isinstance(game, Rules):
        return game
    return rules_for(game)


def layout_function(rules: Rules) -> LayoutFunction:
    """The layout the game's rules carry (``Rules.layout``), or :func:`generic_layout`."""
    return rules.layout or generic_layout


def layout(game: Game | Rules | str, table: Table, width: float = 800.0, *,
           keys_from: Scene | None = None) -> Scene:
    """Lay out ``table`` as ``game`` (a :class:`~solitaire_widgets.Game`, its rules, or a game's name)
    sets its table, ``width`` pixels wide.

    Cards scale with the width; the height follows from the table (long
    columns, more rows). ``keys_from``, a scene of the position just before,
    carries its sprite keys over, so copies of one card keep their identity
    from one scene to the next (see :func:`match_sprites`).

    >>> from solitaire_widgets import new_game
    >>> scene = layout("klondike", new_game("klondike", seed=1).table, 360)
    >>> sum(s.face_up for s in scene.sprites), scene.width
    (7, 360.0)
    """
    builder = layout_function(rules_of(game))
    if not (isinstance(width, int | float) and math.isfinite(width) and width > 0):
        raise OptionError(_("the width of a table is a number of pixels above 0, not {value}")
                          .format(value=excerpt(width)))
    return builder(table, float(width)).scene(keys_from)
