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

While the widget lives, its view hides the picture output just before it, so
the table is not shown twice: a hidden child of the table
(:class:`PictureHider`, a small ``anywidget``) finds the picture by its mark
(``data-sw-hider``, the hider's model id) among the elements before the
table's output and hides the one that holds it, and shows it again when the
view goes. It is the widget's own script, so it works in any front end that
runs widget JavaScript (JupyterLab, Notebook 7, Voilà, and VS Code, Colab
and the others that render outputs with the standard HTML widget manager),
and needs none of their CSS; where no widget JavaScript runs, nothing hides
the picture and it shows. The picture is light (a PNG of 128 colours, 5 to 30 KB), so a saved
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
from html import escape
from typing import Any

import anywidget
import ipywidgets as w  # type: ignore[import-untyped]
import traitlets

from ..game import Game
from ..i18n import _
from ..render.describe import describe_table
from ..render.display import png_still_html, still_html, still_png
from ..render.scene import Scene
from ..render.svg import scene_svg

__all__ = ["game_words", "game_bundle", "STAND_IN_VARIABLE", "PICTURE_SCALE", "PictureHider", "picture_hider",
           "players_wanted", "show"]

#: The environment variable that chooses the HTML stand-ins (``player``).
STAND_IN_VARIABLE = "SOLITAIRE_WIDGETS_STAND_IN"
#: The picture's pixels per pixel of the table: the size of the live table.
PICTURE_SCALE = 1.0
#: The view of :class:`PictureHider`: an ES module run by anywidget's front end.
#: From the view's element up, it looks through the elements before each
#: ancestor for the picture marked with its model's mark, and hides the
#: element before the ancestor that holds it (in JupyterLab, the picture's
#: output area child; in the HTML widget manager's pages, its output). The
#: view may render before it is on the page, or before its mark comes: it
#: waits for both, then looks for at most thirty seconds.
_HIDER_ESM = r"""
function picture_before(el, mark) {
  const selector = `[data-sw-hider="${CSS.escape(mark)}"]`;
  for (let node = el; node && node.parentElement; node = node.parentElement) {
    for (let before = node.previousElementSibling; before; before = before.previousElementSibling) {
      if (before.matches(selector) || before.querySelector(selector)) return before;
    }
  }
  return null;
}

function render({model, el}) {
  let hidden = null, timer = 0, tries = 0;
  const look = () => {
    timer = 0;
    // Until the view is on the page, wait; then look for at most five seconds.
    if (!el.isConnected) { timer = setTimeout(look, 50); return; }
    const mark = model.get('picture');
    hidden = mark ? picture_before(el, mark) : null;
    if (hidden) {
      hidden.dataset.swHidden = String(Number(hidden.dataset.swHidden || 0) + 1);
      hidden.style.display = 'none';
    } else if (!mark || tries++ < 600) {
      timer = setTimeout(look, 50);
    }
  };
  look();
  return () => {
    if (timer) clearTimeout(timer);
    if (!hidden) return;
    const left = Number(hidden.dataset.swHidden || 1) - 1;
    hidden.dataset.swHidden = String(left);
    if (left <= 0) hidden.style.display = '';
  };
}

export default { render };
"""


class PictureHider(anywidget.AnyWidget):
    """A hidden child of a table: while its view is on the page, the picture output
    before the table (marked ``data-sw-hider`` with this widget's model id) is hidden.

    >>> hider = PictureHider()
    >>> hider.picture == hider.model_id, hider.layout.display
    (True, 'none')
    >>> hider.close()
    """

    _esm = traitlets.Unicode(_HIDER_ESM).tag(sync=True)
    #: The mark of the picture to hide (the model id: unique, and what nbval's
    #: sanitizer already replaces in saved outputs).
    picture = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(layout=w.Layout(display="none"), **kwargs)
        self.picture = self.model_id
        self.add_class("sw-picture-hider")


def picture_hider() -> PictureHider:
    """The hidden child of a table that hides its picture while its view lives."""
    return PictureHider()


def _hider_of(widget: w.DOMWidget) -> PictureHider | None:
    return next((child for child in getattr(widget, "children", ())
                 if isinstance(child, PictureHider)), None)


def players_wanted() -> bool:
    """Whether tables leave their HTML stand-ins (``SOLITAIRE_WIDGETS_STAND_IN=player``)."""
    return os.environ.get(STAND_IN_VARIABLE, "").strip().lower() == "player"


def picture_bundle(scene: Scene, words: str, line: str, mark: str = "") -> dict[str, str]:
    """The picture output of a table showing ``scene``: its PNG, ``words`` and ``line``;
    with ``mark``, the picture a :class:`PictureHider` of that mark hides.

    >>> bundle = picture_bundle(Scene(20, 10), "No cards.", "A table.", mark="f00d")
    >>> sorted(bundle), bundle["text/plain"]
    (['text/html', 'text/plain'], 'A table.')
    >>> bundle["text/html"].startswith('<div class="sw-picture" data-sw-hider="f00d">')
    True
    """
    html = png_still_html(scene, words, line, PICTURE_SCALE)
    if mark:
        html = f'<div class="sw-picture" data-sw-hider="{escape(mark)}">{html}</div>'
    return {"text/html": html, "text/plain": line}


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
    hider = _hider_of(widget)
    display(picture_bundle(scene, words, line, hider.picture if hider else ""),
            raw=True)  # type: ignore[no-untyped-call]
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
