"""Fixtures of the site tests: one strict build of the docs site per session, its pages parsed."""

from __future__ import annotations

import contextlib
import functools
import http.server
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, sync_playwright
from site_html import ROOT, Page, parse_page

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory) -> Path:
    """The docs site, built once per session with ``mkdocs build --strict``."""
    out = tmp_path_factory.mktemp("site")
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "-d", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    assert result.returncode == 0, f"mkdocs build --strict failed:\n{result.stderr}"
    return out


@pytest.fixture(scope="session")
def pages(site_dir: Path) -> dict[str, Page]:
    """Every built HTML page by its site path (``/pravidla/unava/``, ``/404.html``)."""
    found = {}
    for file in site_dir.rglob("*.html"):
        relative = file.relative_to(site_dir).as_posix()
        if relative.endswith("index.html"):
            relative = relative.removesuffix("index.html")
        path = "/" + relative
        found[path] = parse_page(path, file.read_text(encoding="utf-8"))
    return found


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the built site without logging every request to stderr."""

    def log_message(self, format, *args):
        pass


@contextlib.contextmanager
def serve(directory: Path) -> Iterator[str]:
    """Serve a directory on a random port of 127.0.0.1; yields the base URL."""
    handler = functools.partial(_QuietHandler, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


@pytest.fixture(scope="session")
def site_url(site_dir: Path) -> Iterator[str]:
    """Base URL of the built site, served over HTTP for the browser tests."""
    with serve(site_dir) as url:
        yield url


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Debian's Chromium driven by Playwright; missing Chromium fails, never skips."""
    if not Path(CHROMIUM).is_file():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium (scripts/test does)")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()
