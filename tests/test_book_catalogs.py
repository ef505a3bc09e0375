"""The Russian and Polish editions' page catalogs (``book/locales/<lang>/LC_MESSAGES``).

No build: the ``.po`` files are read with Babel. ``make book-catalogs`` extracts
the pages' messages and merges them in; a translator fills them. The editions
extension (``book/_ext/editions.py``) shows a page in another language only when
its catalog is complete, so these tests say which pages are done and that what is
done keeps the book's rules:

- a page is complete: no entry from the page's own source is empty or fuzzy (the
  API page's docstrings stay in English, so autodoc's entries do not count);
- a translated message keeps the original's footnote labels, each once;
- no source sentence is a message: the originals are never translated;
- one translation: the translation column of a text page, footnote marks aside,
  is the ``texts`` catalog's translation of the original's sentences (and, where
  the page's language is the text's own, the original itself).
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from solitaire_widgets.i18n import TRANSLATED
from solitaire_widgets.source_texts import _ONE_SENTENCE as ONE_SENTENCE  # how translate() splits
from solitaire_widgets.source_texts import SENTENCES, source_language, translate

REPO = Path(__file__).resolve().parent.parent
LOCALES = REPO / "book" / "locales"
TEXTS = REPO / "solitaire_widgets" / "locales"

#: The translated editions.
EDITIONS = TRANSLATED

#: The book's pages, one catalog each (the text pages are in their chapter's).
PAGES = ("intro", "quarrel", "klondike", "chain", "embedding", "api", "solver",
         "measurements", "glossary")

FOOTNOTE = re.compile(r"\[\^([\w-]+)\]")


@cache
def catalog(language: str, page: str) -> Catalog:
    with open(LOCALES / language / "LC_MESSAGES" / f"{page}.po", "rb") as po:
        return read_po(po)


@cache
def texts(language: str) -> dict[str, str]:
    """The ``texts`` catalog of the package: original sentence (its words one space apart)
    to its translation."""
    with open(TEXTS / language / "LC_MESSAGES" / "texts.po", "rb") as po:
        read = read_po(po)
    return {" ".join(str(message.id).split()): str(message.string) for message in read
            if message.id and str(message.context or "").startswith("source:")}


def page_messages(language: str, page: str) -> list[Message]:
    """The messages of a page's own source (not autodoc's docstrings)."""
    return [message for message in catalog(language, page)
            if message.id and any(str(where).endswith(".md") for where, _ in message.locations)]


def plain(text: str) -> str:
    """A paragraph as read: no footnote marks, no line-break marks, one space between words."""
    return " ".join(re.sub(r"\\\s", " ", FOOTNOTE.sub("", text)).split())


@pytest.mark.parametrize("language", EDITIONS)
@pytest.mark.parametrize("page", PAGES)
def test_every_page_is_complete(language: str, page: str) -> None:
    messages = page_messages(language, page)
    assert messages, f"{language}/{page}.po holds none of the page's messages"
    unfinished = [str(message.id)[:70] for message in messages
                  if message.fuzzy or not message.string]
    assert unfinished == []


@pytest.mark.parametrize("language", EDITIONS)
def test_translations_keep_the_footnote_labels(language: str) -> None:
    differ = []
    for page in PAGES:
        for message in page_messages(language, page):
            if not message.string:
                continue
            if sorted(FOOTNOTE.findall(str(message.id))) != sorted(
                    FOOTNOTE.findall(str(message.string))):
                differ.append(f"{page}: {str(message.id)[:60]}")
    assert differ == []


def test_no_source_sentence_is_a_message() -> None:
    """A message made of the originals' sentences only would be an original extracted for
    translation; a note that quotes a sentence among its own words is not."""
    originals = sorted({" ".join(original.split()) for game in SENTENCES
                        for paragraph in SENTENCES[game] for original, _ in paragraph},
                       key=len, reverse=True)
    found = []
    for language in EDITIONS:
        for page in PAGES:
            for message in catalog(language, page):
                text = plain(str(message.id))
                rest = text
                for original in originals:
                    rest = rest.replace(original, "")
                if rest != text and not re.search(r"\w\w", rest):
                    found.append(f"{language}/{page}: {text[:50]}")
    assert found == []


def _column(language: str, game: str, paragraph: tuple[tuple[str, str], ...]) -> str:
    if source_language(game) == language:
        return " ".join(original for original, _ in paragraph)
    return " ".join(texts(language)[" ".join(original.split())] for original, _ in paragraph)


@pytest.mark.parametrize("language", EDITIONS)
@pytest.mark.parametrize("game", sorted(SENTENCES))
def test_the_translation_column_is_the_texts_catalogs_translation(language: str,
                                                                   game: str) -> None:
    messages = {plain(str(message.id)): str(message.string)
                for message in page_messages(language, game)}
    for number, paragraph in enumerate(SENTENCES[game], start=1):
        english = plain(" ".join(english for _, english in paragraph))
        assert english in messages, f"{game} paragraph {number} is not in {language}/{game}.po"
        assert plain(messages[english]) == plain(_column(language, game, paragraph)), (
            f"{language}: {game} paragraph {number}")


@pytest.mark.parametrize("language", EDITIONS)
def test_translations_write_quoted_translations_out(language: str) -> None:
    """The ``{translation}`` role prints the English translation, so a translated message
    writes the words in its own language instead (from the ``texts`` catalog)."""
    found = [f"{page}: {str(message.string)[:60]}" for page in PAGES
             for message in page_messages(language, page)
             if "{translation}" in str(message.string)]
    assert found == []


#: A ``source-quote`` directive of a page of readings: the game, then the quoted original.
QUOTE = re.compile(r"^```\{source-quote\} (\w+)\n((?:.*\n)*?)```", re.M)


@pytest.mark.parametrize("language", EDITIONS)
def test_a_quoted_sentence_is_rendered_as_the_texts_catalog_says(language: str) -> None:
    """A quote of whole sentences on a page of readings, in another edition than its own
    language, is rendered with the ``texts`` catalog's translation of those sentences."""
    checked = 0
    for game in SENTENCES:
        if source_language(game) == language:
            continue
        own = texts(language)
        for page in SENTENCES:
            messages = {plain(str(message.id)): str(message.string)
                        for message in page_messages(language, page)}
            source = (REPO / "book" / "texts" / f"{page}_unclear.md").read_text(encoding="utf-8")
            for found in QUOTE.finditer(source):
                if found[1] != game:
                    continue
                original = " ".join(found[2].split())
                chunks = [" ".join(chunk.split()) for chunk in ONE_SENTENCE.split(original)]
                if not all(chunk in own for chunk in chunks):
                    continue  # words out of a sentence: translated with the page
                rendering = messages.get(plain(translate(game, original)))
                assert rendering is not None, f"{page}: {original[:50]}"
                assert plain(rendering) == plain(" ".join(own[chunk] for chunk in chunks))
                checked += 1
    assert checked >= 5
