"""x in y: [Jiné metody řešení nejasných situací], [Pasti] 2 z 6, [Putující monstra] 1 z 6."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest

from rpg.core.dice import ReplayDice
from rpg.core.errors import RuleError
from rpg.core.outcome import Outcome
from rpg.pravidla.checks import chance, trap, wandering_monsters
from tests.enumeration import outcomes


@pytest.mark.parametrize(("procedure", "inputs", "die", "roll", "success"), [
    (trap, {}, 6, 2, True),                             # default 2 in 6
    (trap, {}, 6, 3, False),
    (wandering_monsters, {}, 6, 1, True),               # default 1 in 6
    (wandering_monsters, {}, 6, 2, False),
    (chance, {}, 6, 1, True),                           # default 1 in 6
    (chance, {}, 6, 6, False),
    (chance, {"x": 2, "y": 6}, 6, 2, True),
    (chance, {"x": 3}, 6, 3, True),                     # y keeps its default 6
    (chance, {"y": 4}, 4, 2, False),                    # x keeps its default 1
    (chance, {"percent": 30}, 100, 30, True),           # percent on a d100
    (chance, {"percent": 30}, 100, 31, False),
    (chance, {"percent": 100}, 100, 100, True),
    (trap, {"x": 1, "y": 2}, 2, 2, False),
    (wandering_monsters, {"x": 100, "y": 100}, 100, 100, True),
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
    sprung = trap(ReplayDice([2]))
    assert sprung.rolls[0].label == "trap"
    assert sprung.text.cs == "Past (2 z 6): 1d6 = 2 ≤ 2 → spustí se."
    assert sprung.text.en == "Trap (2 in 6): 1d6 = 2 ≤ 2 → it is sprung."
    quiet = wandering_monsters(ReplayDice([5]))
    assert quiet.rolls[0].label == "wandering-monsters"
    assert quiet.text.cs == "Putující monstra (1 z 6): 1d6 = 5 > 1 → nic se neděje."
    assert chance(ReplayDice([42]), percent=40).text.cs == (
        "Šance (40 %): 1d100 = 42 > 40 → neúspěch.")


@pytest.mark.parametrize(("procedure", "inputs", "expected"), [
    (trap, {}, Fraction(1, 3)),
    (wandering_monsters, {}, Fraction(1, 6)),
    (chance, {}, Fraction(1, 6)),
    (chance, {"x": 3, "y": 7}, Fraction(3, 7)),
    (chance, {"percent": 35}, Fraction(7, 20)),
    (trap, {"x": 5, "y": 5}, Fraction(1)),
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
    (trap, {"y": 1, "x": 1}, "y"),
    (trap, {"y": 101}, "y"),
    (wandering_monsters, {"x": 4, "y": 3}, "x"),
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
    "trap": [{}, {"x": 6, "y": 6}, {"x": 1, "y": 2}, {"x": 3, "y": 2}],
    "wandering-monsters": [{}, {"x": 2, "y": 8}, {"x": 9, "y": 8}],
}
