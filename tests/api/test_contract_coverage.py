"""Every procedure of the registry is served, documented and bounded."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient
from marshmallow import ValidationError, fields, validate

from api import fields as f
from rpg.core.registry import procedures

#: Every procedure, from the one list there is (the engine's registry): a new one is covered by
#: these checks without being named here.
ALL = list(procedures())


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


@pytest.mark.parametrize("path", ALL)
def test_each_method_is_written_whole(document: dict, path: str) -> None:
    # What apispec's public ``spec.path`` is given (api.procedures.document): the inputs, the
    # answer as JSON or as a chat card, a refusal, the default error, the rulebook's tag.
    operations = document["paths"][f"/api/v1/{path}"]
    name = "".join(part.title() for part in path.replace("/", "-").split("-"))
    for method, given in (("get", "parameters"), ("post", "requestBody")):
        operation = operations[method]
        assert given in operation
        assert list(operation) == (["parameters", "responses"] if method == "get" else
                                   ["responses", "requestBody"]) + [
            "tags", "operationId", "summary", "description"]
        assert operation["operationId"] == f"{method}{name}"
        assert operation["tags"] == [procedures()[path].rulebook.replace("core", "pravidla")]
        responses = operation["responses"]
        assert responses["422"] == {"$ref": "#/components/responses/UNPROCESSABLE_ENTITY"}
        assert responses["default"] == {"$ref": "#/components/responses/DEFAULT_ERROR"}
        assert list(responses["200"]["content"]) == [
            "application/json", "text/plain", "text/markdown", "text/html"]
        assert responses["200"]["content"]["application/json"]["schema"] == {
            "$ref": f"#/components/schemas/{name}Response"}
    assert operations["post"]["requestBody"] == {"required": True, "content": {
        "application/json": {"schema": {"$ref": f"#/components/schemas/{name}Args"}}}}
    # The query's parameters are the body's fields, one by one.
    body = _resolve(document, {"$ref": f"#/components/schemas/{name}Args"})
    assert [p["name"] for p in operations["get"]["parameters"]] == list(body["properties"])


def test_no_view_is_documented_through_flask_smorests_private_record() -> None:
    from pathlib import Path

    api = Path(__file__).resolve().parents[2] / "api"
    assert [str(p) for p in api.rglob("*.py") if "_apidoc" in p.read_text("utf-8")] == []


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
