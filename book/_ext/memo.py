"""Statistics computed once per book build and shared by the editions.

The chapters' statistics cells (thousands of deals) do not depend on the
language a page is written in, so the English, Russian and Polish editions
can share them. ``tools/build_book.py`` points ``SOLITAIRE_WIDGETS_BOOK_MEMO``
at an empty folder at the start of each run; the first edition computes and
stores each result there, the others read it. Without that variable (a
chapter opened in JupyterLab, say) :func:`memo` simply computes.

In a chapter (the kernel runs in ``book/``)::

    from _ext.memo import memo
    reports = memo(("chain-stats", DEALS), lambda: [run_stats(...), ...])

The key names everything the result depends on; its ``repr`` is hashed, so it
must be built from plain values (strings, numbers, tuples, dicts).
"""

from __future__ import annotations

import hashlib
import os
import pickle
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")

#: The folder the results are kept in, set by tools/build_book.py.
MEMO_VARIABLE = "SOLITAIRE_WIDGETS_BOOK_MEMO"


def memo_path(key: object, folder: str | os.PathLike[str]) -> Path:
    """The file that holds ``key``'s result in ``folder``.

    >>> memo_path(("chain-stats", 10000), "/m").name
    '4950c0a5c7630ec7dfe26cfaa1faa2b523449242.pickle'
    """
    digest = hashlib.sha1(repr(key).encode("utf-8")).hexdigest()
    return Path(folder) / f"{digest}.pickle"


def memo(key: object, compute: Callable[[], T]) -> T:
    """``compute()``, or its result stored under ``key`` earlier in this build.

    >>> memo("a key", lambda: 6 * 7)  # no memo folder: just computes
    42
    """
    folder = os.environ.get(MEMO_VARIABLE)
    if not folder:
        return compute()
    path = memo_path(key, folder)
    if path.exists():
        with path.open("rb") as stored:
            result: T = pickle.load(stored)
        return result
    result = compute()
    partial = path.with_suffix(f".{os.getpid()}.part")
    with partial.open("wb") as out:
        pickle.dump(result, out)
    os.replace(partial, path)  # whole or absent, even with two readers
    return result


def memoized(function: Callable[..., T], name: str) -> Callable[..., T]:
    """``function`` whose results are kept by :func:`memo`, under ``name`` and its arguments.

    >>> twice = memoized(lambda n: 2 * n, "twice")
    >>> twice(21)
    42
    """
    def kept(*args: object, **kwargs: object) -> T:
        key = (name, args, sorted(kwargs.items()))
        return memo(key, lambda: function(*args, **kwargs))
    kept.__doc__ = function.__doc__
    return kept


def share_stats() -> None:
    """Keep the results of :func:`solitaire_widgets.stats.run_stats` between the editions.

    A chapter calls this in a hidden cell at its top; its statistics cells then
    call ``run_stats`` as a reader would in a notebook (the code shown runs as
    shown), and only the first edition of a build plays the deals.
    """
    from solitaire_widgets import stats

    if not getattr(stats.run_stats, "kept_by_memo", False):
        kept = memoized(stats.run_stats, "run_stats")
        kept.kept_by_memo = True  # type: ignore[attr-defined]
        stats.run_stats = kept
