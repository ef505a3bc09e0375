"""A bare-loop Klondike (Polish rules) with the benchmark's simple player.

Plain lists of ints and tuples, no engine objects: each step lists every
legal move, as the engine does, and the player picks among them as
``bench_engine.SimpleKlondike`` does (foundation moves first, then the waste
to a column, then a move that turns up a face-down card, then turn, then the
second pass). On the same deals both must win exactly the same deals.
"""

from __future__ import annotations

from solitaire_widgets.cards import SUITS, full_deck
from solitaire_widgets.chance import seed_rng, shuffled

RED = (False, True, True, False)  # clubs, diamonds, hearts, spades
WASTE = 7  # the waste's index as a source


def _fits(card: int, pile: list[int]) -> bool:
    if not pile:
        return card & 15 == 13
    end = pile[-1]
    return (end & 15) == (card & 15) + 1 and RED[end >> 4] != RED[card >> 4]


def play(seed: int) -> bool:
    """Play one deal; True if won."""
    deck = [SUITS.index(c.suit) * 16 + c.rank for c in shuffled(full_deck(), seed_rng(seed, 0))]
    stock = deck[::-1]
    cols: list[list[int]] = []
    down: list[int] = []
    for i in range(7):
        cols.append([stock.pop() for _ in range(7 - i)])
        down.append(6 - i)
    found = [0, 0, 0, 0]
    waste: list[int] = []
    second = False
    forced = False
    while True:
        # Every legal move, in the engine's order: (kind, source, target, count).
        moves: list[tuple[str, int, int, int]] = []
        sources = cols + [waste]
        if forced:
            card = waste[-1]
            if found[card >> 4] + 1 == card & 15:
                moves.append(("found", WASTE, card >> 4, 1))
            moves += [("col", WASTE, c, 1) for c in range(7) if _fits(card, cols[c])]
        else:
            for src in range(8):
                pile = sources[src]
                if pile and found[pile[-1] >> 4] + 1 == pile[-1] & 15:
                    moves.append(("found", src, pile[-1] >> 4, 1))
            if waste:
                moves += [("col", WASTE, c, 1) for c in range(7) if _fits(waste[-1], cols[c])]
            tops = [(p[-1] & 15, RED[p[-1] >> 4]) if p else None for p in cols]
            for src in range(7):
                pile = cols[src]
                n = len(pile)
                if not n:
                    continue
                start = down[src]
                head = pile[start] & 15
                for dst in range(7):
                    top = tops[dst]
                    if dst == src:
                        continue
                    if top is None:
                        if head == 13:
                            moves.append(("col", src, dst, n - start))
                        continue
                    # Only one card of the face-up run can have the right rank.
                    k = start + head - top[0] + 1
                    if start <= k < n and RED[pile[k] >> 4] != top[1]:
                        moves.append(("col", src, dst, n - k))
            if stock:
                moves.append(("turn", 0, 0, 0))
            elif waste and not second:
                moves.append(("redeal", 0, 0, 0))
        if not moves:
            return False
        # The simple player's choice.
        chosen = None
        for wanted in ("found", "waste", "reveal", "turn"):
            for move in moves:
                kind, src, _dst, count = move
                if ((wanted == "found" and kind == "found")
                        or (wanted == "waste" and kind == "col" and src == WASTE)
                        or (wanted == "reveal" and kind == "col" and src < 7 and down[src]
                            and count == len(cols[src]) - down[src])
                        or (wanted == "turn" and kind in ("turn", "redeal"))):
                    chosen = move
                    break
            if chosen:
                break
        if chosen is None:
            return False
        kind, src, dst, count = chosen
        if kind == "turn":
            full = second and len(waste) >= 3
            waste.append(stock.pop())
            if full:
                forced = True
                card = waste[-1]
                if found[card >> 4] + 1 != card & 15 and not any(_fits(card, c) for c in cols):
                    return False
            continue
        if kind == "redeal":
            stock = waste[::-1]
            waste = []
            second = True
            continue
        pile = sources[src]
        moved = pile[len(pile) - count:]
        del pile[len(pile) - count:]
        if kind == "found":
            found[dst] += 1
        else:
            cols[dst].extend(moved)
        if src == WASTE:
            forced = False
        elif pile and down[src] >= len(pile):
            down[src] -= 1
        if found == [13, 13, 13, 13]:
            return True
