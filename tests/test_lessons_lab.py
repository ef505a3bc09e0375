"""A LessonWidget in a real JupyterLab (no internet): a wrong move refused with its
sentence, then the right move marked, each checked by the engine in the kernel."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from solitaire_widgets.i18n import use_language
from solitaire_widgets.lessons import LessonRun, get_lesson, move_label
from tests.browser_support import (
    SCREENSHOTS,
    BrowserPage,
    LabServer,
    accept_kernel_dialog,
    write_notebook,
)

pytestmark = pytest.mark.browser


def test_a_lesson_widget_takes_a_wrong_then_a_right_move(
        browser_page: BrowserPage, jupyterlab_server: Callable[..., LabServer],
        tmp_path: Path) -> None:
    write_notebook(tmp_path / "lesson.ipynb", [
        "from solitaire_widgets import LessonWidget\n"
        "lesson = LessonWidget('klondike-ace-up', language='pl')\nlesson",
        "print('cells done')",
    ])
    lab = jupyterlab_server(tmp_path)
    outside: list[str] = []
    page = browser_page.page
    page.on("request", lambda request: outside.append(request.url)
            if not request.url.startswith(("http://127.0.0.1", "ws://127.0.0.1", "data:",
                                           "blob:")) else None)
    page.set_viewport_size({"width": 1280, "height": 1000})
    page.goto(lab.lab_url("lesson.ipynb"))
    page.wait_for_selector(".jp-Notebook", timeout=90_000)
    accept_kernel_dialog(page)
    page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=90_000)
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.locator("li[data-command='runmenu:run-all']").click()
    page.wait_for_selector(".jp-OutputArea-output:has-text('cells done')", timeout=120_000)
    widget = page.locator(".sw-lesson-widget")
    widget.wait_for(timeout=60_000)
    run = LessonRun(get_lesson("klondike-ace-up"))
    with use_language("pl"):
        wrong, right = move_label(run.game, "t2>t7"), move_label(run.game, "t4>fh")
        wrong_note = LessonRun(get_lesson("klondike-ace-up")).answer("t2>t7").words
    assert widget.locator("svg").count() >= 1
    widget.get_by_role("button", name=wrong, exact=True).click()
    verdict = widget.locator(".sw-lesson-verdict")
    verdict.wait_for(timeout=30_000)
    assert "✗" in verdict.inner_text() and wrong_note in verdict.inner_text()
    assert "Asy - jeżeli są odkryte" in widget.locator(".sw-lesson-sentence").inner_text()
    widget.get_by_role("button", name=right, exact=True).click()
    page.wait_for_function("w => w.querySelector('.sw-lesson-verdict').textContent.includes('✓')",
                           arg=widget.element_handle(), timeout=30_000)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    widget.screenshot(path=str(SCREENSHOTS / "lesson-widget-lab.png"))
    assert outside == []
