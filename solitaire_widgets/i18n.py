"""The package's words in the reader's language: English, Russian or Polish.

Every sentence a player reads (statuses, refused moves, move descriptions,
the table in words, buttons, captions) is written in English in the code and
looked up in a gettext catalog per language,
``locales/<language>/LC_MESSAGES/<domain>.mo``, one catalog per domain:

- ``engine``: the rules' words (moves, refusals, statuses, pile names);
- ``tables``: the front ends' words (widgets, the page's tables, the CLI);
- ``texts``: the source texts' translations and the examples' notes.

The language is chosen per call, not per process: a front end wraps each of
its calls in :func:`use_language`, so two tables in two languages can share a
kernel. Outside any :func:`use_language`, the language is
``$SOLITAIRE_WIDGETS_LANGUAGE`` if set, else English.

>>> with use_language("ru"):
...     current_language()
'ru'
>>> current_language()
'en'
>>> ngettext("{n} card", "{n} cards", 2).format(n=2)
'2 cards'
>>> check_language("de")
Traceback (most recent call last):
...
solitaire_widgets.errors.OptionError: There is no language 'de': choose one of en, ru, pl.

Only the standard library's ``gettext`` is used at run time, so the words
work in the page's Pyodide engine too; the catalogs are written and compiled
with Babel (``make catalogs``).
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path

from .errors import OptionError, excerpt

__all__ = [
    "Language",
    "SPOKEN",
    "LANGUAGES",
    "BASE_LANGUAGE",
    "TRANSLATED",
    "spoken",
    "DOMAINS",
    "LOCALES",
    "check_language",
    "default_language",
    "current_language",
    "use_language",
    "translations",
    "_",
    "N_",
    "ngettext",
    "pgettext",
    "npgettext",
    "format_number",
    "format_percent",
    "format_decimal",
]

@dataclass(frozen=True)
class Language:
    """A language the package speaks, with what its front ends and the book need of it.

    >>> spoken("pl").name, spoken("pl").english
    ('Polski', 'Polish')
    """

    #: Its code: what :func:`use_language`, the front ends' ``language`` and the
    #: catalogs' folders (``locales/<code>``) use; the book's edition folder.
    code: str
    #: Its name in itself, as the book's language switch shows it.
    name: str
    #: Its name in English (said where the language itself cannot be shown).
    english: str
    #: A few of its letters that an ASCII terminal cannot show ("" for English).
    letters: str
    #: A pattern that finds a run of its words (and the spaces and punctuation
    #: between them) quoted among another language's, to mark it with ``lang``
    #: ("" for English, which is not marked).
    words: str
    #: How it writes numbers (as the CLDR gives it, what Babel's format_decimal
    #: writes): the group separator, the decimal separator, the fewest digits
    #: before grouping starts, and what follows a percentage.
    group: str
    decimal: str
    fewest: int
    percent: str


#: Every language the package speaks, English (the words as the code writes them) first.
#: The one list of languages: the page's tables get it from the engine's first answer
#: (``web.worker_api.booted``), the book's build and the Makefile ask for it here.
SPOKEN = (
    Language("en", "English", "English", letters="", words="",
             group=",", decimal=".", fewest=4, percent="%"),
    # Russian words: runs of Cyrillic (Russian is the only language here written in it).
    Language("ru", "Русский", "Russian", letters="Пасьянсёжщ",
             words=r"[\u0400-\u04FF]+(?:[\s\-\u2010-\u2014,.;:!?„“”'’()]*[\u0400-\u04FF]+)*",
             group="\u00a0", decimal=",", fewest=4, percent="\u00a0%"),
    # Polish words: words with a Polish letter (a quote should hold one).
    Language("pl", "Polski", "Polish", letters="ąęłńśźżó",
             words=(r"[\w]*[ąćęłńóśźżĄĆĘŁŃÓŚŹŻ][\w]*"
                    r"(?:[\s,.;:!?„“”'’()\-]+[\w]*[ąćęłńóśźżĄĆĘŁŃÓŚŹŻ][\w]*)*"),
             group="\u00a0", decimal=",", fewest=5, percent="%"),
)
#: The languages' codes, English first.
LANGUAGES = tuple(language.code for language in SPOKEN)
#: The language the words are written in, in the code and as the catalogs' messages;
#: the book's edition at the site's root.
BASE_LANGUAGE = LANGUAGES[0]
#: The languages the words are translated into, one catalog per domain each.
TRANSLATED = LANGUAGES[1:]
#: The catalogs, each in ``locales/<language>/LC_MESSAGES/<domain>.mo``.
DOMAINS = ("engine", "tables", "texts")
#: Where the catalogs live.
LOCALES = Path(__file__).with_name("locales")
#: The environment variable that sets the language outside :func:`use_language`.
ENVIRONMENT = "SOLITAIRE_WIDGETS_LANGUAGE"

_current: ContextVar[str | None] = ContextVar("solitaire_widgets_language", default=None)


def spoken(code: str) -> Language:
    """The language whose code is ``code`` (an :class:`OptionError` if the package does not
    speak it).

    >>> spoken("ru").name
    'Русский'
    """
    check_language(code)
    return SPOKEN[LANGUAGES.index(code)]


def check_language(language: object) -> str:
    """``language`` if the package speaks it, else an :class:`OptionError` in a player's words.

    >>> check_language("pl")
    'pl'
    """
    if isinstance(language, str) and language in LANGUAGES:
        return language
    raise OptionError(_("There is no language {language}: choose one of {languages}.").format(
        language=excerpt(language), languages=", ".join(LANGUAGES)))


@cache
def default_language() -> str:
    """``$SOLITAIRE_WIDGETS_LANGUAGE`` if it names a language the package speaks, else ``"en"``.

    The variable is read once (the engine words every move it plays, and asks
    this each time outside :func:`use_language`); after changing it in a running
    process, call ``default_language.cache_clear()``.
    """
    language = os.environ.get(ENVIRONMENT, "en")
    return language if language in LANGUAGES else "en"


def current_language() -> str:
    """The language of the innermost :func:`use_language`, else :func:`default_language`."""
    return _current.get() or default_language()


@contextmanager
def use_language(language: str | None) -> Iterator[str]:
    """Speak ``language`` inside the block (``None`` keeps the current one); yield it.

    Blocks nest; a new thread starts with the default language.

    >>> with use_language("pl"):
    ...     with use_language(None):
    ...         current_language()
    'pl'
    """
    chosen = current_language() if language is None else check_language(language)
    token = _current.set(chosen)
    try:
        yield chosen
    finally:
        _current.reset(token)


@cache
def translations(language: str) -> gettext.NullTranslations:
    """All of a language's catalogs chained in one (English: the words as written).

    A message missing from every catalog comes out in English.
    """
    check_language(language)
    chained: gettext.NullTranslations = gettext.NullTranslations()
    for domain in reversed(DOMAINS):
        catalog = _catalog(domain, language)
        if catalog is not chained:
            catalog.add_fallback(chained)
            chained = catalog
    return chained


def _catalog(domain: str, language: str) -> gettext.NullTranslations:
    """One compiled catalog, read as a package resource (so it is found in a zipped
    wheel too, as the page's Pyodide engine imports it); none: the words as written."""
    found = resources.files(__package__) / "locales" / language / "LC_MESSAGES" / f"{domain}.mo"
    if not found.is_file():
        return gettext.NullTranslations()
    with found.open("rb") as mo:
        return gettext.GNUTranslations(mo)


def _(message: str) -> str:
    """``message`` in the current language.

    >>> _("Nothing to undo.")
    'Nothing to undo.'
    """
    return translations(current_language()).gettext(message)


def N_(message: str) -> str:
    """``message`` unchanged: marks a constant for the catalogs, translated where it is read."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the count ``n`` (Russian and Polish have three)."""
    return translations(current_language()).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, told apart from the same words by ``context``."""
    return translations(current_language()).pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` with a context, as :func:`pgettext`."""
    return translations(current_language()).npgettext(context, singular, plural, n)


def format_number(n: int) -> str:
    """A whole number written as the current language writes it.

    >>> format_number(12345)
    '12,345'
    >>> with use_language("pl"):
    ...     format_number(1000), format_number(12345)
    ('1000', '12\\xa0345')
    """
    language = spoken(current_language())
    digits = str(abs(n))
    if len(digits) >= language.fewest:
        head = len(digits) % 3 or 3
        digits = language.group.join([digits[:head]] + [digits[i:i + 3] for i in range(head, len(digits), 3)])
    return ("-" if n < 0 else "") + digits


def format_decimal(x: float, digits: int = 1) -> str:
    """A number with ``digits`` decimals, written as the current language writes it.

    >>> format_decimal(1234.56)
    '1,234.6'
    >>> with use_language("ru"):
    ...     format_decimal(0.94)
    '0,9'
    """
    decimal = spoken(current_language()).decimal
    whole, _dot, fraction = f"{abs(x):.{digits}f}".partition(".")
    text = "-" if x < 0 and float(f"{abs(x):.{digits}f}") else ""
    return text + format_number(int(whole)) + (decimal + fraction if fraction else "")


def format_percent(x: float, digits: int = 1) -> str:
    """A share (0.453 for 45.3%) written as a percentage in the current language.

    >>> format_percent(0.4534)
    '45.3%'
    >>> with use_language("ru"):
    ...     format_percent(0.4534)
    '45,3\\xa0%'
    """
    language = spoken(current_language())
    whole, _dot, fraction = f"{abs(x) * 100:.{digits}f}".partition(".")
    text = ("-" if x < 0 and float(f"{abs(x) * 100:.{digits}f}") else "")
    text += format_number(int(whole)) + (language.decimal + fraction if fraction else "")
    return text + language.percent
