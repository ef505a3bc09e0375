"""The games of the package: one folder each, registered when first imported.

Each game is a folder of this package, ``games/<name>/``, holding everything
the game is: its rules (a :class:`~solitaire_widgets.rules.Rules` subclass),
its layout, its examples, its players, its lessons and its source text
(``source.py``). The folder's ``__init__`` exports the rules class as
``RULES`` and imports its parts; every folder found here joins the registry
(:mod:`solitaire_widgets.registry`) when this package is first imported, with
its parts (:class:`~solitaire_widgets.registry.GameParts`), and its
``source.py``'s ``TEXT`` is gathered into :mod:`solitaire_widgets.source_texts`.
This is the one place a module is imported by its name: the folders found.
The registry's names are importable from here.

>>> from solitaire_widgets.games import GAMES
>>> {"chain", "klondike", "quarrel"} <= set(GAMES)
True
"""

from __future__ import annotations

import importlib
import pkgutil

from ..registry import GAMES, new_game, register, rules_class, rules_for, unregister

__all__ = ["GAMES", "new_game", "register", "unregister", "rules_for", "rules_class"]


def _register_folders() -> None:
    """Register the game of every folder of this package (its ``RULES``), with its
    parts and its source text (``source.py``'s ``TEXT``, where the folder holds
    one), as :func:`register` does any game's folder."""
    for found in pkgutil.iter_modules(__path__):
        if found.ispkg:
            register(importlib.import_module(f"{__name__}.{found.name}"))


_register_folders()
