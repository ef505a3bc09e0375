"""Shared fixtures for browser, book and JupyterLab tests.

- ``chromium_path`` (session): path of the system Chromium; fails in CI when
  missing (a browser test never skips silently there), skips elsewhere.
- ``browser`` (session): headless Chromium driven by Playwright's sync API.
- ``browser_page``: a fresh page whose console errors are recorded
  (see :class:`tests.browser_support.BrowserPage`).
- ``jupyterlab_server`` (session): a factory ``jupyterlab_server(dir)`` that
  returns a :class:`tests.browser_support.LabServer` opening the notebooks of
  ``dir``. One JupyterLab serves every directory under pytest's base
  temporary directory (a test's ``tmp_path``), each in a workspace of its
  own; any other directory gets a JupyterLab of its own. They stop at the
  end of the session.
- ``built_book`` (session): the book built once like ``make book-html``; the
  HTML directory (``SOLITAIRE_BOOK_HTML`` names an existing build to reuse,
  outside CI).
- ``book_site`` (session): ``built_book`` served over HTTP; the base URL.

Browser tests run last (:func:`pytest_collection_modifyitems`): Playwright's
sync API keeps its event loop running in this thread while the session's
browser lives, and a widget that finds a running loop takes it for a
kernel's and spaces its work out on it.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser_support import (
    CHROMIUM_ARGS,
    BrowserPage,
    LabServer,
    build_book,
    find_chromium,
    new_browser_page,
    served_directory,
    start_jupyterlab,
)


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Run the browser tests after all others, each group in its own order."""
    items.sort(key=lambda item: item.get_closest_marker("browser") is not None)


@pytest.fixture(scope="session")
def chromium_path() -> str:
    path = find_chromium()
    if path is None:
        reason = (
            "Chromium is missing: browser tests need it "
            "(Debian: apt-get install chromium, or run `make test`, which installs it as root)"
        )
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)
    return path


@pytest.fixture(scope="session")
def browser(chromium_path: str) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(
            executable_path=chromium_path, headless=True, args=list(CHROMIUM_ARGS)
        )
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def browser_page(browser: Any) -> Iterator[BrowserPage]:
    context, record = new_browser_page(browser)
    try:
        yield record
    finally:
        context.close()


@pytest.fixture(scope="session")
def jupyterlab_server(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[Callable[..., LabServer]]:
    # Starting JupyterLab takes 10 s or more on a busy machine: the tests'
    # folders share one server.
    shared = tmp_path_factory.getbasetemp().resolve()
    servers: dict[Path, LabServer] = {}
    with contextlib.ExitStack() as stack:

        def start(notebook_dir: str | os.PathLike[str] | None = None) -> LabServer:
            root = (
                Path(notebook_dir).resolve()
                if notebook_dir is not None
                else tmp_path_factory.mktemp("lab")
            )
            if root not in servers:
                if root.is_relative_to(shared):
                    if shared not in servers:
                        servers[shared] = stack.enter_context(start_jupyterlab(shared))
                    servers[root] = servers[shared].in_folder(root, shared)
                else:
                    servers[root] = stack.enter_context(start_jupyterlab(root))
            return servers[root]

        yield start


@pytest.fixture(scope="session")
def built_book(tmp_path_factory: pytest.TempPathFactory) -> Path:
    # SOLITAIRE_BOOK_HTML=book/_build/html reuses a build (make book-html) while
    # working on the book's tests; CI always builds afresh.
    reuse = os.environ.get("SOLITAIRE_BOOK_HTML")
    if reuse and not os.environ.get("CI"):
        return Path(reuse).resolve()
    return build_book(tmp_path_factory.mktemp("book"))


@pytest.fixture(scope="session")
def book_site(built_book: Path) -> Iterator[str]:
    with served_directory(built_book) as url:
        yield url
