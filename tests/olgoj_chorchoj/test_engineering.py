"""Olgoj Chorchoj [Inženýrství]: "Přemění 3 produkční body za 5 taktických bodů." Each of the three
product scales 1 back, +5 tactical points; a scale that reaches 0 locks an action slot."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

from rpg.core.dice import ReplayDice
from rpg.core.errors import RuleError
from rpg.olgoj_chorchoj.action_tokens import engineering
from tests.games import answered, refused, without_dice

PATH = "olgoj-chorchoj/engineering"


@pytest.mark.parametrize(("products", "tactical", "after", "gained", "locks", "at_zero"), [
    ([3, 4, 5], 0, (2, 3, 4), 5, 0, ()),
    ([1, 4, 5], 2, (0, 3, 4), 7, 1, (1,)),
    ([2, 1, 1], 10, (1, 0, 0), 15, 2, (2, 3)),
    ([1, 1, 1], 0, (0, 0, 0), 5, 3, (1, 2, 3)),
])
def test_engineering(products: list[int], tactical: int, after: tuple[int, ...], gained: int,
                     locks: int, at_zero: tuple[int, ...]) -> None:
    outcome = engineering(ReplayDice([]), products=products, tactical=tactical)
    assert outcome.result.products == after
    assert outcome.result.tactical == gained
    assert outcome.result.must_lock_slots == locks
    assert outcome.result.scales_at_zero == at_zero
    assert (outcome.rolls, outcome.chance) == ((), None)


def test_engineering_text() -> None:
    assert engineering(ReplayDice([]), products=[3, 4, 5], tactical=1).text.cs == (
        "Inženýrství: produkty 3 → 2, 4 → 3, 5 → 4; taktické body 1 + 5 = 6.")
    assert "locks that many action-token slots" in engineering(
        ReplayDice([]), products=[1, 2, 2]).text.en


@pytest.mark.parametrize(("inputs", "field", "words"), [
    ({"products": [2, 0, 3]}, "products", "Stupnice č. 2 je na 0"),
    ({"products": [2, 3]}, "products", "na třech stupnicích produktů"),
    ({"products": [2, 3, 4, 5]}, "products", "na třech stupnicích produktů"),
    ({"products": [2, 3, 4], "tactical": -1}, "tactical", "5 taktických bodů"),
])
def test_engineering_bad_inputs_quote_the_rule(inputs: dict, field: str, words: str) -> None:
    with pytest.raises(RuleError) as caught:
        engineering(ReplayDice([]), **inputs)
    assert caught.value.field == field
    assert words in caught.value.message.cs
    assert "„" in caught.value.message.cs and "“" in caught.value.message.en


def test_a_scale_at_zero_quotes_the_off_track_rule() -> None:
    with pytest.raises(RuleError) as caught:
        engineering(ReplayDice([]), products=[0, 1, 1])
    assert "mimo počítadlo (na nulu)" in caught.value.message.cs


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(-1, 6), min_size=0, max_size=4), st.integers(-1, 50))
def test_any_scales(products: list[int], tactical: int) -> None:
    try:
        result = engineering(ReplayDice([]), products=products, tactical=tactical).result
    except RuleError as error:
        assert len(products) != 3 or min(products) < 1 or tactical < 0
        assert error.field in ("products", "tactical")
        return
    assert list(result.products) == [p - 1 for p in products]
    assert result.tactical == tactical + 5
    assert result.must_lock_slots == products.count(1) == len(result.scales_at_zero)


def test_over_http(client: FlaskClient) -> None:
    inputs = {"products": [3, 1, 2], "tactical": 4}
    assert answered(client, PATH, inputs)["result"]["must_lock_slots"] == 1
    without_dice(client, PATH, inputs)


@pytest.mark.parametrize(("products", "words"), [
    ([2, 0, 1], "mimo počítadlo (na nulu)"),
    ([2, -1, 1], "na třech stupnicích produktů"),
    ([2, 1], "na třech stupnicích produktů"),
])
def test_bad_scales_over_http_quote_the_rule(
    client: FlaskClient, products: list[int], words: str
) -> None:
    refused(client, PATH, {"products": products}, "products", words)


def test_scales_are_bounded_in_the_openapi_document(client: FlaskClient) -> None:
    schemas = client.get("/api/v1/openapi.json").get_json()["components"]["schemas"]
    products = schemas["OlgojChorchojEngineeringArgs"]["properties"]["products"]
    assert (products["minItems"], products["maxItems"]) == (3, 3)
    assert products["items"]["minimum"] == 0


#: Golden vectors: inputs covering every branch of the rule, refusals included; the
#: calculators' JavaScript must give the engine's answer for each (tests/calculators). The
#: refusals the form prevents (numbers out of their bounds, units it offers no other than
#: the table's) are the engine's own, tested above.
GOLDEN: dict[str, list[dict[str, Any]]] = {
    PATH: [
        {"products": [3, 2, 5]}, {"products": [1, 2, 1], "tactical": 7},
        {"products": [1, 1, 1], "tactical": 100_000}, {"products": [0, 2, 3]},
        {"products": [2, 0, 0]},
    ],
}
