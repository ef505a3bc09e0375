"""Drop script tags that appear twice on a page.

With jupyter-book 1 (sphinx-thebe 0.3 under Sphinx 7) every page gets the
inline ``const THEBE_JS_URL = ...`` script twice, which throws
"Identifier 'THEBE_JS_URL' has already been declared" in the browser. This
extension keeps the first copy of each identical script.
"""

from __future__ import annotations

from typing import Any


def _dedupe_scripts(
    app: Any, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    scripts = context.get("script_files")
    if not scripts:
        return
    seen: set[tuple[str, tuple[tuple[str, str], ...]]] = set()
    unique: list[Any] = []
    for script in scripts:
        # Compare file name and attributes (an inline body is an attribute).
        attributes = getattr(script, "attributes", {}) or {}
        filename = getattr(script, "filename", script) or ""  # None and "" both mean inline
        key = (str(filename), tuple(sorted(attributes.items())))
        if key not in seen:
            seen.add(key)
            unique.append(script)
    scripts[:] = unique


def setup(app: Any) -> dict[str, Any]:
    app.connect("html-page-context", _dedupe_scripts, priority=900)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
