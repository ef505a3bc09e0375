"""The documents' illustrated positions and the rule demonstrations, as replays.

Each example is a real replay: a deck in dealing order, the moves played on
it (and the order of any reshuffle), with words beside each step. Playing it
proves the position is reachable under the engine's rules.

>>> from solitaire_widgets.examples import EXAMPLES, get_example
>>> "chain-first-layout" in EXAMPLES
True
>>> game = get_example("chain-first-layout").play()
>>> game.name
'chain'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .errors import OptionError, excerpt
from .game import Game, displayed
from .i18n import _
from .save_reader import SAVE_FORMAT

# EXAMPLES is found on first use (the module's __getattr__).
__all__ = ["Example", "EXAMPLES", "get_example", "example_names"]  # noqa: F822


@dataclass(frozen=True)
class Example:
    """One replay to show: what it illustrates and the moves that reach it.

    ``steps`` pairs each move's text with the words shown beside it (the
    source text's own words where it has them). ``shuffles`` gives, for a
    step that reshuffles, the recorded orders (step index -> orders), so the
    example does not depend on a seed's luck.
    """

    name: str
    game: str
    title: str
    #: What the example shows (written in English; ``str()`` says it in the current language).
    summary: str
    #: The source text's sentence(s) it rebuilds, in the original language ('' if none).
    source: str
    #: Our English translation of ``source``.
    translation: str
    deck: str
    #: Each step's move and words (written in English, quoting the text's originals;
    #: :attr:`words` says them in the reader's language).
    steps: tuple[tuple[str, str], ...]
    options: dict[str, str] = field(default_factory=dict)
    seed: int = 0
    shuffles: dict[int, tuple[str, ...]] = field(default_factory=dict)
    #: Show the opening deal card by card: ``(words beside the first card dealt,
    #: words beside the rest of the opening)``; empty: the deal is one frame.
    deal_frames: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        # The title and the summary are said in the reader's language when read
        # (an example is a module constant, made once): see sources.Said.
        from .source_texts import translated

        object.__setattr__(self, "title", translated(self.title))
        object.__setattr__(self, "summary", translated(self.summary))
        object.__setattr__(self, "steps", tuple((move, translated(words))
                                                for move, words in self.steps))
        object.__setattr__(self, "deal_frames", tuple(translated(words)
                                                      for words in self.deal_frames))

    def save_data(self) -> dict[str, Any]:
        """The example as save-file data (see :meth:`Game.to_dict`)."""
        moves: list[dict[str, Any]] = []
        for index, (move, _words) in enumerate(self.steps):
            entry: dict[str, Any] = {"move": move}
            if index in self.shuffles:
                entry["shuffles"] = [order.split() for order in self.shuffles[index]]
            moves.append(entry)
        return {
            "format": SAVE_FORMAT,
            "game": self.game,
            "options": dict(self.options),
            "seed": self.seed,
            "deck": self.deck.split(),
            "custom_deck": True,  # stacked by hand, reshuffles too
            "moves": moves,
        }

    def play(self) -> Game:
        """Replay the example and return the game at its last step."""
        import json

        from .save_reader import load_game

        return load_game(json.dumps(self.save_data()))

    def _repr_html_(self) -> str:
        # Shown on its own in a notebook (or nbviewer, or the book): see
        # solitaire_widgets.html_replays.example_html.
        shown: str = displayed(self, "html")
        return shown

    def _repr_png_(self) -> bytes:
        # The picture of its deal, for the viewers that show only images (GitHub).
        shown: bytes = displayed(self, "png")
        return shown

    @property
    def words(self) -> list[str]:
        """The words beside each step, in order, in the current language's quotations."""
        return [str(words) for _move, words in self.steps]


_FOUND: dict[str, Example] = {}


def _collect(games: tuple[str, ...] | None = None) -> dict[str, Example]:
    """The examples of ``games`` (every registered game if None): the ``EXAMPLES``
    each game's folder hands to the registry (its ``examples.py``)."""
    from .registry import GAMES, game_parts, rules_class

    for game in GAMES if games is None else games:
        rules_class(game)  # an unknown game is refused
        for example in game_parts(game).examples:
            if example.game == game:
                _FOUND.setdefault(example.name, example)
    # Only the registered games' (a game may be unregistered since).
    return {name: example for name, example in _FOUND.items() if example.game in GAMES}


def __getattr__(name: str) -> Any:
    if name == "EXAMPLES":
        return dict(_collect())
    raise AttributeError(name)


def example_names(game: str | None = None) -> list[str]:
    """The names of every example (of ``game`` only, if given), in a stable order."""
    found = _collect() if game is None else _collect((game,))
    return [n for n, e in found.items() if game is None or e.game == game]


def get_example(name: str) -> Example:
    """The example called ``name``; an unknown name is an :class:`OptionError`."""
    found = _collect()
    try:
        return found[name]
    except KeyError:
        raise OptionError(
            _("there is no example called {name}; the examples are: {names}").format(
                name=excerpt(name), names=", ".join(found))) from None
