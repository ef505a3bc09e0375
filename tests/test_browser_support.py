"""The shared JupyterLab fixture works end to end (server, kernel spec, browser)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser_support import BrowserPage, LabServer

pytestmark = pytest.mark.browser


def test_jupyterlab_server_starts_and_opens_in_chromium(
    jupyterlab_server, tmp_path_factory: pytest.TempPathFactory, browser_page: BrowserPage
) -> None:
    root: Path = tmp_path_factory.mktemp("lab-root")
    (root / "hello.txt").write_text("hello\n", encoding="utf-8")
    server: LabServer = jupyterlab_server(root)
    url, token, folder = server
    assert url.startswith("http://127.0.0.1:") and token and folder == root.name
    assert server.api("status")["started"]
    assert "python3" in server.api("kernelspecs")["kernelspecs"]
    assert jupyterlab_server(root) is server  # one server per directory
    other = jupyterlab_server(tmp_path_factory.mktemp("lab-other"))
    assert other.url == server.url and other.folder != folder  # one JupyterLab for both
    assert other.lab_url("x.ipynb") != server.lab_url("x.ipynb")  # each in its workspace

    page = browser_page.page
    page.goto(server.lab_url("hello.txt"), wait_until="domcontentloaded")
    page.locator(".jp-LabShell").wait_for(state="visible", timeout=60000)
    page.get_by_text("hello.txt").first.wait_for(state="visible", timeout=60000)
