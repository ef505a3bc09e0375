"""Little Golf: a game declared outside the package, everything it is in this one folder.

- :mod:`.source`: its text (in German, the language none of the package's
  catalogs speaks) with the one English translation of each sentence;
- :mod:`.rules`: the rules (:class:`LittleGolfRules`) and the game's words;
- :mod:`.layout`: its table, built with the public ``PilePlacement``;
- :mod:`.strategies`: its player; :mod:`.examples`: the opening, as a replay.

``solitaire_widgets.games.register(little_golf)`` registers the folder: its
rules, its parts imported here (its player and its example), and its text
beside the package's three.
"""

# The parts, handed to the registry with the rules (registry.register).
from . import examples, source, strategies  # noqa: F401
from .rules import *  # noqa: F403
from .rules import __all__  # noqa: F401
