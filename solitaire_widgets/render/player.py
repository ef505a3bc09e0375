"""A replay that needs no kernel: SVG frames, captions and a few lines of plain JS.

:func:`html_player` makes a self-contained HTML fragment: every frame is an
inline SVG drawn by this package, the controls are ordinary buttons (start,
back, play/pause, forward, end) with spoken names, the left and right arrow
keys step, Home and End jump, and each caption is announced politely. It
loads nothing from anywhere: no network, no CDN, no require.js. Its element
ids are unique per call, so several players can share a page, and its
script keeps every name inside one function.

>>> html = html_player([("<svg></svg>", "The deal <hi>"), ("<svg></svg>", "Step 1: <hi>")], "Demo")
>>> "&lt;hi&gt;" in html and "<hi>" not in html
True
"""

from __future__ import annotations

import hashlib
import itertools
import json
import re
from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING

from ..table import Event, Table
from .describe import describe_table
from .scene import layout
from .svg import scene_svg

if TYPE_CHECKING:  # pragma: no cover
    from ..examples import Example
    from ..game import Game

__all__ = ["html_player", "game_frames", "replay_frames", "script_json"]

Frames = list[tuple[str, str]]


def script_json(data: object) -> str:
    """JSON that is safe inside a ``<script>`` element.

    ``<``, ``>`` and ``&`` become ``\\u`` escapes (so no ``</script>`` or
    ``<!--`` can appear), as do the line separators JavaScript rejects.

    >>> script_json({"a": "</script><!--"})
    '{"a": "\\\\u003c/script\\\\u003e\\\\u003c!--"}'
    """
    text = json.dumps(data, ensure_ascii=False)
    for raw, escaped in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"),
                         ("\u2028", "\\u2028"), ("\u2029", "\\u2029")):
        text = text.replace(raw, escaped)
    return text


_STYLE = """
#{id} {{ font-family: Helvetica, Arial, 'DejaVu Sans', sans-serif; color: #1b1b1b;
  max-width: 100%; outline: none; }}
#{id}:focus-visible {{ outline: 3px solid #ffd54a; outline-offset: 2px; }}
#{id} .sw-title {{ font-weight: bold; margin: 0 0 6px 0; }}
#{id} .sw-stage svg {{ max-width: 100%; height: auto; display: block; }}
#{id} .sw-bar {{ display: flex; gap: 6px; align-items: center; margin: 6px 0; flex-wrap: wrap; }}
#{id} .sw-bar button {{ min-width: 2.6em; min-height: 2.2em; font-size: 1em; cursor: pointer;
  border: 1px solid #5b6b60; border-radius: 4px; background: #f4f6f4; color: #1b1b1b; }}
#{id} .sw-bar button:disabled {{ opacity: 0.45; cursor: default; }}
#{id} .sw-bar button:focus-visible {{ outline: 3px solid #1656b8; outline-offset: 1px; }}
#{id} .sw-counter {{ margin-left: 8px; font-variant-numeric: tabular-nums; }}
#{id} .sw-caption {{ margin: 4px 0 0 0; min-height: 2.6em; }}
"""

# Plain ES5 in one function: nothing leaks into the page's global scope.
_SCRIPT = """(function () {
  "use strict";
  var root = document.getElementById("%(id)s");
  if (!root || root.getAttribute("data-ready")) { return; }
  root.setAttribute("data-ready", "1");
  var data = %(data)s;
  var pieces = data.pieces, captions = data.captions, last = data.frames.length - 1;
  function frame(i) {
    var parts = data.frames[i], out = [];
    for (var k = 0; k < parts.length; k++) { out.push(pieces[parts[k]]); }
    return out.join("");
  }
  function part(name) { return document.getElementById("%(id)s-" + name); }
  var stage = part("stage"), caption = part("caption"), counter = part("counter");
  var buttons = { first: part("first"), back: part("back"), play: part("play"),
                  forward: part("forward"), end: part("end") };
  var index = 0, timer = null;
  function show(i) {
    index = Math.max(0, Math.min(last, i));
    stage.innerHTML = frame(index);
    caption.textContent = captions[index];
    counter.textContent = (index + 1) + " / " + (last + 1);
    buttons.first.disabled = buttons.back.disabled = index === 0;
    buttons.end.disabled = buttons.forward.disabled = index === last;
  }
  function stop() {
    if (timer !== null) { window.clearInterval(timer); timer = null; }
    buttons.play.textContent = "\\u25B6";
    buttons.play.setAttribute("aria-label", "Play");
    buttons.play.setAttribute("aria-pressed", "false");
  }
  function play() {
    if (index >= last) { show(0); }
    buttons.play.textContent = "\\u275A\\u275A";
    buttons.play.setAttribute("aria-label", "Pause");
    buttons.play.setAttribute("aria-pressed", "true");
    timer = window.setInterval(function () {
      if (index >= last) { stop(); } else { show(index + 1); }
    }, %(interval)d);
  }
  function toggle() { if (timer === null) { play(); } else { stop(); } }
  function go(i) { stop(); show(i); }
  buttons.first.onclick = function () { go(0); };
  buttons.back.onclick = function () { go(index - 1); };
  buttons.play.onclick = toggle;
  buttons.forward.onclick = function () { go(index + 1); };
  buttons.end.onclick = function () { go(last); };
  root.addEventListener("keydown", function (event) {
    var key = event.key || "";
    var code = event.keyCode || 0;
    if (key === "ArrowLeft" || key === "Left" || code === 37) { go(index - 1); }
    else if (key === "ArrowRight" || key === "Right" || code === 39) { go(index + 1); }
    else if (key === "Home" || code === 36) { go(0); }
    else if (key === "End" || code === 35) { go(last); }
    else if ((key === " " || code === 32) && event.target === root) { toggle(); }
    else { return; }
    event.preventDefault();
  });
  show(0);
})();"""


_NUMBERS = itertools.count(1)
_DEFS = re.compile(r"<defs>(.*?)</defs>", re.S)
_DEF = re.compile(r'<g id="([^"]+)">.*?</g>|<path id="([^"]+)"[^>]*/>', re.S)


def _shared_defs(frames: list[tuple[str, str]]) -> tuple[list[tuple[str, str]], str]:
    """Move every frame's ``<defs>`` into one shared block, each id once.

    The SVG backend names a definition by everything it depends on, so equal
    ids are equal pictures and one copy serves every frame on the page.
    """
    seen: dict[str, str] = {}
    out = []
    for svg, caption in frames:
        found = _DEFS.search(svg)
        if found:
            for match in _DEF.finditer(found.group(1)):
                seen.setdefault(match.group(1) or match.group(2), match.group(0))
            svg = svg[:found.start()] + svg[found.end():]
        out.append((svg, caption))
    return out, "".join(seen.values())


_PIECE = re.compile(r'<g [^>]*>.*?</g>|<(title|desc|text)\b[^>]*>.*?</\1>|<[^>]+>', re.S)


def _pieces(svgs: list[str]) -> tuple[list[str], list[list[int]]]:
    """Each SVG as indices into one list of distinct pieces (its top-level elements).

    Between two frames of a replay most pieces (the slots, every card that
    did not move) are the same text, so each is stored once for the page.
    """
    table: dict[str, int] = {}
    frames = []
    for svg in svgs:
        parts = [m.group(0) for m in _PIECE.finditer(svg)]
        if "".join(parts) != svg:  # not our own SVG's shape: keep it whole
            parts = [svg]
        frames.append([table.setdefault(part, len(table)) for part in parts])
    return list(table), frames


def html_player(frames: Sequence[tuple[str, str]], title: str = "Replay", *,
                interval_ms: int = 1000) -> str:
    """A self-contained HTML replay of ``frames``: ``(svg, caption)`` pairs.

    The first frame is in the page as it stands (it shows even where scripts
    do not run); the script swaps frames in. Every text is escaped.

    >>> html = html_player([("<svg></svg>", "one")], "A <title>")
    >>> "A &lt;title&gt;" in html and 'aria-live="polite"' in html
    True
    """
    frames, defs = _shared_defs(list(frames))
    if not frames:
        frames = [("", "Nothing to show")]
    # Ids come from the content and a running number, not from chance, so a
    # notebook re-run gives the same page (nbval compares it) while two
    # players on one page still never share an id.
    pieces, indices = _pieces([svg for svg, _ in frames])
    data = {"pieces": pieces, "frames": indices, "captions": [cap for _, cap in frames]}
    encoded = script_json(data)
    digest = hashlib.sha1((title + encoded).encode()).hexdigest()[:8]
    uid = f"sw-player-{digest}{next(_NUMBERS):04d}"
    first_svg, first_caption = frames[0]
    safe_title = escape(title, quote=True)
    script_args = {"id": uid, "data": encoded, "interval": max(100, int(interval_ms))}

    def button(name: str, label: str, face: str) -> str:
        return (f'<button type="button" id="{uid}-{name}" aria-label="{label}" '
                f'title="{label}">{face}</button>')

    return "".join([
        f'<div id="{uid}" class="sw-player" tabindex="0" role="group" '
        f'aria-label="{safe_title}: replay; left and right arrow keys step">',
        f"<style>{_STYLE.format(id=uid)}</style>",
        f'<div class="sw-title">{escape(title, quote=False)}</div>',
        # One copy of every card picture for all frames (see _shared_defs).
        ('<svg width="0" height="0" style="position:absolute" aria-hidden="true" '
         f'focusable="false"><defs>{defs}</defs></svg>' if defs else ""),
        f'<div class="sw-stage" id="{uid}-stage">{first_svg}</div>',
        '<div class="sw-bar" role="toolbar" aria-label="Replay controls">',
        button("first", "Go to the start", "&#xAB;"),
        button("back", "Step back", "&#x2039;"),
        f'<button type="button" id="{uid}-play" aria-label="Play" aria-pressed="false" '
        f'title="Play or pause">&#x25B6;</button>',
        button("forward", "Step forward", "&#x203A;"),
        button("end", "Go to the end", "&#xBB;"),
        f'<span class="sw-counter" id="{uid}-counter">1 / {len(frames)}</span>',
        "</div>",
        f'<p class="sw-caption" id="{uid}-caption" aria-live="polite">'
        f"{escape(first_caption, quote=False)}</p>",
        '<script type="text/javascript">' + _SCRIPT % script_args + "</script>",
        "</div>",
    ])


def _frames(game_name: str, start: Table, steps: Sequence[tuple[str, Sequence[Event]]],
            width: float, four_colour: bool, title: str) -> Frames:
    table = start.copy()
    out: Frames = []
    for caption, events in steps:
        for event in events:
            table.apply(event)
        scene = layout(game_name, table, width)
        words = describe_table(game_name, table)
        out.append((scene_svg(scene, four_colour, title=f"{title}: {caption}",
                              description=words), caption))
    return out


def game_frames(game: Game, width: float = 720.0, four_colour: bool = False) -> Frames:
    """``(svg, caption)`` for the opening deal and for each step of ``game.history``.

    >>> from solitaire_widgets import new_game
    >>> game = new_game("chain", seed=5)
    >>> _ = game.play(game.legal_moves()[0])
    >>> [caption[:7] for _svg, caption in game_frames(game, 360)]
    ['The dea', 'Step 1:']
    """
    steps: list[tuple[str, Sequence[Event]]] = [("The deal", game.opening)]
    for number, step in enumerate(game.history, start=1):
        steps.append((f"Step {number}: {step.text}", step.events))
    return _frames(game.name, game.start, steps, width, four_colour, game.rules.title)


def _opening_steps(example: Example, game: Game) -> list[tuple[str, Sequence[Event]]]:
    """The opening as one frame, or (``example.deal_frames``) one frame a card dealt."""
    if not example.deal_frames:
        return [(f"The deal. {example.summary}".strip(), game.opening)]
    first_words, rest_words = example.deal_frames
    events = list(game.opening)
    dealing = list(itertools.takewhile(lambda e: not (e.kind == "move" and e.src != "s"),
                                       events))
    total = sum(event.kind == "move" for event in dealing)
    dealt = game.position_at(0)  # for the places' names
    steps: list[tuple[str, Sequence[Event]]] = []
    pending: list[Event] = []  # facts set before a card are shown with it
    for event in dealing:
        pending.append(event)
        if event.kind == "move":
            words = (f"The deal, card {len(steps) + 1} of {total}: {event.cards[-1].name}, "
                     f"{game.rules.pile_name(dealt, event.dst)}.")
            steps.append((f"{words} {first_words}" if not steps else words, pending))
            pending = []
    rest = pending + events[len(dealing):]
    if rest:
        steps.append((f"{rest_words} {example.summary}".strip(), rest))
    return steps


def replay_frames(example: Example, width: float = 720.0, four_colour: bool = False) -> Frames:
    """``(svg, caption)`` for an example's deal and each of its steps, with its own words.

    >>> from solitaire_widgets.examples import get_example
    >>> frames = replay_frames(get_example("chain-first-layout"), 360)
    >>> frames[0][1].startswith("The deal")
    True
    """
    game = example.play()
    steps = _opening_steps(example, game)
    for number, (step, (_move, words)) in enumerate(zip(game.history, example.steps,
                                                        strict=False), start=1):
        steps.append((f"Step {number}: {words or step.text}", step.events))
    return _frames(game.name, game.start, steps, width, four_colour, example.title)
