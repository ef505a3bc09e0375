"""Each edition's words are the ones its TERMS.md chose, in every catalog.

``book/locales/<lang>/TERMS.md`` ends with a table, "Words the tests hold the
catalogs to": a regular expression no translation may match, the words to use
instead, and which catalogs it holds (``package``: the package's ``engine``,
``tables`` and ``texts`` catalogs; ``book``: every page's catalog;
``book:<page>``: one page's). The translations of the source texts' own
sentences (the ``source:`` contexts) are not read: they keep the texts' words.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from solitaire_widgets.i18n import TRANSLATED

REPO = Path(__file__).resolve().parent.parent
EDITIONS = TRANSLATED
HEADING = "## Words the tests hold the catalogs to"


def _cells(row: str) -> list[str]:
    """A Markdown table row's cells (``\\|`` is a bar inside a cell)."""
    cells = re.split(r"(?<!\\)\|", row.strip().strip("|"))
    return [cell.strip().replace("\\|", "|") for cell in cells]


@cache
def rules(language: str) -> list[tuple[str, str, tuple[str, ...], str]]:
    """The table's rows: (never, use, catalogs, why)."""
    text = (REPO / "book" / "locales" / language / "TERMS.md").read_text(encoding="utf-8")
    assert HEADING in text, f"{language}/TERMS.md has no table of checked words"
    rows = [line for line in text.split(HEADING, 1)[1].splitlines() if line.startswith("|")]
    found = []
    for row in rows[2:]:  # the header and its rule
        never, use, where, why = _cells(row)
        found.append((never.strip("`"), use.strip("`"),
                      tuple(part.strip() for part in where.split(",")), why))
    assert found, f"{language}/TERMS.md lists no checked words"
    return found


def _files(language: str, where: str) -> list[Path]:
    if where == "package":
        return sorted((REPO / "solitaire_widgets" / "locales" / language / "LC_MESSAGES")
                      .glob("*.po"))
    if where == "book":
        return sorted((REPO / "book" / "locales" / language / "LC_MESSAGES").glob("*.po"))
    kind, _colon, page = where.partition(":")
    assert kind == "book" and page, f"unknown catalogs {where!r} in {language}/TERMS.md"
    return [REPO / "book" / "locales" / language / "LC_MESSAGES" / f"{page}.po"]


@cache
def translations(path: Path) -> tuple[str, ...]:
    """Every translation in a catalog, the texts' own sentences left out."""
    with path.open("rb") as po:
        catalog = read_po(po)
    said: list[str] = []
    for message in catalog:
        if not message.id or str(message.context or "").startswith("source:"):
            continue
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        said += [str(form) for form in forms if form]
    return tuple(said)


def _checks() -> list[tuple[str, str, str, str, str]]:
    return [(language, never, use, where, why) for language in EDITIONS
            for never, use, places, why in rules(language) for where in places]


@pytest.mark.parametrize(("language", "never", "use", "where", "why"), _checks())
def test_the_catalogs_use_the_editions_words(language: str, never: str, use: str, where: str,
                                             why: str) -> None:
    pattern = re.compile(never)
    wrong = [f"{path.relative_to(REPO)}: …{said[max(0, m.start() - 30):m.end() + 30]}…"
             for path in _files(language, where) for said in translations(path)
             for m in [pattern.search(said)] if m]
    assert not wrong, f"{language}: {why}; write {use!r}, not:\n" + "\n".join(wrong)
    assert any(use in said for path in _files(language, where) for said in translations(path)), (
        f"{language}: {use!r} ({why}) is used nowhere in {where}")


def test_the_checked_words_are_found_where_they_are_wrong() -> None:
    """Each rule catches the mistake it names (the rules are read as written)."""
    samples = {"ru": ["серии строятся вверх", "левая половина: вниз", "Покажи следующий ход",
                      "в руке (колода и стопка)", "отправляет карту в {foundation}",
                      "в втором проходе", "четвёрка пик", "«покажи следующий ход»",
                      "строится по возрастанию", "сдайте следующую карту", "Счёт прекращается"],
               "pl": ["bęben", "kolumna 3", "połóżcie kartę", "Zapytaj solver, który",
                      "w wpisywanych ruchach", "odkłada kartę na {foundation}",
                      "czeka na wasz wybór", "pyta solver, który", "Odliczanie się kończy",
                      "Druga runda", "Drugie przejście", "nazwa pasjansu", "Ten ruch już zagrałeś",
                      "Spróbuj sam od tego miejsca"]}
    for language, wrong in samples.items():
        patterns = [re.compile(never) for never, _use, _where, _why in rules(language)]
        for text in wrong:
            assert any(p.search(text) for p in patterns), (language, text)


def test_no_english_message_says_a_double_negative() -> None:
    templates = sorted((REPO / "solitaire_widgets" / "locales").glob("*.pot"))
    double = re.compile(r"\bnothing (?:cannot|can't|isn't|is not|does not|doesn't)\b")
    found = [str(message.id) for path in templates for message in read_po(path.open("rb"))
             if message.id and double.search(str(message.id))]
    assert not found, found
