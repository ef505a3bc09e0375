"""Quarrel's rules on a table, as the engine first wrote them: the oracle the model is held to.

:class:`~solitaire_widgets.games.quarrel.model.QuarrelModel` is where Quarrel's
rules live; ``QuarrelRules``' hooks on a table read the model. This class keeps
the rules written a second time, independently, on the engine's table and
context (the deal, the rows, the auxiliary row, the rounds), so that
``tests/test_model_conformance.py`` drives the model beside something other
than itself. Its words are ``QuarrelRules``'.
"""

from __future__ import annotations

from solitaire_widgets.cards import Card
from solitaire_widgets.games.common import next_up
from solitaire_widgets.games.quarrel.model import AUX, FOUNDATIONS, ROWS, USES
from solitaire_widgets.games.quarrel.rules import QuarrelRules
from solitaire_widgets.moves import Move
from solitaire_widgets.reasons import reason_key
from solitaire_widgets.rules import Context
from solitaire_widgets.table import Table

_DEAL = Move("deal")
_SUIT_OF = {"c": "C", "d": "D", "h": "H", "s": "S"}
_AFTER = {up: (0,) + tuple((1 if r == 13 else r + 1) if up else (13 if r == 1 else r - 1)
                           for r in range(1, 14))
          for up in (True, False)}
_SERIES = tuple((fid, tuple(Card(rank, _SUIT_OF[fid[1]]) for rank in range(1, 14)),
                 _AFTER[fid[0] == "r"]) for fid in FOUNDATIONS)
_PLAYS = {place: {fid: Move("move", place, fid) for fid in FOUNDATIONS}
          for place in ROWS + AUX + ("h",)}


class QuarrelOracle(QuarrelRules):
    """Quarrel's rules on the engine's table (see the module)."""

    def opening(self, ctx: Context) -> None:
        ctx.set("count", 0)
        ctx.set("hit", False)
        ctx.set("base", 0)
        ctx.set("aux", 0)
        ctx.set("round", 1)
        ctx.set("uses", USES)
        ctx.set("dealt", 0)
        ctx.set("phase", "search")

    def _wanted(self, table: Table) -> dict[Card, list[str]]:
        """Each card some series needs next, with the series that need it."""
        # Hot path: a plain loop over the series, with the ranks and cards looked up.
        base = int(table.facts["base"] or 0)
        piles = table.piles
        wanted: dict[Card, list[str]] = {}
        for fid, suit_cards, after in _SERIES:
            cards = piles[fid].cards
            if not cards:
                need = base
            elif len(cards) == 13:
                continue
            else:
                need = after[cards[-1].rank]
            if need:
                card = suit_cards[need - 1]
                fids = wanted.get(card)
                if fids is None:
                    wanted[card] = [fid]
                else:
                    fids.append(fid)
        return wanted

    def targets(self, table: Table, card: Card) -> list[str]:
        """The series ``card`` may go onto now (none before the base rank is known)."""
        if not table.facts["base"]:
            return []
        return list(self._wanted(table).get(card, ()))

    def sources(self, table: Table) -> list[str]:
        """The places whose card is available: the rows, the auxiliary row, ``h``."""
        piles = table.piles
        dealt = int(table.facts["dealt"] or 0)
        return [p for p in ROWS[:dealt] + AUX + ("h",) if piles[p].cards]

    def _plays(self, table: Table) -> list[Move]:
        # The hot path of every simulation: most places hold no wanted card.
        piles = table.piles
        wanted = self._wanted(table)
        moves: list[Move] = []
        for place in ROWS[:int(table.facts["dealt"] or 0)] + AUX:
            cards = piles[place].cards
            if cards and cards[-1] in wanted:
                plays = _PLAYS[place]
                for fid in wanted[cards[-1]]:
                    moves.append(plays[fid])
        return moves

    def legal_moves(self, table: Table) -> list[Move]:
        phase = table.facts["phase"]
        if phase == "search":
            return [_DEAL] if table.piles["s"].cards else []
        if phase in ("base", "hit"):
            card = table.piles["h"].cards[-1]
            return [_PLAYS["h"][fid] for fid in self._wanted(table).get(card, ())]
        moves = self._plays(table)
        if table.piles["s"].cards and not (moves and self.options["deal"] == "when-stuck"):
            moves.append(_DEAL)
        return moves

    # -- why not -------------------------------------------------------------------


    def apply(self, table: Table, move: Move, ctx: Context) -> None:
        if move.action == "deal":
            self._deal(table, ctx)
        else:
            phase = table.facts["phase"]
            ctx.move(move.src, move.dst)
            if move.src[0] == "a" and table.piles["s"].cards:
                # A gap in the auxiliary row is filled at once, without counting.
                ctx.move("s", move.src)
            if self._check_won(ctx):
                return
            if phase == "base":
                ctx.set("phase", "play")
            elif phase == "hit":
                self._end_round(ctx, table.piles[move.dst].cards[-1].rank)

    def _deal(self, table: Table, ctx: Context) -> None:
        facts = table.facts
        count = next_up(int(facts["count"] or 0)) if facts["count"] else 1
        dealt = int(facts["dealt"] or 0) + 1
        card = table.piles["s"].cards[-1]
        place = ROWS[dealt - 1]
        ctx.move("s", place)
        ctx.set("dealt", dealt)
        ctx.set("count", count)
        hit = card.rank == count
        ctx.set("hit", hit)
        if facts["phase"] == "search":
            if hit:
                ctx.set("base", count)
                ctx.move(place, "h")
                self._lay_aux(ctx, count)
                ctx.set("phase", "base")
            elif not table.piles["s"].cards:
                # A void deal: no card named correctly in the whole deck.
                ctx.gather(ROWS[:dealt], "s")
                ctx.shuffle("s")
                ctx.set("dealt", 0)
                ctx.set("count", 0)
                ctx.set("hit", False)
            return
        if not hit:
            return
        fids = self._hit_targets(table, card)
        if len(fids) == 1:
            ctx.move(place, fids[0])
            if self._check_won(ctx):
                return
        elif len(fids) > 1:
            ctx.move(place, "h")
            ctx.set("phase", "hit")
            return
        self._end_round(ctx, card.rank)

    def _hit_targets(self, table: Table, card: Card) -> list[str]:
        """The series a later hit card may go to before the gathering (none if gathered)."""
        if self.options["hit_card"] == "gathered":
            return []
        return self.targets(table, card)

    def _lay_aux(self, ctx: Context, n: int) -> None:
        ctx.set("aux", n)
        piles = ctx.table.piles
        for place in AUX[:n]:
            if not piles["s"].cards:
                break
            ctx.move("s", place)

    def _end_round(self, ctx: Context, n: int) -> None:
        """A later hit ends the round: start the next with ``n`` auxiliary cards, or end the game."""
        facts = ctx.table.facts
        rnd = int(facts["round"] or 1)
        if rnd >= USES:
            ctx.set("uses", 0)
            # Kept as the engine keeps a reason: its message and the rank, worded when read.
            ctx.end(False, reason_key("the third round is over (the {rank} was named "
                                      "correctly): the deck may be used only three times",
                                      rank=int(facts["count"] or 0)))
            return
        ctx.set("uses", USES - rnd)
        dealt = int(facts["dealt"] or 0)
        ctx.gather(ROWS[:dealt] + AUX + ("h",), "s")
        ctx.shuffle("s")
        ctx.set("round", rnd + 1)
        ctx.set("dealt", 0)
        ctx.set("phase", "play")
        self._lay_aux(ctx, n)

    def _check_won(self, ctx: Context) -> bool:
        piles = ctx.table.piles
        # All 104 cards are up when every series holds its thirteen.
        if all(len(piles[f].cards) == 13 for f in FOUNDATIONS):
            ctx.end(True, "all 104 cards are on the eight series: the right half and the "
                          "left half have turned their backs on each other")
            return True
        return False
