"""Klondike (Polish rules) written as plainly as possible: the rules and the player in one loop.

No list of legal moves, no objects, no events: each turn looks for the move
``bench_engine.SimpleKlondike`` plays and nothing else (a card to its
foundation, else the waste's card to a column, else a move that turns up a
face-down card, else turn, else the second pass). The loop an independent
author would write to count wins; on the same deals it must win exactly the
deals the engine wins (``bench_engine.py`` checks it).
"""

from __future__ import annotations

from solitaire_widgets.chance import seed_rng, shuffled

#: The pack as ``suit * 16 + rank`` in the package's order (clubs first, ace up).
PACK = [suit * 16 + rank for suit in range(4) for rank in range(1, 14)]
RED = (False, True, True, False)  # clubs, diamonds, hearts, spades


def _fits(card: int, pile: list[int]) -> bool:
    """Whether ``card`` may go onto column ``pile`` (a king onto an empty one)."""
    if not pile:
        return card & 15 == 13
    end = pile[-1]
    return (end & 15) == (card & 15) + 1 and RED[end >> 4] != RED[card >> 4]


def play(seed: int) -> bool:
    """Play one deal; True if won."""
    stock = shuffled(PACK, seed_rng(seed, 0))[::-1]   # the next card is stock[-1]
    cols = [[stock.pop() for _ in range(7 - i)] for i in range(7)]
    down = [6 - i for i in range(7)]
    found = [0, 0, 0, 0]
    waste: list[int] = []
    second = forced = False
    while True:
        # A card to its foundation: the columns' in order, then the waste's.
        for pile in (waste,) if forced else (*cols, waste):
            if pile and found[pile[-1] >> 4] + 1 == pile[-1] & 15:
                found[pile.pop() >> 4] += 1
                if pile is waste:
                    forced = False
                elif down[cols.index(pile)] > len(pile) - 1 >= 0:
                    down[cols.index(pile)] -= 1
                break
        else:
            target = next((col for col in cols if _fits(waste[-1], col)), None) if waste else None
            if target is not None:
                target.append(waste.pop())
                forced = False
                continue
            if forced:
                return False
            if _reveal(cols, down):
                continue
            if stock:
                full = second and len(waste) >= 3
                waste.append(stock.pop())
                if full:
                    # The Polish rule: the card turned must be played at once.
                    card = waste[-1]
                    if found[card >> 4] + 1 != card & 15 and not any(_fits(card, c) for c in cols):
                        return False
                    forced = True
            elif waste and not second:
                stock, waste, second = waste[::-1], [], True
            else:
                return False
            continue
        if found == [13, 13, 13, 13]:
            return True


def _reveal(cols: list[list[int]], down: list[int]) -> bool:
    """Move a column's whole face-up run where it fits, if a card below it is face down."""
    for src, pile in enumerate(cols):
        start = down[src]
        if not start or not pile:
            continue
        head = pile[start]
        for dst, target in enumerate(cols):
            if dst != src and _fits(head, target):
                target.extend(pile[start:])
                del pile[start:]
                down[src] -= 1
                return True
    return False
