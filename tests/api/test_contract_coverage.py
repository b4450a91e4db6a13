"""Every procedure the contract names is served, documented and bounded."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient
from marshmallow import ValidationError, fields, validate

from api import fields as f

CORE = [
    "roll", "skill-check", "saving-throw", "magic-items", "attack", "initiative", "morale",
    "reaction", "surprise", "encounter-distance", "encounter", "range-zone", "falling",
    "fatigue", "camping", "travel", "fast-travel", "wandering-monsters", "trap", "chance",
    "death-save", "healing",
]
FURTHER = ["movement", "thrown-range", "hold-breath", "shield-block", "mishap", "fast-travel-split",
           "dungeon-turn", "encounter-duration"]
BOARD_GAMES = [
    "psychopaths-land/action-points", "psychopaths-land/combat", "psychopaths-land/turn-check",
    "conquest/units", "conquest/attack", "conquest/regen", "conquest/income", "conquest/score",
    "conquest/coins", "conquest/capture", "conquest/buy", "conquest/winner", "conquest/teleport",
    "olgoj-chorchoj/engineering", "olgoj-chorchoj/tokens",
]
ALL = CORE + FURTHER + BOARD_GAMES


@pytest.fixture(scope="module")
def document(client: FlaskClient) -> dict:
    return client.get("/api/v1/openapi.json").get_json()


@pytest.fixture(scope="module")
def client(app):  # type: ignore[no-untyped-def]
    return app.test_client()


def _resolve(document: dict, schema: dict) -> dict:
    if "$ref" in schema:
        return document["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]]
    return schema


@pytest.mark.parametrize("path", ALL)
def test_procedure_is_documented_for_get_and_post(document: dict, path: str) -> None:
    operations = document["paths"][f"/api/v1/{path}"]
    assert {"get", "post"} <= set(operations)
    body = _resolve(document, operations["post"]["requestBody"]["content"]["application/json"]
                    ["schema"])
    for name in ("seed", "dice", "lang", "format"):
        assert name in body["properties"], name
    answer = _resolve(document, operations["get"]["responses"]["200"]["content"]
                      ["application/json"]["schema"])
    assert set(answer["required"]) >= {"procedure", "input", "rolls", "result", "chance", "text",
                                       "seed", "rule"}


def _unbounded(document: dict, schema: dict, where: str, seen: set[str]) -> list[str]:
    """Numbers without both bounds, strings without a length or a set of values, lists
    without a maximum length, maps (``additionalProperties``) without ``maxProperties``, and
    objects bounded with a string's ``maxLength``, a keyword JSON Schema ignores there."""
    schema = _resolve(document, schema)
    problems = []
    kind = schema.get("type")
    kinds = set(kind) if isinstance(kind, list) else {kind}
    if kinds & {"integer", "number"} and not ("minimum" in schema and "maximum" in schema):
        problems.append(where)
    if "string" in kinds and "enum" not in schema and "maxLength" not in schema:
        problems.append(where)
    if "array" in kinds:
        if "maxItems" not in schema:
            problems.append(where)
        problems += _unbounded(document, schema.get("items", {}), f"{where}[]", seen)
    if "object" in kinds or "properties" in schema:
        for name, sub in schema.get("properties", {}).items():
            problems += _unbounded(document, sub, f"{where}.{name}", seen)
        extra = schema.get("additionalProperties")
        if isinstance(extra, dict):
            if "maxProperties" not in schema:
                problems.append(where)
            problems += _unbounded(document, extra, f"{where}{{}}", seen)
        if "object" in kinds and {"minLength", "maxLength"} & set(schema):
            problems.append(f"{where} (maxLength on an object)")
    return problems


@pytest.mark.parametrize("path", ALL)
def test_every_input_is_bounded(document: dict, path: str) -> None:
    operations = document["paths"][f"/api/v1/{path}"]
    body = operations["post"]["requestBody"]["content"]["application/json"]["schema"]
    assert _unbounded(document, body, path, set()) == []


def test_the_bound_checker_catches_what_it_looks_for() -> None:
    loose = {"type": "object", "properties": {
        "n": {"type": "integer", "minimum": 0},
        "s": {"type": "string"},
        "xs": {"type": "array", "items": {"type": "number", "minimum": 0, "maximum": 1}},
        "ok": {"type": "string", "enum": ["a"]},
        "map": {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0,
                                                           "maximum": 1}},
        "lengthy": {"type": "object", "maxLength": 7, "additionalProperties": {
            "type": "integer", "minimum": 0, "maximum": 1}},
        "counted": {"type": "object", "maxProperties": 7, "additionalProperties": {
            "type": "integer", "minimum": 0, "maximum": 1}},
    }}
    assert _unbounded({"components": {"schemas": {}}}, loose, "t", set()) == [
        "t.n", "t.s", "t.xs", "t.map", "t.lengthy", "t.lengthy (maxLength on an object)"]


def test_maps_document_their_key_bound_as_max_properties(document: dict) -> None:
    schemas = document["components"]["schemas"]
    for schema, name, most in (("ConquestBuyArgs", "units", 7),
                               ("ConquestFaction", "units", 7),
                               ("FastTravelSplitArgs", "allocation", 100)):
        field = schemas[schema]["properties"][name]
        assert (field["type"], field["maxProperties"]) == ("object", most)
        assert "maxLength" not in field and "minLength" not in field


def test_a_maps_key_bound_is_still_enforced() -> None:
    counts = f.JsonDict(keys=fields.String(), values=fields.Integer(),
                        validate=validate.Length(0, 2))
    assert counts.deserialize('{"a": 1, "b": 2}') == {"a": 1, "b": 2}
    with pytest.raises(ValidationError, match="Length must be between 0 and 2"):
        counts.deserialize({"a": 1, "b": 2, "c": 3})
