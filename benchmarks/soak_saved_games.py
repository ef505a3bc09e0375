"""Soak: the memory a process holds after many saved-and-dropped games, beside as
many games never saved, in the same run.

Each game is played ``--moves`` moves by the first legal move (Klondike,
standard rules; Chain and Quarrel with ``--game``), read back as a widget
does (saved after every move for the last ``--saves`` moves), then dropped.
The figure is the memory Python still holds once every game is dropped and
collected (``tracemalloc``), and the process's peak resident size: a saved
game that stayed alive would make the saved column grow with ``--games``.

    python benchmarks/soak_saved_games.py --games 2000
"""

from __future__ import annotations

import argparse
import gc
import json
import resource
import sys
import tracemalloc
from collections.abc import Callable

from solitaire_widgets import new_game
from solitaire_widgets.game import Game


def _played(name: str, seed: int, moves: int, options: dict[str, str],
            each: Callable[[Game], object]) -> None:
    game = new_game(name, seed=seed, **options)
    for _ in range(moves):
        if game.is_over:
            break
        game.play(game.legal_moves()[0])
        each(game)


def _held(run: Callable[[], None]) -> float:
    """MB Python holds after ``run`` and a collection, beyond what it held before."""
    gc.collect()
    before = tracemalloc.get_traced_memory()[0]
    run()
    gc.collect()
    return (tracemalloc.get_traced_memory()[0] - before) / 1e6


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--moves", type=int, default=50)
    parser.add_argument("--saves", type=int, default=5, help="saves in each game's last moves")
    parser.add_argument("--game", default="klondike")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    options = {"variant": "standard"} if args.game == "klondike" else {}
    start = args.moves - args.saves

    def never_saved() -> None:
        for seed in range(args.games):
            _played(args.game, seed, args.moves, options, lambda game: None)

    def saved() -> None:
        for seed in range(args.games):
            _played(args.game, seed, args.moves, options,
                    lambda game: game.to_json() if game.moves_played > start else None)

    for seed in range(20):   # the package's caches (words, moves) filled first
        _played(args.game, seed, args.moves, options, lambda game: game.to_json())
    tracemalloc.start()
    figures = {"games": args.games, "moves": args.moves, "game": args.game,
               "never saved, MB held": round(_held(never_saved), 2),
               "saved, MB held": round(_held(saved), 2)}
    tracemalloc.stop()
    figures["peak resident MB"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1e3)
    if args.json:
        print(json.dumps(figures))
    else:
        print(f"{args.games:,} {args.game} games of {args.moves} moves, dropped: "
              f"never saved {figures['never saved, MB held']} MB held, "
              f"saved {figures['saved, MB held']} MB held "
              f"(peak resident {figures['peak resident MB']} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
