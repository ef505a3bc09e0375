"""How long the PNG backend (Pillow) takes to draw a table, and how big the PNG is.

    python benchmarks/bench_png.py            # 760 px, scale 1 (the widgets' default)
    python benchmarks/bench_png.py 760 0.75   # width and scale

For each game: a deal and the same deal 25 moves on (the built-in player's
moves, so more cards face up), drawn three times; the best CPU time of the
three (``time.process_time``, so other programs on the machine count for
little), the PNG's bytes and its base64 text as a mime bundle carries it,
beside the SVG of the same scene.
"""

from __future__ import annotations

import base64
import sys
import time

from solitaire_widgets import new_game
from solitaire_widgets.render.png import scene_png
from solitaire_widgets.render.scene import layout
from solitaire_widgets.render.svg import scene_svg
from solitaire_widgets.strategies import get_strategy


def main() -> None:
    width = float(sys.argv[1]) if len(sys.argv) > 1 else 760.0
    scale = float(sys.argv[2]) if len(sys.argv) > 2 else 1.0
    print(f"{'table':<21} {'size':>9} {'CPU s':>6} {'PNG B':>7} {'base64':>7} {'SVG B':>7}")
    for name in ("klondike", "quarrel", "chain"):
        game = new_game(name, seed=3)
        positions = [("deal", game.table.copy())]
        strategy = get_strategy(name)
        for _ in range(25):
            move = strategy.choose(game)
            if move is None:
                break
            game.play(move)
        positions.append(("25 moves on", game.table))
        for label, table in positions:
            scene = layout(name, table, width)
            best = float("inf")
            for _ in range(3):
                start = time.process_time()
                png = scene_png(scene, scale=scale)
                best = min(best, time.process_time() - start)
            print(f"{name + ' ' + label:<21} {f'{scene.width:g}x{scene.height:g}':>9} "
                  f"{best:6.3f} {len(png):7d} {len(base64.b64encode(png)):7d} "
                  f"{len(scene_svg(scene).encode()):7d}")


if __name__ == "__main__":
    main()
