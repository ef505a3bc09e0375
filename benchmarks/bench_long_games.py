"""What a move costs late in a long game, and what a long stay at one table keeps.

Run: ``python benchmarks/bench_long_games.py`` (about two minutes; ``--no-soak``:
the moves' costs alone, half a minute; ``--open-only``: the longest save alone;
``--previous DIR``: that save also opened by the package in ``DIR``, e.g. a
copy of another commit, in the same run). No browser:
the widget and the in-page table's engine side run here, as in the tests.

- The longest save: a Klondike game of :data:`~solitaire_widgets.game.MAX_MOVES`
  moves (20,000, the most a game or a save holds), loaded with
  :func:`~solitaire_widgets.load_game` (every move checked), opened in a
  :class:`~solitaire_widgets.widgets.ReplayWidget` and in a
  :class:`~solitaire_widgets.widgets.GameWidget` (each from its text, the
  load included), in seconds of CPU time, the best of three; the goal is
  under a second each.

- A move's cost at 0, 1,000, 5,000 and 20,000 moves of history (a
  Klondike deal turned through its hand again and again: ``turn``, and
  ``redeal`` when the hand is empty), for a
  :class:`~solitaire_widgets.widgets.GameWidget` (``play`` and ``undo``, no
  animation) and for the in-page table's
  :class:`~solitaire_widgets.web.session.PageSession` (a ``play`` and an
  ``undo`` request, answered as the worker answers, JSON text and all).
  The move timed is the same at each length: the first card of a full hand
  turned. The baseline is that move with no history: the goal is a flat cost,
  at most twice the first. Every message a widget sends to the browser is
  encoded as JSON, as a kernel does before sending it (here nothing is
  sent), so its cost is in the widget's figures.
- The bytes a widget sends to the browser for a move (its trait updates and
  its drawing), and of the worker's answer to a ``play`` request, at each length.
- A soak: 5,000 requests at one table of each game (random legal moves,
  undo, redo, hints, pointer presses and keys; a new deal when a game
  ends), with the memory Python holds for the table (``tracemalloc``)
  after the first 1,000 requests and at the end, the drawings the table
  keeps for the page, and the median and worst time of a request.

Timings are measured here, never in the tests.
"""

from __future__ import annotations

import gc
import json
import os
import random
import statistics
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Any

# The package measured: this checkout's, or another copy's (``--previous`` runs
# this file again with BENCH_PACKAGE_DIR set to it).
sys.path.insert(0, os.environ.get("BENCH_PACKAGE_DIR") or str(Path(__file__).resolve().parent.parent))

import ipywidgets  # type: ignore[import-untyped]  # noqa: E402

from solitaire_widgets import new_game  # noqa: E402
from solitaire_widgets.game import Game  # noqa: E402
from solitaire_widgets.web import worker_api  # noqa: E402
from solitaire_widgets.web.session import PageSession  # noqa: E402
from solitaire_widgets.widgets import GameWidget  # noqa: E402

LENGTHS = (0, 1_000, 5_000, 20_000)
REPEATS = 31
SOAK_REQUESTS = 5_000


def long_game(moves: int) -> Game:
    """Klondike deal 3 with ``moves`` moves played: the hand turned through again and again."""
    game = new_game("klondike", seed=3, variant="standard")
    while len(game.history) < moves:
        game.play("turn" if game.is_legal("turn") else "redeal")
    return game


def timed_game(moves: int) -> Game:
    """The longest :func:`long_game` of at most ``moves`` moves whose last move turns
    the first card of a full hand: the move a game with no history plays first, so
    the move timed is the same at every length (a redeal moves 24 cards)."""
    game = long_game(moves)
    starts = [number for number, step in enumerate(game.history, start=1)
              if number == 1 or game.history[number - 2].move.action == "redeal"]
    return long_game(starts[-1]) if starts else game


def _next(game: Game) -> str:
    return "turn" if game.is_legal("turn") else "redeal"


def _ms(seconds: list[float]) -> str:
    return f"{statistics.median(seconds) * 1000:8.1f}"


def _timed(play: Any, undo: Any, moves: int) -> tuple[list[float], list[float]]:
    """``play`` and ``undo`` timed in turn; past 0 moves the undo first (a game
    holds at most MAX_MOVES moves), so each is timed at ``moves`` or one fewer.

    The time is this process's CPU time: on a shared machine, the wall clock
    would mostly measure the other processes."""
    plays, undos = [], []
    for _ in range(REPEATS):
        first, second = (undo, play) if moves else (play, undo)
        t0 = time.process_time()
        first()
        t1 = time.process_time()
        second()
        t2 = time.process_time()
        (undos if moves else plays).append(t1 - t0)
        (plays if moves else undos).append(t2 - t1)
    return plays, undos


#: The bytes of the widget messages encoded since the last :func:`_sent_bytes`.
_SENT = [0]


def _encode(self: Any, msg: Any, buffers: Any = None) -> None:
    """A widget's message encoded as a kernel encodes it before sending (then dropped)."""
    _SENT[0] += len(json.dumps(msg).encode("utf-8")) + sum(len(b) for b in buffers or [])


def _sent_bytes() -> int:
    sent, _SENT[0] = _SENT[0], 0
    return sent


def widget_move(moves: int) -> tuple[list[float], list[float], int, int]:
    """A widget's play and undo times, the bytes of a move, and the moves of history."""
    widget = GameWidget(timed_game(moves), animate=False)
    timed = _timed(lambda: widget.play(_next(widget.game)), widget.undo, moves)
    if moves:
        widget.undo()
    _sent_bytes()
    widget.play(_next(widget.game))
    size = _sent_bytes()
    length = len(widget.game.history)
    widget.close()
    return (*timed, size, length)


def _ask(request: dict[str, Any]) -> str:
    return worker_api.call(json.dumps(request))


def session_move(moves: int) -> tuple[list[float], list[float], int]:
    name = f"bench{moves}"
    worker_api._tables[name] = PageSession(timed_game(moves), prefix=name)
    answers: list[str] = []

    def play() -> None:
        game = worker_api._tables[name].game
        answers.append(_ask({"op": "play", "table": name, "move": _next(game)}))

    plays, undos = _timed(play, lambda: _ask({"op": "undo", "table": name}), moves)
    del worker_api._tables[name]
    return plays, undos, len(answers[-1].encode("utf-8"))


def _request(rng: random.Random, game: Game, name: str) -> dict[str, Any]:
    roll = rng.random()
    if game.is_over:
        return {"op": "new", "table": name, "seed": rng.randrange(10_000)}
    if roll < 0.6:
        moves = game.legal_moves()
        return {"op": "play", "table": name, "move": str(rng.choice(moves))}
    if roll < 0.72:
        return {"op": "undo", "table": name}
    if roll < 0.78:
        return {"op": "redo", "table": name}
    if roll < 0.82:
        return {"op": "hint", "table": name}
    if roll < 0.92:
        op = rng.choice(["press", "release"])
        return {"op": op, "table": name, "x": rng.uniform(0, 760), "y": rng.uniform(0, 500)}
    return {"op": "key", "table": name, "key": rng.choice(["ArrowLeft", "ArrowRight", "Enter",
                                                           "f", "Escape"])}


def soak(game_name: str) -> None:
    rng = random.Random(1)
    name = f"soak-{game_name}"
    gc.collect()
    tracemalloc.start()
    _ask({"op": "open", "table": name, "game": game_name, "seed": 1})
    took, early = [], 0
    for number in range(1, SOAK_REQUESTS + 1):
        request = _request(rng, worker_api._tables[name].game, name)
        t0 = time.perf_counter()
        _ask(request)
        took.append(time.perf_counter() - t0)
        if number == 1_000:
            gc.collect()
            early = tracemalloc.get_traced_memory()[0]
    gc.collect()
    late = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    session = worker_api._tables.pop(name)
    drawings = sum(isinstance(k, str) for k in session._statics)
    kept = sum(len(k) for k in session._statics if isinstance(k, str))
    print(f"{game_name:9} memory after 1,000 requests {early / 1e6:6.2f} MB, after "
          f"{SOAK_REQUESTS:,} {late / 1e6:6.2f} MB; drawings kept {drawings:5} "
          f"({kept / 1e6:.2f} MB); a request: median {_ms(took)} ms, "
          f"worst {max(took) * 1000:.0f} ms")


def longest_save() -> str:
    """The save of :func:`long_game` at the most moves a game holds."""
    from solitaire_widgets.game import MAX_MOVES

    return long_game(MAX_MOVES).to_json()


def open_times(text: str) -> dict[str, Any]:
    """CPU seconds (best of three) to load ``text`` and to open it in each widget."""
    from solitaire_widgets import load_game
    from solitaire_widgets.widgets import ReplayWidget

    def replay() -> None:
        ReplayWidget(text, animate=False).close()

    def table() -> None:
        GameWidget(load_game(text), animate=False).close()

    import solitaire_widgets

    times = {"package": solitaire_widgets.__file__}
    for name, run in (("load", lambda: load_game(text)), ("replay widget", replay),
                      ("game widget", table)):
        best = float("inf")
        for _ in range(3):
            gc.collect()
            t0 = time.process_time()
            run()
            best = min(best, time.process_time() - t0)
        times[name] = best
    return times


def open_longest(previous: str | None) -> None:
    """Print the longest save's open times here, and by the package in ``previous``."""
    text = longest_save()
    moves = len(json.loads(text)["moves"])
    print(f"the longest save: {moves:,} moves, {len(text.encode()):,} bytes "
          "(CPU seconds, best of 3)")
    rows = {"this package": open_times(text)}
    if previous:
        path = Path(__file__).resolve().parent / "bench_long_games.py"
        env = {**os.environ, "BENCH_PACKAGE_DIR": str(Path(previous).resolve())}
        done = subprocess.run([sys.executable, "-c",
                               "import json, sys; sys.path.insert(0, sys.argv[1]); "
                               "import bench_long_games as b; "
                               "print(json.dumps(b.open_times(sys.stdin.read())))",
                               str(path.parent)], input=text, env=env, capture_output=True,
                              text=True, check=True)
        rows[f"previous ({previous})"] = json.loads(done.stdout)
    print(f"{'':40} {'load':>8} {'replay widget':>14} {'game widget':>12}")
    for label, times in rows.items():
        print(f"{label:40} {times['load']:8.2f} {times['replay widget']:14.2f} "
              f"{times['game widget']:12.2f}  ({times['package']})")


def main() -> int:
    args = sys.argv[1:]
    previous = args[args.index("--previous") + 1] if "--previous" in args else None
    if "--open-only" in args:
        open_longest(previous)
        return 0
    print(f"a move after N moves of history (median of {REPEATS}, ms), "
          "and the bytes of the answer to a play request")
    print("(at N moves: the last move of the longest such game whose last move turns the\n"
          " first card of a full hand, as the first move of a game does)")
    print(f"{'moves':>7} {'widget play':>12} {'widget undo':>12} {'widget bytes':>13} "
          f"{'page play':>10} {'page undo':>10} {'answer bytes':>13}")
    ipywidgets.Widget._send = _encode
    for moves in LENGTHS:
        w_play, w_undo, sent, length = widget_move(moves)
        s_play, s_undo, size = session_move(moves)
        print(f"{length - 1:7,} {_ms(w_play):>12} {_ms(w_undo):>12} {sent:13,} {_ms(s_play):>10} "
              f"{_ms(s_undo):>10} {size:13,}", flush=True)
    print()
    open_longest(previous)
    if "--no-soak" in args:
        return 0
    print(f"\na soak of {SOAK_REQUESTS:,} requests at one table of each game")
    for game_name in ("chain", "klondike", "quarrel"):
        soak(game_name)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
