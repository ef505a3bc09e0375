"""A bare-loop Quarrel (three rounds) with the benchmark's first-move player.

Plain lists of ints: each step lists every legal move in the engine's order
and plays the first (a card onto a series before dealing on; the left half
first when a card may go to either). On the same deals it must win exactly
the deals the engine wins with ``bench_engine.FirstMove``.
"""

from __future__ import annotations

from solitaire_widgets.cards import SUITS, full_deck
from solitaire_widgets.chance import seed_rng, shuffled

# Series in the engine's order: the left half (down) then the right (up), by suit.
SERIES = [(suit, False) for suit in range(4)] + [(suit, True) for suit in range(4)]


def _need(series: list[int], up: bool, base: int) -> int:
    if not series:
        return base
    if len(series) == 13:
        return 0
    top = series[-1] & 15
    if up:
        return 1 if top == 13 else top + 1
    return 13 if top == 1 else top - 1


def play(seed: int) -> bool:
    """Play one deal; True if won."""
    return play_detail(seed)[0]


def play_detail(seed: int) -> tuple[bool, int]:
    """Play one deal; (won, how many cards reached the series)."""
    deck = [SUITS.index(c.suit) * 16 + c.rank
            for c in shuffled(full_deck(2), seed_rng(seed, 0))]
    stock = deck[::-1]
    found: list[list[int]] = [[] for _ in SERIES]
    rows: list[int] = []  # 0 marks a gap
    aux: list[int] = [0] * 13
    held = 0
    count = base = n_aux = 0
    rnd = 1
    phase = "search"
    reshuffles = 0

    def wanted() -> dict[int, list[int]]:
        out: dict[int, list[int]] = {}
        for index, (suit, up) in enumerate(SERIES):
            need = _need(found[index], up, base)
            if need:
                out.setdefault(suit * 16 + need, []).append(index)
        return out

    def plays() -> list[tuple[list[int], int, int]]:
        want = wanted()
        return [(places, i, fid) for places in (rows, aux) for i, card in enumerate(places)
                if card for fid in want.get(card, ())]

    def won() -> bool:
        return sum(len(f) for f in found) == 104

    def lay_aux(n: int) -> None:
        nonlocal n_aux
        n_aux = n
        for i in range(n):
            if stock:
                aux[i] = stock.pop()

    def end_round(n: int) -> bool:
        """Gather and start the next round; False when the game is lost."""
        nonlocal rnd, rows, held, reshuffles, phase
        if rnd >= 3:
            return False
        stock.extend(c for c in rows if c)
        stock.extend(c for c in aux if c)
        if held:
            stock.append(held)
        rows, held = [], 0
        aux[:] = [0] * 13
        reshuffles += 1
        stock[:] = shuffled(sorted(stock), seed_rng(seed, reshuffles))
        rnd += 1
        phase = "play"
        lay_aux(n)
        return True

    while True:
        if phase == "search":
            if not stock:
                return False, sum(len(f) for f in found)
            count = 1 if count == 13 or not count else count + 1
            card = stock.pop()
            rows.append(card)
            if card & 15 == count:
                base = count
                rows[-1] = 0
                held = card
                lay_aux(count)
                phase = "base"
            elif not stock:
                stock.extend(c for c in rows if c)
                rows = []
                reshuffles += 1
                stock[:] = shuffled(sorted(stock), seed_rng(seed, reshuffles))
                count = 0
            continue
        if phase in ("base", "hit"):
            fids = wanted().get(held, [])
            found[fids[0]].append(held)
            held = 0
            if won():
                return True, 104
            if phase == "hit":
                if not end_round(found[fids[0]][-1] & 15):
                    return False, sum(len(f) for f in found)
            phase = "play"
        else:
            moves = plays()
            if moves:
                places, i, fid = moves[0]
                found[fid].append(places[i])
                places[i] = 0
                if places is aux and stock:
                    aux[i] = stock.pop()
                if won():
                    return True, 104
            elif stock:
                count = 1 if count == 13 else count + 1
                card = stock.pop()
                rows.append(card)
                if card & 15 == count:
                    fids = wanted().get(card, [])
                    if len(fids) == 1:
                        rows[-1] = 0
                        found[fids[0]].append(card)
                        if won():
                            return True, 104
                    elif len(fids) > 1:
                        rows[-1] = 0
                        held = card
                        phase = "hit"
                        continue
                    if not end_round(count):
                        return False, sum(len(f) for f in found)
        # A round whose stock is out with nothing left to play ends by itself.
        while phase == "play" and not stock and not plays():
            if not end_round(n_aux):
                return False, sum(len(f) for f in found)
