"""The chapters' charts say what they show in the edition's language.

A chart's words (its title, its bars, its axis) come from
``solitaire_widgets.book_words.chart_words`` when its cell draws it; its
``alt`` text is written in English in the cell's ``mystnb`` metadata, where
gettext cannot reach it. This post-transform gives every image whose ``alt``
is one of ``chart_words``' messages that message in the edition's language
(the build sets ``SOLITAIRE_WIDGETS_LANGUAGE`` for each edition).
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from sphinx.transforms.post_transforms import SphinxPostTransform

from solitaire_widgets.book_words import chart_words
from solitaire_widgets.i18n import use_language


class TranslateChartAlt(SphinxPostTransform):
    """Every chart's ``alt`` text in the edition's language."""

    default_priority = 800
    formats = ("html",)

    def run(self, **kwargs: Any) -> None:
        with use_language(self.config.language or "en"):
            for image in self.document.findall(nodes.image):
                alt = image.get("alt")
                if alt:
                    image["alt"] = chart_words(alt)


def setup(app: Any) -> dict[str, Any]:
    app.add_post_transform(TranslateChartAlt)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
