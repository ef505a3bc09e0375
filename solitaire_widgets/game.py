"""A game in play: its rules, its deck, its position and its history.

The game owns the history, so no rules can forget to record a move: every
move and every chance event (deals, reshuffles, refills, flips) is a step's
event. Undo rebuilds the position by replaying the events before it; redo
replays the undone step's own events, reshuffles included.

>>> from solitaire_widgets import new_game
>>> game = new_game("klondike", seed=1)
>>> move = game.legal_moves()[0]
>>> _ = game.play(move)
>>> game.undo(); game.redo()
>>> len(game.history)
1
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import Any, NamedTuple

from .cards import Card, check_deck, full_deck, parse_cards
from .chance import new_seed, seed_rng, shuffled
from .errors import DeckError, IllegalMoveError, NotationError, SaveFileError
from .moves import Move
from .rules import Context, Rules, Shuffler
from .table import Event, Pile, Table

__all__ = ["Game", "Step", "Result", "SAVE_FORMAT", "MAX_SAVE_BYTES"]

#: The ``format`` field of a saved game.
SAVE_FORMAT = "solitaire_widgets/1"
#: Saved games larger than this are refused unread.
MAX_SAVE_BYTES = 2_000_000


class Step(NamedTuple):
    """One played move: the move, its words, and every event it caused."""

    move: Move
    text: str
    events: tuple[Event, ...]

    @property
    def shuffles(self) -> list[tuple[Card, ...]]:
        """The outcome of each reshuffle during this step, in order."""
        return [event.cards for event in self.events if event.kind == "shuffle"]


class Result(NamedTuple):
    """How a game stands: ``over``, ``won``, and the reason in words."""

    over: bool
    won: bool
    reason: str


class _Recorded:
    """Hands out recorded reshuffle orders, checking each is a true reshuffle."""

    def __init__(self, orders: Sequence[Sequence[Card]]) -> None:
        self.remaining = [list(order) for order in orders]

    def __call__(self, cards: Sequence[Card]) -> list[Card]:
        if not self.remaining:
            raise SaveFileError("a reshuffle happens here, but its order is not recorded")
        order = self.remaining.pop(0)
        if Counter(order) != Counter(cards):
            raise SaveFileError("a recorded reshuffle does not hold the cards being shuffled")
        return order


class Game:
    """One deal of a solitaire, from its deck, played move by move.

    Use :func:`solitaire_widgets.new_game` to make one.
    """

    def __init__(self, rules: Rules, seed: int | None = None,
                 deck: Sequence[Card | str] | str | None = None) -> None:
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
            raise DeckError(f"a deal number is a whole number from 0 up, not {seed!r}")
        self.rules = rules
        self.seed: int = new_seed() if seed is None else seed
        if deck is None:
            cards = shuffled(full_deck(rules.packs), seed_rng(self.seed, 0))
        else:
            try:
                if isinstance(deck, str):
                    cards = parse_cards(deck)
                else:
                    cards = [c if isinstance(c, Card) else Card.parse(c) for c in deck]
            except NotationError as error:
                raise DeckError(f"the deck holds something that is not a card: {error}") from None
            check_deck(cards, rules.packs)
        self._deal(cards, deck is not None, self._fresh_shuffle)

    def _deal(self, cards: Sequence[Card], given: bool, shuffle: Shuffler) -> None:
        """Lay the opening deal of ``cards`` (its reshuffles, if any, from ``shuffle``)."""
        #: The deck in dealing order: ``deck[0]`` is dealt first.
        self.deck: tuple[Card, ...] = tuple(cards)
        self.deck_given: bool = given
        #: The events of the opening deal.
        self.opening: tuple[Event, ...] = ()
        self.history: list[Step] = []
        self._redo: list[Step] = []
        self._legal: list[Move] | None = None
        self._pending = 0
        table = self.start
        ctx = Context(table, shuffle)
        self.rules.opening(ctx)
        if isinstance(shuffle, _Recorded) and shuffle.remaining:
            raise SaveFileError("the save file records a reshuffle in the opening deal, "
                                "which has none")
        self._finish(table, ctx)
        self.opening = tuple(ctx.events)
        self.table: Table = table

    # -- reading the position ---------------------------------------------

    @property
    def name(self) -> str:
        """The game's short name (``"quarrel"``, ``"klondike"``, ``"chain"``)."""
        return self.rules.name

    @property
    def options(self) -> dict[str, str]:
        """The options in force, defaults included."""
        return dict(self.rules.options)

    @property
    def piles(self) -> list[Pile]:
        """The piles in display order (read them; change them only by playing)."""
        return list(self.table.piles.values())

    def pile(self, pile_id: str) -> Pile:
        """One pile by its id."""
        try:
            return self.table.piles[pile_id]
        except KeyError:
            raise IllegalMoveError(f"there is no pile called {pile_id!r} in this game") from None

    @property
    def is_over(self) -> bool:
        """Whether the game has ended, won or lost."""
        return bool(self.table.facts["over"])

    @property
    def is_won(self) -> bool:
        """Whether every card has reached the foundations."""
        return bool(self.table.facts["won"])

    @property
    def result(self) -> Result:
        """``Result(over, won, reason)``; the reason says why a game ended."""
        facts = self.table.facts
        return Result(bool(facts["over"]), bool(facts["won"]), str(facts["reason"] or ""))

    @property
    def status(self) -> str:
        """The situation in words: the count, the pass, the deal, or how it ended."""
        if self.is_over:
            return ("Won: " if self.is_won else "Lost: ") + self.result.reason
        return self.rules.status(self.table)

    def legal_moves(self) -> list[Move]:
        """Every legal move, in a stable order (empty when the game is over)."""
        if self._legal is None:
            self._legal = [] if self.is_over else self.rules.legal_moves(self.table)
        return list(self._legal)

    def is_legal(self, move: Move | str) -> bool:
        """Whether ``move`` (a value or its text) may be played now."""
        try:
            move = self._as_move(move)
        except NotationError:
            return False
        return move in self._moves()

    def describe(self, move: Move | str) -> str:
        """A legal move in words before it is played, naming no face-down card.

        (A played step's own words, ``Step.text``, may name the card it turned up.)
        """
        move = self._as_move(move)
        self._check(move)
        return self.rules.preview_move(self.table, move)

    # -- playing -------------------------------------------------------------

    def play(self, move: Move | str) -> Step:
        """Play a legal move (a :class:`Move` or its text) and return its step.

        An illegal move raises :class:`IllegalMoveError` saying why, and changes nothing.
        """
        move = self._as_move(move)
        self._check(move)
        step = self._push(move, self._fresh_shuffle)
        self._redo.clear()
        return step

    def undo(self) -> None:
        """Take back the last move (a reshuffle it caused is taken back too)."""
        if not self.history:
            raise IllegalMoveError("there is nothing to undo")
        self._redo.append(self.history.pop())
        self.table = self.position_at(len(self.history))
        self._legal = None

    def redo(self) -> None:
        """Play again the last move taken back, with the same outcome."""
        if not self._redo:
            raise IllegalMoveError("there is nothing to redo")
        step = self._redo.pop()
        for event in step.events:
            self.table.apply(event)
        self.history.append(step)
        self._legal = None

    @property
    def can_undo(self) -> bool:
        return bool(self.history)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def clone(self) -> Game:
        """An independent copy with the same history."""
        other = object.__new__(Game)
        other.__dict__.update(self.__dict__)
        other.table = self.table.copy()
        other.history = list(self.history)
        other._redo = list(self._redo)
        return other

    def steps(self) -> Iterator[tuple[str, tuple[Event, ...]]]:
        """The opening and each step as ``(words, events)``, for replays."""
        yield "The deal", self.opening
        for step in self.history:
            yield step.text, step.events

    def position_at(self, index: int) -> Table:
        """The table after ``index`` steps (0: after the opening deal)."""
        table = self.start
        for event in self.opening:
            table.apply(event)
        for step in self.history[:index]:
            for event in step.events:
                table.apply(event)
        return table

    @property
    def start(self) -> Table:
        """The table before the opening deal: every card in the stock."""
        table = Table(self.rules.piles(), {"over": False, "won": False, "reason": ""})
        table.piles["s"].cards = list(reversed(self.deck))
        return table

    # -- showing -------------------------------------------------------------

    def _repr_svg_(self) -> str:
        # A game shows itself in a notebook with no widget, as python-chess's
        # Board does; the renderer is pure and imports no UI library.
        from .render import repr_svg

        return repr_svg(self)

    def _repr_html_(self) -> str:
        from .render import repr_html

        return repr_html(self)

    def __repr__(self) -> str:
        return (f"<Game {self.name} deal {self.seed}, {len(self.history)} moves: "
                f"{self.status}>")

    # -- saving --------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The game as plain data (see :meth:`to_json`)."""
        moves: list[dict[str, Any]] = []
        for step in self.history:
            entry: dict[str, Any] = {"move": str(step.move)}
            if step.shuffles:
                entry["shuffles"] = [[str(c) for c in order] for order in step.shuffles]
            moves.append(entry)
        data: dict[str, Any] = {
            "format": SAVE_FORMAT,
            "game": self.name,
            "options": self.options,
            "seed": self.seed,
            "deck": [str(c) for c in self.deck],
            "moves": moves,
        }
        opening_shuffles = [e.cards for e in self.opening if e.kind == "shuffle"]
        if opening_shuffles:
            data["opening_shuffles"] = [[str(c) for c in o] for o in opening_shuffles]
        return data

    def to_json(self, indent: int | None = None) -> str:
        """The game as JSON: its rules, seed, deck and moves with every reshuffle's order.

        It plays back identically with :func:`solitaire_widgets.load_game`,
        without the seed.
        """
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    # -- internals -----------------------------------------------------------

    def _as_move(self, move: Move | str) -> Move:
        if isinstance(move, Move):
            return move
        rules = self.rules
        return Move.parse(move, example=rules.example_move or "t3>fh",
                          word=rules.actions[0] if rules.actions else "turn")

    def _moves(self) -> list[Move]:
        if self._legal is None:
            self._legal = [] if self.is_over else self.rules.legal_moves(self.table)
        return self._legal

    def _check(self, move: Move) -> None:
        if self.is_over:
            raise IllegalMoveError(f"the game is over ({self.result.reason}); start a new deal")
        if move not in self._moves():
            raise IllegalMoveError(self.rules.why_illegal(self.table, move))

    def _shuffle_count(self) -> int:
        count = sum(1 for e in self.opening if e.kind == "shuffle")
        for step in self.history:
            count += len(step.shuffles)
        return count

    def _fresh_shuffle(self, cards: Sequence[Card]) -> list[Card]:
        """Draw a reshuffle for a move being played now.

        Reshuffle k of a game draws from its own stream, so a replay that
        undoes and redoes moves meets the same orders. ``_pending`` counts the
        reshuffles of the move under way (a move may gather twice).
        """
        self._pending += 1
        return shuffled(cards, seed_rng(self.seed, self._shuffle_count() + self._pending))

    def _finish(self, table: Table, ctx: Context) -> list[Move]:
        """End a position that has no legal move; return the legal moves."""
        if table.facts["over"]:
            return []
        moves = self.rules.legal_moves(table)
        if not moves:
            self.rules.stuck(table, ctx)
        return moves

    def _push(self, move: Move, shuffle: Shuffler) -> Step:
        self._pending = 0
        text = self.rules.describe_move(self.table, move)
        ctx = Context(self.table, shuffle)
        self.rules.apply(self.table, move, ctx)
        moves = self._finish(self.table, ctx)
        step = Step(move, text, tuple(ctx.events))
        self.history.append(step)
        self._legal = moves
        return step

    @classmethod
    def _load(cls, rules_for: Callable[..., Rules], data: dict[str, Any]) -> Game:
        """Rebuild a game from checked save data, replaying and checking every move."""
        rules = rules_for(data["game"], data["options"])
        game = cls.__new__(cls)
        # Opening reshuffles (if any) come from the record, not from the seed.
        game.rules = rules
        game.seed = data["seed"]
        try:
            deck = parse_cards(data["deck"])
            check_deck(deck, rules.packs)
        except (NotationError, DeckError) as error:
            raise SaveFileError(f"the saved deck is wrong: {error}") from None
        game._deal(deck, True, _Recorded(_orders(data.get("opening_shuffles", []))))
        for number, entry in enumerate(data["moves"], start=1):
            try:
                move = Move.parse(entry["move"])
            except NotationError as error:
                raise SaveFileError(f"move {number}: {error}") from None
            if move not in game._moves():
                reason = ("the game was already over" if game.is_over
                          else game.rules.why_illegal(game.table, move))
                raise SaveFileError(f"move {number} ({move}) is not legal there: {reason}")
            shuffle = _Recorded(_orders(entry.get("shuffles", [])))
            try:
                game._push(move, shuffle)
            except SaveFileError as error:
                raise SaveFileError(f"move {number} ({move}): {error}") from None
            if shuffle.remaining:
                raise SaveFileError(f"move {number} ({move}) records a reshuffle that did not happen")
        return game


def _orders(raw: Any) -> list[list[Card]]:
    try:
        return [parse_cards(order) for order in raw]
    except NotationError as error:
        raise SaveFileError(f"a recorded reshuffle is wrong: {error}") from None
