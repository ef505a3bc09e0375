"""How a :class:`~solitaire_widgets.game.Game` shows itself in a notebook, without a widget.

``Game._repr_svg_``, ``Game._repr_png_`` and ``Game._repr_html_`` call these
(the package registers them, :func:`~solitaire_widgets.game.register_display`)
(as python-chess's ``Board`` shows itself through ``chess.svg``). The PNG is
for the viewers that show only images (GitHub's notebook view).

>>> from solitaire_widgets import new_game
>>> game = new_game("chain", seed=5)
>>> repr_svg(game).startswith("<svg")
True
>>> "<figcaption" in repr_html(game)
True
>>> repr_png(game)[:4]
b'\x89PNG'
"""

from __future__ import annotations

import base64
import hashlib
import itertools
from collections.abc import Collection
from functools import lru_cache
from html import escape
from typing import TYPE_CHECKING

from ..i18n import _, ngettext
from .in_words import describe_table
from .player import unique_ids
from .scene import Scene, layout, readable_width
from .svg import scene_svg

if TYPE_CHECKING:  # pragma: no cover
    from ..examples import Example
    from ..game import Game

__all__ = ["repr_svg", "repr_png", "repr_html", "still_html", "still_png", "png_still_html",
           "replay_still", "example_png", "DISPLAY_WIDTH",
           "PHONE_WIDTH"]

#: The width of a game shown without a widget.
DISPLAY_WIDTH = 720.0
#: The width of the picture a phone is shown before "Play here" (the live
#: table is then laid out at the width of its column).
PHONE_WIDTH = 320.0

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
    return _svg(game, layout(game, game.table, width))


def _svg(game: Game, scene: Scene) -> str:
    title = f"{_(game.rules.title)}: {game.status}"
    svg = scene_svg(scene, title=title, description=describe_table(game, game.table))
    digest = hashlib.sha1(svg.encode()).hexdigest()[:6]
    return unique_ids(svg, f"sw-g{digest}{next(_NUMBERS)}")


#: The scale of the PNG in a widget's mime bundle: it is saved with the notebook
#: (a picture for viewers that show images only), so it is kept light.
STILL_PNG_SCALE = 0.75


@lru_cache(maxsize=8)
def _png(scene: Scene, four_colour: bool, highlight: frozenset[str], scale: float = 1.0) -> bytes:
    # A widget shown twice, or shown and saved, draws its picture once. Imported
    # here: the PNG backend needs Pillow, which the page's engine does not have.
    from .png import scene_png

    return scene_png(scene, four_colour, highlight, scale)


def repr_png(game: Game, width: float = DISPLAY_WIDTH) -> bytes:
    """The game's position as a PNG image
    (:func:`~solitaire_widgets.render.png.scene_png`), the same picture as
    :func:`repr_svg`.

    >>> from solitaire_widgets import new_game
    >>> from solitaire_widgets.render.png import png_size
    >>> png_size(repr_png(new_game("chain", seed=5), 360))
    (360, 283)
    """
    return _png(layout(game, game.table, width), False, frozenset())


def still_png(scene: Scene, four_colour: bool = False,
              highlight: Collection[str] = frozenset(), scale: float = STILL_PNG_SCALE) -> str:
    """A PNG of ``scene`` as a mime bundle carries it (``image/png``): base64 text,
    ``scale`` times the scene's size.

    >>> from solitaire_widgets.render.scene import Scene
    >>> base64.b64decode(still_png(Scene(10, 10)))[:4]
    b'\x89PNG'
    """
    return base64.b64encode(_png(scene, four_colour, frozenset(highlight),
                                 scale)).decode("ascii")


def still_html(svg: str, words: str, line: str, scene: Scene, extra: str = "") -> str:
    """A picture every notebook viewer shows: ``svg`` (a drawing of ``scene``) as an
    ``<img>``, ``line`` under it.

    Where a notebook is shown untrusted or without a kernel (JupyterLab,
    nbviewer, GitHub, VS Code), HTML is sanitized: scripts, ``<style>`` and
    inline SVG are dropped, their text left behind. An ``<img>`` of the SVG
    (a ``data:`` URL, ``words`` as its ``alt``) and plain text survive.
    ``extra`` (HTML) goes after the line.

    On a narrow screen the picture shrinks no further than its
    :func:`~solitaire_widgets.render.readable_width` (pile labels of
    9 px) and scrolls sideways in its own box, where the viewer keeps
    inline styles (JupyterLab does); elsewhere it fits the width.

    >>> from solitaire_widgets import new_game
    >>> game = new_game("quarrel", seed=1)
    >>> html = still_html("<svg/>", "The table", "A picture <1>.", layout(game, game.table, 760))
    >>> html.startswith('<figure class="sw-still"') and "A picture &lt;1&gt;." in html
    True
    >>> 'src="data:image/svg+xml;base64,PHN2Zy8+"' in html and "<svg" not in html
    True
    >>> 'width="760" style="max-width:100%;min-width:684px;height:auto"' in html
    True
    """
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    return _figure(f"data:image/svg+xml;base64,{data}", words, line, scene, extra)


def png_still_html(scene: Scene, words: str, line: str, scale: float = 1.0) -> str:
    """:func:`still_html` with a PNG of ``scene`` (``scale`` times its size) as its
    picture: a third of the SVG's bytes, for pictures saved in notebooks.

    >>> from solitaire_widgets import new_game
    >>> game = new_game("quarrel", seed=1)
    >>> html = png_still_html(layout(game, game.table, 760), "The table", "A picture.")
    >>> html.startswith('<figure class="sw-still"') and 'src="data:image/png;base64,' in html
    True
    """
    return _figure(f"data:image/png;base64,{still_png(scene, scale=scale)}", words, line, scene)


def _figure(source: str, words: str, line: str, scene: Scene, extra: str = "") -> str:
    return (
        '<figure class="sw-still" style="margin:0">'
        '<div class="sw-still-box" style="overflow-x:auto;max-width:100%">'
        f'<img src="{source}" alt="{escape(words)}" '
        f'width="{round(scene.width)}" '
        f'style="max-width:100%;min-width:{readable_width(scene)}px;height:auto"></div>'
        f"<figcaption>{escape(line, quote=False)}{extra}</figcaption></figure>"
    )


def replay_still(game: Game, title: str, position: int = 0,
                 width: float = DISPLAY_WIDTH) -> tuple[str, str]:
    """A replay where scripts do not run: the SVG of the table at ``position``
    (0: the deal), and its :func:`still_html` with a line on replaying it.

    >>> from solitaire_widgets import new_game
    >>> game = new_game("chain", seed=5)
    >>> _ = game.play("aux")
    >>> svg, html = replay_still(game, "Chain, deal 5")
    >>> "a replay of 1 step, a picture of the deal." in html
    True
    """
    table = game.position_at(position)
    words = describe_table(game, table)
    scene = layout(game, table, width)
    svg = scene_svg(scene, title=title, description=words)
    return svg, still_html(svg, words, replay_line(title, len(game.history), position), scene)


def replay_line(title: str, steps: int, position: int) -> str:
    """The line under a replay's picture where no kernel runs.

    >>> replay_line("Chain, deal 5", 2, 1)
    'Chain, deal 5: a replay of 2 steps, a picture of step 1. Run this code in Jupyter to step through it.'
    """
    if position == 0:
        line = ngettext("{title}: a replay of {n} step, a picture of the deal. "
                        "Run this code in Jupyter to step through it.",
                        "{title}: a replay of {n} steps, a picture of the deal. "
                        "Run this code in Jupyter to step through it.", steps)
    else:
        line = ngettext("{title}: a replay of {n} step, a picture of step {step}. "
                        "Run this code in Jupyter to step through it.",
                        "{title}: a replay of {n} steps, a picture of step {step}. "
                        "Run this code in Jupyter to step through it.", steps)
    return line.format(title=title, n=steps, step=position)


def repr_html(game: Game, width: float = DISPLAY_WIDTH) -> str:
    """The position as a picture (:func:`still_html`), the status beneath it, the piles in words.

    >>> from solitaire_widgets import new_game
    >>> html = repr_html(new_game("chain", seed=5))
    >>> "<img" in html and "<svg" not in html and "First deal" in html
    True
    """
    words = describe_table(game, game.table)
    shown = escape(words, quote=False).replace("\n", "<br>")
    title = _(game.rules.title)
    moves = len(game.history)
    line = ngettext("{game} ({deal}, {n} move): {status}", "{game} ({deal}, {n} moves): {status}",
                    moves).format(game=title, deal=game.deal_name, n=moves, status=game.status)
    scene = layout(game, game.table, width)
    return still_html(_svg(game, scene), f"{title}: {game.status}", line, scene,
                      "<details><summary>" + escape(_("The table in words"), quote=False)
                      + "</summary><p>" + shown + "</p></details>")


def example_png(example: Example) -> bytes:
    """The picture of an example's deal, for the viewers that show only images (GitHub)."""
    from .png import scene_png  # Pillow: only when a picture is asked for

    game = example.play()
    return scene_png(layout(game, game.start, DISPLAY_WIDTH))
