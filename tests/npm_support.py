"""Browser-side tools the tests take from the npm registry, pinned and checked.

A package is fetched once with npm's own client (``npm pack NAME@VERSION``)
into ``~/.cache/solitaire_widgets/npm/`` (or ``$SOLITAIRE_NPM_CACHE``), and
every use checks the tarball against the sha512 integrity the registry
publishes for that version (pinned here), so a changed or damaged tarball is
refused, never run.
"""

from __future__ import annotations

import base64
import hashlib
import os
import shutil
import subprocess
import tarfile
import tempfile
from pathlib import Path
from typing import NamedTuple


class NpmPackage(NamedTuple):
    """A pinned npm package: its name, version and published integrity."""

    name: str
    version: str
    integrity: str  # "sha512-<base64>", as `npm view NAME@VERSION dist.integrity` prints it

    @property
    def tarball(self) -> str:
        """The file name ``npm pack`` writes."""
        return f"{self.name.lstrip('@').replace('/', '-')}-{self.version}.tgz"


#: axe-core, the accessibility checker run in the browser (Deque, MPL-2.0).
AXE_CORE = NpmPackage(
    "axe-core",
    "4.14.1",
    "sha512-FHfa+lmNjQZfJz1q8wKqIDwC6DExcHt/pkjNQb09a3NPjCKg2rhu5qb2S4r76ASyFNNtuFooJpZe37OgudVGtQ==",
)


def cache_dir() -> Path:
    """Where fetched npm tarballs are kept between runs."""
    configured = os.environ.get("SOLITAIRE_NPM_CACHE")
    base = Path(configured) if configured else Path.home() / ".cache" / "solitaire_widgets" / "npm"
    base.mkdir(parents=True, exist_ok=True)
    return base


def integrity_of(path: Path) -> str:
    """The npm integrity string (sha512, base64) of a file."""
    digest = hashlib.sha512(path.read_bytes()).digest()
    return "sha512-" + base64.b64encode(digest).decode("ascii")


def fetch(package: NpmPackage) -> Path:
    """The package's tarball, fetched with ``npm pack`` if not cached, integrity checked.

    Raises ``RuntimeError`` when npm is missing or fails, or when the
    tarball's integrity is not the pinned one (the bad file is removed).
    """
    target = cache_dir() / package.tarball
    if not target.is_file():
        npm = shutil.which("npm")
        if npm is None:
            raise RuntimeError(
                f"npm is needed to fetch {package.name}@{package.version} "
                "(Debian: apt-get install npm)"
            )
        with tempfile.TemporaryDirectory() as scratch:
            proc = subprocess.run(
                [npm, "pack", f"{package.name}@{package.version}", "--pack-destination", scratch,
                 "--silent"],
                capture_output=True, text=True, timeout=300, check=False, cwd=scratch,
            )
            fetched = Path(scratch) / package.tarball
            if proc.returncode != 0 or not fetched.is_file():
                raise RuntimeError(
                    f"npm pack {package.name}@{package.version} failed:\n{proc.stderr[-4000:]}"
                )
            shutil.move(str(fetched), target)
    found = integrity_of(target)
    if found != package.integrity:
        target.unlink()
        raise RuntimeError(
            f"{package.tarball}: integrity {found} is not the pinned {package.integrity}; "
            "the file was removed"
        )
    return target


def read_member(package: NpmPackage, member: str) -> str:
    """The text of ``package/<member>`` inside the checked tarball."""
    with tarfile.open(fetch(package), "r:gz") as archive:
        handle = archive.extractfile(f"package/{member}")
        if handle is None:
            raise RuntimeError(f"{package.tarball} has no file {member}")
        return handle.read().decode("utf-8")


#: The standard HTML widget manager (Jupyter, BSD-3-Clause): what VS Code, Colab
#: and nbconvert's pages render widget outputs with. Its ``dist/libembed-amd.js``
#: defines ``@jupyter-widgets/html-manager``, ``base`` and ``controls`` for require.js.
HTML_MANAGER = NpmPackage(
    "@jupyter-widgets/html-manager",
    "1.0.15",
    "sha512-5thBIV6ymNgmPVOHvzx+gGy8ZSKmSazhtGw4/c4xJDVzRhG9PTeQsRjF3FUTopvFi//SABeNz1yp47bCrJ3CQA==",
)

#: require.js (MIT), the module loader the HTML widget manager's AMD build needs.
REQUIREJS = NpmPackage(
    "requirejs",
    "2.3.8",
    "sha512-7/cTSLOdYkNBNJcDMWf+luFvMriVm7eYxp4BcFCsAX0wF421Vyce5SXP17c+Jd5otXKGNehIonFlyQXSowL6Mw==",
)
