"""A game in play: its rules, its deck, its position and its history.

The game owns the history, so no rules can forget to record a move: every
move and every chance event (deals, reshuffles, refills, flips) is a step's
event. Step 0 is the opening deal; step k (k >= 1) is the k-th move played.
Undo rebuilds the position by replaying the events before it; redo replays
the undone step's own events, reshuffles included.

A game whose rules say so (``Rules.game_on_model``) plays on the game's model
(:mod:`solitaire_widgets.model`): the legal moves, the outcome and each
step's events are read off the model, and the table is built from it only
when it is read, then kept up with the steps' events. A step is worded by
the rules (``describe_move``) from the position before it when its words are
first read. A deal played out by a player
(:func:`~solitaire_widgets.strategies.play_out`) makes its steps only when
its history is first read: until then the game keeps only the moves. A game
with no model plays on its table through the rules' hooks.

>>> from solitaire_widgets import new_game
>>> game = new_game("klondike", seed=1)
>>> move = game.legal_moves()[0]
>>> _ = game.play(move)
>>> game.undo(); game.redo()
>>> len(game.history), [step.text for step in game.steps()][0]
(1, 'The deal')
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, NamedTuple

from .cards import CARD, CODE, Card, check_deck, full_deck, parse_cards
from .chance import MAX_SEED, new_seed, reshuffled, seed_rng, shuffled
from .citations import Citation
from .errors import DeckError, IllegalMoveError, NotationError, excerpt
from .i18n import _, format_number
from .model import CodeShuffler, Model
from .moves import Move
from .reasons import reason_words
from .rules import STOCK, Context, Rules, Shuffler
from .save_writer import save_data, save_json
from .table import Event, Pile, Table

__all__ = ["Game", "Step", "Result", "OPENING_DEAL", "MAX_MOVES", "register_display", "displayed"]

#: The move of step 0, the opening deal (no game has a move of this name).
OPENING_DEAL = Move("opening-deal")
#: The most moves a game holds (and a save, see :func:`~solitaire_widgets.load_game`):
#: reading a save checks every move, so a longer one would cost seconds.
MAX_MOVES = 20_000
#: A game keeps a copy of its position every this many steps, so that
#: taking a move back late in a long game costs no more than early in it.
MARK_EVERY = 128


#: How the engine's objects are shown where pictures can be (a notebook,
#: nbviewer, GitHub): ``(class, kind) -> function``, ``kind`` one of
#: ``"svg"``, ``"png"``, ``"html"``. The engine draws nothing itself; the
#: package registers the render layer's pictures (``solitaire_widgets/__init__.py``).
_DISPLAYS: dict[tuple[type, str], Callable[[Any], Any]] = {}


def register_display(cls: type, kind: str, show: Callable[[Any], Any]) -> None:
    """Show objects of ``cls`` as ``kind`` (``"svg"``, ``"png"`` or ``"html"``) with
    ``show(obj)``: their ``_repr_<kind>_`` method, which Jupyter calls, returns it.

    >>> register_display(Step, "html", lambda step: f"<b>{step.text}</b>")
    >>> displayed(Step(OPENING_DEAL, "The deal", ()), "html")
    '<b>The deal</b>'
    >>> del _DISPLAYS[Step, "html"]
    """
    _DISPLAYS[cls, kind] = show


def displayed(obj: object, kind: str) -> Any:
    """``obj`` shown as ``kind`` by the function registered for its class.

    With none registered it raises :class:`NotImplementedError`, which Jupyter
    takes for "not shown this way".
    """
    for cls in type(obj).__mro__:
        show = _DISPLAYS.get((cls, kind))
        if show is not None:
            return show(obj)
    raise NotImplementedError(f"no {kind} display is registered for {type(obj).__name__}")


class Step:
    """One step: the move (:data:`~solitaire_widgets.game.OPENING_DEAL` for the opening deal,
    step 0), its words, and every event it caused.

    A step reads like a named tuple of ``(move, text, events)``: it unpacks,
    compares and hashes as that tuple. Its words are built when ``text`` is
    first read, in the language in force then, from the position before the
    move (playing costs no words that nobody reads). On a game that plays on
    its model and whose table nobody has read, its events too are built when
    first read, by playing the move again on a copy of the model (a deal
    played for its outcome alone builds none).

    >>> from solitaire_widgets import new_game
    >>> step = new_game("klondike", seed=7).play("turn")
    >>> move, text, events = step
    >>> str(move), text
    ('turn', 'the next card of the hand is turned face up onto the waste')
    """

    __slots__ = ("move", "_events", "_text", "_game", "_index")

    def __init__(self, move: Move, text: str, events: tuple[Event, ...]) -> None:
        self.move = move
        self._events: tuple[Event, ...] | None = events
        self._text: str | None = text
        self._game: Game | None = None
        self._index = 0

    @property
    def text(self) -> str:
        """The step in words (the deal, or what the move did)."""
        text = self._text
        if text is None:
            game = self._game
            if game is None:   # the opening deal, step 0
                text = self._text = _("The deal")
                return text
            text = self._text = game._words(self._index)
            if self._events is not None:
                self._game = None
        return text

    @property
    def events(self) -> tuple[Event, ...]:
        """Every change of the table this step made, in order (see :class:`~solitaire_widgets.table.Event`).

        >>> from solitaire_widgets import Move, new_game
        >>> step = new_game("klondike", seed=7).play(Move("turn"))
        >>> [(event.kind, event.src, event.dst, str(event.cards[0])) for event in step.events]
        [('move', 's', 'w', '6S')]
        """
        events = self._events
        if events is None:
            game = self._game
            assert game is not None
            game._replay_events(self._index)
            events = self._events
            assert events is not None
            if self._text is not None:
                self._game = None
        return events

    @property
    def shuffles(self) -> list[tuple[Card, ...]]:
        """The outcome of each reshuffle during this step, in order."""
        return [event.cards for event in self.events if event.kind == "shuffle"]

    def __iter__(self) -> Iterator[Any]:
        return iter((self.move, self.text, self.events))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Step):
            return NotImplemented
        return (self.move == other.move and self.events == other.events
                and self.text == other.text)

    def __hash__(self) -> int:
        return hash((self.move, self.text, self.events))

    def __repr__(self) -> str:
        return f"Step(move={self.move!r}, text={self.text!r}, events={self.events!r})"

    def __reduce__(self) -> tuple[type[Step], tuple[Move, str, tuple[Event, ...]]]:
        return Step, (self.move, self.text, self.events)


def _unworded(move: Move, events: tuple[Event, ...] | None, game: Game | None,
              index: int) -> Step:
    """Step ``index`` of ``game``, to be worded by the game when its text is first read
    (and its events found then too, when ``events`` is None)."""
    step = _new_step(Step)
    step.move, step._events, step._text, step._game, step._index = (move, events, None, game,
                                                                   index)
    return step


#: The codes of one pack's cards, in the order of ``full_deck()`` (clubs first, ace up).
_PACK_CODES = [CODE[card] for card in full_deck()]

# Steps built on the hot path skip the Python-level __init__.
_new_step = object.__new__


def _on_codes(shuffle: Shuffler) -> CodeShuffler:
    """A shuffler of cards as a model's shuffler of codes."""

    def on_codes(codes: list[int], number: int) -> list[int]:
        return [CODE[card] for card in shuffle([CARD[code] for code in codes])]

    return on_codes


class _Recorded:
    """Hands out a step's recorded reshuffles again, in order (for redo)."""

    def __init__(self, orders: Sequence[Sequence[Card]]) -> None:
        self.remaining = [list(order) for order in orders]

    def __call__(self, cards: Sequence[Card]) -> list[Card]:
        return self.remaining.pop(0)


class Result(NamedTuple):
    """How a game stands: ``over``, ``won``, and the reason in words."""

    over: bool
    won: bool
    reason: str


class Game:
    """One deal of a solitaire, from its deck, played move by move.

    Use :func:`solitaire_widgets.new_game` to make one.
    """

    def __init__(self, rules: Rules, seed: int | None = None,
                 deck: Sequence[Card | str] | str | None = None, *,
                 _backend: str | None = None) -> None:
        if seed is not None and (type(seed) is not int or not 0 <= seed <= MAX_SEED):
            raise DeckError(_("a deal number is a whole number from 0 to {most}, "
                              "not {value}").format(most=MAX_SEED, value=excerpt(seed)))
        self.rules = rules
        #: The deal number: it draws the deck (unless one is given) and every reshuffle.
        self.seed: int = new_seed() if seed is None else seed
        codes: list[int] | None = None
        cards: list[Card] | None = None
        if deck is None:
            # The pack's codes are in its cards' order, so they shuffle alike
            # (the deck's cards are made from them when first read).
            codes = shuffled(_PACK_CODES * rules.packs, seed_rng(self.seed, 0))
        elif not isinstance(deck, (str, list, tuple)):
            raise DeckError(_("a deck is the cards in dealing order, as text such as "
                              "'AS 2H ...' or as a list, not {value}").format(value=excerpt(deck)))
        else:
            try:
                cards = parse_cards(deck)
            except NotationError as error:
                raise DeckError(_("the deck holds something that is not a card: {error}").format(
                    error=error)) from None
            check_deck(cards, rules.packs)
        self._reset(cards, deck is not None, _backend, codes)
        self._push(OPENING_DEAL, self._fresh_shuffle)

    def _reset(self, cards: Sequence[Card] | None, custom: bool, backend: str | None = None,
               codes: list[int] | None = None) -> None:
        """Set up a game of ``cards`` before its opening deal (step 0, played by ``_push``).

        A game whose rules say so (``Rules.game_on_model``) plays on its
        model; ``backend="rules"`` plays it on its table through the rules'
        hooks instead, as a game with no model plays (for a game whose rules
        write their own hooks beside its model, the oracle the model is
        compared with; ``tests/test_model_conformance.py``).
        """
        # The deck as cards (``deck``, made from its codes when first read without them).
        self._deck: tuple[Card, ...] | None = None if cards is None else tuple(cards)
        self._codes = codes
        #: Whether the deck was chosen by hand rather than drawn from the seed.
        self.custom_deck: bool = custom
        # The steps made, then the moves played whose steps are not made yet and
        # their events where found (see _advance): ``_steps`` makes them and reads them all.
        self._made: list[Step] = []
        self._deferred: list[Move] = []
        self._deferred_events: list[tuple[Event, ...] | None] = []
        self._marks: list[Any] = []   # tables, or models when playing on the model
        self._redo: list[Step] = []
        self._legal: list[Move] | None = None
        self._pending = 0
        # The position steps are worded from (see _words): (its step, the table).
        self._reading: tuple[int, Table | None] = (-1, None)
        # The model steps' events are found on (see _replay_events): (its step, a copy).
        self._replay: tuple[int, Model | None] = (-1, None)
        # The moves as save JSON, kept by the writer (solitaire_widgets.save_writer).
        self._written: object = None
        rules = self.rules
        self._model: Model | None = None
        if backend != "rules" and rules.game_on_model and rules.model:
            # The model draws its reshuffles from the seed, as _fresh_shuffle does.
            self._model = rules.model(rules.options, self.seed,
                                      codes[:] if codes is not None
                                      else [CODE[card] for card in self.deck])
        # The table: kept up to date by the rules' hooks, or, on a model, built
        # from it when first read and then caught up with the steps' events.
        self._table: Table | None = None if self._model else self.start
        self._table_at = -1

    # -- reading the position ---------------------------------------------

    @property
    def deck(self) -> tuple[Card, ...]:
        """The deck in dealing order: ``deck[0]`` is dealt first."""
        deck = self._deck
        if deck is None:
            assert self._codes is not None
            deck = self._deck = tuple(map(CARD.__getitem__, self._codes))
        return deck

    @deck.setter
    def deck(self, deck: tuple[Card, ...]) -> None:
        self._deck = deck

    @property
    def table(self) -> Table:
        """The position: piles and facts (read it; change it only by playing)."""
        # Not locked: a game is played and read by one thread at a time (the
        # widgets hold one lock for every handler, see widgets/threads.py).
        model = self._model
        table = self._table
        if model is None:
            assert table is not None
            return table
        last = len(self._made) + len(self._deferred) - 1
        if table is None:
            table = self._table = model.to_table()
        elif self._table_at < last:
            for step in self._steps[self._table_at + 1:]:
                for event in step.events:
                    table.apply(event)
        self._table_at = last
        return table

    @table.setter
    def table(self, table: Table) -> None:
        self._reading = (-1, None)
        self._table = table
        self._table_at = len(self._steps) - 1

    @property
    def name(self) -> str:
        """The game's short name, as registered (one of ``solitaire_widgets.GAMES``)."""
        return self.rules.name

    @property
    def deal_name(self) -> str:
        """Which deal this is in words: ``"deal 5"``, or ``"custom deck"`` for a deck
        chosen by hand (its deal number then draws only the reshuffles)."""
        if self.custom_deck:
            return _("custom deck")
        return _("deal {number}").format(number=self.seed)

    @property
    def history(self) -> list[Step]:
        """The moves played, oldest first: steps 1 to n (a new list each time)."""
        return self._steps[1:]

    @property
    def moves_played(self) -> int:
        """How many moves have been played: ``len(history)``, without copying it."""
        return len(self._made) + len(self._deferred) - 1

    def history_from(self, start: int) -> list[Step]:
        """The moves played after the first ``start``: ``history[start:]``, without
        copying the rest (a front end reads what changed at the end of a long game).

        >>> from solitaire_widgets import new_game
        >>> game = new_game("klondike", seed=7)
        >>> _ = game.play("turn"); _ = game.play("turn")
        >>> game.moves_played, [str(step.move) for step in game.history_from(1)]
        (2, ['turn'])
        """
        return self._steps[1 + max(0, start):]

    @property
    def opening(self) -> tuple[Event, ...]:
        """The events of the opening deal (step 0)."""
        return self._steps[0].events

    @property
    def options(self) -> dict[str, str]:
        """The options in force, defaults included."""
        return dict(self.rules.options)

    @property
    def piles(self) -> list[Pile]:
        """The piles in display order (read them; change them only by playing)."""
        return list(self.table.piles.values())

    def pile(self, pile_id: str) -> Pile:
        """One pile by its id, as it is now (read it; change it only by playing).

        >>> from solitaire_widgets import new_game
        >>> game = new_game("klondike", seed=3)
        >>> pile = game.pile("t1")
        >>> len(pile.cards), pile.down
        (7, 6)
        """
        # On a model that reads one pile alone, while nothing keeps the whole
        # table (a player reading a pile or two per move), the model's pile.
        read = getattr(self._model, "pile", None) if self._table is None else None
        try:
            pile: Pile = read(pile_id) if read is not None else self.table.piles[pile_id]
            return pile
        except (KeyError, TypeError):   # (TypeError: not even text, such as a list)
            raise IllegalMoveError(_("there is no pile called {pile} in {game}").format(
                pile=excerpt(pile_id), game=self.rules.game_title())) from None

    @property
    def is_over(self) -> bool:
        """Whether the game has ended, won or lost."""
        if self._model is not None:
            return self._model.over
        return bool(self.table.facts["over"])

    @property
    def is_won(self) -> bool:
        """Whether every card has reached the foundations."""
        if self._model is not None:
            return self._model.won
        return bool(self.table.facts["won"])

    @property
    def result(self) -> Result:
        """``Result(over, won, reason)``; the reason says why a game ended, in the
        language in force when it is read (the game keeps it as a key, see
        :mod:`solitaire_widgets.reasons`)."""
        model = self._model
        if model is not None:
            return Result(model.over, model.won, reason_words(model.reason))
        facts = self.table.facts
        return Result(bool(facts["over"]), bool(facts["won"]),
                      reason_words(str(facts["reason"] or "")))

    @property
    def status(self) -> str:
        """The situation in words: the count, the pass, the deal, or how it ended."""
        if self.is_over:
            if self.is_won:
                return _("Won: {reason}").format(reason=self.result.reason)
            return _("Lost: {reason}").format(reason=self.result.reason)
        return self.rules.status(self.table)

    def legal_moves(self) -> list[Move]:
        """Every legal move, in a stable order (empty when the game is over)."""
        legal = self._legal
        return legal[:] if legal is not None else list(self._moves())

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

    def why_legal(self, move: Move | str) -> Citation:
        """Why a legal move may be played: the sentences of the game's text that allow
        its kind of move, and our reading of an unclear passage where it follows one.

        >>> from solitaire_widgets import new_game
        >>> game = new_game("chain", seed=5)
        >>> game.why_legal("aux").sentences[0][:40]
        'Если пасьянс зайдет в тупик сразу же пос'
        >>> game.why_legal("aux").reading
        'When the auxiliary row may be laid'

        An illegal move raises :class:`IllegalMoveError`, with its own sentences.
        """
        move = self._as_move(move)
        self._check(move)
        return self.rules.why_legal(self.table, move)

    # -- playing -------------------------------------------------------------

    def play(self, move: Move | str) -> Step:
        """Play a legal move (a :class:`Move` or its text) and return its step.

        An illegal move raises :class:`IllegalMoveError` saying why, and changes
        nothing; anything but a move or its text (a tuple equal to a move
        included) raises :class:`NotationError`.
        """
        model = self._model
        steps = self._steps if self._deferred else self._made
        legal = self._legal
        if (model is not None and type(move) is Move and legal is not None and move in legal
                and len(steps) <= MAX_MOVES):
            # On the model, a legal move goes straight on (the checks below only word a refusal).
            if self._table is None:
                # Nobody reads the table: the step's words and events are found when
                # first read (see Step), the step is only its move.
                model.apply(move)
                step = _new_step(Step)
                step.move, step._events, step._text, step._game, step._index = (
                    move, None, None, self, len(steps))
                steps.append(step)
                if len(steps) % MARK_EVERY == 1:
                    self._mark()
                self._legal = model.legal_moves()
            else:
                step = self._push_on_model(model, move, None)
            if self._redo:
                self._redo.clear()
            return step
        move = self._as_move(move)
        self._check(move)
        if len(self._steps) > MAX_MOVES:
            raise IllegalMoveError(_("this game has reached {n} moves, the most a game holds; "
                                     "start a new deal").format(n=format_number(MAX_MOVES)))
        step = self._push(move, self._fresh_shuffle)
        self._redo.clear()
        return step

    def undo(self) -> None:
        """Take back the last move (a reshuffle it caused is taken back too)."""
        if len(self._steps) < 2:
            raise IllegalMoveError(_("there is nothing to undo"))
        # The step taken back keeps its events for a redo: found now, while it is played.
        self._steps[-1].events  # noqa: B018
        table = self.position_at(len(self._steps) - 2)
        last = self._steps.pop()
        if last._text is None:
            # Worded now, from the position it is taken back to (a step outlives its undo).
            last._text, last._game = self.rules.describe_move(table, last.move), None
        self._redo.append(last)
        self._replay = (-1, None)
        del self._marks[(len(self._steps) - 1) // MARK_EVERY + 1:]
        if self._model is not None:
            shuffles = sum(len(step.shuffles) for step in self._steps)
            self._model = type(self._model).from_table(self.rules.options, self.seed, table,
                                                       shuffles)
        self.table = table
        self._legal = None

    def redo(self) -> None:
        """Play again the last move taken back, with the same outcome."""
        if not self._redo:
            raise IllegalMoveError(_("there is nothing to redo"))
        step = self._redo.pop()
        model = self._model
        if model is not None:
            # The move again, with the reshuffles it drew; the table catches up on reading.
            seeded, model.shuffler = model.shuffler, _on_codes(_Recorded(step.shuffles))
            try:
                model.apply(step.move)
            finally:
                model.shuffler = seeded
            self._steps.append(step)
        else:
            for event in step.events:
                self.table.apply(event)
            self._steps.append(step)
        self._mark()
        self._legal = None

    @property
    def can_undo(self) -> bool:
        return len(self._made) + len(self._deferred) > 1

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def clone(self) -> Game:
        """An independent copy with the same history."""
        other = object.__new__(Game)
        other.__dict__.update(self.__dict__)
        other._table = self._table.copy() if self._table is not None else None
        if self._model is not None:
            other._model = self._model.copy()
        other._made = list(self._steps)
        other._deferred = []
        other._deferred_events = []
        other._marks = list(self._marks)   # kept positions are never changed, only replaced
        other._redo = list(self._redo)
        other._reading = (-1, None)
        other._replay = (-1, None)
        other._written = None
        return other

    def steps(self) -> list[Step]:
        """Every step: step 0 the opening deal (move :data:`~solitaire_widgets.game.OPENING_DEAL`, words ``"The deal"``),
        then step k the k-th move played."""
        return list(self._steps)

    def position_at(self, index: int) -> Table:
        """The table after step ``index`` (0: after the opening deal)."""
        if type(index) is not int or not 0 <= index < len(self._steps):
            raise IndexError(f"there is no step {excerpt(index)}: the steps are 0 "
                             f"(the deal) to {len(self._steps) - 1}")
        # From the nearest kept position (see _mark), so an undo late in a long
        # game replays at most MARK_EVERY steps.
        kept = min(index // MARK_EVERY, len(self._marks) - 1)
        if kept < 0:
            table, first = self.start, 0
        else:
            mark = self._marks[kept]
            table = mark.to_table() if self._model is not None else mark.copy()
            first = kept * MARK_EVERY + 1
        for step in self._steps[first:index + 1]:
            for event in step.events:
                table.apply(event)
        return table

    @property
    def start(self) -> Table:
        """The table before the opening deal: every card in the stock."""
        table = Table(self.rules.piles(), {"over": False, "won": False, "reason": ""})
        table.piles[STOCK].cards = list(reversed(self.deck))
        return table

    # -- showing -------------------------------------------------------------

    def _repr_svg_(self) -> str:
        # A game shows itself in a notebook with no widget, as python-chess's
        # Board does, drawn by what is registered (see register_display).
        shown: str = displayed(self, "svg")
        return shown

    def _repr_png_(self) -> bytes:
        # The same picture for the viewers that show only images (GitHub).
        shown: bytes = displayed(self, "png")
        return shown

    def _repr_html_(self) -> str:
        shown: str = displayed(self, "html")
        return shown

    def __repr__(self) -> str:
        return (f"<Game {self.name} {self.deal_name}, {self.moves_played} moves: "
                f"{self.status}>")

    # -- saving --------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The game as plain data (see :meth:`to_json`)."""
        return save_data(self)

    def to_json(self, indent: int | None = None) -> str:
        """The game as JSON: its rules, seed, deck and moves with every reshuffle's order.

        :func:`solitaire_widgets.load_game` plays it back identically, checking
        every move and, unless the deck is a custom one, that the deck and every
        reshuffle are the ones its seed draws.
        """
        return save_json(self, indent)

    # -- internals -----------------------------------------------------------

    @property
    def _steps(self) -> list[Step]:
        """Every step, step 0 the opening deal: the steps of moves played by
        :meth:`_advance` are made here, when first needed."""
        deferred = self._deferred
        if deferred:
            made = self._made
            index = len(made)
            for move, events in zip(deferred, self._deferred_events, strict=True):
                step = _new_step(Step)
                step.move, step._events, step._text, step._game, step._index = (
                    move, events, None, self, index)
                made.append(step)
                index += 1
            deferred.clear()
            self._deferred_events.clear()
        return self._made

    def _advance(self, move: Move) -> None:
        """:meth:`play`, for a caller that does not read the step it would return
        (:func:`~solitaire_widgets.strategies.play_out`).

        On a model, a legal move is applied and only kept: its step is made
        when the steps are first read (``_steps``), the same step :meth:`play`
        makes (its words found when read; its events too, unless the table is
        read: then they are found now, and the table kept up with them).
        Anything else goes through :meth:`play`, checks and all.
        """
        model = self._model
        legal = self._legal
        if model is not None and type(move) is Move and legal is not None and move in legal:
            deferred = self._deferred
            index = len(self._made) + len(deferred)   # the new step's
            table = self._table
            if index <= MAX_MOVES and (table is None or self._table_at == index - 1):
                if table is None:
                    model.apply(move)
                    deferred.append(move)
                    self._deferred_events.append(None)
                else:
                    events: list[Event] = []
                    model.apply(move, events)
                    found = tuple(events)
                    for event in found:
                        table.apply(event)
                    self._table_at = index
                    deferred.append(move)
                    self._deferred_events.append(found)
                if index % MARK_EVERY == 0 and index // MARK_EVERY == len(self._marks):
                    self._marks.append(model.copy())
                self._legal = model.legal_moves()
                if self._redo:
                    self._redo.clear()
                return
        self.play(move)

    def _as_move(self, move: Move | str) -> Move:
        # A Move or its text only: a tuple compares equal to a Move but is none.
        if isinstance(move, Move):
            return move
        rules = self.rules
        return Move.parse(move, example=rules.example_move or "t3>fh",
                          word=rules.actions[0] if rules.actions else "turn")

    def _moves(self) -> list[Move]:
        if self._legal is None:
            if self._model is not None:
                self._legal = self._model.legal_moves()
            else:
                self._legal = [] if self.is_over else self.rules.legal_moves(self.table)
        return self._legal

    def _check(self, move: Move) -> None:
        if self.is_over:
            raise IllegalMoveError(_("the game is over ({reason}); start a new deal").format(
                reason=self.result.reason))
        if move not in self._moves():
            raise IllegalMoveError(self.rules.why_illegal(self.table, move))

    def _fresh_shuffle(self, cards: Sequence[Card]) -> list[Card]:
        """Draw a reshuffle for a step being played now.

        Reshuffle k of a deal draws from its own stream, from the cards in pack
        order (:func:`~solitaire_widgets.chance.reshuffled`): undoing moves and
        gathering the same cards another way meets the same order. ``_pending``
        counts the reshuffles of the step under way (a move may gather twice).
        """
        self._pending += 1
        done = sum(len(step.shuffles) for step in self._steps)
        return reshuffled(cards, self.seed, done + self._pending)

    def _finish(self, table: Table, ctx: Context) -> list[Move]:
        """End a position that has no legal move; return the legal moves."""
        if table.facts["over"]:
            return []
        moves = self.rules.legal_moves(table)
        if not moves:
            self.rules.stuck(table, ctx)
        return moves

    def _push_on_model(self, model: Model, move: Move, shuffle: Shuffler | None) -> Step:
        """``_push`` on the model: its events are the step's; the table catches up when read.

        The model draws its reshuffles from the seed, as :meth:`_fresh_shuffle`
        would; ``shuffle`` replaces them for this step (a save's recorded orders).
        """
        steps = self._steps
        events: list[Event] = []
        if shuffle is None and steps:
            model.apply(move, events)
        else:
            seeded = model.shuffler
            if shuffle is not None:
                model.shuffler = _on_codes(shuffle)
            try:
                if not steps:
                    model.deal(events)  # type: ignore[call-arg]
                else:
                    model.apply(move, events)
            finally:
                model.shuffler = seeded
        # The opening's step is worded without its game (see Step.text): a step
        # holding its game is a cycle, and a game played for its outcome alone
        # is then freed only by the garbage collector, not as soon as it is dropped.
        step = _unworded(move, tuple(events), self if steps else None, len(steps))
        steps.append(step)
        if len(steps) % MARK_EVERY == 1:
            self._mark()
        self._legal = model.legal_moves()
        return step

    def _replay_events(self, index: int) -> None:
        """Find the events of the steps up to ``index`` played without them (see :class:`Step`).

        Their moves are played again, with events, on a copy of the model from
        the position before the first of them: the copy kept from the last
        call when it stands there (reading the steps in order plays each move
        once more), else a copy of the nearest kept position (:meth:`_mark`).
        """
        steps = self._steps
        first = index
        while steps[first - 1]._events is None:
            first -= 1
        at, model = self._replay
        if model is None or at != first - 1:
            kept = (first - 1) // MARK_EVERY
            model = self._marks[kept].copy()
            at = kept * MARK_EVERY
        assert model is not None
        while at < index:
            at += 1
            step = steps[at]
            if step._events is None:
                events: list[Event] = []
                model.apply(step.move, events)
                step._events = tuple(events)
                continue
            # A step whose events are known: its own reshuffles, as redo plays it.
            seeded, model.shuffler = model.shuffler, _on_codes(_Recorded(step.shuffles))
            try:
                model.apply(step.move)
            finally:
                model.shuffler = seeded
        self._replay = (index, model)

    def _words(self, index: int) -> str:
        """Step ``index`` in words, from the position before it (see :class:`Step`).

        The position comes from the table when it stands just before the
        step (a front end has drawn it), else from the reading position, a
        table kept for wording that moves forward step by step (reading a
        history in order replays each step once), else from the nearest kept
        position (:meth:`position_at`).
        """
        move = self._steps[index].move
        if self._table is not None and self._table_at == index - 1:
            return self.rules.describe_move(self._table, move)
        at, table = self._reading
        if table is None or not index - MARK_EVERY <= at < index:
            at, table = index - 1, self.position_at(index - 1)
        for step in self._steps[at + 1:index]:
            for event in step.events:
                table.apply(event)
        self._reading = (index - 1, table)
        return self.rules.describe_move(table, move)

    def _push(self, move: Move, shuffle: Shuffler) -> Step:
        """Play ``move`` as the next step; step 0 is the opening deal."""
        self._pending = 0
        if self._model is not None:
            fresh = shuffle == self._fresh_shuffle
            return self._push_on_model(self._model, move, None if fresh else shuffle)
        ctx = Context(self.table, shuffle)
        if not self._steps:
            text = _("The deal")
            self.rules.opening(ctx)
        else:
            text = self.rules.describe_move(self.table, move)
            self.rules.apply(self.table, move, ctx)
        moves = self._finish(self.table, ctx)
        step = Step(move, text, tuple(ctx.events))
        self._steps.append(step)
        self._mark()
        self._legal = moves
        return step

    def _mark(self) -> None:
        """Keep a copy of the position after every :data:`MARK_EVERY`-th step (step 0 first)."""
        index = len(self._steps) - 1
        if index % MARK_EVERY == 0 and index // MARK_EVERY == len(self._marks):
            model = self._model
            self._marks.append(model.copy() if model is not None else self.table.copy())
