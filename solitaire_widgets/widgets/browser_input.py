"""BrowserInput: what the browser sends a table (keys, typed lines, the mouse,
focus and width), a small ``anywidget`` made for it.

ipycanvas's canvas is a tab stop (``tabindex=0``), takes the focus on every
mouse press, and its own key handler calls ``preventDefault`` and
``stopPropagation`` on EVERY key: Tab could never leave it, and JupyterLab's
shortcuts would die there. So the table's canvas is not where the keys go.
:class:`BrowserInput` sits hidden in the table's box, next to its stage (the
``.sw-stage`` box round the canvas), and in the browser:

- makes the stage the table's one tab stop (``role="application"``, a label,
  a visible focus ring on the canvas), and the canvas no tab stop at all;
  when a mouse press gives the canvas the focus, the stage takes it on;
- sends the keys the table uses (``table_keys``: ``KeyboardEvent.key`` names, with
  no Ctrl, Alt or Meta, and no Shift+Enter) to the kernel as messages, caught
  at the window on their way down (the capture phase), before any front
  end's shortcuts: Notebook 7 runs its own at the document on the way down,
  JupyterLab 4 on the way up. Every other key goes its way: Tab and
  Shift+Tab move on, the notebook gets its shortcuts (Ctrl+S too: lumino's
  ``data-lm-suppress-shortcuts`` mark would stop them all). Escape is sent too:
  with cards picked up (``holding``) it puts them back and the table keeps the
  focus; with none, it leaves the table for the notebook (in command mode);
- sends each line typed in the table's move box (``.sw-move-box``) when
  Enter is pressed there, and clears the box at once. Messages are never
  merged, so however fast lines come, each is played once, in order;
- numbers every message it sends (``view``, ``seq``): JupyterLab sends a
  widget's messages to the kernel's main shell or to a subshell, whose
  threads may take them in another order, so the kernel puts each view's
  messages back in the order they were pressed before acting on them;
- sends the mouse's presses, moves, releases and leavings on the table's
  canvas (``mouse``), numbered too, with the point in canvas pixels;
- makes the table's message (``.sw-message``) a polite live region, so
  moves, refusals and results are read out;
- tells the kernel when the table takes and loses the focus (the keyboard
  cursor's ring is hidden while the focus is on a button or elsewhere);
- tells the kernel the width its stage is given (``on_room``, on every
  change, at most every 150 ms), so the table is laid out to fit it.

Its script is inline (no file and no network to fetch): ``anywidget``'s
front end, installed with the package, runs it. Where no kernel runs (a
notebook exported to HTML, or opened untrusted) there is no table to play
and nothing of this runs: the picture the widgets leave is what shows.

>>> heard = []
>>> keys = BrowserInput("Chain table", ["Enter", "ArrowLeft"], on_key=heard.append)
>>> keys.table_keys, keys.label
(['ArrowLeft', 'Enter'], 'Chain table')
>>> keys._handle_custom_msg({"key": "Enter"}, [])
>>> keys._handle_custom_msg({"key": "q"}, [])          # not a key of the table
>>> heard
['Enter']

Numbered messages are acted on in the order they were sent, however they arrive:

>>> keys._handle_custom_msg({"key": "ArrowLeft", "view": "v1", "seq": 1}, [])
>>> heard                                              # waits for message 0
['Enter']
>>> keys._handle_custom_msg({"key": "Enter", "view": "v1", "seq": 0}, [])
>>> heard
['Enter', 'Enter', 'ArrowLeft']
>>> keys.close()
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import Any

import anywidget
import traitlets

from ..i18n import _
from .shared import shared_layout
from .threads import LOCK

__all__ = ["BrowserInput"]

#: The view: an ES module run by anywidget's front end (see the module's words).
_ESM = r"""
function table_of(el) {
  const root = el.parentElement;
  const stage = root && root.querySelector(':scope > .sw-stage');
  return stage ? {root, stage} : null;
}

function render({model, el}) {
  let found = null, tries = 0;
  const wait = () => {
    found = table_of(el);
    if (found) connect(model, found.root, found.stage);
    else if (tries++ < 600) requestAnimationFrame(wait);
  };
  wait();
}

function connect(model, root, stage) {
  if (stage.dataset.swKeys) return;
  stage.dataset.swKeys = '1';
  // Every message of this view is numbered: the kernel may take two of them
  // in two threads (JupyterLab sends widget messages over a kernel subshell as
  // well as the main shell), and it puts them back in the order they were sent.
  const view = Math.random().toString(36).slice(2, 12);
  let sent = 0;
  const send = (message) => model.send({...message, view, seq: sent++});
  const playable = () => model.get('table_keys').length > 0;
  const mark = () => {
    // The stage is the tab stop when the table takes keys; either way it takes
    // the focus a mouse press gives the canvas, which is never a tab stop.
    const stop = playable() ? '0' : '-1';
    if (stage.getAttribute('tabindex') !== stop) stage.setAttribute('tabindex', stop);
    stage.classList.toggle('sw-keys-stage', playable());
    if (playable()) {
      stage.setAttribute('role', 'application');
      stage.setAttribute('aria-roledescription', model.get('role'));
      stage.setAttribute('aria-label', model.get('label'));
    }
    stage.querySelectorAll('canvas').forEach((canvas) => {
      if (canvas.getAttribute('tabindex') !== '-1') canvas.setAttribute('tabindex', '-1');
    });
    const said = root.querySelector(':scope > .sw-message .widget-html-content');
    if (said && !said.getAttribute('aria-live')) {
      said.setAttribute('role', 'status');
      said.setAttribute('aria-live', 'polite');
      said.setAttribute('aria-atomic', 'true');
    }
  };
  mark();
  model.on('change:table_keys', mark);
  model.on('change:label', mark);
  new MutationObserver(mark).observe(root, {childList: true, subtree: true,
                                            attributes: true, attributeFilter: ['tabindex']});
  stage.addEventListener('focusin', (e) => {
    if (e.target !== stage) stage.focus({preventScroll: true});
    else send({focus: true});
  });
  // The cursor's ring is the table's own focus: hidden while the focus is elsewhere.
  stage.addEventListener('focusout', (e) => {
    if (!(e.relatedTarget && stage.contains(e.relatedTarget))) send({focus: false});
  });
  // The table's keys are caught on their way down, at the window, before any
  // front end's shortcuts (Notebook 7 runs its own at the document, on the way
  // down too): the stage keeps its own handler, which the window's listener calls.
  stage.swKey = (e) => {
    const keys = new Set(model.get('table_keys'));
    const table = keys.has(e.key) && !e.ctrlKey && !e.altKey && !e.metaKey
      && !(e.shiftKey && e.key === 'Enter');
    if (!table) return false;    // Tab, Shift+Enter, shortcuts: the page's
    e.preventDefault();
    e.stopPropagation();
    send({key: e.key});
    // Escape puts picked-up cards back and the cursor stays; with none, it
    // leaves the table for the notebook.
    if (e.key === 'Escape' && !model.get('holding')) {
      setTimeout(() => {
        stage.blur();
        const out = stage.closest('.jp-Notebook') || stage.closest('[tabindex]:not(.sw-stage)');
        if (out) out.focus();
      }, 0);
    }
    return true;
  };
  if (!window.swTableKeys) {
    window.swTableKeys = (e) => {
      const stage = e.target;
      if (stage && stage.swKey && stage.classList && stage.classList.contains('sw-stage')
          && stage.isConnected) stage.swKey(e);
    };
    window.addEventListener('keydown', window.swTableKeys, true);
  }
  // The width the page gives the table: the kernel lays the table out for it
  // (down to a phone's), as the page's own tables do.
  let room = 0, roomTimer = null;
  const measure = () => {
    roomTimer = null;
    const pad = 10;   // the stage's padding, room for the focus ring
    const width = Math.floor(stage.clientWidth) - pad;
    if (width > 0 && Math.abs(width - room) >= 1) {
      room = width;
      send({room: width});
    }
  };
  new ResizeObserver(() => {
    if (roomTimer === null) roomTimer = setTimeout(measure, 150);
  }).observe(stage);
  // The mouse on the table's canvas, where the table takes it: numbered like
  // the keys, so a press and its release are never taken the other way round
  // (ipycanvas's own mouse messages are not numbered; the kernel leaves them
  // once this view has said it sends the mouse).
  if (model.get('mouse')) {
    const kinds = {mousedown: 'down', mousemove: 'move', mouseup: 'up', mouseout: 'out'};
    for (const [type, kind] of Object.entries(kinds)) {
      stage.addEventListener(type, (e) => {
        const canvas = e.target;
        if (!(canvas instanceof HTMLCanvasElement)) return;
        const rect = canvas.getBoundingClientRect();
        if (!rect.width || !rect.height) return;
        send({mouse: kind, x: canvas.width * (e.clientX - rect.left) / rect.width,
              y: canvas.height * (e.clientY - rect.top) / rect.height});
      });
    }
    send({mouse: 'here'});
  }
  root.addEventListener('keydown', (e) => {
    const box = e.target && e.target.closest && e.target.closest('.sw-move-box');
    if (!box || e.key !== 'Enter' || e.shiftKey || e.ctrlKey || e.altKey || e.metaKey) return;
    e.preventDefault();
    e.stopPropagation();
    const line = e.target.value.trim();
    e.target.value = '';
    if (line) send({line});
  }, true);
}

export default {render};
"""

#: The visible focus ring of the table, drawn on its canvas (3:1 against white and the felt).
_CSS = """
.sw-keys-stage:focus { outline: none; }
.sw-keys-stage:focus canvas { outline: 3px solid #0b57d0; outline-offset: 2px; }
"""


#: What the mouse does on the table's canvas, as the page sends it.
_MOUSE = frozenset({"down", "move", "up", "out"})

#: How many messages of one view may wait for one sent before them.
_MAX_EARLY = 64


class BrowserInput(anywidget.AnyWidget):
    """A table's input from the browser: put it, hidden, in the same box as the table's stage.

    ``label`` is the table's accessible name; ``keys`` the
    ``KeyboardEvent.key`` names the table uses (:attr:`table_keys`; none: the table takes no
    keys, and only stops its canvas from trapping the focus). ``on_key``
    hears each of those keys pressed on the table, ``on_line`` each line
    typed in the table's move box, ``on_room`` the width (CSS pixels) the
    page gives the table, whenever it changes, ``on_focus`` whether the
    table has the focus, whenever that changes.
    """

    _esm = _ESM
    _css = _CSS
    #: The ``KeyboardEvent.key`` names the table uses (``keys`` is ipywidgets' own).
    table_keys = traitlets.List(traitlets.Unicode()).tag(sync=True)
    #: The table's accessible name.
    label = traitlets.Unicode("").tag(sync=True)
    #: Whether cards are picked up (Escape then puts them back and keeps the focus).
    holding = traitlets.Bool(False).tag(sync=True)
    #: What the table is, as a screen reader announces it (in the current language).
    role = traitlets.Unicode("card table").tag(sync=True)
    #: Whether the page sends the mouse on the table's canvas (``on_mouse`` hears it).
    mouse = traitlets.Bool(False).tag(sync=True)

    def __init__(self, label: str, keys: Iterable[str] = (), *,
                 on_key: Callable[[str], None] | None = None,
                 on_line: Callable[[str], None] | None = None,
                 on_room: Callable[[int], None] | None = None,
                 on_focus: Callable[[bool], None] | None = None,
                 on_mouse: Callable[[str, float, float], None] | None = None) -> None:
        super().__init__(label=label, table_keys=sorted(set(keys)), mouse=on_mouse is not None,
                         role=_("card table"), layout=shared_layout(display="none"))
        #: True once a view of the page has said it sends the mouse: the canvas's
        #: own mouse messages (ipycanvas's, not numbered) are then left alone.
        self.sends_mouse = False
        self._on_mouse = on_mouse
        self._on_key = on_key
        self._on_line = on_line
        self._on_room = on_room
        self._on_focus = on_focus
        #: Per view of the page: the number of the next message to act on, and
        #: those that came before their turn.
        self._next: dict[str, int] = {}
        self._early: dict[str, dict[int, dict[str, Any]]] = {}
        self.on_msg(self._on_message)

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        view, seq = content.get("view"), content.get("seq")
        if not (isinstance(view, str) and 0 < len(view) <= 40
                and isinstance(seq, int) and not isinstance(seq, bool) and seq >= 0):
            self._act(content)
            return
        with LOCK:
            expected = self._next.get(view, 0)
            if seq < expected:
                return          # already acted on (sent twice)
            early = self._early.setdefault(view, {})
            early[seq] = content
            if len(early) > _MAX_EARLY:
                # A message that never came: do not wait for it for ever.
                expected = min(early)
            while expected in early:
                message = early.pop(expected)
                expected += 1
                self._next[view] = expected
                self._act(message)
            if not early:
                del self._early[view]

    def _act(self, content: dict[str, Any]) -> None:
        """Act on one message of the page, in its turn."""
        key, line, room = content.get("key"), content.get("line"), content.get("room")
        focus, mouse = content.get("focus"), content.get("mouse")
        if isinstance(mouse, str):
            x, y = content.get("x"), content.get("y")
            if mouse == "here":
                self.sends_mouse = self._on_mouse is not None
            elif (mouse in _MOUSE and self._on_mouse is not None
                  and all(isinstance(v, (int, float)) and not isinstance(v, bool)
                          and math.isfinite(v) for v in (x, y))):
                self._on_mouse(mouse, float(x), float(y))  # type: ignore[arg-type]
            return
        if isinstance(focus, bool):
            if self._on_focus is not None:
                self._on_focus(focus)
            return
        if isinstance(room, int) and not isinstance(room, bool) and room > 0:
            if self._on_room is not None:
                self._on_room(room)
            return
        if isinstance(key, str) and key in self.table_keys and self._on_key is not None:
            self._on_key(key)
        elif isinstance(line, str) and line.strip() and self._on_line is not None:
            self._on_line(line)
