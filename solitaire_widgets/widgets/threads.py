"""One table at a time: the lock every widget handler and every drawing message holds.

JupyterLab 4.6 with ipykernel 7 runs widget messages in a kernel *subshell*
thread as well as in the main thread (a button's click may arrive in one, a
key on the canvas in the other), and each thread runs its own event loop, so
the timers a widget sets fire in the thread that set them. Two handlers of
the same table can then run at once. ipycanvas builds each ``hold_canvas()``
message in ONE global command cache: two threads drawing together mix their
commands, and a message can lose its first half (a card's image never drawn,
so the card shows as a hole; a transform from one message applied in
another). :data:`LOCK` makes every handler, timer callback and drawing
message of every table run alone; it is re-entrant, so a handler that draws
(or a linked widget that redraws inside it) holds it once more.

A handler also speaks its table's language: when the object it is a method
of has a ``language`` (a widget's, a part's of a GameWidget, a run's), it runs
inside :func:`~solitaire_widgets.i18n.use_language` with it, whichever
thread the message or timer arrives in.

>>> @serialized
... def add(a: int, b: int) -> int:
...     return a + b
>>> add(2, 3)
5
>>> with LOCK:          # re-entrant: the same thread may take it again
...     add(1, 1)
2
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable
from typing import ParamSpec, TypeVar

from ..i18n import use_language

__all__ = ["LOCK", "serialized"]

#: Held by every widget handler, timer callback and drawing message.
LOCK = threading.RLock()

P = ParamSpec("P")
R = TypeVar("R")


def serialized(function: Callable[P, R]) -> Callable[P, R]:
    """``function`` run while holding :data:`LOCK` (for handlers and timer callbacks),
    in the language of the object it is a method of (if that has a ``language``)."""

    @functools.wraps(function)
    def locked(*args: P.args, **kwargs: P.kwargs) -> R:
        language = getattr(args[0], "language", None) if args else None
        with LOCK, use_language(language if isinstance(language, str) else None):
            return function(*args, **kwargs)

    return locked
