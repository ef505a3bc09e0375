"""Klondike (Polish rules) played on the game's model by the benchmark's simple player.

The same player as the bare loop (``bare_klondike.py``) and the engine's
``bench_engine.SimpleKlondike``: foundation moves first, then the waste to a
column, then a move that turns up a face-down card, then turn, then the
second pass; written against
:class:`~solitaire_widgets.games.klondike.model.KlondikeModel` (its legal
moves are the engine's ``Move`` values). On the same deals all three must win
exactly the same deals.

Run on its own, it times the bare loop and the model side by side on the same
deals, in CPU seconds, the best of R interleaved rounds, and checks the wins:
``python benchmarks/model_klondike.py [--deals N] [--rounds R]``.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(1, str(Path(__file__).resolve().parent.parent))

import bare_klondike  # noqa: E402

from solitaire_widgets import Move  # noqa: E402
from solitaire_widgets.games.klondike.model import KlondikeModel, deal_codes  # noqa: E402

OPTIONS = {"variant": "polish", "worrying_back": "no"}
# A column's index by its pile id.
_COLUMN = {f"t{i}": i - 1 for i in range(1, 8)}


def choose(model: KlondikeModel) -> Move | None:
    """The simple player's move, or None when it sees none worth playing."""
    moves = model.legal_moves()
    for move in moves:
        if move.dst[:1] == "f":
            return move
    for move in moves:
        if move.src == "w":
            return move
    cols = model.cols
    for move in moves:
        at = _COLUMN.get(move.src)
        if at is not None:
            col = cols[at]
            if col[0] and move.count == len(col) - 1 - col[0]:
                return move
    for move in moves:
        if move.action != "move":
            return move
    return None


def play(seed: int) -> bool:
    """Play one deal on the model; True if won."""
    model = KlondikeModel(OPTIONS, seed, deal_codes(seed))
    model.deal()
    while not model.over:
        move = choose(model)
        if move is None:
            return False
        model.apply(move)
    return model.won


def measure(play: Callable[[int], bool], deals: int) -> tuple[float, int]:
    """CPU seconds for ``deals`` deals, and how many were won."""
    began = time.process_time()
    won = sum(play(seed) for seed in range(deals))
    return time.process_time() - began, won


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    sides: dict[str, Callable[[int], bool]] = {"bare": bare_klondike.play, "model": play}
    best = dict.fromkeys(sides, float("inf"))
    wins = {name: {seed for seed in range(args.deals) if side(seed)}
            for name, side in sides.items()}
    for _ in range(args.rounds):
        for name, side in sides.items():
            seconds, _won = measure(side, args.deals)
            best[name] = min(best[name], seconds)
    print(f"Klondike (Polish rules), simple player, deals 0..{args.deals - 1}, "
          f"best of {args.rounds} rounds, CPU seconds")
    for name in sides:
        print(f"  {name:>6}: {args.deals / best[name]:8.0f} deals/s, "
              f"{len(wins[name])} won")
    print(f"  model/bare: {best['bare'] / best['model']:.2f}")
    same = wins["bare"] == wins["model"]
    print("same deals won" if same else "the deals won differ")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
