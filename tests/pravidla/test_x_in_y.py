"""x in y: [Jiné metody řešení nejasných situací], the GM's odds (the dungeon's rows of odds,
[Pasti] and [Putující monstra], have tests of their own)."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest

from rpg.core.dice import ReplayDice
from rpg.core.errors import RuleError
from rpg.core.outcome import Outcome
from rpg.pravidla.checks import chance
from tests.enumeration import outcomes


@pytest.mark.parametrize(("procedure", "inputs", "die", "roll", "success"), [
    (chance, {}, 6, 1, True),                           # default 1 in 6
    (chance, {}, 6, 6, False),
    (chance, {"x": 2, "y": 6}, 6, 2, True),
    (chance, {"x": 3}, 6, 3, True),                     # y keeps its default 6
    (chance, {"y": 4}, 4, 2, False),                    # x keeps its default 1
    (chance, {"percent": 30}, 100, 30, True),           # percent on a d100
    (chance, {"percent": 30}, 100, 31, False),
    (chance, {"percent": 100}, 100, 100, True),
])
def test_x_in_y_table(
    procedure: Callable[..., Outcome], inputs: dict[str, int], die: int, roll: int,
    success: bool,
) -> None:
    outcome = procedure(ReplayDice([roll]), **inputs)
    assert (outcome.result.roll, outcome.result.success) == (roll, success)
    assert outcome.rolls[0].notation == f"1d{die}"
    assert outcome.result.y == die


def test_labels_and_texts() -> None:
    assert chance(ReplayDice([2])).rolls[0].label == "chance"
    assert chance(ReplayDice([42]), percent=40).text.cs == (
        "Šance (40 %): 1d100 = 42 > 40 → neúspěch.")


@pytest.mark.parametrize(("procedure", "inputs", "expected"), [
    (chance, {}, Fraction(1, 6)),
    (chance, {"x": 3, "y": 7}, Fraction(3, 7)),
    (chance, {"percent": 35}, Fraction(7, 20)),
])
def test_exact_chance_against_enumeration(
    procedure: Callable[..., Outcome], inputs: dict[str, int], expected: Fraction
) -> None:
    counted = sum(w for w, o in outcomes(procedure, **inputs) if o.result.success)
    assert counted == expected
    assert procedure(ReplayDice([1]), **inputs).chance == expected


@pytest.mark.parametrize(("procedure", "inputs", "field"), [
    (chance, {"percent": 30, "x": 2}, "percent"),
    (chance, {"percent": 30, "y": 6}, "percent"),
    (chance, {"percent": 0}, "percent"),
    (chance, {"percent": 101}, "percent"),
    (chance, {"x": 7}, "x"),
    (chance, {"x": 0}, "x"),
])
def test_impossible_odds(
    procedure: Callable[..., Outcome], inputs: dict[str, int], field: str
) -> None:
    with pytest.raises(RuleError) as caught:
        procedure(ReplayDice([1]), **inputs)
    assert caught.value.field == field


#: Golden vectors: inputs covering every branch of the rule, refusals included; the
#: calculators' JavaScript must give the engine's answer for each (tests/calculators).
GOLDEN: dict[str, list[dict[str, Any]]] = {
    "chance": [
        {}, {"x": 3, "y": 6}, {"x": 1, "y": 100}, {"x": 2, "y": 2}, {"percent": 25},
        {"percent": 100}, {"x": 7, "y": 6}, {"x": 0, "y": 6}, {"percent": 5, "x": 1},
    ],
}
