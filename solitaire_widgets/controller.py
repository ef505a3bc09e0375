"""One table's controller: what each input does to the game, and what the table says.

Both tables use it: the notebook widget
(:class:`~solitaire_widgets.widgets.GameWidget`) and the in-page table run
by Pyodide (``solitaire_widgets.web.session.PageSession``). They only
forward input here and draw the :class:`Change` each input returns, so the
same input gives the same game, the same status line and the same message in
both. Pure Python: no user-interface library, no drawing.

>>> from solitaire_widgets import new_game
>>> table = Controller(new_game("klondike", seed=7))
>>> change = table.play("turn")
>>> change.moved, table.message
(True, 'The next card of the hand is turned face up onto the waste.')
>>> table.play("t1>t1").moved, table.error
(False, True)
>>> _ = table.undo(); table.message, table.game.history
('Move taken back.', [])
>>> table.status()[0], table.status()[1][:5]
('', 'First')
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, replace

from . import pointer
from .cards import card_words
from .citations import Citation
from .errors import SolitaireError
from .game import Game
from .games import new_game
from .i18n import N_, _, format_number, ngettext, pgettext
from .moves import Move
from .pointer import Outcome, PointerState
from .render.draw import HINT
from .render.in_words import describe_pile, describe_table, pile_names, sentence
from .render.scene import Scene
from .render.tween import MOVE_TIMING, Plan, Timing, step_plan
from .save_reader import load_game
from .solver_hook import Solver, solver_of
from .strategies import Strategy, get_strategy
from .table import Event, Table

__all__ = ["Controller", "Change", "ActionButton", "Controls", "FINISH_LIMIT",
           "WINNABLE_TRIES", "SOLVER_NODES", "TYPED_WORDS"]

#: Auto-finish stops after this many moves (a real game of any of the three
#: takes well under 200; a strategy that never gives up stops here).
FINISH_LIMIT = 400
#: "Winnable deals only" tries at most this many deal numbers.
WINNABLE_TRIES = 25
#: The solver's budget (positions) for each deal "winnable deals only" tries.
SOLVER_NODES = 300_000
#: Words a player may type in the move box besides moves (and the game's own
#: actions); each also in the table's language (:meth:`Controller.typed_words`).
TYPED_WORDS = ("undo", "redo", "hint")


def _typed_word(word: str) -> str:
    """One of :data:`TYPED_WORDS` in the current language."""
    return {"undo": pgettext("a word typed in the move box", "undo"),
            "redo": pgettext("a word typed in the move box", "redo"),
            "hint": pgettext("a word typed in the move box", "hint")}[word]


@dataclass(frozen=True)
class Change:
    """What a front end draws after an input.

    ``moved``: the game changed (a move, an undo, a new deal); ``before`` and
    ``events``: animate these events from that position (a move played);
    ``deal``: a new game, its opening to animate from its start; ``redraw``:
    draw the table as it stands (a selection or a hint changed); ``drag``:
    draw the lifted cards moved. ``ok`` is False when the input was refused
    (the reason is the controller's message); ``move`` is the move played or
    hinted.
    """

    moved: bool = False
    before: Table | None = None
    events: tuple[Event, ...] = ()
    deal: bool = False
    redraw: bool = False
    drag: pointer.Drag | None = None
    ok: bool = True
    move: Move | None = None


@dataclass(frozen=True)
class ActionButton:
    """A button for one of the game's own decisions ("turn", "redeal"...)."""

    word: str
    label: str
    enabled: bool
    tooltip: str


@dataclass(frozen=True)
class Controls:
    """Which of a table's buttons may be pressed now, and the words on the others.

    ``undo``, ``redo``; ``hint``: a hint, and the solver's two questions
    (while the game goes on); ``finish``: the auto-finish button ("Stop"
    while it runs); ``actions``: the game's own decisions.
    """

    undo: bool
    redo: bool
    hint: bool
    finish: ActionButton
    actions: tuple[ActionButton, ...]


def _position_key(table: Table) -> tuple[object, ...]:
    """A position as a hashable value: every pile's cards and face-down count, and the facts."""
    return (tuple((pid, tuple(pile.cards), pile.down) for pid, pile in table.piles.items()),
            tuple(sorted(table.facts.items())))


def _shown(table: Table) -> set[tuple[str, int]]:
    """The face-up cards of a position, each with its copy number."""
    seen: dict[str, int] = {}
    for pile in table.piles.values():
        for index, card in enumerate(pile.cards):
            if pile.face_up(index):
                seen[str(card)] = seen.get(str(card), 0) + 1
    return {(card, copy) for card, count in seen.items() for copy in range(count)}


class Controller:
    """A game, the pointer's state, the hint on show and the table's last words.

    ``message`` is the last thing said (a sentence), ``error`` whether it is a
    refusal. Every method returns a :class:`Change` for the front end to draw.
    """

    #: The game on the table.
    game: Game
    #: What the pointer and the keyboard remember between events.
    pointer: PointerState
    #: The piles and cards a hint marks.
    hint: frozenset[str]
    #: The default player auto-finish asks, one for the whole game: it
    #: remembers the positions it has seen, so it never goes round in circles.
    player: Strategy
    #: The table's last words, and whether they refuse something.
    message: str
    error: bool
    #: Auto-finish has asked whether it may take the game over (the next press lets it).
    finish_asked: bool
    #: The move the hint on show marks (a press on its destination plays it).
    hinted: Move | None
    #: What the last refusal of a move rests on: the text's sentences, our reading.
    citation: Citation | None = None

    def __init__(self, game: Game) -> None:
        # The positions the auto-finish going on has had (see finish_step).
        self._finish_seen: set[tuple[object, ...]] = set()
        self._finish_circling = False
        # Auto-finish asked whether it may take over the game (see finish_step).
        self.finish_asked = False
        # The last auto-finish run: its game, and the moves played before and after it.
        self._run: tuple[Game, int, int] | None = None
        self.deal_in(game)

    # -- words ------------------------------------------------------------------

    def say(self, text: str, error: bool = False, citation: Citation | None = None) -> bool:
        """Say ``text`` (made a sentence), a refusal resting on ``citation`` if any;
        returns ``not error``."""
        self.message, self.error = sentence(text), error
        self.finish_asked = False
        self.citation = citation if citation else None
        return not error

    def computer_won(self) -> bool:
        """Whether the game was won by auto-finish (its last run played the winning move)."""
        run = self._run
        return (self.game.is_won and run is not None and run[0] is self.game
                and run[2] == self.game.moves_played)

    @property
    def solver(self) -> Solver | None:
        """The game's solver (as its folder hands it to the registry), None when it has none.

        >>> from solitaire_widgets import new_game
        >>> Controller(new_game("chain", seed=5)).solver is None
        True
        """
        return solver_of(self.game.rules)

    def status(self) -> tuple[str, str]:
        """The status line: a verdict ("You won!", "Game over: lost." or "") and the rest.

        >>> from solitaire_widgets import new_game
        >>> Controller(new_game("chain", seed=5)).status()[0]
        ''
        """
        result = self.game.result
        if result.over:
            verdict = (_("Game over: lost.") if not result.won
                       else _("The computer player won it.") if self.computer_won()
                       else _("You won!"))
            return verdict, sentence(result.reason)
        return "", sentence(self.game.status)

    def status_text(self) -> str:
        """The status line as one line of text."""
        return " ".join(part for part in self.status() if part)

    def example(self) -> str:
        """The game's own example of a typed move (``"l5>fh"`` in Chain).

        >>> from solitaire_widgets import new_game
        >>> Controller(new_game("quarrel", seed=1)).example()
        'r7>lc'
        """
        if self.game.rules.example_move:
            return self.game.rules.example_move
        moves = [m for m in self.game.legal_moves() if m.action == "move"]
        return str(moves[0]) if moves else (self.game.rules.actions or ("",))[0]

    def typed_words(self) -> dict[str, str]:
        """The words the move box takes besides moves, each in the table's language
        first, then in English: what each does (an action or one of :data:`TYPED_WORDS`).

        >>> from solitaire_widgets import new_game
        >>> from solitaire_widgets.i18n import use_language
        >>> with use_language("ru"):
        ...     list(Controller(new_game("klondike", seed=7)).typed_words())[:3]
        ['открыть', 'перевернуть', 'отменить']
        """
        rules = self.game.rules
        said = [(rules.action_word(action), action) for action in rules.actions]
        said += [(_typed_word(word), word) for word in TYPED_WORDS]
        said += [(word, word) for _said, word in said]
        words: dict[str, str] = {}
        for word, meaning in said:
            words.setdefault(word.lower(), meaning)
        return words

    def placeholder(self) -> str:
        """The move box's hint: an example move and the words it takes, in the table's language.

        >>> from solitaire_widgets import new_game
        >>> Controller(new_game("quarrel", seed=1)).placeholder()
        'r7>lc, deal, undo, redo, hint'
        """
        rules = self.game.rules
        words = [rules.action_word(action) for action in rules.actions]
        words += [_typed_word(word) for word in TYPED_WORDS]
        example = self.example()
        return ", ".join(([example] if example and example not in rules.actions else []) + words)

    def words(self) -> str:
        """The table in words (the status line is apart) and the names typed moves use.

        >>> from solitaire_widgets import new_game
        >>> "Names for typed moves: " in Controller(new_game("chain", seed=5)).words()
        True
        """
        game = self.game
        return (describe_table(game, game.table, status=False) + "\n"
                + _("Names for typed moves: {names}.").format(names=pile_names(game, game.table)))

    def marks(self) -> frozenset[str]:
        """What to highlight: the picked-up cards, the keyboard cursor, the hint."""
        return pointer.highlights(self.pointer) | {HINT + mark for mark in self.hint}

    def plan(self, change: Change, width: float, timing: Timing = MOVE_TIMING, *,
             keys_from: Scene | None = None) -> Plan | None:
        """The animation of ``change`` at ``width``, the same for every table; None
        when it is drawn at once (an undo, a game shown mid-way, a selection...).

        A move or a redo eases its events in from the position before it
        (sprite keys carried over from ``keys_from``, the scene on screen); a
        new deal deals its opening from the full stock at ``timing``'s deal pace.

        >>> from solitaire_widgets import new_game
        >>> table = Controller(new_game("klondike", seed=7))
        >>> plan = table.plan(table.play("turn"), 720)
        >>> plan is not None and plan.final.width == 720
        True
        >>> table.plan(table.undo(), 720) is None
        True
        """
        game = self.game
        if change.before is not None:
            return step_plan(game, change.before, change.events, width, timing,
                             keys_from=keys_from)
        if change.deal:
            return step_plan(game, game.start, game.opening, width, timing, deal=True)
        return None

    def actions(self) -> list[ActionButton]:
        """The game's own decisions as buttons, each enabled only while it is legal.

        >>> from solitaire_widgets import new_game
        >>> [(b.word, b.enabled) for b in Controller(new_game("chain", seed=5)).actions()]
        [('fill', False), ('aux', True), ('redeal', True)]
        """
        game = self.game
        legal = game.legal_moves()
        words = list(game.rules.actions)
        words += [m.action for m in legal if m.action != "move" and m.action not in words]
        buttons = []
        for word in words:
            move = Move(word)
            label = game.rules.action_label(word)
            enabled = move in legal
            buttons.append(ActionButton(word, label, enabled, game.describe(move) if enabled
                                        else _("{action}: not possible now").format(action=label)))
        return buttons

    def controls(self, finishing: bool = False) -> Controls:
        """Which buttons may be pressed now (``finishing``: auto-finish is running).

        >>> from solitaire_widgets import new_game
        >>> controls = Controller(new_game("chain", seed=5)).controls()
        >>> controls.undo, controls.redo, controls.hint, controls.finish.label
        (False, False, True, 'Auto-finish')
        """
        game = self.game
        return Controls(undo=game.can_undo, redo=game.can_redo, hint=not game.result.over,
                        finish=self.finish_button(finishing), actions=tuple(self.actions()))

    def _calm(self) -> None:
        """Drop the picked-up cards and the hint (the keyboard cursor stays)."""
        self.pointer = replace(self.pointer, selected=None, press=None, dragging=False)
        self.hint = frozenset()
        self.hinted = None

    # -- the game -----------------------------------------------------------------

    def deal_in(self, game: Game) -> Change:
        """Show ``game`` (a new deal, or a game to go on with)."""
        self.game = game
        self.player = get_strategy(game.name)
        self.pointer = PointerState()
        self.hint = frozenset()
        self.hinted: Move | None = None
        self._run = None
        self.say(f"{_(game.rules.title)}, {game.deal_name}")
        return Change(moved=True, deal=not game.history)

    def open_save(self, text: str) -> Change:
        """Show the game saved as ``text`` (see :func:`~solitaire_widgets.load_game`);
        a damaged save is refused with the reason and changes nothing.

        >>> from solitaire_widgets import new_game
        >>> table = Controller(new_game("chain", seed=5))
        >>> table.open_save(new_game("klondike", seed=2).to_json()).moved, table.game.name
        (True, 'klondike')
        >>> table.open_save("{}").ok, table.game.name
        (False, 'klondike')
        """
        try:
            game = load_game(text)
        except SolitaireError as error:
            self.say(str(error), error=True)
            return Change(ok=False)
        return self.deal_in(game)

    def new_deal(self, seed: int | None = None) -> Change:
        """Deal again: deal ``seed``, or a random one; a bad number is refused."""
        try:
            game = new_game(self.game.name, seed=seed, **self.game.options)
        except SolitaireError as error:
            self.say(str(error), error=True)
            return Change(ok=False)
        return self.deal_in(game)

    def winnable_deal(self, tries: int = WINNABLE_TRIES) -> Generator[str, None, Change]:
        """Deal a random deal the solver has shown can be won: one try a step.

        Each step yields what to show meanwhile ("Looking for a winnable
        deal... (3 tried)"); a front end may stop between steps. The
        generator's value is the :class:`Change` (a refusal when no deal of
        ``tries`` was shown winnable within the solver's budget).

        >>> from solitaire_widgets import new_game
        >>> table = Controller(new_game("chain", seed=5))
        >>> list(table.winnable_deal()), table.message
        ([], 'The solver does not play Chain.')
        """
        from .chance import new_seed

        solver = self.solver
        if solver is None:
            self.say(_("The solver does not play {game}").format(game=_(self.game.rules.title)),
                     error=True)
            return Change(ok=False)
        for tried in range(tries):
            yield _("Looking for a winnable deal... ({tried} tried of at most {tries})").format(
                tried=format_number(tried), tries=format_number(tries))
            game = new_game(self.game.name, seed=new_seed(), **self.game.options)
            if solver.solve(game, max_nodes=SOLVER_NODES).status == "won":
                change = self.deal_in(game)
                self.say(_("{game}, {deal}: the solver has shown that it can be won").format(
                    game=_(game.rules.title), deal=game.deal_name))
                return change
        self.say(ngettext("The solver found no winnable deal in {n} try within its budget; "
                          "try again",
                          "The solver found no winnable deal in {n} tries within its budget; "
                          "try again", tries).format(n=format_number(tries)), error=True)
        return Change(ok=False)

    def play(self, move: Move | str, *, computer: bool = False) -> Change:
        """Play a move (a :class:`Move` or its text); refused with the engine's reason.

        ``computer``: auto-finish plays it (a win is then the computer player's).
        """
        self._calm()
        if not str(move).strip():
            self.say(_("Type a move first, e.g. {move}").format(move=self.example()), error=True)
            return Change(ok=False, redraw=True)
        before = self.game.table.copy()
        try:
            step = self.game.play(move)
        except SolitaireError as error:
            self.say(str(error), error=True, citation=getattr(error, "citation", None))
            return Change(ok=False, redraw=True)
        ending = ""
        if self.game.is_over:
            ending = " " + (_("The game is over.") if not self.game.is_won
                            else _("The computer player won it.") if computer
                            else _("You won!"))
        self.say(sentence(step.text) + ending)
        return Change(moved=True, before=before, events=tuple(step.events), move=step.move)

    def typed(self, text: str) -> Change:
        """A line typed in the move box: a move, one of the game's actions or of
        :data:`TYPED_WORDS`, in English or in the table's language.

        >>> from solitaire_widgets import new_game
        >>> from solitaire_widgets.i18n import use_language
        >>> table = Controller(new_game("klondike", seed=7))
        >>> with use_language("pl"):
        ...     table.typed(" Odkryj ").moved, table.typed("cofnij").moved
        (True, True)
        """
        word = self.typed_words().get(text.strip().lower())
        if word in TYPED_WORDS:
            return {"undo": self.undo, "redo": self.redo, "hint": self.show_hint}[word]()
        return self.play(word or text.strip())

    def undo(self) -> Change:
        """Take back the last move; right after an auto-finish run, the whole run.

        >>> from solitaire_widgets import new_game
        >>> table = Controller(new_game("chain", seed=5))
        >>> played = table.finish(); _ = table.undo(); len(table.game.history)
        0
        """
        self._calm()
        run, game = self._run, self.game
        count = 1
        if run is not None and run[0] is game and run[2] == game.moves_played > run[1]:
            count = run[2] - run[1]
        try:
            for _done in range(count):
                game.undo()
        except SolitaireError as error:
            self.say(str(error), error=True)
            return Change(ok=False, redraw=True)
        self._run = None
        if count > 1:
            self.say(ngettext("Auto-finish taken back: {n} move", "Auto-finish taken back: "
                              "{n} moves", count).format(n=format_number(count)))
        else:
            self.say(_("Move taken back"))
        return Change(moved=True, redraw=True)

    def redo(self) -> Change:
        """Play again the last move taken back (animated, as a move is)."""
        self._calm()
        if not self.game.can_redo:
            self.say(_("There is nothing to redo"), error=True)
            return Change(ok=False, redraw=True)
        before = self.game.table.copy()
        self.game.redo()
        step = self.game.history[-1]
        self.say(step.text)
        return Change(moved=True, before=before, events=tuple(step.events), move=step.move)

    def _hint_marks(self, move: Move) -> None:
        self.pointer = replace(self.pointer, selected=None)
        self.hinted = move
        self.hint = (frozenset({f"{move.src}:{move.count}", move.dst})
                     if move.action == "move" else frozenset({"s"}))

    def show_hint(self) -> Change:
        """Highlight the default player's choice and say it."""
        self._calm()
        if self.game.is_over:
            # The status line says why it ended: the message does not repeat it.
            self.say(self.status()[0])
            return Change(redraw=True)
        move = get_strategy(self.game.name).choose(self.game.clone())
        if move is None:
            self.say(_("The computer player sees no useful move here"))
            return Change(redraw=True)
        self._hint_marks(move)
        words = _("Hint: {move}").format(move=self.game.describe(move))
        after = self.game.clone()
        after.play(move)
        if after.is_over and not after.is_won and _shown(after.table) <= _shown(self.game.table):
            # The player's only choice may lose: the reader is told before playing it,
            # unless the loss hangs on a card the move turns up (that would give it away).
            # Its reason, not the status ("Lost: ..."): "loses the game" says lost.
            words = _("{hint}. This move loses the game: {status}").format(
                hint=words.rstrip("."), status=after.result.reason)
        self.say(words)
        return Change(redraw=True, move=move)

    def can_win(self) -> str:
        """Ask the solver whether this position can still be won; say and return its answer.

        ``"won"``, ``"lost"``, or ``"unresolved"`` when its time budget
        (``solitaire_widgets.games.klondike.solver.HINT_SECONDS``) ran out first.
        """
        solver = self.solver
        if solver is None:
            self.say(_("The solver does not play {game}").format(game=_(self.game.rules.title)),
                     error=True)
            return "unresolved"
        answer = solver.hint(self.game)
        self.say(answer.answer)
        return answer.status

    def solver_hint(self) -> Change:
        """Highlight the first move of a winning line (the solver sees every card)."""
        self._calm()
        solver = self.solver
        if solver is None:
            self.say(_("The solver does not play {game}").format(game=_(self.game.rules.title)),
                     error=True)
            return Change(ok=False, redraw=True)
        if self.game.is_over:
            self.say(self.status()[0])
            return Change(redraw=True)
        answer = solver.hint(self.game)
        self.say(answer.advice)
        if answer.move is None:
            return Change(redraw=True)
        self._hint_marks(answer.move)
        return Change(redraw=True, move=answer.move)

    def finish_step(self, played: int = 0) -> Change:
        """One move of auto-finish; ``moved`` is False once auto-finish is over.

        ``played``: the moves it played before this one. Each move says what
        it did; when it is over the message says how it ended. It is over when
        the game is (``result.over``), when the default player (one for the
        whole game, :attr:`player`) sees no useful move, when its last move
        brought back a position this run had already had, or after
        :data:`FINISH_LIMIT` moves.

        In a game the reader has begun (a move played), the first step only
        asks (:attr:`finish_asked`, the button then reads "Yes, auto-finish"),
        and a second press starts it; the whole run is then taken back by one
        undo, and a game it wins is the computer player's.

        >>> from solitaire_widgets import new_game
        >>> table = Controller(new_game("chain", seed=5))
        >>> table.finish_step().moved, len(table.game.history)
        (True, 1)
        >>> table.finish_step().moved, table.finish_button().label
        (False, 'Yes, auto-finish')
        >>> table.finish_step().moved, len(table.game.history)
        (True, 2)
        """
        if played == 0:
            if self.game.moves_played and not self.finish_asked and not self.game.result.over:
                self._calm()
                self.say(_("Auto-finish takes the game over and plays on to the end; "
                           "press it again to let it (one undo takes the whole run back)"))
                self.finish_asked = True
                return Change(redraw=True)
            self._finish_seen = {_position_key(self.game.table)}
            self._finish_circling = False
            self._run = (self.game, self.game.moves_played, self.game.moves_played)
        why = N_("it sees no useful move")
        if self.game.result.over:
            why = ""
        elif self._finish_circling:
            why = N_("its last move brought back a position it had already had")
        elif played >= FINISH_LIMIT:
            why = _("the game goes on, but auto-finish plays at most {n} moves").format(
                n=format_number(FINISH_LIMIT))
        else:
            move = self.player.choose(self.game)
            if move is not None:
                change = self.play(move, computer=True)
                if change.moved:
                    if self._run is not None and self._run[0] is self.game:
                        self._run = (self.game, self._run[1], self.game.moves_played)
                    key = _position_key(self.game.table)
                    self._finish_circling = key in self._finish_seen
                    self._finish_seen.add(key)
                    return change
        marked = bool(self.marks() - pointer.highlights(replace(self.pointer, selected=None)))
        self._calm()
        self.finish_said(played, why=why)
        return Change(redraw=marked)

    def finish(self) -> int:
        """Auto-finish at once: the default player plays until auto-finish is over
        (see :meth:`finish_step`); the number of moves it played.

        >>> from solitaire_widgets import new_game
        >>> table = Controller(new_game("chain", seed=5))
        >>> table.finish() == len(table.game.history) > 0
        True
        """
        played = 0
        self.finish_asked = True
        while self.finish_step(played).moved:
            played += 1
        return played

    def finish_button(self, running: bool = False) -> ActionButton:
        """The auto-finish button: "Auto-finish", or "Stop" while auto-finish is ``running``.

        >>> from solitaire_widgets import new_game
        >>> table = Controller(new_game("chain", seed=5))
        >>> [(b.label, b.enabled) for b in (table.finish_button(), table.finish_button(True))]
        [('Auto-finish', True), ('Stop', True)]
        """
        if running:
            return ActionButton("finish", _("Stop"), True, _("Stop the computer player here"))
        if self.finish_asked:
            return ActionButton("finish", _("Yes, auto-finish"), True,
                                _("Let the computer player take the game over; one undo "
                                  "takes the whole run back"))
        return ActionButton("finish", _("Auto-finish"), not self.game.result.over,
                            _("Let the computer play on until the game ends"))

    def finish_said(self, played: int, stopped: bool = False,
                    why: str = "it sees no useful move") -> None:
        """Say how auto-finish ended after ``played`` moves (``stopped``: by a new input;
        ``why``: why the computer player stopped short of the end, in English: it
        is said in the current language).

        >>> from solitaire_widgets import new_game
        >>> table = Controller(new_game("chain", seed=5))
        >>> table.finish_said(12, why="it sees no useful move"); table.message
        'The computer player stopped after 12 moves: it sees no useful move.'
        """
        n = format_number(played)
        if stopped:
            self.say(ngettext("Auto-finish stopped after {n} move",
                              "Auto-finish stopped after {n} moves", played).format(n=n))
        elif self.game.result.over:
            self.say(ngettext("The computer player played {n} move.",
                              "The computer player played {n} moves.", played).format(n=n)
                     + " " + (_("The computer player won it.") if self.computer_won()
                              else _("You won!") if self.game.is_won
                              else sentence(self.game.status)))
        else:
            self.say(ngettext("The computer player stopped after {n} move: {why}",
                              "The computer player stopped after {n} moves: {why}",
                              played).format(n=n, why=_(why) if why else why))

    # -- the pointer and the keyboard -----------------------------------------------

    def press(self, scene: Scene, x: float, y: float, now: float) -> Change:
        """The button goes down at ``(x, y)`` on ``scene`` (see :func:`~solitaire_widgets.pointer.press`).

        With a hint on show and nothing picked up, a press on the hinted
        destination plays the hinted move.
        """
        hinted = self.hinted
        if hinted is not None and hinted.action == "move" and self.pointer.selected is None:
            hit = pointer.hit(scene, x, y)
            if hit is not None and hit[0] == hinted.dst:
                self.pointer = replace(self.pointer, last_down=None)
                return self.play(hinted)
        return self._apply(pointer.press(self.pointer, scene, self.game, x, y, now))

    def move_to(self, scene: Scene, x: float, y: float, now: float) -> Change:
        """The pointer moves (a drag, once far enough)."""
        return self._apply(pointer.move_to(self.pointer, scene, x, y, now))

    def release(self, scene: Scene, x: float, y: float) -> Change:
        """The button comes up (a drag ends)."""
        return self._apply(pointer.release(self.pointer, scene, x, y))

    def leave(self) -> Change:
        """The pointer leaves the table."""
        return self._apply(pointer.leave(self.pointer))

    def key(self, scene: Scene, name: str, shortcut: bool = False) -> tuple[Change, bool]:
        """A key on the table; also whether the table used it (else it goes to the page).

        ``shortcut``: pressed with Ctrl, Alt or Meta (Cmd), which the table
        leaves to the page.
        """
        if shortcut:
            return Change(), False
        outcome = pointer.key(self.pointer, scene, self.game, name)
        return self._apply(outcome), outcome[1] is not None

    def cursor_words(self, pile_id: str, count: int) -> str:
        """What the keyboard cursor is on, in words: the pile, then what is on it.

        >>> from solitaire_widgets import new_game
        >>> table = Controller(new_game("klondike", seed=7))
        >>> table.cursor_words("t3", 1)
        'column 3: the three of spades, 4 face down'
        """
        game = self.game
        table = game.table
        name = game.rules.pile_name(table, pile_id)
        pile = table.piles[pile_id]
        up = sum(1 for i in range(len(pile.cards)) if pile.face_up(i))
        if not up or pile.kind == "foundation":
            return _("{pile}: {cards}").format(pile=name, cards=describe_pile(pile))
        count = max(1, min(count, up))
        parts = [str(card_words(pile.cards[-1])) if count == 1 else
                 ngettext("{n} card, {bottom} to {top}", "{n} cards, {bottom} to {top}",
                          count).format(n=format_number(count),
                                        bottom=card_words(pile.cards[-count]),
                                        top=card_words(pile.cards[-1]))]
        if up > count:
            parts.append(ngettext("{n} more face up", "{n} more face up",
                                  up - count).format(n=format_number(up - count)))
        down = len(pile.cards) - up
        if down:
            parts.append(ngettext("{n} face down", "{n} face down",
                                  down).format(n=format_number(down)))
        return _("{pile}: {cards}").format(pile=name, cards=", ".join(parts))

    def _picked_words(self, pile_id: str, count: int) -> str:
        pile = self.game.table.piles[pile_id]
        if count == 1:
            return _("Picked up {card}: now choose where it goes").format(
                card=card_words(pile.cards[-1]))
        return ngettext("Picked up {n} card, {bottom} to {top}: now choose where they go",
                        "Picked up {n} cards, {bottom} to {top}: now choose where they go",
                        count).format(n=format_number(count),
                                      bottom=card_words(pile.cards[-count]),
                                      top=card_words(pile.cards[-1]))

    def _apply(self, outcome: Outcome) -> Change:
        before = self.pointer
        self.pointer, intent = outcome
        if intent is None:
            # The pointer passing over the table (or leaving it) with nothing held
            # is no answer: auto-finish's question stands, as its button still asks.
            if self.pointer.selected is not None or before.selected is not None:
                self.finish_asked = False
            return Change()
        self.finish_asked = False
        if isinstance(intent, pointer.Play):
            return self.play(intent.move)
        if isinstance(intent, pointer.Drag):
            return Change(drag=intent)
        if isinstance(intent, pointer.Refuse):
            self.say(intent.reason, error=True)
            return Change(ok=False, redraw=before.selected is not None)
        if isinstance(intent, pointer.Action):
            return {"undo": self.undo, "redo": self.redo,
                    "hint": self.show_hint}[intent.name]()
        if isinstance(intent, pointer.Clear):
            had = before.selected is not None or before.focus is not None or bool(self.hint)
            if before.selected is not None:
                self.say(_("The cards are put back"))
            self.hint = frozenset()
            self.hinted = None
            return Change(redraw=had)
        if isinstance(intent, pointer.Select):
            if self._stays(intent.pile):
                self.pointer = replace(self.pointer, selected=None, press=None, dragging=False)
                return Change(ok=False, redraw=before.selected is not None)
            self.hint = frozenset()
            self.hinted = None
            self.say(self._picked_words(intent.pile, intent.count))
        if isinstance(intent, pointer.Focus):
            self.say(self.cursor_words(intent.pile, intent.count))
        return Change(redraw=True)     # Select, Redraw, Focus

    def _stays(self, pile_id: str) -> bool:
        """A foundation no legal move leaves is not picked up (only to be refused on
        the drop): said so, and True."""
        game = self.game
        if game.table.piles[pile_id].kind != "foundation" or any(
                move.action == "move" and move.src == pile_id for move in game.legal_moves()):
            return False
        self.say(_("A card on a series stays there") if game.rules.foundation_word == "series"
                 else _("A card on a foundation stays there"), error=True)
        return True
