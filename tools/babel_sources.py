"""A Babel extractor for the ``texts`` catalog's source sentences.

``make catalogs`` reads ``solitaire_widgets/source_texts.py`` with it: the module's
marked words as Babel's Python extractor finds them, and then every sentence and
quoted phrase of the games' source texts (each in its game's folder,
``games/<game>/source.py``, gathered by ``source_texts``), each as a message in context
``source:<game>`` whose id is the original and whose translator's comment is the
English translation. A text needs no translation into its own language: the
catalog check (``tests/test_i18n.py``) does not ask for one.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any

from babel.messages.extract import extract_python

from solitaire_widgets.source_texts import PHRASES, SENTENCES, sentences


def extract(fileobj: IO[bytes], keywords: Mapping[str, Any], comment_tags: Collection[str],
            options: dict[str, Any]) -> Iterator[tuple[int, str, Any, list[str]]]:
    """Babel's extraction method: the marked words, then the texts' sentences and phrases."""
    yield from extract_python(fileobj, keywords, comment_tags, options)
    for game in SENTENCES:
        for original, english in [*sentences(game).items(), *PHRASES[game].items()]:
            yield 0, "pgettext", (f"source:{game}", original), [english]
