"""Chain written as plainly as possible: the rules and the player in one loop.

No list of legal moves, no objects, no events: each turn looks for the first
card that fits (the layout's places, then the auxiliary row), else fills
the first gap from the stock, else lays the auxiliary row, else deals again
(the choices of ``PlayEverything``). The loop an independent author would
write to count wins; on the same deals it must win exactly the deals the
engine wins (``bench_engine.py`` checks it).
"""

from __future__ import annotations

from solitaire_widgets.chance import seed_rng, shuffled

#: The pack as ``suit * 16 + rank`` in the package's order (clubs first, ace up),
#: so that a deal and a reshuffle of sorted codes draw the engine's cards.
PACK = [suit * 16 + rank for suit in range(4) for rank in range(1, 14)]


def play(seed: int) -> bool:
    """Play one Chain deal; True if won."""
    stock = shuffled(PACK, seed_rng(seed, 0))[::-1]   # the next card is stock[-1]
    need = [2, 2, 2, 2]   # the rank each series needs next; 0 once finished
    up = 0                # cards on the series

    def go_up(card: int) -> None:
        nonlocal up
        up += 1
        rank = card & 15
        need[card >> 4] = 0 if rank == 1 else (1 if rank == 13 else rank + 1)

    def deal(size: int) -> list[int]:
        places = [stock.pop() if stock else 0 for _ in range(size)]
        for i, card in enumerate(places):
            if card & 15 == 2:
                go_up(card)
                places[i] = 0
        return places

    places = deal(24)
    aux: list[int] = []
    first_deal = True
    while up < 52:
        for row in (places, aux):
            for i, card in enumerate(row):
                if card and need[card >> 4] == card & 15:
                    go_up(card)
                    row[i] = 0
                    break
            else:
                continue
            break
        else:
            if stock and 0 in places:
                card = stock.pop()
                if need[card >> 4] == card & 15:
                    go_up(card)
                else:
                    places[places.index(0)] = card
            elif not first_deal:
                return False
            elif stock and not aux:
                aux = [stock.pop() for _ in range(min(4, len(stock)))]
            else:
                # Gather, shuffle from pack order, deal three rows of six.
                stock += [card for card in places + aux if card]
                stock[:] = shuffled(sorted(stock), seed_rng(seed, 1))
                aux = []
                places = deal(18)
                first_deal = False
    return True
