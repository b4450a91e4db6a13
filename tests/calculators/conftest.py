"""Fixtures of the calculators' tests: the golden vectors (made once, see ``vectors.cached``),
the built site, served locally, and Chromium."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.calculators import vectors as golden
from tests.calculators.pages import LoadedPages


@pytest.fixture(scope="session")
def golden_file() -> Path:
    """The golden vectors' document (``vectors.document``), written once for today's sources."""
    return golden.cached()


@pytest.fixture(scope="session")
def golden_vectors(golden_file: Path) -> dict[str, list[dict[str, Any]]]:
    """Every golden vector, by procedure, in the order ``vectors.vectors`` makes them."""
    grouped: dict[str, list[dict[str, Any]]] = {}
    for vector in json.loads(golden_file.read_text(encoding="utf-8"))["vectors"]:
        grouped.setdefault(vector["procedure"], []).append(vector)
    return grouped


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


@pytest.fixture(scope="session")
def calculators(chromium: object, calculators_url: str) -> Iterator[LoadedPages]:
    """The calculators' pages, loaded once for the process and handed out reset to each test
    (``pages.LoadedPages``); ``calculators.open(path)`` gives ``path``'s page, its root element
    and the page's errors."""
    pages = LoadedPages(chromium, calculators_url)
    yield pages
    pages.close()
