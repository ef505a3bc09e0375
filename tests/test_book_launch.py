"""Each notebook page of the book offers its source and launch buttons to this repository.

The repository's address is written once, in ``pyproject.toml``
(``[project.urls]``, ``Source``; ``book/_ext/repository.py`` gives it to the
theme). The launch services need the network, so only the links are checked:
each points at this repository's ``main`` branch and at a page source that
exists in it, and each download is a file of the built book.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest

pytestmark = pytest.mark.book

REPO_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO_ROOT / "book" / "_ext"))
from repository import repository_url  # noqa: E402

#: Pages that run code (MyST notebooks); the others offer no launch button.
NOTEBOOK_PAGES = ("intro", "quarrel", "klondike", "chain", "embedding", "glossary")


def _links(html: str) -> list[str]:
    return re.findall(r'href="([^"]+)"', html)


def test_the_repository_is_declared_once() -> None:
    url = repository_url()
    assert re.fullmatch(r"https://github\.com/[\w.-]+/[\w.-]+", url)
    mentions = [path for path in (REPO_ROOT / "book").glob("*.yml")
                if url in path.read_text(encoding="utf-8")]
    assert mentions == [], "the book's config repeats the repository's address"


@pytest.mark.parametrize("edition", ["", "ru/", "pl/"])
def test_each_notebook_page_offers_its_source_and_launch_buttons(built_book: Path,
                                                                edition: str) -> None:
    root = built_book / edition
    if edition and not root.is_dir():
        pytest.skip(f"the {edition} edition was not built")
    owner_repo = urlparse(repository_url()).path.strip("/")
    for page in NOTEBOOK_PAGES:
        links = _links((root / f"{page}.html").read_text(encoding="utf-8"))
        downloads = [link for link in links if link.startswith("_sources/")]
        assert set(downloads) >= {f"_sources/{page}.md", f"_sources/{page}.ipynb"}, page
        for link in downloads:
            assert (root / link).is_file(), f"{page}: {link} is not in the built book"
        (binder,) = {link for link in links if link.startswith("https://mybinder.org/")}
        parsed = urlparse(binder)
        assert parsed.path == f"/v2/gh/{owner_repo}/main", binder
        (target,) = parse_qs(parsed.query)["urlpath"]
        assert target == f"lab/tree/book/{page}.md"
        (colab,) = {link for link in links
                    if link.startswith("https://colab.research.google.com/")}
        assert colab == (f"https://colab.research.google.com/github/{owner_repo}"
                         f"/blob/main/book/{page}.md")
        assert (REPO_ROOT / "book" / f"{page}.md").is_file()
