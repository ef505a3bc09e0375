"""Tables that play in the page: the page script on every page, the runtime in ``_static``.

Every HTML page links ``_static/sw-web/tables.js`` and ``tables.css``
(about 20 KB; the script does nothing until a "Play here" button is
pressed or a replay asks for a step it does not hold). When the build
finishes, :func:`solitaire_widgets.web.runtime.install_runtime` copies the
pinned Pyodide runtime (fetched once with npm, checked against its sha512)
and a wheel built from this checkout into ``_static/sw-web/``. Nothing is
fetched when a page is viewed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from solitaire_widgets.web.runtime import install_runtime, wheel_name


def _link_assets(app: Any) -> None:
    if app.builder.format != "html":
        return
    app.add_css_file("sw-web/tables.css")
    app.add_js_file("sw-web/tables.js", loading_method="defer", **{"data-wheel": wheel_name()})


def _install(app: Any, exception: BaseException | None) -> None:
    if exception is None and app.builder.format == "html":
        install_runtime(Path(app.outdir) / "_static")


def setup(app: Any) -> dict[str, Any]:
    app.connect("builder-inited", _link_assets)
    app.connect("build-finished", _install)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
