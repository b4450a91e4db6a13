"""[Mírnější systém smrti] a d6, 1–3 survives; no rescue after 24 h, destroyed, poisoned, again.

Its engine tests, then its API tests, then its property tests."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

from rpg.core.dice import ReplayDice, SeededDice
from rpg.core.errors import RuleError
from rpg.pravidla import health
from rpg.pravidla.health import death_save
from tests.enumeration import outcomes, probability
from tests.pravidla.over_http import bounds, get_and_post_agree, input_schema, refused
from tests.properties.corruption import answers_or_refuses, corrupted

# --- engine ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("dice", "shifts"), [([1, 1], 1), ([2, 3], 3), ([3, 4], 4)])
def test_a_survivor_has_one_hp_and_sleeps_1d4_shifts(dice: list[int], shifts: int) -> None:
    outcome = death_save(ReplayDice(dice))
    result = outcome.result
    assert (result.alive, result.hp, result.unconscious_shifts, result.fatigue_gained,
            result.reason) == (True, 1, shifts, 1, "survived")
    assert [(r.label, r.notation) for r in outcome.rolls] == [
        ("survival", "1d6"), ("unconscious", "1d4")]


def test_a_healed_survivor_wakes_at_once_with_the_healed_hp() -> None:
    outcome = death_save(ReplayDice([3]), healed=5)
    assert (outcome.result.alive, outcome.result.hp, outcome.result.unconscious_shifts) == (
        True, 5, 0)
    assert [r.label for r in outcome.rolls] == ["survival"]
    assert outcome.text.cs == (
        "Záchrana 1d6 = 3 ≤ 3 → přežívá a díky léčení hned přichází k sobě s 5 životy; "
        "únava +1.")


@pytest.mark.parametrize("die", [4, 5, 6])
def test_four_to_six_dies(die: int) -> None:
    outcome = death_save(ReplayDice([die]), healed=3)
    result = outcome.result
    assert (result.alive, result.hp, result.unconscious_shifts, result.fatigue_gained,
            result.reason) == (False, 0, None, 0, "failed-roll")


@pytest.mark.parametrize(("inputs", "reason"), [
    ({"hours_since_death": 24.5}, "too-late"),
    ({"hours_since_death": 1000}, "too-late"),
    ({"died_before": True}, "repeated-death"),
    ({"died_before": True, "hours_since_death": 30}, "too-late"),
    ({"body_destroyed": True}, "body-destroyed"),
    ({"poisoned": True}, "poisoned"),
    ({"poisoned": True, "body_destroyed": True}, "body-destroyed"),
])
def test_no_rescue_without_a_roll(inputs: dict[str, object], reason: str) -> None:
    outcome = death_save(ReplayDice([]), **inputs)
    assert outcome.rolls == ()
    assert (outcome.result.alive, outcome.result.reason, outcome.chance) == (False, reason, 0)


@pytest.mark.parametrize("inputs", [
    {"hours_since_death": 24}, {"died_before": True, "healed_to_max_since": True},
])
def test_within_24_hours_or_after_a_full_heal_the_roll_is_allowed(
    inputs: dict[str, object]
) -> None:
    outcome = death_save(ReplayDice([2, 2]), **inputs)
    assert outcome.result.alive and outcome.chance == Fraction(1, 2)


@pytest.mark.parametrize(("inputs", "dice"), [
    ({}, [6]),                                # after the roll
    ({"hours_since_death": 48}, []),          # after 24 h
    ({"died_before": True}, []),              # on a repeated death
])
def test_ale_ja_chci_zit_saves_for_five_skill_points(
    inputs: dict[str, object], dice: list[int]
) -> None:
    outcome = death_save(ReplayDice(dice), give_up_skill_points=True, **inputs)
    result = outcome.result
    assert (result.alive, result.hp, result.skill_points_lost, result.fatigue_gained,
            result.reason) == (True, 1, 5, 1, "gave-up-skill-points")
    assert outcome.chance == 1
    assert "„Ale já chci žít“" in outcome.text.cs


def test_ale_ja_chci_zit_is_not_spent_on_a_survivor() -> None:
    result = death_save(ReplayDice([1, 2]), give_up_skill_points=True).result
    assert (result.reason, result.skill_points_lost) == ("survived", 0)


@pytest.mark.parametrize("inputs", [{"body_destroyed": True}, {"poisoned": True}])
def test_ale_ja_chci_zit_cannot_save_a_destroyed_body_or_poison(
    inputs: dict[str, object]
) -> None:
    outcome = death_save(ReplayDice([]), give_up_skill_points=True, **inputs)
    assert outcome.result.alive is False and outcome.chance == 0
    assert "Ani „Ale já chci žít“ ji nezachrání." in outcome.text.cs


@pytest.mark.parametrize("inputs", [
    {}, {"healed": 4}, {"give_up_skill_points": True}, {"hours_since_death": 25},
    {"died_before": True, "give_up_skill_points": True}, {"poisoned": True},
    {"died_before": True, "healed_to_max_since": True},
])
def test_chance_of_living_against_enumeration(inputs: dict[str, object]) -> None:
    expected = probability(death_save, lambda o: o.result.alive, **inputs)
    assert {o.chance for _, o in outcomes(death_save, **inputs)} == {expected}


@pytest.mark.parametrize(("inputs", "field"), [
    ({"healed_to_max_since": True}, "healed_to_max_since"),
    ({"hours_since_death": -1}, "hours_since_death"),
    ({"hours_since_death": float("nan")}, "hours_since_death"),
    ({"healed": -2}, "healed"),
    ({"poisoned": "no"}, "poisoned"),
])
def test_invalid_inputs_name_the_field(inputs: dict[str, object], field: str) -> None:
    with pytest.raises(RuleError) as caught:
        death_save(ReplayDice([1, 1]), **inputs)
    assert caught.value.field == field


#: Golden vectors: inputs covering every branch of the rule, refusals included; the
#: calculators' JavaScript must give the engine's answer for each (tests/calculators).
GOLDEN: dict[str, list[dict[str, Any]]] = {
    "death-save": [
        {}, {"hours_since_death": 24}, {"hours_since_death": 24.5},
        {"hours_since_death": 100_000, "give_up_skill_points": True},
        {"healed": 1}, {"healed": 7}, {"healed": 7, "give_up_skill_points": True},
        {"give_up_skill_points": True},
        {"died_before": True}, {"died_before": True, "healed_to_max_since": True},
        {"died_before": True, "healed": 3, "give_up_skill_points": True},
        {"healed_to_max_since": True},
        *({flag: True, **extra} for flag in ("body_destroyed", "poisoned")
          for extra in ({}, {"give_up_skill_points": True}, {"hours_since_death": 30})),
        {"body_destroyed": True, "poisoned": True},
    ],
}


# --- API ---------------------------------------------------------------------------------------
# ``/api/v1/death-save`` [Mírnější systém smrti]: GET and POST agree, physical dice, 422s.


@pytest.mark.parametrize("seed", [1, 7, 2024])
def test_get_and_post_agree_with_a_seed(client: FlaskClient, seed: int) -> None:
    get_and_post_agree(client, "death-save",
                       {"hours_since_death": 3.5, "give_up_skill_points": True}, seed)


@pytest.mark.parametrize(("body", "result", "chance"), [
    ({"dice": [2, 4]},
     {"alive": True, "hp": 1, "unconscious_shifts": 4, "fatigue_gained": 1,
      "reason": "survived", "skill_points_lost": 0}, 0.5),
    ({"poisoned": True, "dice": []},
     {"alive": False, "hp": 0, "unconscious_shifts": None, "fatigue_gained": 0,
      "reason": "poisoned", "skill_points_lost": 0}, 0),
])
def test_physical_dice(client: FlaskClient, body: dict[str, object],
                       result: dict[str, object], chance: float) -> None:
    payload = client.post("/api/v1/death-save", json=body).get_json()
    assert payload["result"] == {**result, "next": []}
    assert payload["chance"] == pytest.approx(chance)


@pytest.mark.parametrize(("body", "field", "words"), [
    ({"healed_to_max_since": True}, "healed_to_max_since", "turn 'died_before' on"),
    ({"hours_since_death": -1}, "hours_since_death", "greater than or equal"),
])
def test_bad_input_is_a_422_naming_the_field(
    client: FlaskClient, body: dict[str, object], field: str, words: str
) -> None:
    refused(client, "death-save", body, field, words, lang="en")


def test_openapi_documents_the_bounds(client: FlaskClient) -> None:
    schema = input_schema(client, "death-save")
    assert bounds(schema, "hours_since_death") == (0, 100_000)
    assert bounds(schema, "healed") == (0, 100_000)


# --- properties --------------------------------------------------------------------------------
# [Mírnější systém smrti] property tests over the whole input space.

seeds = st.integers(0, 2**63 - 1)

death_inputs = st.fixed_dictionaries({
    "hours_since_death": st.floats(0, 100_000, allow_nan=False) | st.integers(0, 100_000),
    "body_destroyed": st.booleans(),
    "poisoned": st.booleans(),
    "died_before": st.booleans(),
    "healed_to_max_since": st.booleans(),
    "healed": st.integers(0, 100_000),
    "give_up_skill_points": st.booleans(),
})


@settings(max_examples=200, deadline=None)
@given(death_inputs, seeds)
def test_death_save_invariants(inputs: dict[str, Any], seed: int) -> None:
    try:
        outcome = health.death_save(SeededDice(seed), **inputs)
    except RuleError as error:
        assert inputs["healed_to_max_since"] and not inputs["died_before"]
        assert error.field == "healed_to_max_since"
        return
    result = outcome.result
    hopeless = inputs["body_destroyed"] or inputs["poisoned"]
    saveable = not hopeless and inputs["hours_since_death"] <= 24 and (
        not inputs["died_before"] or inputs["healed_to_max_since"])
    assert [r.label for r in outcome.rolls][:1] == (["survival"] if saveable else [])
    if hopeless:
        assert not result.alive and outcome.chance == 0
    if result.alive:
        assert result.hp >= 1 and result.fatigue_gained == 1
        assert result.hp == (inputs["healed"] or 1)
        assert (result.skill_points_lost == 5) is (result.reason == "gave-up-skill-points")
        if result.reason == "survived" and not inputs["healed"]:
            assert 1 <= result.unconscious_shifts <= 4
    else:
        assert (result.hp, result.fatigue_gained, result.unconscious_shifts) == (0, 0, None)
        assert not inputs["give_up_skill_points"] or hopeless
    assert outcome.chance in (0, Fraction(1, 2), 1)


DEFAULTS: dict[str, Any] = {
    "hours_since_death": 0, "body_destroyed": False, "poisoned": False, "died_before": False,
    "healed_to_max_since": False, "healed": 0, "give_up_skill_points": False,
}


@settings(max_examples=100, deadline=None)
@given(corrupted(DEFAULTS), seeds)
def test_any_input_gives_a_result_or_a_rule_error(inputs: dict[str, Any], seed: int) -> None:
    answers_or_refuses(health.death_save, inputs, seed)
