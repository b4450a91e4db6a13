"""``/api/v1/healing`` [Přirozené léčení]: GET and POST agree, 422s."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from tests.pravidla.endpoints import bounds, get_and_post_agree, refused


@pytest.mark.parametrize("seed", [1, 7, 2024])
def test_get_and_post_agree_with_a_seed(client: FlaskClient, seed: int) -> None:
    get_and_post_agree(client, "healing", {"hp": 3, "max_hp": 20, "nights": 2, "magic": 4}, seed)


def test_no_dice(client: FlaskClient) -> None:
    payload = client.post("/api/v1/healing", json={
        "hp": 3, "max_hp": 8, "nights": 3, "magic": 4, "dice": []}).get_json()
    assert payload["result"] == {"hp": 8, "healed": 5, "natural_healing": 6, "magic_healing": 4,
                                 "at_max": True, "next": []}
    assert (payload["chance"], payload["rolls"]) == (None, [])


@pytest.mark.parametrize(("body", "field", "words"), [
    ({"hp": 9, "max_hp": 8}, "hp", "cannot exceed 'max_hp'"),
    ({"hp": 0, "max_hp": 8}, "hp", "“A monster or player whose hit points are reduced to 0 or "
                                   "less is considered dead.”"),
    ({"hp": -3, "max_hp": 8}, "hp", "'hp' is −3:"),
    ({"hp": 1}, "max_hp", "Missing"),
    ({"hp": 1, "max_hp": 8, "nights": True}, "nights", "integer"),
])
def test_bad_input_is_a_422_naming_the_field(
    client: FlaskClient, body: dict[str, object], field: str, words: str
) -> None:
    refused(client, "healing", body, field, words)


def test_a_dead_character_is_refused_in_czech_quoting_the_rule(client: FlaskClient) -> None:
    payload = client.get("/api/v1/healing?hp=0&max_hp=8&nights=2").get_json()
    assert payload["code"] == 422
    assert "„Monstrum nebo hráč jehož životy jsou zredukovány na 0 nebo méně, je považováno za " \
           "mrtvé.“" in payload["errors"]["hp"][0]


def test_openapi_documents_the_bounds(client: FlaskClient) -> None:
    # Negative hit points are accepted, to be refused by the rule that quotes why.
    assert bounds(client, "HealingArgs", "hp") == (-100_000, 100_000)
    assert bounds(client, "HealingArgs", "max_hp") == (1, 100_000)
