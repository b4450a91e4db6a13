"""What every board game's procedure is checked for over HTTP, beside its rule's tests.

The games take object-valued inputs (factions, ships, units), sent by POST or as one JSON value in
a query string; an answer must be the same either way and match its documented schema exactly.
"""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.answers import query, schema_errors

#: The inputs sent as one JSON-encoded query value in a GET.
OBJECT_VALUED = {"factions", "sectors", "units", "ships", "holdings", "path"}



def answered(client: FlaskClient, path: str, inputs: dict[str, Any]) -> dict[str, Any]:
    """The answer to ``inputs`` (seed 2024), the same by POST and by GET, in both languages
    matching the OpenAPI document's schema of the procedure."""
    by_post = client.post(f"/api/v1/{path}", json={**inputs, "seed": 2024})
    by_get = client.get(f"/api/v1/{path}",
                        query_string=query({**inputs, "seed": 2024}, OBJECT_VALUED))
    assert by_post.status_code == by_get.status_code == 200, by_post.get_json()
    body = by_post.get_json()
    assert body == by_get.get_json()
    assert body["procedure"] == path
    assert body["seed"] == 2024
    assert body["rule"]["url"].startswith(f"/{body['rule']['url'].split('/')[1]}/")
    assert body["text"]
    document = client.get("/api/v1/openapi.json").get_json()
    schema = document["paths"][f"/api/v1/{path}"]["post"]["responses"]["200"]["content"][
        "application/json"]["schema"]
    for lang in ("cs", "en"):
        answer = client.post(f"/api/v1/{path}", json={**inputs, "lang": lang}).get_json()
        conforms(answer, schema, document, path)
        assert schema_errors(answer) == {}
    return body


def without_dice(client: FlaskClient, path: str, inputs: dict[str, Any]) -> None:
    """A procedure that rolls nothing takes ``dice: []`` (no seed then) and refuses a die."""
    body = client.post(f"/api/v1/{path}", json={**inputs, "dice": []}).get_json()
    assert (body["rolls"], body["chance"], body["seed"]) == ([], None, None)
    assert client.post(f"/api/v1/{path}", json={**inputs, "dice": [1]}).status_code == 422


def refused(client: FlaskClient, path: str, body: dict[str, Any], field: str,
            words: str) -> dict[str, Any]:
    """A 422 naming ``field`` whose Czech message holds ``words`` and whose English quotes the
    rule in English quotation marks; the Czech error body."""
    response = client.post(f"/api/v1/{path}", json=body)
    assert response.status_code == 422
    payload = response.get_json()
    assert field in payload["errors"], payload
    assert words in payload["message"], payload["message"]
    english = client.post(f"/api/v1/{path}", json={**body, "lang": "en"}).get_json()
    assert "“" in english["message"] and "„" not in english["message"]
    return payload


def _resolve(node: Any, document: dict[str, Any]) -> Any:
    while isinstance(node, dict) and "$ref" in node:
        node = document["components"]["schemas"][node["$ref"].rsplit("/", 1)[1]]
    return node


def conforms(value: Any, schema: dict[str, Any], document: dict[str, Any], at: str) -> None:
    """Checks a value against the documented schema: types, nulls, required and no extras."""
    schema = _resolve(schema, document)
    if "anyOf" in schema:  # a nullable object: {"anyOf": [{"$ref": ...}, {"type": "null"}]}
        misfits = []
        for option in schema["anyOf"]:
            try:
                conforms(value, option, document, at)
            except AssertionError as misfit:
                misfits.append(str(misfit))
            else:
                return
        raise AssertionError(f"{at} fits none of its alternatives: {misfits}")
    types = schema.get("type")
    types = [types] if isinstance(types, str) else list(types or [])
    if value is None:
        assert "null" in types, f"{at} is null but not nullable"
        return
    if "enum" in schema:
        assert value in schema["enum"], f"{at}: {value!r} not in {schema['enum']}"
    if "object" in types or "properties" in schema:
        assert isinstance(value, dict), at
        properties = schema.get("properties", {})
        for name in schema.get("required", []):
            assert name in value, f"{at}.{name} is required but missing"
        for name, item in value.items():
            if name in properties:
                conforms(item, properties[name], document, f"{at}.{name}")
            else:
                extra = schema.get("additionalProperties")
                assert extra not in (None, False), f"{at}.{name} is not documented"
                if isinstance(extra, dict):
                    conforms(item, extra, document, f"{at}.{name}")
    elif "array" in types:
        assert isinstance(value, list), at
        for index, item in enumerate(value):
            conforms(item, schema.get("items", {}), document, f"{at}[{index}]")
    elif "integer" in types:
        assert isinstance(value, int) and not isinstance(value, bool), at
    elif "number" in types:
        assert isinstance(value, int | float) and not isinstance(value, bool), at
    elif "string" in types:
        assert isinstance(value, str), at
    elif "boolean" in types:
        assert isinstance(value, bool), at
