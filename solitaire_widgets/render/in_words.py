"""A table in words, pile by pile, for screen readers and text-only views.

Face-down cards are counted, never named.

>>> from solitaire_widgets import new_game
>>> text = describe_table("klondike", new_game("klondike", seed=1).table)
>>> "Column 1: 6 cards face down, then" in text
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import Card, card_words
from ..i18n import _, current_language, format_number, ngettext, pgettext
from ..reasons import reason_words
from ..rules import Rules
from ..table import Pile, Table

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game

__all__ = ["describe_table", "describe_pile", "pile_names", "sentence", "words_html"]


def sentence(text: str) -> str:
    """The engine's words as a sentence: a capital first, a full stop last.

    Every front end (the widgets, the in-page table) says the engine's words this way.

    >>> sentence("the hand is used up")
    'The hand is used up.'

    A quotation that ends its own sentence gets no second full stop:

    >>> sentence("the text says «Ряд не нужен.»")
    'The text says «Ряд не нужен.»'
    """
    text = text.strip()
    if not text:
        return ""
    text = text[0].upper() + text[1:]
    ends = text.rstrip("»\"”’')")
    return text if ends.endswith((".", "!", "?", "…")) else text + "."


def _name(card: Card) -> str:
    """A card's name in the current language (the nominative)."""
    return str(card_words(card))


def describe_pile(pile: Pile) -> str:
    """One pile's cards in words (without its name).

    >>> from solitaire_widgets.cards import parse_cards
    >>> describe_pile(Pile("t1", "tableau", parse_cards("AS 7H 6C"), down=1))
    '1 card face down, then the seven of hearts, the six of clubs'
    """
    cards = pile.cards
    if not cards:
        return _("empty")
    if pile.kind == "stock":
        return ngettext("{n} card face down", "{n} cards face down",
                        len(cards)).format(n=format_number(len(cards)))
    if pile.kind == "foundation":
        top = cards[-1]
        if len(cards) == 1:
            return _name(top)
        return ngettext("{n} card, {bottom} at the bottom, {top} on top",
                        "{n} cards, {bottom} at the bottom, {top} on top", len(cards)).format(
            n=format_number(len(cards)), bottom=card_words(cards[0]), top=card_words(top))
    down = min(pile.down, len(cards))
    shown = ", ".join(_name(card) for card in cards[down:])
    if not down:
        return shown
    if down == len(cards):
        return ngettext("{n} card face down", "{n} cards face down",
                        down).format(n=format_number(down))
    return ngettext("{n} card face down, then {cards}", "{n} cards face down, then {cards}",
                    down).format(n=format_number(down), cards=shown)


def describe_table(game: Game | Rules | str, table: Table, *, status: bool = True) -> str:
    """The position in words: the game's status, then each pile in display order.

    ``game`` is a :class:`~solitaire_widgets.Game` (its rules with their options), its rules, or
    a game's name (its default options). ``status=False`` leaves the status
    out, for a view that shows it already.

    Empty piles are listed by name, except the many empty places of a large
    layout, which are counted.

    >>> from solitaire_widgets import new_game
    >>> print(describe_table("chain", new_game("chain", seed=5).table).splitlines()[0])
    First deal, three rows of eight; 28 cards in the stock; the auxiliary row is still to come.
    """
    from .scene import rules_of

    rules = rules_of(game)
    lines = []
    said = rules.status(table) if not table.facts.get("over") else reason_words(str(
        table.facts.get("reason") or ""))
    if table.facts.get("over"):
        said = (_("Won: {reason}") if table.facts.get("won") else _("Lost: {reason}")).format(
            reason=said)
    if said and status:
        lines.append(said.rstrip(".") + ".")
    many = sum(1 for p in table.piles.values() if p.kind == "tableau") > 24
    empty: list[str] = []
    uncounted = 0
    for pile in table.piles.values():
        name = str(rules.pile_name(table, pile.id))
        name = name[:1].upper() + name[1:]
        if not pile.cards:
            if many and pile.kind in ("tableau", "reserve"):
                uncounted += 1
            else:
                empty.append(name[:1].lower() + name[1:])
            continue
        lines.append(_("{pile}: {cards}.").format(pile=name, cards=describe_pile(pile)))
    if empty:
        lines.append(_("Empty: {piles}.").format(piles=", ".join(empty)))
    if uncounted:
        lines.append(ngettext("{n} other place is empty.", "{n} other places are empty.",
                              uncounted).format(n=format_number(uncounted)))
    return "\n".join(lines)


def pile_names(game: Game | Rules | str, table: Table) -> str:
    """The piles' names as a typed move writes them, each with its name in words;
    a numbered run of piles (``t1`` to ``t7``) is given once.

    >>> from solitaire_widgets import new_game
    >>> print(pile_names("klondike", new_game("klondike", seed=1).table))
    fc: the clubs foundation; fd: the diamonds foundation; fh: the hearts foundation; fs: the spades foundation; t1 to t7: column 1 to column 7; s: the stock; w: the waste
    """
    from .scene import rules_of

    rules = rules_of(game)
    runs: list[list[str]] = []
    for pile_id in table.piles:
        prefix = pile_id.rstrip("0123456789")
        last = runs[-1][-1] if runs else ""
        if (runs and prefix != pile_id and last.rstrip("0123456789") == prefix
                and last != prefix):
            runs[-1].append(pile_id)
        else:
            runs.append([pile_id])
    parts = []
    for run in runs:
        first, last = run[0], run[-1]
        if len(run) == 1:
            parts.append(f"{first}: {rules.pile_name(table, first)}")
        else:
            parts.append(_("{first} to {last}: {first_name} to {last_name}").format(
                first=first, last=last, first_name=rules.pile_name(table, first),
                last_name=rules.pile_name(table, last)))
    return "; ".join(parts)


def words_html(cards: tuple[str, ...] = ("7C", "QH", "AS")) -> str:
    """The tables' words in the current language, as an HTML table (the glossary's):
    for each registered game, one pile of each kind by the letters a typed move
    uses, with its name; then a few ``cards`` with theirs.

    >>> "<td><code>t1</code></td><td>column 1</td>" in words_html()
    True
    """
    from html import escape

    from ..registry import GAMES, new_game

    rows = []
    for name in GAMES:
        game = new_game(name, seed=1)
        kinds = dict.fromkeys(pile_id.rstrip("0123456789") for pile_id in game.table.piles)
        shown = [next(p for p in game.table.piles if p.rstrip("0123456789") == kind)
                 for kind in kinds]
        for at, pile_id in enumerate(shown):
            title = escape(game.rules.game_title()) if at == 0 else ""
            rows.append(f"<tr><td>{title}</td><td><code>{pile_id}</code></td>"
                        f"<td>{escape(game.rules.pile_name(game.table, pile_id))}</td></tr>")
    for at, text in enumerate(cards):
        title = escape(pgettext("glossary", "cards")) if at == 0 else ""
        rows.append(f"<tr><td>{title}</td><td><code>{text}</code></td>"
                    f"<td>{escape(card_words(Card.parse(text)).nom)}</td></tr>")
    head = "".join(f"<th>{escape(word)}</th>" for word in (
        pgettext("glossary", "game"), pgettext("glossary", "typed"),
        pgettext("glossary", "on the table")))
    return (f'<table class="table" lang="{current_language()}"><thead><tr>{head}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table>')
