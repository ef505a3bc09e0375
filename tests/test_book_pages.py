"""The book's chapter pages: source texts, translations, players that work offline.

The static checks read the built HTML; the browser checks open each chapter in
headless Chromium, step every replay player on it and watch the network while
doing so: the players are self-contained, so clicking through them must not
make a single request.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest

from tests.browser_support import BrowserPage

pytestmark = pytest.mark.book

#: For each chapter: a phrase of the source text, a phrase of its translation.
CHAPTERS: dict[str, tuple[str, str]] = {
    "quarrel": ("Из колоды берут карты по одной", "The five is taken out of the row and put aside"),
    "klondike": ("Pasjans wychodzi, kiedy na stole", "The solitaire comes out"),
    "chain": ("Одну часть колоды раскладывают картинкой вверх", "The same rule holds for all"),
}

#: The illustrated examples each chapter replays (their titles, from the engine).
EXAMPLES: dict[str, tuple[str, ...]] = {
    "quarrel": ("quarrel-eight-fives", "quarrel-three-of-spades"),
    "klondike": (
        "klondike-deal",
        "klondike-partial-sequence",
        "klondike-king-to-empty",
        "klondike-fourth-waste-card",
    ),
    "chain": ("chain-first-layout",),
}

SECTIONS = (
    "Play it yourself",
    "The source text and its translation",
    "The rules as implemented",
    "Where the text is unclear",
    "The text’s illustrated examples",
    "A whole deal, played by the built-in strategy",
    "How often it comes out",
)


#: Every page of the book, as its table of contents lists them.
PAGES = ("intro", "quarrel", "klondike", "chain", "embedding", "api", "solver", "measurements",
         "glossary")

def _text(html: str) -> str:
    """The visible words of an HTML page, roughly: tags dropped, spaces joined."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S | re.I)
    text = re.sub(r"<[^>]+>", " ", html)
    text = text.replace("&#8217;", "’").replace("&#x27;", "'").replace("&amp;", "&")
    return re.sub(r"\s+", " ", text)


def _example_title(name: str) -> str:
    from solitaire_widgets.examples import get_example

    return get_example(name).title


# --------------------------------------------------------------------------
# The built HTML
# --------------------------------------------------------------------------


@pytest.mark.parametrize("chapter", sorted(CHAPTERS))
def test_chapter_has_source_translation_and_sections_in_order(
    built_book: Path, chapter: str
) -> None:
    page = built_book / f"{chapter}.html"
    assert page.is_file(), f"{chapter}.html was not built"
    text = _text(page.read_text(encoding="utf-8"))
    source, translation = CHAPTERS[chapter]
    assert source in text
    assert translation in text
    positions = [text.find(section) for section in SECTIONS]
    assert -1 not in positions, dict(zip(SECTIONS, positions, strict=True))
    assert positions == sorted(positions), "the chapter's sections are out of order"


@pytest.mark.parametrize("chapter", sorted(CHAPTERS))
def test_chapter_replays_its_examples_and_computes_its_stats(
    built_book: Path, chapter: str
) -> None:
    html = (built_book / f"{chapter}.html").read_text(encoding="utf-8")
    for name in EXAMPLES[chapter]:
        title = _example_title(name)
        assert title.replace("'", "&#x27;") in html or title in html, f"no player for {name}"
    # The win rates are printed by the build, with their interval.
    assert re.search(r"[\d,]+ of [\d,]+ deals won, \d+\.\d% \(95% Wilson interval", _text(html))
    # A chart of them (matplotlib, as an image).
    assert re.search(r'<img[^>]+src="[^"]+\.png"', html)


def test_toc_lists_every_page(built_book: Path) -> None:
    for page in PAGES:
        assert (built_book / f"{page}.html").is_file(), page
    api = (built_book / "api.html").read_text(encoding="utf-8")
    for name in ("new_game", "load_game", "run_stats", "GameWidget", "ReplayWidget"):
        assert name in api


# --------------------------------------------------------------------------
# In the browser
# --------------------------------------------------------------------------


def _script_hosts(page: Any) -> set[str]:
    """Hosts of the external scripts the page itself links (Jupyter Book's CDN scripts)."""
    sources = page.eval_on_selector_all("script[src]", "els => els.map(e => e.src)")
    return {urlparse(src).netloc for src in sources if src.startswith("http")}


@pytest.mark.browser
@pytest.mark.parametrize("chapter", sorted(CHAPTERS))
def test_players_draw_cards_step_and_stay_offline(
    book_site: str, browser_page: BrowserPage, chapter: str
) -> None:
    page = browser_page.page
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    response = page.goto(f"{book_site}/{chapter}.html", wait_until="load")
    assert response is not None and response.ok
    page.wait_for_load_state("networkidle")

    # Only the page's own files, and the scripts Jupyter Book links, were asked for.
    allowed_hosts = {urlparse(book_site).netloc} | _script_hosts(page)
    strangers = [url for url in requests
                 if url.startswith("http") and urlparse(url).netloc not in allowed_hosts]
    assert strangers == []

    source, translation = CHAPTERS[chapter]
    article = page.locator("article")
    assert article.get_by_text(source, exact=False).first.is_visible()
    assert article.get_by_text(translation, exact=False).first.is_visible()

    players = page.locator(".sw-player")
    count = players.count()
    # The examples and the whole deal.
    assert count >= len(EXAMPLES[chapter]) + 1

    before = len(requests)
    stepped = 0
    for index in range(count):
        player = players.nth(index)
        player.scroll_into_view_if_needed()
        cards = player.locator(".sw-stage svg g.card")
        assert cards.count() > 0, f"player {index} draws no cards"
        counter = player.locator(".sw-counter")
        first_counter = counter.inner_text().strip()
        # (a deal shown card by card adds the cards dealt: "Step 0 of 13, card 1 of 24 dealt")
        numbered = re.match(r"Step 0 of (\d+)(, card 1 of \d+ dealt)?$", first_counter)
        assert numbered, f"player {index} starts at {first_counter!r}"
        last = int(numbered[1])
        if last == 0:  # a table with no moves yet: nothing to step
            continue
        first_frame = player.locator(".sw-stage").inner_html()
        first_caption = player.locator(".sw-caption").inner_text()
        # The end and the step before it are held in the page (the deal and the
        # last steps are), so stepping among them needs no engine in the browser.
        player.locator("button[id$='-end']").click()
        assert counter.inner_text().strip() == f"Step {last} of {last}"
        last_frame = player.locator(".sw-stage").inner_html()
        assert last_frame != first_frame
        assert player.locator(".sw-caption").inner_text() != first_caption
        assert player.locator(".sw-caption").inner_text().startswith(f"Step {last}:")
        if last > 1:
            player.locator("button[id$='-back']").click()
            assert counter.inner_text().strip() == f"Step {last - 1} of {last}"
            assert player.locator(".sw-stage").inner_html() != last_frame
            player.locator("button[id$='-forward']").click()
            assert counter.inner_text().strip() == f"Step {last} of {last}"
        assert player.locator(".sw-stage svg g.card").count() > 0
        player.locator("button[id$='-first']").click()
        assert counter.inner_text().strip() == first_counter
        assert player.locator(".sw-stage").inner_html() == first_frame
        stepped += 1
    assert stepped >= len(EXAMPLES[chapter]) + 1

    page.wait_for_timeout(300)
    assert requests[before:] == [], "a player made a network request"
    assert browser_page.errors(origin=book_site) == []


@pytest.mark.browser
def test_source_and_translation_side_by_side_only_on_a_wide_screen(
    book_site: str, browser: Any
) -> None:
    for width, side_by_side in ((1280, True), (480, False)):
        context = browser.new_context(viewport={"width": width, "height": 900})
        try:
            page = context.new_page()
            page.goto(f"{book_site}/chain.html", wait_until="load")
            pair = page.locator(".source-pair").nth(1)
            pair.scroll_into_view_if_needed()
            original = pair.locator(".source-original").bounding_box()
            translation = pair.locator(".source-translation").bounding_box()
            assert original is not None and translation is not None
            beside = (translation["x"] >= original["x"] + original["width"] - 1
                      and abs(translation["y"] - original["y"]) < 40)
            assert beside == side_by_side, (width, original, translation)
        finally:
            context.close()


# --------------------------------------------------------------------------
# Every reader: phones, search, page weight, words in other languages
# --------------------------------------------------------------------------



@pytest.mark.parametrize("chapter", sorted(CHAPTERS) + ["embedding"])
def test_pages_carry_no_widget_state_and_no_icon_script(built_book: Path, chapter: str) -> None:
    html = (built_book / f"{chapter}.html").read_text(encoding="utf-8")
    assert "application/vnd.jupyter.widget-state+json" not in html
    assert "fontawesome.js" not in html
    assert not (built_book / "_static" / "scripts" / "fontawesome.js").exists()


@pytest.mark.parametrize("chapter", sorted(CHAPTERS))
def test_charts_say_what_they_show(built_book: Path, chapter: str) -> None:
    html = (built_book / f"{chapter}.html").read_text(encoding="utf-8")
    # The chapter's own images: the theme's header (a launch button's logo) is not a chart.
    article = re.search(r"<article\b.*?</article>", html, re.S)
    assert article is not None
    charts = re.findall(r'<img[^>]+src="[^"]+\.png"[^>]*>', article.group(0))
    assert charts
    for chart in charts:
        alt = re.search(r'alt="([^"]*)"', chart)
        assert alt is not None and alt.group(1).startswith("Bar chart: the share of"), chart
        assert ".png" not in alt.group(1)


@pytest.mark.browser
def test_no_page_is_wider_than_a_phone_and_labels_stay_readable(
    book_site: str, browser: Any
) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        for name in PAGES:
            page.goto(f"{book_site}/{name}.html", wait_until="load")
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= 390, f"{name}.html is {width} px wide on a 390 px phone"
            # Every pile label in a table's drawing is at least 9 px high on screen.
            sizes = page.evaluate("""() => Array.from(document.querySelectorAll(
                'article svg text')).filter(t => !t.closest('g.card')
                && t.getClientRects().length).map(t => {
                  const svg = t.ownerSVGElement, box = svg.viewBox.baseVal;
                  const scale = svg.getBoundingClientRect().width / (box.width || 1);
                  return [t.textContent, parseFloat(t.getAttribute('font-size')) * scale];
                })""")
            small = [(text, round(size, 1)) for text, size in sizes if size < 9]
            assert small == [], f"{name}.html: labels under 9 px: {small[:5]}"
    finally:
        context.close()


@pytest.mark.browser
def test_one_search_field_a_favicon_and_headings_in_order(
    book_site: str, browser_page: BrowserPage
) -> None:
    page = browser_page.page
    failed: list[str] = []
    page.on("response", lambda r: failed.append(r.url) if r.status >= 400 else None)
    page.goto(f"{book_site}/klondike.html", wait_until="networkidle")
    search = page.locator(".search-button-field")
    visible = [i for i in range(search.count()) if search.nth(i).is_visible()]
    assert len(visible) == 1, "one search field at desktop width"
    assert page.locator("link[rel='icon']").count() == 1
    assert failed == [], failed
    h2, h3 = (int(page.locator(f"article {h}").first.evaluate(
        "e => getComputedStyle(e).fontWeight")) for h in ("h2", "h3"))
    assert h3 <= h2
    # The theme's icons are drawn by its icon font, without the icon script.
    icon = page.locator(".theme-switch-button i, .theme-switch-button span").first
    assert "Font Awesome" in icon.evaluate("e => getComputedStyle(e, '::before').fontFamily")
    assert browser_page.errors(origin=book_site) == []


@pytest.mark.browser
@pytest.mark.parametrize("name", [*PAGES, "ru/klondike", "pl/quarrel"])
def test_russian_and_polish_words_carry_their_language(
    book_site: str, browser_page: BrowserPage, name: str
) -> None:
    page = browser_page.page
    page.goto(f"{book_site}/{name}.html", wait_until="load")
    # Every run of Cyrillic text in the article, the players' captions too, is
    # inside an element with lang="ru"; every word with a Polish letter inside
    # one with lang="pl". Code shows Python's strings as they are. In the Russian
    # and Polish editions the page's own <html lang> is the closest for most words.
    untagged = page.evaluate("""() => {
        const out = [], w = document.createTreeWalker(
            document.querySelector('article'), NodeFilter.SHOW_TEXT);
        const scripts = {ru: /[\\u0400-\\u04FF]/, pl: /[ąćęłńśźżĄĆĘŁŃŚŹŻ]/};
        for (let t = w.nextNode(); t; t = w.nextNode()) {
            const el = t.parentElement;
            if (el.closest('script, style, svg, pre, code')) continue;
            for (const [lang, letters] of Object.entries(scripts)) {
                if (!letters.test(t.textContent)) continue;
                const tagged = el.closest('[lang]');
                if (!tagged || !tagged.getAttribute('lang').startsWith(lang))
                    out.push(lang + ': ' + t.textContent.trim().slice(0, 40));
            }
        }
        return out;
    }""")
    assert untagged == []
    if name == "glossary":
        assert page.locator("article span[lang='ru']").count() >= 70
        assert page.locator("article span[lang='pl']").count() >= 50
        assert page.locator("article span[lang='pl']", has_text="wolne miejsce").count() == 1
    if name == "chain":
        # The first layout's replay quotes the source text from its first caption.
        assert page.locator(".sw-player .sw-caption span[lang='ru']").count() >= 1


@pytest.mark.browser
@pytest.mark.parametrize("chapter", sorted(CHAPTERS))
def test_every_player_keeps_its_controls_in_place_and_no_id_repeats(
    book_site: str, browser_page: BrowserPage, chapter: str
) -> None:
    page = browser_page.page
    page.goto(f"{book_site}/{chapter}.html", wait_until="load")
    players = page.locator(".sw-player")
    assert players.count() >= len(EXAMPLES[chapter]) + 1
    for index in range(players.count()):
        player = players.nth(index)
        player.scroll_into_view_if_needed()
        if player.locator(".sw-bar").count() == 0:
            continue  # a single picture: no controls
        where = """p => { const top = p.getBoundingClientRect().top;
            return [p.querySelector('.sw-bar').getBoundingClientRect().top - top,
                    p.querySelector('.sw-stage').getBoundingClientRect().height]; }"""
        seen = {tuple(round(v) for v in player.evaluate(where))}
        for name in ("forward", "forward", "end", "back", "first"):
            button = player.locator(f"button[id$='-{name}']")
            if button.is_enabled():
                button.click()
                seen.add(tuple(round(v) for v in player.evaluate(where)))
        assert len(seen) == 1, f"player {index}: the controls moved: {sorted(seen)}"
    repeated = page.evaluate("""() => { const seen = {}, twice = [];
        for (const el of document.querySelectorAll('[id]')) {
            if (seen[el.id]) twice.push(el.id); seen[el.id] = true; }
        return twice.slice(0, 5); }""")
    assert repeated == []


def test_a_table_shown_without_a_kernel_is_a_picture_and_a_line(built_book: Path) -> None:
    html = (built_book / "embedding.html").read_text(encoding="utf-8")
    still = re.search(r'<figure class="sw-still".*?</figure>', html, re.S)
    assert still is not None, "the embedding guide's GameWidget is not a picture"
    assert "<button" not in still.group() and "<script" not in still.group()
    assert 'src="data:image/svg+xml;base64,' in still.group()
    assert "run this code in Jupyter to play" in still.group()
