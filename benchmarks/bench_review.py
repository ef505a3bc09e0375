"""How long a review of a lost Klondike game takes, beside solving every position on its own.

    python benchmarks/bench_review.py --games 5 --naive 3 --variant polish

The games: lost games of about 150 moves (130 to 170) on deals the stored
study (``benchmarks/data/klondike_study_<variant>.json``) says can be won,
played by the random player (:class:`solitaire_widgets.strategies.RandomStrategy`,
seeded with the deal number), and the built-in player's lost games on such
deals (50 to 90 moves). Each is reviewed by
:func:`solitaire_widgets.review.review` (bisection on the won-lost boundary,
what one search proves shared with the others) and, for the first
``--naive`` of each kind, by the naive loop that searches every position on
its own (:func:`solitaire_widgets.review.naive_review`), the same budget per
search, in the same run, one core. Prints each game's moves, turning point,
positions searched and seconds, and checks that both give the same verdicts
where both settle them.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from solitaire_widgets import new_game
from solitaire_widgets.game import Game
from solitaire_widgets.review import DEFAULT_NODES, naive_review, review
from solitaire_widgets.strategies import RandomStrategy, get_strategy, play_out

DATA = Path(__file__).resolve().parent / "data"


def winnable(variant: str) -> list[int]:
    """The deals the stored study found won, in order."""
    rows = json.loads((DATA / f"klondike_study_{variant}.json").read_text())["deals"]
    return [row["seed"] for row in rows if row["status"] == "won"]


def long_games(variant: str, count: int) -> list[Game]:
    """Lost games of 130 to 170 moves of the random player on winnable deals."""
    out: list[Game] = []
    for seed in winnable(variant):
        game = new_game("klondike", seed=seed, variant=variant)
        play_out(game, RandomStrategy(seed), max_moves=400)
        if not game.is_won and game.is_over and 130 <= game.moves_played <= 170:
            out.append(game)
            if len(out) == count:
                break
    return out


def player_games(variant: str, count: int) -> list[Game]:
    """The built-in player's lost games on winnable deals."""
    out: list[Game] = []
    for seed in winnable(variant):
        game = new_game("klondike", seed=seed, variant=variant)
        play_out(game, get_strategy("klondike"))
        if not game.is_won:
            out.append(game)
            if len(out) == count:
                break
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=5, help="games of each kind")
    parser.add_argument("--naive", type=int, default=2,
                        help="of them, how many are also searched position by position")
    parser.add_argument("--variant", default="polish")
    parser.add_argument("--max-nodes", type=int, default=DEFAULT_NODES)
    args = parser.parse_args()
    for kind, games in (("random player, ~150 moves", long_games(args.variant, args.games)),
                        ("built-in player", player_games(args.variant, args.games))):
        print(f"{kind} ({args.variant}):")
        times: list[float] = []
        naive_times: list[float] = []
        for n, game in enumerate(games):
            start = time.perf_counter()
            result = review(game, max_nodes=args.max_nodes)
            seconds = time.perf_counter() - start
            times.append(seconds)
            line = (f"  deal {game.seed:5}: {game.moves_played:3} moves, turning point "
                    f"{result.turning_point}, {result.searched} searched, {seconds:6.2f} s")
            if n < args.naive:
                start = time.perf_counter()
                verdicts = naive_review(game, max_nodes=args.max_nodes)
                naive = time.perf_counter() - start
                naive_times.append(naive)
                same = all(a == b for a, b in zip(verdicts, result.verdicts, strict=True)
                           if "unknown" not in (a, b))
                line += f"; naive {naive:7.2f} s ({naive / seconds:.0f}x), same verdicts: {same}"
                if not same:
                    raise SystemExit(f"deal {game.seed}: the verdicts differ")
            print(line, flush=True)
        print(f"  review: median {statistics.median(times):.2f} s, largest {max(times):.2f} s"
              + (f"; naive loop: median {statistics.median(naive_times):.1f} s"
                 if naive_times else ""))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
