"""Fixtures of the site tests: one strict build of the docs site per session, its pages parsed,
and the API served for a module's pages to ask."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from site_html import Page, parse_page

from api import create_app
from tests.browser import serve_app


@pytest.fixture(scope="session")
def site_dir(built_site: Path) -> Path:
    """The docs site, built once per session for every test that needs it."""
    return built_site


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


@pytest.fixture(scope="module")
def api_url() -> Iterator[str]:
    """The app on a free port of 127.0.0.1, in a thread: its root URL without the trailing
    slash, as a client of the API writes it."""
    with serve_app(create_app({"TESTING": True})) as url:
        yield url.rstrip("/")
