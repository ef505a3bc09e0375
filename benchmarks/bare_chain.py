"""A bare-loop Chain: the same rules and the same player on plain lists of ints.

It is the baseline the engine is measured against, and a cross-check: on the
same deals it must win exactly the same deals as the engine.
"""

from __future__ import annotations

from solitaire_widgets.cards import SUITS, full_deck
from solitaire_widgets.chance import seed_rng, shuffled


def _code(rank: int, suit: str) -> int:
    return SUITS.index(suit) * 16 + rank


def play(seed: int) -> bool:
    """Play one Chain deal the way PlayEverything does; True if won."""
    deck = [_code(c.rank, c.suit) for c in shuffled(full_deck(), seed_rng(seed, 0))]
    stock = deck[::-1]
    need = [2, 2, 2, 2]  # next rank per suit; 0 when finished
    done = [0, 0, 0, 0]
    reshuffles = 0

    def fits(card: int) -> bool:
        return need[card >> 4] == (card & 15)

    def lay(card: int) -> None:
        suit = card >> 4
        done[suit] += 1
        rank = card & 15
        need[suit] = 0 if done[suit] == 13 else (1 if rank == 13 else rank + 1)

    def deal(size: int) -> list[int]:
        places = [stock.pop() if stock else 0 for _ in range(size)]
        for i, card in enumerate(places):
            if card and (card & 15) == 2:
                lay(card)
                places[i] = 0
        return places

    layout = deal(24)
    aux: list[int] = []
    aux_laid = False
    deal_no = 1
    while sum(done) < 52:
        played = False
        for places in (layout, aux):
            for i, card in enumerate(places):
                if card and fits(card):
                    lay(card)
                    places[i] = 0
                    played = True
                    break
            if played:
                break
        if played:
            continue
        if stock and 0 in layout:
            card = stock.pop()
            if fits(card):
                lay(card)
            else:
                layout[layout.index(0)] = card
            continue
        if deal_no == 1 and not aux_laid and stock:
            aux = [stock.pop() for _ in range(min(4, len(stock)))]
            aux_laid = True
            continue
        if deal_no == 1:
            # Gather as the engine does (layout places in order, then aux, onto the
            # stock) so that the reshuffle draws the same order.
            for card in layout + aux:
                if card:
                    stock.append(card)
            reshuffles += 1
            stock[:] = shuffled(stock, seed_rng(seed, reshuffles))
            aux = []
            layout = deal(18)
            deal_no = 2
            continue
        return False
    return True
