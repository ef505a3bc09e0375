"""Helpers for the browser, book and JupyterLab tests.

Plain functions and context managers, so that they can be used from the
fixtures in ``tests/conftest.py`` or directly::

    from tests.browser_support import served_directory, start_jupyterlab

Nothing here downloads a browser: the tests drive the system Chromium
(``/usr/bin/chromium`` on Debian, installed by ``make chromium``). Never run
``playwright install``.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

REPO_ROOT = Path(__file__).resolve().parent.parent
BOOK_DIR = REPO_ROOT / "book"
#: Where the browser tests leave screenshots to look at (ignored by git).
SCREENSHOTS = REPO_ROOT / "build" / "screenshots"

#: Flags for headless Chromium on a machine with no display and a closed
#: network (without the background-networking flags Chromium keeps trying to
#: reach Google's hosts). ``--no-sandbox`` is needed when running as root.
CHROMIUM_ARGS: tuple[str, ...] = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)


def find_chromium() -> str | None:
    """Return the path of a Chromium executable, or None when there is none."""
    debian = Path("/usr/bin/chromium")
    if debian.is_file() and os.access(debian, os.X_OK):
        return str(debian)
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return None


def free_port() -> int:
    """A TCP port on 127.0.0.1 that was free a moment ago."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


# --------------------------------------------------------------------------
# Static files over HTTP
# --------------------------------------------------------------------------


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
        pass


@contextlib.contextmanager
def served_directory(directory: str | os.PathLike[str]) -> Iterator[str]:
    """Serve ``directory`` on a free port of 127.0.0.1 in a background thread.

    Yields the base URL (no trailing slash); the server stops on exit.
    """
    handler = functools.partial(_QuietHandler, directory=os.fspath(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, name="http.server", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


# --------------------------------------------------------------------------
# Jupyter Book
# --------------------------------------------------------------------------


def _venv_script(name: str) -> str:
    """The console script ``name`` installed beside the running Python."""
    beside = Path(sys.executable).parent / name
    if beside.exists():
        return str(beside)
    found = shutil.which(name)
    if found is None:
        raise FileNotFoundError(f"{name} is not installed; run `make venv`")
    return found


def build_book(output_dir: str | os.PathLike[str]) -> Path:
    """Build the book like ``make book-html`` (warnings are errors) into ``output_dir``.

    All three editions are built by ``tools/build_book.py``: English at the
    root of the returned HTML directory, Russian in ``ru/``, Polish in ``pl/``.
    The sources are not copied, so relative paths inside the book still work;
    only the outputs go to ``output_dir``. Returns the HTML directory. Raises
    ``AssertionError`` with the build log when the build fails.
    """
    cmd = [
        sys.executable,
        str(REPO_ROOT / "tools" / "build_book.py"),
        "--path-output",
        os.fspath(output_dir),
    ]
    proc = subprocess.run(
        cmd, cwd=REPO_ROOT, capture_output=True, text=True, timeout=1800, check=False
    )
    html = Path(output_dir) / "_build" / "html"
    if proc.returncode != 0 or not (html / "index.html").exists():
        raise AssertionError(
            f"book build failed ({' '.join(cmd)}), exit code {proc.returncode}\n"
            f"--- stdout ---\n{proc.stdout[-20000:]}\n--- stderr ---\n{proc.stderr[-20000:]}"
        )
    return html


# --------------------------------------------------------------------------
# JupyterLab
# --------------------------------------------------------------------------


class LabServer(NamedTuple):
    """A running JupyterLab server and a folder of its notebooks.

    ``url, token, folder = server`` unpacks it. ``folder`` is where the
    notebooks are, relative to the server's root (``""``: the root itself);
    each folder opens in a workspace of its own, so a test sees only the
    notebooks it opens.
    """

    url: str
    token: str
    folder: str = ""

    def lab_url(self, path: str = "") -> str:
        """URL opening ``path`` (relative to the folder) in JupyterLab."""
        tree = "/".join(part for part in (self.folder, path) if part)
        workspace = f"/workspaces/{self.folder.replace('/', '-')}" if self.folder else ""
        target = f"/lab{workspace}/tree/{tree}" if tree else f"/lab{workspace}"
        return f"{self.url}{target}?token={self.token}"

    def in_folder(self, folder: str | os.PathLike[str], root: str | os.PathLike[str]) -> LabServer:
        """The same server for the notebooks in ``folder``, which is inside its ``root``."""
        relative = Path(folder).resolve().relative_to(Path(root).resolve())
        return self._replace(folder=relative.as_posix() if relative.parts else "")

    def api(self, endpoint: str) -> Any:
        """GET ``/api/<endpoint>`` and decode the JSON answer."""
        with urllib.request.urlopen(
            f"{self.url}/api/{endpoint}?token={self.token}", timeout=10
        ) as resp:
            return json.loads(resp.read().decode())


@contextlib.contextmanager
def start_jupyterlab(
    notebook_dir: str | os.PathLike[str], timeout: float = 120.0
) -> Iterator[LabServer]:
    """Start JupyterLab on ``notebook_dir`` with its own config and runtime dirs.

    Waits until ``/api/status`` answers, yields a :class:`LabServer`, and
    terminates the server (and its kernels) on exit. The log is shown in the
    error when the server does not come up.
    """
    token = secrets.token_hex(16)
    port = free_port()
    home = Path(tempfile.mkdtemp(prefix="solitaire-lab-"))
    env = dict(os.environ)
    env.update(
        JUPYTER_CONFIG_DIR=str(home / "config"),
        JUPYTER_RUNTIME_DIR=str(home / "runtime"),
        JUPYTERLAB_SETTINGS_DIR=str(home / "lab-settings"),
        JUPYTERLAB_WORKSPACES_DIR=str(home / "lab-workspaces"),
        IPYTHONDIR=str(home / "ipython"),
        JUPYTER_PLATFORM_DIRS="1",
        PYTHONUNBUFFERED="1",
    )
    cmd = [
        sys.executable,
        "-m",
        "jupyter",
        "lab",
        "--no-browser",
        f"--ServerApp.token={token}",
        "--ServerApp.ip=127.0.0.1",
        f"--port={port}",
        "--ServerApp.port_retries=0",
        f"--notebook-dir={os.fspath(notebook_dir)}",
        "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")
    log_path = home / "jupyterlab.log"
    url = f"http://127.0.0.1:{port}"
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(
            cmd, stdout=log, stderr=subprocess.STDOUT, env=env, start_new_session=True
        )
        try:
            deadline = time.monotonic() + timeout
            while True:
                if proc.poll() is not None:
                    raise RuntimeError(
                        f"JupyterLab exited with code {proc.returncode}:\n"
                        + log_path.read_text(errors="replace")[-10000:]
                    )
                try:
                    with urllib.request.urlopen(
                        f"{url}/api/status?token={token}", timeout=5
                    ) as resp:
                        if resp.status == 200:
                            break
                except (urllib.error.URLError, ConnectionError, TimeoutError):
                    pass
                if time.monotonic() > deadline:
                    raise RuntimeError(
                        f"JupyterLab did not answer on {url} within {timeout:.0f} s:\n"
                        + log_path.read_text(errors="replace")[-10000:]
                    )
                time.sleep(0.5)
            yield LabServer(url, token)
        finally:
            _stop_process_group(proc)
            shutil.rmtree(home, ignore_errors=True)


def write_notebook(path: Path, sources: list[str]) -> None:
    """Write a notebook of code cells, one a source, not run, for the ``python3`` kernel."""
    cells: list[dict[str, Any]] = [{"cell_type": "code", "execution_count": None, "metadata": {},
                                    "outputs": [], "source": source} for source in sources]
    path.write_text(json.dumps({
        "cells": cells, "nbformat": 4, "nbformat_minor": 5,
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                    "language": "python"}},
    }), encoding="utf-8")


def accept_kernel_dialog(page: Any) -> None:
    """Accept the kernel JupyterLab may ask to start (the default, Python 3, is right)."""
    try:
        page.locator(".jp-Dialog .jp-mod-accept").click(timeout=4_000)
    except Exception:  # noqa: BLE001 - no dialog is the usual case
        pass


def open_and_run(record: BrowserPage, lab: LabServer, notebook: str) -> Any:
    """Open ``notebook`` in JupyterLab, run all its cells, and return the page.

    The notebook's last cell prints ``cells done``; returns once that is shown
    and a canvas is in an output.
    """
    page = record.page
    page.goto(lab.lab_url(notebook))
    page.wait_for_selector(".jp-Notebook", timeout=90_000)
    accept_kernel_dialog(page)
    page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']",
                           timeout=90_000)
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.locator("li[data-command='runmenu:run-all']").click()
    page.wait_for_selector(".jp-OutputArea-output:has-text('cells done')", timeout=120_000)
    page.wait_for_selector(".jp-OutputArea-output canvas", timeout=60_000)
    return page


def _stop_process_group(proc: subprocess.Popen[bytes]) -> None:
    """SIGTERM the server's process group (kernels included), then SIGKILL."""
    if proc.poll() is not None:
        return
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)


# --------------------------------------------------------------------------
# Pages with their console
# --------------------------------------------------------------------------


@dataclass
class ConsoleEntry:
    type: str
    text: str
    url: str


@dataclass
class BrowserPage:
    """A Playwright page plus everything its console and scripts reported."""

    page: Any  # playwright.sync_api.Page
    console: list[ConsoleEntry] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    failed_requests: list[str] = field(default_factory=list)

    def errors(self, origin: str | None = None) -> list[str]:
        """Console errors and uncaught exceptions.

        With ``origin`` (e.g. ``http://127.0.0.1:8123``), console errors are
        kept only when they come from a script or resource of that origin
        (so a CDN that the closed network refuses does not count); uncaught
        page exceptions are always kept. The browser's own request for
        ``/favicon.ico`` is ignored.
        """
        found = [
            f"console.{e.type}: {e.text} ({e.url})"
            for e in self.console
            if e.type == "error"
            and (origin is None or e.url.startswith(origin))
            # Chromium asks every site for /favicon.ico on its own.
            and not e.url.endswith("/favicon.ico")
        ]
        return found + [f"uncaught: {err}" for err in self.page_errors]


def new_browser_page(browser: Any) -> tuple[Any, BrowserPage]:
    """Open a fresh context and page in ``browser``; returns (context, BrowserPage)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    record = BrowserPage(page)

    def on_console(msg: Any) -> None:
        location = msg.location or {}
        record.console.append(ConsoleEntry(msg.type, msg.text, str(location.get("url", ""))))

    page.on("console", on_console)
    page.on("pageerror", lambda exc: record.page_errors.append(str(exc)))
    page.on("requestfailed", lambda req: record.failed_requests.append(req.url))
    return context, record


def wait_until(check: Callable[[], bool], what: str, timeout: float = 60.0,
               every: float = 0.25) -> None:
    """Poll ``check`` until it holds; an AssertionError naming ``what`` after ``timeout`` s."""
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {timeout:.0f} s: {what}")
        time.sleep(every)


#: The pixels a canvas has painted (opaque, not near white): a count that holds
#: still once an animation is over.
PAINTED_JS = """canvas => {
  const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
  let n = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (data[i + 3] > 200 && data[i] + data[i + 1] + data[i + 2] < 600) n++;
  }
  return n;
}"""


def settle_canvas(canvas: Any, timeout: float = 20.0) -> None:
    """Wait until a canvas's animation is over (its painted pixels hold still)."""
    last, deadline = -1, time.monotonic() + timeout
    while time.monotonic() < deadline:
        now = canvas.evaluate(PAINTED_JS)
        if now == last:
            return
        last = now
        time.sleep(0.6)


@contextlib.contextmanager
def phone_page(browser: Any) -> Iterator[tuple[Any, list[str]]]:
    """A page as a phone shows it (390x844, touch), and the errors it raises; closed after."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True)
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        yield page, errors
    finally:
        context.close()
