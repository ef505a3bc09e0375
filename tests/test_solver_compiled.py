"""The solver compiled by mypyc (benchmarks/compile_solver.py) is the same search.

Long studies run on a copy of the package whose search modules mypyc has
compiled. Their answers stand for the package's own solver only if the
compiled one expands exactly the same positions: here, deal by deal under
each rule set, the same verdict, the same count of positions and the same
winning line, and the compiled copy must really be compiled.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from solitaire_widgets.games.klondike.solver import Config, solve_deal

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import compile_solver  # noqa: E402

CHECKED = Config(checked_share=0.95, checked_after=0, relax_share=0.0, restart_share=0.0)

#: Deals and budgets: won, lost and unresolved answers under each rule set;
#: drawing three also with the checked search from the start (its draw-one
#: checks, remembered; "checked" below).
CASES = [(variant, seed, nodes, False, "no") for variant in ("standard", "draw-three", "polish")
         for seed, nodes in ((0, 3_000), (1, 3_000), (2, 3_000), (5, 400), (63, 8_000),
                             (70, 8_000))] + [
    ("draw-three", seed, nodes, True, "no") for seed, nodes in ((75, 20_000), (119, 20_000),
                                                                (54, 20_000))] + [
    # With worrying back: won, lost and unresolved.
    (variant, seed, nodes, False, "yes") for variant, seed, nodes in (
        ("standard", 51, 3_000), ("standard", 4953, 12_000), ("draw-three", 1461, 3_000))]

_SOLVE = """
import json, sys
sys.path.insert(0, sys.argv[1])
from compile_solver import is_compiled
from solitaire_widgets.games.klondike.solver import Config, solve_deal
checked = Config(checked_share=0.95, checked_after=0, relax_share=0.0, restart_share=0.0)
rows = []
for variant, seed, nodes, check, worrying_back in json.loads(sys.argv[2]):
    s = solve_deal(seed, variant=variant, max_nodes=nodes, config=checked if check else Config(),
                   worrying_back=worrying_back)
    rows.append([s.status, s.nodes, [str(m) for m in s.moves]])
print(json.dumps({"compiled": is_compiled(), "rows": rows}))
"""


@pytest.fixture(scope="module")
def compiled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if shutil.which("cc") is None and shutil.which("gcc") is None:
        pytest.skip("mypyc needs a C compiler")
    return compile_solver.build(tmp_path_factory.mktemp("compiled"))


def test_the_compiled_solver_expands_the_same_positions(compiled: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(compiled))
    benchmarks = str(Path(compile_solver.__file__).parent)
    done = subprocess.run([sys.executable, "-c", _SOLVE, benchmarks, json.dumps(CASES)],
                          env=env, cwd=compiled, capture_output=True, text=True, check=True)
    out = json.loads(done.stdout)
    assert out["compiled"] is True
    pure = []
    for variant, seed, nodes, check, worrying_back in CASES:
        s = solve_deal(seed, variant=variant, max_nodes=nodes,
                       config=CHECKED if check else Config(), worrying_back=worrying_back)
        pure.append([s.status, s.nodes, [str(m) for m in s.moves]])
    assert {row[0] for row in pure} == {"won", "lost", "unresolved"}
    assert out["rows"] == pure


def test_the_package_itself_is_not_compiled() -> None:
    assert compile_solver.is_compiled() is False
