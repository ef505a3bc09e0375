"""The words the chapters compute (glued words, the stored studies' sentences)
come from the catalogs, in the edition's language."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from solitaire_widgets import book_words
from solitaire_widgets.i18n import TRANSLATED, use_language
from solitaire_widgets.stats import wilson_interval

ROOT = Path(__file__).resolve().parents[1]
STUDIES = ROOT / "benchmarks" / "data"
LATIN_WORD = re.compile(r"\b(?:deals?|won|lost|unresolved|interval|positions|search|rules|lies|"
                        r"first|second|third|more|lower|comes out|is lost|both|drawing|planned)\b")


CHART_WORDS = ["deals won (%), with the 95% Wilson interval", "Klondike: the built-in heuristic",
               "Chain: the built-in strategy", "Polish rules (two passes, waste of three)",
               "the text's advice", "random player, dealing only when stuck",
               "auxiliary row only at the start"]


def _summaries() -> dict[str, dict]:
    return {variant: json.loads((STUDIES / f"klondike_study_{variant}.json").read_text())["summary"]
            for variant in ("standard", "draw-three", "polish")}


def _everything(language: str) -> list[str]:
    with use_language(language):
        words = [book_words.deal_result(True), book_words.deal_result(False),
                 book_words.klondike_pass(1), book_words.klondike_pass(2),
                 *(book_words.quarrel_round(n) for n in (1, 2, 3)),
                 book_words.more_often(True), book_words.more_often(False),
                 book_words.lower(True), book_words.lower(False), *book_words.study_headings()]
        words += [book_words.chart_words(text) for text in CHART_WORDS]
        for variant, summary in _summaries().items():
            words.append(book_words.study_sentence(book_words.study_name(variant), summary))
            words.append(book_words.study_budget(summary))
            if "published" in summary:
                lowest = wilson_interval(summary["wins"], summary["deals"])[0]
                highest = wilson_interval(summary["wins"] + summary["unresolved"], summary["deals"])[1]
                words.append(book_words.study_check(summary, lowest, highest))
        for rule_set in ("standard-wb", "draw-three-wb"):
            summary = json.loads((STUDIES / f"klondike_study_{rule_set}.json").read_text())["summary"]
            name = book_words.worrying_back_name(rule_set)
            words += [book_words.worrying_back_sentence(name, summary), book_words.no_study(name)]
        pairs = Counter({("won", "won"): 7, ("lost", "lost"): 2, ("won", "lost"): 1,
                         ("won", "unresolved"): 1})
        words += book_words.same_deal_lines([0, 9], 10, pairs, pairs)
        words.append(book_words.worrying_back_sentence(
            "x", {"deals": 20, "wins": 9, "losses": 9, "unresolved": 2}))
    return words


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_chapters_computed_words_are_in_the_editions_language(language: str) -> None:
    english = _everything("en")
    translated = _everything(language)
    for en, other in zip(english, translated, strict=True):
        assert other != en
        assert not LATIN_WORD.search(other), other


def test_the_glossary_forms_the_sentences_expect() -> None:
    """The forms TERMS.md of each edition asks for (the book's sentences are written for them)."""
    with use_language("ru"):
        assert (book_words.deal_result(True), book_words.klondike_pass(2),
                book_words.quarrel_round(3), book_words.more_often(False),
                book_words.lower(True)) == ("выигран", "втором", "третьем", "не чаще", "ниже")
    with use_language("pl"):
        assert (book_words.deal_result(False), book_words.klondike_pass(1),
                book_words.quarrel_round(2), book_words.more_often(True),
                book_words.lower(False)) == ("jest przegrane", "pierwszym", "drugiej", "częściej",
                                             "nie niższy")


def test_numbers_in_the_study_sentences_are_written_the_editions_way() -> None:
    summary = _summaries()["polish"]
    with use_language("pl"):
        sentence = book_words.study_sentence(book_words.study_name("polish"), summary)
    assert "z 10\xa0000 rozdań" in sentence and "77,6%" in sentence


@pytest.mark.parametrize("chapter", ["klondike", "quarrel", "chain"])
def test_the_chapters_glue_no_english_words(chapter: str) -> None:
    """The English words the chapters once glued into their translated sentences."""
    text = (ROOT / "book" / f"{chapter}.md").read_text()
    assert 'ax.set_title(chart_words(title))' in text
    english = ['"comes out"', '"is lost"', '"first"', '"second"', '"third"', '"more"',
               '"no more"', '"lower"', '"not lower"', "deals_word(", "lies {", "How this was computed"]
    assert [word for word in english if word in text] == []
