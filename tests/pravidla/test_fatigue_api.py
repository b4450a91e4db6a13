"""``/api/v1/fatigue`` [Únava]: GET and POST agree, physical dice, 422s."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from tests.pravidla.endpoints import bounds, get_and_post_agree, max_items, refused

INPUTS = {"level": 6, "reasons": ["no-sleep", "illness"], "save_target": 12, "modifier": 1}


@pytest.mark.parametrize("seed", [1, 7, 2024])
def test_get_and_post_agree_with_a_seed(client: FlaskClient, seed: int) -> None:
    get_and_post_agree(client, "fatigue", INPUTS, seed)


def test_physical_dice(client: FlaskClient) -> None:
    payload = client.post("/api/v1/fatigue", json={
        "level": 7, "save_target": 10, "dice": [17]}).get_json()
    assert payload["result"] == {
        "level": 7, "penalty": 7, "death_save_required": True, "dies": False,
        "recovery_days": 7, "natural": 17, "save_total": 10, "next": []}
    assert payload["chance"] == pytest.approx(0.2)


def test_the_reasons_are_accepted_in_the_rules_words(client: FlaskClient) -> None:
    payload = client.get("/api/v1/fatigue?level=1&reasons=bez spánku,nemoc,Bez spanku").get_json()
    assert payload["input"]["reasons"] == ["no-sleep", "illness", "no-sleep"]
    assert payload["result"]["level"] == 4


@pytest.mark.parametrize(("body", "field", "words"), [
    ({"level": 51}, "level", "equal to 0 and less than or equal to 50"),
    ({"level": 1, "reasons": ["tired"]}, "reasons", "one of"),
    ({"level": 1, "save_target": 31}, "save_target", "equal to 1 and less than or equal to 30"),
])
def test_bad_input_is_a_422_naming_the_field(
    client: FlaskClient, body: dict[str, object], field: str, words: str
) -> None:
    refused(client, "fatigue", body, field, words)


def test_openapi_documents_the_bounds(client: FlaskClient) -> None:
    assert bounds(client, "FatigueArgs", "level") == (0, 50)
    assert bounds(client, "FatigueArgs", "save_target") == (1, 30)
    assert bounds(client, "FatigueArgs", "modifier") == (-20, 20)
    assert max_items(client, "FatigueArgs", "reasons") == 100


def test_a_save_due_without_a_target_links_the_saving_throw(client: FlaskClient) -> None:
    payload = client.get("/api/v1/fatigue?level=6&reasons=ritual&modifier=2&lang=en").get_json()
    step, = payload["result"]["next"]
    assert step == {"procedure": "saving-throw",
                    "url": "/api/v1/saving-throw?against=death&modifier=2&fatigue=7",
                    "title": "Saving throw", "missing": ["target"]}
    assert client.get(step["url"]).status_code == 422  # the save's target is still missing
    thrown = client.get(step["url"] + "&target=12&dice=19").get_json()
    rolled = client.get("/api/v1/fatigue?level=6&reasons=ritual&modifier=2&save_target=12"
                        "&dice=19").get_json()
    assert thrown["result"]["success"] is (rolled["result"]["dies"] is False)
    assert thrown["chance"] == rolled["chance"]


def test_hungry_days_in_the_input(client: FlaskClient) -> None:
    payload = client.get("/api/v1/fatigue?level=1&hungry_days=2&hunger_points=2").get_json()
    assert payload["input"] == {"level": 1, "reasons": [], "hungry_days": 2, "hunger_points": 2,
                                "in_civilization": False, "modifier": 0}
    assert payload["result"]["level"] == 5
