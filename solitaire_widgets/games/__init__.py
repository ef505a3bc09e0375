"""The three games, and :func:`new_game` to start one.

>>> game = new_game("chain", seed=11)
>>> game.name, len(game.deck)
('chain', 52)
>>> new_game("poker")
Traceback (most recent call last):
...
solitaire_widgets.errors.OptionError: there is no game called 'poker'; the games are: chain, klondike, quarrel
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence

from ..cards import Card
from ..errors import OptionError, excerpt
from ..game import Game
from ..rules import Rules

__all__ = ["GAMES", "new_game", "rules_for", "rules_class"]

#: The games by name; each lives in the module of that name, as ``RULES``.
GAMES: tuple[str, ...] = ("chain", "klondike", "quarrel")


def rules_class(name: str) -> type[Rules]:
    """The rules class of game ``name``."""
    if not isinstance(name, str) or name not in GAMES:
        raise OptionError(
            f"there is no game called {excerpt(name)}; the games are: {', '.join(sorted(GAMES))}"
        )
    rules = _LOADED.get(name)
    if rules is None:
        rules = _LOADED[name] = importlib.import_module(f"{__name__}.{name}").RULES
    return rules


_LOADED: dict[str, type[Rules]] = {}


def rules_for(name: str, options: Mapping[str, object] | None = None) -> Rules:
    """The rules of game ``name`` with ``options`` checked."""
    if options is not None and not isinstance(options, Mapping):
        raise OptionError(f"the options should map names to values, not {excerpt(options)}")
    return rules_class(name)(**{str(k): v for k, v in (options or {}).items()})  # type: ignore[arg-type]


def new_game(name: str, /, seed: int | None = None,
             deck: Sequence[Card | str] | str | None = None,
             **options: str) -> Game:
    """Start a deal of ``name`` (``"quarrel"``, ``"klondike"`` or ``"chain"``).

    ``seed`` picks the deal (the same seed gives the same deal everywhere); or
    give ``deck``, the cards in dealing order (``"AS 2H ..."``). ``options``
    choose among readings of the text, e.g. ``new_game("chain", aux_row="at-start")``.
    """
    return Game(rules_for(name, options), seed=seed, deck=deck)
