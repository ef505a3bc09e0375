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
(``data-sw-hider``, a random id the hider carries from its first state) among the elements before the
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

import asyncio
import os
import time
import uuid
import weakref
from collections.abc import Callable
from html import escape
from typing import Any

import anywidget
import ipywidgets as w  # type: ignore[import-untyped]
import traitlets

from ..game import Game
from ..i18n import _
from ..render.display import png_still_html, still_html, still_png
from ..render.in_words import describe_table
from ..render.scene import Scene
from ..render.svg import scene_svg
from .shared import shared_layout

__all__ = ["game_words", "game_bundle", "STAND_IN_VARIABLE", "PICTURE_SCALE", "PictureHider",
           "picture_hider", "players_wanted", "show", "Picture", "PICTURE_EVERY", "retire"]

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
    before the table (marked ``data-sw-hider`` with this widget's :attr:`picture`) is hidden.

    >>> hider = PictureHider()
    >>> len(hider.picture), hider.picture != PictureHider().picture, hider.layout.display
    (32, True, 'none')
    >>> hider.close()
    """

    _esm = traitlets.Unicode(_HIDER_ESM).tag(sync=True)
    #: The mark of the picture to hide: 32 random hex digits, unique, of the
    #: form of a model id (which nbval's sanitizer replaces in saved outputs).
    #: Chosen before the widget opens, so it comes with the model's first
    #: state, not in a later message a front end may handle before the model
    #: exists.
    picture = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("picture", uuid.uuid4().hex)
        super().__init__(layout=shared_layout(display="none"), **kwargs)
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


#: The picture follows its table at most this often (seconds): a burst of moves
#: costs one picture.
PICTURE_EVERY = 1.0
#: A replaced table is closed once its browser has drawn what it was sent, or
#: after this many seconds (the browser stops for good at a drawing of a closed canvas).
RETIRE_PATIENCE = 30.0
#: A picture's parts: the scene shown, the table in words, and the line under it.
PictureParts = tuple[Scene, str, str]


class Picture:
    """The picture output a table left before its view, kept in step with the table.

    :meth:`changed` (a move, a new deal, a new width) updates the output the
    notebook holds (``update_display_data`` of its display id) at most every
    :data:`PICTURE_EVERY` seconds, so a saved notebook, and its HTML export,
    show where the reader stopped; :meth:`close` shows the last position once more.

    >>> sent = []
    >>> class Handle:
    ...     def update(self, bundle, raw=False): sent.append(bundle["text/plain"])
    >>> from solitaire_widgets.render.scene import Scene
    >>> picture = Picture(Handle(), lambda closed: (Scene(20, 10), "", "closed" if closed else "open"))
    >>> picture.changed(); picture.close(); picture.changed(); sent
    ['open', 'closed']
    """

    def __init__(self, handle: Any, parts: Callable[[bool], PictureParts],
                 mark: str = "") -> None:
        self._handle = handle
        self._parts = parts
        self._mark = mark
        self._timer: asyncio.TimerHandle | None = None
        self._closed = False

    def changed(self) -> None:
        """The table changed: update the picture now, or once :data:`PICTURE_EVERY` is over."""
        if self._closed or self._timer is not None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self.update()
            return
        self._timer = loop.call_later(PICTURE_EVERY, self.update)

    def update(self, closed: bool = False) -> None:
        """Show the table as it stands in the picture output (``closed``: its last line)."""
        self._timer = None
        if self._closed:
            return
        scene, words, line = self._parts(closed)
        self._handle.update(picture_bundle(scene, words, line, self._mark), raw=True)

    def close(self) -> None:
        """The table is closed: its picture shows its last position, and follows no more."""
        if self._timer is not None:
            self._timer.cancel()
        if not self._closed:
            self.update(closed=True)
        self._closed = True


#: The tables displayed by each notebook cell (its id, as the front end sends
#: it) in its last run (the id of the request that ran it).
_BY_CELL: dict[str, tuple[str, list[weakref.ref[w.DOMWidget]]]] = {}


def _cell_run() -> tuple[str, str] | None:
    """The id of the notebook cell running now and of this run of it (JupyterLab and
    Notebook 7 send the cell's id), or None."""
    try:
        from IPython import get_ipython

        kernel = getattr(get_ipython(), "kernel", None)
        parent = kernel.get_parent() if kernel is not None else None
    except Exception:  # noqa: BLE001 - no kernel, no cell
        return None
    parent = parent or {}
    cell = parent.get("metadata", {}).get("cellId")
    run = parent.get("header", {}).get("msg_id", "")
    return (cell, str(run)) if isinstance(cell, str) and cell else None


def retire(widget: w.DOMWidget) -> None:
    """Close ``widget`` (a table replaced by another from the same cell) once its
    browser has drawn every message it was sent.

    The browser plays the canvas messages of every table of the kernel in one
    queue and stops for good at a drawing of a closed canvas, so a table
    still being drawn waits (at most :data:`RETIRE_PATIENCE` seconds).
    """
    painter = getattr(widget, "painter", None)
    runs = getattr(widget, "runs", None)
    if runs is not None:
        # Quietly: the end of a run cut short would be one more full picture for
        # the browser to draw, of a table nobody sees, ahead of the next table.
        runs.stop(quietly=True)
    start = time.monotonic()

    def attempt() -> None:
        if widget.comm is None:
            return
        # Before the first acknowledgement the browser may still be playing
        # everything the table sent: only a table that sent nothing goes at once.
        drawn = painter is None or painter.sent == 0 or (
            painter.acknowledged and painter.in_flight == 0)
        if drawn or time.monotonic() - start > RETIRE_PATIENCE:
            widget.close()
            return
        try:
            asyncio.get_running_loop().call_later(0.25, attempt)
        except RuntimeError:
            widget.close()

    attempt()


def show(widget: w.DOMWidget, parts: Callable[[bool], PictureParts], label: str,
         full: Callable[[], dict[str, Any] | None]) -> Picture | None:
    """Display ``widget`` in a notebook: the picture of ``parts(False)`` (its scene, words
    and line), then the widget view with ``label`` as its text (or ``full()``, the
    widget's bundle with its HTML stand-in, where :func:`players_wanted`).

    Returns the picture, to keep in step with the table. The tables a cell
    displayed in its last run are retired (:func:`retire`) when it runs
    again: re-running a cell leaves its tables alive once, not once a run.
    """
    from IPython.display import display

    if players_wanted():
        display(full(), raw=True)  # type: ignore[no-untyped-call]
        return None
    bundle = w.DOMWidget._repr_mimebundle_(widget)
    if bundle is None:
        return None
    hider = _hider_of(widget)
    # The picture carries its hider's mark, updates too: a view made later finds it.
    mark = hider.picture if hider else ""
    here = _cell_run()
    if here is not None:
        cell, run = here
        last_run, shown = _BY_CELL.get(cell, ("", []))
        if last_run != run:
            # The cell runs again: the tables of its last run are replaced.
            for ref in shown:
                before = ref()
                if before is not None and before is not widget:
                    retire(before)
            shown = []
        _BY_CELL[cell] = (run, [*shown, weakref.ref(widget)])
    handle = display(picture_bundle(*parts(False), mark=mark), raw=True,  # type: ignore[no-untyped-call]
                     display_id=True)
    display({**bundle, "text/plain": label}, raw=True)  # type: ignore[no-untyped-call]
    return Picture(handle, parts, mark) if handle is not None else None


def game_words(game: Game, closed: bool = False) -> tuple[str, str, str]:
    """A table's title, the table in words, and the line under its picture where no
    kernel runs (``closed``: the table was closed in a running notebook).

    >>> from solitaire_widgets import new_game
    >>> game_words(new_game("chain", seed=5))[0]
    'Chain, deal 5'
    """
    title = f"{_(game.rules.title)}, {game.deal_name}"
    if closed:
        line = _("{title}. {status}. The table is closed: run its cell again to play.")
    else:
        line = _("{title}. {status}. A picture: run this code in Jupyter to play.")
    return (title, describe_table(game.name, game.table),
            line.format(title=title, status=game.status))


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
