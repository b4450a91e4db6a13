"""``/api/v1/fast-travel`` [Rychlé cestování]: GET and POST agree, physical dice, 422s."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from tests.pravidla.endpoints import bounds, get_and_post_agree, refused


@pytest.mark.parametrize("seed", [1, 7, 2024])
def test_get_and_post_agree_with_a_seed(client: FlaskClient, seed: int) -> None:
    get_and_post_agree(client, "fast-travel", {"days": 8, "travelers": 3, "supplies": 20}, seed)


def test_physical_dice(client: FlaskClient) -> None:
    payload = client.post("/api/v1/fast-travel", json={
        "days": 6, "travelers": 2, "supplies": 10, "dice": [4]}).get_json()
    assert payload["result"] == {"supplies_needed": 12, "supplies_used": 10, "supplies_left": 0,
                                 "summary_damage": 2, "encounters": 4, "next": []}
    assert (payload["chance"], payload["seed"]) == (None, None)


@pytest.mark.parametrize(("body", "field", "words"), [
    ({}, "days", "Missing"),
    ({"days": 366}, "days", "equal to 1 and less than or equal to 365"),
])
def test_bad_input_is_a_422_naming_the_field(
    client: FlaskClient, body: dict[str, object], field: str, words: str
) -> None:
    refused(client, "fast-travel", body, field, words)


def test_openapi_documents_the_bounds(client: FlaskClient) -> None:
    assert bounds(client, "FastTravelArgs", "days") == (1, 365)
    assert bounds(client, "FastTravelArgs", "travelers") == (1, 100)
