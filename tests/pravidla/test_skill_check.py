"""[Ověření dovedností] d20 + modifier + bonus − fatigue against the DC; NAT20 / NAT1."""

from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

from rpg.core.dice import ReplayDice, SeededDice
from rpg.core.errors import RuleError
from rpg.pravidla import checks
from rpg.pravidla.checks import skill_check
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


@pytest.mark.parametrize(("dice", "inputs", "total", "dc", "success", "critical"), [
    ([10], {}, 10, 10, True, None),                                   # "větší rovno" succeeds
    ([9], {}, 9, 10, False, None),                                    # "nižší" fails
    ([3], {"difficulty": "lehka", "modifier": 2}, 5, 5, True, None),
    ([12], {"difficulty": "tezka", "modifier": 2}, 14, 15, False, None),
    ([17], {"difficulty": "velmi-tezka", "modifier": 3}, 20, 20, True, None),
    ([11], {"dc": 13, "modifier": 1, "bonus": 1}, 13, 13, True, None),
    ([11], {"dc": 13, "modifier": 1, "bonus": -1}, 11, 13, False, None),
    ([14], {"modifier": 3, "fatigue": 4}, 13, 10, True, None),       # fatigue lowers the total
    ([9], {"modifier": 3, "fatigue": 3}, 9, 10, False, None),
    ([20], {"dc": 40, "modifier": -20}, 0, 40, True, "success"),     # NAT20 succeeds anyway
    ([1], {"dc": 1, "modifier": 20}, 21, 1, False, "failure"),       # NAT1 fails anyway
    ([19], {"untrained": True}, 19, 20, False, None),                 # always "velmi těžká"
    ([18], {"untrained": True, "modifier": 2}, 20, 20, True, None),
])
def test_skill_check_table(
    dice: list[int], inputs: dict[str, object], total: int, dc: int, success: bool,
    critical: str | None,
) -> None:
    result = skill_check(ReplayDice(dice), **inputs).result
    assert (result.natural, result.total, result.dc) == (dice[0], total, dc)
    assert (result.success, result.critical) == (success, critical)


@pytest.mark.parametrize(("dice", "inputs", "natural", "success"), [
    ([4, 15], {"advantage": True}, 15, True),             # keep the higher
    ([15, 4], {"disadvantage": True}, 4, False),          # keep the lower
    ([1, 20], {"advantage": True}, 20, True),
    ([1, 20], {"disadvantage": True}, 1, False),
])
def test_advantage_and_disadvantage(
    dice: list[int], inputs: dict[str, object], natural: int, success: bool
) -> None:
    outcome = skill_check(ReplayDice(dice), **inputs)
    assert (outcome.result.natural, outcome.result.success) == (natural, success)
    assert outcome.rolls[0].results == tuple(dice)
    assert outcome.rolls[0].total == natural


def test_advantage_and_disadvantage_cancel_to_one_die() -> None:
    outcome = skill_check(ReplayDice([12]), advantage=True, disadvantage=True)
    assert outcome.rolls[0].notation == "1d20"
    assert outcome.chance == Fraction(11, 20)


def test_difficulty_row_is_reported() -> None:
    assert skill_check(ReplayDice([5])).result.difficulty == "stredni"
    assert skill_check(ReplayDice([5]), dc=7).result.difficulty is None
    assert skill_check(ReplayDice([5]), untrained=True).result.difficulty == "velmi-tezka"


def test_text_in_both_languages() -> None:
    outcome = skill_check(ReplayDice([14]), modifier=3, difficulty="tezka")
    assert outcome.text.cs == ("Ověření dovednosti (těžká, obtížnost 15): 1d20 = 14 + 3 = 17 ≥ 15 "
                               "→ úspěch.")
    assert outcome.text.en == "Skill check (hard, DC 15): 1d20 = 14 + 3 = 17 ≥ 15 → success."
    natural = skill_check(ReplayDice([3, 20]), advantage=True, modifier=-2)
    assert natural.text.cs == ("Ověření dovednosti (střední, obtížnost 10): 1d20 s výhodou "
                               "(3, 20) = 20 − 2 = 18, přirozená 20 → kritický úspěch.")
    assert skill_check(ReplayDice([1])).text.en.endswith("natural 1 → critical failure.")
    # A negative total is written with the minus sign, as every negative term is.
    below = skill_check(ReplayDice([2]), modifier=-5)
    assert "1d20 = 2 − 5 = −3 < 10 → neúspěch." in below.text.cs
    assert "1d20 = 2 − 5 = −3 < 10 → failure." in below.text.en


@pytest.mark.parametrize("inputs", [
    {}, {"modifier": 3}, {"modifier": -4, "fatigue": 2}, {"dc": 40, "modifier": 20},
    {"dc": 1, "modifier": -20}, {"advantage": True, "modifier": 1},
    {"disadvantage": True, "difficulty": "tezka", "bonus": 4}, {"untrained": True, "fatigue": 9},
])
def test_exact_chance_against_enumeration(inputs: dict[str, object]) -> None:
    two = bool(inputs.get("advantage")) != bool(inputs.get("disadvantage"))
    expected = probability(skill_check, lambda o: o.result.success, **inputs)
    assert skill_check(ReplayDice([10, 10] if two else [10]), **inputs).chance == expected


@pytest.mark.parametrize(("inputs", "field"), [
    ({"dc": 12, "difficulty": "tezka"}, "dc"),
    ({"dc": 12, "untrained": True}, "dc"),
    ({"difficulty": "lehka", "untrained": True}, "difficulty"),
    ({"difficulty": "nemozna"}, "difficulty"),
    ({"dc": 0}, "dc"),
    ({"dc": 41}, "dc"),
    ({"fatigue": -1}, "fatigue"),
])
def test_contradictory_or_impossible_inputs(inputs: dict[str, object], field: str) -> None:
    with pytest.raises(RuleError) as caught:
        skill_check(ReplayDice([10]), **inputs)
    assert caught.value.field == field
    assert caught.value.message.cs and caught.value.message.en


def test_every_modifier_is_shown_even_when_they_cancel() -> None:
    # Section 2c: "1d20 = 14 + 2 − 2 (únava) = 14 ≥ 15", fatigue named as such.
    outcome = skill_check(ReplayDice([14]), modifier=2, fatigue=2, difficulty="tezka")
    assert outcome.text.cs == ("Ověření dovednosti (těžká, obtížnost 15): 1d20 = 14 + 2 − 2 "
                               "(únava) = 14 < 15 → neúspěch.")
    assert "1d20 = 14 + 2 − 2 (fatigue) = 14 < 15" in outcome.text.en
    bonus = skill_check(ReplayDice([9]), modifier=3, bonus=-1)
    assert "1d20 = 9 + 3 − 1 = 11 ≥ 10" in bonus.text.cs


def test_a_group_rolls_one_check_after_another() -> None:
    outcome = skill_check(ReplayDice([20, 9, 1, 12, 3]), modifier=1, difficulty="tezka", count=5)
    group = outcome.result
    assert [r.natural for r in group.each] == [20, 9, 1, 12, 3]
    assert [r.success for r in group.each] == [True, False, False, False, False]
    assert (group.summary.count, group.summary.successes) == (5, 1)
    assert outcome.chance == Fraction(7, 20)  # one roll's: 14..20 with +1
    p = Fraction(7, 20)
    assert group.successes_distribution == tuple(
        comb(5, k) * p**k * (1 - p) ** (5 - k) for k in range(6))
    assert sum(group.successes_distribution) == 1
    assert outcome.text.cs.startswith("Ověření dovednosti ×5 (těžká, obtížnost 15): 1. 1d20 = 20 "
                                      "+ 1 = 21, přirozená 20 → kritický úspěch; 2. ")
    assert outcome.text.cs.endswith("Úspěchů: 1 z 5.")


def test_a_group_distribution_matches_counting_every_dice_sequence() -> None:
    outcome = skill_check(ReplayDice([1] * 3), dc=12, count=3, fatigue=1)
    for k, p in enumerate(outcome.result.successes_distribution):
        assert p == probability(
            skill_check, lambda o, k=k: o.result.summary.successes == k, dc=12, count=3,
            fatigue=1)


@pytest.mark.parametrize("count", [0, 51])
def test_a_group_has_bounds(count: int) -> None:
    with pytest.raises(RuleError) as caught:
        skill_check(ReplayDice([]), count=count)
    assert caught.value.field == "count"


ADVANTAGE = ({}, {"advantage": True}, {"disadvantage": True},
              {"advantage": True, "disadvantage": True})


#: Golden vectors: inputs covering every branch of the rule, refusals included; the
#: calculators' JavaScript must give the engine's answer for each (tests/calculators).
GOLDEN: dict[str, list[dict[str, Any]]] = {
    "skill-check": [
        *({"difficulty": key} for key in checks.DIFFICULTIES),
        *({"modifier": 3, "bonus": -1, "fatigue": 2, **mode} for mode in ADVANTAGE),
        {}, {"dc": 1}, {"dc": 40, "modifier": 20, "bonus": 20}, {"untrained": True},
        {"dc": 12, "difficulty": "tezka"}, {"dc": 12, "untrained": True},
        {"difficulty": "lehka", "untrained": True},
        {"modifier": 2, "fatigue": 2, "difficulty": "tezka"},
        {"modifier": 1, "difficulty": "tezka", "count": 3}, {"count": 2, "advantage": True},
        {"count": 0}, {"count": 51},
    ],
}


# --- over HTTP -------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 7, 2024])
def test_get_and_post_agree_with_a_seed(client: FlaskClient, seed: int) -> None:
    body = get_and_post_agree(client, "skill-check",
                              {"modifier": 2, "difficulty": "tezka", "advantage": True}, seed)
    assert body["rolls"] and body["text"]
    assert body["rule"]["url"].startswith("/pravidla/")


@pytest.mark.parametrize(("body", "result", "chance"), [
    ({"modifier": 3, "dice": [7]},
     {"natural": 7, "total": 10, "dc": 10, "success": True, "critical": None,
      "difficulty": "stredni"}, 0.7),
    ({"untrained": True, "dice": [1]},
     {"natural": 1, "total": 1, "dc": 20, "success": False, "critical": "failure",
      "difficulty": "velmi-tezka"}, 0.05),
])
def test_physical_dice_over_http(
    client: FlaskClient, body: dict[str, object], result: dict[str, object], chance: float,
) -> None:
    answer = client.post("/api/v1/skill-check", json=body).get_json()
    assert answer["result"] == {**result, "next": []}
    assert answer["chance"] == pytest.approx(chance)
    assert answer["seed"] is None


@pytest.mark.parametrize(("body", "field"), [
    ({"dc": 12, "difficulty": "tezka"}, "dc"),
    ({"dc": 12, "untrained": True}, "dc"),
    ({"dc": 41}, "dc"),
    ({"difficulty": "extremni"}, "difficulty"),
    ({"modifier": 21}, "modifier"),
    ({"fatigue": 51}, "fatigue"),
])
def test_bad_input_is_a_422_naming_the_field(
    client: FlaskClient, body: dict[str, object], field: str
) -> None:
    refused(client, "skill-check", body, field)


def test_a_contradiction_says_what_to_change(client: FlaskClient) -> None:
    czech = client.get("/api/v1/skill-check?dc=12&difficulty=tezka").get_json()
    assert czech["message"] == ("Zadej buď „Obtížnost číslem (místo výběru)“ (12), nebo "
                                "„Obtížnost“ (těžká), ne obojí.")


def test_openapi_documents_the_bounds(client: FlaskClient) -> None:
    schema = input_schema(client, "skill-check")
    assert bounds(schema, "dc") == (1, 40)
    assert bounds(schema, "modifier") == (-20, 20)
    assert bounds(schema, "fatigue") == (0, 50)
    assert schema["properties"]["difficulty"]["enum"] == [
        "lehka", "stredni", "tezka", "velmi-tezka"]


# --- properties over the whole input space ------------------------------------------------------

dc_choices = st.one_of(
    st.tuples(st.integers(1, 40), st.none(), st.just(False)),
    st.tuples(st.none(), st.sampled_from(tuple(checks.DIFFICULTIES)), st.just(False)),
    st.tuples(st.none(), st.none(), st.booleans()),
)


@settings(max_examples=200, deadline=None)
@given(dc_choices, MODIFIERS, MODIFIERS, st.booleans(), st.booleans(), FATIGUES, SEEDS)
def test_skill_check_invariants(
    dc_choice: tuple[int | None, str | None, bool], modifier: int, bonus: int, advantage: bool,
    disadvantage: bool, fatigue: int, seed: int,
) -> None:
    dc, difficulty, untrained = dc_choice
    outcome = skill_check(SeededDice(seed), modifier=modifier, dc=dc, difficulty=difficulty,
                          bonus=bonus, advantage=advantage, disadvantage=disadvantage,
                          untrained=untrained, fatigue=fatigue)
    result = outcome.result
    expected_dc = dc if dc is not None else checks.DIFFICULTIES[
        "velmi-tezka" if untrained else difficulty or "stredni"]
    assert result.dc == expected_dc
    check_d20(result, outcome.rolls, expected_dc, modifier + bonus - fatigue, advantage,
              disadvantage)
    assert outcome.chance is not None
    chance_bounds(outcome.chance, advantage, disadvantage)


@settings(max_examples=200, deadline=None)
@given(st.none() | ANY_INTS, st.none() | st.text(max_size=12)
       | st.sampled_from(tuple(checks.DIFFICULTIES)), st.booleans(), ANY_INTS)
def test_skill_check_any_input_is_a_result_or_a_rule_error(
    dc: int | None, difficulty: str | None, untrained: bool, fatigue: int
) -> None:
    try:
        outcome = skill_check(SeededDice(1), dc=dc, difficulty=difficulty, untrained=untrained,
                              fatigue=fatigue)
    except RuleError as error:
        assert error.field in ("dc", "difficulty", "fatigue")
        assert error.message.cs and error.message.en
    else:
        assert checks.DC_MIN <= outcome.result.dc <= checks.DC_MAX
        assert fatigue >= 0
        assert (dc is None) or (difficulty is None and not untrained)


@settings(max_examples=25, deadline=None)
@given(st.fixed_dictionaries({
    "modifier": MODIFIERS, "bonus": MODIFIERS, "advantage": st.booleans(),
    "disadvantage": st.booleans(), "fatigue": FATIGUES}, optional={"dc": st.integers(1, 40)}),
    SEEDS, st.sampled_from(["cs", "en"]))
def test_every_answer_conforms_to_its_documented_result(
    app: Flask, inputs: dict[str, Any], seed: int, lang: str
) -> None:
    conforms(app, "skill-check", inputs, seed, lang)
