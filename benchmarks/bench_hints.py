"""How fast the solver's hints answer from positions reached in play, one core.

    python benchmarks/bench_hints.py --deals 20 --variant polish

For each deal, the heuristic player (:mod:`solitaire_widgets.games.klondike.strategies`)
plays it and positions are taken at a few moves along the way; at each,
:func:`solitaire_widgets.games.klondike.solver.hint` is asked with its time budget (1 s by
default), once with the solver as it is and once with the baseline
(:data:`solitaire_widgets.games.klondike.solver.config.BASELINE`, every pruning rule off),
same positions, same run. Prints, for each, how many answers were decided
(won or lost) and how many said the budget ran out, and the median, 95th
percentile and largest answer time.
"""

from __future__ import annotations

import argparse
import random

from solitaire_widgets import new_game
from solitaire_widgets.game import Game
from solitaire_widgets.games.klondike.solver import HINT_SECONDS, hint
from solitaire_widgets.games.klondike.solver.config import BASELINE, DEFAULT, Config
from solitaire_widgets.games.klondike.strategies import HeuristicPlayer


def positions(deals: range, variant: str, per_deal: int) -> list[Game]:
    """Positions the heuristic player reaches, ``per_deal`` of them per deal."""
    found: list[Game] = []
    for seed in deals:
        game = new_game("klondike", seed=seed, variant=variant)
        player = HeuristicPlayer()
        line = []
        while not game.is_over:
            move = player.choose(game)
            if move is None:
                break
            line.append(move)
            game.play(move)
        stops = sorted(random.Random(seed).sample(range(len(line) + 1),
                                                  min(per_deal, len(line) + 1)))
        replay = new_game("klondike", seed=seed, variant=variant)
        done = 0
        for stop in stops:
            while done < stop:
                replay.play(line[done])
                done += 1
            if not replay.is_over:
                found.append(replay.clone())
    return found


def measure(games: list[Game], seconds: float, config: Config) -> dict[str, str]:
    """One column of the table."""
    times: list[float] = []
    statuses: list[str] = []
    for game in games:
        answer = hint(game, max_seconds=seconds, config=config)
        times.append(answer.seconds)
        statuses.append(answer.status)
    times.sort()
    n = len(times)
    return {
        "positions": str(n),
        "won / lost / budget ran out": " / ".join(
            str(statuses.count(s)) for s in ("won", "lost", "unresolved")),
        "median seconds": f"{times[n // 2]:.3f}",
        "95th percentile": f"{times[min(n - 1, int(0.95 * n))]:.3f}",
        "max seconds": f"{times[-1]:.3f}",
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Klondike hint time, one core")
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--start", type=int, default=0, help="first seed")
    parser.add_argument("--per-deal", type=int, default=3, help="positions taken per deal")
    parser.add_argument("--variant", choices=("standard", "draw-three", "polish"),
                        default="polish")
    parser.add_argument("--seconds", type=float, default=HINT_SECONDS, help="time budget")
    args = parser.parse_args(argv)
    games = positions(range(args.start, args.start + args.deals), args.variant, args.per_deal)
    solver = measure(games, args.seconds, DEFAULT)
    plain = measure(games, args.seconds, BASELINE)
    print(f"Klondike ({args.variant}) hints, deals {args.start}..{args.start + args.deals - 1}, "
          f"{args.per_deal} positions reached in play per deal, {args.seconds:g} s budget, "
          "one core")
    width = max(len(k) for k in solver)
    print(f"{'':<{width}}  {'solver':>14}  {'baseline':>14}")
    for key in solver:
        print(f"{key:<{width}}  {solver[key]:>14}  {plain[key]:>14}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
