"""Checking an answer against the OpenAPI document's schema of its procedure."""

from __future__ import annotations

from typing import Any

from api.procedures import ENDPOINTS


def schema_errors(answer: dict[str, Any]) -> dict[str, Any]:
    """The differences between a 200 answer and its documented response schema ({} if none)."""
    return ENDPOINTS[answer["procedure"]].response_schema().validate(answer)
