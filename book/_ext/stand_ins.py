"""The book's tables leave their HTML stand-ins: a replay's player, a table's picture and words.

In a notebook a table displayed leaves a PNG picture and the live widget
(``solitaire_widgets.widgets.stand_in``). The book's pages have no kernel and
step through replays with the package's kernel-free players, so the kernels
that run the book's pages are started with ``SOLITAIRE_WIDGETS_STAND_IN=player``
(a kernel inherits the environment of the build that starts it).
"""

from __future__ import annotations

import os
from typing import Any


def setup(app: Any) -> dict[str, Any]:
    os.environ["SOLITAIRE_WIDGETS_STAND_IN"] = "player"
    return {"parallel_read_safe": True, "parallel_write_safe": True}
