"""Quarrel: everything the game is, in one folder.

- :mod:`.model`: the rules (:class:`~.model.QuarrelModel`): the legal moves
  and how they play out, on a compact state, the one place they are written;
  a game, the bounds and the search players play on it;
- :mod:`.rules`: the game's declaration (:class:`QuarrelRules`), its words,
  and its hooks on a table, which read the model;
- :mod:`.examples`: the text's illustrated positions, as replays;
- :mod:`.strategies`: the players that play it out, with :mod:`.search`
  (their lookahead and Monte Carlo search);
- :mod:`.lessons`: its lessons; :mod:`.source`: its text;
- :mod:`.bounds`: the clairvoyant player's verdict on a deal (a search on the model).

The parts imported here (its examples, lessons, source text and players) are
handed to the registry with the rules when the folder is registered. The rules' names are importable from here (``solitaire_widgets.games.quarrel.QuarrelRules``).
"""

# The parts, handed to the registry with the rules (registry.register).
from . import examples, lessons, source, strategies  # noqa: F401
from .rules import *  # noqa: F403
from .rules import __all__  # noqa: F401
