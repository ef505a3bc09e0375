"""The source texts on the book's pages, each sentence with its one translation.

``solitaire_widgets.source_texts.SENTENCES`` keeps every sentence of the three texts
with its one English translation. The pages print them through this extension,
so no page carries a copy of a translation:

- ``source-pair``: one paragraph of a text, the original beside its translation
  (a sphinx-design grid of two columns, ``.source-original`` and
  ``.source-translation``); each sentence of the original is a
  ``span.source-sentence`` with its anchor (``id="chain-s9-2"``: the game,
  the paragraph and the sentence, counted from 1), where a refusal's link
  in the page's tables lands. The argument names the game and the paragraph,
  counted from 1. Each line of the content puts footnote marks (or ``\\``, a
  line break) after the first words of the translation that match, searched from
  the previous mark on; the footnotes themselves stay in the page::

      ```{source-pair} quarrel 2
      comes out [^q-poluchitsya]
      of sorts. [^q-ssora]
      ```

- ``source-quote``: the original (whole sentences, or words with ``…`` where
  some are left out) quoted in its language, then its translation, each a block
  quote::

      ```{source-quote} chain
      Этот пасьянс допускает только два расклада.
      ```

- ``{translation}`game:original```: the translation alone, in running text.

The directives write MyST and parse it as the page's own text, so a page built
with them has the HTML it would have with the words typed in. :func:`expand`
does the same to a page's source, for the tests.
"""

from __future__ import annotations

import re
from typing import Any

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.util.docutils import SphinxDirective

from solitaire_widgets import source_texts
from solitaire_widgets.citations import sentence
from solitaire_widgets.source_texts import SENTENCES, TEXT_LANGUAGES, translate

#: A content line of ``source-pair``: words, then the marks that follow them.
_MARKS = re.compile(r"^(?P<words>.*?\S)\s+(?P<marks>(?:\s*(?:\[\^[\w-]+\]|\\))+)\s*$")

_PAIR = """\
::::{{grid}} 1 1 2 2
:gutter: 3
:class-container: source-pair

:::{{grid-item}}
:class: source-original

<div lang="{lang}">

{original}

</div>
:::

:::{{grid-item}}
:class: source-translation

{translation}
:::
::::
"""


def _language(game: str) -> str:
    """The language of ``game``'s original, for its ``lang`` attribute (its folder declares it)."""
    if game not in TEXT_LANGUAGES:
        raise ValueError(f"no source text for {game!r}; the texts are {', '.join(TEXT_LANGUAGES)}")
    return TEXT_LANGUAGES[game]


def mark(translation: str, marks: list[str]) -> str:
    """``translation`` with footnote marks and line breaks put after the words named.

    >>> mark("A solitaire for one deck of cards", ["solitaire \\\\", "deck [^koloda]"])
    'A solitaire\\\\\\nfor one deck[^koloda] of cards'
    """
    out, rest = "", translation
    for line in (line.strip() for line in marks):
        if not line:
            continue
        found = _MARKS.match(line)
        if found is None:
            raise ValueError(f"a mark line is words, then [^label] or \\: {line!r}")
        words = found["words"]
        at = rest.find(words)
        if at < 0:
            raise ValueError(f"{words!r} is not in the translation after the previous mark")
        end = at + len(words)
        out += rest[:end]
        rest = rest[end:]
        for token in re.findall(r"\[\^[\w-]+\]|\\", found["marks"]):
            if token == "\\":
                out += "\\\n"
                rest = rest.lstrip(" ")
            else:
                out += token
    return out + rest


def _anchored(game: str, paragraph: int, number: int, original: str) -> str:
    """A sentence of the original with its anchor, the id a refusal's link opens
    (``solitaire_widgets.citations.Sentence.anchor``), the same in every edition.

    >>> _anchored("chain", 9, 2, "Третий раз не разрешается.")
    '<span class="source-sentence" id="chain-s9-2">Третий раз не разрешается.</span>'
    """
    anchor = sentence(game, f"{paragraph}.{number}").anchor
    return f'<span class="source-sentence" id="{anchor}">{original}</span>'


def pair_markdown(game: str, number: int, marks: list[str] | None = None) -> str:
    """The MyST of paragraph ``number`` (from 1) of ``game``'s text beside its translation."""
    lang = _language(game)
    paragraphs = SENTENCES[game]
    if not 1 <= number <= len(paragraphs):
        raise ValueError(f"the {game} text has paragraphs 1 to {len(paragraphs)}, not {number}")
    paragraph = paragraphs[number - 1]
    original = " ".join(_anchored(game, number, at, words)
                        for at, (words, _) in enumerate(paragraph, 1))
    translation = mark(" ".join(english for _, english in paragraph), marks or [])
    return _PAIR.format(lang=lang, original=original, translation=translation)


def quote_markdown(game: str, original: str) -> str:
    """The MyST of ``original`` quoted in its language, then its translation.

    >>> print(quote_markdown("chain", "…четыре любые карты…"))
    <div lang="ru">
    <BLANKLINE>
    > …четыре любые карты…
    <BLANKLINE>
    </div>
    <BLANKLINE>
    > …any four cards…
    <BLANKLINE>
    """
    lang = _language(game)
    original = " ".join(original.split())
    english = translate(game, original)
    return f'<div lang="{lang}">\n\n> {original}\n\n</div>\n\n> {english}\n'


def _role_words(text: str) -> tuple[str, str]:
    game, sep, original = text.partition(":")
    if not sep:
        raise ValueError(f"write the translation role as game:original, not {text!r}")
    return game.strip(), " ".join(original.split())


def role_text(text: str) -> str:
    """What ``{translation}`game:original``` prints.

    >>> role_text("chain:четыре любые карты")
    'any four cards'
    """
    game, original = _role_words(text)
    _language(game)
    return translate(game, original)


_DIRECTIVE = re.compile(r"^```\{(?P<name>source-pair|source-quote)\}[ \t]*(?P<args>.*)\n"
                        r"(?P<body>(?:.*\n)*?)```[ \t]*$", re.M)
_ROLE = re.compile(r"\{translation\}`(?P<text>[^`]+)`")


def expand(page: str) -> str:
    """A page's MyST source with this extension's directives and roles written out.

    >>> print(expand('Take «четыре любые карты», "{translation}`chain:четыре любые карты`".'))
    Take «четыре любые карты», "any four cards".
    """

    def directive(found: re.Match[str]) -> str:
        args = found["args"].split()
        body = found["body"].splitlines()
        if found["name"] == "source-pair":
            return pair_markdown(args[0], int(args[1]), body).rstrip("\n")
        return quote_markdown(args[0], " ".join(body)).rstrip("\n")

    page = _DIRECTIVE.sub(directive, page)
    return _ROLE.sub(lambda found: role_text(found["text"]), page)


class _Parsed(SphinxDirective):
    """A directive that writes MyST and parses it as the page's own text."""

    def parse(self, text: str) -> list[nodes.Node]:
        # The page is read again whenever a translation changes.
        self.env.note_dependency(source_texts.__file__)
        holder = nodes.Element()
        self.state.nested_parse(StringList(text.splitlines(), self.get_source_info()[0]),
                                self.content_offset, holder)
        return list(holder.children)


class SourcePair(_Parsed):
    """``source-pair game number``: a paragraph of a text beside its translation."""

    required_arguments = 2
    has_content = True

    def run(self) -> list[nodes.Node]:
        game, number = self.arguments
        try:
            text = pair_markdown(game, int(number), list(self.content))
        except (KeyError, ValueError) as error:
            raise self.error(f"source-pair {game} {number}: {error}") from error
        return self.parse(text)


class SourceQuote(_Parsed):
    """``source-quote game``: the original in the content, then its translation."""

    required_arguments = 1
    has_content = True
    def run(self) -> list[nodes.Node]:
        (game,) = self.arguments
        try:
            text = quote_markdown(game, " ".join(self.content))
        except (KeyError, ValueError) as error:
            raise self.error(f"source-quote {game}: {error}") from error
        return self.parse(text)


def translation_role(name: str, rawtext: str, text: str, lineno: int, inliner: Any,
                     options: dict[str, Any] | None = None,
                     content: list[str] | None = None) -> tuple[list[nodes.Node], list[Any]]:
    """``{translation}`game:original```: the one translation of ``original``."""
    env = getattr(inliner.document.settings, "env", None)
    if env is not None:  # the page is read again whenever a translation changes
        env.note_dependency(source_texts.__file__)
    try:
        return [nodes.Text(role_text(text))], []
    except (KeyError, ValueError) as error:
        message = inliner.reporter.error(f"translation: {error}", line=lineno)
        problem = inliner.problematic(rawtext, rawtext, message)
        return [problem], [message]


def setup(app: Any) -> dict[str, Any]:
    app.add_directive("source-pair", SourcePair)
    app.add_directive("source-quote", SourceQuote)
    app.add_role("translation", translation_role)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
