"""[Záchranné hody] d20 + modifiers against the number on the sheet; NAT1 fails, NAT20 saves."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

from rpg.core.dice import ReplayDice, SeededDice
from rpg.core.errors import RuleError
from rpg.pravidla import checks
from rpg.pravidla.checks import saving_throw
from tests.enumeration import probability
from tests.pravidla.invariants import (
    ANY_INTS,
    FATIGUES,
    MODIFIERS,
    SEEDS,
    chance_bounds,
    check_d20,
    conforms,
)
from tests.pravidla.over_http import bounds, get_and_post_agree, input_schema, refused


@pytest.mark.parametrize(("dice", "inputs", "natural", "total", "success", "critical"), [
    ([12], {"target": 12}, 12, 12, True, None),                       # "větší rovno"
    ([11], {"target": 12}, 11, 11, False, None),                      # "nižší"
    ([10], {"target": 14, "modifier": 2, "bonus": 2}, 10, 14, True, None),
    ([15], {"target": 14, "fatigue": 2}, 15, 13, False, None),        # fatigue lowers saves
    ([1], {"target": 1, "modifier": 20}, 1, 21, False, "failure"),    # NAT1 always fails
    ([20], {"target": 30, "modifier": -5}, 20, 15, True, "success"),  # NAT20 always saves
    ([3, 16], {"target": 15, "advantage": True}, 16, 16, True, None),
    ([3, 16], {"target": 15, "disadvantage": True}, 3, 3, False, None),
    ([16], {"target": 15, "advantage": True, "disadvantage": True}, 16, 16, True, None),
])
def test_saving_throw_table(
    dice: list[int], inputs: dict[str, object], natural: int, total: int, success: bool,
    critical: str | None,
) -> None:
    outcome = saving_throw(ReplayDice(dice), **inputs)
    result = outcome.result
    assert (result.natural, result.total, result.target) == (natural, total, inputs["target"])
    assert (result.success, result.critical) == (success, critical)
    assert [r.label for r in outcome.rolls] == ["saving-throw"]


@pytest.mark.parametrize(("against", "cs", "en"), [
    ("magic", "Záchranný hod proti magii (Rozum): ", "Saving throw against magic (Rozum): "),
    ("death", "Záchranný hod proti smrti (Výdrž): ", "Saving throw against death (Výdrž): "),
    ("poison", "Záchranný hod proti jedu (Výdrž): ", "Saving throw against poison (Výdrž): "),
    ("other", "Záchranný hod: ", "Saving throw: "),
])
def test_against_only_names_the_save(against: str, cs: str, en: str) -> None:
    outcome = saving_throw(ReplayDice([13]), target=13, against=against)
    assert outcome.result.success is True and outcome.result.against == against
    assert outcome.text.cs == cs + "1d20 = 13 ≥ 13 → uspěl."
    assert outcome.text.en == en + "1d20 = 13 ≥ 13 → saved."


@pytest.mark.parametrize("inputs", [
    {"target": 1}, {"target": 30}, {"target": 15, "modifier": 3, "fatigue": 1},
    {"target": 12, "advantage": True}, {"target": 12, "disadvantage": True, "bonus": -2},
    {"target": 25, "modifier": 20, "bonus": 20},
])
def test_exact_chance_against_enumeration(inputs: dict[str, object]) -> None:
    two = inputs.get("advantage") or inputs.get("disadvantage")
    expected = probability(saving_throw, lambda o: o.result.success, **inputs)
    assert saving_throw(ReplayDice([10, 10] if two else [10]), **inputs).chance == expected
    assert saving_throw(ReplayDice([10]), target=12).chance == Fraction(9, 20)


@pytest.mark.parametrize(("inputs", "field"), [
    ({"target": 0}, "target"),
    ({"target": 31}, "target"),
    ({"target": 10, "against": "fire"}, "against"),
    ({"target": 10, "fatigue": -3}, "fatigue"),
])
def test_impossible_inputs(inputs: dict[str, object], field: str) -> None:
    with pytest.raises(RuleError) as caught:
        saving_throw(ReplayDice([10]), **inputs)
    assert caught.value.field == field


ADVANTAGE = ({}, {"advantage": True}, {"disadvantage": True},
              {"advantage": True, "disadvantage": True})


#: Golden vectors: inputs covering every branch of the rule, refusals included; the
#: calculators' JavaScript must give the engine's answer for each (tests/calculators).
GOLDEN: dict[str, list[dict[str, Any]]] = {
    "saving-throw": [
        *({"target": 15, "against": against} for against in checks.SAVE_AGAINST),
        *({"target": 12, "modifier": 2, "bonus": 1, "fatigue": 3, **mode} for mode in ADVANTAGE),
        {"target": 1}, {"target": 30, "modifier": -20},
        {"target": 10, "modifier": 1, "count": 3}, {"target": 10, "count": 2, "fatigue": 1},
        {"target": 10, "count": 0},
    ],
}


# --- over HTTP -------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 7, 2024])
def test_get_and_post_agree_with_a_seed(client: FlaskClient, seed: int) -> None:
    body = get_and_post_agree(client, "saving-throw",
                              {"target": 14, "against": "magic", "modifier": 1, "fatigue": 1}, seed)
    assert body["rolls"] and body["text"]
    assert body["rule"]["url"].startswith("/pravidla/")


def test_physical_dice_over_http(client: FlaskClient) -> None:
    answer = client.post("/api/v1/saving-throw", json={
        "target": 15, "dice": [3, 16], "advantage": True}).get_json()
    assert answer["result"] == {"natural": 16, "total": 16, "target": 15, "success": True,
                                "critical": None, "against": "other", "next": []}
    assert answer["chance"] == pytest.approx(0.51)
    assert answer["seed"] is None


@pytest.mark.parametrize(("body", "field"), [
    ({}, "target"),
    ({"target": 31}, "target"),
    ({"target": 10, "against": "fire"}, "against"),
])
def test_bad_input_is_a_422_naming_the_field(
    client: FlaskClient, body: dict[str, object], field: str
) -> None:
    refused(client, "saving-throw", body, field)


def test_openapi_documents_the_bounds(client: FlaskClient) -> None:
    assert bounds(input_schema(client, "saving-throw"), "target") == (1, 30)


# --- properties over the whole input space ------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 30), st.sampled_from(tuple(checks.SAVE_AGAINST)), MODIFIERS, MODIFIERS,
       st.booleans(), st.booleans(), FATIGUES, SEEDS)
def test_saving_throw_invariants(
    target: int, against: str, modifier: int, bonus: int, advantage: bool, disadvantage: bool,
    fatigue: int, seed: int,
) -> None:
    outcome = saving_throw(SeededDice(seed), target=target, against=against, modifier=modifier,
                           bonus=bonus, advantage=advantage, disadvantage=disadvantage,
                           fatigue=fatigue)
    assert (outcome.result.target, outcome.result.against) == (target, against)
    check_d20(outcome.result, outcome.rolls, target, modifier + bonus - fatigue, advantage,
              disadvantage)
    assert outcome.chance is not None
    chance_bounds(outcome.chance, advantage, disadvantage)


@settings(max_examples=150, deadline=None)
@given(ANY_INTS, st.text(max_size=10) | st.sampled_from(tuple(checks.SAVE_AGAINST)), ANY_INTS)
def test_saving_throw_any_input_is_a_result_or_a_rule_error(
    target: int, against: str, fatigue: int
) -> None:
    try:
        saving_throw(SeededDice(1), target=target, against=against, fatigue=fatigue)
    except RuleError as error:
        assert error.field in ("target", "against", "fatigue")
    else:
        assert 1 <= target <= 30 and against in checks.SAVE_AGAINST and fatigue >= 0


@settings(max_examples=25, deadline=None)
@given(st.fixed_dictionaries({
    "target": st.integers(1, 30), "against": st.sampled_from(tuple(checks.SAVE_AGAINST)),
    "advantage": st.booleans(), "fatigue": FATIGUES}), SEEDS, st.sampled_from(["cs", "en"]))
def test_every_answer_conforms_to_its_documented_result(
    app: Flask, inputs: dict[str, Any], seed: int, lang: str
) -> None:
    conforms(app, "saving-throw", inputs, seed, lang)
