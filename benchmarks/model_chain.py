"""Chain on its model: the bare loop's player, on :class:`~solitaire_widgets.games.chain.model.ChainModel`.

The same deals and the same choices as ``bare_chain.play`` and the engine's
``PlayEverything`` (a card to its series, else fill, else the auxiliary row,
else the redeal), played on the game's model instead of a loop written here:
``bench_engine.py`` times the three side by side.
"""

from __future__ import annotations

from solitaire_widgets.cards import CODE, full_deck
from solitaire_widgets.chance import seed_rng, shuffled
from solitaire_widgets.games.chain.model import ChainModel
from solitaire_widgets.moves import Move

OPTIONS = {"aux_row": "when-stuck"}
_CHOICES = ("move", "fill", "aux")


def choose(moves: list[Move]) -> Move:
    """PlayEverything's choice among the legal moves."""
    for wanted in _CHOICES:
        for move in moves:
            if move.action == wanted:
                return move
    return moves[0]


def play(seed: int) -> bool:
    """Play one Chain deal on the model the way PlayEverything does; True if won."""
    model = ChainModel(OPTIONS, seed, [CODE[card] for card in shuffled(full_deck(),
                                                                     seed_rng(seed, 0))])
    model.deal()
    while not model.over:
        model.apply(choose(model.legal_moves()))
    return model.won
