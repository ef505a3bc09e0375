"""The keys' words say what the keys do: in the help the tables read to screen
readers (:func:`~solitaire_widgets.web.keys_help`), in each language, and in
the chapters' keyboard sentences. Up and Down take more or fewer cards and,
past the last card, move to the row above or below; Escape puts picked-up
cards back and keeps the cursor (as :mod:`solitaire_widgets.pointer`
does)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from solitaire_widgets.i18n import TRANSLATED, use_language
from solitaire_widgets.web import keys_help

BOOK = Path(__file__).resolve().parent.parent / "book"
#: The words for "the row above or below" and "keeps the cursor", in each language.
SAYS = {"en": ("row above or below", "keeps the cursor"),
        "ru": ("ряд выше или ниже", "не сдвигая курсор"),
        "pl": ("rzędu wyżej lub niżej", "zostawia kursor na miejscu")}


@pytest.mark.parametrize("language", sorted(SAYS))
@pytest.mark.parametrize("game", ["klondike", "chain", "quarrel"])
def test_the_keys_help_says_how_up_down_and_escape_work(language: str, game: str) -> None:
    with use_language(language):
        said = keys_help(game)
    rows, cursor = SAYS[language]
    assert rows in said and cursor in said, said


@pytest.mark.parametrize("chapter", ["klondike", "chain", "quarrel", "embedding"])
def test_the_chapters_keyboard_sentences_say_it_in_every_edition(chapter: str) -> None:
    text = re.sub(r"\s+", " ", (BOOK / f"{chapter}.md").read_text(encoding="utf-8"))
    assert "past the last card" in text and "picked-up cards back and keeps the cursor" in text
    for language in TRANSLATED:
        path = BOOK / "locales" / language / "LC_MESSAGES" / f"{chapter}.po"
        with path.open("rb") as po:
            catalog = read_po(po)
        (message,) = [m for m in catalog if m.id and "past the last card" in str(m.id)]
        assert not message.fuzzy
        rows, cursor = SAYS[language]
        translation = str(message.string)
        assert rows.split()[-1] in translation and cursor.split()[-1] in translation, translation
