"""Little Golf's example: the deal and three moves, under the sentence they rest on."""

from __future__ import annotations

from solitaire_widgets.examples import Example
from solitaire_widgets.game import Game

from .rules import NAME, LittleGolfRules
from .source import TEXT

__all__ = ["EXAMPLES"]

#: The sentence the first move rests on.
RULE = ("Die letzte Karte einer Reihe darf auf die Ablage, wenn sie um eins höher "
        "oder um eins niedriger ist als deren oberste Karte.")
#: Its one translation, as the text has it.
TRANSLATION = dict(pair for paragraph in TEXT.sentences for pair in paragraph)[RULE]


def _opening_example() -> Example:
    game = Game(LittleGolfRules(), seed=4)
    steps = []
    for _ in range(3):
        move = game.legal_moves()[0]
        steps.append((str(move), game.describe(move)))
        game.play(move)
    return Example(name="little-golf-opening", game=NAME, title="Little Golf: three moves",
                   summary="The deal and three moves.", source=RULE,
                   translation=TRANSLATION,
                   deck=" ".join(str(card) for card in game.deck), steps=tuple(steps))


EXAMPLES = [_opening_example()]
