"""[Záchranné hody] d20 + modifiers against the number on the sheet; NAT1 fails, NAT20 saves."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from rpg.core.dice import ReplayDice
from rpg.core.errors import RuleError
from rpg.pravidla import checks
from rpg.pravidla.checks import saving_throw
from tests.enumeration import probability


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
