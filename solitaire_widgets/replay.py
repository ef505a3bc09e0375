"""A replay: a recorded game as numbered steps, for every front end that replays one.

:class:`Replay` holds what a replay is, whoever draws it: the steps (step 0
is the deal), the position at step ``k``, the words beside it, what the
table says in words, which buttons may be pressed, and the animation from
step ``k - 1`` to step ``k``. The notebook's
:class:`~solitaire_widgets.widgets.ReplayWidget`, the in-page replays
(``solitaire_widgets.web.session.ReplaySession``) and the book's kernel-free
players (:mod:`solitaire_widgets.render.player`) only draw it and forward
their buttons. Pure Python: no user-interface library.

>>> from solitaire_widgets import new_game
>>> game = new_game("chain", seed=5)
>>> _ = game.play(game.legal_moves()[0])
>>> replay = Replay(game)
>>> replay.last, replay.caption(0)[:9], replay.caption(1)[:7]
(1, 'The deal.', 'Step 1:')
>>> replay.buttons(0)
ReplayButtons(back=False, forward=True)
>>> replay.counter(1)
'step 1 of 1'
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .cards import card_words
from .errors import SaveFileError
from .game import Game
from .i18n import _
from .render.in_words import describe_table, sentence
from .render.scene import Scene
from .render.tween import MOVE_TIMING, Plan, Timing, step_plan
from .save_reader import load_game
from .table import Event, Table

if TYPE_CHECKING:  # pragma: no cover
    from .examples import Example

__all__ = ["Replay", "ReplayStep", "ReplayButtons", "deal_caption", "ending"]


def deal_caption(game: Game) -> str:
    """Step 0's words: the position the deal leaves, as the status line says it.

    >>> from solitaire_widgets import new_game
    >>> deal_caption(new_game("klondike", seed=7))
    'The deal. First pass: 24 cards in the hand.'
    """
    return _("The deal. {status}.").format(status=game.rules.status(game.position_at(0)))


def ending(game: Game) -> str:
    """What a replay's last step adds: how the game ended, or nothing while it goes on.

    >>> from solitaire_widgets.examples import get_example
    >>> ending(get_example("klondike-fourth-waste-card").play())[:36]
    ' The game is lost: a fourth card wou'
    """
    result = game.result
    if not result.over:
        return ""
    if result.reason:
        said = (_("The game is won: {reason}.") if result.won
                else _("The game is lost: {reason}.")).format(reason=result.reason)
    else:
        said = _("The game is won.") if result.won else _("The game is lost.")
    return " " + said


@dataclass(frozen=True)
class ReplayStep:
    """One step of a replay: its caption, the events that lead to it, its words.

    ``number`` is the game's step (0: the deal; every card of a deal shown
    card by card is step 0 too); ``words`` the step's own words (the
    example's, else the engine's; empty for the deal).
    """

    caption: str
    events: tuple[Event, ...]
    number: int
    words: str = ""


@dataclass(frozen=True)
class ReplayButtons:
    """Which buttons a replay at a step may press: ``back`` (and "to the start"),
    ``forward`` (and "to the end")."""

    back: bool
    forward: bool


def _deal_by_card(example: Example, game: Game) -> list[ReplayStep]:
    """The opening as one step a card dealt (``example.deal_frames``), then the rest."""
    first_words, rest_words = (str(words) for words in example.deal_frames)
    events = list(game.opening)
    dealing = list(itertools.takewhile(lambda e: not (e.kind == "move" and e.src != "s"),
                                       events))
    total = sum(event.kind == "move" for event in dealing)
    dealt = game.position_at(0)  # for the places' names
    steps: list[ReplayStep] = []
    pending: list[Event] = []  # facts set before a card are shown with it
    for event in dealing:
        pending.append(event)
        if event.kind == "move":
            words = _("The deal, card {n} of {total}: {card}, {pile}.").format(
                n=len(steps) + 1, total=total, card=card_words(event.cards[-1]),
                pile=game.rules.pile_name(dealt, event.dst))
            steps.append(ReplayStep(f"{words} {first_words}" if not steps else words,
                                    tuple(pending), 0))
            pending = []
    rest = pending + events[len(dealing):]
    if rest:
        status = game.rules.status(game.position_at(0))
        steps.append(ReplayStep(f"{rest_words} {status}.".strip(), tuple(rest), 0))
    return steps


class Replay:
    """A recorded game to step through: ``Replay(game)``, ``Replay(example)`` or
    ``Replay(save_text)``.

    Steps are numbered from 0 (the deal) to :attr:`last`. An example's steps
    have its own words, and with ``deal_by_card`` (and an example that asks
    for it, ``Example.deal_frames``) its deal is shown one card a step. The
    position at a step is rebuilt from the nearest kept one, so stepping
    through a long game costs one step a frame, forward or back.

    >>> from solitaire_widgets.examples import get_example
    >>> replay = Replay(get_example("chain-first-layout"), deal_by_card=True)
    >>> replay.caption(0).startswith("The deal, card 1 of 24")
    True
    >>> Replay(3)
    Traceback (most recent call last):
    ...
    solitaire_widgets.errors.SaveFileError: a replay is a Game, an Example or save-file JSON text, not int
    """

    #: A position is kept every this many steps.
    CHECKPOINT = 64

    def __init__(self, replay: Game | Example | str | bytes, *, title: str = "",
                 deal_by_card: bool = False) -> None:
        from .examples import Example

        words: list[str] | None = None
        if isinstance(replay, Game):
            game = replay.clone()
        elif isinstance(replay, Example):
            game = replay.play()
            words = [text or step.text
                     for text, step in zip(replay.words, game.history, strict=False)]
        elif isinstance(replay, str | bytes):
            game = load_game(replay)
        else:
            raise SaveFileError("a replay is a Game, an Example or save-file JSON text, "
                                f"not {type(replay).__name__}")
        if words is None:
            words = [step.text for step in game.history]
        #: The game replayed (a copy: the replay never changes it).
        self.game = game
        #: The replay's title: the example's, else the game's name and deal.
        self.title = title or (str(replay.title) if isinstance(replay, Example)
                               else f"{_(game.rules.title)}, {game.deal_name}")
        opening = (_deal_by_card(replay, game)
                   if deal_by_card and isinstance(replay, Example) and replay.deal_frames
                   else [ReplayStep(deal_caption(game), tuple(game.opening), 0)])
        moves = len(game.history)
        #: Every step, the deal first.
        self.steps: list[ReplayStep] = opening + [
            ReplayStep(_("Step {n}: {words}").format(n=n, words=sentence(said))
                       + (ending(game) if n == moves else ""),
                       tuple(step.events), n, said)
            for n, (said, step) in enumerate(zip(words, game.history, strict=False), start=1)]
        self._checkpoints = {0: game.start.copy()}
        self._done, self._table = 0, game.start.copy()

    @property
    def last(self) -> int:
        """The last step's index (0 when only the deal is shown)."""
        return len(self.steps) - 1

    def _index(self, k: int) -> int:
        if not 0 <= k <= self.last:
            raise IndexError(f"there is no step {k}: the steps are 0 (the deal) to {self.last}")
        return k

    def position(self, k: int) -> Table:
        """The table at step ``k`` (after its events). The replay's own copy: read it
        before asking for another step, and do not change it."""
        k = self._index(k)
        if self._done > k + 1:
            base = max(n for n in self._checkpoints if n <= k + 1)
            self._done, self._table = base, self._checkpoints[base].copy()
        while self._done <= k:
            for event in self.steps[self._done].events:
                self._table.apply(event)
            self._done += 1
            if self._done % self.CHECKPOINT == 0:
                self._checkpoints.setdefault(self._done, self._table.copy())
        return self._table

    def caption(self, k: int) -> str:
        """The words beside step ``k`` on a player: "Step 3: ...", the ending on the last."""
        return self.steps[self._index(k)].caption

    def words(self, k: int) -> str:
        """The words beside step ``k`` on a table that shows its own counter: the
        step's words, and on the last step of a game over the verdict and its reason.

        >>> from solitaire_widgets import new_game
        >>> Replay(new_game("chain", seed=5)).words(0)
        'The deal.'
        """
        step = self.steps[self._index(k)]
        said = sentence(step.words) if step.number else _("The deal.")
        game = self.game
        if k == self.last and game.result.over:
            verdict = _("You won!") if game.is_won else _("Game over: lost.")
            said += f" {verdict} {sentence(game.result.reason)}"
        return said

    def description(self, k: int, status: bool = True) -> str:
        """The table at step ``k`` in words (``status``: with the status line)."""
        return describe_table(self.game, self.position(k), status=status)

    def ended(self, k: int) -> bool:
        """Step ``k`` is the last, and the game is over there."""
        return k == self.last and self.game.result.over

    def buttons(self, k: int) -> ReplayButtons:
        """Which buttons may be pressed at step ``k``."""
        k = self._index(k)
        return ReplayButtons(back=k > 0, forward=k < self.last)

    def counter(self, k: int) -> str:
        """The step counter: "step 3 of 10"."""
        return _("step {n} of {total}").format(n=self._index(k), total=self.last)

    def plan(self, k: int, width: float, timing: Timing = MOVE_TIMING, *,
             keys_from: Scene | None = None) -> Plan:
        """The animation from step ``k - 1`` to step ``k`` (``k`` ≥ 1), at ``width``.

        >>> from solitaire_widgets import new_game
        >>> game = new_game("chain", seed=5)
        >>> _ = game.play(game.legal_moves()[0])
        >>> plan = Replay(game).plan(1, 400)
        >>> plan.final.width == 400 and len(plan.segments) >= 1
        True
        """
        if self._index(k) == 0:
            raise IndexError("step 0 (the deal) has no step before it to animate from")
        before = self.position(k - 1).copy()
        return step_plan(self.game, before, self.steps[k].events, width, timing,
                         keys_from=keys_from)
