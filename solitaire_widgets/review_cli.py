"""``solitaire-widgets review SAVE``: a saved game reviewed (see :mod:`solitaire_widgets.review`).

>>> import tempfile, os
>>> from solitaire_widgets import new_game
>>> game = new_game("chain", seed=5)
>>> path = os.path.join(tempfile.mkdtemp(), "chain.json")
>>> _ = open(path, "w").write(game.to_json())
>>> from solitaire_widgets.cli import main
>>> main(["review", path, "--json"])  # doctest: +ELLIPSIS
{"game": "chain", "seed": 5, ... "turning_point": null, ...}
0
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from typing import Any

from .argparse_words import number, whole_number
from .errors import OptionError
from .i18n import _, format_number, pgettext
from .review import Review, describe_verdict, review
from .save_reader import load_game

__all__ = ["add_review_parser", "account"]

#: A review of more moves than this shows a progress bar (without --json).
LONG_REVIEW = 30


def add_review_parser(sub: Any) -> None:
    """The ``review`` command, on the command line's subcommands ``sub``."""
    parser = sub.add_parser("review", help=_("review a saved game: where could it no longer "
                                             "be won, and what would have kept the win"))
    parser.add_argument("save", metavar=pgettext("metavar", "save"),
                        help=_("a game saved by Game.to_json()"))
    parser.add_argument("--max-nodes", type=whole_number, default=100_000,
                        metavar=pgettext("metavar", "MAX_NODES"),
                        help=_("the budget of one search, in positions (default 100000)"))
    parser.add_argument("--max-seconds", type=number, default=None,
                        metavar=pgettext("metavar", "MAX_SECONDS"),
                        help=_("the budget of the whole review, in seconds (default: none)"))
    parser.add_argument("--line", action="store_true",
                        help=_("print the winning line from the turning point too"))
    parser.add_argument("--json", action="store_true", help=_("print JSON"))
    parser.set_defaults(run=_cmd_review)


def _read(path: str) -> bytes:
    try:
        with open(path, "rb") as handle:
            return handle.read()
    except OSError as error:
        raise OptionError(_("cannot read {path}: {reason}").format(
            path=path, reason=error.strerror or error)) from None


def _bar() -> Callable[[float], None]:
    """A progress bar on standard error (tqdm's when installed, else a plain line),
    drawn from the first share shown."""
    drawn: list[Callable[[float], None]] = []

    def show(share: float) -> None:
        if not drawn:
            drawn.append(_new_bar())
        drawn[0](share)

    return show


def _new_bar() -> Callable[[float], None]:
    try:
        from tqdm import tqdm  # type: ignore[import-untyped,unused-ignore]
    except ImportError:
        start = time.monotonic()

        def plain(share: float) -> None:
            filled = int(30 * share)
            sys.stderr.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] {share:4.0%}, "
                             f"{time.monotonic() - start:.0f} s")
            if share >= 1:
                sys.stderr.write("\n")
            sys.stderr.flush()

        return plain
    bar = tqdm(total=100, unit="%", file=sys.stderr, dynamic_ncols=True)

    def show(share: float) -> None:
        bar.update(int(share * 100) - bar.n)
        if share >= 1:
            bar.close()

    return show


def _cmd_review(args: argparse.Namespace) -> int:
    game = load_game(_read(args.save))
    show = _bar() if not args.json and game.moves_played > LONG_REVIEW else None
    result = review(game, max_nodes=args.max_nodes, max_seconds=args.max_seconds,
                    progress=show)
    if show is not None and result.complete is False:
        show(1.0)
    if args.json:
        print(json.dumps(result.to_dict(), ensure_ascii=False))
    else:
        print(account(result, line=args.line))
    return 0


_MARKS = {"won": "+", "lost": "-", "unknown": "?"}


def account(result: Review, line: bool = False) -> str:
    """The review in words: a line for each move with the verdict after it, then the summary.

    >>> from solitaire_widgets import new_game
    >>> print(account(review(new_game("chain", seed=5))))  # doctest: +ELLIPSIS
    the deal ...
    """
    opening = _("the deal")
    out = [f"{opening:>5} {_MARKS[result.verdicts[0]]} {describe_verdict(result.verdicts[0])}"]
    for k, words in enumerate(result.words):
        verdict = result.verdicts[k + 1]
        text = f"{k + 1:>4}. {_MARKS[verdict]} {words}"
        if k == result.turning_point:
            text += "   <- " + _("the turning point: after it the deal could not be won")
        out.append(text)
    out.append("")
    out.append(result.summary())
    if line and result.line:
        out.append(_("A winning line from move {number}:").format(
            number=format_number((result.turning_point or 0) + 1)))
        out.extend("  " + str(move) for move in result.line)
    out.append(_("{searched} positions searched, {settled} of {positions} settled, "
                 "{seconds:.1f} s").format(searched=format_number(result.searched),
                                           settled=format_number(result.settled),
                                           positions=format_number(len(result.verdicts)),
                                           seconds=result.seconds))
    return "\n".join(out)
