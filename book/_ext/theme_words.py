"""The theme's own words in the edition's language.

sphinx-book-theme and pydata-sphinx-theme translate most of their words with
their own catalogs, but not all: some of their Russian ones are missing or
written with *ё* (the editions write *е*), some words are written into their
templates in English, Jupyter Book gives the search box an English
placeholder, and the Binder and Colab buttons speak the ``booktheme`` domain.
This extension sends all of them through gettext:

- the ``sphinx`` domain: ``book/locales/<lang>/LC_MESSAGES/sphinx.po``, which
  Sphinx reads before the themes' own catalogs (``locale_dirs``);
- the ``booktheme`` domain: ``book/locales/<lang>/LC_MESSAGES/booktheme.po``,
  read before sphinx-book-theme's own catalog (which stays behind it for the
  words ours does not have);
- the templates in ``theme_templates/`` replace the theme's components whose
  words are written in English (the sidebar toggles, the site navigation's
  name) with the same markup, their words marked for translation;
- the search box's placeholder is ``Search this book...`` translated;
- the search page's words come from Sphinx's own ``translations.js``, written
  with *ё*: the edition's copy is written with *е*.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sphinx import locale
from sphinx.locale import get_translation
from sphinx.util.i18n import CatalogInfo

HERE = Path(__file__).parent
TEMPLATES = HERE / "theme_templates"
SEARCH_PLACEHOLDER = "Search this book..."
#: sphinx-book-theme's message domain.
DOMAIN = "booktheme"


def _config_inited(app: Any, config: Any) -> None:
    # Before the themes' components folder (pydata-sphinx-theme appends it).
    config.templates_path = [str(TEMPLATES), *(path for path in config.templates_path
                                                 if path != str(TEMPLATES))]
    options = dict(config.html_theme_options or {})
    # Sphinx's catalog of the "sphinx" domain reads locale_dirs first.
    options["search_bar_text"] = get_translation("sphinx")(SEARCH_PLACEHOLDER)
    config.html_theme_options = options


def _builder_inited(app: Any) -> None:
    """Our catalog of sphinx-book-theme's domain first, the theme's own behind it."""
    language = app.config.language
    dirs = [str(Path(app.srcdir, folder)) for folder in app.config.locale_dirs]
    for folder in dirs:
        po = Path(folder, language, "LC_MESSAGES", f"{DOMAIN}.po")
        if po.exists():
            catalog = CatalogInfo(str(po.parent), DOMAIN, "utf-8")
            if catalog.is_outdated():
                catalog.write_mo(language)
    ours, found = locale.init(dirs, language, DOMAIN, namespace="solitaire-widgets")
    if not found:
        return
    theirs = locale.translators.get(("general", DOMAIN))
    if theirs is not None and theirs is not ours:
        ours.add_fallback(theirs)
    locale.translators[("general", DOMAIN)] = ours


def _build_finished(app: Any, exception: Exception | None) -> None:
    script = Path(app.outdir, "_static", "translations.js")
    if exception is None and script.exists():
        text = script.read_text(encoding="utf-8")
        # ё and Ё, as Sphinx escapes them, and as letters.
        for yo, ye in (("\\u0451", "\\u0435"), ("\\u0401", "\\u0415"), ("ё", "е"), ("Ё", "Е")):
            text = text.replace(yo, ye)
        script.write_text(text, encoding="utf-8")


def setup(app: Any) -> dict[str, Any]:
    app.connect("config-inited", _config_inited)
    app.connect("builder-inited", _builder_inited)
    app.connect("build-finished", _build_finished)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
