"""The book prints each source text in full, word for word.

``book/sources/`` keeps the three texts as they were given (the project's
ground truth); the book's fragments ``book/texts/<game>_text.md``, as their
``source-pair`` directives write them out (``book/_ext/source_texts.py``), must
hold exactly their paragraphs, in order, in the original language.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

from solitaire_widgets.source_texts import source_language

BOOK = Path(__file__).resolve().parent.parent / "book"
_SPEC = importlib.util.spec_from_file_location("source_texts", BOOK / "_ext" / "source_texts.py")
assert _SPEC is not None and _SPEC.loader is not None
source_texts = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(source_texts)
#: Each text's given copy among the shared seeds.
SOURCES = {
    "quarrel": "000_a9118407d0cdb173.txt",
    "klondike": "001_0a7a391f1471931d.txt",
    "chain": "002_b10c5cf343b4a291.txt",
}


def _kept(game: str) -> tuple[Path, str]:
    """The book's copy of ``game``'s text, named by the language its folder declares."""
    lang = source_language(game)
    return BOOK / "sources" / f"{game}.{lang}.txt", lang
_ORIGINAL = re.compile(r'<div lang="(\w+)">\s*(.*?)\s*</div>', re.S)


def _words(text: str) -> list[str]:
    # Paragraph breaks, indentation, non-breaking spaces and the sentences' anchors
    # (<span class="source-sentence" id=...>) are layout, not text.
    return re.sub(r"</?span[^>]*>", "", text).replace("\u00a0", " ").split()


@pytest.mark.parametrize("game", sorted(SOURCES))
def test_the_book_prints_the_whole_source_text_word_for_word(game: str) -> None:
    kept, lang = _kept(game)
    source = kept.read_text(encoding="utf-8")
    fragment = source_texts.expand((BOOK / "texts" / f"{game}_text.md").read_text(encoding="utf-8"))
    originals = _ORIGINAL.findall(fragment)
    assert originals and all(found == lang for found, _ in originals)
    printed = [word for _lang, paragraph in originals for word in _words(paragraph)]
    assert printed == _words(source)


@pytest.mark.parametrize("game", sorted(SOURCES))
def test_every_sentence_of_the_text_has_its_anchor(game: str) -> None:
    from solitaire_widgets.citations import text_sentences

    fragment = source_texts.expand((BOOK / "texts" / f"{game}_text.md").read_text(encoding="utf-8"))
    anchors = re.findall(r'<span class="source-sentence" id="([\w-]+)">(.*?)</span>', fragment)
    assert anchors == [(found.anchor, found.original) for found in text_sentences(game)]


@pytest.mark.parametrize("game", sorted(SOURCES))
def test_the_kept_texts_are_the_given_ones(game: str) -> None:
    """Where the project's shared seeds are beside the clone (as in CI), compare."""
    given = Path(__file__).resolve().parent.parent.parent / "shared" / "seeds" / SOURCES[game]
    if not given.exists():
        pytest.skip(f"the shared seeds are not beside this clone ({given})")
    assert _kept(game)[0].read_bytes() == given.read_bytes()
