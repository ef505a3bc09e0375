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
from functools import cache
from html import escape

from ..i18n import SPOKEN, _, current_language, use_language
from ..rules import Rules
from ..table import Table
from .in_words import describe_table
from .scene import layout
from .svg import scene_svg

__all__ = ["html_player", "frame", "script_json", "unique_ids", "Frames"]

#: A replay's pictures: ``(svg, caption)`` of each step.
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
#{id} {{ font-family: Helvetica, Arial, 'DejaVu Sans', sans-serif; color: inherit;
  max-width: 100%; outline: none; }}
#{id}:focus-visible, #{id} .sw-bar button:focus-visible {{ outline: 3px solid #1b1b1b;
  outline-offset: 2px; box-shadow: 0 0 0 5px #ffd54a; }}
#{id} .sw-title {{ font-weight: bold; margin: 0 0 6px 0; }}
#{id} .sw-stage {{ aspect-ratio: {ratio}; max-width: {width}px; }}
#{id} .sw-stage svg {{ width: 100%; height: 100%; display: block; }}
#{id} .sw-bar {{ display: flex; gap: 6px; align-items: center; margin: 6px 0; flex-wrap: wrap; }}
#{id} .sw-bar button {{ min-width: 2.6em; min-height: 2.2em; font-size: 1em; cursor: pointer;
  border: 1px solid #5b6b60; border-radius: 4px; background: #f4f6f4; color: #1b1b1b; }}
#{id} .sw-bar button:disabled {{ opacity: 0.6; cursor: default; }}
#{id} .sw-counter {{ margin-left: 8px; font-variant-numeric: tabular-nums; }}
#{id} .sw-caption, #{id} .sw-sizer {{ margin: 4px 0 0 0; min-height: 3.9em; }}
#{id} .sw-captions {{ display: grid; }}
#{id} .sw-captions > * {{ grid-area: 1 / 1; }}
#{id} .sw-captions > .sw-sizer {{ visibility: hidden; }}
"""

# Plain ES5 in one function: nothing leaks into the page's global scope.
_SCRIPT = """(function () {
  "use strict";
  var root = document.getElementById("%(id)s");
  if (!root || root.getAttribute("data-ready")) { return; }
  root.setAttribute("data-ready", "1");
  var data = %(data)s;
  var pieces = data.pieces, captions = data.captions, held = {}, last = data.count - 1;
  for (var n = 0; n < data.steps.length; n++) { held[data.steps[n]] = n; }
  function frame(k) {
    var parts = data.frames[k], out = [];
    for (var j = 0; j < parts.length; j++) { out.push(pieces[parts[j]]); }
    return out.join("");
  }
  function part(name) { return document.getElementById("%(id)s-" + name); }
  function escaped(text) {
    var box = document.createElement("span");
    box.textContent = text;
    return box.innerHTML;
  }
  var stage = part("stage"), caption = part("caption"), counter = part("counter");
  var buttons = { first: part("first"), back: part("back"), play: part("play"),
                  forward: part("forward"), end: part("end") };
  var index = 0, timer = null, asked = 0;
  function paint(i, svg, words) {
    if (typeof svg === "function") { svg(stage); } else { stage.innerHTML = svg; }
    caption.innerHTML = words;
    counter.textContent = (i in held) ? data.counters[held[i]] : "Step " + i + " of " + last;
    root.setAttribute("data-step", String(i));
  }
  // A step the page does not hold is computed in the browser from the save
  // (the page script of solitaire_widgets.web), and once that engine runs
  // every step is (it moves the drawn cards, quicker than a new picture);
  // without it, the nearest held step.
  function nearest(i, down) {
    while (i > 0 && i < last && !(i in held)) { i += down ? -1 : 1; }
    return i;
  }
  function show(i, down) {
    index = Math.max(0, Math.min(last, i));
    buttons.first.disabled = buttons.back.disabled = index === 0;
    buttons.end.disabled = buttons.forward.disabled = index === last;
    var compute = window.solitaireReplayFrame;
    var live = data.save && typeof compute === "function";
    if (index in held && !(live && root.hasAttribute("data-sw-live"))) {
      paint(index, frame(held[index]), captions[held[index]]);
      return;
    }
    if (!live) { show(nearest(index, down), down); return; }
    var ticket = ++asked, wanted = index;
    caption.textContent = data.words.computing.replace("{n}", String(wanted));
    compute(root, wanted).then(function (got) {
      if (ticket === asked) { paint(wanted, got.draw, escaped(got.caption)); }
    }, function (error) {
      if (ticket !== asked) { return; }
      data.save = null;
      caption.textContent = String(error && error.message || error);
    });
  }
  function stop() {
    if (timer !== null) { window.clearInterval(timer); timer = null; }
    buttons.play.textContent = "\\u25B6";
    buttons.play.setAttribute("aria-label", data.words.play);
    buttons.play.setAttribute("aria-pressed", "false");
  }
  function play() {
    if (index >= last) { show(0); }
    buttons.play.textContent = "\\u275A\\u275A";
    buttons.play.setAttribute("aria-label", data.words.pause);
    buttons.play.setAttribute("aria-pressed", "true");
    timer = window.setInterval(function () {
      if (index >= last) { stop(); } else { show(index + 1); }
    }, %(interval)d);
  }
  function toggle() { if (timer === null) { play(); } else { stop(); } }
  function go(i) { stop(); show(i, i < index); }
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


_SIZE = re.compile(r'<svg\b[^>]*?\bwidth="([\d.]+)" height="([\d.]+)"')
_IDS = re.compile(r'(\bid="|\bhref="#)sw-')


def unique_ids(svg: str, prefix: str) -> str:
    """``svg`` with its card pictures' ids (``sw-...``) prefixed, so no id repeats on a page.

    >>> unique_ids('<g id="sw-AS"/><use href="#sw-AS"/>', "p1")
    '<g id="p1-sw-AS"/><use href="#p1-sw-AS"/>'
    """
    return _IDS.sub(lambda m: f"{m.group(1)}{prefix}-sw-", svg)


def _size(svgs: Sequence[str]) -> tuple[float, float]:
    """The width and the tallest height of the drawings (one height for every frame)."""
    sizes = [(float(m.group(1)), float(m.group(2))) for m in map(_SIZE.search, svgs) if m]
    if not sizes:
        return 720.0, 400.0
    return max(w for w, _ in sizes), max(h for _, h in sizes)


#: A run of each language's words (``i18n.Language.words``), with the spaces and
#: punctuation between them.
_FOREIGN = {language.code: re.compile(language.words) for language in SPOKEN if language.words}


def lang_marked(text: str) -> str:
    """``text`` as HTML: escaped, its Russian and Polish runs in ``<span lang="..">``.

    Screen readers read a word in its element's language; the players'
    captions quote the source texts.

    >>> lang_marked("«Из колоды берут» <b>")
    '«<span lang="ru">Из колоды берут</span>» &lt;b&gt;'
    >>> lang_marked("it must «dołożyć kartę» there")
    'it must «<span lang="pl">dołożyć kartę</span>» there'

    Polish words are found by their Polish letters, so a caption quoting
    Polish should quote a phrase that has one. Words in the language spoken
    (:func:`~solitaire_widgets.i18n.current_language`, the page's own) need no mark:

    >>> with use_language("ru"):
    ...     lang_marked("Шаг 2: «dołożyć kartę»")
    'Шаг 2: «<span lang="pl">dołożyć kartę</span>»'
    """
    own = current_language()
    spans = sorted((m.start(), m.end(), lang) for lang, pattern in _FOREIGN.items()
                   if lang != own for m in pattern.finditer(text))
    out, at = [], 0
    for start, end, lang in spans:
        if start < at:
            continue
        out.append(escape(text[at:start], quote=False))
        out.append(f'<span lang="{lang}">{escape(text[start:end], quote=False)}</span>')
        at = end
    out.append(escape(text[at:], quote=False))
    return "".join(out)


def _heading(message: str, rest: str) -> str:
    """A caption's message up to its placeholder ``rest``, without the colon or stop before it."""
    return message.split(rest)[0].rstrip(" :.")


def _numbered(head: str) -> str:
    """A regular expression for ``head`` with its ``{n}`` and ``{total}`` as numbers."""
    return "".join(r"(\d+)" if part in ("{n}", "{total}") else re.escape(part)
                   for part in re.split(r"(\{n\}|\{total\})", head))


@cache
def _caption_patterns(language: str) -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """How captions start in ``language`` (see :mod:`~solitaire_widgets.replay`): "Step 3",
    "The deal, card 2 of 9", and either of them or "The deal" (a picture's label)."""
    with use_language(language):
        step = _numbered(_heading(_("Step {n}: {words}"), "{words}"))
        dealt = _numbered(_heading(_("The deal, card {n} of {total}: {card}, {pile}."), "{card}"))
        deal = re.escape(_("The deal.").rstrip("."))
    return re.compile(step), re.compile(dealt), re.compile(f"{step}|{dealt}|{deal}")


def _counters(captions: list[str], numbers: list[int], total: int) -> list[str]:
    """Each frame's counter, in the captions' own numbers: "Step 3 of 10" under "Step 3: ...".

    Frames before the first step count as step 0, but a deal shown card by
    card counts its cards, so every press of "Step forward" changes it.

    >>> _counters(["The deal", "The deal, card 2 of 9", "Step 1: x"], [0, 1, 2], 3)
    ['Step 0 of 1', 'Step 0 of 1, card 2 of 9 dealt', 'Step 1 of 1']
    >>> _counters(["one", "two"], [0, 1], 2)
    ['Step 0 of 1', 'Step 1 of 1']
    """
    step_caption, dealt_caption, _label = _caption_patterns(current_language())
    found = [step_caption.match(caption) for caption in captions]
    if not any(found):
        return [_("Step {n} of {total}").format(n=n, total=total - 1) for n in numbers]
    steps = [int(m.group(1)) if m else 0 for m in found]
    last = max(steps) + (total - 1 - numbers[-1])
    dealt = [dealt_caption.match(caption) for caption in captions]
    return [_("Step {n} of {total}, card {card} of {cards} dealt").format(
                n=n, total=last, card=d.group(1), cards=d.group(2)) if d
            else _("Step {n} of {total}").format(n=n, total=last)
            for n, d in zip(steps, dealt, strict=True)]


def html_player(frames: Sequence[tuple[str, str]], title: str = "Replay", *,
                interval_ms: int = 1000, steps: Sequence[int] | None = None,
                count: int | None = None, save: str | None = None,
                note: str = "", defs: dict[str, str] | None = None,
                picture: str = "") -> str:
    """A self-contained HTML replay of ``frames``: ``(svg, caption)`` pairs.

    The first frame is in the page as it stands (it shows even where scripts
    do not run); the script swaps frames in. Every text is escaped. The
    stage keeps the height of the tallest frame, so the controls never move,
    and the caption the height of the longest caption held, so the replay
    keeps one height from step to step.

    ``steps`` numbers the frames (by default 0, 1, 2...: step 0 is the deal)
    and ``count`` is the number of steps in the whole replay. With ``save``
    (the game's save text), a page that loads the in-page engine
    (``solitaire_widgets.web``) computes every step it does not hold;
    elsewhere the buttons visit the held ones. A single frame with nothing
    more to show is a picture with ``note`` under it, and no controls.
    ``defs``: card pictures the frames share (``scene_svg(shared_defs=...)``).

    ``picture`` (HTML, e.g. :func:`~solitaire_widgets.render.still_html`)
    stands where scripts do not run, as in a notebook opened untrusted, whose
    sanitizer drops scripts, styles and inline SVG: then the player's markup
    goes inside its script (which a sanitizer drops whole), and the script
    puts the player in the picture's place.

    >>> html = html_player([("<svg></svg>", "one"), ("<svg></svg>", "two")], "A <title>")
    >>> "A &lt;title&gt;" in html and 'aria-live="polite"' in html
    True
    >>> "<button" in html_player([("<svg></svg>", "The deal")], note="Run it to play.")
    False
    >>> html = html_player([("<svg></svg>", "one"), ("<svg></svg>", "two")], picture="<p>P</p>")
    >>> html.startswith('<div id="') and "<button" not in html.split("<script")[0]
    True
    """
    frames, found = _shared_defs(list(frames))
    pictures = "".join((defs or {}).values()) + found
    if not frames:
        frames = [("", _("Nothing to show"))]
    numbers = list(range(len(frames))) if steps is None else [int(n) for n in steps]
    total = max(numbers[-1] + 1, int(count or 0))
    # Ids come from the content and a running number, not from chance, so a
    # notebook re-run gives the same page (nbval compares it) while two
    # players on one page still never share an id.
    digest = hashlib.sha1((title + script_json([pictures, frames])).encode()).hexdigest()[:8]
    uid = f"sw-player-{digest}{next(_NUMBERS):04d}"
    pictures = unique_ids(pictures, uid)
    width, height = _size([svg for svg, _ in frames])
    style = _STYLE.format(id=uid, ratio=f"{width:g} / {height:g}", width=f"{width:g}")
    safe_title = escape(title, quote=True)
    shared = ('<svg width="0" height="0" style="position:absolute" aria-hidden="true" '
              f'focusable="false"><defs>{pictures}</defs></svg>' if pictures else "")
    first_svg, first_caption = frames[0]
    first_svg = unique_ids(first_svg, uid)
    if total == 1 and save is None:
        return "".join([
            f'<figure id="{uid}" class="sw-player sw-picture" style="margin:0">',
            f"<style>{style}</style>",
            f'<div class="sw-title">{escape(title, quote=False)}</div>', shared,
            f'<div class="sw-stage">{first_svg}</div>',
            f'<figcaption class="sw-caption">{lang_marked(first_caption)}'
            + (f" {escape(note, quote=False)}" if note else "") + "</figcaption></figure>",
        ])
    pieces, indices = _pieces([unique_ids(svg, uid) for svg, _ in frames])
    counters = _counters([cap for _, cap in frames], numbers, total)
    captions = [lang_marked(cap) for _, cap in frames]
    data = {"pieces": pieces, "frames": indices,
            "captions": captions,
            "counters": counters, "steps": numbers, "count": total, "save": save is not None,
            "words": {"computing": _("Computing step {n} in the browser…"),
                      "play": _("Play"), "pause": _("Pause")}}
    script_args = {"id": uid, "data": script_json(data),
                   "interval": max(100, int(interval_ms))}

    def button(name: str, label: str, face: str) -> str:
        return (f'<button type="button" id="{uid}-{name}" aria-label="{label}" '
                f'title="{label}">{face}</button>')

    extra = ""
    if save is not None:
        extra = (f' data-sw-save="{escape(save, quote=True)}" data-sw-width="{width:g}"'
                 f' data-sw-title="{safe_title}"')
    markup = "".join([
        f'<div id="{uid}" class="sw-player" tabindex="0" role="group"{extra} '
        'aria-label="' + escape(_("{title}: replay; left and right arrow keys step").format(
            title=title), quote=True) + '">',
        f"<style>{style}</style>",
        f'<div class="sw-title">{escape(title, quote=False)}</div>', shared,
        # Behind a picture the script draws the first frame too (from the pieces).
        f'<div class="sw-stage" id="{uid}-stage">{"" if picture else first_svg}</div>',
        '<div class="sw-bar" role="toolbar" aria-label="'
        + escape(_("Replay controls"), quote=True) + '">',
        button("first", escape(_("Go to the start"), quote=True), "&#xAB;"),
        button("back", escape(_("Step back"), quote=True), "&#x2039;"),
        f'<button type="button" id="{uid}-play" aria-label="{escape(_("Play"), quote=True)}" '
        f'aria-pressed="false" title="{escape(_("Play or pause"), quote=True)}">&#x25B6;</button>',
        button("forward", escape(_("Step forward"), quote=True), "&#x203A;"),
        button("end", escape(_("Go to the end"), quote=True), "&#xBB;"),
        f'<span class="sw-counter" id="{uid}-counter">{counters[0]}</span>',
        "</div>",
        # The captions the page holds, unseen, in the caption's place: it keeps the
        # height of the longest, so the replay keeps one height from step to step.
        '<div class="sw-captions">',
        f'<p class="sw-caption" id="{uid}-caption" aria-live="polite">'
        f"{lang_marked(first_caption)}</p>",
        "".join(f'<p class="sw-sizer" aria-hidden="true">{caption}</p>'
                for caption in dict.fromkeys(captions)),
        "</div>",
    ])
    script = _SCRIPT % script_args
    if not picture:
        return f'{markup}<script type="text/javascript">{script}</script></div>'
    put = (f'(function () {{ var here = document.getElementById("{uid}-still"); '
           'if (!here) { return; } var box = document.createElement("div"); '
           f"box.innerHTML = {script_json(markup + '</div>')}; "
           "here.parentNode.replaceChild(box.firstChild, here); })();\n")
    return (f'<div id="{uid}-still" class="sw-still-player">{picture}</div>'
            f'<script type="text/javascript">{put}{script}</script>')


def frame(rules: Rules, table: Table, caption: str, width: float, four_colour: bool,
          title: str, defs: dict[str, str] | None = None) -> tuple[str, str]:
    """One frame of a replay: ``(svg, caption)`` of ``table`` as ``rules`` lay it out.

    The picture is named by the step; the caption beside it has the words
    (with the quoted text in its own language, which an SVG title cannot mark).
    """
    label = _caption_patterns(current_language())[2].match(caption)
    scene = layout(rules, table, width)
    return (scene_svg(scene, four_colour, title=f"{title}: {label.group() if label else caption}",
                      description=describe_table(rules, table), shared_defs=defs), caption)
