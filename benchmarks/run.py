"""Run every benchmark, one after another, each on one core: ``make bench``.

Figures are only comparable within one run (each benchmark measures its
baseline side by side); the book's "Speed and reliability" chapter
(``book/measurements.md``) gives the figures with the command of each.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SCRIPTS = ["bench_engine.py", "bench_widgets.py", "bench_long_games.py", "bench_solver.py", "bench_web.py",
           "bench_pages.py", "bench_dask.py", "bench_notebooks.py", "bench_peer.py"]
#: Benchmarks that need a package the project does not install, and that package.
OPTIONAL = {"bench_peer.py": "pyksolve"}


def main() -> int:
    status = 0
    for name in SCRIPTS:
        script = HERE / name
        if not script.exists():
            continue
        if name in OPTIONAL and importlib.util.find_spec(OPTIONAL[name]) is None:
            print(f"== {name}: left out, {OPTIONAL[name]} is not installed "
                  f"(pip install {OPTIONAL[name]})", flush=True)
            continue
        print(f"== {name}", flush=True)
        status |= subprocess.call([sys.executable, str(script)])
        print(flush=True)
    return status


if __name__ == "__main__":
    raise SystemExit(main())
