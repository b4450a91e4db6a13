"""Asking a procedure over HTTP, and checking its answer against the OpenAPI document's schema of
its procedure."""

from __future__ import annotations

import json
from collections.abc import Collection
from typing import Any

from api.procedures import ENDPOINTS


def schema_errors(answer: dict[str, Any]) -> dict[str, Any]:
    """The differences between a 200 answer and its documented response schema ({} if none)."""
    return ENDPOINTS[answer["procedure"]].response_schema().validate(answer)


def query(data: dict[str, Any], objects: Collection[str] = ()) -> dict[str, str]:
    """A GET's query string for ``data``: lists comma-separated, booleans lower case, and the
    inputs named in ``objects`` (object-valued) as one JSON value each."""
    return {
        key: json.dumps(value) if key in objects else ",".join(map(str, value))
        if isinstance(value, list) else str(value).lower() if isinstance(value, bool)
        else str(value)
        for key, value in data.items()
    }
