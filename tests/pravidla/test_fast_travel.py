"""[Rychlé cestování] supplies per mouth a day, summary damage, 1d4 encounters after 5 days.

Its engine tests, then its API tests, then its property tests."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

from rpg.core.dice import ReplayDice, SeededDice
from rpg.core.errors import RuleError
from rpg.pravidla import wilderness
from rpg.pravidla.wilderness import fast_travel
from tests.pravidla.over_http import bounds, get_and_post_agree, input_schema, refused
from tests.properties.corruption import answers_or_refuses, corrupted

# --- engine ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("days", "travelers", "supplies", "needed", "used", "left", "damage"), [
    (3, 4, 20, 12, 12, 8, 0),
    (3, 4, 12, 12, 12, 0, 0),
    (3, 4, 10, 12, 10, 0, 2),     # each supply missing is 1 point of summary damage
    (1, 1, 0, 1, 0, 0, 1),
    (5, 100, 0, 500, 0, 0, 500),
])
def test_supplies_and_summary_damage(
    days: int, travelers: int, supplies: int, needed: int, used: int, left: int, damage: int
) -> None:
    outcome = fast_travel(ReplayDice([]), days=days, travelers=travelers, supplies=supplies)
    result = outcome.result
    assert (result.supplies_needed, result.supplies_used, result.supplies_left,
            result.summary_damage) == (needed, used, left, damage)
    assert outcome.chance is None


@pytest.mark.parametrize("days", [1, 4, 5])
def test_up_to_five_days_one_encounter_without_a_die(days: int) -> None:
    outcome = fast_travel(ReplayDice([]), days=days)
    assert (outcome.result.encounters, outcome.rolls) == (1, ())


@pytest.mark.parametrize(("days", "die"), [(6, 1), (6, 4), (365, 3)])
def test_more_than_five_days_one_d4_encounters(days: int, die: int) -> None:
    outcome = fast_travel(ReplayDice([die]), days=days, travelers=1, supplies=days)
    assert outcome.result.encounters == die
    assert [(r.label, r.notation) for r in outcome.rolls] == [("encounters", "1d4")]


def test_english_counts_one_supply() -> None:
    assert fast_travel(ReplayDice([]), days=1, supplies=1).text.en.startswith(
        "Fast travel, 1 day, 1 traveler: 1 supply needed, 1 paid, 0 left;")


def test_text() -> None:
    outcome = fast_travel(ReplayDice([3]), days=7, travelers=4, supplies=20)
    assert outcome.text.cs == (
        "Rychlé cestování, 7 dní, 4 cestující: potřeba 28 zásob, zaplaceno 20, zbývá 0; "
        "souhrnné poškození 8; setkání 1d4 = 3.")
    assert fast_travel(ReplayDice([]), days=2).text.en == (
        "Fast travel, 2 days, 1 traveler: 2 supplies needed, 0 paid, 0 left; summary damage 2; "
        "1 encounter (no roll up to 5 days).")


@pytest.mark.parametrize(("inputs", "field"), [
    ({"days": 0}, "days"), ({"days": 366}, "days"), ({"days": 2, "travelers": 0}, "travelers"),
    ({"days": 2, "supplies": -3}, "supplies"), ({"days": True}, "days"),
])
def test_invalid_inputs_name_the_field(inputs: dict[str, object], field: str) -> None:
    with pytest.raises(RuleError) as caught:
        fast_travel(ReplayDice([]), **inputs)
    assert caught.value.field == field


#: Golden vectors: inputs covering every branch of the rule, refusals included; the
#: calculators' JavaScript must give the engine's answer for each (tests/calculators).
GOLDEN: dict[str, list[dict[str, Any]]] = {
    "fast-travel": [
        *({"days": days, "travelers": travelers, "supplies": supplies}
          for days, travelers, supplies in (
              (1, 1, 0), (1, 1, 1), (2, 3, 4), (5, 4, 20), (5, 4, 30), (6, 1, 0), (6, 2, 13),
              (30, 5, 100), (365, 100, 100_000), (365, 100, 0))),
        {"days": 3}, {"days": 0}, {"days": 366}, {"days": 3, "travelers": 0},
        {"days": 3, "travelers": 101}, {"days": 3, "supplies": -1},
        {"days": 3, "supplies": 100_001},
    ],
}


# --- API ---------------------------------------------------------------------------------------
# ``/api/v1/fast-travel`` [Rychlé cestování]: GET and POST agree, physical dice, 422s.


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
    refused(client, "fast-travel", body, field, words, lang="en")


def test_openapi_documents_the_bounds(client: FlaskClient) -> None:
    schema = input_schema(client, "fast-travel")
    assert bounds(schema, "days") == (1, 365)
    assert bounds(schema, "travelers") == (1, 100)


# --- properties --------------------------------------------------------------------------------
# [Rychlé cestování] property tests over the whole input space.

seeds = st.integers(0, 2**63 - 1)


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 365), st.integers(1, 100), st.integers(0, 100_000), seeds)
def test_fast_travel_accounts_for_every_supply(
    days: int, travelers: int, supplies: int, seed: int
) -> None:
    outcome = wilderness.fast_travel(SeededDice(seed), days=days, travelers=travelers,
                                     supplies=supplies)
    result = outcome.result
    assert result.supplies_needed == days * travelers
    assert result.supplies_used + result.supplies_left == supplies
    assert result.supplies_used + result.summary_damage == result.supplies_needed
    assert 1 <= result.encounters <= 4
    assert (len(outcome.rolls) == 1) is (days > 5)
    if days <= 5:
        assert result.encounters == 1


DEFAULTS: dict[str, Any] = {
    "days": 1, "travelers": 1, "supplies": 0,
}


@settings(max_examples=100, deadline=None)
@given(corrupted(DEFAULTS), seeds)
def test_any_input_gives_a_result_or_a_rule_error(inputs: dict[str, Any], seed: int) -> None:
    answers_or_refuses(wilderness.fast_travel, inputs, seed)
