"""What a table leaves in a saved notebook: a picture of its position, for every viewer.

A widget needs a running kernel to draw. JupyterLab 4 with ipywidgets 8
renders a widget view wherever the notebook is trusted; when the widget's
model is gone (the kernel restarted, the notebook reopened) it writes "Error
displaying widget: model not found" in its place and never falls back to
another mime type of the same output. So a table displayed in a notebook
(:class:`~.game_widget.GameWidget`, :class:`~.replay_widget.ReplayWidget`)
leaves two outputs:

1. a picture of the position shown
   (:func:`~solitaire_widgets.render.display.png_still_html`): ``text/html``
   of a PNG image at the table's width, the piles in words as its ``alt``, one
   line saying what it is under it, and nothing that a sanitizer drops, so
   JupyterLab with no kernel, trusted or not, Notebook 7, ``jupyter nbconvert
   --to html`` (offline too), nbviewer and GitHub all show it; ``text/plain``
   carries the line;
2. the live widget: its view and a short ``text/plain``.

While the widget lives, its view carries a style (:func:`picture_hider`, a
hidden child) that hides the picture output just before it, so the table is
not shown twice; without a live view there is no style and the picture
shows. The picture is light (a PNG of 128 colours, 5 to 30 KB), so a saved
notebook stays small, and current: ``nbval`` compares each picture's words
and line (not the PNG's bytes, which depend on the machine's fonts) when it
runs the shipped notebooks again.

Where the kernel-free HTML stand-ins are wanted instead (this package's
book, whose pages step through replays with players), the environment
variable ``SOLITAIRE_WIDGETS_STAND_IN=player`` makes a table leave one output,
the widget view with its HTML stand-in (the widget's ``_repr_mimebundle_``).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import ipywidgets as w  # type: ignore[import-untyped]

from ..game import Game
from ..i18n import _
from ..render.describe import describe_table
from ..render.display import png_still_html, still_html, still_png
from ..render.scene import Scene
from ..render.svg import scene_svg
from .shared import light

__all__ = ["game_words", "game_bundle", "STAND_IN_VARIABLE", "PICTURE_SCALE", "HIDE_PICTURE", "picture_hider",
           "players_wanted", "show"]

#: The environment variable that chooses the HTML stand-ins (``player``).
STAND_IN_VARIABLE = "SOLITAIRE_WIDGETS_STAND_IN"
#: The picture's pixels per pixel of the table: the size of the live table.
PICTURE_SCALE = 1.0
#: Hides a picture output followed by a live table's output (JupyterLab and
#: Notebook 7 name their outputs so).
HIDE_PICTURE = (
    "<style>.jp-OutputArea-child:has(> .jp-OutputArea-output .sw-still)"
    ":has(+ .jp-OutputArea-child .sw-stage) { display: none; }</style>"
)


def picture_hider() -> w.HTML:
    """A hidden child of a table: while its view is on the page, the picture
    output before the table is hidden.

    >>> picture_hider().layout.display
    'none'
    """
    hider = light(w.HTML, value=HIDE_PICTURE, layout={"display": "none"})
    hider.add_class("sw-picture-hider")
    return hider


def players_wanted() -> bool:
    """Whether tables leave their HTML stand-ins (``SOLITAIRE_WIDGETS_STAND_IN=player``)."""
    return os.environ.get(STAND_IN_VARIABLE, "").strip().lower() == "player"


def picture_bundle(scene: Scene, words: str, line: str) -> dict[str, str]:
    """The picture output of a table showing ``scene``: its PNG, ``words`` and ``line``.

    >>> bundle = picture_bundle(Scene(20, 10), "No cards.", "A table.")
    >>> sorted(bundle), bundle["text/plain"]
    (['text/html', 'text/plain'], 'A table.')
    """
    return {"text/html": png_still_html(scene, words, line, PICTURE_SCALE), "text/plain": line}


def show(widget: w.DOMWidget, scene: Scene, words: str, line: str, label: str,
         full: Callable[[], dict[str, Any] | None]) -> None:
    """Display ``widget`` in a notebook: the picture of ``scene`` with ``words`` and ``line``,
    then the widget view with ``label`` as its text (or ``full()``, the widget's
    bundle with its HTML stand-in, where :func:`players_wanted`)."""
    from IPython.display import display

    if players_wanted():
        display(full(), raw=True)  # type: ignore[no-untyped-call]
        return
    bundle = w.DOMWidget._repr_mimebundle_(widget)
    if bundle is None:
        return
    display(picture_bundle(scene, words, line), raw=True)  # type: ignore[no-untyped-call]
    display({**bundle, "text/plain": label}, raw=True)  # type: ignore[no-untyped-call]


def game_words(game: Game) -> tuple[str, str, str]:
    """A table's title, the table in words, and the line under its picture where no
    kernel runs.

    >>> from solitaire_widgets import new_game
    >>> game_words(new_game("chain", seed=5))[0]
    'Chain, deal 5'
    """
    title = f"{_(game.rules.title)}, {game.deal_name}"
    return (title, describe_table(game.name, game.table),
            _("{title}. {status}. A picture: run this code in Jupyter to play.").format(
                title=title, status=game.status))


def game_bundle(game: Game, scene: Scene) -> dict[str, Any]:
    """A table's picture and a line on playing it, for where no kernel runs.

    Where no kernel runs (a notebook opened without running it, nbconvert,
    nbviewer, the book), the widget view has no model and the page shows
    the next mime type: ``text/html``, which JupyterLab sanitizes when the
    notebook is not trusted. So it holds only what sanitizers keep: an
    ``<img>`` of the table's SVG (a ``data:`` URL, its words as ``alt``)
    and one line of text. ``image/png`` carries the same picture, smaller, for
    a viewer that shows only images, as GitHub's (an ``image/svg+xml`` copy
    would only repeat the HTML's picture and weigh down saved notebooks).
    """
    title, words, line = game_words(game)
    svg = scene_svg(scene, title=title, description=words)
    return {"image/png": still_png(scene), "text/html": still_html(svg, words, line, scene)}
