"""One sentence, one translation: ``solitaire_widgets.source_texts`` keeps each source sentence's
English translation, and everything else prints it from there, always beside the original.

The book's pages name sentences, never translate them: their source-text columns,
their quotes of the original and their running text take the words from
``source_texts`` at build time (``book/_ext/source_texts.py``), so no page may carry a
translation of a source sentence as text of its own. The examples' captions
quote through :func:`solitaire_widgets.source_texts.quote`.
"""

from __future__ import annotations

import html
import importlib.util
import re
from pathlib import Path
from types import ModuleType

import pytest

from solitaire_widgets.examples import example_names, get_example
from solitaire_widgets.games import GAMES
from solitaire_widgets.source_texts import PHRASES, SENTENCES, sentences, source_language, translate

BOOK = Path(__file__).resolve().parent.parent / "book"
TEXTS = BOOK / "texts"


def _source_texts() -> ModuleType:
    """``book/_ext/source_texts.py``, loaded as Sphinx loads it (the folder is no package)."""
    spec = importlib.util.spec_from_file_location("source_texts",
                                                  BOOK / "_ext" / "source_texts.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


source_texts = _source_texts()


def words(text: str) -> str:
    """Text as a reader reads it: no footnote marks, quote marks or line breaks, one case."""
    text = re.sub(r"\[\^[\w-]+\]", "", text).replace("\\\n", " ")
    text = re.sub(r"^ *> ?", "", text, flags=re.M)
    text = re.sub(r"[\"“”‘’']", "", text)
    return " ".join(text.split()).lower()


def book_sources() -> list[Path]:
    """Every file of the book's sources a page could print words from (not the extension
    that prints the translations, whose examples are checked against ``source_texts``, nor the
    other editions' catalogs, checked by ``test_book_catalogs.py``)."""
    return sorted(path for path in BOOK.rglob("*")
                  if path.is_file() and "_build" not in path.parts
                  and "jupyter_execute" not in path.parts and path.parent.name != "_ext"
                  and "locales" not in path.parts  # the editions' catalogs and term lists
                  and path.suffix in {".md", ".ipynb", ".py", ".yml", ".html", ".js", ".txt"})


def translations() -> list[str]:
    """Every translation of a source sentence, and of a quoted phrase of three words or more."""
    found = [english for game in GAMES for english in sentences(game).values()]
    found += [english for game in GAMES for english in PHRASES[game].values()
              if len(english.split()) >= 3]
    return found


def test_no_book_source_carries_a_translation_of_a_source_sentence() -> None:
    pages = {path: words(path.read_text(encoding="utf-8")) for path in book_sources()}
    assert any(path.name == "quarrel_text.md" for path in pages)
    copied = []
    for english in translations():
        needle = words(english).rstrip(".")
        copied += [f"{path.relative_to(BOOK)}: {english}" for path, text in pages.items()
                   if needle in text]
    assert copied == []


def _translation_of(original: str) -> str | None:
    """The translation of a sentence or phrase of any text (quoted with or without its
    full stop), or None."""
    for game in GAMES:
        for words in (original, original + "."):
            try:
                return translate(game, words)
            except KeyError:
                continue
    return None


def test_no_book_page_quotes_a_source_sentence_without_its_translation() -> None:
    """Each «quoted» sentence or phrase of a source text in the book's running text is
    followed by its one translation (a word glossed by hand is not a sentence)."""
    checked = 0
    for path in book_sources():
        if path.suffix != ".md":
            continue
        page = source_texts.expand(path.read_text(encoding="utf-8"))
        for found in re.finditer(r"«([^«»]*[\u0400-\u04FF][^«»]*)»", page):
            english = _translation_of(found[1])
            if english is None:
                continue
            after = " ".join(page[found.end():found.end() + len(english) + 40].split())
            assert english in after, f"{path.name}: «{found[1]}» without its translation"
            checked += 1
    assert checked >= 3


def test_the_check_for_copies_finds_a_copy(tmp_path: Path) -> None:
    """The words a page would print if a translation were pasted in, footnotes and all."""
    pasted = ("The deck can be used only three times[^q-tri-raza]. If after that the\n"
              "solitaire has not come out, it means you have lost.\n")
    needle = words(translate("quarrel", "Колоду можно использовать только три раза."))
    assert needle.rstrip(".") in words(pasted)
    needle = words(translate("quarrel", "Если после этого пасьянс не получился, значит, "
                                        "вы проиграли."))
    assert needle.rstrip(".") in words(pasted)


def _pairs(game: str) -> list[tuple[int, list[str]]]:
    page = (TEXTS / f"{game}_text.md").read_text(encoding="utf-8")
    return [(int(number), body.splitlines()) for number, body in re.findall(
        rf"^```{{source-pair}} {game} (\d+)\n((?:.*\n)*?)```$", page, flags=re.M)]


@pytest.mark.parametrize("game", list(GAMES))
def test_the_text_page_prints_every_paragraph_once_in_order(game: str) -> None:
    numbers = [number for number, _ in _pairs(game)]
    assert numbers == list(range(1, len(SENTENCES[game]) + 1))


@pytest.mark.parametrize("game", list(GAMES))
def test_the_text_page_prints_each_sentence_with_its_one_translation(game: str) -> None:
    page = source_texts.expand((TEXTS / f"{game}_text.md").read_text(encoding="utf-8"))
    originals = re.findall(r':class: source-original\n\n<div lang="(\w+)">\n\n(.*?)\n\n</div>',
                           page, flags=re.S)
    english = re.findall(r":class: source-translation\n\n(.*?)\n:::", page, flags=re.S)
    assert len(originals) == len(english) == len(SENTENCES[game])
    for (lang, original), translation, paragraph in zip(originals, english, SENTENCES[game],
                                                        strict=True):
        assert lang == source_language(game)
        assert re.sub(r"</?span[^>]*>", "", original) == " ".join(o for o, _ in paragraph)
        for words_of_original, words_of_translation in paragraph:
            assert words(words_of_translation) in words(translation), words_of_original
        assert words(translation) == words(" ".join(e for _, e in paragraph))


def test_a_footnote_mark_goes_after_the_words_named() -> None:
    translation = " ".join(e for _, e in SENTENCES["quarrel"][1])
    marked = source_texts.mark(translation, ["comes out [^q-poluchitsya]", "of sorts. [^a] [^b]"])
    assert "comes out[^q-poluchitsya], it will" in marked
    assert marked.endswith("A quarrel of sorts.[^a][^b]")
    # A line break takes the place of the space after the words.
    assert source_texts.mark("THE LITTLE CHAIN A solitaire", ["CHAIN \\"]) == \
        "THE LITTLE CHAIN\\\nA solitaire"
    # Marks are found in order: a word already passed is not found again.
    with pytest.raises(ValueError, match="not in the translation after the previous mark"):
        source_texts.mark(translation, ["of sorts. [^a]", "comes out [^b]"])
    with pytest.raises(ValueError, match="words, then"):
        source_texts.mark(translation, ["comes out"])


def test_a_paragraph_or_a_quote_that_is_not_in_the_text_is_an_error() -> None:
    with pytest.raises(ValueError, match="paragraphs 1 to 13"):
        source_texts.pair_markdown("quarrel", 14)
    with pytest.raises(ValueError, match="no source text"):
        source_texts.pair_markdown("poker", 1)
    with pytest.raises(KeyError, match="not a sentence of the chain text"):
        source_texts.quote_markdown("chain", "Четвертый раз не разрешается.")
    with pytest.raises(ValueError, match="game:original"):
        source_texts.role_text("Своеобразная ссора")


def test_every_phrase_is_translated_as_in_its_sentence() -> None:
    for game, phrases in PHRASES.items():
        for original, english in phrases.items():
            holders = [e for o, e in sentences(game).items() if original in o]
            assert holders, original
            assert any(english.lower() in e.lower() for e in holders), original


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
        said = [example.title, example.summary, *(text for _, text in example.steps),
                *example.deal_frames]
        for text in said:
            for original, after in quotes(text):
                if not re.search(r"[\u0400-\u04FF]", original) and game != "klondike":
                    continue
                english = translate(game, original)
                assert after.startswith(f" ({english})"), (example.name, original)
                checked += 1
    assert checked


@pytest.mark.parametrize("game", list(GAMES))
def test_the_page_of_readings_quotes_originals_with_their_one_translation(game: str) -> None:
    page = (TEXTS / f"{game}_unclear.md").read_text(encoding="utf-8")
    quoted = re.findall(rf"^```{{source-quote}} {game}\n((?:.*\n)*?)```$", page, flags=re.M)
    assert quoted
    expanded = source_texts.expand(page)
    for original in quoted:
        original = " ".join(original.split())
        assert (f'<div lang="{source_language(game)}">\n\n> {original}\n\n</div>\n\n'
                f"> {translate(game, original)}\n") in expanded
    # Every original the page quotes in its language goes through the directive.
    assert expanded.count("<div lang=") == len(quoted)


CHAPTER_PAIR = re.compile(r'<div class="[^"]*source-original[^"]*">(.*?)</div>\s*</div>\s*'
                          r'<div class="[^"]*source-translation[^"]*">(.*?)</div>', re.S)


def _read(fragment: str) -> str:
    fragment = re.sub(r'<a class="footnote-reference.*?</a>', "", fragment, flags=re.S)
    return words(html.unescape(re.sub(r"<[^>]+>", "", fragment)))


@pytest.mark.book
@pytest.mark.parametrize("game", list(GAMES))
def test_the_built_chapter_prints_every_sentence_beside_its_translation(
        built_book: Path, game: str) -> None:
    chapter = (built_book / f"{game}.html").read_text(encoding="utf-8")
    # The text's paragraphs (the examples' words on the page are pairs of their own).
    pairs = [CHAPTER_PAIR.search(part).groups()  # type: ignore[union-attr]
             for part in chapter.split(' source-pair docutils"')[1:]]
    assert len(pairs) == len(SENTENCES[game])
    for (original, english), paragraph in zip(pairs, SENTENCES[game], strict=True):
        assert f'lang="{source_language(game)}"' in original
        assert _read(original) == words(" ".join(o for o, _ in paragraph))
        assert _read(english) == words(" ".join(e for _, e in paragraph))


def test_the_extensions_examples_hold() -> None:
    import doctest

    failed, tried = doctest.testmod(source_texts, optionflags=doctest.ELLIPSIS)
    assert tried >= 4 and failed == 0


def _build(tmp_path: Path, page: str) -> tuple[str, str]:
    """A one-page Sphinx project with the extension: the page's HTML and the warnings."""
    import io

    pytest.importorskip("myst_parser")
    from sphinx.application import Sphinx

    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text(
        f"import sys\nsys.path.insert(0, {str(BOOK / '_ext')!r})\n"
        "extensions = ['myst_parser', 'sphinx_design', 'source_texts']\n"
        "myst_enable_extensions = ['colon_fence']\n", encoding="utf-8")
    (src / "index.md").write_text(page, encoding="utf-8")
    warnings = io.StringIO()
    app = Sphinx(str(src), str(src), str(tmp_path / "html"), str(tmp_path / "doctrees"),
                 "html", status=None, warning=warnings, freshenv=True)
    app.build()
    return (tmp_path / "html" / "index.html").read_text(encoding="utf-8"), warnings.getvalue()


PAGE = """# A page

```{source-pair} quarrel 2
comes out [^a]
```

```{source-quote} chain
Третий раз не разрешается.
```

Named "{translation}`quarrel:Своеобразная ссора`".

[^a]: A note.
"""


def test_a_page_with_the_directives_builds_the_pairs_with_their_footnotes(tmp_path: Path) -> None:
    page, warnings = _build(tmp_path, PAGE)
    assert warnings == ""
    assert re.search(r'class="[^"]*source-pair[^"]*".*class="[^"]*source-original[^"]*">\s*'
                     r'<div lang="ru">\s*<p><span class="source-sentence" id="quarrel-s2-1">'
                     r'Если пасьянс получится.*class="[^"]*source-translation',
                     page, flags=re.S)
    assert re.search(r'If the solitaire comes out<a class="footnote-reference', page)
    assert '<div lang="ru">\n<blockquote>\n<div><p>Третий раз не разрешается.' in page
    assert "<p>A third time is not allowed.</p>" in page
    assert "Named “a quarrel of sorts”." in page


def test_a_mark_after_words_the_translation_lacks_fails_the_build(tmp_path: Path) -> None:
    _, warnings = _build(tmp_path, PAGE.replace("comes out [^a]", "goes out [^a]"))
    assert "'goes out' is not in the translation" in warnings


def _quoted_by_tests(game: str) -> str:
    """The docstrings of the tests of ``tests/test_<game>_rules.py``, words only."""
    import ast

    tree = ast.parse((Path(__file__).parent / f"test_{game}_rules.py").read_text(encoding="utf-8"))
    docs = [ast.get_docstring(node) or "" for node in ast.walk(tree)
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")]
    return " | ".join(" ".join(doc.replace("…", " ").split()) for doc in docs)


@pytest.mark.parametrize("game", list(GAMES))
def test_every_sentence_is_quoted_by_a_test_of_its_rules(game: str) -> None:
    """The tests of a game's rules are named after the sentences they check and quote them
    in the original: no sentence of the text goes unchecked."""
    quoted = _quoted_by_tests(game)
    missing = [original for original in sentences(game)
               if " ".join(original.replace("…", " ").split()).rstrip(".") not in quoted]
    assert missing == []
