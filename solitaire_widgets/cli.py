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

from .argparse_words import argparse_in_language, whole_number
from .chance import MAX_SEED
from .citations import Citation
from .errors import DeckError, IllegalMoveError, OptionError, SolitaireError, excerpt
from .game import Game
from .games import GAMES, rules_class, rules_for
from .i18n import BASE_LANGUAGE, LANGUAGES, N_, _, default_language, pgettext, spoken, use_language
from .plain_text import render_text
from .save_writer import pile_data, position_data
from .strategies import get_strategy, play_out

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


#: What an error of the system means, in the player's words (others: the system's own).
_SYSTEM_WORDS = {
    errno.ENAMETOOLONG: N_("the name is too long"),
    errno.ENOENT: N_("there is no such file or folder"),
    errno.EACCES: N_("there is no permission to do it"),
    errno.EPERM: N_("there is no permission to do it"),
    errno.ENOTDIR: N_("a part of the path is not a folder"),
    errno.EISDIR: N_("it is a folder"),
    errno.EEXIST: N_("it exists already"),
    errno.EROFS: N_("the disk can only be read"),
    errno.ENOSPC: N_("the disk is full"),
}


def _system_words(error: OSError) -> str:
    """Why ``error`` happened, in the player's words where the catalogs have them."""
    words = _SYSTEM_WORDS.get(error.errno or 0)
    if words is not None:
        return _(words)
    return error.strerror or os.strerror(error.errno or 0) or type(error).__name__


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
    return Game(rules_for(args.game, _options(args.option)), seed=_deal_number(args.seed),
                deck=args.deck)


def _why_data(citation: Citation) -> dict[str, Any]:
    return {"sentences": list(citation.sentences), "reading": citation.reading,
            "said": citation.say()}


def _why_move(game: Game, text: str) -> tuple[str, Citation, bool]:
    """A move's words, its citation, and whether it is legal (a refusal's words if not)."""
    try:
        return game.describe(text), game.why_legal(text), True
    except IllegalMoveError as error:
        return str(error), error.citation or Citation(game.name), False


def _cmd_show(args: argparse.Namespace) -> int:
    game = _game(args)
    asked = [args.why] if args.why else [str(m) for m in game.legal_moves()]
    whys = [(move, *_why_move(game, move)) for move in asked] if args.why is not None else []
    if args.json:
        data = position_data(game)
        if args.why is not None:
            data["why"] = [{"move": move, "legal": legal, "words": words, **_why_data(cited)}
                           for move, words, cited, legal in whys]
        print(json.dumps(data, ensure_ascii=False))
        return 0
    print(render_text(game))
    for move, words, cited, legal in whys:
        print()
        print(f"{move}: {words}" if legal else _("{move} is refused: {reason}").format(
            move=move, reason=words))
        print("    " + (cited.say() or _("(no sentence of the text covers it)")))
    return 0


def _cmd_play(args: argparse.Namespace) -> int:
    game = _game(args)
    outcome = play_out(game, get_strategy(game.name, args.strategy, seed=game.seed))
    whys: list[Citation] = []
    if args.why:  # each move's sentences, asked before it is played again
        again = _game(args)
        for step in game.history:
            whys.append(again.why_legal(step.move))
            again.play(step.move)
    if args.json:
        data = {
            "game": game.name, "seed": game.seed, "options": game.options,
            "strategy": get_strategy(game.name, args.strategy).name,
            "won": outcome.won, "moves": [str(s.move) for s in game.history],
            "reason": outcome.reason,
        }
        if args.why:
            data["why"] = [_why_data(cited) for cited in whys]
        print(json.dumps(data, ensure_ascii=False))
    else:
        for number, step in enumerate(game.history, start=1):
            print(f"{number:4}. {str(step.move):10} {step.text}")
            if args.why:
                print(" " * 6 + (whys[number - 1].say()
                                 or _("(no sentence of the text covers it)")))
        print((_("Won: {reason}") if outcome.won else _("Lost: {reason}")).format(
            reason=outcome.reason))
    return 0


def _cmd_stats(args: argparse.Namespace) -> int:
    from .stats import run_stats

    report = run_stats(args.game, args.deals, seed=_deal_number(args.seed) or 0, workers=args.workers,
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
    game = _game(args)
    try:
        page = Path(args.directory) / "index.html"
        if page.exists() and not args.force:
            raise OptionError(_("{page} exists already; add --force to write over it").format(
                page=excerpt(str(page))))
        page = export_html(game, args.directory)
    except OSError as error:  # a folder that cannot be written is the player's to fix
        raise OptionError(_("cannot write {folder}: {reason}").format(
            folder=excerpt(args.directory), reason=_system_words(error))) from None
    print(_("Wrote {page}: serve {folder} with any static web server "
            "(e.g. python -m http.server --directory {folder})").format(
                page=page, folder=args.directory))
    return 0


def _export_parser(sub: Any, deal_args: Any) -> None:
    export = sub.add_parser("export-html", help=_("write a folder with a table that plays "
                            "in the browser, offline (HTML, the runtime, the wheel)"))
    deal_args(export)
    export.add_argument("directory", metavar=pgettext("metavar", "directory"),
                        help=_("the folder to write (created if missing)"))
    export.add_argument("--force", action="store_true",
                        help=_("write over the folder's index.html if there is one"))
    export.set_defaults(run=_cmd_export_html)


class _Parser(argparse.ArgumentParser):
    """argparse, with a usage error as one short line and status 2."""

    def error(self, message: str) -> NoReturn:
        message = " ".join(message.split())
        # An unknown game is refused by the registry, in the player's words, and
        # an unknown command by its list: the placeholder's name adds nothing.
        for name in ("game", "command"):
            message = message.removeprefix(
                _("argument %(argument_name)s: %(message)s") % {"argument_name": name,
                                                                "message": ""})
        if len(message) > 200:
            message = message[:199] + "…"
        self.exit(2, "solitaire-widgets: " + _("error: {message} (see {prog} --help)").format(
            message=message, prog=self.prog) + "\n")


def _game_name(name: str) -> str:
    """A registered game's name (argparse then says why another is refused)."""
    try:
        return rules_class(name).name
    except OptionError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


class _Quiet(argparse.ArgumentParser):
    """argparse that raises ValueError instead of printing (a first look at the line)."""

    def error(self, message: str) -> NoReturn:
        raise ValueError(message)


def _shown_language(language: str) -> str:
    """``language``, or English with a note on standard error when the output's
    encoding cannot show it (``PYTHONIOENCODING=ascii``: not lines of "?")."""
    if language not in LANGUAGES:
        return language
    letters = spoken(language).letters
    encoding = getattr(sys.stdout, "encoding", None) or "utf-8"
    if not letters:
        return language
    try:
        letters.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        # Said in English: the terminal cannot show the language asked for.
        print(f"solitaire-widgets: this terminal's encoding ({encoding}) cannot show "
              f"{spoken(language).english}; the output is in English "
              "(set PYTHONIOENCODING=utf-8 to see it)", file=sys.stderr)
        return BASE_LANGUAGE
    return language


def _deal_number(text: str | None) -> int | None:
    """The deal number ``--seed`` gives (None: none given), or a :class:`DeckError`
    in the player's words."""
    if text is None:
        return None
    try:
        number = int(text)
    except ValueError:
        number = -1
    if not 0 <= number <= MAX_SEED:
        raise DeckError(
            _("a deal number is a whole number from 0 to {most}, not {value}").format(
                most=MAX_SEED, value=excerpt(text)))
    return number


def _language_asked(argv: Sequence[str]) -> str:
    """The language ``--language`` names in ``argv`` (else the default), read before the
    rest so that a mistake in the rest is said in it."""
    early = _Quiet(add_help=False)
    early.add_argument("--language")
    try:
        known, _rest = early.parse_known_args(list(argv))
    except ValueError:
        return default_language()
    language = known.language
    return language if language in LANGUAGES else default_language()


def _parser() -> argparse.ArgumentParser:
    # Built at each call, from the registry as it is then (a game registered
    # after import is known too).
    parser = _Parser(
        prog="solitaire-widgets",
        description=_("Play, show and measure old solitaires: {games}.").format(
            games=", ".join(GAMES)),
    )
    parser.add_argument("--language", choices=LANGUAGES, default=default_language(),
                        help=_("the language of the output (default: "
                               "$SOLITAIRE_WIDGETS_LANGUAGE or en)"))
    sub = parser.add_subparsers(dest="command", required=True)
    games_help = _("the game: {games}").format(games=", ".join(GAMES))

    def deal_args(p: argparse.ArgumentParser) -> None:
        p.add_argument("game", type=_game_name, metavar=pgettext("metavar", "game"),
                       help=games_help)
        group = p.add_mutually_exclusive_group()
        group.add_argument("--seed", metavar=pgettext("metavar", "SEED"),
                           help=_("the deal number"))
        group.add_argument("--deck", metavar=pgettext("metavar", "DECK"),
                           help=_("the cards in dealing order, e.g. 'AS 2H ...'"))
        p.add_argument("--option", action="append", default=[],
                       metavar=pgettext("metavar", "K=V"),
                       help=_("a reading of the text, e.g. aux_row=at-start"))
        p.add_argument("--json", action="store_true", help=_("print JSON"))

    show = sub.add_parser("show", help=_("print a deal's position as text"))
    deal_args(show)
    move = pgettext("metavar", "MOVE")
    show.add_argument("--why", nargs="?", const="", metavar=move,
                      help=_("print the sentences of the text that allow each legal move, or "
                             "that allow or refuse {move}").format(move=move))
    show.set_defaults(run=_cmd_show)

    play = sub.add_parser("play", help=_("play one deal to its end with a strategy"))
    deal_args(play)
    play.add_argument("--strategy", metavar=pgettext("metavar", "STRATEGY"),
                      help=_("the player (default: the game's own)"))
    play.add_argument("--why", action="store_true",
                      help=_("print under each move the sentences of the text that allow it"))
    play.set_defaults(run=_cmd_play)

    stats = sub.add_parser("stats", help=_("play many deals and report the win rate"))
    stats.add_argument("game", type=_game_name, metavar=pgettext("metavar", "game"),
                       help=games_help)
    stats.add_argument("--deals", type=whole_number, required=True,
                       metavar=pgettext("metavar", "DEALS"))
    stats.add_argument("--seed", metavar=pgettext("metavar", "SEED"),
                       help=_("the first deal number (default 0)"))
    stats.add_argument("--workers", type=whole_number, default=1,
                       metavar=pgettext("metavar", "WORKERS"),
                       help=_("processes to use"))
    stats.add_argument("--strategy", metavar=pgettext("metavar", "STRATEGY"),
                       help=_("the player (default: the game's own)"))
    stats.add_argument("--solver", action="store_true",
                       help=_("ask the game's solver (it sees every card) instead of a player"))
    stats.add_argument("--max-nodes", type=whole_number, default=200_000,
                       metavar=pgettext("metavar", "MAX_NODES"),
                       help=_("the solver's budget per deal, in positions (default 200000)"))
    stats.add_argument("--dask", metavar=pgettext("metavar", "ADDRESS"),
                       help=_("run on a Dask cluster, e.g. tcp://127.0.0.1:8786"))
    stats.add_argument("--option", action="append", default=[],
                       metavar=pgettext("metavar", "K=V"))
    stats.add_argument("--json", action="store_true")
    stats.set_defaults(run=_cmd_stats)

    example = sub.add_parser("example",
                             help=_("print one of the documents' illustrated positions"))
    example.add_argument("name", nargs="?", metavar=pgettext("metavar", "name"))
    example.add_argument("--list", action="store_true", help=_("name the examples"))
    example.add_argument("--json", action="store_true")
    example.set_defaults(run=_cmd_example)
    _export_parser(sub, deal_args)
    from .lesson_cli import add_parser as add_lesson_parser

    add_lesson_parser(sub)
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
    argv = list(sys.argv[1:] if argv is None else argv)
    language = _shown_language(_language_asked(argv))
    with use_language(language):
        with argparse_in_language():
            args = _parser().parse_args(argv)
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
            # A file or folder the command met (not the output): the player's to fix.
            print("solitaire-widgets: " + _("cannot use {file}: {reason}").format(
                file=excerpt(str(error.filename or "")), reason=_system_words(error)),
                file=sys.stderr)
            return 2
        _drop_output()
        print("solitaire-widgets: " + _("cannot write the output: {reason}").format(
            reason=_system_words(error)), file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("solitaire-widgets: " + _("interrupted"), file=sys.stderr)
        return 130
    except Exception as error:  # never a traceback: one line, and what to report
        print("solitaire-widgets: " + _("the package failed ({error}); please report it with "
                                        "the command that caused it").format(
                                            error=type(error).__name__), file=sys.stderr)
        return 1
    return status
