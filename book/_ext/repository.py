"""This repository on every notebook page: its source to download, and launch buttons.

The repository's address is written once, in ``pyproject.toml``
(``[project.urls]``, ``Source``); this extension gives it to
sphinx-book-theme, which then offers on each page that runs code (a MyST
notebook) a download of its source, and launch buttons for Binder and Colab
(their services are named in ``_config.yml``, ``launch_buttons``) opening
the page's source in this repository's ``main`` branch, under ``book/``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"
#: The branch the launch buttons open, and where the pages are in the repository.
BRANCH = "main"
PAGES = "book"


def repository_url(pyproject: Path = PYPROJECT) -> str:
    """The ``Source`` URL of ``[project.urls]`` in ``pyproject.toml``.

    Read as text: the book builds on Python 3.10, which has no ``tomllib``.

    >>> repository_url().startswith("https://github.com/")
    True
    """
    text = pyproject.read_text(encoding="utf-8")
    urls = re.search(r"^\[project\.urls\]\n(.*?)(?=^\[|\Z)", text, re.M | re.S)
    source = urls and re.search(r'^Source\s*=\s*"([^"]+)"', urls.group(1), re.M)
    if not source:
        raise ValueError(f"{pyproject} names no Source in [project.urls]")
    return source.group(1)


def _config_inited(app: Any, config: Any) -> None:
    options = dict(config.html_theme_options or {})
    options["repository_url"] = repository_url()
    options["repository_branch"] = BRANCH
    options["path_to_docs"] = PAGES
    options["use_download_button"] = True
    config.html_theme_options = options


def setup(app: Any) -> dict[str, Any]:
    app.connect("config-inited", _config_inited, priority=400)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
