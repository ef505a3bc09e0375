"""Layouts, styles and paths made once per kernel and shared by every table.

Every ipywidgets control carries a ``Layout`` model and most a style model
(``ButtonStyle``, ``HTMLStyle``...), made for it even when nothing is set:
a table of nine buttons, four lines of words and a few boxes would be some
forty models before its first card. The browser makes a view model of each,
and a notebook that re-runs a table's cell pays for all of them again. The
table's controls are made with :func:`light`, which hands them the kernel's
one layout and one style for each look (never changed after; a table that
changes its layout, as its canvas's width, makes its own), so a table costs
the widgets it shows and little more.

Shared widgets are never closed: :func:`~.owned.close_all` passes them by
(:func:`is_shared`), and the next table takes them up again.

>>> import ipywidgets as w
>>> a = light(w.Button, description="Undo", layout={"width": "auto"})
>>> b = light(w.Button, description="Redo", layout={"width": "auto"})
>>> a.layout is b.layout and a.style is b.style and is_shared(a.layout)
True
>>> is_shared(a)
False
"""

from __future__ import annotations

from typing import Any, TypeVar

import ipywidgets as w  # type: ignore[import-untyped]

__all__ = ["light", "shared_layout", "shared_style", "is_shared", "SHARED"]

#: The kernel's shared widgets, by what they look like.
SHARED: dict[tuple[Any, ...], w.Widget] = {}
_IDS: set[int] = set()

T = TypeVar("T", bound=w.Widget)


def _live(key: tuple[Any, ...]) -> w.Widget | None:
    widget = SHARED.get(key)
    if widget is not None and widget.comm is None:   # closed from outside: make another
        _IDS.discard(id(widget))
        del SHARED[key]
        return None
    return widget


def shared_layout(**traits: str) -> w.Layout:
    """The kernel's one ``Layout`` with these ``traits`` (never change it).

    >>> shared_layout(width="auto") is shared_layout(width="auto")
    True
    """
    key = ("Layout", tuple(sorted(traits.items())))
    widget = _live(key)
    if widget is None:
        widget = SHARED[key] = w.Layout(**traits)
        _IDS.add(id(widget))
    return widget


def shared_style(style_class: type[T], **traits: str) -> T:
    """The kernel's one style of ``style_class`` with these ``traits`` (never change it)."""
    key = (style_class.__name__, tuple(sorted(traits.items())))
    widget = _live(key)
    if widget is None:
        widget = SHARED[key] = style_class(**traits)
        _IDS.add(id(widget))
    made: T = widget
    return made


def is_shared(widget: w.Widget) -> bool:
    """Whether ``widget`` is one of the kernel's shared layouts, styles or paths."""
    return id(widget) in _IDS


def share(key: tuple[Any, ...], make: Any) -> Any:
    """The kernel's one widget under ``key``, made by ``make()`` the first time."""
    widget = _live(key)
    if widget is None:
        widget = SHARED[key] = make()
        _IDS.add(id(widget))
    return widget


def light(cls: type[T], *, layout: dict[str, str] | None = None,
          style: dict[str, str] | None = None, **traits: Any) -> T:
    """A ``cls`` widget with the kernel's shared layout (and style, if it has one)."""
    made: dict[str, Any] = {"layout": shared_layout(**(layout or {}))}
    style_trait = cls.class_traits().get("style")
    if style_trait is not None:
        made["style"] = shared_style(style_trait.klass, **(style or {}))
    widget: T = cls(**made, **traits)
    return widget
