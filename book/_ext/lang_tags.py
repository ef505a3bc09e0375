"""Mark Russian and Polish words with their language (``lang``) in the HTML.

Screen readers pronounce a word by the language of its element, so a Russian
or Polish word inside an English sentence needs ``<span lang="ru">`` or
``<span lang="pl">``.

- Russian needs no markup: every run of Cyrillic words in the running text
  (notes, glossary, headings, tables) is wrapped in ``<span lang="ru">``;
  Russian is the only language in Cyrillic here. The Russian edition's pages
  are ``lang="ru"`` as a whole, so there it wraps nothing (unless the page is
  shown in English). Code, literal text and raw
  HTML (which sets its own ``lang``) are left alone.
- Polish is written in Latin letters, so it is marked by hand with the roles
  ``{pl}`pasjans```, and ``*{pl}`w kolorze`*`` for italics. A ``{ru}``
  role exists for symmetry (a Russian word given in Latin letters).
"""

from __future__ import annotations

import re
from typing import Any

from docutils import nodes
from sphinx.transforms.post_transforms import SphinxPostTransform

#: A run of Cyrillic words, with the spaces and punctuation between them.
CYRILLIC_RUN = re.compile(
    r"[\u0400-\u04FF]+(?:[\s\-\u2010-\u2014,.;:!?«»„“”'’()]*[\u0400-\u04FF]+)*"
)

#: Nodes whose text is never tagged: code, raw HTML, comments.
_SKIP = (nodes.FixedTextElement, nodes.literal, nodes.raw, nodes.comment,
         nodes.system_message)


class lang_span(nodes.inline):  # noqa: N801 (docutils node classes are lower case)
    """An inline run of text in another language: ``<span lang="..">``."""


def _visit_lang_span_html(self: Any, node: lang_span) -> None:
    self.body.append(self.starttag(node, "span", "", lang=node["lang"]))


def _depart_lang_span_html(self: Any, node: lang_span) -> None:
    self.body.append("</span>")


def _visit_plain(self: Any, node: lang_span) -> None:
    pass


def _depart_plain(self: Any, node: lang_span) -> None:
    pass


def _lang_role(lang: str) -> Any:
    def role(name: str, rawtext: str, text: str, lineno: int, inliner: Any,
             options: dict[str, Any] | None = None,
             content: list[str] | None = None) -> tuple[list[nodes.Node], list[nodes.Node]]:
        return [lang_span(rawtext, text, lang=lang)], []

    return role


def _inside(node: nodes.Node, kinds: tuple[type[nodes.Node], ...]) -> bool:
    parent = node.parent
    while parent is not None:
        if isinstance(parent, kinds):
            return True
        parent = parent.parent
    return False


def tag_cyrillic(text: str) -> list[nodes.Node]:
    """``text`` split into plain text and ``lang="ru"`` spans around its Cyrillic runs.

    >>> [(type(n).__name__, n.astext()) for n in tag_cyrillic("the word колода (a log)")]
    [('Text', 'the word '), ('lang_span', 'колода'), ('Text', ' (a log)')]
    """
    parts: list[nodes.Node] = []
    start = 0
    for match in CYRILLIC_RUN.finditer(text):
        if match.start() > start:
            parts.append(nodes.Text(text[start:match.start()]))
        parts.append(lang_span(match.group(), match.group(), lang="ru"))
        start = match.end()
    if start < len(text):
        parts.append(nodes.Text(text[start:]))
    return parts


class TagCyrillic(SphinxPostTransform):
    """Wrap every run of Cyrillic words of the running text in ``lang="ru"``."""

    default_priority = 900
    formats = ("html",)

    def run(self, **kwargs: Any) -> None:
        if self.config.language == "ru" and not self.document.get("sw_in_english"):
            return  # the Russian edition's page is lang="ru" already (book/_ext/editions.py)
        for text in list(self.document.findall(nodes.Text)):
            if not CYRILLIC_RUN.search(text) or _inside(text, (*_SKIP, lang_span)):
                continue
            parent = text.parent
            if parent is None:
                continue
            parent.replace(text, tag_cyrillic(str(text)))


def setup(app: Any) -> dict[str, Any]:
    plain = (_visit_plain, _depart_plain)
    app.add_node(lang_span, html=(_visit_lang_span_html, _depart_lang_span_html),
                 latex=plain, text=plain, man=plain, texinfo=plain)
    app.add_role("pl", _lang_role("pl"))
    app.add_role("ru", _lang_role("ru"))
    app.add_post_transform(TagCyrillic)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
