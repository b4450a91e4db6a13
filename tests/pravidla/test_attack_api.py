"""``attack`` over HTTP: GET and POST agree with a seed, physical dice are consumed as the rule
rolls them, a bad or contradictory input is a 422 quoting the rule and naming the field, and the
OpenAPI document bounds every input."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from tests.answers import schema_errors
from tests.pravidla.over_http import bounds, get_and_post_agree, input_schema, refused

OTHER_COMBAT = "/pravidla/ostatni-bojove-situace/#ostatni-bojove-situace"


@pytest.mark.parametrize("inputs", [
    {"ac": 14, "bonus": 4, "damage": "1d8+2", "improvised": True},
    {"ac": 12, "damage": "1d8+1", "two_weapons": True, "target_prone": True,
     "attacker_prone": True, "subdual": True},
    {"ac": 12, "unarmed": True, "strength_modifier": 2, "target_blind": True},
    {"ac": 12, "damage": "1d6", "underwater": True, "weapon": "slashing"},
    {"ac": 12, "damage": "2d6", "helpless": True},
    {"ac": 12, "damage": "1d6", "ranged": True, "unstable": True},
])
@pytest.mark.parametrize("seed", [1, 7, 2024])
def test_get_and_post_agree_with_a_seed(
    client: FlaskClient, inputs: dict[str, object], seed: int
) -> None:
    body = get_and_post_agree(client, "attack", inputs, seed)
    assert body["rolls"] and body["text"]
    assert body["rule"]["url"].startswith("/pravidla/")


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


def test_attack_with_physical_dice_lists_the_cancelled_sources(client: FlaskClient) -> None:
    answer = client.post("/api/v1/attack", json={
        "ac": 10, "damage": "1d6", "target_prone": True, "attacker_blind": True,
        "dice": [12, 4]}).get_json()
    result = answer["result"]
    assert result["dice_mode"] == "normal"
    assert [e["source"] for e in result["edges"]] == ["target_prone", "attacker_blind"]
    assert (result["hit"], result["damage"]) == (True, 4)
    assert answer["rule"]["url"] == OTHER_COMBAT


def test_helpless_needs_only_the_damage_dice(client: FlaskClient) -> None:
    answer = client.post("/api/v1/attack", json={
        "ac": 30, "damage": "1d6", "helpless": True, "dice": [3]}).get_json()
    assert (answer["result"]["natural"], answer["result"]["damage"], answer["chance"]) == (
        None, 3, 1.0)


def test_a_helpless_targets_unused_bonuses_are_listed_as_documented(
    client: FlaskClient,
) -> None:
    answer = client.post("/api/v1/attack", json={
        "ac": 10, "damage": "1d6", "helpless": True, "surrounded": True, "two_weapons": True,
        "dice": [3]}).get_json()
    # two weapons' +1 still adds to the damage, so it is not listed (section 2c)
    assert answer["result"]["not_applied"] == ["surrounded"]
    assert answer["result"]["damage"] == 4
    assert schema_errors(answer) == {}


def test_a_group_over_http(client: FlaskClient) -> None:
    answer = client.post("/api/v1/attack", json={
        "ac": 10, "damage": "1d6", "bonus": 2, "count": 3, "dice": [20, 1, 12, 5]}).get_json()
    result = answer["result"]
    assert [r["damage"] for r in result["each"]] == [6, 0, 5]
    assert result["summary"] == {"count": 3, "successes": 2, "damage": 11}
    assert result["successes_distribution"] == pytest.approx(
        [0.35**3, 3 * 0.65 * 0.35**2, 3 * 0.65**2 * 0.35, 0.65**3])
    assert answer["chance"] == pytest.approx(0.65)
    assert answer["input"]["count"] == 3
    assert schema_errors(answer) == {}


def test_without_count_the_answer_is_one_attacks() -> None:
    from api import create_app

    answer = create_app({"TESTING": True}).test_client().post(
        "/api/v1/attack", json={"ac": 10, "damage": "1d6", "dice": [12, 5]}).get_json()
    assert "count" not in answer["input"]
    assert answer["result"]["damage"] == 5 and "each" not in answer["result"]


@pytest.mark.parametrize(("given", "key"), [
    ("odolnost", "resistance"), ("IMUNITA", "immunity"), ("slabost", "weakness"),
    ("normalni", "normal")])
def test_the_defense_is_also_its_czech_word(client: FlaskClient, given: str, key: str) -> None:
    answer = client.get("/api/v1/attack", query_string={
        "ac": 10, "damage": "1d6", "defense": given, "dice": "12,5"}).get_json()
    assert answer["input"]["defense"] == key


@pytest.mark.parametrize(("body", "field", "quote"), [
    ({"damage": "1d8"}, "ac", ""),
    ({"ac": 10}, "damage", ""),
    ({"ac": 10, "damage": "1d8+"}, "damage", ""),
    ({"ac": 10, "damage": "x" * 101}, "damage", ""),
    ({"ac": 10, "damage": "1d8", "cover": 2}, "cover", ""),
    ({"ac": 10, "damage": "1d8", "full_cover": True}, "full_cover", ""),
    ({"ac": 10, "damage": "1d8", "ranged": True, "cover": 5}, "cover", ""),
    ({"ac": 41, "damage": "1d8"}, "ac", ""),
    ({"ac": 10, "damage": "1d8", "defense": "fire"}, "defense", ""),
    ({"ac": 10, "damage": "1d6", "ranged": True, "attacker_blind": True},
     "attacker_blind", "„Útoky na dálku nejsou možné.“"),
    ({"ac": 10, "damage": "1d6", "ranged": True, "underwater": True, "weapon": "piercing"},
     "underwater", "pod vodní hladinou"),
    ({"ac": 10, "damage": "1d6", "ranged": True, "two_weapons": True},
     "two_weapons", "obě zbraně na blízku"),
    ({"ac": 10, "damage": "1d6", "ranged": True, "full_cover": True, "helpless": True},
     "helpless", "kompletně schované"),
    ({"ac": 10, "unarmed": True, "damage": "1d6"}, "damage", "Neozbrojený útok"),
    ({"ac": 10, "damage": "1d6", "strength_modifier": 21}, "strength_modifier", ""),
    ({"ac": 10, "damage": "1d6", "weapon": "axe"}, "weapon", ""),
    ({"ac": 10, "damage": "1d6", "count": 0}, "count", ""),
    ({"ac": 10, "damage": "1d6", "count": 51}, "count", ""),
])
def test_bad_input_is_a_422_naming_the_field(
    client: FlaskClient, body: dict[str, object], field: str, quote: str
) -> None:
    assert quote in refused(client, "attack", body, field)["message"]


def test_a_contradiction_says_what_to_change(client: FlaskClient) -> None:
    melee = client.get("/api/v1/attack?ac=10&damage=1d8&cover=1&lang=en").get_json()
    assert "Cover adds to AC against missiles only" in melee["message"]


def test_openapi_documents_every_input_with_its_bounds(client: FlaskClient) -> None:
    schema = input_schema(client, "attack")
    properties = schema["properties"]
    assert bounds(schema, "ac") == (0, 40)
    assert bounds(schema, "cover") == (0, 4)
    assert bounds(schema, "bonus") == (-20, 20)
    assert bounds(schema, "strength_modifier") == (-20, 20)
    assert bounds(schema, "count") == (1, 50)
    assert "default" not in properties["count"]
    assert properties["damage"]["maxLength"] == 100
    assert properties["weapon"]["enum"] == ["piercing", "blunt", "slashing"]
    for flag in ("two_weapons", "unarmed", "target_unarmed", "untrained", "attacker_prone",
                 "target_prone", "attacker_blind", "target_blind", "unstable", "underwater",
                 "helpless", "subdual"):
        assert properties[flag]["description"], flag
    # `damage` is optional since an unarmed attack ([Neozbrojený boj]) has none; the engine
    # answers a missing one with a 422 naming it.
    assert set(schema["required"]) == {"ac"}
