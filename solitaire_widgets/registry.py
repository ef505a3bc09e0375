"""The registry of games, and :func:`new_game` to start one.

A game is a :class:`~solitaire_widgets.rules.Rules` subclass that declares
what a front end needs: title, options and their readings, actions with
their labels, an example move, its layout, its model, its bound. Its parts
that import the rules (its players, examples, lessons, solver and source
text) are handed over by its folder beside them and kept here
(:class:`GameParts`). The games of the package's folders
(:mod:`solitaire_widgets.games`) are registered when the package is
imported; a game declared anywhere else (a test, a notebook, another
package) joins with :func:`~solitaire_widgets.games.register`. Every list of games (``GAMES``, the
examples, the strategies, the lessons, the solvers, the renderer, the
widgets, the command line, the page and the book) is read from this
registry. It sits low, beside the engine: the modules a game's folder builds
on (its examples, its players, saves) read it without importing the games
above them.

>>> game = new_game("chain", seed=11)
>>> game.name, len(game.deck)
('chain', 52)
>>> "chain" in GAMES and list(GAMES) == sorted(GAMES)
True
>>> new_game("poker")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
solitaire_widgets.errors.OptionError: there is no game called 'poker'; the games are: ...
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType, ModuleType
from typing import TYPE_CHECKING, cast, overload

from .cards import Card
from .errors import OptionError, excerpt
from .game import Game
from .i18n import _
from .rules import Rules, check_declaration
from .source_texts import SourceText, add_text, drop_text

if TYPE_CHECKING:
    from .examples import Example
    from .lessons import Lesson
    from .solver_hook import Solver
    from .strategies import Strategy

__all__ = ["GAMES", "DEFAULT_GAME", "GameParts", "new_game", "register", "unregister",
           "rules_for", "rules_class", "game_parts"]


@dataclass(frozen=True)
class GameParts:
    """The parts a game's folder hands to :func:`~solitaire_widgets.games.register` beside its rules: the
    objects, each read from the folder's module of that name (none, if the
    folder has no such module).

    - ``strategies``: its players by name, the default first (``strategies.py``'s
      ``STRATEGIES``); empty: only the random player;
    - ``examples``: its illustrated positions (``examples.py``'s ``EXAMPLES``);
    - ``lessons``: its lessons (``lessons.py``'s ``LESSONS``);
    - ``solver``: its solver (the module ``solver``, with ``solve`` and ``hint``,
      see :class:`~solitaire_widgets.solver_hook.Solver`); the front ends then
      offer its buttons ("Can this still be won?"). None: none.

    A game registered by its rules class alone has none of them.

    >>> parts = game_parts("chain")
    >>> list(parts.strategies), parts.solver is None
    (['play-everything'], True)
    >>> game_parts("klondike").solver.__name__
    'solitaire_widgets.games.klondike.solver'
    """

    strategies: Mapping[str, Callable[[], Strategy]] = field(
        default_factory=lambda: MappingProxyType({}))
    examples: tuple[Example, ...] = ()
    lessons: tuple[Lesson, ...] = ()
    solver: Solver | None = None


_REGISTRY: dict[str, type[Rules]] = {}
_PARTS: dict[str, GameParts] = {}
_NO_PARTS = GameParts()

#: The game a table opens when none is named (the widget's, the page's table's).
DEFAULT_GAME = "klondike"

@overload
def register(rules: type[Rules]) -> type[Rules]: ...
@overload
def register(rules: ModuleType) -> ModuleType: ...


def register(rules: type[Rules] | ModuleType) -> type[Rules] | ModuleType:
    """Add a game to the registry: its :class:`Rules` subclass, or its whole folder
    (the package whose ``__init__`` exports ``RULES`` and imports its parts:
    its ``source``, whose ``TEXT`` joins ``solitaire_widgets.source_texts``,
    and its ``strategies``, ``examples``, ``lessons`` and ``solver``, each
    where it has one, kept as its :class:`~solitaire_widgets.registry.GameParts`). A rules class alone is
    a game with no parts. Returns what it was given, so it can decorate the
    class. Registering the same game twice is harmless.

    This is how a game declared outside the package's folders joins: from then
    on ``new_game``, saves, the command line, the widgets, the page's tables
    and the book's source texts all know it (see CONTRIBUTING.md, "Adding a
    game"). Its declaration is checked first
    (:func:`~solitaire_widgets.rules.check_declaration`). The package's own
    folders are registered this way (``solitaire_widgets.games``).

    >>> from solitaire_widgets.games.klondike import KlondikeRules
    >>> register(KlondikeRules) is KlondikeRules
    True
    >>> import solitaire_widgets.games.chain as chain
    >>> register(chain) is chain
    True
    """
    if isinstance(rules, ModuleType):
        _register_folder(rules)
        return rules
    _register_rules(rules)
    return rules


def _register_rules(rules: object, parts: GameParts = _NO_PARTS) -> None:
    """Register the rules class ``rules`` with ``parts`` (a class registered again
    keeps its parts, unless new ones are given)."""
    if not (isinstance(rules, type) and issubclass(rules, Rules)):
        raise TypeError(f"register() takes a Rules subclass or a game's folder, not {rules!r}")
    name = rules.name
    known = _REGISTRY.get(name)
    if known is rules:
        if parts is not _NO_PARTS:
            _PARTS[name] = parts
        return
    check_declaration(rules)
    if known is not None and known is not rules:
        raise OptionError(f"there is already a game called {name!r}")
    _REGISTRY[name] = rules
    _PARTS[name] = parts


def _part(folder: ModuleType, part: str, table: str) -> object:
    """The ``table`` of ``folder``'s module ``part`` (None if it has no such part);
    a part without its table is refused."""
    module = getattr(folder, part, None)
    if module is None:
        return None
    found = getattr(module, table, None)
    if found is None:
        raise TypeError(f"{folder.__name__}.{part} should hold its {table}; it does not")
    return found


def _folder_parts(folder: ModuleType) -> tuple[SourceText | None, GameParts]:
    """The source text and the parts ``folder`` imports, each checked."""
    name = folder.__name__
    text = _part(folder, "source", "TEXT")
    if text is not None and not isinstance(text, SourceText):
        raise TypeError(f"{name}.source.TEXT should be a SourceText, "
                        f"not {type(text).__name__}")
    strategies = _part(folder, "strategies", "STRATEGIES")
    if strategies is not None and not (isinstance(strategies, Mapping) and all(
            isinstance(key, str) and callable(player) for key, player in strategies.items())):
        raise TypeError(f"{name}.strategies.STRATEGIES should map each player's name to "
                        f"its class, not {excerpt(strategies)}")
    found: dict[str, tuple[object, ...]] = {}
    for part, table in (("examples", "EXAMPLES"), ("lessons", "LESSONS")):
        listed = _part(folder, part, table)
        if listed is not None and not isinstance(listed, (list, tuple)):
            raise TypeError(f"{name}.{part}.{table} should be a list, "
                            f"not {type(listed).__name__}")
        found[part] = tuple(listed or ())
    solver = getattr(folder, "solver", None)
    if solver is not None and not all(callable(getattr(solver, function, None))
                                      for function in ("solve", "hint")):
        raise TypeError(f"{name}.solver should hold its solve and hint; it does not")
    return text, GameParts(
        strategies=MappingProxyType(dict(cast("Mapping[str, Callable[[], Strategy]]",
                                              strategies or {}))),
        examples=cast("tuple[Example, ...]", found["examples"]),
        lessons=cast("tuple[Lesson, ...]", found["lessons"]),
        solver=cast("Solver | None", solver))


def _register_folder(folder: ModuleType) -> None:
    """Register the game of ``folder`` (its ``RULES``), with its source text and its parts."""
    rules = getattr(folder, "RULES", None)
    if not (isinstance(rules, type) and issubclass(rules, Rules)):
        raise TypeError(f"a game's folder exports its Rules subclass as RULES; "
                        f"{folder.__name__} does not")
    text, parts = _folder_parts(folder)
    _register_rules(rules, parts)
    if text is not None:
        try:
            add_text(rules.name, text)
        except ValueError:
            unregister(rules.name)
            raise


def unregister(name: str) -> None:
    """Remove a game from the registry, and its source text (for tests that register
    one of their own)."""
    _REGISTRY.pop(name, None)
    _PARTS.pop(name, None)
    drop_text(name)


class _Names(Sequence[str]):
    """The registered games' names, sorted: a live view of the registry."""

    def _names(self) -> list[str]:
        return sorted(_REGISTRY)

    @overload
    def __getitem__(self, index: int) -> str: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[str]: ...

    def __getitem__(self, index: int | slice) -> str | Sequence[str]:
        return self._names()[index]

    def __len__(self) -> int:
        return len(_REGISTRY)

    def __iter__(self) -> Iterator[str]:
        return iter(self._names())

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name in _REGISTRY

    def __repr__(self) -> str:
        return repr(tuple(self._names()))


#: The names of the registered games (a live view: a registered game appears here).
GAMES: Sequence[str] = _Names()


def rules_class(name: str) -> type[Rules]:
    """The rules class of game ``name``."""
    rules = _REGISTRY.get(name) if isinstance(name, str) else None
    if rules is None:
        raise OptionError(
            _("there is no game called {name}; the games are: {names}").format(
                name=excerpt(name), names=", ".join(GAMES)))
    return rules


def game_parts(game: str | Rules | type[Rules]) -> GameParts:
    """The parts of ``game`` (a registered game's name, or its rules): what its folder
    handed to :func:`~solitaire_widgets.games.register`; none for a game not registered, or registered by
    its rules class alone."""
    name = game if isinstance(game, str) else game.name
    return _PARTS.get(name, _NO_PARTS)


def rules_for(name: str, options: Mapping[str, object] | None = None) -> Rules:
    """The rules of game ``name`` with ``options`` checked."""
    if options is not None and not isinstance(options, Mapping):
        raise OptionError(_("the options should map names to values, not {value}").format(
            value=excerpt(options)))
    return rules_class(name)(**{str(k): v for k, v in (options or {}).items()})  # type: ignore[arg-type]


def new_game(name: str, /, seed: int | None = None,
             deck: Sequence[Card | str] | str | None = None,
             **options: str) -> Game:
    """Start a deal of a registered game (one of ``GAMES``).

    ``seed`` picks the deal (the same seed gives the same deal everywhere); or
    give ``deck``, the cards in dealing order (``"AS 2H ..."``). ``options``
    choose among readings of the text, e.g. ``new_game("chain", aux_row="at-start")``.
    """
    return Game(rules_for(name, options), seed=seed, deck=deck)
