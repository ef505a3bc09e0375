"""Build a copy of the package whose Klondike solver is compiled by mypyc, for long studies.

The package itself stays pure Python (Jupyter and the book's in-page
tables run it as it is). For the studies in ``benchmarks/data/``, which
spend hours in the solver, this copies the package into ``--dest`` and
compiles the solver's search modules there with mypyc (part of mypy, a dev
dependency; it needs a C compiler). It is the same source, type-checked
and compiled: it expands exactly the positions the pure solver expands
(``tests/test_solver_compiled.py`` checks that deal by deal), only 3 to 5
times as fast. Put the copy first on the path to use it:

    python benchmarks/compile_solver.py --dest build/compiled
    PYTHONPATH=build/compiled python benchmarks/study_klondike.py --chunk \\
        --variant draw-three --start 0 --deals 10000 --nodes 400000
    python benchmarks/bench_solver.py --deals 200 --variant polish \\
        --previous build/compiled --alternate

A study's rows say which build answered them (``"build": "mypyc"``).
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "solitaire_widgets"
#: The modules the search spends its time in, compiled (paths in the
#: package): the solver's, and the Klondike model its state comes from
#: (its building rule, ``cut`` and ``reach``); the rest of the package is
#: copied as it is.
COMPILED = (*(f"games/klondike/solver/{name}"
               for name in ("state", "moves", "dead_ends", "components", "search")),
            "games/klondike/model")


def build(dest: Path, quiet: bool = True) -> Path:
    """Copy the package into ``dest`` (emptied first) and compile its solver modules there.

    Returns ``dest``, the directory to put first on ``sys.path`` (or
    ``PYTHONPATH``). Raises ``RuntimeError`` with mypyc's messages if the
    build fails.
    """
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    shutil.copytree(PACKAGE, dest / PACKAGE.name,
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))
    sources = [f"{PACKAGE.name}/{name}.py" for name in COMPILED]
    done = subprocess.run([sys.executable, "-m", "mypyc", *sources], cwd=dest,
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"mypyc failed:\n{done.stdout}\n{done.stderr}")
    if not quiet:
        print(done.stdout[-2000:])
    shutil.rmtree(dest / "build", ignore_errors=True)  # mypyc's C sources and objects
    return dest


def is_compiled() -> bool:
    """Whether the solver imported here is a compiled build (its search is not a ``.py`` file).

    >>> is_compiled()
    False
    """
    from solitaire_widgets.games.klondike.solver import search

    return not str(search.__file__).endswith(".py")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dest", type=Path, default=Path("build/compiled"),
                        help="where to put the compiled copy (emptied first)")
    args = parser.parse_args(argv)
    try:
        dest = build(args.dest)
    except RuntimeError as error:
        print(error, file=sys.stderr)
        return 1
    print(f"compiled solver in {dest}: run with PYTHONPATH={dest}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
