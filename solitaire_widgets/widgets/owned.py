"""Closing a widget closes every widget it made.

A widget of this package is built from many others (boxes, buttons, their
layouts and styles, canvases, the paths drawn on them). ipywidgets keeps
every widget registered until it is closed, so closing only the outer box
would leave them all alive. :func:`close_all` closes the given widgets and
every widget reachable from their public traits (``children``, ``layout``,
``style``...); a widget's private traits are left alone, for they hold what
it shares with others (ipycanvas's one canvas manager).

>>> import ipywidgets as w
>>> box = w.VBox([w.Button(description="Go")])
>>> button = box.children[0]
>>> close_all([box])
>>> box.comm is None and button.comm is None and button.layout.comm is None
True
"""

from __future__ import annotations

from collections.abc import Iterable

import ipywidgets as w  # type: ignore[import-untyped]

from .shared import is_shared

__all__ = ["close_all"]


def close_all(widgets: Iterable[w.Widget]) -> None:
    """Close ``widgets`` and every widget reachable from their public traits,
    but the kernel's shared ones (:mod:`.shared`), which other tables use."""
    stack = list(widgets)
    seen: set[int] = set()
    while stack:
        widget = stack.pop()
        if id(widget) in seen or is_shared(widget):
            continue
        seen.add(id(widget))
        for name in widget.trait_names():
            if name.startswith("_") or name in ("comm", "keys", "log"):
                continue
            value = getattr(widget, name, None)
            for item in value if isinstance(value, (list, tuple)) else (value,):
                if isinstance(item, w.Widget):
                    stack.append(item)
        # The base class's close: a widget's own close() calls this function.
        w.Widget.close(widget)
