"""What every game's rules provide, and the context through which they act.

A game is a subclass of :class:`Rules`. It declares its data (name, packs,
options, piles, words, its layout, model and bound) and
implements four hooks: the opening deal, the legal moves, why a move is
illegal, and how a move plays out. It changes the table only through
:class:`Context`, which records every change as an
:class:`~solitaire_widgets.table.Event` and draws every reshuffle from the
game's chance source, so any game replays from its deck and moves.
:class:`Rules` says, attribute by attribute and hook by hook, what a game
must declare; :func:`check_declaration` checks it when the game is registered.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, ClassVar

from .cards import CARD, CODE, Card, Words, card_words
from .citations import Citation
from .errors import NotationError, OptionError, excerpt
from .i18n import N_, _, translations
from .layouts import LayoutFunction
from .model import CodeShuffler, Model
from .moves import Move
from .table import PILE_KINDS, Event, Pile, Scalar, Table

if TYPE_CHECKING:
    from .bounds import Bound

__all__ = ["Rules", "Context", "Shuffler", "STOCK", "check_declaration", "said"]

#: The id every game gives its stock: the pile the whole deck starts in, face
#: down, its top card ``deck[0]``, from which :meth:`Rules.opening` deals.
STOCK = "s"

@cache
def said(language: str, message: str) -> str:
    """``message`` (marked with ``N_``) in ``language``, looked up once.

    The engine words every move it plays: a game's :meth:`Rules.describe_move`
    asks for the language once and its sentences through this.

    >>> said("ru", "no move is left")
    'ходов не осталось'
    """
    return translations(language).gettext(message)


#: Draws the new order of a pile being shuffled: given the cards, the order.
Shuffler = Callable[[Sequence[Card]], list[Card]]

# Events built on the hot path skip the named tuple's Python-level __new__
# (the fields are the rules' own values, in Event's order).
_new_event = tuple.__new__


class Context:
    """The only way the rules change a table: every call is recorded as an event."""

    __slots__ = ("table", "events", "_shuffle")

    def __init__(self, table: Table, shuffle: Shuffler) -> None:
        self.table = table
        self.events: list[Event] = []
        self._shuffle = shuffle

    def _do(self, event: Event) -> None:
        self.events.append(event)
        self.table.apply(event)

    def move(self, src: str, dst: str, count: int = 1, face_up: bool = True) -> None:
        """Move the last ``count`` cards of ``src`` onto ``dst``."""
        # The hot path of every game: the same change as Table.apply, inlined.
        piles = self.table.piles
        source = piles[src]
        target = piles[dst]
        cards = source.cards
        if not face_up and target.kind != "stock":
            target.down = len(target.cards) + count
        if count == 1:
            card = cards.pop()
            target.cards.append(card)
            moved: tuple[Card, ...] = (card,)
        else:
            start = len(cards) - count
            moved = tuple(cards[start:])
            del cards[start:]
            target.cards.extend(moved)
        if source.down > len(cards):
            source.down = len(cards)
        self.events.append(_new_event(Event, ("move", src, dst, moved, face_up, "", None)))

    def flip(self, pile: str) -> None:
        """Turn face up the last face-down card of ``pile``."""
        self._do(Event("flip", pile))

    def shuffle(self, pile: str) -> None:
        """Shuffle ``pile`` (a chance event; its outcome is recorded)."""
        order = self._shuffle(self.table.piles[pile].cards)
        self._do(Event("shuffle", pile, cards=tuple(order)))

    def set(self, key: str, value: Scalar) -> None:
        """Record a new value of a table fact (the count, the round, the result...)."""
        facts = self.table.facts
        if facts.get(key) != value:
            # Table.apply of a "set" event, inlined (this runs several times a move).
            facts[key] = value
            self.events.append(_new_event(Event, ("set", "", "", (), True, key, value)))

    def gather(self, piles: Sequence[str], stock: str) -> None:
        """Gather every card of ``piles`` onto ``stock`` (face down)."""
        for pile_id in piles:
            n = len(self.table.piles[pile_id].cards)
            if n:
                self.move(pile_id, stock, n, face_up=False)

    def end(self, won: bool, reason: str) -> None:
        """End the game, won or lost, with the reason: a message marked with ``N_``
        (or a :func:`~solitaire_widgets.reasons.reason_key`), worded when read."""
        self.set("won", won)
        self.set("over", True)
        self.set("reason", reason)


class Rules:
    """Base class of a game's rules. Subclasses fill in the class data and hooks.

    The class data is everything a front end needs to know about the game
    (its words, its buttons, its layout, its players), so a game is declared
    in one place and registered with :func:`solitaire_widgets.games.register`.

    What a game must declare:

    - **Its name and words**: :attr:`name` (a short lower-case word, the one
      ``new_game``, saves and the command line use), :attr:`title`, and
      optionally :attr:`foundation_word`, :attr:`example_move`,
      :attr:`action_labels`.
    - **Its piles** (:meth:`piles`): every pile the game ever uses, empty, in
      display order, each with a :data:`~solitaire_widgets.table.PILE_KINDS`
      kind. Pile ids are lower-case letters then at most three digits
      (``"t3"``, ``"fh"``, ``"l24"``), because a typed move names them
      (``"t3>fh"``). The stock is called ``"s"`` (:data:`STOCK`) and is of kind
      ``"stock"``: the game starts with the whole deck in it, face down,
      ``deck[0]`` on top. Piles are never added or removed during a game; a
      pile not in use is simply empty (the layout may leave it out).
    - **Its options** (:attr:`option_readings`): each option's values with
      what each means, our reading of the text first; the allowed values
      (:attr:`options_allowed`) are read off them.
    - **What a move is**: a move of cards ``Move("move", src, dst, count)``
      (typed ``"src>dst"`` or ``"src:N>dst"``), or one of the game's
      :attr:`actions`, a decision that moves no chosen card (``"turn"``,
      ``"fill"``, ``"redeal"``; typed as the word). One move is one *turn*
      of the player and one step of the game's history: :meth:`apply` plays
      it with every automatic consequence (cards that go up by themselves, a
      deal, a reshuffle) through the :class:`Context`, so undo takes it all
      back at once. A game has no other notion of a turn: the engine asks
      :meth:`legal_moves` again after every step.
    - **How it ends**: a game ends only through :meth:`Context.end` (won or
      lost, with the reason in words), which sets the table facts ``over``,
      ``won`` and ``reason``. :meth:`apply` (or :meth:`opening`) calls it when
      the game is won or lost by the rules; when a position that is not over
      has no legal move, the engine calls :meth:`stuck`, which by default
      ends the game lost ("no move is left"). After the end no move is legal.
    - **Its chance**: cards move only through the context; a shuffle is
      :meth:`Context.shuffle` (drawn from the deal's seed and recorded), never
      Python's ``random``; so a deal replays from its deck and moves.
    - **Its layout**: :attr:`layout`, the function that lays its table out
      (built with :class:`~solitaire_widgets.layouts.PilePlacement`).
    - **Its parts**: :attr:`model`, the class itself (it sits below the
      rules), and :attr:`bound`, the function (it plays on the model). The
      parts that import the rules (its players, examples, lessons, solver
      and source text) are not named here: the game's folder imports them
      and hands them to the registry with the rules
      (:class:`~solitaire_widgets.registry.GameParts`).

    The smallest complete game is the one in ``tests/test_extra_game.py``.
    """

    #: Short name used by :func:`~solitaire_widgets.new_game`.
    name: ClassVar[str] = ""
    #: Title in words.
    title: ClassVar[str] = ""
    #: Number of 52-card packs.
    packs: ClassVar[int] = 1
    #: The game's options: what each value means, in words, our reading of the
    #: text first (the default): ``{option: {value: reading}}``. This is an
    #: option's one declaration: :attr:`options_allowed` is read off it.
    option_readings: ClassVar[Mapping[str, Mapping[str, str]]] = {}
    #: Each option's allowed values, the first the default: the values of
    #: :attr:`option_readings`, in order, read off them when the class is made
    #: (never declared).
    options_allowed: ClassVar[Mapping[str, tuple[str, ...]]] = {}
    #: The values an option's value allows of other options:
    #: ``{(option, value): {other: allowed values}}`` (any, if not named).
    option_needs: ClassVar[Mapping[tuple[str, str], Mapping[str, tuple[str, ...]]]] = {}
    #: The game's decisions that move no chosen card (``"turn"``, ``"fill"``...),
    #: in button order; a click on the stock plays the first legal one.
    actions: ClassVar[tuple[str, ...]] = ()
    #: Each action's button label and help, in the game's own words:
    #: ``{action: (label, help)}``.
    action_labels: ClassVar[Mapping[str, tuple[str, str]]] = {}
    #: A typical move as typed, shown as an example (``"t3>fh"``).
    example_move: ClassVar[str] = ""
    #: The table's layout: a function that takes the table and a width and
    #: returns a finished :class:`~solitaire_widgets.layouts.PilePlacement`
    #: (declared as ``layout = staticmethod(function)``); None lays the
    #: piles out by their kinds (stock, reserves and foundations in a row,
    #: the tableau piles as fanned columns below).
    layout: ClassVar[LayoutFunction | None] = None
    #: The clairvoyant player's verdict on a deal: a function that takes the game
    #: and ``max_nodes`` and returns a ``solitaire_widgets.bounds.Bound``
    #: (``bound = staticmethod(chain_bound)``); None: none.
    bound: ClassVar[Callable[..., Bound] | None] = None
    #: The game's model, a class that meets :class:`~solitaire_widgets.model.Model`:
    #: its rules on a compact state, which the bounds play on and which
    #: ``tests/test_model_conformance.py`` holds to these rules move for move;
    #: None: the game has none.
    model: ClassVar[type[Model] | None] = None
    #: Whether a :class:`~solitaire_widgets.game.Game` of this game plays on its
    #: :attr:`model` (its moves, outcome and events read off the model, its
    #: table built from it when read) rather than through the hooks below.
    #: A game with a model need not write the hooks :meth:`opening`,
    #: :meth:`legal_moves` and :meth:`apply`: by default they play on the model.
    game_on_model: ClassVar[bool] = False
    #: What the game calls the piles that take the cards home (the ``f`` key's
    #: word), in English; :meth:`foundation_words` gives it in the current language.
    foundation_word: ClassVar[str] = N_("foundation")

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        if "options_allowed" in cls.__dict__:
            raise TypeError(f"{cls.__name__}: an option is declared once, in option_readings "
                            "(each value with its reading); its allowed values are read off it")
        cls.options_allowed = {name: tuple(readings)
                               for name, readings in cls.option_readings.items()}

    def __init__(self, /, **options: str) -> None:
        # ``self`` is positional-only, so an option may be called anything.
        self.options: dict[str, str] = self.check_options(options)

    @classmethod
    def check_options(cls, options: Mapping[str, object]) -> dict[str, str]:
        """Validate options and fill in defaults; raise :class:`OptionError`."""
        chosen = {name: values[0] for name, values in cls.options_allowed.items()}
        for name, value in options.items():
            if name not in cls.options_allowed:
                if not cls.options_allowed:
                    raise OptionError(_("{game} has no option {name}; it has no options").format(
                        game=_(cls.title), name=excerpt(name)))
                raise OptionError(_("{game} has no option {name}; its options are: {known}").format(
                    game=_(cls.title), name=excerpt(name), known=", ".join(cls.options_allowed)))
            allowed = cls.options_allowed[name]
            if not isinstance(value, str) or value not in allowed:
                choices = ", ".join(repr(v) for v in allowed)
                raise OptionError(_("option {name} must be one of {choices}, not {value}").format(
                    name=name, choices=choices, value=excerpt(value)))
            chosen[name] = str(value)
        for (name, value), needs in cls.option_needs.items():
            for other, allowed in needs.items():
                if chosen[name] == value and chosen[other] not in allowed:
                    raise OptionError(_("option {name}={value!r} goes only with {other} "
                                        "{choices}, not {chosen!r}").format(
                        name=name, value=value, other=other, chosen=chosen[other],
                        choices=_(" or ").join(repr(v) for v in allowed)))
        return chosen

    @classmethod
    def options_with(cls, name: str, value: str) -> dict[str, str]:
        """Options that choose ``value`` for ``name``, and what it needs of the others.

        >>> from solitaire_widgets.games import rules_class
        >>> rules_class("klondike").options_with("worrying_back", "yes")
        {'worrying_back': 'yes', 'variant': 'standard'}
        """
        needs = cls.option_needs.get((name, value), {})
        return {name: value, **{other: allowed[0] for other, allowed in needs.items()}}

    # -- hooks ---------------------------------------------------------------

    def piles(self) -> list[Pile]:
        """The empty piles of the table, in display order; the stock is ``"s"`` (:data:`STOCK`)."""
        raise NotImplementedError

    def opening(self, ctx: Context) -> None:
        """Deal the opening position from the stock (whose top is the first card).

        A game with a :attr:`model` deals on it by default.
        """
        if self.model is None:
            raise NotImplementedError
        deck = [CODE[card] for card in reversed(ctx.table.piles[STOCK].cards)]
        model = self.model(self.options, 0, deck, _on_codes(ctx))
        events: list[Event] = []
        model.deal(events)  # type: ignore[call-arg]
        _carry_out(ctx, events)

    def legal_moves(self, table: Table) -> list[Move]:
        """Every legal move in a position that is not over, in a stable order.

        A game with a :attr:`model` reads them off it by default.
        """
        if self.model is None:
            raise NotImplementedError
        return self.model_of(table).legal_moves()

    def why_illegal(self, table: Table, move: Move) -> str:
        """Why ``move`` is not legal here, in a player's words: a
        :class:`~solitaire_widgets.citations.Refusal` (made with
        :func:`~solitaire_widgets.citations.refused`) also names the sentences of
        the text it rests on."""
        raise NotImplementedError

    def why_legal(self, table: Table, move: Move) -> Citation:
        """The sentences of the text (and our reading, if any) that allow the kind of
        move ``move`` is, a legal move here; empty for a game with no source text."""
        return Citation(self.name)

    def apply(self, table: Table, move: Move, ctx: Context) -> None:
        """Play a legal move, with its automatic consequences, through ``ctx``.

        A game with a :attr:`model` plays it on the model by default (the
        model's events, carried out through ``ctx``; its reshuffles drawn by ``ctx``).
        """
        if self.model is None:
            raise NotImplementedError
        model = self.model_of(table)
        model.shuffler = _on_codes(ctx)
        events: list[Event] = []
        model.apply(move, events)
        _carry_out(ctx, events)

    def model_of(self, table: Table) -> Model:
        """The game's :attr:`model` of the position ``table`` (its reshuffles drawn from deal 0).

        >>> from solitaire_widgets import new_game
        >>> game = new_game("chain", seed=4)
        >>> game.rules.model_of(game.table).legal_moves() == game.legal_moves()
        True
        """
        if self.model is None:
            raise NotImplementedError(f"{self.title} has no model")
        return self.model.from_table(self.options, 0, table, 0)

    def stuck(self, table: Table, ctx: Context) -> None:
        """Called when a position that is not over has no legal move: end it."""
        ctx.end(False, N_("no move is left"))

    # -- words ---------------------------------------------------------------

    def action_label(self, action: str) -> str:
        """An action's button label in the current language (its word,
        capitalised, if not declared)."""
        label = self.action_labels.get(action, (action.capitalize(), ""))[0]
        return _(label) if action in self.action_labels else label

    def action_word(self, action: str) -> str:
        """The word a player may type for ``action`` in the current language, besides
        ``action`` itself (the action, if the game gives none)."""
        return action

    def foundation_words(self) -> str:
        """:attr:`foundation_word` in the current language.

        >>> from solitaire_widgets.games import rules_for
        >>> from solitaire_widgets.i18n import use_language
        >>> with use_language("ru"):
        ...     rules_for("chain", {}).foundation_words()
        'серия'
        """
        return _(self.foundation_word)

    def game_title(self) -> str:
        """The game's :attr:`title` in the current language.

        >>> from solitaire_widgets.games import rules_for
        >>> from solitaire_widgets.i18n import use_language
        >>> rules_for("quarrel", {}).game_title()
        'Quarrel'
        >>> with use_language("pl"):
        ...     rules_for("quarrel", {}).game_title()
        'Kłótnia'
        """
        return _(self.title)

    def readings(self) -> list[str]:
        """The chosen reading of each option, in words.

        >>> from solitaire_widgets.games import rules_for
        >>> rules_for("klondike", {"variant": "standard"}).readings()[0]
        'variant=standard: draw one card at a time, as many passes as you like, no waste limit'
        """
        return [f"{name}={value}: " + _(self.option_readings[name][value])
                for name, value in self.options.items()]

    def describe_move(self, table: Table, move: Move) -> str:
        """A legal move in words, in the position before it is played."""
        if move.action != "move":
            return move.action
        pile = table.piles[move.src]
        card = card_words(pile.cards[len(pile.cards) - move.count])
        where = self.pile_words(table, move.dst)
        if move.count == 1:
            return _("{card} goes to {pile}").format(card=card, pile=where)
        return _("{card} and the cards on it go to {pile}").format(card=card, pile=where)

    def preview_move(self, table: Table, move: Move) -> str:
        """A legal move in words BEFORE it is played, naming no hidden card.

        :meth:`describe_move` words a step for the record and may name the card
        a deal turns up; a game whose moves reveal cards overrides this.
        """
        return self.describe_move(table, move)

    def pile_name(self, table: Table, pile_id: str) -> str:
        """A pile in words in the current language, e.g. ``"column 3"``: the
        nominative of :meth:`pile_words`."""
        return self.pile_words(table, pile_id).nom

    def pile_words(self, table: Table, pile_id: str) -> Words:
        """A pile's name in every grammatical case, for translated sentences
        (``{pile.gen}``); a game names its piles here. By default the pile's
        id, or what a game's own :meth:`pile_name` says."""
        if type(self).pile_name is not Rules.pile_name:
            return Words.same(self.pile_name(table, pile_id))
        return Words.same(pile_id)

    def status(self, table: Table) -> str:
        """The position's situation in words (the count, the pass, the deal...)."""
        return ""


def _on_codes(ctx: Context) -> CodeShuffler:
    """The reshuffles ``ctx`` draws, as a model's shuffler of codes."""

    def on_codes(codes: list[int], number: int) -> list[int]:
        return [CODE[card] for card in ctx._shuffle([CARD[code] for code in codes])]

    return on_codes


def _carry_out(ctx: Context, events: list[Event]) -> None:
    """Carry out a model's events on ``ctx``'s table, recording them."""
    for event in events:
        ctx._do(event)


#: What a :attr:`Rules.model` class provides (see :class:`~solitaire_widgets.model.Model`).
MODEL_MEMBERS = ("deal", "legal_moves", "apply", "copy", "to_table", "from_table")


def check_declaration(rules: type[Rules]) -> None:
    """Check what a game declares (see :class:`Rules`); raise :class:`OptionError` saying what is wrong.

    >>> class Nameless(Rules):
    ...     title = "Nameless"
    >>> check_declaration(Nameless)
    Traceback (most recent call last):
    ...
    solitaire_widgets.errors.OptionError: a game's name is a short lower-case word, not ''
    """
    name = rules.name
    if not isinstance(name, str) or not name.isidentifier() or name != name.lower():
        raise OptionError(f"a game's name is a short lower-case word, not {excerpt(name)}")
    if not rules.title:
        raise OptionError(f"the game {name!r} has no title")
    for option, readings in rules.option_readings.items():
        if not readings or not all(isinstance(value, str) and isinstance(reading, str) and reading
                                   for value, reading in readings.items()):
            raise OptionError(f"{rules.title}: option {option!r} needs its values, each with "
                              "its reading in words")
    if rules.layout is not None and not callable(rules.layout):
        raise OptionError(f"{rules.title}: layout is a function (table, width) -> PilePlacement, "
                          f"not {excerpt(rules.layout)}")
    if rules.bound is not None and not callable(rules.bound):
        raise OptionError(f"{rules.title}: bound is a function or None, not {excerpt(rules.bound)}")
    model = rules.model
    if model is not None and not (isinstance(model, type) and all(
            callable(getattr(model, member, None)) for member in MODEL_MEMBERS)):
        raise OptionError(f"{rules.title}: model is a Model class (solitaire_widgets.model) "
                          f"or None, not {excerpt(model)}")
    try:
        piles = rules().piles()
    except NotImplementedError:
        raise OptionError(f"{rules.title} declares no piles") from None
    ids = [pile.id for pile in piles]
    if len(set(ids)) != len(ids):
        raise OptionError(f"{rules.title} names a pile twice")
    for pile in piles:
        try:
            Move("move", pile.id, pile.id)
        except NotationError:
            raise OptionError(f"{rules.title}: a pile is named by lower-case letters then digits, "
                              f"not {pile.id!r}") from None
        if pile.kind not in PILE_KINDS:
            raise OptionError(f"{rules.title}: pile {pile.id!r} has no kind of pile "
                              f"({', '.join(PILE_KINDS)})")
    stock = next((pile for pile in piles if pile.id == STOCK), None)
    if stock is None or stock.kind != "stock":
        raise OptionError(f"{rules.title}: the deck starts in a pile called {STOCK!r} of kind "
                          "'stock'")
    for action in rules.actions:
        try:
            Move(action)
        except NotationError:
            raise OptionError(f"{rules.title}: an action is a lower-case word, not {action!r}") from None
