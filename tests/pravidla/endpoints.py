"""Checks every rule's endpoint makes alike: GET and POST give one answer, valid by its schema."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.answers import schema_errors
from tests.api.test_conventions import query


def get_and_post_agree(client: FlaskClient, path: str, inputs: dict[str, Any],
                       seed: int) -> dict[str, Any]:
    """The answer to ``inputs`` with ``seed``: the same by POST, by GET and by POST again, valid
    by its documented schema, citing a rule of the rules site."""
    by_post = client.post(f"/api/v1/{path}", json={**inputs, "seed": seed})
    by_get = client.get(f"/api/v1/{path}", query_string=query({**inputs, "seed": seed}))
    assert by_post.status_code == by_get.status_code == 200, by_post.get_json()
    body = by_post.get_json()
    assert by_get.get_json() == body
    assert (body["procedure"], body["seed"]) == (path, seed)
    assert body["text"] and body["rule"]["url"].startswith("/pravidla/")
    assert schema_errors(body) == {}
    assert client.post(f"/api/v1/{path}", json={**inputs, "seed": seed}).get_json() == body
    return body


def refused(client: FlaskClient, path: str, body: dict[str, Any], field: str,
            words: str) -> dict[str, Any]:
    """A 422 in English naming ``field``, its error containing ``words``."""
    response = client.post(f"/api/v1/{path}", json={**body, "lang": "en"})
    assert response.status_code == 422, response.get_json()
    payload = response.get_json()
    assert field in payload["errors"], payload
    assert words in str(payload["errors"][field]), payload
    return payload


def bounds(client: FlaskClient, schema: str, field: str) -> tuple[Any, Any]:
    """A field's documented (minimum, maximum), of its items for a list."""
    document = client.get("/api/v1/openapi.json").get_json()
    prop = document["components"]["schemas"][schema]["properties"][field]
    if prop.get("type") == "array":
        prop = prop["items"]
    return prop["minimum"], prop["maximum"]


def max_items(client: FlaskClient, schema: str, field: str) -> int:
    """A list field's documented maxItems."""
    document = client.get("/api/v1/openapi.json").get_json()
    return document["components"]["schemas"][schema]["properties"][field]["maxItems"]
