"""Tables and replays that run the real engine in a web page, with no kernel.

A page shows a pre-rendered picture of the deal (so it reads without
JavaScript); its "Play here" button makes the table playable with the engine
(this package, run by Pyodide in a Web Worker, started when a table comes near
the window unless the page says ``data-sw-prestart="off"``) with the same gestures
as the :class:`~solitaire_widgets.widgets.GameWidget`. See the embedding
guide for the page side and ``window.solitaireTables``.

>>> html = table_html("chain", seed=54)
>>> 'data-sw-game="chain"' in html and "Play here" in html
True
>>> PlayHere("klondike", seed=7)._repr_html_().count('class="card"')  # wide and narrow
104

Each table speaks a language (``language="ru"``; None: the current one, see
:func:`~solitaire_widgets.i18n.current_language`), written on it as
``data-sw-language``: the page script asks the engine to answer in it.

>>> 'data-sw-language="pl"' in table_html("chain", seed=54, language="pl")
True
"""

from __future__ import annotations

import itertools
import json
import re
from functools import cache
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING

from ..game import Game
from ..games import new_game
from ..html_replays import SAVE_LIMIT, replay_frames
from ..i18n import _, check_language, current_language, format_number, ngettext, use_language
from ..pointer import KEYS
from ..registry import DEFAULT_GAME
from ..render.display import DISPLAY_WIDTH, PHONE_WIDTH
from ..render.player import html_player, unique_ids
from ..render.scene import layout
from ..render.svg import scene_svg
from .runtime import install_runtime, wheel_name

if TYPE_CHECKING:  # pragma: no cover
    from ..examples import Example

__all__ = ["PlayHere", "Demonstration", "table_html", "keys_help", "head_html", "export_html",
           "page_words"]


def _game(game: str | Game, seed: int | None, moves: list[str] | tuple[str, ...] = (),
          **options: str) -> Game:
    if isinstance(game, Game):
        return game
    made = new_game(game, seed=seed, **options)
    for move in moves:
        made.play(move)
    return made


def keys_help(game: str | Game) -> str:
    """The table's keys in one sentence (the live table's accessible description).

    >>> keys_help("quarrel").split(", ")[5]
    'f sends the top card to its series'
    """
    word = (game if isinstance(game, Game) else new_game(game)).rules.foundation_word
    # One sentence for each word, so that each language declines it as it must.
    if word == "series":
        return _("Arrow keys choose a pile, Up and Down take more or fewer of its cards and, "
                 "past the last card, move to the row above or below, Enter or Space picks "
                 "up or puts down, f sends the top card to its series, Escape puts picked-up "
                 "cards back and keeps the cursor, u undoes, r redoes, h shows a hint")
    return _("Arrow keys choose a pile, Up and Down take more or fewer of its cards and, "
             "past the last card, move to the row above or below, Enter or Space picks "
             "up or puts down, f sends the top card to its foundation, Escape puts picked-up "
             "cards back and keeps the cursor, u undoes, r redoes, h shows a hint")


def table_html(game: str | Game = DEFAULT_GAME, seed: int | None = None, *,
               moves: list[str] | tuple[str, ...] = (), picture: bool = True,
               language: str | None = None, **options: str) -> str:
    """The HTML of one table: the position's picture and a "Play here" button.

    ``moves`` are played first: the reader continues from there ("try it
    yourself from here"). Without the page script (:func:`head_html`) the
    picture stands alone and says so. ``picture=False`` leaves the picture
    out until the table is started (where the page already shows the position).
    A game of more than :data:`~solitaire_widgets.html_replays.SAVE_LIMIT`
    moves is only a picture (its save would weigh megabytes). The picture is
    drawn twice, for a wide column and for a phone's (the stylesheet shows
    one), so its pile labels read on both. ``language``: the language of its
    words, and of the live table's (written as ``data-sw-language``).

    >>> from solitaire_widgets.cards import full_deck
    >>> deck = " ".join(str(c) for c in reversed(full_deck(1)))
    >>> "Chain, custom deck, the deal" in table_html("chain", seed=1, deck=deck)
    True
    """
    with use_language(language) as spoken:
        return _table_html(_game(game, seed, moves, **options), picture, spoken)


def _table_html(made: Game, picture: bool, language: str) -> str:
    title = f"{_(made.rules.title)}, {made.deal_name}"
    svg = ""
    if picture:
        for width, kind in ((DISPLAY_WIDTH, "wide"), (PHONE_WIDTH, "narrow")):
            drawn = scene_svg(layout(made.name, made.table, width),
                              title=f"{title}: {made.status}")
            svg += (f'<div class="sw-picture sw-{kind}">'
                    f'{unique_ids(drawn, f"sw-pre{next(_NUMBERS)}")}</div>')
    count = len(made.history)
    # A numbered deal with no moves needs only its name and number; any other
    # game goes with its save, up to SAVE_LIMIT moves (a page does not carry
    # megabytes; a longer game is a picture).
    numbered = not made.history and not made.custom_deck
    if count > SAVE_LIMIT:
        note = ngettext("{title}, after {n} move: a picture (a game of more than {limit} moves "
                        "is not played in the page); in Python, {code}.",
                        "{title}, after {n} moves: a picture (a game of more than {limit} moves "
                        "is not played in the page); in Python, {code}.", count)
        return (f'<div class="sw-table sw-picture-only" data-sw-language="{language}">'
                f'<div class="sw-stage">{svg}</div>'
                '<p class="sw-note">'
                + note.format(title=escape(title), n=format_number(count),
                              limit=format_number(SAVE_LIMIT),
                              code="<code>GameWidget(load_game(save))</code>")
                + "</p></div>")
    status = escape(made.status)
    if not count:
        where = (_("{title}, the deal, a finished game ({status}).") if made.is_over
                 else _("{title}, the deal."))
    elif made.is_over:
        where = ngettext("{title}, after {n} move, a finished game ({status}).",
                         "{title}, after {n} moves, a finished game ({status}).", count)
    else:
        where = ngettext("{title}, after {n} move.", "{title}, after {n} moves.", count)
    where = where.format(title=escape(title), n=format_number(count), status=status)
    attrs = [f'data-sw-game="{escape(made.name)}"', f'data-sw-seed="{made.seed}"',
             f'data-sw-language="{language}"',
             f'data-sw-keys="{escape("|".join(KEYS))}"',
             f'data-sw-help="{escape(keys_help(made))}"']
    if not numbered:
        attrs.append(f'data-sw-save="{escape(made.to_json(), quote=True)}"')
    play = (f"<code>GameWidget(&quot;{escape(made.name)}&quot;, seed={made.seed})</code>"
            if numbered else "<code>GameWidget(load_game(save))</code>")
    how = (_("A picture: with JavaScript this page plays it in the browser (press Play here); "
             "in Python, {code}.") if picture else
           _("With JavaScript this page plays it in the browser (press Play here); "
             "in Python, {code}."))
    return (f'<div class="sw-table" {" ".join(attrs)}>'
            f'<div class="sw-stage">{svg}</div>'
            '<button type="button" class="sw-play-here" hidden>' + escape(_("Play here"))
            + "</button>"
            f'<p class="sw-note">{where} {how.format(code=play)}</p>'
            "</div>")


_NUMBERS = itertools.count(1)


def head_html(prefix: str = "sw-web/", language: str | None = None) -> str:
    """The two tags a page needs once, in its head: the stylesheet and the page script.

    In a language other than English the script carries the page's words in
    it (``data-words``, see :func:`page_words`).
    """
    language = current_language() if language is None else check_language(language)
    words = page_words(language)
    data = (f' data-words="{escape(json.dumps(words, ensure_ascii=False), quote=True)}"'
            if words else "")
    return (f'<link rel="stylesheet" href="{escape(prefix)}tables.css">'
            f'<script defer src="{escape(prefix)}tables.js" data-wheel="{wheel_name()}"'
            f"{data}></script>")


#: The page script's words: each ``t("...")`` in tables.js.
_SCRIPT_WORDS = re.compile(r'\bt\("((?:[^"\\]|\\.)*)"(?:\s*\+\s*"((?:[^"\\]|\\.)*)")?\)')


@cache
def page_words(language: str) -> dict[str, str]:
    """The page script's words in ``language``: its English words to theirs (none for English).

    The page script (``tables.js``) says every word through ``t("...")``; a
    page hands it these as JSON (``data-words`` on its script tag, see
    :func:`head_html`).

    >>> page_words("pl")["Undo"]
    'Cofnij'
    >>> page_words("en")
    {}
    """
    check_language(language)
    if language == "en":
        return {}
    script = (Path(__file__).with_name("assets") / "tables.js").read_text(encoding="utf-8")
    words: dict[str, str] = {}
    with use_language(language):
        for match in _SCRIPT_WORDS.finditer(script):
            english = json.loads('"' + match.group(1) + (match.group(2) or "") + '"')
            words[english] = _(english)
    return words


def _checkpoints(example: str, language: str) -> str:
    from .lesson import checkpoints_html

    return checkpoints_html(example, language)


class Demonstration:
    """A rule demonstration (an :class:`~solitaire_widgets.examples.Example`) and a table
    that continues it from its last step: "try it yourself from here".

    >>> from solitaire_widgets.examples import get_example
    >>> html = Demonstration(get_example("klondike-fourth-waste-card"))._repr_html_()
    >>> "sw-player" in html and "Try it yourself from here" in html
    True
    """

    def __init__(self, example: Example, *, language: str | None = None) -> None:
        self.example = example
        #: The language of its words and of its table (None: the current one).
        self.language = current_language() if language is None else check_language(language)

    def _repr_html_(self) -> str:
        with use_language(self.language):
            game = self.example.play()
            result = game.result
            heading = "<b>" + escape(_("Try it yourself from here.")) + "</b>"
            if result.over:
                heading = (_("<b>Try it yourself from here:</b> the game is already won ({reason}); "
                             "Undo takes the last move back, so you can play on differently.")
                           if result.won else
                           _("<b>Try it yourself from here:</b> the game is already lost ({reason}); "
                             "Undo takes the last move back, so you can play on differently.")
                           ).format(reason=escape(result.reason or game.status))
            return (f'<p class="sw-summary">{escape(str(self.example.summary))}</p>'
                    + html_player(replay_frames(self.example), str(self.example.title))
                    + _checkpoints(self.example.name, self.language)
                    + f'<p class="sw-from-here">{heading}</p>'
                    + table_html(game, picture=False))


class PlayHere:
    """A table for a notebook or book page: shows :func:`table_html`.

    In the book (whose pages load the page script), "Play here" makes it
    playable; elsewhere it is a picture of the position. ``language``: the
    language of its words and of the live table (None: the current one).
    """

    def __init__(self, game: str | Game = DEFAULT_GAME, seed: int | None = None, *,
                 moves: list[str] | tuple[str, ...] = (), language: str | None = None,
                 **options: str) -> None:
        #: The language of its words and of the live table.
        self.language = current_language() if language is None else check_language(language)
        with use_language(self.language):
            self.game = _game(game, seed, moves, **options)

    def _repr_html_(self) -> str:
        return table_html(self.game, language=self.language)

    def __repr__(self) -> str:
        return f"PlayHere({self.game.name!r}, seed={self.game.seed})"


_PAGE = """<!DOCTYPE html>
<html lang="{language}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<link rel="icon" href="data:,">
{head}
<style>body {{ font-family: sans-serif; max-width: 820px; margin: 1em auto; padding: 0 8px; }}
@media (prefers-color-scheme: dark) {{ body {{ background: #121212; color: #e8e8e8; }} }}</style>
</head><body>
<h1>{title}</h1>
{table}
</body></html>
"""


def export_html(game: str | Game, directory: str | Path, seed: int | None = None, *,
                moves: list[str] | tuple[str, ...] = (), cache: Path | None = None,
                language: str | None = None, **options: str) -> Path:
    """Write a self-contained folder (``index.html``, the runtime, the wheel); return its page.

    The folder works from any static web server, offline: every file a page
    loads is inside it. ``language``: the language of the page and its table
    (None: the current one).
    """
    with use_language(language) as spoken:
        return _export_html(_game(game, seed, moves, **options), Path(directory), cache, spoken)


def _export_html(made: Game, folder: Path, cache: Path | None, language: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    install_runtime(folder, cache)
    page = folder / "index.html"
    title = escape(f"{_(made.rules.title)}, {made.deal_name}")
    page.write_text(_PAGE.format(language=language, title=title, head=head_html(),
                                 table=table_html(made)), encoding="utf-8")
    return page
