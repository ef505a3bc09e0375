"""Tables that play in the page: the page script on every page, the runtime in ``_static``.

Every HTML page links ``_static/sw-web/tables.js`` and ``tables.css``
(about 20 KB; the script does nothing until a "Play here" button is
pressed or a replay asks for a step it does not hold). When the build
finishes, :func:`solitaire_widgets.web.runtime.install_runtime` copies the
pinned Pyodide runtime (fetched once with npm, checked against its sha512)
and a wheel built from this checkout into ``_static/sw-web/``. Nothing is
fetched when a page is viewed.

The Russian and Polish editions (``ru/``, ``pl/`` beside the English pages,
see ``tools/build_book.py``) hold no copy: their pages link the root
edition's ``_static/sw-web/``, so the site keeps one runtime.

Each table and replay player on a page carries its edition's language,
``data-sw-language="ru"`` (or ``pl``, ``en``): the page script speaks it and
asks the engine for it in its requests; the page script's own words come
with it in the edition's language (``data-words``, see
:func:`solitaire_widgets.web.page_words`).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from sphinx.builders.html._assets import _CascadingStyleSheet, _JavaScript

from solitaire_widgets.i18n import BASE_LANGUAGE
from solitaire_widgets.web import page_words
from solitaire_widgets.web.runtime import install_runtime, wheel_name

#: The edition at the site's root, which holds the runtime.
ROOT_LANGUAGE = BASE_LANGUAGE

#: The page scripts, as Sphinx registers them.
ASSETS = ("_static/sw-web/tables.js", "_static/sw-web/tables.css", "_static/sw-web/lessons.js")


def _root_edition(app: Any) -> bool:
    return (app.config.language or ROOT_LANGUAGE) == ROOT_LANGUAGE


def _link_assets(app: Any) -> None:
    if app.builder.format != "html":
        return
    app.add_css_file("sw-web/tables.css")
    attributes = {"data-wheel": wheel_name()}
    words = page_words(app.config.language or ROOT_LANGUAGE)
    if words:   # the page script's words in the edition's language (none in English)
        attributes["data-words"] = json.dumps(words, ensure_ascii=False)
    app.add_js_file("sw-web/tables.js", loading_method="defer", **attributes)
    app.add_js_file("sw-web/lessons.js", loading_method="defer")


#: The opening tag of a table (``web.table_html``) or a replay player
#: (``render.player``) that has no language yet.
TABLE_TAG = re.compile(
    r'<div\b(?=[^>]*\bclass="(?:[^"]*\s)?sw-(?:table|player)(?:\s[^"]*)?")'
    r"(?![^>]*\bdata-sw-language=)"
)


def mark_language(body: str, language: str) -> str:
    """``body`` with each table and replay player marked with ``language``.

    >>> mark_language('<div class="sw-table" data-sw-game="chain"><div class="sw-stage">', "ru")
    '<div data-sw-language="ru" class="sw-table" data-sw-game="chain"><div class="sw-stage">'
    >>> mark_language('<div id="p1" class="sw-player" tabindex="0">', "pl")
    '<div data-sw-language="pl" id="p1" class="sw-player" tabindex="0">'
    >>> mark_language('<div class="sw-title">', "pl")
    '<div class="sw-title">'
    """
    return TABLE_TAG.sub(f'<div data-sw-language="{language}"', body)


def _mark_tables(
    app: Any, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    if isinstance(context.get("body"), str):
        context["body"] = mark_language(context["body"], app.config.language or ROOT_LANGUAGE)


def _point_at_root(
    app: Any, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """In an edition below the root, link the root edition's page scripts."""
    if _root_edition(app):
        return
    for key, kind in (("script_files", _JavaScript), ("css_files", _CascadingStyleSheet)):
        files = context.get(key) or []
        for at, asset in enumerate(files):
            name = str(getattr(asset, "filename", asset))
            if name in ASSETS:
                # relative to this edition's root; Sphinx adds the page's depth
                files[at] = kind(f"../{name}", priority=asset.priority, **asset.attributes)


def _install(app: Any, exception: BaseException | None) -> None:
    if exception is None and app.builder.format == "html" and _root_edition(app):
        install_runtime(Path(app.outdir) / "_static")


def setup(app: Any) -> dict[str, Any]:
    app.connect("builder-inited", _link_assets)
    app.connect("html-page-context", _point_at_root)
    app.connect("html-page-context", _mark_tables)
    app.connect("build-finished", _install)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
