"""Klondike: everything the game is, in one folder.

- :mod:`.rules`: the rules (:class:`KlondikeRules`) and the game's words;
- :mod:`.examples`: the text's illustrated positions, as replays;
- :mod:`.strategies`: the players that play it out;
- :mod:`.lessons`: its lessons; :mod:`.source`: its text;
- :mod:`.solver`: its solver (a package).

The parts imported here (its examples, lessons, source text, players and
solver) are handed to the registry with the rules when the folder is
registered. The rules' names are
importable from here (``solitaire_widgets.games.klondike.KlondikeRules``).
"""

# The parts, handed to the registry with the rules (registry.register).
from . import examples, lessons, solver, source, strategies  # noqa: F401
from .rules import *  # noqa: F403
from .rules import __all__  # noqa: F401
