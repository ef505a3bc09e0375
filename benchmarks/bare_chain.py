"""A bare-loop Chain: the same rules and the same player on plain lists of ints.

Each step lists the legal moves as the engine does (without its objects,
history or checks) and plays the choice of ``PlayEverything``.

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
        # Every legal move, in the engine's order, then the player's choice
        # (a card to its series, else fill, else aux, else redeal).
        plays = [(places, i) for places in (layout, aux) for i, card in enumerate(places)
                 if card and fits(card)]
        can_fill = bool(stock) and 0 in layout
        moves: list[str] = ["play"] * len(plays)
        if can_fill:
            moves.append("fill")
        elif not plays:
            if deal_no == 1 and not aux_laid and stock:
                moves.append("aux")
            if deal_no == 1:
                moves.append("redeal")
        if not moves:
            return False
        if plays:
            places, i = plays[0]
            lay(places[i])
            places[i] = 0
        elif "fill" in moves:
            card = stock.pop()
            if fits(card):
                lay(card)
            else:
                layout[layout.index(0)] = card
        elif "aux" in moves:
            aux = [stock.pop() for _ in range(min(4, len(stock)))]
            aux_laid = True
        else:
            # Gather onto the stock; the reshuffle, like the engine's, puts the
            # cards in pack order (suit, then rank: the order of these codes) first.
            for card in layout + aux:
                if card:
                    stock.append(card)
            reshuffles += 1
            stock[:] = shuffled(sorted(stock), seed_rng(seed, reshuffles))
            aux = []
            layout = deal(18)
            deal_no = 2
    return True
