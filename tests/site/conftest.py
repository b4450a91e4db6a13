"""Fixtures of the site tests: one strict build of the docs site per session, its pages parsed."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from site_html import ROOT, Page, parse_page


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
