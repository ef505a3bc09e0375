"""GameWidget in a real JupyterLab: a move typed into its box and refused shows, under
the refusal, the sentence of the text it rests on, original and translation."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.browser_support import (
    SCREENSHOTS,
    BrowserPage,
    LabServer,
    open_and_run,
    write_notebook,
)

pytestmark = pytest.mark.browser


def test_a_refused_typed_move_shows_its_sentence_under_the_message(
        browser_page: BrowserPage, jupyterlab_server: Callable[..., LabServer],
        tmp_path: Path) -> None:
    write_notebook(tmp_path / "why.ipynb", [
        'from solitaire_widgets import GameWidget\n'
        'widget = GameWidget("chain", seed=5, language="pl")\nwidget',
        'print("cells done")',
    ])
    lab = jupyterlab_server(tmp_path)
    page = open_and_run(browser_page, lab, "why.ipynb")
    box = page.locator(".sw-move-box input")
    box.fill("fs>l1")
    box.press("Enter")
    line = page.locator(".sw-message .sw-citation")
    line.wait_for(timeout=30_000)
    said = line.inner_text()
    assert said.startswith("tekst: «Ряд из двоек и серии")
    assert "(Rząd dwójek i serie, które na nich zbudowano" in said
    assert page.locator(".sw-message [role=alert]").inner_text().startswith(
        "Karty odłożone do serii zostają w niej")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 900})
        line.scroll_into_view_if_needed()
        page.screenshot(path=str(SCREENSHOTS / f"citation-widget-{width}.png"))
    assert browser_page.errors() == []
