"""Where the in-page engine comes from: the pinned Pyodide runtime and this package's wheel.

The runtime is the npm package ``pyodide`` at :data:`PYODIDE_VERSION`,
fetched with ``npm pack`` into a cache outside any build folder
(``~/.cache/solitaire_widgets``, or ``$SOLITAIRE_WIDGETS_CACHE``) and
checked against :data:`PYODIDE_INTEGRITY`, the sha512 the registry
publishes for that version. The wheel is built from the package as it is
on disk (pure Python, no build tool needed). :func:`install_runtime` copies
both, with the page scripts, into a folder that a static server serves:

    sw-web/tables.js      the page side: finds the tables, draws, forwards input
    sw-web/worker.js      the engine side: Pyodide in a Web Worker
    sw-web/tables.css
    sw-web/pyodide/       the runtime (about 13 MB, loaded when a table comes near)
    sw-web/solitaire_widgets-<version>-py3-none-any.whl

A page fetches the runtime and the wheel when one of its tables comes near
the window (the engine started before the click; never where the reader's
browser asks to save data, see the embedding guide) or on "Play here".

>>> PYODIDE_INTEGRITY.startswith("sha512-")
True
>>> sorted(RUNTIME_FILES)[:2]
['pyodide-lock.json', 'pyodide.asm.mjs']
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import os
import shutil
import subprocess
import tarfile
import tempfile
import zipfile
from pathlib import Path

from ..errors import SolitaireError

__all__ = ["PYODIDE_VERSION", "PYODIDE_INTEGRITY", "RUNTIME_FILES", "RuntimeFetchError",
           "download_size", "cache_dir", "fetch_pyodide", "build_wheel", "install_runtime", "wheel_name",
           "ASSETS"]

#: The pinned runtime: the npm package ``pyodide`` (CPython 3.14 in WebAssembly).
PYODIDE_VERSION = "314.0.8"
#: ``npm view pyodide@314.0.8 dist.integrity``: the tarball is refused unless it matches.
PYODIDE_INTEGRITY = ("sha512-74Wq1kXOC+CCEzAfxuRAO701nAcCMLjf8NrwvWpu8S41dVMXwXmLQ05dYB+F4e46"
                     "AdnGo0oq7YHSVUpHsoarLQ==")
#: The files of the package a page needs (no source maps, type stubs or consoles).
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm",
                 "python_stdlib.zip", "pyodide-lock.json")
#: The page scripts shipped inside the package.
ASSETS = Path(__file__).with_name("assets")
_PACKAGE = Path(__file__).resolve().parent.parent
_DIST = "solitaire_widgets"


class RuntimeFetchError(SolitaireError):
    """The runtime could not be fetched or did not match its pinned hash."""


def cache_dir() -> Path:
    """The cache for the runtime: ``$SOLITAIRE_WIDGETS_CACHE`` or ``~/.cache/solitaire_widgets``."""
    env = os.environ.get("SOLITAIRE_WIDGETS_CACHE")
    return Path(env) if env else Path.home() / ".cache" / "solitaire_widgets"


def _integrity(data: bytes) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode()


def fetch_pyodide(cache: Path | None = None) -> Path:
    """The folder holding :data:`RUNTIME_FILES`, fetched with ``npm pack`` on first use.

    The tarball is checked against :data:`PYODIDE_INTEGRITY` before anything
    is unpacked; a mismatch raises :class:`RuntimeFetchError` and keeps nothing.
    """
    cache = cache or cache_dir()
    folder = cache / f"pyodide-{PYODIDE_VERSION}"
    if all((folder / name).is_file() for name in RUNTIME_FILES):
        return folder
    npm = shutil.which("npm")
    if npm is None:
        raise RuntimeFetchError("the in-page tables need npm to fetch the Pyodide runtime once: "
                                "install it (Debian: apt-get install npm) and build again")
    packs = cache / "npm"
    packs.mkdir(parents=True, exist_ok=True)
    tarball = packs / f"pyodide-{PYODIDE_VERSION}.tgz"
    if not tarball.is_file():
        proc = subprocess.run([npm, "pack", f"pyodide@{PYODIDE_VERSION}", "--silent"],
                              cwd=packs, capture_output=True, text=True, check=False)
        if proc.returncode != 0 or not tarball.is_file():
            raise RuntimeFetchError(f"npm pack pyodide@{PYODIDE_VERSION} failed: "
                                    f"{(proc.stderr or proc.stdout).strip()[-300:]}")
    data = tarball.read_bytes()
    if _integrity(data) != PYODIDE_INTEGRITY:
        tarball.unlink()
        raise RuntimeFetchError(f"pyodide-{PYODIDE_VERSION}.tgz does not match its pinned "
                                "sha512; it was removed, build again to fetch it anew")
    partial = folder.with_name(folder.name + ".partial")
    shutil.rmtree(partial, ignore_errors=True)
    partial.mkdir(parents=True)
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as archive:
        for name in RUNTIME_FILES:
            member = archive.extractfile(f"package/{name}")
            if member is None:
                raise RuntimeFetchError(f"pyodide-{PYODIDE_VERSION}.tgz has no {name}")
            (partial / name).write_bytes(member.read())
    shutil.rmtree(folder, ignore_errors=True)
    partial.rename(folder)
    return folder


def _version() -> str:
    from .. import __version__

    return __version__


def wheel_name() -> str:
    """The wheel's file name.

    >>> wheel_name().endswith("-py3-none-any.whl")
    True
    """
    return f"{_DIST}-{_version()}-py3-none-any.whl"


def _wheel_files() -> list[tuple[str, bytes]]:
    files = []
    for path in sorted(_PACKAGE.rglob("*")):
        relative = path.relative_to(_PACKAGE.parent)
        if (path.is_file() and "__pycache__" not in relative.parts
                and path.suffix not in (".pyc", ".pyo")):
            files.append((relative.as_posix(), path.read_bytes()))
    return files


def build_wheel(dest: Path) -> Path:
    """Write the package as it is on disk into a wheel in ``dest``; return its path.

    Pure Python, so the wheel is a zip of the sources plus its metadata; the
    same tree gives the same bytes (fixed timestamps).
    """
    dest.mkdir(parents=True, exist_ok=True)
    version = _version()
    info = f"{_DIST}-{version}.dist-info"
    files = _wheel_files()
    files.append((f"{info}/METADATA",
                  f"Metadata-Version: 2.1\nName: solitaire-widgets\nVersion: {version}\n".encode()))
    files.append((f"{info}/WHEEL", b"Wheel-Version: 1.0\nGenerator: solitaire_widgets.web\n"
                                   b"Root-Is-Purelib: true\nTag: py3-none-any\n"))
    record = [f"{name},sha256={base64.urlsafe_b64encode(hashlib.sha256(body).digest()).decode().rstrip('=')},{len(body)}"
              for name, body in files]
    record.append(f"{info}/RECORD,,")
    files.append((f"{info}/RECORD", ("\n".join(record) + "\n").encode()))
    target = dest / wheel_name()
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as wheel:
        for name, body in files:
            entry = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = 0o644 << 16
            wheel.writestr(entry, body)
    return target


def _copy_if_changed(source: Path, target: Path) -> None:
    if target.is_file() and target.stat().st_size == source.stat().st_size and (
            target.read_bytes() == source.read_bytes()):
        return
    shutil.copyfile(source, target)


def install_runtime(dest: Path, cache: Path | None = None) -> Path:
    """Put the page scripts, the runtime and the wheel in ``dest/sw-web``; return that folder."""
    web = dest / "sw-web"
    (web / "pyodide").mkdir(parents=True, exist_ok=True)
    runtime = fetch_pyodide(cache)
    for name in RUNTIME_FILES:
        _copy_if_changed(runtime / name, web / "pyodide" / name)
    for asset in ASSETS.iterdir():
        if asset.is_file():
            _copy_if_changed(asset, web / asset.name)
    for old in web.glob("*.whl"):
        old.unlink()
    wheel = build_wheel(web)
    # What the page's engine fetches, and each file's size: its progress bar.
    sizes = _download_sizes(web / "pyodide", wheel)
    (web / "sizes.json").write_text(json.dumps(sizes, sort_keys=True), encoding="utf-8")
    return web


def _download_sizes(runtime: Path, wheel: Path) -> dict[str, int]:
    """Each file the page's engine fetches (the page script loads pyodide.mjs), and its size."""
    sizes = {f"pyodide/{name}": (runtime / name).stat().st_size
             for name in RUNTIME_FILES if name != "pyodide.mjs"}
    sizes[wheel.name] = wheel.stat().st_size
    return sizes


def download_size(cache: Path | None = None) -> int:
    """The bytes a page's engine fetches on its first Play here: the runtime and
    the package's wheel, as ``sizes.json`` lists them (the total of its progress bar).

    The book states this figure; the page shows its progress against the same.
    """
    with tempfile.TemporaryDirectory() as folder:
        return sum(_download_sizes(fetch_pyodide(cache), build_wheel(Path(folder))).values())
