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
seen yet (the two packs minus those). They never use the order of the
stock: a :class:`Position` (the game's model, read as the player reads the
table) holds the unseen cards sorted, and a sampled future is a random order
of them.

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

from ...cards import SUITS, Card
from ...game import Game
from ...moves import Move
from .model import AUX, DEAL, FIRST_AUX, FOUNDATIONS, HELD, PHASES, PLAY, PLAYS, ROWS, QuarrelModel

__all__ = ["Position", "Lookahead", "MonteCarlo", "from_table_of", "code", "card_of"]

_DEAL = DEAL
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


class Position:
    """What a player sees, plus a stock to play on with: a Quarrel model with a random source.

    The position is a :class:`~solitaire_widgets.games.quarrel.model.QuarrelModel`
    (the game's rules; :meth:`place` and :meth:`deal` play on it), read here as
    the player reads the table: the series (``lens``, ``tops``), the rows, the
    auxiliary row, the card set aside (``held``) and the stock, a list of codes
    whose last item is dealt next. Built from a table by :func:`from_table_of`
    the stock holds the unseen cards in a fixed order (sorted), not the real
    order; :meth:`sampled` gives a random order, and a round's end shuffles
    the gathered cards with the position's random source, not the deal's seed.

    It can also be set up by hand from what is in sight (the tests' positions):
    ``Position(lens, tops, rows, aux, held, stock, count, base, n_aux, rnd, uses,
    phase, hit_to_series)``; ``tops`` then follows from ``lens`` and ``base``.
    """

    __slots__ = ("model", "_rng")

    def __init__(self, lens: list[int], tops: list[int], rows: list[int], aux: list[int],
                 held: int, stock: list[int], count: int, base: int, n_aux: int, rnd: int,
                 uses: int, phase: str, hit_to_series: bool, over: bool = False,
                 won: bool = False, rng: random.Random | None = None) -> None:
        model = QuarrelModel({"hit_card": "to-series" if hit_to_series else "gathered"}, 0, [])
        model.lens = list(lens)
        model.base = base
        model.cells[:len(rows)] = rows
        model.cells[FIRST_AUX:FIRST_AUX + len(aux)] = aux
        model.cells[HELD] = held
        model.dealt = len(rows)
        model.stock = list(stock)
        model.top = len(stock)
        model.count, model.n_aux, model.rnd, model.uses = count, n_aux, rnd, uses
        model.phase = PHASES.index(phase)
        model.over, model.won = over, won
        model.recount()
        self._on(model, rng or random.Random())

    def _on(self, model: QuarrelModel, rng: random.Random) -> None:
        self.model = model
        model.pack_order = False
        self.rng = rng

    @classmethod
    def of_model(cls, model: QuarrelModel, rng: random.Random) -> Position:
        """The position of ``model`` (played on as it is), reshuffling with ``rng``."""
        pos = object.__new__(cls)
        pos._on(model, rng)
        return pos

    @property
    def rng(self) -> random.Random:
        """The random source a round's end shuffles with."""
        return self._rng

    @rng.setter
    def rng(self, rng: random.Random) -> None:
        self._rng = rng

        def shuffle(codes: list[int], number: int) -> list[int]:
            order = list(codes)
            rng.shuffle(order)
            return order

        self.model.shuffler = shuffle

    def copy(self) -> Position:
        """An independent copy (sharing the random source)."""
        return Position.of_model(self.model.copy(), self.rng)

    def sampled(self, rng: random.Random) -> Position:
        """A copy whose stock is a random order of the unseen cards, reshuffling with ``rng``."""
        model = self.model.copy()
        model.stock = model.stock[:model.top]
        rng.shuffle(model.stock)
        return Position.of_model(model, rng)

    # -- what the player sees ---------------------------------------------------

    @property
    def lens(self) -> list[int]:
        """How many cards each series holds (in the order of the series)."""
        return self.model.lens

    @property
    def tops(self) -> list[int]:
        """The rank on top of each series (0 when empty)."""
        model = self.model
        return [model.series_top(fid) % 13 + 1 if n else 0 for fid, n in enumerate(model.lens)]

    @property
    def rows(self) -> list[int]:
        """The rows' places dealt this round: a code, or -1 for a gap."""
        return self.model.cells[:self.model.dealt]

    @property
    def aux(self) -> list[int]:
        """The auxiliary row's 13 places: a code, or -1."""
        return self.model.cells[FIRST_AUX:HELD]

    @property
    def held(self) -> int:
        """The card set aside (-1 for none)."""
        return self.model.cells[HELD]

    @property
    def stock(self) -> list[int]:
        """The stock, bottom to top (a copy)."""
        return self.model.stock[:self.model.top]

    @stock.setter
    def stock(self, stock: list[int]) -> None:
        self.model.stock = list(stock)
        self.model.top = len(stock)
        self.model.recount()

    @property
    def count(self) -> int:
        return self.model.count

    @property
    def base(self) -> int:
        return self.model.base

    @property
    def n_aux(self) -> int:
        return self.model.n_aux

    @property
    def rnd(self) -> int:
        return self.model.rnd

    @property
    def uses(self) -> int:
        return self.model.uses

    @property
    def phase(self) -> str:
        return PHASES[self.model.phase]

    @property
    def hit_to_series(self) -> bool:
        """Whether a later hit card that fits goes to its series (``hit_card="to-series"``)."""
        return not self.model.gathered

    @property
    def over(self) -> bool:
        return self.model.over

    @property
    def won(self) -> bool:
        return self.model.won

    @property
    def on_series(self) -> int:
        """How many cards are on the series."""
        return sum(self.model.lens)

    def wanted(self) -> dict[int, list[int]]:
        """Each card (code) some series needs next, with the series that need it."""
        out: dict[int, list[int]] = {}
        for fid, need in enumerate(self.model.need):
            if need >= 0:
                out.setdefault(need, []).append(fid)
        return out

    def plays(self) -> list[Play]:
        """Every play in sight (sources from the rows, then the auxiliary row)."""
        model = self.model
        if model.phase != PLAY:
            return []
        return [_PLAY_OF[move] for move in model.legal_moves() if move is not DEAL]

    def unseen(self) -> Counter[int]:
        """The cards not yet seen, by code (the stock as a multiset)."""
        return Counter(self.stock)

    # -- playing (the model's rules) -------------------------------------------

    def place(self, play: Play) -> None:
        """Play ``play`` (a card onto a series), with the refill and what follows."""
        (kind, i), fid = play
        cell = HELD if kind == "h" else (i if kind == "r" else FIRST_AUX + i)
        self.model.apply(PLAYS[cell][fid])

    def deal(self) -> None:
        """Deal the next stock card to the rows, naming the next rank."""
        self.model.apply(DEAL)


#: Each of the model's moves of a card as a search's play.
_PLAY_OF: dict[Move, Play] = {
    PLAYS[cell][fid]: (("h", 0) if cell == HELD else ("r", cell) if cell < FIRST_AUX
                       else ("a", cell - FIRST_AUX), fid)
    for cell in range(HELD + 1) for fid in range(8)}


def from_table_of(game: Game) -> Position:
    """The position a player sees in ``game`` (after the base rank is found).

    The stock is the unseen cards in sorted order: the real order is never kept.

    >>> from solitaire_widgets import new_game
    >>> game = new_game("quarrel", seed=5)
    >>> while game.table.facts["phase"] == "search":
    ...     _ = game.play("deal")
    >>> pos = from_table_of(game)
    >>> len(pos.stock) == len(game.pile("s").cards), pos.stock == sorted(pos.stock)
    (True, True)
    """
    model = QuarrelModel.from_table(game.rules.options, game.seed, game.table, 0)
    model.stock = sorted(model.stock[:model.top])
    return Position.of_model(model, random.Random())


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
    """A copy with ``play``'s card on its series, the refill not looked at."""
    model = pos.model.copy()
    (kind, i), fid = play
    cell = HELD if kind == "h" else (i if kind == "r" else FIRST_AUX + i)
    model.cells[cell] = -1
    model.lens[fid] += 1
    model.stock, model.top, model.phase = [], 0, PLAY
    model.recount()
    return Position.of_model(model, pos.rng)


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
