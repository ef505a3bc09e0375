"""A widget made of parts: the names it keeps for what its parts hold.

A GameWidget is made of parts (its drawing, its controls, its runs of play,
its review), each owning its state. Where one of the widget's own names (its
``new_button``, its ``drawn_width``) is what a part holds,
:class:`PartAttribute` says so once: reading the widget's name reads the
part's, setting it sets the part's.

>>> class Controls:
...     def __init__(self) -> None:
...         self.undo = "Undo"
>>> class Table:
...     undo_button = PartAttribute[str]("controls", "undo")
...     def __init__(self) -> None:
...         self.controls = Controls()
>>> table = Table()
>>> table.undo_button
'Undo'
>>> table.undo_button = "Take back"
>>> table.controls.undo
'Take back'
"""

from __future__ import annotations

from typing import Any, Generic, TypeVar, overload

__all__ = ["PartAttribute"]

T = TypeVar("T")


class PartAttribute(Generic[T]):
    """A widget's attribute that is its part ``part``'s attribute ``name`` (by default,
    the widget's own name for it)."""

    def __init__(self, part: str, name: str = "") -> None:
        self.part = part
        self.name = name

    def __set_name__(self, owner: type, name: str) -> None:
        if not self.name:
            self.name = name

    @overload
    def __get__(self, widget: None, owner: type | None = None) -> PartAttribute[T]: ...

    @overload
    def __get__(self, widget: object, owner: type | None = None) -> T: ...

    def __get__(self, widget: object | None, owner: type | None = None) -> Any:
        if widget is None:
            return self
        return getattr(getattr(widget, self.part), self.name)

    def __set__(self, widget: object, value: T) -> None:
        setattr(getattr(widget, self.part), self.name, value)
