"""Quarrel: everything the game is, in one folder.

- :mod:`.rules`: the rules (:class:`QuarrelRules`) and the game's words;
- :mod:`.examples`: the text's illustrated positions, as replays;
- :mod:`.strategies`: the players that play it out, with :mod:`.search`
  (their lookahead and Monte Carlo search);
- :mod:`.bounds`: the clairvoyant player's verdict on a deal.

The rules' names are importable from here (``solitaire_widgets.games.quarrel.QuarrelRules``).
"""

from .rules import *  # noqa: F403
from .rules import __all__  # noqa: F401
