"""Limits: body size, query length, JSON nesting, list length, the dice budget per request.

Each hostile input must be refused with a 4xx envelope, never a 500; speed is not asserted here
(``bench/`` measures), only that the refusal comes before the work.
"""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from api import create_app
from api.serialize import MAX_JSON_DEPTH, json_depth_exceeds


@pytest.fixture(scope="module")
def small_budget_app() -> Flask:
    return create_app({"TESTING": True, "DICE_BUDGET": 12, "MAX_CONTENT_LENGTH": 2_000,
                       "MAX_QUERY_LENGTH": 500})


@pytest.mark.parametrize(("body", "status"), [
    ("[" * 60_000, 400),
    ('{"morale": ' + "[" * 20_000 + "]" * 20_000 + "}", 400),
    ('{"morale": ' + "9" * 60_000 + "}", 400),
    ('{"morale": 7, "dice": [' + ",".join(["1"] * 10_000) + "]}", 422),
    ('{"expr": "' + "1d6+" * 2_000 + '1"}', 422),
    ('{"expr": "' + "100d1000kh1+" * 9 + '1"}', 422),
    ('{"expr": "1d6", "seed": ' + "1" * 5_000 + "}", 400),  # past Python's int-digit limit
    ('{"morale": 7, "lang": "' + "x" * 50_000 + '"}', 422),
    ("\xff\xfe", 400),
])
def test_hostile_bodies_are_refused_with_an_envelope(
    client: FlaskClient, body: str, status: int
) -> None:
    response = client.post("/api/v1/roll" if "expr" in body else "/api/v1/morale",
                           data=body, content_type="application/json")
    assert response.status_code == status
    payload = response.get_json()
    assert payload["code"] == status and payload["message"]


@pytest.mark.parametrize(("query", "status"), [
    ("morale=7&dice=" + ",".join(["1"] * 3_000), 422),
    ("morale=7&" + "&".join(["dice=1"] * 1_000), 422),
    ("morale=7&" + "&".join(["dice=1"] * 3_000), 414),
    ("morale=" + "7" * 5_000, 422),
    ("morale=%EF%BC%97", 422),  # a full-width digit seven: not an ASCII integer
])
def test_hostile_query_strings_are_4xx(client: FlaskClient, query: str, status: int) -> None:
    response = client.get(f"/api/v1/morale?{query}")
    assert response.status_code == status
    assert response.get_json()["code"] == status


def test_a_long_list_is_refused_before_its_items_are_read(client: FlaskClient) -> None:
    # Item 0 would be invalid too; the length is what the answer names.
    response = client.get("/api/v1/morale?morale=7&dice=x," + ",".join(["1"] * 500))
    assert response.get_json()["errors"]["dice"] == ["Délka musí být od 0 do 200."]


def test_body_over_the_configured_size_is_413_in_english(small_budget_app: Flask) -> None:
    response = small_budget_app.test_client().post(
        "/api/v1/roll", data='{"expr": "' + "1" * 3_000 + '"}', content_type="application/json",
        headers={"Accept-Language": "en"})
    assert response.status_code == 413
    assert response.get_json()["message"] == "The request body is too large."


def test_query_over_the_configured_length_is_414(small_budget_app: Flask) -> None:
    response = small_budget_app.test_client().get("/api/v1/roll?expr=1d6&x=" + "a" * 600)
    assert response.status_code == 414
    assert response.get_json()["code"] == 414
    assert "POST" in response.get_json()["message"]


@pytest.mark.parametrize(("source", "expr", "status"), [
    ("seed=1", "12d6", 200),
    ("seed=1", "13d6", 422),
    ("seed=1", "6d6%2B7d6", 422),
    ("dice=" + ",".join(["3"] * 12), "12d6", 200),
    ("dice=" + ",".join(["3"] * 13), "13d6", 422),
])
def test_the_dice_budget_caps_one_request(
    small_budget_app: Flask, source: str, expr: str, status: int
) -> None:
    response = small_budget_app.test_client().get(f"/api/v1/roll?expr={expr}&{source}&lang=en")
    assert response.status_code == status
    if status == 422:
        assert "one request may roll at most 12 dice" in response.get_json()["message"]


def test_the_default_budget_is_below_the_engine_guard() -> None:
    from rpg.core.dice import MAX_DICE_PER_PROCEDURE

    assert 0 < create_app({"TESTING": True}).config["DICE_BUDGET"] <= MAX_DICE_PER_PROCEDURE


def test_the_default_budget_lets_the_highest_valid_fall_roll() -> None:
    # 10 000 m, the contract's highest fall, is 4999 d6: a valid input, so never a 422.
    client = create_app({"TESTING": True}).test_client()
    body = client.get("/api/v1/falling?height_m=10000&seed=3").get_json()
    assert body["result"]["dice_count"] == len(body["rolls"][0]["results"]) == 4999


@pytest.mark.parametrize(("document", "deep"), [
    ("[]", False),
    ("[" * MAX_JSON_DEPTH + "]" * MAX_JSON_DEPTH, False),
    ("[" * (MAX_JSON_DEPTH + 1) + "]" * (MAX_JSON_DEPTH + 1), True),
    ('{"a": "' + "[" * 100 + '"}', False),  # brackets inside a string do not nest
    ('{"a": "\\"' + "[" * 100 + '"}', False),  # nor after an escaped quote
    ('[{"a": ' * 20 + "1" + "}]" * 20, True),
])
def test_json_depth(document: str, deep: bool) -> None:
    assert json_depth_exceeds(document) is deep
    assert json_depth_exceeds(document.encode()) is deep


def test_a_deep_json_query_value_is_422() -> None:
    from marshmallow import Schema, ValidationError

    from api import fields as f

    class Party(Schema):
        members = f.JsonList(f.bounded_int(0, 9), validate=f.validate.Length(0, 5))

    with pytest.raises(ValidationError) as deep:
        Party().load({"members": "[" * 3_000 + "]" * 3_000})
    assert deep.value.messages == {"members": ["Not valid JSON."]}
    with pytest.raises(ValidationError) as long:
        Party().load({"members": "[" + ",".join(['"x"'] * 50) + "]"})
    assert long.value.messages == {"members": ["Length must be between 0 and 5."]}


@pytest.mark.parametrize("value", ["2.50000000000000000001", "1e1", "25E-1", "0.000000000001e3"])
def test_a_query_decimal_reads_as_in_json(client: FlaskClient, value: str) -> None:
    by_query = client.get(f"/api/v1/falling?height_m={value}&seed=4")
    by_body = client.post("/api/v1/falling", json={"height_m": float(value), "seed": 4})
    assert by_query.status_code == by_body.status_code == 200
    assert by_query.get_json() == by_body.get_json()


@pytest.mark.parametrize("value", ["1" * 65, "2." + "5" * 70, "1e", "0x10", "1_0", "nan", "inf"])
def test_a_query_decimal_stays_bounded_and_plain(client: FlaskClient, value: str) -> None:
    answer = client.get(f"/api/v1/falling?height_m={value}")
    assert answer.status_code == 422
    assert answer.get_json()["errors"]["height_m"] == ["Není platné konečné číslo."]


def test_a_chunked_body_over_the_limit_is_413(small_budget_app: Flask) -> None:
    import io

    def post(body: bytes) -> object:
        # A chunked request reaches the app as a terminated stream without Content-Length.
        return small_budget_app.test_client().post(
            "/api/v1/roll", content_type="application/json",
            environ_overrides={"wsgi.input": io.BytesIO(body), "wsgi.input_terminated": True,
                               "CONTENT_LENGTH": ""})

    too_large = post(b'{"expr": "' + b"1" * 3_000 + b'"}')
    assert too_large.status_code == 413
    assert too_large.get_json()["code"] == 413
    fits = post(b'{"expr": "1d6", "seed": 1}')
    assert fits.status_code == 200
    assert fits.get_json()["rolls"][0]["notation"] == "1d6"
