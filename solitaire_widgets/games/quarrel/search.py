"""Quarrel's searching players: a look at every card in sight, and sampled futures.

Quarrel is won by getting through the stock inside one round: once the stock
is out every card off the series is in sight and they all go up. Each card
dealt *with the count* ends the round if its rank is the one named, which
happens with probability ``copies of the named rank still unseen / cards in
the stock`` (about 1 in 13). A card played from the auxiliary row is
replaced from the stock *without* counting: a free look at a stock card with
no risk. So the player's real levers are few: get as many cards onto the
series as possible (fewer cards left to deal, fewer copies of each rank left
to be named), take every free refill, and pick the half of a base card (and
the series of a card both halves want) so that more cards can follow.

The players here see only what a player at the table sees: the rows, the
auxiliary row, the card set aside, the series, and which cards have not been
seen yet (the two packs minus those). They never read the order of the
stock: a :class:`Position` is built from the table without it, and a
sampled future is a random order of the unseen cards.

- ``lookahead`` (:class:`Lookahead`): play every card that has one place to
  go, auxiliary cards first (each brings a free card); when the same card
  lies in the rows and the auxiliary row, take the auxiliary one; a choice
  of half (a first base card of a suit, or a card both series of its suit
  want with one copy in sight) is settled last, after the free refills, by
  playing out every play in sight under each choice and keeping the one that
  puts up more cards (auxiliary cards count extra: each brings a new card);
  a tie is broken by how many copies of the next card are still unseen, then
  to the right half, as the text does.
- ``monte-carlo`` (:class:`MonteCarlo`): like ``lookahead``, but each choice
  of half is settled by playing the rest of the game out many times with the
  ``lookahead`` player, on random orders of the unseen cards (the same
  orders for each choice); the ``lookahead`` choice stands unless another
  clearly does better (a win counts 52 cards, plus the cards on the series).

>>> from solitaire_widgets import new_game
>>> from solitaire_widgets.strategies import play_out
>>> game = new_game("quarrel", seed=1)
>>> outcome = play_out(game, Lookahead())
>>> game.is_over
True
"""

from __future__ import annotations

import random
import zlib
from collections import Counter
from dataclasses import dataclass, field

from ...cards import SUITS, Card, full_deck
from ...game import Game
from ...moves import Move
from .model import AUX, FOUNDATIONS, ROWS, USES

__all__ = ["Position", "Lookahead", "MonteCarlo", "from_table_of", "code", "card_of"]

_FULL = Counter(full_deck(2))
_DEAL = Move("deal")
#: Series index -> (suit index, built up?) in the order of FOUNDATIONS.
_SUIT = [SUITS.index(fid[1].upper()) for fid in FOUNDATIONS]
_UP = [fid[0] == "r" for fid in FOUNDATIONS]
#: A source of a play: ("r", index in the rows), ("a", index in the auxiliary row), ("h", 0).
Source = tuple[str, int]
#: A play: a source and the index of a series.
Play = tuple[Source, int]


def code(card: Card) -> int:
    """A card as a small int, 0..51 (suit-major).

    >>> code(Card(1, "C")), code(Card(13, "S"))
    (0, 51)
    """
    return SUITS.index(card.suit) * 13 + card.rank - 1


def card_of(value: int) -> Card:
    """The card of a :func:`code`.

    >>> str(card_of(code(Card.parse("TH"))))
    'TH'
    """
    return Card(value % 13 + 1, SUITS[value // 13])


def _need(length: int, top: int, up: bool, base: int) -> int:
    """The rank a series needs next (0 when finished)."""
    if length == 0:
        return base
    if length == 13:
        return 0
    if up:
        return 1 if top == 13 else top + 1
    return 13 if top == 1 else top - 1


@dataclass
class Position:
    """What a player sees, as plain ints, plus a stock to play on with.

    ``stock`` is a list of codes whose last item is dealt next. Built from a
    table by :func:`from_table_of` it holds the unseen cards in a fixed order
    (sorted), not the real order; :meth:`sampled` gives a random order.
    """

    lens: list[int]
    tops: list[int]
    rows: list[int]
    aux: list[int]
    held: int
    stock: list[int]
    count: int
    base: int
    n_aux: int
    rnd: int
    uses: int
    phase: str
    #: Whether a later hit card that fits goes to its series (``hit_card="to-series"``).
    hit_to_series: bool
    over: bool = False
    won: bool = False
    rng: random.Random = field(default_factory=random.Random)

    def copy(self) -> Position:
        """An independent copy (sharing the random source)."""
        return Position(list(self.lens), list(self.tops), list(self.rows), list(self.aux),
                        self.held, list(self.stock), self.count, self.base, self.n_aux,
                        self.rnd, self.uses, self.phase, self.hit_to_series, self.over,
                        self.won, self.rng)

    def sampled(self, rng: random.Random) -> Position:
        """A copy whose stock is a random order of the unseen cards, reshuffling with ``rng``."""
        other = self.copy()
        rng.shuffle(other.stock)
        other.rng = rng
        return other

    @property
    def on_series(self) -> int:
        """How many cards are on the series."""
        return sum(self.lens)

    def wanted(self) -> dict[int, list[int]]:
        """Each card (code) some series needs next, with the series that need it."""
        out: dict[int, list[int]] = {}
        base = self.base
        if not base:
            return out
        for i in range(8):
            need = _need(self.lens[i], self.tops[i], _UP[i], base)
            if need:
                out.setdefault(_SUIT[i] * 13 + need - 1, []).append(i)
        return out

    def plays(self) -> list[Play]:
        """Every play in sight (sources from the rows, then the auxiliary row)."""
        want = self.wanted()
        out: list[Play] = []
        for kind, places in (("r", self.rows), ("a", self.aux)):
            for i, card in enumerate(places):
                if card >= 0 and card in want:
                    for fid in want[card]:
                        out.append(((kind, i), fid))
        return out

    def unseen(self) -> Counter[int]:
        """The cards not yet seen, by code (the stock as a multiset)."""
        return Counter(self.stock)

    def _put(self, fid: int, card: int) -> None:
        self.lens[fid] += 1
        self.tops[fid] = card % 13 + 1
        if sum(self.lens) == 104:
            self.over = self.won = True

    def place(self, play: Play) -> None:
        """Play ``play`` (a card onto a series), with the refill and what follows."""
        (kind, i), fid = play
        phase = self.phase
        if kind == "h":
            card, self.held = self.held, -1
        elif kind == "r":
            card, self.rows[i] = self.rows[i], -1
        else:
            card, self.aux[i] = self.aux[i], -1
            if self.stock:
                self.aux[i] = self.stock.pop()
        self._put(fid, card)
        if self.over:
            return
        if phase == "base":
            self.phase = "play"
        elif phase == "hit":
            self._end_round(card % 13 + 1)

    def deal(self) -> None:
        """Deal the next stock card to the rows, naming the next rank."""
        self.count = 1 if self.count in (0, 13) else self.count + 1
        card = self.stock.pop()
        self.rows.append(card)
        if card % 13 + 1 != self.count:
            return
        fids = self.wanted().get(card, []) if self.hit_to_series else []
        if len(fids) > 1:
            self.rows[-1] = -1
            self.held = card
            self.phase = "hit"
            return
        if fids:
            self.rows[-1] = -1
            self._put(fids[0], card)
            if self.over:
                return
        self._end_round(self.count)

    def _end_round(self, n: int) -> None:
        if self.rnd >= USES:
            self.over = True
            return
        self.stock.extend(c for c in self.rows if c >= 0)
        self.stock.extend(c for c in self.aux if c >= 0)
        if self.held >= 0:
            self.stock.append(self.held)
        self.rows, self.aux, self.held = [], [-1] * 13, -1
        self.rng.shuffle(self.stock)
        self.rnd += 1
        self.phase = "play"
        self.n_aux = n
        for i in range(n):
            if self.stock:
                self.aux[i] = self.stock.pop()


def from_table_of(game: Game) -> Position:
    """The position a player sees in ``game`` (after the base rank is found).

    The stock is the unseen cards in sorted order: the real order is never read.

    >>> from solitaire_widgets import new_game
    >>> game = new_game("quarrel", seed=5)
    >>> while game.table.facts["phase"] == "search":
    ...     _ = game.play("deal")
    >>> pos = from_table_of(game)
    >>> len(pos.stock) == len(game.pile("s").cards), pos.stock == sorted(pos.stock)
    (True, True)
    """
    table = game.table
    piles = table.piles
    facts = table.facts
    seen: Counter[Card] = Counter()
    lens, tops = [], []
    for fid in FOUNDATIONS:
        cards = piles[fid].cards
        seen.update(cards)
        lens.append(len(cards))
        tops.append(cards[-1].rank if cards else 0)
    dealt = int(facts["dealt"] or 0)
    rows = []
    for rid in ROWS[:dealt]:
        cards = piles[rid].cards
        rows.append(code(cards[-1]) if cards else -1)
        seen.update(cards)
    aux = []
    for aid in AUX:
        cards = piles[aid].cards
        aux.append(code(cards[-1]) if cards else -1)
        seen.update(cards)
    held = -1
    if piles["h"].cards:
        held = code(piles["h"].cards[-1])
        seen.update(piles["h"].cards)
    unseen = sorted(code(c) for c in (_FULL - seen).elements())
    return Position(lens, tops, rows, aux, held, unseen, int(facts["count"] or 0),
                    int(facts["base"] or 0), int(facts["aux"] or 0), int(facts["round"] or 1),
                    int(facts["uses"] or 0), str(facts["phase"]),
                    game.options.get("hit_card", "to-series") == "to-series")


def _cascade(pos: Position) -> float:
    """Play every play in sight (no refills looked at); the worth of what went up.

    A card counts 1, an auxiliary card 1.5 (it brings a free card).
    """
    worth = 0.0
    rows, aux = list(pos.rows), list(pos.aux)
    lens, tops = list(pos.lens), list(pos.tops)
    base = pos.base
    while True:
        want: dict[int, int] = {}
        for i in range(8):
            need = _need(lens[i], tops[i], _UP[i], base)
            if need:
                want.setdefault(_SUIT[i] * 13 + need - 1, i)
        moved = False
        for places, bonus in ((aux, 1.5), (rows, 1.0)):
            for j, card in enumerate(places):
                if card >= 0 and card in want:
                    fid = want.pop(card)
                    places[j] = -1
                    lens[fid] += 1
                    tops[fid] = card % 13 + 1
                    worth += bonus
                    moved = True
        if not moved:
            return worth


def _apply_visible(pos: Position, play: Play) -> Position:
    """A copy with ``play`` made, the refill not looked at."""
    other = Position(list(pos.lens), list(pos.tops), list(pos.rows), list(pos.aux), -1, [],
                     pos.count, pos.base, pos.n_aux, pos.rnd, pos.uses, "play", pos.hit_to_series)
    (kind, i), fid = play
    card = pos.held if kind == "h" else (pos.rows[i] if kind == "r" else pos.aux[i])
    if kind == "r":
        other.rows[i] = -1
    elif kind == "a":
        other.aux[i] = -1
    other.lens[fid] += 1
    other.tops[fid] = card % 13 + 1
    return other


def score_choice(pos: Position, play: Play) -> tuple[float, int, int]:
    """How good a choice of series is, seen from the cards in sight.

    (cards that go up after it, unseen copies of the series' next card, 1 for the
    right half): larger is better.
    """
    after = _apply_visible(pos, play)
    fid = play[1]
    need = _need(after.lens[fid], after.tops[fid], _UP[fid], pos.base)
    unseen = pos.stock.count(_SUIT[fid] * 13 + need - 1) if need else 0
    return (1.0 + _cascade(after), unseen, int(_UP[fid]))


def _split(pos: Position, plays: list[Play]) -> tuple[list[Play], list[list[Play]]]:
    """Plays with one place to go, and groups of plays that are a choice of series.

    A card is a choice when two series want it and only one copy is in sight,
    or when it is the first base card of its suit.
    """
    by_card: dict[int, list[Play]] = {}
    for play in plays:
        (kind, i), _fid = play
        card = pos.rows[i] if kind == "r" else pos.aux[i]
        by_card.setdefault(card, []).append(play)
    single: list[Play] = []
    choices: list[list[Play]] = []
    for group in by_card.values():
        fids = {fid for _src, fid in group}
        sources = {src for src, _fid in group}
        if len(fids) == 1 or len(sources) >= len(fids):
            # One series, or a copy in sight for each (both go, one to each
            # half, whichever goes first): the auxiliary copy goes first.
            single.append(min(group, key=lambda p: (p[0][0] != "a", p[0][1], -p[1])))
        else:
            choices.append(group)
    return single, choices


def lookahead_play(pos: Position) -> Play | None:
    """The ``lookahead`` player's play in ``pos``, or None to deal on."""
    if pos.phase in ("base", "hit"):
        fids = pos.wanted().get(pos.held, [])
        options = [(("h", 0), fid) for fid in fids]
        return max(options, key=lambda p: score_choice(pos, p))
    plays = pos.plays()
    if not plays:
        return None
    single, choices = _split(pos, plays)
    if single:
        return min(single, key=lambda p: (p[0][0] != "a", p[0][1]))
    group = choices[0]
    return max(group, key=lambda p: (score_choice(pos, p), p[0][0] == "a"))


def play_on(pos: Position, limit: int = 5000) -> Position:
    """Play ``pos`` (a sampled position) to its end with the ``lookahead`` player."""
    for _ in range(limit):
        if pos.over:
            break
        play = lookahead_play(pos)
        if play is None:
            if not pos.stock:  # pragma: no cover - settled positions always have a play
                break
            pos.deal()
        else:
            pos.place(play)
    return pos


def _move(play: Play | None) -> Move:
    if play is None:
        return _DEAL
    (kind, i), fid = play
    src = "h" if kind == "h" else (ROWS[i] if kind == "r" else AUX[i])
    return Move("move", src, FOUNDATIONS[fid])


class Lookahead:
    """Every card in sight that has one place goes (auxiliary first); choices by lookahead.

    >>> from solitaire_widgets import new_game
    >>> game = new_game("quarrel", seed=2)
    >>> str(Lookahead().choose(game))
    'deal'
    """

    name = "lookahead"

    def choose(self, game: Game) -> Move | None:
        moves = game.legal_moves()
        if not moves:
            return None
        if game.table.facts["phase"] == "search":
            return moves[0]
        pos = from_table_of(game)
        return self.decide(pos)

    def decide(self, pos: Position) -> Move:
        """The move in a position seen by the player."""
        return _move(lookahead_play(pos))


class MonteCarlo(Lookahead):
    """Settles each choice of half by sampled futures played out by ``lookahead``.

    ``rollouts`` random orders of the unseen cards are drawn (seeded by what
    is in sight, so a position always gets the same answer); every choice is
    played out on the same orders; see its ``pick`` method.

    >>> from solitaire_widgets import new_game
    >>> str(MonteCarlo(rollouts=2).choose(new_game("quarrel", seed=2)))
    'deal'
    """

    name = "monte-carlo"

    def __init__(self, rollouts: int = 24) -> None:
        self.rollouts = rollouts

    def decide(self, pos: Position) -> Move:
        if pos.phase in ("base", "hit"):
            fids = pos.wanted().get(pos.held, [])
            options = [(("h", 0), fid) for fid in fids]
        else:
            plays = pos.plays()
            if not plays:
                return _DEAL
            single, choices = _split(pos, plays)
            if single:
                return _move(min(single, key=lambda p: (p[0][0] != "a", p[0][1])))
            options = choices[0]
        if len({fid for _src, fid in options}) < 2:
            return _move(options[0])
        # One play per series: the auxiliary copy where there is one.
        best: dict[int, Play] = {}
        for play in sorted(options, key=lambda p: (p[0][0] != "a", p[0][1])):
            best.setdefault(play[1], play)
        return _move(self.pick(pos, list(best.values())))

    def pick(self, pos: Position, options: list[Play]) -> Play:
        """The option that does best over sampled futures.

        A rollout scores 52 for a win plus the cards on the series. The
        ``lookahead`` choice stands unless another beats it on the same
        samples by more than twice the standard error of the difference.
        """
        seed = zlib.crc32(repr((pos.lens, pos.tops, pos.rows, pos.aux, pos.held,
                                pos.count, pos.rnd)).encode())
        default = max(options, key=lambda o: score_choice(pos, o))
        scores: dict[Play, list[float]] = {option: [] for option in options}
        for r in range(self.rollouts):
            for option in options:
                start = pos.sampled(random.Random(seed * 1000 + r))
                start.place(option)
                end = play_on(start)
                scores[option].append(52.0 * end.won + end.on_series)
        best, margin = default, 0.0
        for option in options:
            diffs = [a - b for a, b in zip(scores[option], scores[default], strict=True)]
            mean = sum(diffs) / len(diffs)
            spread = sum((d - mean) ** 2 for d in diffs) / max(len(diffs) - 1, 1)
            error = (spread / len(diffs)) ** 0.5
            if mean > 2 * error and mean > margin:
                best, margin = option, mean
        return best
