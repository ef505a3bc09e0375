"""The in-page engine in headless Chromium, and the kernel-free player's cost in Python.

Run: ``python benchmarks/bench_web.py`` (needs the runtime: ``make web-runtime``;
``--moves-only``: a move's round trip alone; ``--prestart-only``: the start
before the click alone; ``BENCH_PACKAGE_DIR=DIR``: the
package in ``DIR`` measured instead of this checkout's; ``--moves-only --beside
DIR --turns 3``: this checkout's package and the one in ``DIR``, e.g. main's
from ``git archive main | tar -x -C DIR``, measured in turns in one run, each
in a browser of its own, and their figures side by side).
An exported Klondike table is served from 127.0.0.1 (a fresh browser
context each time, so the runtime is loaded cold) and measured:

- the start before the click, on a first visit (a browser just launched, a
  fresh profile, each time): "Play here" pressed to a playable table when the
  table has been in view for 10 s — goal 1 s (0.3 s on an idle machine) — and
  when it is pressed as soon as the page shows; beside each, in the same run
  and in turns, the same page with the pre-start switched off
  (``data-sw-prestart="off"``: how every page started before); and the bytes
  fetched before the click, with the pre-start and without;
- start: "Play here" pressed to a playable table (the page with the pre-start
  switched off, so that the click starts the engine), with each phase (runtime,
  wheel, import, the first table): cold (a browser just launched, nothing
  cached) — budget 10 s; warm (a fresh profile, so an empty cache, in a
  browser that has run the engine before), best of ``--runs``; and a second
  visit (the same profile opens the page again: the runtime comes from the
  browser's cache and the engine starts from the copy kept at the first
  visit) — goal 1.5 s. Beside it, in the same run, the second visit with the
  kept copy removed (Python started anew: how every visit started before the
  copy was kept). The second visit is measured twice: in an in-memory
  profile (as the cold and warm starts) and in a profile on disk, as a
  reader's browser, which also keeps the compiled WebAssembly between visits
  (visits two and three);
- a move: its round trip, the click on its destination to the worker's
  answer drawn in the page (median and worst of 30) — goal 10 ms median; the
  same click to the first animation frame that shows it on the screen (the
  round trip and the wait for the screen's next refresh, 60 a second) —
  budget 50 ms median; to the end of that frame's drawing in the page; and
  where the time goes (the engine's answer, the worker, the page, the frame);
- a whole Klondike deal replayed in the browser by the player's own "Step
  forward" button, every step computed from the save and drawn (the cards
  moved in place) — budget 2 s; beside it, the old way's drawing alone: the
  same steps' whole SVGs, computed beforehand, set one by one;
- page weight before "Play here": the bytes the page loads (the pre-start
  switched off), beside the same page without the page script (its baseline)
  — budget +50 KB;
- the kernel-free player of a long game: 1,000 moves and the most a game holds,
  beside drawing every frame of the 1,000-move game (the old way).

Timings are measured here, never in the tests.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

# The package measured: this checkout's, or another copy's, given as BENCH_PACKAGE_DIR
# (e.g. a copy of another commit, to measure it beside this one on the same machine).
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, os.environ.get("BENCH_PACKAGE_DIR") or sys.path[0])

from playwright.sync_api import sync_playwright  # noqa: E402

from solitaire_widgets import Game, new_game  # noqa: E402
from solitaire_widgets.game import MAX_MOVES  # noqa: E402
from solitaire_widgets.html_replays import game_frames, game_player  # noqa: E402
from solitaire_widgets.pointer import pile_point  # noqa: E402
from solitaire_widgets.render.display import DISPLAY_WIDTH  # noqa: E402
from solitaire_widgets.render.scene import layout  # noqa: E402
from solitaire_widgets.render.svg import scene_svg  # noqa: E402
from solitaire_widgets.strategies import get_strategy, play_out  # noqa: E402
from solitaire_widgets.web import export_html, head_html  # noqa: E402
from tests.browser_support import CHROMIUM_ARGS, find_chromium, served_directory  # noqa: E402

START_BUDGET_S = 10.0
#: Issue 44's goals: Play here to a playable table after 10 s with the table in view.
PRESTART_GOAL_S = 1.0
PRESTART_IDLE_GOAL_S = 0.3
IN_VIEW_S = 10.0
SECOND_VISIT_GOAL_S = 1.5
MOVE_BUDGET_MS = 50.0
#: Issue 28's goal for a move's round trip: the click to the answer drawn in the page.
ROUND_TRIP_GOAL_MS = 10.0
REPLAY_BUDGET_S = 2.0
WEIGHT_BUDGET_KB = 50.0

# A click on a move's destination, timed from the request: ``frame``, to the
# first animation frame that shows it (its requestAnimationFrame callbacks run
# just before the browser styles, lays out and paints that frame: the table
# has set the move's first frame when ``send`` resolves); ``painted``, to the
# end of that frame's drawing in the page (a message posted in the frame runs
# once it is painted); ``set``, to ``send`` resolving (the answer drawn into
# the page); ``timing``, the table's own account of the answer (null for a
# package whose table keeps none).
_MOVE_JS = """async ([x, y, t]) => {
  const table = window.solitaireTables[0];
  const t0 = performance.now();
  await table.send({op: "press", x: x, y: y, t: t});
  const set = performance.now() - t0;
  const frame = await new Promise(r => requestAnimationFrame(() => r(performance.now() - t0)));
  const painted = await new Promise(r => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => r(performance.now() - t0);
    channel.port2.postMessage(0);
  });
  return {frame: frame, painted: painted, set: set, timing: table.timing || null};
}"""

_REPLAY_JS = """async () => {
  // The engine is loaded first (the cold start is measured above); then the
  // player's own "Step forward" button is pressed for every step, each
  // waited for until it is drawn: the save read, every frame computed, drawn.
  await window.solitaireWeb.boot();
  const root = document.querySelector(".sw-player[data-sw-save]");
  const last = Number(root.querySelector(".sw-counter").textContent.split(" of ")[1]);
  const forward = root.querySelector("button[aria-label='Step forward']");
  const shown = n => new Promise(resolve => {
    const seen = new MutationObserver(() => {
      if (root.getAttribute("data-step") === String(n)) { seen.disconnect(); resolve(); }
    });
    seen.observe(root, {attributes: true, attributeFilter: ["data-step"]});
  });
  const t0 = performance.now();
  for (let i = 1; i <= last; i++) {
    const drawn = shown(i);
    forward.click();
    await drawn;
  }
  await new Promise(r => requestAnimationFrame(() => r()));
  return [last, performance.now() - t0];
}"""


_WHOLE_SVGS_JS = """async () => {
  const frames = await (await fetch("frames.json")).json();
  const stage = document.querySelector(".sw-player .sw-stage");
  document.body.insertAdjacentHTML("afterbegin", frames.defs);
  const t0 = performance.now();
  const channel = new MessageChannel();
  for (const svg of frames.svgs) {
    stage.innerHTML = svg;
    void stage.querySelector("svg").getBBox();  // parsed and laid out
    await new Promise(r => { channel.port1.onmessage = r; channel.port2.postMessage(0); });
  }
  await new Promise(r => requestAnimationFrame(() => r()));
  return performance.now() - t0;
}"""


def _bytes_loaded(page: Any, url: str) -> int:
    responses: list[Any] = []
    page.on("response", lambda r: responses.append(r))
    page.goto(url)
    page.wait_for_load_state("networkidle")
    return sum(len(r.body()) for r in responses)

# Times "Play here" in the page: the click (seen first, in the capture phase) to
# the table's ``ready``; and when the engine's start began, before or after it.
_TIME_CLICK = """() => {
  const table = window.solitaireTables[0];
  window.swTimes = {};
  table.button.addEventListener("click", () => { window.swTimes.click = performance.now(); },
                                {capture: true});
  table.ready.then(() => { window.swTimes.ready = performance.now(); });
}"""


def _first_visit(pw: Any, url: str, page_name: str, wait: float) -> dict[str, Any]:
    """A browser just launched, a fresh profile: ``page_name`` opened, ``wait`` seconds
    with its table in view, then Play here; the seconds from the click to a playable
    table, and whether the engine was up before the click."""
    browser = pw.chromium.launch(executable_path=find_chromium(), args=list(CHROMIUM_ARGS))
    try:
        page = browser.new_context().new_page()
        fetched: list[int] = []
        page.context.on("requestfinished",
                        lambda request: fetched.append(request.sizes()["responseBodySize"]))
        page.goto(f"{url}/{page_name}")
        page.evaluate(_TIME_CLICK)
        if wait:
            page.wait_for_timeout(wait * 1000)
        # The engine's first answer sets its total time: up before the click.
        up = page.evaluate("window.solitaireWeb.phases.total !== undefined")
        before = sum(fetched)
        page.click(".sw-play-here")
        page.wait_for_function("window.swTimes.ready !== undefined", timeout=120_000)
        times = page.evaluate("window.swTimes")
        phases = page.evaluate("window.solitaireWeb.phases")
        return {"took": (times["ready"] - times["click"]) / 1000, "up": up, "bytes": before,
                "prestart": page.evaluate("window.solitaireWeb.prestart.state"),
                # When the engine's start began, from the page's opening, and how long it took.
                "began": phases["began"] / 1000, "start": phases["total"] / 1000}
    finally:
        browser.close()


def prestart_figures(pw: Any, url: str, runs: int) -> None:
    """The start before the click beside the page with it switched off (see the module)."""
    modes = [(f"in view for {IN_VIEW_S:.0f} s, then Play here", IN_VIEW_S),
             ("Play here as soon as the page shows", 0.0)]
    found: dict[tuple[int, str], list[dict[str, Any]]] = {}
    for _ in range(runs):
        for number, (_label, wait) in enumerate(modes):
            for page_name in ("index.html", "off.html"):
                found.setdefault((number, page_name), []).append(
                    _first_visit(pw, url, page_name, wait))

    def listed(results: list[dict[str, Any]]) -> str:
        return ", ".join(f"{r['took']:.2f}" for r in results)

    for number, (label, wait) in enumerate(modes):
        started, off = found[(number, "index.html")], found[(number, "off.html")]
        print(f"first visit, {label}, to a playable table: median "
              f"{statistics.median(r['took'] for r in started):.2f} s (runs: {listed(started)} s; "
              f"the engine up before the click in {sum(r['up'] for r in started)} of "
              f"{len(started)})" + (f" (goal {PRESTART_GOAL_S:.0f} s, {PRESTART_IDLE_GOAL_S} s "
                                    "on an idle machine)" if wait else ""))
        print(f"  the engine's start began {statistics.median(r['began'] for r in started):.2f}"
              f" s after the page opened and took {statistics.median(r['start'] for r in started):.2f}"
              " s (medians)")
        print(f"  baseline, the same page with the pre-start switched off: median "
              f"{statistics.median(r['took'] for r in off):.2f} s (runs: {listed(off)} s; the "
              f"engine's start took {statistics.median(r['start'] for r in off):.2f} s)")
        if wait:
            print(f"  fetched before the click: {max(r['bytes'] for r in started) / 2**20:.2f} MB "
                  f"(switched off: {max(r['bytes'] for r in off) / 2**20:.2f} MB)")


def _start(page: Any, url: str) -> tuple[float, dict[str, float]]:
    """Open the page (the pre-start switched off), press Play here; the seconds to a
    playable table, and the phases."""
    page.goto(f"{url}/off.html")
    t0 = time.perf_counter()
    page.click(".sw-play-here")
    page.wait_for_function("window.solitaireTables[0].ready.then(() => true)", timeout=120_000)
    took = time.perf_counter() - t0
    phases = page.evaluate("window.solitaireWeb.phases")
    phases["engine"] = page.evaluate("window.solitaireWeb.engine.start")
    return took, phases


def _kept(page: Any) -> None:
    """Wait until the engine started on ``page`` has kept its copy for the next visit."""
    page.wait_for_function("window.solitaireWeb.engine.kept !== null", timeout=60_000)
    if not page.evaluate("window.solitaireWeb.engine.kept"):
        raise SystemExit("the engine's copy could not be kept in this browser")


def _forget(page: Any) -> None:
    page.evaluate("caches.delete('solitaire-widgets-engine')")


def _phases(total: float, ph: dict[str, Any]) -> str:
    if ph["engine"] == "kept":
        return (f"the kept engine started {ph['kept'] / 1000:.2f} s, "
                f"first table {total - ph['total'] / 1000:.2f} s")
    return (f"runtime {ph['runtime'] / 1000:.2f} s, wheel {ph['wheel'] / 1000:.2f} s, "
            f"import {ph['import'] / 1000:.2f} s, first table {total - ph['total'] / 1000:.2f} s")


def _visits(context: Any, url: str, count: int) -> list[tuple[float, dict[str, Any]]]:
    """``count`` visits in a row in one profile, each in a new tab (the last one closed)."""
    starts = []
    for number in range(count):
        page = context.new_page()
        starts.append(_start(page, url))
        if number == 0:
            _kept(page)
        page.close()
    return starts


def browser_figures(site: Path, runs: int, moves_only: bool = False,
                    prestart_only: bool = False) -> None:
    with served_directory(site) as url, sync_playwright() as pw:
        if not moves_only:
            prestart_figures(pw, url, runs)
        if prestart_only:
            return
        args = list(CHROMIUM_ARGS)
        browser = pw.chromium.launch(executable_path=find_chromium(), args=args)
        if not moves_only:
            starts_and_visits(browser, pw, url, runs)
        move_figures(browser, url)
        if not moves_only:
            replay_and_weight(browser, url)
        browser.close()


def starts_and_visits(browser: Any, pw: Any, url: str, runs: int) -> None:
    """The start figures: cold, warm, second visits (see the module)."""
    if True:
        args = list(CHROMIUM_ARGS)
        # Cold: the first start in a browser just launched (nothing cached
        # anywhere); then a second visit in the same profile, from the kept
        # engine; then one more with the kept copy removed (the baseline).
        context = browser.new_context()
        (cold, cold_phases), (second, second_phases) = _visits(context, url, 2)
        page = context.new_page()
        page.goto(f"{url}/off.html")
        _forget(page)
        page.close()
        anew, anew_phases = _visits(context, url, 1)[0]
        context.close()
        print(f"cold start (a browser just launched, empty cache): {cold:.2f} s "
              f"(budget {START_BUDGET_S:.0f} s)")
        print(f"  phases: {_phases(cold, cold_phases)}")
        # Warm: a fresh profile (empty cache) in a browser that has run the engine.
        starts = []
        for _ in range(runs):
            context = browser.new_context()
            starts.append(_start(context.new_page(), url))
            context.close()
        best = min(starts, key=lambda s: s[0])
        print(f"warm start (empty cache, browser warm): {best[0]:.2f} s best of {runs} "
              f"(all: {', '.join(f'{s[0]:.2f}' for s in starts)})")
        print(f"  phases: {_phases(*best)}")
        print(f"second visit (the runtime from the browser's cache, the engine from the copy "
              f"kept at the first visit): {second:.2f} s (goal {SECOND_VISIT_GOAL_S} s)")
        print(f"  phases: {_phases(second, second_phases)}")
        print(f"  baseline, the same visit with the kept copy removed (Python started anew): "
              f"{anew:.2f} s")
        print(f"  phases: {_phases(anew, anew_phases)}")
        with tempfile.TemporaryDirectory() as profile:
            context = pw.chromium.launch_persistent_context(
                profile, executable_path=find_chromium(), args=args)
            visits = _visits(context, url, 3)
            context.close()
        print(f"a profile on disk (a reader's browser): first visit {visits[0][0]:.2f} s, "
              f"second {visits[1][0]:.2f} s, third {visits[2][0]:.2f} s "
              f"(goal {SECOND_VISIT_GOAL_S} s)")
        for number, (took, phases) in enumerate(visits[1:], start=2):
            print(f"  visit {number} phases: {_phases(took, phases)}")


def _move_clicks(game: Game, moves: int) -> Iterator[tuple[float, float, float, bool]]:
    """The clicks that play ``game`` on at a table, ``(x, y, t, plays)``, ``t`` a clock one
    second a click: a move's source then its destination (``plays``: the click that plays
    it), or the hand when no move of cards is legal; ``game`` plays along, until
    ``moves`` moves of cards are played or the game is over."""
    clock, played = 0.0, 0
    while played < moves and not game.is_over:
        move = next((m for m in game.legal_moves() if m.action == "move"), None)
        scene = layout("klondike", game.table, DISPLAY_WIDTH)
        clicks = ([pile_point(scene, "s")] if move is None else
                  [pile_point(scene, move.src, move.count), pile_point(scene, move.dst)])
        for number, (x, y) in enumerate(clicks):
            clock += 1.0
            yield x, y, clock, move is not None and number == len(clicks) - 1
        played += move is not None
        game.play(move if move is not None else ("turn" if game.is_legal("turn") else "redeal"))


def move_figures(browser: Any, url: str) -> None:
    """A move's round trip in the page (median and worst of 30), and in CPython the
    same moves' requests answered by the in-page table's session (the engine's side)."""
    if True:
        context = browser.new_context()
        page = context.new_page()
        page.goto(f"{url}/index.html")
        page.click(".sw-play-here")
        page.wait_for_function("window.solitaireTables[0].ready.then(() => true)",
                               timeout=120_000)
        game = new_game("klondike", seed=7, variant="polish")
        rounds: list[dict[str, Any]] = []
        release = "([x, y, t]) => window.solitaireTables[0].send({op: 'release', x, y, t})"
        for x, y, clock, plays in _move_clicks(game, 30):
            took = page.evaluate(_MOVE_JS, [x, y, clock])
            page.evaluate(release, [x, y, clock])
            if plays:
                rounds.append(took)
        state = page.evaluate("window.solitaireTables[0].state()")
        assert state["status"] == game.status, "the page played the same moves"
        context.close()
        print_moves(rounds)
        session_figures(len(rounds))


def print_moves(rounds: list[dict[str, Any]]) -> None:
    """A move's round trip (see ``_MOVE_JS``), and where its time went."""
    def median(field: str, part: str = "") -> float:
        return statistics.median(r[part][field] if part else r[field] for r in rounds)

    frames = [r["frame"] for r in rounds]
    painted = [r["painted"] for r in rounds]
    drawn = [r["set"] for r in rounds]
    print(f"a move's round trip, the click on its destination to the worker's answer drawn in "
          f"the page (the move's first frame set): median {statistics.median(drawn):.1f} ms, "
          f"worst {max(drawn):.1f} ms over {len(drawn)} moves (goal {ROUND_TRIP_GOAL_MS:.0f} ms "
          "median)")
    print(f"  to its first animation frame on the screen: median "
          f"{statistics.median(frames):.1f} ms, worst {max(frames):.1f} ms over "
          f"{len(frames)} moves (budget {MOVE_BUDGET_MS:.0f} ms median)")
    print(f"  to the end of that frame's drawing in the page: median "
          f"{statistics.median(painted):.1f} ms, worst {max(painted):.1f} ms")
    if all(r["timing"] for r in rounds):
        print(f"  where it goes (medians): the answer in the page {median('answered', 'timing'):.1f}"
              f" ms (the engine, Python in the worker, {median('engine', 'timing'):.1f} ms; "
              f"the worker in all {median('worker', 'timing'):.1f} ms), the move's first frame "
              f"set in the page at {median('set'):.1f} ms, then the frame "
              f"{statistics.median(r['frame'] - r['set'] for r in rounds):.1f} ms later "
              "(the screen's next refresh, 60 a second, and the browser's work before it)")


def session_figures(moves: int) -> None:
    """The same moves' clicks (press and release on the source, then on the destination)
    answered in CPython by the in-page table's session, as the worker answers them; the
    press on the destination, which plays the move, is timed."""
    from solitaire_widgets.web import worker_api
    from solitaire_widgets.web.session import PageSession

    game = new_game("klondike", seed=7, variant="polish")
    worker_api._tables["bench"] = PageSession(new_game("klondike", seed=7, variant="polish"),
                                               prefix="bench")
    times: list[float] = []
    for x, y, clock, plays in _move_clicks(game, moves):
        t0 = time.process_time()
        worker_api.call(json.dumps({"op": "press", "table": "bench", "x": x, "y": y,
                                    "t": clock}))
        took = time.process_time() - t0
        worker_api.call(json.dumps({"op": "release", "table": "bench", "x": x, "y": y,
                                    "t": clock}))
        if plays:
            times.append(took * 1000)
    assert worker_api._tables.pop("bench").game.status == game.status
    print(f"  in CPython, the same clicks (press requests) answered by the in-page table's "
          f"session: median {statistics.median(times):.2f} ms, worst {max(times):.2f} ms "
          "(CPU time)")


def replay_and_weight(browser: Any, url: str) -> None:
    """The replay in the browser and the page's weight (see the module)."""
    if True:
        context = browser.new_context()
        page = context.new_page()
        page.goto(f"{url}/replay.html")
        last, ms = page.evaluate(_REPLAY_JS)
        print(f"a whole Klondike deal replayed in the browser: {last} steps in {ms / 1000:.2f} s "
              f"({ms / max(last, 1):.1f} ms a step; budget {REPLAY_BUDGET_S:.0f} s)")
        whole = page.evaluate(_WHOLE_SVGS_JS)
        print(f"  baseline, the same steps' whole SVGs (computed beforehand) set one by "
              f"one, parsed and laid out: {whole / 1000:.2f} s")
        context.close()

        context = browser.new_context()
        with_script = _bytes_loaded(context.new_page(), f"{url}/off.html")
        without = _bytes_loaded(context.new_page(), f"{url}/bare.html")
        print(f"page weight before Play here: {with_script / 1024:.1f} KB, of which the page "
              f"script, its styles and the Play here markup add "
              f"{(with_script - without) / 1024:.1f} KB (budget +{WEIGHT_BUDGET_KB:.0f} KB)")
        context.close()


def player_figures() -> None:
    def long_game(moves: int) -> Any:
        game = new_game("klondike", seed=3, variant="standard")
        while len(game.history) < moves:
            game.play("turn" if game.is_legal("turn") else "redeal")
        return game

    thousand, longest = long_game(1000), long_game(MAX_MOVES)
    t0 = time.perf_counter()
    game_frames(thousand)
    every = time.perf_counter() - t0
    for label, game in (("1,000", thousand), (f"{MAX_MOVES:,}", longest)):
        t0 = time.perf_counter()
        page = game_player(game)
        took = time.perf_counter() - t0
        print(f"kernel-free player of a {label}-move game: {took:.2f} s, {len(page) / 1024:.0f} KB")
    print(f"  baseline, drawing every frame of the 1,000-move game: {every:.2f} s")


_MEDIAN = re.compile(r"median ([\d.]+) ms, worst ([\d.]+) ms")


def side_by_side(beside: str, turns: int) -> None:
    """``--moves-only`` for this checkout's package and the one in ``beside``, in turns
    (each in a process and a browser of its own), then both packages' figures."""
    figures: dict[str, list[list[str]]] = {"this package": [], beside: []}
    for turn in range(1, turns + 1):
        for label, package in (("this package", ""), (beside, beside)):
            env = {**os.environ, "BENCH_PACKAGE_DIR": package}
            out = subprocess.run([sys.executable, __file__, "--moves-only"], env=env,
                                 check=True, capture_output=True, text=True).stdout
            print(f"turn {turn}, {label}:")
            print("  " + out.strip().replace("\n", "\n  "))
            figures[label].append([f"{m[0]} ms (worst {m[1]})" for m in _MEDIAN.findall(out)[:3]])
    for number, what in enumerate(("a move's round trip, the click to the answer drawn in "
                                   "the page (median of 30 moves, each turn)",
                                   "to its first animation frame on the screen",
                                   "to the end of that frame's drawing")):
        print(f"side by side, {what}:")
        for label, found in figures.items():
            print(f"  {label}: " + ", ".join(f[number] for f in found if len(f) > number))
    print(f"load average after: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="cold starts to measure")
    parser.add_argument("--prestart-only", action="store_true",
                        help="only the start before the click, beside the page without it")
    parser.add_argument("--moves-only", action="store_true",
                        help="only a move's round trip (in the page and in CPython)")
    parser.add_argument("--beside", metavar="DIR",
                        help="with --moves-only: also the package in DIR (another copy of the "
                             "repository), measured in turns with this one")
    parser.add_argument("--turns", type=int, default=3, help="with --beside: turns of each")
    args = parser.parse_args()
    if args.beside:
        if not args.moves_only:
            parser.error("--beside goes with --moves-only")
        print(f"load average before the run: {os.getloadavg()[0]:.1f} "
              f"on {os.cpu_count()} cores")
        side_by_side(args.beside, args.turns)
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        page = export_html("klondike", site, seed=7)
        text = page.read_text(encoding="utf-8")
        # The same page with the start before the click switched off: how pages started before.
        (site / "off.html").write_text(text.replace("<html ", '<html data-sw-prestart="off" ', 1),
                                       encoding="utf-8")
        bare = re.sub(r"<div class=\"sw-table\".*?<div class=\"sw-stage\">(.*?)</div>"
                      r"<button.*?</div>", r"\1", text.replace(head_html(), ""), flags=re.S)
        (site / "bare.html").write_text(bare, encoding="utf-8")
        game = new_game("klondike", seed=11, variant="standard")
        play_out(game, get_strategy("klondike"))
        defs: dict[str, str] = {}
        svgs = [scene_svg(layout("klondike", game.position_at(step), DISPLAY_WIDTH),
                          shared_defs=defs) for step in range(len(game.history) + 1)]
        (site / "frames.json").write_text(json.dumps({
            "svgs": svgs, "defs": '<svg width="0" height="0" style="position:absolute"><defs>'
            + "".join(defs.values()) + "</defs></svg>"}), encoding="utf-8")
        (site / "replay.html").write_text(
            f"<!DOCTYPE html><html><head><meta charset='utf-8'>{head_html()}</head><body>"
            + game_player(game) + "</body></html>", encoding="utf-8")
        print(f"load average before the run: {os.getloadavg()[0]:.1f} "
              f"on {os.cpu_count()} cores")
        browser_figures(site, args.runs, args.moves_only, args.prestart_only)
    if not (args.moves_only or args.prestart_only):
        player_figures()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
