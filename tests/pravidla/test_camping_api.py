"""``/api/v1/camping`` [Přenocování v divočině]: GET and POST agree, physical dice, 422s."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from tests.pravidla.endpoints import bounds, get_and_post_agree, max_items, refused

INPUTS = {"bonuses": ["food", "food", "water"], "covered": ["shelter"], "supplies": 4,
          "travelers": 2}


@pytest.mark.parametrize("seed", [1, 7, 2024])
def test_get_and_post_agree_with_a_seed(client: FlaskClient, seed: int) -> None:
    get_and_post_agree(client, "camping", INPUTS, seed)


@pytest.mark.parametrize(("body", "result", "chance"), [
    ({"bonuses": ["water"], "supplies": 5, "travelers": 3, "dice": [5, 2, 3]},
     {"needs": [
         {"need": "food", "roll": 5, "bonus": 0, "met": True, "covered": False},
         {"need": "water", "roll": 2, "bonus": 1, "met": False, "covered": False},
         {"need": "shelter", "roll": 3, "bonus": 0, "met": False, "covered": False}],
      "failures": 2, "supplies_used": 3, "supplies_left": 2, "fatigue_gained": 1},
     1 / 2 * 2 / 3 * 1 / 2),
    ({"location": "dungeon", "covered": ["water"], "dice": []},
     {"needs": [
         {"need": "food", "roll": None, "bonus": 0, "met": False, "covered": False},
         {"need": "water", "roll": None, "bonus": 0, "met": True, "covered": True},
         {"need": "shelter", "roll": None, "bonus": 0, "met": False, "covered": False}],
      "failures": 2, "supplies_used": 0, "supplies_left": 0, "fatigue_gained": 2}, 0),
])
def test_physical_dice(client: FlaskClient, body: dict[str, object],
                       result: dict[str, object], chance: float) -> None:
    payload = client.post("/api/v1/camping", json=body).get_json()
    assert payload["result"] == {**result, "next": []}
    assert payload["chance"] == pytest.approx(chance)
    assert payload["seed"] is None
    assert [r["results"] for r in payload["rolls"]] == [[d] for d in body["dice"]]


def test_the_rules_czech_words_are_accepted(client: FlaskClient) -> None:
    payload = client.get("/api/v1/camping?location=kobka&bonuses=jídlo,voda,útočiště"
                         "&covered=UTOCISTE&dice=").get_json()
    assert payload["input"]["location"] == "dungeon"
    assert payload["input"]["bonuses"] == ["food", "water", "shelter"]
    assert payload["input"]["covered"] == ["shelter"]


@pytest.mark.parametrize(("body", "field", "words"), [
    ({"bonuses": ["beer"]}, "bonuses", "one of"),
    ({"travelers": 0}, "travelers", "equal to 1 and less than or equal to 100"),
    ({"supplies": 100_001}, "supplies", "equal to 0 and less than or equal to 100000"),
])
def test_bad_input_is_a_422_naming_the_field(
    client: FlaskClient, body: dict[str, object], field: str, words: str
) -> None:
    refused(client, "camping", body, field, words)


def test_too_few_dice_name_the_die_needed(client: FlaskClient) -> None:
    payload = client.post("/api/v1/camping", json={"dice": [4, 4], "lang": "en"}).get_json()
    assert "needs a d6 for 'shelter'" in payload["message"]


def test_openapi_documents_the_bounds(client: FlaskClient) -> None:
    assert bounds(client, "CampingArgs", "travelers") == (1, 100)
    assert bounds(client, "CampingArgs", "supplies") == (0, 100_000)
    assert max_items(client, "CampingArgs", "bonuses") == 100
    assert max_items(client, "CampingArgs", "covered") == 3


@pytest.mark.parametrize(("pay", "echoed", "fatigue"), [
    ("fatigue", "fatigue", 2),                      # a way to pay keeps its meaning
    ("vždy únava", "fatigue", 2),
    ("NEJDRIV zasoby", "supplies-first", 1),
    ("fatigue,", ["fatigue"], 1),                   # a list of one choice, then supplies-first
    ("únava,zásoby", ["fatigue", "supplies"], 1),
    ("supplies&pay=fatigue", ["supplies", "fatigue"], 1),
])
def test_pay_is_a_way_or_a_choice_for_each_failure(
    client: FlaskClient, pay: str, echoed: object, fatigue: int
) -> None:
    payload = client.get(f"/api/v1/camping?supplies=2&travelers=2&dice=1,1,6&pay={pay}").get_json()
    assert payload["input"]["pay"] == echoed
    assert payload["result"]["fatigue_gained"] == fatigue


@pytest.mark.parametrize("body", [{"pay": "gold"}, {"pay": ["supplies"] * 4}, {"pay": {"a": 1}}])
def test_a_wrong_way_to_pay_is_the_rules_422(client: FlaskClient, body: dict[str, object]) -> None:
    refused(client, "camping", body, "pay",
            "must be supplies-first / fatigue, or a list of at most 3 choices of: supplies, "
            "fatigue;")
