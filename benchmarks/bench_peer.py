"""The Klondike solver beside an independent one, on the same deals under the same rules.

    pip install pyksolve      # optional: a C++ solver (Klondike-Solver) for Python
    python benchmarks/bench_peer.py --deals 40

The peer is `pyksolve <https://pypi.org/project/pyksolve/>`_, Cython bindings
of ShootMe's Klondike-Solver (C++), asked with ``solve_fast`` and its own
default budget (5,000,000 positions). Its rules are Klondike drawing one,
passes through the stock without limit, and a foundation's top card may come
back onto a column: our ``variant="standard", worrying_back="yes"``.

Each deal ``new_game("klondike", seed=s, ...)`` is handed to the peer card
for card in its deck format (:func:`deck_string`: 52 cards of three digits
each, rank then suit, in the order they are dealt: the columns row by row,
then the stock from its top); :func:`peer_layout` reads the peer's own
diagram of the loaded deal back, so the layout can be checked against ours.

Both solvers solve every deal in this process, one after the other deal by
deal (so a change of load tilts neither), timed in CPU seconds. The verdicts
must agree: a deal one solver wins, the other must win too (``solve_fast``
gives up without proving a deal lost, so "not won" is its only other
answer, and ours is "lost" or "unresolved"). The script prints both times
and every deal's verdicts, and exits with 1 on any disagreement.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solitaire_widgets import new_game  # noqa: E402
from solitaire_widgets.game import Game  # noqa: E402
from solitaire_widgets.games.klondike.solver import solve  # noqa: E402

#: The peer's suits, as digits of its deck format (clubs, diamonds, hearts, spades).
SUIT_DIGITS = {"C": "1", "D": "2", "H": "3", "S": "4"}
#: The peer's diagram writes ranks and suits with these letters.
RANKS = "A23456789TJQK"


def our_deal(seed: int) -> Game:
    """Deal ``seed`` under the rules the peer plays: draw one, worrying back."""
    return new_game("klondike", seed=seed, variant="standard", worrying_back="yes")


def _columns(game: Game) -> list[list[str]]:
    """Our seven columns, each bottom to top, the shortest first (the peer's order)."""
    columns = [[str(card) for card in game.table.piles[f"t{i}"].cards] for i in range(1, 8)]
    return sorted(columns, key=len)


def deck_string(game: Game) -> str:
    """The deal of ``game`` (just dealt) in the peer's deck format.

    The peer deals its 52 cards a row at a time: the first card face up on
    column 1 and one face down on each of columns 2-7, then one face up on
    column 2 and one face down on each of 3-7, and so on; the 24 left make
    the stock, the 29th card on its top.

    >>> len(deck_string(our_deal(0)))
    156
    """
    columns = _columns(game)
    order: list[str] = []
    for row in range(7):
        order.extend(columns[column][row] for column in range(row, 7))
    order.extend(reversed([str(card) for card in game.table.piles["s"].cards]))
    return "".join(f"{RANKS.index(card[0]) + 1:02d}{SUIT_DIGITS[card[1]]}" for card in order)


def our_layout(game: Game) -> dict[str, list[str]]:
    """Our deal as :func:`peer_layout` reads the peer's: each column bottom to top
    (the shortest first), and the stock from its top."""
    layout = {f"column {i}": cards for i, cards in enumerate(_columns(game), 1)}
    layout["stock"] = [str(card) for card in reversed(game.table.piles["s"].cards)]
    return layout


def peer_layout(peer: Any) -> dict[str, list[str]]:
    """The deal the peer has loaded, read from its diagram (``game_diagram``).

    Its lines are ``i: UP UP -DOWN-DOWN``: pile 0 the waste, 1-7 the
    columns, 8 the stock, 9-12 the foundations; face-up cards from the top,
    then face-down ones from the top.
    """
    piles: dict[int, list[str]] = {}
    for line in peer.game_diagram().splitlines():
        number, _, cards = line.partition(":")
        if not number.strip().isdigit():
            continue
        up, _, down = cards.strip().partition("-")
        top_first = up.split() + [card for card in down.split("-") if card]
        piles[int(number)] = list(reversed(top_first))
    if piles[0] or any(piles[i] for i in range(9, 13)):
        raise ValueError("the peer's waste or foundations are not empty")
    layout = {f"column {i}": piles[i] for i in range(1, 8)}
    layout["stock"] = list(reversed(piles[8]))
    return layout


def peer_game(game: Game) -> Any:
    """A pyksolve game holding the deal of ``game``, drawing one."""
    from pyksolve.solver import Solitaire

    peer = Solitaire()
    if not peer.load_solitaire(deck_string(game)):
        raise ValueError("pyksolve refused the deck")
    peer.reset_game(1)
    return peer


def peer_verdict(peer: Any, budget: int | None) -> str:
    """``solve_fast``'s answer as a verdict: "won" or "not won"."""
    from pyksolve.solver import SolveResult

    result = peer.solve_fast(max_closed_count=budget)
    return "won" if result in (SolveResult.SolvedMinimal, SolveResult.SolvedMayNotBeMinimal) \
        else "not won"


def compare(seeds: list[int], nodes: int, peer_budget: int | None,
            check_layout: bool = True) -> dict[str, Any]:
    """Both solvers on ``seeds``, taking turns deal by deal; times in CPU seconds."""
    rows = []
    ours_cpu = peer_cpu = 0.0
    for seed in seeds:
        game = our_deal(seed)
        peer = peer_game(game)
        if check_layout and peer_layout(peer) != our_layout(game):
            raise ValueError(f"deal {seed}: the peer's layout is not ours")
        began = time.process_time()
        ours = solve(game, max_nodes=nodes).status
        middle = time.process_time()
        theirs = peer_verdict(peer, peer_budget)
        ended = time.process_time()
        ours_cpu += middle - began
        peer_cpu += ended - middle
        agree = (ours == "won") == (theirs == "won")
        rows.append({"seed": seed, "ours": ours, "peer": theirs, "agree": agree,
                     "ours_seconds": round(middle - began, 3),
                     "peer_seconds": round(ended - middle, 3)})
    return {"deals": rows, "ours_seconds": round(ours_cpu, 1), "peer_seconds": round(peer_cpu, 1),
            "disagreements": [row["seed"] for row in rows if not row["agree"]]}


def _seeds(text: str) -> list[int]:
    """``40`` (deals 0-39), ``10-19`` or ``3,5,8``."""
    if "," in text:
        return [int(x) for x in text.split(",")]
    if "-" in text:
        first, last = (int(x) for x in text.split("-"))
        return list(range(first, last + 1))
    return list(range(int(text)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", default="40",
                        help="N (deals 0..N-1), FIRST-LAST or a comma-separated list")
    parser.add_argument("--nodes", type=int, default=1_000_000,
                        help="our solver's budget per deal, in positions")
    parser.add_argument("--peer-states", type=int, default=None,
                        help="the peer's budget per deal (its default: 5,000,000 states)")
    args = parser.parse_args(argv)
    try:
        import pyksolve
    except ImportError:
        print("pyksolve is not installed: pip install pyksolve", file=sys.stderr)
        return 2
    seeds = _seeds(args.deals)
    before = os.getloadavg()[0]
    result = compare(seeds, args.nodes, args.peer_states)
    print(f"Klondike drawing one with worrying back, deals {args.deals}: our solver "
          f"(at most {args.nodes:,} positions) beside pyksolve {pyksolve.__version__} "
          f"(Klondike-Solver, solve_fast), the same deals card for card")
    for row in result["deals"]:
        mark = "" if row["agree"] else "  <- DISAGREE"
        print(f"  deal {row['seed']:5}: ours {row['ours']:10} {row['ours_seconds']:7.3f} s, "
              f"pyksolve {row['peer']:8} {row['peer_seconds']:7.3f} s{mark}")
    won = sum(1 for row in result["deals"] if row["ours"] == "won")
    print(f"CPU seconds: ours {result['ours_seconds']}, pyksolve {result['peer_seconds']}; "
          f"won by ours {won} of {len(seeds)}, by pyksolve "
          f"{sum(1 for row in result['deals'] if row['peer'] == 'won')}; "
          f"verdicts agree on {len(seeds) - len(result['disagreements'])} of {len(seeds)}")
    print(f"load average (1 min) before {before:.1f}, after {os.getloadavg()[0]:.1f}")
    if result["disagreements"]:
        print(f"the solvers disagree on deals {result['disagreements']}")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
