"""What every rule's API tests check alike: GET and POST agree on an answer valid by its schema,
a refusal is a 422 naming its field, the OpenAPI document bounds the inputs."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from flask.testing import FlaskClient

from tests.answers import query, schema_errors


def get_and_post_agree(client: FlaskClient, path: str, inputs: dict[str, Any], seed: int,
                       objects: Iterable[str] = ()) -> dict[str, Any]:
    """The answer to ``inputs`` with ``seed``: the same by POST, by GET and by POST again, valid
    by its documented schema, citing a rule of the rules site (``objects``: the object-valued
    inputs, one JSON-encoded value each in the query string)."""
    by_post = client.post(f"/api/v1/{path}", json={**inputs, "seed": seed})
    by_get = client.get(f"/api/v1/{path}", query_string=query({**inputs, "seed": seed}, objects))
    assert by_post.status_code == by_get.status_code == 200, by_post.get_data(as_text=True)
    body = by_post.get_json()
    assert by_get.get_json() == body
    assert (body["procedure"], body["seed"]) == (path, seed)
    assert body["text"] and body["rule"]["url"].startswith("/pravidla/")
    assert schema_errors(body) == {}
    assert client.post(f"/api/v1/{path}", json={**inputs, "seed": seed}).get_json() == body
    return body


def refused(client: FlaskClient, path: str, body: dict[str, Any], field: str, words: str = "",
            lang: str = "cs") -> dict[str, Any]:
    """The 422 that refuses ``body`` in ``lang`` (unless ``body`` names its own), naming
    ``field``, its error there holding ``words``."""
    response = client.post(f"/api/v1/{path}", json={"lang": lang, **body})
    assert response.status_code == 422, response.get_data(as_text=True)
    payload = response.get_json()
    assert field in payload["errors"], payload
    assert payload["message"]
    assert words in str(payload["errors"][field]), payload
    return payload


def input_schema(client: FlaskClient, path: str) -> dict[str, Any]:
    """The documented inputs of ``path`` (its ``<Name>Args`` schema), after checking that it
    answers both GET and POST."""
    document = client.get("/api/v1/openapi.json").get_json()
    assert {"get", "post"} <= set(document["paths"][f"/api/v1/{path}"])
    name = "".join(part.title() for part in path.replace("/", "-").split("-")) + "Args"
    return document["components"]["schemas"][name]


def bounds(schema: dict[str, Any], field: str) -> tuple[Any, Any]:
    """A documented input's (minimum, maximum), of its items for a list."""
    spec = schema["properties"][field]
    if spec.get("type") == "array":
        spec = spec["items"]
    return spec["minimum"], spec["maximum"]


def max_items(schema: dict[str, Any], field: str) -> int:
    """A documented list input's maxItems."""
    found: int = schema["properties"][field]["maxItems"]
    return found
