"""How a :class:`~solitaire_widgets.game.Game` shows itself in a notebook, without a widget.

``Game._repr_svg_`` and ``Game._repr_html_`` call these (as python-chess's
``Board`` shows itself through ``chess.svg``).

>>> from solitaire_widgets import new_game
>>> game = new_game("chain", seed=5)
>>> repr_svg(game).startswith("<svg")
True
>>> "<figcaption" in repr_html(game)
True
"""

from __future__ import annotations

import hashlib
import itertools
from html import escape
from typing import TYPE_CHECKING

from .describe import describe_table
from .player import unique_ids
from .scene import layout
from .svg import scene_svg

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game

__all__ = ["repr_svg", "repr_html", "DISPLAY_WIDTH"]

#: The width of a game shown without a widget.
DISPLAY_WIDTH = 720.0

_NUMBERS = itertools.count(1)


def repr_svg(game: Game, width: float = DISPLAY_WIDTH) -> str:
    """The game's position as a standalone SVG, its words as the image's description.

    Its ids are its own (from its content and a running number), so several
    on one page never share one.

    >>> from solitaire_widgets import new_game
    >>> game = new_game("chain", seed=5)
    >>> def first_id(svg): return svg.split(' id="')[1].split('"')[0]
    >>> first_id(repr_svg(game)) != first_id(repr_svg(game))
    True
    """
    title = f"{game.rules.title}: {game.status}"
    svg = scene_svg(layout(game, game.table, width), title=title,
                    description=describe_table(game, game.table))
    digest = hashlib.sha1(svg.encode()).hexdigest()[:6]
    return unique_ids(svg, f"sw-g{digest}{next(_NUMBERS)}")


def repr_html(game: Game, width: float = DISPLAY_WIDTH) -> str:
    """The position as a figure: the SVG, the status beneath it, the piles in words hidden."""
    words = escape(describe_table(game, game.table), quote=False).replace("\n", "<br>")
    return (
        '<figure class="sw-game" style="margin:0">'
        + repr_svg(game, width)
        + f'<figcaption style="font-family:sans-serif">{escape(game.rules.title, quote=False)}'
        f" ({game.deal_name}, {len(game.history)} moves): {escape(game.status, quote=False)}"
        + '<details><summary>The table in words</summary><p>' + words + "</p></details>"
        + "</figcaption></figure>"
    )
