"""Fixtures of the calculators' browser tests: the built site, served locally, and Chromium."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(scope="session")
def calculators_site(built_site: Path) -> Path:
    """The docs site with its calculators (the session's one build)."""
    return built_site


@pytest.fixture(scope="session")
def calculators_url(site_url: str) -> str:
    return site_url


@pytest.fixture(scope="session")
def chromium(browser: object) -> object:
    """The session's one Chromium (see ``tests/conftest.py``)."""
    return browser
