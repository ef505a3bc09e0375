"""The cost of ending dead Klondike games: the engine per move, with the test and without.

The same simple player plays the same deals twice in each round, once with
:meth:`~solitaire_widgets.games.klondike.KlondikeRules.dead` as it is and once
with it answering "not dead" at once (so a dead game goes round until the
move limit); the figure is CPU microseconds per move played, the best of R
interleaved rounds.

Run: ``python benchmarks/bench_dead.py [--deals N] [--rounds R]`` (one core).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(1, str(Path(__file__).resolve().parent.parent))

from bench_engine import SimpleKlondike  # noqa: E402

from solitaire_widgets import new_game  # noqa: E402
from solitaire_widgets.games.klondike import KlondikeRules  # noqa: E402
from solitaire_widgets.strategies import play_out  # noqa: E402
from solitaire_widgets.table import Table  # noqa: E402

_DEAD = KlondikeRules.dead


def _never_dead(self: KlondikeRules, table: Table) -> bool:
    return False


def per_move(variant: str, deals: int) -> float:
    """CPU microseconds per move over ``deals`` deals (400 moves at most each)."""
    start = time.process_time()
    moves = 0
    for seed in range(deals):
        game = new_game("klondike", seed=seed, variant=variant)
        moves += play_out(game, SimpleKlondike(), max_moves=400).moves
    return 1e6 * (time.process_time() - start) / max(moves, 1)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=150)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    for variant in ("standard", "draw-three", "polish"):
        best = {"with the test": float("inf"), "without": float("inf")}
        for _ in range(args.rounds):
            for name, dead in (("with the test", _DEAD), ("without", _never_dead)):
                KlondikeRules.dead = dead  # type: ignore[method-assign]
                best[name] = min(best[name], per_move(variant, args.deals))
        KlondikeRules.dead = _DEAD  # type: ignore[method-assign]
        ratio = best["with the test"] / best["without"]
        print(f"{variant:10}  with the test {best['with the test']:5.1f} µs/move, "
              f"without {best['without']:5.1f} µs/move, ratio {ratio:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
