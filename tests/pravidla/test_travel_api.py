"""``/api/v1/travel`` [Cestování po světě]: GET and POST agree, physical dice, Czech, 422s."""

from __future__ import annotations

import json

import pytest
from flask.testing import FlaskClient

from tests.answers import schema_errors
from tests.pravidla.endpoints import bounds, get_and_post_agree, max_items, refused

INPUTS = {"movement": [6, 5], "terrain": "difficult", "activity": "forage"}


@pytest.mark.parametrize("seed", [1, 7, 2024])
def test_get_and_post_agree_with_a_seed(client: FlaskClient, seed: int) -> None:
    get_and_post_agree(client, "travel", INPUTS, seed)


@pytest.mark.parametrize(("body", "result"), [
    ({"movement": [5], "terrain": "difficult", "forced_march": True, "activity": "forage",
      "dice": [3, 2, 1, 6]},
     {"distance_km": 18.75, "lost": True, "encounter": True,
      "activity": {"kind": "forage", "success": True, "supplies": 6}, "fatigue_gained": 1,
      "visibility_km": 5, "travelling": True, "slowest_movement": 5}),
    ({"activity": "hunt", "dice": [4, 2]},
     {"distance_km": 0, "lost": None, "encounter": False,
      "activity": {"kind": "hunt", "success": False, "supplies": None}, "fatigue_gained": 0,
      "visibility_km": 5, "travelling": False, "slowest_movement": 6}),
])
def test_physical_dice(client: FlaskClient, body: dict[str, object],
                       result: dict[str, object]) -> None:
    payload = client.post("/api/v1/travel", json=body).get_json()
    assert {key: value for key, value in payload["result"].items() if key in result} == result
    assert payload["chance"] == pytest.approx(2 / 3)
    assert [r["results"] for r in payload["rolls"]] == [[d] for d in body["dice"]]


def test_czech_text_and_plain_format(client: FlaskClient) -> None:
    response = client.get("/api/v1/travel?movement=5&terrain=difficult&road=true&dice=6"
                          "&format=text")
    assert response.get_data(as_text=True) == (
        "Den cesty: 12,5 km (hybnost 5 × 5, obtížný terén ½). Setkání 1d6 = 6 > 2 → nic.\n"
        "Šance na den bez setkání: 66,7\u00a0%\n")


@pytest.mark.parametrize(("body", "field", "words"), [
    ({"activity": "hunt", "forced_march": True}, "forced_march", "turn 'forced_march' off"),
    ({"activity": "explore", "forced_march": True}, "forced_march", "turn 'forced_march' off"),
    ({"movement": [31]}, "movement", "equal to 1 and less than or equal to 30"),
    ({"movement": []}, "movement", "Length"),
    ({"terrain": "swamp"}, "terrain", "one of"),
])
def test_bad_input_is_a_422_naming_the_field(
    client: FlaskClient, body: dict[str, object], field: str, words: str
) -> None:
    refused(client, "travel", body, field, words)


def test_an_encounter_links_the_encounter_in_the_wilderness(client: FlaskClient) -> None:
    payload = client.get("/api/v1/travel?road=true&dice=1&lang=en").get_json()
    assert payload["result"]["next"] == [{
        "procedure": "encounter", "url": "/api/v1/encounter?location=wilderness",
        "title": "Encounter",
        "missing": []}]
    assert client.get(payload["result"]["next"][0]["url"]).status_code == 200


def test_contradiction_speaks_czech_by_default(client: FlaskClient) -> None:
    payload = client.get("/api/v1/travel?activity=hunt&forced_march=true").get_json()
    assert payload["message"].startswith("Lov zabere celý den")
    assert "vypni „Dnem i nocí (× 1,5, únava +1)“" in payload["message"]
    assert payload["message"].endswith("zvol jednu z možností: žádná, sběr.")


def test_openapi_documents_the_bounds(client: FlaskClient) -> None:
    assert bounds(client, "TravelArgs", "movement") == (1, 30)
    assert max_items(client, "TravelArgs", "movement") == 100


GROUPS = [{"group": "Ota", "activity": "lov"}, {"group": "Eva", "activity": "sber"}]


def test_groups_activities_by_get_and_post(client: FlaskClient) -> None:
    by_post = client.post("/api/v1/travel", json={"activities": GROUPS, "dice": [3, 1, 2, 4]})
    by_get = client.get("/api/v1/travel", query_string={
        "activities": json.dumps(GROUPS), "dice": "3,1,2,4"})
    assert by_post.status_code == by_get.status_code == 200
    body = by_post.get_json()
    assert by_get.get_json() == body
    assert schema_errors(body) == {}
    assert body["input"]["activities"] == [{"group": "Ota", "activity": "hunt"},
                                           {"group": "Eva", "activity": "forage"}]
    assert body["result"]["activities"] == [
        {"group": "Ota", "kind": "hunt", "success": True, "supplies": None},
        {"group": "Eva", "kind": "forage", "success": True, "supplies": 4}]
    assert body["result"]["travelling"] is False
    assert body["rule"] == {"title": "Simultánní aktivity",
                            "url": "/pravidla/cestovani-po-svete/#simultanni-aktivity"}


def test_one_activity_answers_as_before_with_no_groups(client: FlaskClient) -> None:
    body = client.get("/api/v1/travel?activity=hunt&dice=4,2").get_json()
    assert "activities" not in body["input"] and body["result"]["activities"] == []


@pytest.mark.parametrize(("body", "field", "words"), [
    ({"activities": GROUPS, "activity": "forage"}, "activities", "not both"),
    ({"activities": []}, "activities", "Length"),
    ({"activities": [{"group": "Ota", "activity": "fish"}]}, "activities", "one of"),
    ({"activities": [{"group": "Ota", "activity": "hunt"}] * 2}, "activities", "twice"),
    ({"activities": GROUPS, "forced_march": True}, "forced_march", "forage only"),
])
def test_groups_that_break_the_rule_are_a_422(
    client: FlaskClient, body: dict[str, object], field: str, words: str
) -> None:
    refused(client, "travel", body, field, words)
