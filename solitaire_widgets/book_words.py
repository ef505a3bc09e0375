"""The words the book's chapters compute: the sentences and the glued words
their code cells make from a played deal or a stored study, in the language
of the edition being built (``$SOLITAIRE_WIDGETS_LANGUAGE``, which the book's
build sets and the chapters' kernels inherit).

>>> from solitaire_widgets.i18n import use_language
>>> deal_result(True), klondike_pass(2)
('comes out', 'second')
>>> with use_language("ru"):
...     deal_result(False), quarrel_round(3)
('проигран', 'третьем')
>>> with use_language("pl"):
...     more_often(True), lower(False)
('częściej', 'nie niższy')
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping, Sequence
from typing import Any

from .i18n import format_decimal, format_number, format_percent, ngettext, npgettext, pgettext

__all__ = [
    "number",
    "players_table",
    "deal_result",
    "klondike_pass",
    "quarrel_round",
    "more_often",
    "lower",
    "study_name",
    "study_sentence",
    "study_budget",
    "study_headings",
    "study_check",
    "switch_label",
    "english_only_note",
    "pair_notes_label",
    "cell_words",
    "solved_counts",
]


def number(value: float, spec: str) -> str:
    """``value`` written as the edition's language writes numbers, after a
    format ``spec`` of Python's own: ``"d"`` (a count), ``".1%"`` (a share, as a
    percentage with that many decimals) or ``".1f"`` (a decimal).

    >>> from solitaire_widgets.i18n import use_language
    >>> number(0.4534, ".1%"), number(12000, "d"), number(2.25, ".1f")
    ('45.3%', '12,000', '2.2')
    >>> with use_language("ru"):
    ...     number(0.4534, ".1%"), number(12000, "d"), number(2.25, ".1f")
    ('45,3\xa0%', '12\xa0000', '2,2')
    >>> number(3, "x")
    Traceback (most recent call last):
    ...
    ValueError: a number is written with "d", ".Nf" or ".N%", not 'x'
    """
    share = re.fullmatch(r"\.(\d)([%f])", spec)
    if spec == "d":
        return format_number(int(value))
    if share is None:
        raise ValueError(f'a number is written with "d", ".Nf" or ".N%", not {spec!r}')
    digits = int(share[1])
    return (format_percent if share[2] == "%" else format_decimal)(value, digits)


def switch_label() -> str:
    """The accessible name of the language switch on every page of an edition.

    >>> from solitaire_widgets.i18n import use_language
    >>> with use_language("pl"):
    ...     switch_label()
    'Język'
    """
    return pgettext("book edition", "Language")


def english_only_note() -> str:
    """The note on a page that an edition shows in English (its translation is not done)."""
    return pgettext("book edition", "This page is only in English for now.")


def pair_notes_label() -> str:
    """The line under a source text's original shown alone (in an edition in the text's
    own language), before its paragraph's footnote references."""
    return pgettext("book edition", "Notes on the paragraph:")


def deal_result(won: bool) -> str:
    """How a played deal ended, as "Deal 6 … in the first pass" puts it."""
    return pgettext("book: deal 6 ...", "comes out") if won else pgettext("book: deal 6 ...", "is lost")


def klondike_pass(n: int) -> str:
    """Klondike's pass as "in the … pass" puts it (1 or 2)."""
    return {1: pgettext("book: in the ... pass", "first"),
            2: pgettext("book: in the ... pass", "second")}[n]


def quarrel_round(n: int) -> str:
    """Quarrel's round as "in the … round" puts it (1 to 3)."""
    return {1: pgettext("book: in the ... round", "first"),
            2: pgettext("book: in the ... round", "second"),
            3: pgettext("book: in the ... round", "third")}[n]


def more_often(more: bool) -> str:
    """ "it wins … often": more, or no more."""
    return pgettext("book: it wins ... often", "more") if more else pgettext("book: it wins ... often", "no more")


def lower(is_lower: bool) -> str:
    """ "the win rate is …": lower, or not lower."""
    return pgettext("book: the win rate is ...", "lower") if is_lower else pgettext("book: the win rate is ...", "not lower")


def _deals(count: int) -> str:
    return ngettext("{n} deal", "{n} deals", count).format(n=format_number(count))


def study_name(variant: str) -> str:
    """The name of a stored Klondike study's rules."""
    return {"standard": pgettext("book study", "Standard Klondike, draw one"),
            "draw-three": pgettext("book study", "Standard Klondike, draw three"),
            "polish": pgettext("book study", "Polish rules")}[variant]


def study_sentence(name: str, summary: Mapping[str, Any]) -> str:
    """A stored study's result in a sentence (without its full stop)."""
    deals, wins, unresolved = summary["deals"], summary["wins"], summary["unresolved"]
    low, high = summary["ci95_resolved"]
    sentence = ngettext("{name}: {wins} of {deals} deal won, {losses} lost",
                        "{name}: {wins} of {deals} deals won, {losses} lost", deals).format(
        name=name, wins=format_number(wins), deals=format_number(deals),
        losses=format_number(summary["losses"]))
    if unresolved:
        sentence += pgettext("book study", ", {deals} left unresolved").format(deals=_deals(unresolved))
    sentence += pgettext("book study", ". Among the deals decided, {share} are won ({confidence} "
                         "interval {low} to {high})").format(
        share=format_percent(summary["win_rate_resolved"]), confidence=format_percent(0.95, 0),
        low=format_percent(low), high=format_percent(high))
    if unresolved:
        fewest, most = format_percent(wins / deals), format_percent((wins + unresolved) / deals)
        if fewest == most:
            sentence += pgettext("book study", "; counting each unresolved deal as lost, then as won, "
                                 "puts the share of winnable deals at {share} either way").format(share=fewest)
        else:
            sentence += pgettext("book study", "; counting each unresolved deal as lost, then as won, "
                                 "puts the share of winnable deals between {fewest} and {most}").format(
                fewest=fewest, most=most)
    return sentence


def study_budget(summary: Mapping[str, Any]) -> str:
    """How large the searches of a stored study were (without its full stop)."""
    budgets = sorted((int(b), n) for b, n in summary.get("budgets", {}).items())
    if len(budgets) > 1:
        sizes = [pgettext("book study", "{nodes} positions ({deals})").format(
            nodes=format_number(nodes), deals=_deals(count)) for nodes, count in budgets]
        budget = pgettext("book study", "Each answer found under these rules comes from a search of "
                          "at most {sizes} or {last}").format(sizes=", ".join(sizes[:-1]), last=sizes[-1])
    else:
        budget = pgettext("book study", "Each search looked at {nodes} positions at most").format(
            nodes=format_number(summary["max_nodes"]))
    if summary.get("lost_drawing_one"):
        budget += pgettext("book study", "; {deals} the draw-one study proved lost are lost here too "
                           "(every line under these rules is a line drawing one), whether a search of "
                           "their own left them unresolved or none was run").format(
            deals=_deals(summary["lost_drawing_one"]))
    if summary.get("won_under_stricter_rules"):
        budget += pgettext("book study", "; {deals} the search left unresolved are won by a line found "
                           "under stricter rules, replayed drawing one").format(
            deals=_deals(summary["won_under_stricter_rules"]))
    if "retry" in summary:
        retry = summary["retry"]
        budget += pgettext("book study", "; the {deals} it left unresolved were solved again with "
                           "{nodes}").format(deals=_deals(retry["deals"]),
                                             nodes=format_number(retry["max_nodes"]))
    return budget


def study_headings() -> tuple[str, str]:
    """The summary of a study's details and the heading of its commands."""
    return (pgettext("book study", "How this was computed"),
            pgettext("book study", "The commands, in order:"))


def study_check(summary: Mapping[str, Any], lowest: float, highest: float) -> str:
    """A stored study beside the published figure for the same rules, in a sentence.

    ``lowest`` and ``highest`` are the ends of the 95% interval with every
    unresolved deal counted lost, then won (as Blake and Gent count).
    """
    published = summary["published"]
    low, high = summary["ci95_resolved"]
    share = summary["unresolved"] / summary["deals"]
    inside = low <= published <= high
    between = lowest <= published <= highest
    figures = {"published": format_percent(published, 3), "low": format_percent(low),
               "high": format_percent(high), "lowest": format_percent(lowest),
               "highest": format_percent(highest), "share": format_percent(share)}
    text = (pgettext("book check", "{published} lies inside our interval ({low} to {high})") if inside
            else pgettext("book check", "{published} lies outside our interval ({low} to {high})"))
    if between:
        text += pgettext("book check", " and inside the interval that counts every unresolved deal "
                         "lost, then won ({lowest} to {highest})")
    else:
        text += pgettext("book check", ", and outside the interval that counts every unresolved deal "
                         "lost, then won ({lowest} to {highest})")
    text += pgettext("book check", "; {share} of our deals are unresolved")
    if inside and between and share < 0.01:
        text += pgettext("book check", ", under the 1% we allow ourselves: the figure is reproduced.")
    elif not between:
        text += pgettext("book check", ": whatever the unresolved deals are, the figures disagree.")
    elif share >= 0.01:
        text += pgettext("book check", ", more than the 1% we allow ourselves, so the check is not met yet.")
    else:
        # Under 1% unresolved, inside the interval that allows for them, outside
        # the resolved deals' own: the unresolved deals are the hard ones, mostly
        # losses, so the resolved deals alone win more often than all do.
        text += pgettext("book check", ", under the 1% we allow ourselves: the figure is reproduced as "
                         "Blake and Gent measure (every unresolved deal counted lost, then won), though "
                         "not by the resolved deals alone, which leave out the hardest deals.")
    return text.format(**figures)


def worrying_back_name(variant: str) -> str:
    """The name of a stored study with worrying back."""
    return {"standard-wb": pgettext("book study", "Drawing one, with worrying back"),
            "draw-three-wb": pgettext("book study", "Drawing three, with worrying back")}[variant]


def no_study(name: str) -> str:
    """What the book says of a study not stored yet."""
    return pgettext("book study", "{name}: no study is stored yet.").format(name=name)


def worrying_back_sentence(name: str, summary: Mapping[str, Any]) -> str:
    """A stored study with worrying back in sentences (before its check)."""
    deals = summary["deals"]
    if deals >= 10_000:
        text = pgettext("book study", "{name}: deals 0 to {last} ({deals})")
    else:
        text = pgettext("book study", "{name}: deals 0 to {last} ({deals}, of the {planned} planned: "
                        "the others are not searched yet)")
    text = text.format(name=name, last=format_number(deals - 1), deals=_deals(deals),
                       planned=format_number(10_000))
    text += pgettext("book study", ": {wins} won, {losses} lost, {unresolved} unresolved. ").format(
        wins=format_number(summary["wins"]), losses=format_number(summary["losses"]),
        unresolved=format_number(summary["unresolved"]))
    if summary.get("won_without_worrying_back"):
        text += pgettext("book study", "{wins} of the wins are deals won without worrying back; the "
                         "others were searched with it, with at most {nodes} positions. ").format(
            wins=format_number(summary["won_without_worrying_back"]),
            nodes=format_number(max((int(b) for b in summary["budgets"]), default=0)))
    if summary.get("lost_drawing_one"):
        text += pgettext("book study", "{deals} lost drawing one with worrying back count as lost "
                         "here too. ").format(deals=_deals(summary["lost_drawing_one"]))
    return text


def same_deal_lines(common: list[int], both: int, pairs: Mapping[tuple[str, str], int],
                    three: Mapping[tuple[str, str], int]) -> list[str]:
    """The same deals' verdicts under each rule set, side by side, in lines.

    ``pairs`` counts the deals by their verdicts drawing one and under the
    Polish rules, ``three`` drawing three and under the Polish rules.
    """
    n = format_number
    unresolved = sum(count for (_one, polish), count in pairs.items() if polish == "unresolved")
    return [
        pgettext("book study", "Deals {first} to {last} ({deals}), solved under all three rule "
                 "sets.").format(first=n(common[0]), last=n(common[-1]), deals=_deals(len(common))),
        pgettext("book study", "Drawing one and under the Polish rules, both decided on {deals}:").format(
            deals=_deals(both)),
        pgettext("book study", "  won both ways {won}, lost both ways {lost}, won drawing one but lost "
                 "under the Polish rules {won_lost}, lost drawing one but won under the Polish rules "
                 "{lost_won} (there can be none).").format(
            won=n(pairs["won", "won"]), lost=n(pairs["lost", "lost"]),
            won_lost=n(pairs["won", "lost"]), lost_won=n(pairs["lost", "won"])),
        pgettext("book study", "  Unresolved under the Polish rules: {unresolved} (of them won drawing "
                 "one: {won}, lost: {lost}).").format(
            unresolved=n(unresolved), won=n(pairs["won", "unresolved"]),
            lost=n(pairs["lost", "unresolved"])),
        pgettext("book study", "Drawing three beside the Polish rules: won under both {both}, won "
                 "drawing three only {three}, won under the Polish rules only {polish}, lost under "
                 "both {lost}.").format(both=n(three["won", "won"]), three=n(three["won", "lost"]),
                                        polish=n(three["lost", "won"]), lost=n(three["lost", "lost"])),
    ]


def players_table(caption: str, players: Sequence[tuple[str, int, tuple[float, float]]],
                  deals: int) -> str:
    """An HTML table of players and the deals each won of ``deals``, with the share
    and its 95% Wilson interval: the words (``caption``, the players' names, as
    :func:`chart_words` knows them) and the numbers in the edition's language.

    >>> print(players_table("Quarrel: deals won by each player and by the best possible player",
    ...                     [("a random player", 52, (0.02, 0.034))], 2000))
    ... # doctest: +NORMALIZE_WHITESPACE
    <table class='table' aria-label='Quarrel: deals won by each player and by the best possible
    player'><thead><tr><th scope='col'>player</th><th scope='col'>deals won</th><th
    scope='col'>share (95% Wilson interval)</th></tr></thead><tbody><tr><th scope='row'>a random
    player</th><td>52</td><td>2.6% (2.0% to 3.4%)</td></tr></tbody></table>
    """
    rows = "".join(
        "<tr><th scope='row'>{name}</th><td>{wins}</td><td>{share}</td></tr>".format(
            name=html.escape(chart_words(name)), wins=format_number(wins),
            share=html.escape(pgettext("book table", "{rate} ({low} to {high})").format(
                rate=format_percent(wins / deals), low=format_percent(low),
                high=format_percent(high))))
        for name, wins, (low, high) in players)
    head = "".join(f"<th scope='col'>{html.escape(word)}</th>" for word in (
        pgettext("book table", "player"), pgettext("book table", "deals won"),
        pgettext("book table", "share (95% Wilson interval)")))
    return (f"<table class='table' aria-label='{html.escape(chart_words(caption))}'><thead><tr>"
            f"{head}</tr></thead><tbody>{rows}</tbody></table>")


def chart_words(text: str) -> str:
    """A word of the chapters' win-rate charts (a title, the axis, a bar's
    name as the chapter's code spells it in English) in the edition's language.

    >>> from solitaire_widgets.i18n import use_language
    >>> with use_language("pl"):
    ...     chart_words("Quarrel")
    'Kłótnia'
    """
    words = {
        "deals won (%), with the 95% Wilson interval":
            pgettext("book chart", "deals won (%), with the 95% Wilson interval"),
        "Klondike: the built-in heuristic": pgettext("book chart", "Klondike: the built-in heuristic"),
        "Quarrel": pgettext("book chart", "Quarrel"),
        "Chain: the built-in strategy": pgettext("book chart", "Chain: the built-in strategy"),
        "Polish rules (two passes, waste of three)":
            pgettext("book chart", "Polish rules (two passes, waste of three)"),
        "standard rules (unlimited passes)": pgettext("book chart", "standard rules (unlimited passes)"),
        "the text's advice": pgettext("book chart", "the text's advice"),
        "greedy player": pgettext("book chart", "greedy player"),
        "lookahead player": pgettext("book chart", "lookahead player"),
        "the text's advice, dealing only when stuck":
            pgettext("book chart", "the text's advice, dealing only when stuck"),
        "the text's advice, the hit card gathered":
            pgettext("book chart", "the text's advice, the hit card gathered"),
        "random player": pgettext("book chart", "random player"),
        "random player, dealing only when stuck":
            pgettext("book chart", "random player, dealing only when stuck"),
        "auxiliary row when stuck (our reading)":
            pgettext("book chart", "auxiliary row when stuck (our reading)"),
        "auxiliary row only at the start": pgettext("book chart", "auxiliary row only at the start"),
        # The players of the tables between the worst and the best player (players_table).
        "the worst possible player (every choice wrong)":
            pgettext("book chart", "the worst possible player (every choice wrong)"),
        "a random player": pgettext("book chart", "a random player"),
        "the built-in strategy": pgettext("book chart", "the built-in strategy"),
        "the best possible player (clairvoyant)":
            pgettext("book chart", "the best possible player (clairvoyant)"),
        "the greedy player": pgettext("book chart", "the greedy player"),
        "the lookahead player": pgettext("book chart", "the lookahead player"),
        "Chain: deals won between the worst and the best possible player":
            pgettext("book chart", "Chain: deals won between the worst and the best possible "
                     "player"),
        "Quarrel: deals won by each player and by the best possible player":
            pgettext("book chart", "Quarrel: deals won by each player and by the best possible "
                     "player"),
        # The charts' alt text (book/_ext/chart_alt.py).
        "Bar chart: the share of Klondike deals the built-in heuristic wins under the Polish and "
        "the standard rules, with 95% Wilson intervals (the figures are printed above the chart)":
            pgettext("book chart", "Bar chart: the share of Klondike deals the built-in heuristic "
                     "wins under the Polish and the standard rules, with 95% Wilson intervals (the "
                     "figures are printed above the chart)"),
        "Bar chart: the share of Quarrel deals won by each player, one bar per player with its 95% "
        "Wilson interval (the figures are printed above the chart)":
            pgettext("book chart", "Bar chart: the share of Quarrel deals won by each player, one "
                     "bar per player with its 95% Wilson interval (the figures are printed above "
                     "the chart)"),
        "Bar chart: the share of Chain deals the built-in strategy wins under each reading of the "
        "auxiliary row, with 95% Wilson intervals (the figures are printed above the chart)":
            pgettext("book chart", "Bar chart: the share of Chain deals the built-in strategy wins "
                     "under each reading of the auxiliary row, with 95% Wilson intervals (the "
                     "figures are printed above the chart)"),
    }
    return words.get(text, text)


def cell_words(text: str) -> str:
    """A label that the chapters' shown code cells print before a result (as
    the cell spells it in English), in the edition's language: a reader reads
    the output in the edition's words, its moves and cards in the package's
    notation.

    >>> from solitaire_widgets.i18n import use_language
    >>> cell_words("legal moves:")
    'legal moves:'
    >>> with use_language("ru"):
    ...     cell_words("legal moves:"), cell_words("won")
    ('допустимые ходы:', 'пасьянс получился')
    >>> cell_words("no such label")
    Traceback (most recent call last):
    ...
    KeyError: 'no such label'
    """
    words = {
        "dealt:": pgettext("book cell", "dealt:"),
        "set aside in h:": pgettext("book cell", "set aside in h:"),
        "auxiliary row:": pgettext("book cell", "auxiliary row:"),
        "legal moves:": pgettext("book cell", "legal moves:"),
        "moves played:": pgettext("book cell", "moves played:"),
        "won": pgettext("book cell", "won"),
        "lost": pgettext("book cell", "lost"),
        "base rank:": pgettext("book cell", "base rank:"),
        "rounds:": pgettext("book cell", "rounds:"),
        "ended in pass:": pgettext("book cell", "ended in pass:"),
        "moves:": pgettext("book cell", "moves:"),
        # The embedding guide's.
        "a move typed:": pgettext("book cell", "a move typed:"),
        'button "{label}"': pgettext("book cell", 'button "{label}"'),
        "characters of self-contained HTML:":
            pgettext("book cell", "characters of self-contained HTML:"),
        "characters of the deal's picture and its Play here button:":
            pgettext("book cell", "characters of the deal's picture and its Play here button:"),
    }
    return words[text]


def solved_counts(won: int, lost: int, unresolved: int, deals: int) -> str:
    """How the solver's answers on ``deals`` deals fell, in the edition's language.

    >>> from solitaire_widgets.i18n import use_language
    >>> solved_counts(10, 12, 2, 24)
    'won: 10, lost: 12, unresolved: 2 (of 24 deals)'
    >>> with use_language("pl"):
    ...     solved_counts(10, 12, 2, 24)
    'wygrane: 10, przegrane: 12, nierozstrzygnięte: 2 (z 24 rozdań)'
    """
    return npgettext("book cell", "won: {won}, lost: {lost}, unresolved: {unresolved} (of {deals} deal)",
                     "won: {won}, lost: {lost}, unresolved: {unresolved} (of {deals} deals)",
                     deals).format(won=format_number(won), lost=format_number(lost),
                                   unresolved=format_number(unresolved), deals=format_number(deals))
