"""How the Klondike solver prunes and spends its budget: one value, passed down.

Every pruning rule is sound (none ever loses the only winning line), so
switching one off changes how long a search takes, never what a search that
runs to its end proves. Tests and the benchmark's baseline switch them off
by passing another :class:`Config`; nothing is set globally.

>>> DEFAULT.move_filters, BASELINE.move_filters
(True, False)
>>> Config(safe_plus=False).safe_plus
False
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Config", "DEFAULT", "BASELINE", "VERSION"]

#: The solver's version, stored with every answer of a study: raised whenever
#: the search changes which positions it expands (a sound solver's answers
#: never change, only how soon it finds them), or how it reckons them, so an
#: answer says which code found it (5: the dead-end check on bit masks and the
#: automatic moves looked for only where a move can have made one; the same
#: positions as 4; 6: restarts drawing one too; 7: a card laid on one of two
#: twin parents only; 8: one position for every layout of the same cards; 9:
#: drawing one, a position that one proved lost outdoes is skipped; 10:
#: drawing three, a second full search that passes over positions lost
#: drawing one; 11: the same, with the full search's share whole until it
#: starts, and no check drawing one past the budget; 12: worrying back, a
#: card comes back from a foundation only when it can be used at once, and
#: a card that can come straight back goes up by itself; 13: worrying back,
#: any card may come back again: 12's filter, which let a card come back only
#: when it could be used at once, lost wins where two cards brought back wait
#: for each other; 14: worrying back, a foundation card no card out of the
#: foundations could come to lie on stays up, and goes up by itself).
VERSION = 14


@dataclass(frozen=True)
class Config:
    """The pruning rules in force, the draw-three search plan, and worrying back.

    - ``worrying_back``: not a pruning rule but the rules searched: the top
      card of a foundation may come back onto a column (Klondike's
      ``worrying_back="yes"``, :func:`solitaire_widgets.games.klondike.solver.solve` sets it
      from the game's options). Every rule below stays sound with it, some
      weakened for it as each says: only aces and twos go up by themselves
      (``solitaire_widgets.games.klondike.solver.moves.safe``), and the dead-end check
      counts every foundation card as a place a card may be laid
      (``solitaire_widgets.games.klondike.solver.dead_ends.hopeless``);

    - ``worry_filter`` (off, and not sound: the one exception): worrying
      back, bring a card back from a foundation only if a card can be laid
      on it at once, or the card under it can come back in turn
      (``solitaire_widgets.games.klondike.solver.moves.worry_useful``).
      Version 12 searched with it on, and it loses wins where two cards
      brought back wait for each other (the brute-force tests keep such a
      position); ``worry_uses`` prunes what it was for, soundly, but costs
      more than it saves;
    - ``back_ups``: worrying back, a column's end card lying on a face-up
      card (or a king alone in its column) goes up by itself whenever it
      can, since it can come straight back to the same place
      (``solitaire_widgets.games.klondike.solver.moves.auto``);
    - ``kept_up``: worrying back, a foundation card that no card out of the
      foundations could ever be laid on, nor on a card laid on it, never
      comes back, and such a card goes up by itself
      (``solitaire_widgets.games.klondike.solver.moves.kept_up``); the
      dead-end check does not count it as a place either. With
      ``safe_plus`` the two-rank safe moves hold with worrying back as well
      (``solitaire_widgets.games.klondike.solver.moves.safe``): such a card
      goes up by itself, and does not come back;
    - ``worry_uses``: worrying back, after one or more cards came back from
      the foundations, try only another card brought back or a move that
      uses one of them: a card laid on one, or one moved on
      (``solitaire_widgets.games.klondike.solver.moves.worry_uses``). Sound,
      but off: such a position is kept apart from the same one searched
      whole, and on the three draw-one deals lost fastest that version 12
      proved lost (946, 9873, 9637) it expanded 1.2 to 2.4 times as many
      positions as without it (213,385 against 88,055 on deal 946);
    - ``move_filters``: put moves off that a winning line can make later
      (part of a sequence, a talon card laid in a column, a column emptied
      with no king to fill it): ``solitaire_widgets.games.klondike.solver.moves.moves``;
    - ``dead_end_check``: stop at a position where some card can never reach
      its foundation (``solitaire_widgets.games.klondike.solver.dead_ends.hopeless``);
    - ``strong_dead_ends``: in that check, talon cards are places to lay cards
      only once they can be laid in a column, and kings need an empty column;
    - ``run_heads``: in that check, a column card is uncovered only once the
      card lying on it can leave it;
    - ``safe_plus``: the two-rank safe foundation moves
      (``solitaire_widgets.games.klondike.solver.moves.safe``);
    - ``lay_chains``: in draw one, lay talon cards only together with a move
      onto them (``solitaire_widgets.games.klondike.solver.moves.lay_chains``);
    - ``empty_chains``: with the move filters, empty a column only together
      with a king going into it at once
      (``solitaire_widgets.games.klondike.solver.moves.empty_chains``);
    - ``twin_targets``: a move that turns a card up or takes one from the
      talon, when both its parents (twins) end columns, is tried onto one of
      them only (``solitaire_widgets.games.klondike.solver.moves.one_twin``);
    - ``merge_layouts``: positions that differ only in their columns' layout
      (which of two twins a card lies on) are one position to the search
      (``solitaire_widgets.games.klondike.solver.state.set_key``), and a move that only
      changes the layout (the child on a card moving across to its twin) is
      made only just before that card goes up (off: every layout is a
      position of its own, and part of a sequence moves wherever the move
      filters find it useful);
    - ``talon_dominance``: drawing one, skip a position that one proved lost
      can outdo: the same with a column's end card back in the talon
      (``solitaire_widgets.games.klondike.solver.search.talon_dominated``);
    - ``shift_checks``: run the dead-end check after a move between columns
      that turns no card up too (off: such a move only shifts a sequence
      from one card to its twin or empties a column, and on the hard deals
      profiled it never made a position hopeless; skipping a check is always
      sound, it only prunes less);
    - ``worklist_dead_ends``: with ``bit_dead_ends`` off, under the Polish
      rules, compute the dead-end check (strong, with run heads) with a
      worklist instead of in rounds: the same answer, a little faster there
      (off: the rounds, which the tests compare it with);
    - ``bit_dead_ends``: compute the dead-end check (strong, with run heads)
      on bit masks, in every mode: the same answer, 1.4 to 1.7 times as fast
      (off: the worklist under the Polish rules, else the rounds);
    - ``quick_auto``: after a move between columns or from the talon to a
      column, look for automatic foundation moves only where the move can
      have made one (``solitaire_widgets.games.klondike.solver.moves.settled``): the same
      positions, a little sooner (off: every position is looked over whole);
    - ``splits``: in draw three, skip a position one already seen can outdo
      (``solitaire_widgets.games.klondike.solver.search.dominated``);
    - ``restart_share``, ``restart_nodes``, ``relax_share``: the share of the
      budget given to restarts, the most positions one restart may expand,
      and (draw three and the Polish rules) the share given to the draw-one
      relaxation (``solitaire_widgets.games.klondike.solver.search.solve_position``);
    - ``restarts_drawing_one``: restarts drawing one as well as drawing three
      (off: drawing three only). Under the Polish rules
      none: on deals 0-99 with 40,000 positions each they resolved no more
      deals with a tenth of the budget and one fewer with a quarter;
    - ``interleave``: those searches take turns, a slice of positions at a
      time, instead of running one after the other (the order in which they
      run never changes what a finished one proves);
    - ``checked_share``, ``checked_after``, ``relaxed_checks``: drawing three,
      a second full search that passes over every position it proves lost
      drawing one (``solitaire_widgets.games.klondike.solver.search.RelaxedChecks``, a
      draw-one search of at most ``relaxed_checks`` positions for each):
      once the searches together have expanded ``checked_after`` positions,
      it shares what the full search gets, ``checked_share`` of it (0: no
      such search). Not under the Polish rules: there it decided fewer deals
      with 200,000 positions (157 of deals 0-199 against 158, and 38 lost
      against 39), and the Polish study needed no help.
    """

    worrying_back: bool = False
    worry_filter: bool = False
    back_ups: bool = True
    kept_up: bool = True
    worry_uses: bool = False
    move_filters: bool = True
    dead_end_check: bool = True
    strong_dead_ends: bool = True
    run_heads: bool = True
    safe_plus: bool = True
    lay_chains: bool = True
    empty_chains: bool = True
    twin_targets: bool = True
    merge_layouts: bool = True
    talon_dominance: bool = True
    shift_checks: bool = False
    splits: bool = True
    worklist_dead_ends: bool = True
    bit_dead_ends: bool = True
    quick_auto: bool = True
    restart_share: float = 0.25
    restart_nodes: int = 5_000
    restarts_drawing_one: bool = True
    relax_share: float = 0.3
    interleave: bool = True
    checked_share: float = 0.5
    checked_after: int = 50_000
    relaxed_checks: int = 1_000


#: The solver as it plays.
DEFAULT = Config()
#: The benchmark's baseline: depth-first search over the same macro moves with
#: the transposition table, plain safe foundation moves and the plain dead-end
#: check; the same draw-three plan.
BASELINE = Config(move_filters=False, strong_dead_ends=False, run_heads=False,
                  safe_plus=False, lay_chains=False, empty_chains=False, shift_checks=True,
                  splits=False, twin_targets=False, merge_layouts=False, talon_dominance=False,
                  checked_share=0.0, worry_filter=False,
                  back_ups=False, worry_uses=False, kept_up=False)
