"""The book's "Where the text is unclear" pages document every reading the engine offers.

Each game's page (``book/texts/<game>_unclear.md``) is the project's record of
its readings: every option the engine declares, with each of its values, is
named there as it is typed (``aux_row="at-start"``), every option named there
exists, and every value has its reading in words in the engine
(``Rules.option_readings``), the words the widgets and the command line show.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from solitaire_widgets.games import GAMES, rules_class

TEXTS = Path(__file__).resolve().parent.parent / "book" / "texts"
#: ``new_game("chain", aux_row="at-start")`` or a bare ``aux_row="at-start"`` in code.
_OPTION = re.compile(r'`(?:new_game\("(?P<game>\w+)"(?P<args>[^`]*)\)|(?P<bare>\w+="[\w-]+"))`')


def documented(game: str) -> set[tuple[str, str]]:
    """The ``(option, value)`` pairs a game's unclear-text page names in code."""
    text = (TEXTS / f"{game}_unclear.md").read_text(encoding="utf-8")
    pairs = set()
    for match in _OPTION.finditer(text):
        if match["game"] not in (None, game):
            continue
        code = match["args"] if match["game"] else match["bare"]
        pairs.update(re.findall(r'(\w+)="([\w-]+)"', code))
    return pairs


@pytest.mark.parametrize("game", list(GAMES))
def test_every_option_the_engine_declares_is_a_reading_on_its_page(game: str) -> None:
    rules = rules_class(game)
    declared = {(name, value) for name, values in rules.options_allowed.items()
                for value in values}
    pairs = documented(game)
    assert declared <= pairs, f"not on the {game} page: {sorted(declared - pairs)}"
    assert pairs <= declared, f"named on the {game} page but not offered: {sorted(pairs - declared)}"
    for name, values in rules.options_allowed.items():
        assert set(rules.option_readings[name]) == set(values), (game, name)
        assert all(rules.option_readings[name][value].strip() for value in values)


@pytest.mark.parametrize("game", list(GAMES))
def test_every_reading_on_the_page_quotes_the_original_and_says_what_the_engine_does(
        game: str) -> None:
    text = (TEXTS / f"{game}_unclear.md").read_text(encoding="utf-8")
    sections = re.split(r"^### ", text, flags=re.M)[1:]
    readings = [s for s in sections if "**Our reading.**" in s]
    assert len(readings) >= 4
    for section in readings:
        title = section.splitlines()[0]
        # The original in its language, with its one translation (book/_ext/source_texts.py).
        assert f"```{{source-quote}} {game}\n" in section, title
        assert "**In the engine.**" in section, title
