"""Write ``book/_static/klondike-table.png``, the picture at the top of the README.

Klondike deal 7 under the Polish rules, 40 moves into a game of the built-in
player, drawn 760 px wide by the package's own renderer (the picture a game
shows in a notebook viewer that displays only images). Run from the
repository root::

    .venv/bin/python tools/readme_picture.py
"""

from __future__ import annotations

from pathlib import Path

from solitaire_widgets import new_game
from solitaire_widgets.render import repr_png
from solitaire_widgets.strategies import get_strategy

PICTURE = Path(__file__).resolve().parent.parent / "book" / "_static" / "klondike-table.png"
SEED, MOVES, WIDTH = 7, 40, 760


def main() -> None:
    game = new_game("klondike", seed=SEED)
    player = get_strategy("klondike")
    for _ in range(MOVES):
        move = player.choose(game)
        if move is None:
            break
        game.play(move)
    PICTURE.write_bytes(repr_png(game, WIDTH))
    print(f"wrote {PICTURE} ({len(game.history)} moves played)")


if __name__ == "__main__":
    main()
