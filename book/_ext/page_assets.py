"""What each built page loads: only what a reader's browser uses.

- **Scripts that appear twice** are kept once. With jupyter-book 1
  (sphinx-thebe 0.3 under Sphinx 7) every page gets the inline
  ``const THEBE_JS_URL = ...`` script twice, which throws "Identifier
  'THEBE_JS_URL' has already been declared" in the browser.
- **Widget state** (``application/vnd.jupyter.widget-state+json``, 270-800 KB
  of ipycanvas canvases per chapter) is dropped: the static pages show our
  kernel-free players, and no widget manager is loaded to read it.
- **The icon script** of pydata-sphinx-theme (``fontawesome.js``, 1.5 MB on
  every page) is not linked: it only swaps each ``<i class="fa-...">`` for an
  inline SVG, and the theme's stylesheet already draws the same icons from
  the Font Awesome web font (the solid face, 156 KB, fetched once).
- **The second search bar** that pydata-sphinx-theme 0.17 puts in a header
  sphinx-book-theme 1.3 does not expect (``navbar_persistent``) is turned
  off; the sidebar keeps its search field.
- **The search field's name** is its visible text: the theme labels the
  button "Search" while it shows "Search Ctrl+K", a mismatch that speech
  input users trip on (axe-core: label-content-name-mismatch), so the
  ``aria-label`` is dropped.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

#: The mime type of the saved widget state myst-nb embeds in a page.
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"

#: The theme's icon script: its <script> and its preload <link>.
ICON_SCRIPT = re.compile(
    r'<(?:script|link)\b[^>]*scripts/fontawesome\.js[^>]*>(?:\s*</script>)?\s*'
)


def _config_inited(app: Any, config: Any) -> None:
    options = dict(config.html_theme_options or {})
    options.setdefault("navbar_persistent", [])
    config.html_theme_options = options


def _page_scripts(
    app: Any, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    scripts = context.get("script_files")
    if not scripts:
        return
    seen: set[tuple[str, tuple[tuple[str, str], ...]]] = set()
    kept: list[Any] = []
    for script in scripts:
        attributes = getattr(script, "attributes", {}) or {}
        if attributes.get("type") == WIDGET_STATE:
            continue
        # Compare file name and attributes (an inline body is an attribute).
        filename = getattr(script, "filename", script) or ""  # None and "" both mean inline
        key = (str(filename), tuple(sorted(attributes.items())))
        if key not in seen:
            seen.add(key)
            kept.append(script)
    scripts[:] = kept


#: The search button's opening tag, up to its aria-label.
SEARCH_LABEL = re.compile(r'(<button class="[^"]*search-button-field[^"]*"[^>]*?) aria-label="[^"]*"')


def drop_icon_script(html: str) -> str:
    """``html`` without the theme's icon script and its preload link.

    >>> drop_icon_script('<link rel="preload" as="script" href="_static/scripts/fontawesome.js?d=1" />'
    ...                  '<script defer src="_static/scripts/fontawesome.js?d=1"></script><p>x</p>')
    '<p>x</p>'
    """
    return ICON_SCRIPT.sub("", html)


def name_search_by_its_text(html: str) -> str:
    """``html`` with the search button named by its visible text (no ``aria-label``).

    >>> name_search_by_its_text('<button class="btn search-button-field" title="Search" '
    ...                         'aria-label="Search" data-x="1">Search Ctrl+K</button>')
    '<button class="btn search-button-field" title="Search" data-x="1">Search Ctrl+K</button>'
    """
    return SEARCH_LABEL.sub(r"\1", html)


def _build_finished(app: Any, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    out = Path(app.outdir)
    for page in out.rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        slim = name_search_by_its_text(drop_icon_script(html))
        if slim != html:
            page.write_text(slim, encoding="utf-8")
    for name in ("fontawesome.js", "fontawesome.js.map", "fontawesome.js.LICENSE.txt"):
        (out / "_static" / "scripts" / name).unlink(missing_ok=True)


def setup(app: Any) -> dict[str, Any]:
    app.connect("config-inited", _config_inited)
    app.connect("html-page-context", _page_scripts, priority=900)
    app.connect("build-finished", _build_finished)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
