"""The book's three editions (tools/build_book.py, book/_ext/editions.py).

English is at the site's root, Russian in ``ru/`` and Polish in ``pl/``. A page
whose catalog is complete is shown in its edition's language (any other page
of a translated edition is shown in English, marked ``lang="en"``, with a note
in the edition's language). Where a text's own language is the edition's, its
originals are shown once, without a translation column. Only the root edition
holds the Pyodide runtime.
"""

from __future__ import annotations

import posixpath
import re
from html import unescape
from pathlib import Path

import pytest

from solitaire_widgets.i18n import LANGUAGES, TRANSLATED
from tests.browser_support import BrowserPage

pytestmark = pytest.mark.book


#: The chapters, which run the package in the page.
CHAPTERS = ("quarrel", "klondike", "chain")

#: The pages whose switch is followed in every edition.
SWITCHED = ("intro", "quarrel", "klondike", "chain", "glossary")

#: Slack for a translated chapter's page weight: the switch, the edition's
#: title and the like.
WEIGHT_SLACK = 10 * 1024


def _read(built_book: Path, path: str) -> str:
    return (built_book / path).read_text(encoding="utf-8")


def _html_lang(html: str) -> str:
    found = re.search(r"<html\b[^>]*\blang=\"([^\"]+)\"", html)
    assert found is not None
    return found.group(1)


def _switch_links(html: str) -> dict[str, str]:
    """The language switch's links, by language."""
    nav = re.search(r'<nav class="sw-language-switch".*?</nav>', html, re.S)
    assert nav is not None, "the page has no language switch"
    found = re.findall(r'<a href="([^"]+)" hreflang="([a-z]+)"', nav.group(0))
    return {lang: href for href, lang in found}


def test_each_edition_is_built_apart_with_one_runtime(built_book: Path) -> None:
    for edition in ("", "ru/", "pl/"):
        assert (built_book / f"{edition}quarrel.html").is_file(), edition
    assert not list(built_book.rglob("jupyter_execute")) and not list(built_book.rglob(".doctrees"))
    assert (built_book / "_static" / "sw-web" / "pyodide").is_dir()
    assert len(list(built_book.rglob("pyodide.asm.wasm"))) == 1
    for edition in TRANSLATED:
        assert not (built_book / edition / "_static" / "sw-web").exists()
        assert 'src="../_static/sw-web/tables.js' in _read(built_book, f"{edition}/klondike.html")


def test_pages_say_their_language(built_book: Path) -> None:
    for path, lang, words in (("quarrel.html", "en", "Quarrel"), ("ru/quarrel.html", "ru", "Ссора"),
                              ("pl/klondike.html", "pl", "Klondike"),
                              ("pl/quarrel.html", "pl", "Kłótnia"),
                              ("ru/klondike.html", "ru", "Клондайк")):
        html = _read(built_book, path)
        assert _html_lang(html) == lang, path
        assert words in html and "sw-edition-fallback" not in html, path


def test_the_table_of_contents_speaks_the_editions_language(built_book: Path) -> None:
    for path, captions in (("quarrel.html", ["The games", "Reference"]),
                           ("ru/chain.html", ["Пасьянсы", "Справочник"]),
                           ("pl/glossary.html", ["Pasjanse"])):
        found = re.findall(r'<span class="caption-text">([^<]*)</span>', _read(built_book, path))
        assert all(caption in found for caption in captions), (path, found)


@pytest.mark.parametrize("edition", ["", "ru/", "pl/"])
def test_the_switch_leads_to_the_same_page_in_each_edition(built_book: Path,
                                                           edition: str) -> None:
    for name in SWITCHED:
        path = f"{edition}{name}.html"
        links = _switch_links(_read(built_book, path))
        assert sorted(links) == sorted(LANGUAGES), path
        for lang, href in links.items():
            target = posixpath.normpath(posixpath.join(posixpath.dirname(path), href))
            assert target == ("" if lang == "en" else f"{lang}/") + f"{name}.html", (path, href)
            assert (built_book / target).is_file(), target
            assert _html_lang(_read(built_book, target)) == lang, target


def test_an_original_in_the_editions_language_is_shown_once(built_book: Path) -> None:
    first = "Из колоды берут карты по одной."
    russian = _read(built_book, "ru/quarrel.html")
    assert "source-translation" not in russian and "source-translation" not in _read(
        built_book, "ru/chain.html")
    # The translation column would repeat the original (its Russian catalog entry is
    # the original with the footnote marks): the page prints it as often as English does.
    english = _read(built_book, "quarrel.html")

    def said(page: str) -> str:  # the words, without the spans of languages and sentences
        return re.sub(r"</?span[^>]*>", "", page)

    assert said(russian).count(first) == said(english).count(first)
    assert "Примечания к абзацу:" in russian
    polish = _read(built_book, "pl/quarrel.html")
    assert "source-translation" in polish and "bierze się karty po jednej. W tym czasie" in polish
    assert first in polish
    klondike = _read(built_book, "pl/klondike.html")
    assert "source-translation" not in klondike and "Przypisy do akapitu:" in klondike
    assert "source-translation" in _read(built_book, "ru/klondike.html")


def _quotes_and_renderings(html: str, lang: str) -> tuple[int, int]:
    """How many quotes of an original in ``lang`` a page has, and how many of them are
    followed by a rendering (a block quote right after the original's ``</div>``)."""
    quotes = renderings = 0
    for found in re.finditer(rf'<div lang="{lang}">\s*<blockquote>', html):
        closed = html.find("</div>", html.find("</blockquote>", found.end())) + len("</div>")
        quotes += 1
        renderings += html[closed:closed + 200].lstrip().startswith("<blockquote")
    return quotes, renderings


def test_a_quote_in_the_editions_language_has_no_rendering(built_book: Path) -> None:
    for path, lang, rendered in (("quarrel.html", "ru", True), ("ru/quarrel.html", "ru", False),
                                 ("pl/quarrel.html", "ru", True), ("ru/klondike.html", "pl", True),
                                 ("pl/klondike.html", "pl", False)):
        quotes, renderings = _quotes_and_renderings(_read(built_book, path), lang)
        assert quotes >= 5 and renderings == (quotes if rendered else 0), path


def test_the_tables_carry_the_editions_language(built_book: Path) -> None:
    for edition, lang in (("", "en"), ("ru/", "ru"), ("pl/", "pl")):
        html = _read(built_book, f"{edition}klondike.html")
        tables = re.findall(r'<div\b[^>]*\bclass="sw-(?:table|player)\b[^>]*>', html)
        assert tables, edition
        assert all(f'data-sw-language="{lang}"' in tag for tag in tables), edition


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_the_chapters_numbers_charts_and_printed_results_speak_the_editions_language(
        built_book: Path, chapter: str) -> None:
    """The numbers glued into the prose are written as the edition writes them
    (``book_words.number``), the study cells print how the deals came out in its
    words (``StatsReport.outcome``), and each chart's alt text is in its language
    (``book/_ext/chart_alt.py``)."""
    english = _read(built_book, f"{chapter}.html")
    assert re.search(r"\d\.\d%", english) and "deals won" in english
    assert "\xa0%" not in english
    for lang, won, chart in (("ru", "выиграно", "Столбчатая диаграмма"),
                             ("pl", "wygrane", "Wykres słupkowy")):
        html = _read(built_book, f"{lang}/{chapter}.html")
        article = re.search(r"<article\b.*?</article>", html, re.S)
        assert article is not None
        text = re.sub(r"<[^>]+>", "", article.group(0))
        # A share is written 45,3 % (Russian) or 45,3% (Polish), never 45.3%.
        assert not re.search(r"\d\.\d+\s?%", text), re.search(r".{40}\d\.\d+\s?%", text)
        assert re.search(r"\d,\d(\xa0)?%", text)
        assert "deals won" not in text and won in text
        alts = re.findall(r'<img[^>]+alt="([^"]*)"[^>]*src="[^"]+\.png"', article.group(0))
        alts += re.findall(r'<img[^>]+src="[^"]+\.png"[^>]*alt="([^"]*)"', article.group(0))
        assert alts and all(alt.startswith(chart) for alt in alts), alts


#: The pages whose shown code cells print results.
PRINTING = (*CHAPTERS, "embedding")

#: The English words those cells printed before their labels went through the
#: catalogs (``book_words.cell_words``): "dealt:", "set aside in h:", "legal
#: moves:", "216 moves; won: True", "ended in pass", "12 won, 10 lost, 2
#: unresolved of 24 deals", the rules' readings and buttons, "characters of ...".
_ENGLISH_PRINTED = re.compile(
    r"\b(?:dealt|set aside|auxiliary row|legal|moves?|won|lost|base rank|rounds?|pass"
    r"|unresolved|deals|characters|button|typed like|after|the (?:next|stock|waste|layout"
    r"|player|text|hand|top card|auxiliary))\b", re.I)


def _printed(html: str) -> list[str]:
    """What a page's code cells printed (their stream outputs), as text, without
    the markup a cell prints (``head_html()``: tags that carry the page's words)."""
    return [re.sub(r"<[^>]*>", "", unescape(re.sub(r"<[^>]+>", "", block))) for block in
            re.findall(r'<div class="output stream[^"]*">(.*?)</pre>', html, re.S)]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_what_the_code_cells_print_is_in_the_editions_language(built_book: Path,
                                                               lang: str) -> None:
    """The labels the shown cells print come from the catalogs in the edition's
    language; only the package's notation (moves, cards, option names) stays."""
    english = [text for page in PRINTING for text in _printed(_read(built_book, f"{page}.html"))]
    assert any(_ENGLISH_PRINTED.search(text) for text in english)
    for page in PRINTING:
        html = _read(built_book, f"{lang}/{page}.html")
        assert "sw-edition-fallback" not in html, page
        printed = _printed(html)
        assert printed, page
        for text in printed:
            found = _ENGLISH_PRINTED.search(text)
            assert found is None, (page, found and text[max(0, found.start() - 60):found.end() + 60])


#: The theme's words that once showed in English on a translated page: its tooltips,
#: its landmarks' names, the search box's placeholder, the launch buttons.
_THEME_ENGLISH = re.compile(
    r"\b(?:Toggle|Search this book|Back to top|Color mode|System Settings|Version warning"
    r"|Launch|(?<!\()logo|Main|Contents|Download|Print to|Fullscreen|next|previous|By)\b")


def _theme_words(html: str) -> list[str]:
    """What a reader reads on a page outside its article: the theme's text and the
    words in its attributes (but the print-only table of contents)."""
    html = re.sub(r"<(script|style)\b.*?</\1>|<article\b.*?</article>"
                  r'|<div id="jb-print-docs-body".*?</nav>', "", html, flags=re.S)
    texts = [unescape(text).strip() for text in _TEXT.findall(html)]
    words = [unescape(double or single) for tag in re.findall(r"<[^>]*>", html)
             for double, single in _WORDS.findall(tag)]
    return [text for text in texts + words if text]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_themes_own_words_speak_the_editions_language(built_book: Path, lang: str) -> None:
    """The theme's buttons, landmarks and search box are in the edition's language
    (book/_ext/theme_words.py, book/locales/<lang>/LC_MESSAGES/sphinx.po and
    booktheme.po), and the Russian edition writes е for ё there too."""
    english = _theme_words(_read(built_book, "quarrel.html"))
    assert any(_THEME_ENGLISH.search(word) for word in english)
    for page in ("quarrel", "glossary", "search"):
        words = _theme_words(_read(built_book, f"{lang}/{page}.html"))
        found = [word for word in words if _THEME_ENGLISH.search(word) or "ё" in word]
        assert not found, (page, found)
    assert "\\u0451" not in _read(built_book, f"{lang}/_static/translations.js")


#: What a reader reads: the text between tags (a replay's captions in its data too).
_TEXT = re.compile(r">([^<]*)<")

#: What a reader reads in a tag: its tooltip, its label, a picture's words, and the
#: words the page scripts say (a table's progress, a lesson's verdicts).
_WORDS = re.compile(r"""\s(?:title|alt|aria-label|placeholder|data-words|data-sw-words)="""
                    r"""(?:"([^"]*)"|'([^']*)')""")


def _markup_bytes(html: str) -> int:
    """A page's bytes outside its text: its tags and their attributes, but for the
    attributes that hold words."""
    words = sum(len((double or single).encode()) for tag in re.findall(r"<[^>]*>", html)
                for double, single in _WORDS.findall(tag))
    return (len(html.encode()) - sum(len(text.encode()) for text in _TEXT.findall(html))
            - words)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_translated_chapter_grows_by_no_more_than_its_text(built_book: Path, lang: str) -> None:
    """Its text may take more bytes (a Cyrillic letter takes two); all else stays as heavy."""
    for chapter in CHAPTERS:
        english = _markup_bytes(_read(built_book, f"{chapter}.html"))
        translated = _markup_bytes(_read(built_book, f"{lang}/{chapter}.html"))
        assert translated <= english + WEIGHT_SLACK, (chapter, translated - english)


def test_the_weight_check_tells_markup_from_text(built_book: Path) -> None:
    page = _read(built_book, "ru/chain.html")
    words = page.replace("</body>", "<p>" + "слово " * 5_000 + "</p></body>")
    tags = page.replace("</body>", '<div data-x="' + "x" * 20_000 + '"></div></body>')
    assert _markup_bytes(words) - _markup_bytes(page) == len("<p></p>")
    assert _markup_bytes(tags) - _markup_bytes(page) > 20_000
    titled = page.replace("</body>", '<span title="' + "слово " * 1_000 + '"></span></body>')
    assert _markup_bytes(titled) - _markup_bytes(page) == len('<span title=""></span>')


@pytest.mark.browser
def test_the_switch_goes_between_editions_and_footnotes_work(
    book_site: str, browser_page: BrowserPage
) -> None:
    page = browser_page.page
    page.goto(f"{book_site}/ru/chain.html", wait_until="load")
    assert page.locator("html").get_attribute("lang") == "ru"
    switch = page.locator("nav.sw-language-switch")
    assert switch.get_attribute("aria-label") == "Язык"
    assert switch.locator('a[aria-current="page"]').inner_text() == "Русский"
    switch.locator('a[hreflang="pl"]').click()
    page.wait_for_url(f"{book_site}/pl/chain.html")
    assert page.locator("html").get_attribute("lang") == "pl"
    switch = page.locator("nav.sw-language-switch")
    assert switch.get_attribute("aria-label") == "Język"
    # The Polish edition translates the Russian text; its notes link both ways.
    column = page.locator(".source-translation").first
    assert "ŁAŃCUSZEK" in column.inner_text()
    reference = column.locator("a.footnote-reference").first
    target = reference.get_attribute("href")
    assert target is not None and target.startswith("#")
    reference.click()
    footnote = page.locator(f"[id='{target[1:]}']")
    assert footnote.is_visible()
    assert footnote.locator(f"a[href='#{reference.get_attribute('id')}']").count() == 1
    switch.locator('a[hreflang="ru"]').click()
    page.wait_for_url(f"{book_site}/ru/chain.html")
    assert page.locator(".source-translation").count() == 0
    assert browser_page.errors(origin=book_site) == []


@pytest.mark.browser
def test_the_polish_editions_table_speaks_polish(book_site: str, browser_page: BrowserPage) -> None:
    """Play here on the Polish Klondike chapter: the page's words, the engine's status line
    and a move's words come in Polish (the worker answers in the table's language)."""
    page = browser_page.page
    page.goto(f"{book_site}/pl/klondike.html", wait_until="load")
    root = page.locator('.sw-table[data-sw-language="pl"]').first
    root.scroll_into_view_if_needed()
    button = root.locator(".sw-play-here")
    assert button.inner_text() == "Zagraj tutaj"
    button.click()
    page.wait_for_function("() => window.solitaireTables[0].ready.then(() => true)",
                           timeout=90_000)
    status = root.locator(".sw-status").inner_text()
    assert "przełożenie" in status.lower() and "ręk" in status, status
    labels = root.locator("button").all_inner_texts()
    assert "Cofnij" in labels and "Undo" not in labels, labels
    assert browser_page.errors(origin=book_site) == []
