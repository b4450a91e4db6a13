"""The attack situations and fast-travel-split over HTTP: GET and POST agree with a seed, a
contradiction is a 422 quoting the rule and naming the field, the OpenAPI document bounds them."""

from __future__ import annotations

import json

import pytest
from flask.testing import FlaskClient

from tests.api.test_conventions import query

SPLIT = {"party": [{"name": "Alena", "hp": 10}, {"name": "Bořek", "hp": 4}], "damage": 9,
         "allocation": {"Alena": 3, "Bořek": 6}}


def _get_query(inputs: dict[str, object]) -> dict[str, str]:
    objects = {k: json.dumps(v) for k, v in inputs.items() if isinstance(v, (dict, list))
               and k in ("party", "allocation")}
    return {**query({k: v for k, v in inputs.items() if k not in objects}), **objects}


@pytest.mark.parametrize(("path", "inputs"), [
    ("attack", {"ac": 12, "damage": "1d8+1", "two_weapons": True, "target_prone": True,
                "attacker_prone": True, "subdual": True}),
    ("attack", {"ac": 12, "unarmed": True, "strength_modifier": 2, "target_blind": True}),
    ("attack", {"ac": 12, "damage": "1d6", "underwater": True, "weapon": "slashing"}),
    ("attack", {"ac": 12, "damage": "2d6", "helpless": True}),
    ("attack", {"ac": 12, "damage": "1d6", "ranged": True, "unstable": True}),
    ("fast-travel-split", SPLIT),
])
@pytest.mark.parametrize("seed", [1, 2024])
def test_get_and_post_agree_with_a_seed(
    client: FlaskClient, path: str, inputs: dict[str, object], seed: int
) -> None:
    by_post = client.post(f"/api/v1/{path}", json={**inputs, "seed": seed})
    by_get = client.get(f"/api/v1/{path}", query_string=_get_query({**inputs, "seed": seed}))
    assert by_post.status_code == by_get.status_code == 200
    assert by_post.get_json() == by_get.get_json()
    assert by_post.get_json()["procedure"] == path


def test_attack_with_physical_dice_lists_the_cancelled_sources(client: FlaskClient) -> None:
    answer = client.post("/api/v1/attack", json={
        "ac": 10, "damage": "1d6", "target_prone": True, "attacker_blind": True,
        "dice": [12, 4]}).get_json()
    result = answer["result"]
    assert result["dice_mode"] == "normal"
    assert [e["source"] for e in result["edges"]] == ["target_prone", "attacker_blind"]
    assert (result["hit"], result["damage"]) == (True, 4)
    assert answer["rule"]["url"] == "/pravidla/ostatni-bojove-situace/#ostatni-bojove-situace"


def test_helpless_needs_only_the_damage_dice(client: FlaskClient) -> None:
    answer = client.post("/api/v1/attack", json={
        "ac": 30, "damage": "1d6", "helpless": True, "dice": [3]}).get_json()
    assert (answer["result"]["natural"], answer["result"]["damage"], answer["chance"]) == (
        None, 3, 1.0)


def test_a_helpless_targets_unused_bonuses_are_listed_as_documented(
    client: FlaskClient,
) -> None:
    from tests.answers import schema_errors

    answer = client.post("/api/v1/attack", json={
        "ac": 10, "damage": "1d6", "helpless": True, "surrounded": True, "two_weapons": True,
        "dice": [3]}).get_json()
    assert set(answer["result"]["not_applied"]) == {"surrounded", "two_weapons"}
    assert schema_errors(answer) == {}


def test_split_answer(client: FlaskClient) -> None:
    answer = client.post("/api/v1/fast-travel-split", json=SPLIT).get_json()
    shares = answer["result"]["characters"]
    assert [(s["hp_left"], s["dies"], s["alternative"]) for s in shares] == [
        (7, False, None), (0, True, {"hp": 1, "fatigue": 3})]
    assert answer["result"]["dead"] == ["Bořek"]
    assert answer["rule"]["url"] == "/pravidla/cestovani-po-svete/#rychle-cestovani"


@pytest.mark.parametrize(("path", "inputs", "field", "quote"), [
    ("attack", {"ac": 10, "damage": "1d6", "ranged": True, "attacker_blind": True},
     "attacker_blind", "„Útoky na dálku nejsou možné.“"),
    ("attack", {"ac": 10, "damage": "1d6", "ranged": True, "underwater": True,
                "weapon": "piercing"}, "underwater", "pod vodní hladinou"),
    ("attack", {"ac": 10, "damage": "1d6", "ranged": True, "two_weapons": True},
     "two_weapons", "obě zbraně na blízku"),
    ("attack", {"ac": 10, "damage": "1d6", "ranged": True, "full_cover": True,
                "helpless": True}, "helpless", "kompletně schované"),
    ("attack", {"ac": 10, "unarmed": True, "damage": "1d6"}, "damage", "Neozbrojený útok"),
    ("attack", {"ac": 10, "damage": "1d6", "strength_modifier": 21}, "strength_modifier", ""),
    ("attack", {"ac": 10, "damage": "1d6", "weapon": "axe"}, "weapon", ""),
    ("fast-travel-split", {**SPLIT, "allocation": {"Alena": 3}}, "allocation",
     "v libovolném poměru mezi sebou"),
    ("fast-travel-split", {**SPLIT, "allocation": {"Zora": 9}}, "allocation", "necestuje"),
    ("fast-travel-split", {**SPLIT, "party": [{"name": "A", "hp": 3}] * 2, "allocation": {}},
     "party", "dvakrát"),
    ("fast-travel-split", {**SPLIT, "party": []}, "party", ""),
    ("fast-travel-split", {**SPLIT, "damage": 100_001}, "damage", ""),
])
def test_bad_input_is_a_422_naming_the_field(
    client: FlaskClient, path: str, inputs: dict[str, object], field: str, quote: str
) -> None:
    answer = client.post(f"/api/v1/{path}", json=inputs)
    assert answer.status_code == 422
    body = answer.get_json()
    assert field in body["errors"]
    assert quote in body["message"]


def test_openapi_lists_the_new_inputs_with_their_bounds(client: FlaskClient) -> None:
    schemas = client.get("/api/v1/openapi.json").get_json()["components"]["schemas"]
    attack_args = schemas["AttackArgs"]["properties"]
    for flag in ("two_weapons", "unarmed", "target_unarmed", "untrained", "attacker_prone",
                 "target_prone", "attacker_blind", "target_blind", "unstable", "underwater",
                 "helpless", "subdual"):
        assert attack_args[flag]["description"], flag
    assert (attack_args["strength_modifier"]["minimum"],
            attack_args["strength_modifier"]["maximum"]) == (-20, 20)
    assert attack_args["weapon"]["enum"] == ["piercing", "blunt", "slashing"]
    split = schemas["FastTravelSplitArgs"]["properties"]
    assert (split["party"]["minItems"], split["party"]["maxItems"]) == (1, 100)
    assert split["damage"]["maximum"] == 100_000
    assert set(schemas["FastTravelSplitArgs"]["required"]) == {"party", "damage"}
