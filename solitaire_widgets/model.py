"""What a game's model is: its rules on a compact state, at the speed of a plain loop.

A game may name a model (:attr:`~solitaire_widgets.rules.Rules.model`): one
class, in the game's ``model.py``, that holds the game's legal moves and how
they play out, on plain ints and lists rather than on a
:class:`~solitaire_widgets.table.Table`. The bounds play on it directly; a
:class:`~solitaire_widgets.game.Game` of a game whose rules say so
(``Rules.game_on_model``) plays on it too; ``tests/test_model_conformance.py``
drives it beside the engine's rules over random play, move for move.
:class:`Model` says what every model provides.

Cards are ints: ``suit * 13 + rank - 1`` with the suits in ``"CDHS"`` order
(``cards.CODE`` and ``cards.CARD``
turn cards into codes and back). Codes sort in pack order, so a reshuffle
drawn on codes (:func:`seeded_shuffler`) is the one the engine draws on cards:

>>> from solitaire_widgets.cards import CARD, CODE, full_deck
>>> from solitaire_widgets.chance import reshuffled
>>> cards = full_deck()[5:30]
>>> drawn = seeded_shuffler(7)(sorted(CODE[c] for c in cards), 2)
>>> [CARD[code] for code in drawn] == reshuffled(cards, 7, 2)
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Protocol, TypeVar

from .chance import seed_rng, shuffled
from .moves import Move
from .table import Event, Table

__all__ = ["Model", "CodeShuffler", "seeded_shuffler", "end_game"]

#: Draws the order of a reshuffle: given the codes in pack order (sorted) and
#: the reshuffle's number on this line of play (1, 2, ...), the new order of
#: the pile, bottom to top, as :meth:`~solitaire_widgets.rules.Context.shuffle`
#: lays it. Loading a save swaps in the recorded orders; a search may share one
#: memo between the positions it tries.
CodeShuffler = Callable[[list[int], int], list[int]]

_M = TypeVar("_M", bound="Model")


def seeded_shuffler(seed: int) -> CodeShuffler:
    """The reshuffles deal ``seed`` draws (``chance.reshuffled``, on codes).

    >>> seeded_shuffler(3)([0, 1, 2, 3], 1) == seeded_shuffler(3)([0, 1, 2, 3], 1)
    True
    """

    def shuffle(codes: list[int], number: int) -> list[int]:
        return shuffled(codes, seed_rng(seed, number))

    return shuffle


class Model(Protocol):
    """One game's rules on a compact state: the protocol every ``games/<name>/model.py`` meets.

    A model is made from the options (already checked, defaults filled in by
    :meth:`~solitaire_widgets.rules.Rules.check_options`), the deal's seed
    (which draws every reshuffle, through ``shuffler`` when one is given) and
    the deck as codes in dealing order (``deck[0]`` is dealt first); then
    :meth:`deal` plays the opening. It reads the options once, into attributes.

    It plays exactly what the engine plays: the same legal moves in the same
    order (the very :class:`~solitaire_widgets.moves.Move` values the game's
    rules hand out), the same outcome, and, when asked for them, the same
    events. A position that is not over but has no legal move is ended at
    once, as the engine's ``stuck`` ends it, so :attr:`over` is true exactly
    when :meth:`legal_moves` is empty.

    A model may also read one pile of :meth:`to_table` alone, as
    ``pile(pile_id)`` (a ``KeyError`` for an id it does not know): while no
    table is kept, :meth:`Game.pile <solitaire_widgets.Game.pile>` reads it
    there, so a player that reads a pile or two per move does not keep the whole table.
    """

    #: Whether the game has ended, won or lost.
    over: bool
    #: Whether it ended won.
    won: bool
    #: Why it ended, as a key (``""`` while it goes on): worded by
    #: :func:`~solitaire_widgets.reasons.reason_words` when read.
    reason: str
    #: How many reshuffles this line of play has drawn (the next is number ``shuffles + 1``).
    shuffles: int
    #: Where the reshuffles come from (:func:`seeded_shuffler` of the seed unless
    #: one was given); it may be swapped between moves.
    shuffler: CodeShuffler

    def __init__(self, options: Mapping[str, str], seed: int, deck: Sequence[int],
                 shuffler: CodeShuffler | None = None) -> None: ...

    def deal(self) -> None:
        """Play the opening deal.

        A model a :class:`~solitaire_widgets.game.Game` plays on
        (``Rules.game_on_model``) also takes ``events``, as :meth:`apply` does,
        and records the opening's events in it.
        """

    def legal_moves(self) -> list[Move]:
        """Every legal move, in the engine's order (empty when over). Read it; do not change it."""
        raise NotImplementedError

    def apply(self, move: Move, events: list[Event] | None = None) -> None:
        """Play ``move``, one of :meth:`legal_moves`, with its automatic consequences.

        With ``events`` given, the events the engine records for this step
        are appended to it, in its order; without, none are built.
        """

    def copy(self: _M) -> _M:
        """An independent copy, cheap enough to keep one per step of a search."""
        raise NotImplementedError

    def to_table(self) -> Table:
        """The position as the engine's :class:`~solitaire_widgets.table.Table` (piles and facts)."""
        raise NotImplementedError

    @classmethod
    def from_table(cls: type[_M], options: Mapping[str, str], seed: int, table: Table,
                   shuffles: int) -> _M:
        """The model of ``table``, a position of this game after ``shuffles`` reshuffles."""
        raise NotImplementedError


class _Outcome(Protocol):
    """What :func:`end_game` sets: a model's outcome."""

    over: bool
    won: bool
    reason: str


def end_game(model: _Outcome, won: bool, reason: str, events: list[Event] | None) -> None:
    """End ``model``'s game, won or lost, with ``reason`` (marked with ``N_``, or
    made by :func:`~solitaire_widgets.reasons.reason_key`: stored as its key, worded
    when read); with ``events``, record the table facts that change, as the
    engine's context does.
    """
    if events is not None:
        for key, value in (("won", won), ("over", True), ("reason", reason)):
            if getattr(model, key) != value:
                events.append(Event("set", key=key, value=value))
    model.won = won
    model.over = True
    model.reason = reason
