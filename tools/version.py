"""Print the package's version, read from where it is written once.

``solitaire_widgets.__version__`` (``solitaire_widgets/__init__.py``) is the
version: hatchling reads it for the wheel and the sdist (``[tool.hatch.version]``),
``make catalogs`` for the catalogs' headers, and the release workflow checks
the tag against it. Read as text, so it runs before anything is installed::

    python tools/version.py
"""

from __future__ import annotations

import re
from pathlib import Path

INIT = Path(__file__).resolve().parent.parent / "solitaire_widgets" / "__init__.py"


def version() -> str:
    """The version string of ``__version__ = "X.Y.Z"`` in the package's ``__init__.py``."""
    found = re.search(r'^__version__ = "([^"]+)"$', INIT.read_text(encoding="utf-8"), re.M)
    if found is None:
        raise SystemExit(f"{INIT} has no line __version__ = \"...\"")
    return found.group(1)


if __name__ == "__main__":
    print(version())
