"""Bytes a page's table receives per move: the drawings of its felt, slots and
labels, and the whole answer, beside the old way of sending them in the same run.

A table (:class:`~solitaire_widgets.web.session.PageSession`) plays
``--moves`` random moves (a new deal when one ends) and each answer is
measured as the page gets it (JSON). The baseline sends the felt, slots
and labels as one drawing whenever any of them changes (kept, as the
table's drawings are, up to 32 of them): what the table sent before each
slot and label became a drawing of its own.

    python benchmarks/bench_page_bytes.py --game quarrel --moves 3000
"""

from __future__ import annotations

import argparse
import json
import random
import sys

from solitaire_widgets.render.svg import _static_svg
from solitaire_widgets.web.session import PageSession

#: The baseline keeps this many whole drawings before it forgets them all.
KEPT = 32


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="quarrel")
    parser.add_argument("--moves", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    session = PageSession(args.game, seed=args.seed)
    rnd = random.Random(args.seed)
    drawings = answers = whole = deals = 0
    kept: dict[object, int] = {}
    for _ in range(args.moves):
        game = session.game
        if game.is_over:
            view = session.handle({"op": "new", "seed": None})
            deals += 1
        else:
            view = session.handle({"op": "play", "move": str(rnd.choice(game.legal_moves()))})
        drawings += len(json.dumps(view["statics"]))
        answers += len(json.dumps(view))
        scene = session.scene
        looks = (scene.width, scene.height, tuple(scene.slots), tuple(scene.labels))
        if len(kept) > 2 * KEPT:
            kept.clear()
        if looks not in kept:
            text = _static_svg(scene, False)
            if text not in kept:
                whole += len(json.dumps({"0": text}))
            kept[text] = kept[looks] = len(kept)
    figures = {"game": args.game, "moves": args.moves, "new deals": deals,
               "drawings MB": round(drawings / 1e6, 3),
               "whole drawings MB (baseline)": round(whole / 1e6, 3),
               "answers MB": round(answers / 1e6, 2),
               "answer bytes per move": round(answers / args.moves)}
    if args.json:
        print(json.dumps(figures))
    else:
        print(f"{args.game}, {args.moves:,} moves ({deals} new deals): drawings "
              f"{figures['drawings MB']} MB (whole drawings at each change: "
              f"{figures['whole drawings MB (baseline)']} MB); every answer "
              f"{figures['answers MB']} MB, {figures['answer bytes per move']:,} bytes a move")
    return 0


if __name__ == "__main__":
    sys.exit(main())
