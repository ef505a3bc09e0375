"""Engine speed: deals per second per core, side by side with bare loops.

For each game the same player plays the same deals twice: once through the
engine (``new_game`` + ``legal_moves`` + ``play``, with history, events and
checks), once in a bare loop on plain ints written here. Both must win the
same deals (a cross-check that the bare loop plays the same rules); the
ratio of their speeds is the engine's overhead, which should stay under 3x.

Run: ``python benchmarks/bench_engine.py [--deals N] [--rounds R]`` (one core).
Each side is timed in CPU seconds of this process (``time.process_time``), the
best of R interleaved rounds: on a shared machine the wall clock also counts
the time other programs hold the core, the CPU clock does not.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(1, str(Path(__file__).resolve().parent.parent))

import bare_chain  # noqa: E402
import bare_klondike  # noqa: E402
import bare_quarrel  # noqa: E402

from solitaire_widgets import Game, Move, new_game  # noqa: E402
from solitaire_widgets.games.chain.strategies import PlayEverything  # noqa: E402
from solitaire_widgets.strategies import play_out  # noqa: E402


class SimpleKlondike:
    """Foundation moves, then the waste to a column, then a move that turns up
    a card, then turn, then the second pass; nothing else."""

    name = "simple"

    def choose(self, game: Game) -> Move | None:
        moves = game.legal_moves()
        table = game.table
        for move in moves:
            if move.action == "move" and move.dst.startswith("f"):
                return move
        for move in moves:
            if move.action == "move" and move.src == "w":
                return move
        for move in moves:
            if move.action == "move":
                pile = table.piles[move.src]
                if pile.down and move.count == len(pile.cards) - pile.down:
                    return move
        for move in moves:
            if move.action in ("turn", "redeal"):
                return move
        return None


class FirstMove:
    """The first legal move, always (Quarrel: every card before dealing on)."""

    name = "first"

    def choose(self, game: Game) -> Move | None:
        moves = game.legal_moves()
        return moves[0] if moves else None


def engine_quarrel(seed: int) -> bool:
    return play_out(new_game("quarrel", seed=seed), FirstMove()).won


def engine_chain(seed: int) -> bool:
    return play_out(new_game("chain", seed=seed), PlayEverything()).won


def engine_klondike(seed: int) -> bool:
    return play_out(new_game("klondike", seed=seed), SimpleKlondike()).won


def measure(play: Callable[[int], bool], deals: int) -> tuple[float, int]:
    """Deals per CPU second of ``play`` on deals 0..deals-1, and how many it won."""
    start = time.process_time()
    wins = sum(play(seed) for seed in range(deals))
    return deals / (time.process_time() - start), wins


def load() -> str:
    """The machine's load averages (1, 5, 15 minutes), or "unknown"."""
    try:
        return " ".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:  # pragma: no cover - not on every system
        return "unknown"


GAMES: dict[str, tuple[Callable[[int], bool], Callable[[int], bool]]] = {
    "chain": (engine_chain, bare_chain.play),
    "klondike": (engine_klondike, bare_klondike.play),
    "quarrel": (engine_quarrel, bare_quarrel.play),
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    print(f"load average before: {load()}")
    print(f"{'game':10} {'engine deals/s':>15} {'bare deals/s':>13} {'ratio':>6}  same wins")
    worst = 0.0
    for name, (engine, bare) in GAMES.items():
        # Interleave the rounds so that machine noise hits both alike; keep the best.
        e = b = 0.0
        for _ in range(args.rounds):
            rate, ew = measure(engine, args.deals)
            e = max(e, rate)
            rate, bw = measure(bare, args.deals)
            b = max(b, rate)
        ratio = b / e
        worst = max(worst, ratio)
        print(f"{name:10} {e:15.0f} {b:13.0f} {ratio:6.2f}  {ew == bw} ({ew} of {args.deals})")
    print(f"worst ratio {worst:.2f} (goal: under 3); load average after: {load()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
