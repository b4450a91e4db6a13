"""Fixtures shared by every test: the app built from the factory and its test client."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import settings

from api import create_app
from tests.browser import CHROMIUM, CHROMIUM_ARGS, Patient, build_site, once_per_run, serve
from tests.postgres import Cluster, PostgresMissing, cluster

# Property tests check behaviour, never speed: a shared, loaded machine must not turn a slow
# example into a failure (speed is measured by bench/, not by tests); examples come from a fixed
# seed, so every run checks the same cases.
settings.register_profile("default", deadline=None, derandomize=True)
settings.load_profile("default")


def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """A parallel run hands out its longest modules first (``tests/schedule.py``)."""
    from tests.schedule import scheduler

    return scheduler(config, log)


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


# One site build for the whole run, one static server and ONE Playwright session per process:
# Playwright's sync API cannot run two sessions at once, so every browser test of a process (a
# pytest-xdist worker) shares these.


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The docs site with its calculators (``mkdocs build --strict``): the build ``scripts/test``
    has just made when it names it in ``$TESTS_BUILT_SITE``, else built once for the run, by the
    first worker that needs it."""
    prebuilt = os.environ.get("TESTS_BUILT_SITE")
    if prebuilt:
        return Path(prebuilt).resolve()
    return once_per_run(tmp_path_factory, "site", build_site)


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
        yield Patient(launched)
        launched.close()
