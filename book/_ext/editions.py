"""The book's editions: English, Russian and Polish from one source.

``tools/build_book.py`` builds the book once per language with Sphinx's own
internationalisation (``language``, the page catalogs in
``book/locales/<lang>/LC_MESSAGES/<page>.po``). This extension adds what an
edition needs beyond Sphinx's message catalogs:

- **The originals are never translated.** Every text element inside a
  ``source-original`` grid item, and every element between a raw
  ``<div lang="ru">`` (or ``pl``) and its ``</div>``, is marked
  untranslatable, so the gettext builder never extracts a source sentence.
- **Footnotes in translated paragraphs.** myst-parser 3 parses a translated
  message without the page's footnote definitions, so a ``[^label]`` in it
  comes out as literal text. After Sphinx's ``Locale`` transform, each such
  ``[^label]`` becomes a real footnote reference again (with the original
  reference's id, so the footnote's back link works). When a translated
  paragraph's footnote labels differ from the original's, the build warns
  (and ``-W`` fails it): Sphinx's own check, which counts the literal text
  as no reference at all, is silenced instead
  (``suppress_warnings: [i18n.inconsistent_references]``).
- **Whole pages only.** A page whose catalog is missing, or has an empty or
  fuzzy entry from the page's own source (the API's docstrings stay in
  English), is shown entirely in English, with ``<html lang="en">`` and a
  note in the edition's language, so that no page mixes two languages
  paragraph by paragraph. Translators keep a page's entries fuzzy until the
  whole page is done.
- **An original in the edition's own language is shown once.** Where a
  text's language is the edition's (Quarrel and Chain in the Russian edition,
  Klondike in the Polish one), a ``source-pair`` keeps the original alone,
  full width, with a line of the paragraph's notes under it (the footnote
  references the translation column carried), and a ``source-quote`` keeps
  the quote without its rendering.
- **A language switch on every page**: links to the same page in the other
  editions (``hreflang``, ``lang``; ``aria-current="page"`` on the edition
  shown), in the article header, and ``<link rel="alternate" hreflang>`` in
  the page's head.

The site's layout (English at the root, the others in ``ru/`` and ``pl/``)
is the one ``tools/build_book.py`` makes.
"""

from __future__ import annotations

import functools
import html
import json
import os
import re
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.locale import init as init_locale
from sphinx.transforms import SphinxTransform, i18n
from sphinx.transforms.i18n import Locale
from sphinx.util import logging
from sphinx.util.i18n import docname_to_domain

from solitaire_widgets.book_words import english_only_note, pair_notes_label, switch_label
from solitaire_widgets.i18n import (
    BASE_LANGUAGE,
    ENVIRONMENT,
    LANGUAGES,
    TRANSLATED,
    default_language,
    spoken,
    use_language,
)
from solitaire_widgets.source_texts import TEXT_LANGUAGES

logger = logging.getLogger(__name__)

#: The edition at the site's root; the others live in a folder named by their code.
ROOT_LANGUAGE = BASE_LANGUAGE

#: The editions in the switch's order: the translated ones, then the root one.
SWITCH_ORDER = (*TRANSLATED, ROOT_LANGUAGE)

#: The book's page sources; a catalog entry from anywhere else (a docstring
#: that autodoc put on the API page) does not count towards a page's completeness.
PAGE_SOURCES = (".md", ".ipynb")

#: A footnote reference left as literal text by a translated message.
FOOTNOTE_TEXT = re.compile(r"\[\^([^\]\s]+)\]")

#: The languages the source texts are written in, as a pattern (``ru|pl``).
_ORIGINALS = "|".join(sorted(set(TEXT_LANGUAGES.values())))

#: The raw HTML that opens and closes an original's block.
ORIGINAL_OPENS = re.compile(rf'^\s*<div\s+lang="({_ORIGINALS})"\s*>\s*$')
ORIGINAL_CLOSES = re.compile(r"^\s*</div>\s*$")


def _edition(config: Any) -> str:
    return str(config.language or ROOT_LANGUAGE)


#: The environment variable that tells the package (and the chapters' kernels,
#: which inherit it) which language to speak.
LANGUAGE_VARIABLE = ENVIRONMENT


# --- the originals -----------------------------------------------------------------------


def _mark_untranslatable(node: nodes.Node) -> None:
    for element in node.findall(nodes.TextElement):
        element["translatable"] = False


class KeepOriginals(SphinxTransform):
    """Mark the source texts' own words untranslatable (before ``Locale``)."""

    default_priority = 15

    def apply(self, **kwargs: Any) -> None:
        for container in self.document.findall(nodes.Element):
            if "source-original" in container.get("classes", ()):
                _mark_untranslatable(container)
        for parent in self.document.findall(nodes.Element):
            inside = False
            for child in parent.children:
                if isinstance(child, nodes.raw) and "html" in child.get("format", ""):
                    if ORIGINAL_OPENS.match(child.astext()):
                        inside = True
                        continue
                    if inside and ORIGINAL_CLOSES.match(child.astext()):
                        inside = False
                        continue
                if inside:
                    _mark_untranslatable(child)


# --- whole pages only ----------------------------------------------------------------------


@functools.cache
def _catalog_complete(po_path: str, mtime: float) -> bool:
    from babel.messages.pofile import read_po

    with open(po_path, "rb") as po:
        catalog = read_po(po)
    for message in catalog:
        if not message.id:
            continue  # the header
        if not any(str(where).endswith(PAGE_SOURCES) for where, _ in message.locations):
            continue  # a docstring on the API page: the package documents itself in English
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy or not all(strings):
            return False
    return True


def page_complete(app: Any, docname: str) -> bool:
    """Whether ``docname`` has a complete catalog in this edition's language.

    The root edition is always complete; a page of another edition is complete
    when its catalog exists and has no empty or fuzzy entry.
    """
    language = _edition(app.config)
    if language == ROOT_LANGUAGE:
        return True
    for folder in app.config.locale_dirs:
        po = Path(app.srcdir, folder, language, "LC_MESSAGES", f"{docname}.po")
        if po.exists():
            return _catalog_complete(str(po), po.stat().st_mtime)
    return False


#: A glue role of myst-nb: ``{glue:text}`key:.1%```.
GLUE_ROLE = re.compile(r"\{glue(:[a-z]+)?\}`([^`]*)`")


def glue_from_page(msgstr: str, docname: str, markdown: dict[str, str] | None = None) -> str:
    """``msgstr`` with each glue role naming the page its value comes from.

    A translated message is parsed as a document of its own, which holds no
    glued values; ``page.md::key`` makes myst-nb look them up in the page.
    (``{glue:text}`` splits its format off at the last colon, so it gets an
    explicit ``:s`` when it has none.) ``{glue:md}`` has no such form, so its
    Markdown, from the page's glued values ``markdown``, is put in its place.

    >>> glue_from_page("{glue:text}`rate:.1%`, {glue:text}`word` i {glue}`deals`", "quarrel")
    '{glue:text}`quarrel.md::rate:.1%`, {glue:text}`quarrel.md::word:s` i {glue}`quarrel.md::deals`'
    >>> glue_from_page("{glue:md}`quote` (x)", "quarrel", {"quote": "*a five*"})
    '*a five* (x)'
    """
    page = docname.rsplit("/", 1)[-1] + ".md"

    def point(found: re.Match[str]) -> str:
        kind, content = found.group(1) or "", found.group(2)
        if "::" in content:
            return found.group(0)
        if kind == ":md":
            key = content.rsplit(":", 1)[0]
            return (markdown or {}).get(key, found.group(0))
        if kind == ":text" and ":" not in content:
            content += ":s"
        return f"{{glue{kind}}}`{page}::{content}`"

    return GLUE_ROLE.sub(point, msgstr)


def _glued_markdown(env: Any) -> dict[str, str]:
    """The page's glued Markdown values, which myst-nb keeps beside its executed notebook."""
    folder = Path(env.mystnb_config.output_folder)
    path = folder.joinpath(*env.docname.split("/")[:-1], env.docname.split("/")[-1] + ".glue.json")
    if not path.exists():
        return {}
    glued = json.loads(path.read_text(encoding="utf-8"))
    return {key: value["data"]["text/markdown"] for key, value in glued.items()
            if "text/markdown" in value.get("data", {})}


class EditionLocale(Locale):
    """Sphinx's ``Locale`` for complete pages only; the others stay in English."""

    def apply(self, **kwargs: Any) -> None:
        if not page_complete(self.app, self.env.docname):
            _add_fallback_note(self.document, _edition(self.config))
            self.document["sw_in_english"] = True
            return
        publish = i18n.publish_msgstr
        docname = self.env.docname
        markdown = _glued_markdown(self.env)

        def publish_with_glue(app: Any, source: str, *args: Any) -> Any:
            return publish(app, glue_from_page(source, docname, markdown), *args)

        i18n.publish_msgstr = publish_with_glue  # read by Locale.apply
        try:
            super().apply(**kwargs)
        finally:
            i18n.publish_msgstr = publish


def _add_fallback_note(document: nodes.document, language: str) -> None:
    if language == ROOT_LANGUAGE or language not in LANGUAGES:
        return
    with use_language(language):
        words = english_only_note()
    note = nodes.raw(
        "",
        f'<p class="sw-edition-fallback admonition note" lang="{language}" role="note">'
        f"{html.escape(words)}</p>\n",
        format="html",
    )
    section = next(iter(document.findall(nodes.section)), None)
    if section is not None and section.children and isinstance(section[0], nodes.title):
        section.insert(1, note)
    else:
        document.insert(0, note)


# --- footnotes in translated messages ----------------------------------------------------


def _footnote_labels(node: nodes.Element) -> list[str]:
    return [ref["refname"] for ref in node.findall(nodes.footnote_reference) if ref.get("refname")]


class NoteFootnoteLabels(SphinxTransform):
    """Remember each paragraph's footnote labels before it is translated."""

    default_priority = 16

    def apply(self, **kwargs: Any) -> None:
        if _edition(self.config) == ROOT_LANGUAGE:
            return
        for node in self.document.findall(nodes.TextElement):
            labels = _footnote_labels(node)
            if labels:
                node["sw_footnotes"] = labels


def _in_tree(node: nodes.Node, document: nodes.document) -> bool:
    # A replaced child keeps its ``parent``, but its parent no longer lists it.
    while node.parent is not None:
        if not any(child is node for child in node.parent.children):
            return False
        node = node.parent
    return node is document


def _merge_texts(parent: nodes.Element) -> None:
    """Join neighbouring Text children, so that a ``[^label]`` is never split."""
    merged: list[nodes.Node] = []
    for child in parent.children:
        if merged and isinstance(child, nodes.Text) and isinstance(merged[-1], nodes.Text):
            merged[-1] = nodes.Text(str(merged[-1]) + str(child))
        else:
            merged.append(child)
    if len(merged) != len(parent.children):
        parent.children = []
        parent.extend(merged)


class RestoreFootnotes(SphinxTransform):
    """Turn literal ``[^label]`` in translated messages into footnote references."""

    default_priority = 25  # after Locale (20), before docutils' Footnotes (620)

    def apply(self, **kwargs: Any) -> None:
        if _edition(self.config) == ROOT_LANGUAGE:
            return
        document = self.document
        # The references the translated messages replaced: no longer in the tree.
        detached: dict[str, list[nodes.footnote_reference]] = {}
        for label, refs in document.footnote_refs.items():
            for ref in refs:
                if not _in_tree(ref, document):
                    detached.setdefault(label, []).append(ref)
        for node in list(document.findall(nodes.TextElement)):
            if isinstance(node, (nodes.FixedTextElement, nodes.literal, nodes.raw)):
                continue
            if not node.get("translated"):
                continue
            self._restore(node, detached)
            expected = node.get("sw_footnotes")
            if expected is not None or _footnote_labels(node):
                found = _footnote_labels(node)
                if sorted(found) != sorted(expected or []):
                    logger.warning(
                        "the translation's footnotes %s differ from the original's %s",
                        found, expected or [], location=node, type="editions",
                        subtype="footnotes",
                    )
        for refs in detached.values():
            for old in refs:
                self._forget(old)

    def _restore(self, node: nodes.Element,
                 detached: dict[str, list[nodes.footnote_reference]]) -> None:
        for parent in list(node.findall(nodes.Element)):
            if isinstance(parent, (nodes.FixedTextElement, nodes.literal, nodes.raw)):
                continue
            if not any(isinstance(c, nodes.Text) and "[^" in c for c in parent.children):
                continue
            _merge_texts(parent)
            children: list[nodes.Node] = []
            for child in parent.children:
                if not isinstance(child, nodes.Text) or "[^" not in child:
                    children.append(child)
                    continue
                text = str(child)
                at = 0
                for match in FOOTNOTE_TEXT.finditer(text):
                    if match.start() > at:
                        children.append(nodes.Text(text[at:match.start()]))
                    children.append(self._reference(match.group(1), detached))
                    at = match.end()
                if at < len(text):
                    children.append(nodes.Text(text[at:]))
            parent.children = []
            parent.extend(children)

    def _reference(self, label: str,
                   detached: dict[str, list[nodes.footnote_reference]]) -> nodes.footnote_reference:
        document = self.document
        ref = nodes.footnote_reference(f"[^{label}]", auto=1, refname=label)
        olds = detached.get(label)
        if olds:
            old = olds.pop(0)
            ref["ids"] = list(old["ids"])
            for id_ in ref["ids"]:
                document.ids[id_] = ref
            self._forget(old)
            document.autofootnote_refs.append(ref)
            document.note_footnote_ref(ref)
        else:
            document.note_autofootnote_ref(ref)
            document.note_footnote_ref(ref)
        return ref

    def _forget(self, old: nodes.footnote_reference) -> None:
        document = self.document
        for refs in (document.autofootnote_refs, document.footnote_refs.get(old.get("refname"), []),
                     document.refnames.get(old.get("refname"), [])):
            if old in refs:
                refs.remove(old)


class TranslateCaptions(SphinxTransform):
    """Translate the table of contents' part captions (``_toc.yml``).

    ``sphinx-external-toc`` puts the toctrees in the root page after ``Locale``
    has run, so their captions ("The games") are translated here, from the
    root page's catalog, where the gettext builder put them.
    """

    default_priority = 101  # after sphinx-external-toc's InsertToctrees (100)

    def apply(self, **kwargs: Any) -> None:
        if _edition(self.config) == ROOT_LANGUAGE or self.document.get("sw_in_english"):
            return
        toctrees = [node for node in self.document.findall(addnodes.toctree)
                    if node.get("caption")]
        if not toctrees:
            return
        dirs = [str(Path(self.env.srcdir, folder)) for folder in self.config.locale_dirs]
        domain = docname_to_domain(self.env.docname, self.config.gettext_compact)
        catalog, found = init_locale(dirs, self.config.language, domain)
        if not found:
            return
        for toctree in toctrees:
            toctree["caption"] = catalog.gettext(toctree["caption"])


# --- an original in the edition's own language ------------------------------------------


def _opens_original(node: nodes.Node) -> str | None:
    """The language of the original that the raw HTML ``node`` opens, or None."""
    if isinstance(node, nodes.raw) and "html" in node.get("format", ""):
        found = ORIGINAL_OPENS.match(node.astext())
        if found:
            return found.group(1)
    return None


#: The start of an original's HTML: a page's own ``<div lang="ru">``, or a chapter's
#: glued example, whose output is one piece of HTML.
WRITTEN_IN = re.compile(rf'^\s*<div\s+lang="({_ORIGINALS})"')


def _written_in(item: nodes.Element) -> str | None:
    """The language of the original that a ``source-original`` grid item holds."""
    for raw in item.findall(nodes.raw):
        found = WRITTEN_IN.match(raw.astext())
        if found and "html" in raw.get("format", ""):
            return found.group(1)
    return None


def _closes_original(node: nodes.Node) -> bool:
    return (isinstance(node, nodes.raw) and "html" in node.get("format", "")
            and ORIGINAL_CLOSES.match(node.astext()) is not None)


def _with_class(node: nodes.Node, name: str) -> bool:
    return isinstance(node, nodes.Element) and name in node.get("classes", ())


def collapse_pair(pair: nodes.Element, language: str) -> bool:
    """Show ``pair``'s original alone when it is written in ``language``.

    The translation column goes; its footnote references move to a line of
    notes under the original, and the grid's row has one column at every width.
    Returns whether the pair was collapsed.

    >>> from docutils import nodes
    >>> row = nodes.container(classes=["sd-row", "sd-row-cols-1", "sd-row-cols-md-2"])
    >>> original = nodes.container("", nodes.raw("", '<div lang="ru">', format="html"),
    ...                            nodes.paragraph(text="Своеобразная ссора."),
    ...                            nodes.raw("", "</div>", format="html"),
    ...                            classes=["source-original"])
    >>> note = nodes.footnote_reference("[^q-ssora]", "1", refname="q-ssora")
    >>> translation = nodes.container("", nodes.paragraph("", "Своеобразная ссора.", note),
    ...                               classes=["source-translation"])
    >>> row += [original, translation]
    >>> pair = nodes.container("", row, classes=["source-pair"])
    >>> collapse_pair(pair, "pl"), collapse_pair(pair, "ru")
    (False, True)
    >>> row["classes"], original[-1].astext()
    (['sd-row', 'sd-row-cols-1', 'sd-row-cols-md-1'], 'Примечания к абзацу: 1')
    >>> any(_with_class(node, "source-translation") for node in pair.findall())
    False
    """
    items = [node for node in pair.findall(nodes.Element)
             if _with_class(node, "source-original") or _with_class(node, "source-translation")]
    original = next((node for node in items if _with_class(node, "source-original")), None)
    translation = next((node for node in items if _with_class(node, "source-translation")), None)
    if original is None or translation is None:
        return False
    if _written_in(original) != language:
        return False
    references = list(translation.findall(nodes.footnote_reference))
    row = translation.parent
    row.remove(translation)
    row["classes"] = [re.sub(r"^(sd-row-cols(?:-[a-z]+)?)-\d+$", r"\1-1", name)
                      for name in row["classes"]]
    if references:
        notes = nodes.paragraph(classes=["sw-pair-notes"])
        with use_language(language if language in LANGUAGES else ROOT_LANGUAGE):
            notes += nodes.Text(pair_notes_label())
        for reference in references:
            reference.parent.remove(reference)
            notes += nodes.Text(" ")
            notes += reference
        original += notes
    return True


def drop_renderings(document: nodes.Element, language: str) -> int:
    """Remove the rendering that follows each quote written in ``language``.

    A ``source-quote`` is a raw ``<div lang="X">``, the quote, ``</div>``, then
    its rendering, a block quote. Returns how many renderings went.

    >>> from docutils import nodes
    >>> page = nodes.section("", nodes.raw("", '<div lang="pl">', format="html"),
    ...                      nodes.block_quote("", nodes.paragraph(text="Reszta kart")),
    ...                      nodes.raw("", "</div>", format="html"),
    ...                      nodes.block_quote("", nodes.paragraph(text="The rest")))
    >>> drop_renderings(page, "ru"), drop_renderings(page, "pl"), len(page)
    (0, 1, 3)
    """
    dropped = 0
    for parent in list(document.findall(nodes.Element)):
        inside = None
        for child in list(parent.children):
            opened = _opens_original(child)
            if opened:
                inside = opened
            elif inside and _closes_original(child):
                following = child.next_node(descend=False, siblings=True, ascend=False)
                if inside == language and isinstance(following, nodes.block_quote):
                    parent.remove(following)
                    dropped += 1
                inside = None
    return dropped


class SameLanguageOriginals(SphinxTransform):
    """In an edition written in a text's own language, show that text's originals once."""

    default_priority = 30  # after the footnotes are restored (25)

    def apply(self, **kwargs: Any) -> None:
        language = _edition(self.config)
        if language == ROOT_LANGUAGE or self.document.get("sw_in_english"):
            return
        for pair in list(self.document.findall(nodes.container)):
            if _with_class(pair, "source-pair"):
                collapse_pair(pair, language)
        drop_renderings(self.document, language)


# --- the language switch -------------------------------------------------------------------


def edition_links(language: str, pagename: str) -> list[dict[str, Any]]:
    """The switch's links from ``pagename`` in edition ``language``, in the switch's order.

    >>> [link["href"] for link in edition_links("en", "quarrel")]
    ['ru/quarrel.html', 'pl/quarrel.html', 'quarrel.html']
    >>> [link["href"] for link in edition_links("ru", "quarrel")]
    ['quarrel.html', '../pl/quarrel.html', '../quarrel.html']
    """
    to_root = "../" * pagename.count("/") + ("" if language == ROOT_LANGUAGE else "../")
    links = []
    for code in SWITCH_ORDER:
        name = spoken(code).name
        if code == language:
            href = "../" * pagename.count("/") + pagename.rsplit("/", 1)[-1] + ".html"
        else:
            folder = "" if code == ROOT_LANGUAGE else f"{code}/"
            href = f"{to_root}{folder}{pagename}.html"
        links.append({"code": code, "name": name, "href": href, "current": code == language})
    return links


def _page_context(app: Any, pagename: str, templatename: str, context: dict[str, Any],
                  doctree: Any) -> None:
    language = _edition(app.config)
    links = edition_links(language, pagename)
    context["sw_edition_links"] = links
    with use_language(language if language in LANGUAGES else ROOT_LANGUAGE):
        context["sw_edition_label"] = switch_label()
    alternates = "".join(
        f'<link rel="alternate" hreflang="{link["code"]}" href="{link["href"]}" />\n'
        for link in links if not link["current"]
    )
    context["metatags"] = context.get("metatags", "") + alternates
    if doctree is not None and not page_complete(app, pagename):
        context["language"] = ROOT_LANGUAGE


def _config_inited(app: Any, config: Any) -> None:
    language = _edition(config)
    # Each edition is built in its own process (tools/build_book.py).
    os.environ[LANGUAGE_VARIABLE] = language
    default_language.cache_clear()   # the package reads the variable once
    titles = config.sw_editions or {}
    if language in titles:
        config.html_title = titles[language]
    static = str(Path(__file__).parent / "static")
    if static not in config.html_static_path:
        config.html_static_path = [*config.html_static_path, static]
    templates = str(Path(__file__).parent / "templates")
    if templates not in config.templates_path:
        config.templates_path = [*config.templates_path, templates]
    options = dict(config.html_theme_options or {})
    header = list(options.get("article_header_end") or ["article-header-buttons.html"])
    if "language-switch.html" not in header:
        header.insert(0, "language-switch.html")
    options["article_header_end"] = header
    config.html_theme_options = options


def _replace_locale(app: Any) -> None:
    # sphinx.transforms.i18n (a built-in extension) has registered Locale already.
    app.registry.transforms = [
        EditionLocale if transform is Locale else transform for transform in app.registry.transforms
    ]


def setup(app: Any) -> dict[str, Any]:
    app.add_config_value("sw_editions", {}, "html")
    app.connect("config-inited", _config_inited)
    _replace_locale(app)
    app.add_transform(KeepOriginals)
    app.add_transform(NoteFootnoteLabels)
    app.add_transform(RestoreFootnotes)
    app.add_transform(SameLanguageOriginals)
    app.add_transform(TranslateCaptions)
    app.connect("html-page-context", _page_context)
    app.add_css_file("editions.css")
    return {"parallel_read_safe": True, "parallel_write_safe": True}
