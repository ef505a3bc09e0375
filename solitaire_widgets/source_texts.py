"""The games' source texts, sentence by sentence, each with its one English translation.

This is the one place where a source sentence is translated: the book's pages
name the sentences and its build prints these translations beside the
originals (``book/_ext/source_texts.py``), and the examples' captions quote the
originals with them through :func:`quote`. Each game's folder holds its own
text, ``games/<game>/source.py``: a :class:`SourceText`, the language it is
written in, its paragraphs and its quoted phrases; the registry
(``solitaire_widgets.games``) gathers them here with :func:`add_text`.
``SENTENCES[game]`` holds the text's paragraphs in order, each a tuple of
``(original, translation)`` sentences; ``PHRASES[game]`` the few words quoted
out of a sentence, each translated as it is in its sentence.

>>> translate("chain", "Третий раз не разрешается.")
'A third time is not allowed.'
>>> quote("chain", "Третий раз не разрешается.", "No third deal.")
'«Третий раз не разрешается.» (A third time is not allowed.) No third deal.'

A reader of another language gets the translation into it, from the
``texts`` catalog (context ``source:<game>``, the original as the message);
a reader of the text's own language gets the original itself:

>>> translate("chain", "Третий раз не разрешается.", "pl")
'Trzeci raz jest niedozwolony.'
>>> quote("chain", "Третий раз не разрешается.", language="ru")
'«Третий раз не разрешается.»'
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from .i18n import check_language, current_language, translations

__all__ = ["SENTENCES", "PHRASES", "TEXT_LANGUAGES", "SourceText", "add_text", "drop_text",
           "translate", "quote", "quoted", "translated", "Said", "sentences", "source_language"]


@dataclass(frozen=True)
class SourceText:
    """A game's source text, as its folder declares it (``games/<game>/source.py``).

    >>> text = SourceText("ru", ((("Третий раз не разрешается.", "A third time is not allowed."),),))
    >>> text.language, len(text.sentences)
    ('ru', 1)
    """

    #: The language the text is written in (a language code: ``"ru"``, ``"pl"``).
    language: str
    #: Its paragraphs in order, each a tuple of ``(original, translation)`` sentences.
    sentences: tuple[tuple[tuple[str, str], ...], ...]
    #: Words quoted out of a sentence, with their translation as the sentence has it.
    phrases: Mapping[str, str] = field(default_factory=dict)


#: Each game's text: its paragraphs of ``(original, translation)`` sentences.
SENTENCES: dict[str, tuple[tuple[tuple[str, str], ...], ...]] = {}
#: Each game's phrases: words quoted out of a sentence, with their translation.
PHRASES: dict[str, dict[str, str]] = {}
#: The language each game's text is written in, as its folder declares it.
TEXT_LANGUAGES: dict[str, str] = {}

_LANGUAGE_CODE = re.compile(r"[a-z]{2,3}")


def add_text(game: str, text: SourceText) -> None:
    """Gather ``game``'s source text (the registry does, for each game folder that holds one).

    A game given a text again has the new one. A language that is not a
    language code is refused:

    >>> add_text("chain", SourceText("Russian", ()))
    Traceback (most recent call last):
    ...
    ValueError: the chain text's language is a language code such as 'ru', not 'Russian'
    """
    if not isinstance(text.language, str) or not _LANGUAGE_CODE.fullmatch(text.language):
        raise ValueError(f"the {game} text's language is a language code such as 'ru', "
                         f"not {text.language!r}")
    SENTENCES[game] = text.sentences
    PHRASES[game] = dict(text.phrases)
    TEXT_LANGUAGES[game] = text.language
    _by_words.cache_clear()
    _in_language.cache_clear()


def drop_text(game: str) -> None:
    """Forget ``game``'s source text (a game taken out of the registry); none is harmless."""
    for gathered in (SENTENCES, PHRASES, TEXT_LANGUAGES):
        gathered.pop(game, None)
    _by_words.cache_clear()
    _in_language.cache_clear()


def source_language(game: str) -> str:
    """The language ``game``'s text is written in, as its folder declares it.

    >>> source_language("chain")
    'ru'
    >>> source_language("klondike")
    'pl'
    """
    return TEXT_LANGUAGES[game]


_ELLIPSIS = "…"
_ONE_SENTENCE = re.compile(r"(?<=[.!?…»)])\s+(?=[«(A-ZА-ЯŁŚŻ\"'])")


def sentences(game: str) -> dict[str, str]:
    """Every sentence of ``game``'s text, original to translation."""
    return {original: english for paragraph in SENTENCES[game] for original, english in paragraph}


@functools.cache
def _by_words(game: str) -> dict[str, str]:
    """``sentences(game)`` keyed by their words, one space between each."""
    return {" ".join(original.split()): english for original, english in sentences(game).items()}


@functools.cache
def _in_language(game: str, language: str) -> dict[str, str]:
    """Every sentence and phrase of ``game``'s text, keyed by its words, in ``language``
    (the ``texts`` catalog's translation; English where the catalog has none)."""
    catalog = translations(language)
    said = {}
    for original, english in [*sentences(game).items(), *PHRASES[game].items()]:
        translated = catalog.pgettext(f"source:{game}", original)
        said[" ".join(original.split())] = english if translated == original else translated
    return said


def _one(game: str, words: str, language: str = "en") -> str:
    table = _by_words(game) if language == "en" else _in_language(game, language)
    if words in table:
        return table[words]
    phrase = PHRASES[game].get(words)
    if phrase is not None:
        return phrase
    bracketed = table.get(f"({words})")
    if bracketed is not None:  # a sentence the text puts in brackets, quoted without them
        return bracketed[1:-1]
    raise KeyError(f"{words!r} is not a sentence of the {game} text, nor a phrase of one")


def translate(game: str, original: str, language: str | None = None) -> str:
    """The translation of ``original`` into ``language`` (None: the current one): a
    sentence of the text, several in a row, or a phrase of ``PHRASES``; ``…``
    between them stands for words left out. In the text's own language it is
    the original itself.

    >>> translate("klondike", "Reszta kart zostaje w ręku.")
    'The rest of the cards stay in the hand.'
    >>> translate("klondike", "Reszta kart zostaje w ręku.", "ru")
    'Остальные карты остаются в руке.'
    >>> translate("klondike", "Reszta kart zostaje w ręku.", "pl")
    'Reszta kart zostaje w ręku.'
    """
    language = current_language() if language is None else check_language(language)
    if language == source_language(game):
        return original
    out = []
    for chunk in _ONE_SENTENCE.split(" ".join(original.split())):
        try:
            out.append(_one(game, chunk, language))
            continue
        except KeyError:
            if _ELLIPSIS not in chunk:
                raise
        # Words left out: "…" between two pieces, or at the start or the end.
        pieces = [_one(game, p.strip(), language) if p.strip() else ""
                  for p in chunk.split(_ELLIPSIS)]
        joined = pieces[0]
        for piece in pieces[1:]:
            joined += f" {_ELLIPSIS} {piece}" if joined and piece else _ELLIPSIS + piece
        out.append(joined)
    return " ".join(out)


def quote(game: str, original: str, note: str = "", *, language: str | None = None) -> str:
    """The original in guillemets, its translation in brackets (none in the text's own
    language), then ``note``; ``language``: the reader's (None: the current one).

    A sentence the text puts in brackets is quoted without them.
    """
    language = current_language() if language is None else check_language(language)
    said = translate(game, original, language)
    if original.startswith("(") and original.endswith(")"):
        original, said = original[1:-1], said[1:-1]
    words = f"«{original}»" if language == source_language(game) else f"«{original}» ({said})"
    if not note:
        return words
    # The note is a sentence of its own: a quotation that does not end one is ended.
    ended = original.endswith((".", "!", "?", "…")) if language == source_language(game) else (
        said.rstrip(")»").endswith((".", "!", "?", "…")))
    return f"{words} {note}" if ended else f"{words}. {note}"


#: A part of :class:`Said`: English words (said in the reader's language, from the
#: ``texts`` catalog), or a quotation ``(game, original, note)``.
_Part = str | tuple[str, str, str]


class Said(str):
    """Words of an example (its title, its summary, the words beside a step, which may
    quote the text): said in the reader's language when they are read.

    The examples are module constants, built once; their words keep the
    English and the quoted original, and say them in the current language
    each time they are turned into text (``str()``, ``format()``): the English
    from the ``texts`` catalog, a quotation with its translation into the
    reader's language. As a plain string it holds the English words, and
    joining it to a string (``+``) keeps it a :class:`Said`.

    >>> words = "the twos: " + quoted("chain", "Третий раз не разрешается.")
    >>> str(words)
    'the twos: «Третий раз не разрешается.» (A third time is not allowed.)'
    >>> from solitaire_widgets.i18n import use_language
    >>> with use_language("pl"):
    ...     str(words)
    'the twos: «Третий раз не разрешается.» (Trzeci raz jest niedozwolony.)'
    """

    parts: tuple[_Part, ...]

    def __new__(cls, parts: tuple[_Part, ...]) -> Said:
        made = super().__new__(cls, _say(parts, "en"))
        made.parts = parts
        return made

    def __str__(self) -> str:
        return _say(self.parts, current_language())

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __add__(self, other: str) -> Said:
        return Said(self.parts + _parts(other))

    def __radd__(self, other: str) -> Said:
        return Said(_parts(other) + self.parts)

    def __reduce__(self) -> tuple[type[Said], tuple[tuple[_Part, ...]]]:
        return Said, (self.parts,)


def _parts(words: str) -> tuple[_Part, ...]:
    return words.parts if isinstance(words, Said) else (str(words),)


def _say(parts: tuple[_Part, ...], language: str) -> str:
    catalog = translations(language)
    said = []
    for part in parts:
        if isinstance(part, str):
            said.append(catalog.gettext(part) if part.strip() else part)
        else:
            game, original, note = part
            said.append(quote(game, original, catalog.gettext(note) if note else note,
                              language=language))
    return "".join(said)


def translated(words: str) -> Said:
    """English ``words`` (marked for the catalogs where they are written), said in the
    current language when read: for module constants.

    >>> from solitaire_widgets.i18n import use_language
    >>> title = translated("Quarrel: where the base three of spades goes")
    >>> with use_language("pl"):
    ...     str(title)
    'Kłótnia: dokąd trafia bazowa trójka pik'
    """
    return words if isinstance(words, Said) else Said((words,))


def quoted(game: str, original: str, note: str = "") -> Said:
    """:func:`quote`, said when read (in the reader's language): for module constants."""
    return Said(((game, original, note),))
