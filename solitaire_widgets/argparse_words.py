"""argparse's own words (usage errors, help headings) in the player's language.

argparse words its messages with ``gettext`` (its module's ``_`` and
``ngettext``, the global ``messages`` domain), so under ``--language ru`` a
mistyped command line would be refused in English. The messages the command
line can show are listed here with :func:`~solitaire_widgets.i18n.N_`, so that
``make catalogs`` puts them in the ``tables`` catalog beside the rest of the
command line's words, and :func:`argparse_in_language` words them from there
while the command line reads its arguments.

>>> import argparse
>>> from solitaire_widgets.i18n import use_language
>>> parser = argparse.ArgumentParser(prog="p", add_help=False)
>>> with use_language("pl"), argparse_in_language():
...     parser.format_usage()
'użycie: p\\n'
>>> parser.format_usage()
'usage: p\\n'
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from contextlib import contextmanager

from .errors import excerpt
from .i18n import N_, _, ngettext

__all__ = ["ARGPARSE_WORDS", "argparse_in_language", "whole_number", "number"]

#: The msgids of argparse (Python 3.10 to 3.13) that the command line can show;
#: they must be spelled exactly as argparse spells them.
ARGPARSE_WORDS = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("optional arguments"),            # Python 3.10's heading for options
    N_("show this help message and exit"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("unrecognized arguments: %s"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("unexpected option string: %s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("%(prog)s: error: %(message)s\n"),
)


@contextmanager
def argparse_in_language() -> Iterator[None]:
    """Inside the block, argparse words its messages in the current language
    (:func:`~solitaire_widgets.i18n.use_language`); outside, as before."""
    saved = argparse.__dict__.get("_"), argparse.__dict__.get("ngettext")
    setattr(argparse, "_", _)  # noqa: B010 (argparse looks up its module globals)
    setattr(argparse, "ngettext", ngettext)  # noqa: B010
    try:
        yield
    finally:
        setattr(argparse, "_", saved[0])  # noqa: B010
        setattr(argparse, "ngettext", saved[1])  # noqa: B010


def whole_number(text: str) -> int:
    """An argument that is a whole number (argparse's own refusal would name
    Python's ``int``).

    >>> whole_number("12")
    12
    >>> whole_number("x")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: 'x' is not a whole number
    """
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("{value} is not a whole number").format(value=excerpt(text))) from None


def number(text: str) -> float:
    """An argument that is a number, e.g. ``2.5`` (argparse's own refusal would
    name Python's ``float``).

    >>> number("2.5")
    2.5
    """
    try:
        return float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("{value} is not a number").format(value=excerpt(text))) from None
