"""[Pasti] "Převážná většina pastí má šanci na spuštění 2 z 6-ti": a row of odds."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from flask.testing import FlaskClient

from rpg.core.dice import ReplayDice
from rpg.core.errors import RuleError
from rpg.pravidla.dungeon import trap
from tests.enumeration import outcomes


@pytest.mark.parametrize(("inputs", "die", "roll", "sprung"), [
    ({}, 6, 2, True),                   # default 2 in 6
    ({}, 6, 3, False),
    ({"x": 1, "y": 2}, 2, 2, False),
])
def test_a_trap_is_sprung_on_x_in_y(
    inputs: dict[str, int], die: int, roll: int, sprung: bool
) -> None:
    outcome = trap(ReplayDice([roll]), **inputs)
    assert (outcome.result.roll, outcome.result.success) == (roll, sprung)
    assert outcome.rolls[0].notation == f"1d{die}"
    assert outcome.result.y == die


def test_text_and_roll_label() -> None:
    sprung = trap(ReplayDice([2]))
    assert sprung.rolls[0].label == "trap"
    assert sprung.text.cs == "Past (2 z 6): 1d6 = 2 ≤ 2 → spustí se."
    assert sprung.text.en == "Trap (2 in 6): 1d6 = 2 ≤ 2 → it is sprung."
    assert sprung.rule.url == "/pravidla/pruzkum-kobek/#pasti"


@pytest.mark.parametrize(("inputs", "expected"), [
    ({}, Fraction(1, 3)), ({"x": 5, "y": 5}, Fraction(1)),
])
def test_exact_chance_against_enumeration(inputs: dict[str, int], expected: Fraction) -> None:
    counted = sum(w for w, o in outcomes(trap, **inputs) if o.result.success)
    assert counted == expected
    assert trap(ReplayDice([1]), **inputs).chance == expected


@pytest.mark.parametrize(("inputs", "field"), [
    ({"y": 1, "x": 1}, "y"), ({"y": 101}, "y"), ({"x": 3, "y": 2}, "x"),
])
def test_impossible_odds(inputs: dict[str, int], field: str) -> None:
    with pytest.raises(RuleError) as caught:
        trap(ReplayDice([1]), **inputs)
    assert caught.value.field == field


def test_the_api_answers_with_the_rows_default(client: FlaskClient) -> None:
    answer = client.get("/api/v1/trap?dice=2").get_json()
    assert answer["result"] == {"roll": 2, "success": True, "x": 2, "y": 6, "next": []}
    assert answer["chance"] == pytest.approx(1 / 3)


#: Golden vectors: inputs covering every branch of the rule, refusals included; the
#: calculators' JavaScript must give the engine's answer for each (tests/calculators).
GOLDEN: dict[str, list[dict[str, Any]]] = {
    "trap": [{}, {"x": 6, "y": 6}, {"x": 1, "y": 2}, {"x": 3, "y": 2}],
}
