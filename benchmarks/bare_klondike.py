"""A bare-loop Klondike (Polish rules) with the benchmark's simple player.

Plain lists of ints, no engine objects. The player is the same as
``bench_engine.SimpleKlondike``: foundation moves first, then the waste to a
column, then a move that turns up a face-down card, then turn, then the
second pass. On the same deals both must win exactly the same deals.
"""

from __future__ import annotations

from solitaire_widgets.cards import SUITS, full_deck
from solitaire_widgets.chance import seed_rng, shuffled

RED = (False, True, True, False)  # clubs, diamonds, hearts, spades


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
    while True:
        moved = False
        # Foundation moves: columns then the waste.
        for col in range(8):
            pile = cols[col] if col < 7 else waste
            if pile:
                card = pile[-1]
                if found[card >> 4] + 1 == card & 15:
                    pile.pop()
                    found[card >> 4] += 1
                    if col < 7 and pile and down[col] >= len(pile):
                        down[col] -= 1
                    moved = True
                    break
        if moved:
            if found == [13, 13, 13, 13]:
                return True
            continue
        # The waste top to a column.
        if waste:
            card = waste[-1]
            rank, red = card & 15, RED[card >> 4]
            for col in range(7):
                pile = cols[col]
                if (pile and (pile[-1] & 15) == rank + 1 and RED[pile[-1] >> 4] != red) or (
                        not pile and rank == 13):
                    pile.append(waste.pop())
                    moved = True
                    break
        if moved:
            continue
        # A whole face-up run onto another column, turning up a face-down card.
        for src in range(7):
            pile = cols[src]
            if not pile or not down[src]:
                continue
            head = pile[down[src]]
            rank, red = head & 15, RED[head >> 4]
            for dst in range(7):
                if dst == src:
                    continue
                target = cols[dst]
                if (target and (target[-1] & 15) == rank + 1 and RED[target[-1] >> 4] != red) or (
                        not target and rank == 13):
                    target.extend(pile[down[src]:])
                    del pile[down[src]:]
                    down[src] -= 1
                    moved = True
                    break
            if moved:
                break
        if moved:
            continue
        if stock:
            if second and len(waste) >= 3:
                # The fourth card must leave the waste at once, or the game is lost.
                card = stock.pop()
                if found[card >> 4] + 1 == card & 15:
                    found[card >> 4] += 1
                    if found == [13, 13, 13, 13]:
                        return True
                    continue
                rank, red = card & 15, RED[card >> 4]
                for pile in cols:
                    if (pile and (pile[-1] & 15) == rank + 1 and RED[pile[-1] >> 4] != red) or (
                            not pile and rank == 13):
                        pile.append(card)
                        break
                else:
                    return False
                continue
            waste.append(stock.pop())
            continue
        if waste and not second:
            stock = waste[::-1]
            waste = []
            second = True
            continue
        return False
