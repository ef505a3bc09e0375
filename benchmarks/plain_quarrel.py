"""Quarrel (three rounds) written as plainly as possible: the rules and the player in one loop.

No list of legal moves, no objects, no events: each turn looks for the first
card in sight that a series needs (the rows, then the auxiliary row; the
left half first when both want it) and plays it, else deals on (the choices
of ``bench_engine.FirstMove``). The loop an independent author would write
to count wins; on the same deals it must win exactly the deals the engine
wins (``bench_engine.py`` checks it).
"""

from __future__ import annotations

from solitaire_widgets.chance import seed_rng, shuffled

#: Two packs as ``suit * 16 + rank`` in the package's order (clubs first, ace up).
PACK = [suit * 16 + rank for suit in range(4) for rank in range(1, 14)] * 2


def play(seed: int) -> bool:
    """Play one deal; True if won."""
    stock = shuffled(PACK, seed_rng(seed, 0))[::-1]   # the next card is stock[-1]
    # need[f]: the card series f needs next (0 once finished); series 0-3 are the
    # left half (built down) by suit, 4-7 the right half (built up).
    need = [0] * 8
    size = [0] * 8
    up = 0
    rows: list[int] = []          # 0 marks a gap
    aux = [0] * 13
    n_aux = 0
    count = 0
    rnd = 1
    reshuffles = 0

    def wanted_by(card: int) -> list[int]:
        suit = card >> 4
        return [f for f in (suit, suit + 4) if need[f] == card]

    def go_up(f: int, card: int) -> None:
        nonlocal up
        up += 1
        size[f] += 1
        rank = card & 15
        if size[f] == 13:
            need[f] = 0
        elif f < 4:
            need[f] = card - rank + (13 if rank == 1 else rank - 1)
        else:
            need[f] = card - rank + (1 if rank == 13 else rank + 1)

    def lay_aux(n: int) -> None:
        nonlocal n_aux
        n_aux = n
        for i in range(n):
            if stock:
                aux[i] = stock.pop()

    def reshuffle() -> None:
        nonlocal reshuffles
        reshuffles += 1
        stock[:] = shuffled(sorted(stock), seed_rng(seed, reshuffles))

    def end_round(n: int) -> bool:
        """Gather and start the next round; False when the game is lost."""
        nonlocal rnd, rows
        if rnd >= 3:
            return False
        stock.extend(c for c in rows if c)
        stock.extend(c for c in aux if c)
        rows = []
        aux[:] = [0] * 13
        reshuffle()
        rnd += 1
        lay_aux(n)
        return True

    def stuck() -> bool:
        """Whether no card in sight can go up."""
        return not any(card and wanted_by(card) for card in rows + aux)

    # Count off the stock until a card matches the count: its rank is the base.
    while True:
        if not stock:
            return False
        count = 1 if count == 13 else count + 1
        card = stock.pop()
        if card & 15 == count:
            break
        rows.append(card)
        if not stock:
            stock.extend(c for c in rows if c)
            rows = []
            reshuffle()
            count = 0
    rows.append(0)
    need = [suit * 16 + count for suit in range(4)] * 2
    lay_aux(count)
    go_up(wanted_by(card)[0], card)
    while True:
        for places in (rows, aux):
            for i, card in enumerate(places):
                if card:
                    suit = card >> 4
                    f = suit if need[suit] == card else suit + 4 if need[suit + 4] == card else -1
                    if f >= 0:
                        go_up(f, card)
                        places[i] = 0
                        if places is aux and stock:
                            aux[i] = stock.pop()
                        if up == 104:
                            return True
                        break
            else:
                continue
            break
        else:
            if stock:
                count = 1 if count == 13 else count + 1
                card = stock.pop()
                rows.append(card)
                if card & 15 == count:
                    fids = wanted_by(card)
                    rows[-1] = 0 if fids else card
                    if fids:
                        # (When both halves want it, it goes left: the first move.)
                        go_up(fids[0], card)
                        if up == 104:
                            return True
                    if not end_round(count):
                        return False
        # A round whose stock is out with nothing left to play ends by itself.
        while not stock and stuck():
            if not end_round(n_aux):
                return False
