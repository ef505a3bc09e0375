"""Quarrel on its model: the bare loop's player, on :class:`~solitaire_widgets.games.quarrel.model.QuarrelModel`.

The same deals and the same choices as ``bare_quarrel.play`` and the
benchmark's ``FirstMove`` (the first legal move: a card onto a series before
dealing on, the left half first), played on the game's model instead of a
loop written here: ``bench_engine.py`` times the three side by side.
"""

from __future__ import annotations

from solitaire_widgets.cards import CODE, full_deck
from solitaire_widgets.chance import seed_rng, shuffled
from solitaire_widgets.games.quarrel.model import QuarrelModel

OPTIONS = {"deal": "any-time", "hit_card": "to-series"}


def play(seed: int) -> bool:
    """Play one Quarrel deal on the model, always the first legal move; True if won."""
    model = QuarrelModel(OPTIONS, seed, [CODE[card] for card in shuffled(full_deck(2),
                                                                       seed_rng(seed, 0))])
    model.deal()
    apply, moves = model.apply, model.legal_moves
    while not model.over:
        apply(moves()[0])
    return model.won
