"""The endpoints of initiative, range-zone, surprise, encounter-distance and encounter."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

PROCEDURES: dict[str, dict[str, object]] = {
    "initiative": {"sides": ["hráči", "skřeti", "vlci"], "players": "hráči",
                   "surprised": ["vlci"]},
    "range-zone": {"distance_m": 37.5},
    "surprise": {"sides": ["hráči", "skřeti"], "light": ["skřeti"]},
    "encounter-distance": {"location": "indoors", "surprised": True},
    "encounter": {"sides": ["hráči", "skřeti", "vlci"], "light": ["hráči"],
                  "location": "wilderness", "reaction_modifier": -1},
}


def query(data: dict[str, object]) -> dict[str, str]:
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


@pytest.mark.parametrize(("path", "inputs"), PROCEDURES.items())
def test_get_and_post_agree_and_conform_to_the_documented_schema(
    client: FlaskClient, path: str, inputs: dict[str, object]
) -> None:
    by_post = client.post(f"/api/v1/{path}", json={**inputs, "seed": 2024})
    by_get = client.get(f"/api/v1/{path}", query_string=query({**inputs, "seed": 2024}))
    assert by_post.status_code == by_get.status_code == 200
    body = by_post.get_json()
    assert body == by_get.get_json()
    assert body["procedure"] == path and body["seed"] == 2024 and body["chance"] is None
    document = client.get("/api/v1/openapi.json").get_json()
    schema = document["paths"][f"/api/v1/{path}"]["post"]["responses"]["200"]["content"][
        "application/json"]["schema"]
    conforms(body, schema, document, path)
    for lang in ("cs", "en"):
        conforms(client.post(f"/api/v1/{path}", json={**inputs, "lang": lang}).get_json(),
                 schema, document, path)


def test_lists_in_a_query_string_repeated_or_comma_separated(client: FlaskClient) -> None:
    comma = client.get("/api/v1/initiative?sides=hráči,skřeti&dice=4,4").get_json()
    repeated = client.get(
        "/api/v1/initiative?sides=hráči&sides=skřeti&dice=4&dice=4").get_json()
    assert comma == repeated
    assert comma["input"] == {"sides": ["hráči", "skřeti"], "players": "hráči", "surprised": []}
    assert comma["result"]["order"] == [
        {"side": "hráči", "roll": 4, "tied": True}, {"side": "skřeti", "roll": 4, "tied": True}]


def test_defaults_are_echoed_in_input(client: FlaskClient) -> None:
    body = client.get("/api/v1/encounter?seed=1").get_json()
    assert body["input"] == {"sides": ["hráči", "nepřátelé"], "players": "hráči", "light": [],
                             "location": "wilderness", "reaction_modifier": 0}


def test_encounter_with_physical_dice_in_the_spec_order(client: FlaskClient) -> None:
    dice = [1, 5, 3, 8, 2, 2]  # surprise ×2, distance 1d4, initiative, reaction
    body = client.post("/api/v1/encounter", json={"dice": dice, "lang": "en"}).get_json()
    assert [r["label"] for r in body["rolls"]] == [
        "surprise", "surprise", "distance", "initiative", "reaction"]
    assert [v for r in body["rolls"] for v in r["results"]] == dice
    result = body["result"]
    assert result["surprise"]["effect"] == "some"
    assert result["distance"] == {"distance_m": 30, "zone": "daleko", "zone_name": "Far"}
    assert result["initiative"]["skipped"] == ["hráči"]
    assert result["reactions"][0]["side"] == "nepřátelé"
    assert result["reactions"][0]["band"] == "hostile-may-attack"
    assert body["seed"] is None
    short = client.post("/api/v1/encounter", json={"dice": dice[:-1], "lang": "en"}).get_json()
    assert "needs a d6 for 'reaction'" in short["message"]


def test_range_zone_in_english_and_plain_text(client: FlaskClient) -> None:
    body = client.get("/api/v1/range-zone?distance_m=50.2&lang=en").get_json()
    assert body["result"]["zone"] == "velmi-daleko" and body["result"]["counted_m"] == 51
    assert body["result"]["name"] == "Very far"
    assert body["rolls"] == [] and body["rule"]["url"] == "/pravidla/souboje/#zony-dosahu"
    text = client.get("/api/v1/range-zone?distance_m=3&format=text").get_data(as_text=True)
    assert text.startswith("3 m → Blízko (0–5 m)")


@pytest.mark.parametrize(("path", "body", "field"), [
    ("initiative", {"sides": ["skřeti", "skřeti"]}, "sides"),
    ("initiative", {"sides": ["sami"]}, "sides"),
    ("initiative", {"sides": [str(i) for i in range(11)]}, "sides"),
    ("initiative", {"sides": ["x" * 41, "y"]}, "sides"),
    ("initiative", {"sides": ["", "y"]}, "sides"),
    ("initiative", {"sides": ["a", "b"], "players": "c"}, "players"),
    ("initiative", {"sides": ["a", "b"], "surprised": ["c"]}, "surprised"),
    ("initiative", {"sides": "a,b", "surprised": [1]}, "surprised"),
    ("surprise", {"sides": ["a", "b"], "light": ["pochodeň"]}, "light"),
    ("surprise", {"sides": ["a", "a"]}, "sides"),
    ("encounter-distance", {"location": "moře"}, "location"),
    ("encounter-distance", {"surprised": "možná"}, "surprised"),
    ("range-zone", {"distance_m": -1}, "distance_m"),
    ("range-zone", {"distance_m": 100_001}, "distance_m"),
    ("range-zone", {}, "distance_m"),
    ("encounter", {"sides": ["a", "b"], "players": "c"}, "players"),
    ("encounter", {"sides": ["a", "b"], "light": ["c"]}, "light"),
    ("encounter", {"sides": ["a", "a"]}, "sides"),
    ("encounter", {"reaction_modifier": 7}, "reaction_modifier"),
    ("encounter", {"surprised": ["a"]}, "surprised"),
])
def test_bad_input_is_a_422_naming_the_field(
    client: FlaskClient, path: str, body: dict[str, object], field: str
) -> None:
    response = client.post(f"/api/v1/{path}", json=body)
    assert response.status_code == 422
    payload = response.get_json()
    assert field in payload["errors"]
    assert payload["message"]


def test_duplicate_sides_in_a_query_string_say_what_to_change(client: FlaskClient) -> None:
    payload = client.get("/api/v1/surprise?sides=skřeti,skřeti&lang=en").get_json()
    assert payload["errors"] == {
        "sides": ["Sides need distinct names; 'skřeti' is listed more than once."]}


def test_openapi_lists_each_endpoint_with_its_bounds(client: FlaskClient) -> None:
    document = client.get("/api/v1/openapi.json").get_json()
    for path in PROCEDURES:
        assert {"get", "post"} <= set(document["paths"][f"/api/v1/{path}"])
    schemas = document["components"]["schemas"]
    for name in ("InitiativeArgs", "SurpriseArgs", "EncounterArgs"):
        sides = schemas[name]["properties"]["sides"]
        assert (sides["minItems"], sides["maxItems"]) == (2, 10)
        assert sides["items"]["maxLength"] == 40
    assert schemas["InitiativeArgs"]["properties"]["surprised"]["maxItems"] == 10
    assert schemas["SurpriseArgs"]["properties"]["light"]["maxItems"] == 10
    assert schemas["EncounterArgs"]["properties"]["players"]["maxLength"] == 40
    modifier = schemas["EncounterArgs"]["properties"]["reaction_modifier"]
    assert (modifier["minimum"], modifier["maximum"]) == (-6, 6)
    distance = schemas["RangeZoneArgs"]["properties"]["distance_m"]
    assert (distance["minimum"], distance["maximum"]) == (0, 100_000)
    assert schemas["EncounterDistanceArgs"]["properties"]["location"]["enum"] == [
        "indoors", "wilderness"]


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda children: st.lists(children, max_size=12)
    | st.dictionaries(st.text(max_size=6), children, max_size=3),
    max_leaves=24,
)
fields = st.sampled_from(["sides", "players", "surprised", "light", "location", "surprised",
                          "distance_m", "reaction_modifier", "seed", "dice", "lang"])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(PROCEDURES)), st.dictionaries(fields, json_values, max_size=5))
def test_any_json_answers_200_or_422(app: Flask, path: str, body: dict[str, object]) -> None:
    response = app.test_client().post(f"/api/v1/{path}", json=body)
    assert response.status_code in (200, 422), response.get_data(as_text=True)
    payload = response.get_json()
    if response.status_code == 422:
        assert payload["message"] and payload["errors"]
    else:
        assert payload["procedure"] == path
