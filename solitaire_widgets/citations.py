"""The sentences of the source texts that a rule rests on: found, cited and said.

A sentence of a text is found by its game and either its short key,
``"<paragraph>.<sentence>"`` counted from 1 as the book prints the text, or
its original words (spaces and line breaks do not matter):

>>> found = sentence("chain", "9.2")
>>> found.original
'Третий раз не разрешается.'
>>> found.english
'A third time is not allowed.'
>>> sentence("chain", "Третий  раз не разрешается.").key
'9.2'
>>> found.anchor                      # its id in the book's chapter, the same in every edition
'chain-s9-2'
>>> found.translation("pl")
'Trzeci raz jest niedozwolony.'

A key that names no sentence is refused, in a reader's words:

>>> sentence("chain", "99.1")
Traceback (most recent call last):
...
KeyError: 'the chain text has no sentence 99.1'

A :class:`Citation` is what a refusal, or a kind of legal move, rests on:
sentences of one text, and the name of the reading of an unclear passage it
follows, if any (the title of its section on the book's "Where the text is
unclear" page). :func:`cite` makes one from keys or originals:

>>> why = cite("chain", "9.1", "9.2")
>>> why.sentences
('Этот пасьянс допускает только два расклада.', 'Третий раз не разрешается.')
>>> print(why.say("en"))
the text: «Этот пасьянс допускает только два расклада.» (This solitaire allows only two layouts.) «Третий раз не разрешается.» (A third time is not allowed.)

:func:`refused` joins a citation to a refusal's words (a :class:`Refusal`,
still the plain message as a string); the games' ``why_illegal`` return them,
and :class:`~solitaire_widgets.errors.IllegalMoveError` carries the citation on
(its ``sentences``).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from .i18n import N_, check_language, current_language, translations
from .source_texts import SENTENCES, quote, translate

__all__ = ["Sentence", "Citation", "Refusal", "sentence", "text_sentences", "cite",
           "refused", "NO_CITATION", "THE_TEXT", "OUR_READING"]


#: The words around a citation, said in the reader's language (front ends use them too).
THE_TEXT = N_("the text:")
OUR_READING = N_("(our reading: {reading})")


@dataclass(frozen=True)
class Sentence:
    """One sentence of a source text, where it stands and its English translation."""

    #: The game whose text it is.
    game: str
    #: Its paragraph and its place in the paragraph, each counted from 1.
    paragraph: int
    number: int
    #: The original, exactly as ``solitaire_widgets.source_texts.SENTENCES`` holds it.
    original: str
    #: Its one English translation.
    english: str

    @property
    def key(self) -> str:
        """The short key, ``"<paragraph>.<sentence>"``."""
        return f"{self.paragraph}.{self.number}"

    @property
    def anchor(self) -> str:
        """The ``id`` the book gives the sentence in the game's chapter (every edition)."""
        return f"{self.game}-s{self.paragraph}-{self.number}"

    def translation(self, language: str | None = None) -> str:
        """The sentence in ``language`` (None: the current one); the original itself in
        the text's own language."""
        return translate(self.game, self.original, language)

    def quote(self, language: str | None = None) -> str:
        """«original» (translation), the translation left out in the text's own language.

        >>> sentence("klondike", "1.5").quote("en")
        '«Reszta kart zostaje w ręku.» (The rest of the cards stay in the hand.)'
        """
        return quote(self.game, self.original, language=language)


@functools.cache
def text_sentences(game: str) -> tuple[Sentence, ...]:
    """Every sentence of ``game``'s text, in order.

    >>> len(text_sentences("klondike")), text_sentences("klondike")[0].key
    (20, '1.1')
    """
    if game not in SENTENCES:
        raise KeyError(f"there is no source text for {game!r}; the texts are "
                       f"{', '.join(SENTENCES)}")
    return tuple(Sentence(game, p, n, original, english)
                 for p, paragraph in enumerate(SENTENCES[game], 1)
                 for n, (original, english) in enumerate(paragraph, 1))


@functools.cache
def _index(game: str) -> dict[str, Sentence]:
    index: dict[str, Sentence] = {}
    for found in text_sentences(game):
        index[found.key] = found
        index[" ".join(found.original.split())] = found
    return index


def sentence(game: str, key: str) -> Sentence:
    """The sentence of ``game``'s text named by ``key``: ``"<paragraph>.<sentence>"``
    or its original words."""
    found = _index(game).get(" ".join(key.split()))
    if found is None:
        raise KeyError(f"the {game} text has no sentence {key}")
    return found


@dataclass(frozen=True)
class Citation:
    """The sentences of one text a rule rests on, and the reading it follows, if any."""

    #: The game whose text is cited.
    game: str
    #: The sentences, originals exactly as ``sources.SENTENCES[game]`` holds them.
    sentences: tuple[str, ...] = ()
    #: The title (in English) of the section of the game's "Where the text is unclear"
    #: page whose reading the rule follows; None where the text is plain.
    reading: str | None = None

    def __bool__(self) -> bool:
        return bool(self.sentences)

    def key_list(self) -> list[str]:
        """The sentences' short keys.

        >>> cite("chain", "Третий раз не разрешается.").key_list()
        ['9.2']
        """
        return [found.key for found in self.cited]

    @property
    def cited(self) -> tuple[Sentence, ...]:
        """The sentences, found in the text (with their keys and anchors)."""
        return tuple(sentence(self.game, original) for original in self.sentences)

    def reading_words(self, language: str | None = None) -> str:
        """The reading's title in ``language`` (None: the current one), or ``""``.

        >>> cite("chain", "7.1", reading="When the auxiliary row may be laid").reading_words("pl")
        'Kiedy można wyłożyć rząd pomocniczy'
        """
        if self.reading is None:
            return ""
        language = current_language() if language is None else check_language(language)
        return translations(language).gettext(self.reading)

    def say(self, language: str | None = None) -> str:
        """The citation as a line: each sentence quoted with its translation into
        ``language`` (None: the current one), then the reading; ``""`` when there is none."""
        language = current_language() if language is None else check_language(language)
        if not self.sentences:
            return ""
        catalog = translations(language)
        line = " ".join([catalog.gettext(THE_TEXT),
                         *(found.quote(language) for found in self.cited)])
        if self.reading is not None:
            line += " " + catalog.gettext(OUR_READING).format(
                reading=self.reading_words(language))
        return line


#: The citation of a refusal no sentence covers.
NO_CITATION = Citation("")


def cite(game: str, *keys: str, reading: str | None = None) -> Citation:
    """The citation of ``keys`` (short keys or originals) of ``game``'s text, following
    ``reading`` (a section title of the game's "Where the text is unclear" page)."""
    return Citation(game, tuple(sentence(game, key).original for key in keys), reading)


class Refusal(str):
    """A refusal's words, which still read as the plain message, and the citation
    they rest on (``citation``; empty for a refusal no sentence covers).

    >>> words = Refusal("nope", cite("chain", "9.2"))
    >>> words, words.citation.sentences
    ('nope', ('Третий раз не разрешается.',))
    """

    citation: Citation

    def __new__(cls, message: str, citation: Citation = NO_CITATION) -> Refusal:
        made = super().__new__(cls, message)
        made.citation = citation
        return made

    def __reduce__(self) -> tuple[type[Refusal], tuple[str, Citation]]:
        return Refusal, (str(self), self.citation)


def refused(game: str, message: str, *keys: str, reading: str | None = None) -> Refusal:
    """``message`` (a refusal in a player's words) resting on sentences ``keys`` of
    ``game``'s text, following ``reading``; no keys: a refusal no sentence covers.

    >>> refused("chain", "a third deal is not allowed", "9.2").citation.sentences
    ('Третий раз не разрешается.',)
    """
    return Refusal(message, cite(game, *keys, reading=reading) if keys else Citation(game))


