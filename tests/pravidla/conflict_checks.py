"""Checks shared by the tests of combat and encounters: the sides of a conflict as hypothesis
draws them, and the API's answers against their OpenAPI schema, by GET and POST alike."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from hypothesis import strategies as st

from rpg.pravidla.combat import SIDES_MAX, SIDES_MIN

seeds = st.integers(0, 2**63 - 1)
names = st.text(min_size=1, max_size=12).filter(lambda name: name.strip())
valid_sides = st.lists(names, min_size=SIDES_MIN, max_size=SIDES_MAX, unique=True)
any_sides = st.lists(st.text(max_size=6), max_size=SIDES_MAX + 2)
#: Any JSON value, for bodies no client should send.
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda children: st.lists(children, max_size=12)
    | st.dictionaries(st.text(max_size=6), children, max_size=3),
    max_leaves=24,
)
#: The inputs of every procedure of combat and encounters, and the common ones: a body of any
#: of them, with any value, must answer 200 or 422.
input_names = st.sampled_from(["sides", "players", "surprised", "light", "location",
                               "distance_m", "reaction_modifier", "modifier", "morale",
                               "successes", "seed", "dice", "lang"])


@st.composite
def conflicts(draw: st.DrawFn) -> dict[str, Any]:
    """Valid sides, the players among them, and some of them surprised or lit."""
    sides = draw(valid_sides)
    return {
        "sides": sides,
        "players": draw(st.none() | st.sampled_from(sides)),
        "surprised": draw(st.lists(st.sampled_from(sides), unique=True)),
        "light": draw(st.lists(st.sampled_from(sides), unique=True)),
    }


def sides_are_valid(sides: list[str]) -> bool:
    """2..10 distinct names, none blank."""
    return (SIDES_MIN <= len(sides) <= SIDES_MAX and len(set(sides)) == len(sides)
            and all(side.strip() for side in sides))


def query(data: dict[str, object]) -> dict[str, str]:
    """Inputs as a query string writes them: lists comma-joined, flags true/false."""
    return {
        key: ",".join(map(str, value)) if isinstance(value, list) else str(value).lower()
        if isinstance(value, bool) else str(value)
        for key, value in data.items()
    }


def conforms(value: Any, schema: dict[str, Any], document: dict[str, Any], where: str) -> None:
    """``value`` matches its OpenAPI 3.1 ``schema``: required fields, types, nulls, no extras."""
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        schema = document["components"]["schemas"][name]
    types = schema.get("type", [])
    types = [types] if isinstance(types, str) else types
    if value is None:
        assert "null" in types, f"{where} is null but not nullable"
        return
    checks = {"object": dict, "array": list, "string": str, "boolean": bool,
              "integer": int, "number": (int, float)}
    assert any(isinstance(value, checks[t]) and not (t in ("integer", "number")
               and isinstance(value, bool)) for t in types if t != "null"), f"{where}: {value!r}"
    if "enum" in schema:
        assert value in schema["enum"], f"{where}: {value!r} not in {schema['enum']}"
    if isinstance(value, dict):
        properties = schema.get("properties", {})
        assert set(schema.get("required", [])) <= set(value), f"{where} lacks required fields"
        extra = set(value) - set(properties)
        assert not extra, f"{where}: undocumented {extra}"
        for key, item in value.items():
            conforms(item, properties[key], document, f"{where}.{key}")
    if isinstance(value, list):
        for index, item in enumerate(value):
            conforms(item, schema.get("items", {}), document, f"{where}[{index}]")


def answers_alike_as_documented(client: FlaskClient, path: str,
                                inputs: dict[str, object]) -> dict[str, Any]:
    """GET and POST give the same answer to the same seeded inputs, and every answer (Czech and
    English) conforms to the documented schema; the answer by POST."""
    by_post = client.post(f"/api/v1/{path}", json={**inputs, "seed": 2024})
    by_get = client.get(f"/api/v1/{path}", query_string=query({**inputs, "seed": 2024}))
    assert by_post.status_code == by_get.status_code == 200
    body: dict[str, Any] = by_post.get_json()
    assert body == by_get.get_json()
    assert body["procedure"] == path and body["seed"] == 2024
    document = client.get("/api/v1/openapi.json").get_json()
    schema = document["paths"][f"/api/v1/{path}"]["post"]["responses"]["200"]["content"][
        "application/json"]["schema"]
    conforms(body, schema, document, path)
    for lang in ("cs", "en"):
        conforms(client.post(f"/api/v1/{path}", json={**inputs, "lang": lang}).get_json(),
                 schema, document, path)
    return body


def refused(client: FlaskClient, path: str, body: dict[str, object], field: str) -> None:
    """A 422 naming ``field``, with a message."""
    response = client.post(f"/api/v1/{path}", json=body)
    assert response.status_code == 422
    payload = response.get_json()
    assert field in payload["errors"]
    assert payload["message"]


def answers_200_or_422(app: Flask, path: str, body: dict[str, object]) -> None:
    """Any JSON body answers 200 or a 422 with a message, never anything else."""
    response = app.test_client().post(f"/api/v1/{path}", json=body)
    assert response.status_code in (200, 422), response.get_data(as_text=True)
    payload = response.get_json()
    if response.status_code == 422:
        assert payload["message"] and payload["errors"]
    else:
        assert payload["procedure"] == path


def arguments(client: FlaskClient, name: str) -> dict[str, Any]:
    """The documented inputs of a procedure (``InitiativeArgs``), by name."""
    document = client.get("/api/v1/openapi.json").get_json()
    properties: dict[str, Any] = document["components"]["schemas"][name]["properties"]
    return properties
