"""The command line: ``python -m solitaire_widgets`` (also ``solitaire-widgets``).

A player's mistake (a bad option, deck, address...) is one line on standard
error and exit status 2; output that cannot be written (a full disk, a closed
standard output) is one line and status 1; output cut short by a closed pipe
ends quietly, with status 1; an output encoding without "—", "…" or the suit
symbols gets plain stand-ins. ``export-html`` writes only into a folder
named (not the current one, unnamed) and overwrites a page there only
with ``--force``.

>>> main(["show", "chain", "--seed", "5"])  # doctest: +ELLIPSIS
Chain, deal 5
...
0

``--language ru`` (or ``pl``; the default is ``$SOLITAIRE_WIDGETS_LANGUAGE``,
else English) says it all in that language.
"""

from __future__ import annotations

import argparse
import codecs
import errno
import io
import json
import os
import sys
import unicodedata
from collections.abc import Sequence
from typing import Any, NoReturn

from .errors import OptionError, SolitaireError, excerpt
from .game import Game
from .games import GAMES, rules_class, rules_for
from .i18n import LANGUAGES, _, default_language, use_language
from .strategies import get_strategy, play_out
from .text import render_text
from .writer import pile_data, position_data

__all__ = ["main"]


#: Printed in place of characters the output encoding lacks.
_PLAIN = {"—": "-", "–": "-", "…": "...", "→": "->", "←": "<-", "«": '"', "»": '"',
          "‘": "'", "’": "'", "“": '"', "”": '"', "♣": "C", "♦": "D", "♥": "H", "♠": "S",
          "×": "x", "±": "+/-", "≤": "<=", "≥": ">="}


def _plain(error: UnicodeError) -> tuple[str, int]:
    """Codec error handler: a plain stand-in for each character that cannot be printed."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    out = []
    for char in error.object[error.start:error.end]:
        stand_in = _PLAIN.get(char)
        if stand_in is None:
            stand_in = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode()
        out.append(stand_in or "?")
    return "".join(out), error.end


codecs.register_error("solitaire_widgets.plain", _plain)


def _printable_streams() -> None:
    # PYTHONIOENCODING=ascii (or an old console) must not turn "—" into a traceback.
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            try:
                "—…♠".encode(stream.encoding)
            except (UnicodeEncodeError, LookupError):
                stream.reconfigure(errors="solitaire_widgets.plain")


def _options(pairs: Sequence[str]) -> dict[str, str]:
    options: dict[str, str] = {}
    for pair in pairs:
        if "=" not in pair:
            raise OptionError(_("write an option as NAME=VALUE, e.g. aux_row=at-start, "
                                "not {value}").format(value=excerpt(pair)))
        name, value = pair.split("=", 1)
        options[name.strip()] = value.strip()
    return options


def _game(args: argparse.Namespace) -> Game:
    # Options go as a mapping, so an option may be called "seed" or "name" (and is refused).
    return Game(rules_for(args.game, _options(args.option)), seed=args.seed, deck=args.deck)


def _cmd_show(args: argparse.Namespace) -> int:
    game = _game(args)
    if args.json:
        print(json.dumps(position_data(game)))
    else:
        print(render_text(game))
    return 0


def _cmd_play(args: argparse.Namespace) -> int:
    game = _game(args)
    outcome = play_out(game, get_strategy(game.name, args.strategy, seed=game.seed))
    if args.json:
        print(json.dumps({
            "game": game.name, "seed": game.seed, "options": game.options,
            "strategy": get_strategy(game.name, args.strategy).name,
            "won": outcome.won, "moves": [str(s.move) for s in game.history],
            "reason": outcome.reason,
        }))
    else:
        for number, step in enumerate(game.history, start=1):
            print(f"{number:4}. {str(step.move):10} {step.text}")
        print((_("Won: {reason}") if outcome.won else _("Lost: {reason}")).format(
            reason=outcome.reason))
    return 0


def _cmd_stats(args: argparse.Namespace) -> int:
    from .stats import run_stats

    report = run_stats(args.game, args.deals, seed=args.seed or 0, workers=args.workers,
                       strategy=args.strategy, options=_options(args.option),
                       solver=args.solver, max_nodes=args.max_nodes, dask=args.dask)
    print(json.dumps(report.to_dict()) if args.json else str(report))
    return 0


def _cmd_example(args: argparse.Namespace) -> int:
    from .examples import example_names, get_example

    if args.list or not args.name:
        for name in example_names():
            print(f"{name:28} {get_example(name).title}")
        return 0
    example = get_example(args.name)
    game = example.play()
    if args.json:
        print(json.dumps({"name": example.name, "game": game.name, "title": str(example.title),
                          "moves": [m for m, _ in example.steps], "piles": pile_data(game)},
                         ensure_ascii=False))
    else:
        print(str(example.title))
        print(str(example.summary))
        print()
        print(render_text(game))
    return 0


def _cmd_export_html(args: argparse.Namespace) -> int:
    from pathlib import Path

    from .web import export_html

    if not args.directory.strip():
        raise OptionError(_("name the folder to write, e.g. export-html chain my-table "
                            "(an empty name would write into the current folder)"))
    page = Path(args.directory) / "index.html"
    if page.exists() and not args.force:
        raise OptionError(_("{page} exists already; add --force to write over it").format(
            page=page))
    try:
        page = export_html(_game(args), args.directory)
    except OSError as error:  # a folder that cannot be written is the player's to fix
        raise OptionError(_("cannot write {folder}: {reason}").format(
            folder=excerpt(args.directory), reason=error.strerror or error)) from None
    print(_("Wrote {page}: serve {folder} with any static web server "
            "(e.g. python -m http.server --directory {folder})").format(
                page=page, folder=args.directory))
    return 0


def _export_parser(sub: Any, deal_args: Any) -> None:
    export = sub.add_parser("export-html", help="write a folder with a table that plays "
                            "in the browser, offline (HTML, the runtime, the wheel)")
    deal_args(export)
    export.add_argument("directory", help="the folder to write (created if missing)")
    export.add_argument("--force", action="store_true",
                        help="write over the folder's index.html if there is one")
    export.set_defaults(run=_cmd_export_html)


class _Parser(argparse.ArgumentParser):
    """argparse, with a usage error as one short line and status 2."""

    def error(self, message: str) -> NoReturn:
        message = " ".join(message.split())
        if len(message) > 200:
            message = message[:199] + "…"
        self.exit(2, f"solitaire-widgets: error: {message} (see {self.prog} --help)\n")


def _game_name(name: str) -> str:
    """A registered game's name (argparse then says why another is refused)."""
    try:
        return rules_class(name).name
    except OptionError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _parser() -> argparse.ArgumentParser:
    # Built at each call, from the registry as it is then (a game registered
    # after import is known too).
    parser = _Parser(
        prog="solitaire-widgets",
        description=f"Play, show and measure old solitaires: {', '.join(GAMES)}.",
    )
    parser.add_argument("--language", choices=LANGUAGES, default=default_language(),
                        help="the language of the output (default: $SOLITAIRE_WIDGETS_LANGUAGE "
                        "or en)")
    sub = parser.add_subparsers(dest="command", required=True)

    def deal_args(p: argparse.ArgumentParser) -> None:
        p.add_argument("game", type=_game_name, help="the game: " + ", ".join(GAMES))
        group = p.add_mutually_exclusive_group()
        group.add_argument("--seed", type=int, help="the deal number")
        group.add_argument("--deck", help="the cards in dealing order, e.g. 'AS 2H ...'")
        p.add_argument("--option", action="append", default=[], metavar="K=V",
                       help="a reading of the text, e.g. aux_row=at-start")
        p.add_argument("--json", action="store_true", help="print JSON")

    show = sub.add_parser("show", help="print a deal's position as text")
    deal_args(show)
    show.set_defaults(run=_cmd_show)

    play = sub.add_parser("play", help="play one deal to its end with a strategy")
    deal_args(play)
    play.add_argument("--strategy", help="the player (default: the game's own)")
    play.set_defaults(run=_cmd_play)

    stats = sub.add_parser("stats", help="play many deals and report the win rate")
    stats.add_argument("game", type=_game_name, help="the game: " + ", ".join(GAMES))
    stats.add_argument("--deals", type=int, required=True)
    stats.add_argument("--seed", type=int, default=0, help="the first deal number")
    stats.add_argument("--workers", type=int, default=1, help="processes to use")
    stats.add_argument("--strategy", help="the player (default: the game's own)")
    stats.add_argument("--solver", action="store_true",
                       help="ask the game's solver (it sees every card) instead of a player")
    stats.add_argument("--max-nodes", type=int, default=200_000,
                       help="the solver's budget per deal, in positions (default 200000)")
    stats.add_argument("--dask", metavar="ADDRESS",
                       help="run on a Dask cluster, e.g. tcp://127.0.0.1:8786")
    stats.add_argument("--option", action="append", default=[], metavar="K=V")
    stats.add_argument("--json", action="store_true")
    stats.set_defaults(run=_cmd_stats)

    example = sub.add_parser("example", help="print one of the documents' illustrated positions")
    example.add_argument("name", nargs="?")
    example.add_argument("--list", action="store_true", help="name the examples")
    example.add_argument("--json", action="store_true")
    example.set_defaults(run=_cmd_example)
    _export_parser(sub, deal_args)
    from .review_cli import add_review_parser

    add_review_parser(sub)
    return parser


#: The errors of writing the output (a full disk, an output that cannot be
#: written); a closed pipe is apart (it ends quietly).
_OUTPUT_ERRORS = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO, errno.EBADF}


def _drop_output() -> None:
    # Python flushes stdout again at exit and would complain a second time:
    # what is left goes to devnull.
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status (2 for a player's error, 1 when
    the output cannot be written)."""
    _printable_streams()
    args = _parser().parse_args(argv)
    with use_language(args.language):
        return _run(args)


def _run(args: argparse.Namespace) -> int:
    """Run the command ``args`` name, in the current language."""
    if sys.stdout is None:   # started with standard output closed (``>&-``)
        print("solitaire-widgets: " + _("cannot write the output: standard output is closed"),
              file=sys.stderr)
        return 1
    try:
        status: int = args.run(args)
        sys.stdout.flush()
    except SolitaireError as error:
        print(f"solitaire-widgets: {' '.join(str(error).split())}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader went away (``... | head``): stop quietly.
        _drop_output()
        return 1
    except OSError as error:
        if error.errno not in _OUTPUT_ERRORS or error.filename is not None:
            raise
        _drop_output()
        print("solitaire-widgets: " + _("cannot write the output: {reason}").format(
            reason=os.strerror(error.errno)), file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("solitaire-widgets: " + _("interrupted"), file=sys.stderr)
        return 130
    return status
