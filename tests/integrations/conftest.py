"""The integrations' browser tests share one server: the app on the built site, on a free port."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from api import create_app
from tests.browser import serve_app


@pytest.fixture(scope="module")
def api_url(built_site: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app serving the built site and the API (no trailing /)."""
    # A database file: the threaded server answers requests at once (memory is one connection).
    database = tmp_path_factory.mktemp("db") / "expeditions.sqlite3"
    app = create_app({"TESTING": True, "SITE_DIR": str(built_site),
                      "DATABASE_URL": f"sqlite:///{database}"})
    with serve_app(app) as url:
        yield url.rstrip("/")
