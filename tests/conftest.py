"""Fixtures shared by every test: the app built from the factory and its test client."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import settings

from api import create_app
from tests.browser import CHROMIUM, CHROMIUM_ARGS, build_site, serve
from tests.postgres import Cluster, PostgresMissing, cluster

# Property tests check behaviour, never speed: a shared, loaded machine must not turn a slow
# example into a failure (speed is measured by bench/, not by tests); examples come from a fixed
# seed, so every run checks the same cases.
settings.register_profile("default", deadline=None, derandomize=True)
settings.load_profile("default")


@pytest.fixture(scope="session")
def app() -> Flask:
    return create_app({"TESTING": True})


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture(scope="session")
def postgres() -> Iterator[Cluster]:
    """One throwaway PostgreSQL cluster for the session (the expeditions' tests, the frozen
    database's); a missing PostgreSQL fails, never skips."""
    try:
        with cluster() as running:
            yield running
    except PostgresMissing as missing:
        pytest.fail(str(missing))


# One site build, one static server and ONE Playwright session for the whole run: Playwright's
# sync API cannot run two sessions at once, so every browser test shares these.


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The docs site with its calculators, built once per session (``mkdocs build --strict``)."""
    return build_site(tmp_path_factory.mktemp("site"))


@pytest.fixture(scope="session")
def site_url(built_site: Path) -> Iterator[str]:
    """Base URL of the built site, served over HTTP on 127.0.0.1."""
    with serve(built_site) as url:
        yield url


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """Debian's Chromium driven by Playwright; a missing Chromium fails, never skips."""
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).is_file():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium (scripts/test does)")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()
