"""[Obranné číslo] OČ from the stat block, armour and shield (half when untrained), two weapons
and fatigue, never below 0; cover against ranged attacks. No dice."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

from rpg.core.dice import ReplayDice
from rpg.core.errors import RuleError
from rpg.core.outcome import Next
from rpg.core.registry import procedures
from rpg.pravidla.attack import DefensePart, defense
from tests.answers import schema_errors
from tests.pravidla.invariants import FATIGUES, SEEDS, conforms
from tests.pravidla.over_http import bounds, get_and_post_agree, input_schema, refused


def test_armour_and_shield_add_their_bonus() -> None:
    outcome = defense(ReplayDice([]), base=10, armor=4, shield=1)
    result = outcome.result
    assert (result.ac, result.ac_ranged, result.can_block) == (15, 15, True)
    assert result.parts == (DefensePart("base", 10), DefensePart("armor", 4),
                            DefensePart("shield", 1))
    assert (outcome.rolls, outcome.chance) == ((), None)
    assert outcome.text.cs == ("OČ: 10 + 4 (zbroj) + 1 (štít) = 15. Štítem lze reflexivně "
                               "blokovat: až 1 kostku poškození.")
    assert outcome.text.en == ("AC: 10 + 4 (armour) + 1 (shield) = 15. The shield can block "
                               "reflexively: up to 1 die of damage.")
    assert outcome.rule.url == "/pravidla/ostatni-bojove-situace/#obranne-cislo"


@pytest.mark.parametrize(("armor", "counted"), [(5, 2), (4, 2), (1, 0), (20, 10)])
def test_untrained_armour_gives_half_its_bonus_rounded_down(armor: int, counted: int) -> None:
    # [Netrénovaná brnění] "poskytují jen poloviční bonus k OČ"
    outcome = defense(ReplayDice([]), base=10, armor=armor, armor_trained=False)
    assert outcome.result.ac == 10 + counted
    assert outcome.result.parts[1] == DefensePart("armor", counted, halved=True)
    assert f"+ {counted} (zbroj, netrénovaná: polovina z {armor}) = {10 + counted}" in (
        outcome.text.cs)


def test_an_untrained_shield_gives_half_and_cannot_block() -> None:
    # [Netrénované štíty] "Nezískávají jen poloviční bonus do OČ ze štítu a také s ním nemohou
    # reflexivně blokovat."
    outcome = defense(ReplayDice([]), base=10, shield=3, shield_trained=False)
    assert (outcome.result.ac, outcome.result.can_block) == (11, False)
    assert outcome.next == ()
    assert outcome.text.cs == ("OČ: 10 + 1 (štít, netrénovaný: polovina z 3) = 11. Netrénovaným "
                               "štítem nelze reflexivně blokovat.")


def test_a_trained_shield_calls_for_its_block() -> None:
    outcome = defense(ReplayDice([]), base=10, shield=3)
    assert outcome.next == (Next("shield-block", {"shield_ac": 3}, ("dice_blocked",)),)
    assert outcome.text.cs.endswith("až 3 kostky poškození.")
    assert defense(ReplayDice([]), base=10, shield=5).text.cs.endswith("až 5 kostek poškození.")


def test_two_weapons_add_one_and_fatigue_lowers_it() -> None:
    # [Boj dvěma zbraněmi] "+1 do zásahu, poškození a OČ"; [Efekty únavy] "Obranného čísla"
    outcome = defense(ReplayDice([]), base=12, two_weapons=True, fatigue=3)
    assert outcome.result.ac == 10
    assert outcome.text.cs == "OČ: 12 + 1 (dvě zbraně) − 3 (únava) = 10."
    assert outcome.text.en == "AC: 12 + 1 (two weapons) − 3 (fatigue) = 10."


def test_oc_is_never_below_zero_written_as_a_clamp() -> None:
    outcome = defense(ReplayDice([]), base=2, fatigue=5, cover=3)
    result = outcome.result
    assert (result.ac, result.ac_ranged, result.floored) == (0, 3, True)
    assert outcome.text.cs == ("OČ: 2 − 5 (únava) → 0 (OČ nikdy pod 0); proti útokům na dálku "
                               "0 + 3 (krytí) = 3.")


def test_cover_counts_against_ranged_attacks_only() -> None:
    # [Cíl v úkrytu] "bonus do OČ, proti střelným zbraním, v rozsahu +1 až +4"
    result = defense(ReplayDice([]), base=13, cover=4).result
    assert (result.ac, result.ac_ranged, result.cover) == (13, 17, 4)
    assert defense(ReplayDice([]), base=13).text.cs == "OČ: 13."


@pytest.mark.parametrize(("inputs", "field"), [
    ({"base": -1}, "base"), ({"base": 41}, "base"), ({"base": 10, "armor": 21}, "armor"),
    ({"base": 10, "shield": -1}, "shield"), ({"base": 10, "cover": 5}, "cover"),
    ({"base": 10, "fatigue": -1}, "fatigue"),
])
def test_impossible_inputs(inputs: dict[str, Any], field: str) -> None:
    with pytest.raises(RuleError) as caught:
        defense(ReplayDice([]), **inputs)
    assert caught.value.field == field
    assert caught.value.message.cs and caught.value.message.en


# --- over HTTP -------------------------------------------------------------------------------


def test_get_and_post_agree(client: FlaskClient) -> None:
    body = get_and_post_agree(client, "defense", {"base": 10, "armor": 4, "shield": 2,
                                                  "shield_trained": False, "cover": 1}, 3)
    assert (body["rolls"], body["chance"]) == ([], None)
    assert body["result"]["ac"] == 15 and body["result"]["ac_ranged"] == 16
    assert schema_errors(body) == {}


def test_the_next_step_is_the_shield_block(client: FlaskClient) -> None:
    body = client.get("/api/v1/defense?base=10&shield=2").get_json()
    assert body["result"]["next"] == [{
        "procedure": "shield-block", "url": "/api/v1/shield-block?shield_ac=2",
        "title": procedures()["shield-block"].title.cs, "missing": ["dice_blocked"]}]


@pytest.mark.parametrize(("body", "field"), [
    ({}, "base"), ({"base": 41}, "base"), ({"base": 10, "armor": 21}, "armor"),
    ({"base": 10, "shield": 21}, "shield"), ({"base": 10, "cover": 5}, "cover"),
    ({"base": 10, "fatigue": 51}, "fatigue"), ({"base": 10, "dice": [3]}, "dice"),
])
def test_bad_input_is_a_422_naming_the_field(
    client: FlaskClient, body: dict[str, object], field: str
) -> None:
    refused(client, "defense", body, field)


def test_openapi_documents_the_bounds(client: FlaskClient) -> None:
    schema = input_schema(client, "defense")
    assert bounds(schema, "base") == (0, 40)
    assert bounds(schema, "armor") == bounds(schema, "shield") == (0, 20)
    assert bounds(schema, "cover") == (0, 4)
    assert schema["required"] == ["base"]
    assert schema["properties"]["armor_trained"]["default"] is True


# --- properties over the whole input space ------------------------------------------------------

defense_inputs = st.fixed_dictionaries({
    "base": st.integers(0, 40), "armor": st.integers(0, 20), "shield": st.integers(0, 20),
    "armor_trained": st.booleans(), "shield_trained": st.booleans(),
    "two_weapons": st.booleans(), "fatigue": FATIGUES, "cover": st.integers(0, 4)})


@settings(max_examples=200, deadline=None)
@given(defense_inputs)
def test_defense_invariants(inputs: dict[str, Any]) -> None:
    result = defense(ReplayDice([]), **inputs).result
    armor = inputs["armor"] if inputs["armor_trained"] else inputs["armor"] // 2
    shield = inputs["shield"] if inputs["shield_trained"] else inputs["shield"] // 2
    summed = (inputs["base"] + armor + shield + inputs["two_weapons"] - inputs["fatigue"])
    assert sum(part.value for part in result.parts) == summed
    assert result.ac == max(0, summed) and result.floored is (summed < 0)
    assert result.ac_ranged == result.ac + inputs["cover"]
    assert result.can_block is (inputs["shield"] > 0 and inputs["shield_trained"])


@settings(max_examples=25, deadline=None)
@given(defense_inputs, SEEDS, st.sampled_from(["cs", "en"]))
def test_every_answer_conforms_to_its_documented_result(
    app: Flask, inputs: dict[str, Any], seed: int, lang: str
) -> None:
    conforms(app, "defense", inputs, seed, lang)


#: Golden vectors: inputs covering every branch of the rule, refusals included; the
#: calculator's JavaScript must give the engine's answer for each (tests/calculators).
GOLDEN: dict[str, list[dict[str, Any]]] = {"defense": [
    {"base": 10, "armor": 4, "shield": 1}, {"base": 12}, {"base": 0}, {"base": 13, "cover": 4},
    {"base": 10, "armor": 5, "shield": 3, "armor_trained": False, "shield_trained": False,
     "two_weapons": True, "fatigue": 2, "cover": 2},
    {"base": 2, "fatigue": 5, "cover": 3}, {"base": 5, "fatigue": 5},
    {"base": 40, "armor": 20, "shield": 20, "two_weapons": True},
    {"base": 10, "armor": 1, "armor_trained": False}, {"base": 10, "shield": 5},
    {"base": 10, "shield": 2, "shield_trained": False},
    {"base": -1}, {"base": 41}, {"base": 10, "armor": 21}, {"base": 10, "shield": -1},
    {"base": 10, "cover": 5}, {"base": 10, "fatigue": -1},
]}
