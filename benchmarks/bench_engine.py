"""Engine speed: deals per second per core, side by side with plain loops and the models.

For each game the same player plays the same deals four ways: through the
engine as ``solitaire-widgets stats`` plays them on one core (its chunks of
deals: the rules, then per deal a ``Game``, the player and ``play_out``, with
the history kept and every move checked); in a bare loop on plain ints written here
(``bare_<game>.py``, which lists every legal move as the engine does); in a
loop written as plainly as possible (``plain_<game>.py``: it looks only for
the move it plays); and on the game's model
(``solitaire_widgets/games/<game>/model.py``), in ``model_<game>.py``. All
must win the same deals (a cross-check that they play the same rules; the
run fails otherwise). The goals: the model at 0.9x the bare loop's speed or
more, the engine's time within 1.5x of the bare loop's and of the plain
loop's.

Run: ``python benchmarks/bench_engine.py [--deals N] [--rounds R] [--game G ...]``
(one core). Each loop is timed in CPU seconds of this process
(``time.process_time``), the best of R interleaved rounds: on a shared
machine the wall clock also counts the time other programs hold the core,
the CPU clock does not.
"""

from __future__ import annotations

import argparse
import importlib
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

from solitaire_widgets import Game, Move  # noqa: E402
from solitaire_widgets.games.chain.strategies import PlayEverything  # noqa: E402
from solitaire_widgets.stats import Job, StrategySpec, _chunk  # noqa: E402


class SimpleKlondike:
    """Foundation moves, then the waste to a column, then a move that turns up
    a card, then turn, then the second pass; nothing else."""

    name = "simple"

    def choose(self, game: Game) -> Move | None:
        moves = game.legal_moves()
        for move in moves:
            if move.action == "move" and move.dst.startswith("f"):
                return move
        for move in moves:
            if move.action == "move" and move.src == "w":
                return move
        for move in moves:
            if move.action == "move":
                pile = game.pile(move.src)
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


def stats_loop(game: str, player: StrategySpec) -> Callable[[range], list[int]]:
    """The deals ``player`` wins in ``game`` as ``stats`` plays them on one core
    (``run_stats(game, strategy=player)`` runs these chunks)."""

    def won(seeds: range) -> list[int]:
        return [seed for seed, (status, _reason) in
                zip(seeds, _chunk((Job(game, player), list(seeds))), strict=True)
                if status == "won"]

    return won


engine_quarrel_deals = stats_loop("quarrel", FirstMove)
engine_chain_deals = stats_loop("chain", PlayEverything)
engine_klondike_deals = stats_loop("klondike", SimpleKlondike)


def engine_quarrel(seed: int) -> bool:
    return bool(engine_quarrel_deals(range(seed, seed + 1)))


def engine_chain(seed: int) -> bool:
    return bool(engine_chain_deals(range(seed, seed + 1)))


def engine_klondike(seed: int) -> bool:
    return bool(engine_klondike_deals(range(seed, seed + 1)))


def measure(play: Callable[[int], bool], deals: int,
            play_many: Callable[[range], list[int]] | None = None) -> tuple[float, tuple[int, ...]]:
    """Deals per CPU second of ``play`` (or ``play_many``, all the deals at once) on
    deals 0..deals-1, and the deals it won."""
    start = time.process_time()
    if play_many is not None:
        won = tuple(play_many(range(deals)))
    else:
        won = tuple(seed for seed in range(deals) if play(seed))
    return deals / (time.process_time() - start), won


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
#: The engine's loops over many deals (one chunk), as ``stats`` plays them.
ENGINE_DEALS = {"chain": engine_chain_deals, "klondike": engine_klondike_deals,
                "quarrel": engine_quarrel_deals}


def model_loop(game: str) -> Callable[[int], bool] | None:
    """The player on the game's model (``model_<game>.play``), if the game has one."""
    return _loop(f"model_{game}")


def plain_loop(game: str) -> Callable[[int], bool] | None:
    """The game written as plainly as possible (``plain_<game>.play``), if written."""
    return _loop(f"plain_{game}")


def _loop(name: str) -> Callable[[int], bool] | None:
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name != name:
            raise
        return None
    play: Callable[[int], bool] = module.play
    return play


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--game", action="append", choices=sorted(GAMES),
                        help="only this game (repeat for several; default: every game)")
    args = parser.parse_args(argv)
    print(f"load average before: {load()}")
    print(f"{'game':10} {'bare deals/s':>13} {'plain deals/s':>14} {'model deals/s':>14} "
          f"{'engine deals/s':>15} {'model/bare':>11} {'engine/bare':>12} "
          f"{'engine time/bare time':>22} {'engine time/plain time':>23}  same deals won")
    worst = 0.0
    agree = True
    for name in args.game or GAMES:
        engine, bare = GAMES[name]
        loops = {"bare": bare, "engine": engine}
        model = model_loop(name)
        if model is not None:
            loops["model"] = model
        plain = plain_loop(name)
        if plain is not None:
            loops["plain"] = plain
        # Interleave the rounds so that machine noise hits every loop alike; keep the best.
        rate = dict.fromkeys(loops, 0.0)
        wins: dict[str, tuple[int, ...]] = {}
        for _ in range(args.rounds):
            for loop, play in loops.items():
                many = ENGINE_DEALS[name] if loop == "engine" else None
                speed, wins[loop] = measure(play, args.deals, many)
                rate[loop] = max(rate[loop], speed)
        same = len(set(wins.values())) == 1
        agree = agree and same
        worst = max(worst, rate["bare"] / rate["engine"],
                    rate["plain"] / rate["engine"] if plain else 0.0)
        plain_rate = f"{rate['plain']:14.0f}" if plain else f"{'-':>14}"
        plain_ratio = f"{rate['plain'] / rate['engine']:23.2f}" if plain else f"{'-':>23}"
        model_rate = f"{rate['model']:14.0f}" if model else f"{'-':>14}"
        model_ratio = f"{rate['model'] / rate['bare']:11.2f}" if model else f"{'-':>11}"
        print(f"{name:10} {rate['bare']:13.0f} {plain_rate} {model_rate} {rate['engine']:15.0f} "
              f"{model_ratio} {rate['engine'] / rate['bare']:12.2f} "
              f"{rate['bare'] / rate['engine']:22.2f} {plain_ratio}  {same} "
              f"({len(wins['bare'])} of {args.deals})")
    print(f"goals: model/bare 0.90 or more, engine time within 1.50x of the bare and the plain "
          f"loops'; worst {worst:.2f}; load average after: {load()}")
    if not agree:
        print("the loops do not win the same deals: they do not play the same rules")
    return 0 if agree else 1


if __name__ == "__main__":
    raise SystemExit(main())
