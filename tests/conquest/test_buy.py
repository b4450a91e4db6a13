"""Dobývání soustav [Nákup a umisťování jednotek]: units cost their price from the table;
"Nové jednotky lze umístit pouze na vlastní checkpointy. Extractory lze umisťovat na vlastní
soustavu na modrá políčka mimo checkpointy."
"""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

from rpg.conquest import game
from rpg.conquest.buy import buy
from rpg.core.dice import ReplayDice
from rpg.core.errors import RuleError
from tests.answers import query
from tests.games import OBJECT_VALUED, answered, refused, without_dice

PATH = "conquest/buy"

unit_names = st.sampled_from(game.UNIT_NAMES).flatmap(
    lambda name: st.sampled_from([name, name.lower(), name.upper()]))
any_names = unit_names | st.text(max_size=12)


def test_buy_costs_and_placement() -> None:
    result = buy(ReplayDice([]), units={"scout": 2, "Extractor": 0, "frigate": 1}).result
    assert (result.cost, result.credits_left) == (200, 300)
    assert [(p.unit, p.count, p.cost, p.placement) for p in result.purchases] == [
        ("Scout", 2, 100, "own-checkpoint"), ("Extractor", 0, 0, "own-system-blue-hex"),
        ("Frigate", 1, 100, "own-checkpoint")]
    assert "modrá políčka" in result.purchases[1].placement_rule.cs


def test_buy_text() -> None:
    assert buy(ReplayDice([]), units={"Scout": 2, "Frigate": 1}).text.cs == (
        "Nákup: 2× Scout, 1× Frigate; cena 200 kr., zbývá 300 kr. Nové jednotky jen na vlastní "
        "checkpointy, Extractory na modrá políčka vlastní soustavy.")
    assert buy(ReplayDice([]), units={}).text.en.startswith(
        "Purchase: nothing; cost 0 cr, 500 cr left.")


def test_buy_exactly_all_credits() -> None:
    assert buy(ReplayDice([]), units={"Extractor": 1}).result.credits_left == 0


@pytest.mark.parametrize(("inputs", "field", "words"), [
    ({"units": {"Dreadnought": 2}}, "units", "Nedostatek kreditů: nákup stojí 700 kr."),
    ({"units": {"Scout": 1}, "credits": 520}, "credits", "„Modrozelené: 50 kr."),
    ({"units": {"Scout": -1}}, "units", "„Cena“ v Přehledu jednotek"),
    ({"units": {"Scout": 1, "SCOUT": 1}}, "units", "dvakrát"),
])
def test_bad_purchases(inputs: dict, field: str, words: str) -> None:
    with pytest.raises(RuleError) as caught:
        buy(ReplayDice([]), **inputs)
    assert caught.value.field == field
    assert words in caught.value.message.cs


@settings(max_examples=150, deadline=None)
@given(st.integers(-100, 3000), st.dictionaries(any_names, st.integers(-1, 5), max_size=4))
def test_buy_never_spends_more_than_it_has(credits: int, units: dict[str, int]) -> None:
    try:
        result = buy(ReplayDice([]), units=units, credits=credits).result
    except RuleError as error:
        assert error.field in ("units", "credits")
        return
    assert result.credits_left == credits - result.cost >= 0
    assert result.cost == sum(p.unit_cost * p.count for p in result.purchases)


def test_over_http(client: FlaskClient) -> None:
    inputs = {"credits": 500, "units": {"Scout": 2, "frigate": 1}}
    assert answered(client, PATH, inputs)["result"]["credits_left"] == 300
    without_dice(client, PATH, inputs)
    refused(client, PATH, {"units": {"Destroyer": 2}}, "units", "„Cena“ v Přehledu jednotek")
    refused(client, PATH, {"units": {"Scout": -3}}, "units", "„Cena“ v Přehledu jednotek")


def test_a_unit_named_twice_in_two_spellings_is_not_silently_merged(
    client: FlaskClient
) -> None:
    response = client.get("/api/v1/conquest/buy", query_string={
        "units": query({"units": {"Scout": 1, "scout": 1}}, OBJECT_VALUED)["units"]})
    assert response.status_code == 422
    assert "dvakrát" in response.get_json()["errors"]["units"][0]


def test_unit_counts_are_bounded_in_the_openapi_document(client: FlaskClient) -> None:
    schemas = client.get("/api/v1/openapi.json").get_json()["components"]["schemas"]
    assert schemas["ConquestBuyArgs"]["properties"]["units"]["additionalProperties"][
        "maximum"] == 100_000


#: Golden vectors: inputs covering every branch of the rule, refusals included; the
#: calculators' JavaScript must give the engine's answer for each (tests/calculators). The
#: refusals the form prevents (numbers out of their bounds, units it offers no other than
#: the table's) are the engine's own, tested above.
GOLDEN: dict[str, list[dict[str, Any]]] = {
    PATH: [
        {"units": {}},
        {"units": {"Scout": 2, "Frigate": 1}},
        {"units": {"extractor": 1, "Mechanic": 0}, "credits": 1000},
        {"units": {"Dreadnought": 3, "Destroyer": 2}, "credits": 1850},
        {"units": {"Dreadnought": 2}},
        {"units": {"scout": 1, "Scout": 1}},
        {"units": {"Cruiser": 1}},
        {"units": {"Scout": -1}},
        {"units": {"Scout": 1}, "credits": 75},
    ],
}
