"""The shipped notebooks' weight: KB per notebook now, beside a git revision (the baseline).

``python benchmarks/bench_notebooks.py [REV]`` (default ``REV``: ``HEAD``)
prints one line per notebook under ``notebooks/``: its size at ``REV``, its
size in the working tree, and what each kind of saved output weighs now
(a widget's outputs are the pictures shown where no kernel runs).
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def at_revision(path: Path, rev: str) -> bytes | None:
    """The file's bytes at git revision ``rev`` (None where it did not exist)."""
    done = subprocess.run(["git", "show", f"{rev}:{path.relative_to(ROOT).as_posix()}"],
                          cwd=ROOT, capture_output=True)
    return done.stdout if done.returncode == 0 else None


def by_kind(text: bytes) -> Counter[str]:
    """KB of saved output per mime type."""
    kinds: Counter[str] = Counter()
    for cell in json.loads(text)["cells"]:
        for output in cell.get("outputs", []):
            for kind, value in output.get("data", {}).items():
                kinds[kind] += len(json.dumps(value))
    return kinds


def main(rev: str = "HEAD") -> int:
    print(f"{'notebook':34} {rev + ' KB':>10} {'now KB':>8}   saved outputs now (KB)")
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        now = path.read_bytes()
        before = at_revision(path, rev)
        kinds = by_kind(now)
        parts = ", ".join(f"{kind} {size / 1024:.0f}" for kind, size in kinds.most_common()
                          if size >= 1024)
        was = f"{len(before) / 1024:.0f}" if before is not None else "-"
        print(f"{path.name:34} {was:>10} {len(now) / 1024:>8.0f}   {parts}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(*sys.argv[1:2]))
