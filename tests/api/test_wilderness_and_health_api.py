"""The wilderness and health endpoints: GET and POST agree, physical dice replay, bad input 422."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from tests.answers import schema_errors
from tests.api.test_conventions import query

PROCEDURES = {
    "camping": {"bonuses": ["food", "food", "water"], "covered": ["shelter"], "supplies": 4,
                "travelers": 2},
    "travel": {"movement": [6, 5], "terrain": "difficult", "activity": "forage"},
    "fast-travel": {"days": 8, "travelers": 3, "supplies": 20},
    "fatigue": {"level": 6, "reasons": ["no-sleep", "illness"], "save_target": 12,
                "modifier": 1},
    "death-save": {"hours_since_death": 3.5, "give_up_skill_points": True},
    "healing": {"hp": 3, "max_hp": 20, "nights": 2, "magic": 4},
}

@pytest.mark.parametrize(("path", "inputs"), PROCEDURES.items())
@pytest.mark.parametrize("seed", [1, 7, 2024])
def test_get_and_post_agree_with_a_seed(
    client: FlaskClient, path: str, inputs: dict[str, object], seed: int
) -> None:
    by_post = client.post(f"/api/v1/{path}", json={**inputs, "seed": seed})
    by_get = client.get(f"/api/v1/{path}", query_string=query({**inputs, "seed": seed}))
    assert by_post.status_code == by_get.status_code == 200
    assert by_post.get_json() == by_get.get_json()
    body = by_post.get_json()
    assert (body["procedure"], body["seed"]) == (path, seed)
    assert body["text"] and body["rule"]["url"].startswith("/pravidla/")
    assert schema_errors(body) == {}
    assert client.post(f"/api/v1/{path}", json={**inputs, "seed": seed}).get_json() == body


@pytest.mark.parametrize(("path", "body", "result", "chance"), [
    ("camping", {"bonuses": ["water"], "supplies": 5, "travelers": 3, "dice": [5, 2, 3]},
     {"needs": [
         {"need": "food", "roll": 5, "bonus": 0, "met": True, "covered": False},
         {"need": "water", "roll": 2, "bonus": 1, "met": False, "covered": False},
         {"need": "shelter", "roll": 3, "bonus": 0, "met": False, "covered": False}],
      "failures": 2, "supplies_used": 3, "supplies_left": 2, "fatigue_gained": 1},
     1 / 2 * 2 / 3 * 1 / 2),
    ("camping", {"location": "dungeon", "covered": ["water"], "dice": []},
     {"needs": [
         {"need": "food", "roll": None, "bonus": 0, "met": False, "covered": False},
         {"need": "water", "roll": None, "bonus": 0, "met": True, "covered": True},
         {"need": "shelter", "roll": None, "bonus": 0, "met": False, "covered": False}],
      "failures": 2, "supplies_used": 0, "supplies_left": 0, "fatigue_gained": 2}, 0),
    ("travel", {"movement": [5], "terrain": "difficult", "forced_march": True,
                "activity": "forage", "dice": [3, 2, 1, 6]},
     {"distance_km": 18.75, "lost": True, "encounter": True,
      "activity": {"kind": "forage", "success": True, "supplies": 6}, "fatigue_gained": 1,
      "visibility_km": 5, "travelling": True, "slowest_movement": 5}, 2 / 3),
    ("travel", {"activity": "hunt", "dice": [4, 2]},
     {"distance_km": 0, "lost": None, "encounter": False,
      "activity": {"kind": "hunt", "success": False, "supplies": None}, "fatigue_gained": 0,
      "visibility_km": 5, "travelling": False, "slowest_movement": 6}, 2 / 3),
    ("fast-travel", {"days": 6, "travelers": 2, "supplies": 10, "dice": [4]},
     {"supplies_needed": 12, "supplies_used": 10, "supplies_left": 0, "summary_damage": 2,
      "encounters": 4}, None),
    ("fatigue", {"level": 7, "save_target": 10, "dice": [17]},
     {"level": 7, "penalty": 7, "death_save_required": True, "dies": False,
      "recovery_days": 7, "natural": 17, "save_total": 10}, 0.2),
    ("death-save", {"dice": [2, 4]},
     {"alive": True, "hp": 1, "unconscious_shifts": 4, "fatigue_gained": 1,
      "reason": "survived", "skill_points_lost": 0}, 0.5),
    ("death-save", {"poisoned": True, "dice": []},
     {"alive": False, "hp": 0, "unconscious_shifts": None, "fatigue_gained": 0,
      "reason": "poisoned", "skill_points_lost": 0}, 0),
    ("healing", {"hp": 3, "max_hp": 8, "nights": 3, "magic": 4, "dice": []},
     {"hp": 8, "healed": 5, "natural_healing": 6, "magic_healing": 4, "at_max": True}, None),
])
def test_physical_dice(
    client: FlaskClient, path: str, body: dict[str, object], result: dict[str, object],
    chance: float | None,
) -> None:
    response = client.post(f"/api/v1/{path}", json=body)
    assert response.status_code == 200, response.get_json()
    payload = response.get_json()
    assert payload["result"] == {**result, "next": []}
    assert payload["chance"] == (None if chance is None else pytest.approx(chance))
    assert payload["seed"] is None
    assert [r["results"] for r in payload["rolls"]] == [[d] for d in body["dice"]]


def test_czech_text_and_plain_format(client: FlaskClient) -> None:
    response = client.get("/api/v1/travel?movement=5&terrain=difficult&road=true&dice=6"
                          "&format=text")
    assert response.get_data(as_text=True) == (
        "Den cesty: 12,5 km (hybnost 5 × 5, obtížný terén ½). Setkání 1d6 = 6 → nic.\n"
        "Šance na den bez setkání: 66,7 %\n")


@pytest.mark.parametrize(("path", "body", "field", "words"), [
    ("travel", {"activity": "hunt", "forced_march": True}, "forced_march",
     "turn 'forced_march' off"),
    ("travel", {"activity": "explore", "forced_march": True}, "forced_march",
     "turn 'forced_march' off"),
    ("travel", {"movement": [31]}, "movement", "equal to 1 and less than or equal to 30"),
    ("travel", {"movement": []}, "movement", "Length"),
    ("travel", {"terrain": "swamp"}, "terrain", "one of"),
    ("camping", {"bonuses": ["beer"]}, "bonuses", "one of"),
    ("camping", {"travelers": 0}, "travelers", "equal to 1 and less than or equal to 100"),
    ("camping", {"supplies": 100_001}, "supplies", "equal to 0 and less than or equal to 100000"),
    ("fast-travel", {}, "days", "Missing"),
    ("fast-travel", {"days": 366}, "days", "equal to 1 and less than or equal to 365"),
    ("fatigue", {"level": 51}, "level", "equal to 0 and less than or equal to 50"),
    ("fatigue", {"level": 1, "reasons": ["tired"]}, "reasons", "one of"),
    ("fatigue", {"level": 1, "save_target": 31}, "save_target",
     "equal to 1 and less than or equal to 30"),
    ("death-save", {"healed_to_max_since": True}, "healed_to_max_since",
     "turn 'died_before' on"),
    ("death-save", {"hours_since_death": -1}, "hours_since_death", "greater than or equal"),
    ("healing", {"hp": 9, "max_hp": 8}, "hp", "cannot exceed 'max_hp'"),
    ("healing", {"hp": 1}, "max_hp", "Missing"),
    ("healing", {"hp": 1, "max_hp": 8, "nights": True}, "nights", "integer"),
])
def test_bad_input_is_a_422_naming_the_field(
    client: FlaskClient, path: str, body: dict[str, object], field: str, words: str
) -> None:
    response = client.post(f"/api/v1/{path}", json={**body, "lang": "en"})
    assert response.status_code == 422
    payload = response.get_json()
    assert field in payload["errors"]
    assert words in str(payload["errors"][field])


def test_contradiction_speaks_czech_by_default(client: FlaskClient) -> None:
    payload = client.get("/api/v1/travel?activity=hunt&forced_march=true").get_json()
    assert payload["message"].startswith("Lov zabere celý den")
    assert "vypni 'forced_march'" in payload["message"]


def test_too_few_dice_name_the_die_needed(client: FlaskClient) -> None:
    payload = client.post("/api/v1/camping", json={"dice": [4, 4], "lang": "en"}).get_json()
    assert "needs a d6 for 'shelter'" in payload["message"]


@pytest.mark.parametrize(("schema", "field", "bounds"), [
    ("CampingArgs", "travelers", (1, 100)),
    ("CampingArgs", "supplies", (0, 100_000)),
    ("TravelArgs", "movement", (1, 30)),
    ("FastTravelArgs", "days", (1, 365)),
    ("FastTravelArgs", "travelers", (1, 100)),
    ("FatigueArgs", "level", (0, 50)),
    ("FatigueArgs", "save_target", (1, 30)),
    ("FatigueArgs", "modifier", (-20, 20)),
    ("DeathSaveArgs", "hours_since_death", (0, 100_000)),
    ("DeathSaveArgs", "healed", (0, 100_000)),
    ("HealingArgs", "hp", (0, 100_000)),
    ("HealingArgs", "max_hp", (1, 100_000)),
])
def test_openapi_lists_every_endpoint_with_its_bounds(
    client: FlaskClient, schema: str, field: str, bounds: tuple[int, int]
) -> None:
    document = client.get("/api/v1/openapi.json").get_json()
    for path in PROCEDURES:
        assert {"get", "post"} <= set(document["paths"][f"/api/v1/{path}"])
    prop = document["components"]["schemas"][schema]["properties"][field]
    if prop.get("type") == "array":
        prop = prop["items"]
    assert (prop["minimum"], prop["maximum"]) == bounds


@pytest.mark.parametrize(("schema", "field", "items"), [
    ("CampingArgs", "bonuses", 100), ("CampingArgs", "covered", 3), ("TravelArgs", "movement", 100),
    ("FatigueArgs", "reasons", 100),
])
def test_openapi_bounds_lists(client: FlaskClient, schema: str, field: str, items: int) -> None:
    document = client.get("/api/v1/openapi.json").get_json()
    assert document["components"]["schemas"][schema]["properties"][field]["maxItems"] == items
