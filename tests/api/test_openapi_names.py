"""The OpenAPI document's schema names do not depend on which rulebook was imported first."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCUMENT = ("import json; from api import create_app; "
            "print(json.dumps(create_app({'TESTING': True})"
            ".test_client().get('/api/v1/openapi.json').get_json()))")


def _document(first: str) -> dict[str, object]:
    """The document of an app whose process imported ``first`` before anything else."""
    script = f"import {first}; {DOCUMENT}" if first else DOCUMENT
    run = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                         text=True, check=True, timeout=120)
    document: dict[str, object] = json.loads(run.stdout)
    return document


@pytest.mark.parametrize("first", ["api.pravidla", "api.conquest"])
def test_schema_names_are_the_same_whatever_is_imported_first(first: str) -> None:
    # Both rulebooks have an AttackResult; the core rulebook's keeps the plain name.
    plain, other = _document(""), _document(first)
    assert plain == other
    assert "AttackResult" in plain["components"]["schemas"]  # type: ignore[index]
