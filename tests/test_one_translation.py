"""One sentence, one translation: the book, the examples' captions and the pages of
readings all print the translation kept in ``solitaire_widgets.sources``, always beside
the original."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from solitaire_widgets.examples import example_names, get_example
from solitaire_widgets.games import GAMES
from solitaire_widgets.sources import FOUR_OR_FIVE, SENTENCES, translate

TEXTS = Path(__file__).resolve().parent.parent / "book" / "texts"
LANGUAGE = {"chain": "ru", "klondike": "pl", "quarrel": "ru"}


def plain(markdown: str) -> str:
    """Printed words only: no footnote marks, no line breaks, the glued translation in."""
    text = markdown.replace("{glue:md}`quarrel-four-or-five`", FOUR_OR_FIVE)
    text = re.sub(r"\[\^[\w-]+\]", "", text).replace("\\\n", " ")
    return " ".join(text.split())


@pytest.mark.parametrize("game", list(GAMES))
def test_the_book_prints_each_sentence_with_its_one_translation(game: str) -> None:
    page = (TEXTS / f"{game}_text.md").read_text(encoding="utf-8")
    originals = re.findall(r':class: source-original\n\n<div lang="\w+">\n\n(.*?)\n\n</div>',
                           page, flags=re.S)
    translations = re.findall(r":class: source-translation\n(.*?)\n:::", page, flags=re.S)
    paragraphs = SENTENCES[game]
    assert len(originals) == len(translations) == len(paragraphs)
    for original, english, sentences in zip(originals, translations, paragraphs, strict=True):
        assert plain(original) == " ".join(o for o, _ in sentences)
        assert plain(english) == " ".join(e for _, e in sentences)


def quotes(text: str) -> list[tuple[str, str]]:
    """Each «quoted original» in ``text`` (outer guillemets) and the words after it."""
    found = []
    depth, start = 0, 0
    for i, char in enumerate(text):
        if char == "«":
            depth += 1
            if depth == 1:
                start = i + 1
        elif char == "»" and depth:
            depth -= 1
            if depth == 0:
                found.append((text[start:i], text[i + 1:]))
    return found


@pytest.mark.parametrize("game", list(GAMES))
def test_every_caption_quotes_the_original_with_its_one_translation(game: str) -> None:
    checked = 0
    for example in (get_example(name) for name in example_names(game)):
        if example.source:
            assert example.translation == translate(game, example.source), example.name
            checked += 1
        words = [text for _, text in example.steps] + list(example.deal_frames)
        for text in words:
            for original, after in quotes(text):
                if not re.search(r"[\u0400-\u04FF]", original) and game != "klondike":
                    continue
                english = translate(game, original)
                assert after.startswith(f" ({english})"), (example.name, original)
                checked += 1
    assert checked


@pytest.mark.parametrize("game", list(GAMES))
def test_the_pages_of_readings_translate_each_sentence_the_same_way(game: str) -> None:
    page = (TEXTS / f"{game}_unclear.md").read_text(encoding="utf-8")
    pairs = re.findall(r'<div lang="\w+">\n\n> (.*?)\n\n</div>\n\n((?:> .*\n)+)', page)
    assert pairs
    for original, english in pairs:
        english = " ".join(line[2:] for line in english.splitlines())
        assert plain(english) == translate(game, plain(original)), original
