"""The endpoints of checks and attacks: GET and POST agree, bad input is a 422 naming the field."""

from __future__ import annotations

import json

import pytest
from flask.testing import FlaskClient

from tests.api.test_conventions import query

PROCEDURES = {
    "skill-check": {"modifier": 2, "difficulty": "tezka", "advantage": True},
    "saving-throw": {"target": 14, "against": "magic", "modifier": 1, "fatigue": 1},
    "magic-items": {"target": 12, "items": [{"name": "Meč +2", "bonus": 2}, {"name": "Prsten"}]},
    "chance": {"x": 2, "y": 6},
    "trap": {},
    "wandering-monsters": {"x": 2},
    "attack": {"ac": 14, "bonus": 4, "damage": "1d8+2", "improvised": True},
}


def _query(inputs: dict[str, object]) -> dict[str, str]:
    objects = {k: json.dumps(v) for k, v in inputs.items() if k == "items"}
    return {**query({k: v for k, v in inputs.items() if k != "items"}), **objects}


@pytest.mark.parametrize(("path", "inputs"), PROCEDURES.items())
@pytest.mark.parametrize("seed", [1, 7, 2024])
def test_get_and_post_agree_with_a_seed(
    client: FlaskClient, path: str, inputs: dict[str, object], seed: int
) -> None:
    by_post = client.post(f"/api/v1/{path}", json={**inputs, "seed": seed})
    by_get = client.get(f"/api/v1/{path}", query_string=_query({**inputs, "seed": seed}))
    assert by_post.status_code == by_get.status_code == 200
    assert by_post.get_json() == by_get.get_json()
    body = by_post.get_json()
    assert (body["procedure"], body["seed"]) == (path, seed)
    assert body["rolls"] and body["text"]
    assert body["rule"]["url"].startswith("/pravidla/")


@pytest.mark.parametrize(("path", "body", "result", "chance"), [
    ("skill-check", {"modifier": 3, "dice": [7]},
     {"natural": 7, "total": 10, "dc": 10, "success": True, "critical": None,
      "difficulty": "stredni"}, 0.7),
    ("skill-check", {"untrained": True, "dice": [1]},
     {"natural": 1, "total": 1, "dc": 20, "success": False, "critical": "failure",
      "difficulty": "velmi-tezka"}, 0.05),
    ("saving-throw", {"target": 15, "dice": [3, 16], "advantage": True},
     {"natural": 16, "total": 16, "target": 15, "success": True, "critical": None,
      "against": "other"}, 0.51),
    ("chance", {"percent": 25, "dice": [26]}, {"roll": 26, "success": False, "x": 25, "y": 100},
     0.25),
    ("trap", {"dice": [2]}, {"roll": 2, "success": True, "x": 2, "y": 6}, 1 / 3),
    ("wandering-monsters", {"dice": [2]}, {"roll": 2, "success": False, "x": 1, "y": 6}, 1 / 6),
])
def test_physical_dice(
    client: FlaskClient, path: str, body: dict[str, object], result: dict[str, object],
    chance: float,
) -> None:
    answer = client.post(f"/api/v1/{path}", json=body).get_json()
    assert answer["result"] == {**result, "next": []}
    assert answer["chance"] == pytest.approx(chance)
    assert answer["seed"] is None


def test_magic_items_by_get_as_one_json_parameter(client: FlaskClient) -> None:
    items = json.dumps([{"name": "Hůl", "bonus": 1}, {"name": "Plášť"}])
    answer = client.get("/api/v1/magic-items", query_string={
        "target": 11, "items": items, "dice": "10,10", "lang": "en"}).get_json()
    assert [(i["name"], i["total"], i["survives"]) for i in answer["result"]["items"]] == [
        ("Hůl", 11, True), ("Plášť", 10, False)]
    assert answer["result"]["survived"] == 1
    assert answer["chance"] is None
    assert answer["text"].endswith("1 of 2 survive.")


def test_attack_with_physical_dice(client: FlaskClient) -> None:
    answer = client.post("/api/v1/attack", json={
        "ac": 12, "damage": "1d6", "improvised": True, "dice": [15, 5, 2], "lang": "en"}
    ).get_json()
    assert [r["label"] for r in answer["rolls"]] == ["attack", "damage", "damage-second"]
    result = answer["result"]
    assert (result["hit"], result["critical"], result["damage"]) == (True, False, 2)
    assert result["modifiers"] == [{"source": "bonus", "value": 0}]
    assert answer["chance"] == pytest.approx(0.45)


def test_attack_against_full_cover_needs_no_dice(client: FlaskClient) -> None:
    answer = client.post("/api/v1/attack", json={
        "ac": 12, "damage": "1d6", "ranged": True, "full_cover": True, "dice": []})
    assert answer.status_code == 200
    body = answer.get_json()
    assert (body["rolls"], body["chance"], body["result"]["hit"]) == ([], 0.0, False)


def test_attack_needs_its_damage_dice_only_on_a_hit(client: FlaskClient) -> None:
    missing = client.post("/api/v1/attack", json={
        "ac": 12, "damage": "1d6", "dice": [15], "lang": "en"}).get_json()
    assert "needs a d6 for 'damage'" in missing["message"]
    miss = client.post("/api/v1/attack", json={"ac": 12, "damage": "1d6", "dice": [5]})
    assert miss.status_code == 200 and miss.get_json()["result"]["damage"] == 0


@pytest.mark.parametrize(("path", "body", "field"), [
    ("skill-check", {"dc": 12, "difficulty": "tezka"}, "dc"),
    ("skill-check", {"dc": 12, "untrained": True}, "dc"),
    ("skill-check", {"dc": 41}, "dc"),
    ("skill-check", {"difficulty": "extremni"}, "difficulty"),
    ("skill-check", {"modifier": 21}, "modifier"),
    ("skill-check", {"fatigue": 51}, "fatigue"),
    ("saving-throw", {}, "target"),
    ("saving-throw", {"target": 31}, "target"),
    ("saving-throw", {"target": 10, "against": "fire"}, "against"),
    ("magic-items", {"target": 10, "items": []}, "items"),
    ("magic-items", {"target": 10, "items": [{"name": "x"}] * 51}, "items"),
    ("magic-items", {"target": 10, "items": [{"name": "x" * 41}]}, "items"),
    ("magic-items", {"target": 10, "items": [{"name": "x", "bonus": 21}]}, "items"),
    ("magic-items", {"target": 10, "items": [{"name": "x", "power": 1}]}, "items"),
    ("magic-items", {"target": 10}, "items"),
    ("chance", {"percent": 20, "x": 2}, "percent"),
    ("chance", {"percent": 20, "y": 10}, "percent"),
    ("chance", {"percent": 101}, "percent"),
    ("chance", {"x": 7, "y": 6}, "x"),
    ("trap", {"y": 1}, "y"),
    ("trap", {"y": 101}, "y"),
    ("wandering-monsters", {"x": 0}, "x"),
    ("attack", {"damage": "1d8"}, "ac"),
    ("attack", {"ac": 10}, "damage"),
    ("attack", {"ac": 10, "damage": "1d8+"}, "damage"),
    ("attack", {"ac": 10, "damage": "x" * 101}, "damage"),
    ("attack", {"ac": 10, "damage": "1d8", "cover": 2}, "cover"),
    ("attack", {"ac": 10, "damage": "1d8", "full_cover": True}, "full_cover"),
    ("attack", {"ac": 10, "damage": "1d8", "ranged": True, "cover": 5}, "cover"),
    ("attack", {"ac": 41, "damage": "1d8"}, "ac"),
    ("attack", {"ac": 10, "damage": "1d8", "defense": "fire"}, "defense"),
])
def test_bad_input_is_a_422_naming_the_field(
    client: FlaskClient, path: str, body: dict[str, object], field: str
) -> None:
    response = client.post(f"/api/v1/{path}", json=body)
    assert response.status_code == 422
    payload = response.get_json()
    assert field in payload["errors"]
    assert payload["message"]


def test_contradictions_say_what_to_change_in_both_languages(client: FlaskClient) -> None:
    czech = client.get("/api/v1/skill-check?dc=12&difficulty=tezka").get_json()
    assert czech["message"] == "Zadej buď 'dc' (12), nebo 'difficulty' (tezka), ne obojí."
    english = client.get("/api/v1/chance?percent=20&x=2&lang=en").get_json()
    assert english["message"] == "Give either 'percent' or 'x' and 'y', not both."
    melee = client.get("/api/v1/attack?ac=10&damage=1d8&cover=1&lang=en").get_json()
    assert "Cover adds to AC against missiles only" in melee["message"]


def test_openapi_lists_each_endpoint_with_its_bounds(client: FlaskClient) -> None:
    document = client.get("/api/v1/openapi.json").get_json()
    for path in PROCEDURES:
        assert {"get", "post"} <= set(document["paths"][f"/api/v1/{path}"])
    schemas = document["components"]["schemas"]
    bounds = {
        ("SkillCheckArgs", "dc"): (1, 40),
        ("SkillCheckArgs", "modifier"): (-20, 20),
        ("SkillCheckArgs", "fatigue"): (0, 50),
        ("SavingThrowArgs", "target"): (1, 30),
        ("MagicItemsArgs", "target"): (1, 30),
        ("ChanceArgs", "percent"): (1, 100),
        ("ChanceArgs", "y"): (2, 100),
        ("TrapArgs", "x"): (1, 100),
        ("WanderingMonstersArgs", "y"): (2, 100),
        ("AttackArgs", "ac"): (0, 40),
        ("AttackArgs", "cover"): (0, 4),
        ("AttackArgs", "bonus"): (-20, 20),
    }
    for (schema, field), (low, high) in bounds.items():
        spec = schemas[schema]["properties"][field]
        assert (spec["minimum"], spec["maximum"]) == (low, high), (schema, field)
    items = schemas["MagicItemsArgs"]["properties"]["items"]
    assert (items["minItems"], items["maxItems"]) == (1, 50)
    assert schemas["AttackArgs"]["properties"]["damage"]["maxLength"] == 100
    assert schemas["SkillCheckArgs"]["properties"]["difficulty"]["enum"] == [
        "lehka", "stredni", "tezka", "velmi-tezka"]
    # `damage` is optional since an unarmed attack ([Neozbrojený boj]) has none; the engine
    # answers a missing one with a 422 naming it.
    assert set(schemas["AttackArgs"]["required"]) == {"ac"}
