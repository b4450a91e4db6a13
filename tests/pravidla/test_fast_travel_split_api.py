"""``/api/v1/fast-travel-split`` [Rychlé cestování]: JSON in GET and POST, next steps, 422s."""

from __future__ import annotations

import json

import pytest
from flask.testing import FlaskClient

from tests.answers import schema_errors
from tests.pravidla.endpoints import refused

INPUTS = {"party": [{"name": "Eva", "hp": 3}, {"name": "Ota", "hp": 5}], "damage": 6,
          "allocation": {"Eva": 4, "Ota": 2}}


def test_get_with_json_values_and_post_agree(client: FlaskClient) -> None:
    by_post = client.post("/api/v1/fast-travel-split", json=INPUTS)
    by_get = client.get("/api/v1/fast-travel-split", query_string={
        key: json.dumps(value) if not isinstance(value, int) else value
        for key, value in INPUTS.items()})
    assert by_post.status_code == by_get.status_code == 200
    body = by_post.get_json()
    assert {**by_get.get_json(), "seed": None} == {**body, "seed": None}
    assert schema_errors(body) == {}
    assert body["text"] == ("Rozdělení souhrnného poškození 6: Eva 3 − 4 → 0: smrt po cestě, "
                            "nebo místo ní 1 život a 2 body únavy; Ota 5 − 2 = 3.")


def test_a_death_links_the_milder_death(client: FlaskClient) -> None:
    body = client.post("/api/v1/fast-travel-split", json={**INPUTS, "lang": "en"}).get_json()
    assert body["result"]["dead"] == ["Eva"]
    assert body["result"]["next"] == [{"procedure": "death-save", "url": "/api/v1/death-save",
                                       "title": "Milder death", "missing": []}]
    assert client.get(body["result"]["next"][0]["url"]).status_code == 200
    alive = {**INPUTS, "allocation": {"Eva": 2, "Ota": 4}}
    assert client.post("/api/v1/fast-travel-split", json=alive).get_json()["result"]["next"] == []


@pytest.mark.parametrize(("body", "field", "words"), [
    ({**INPUTS, "allocation": {"Eva": 1}}, "allocation", "any proportion"),
    ({**INPUTS, "party": []}, "party", "Length"),
    ({"party": INPUTS["party"]}, "damage", "Missing"),
])
def test_bad_input_is_a_422_naming_the_field(
    client: FlaskClient, body: dict[str, object], field: str, words: str
) -> None:
    refused(client, "fast-travel-split", body, field, words)
