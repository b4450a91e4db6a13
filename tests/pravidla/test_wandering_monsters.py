"""[Putující monstra] "Šance na setkání s putujícím monstrem je většinou 1 z 6-ti": a row of
odds, the same one the dungeon turn rolls."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from flask.testing import FlaskClient

from rpg.core.dice import ReplayDice
from rpg.core.errors import RuleError
from rpg.pravidla.dungeon import WANDERING_MONSTERS, wandering_monsters
from tests.enumeration import outcomes


@pytest.mark.parametrize(("inputs", "die", "roll", "met"), [
    ({}, 6, 1, True),                   # default 1 in 6
    ({}, 6, 2, False),
    ({"x": 100, "y": 100}, 100, 100, True),
])
def test_a_wandering_monster_comes_on_x_in_y(
    inputs: dict[str, int], die: int, roll: int, met: bool
) -> None:
    outcome = wandering_monsters(ReplayDice([roll]), **inputs)
    assert (outcome.result.roll, outcome.result.success) == (roll, met)
    assert outcome.rolls[0].notation == f"1d{die}"
    assert outcome.result.y == die


def test_text_and_roll_label() -> None:
    quiet = wandering_monsters(ReplayDice([5]))
    assert quiet.rolls[0].label == "wandering-monsters" == WANDERING_MONSTERS.key
    assert quiet.text.cs == "Putující monstra (1 z 6): 1d6 = 5 > 1 → nic se neděje."
    assert quiet.rule.url == "/pravidla/pruzkum-kobek/#putujici-monstra"


def test_exact_chance_against_enumeration() -> None:
    counted = sum(w for w, o in outcomes(wandering_monsters) if o.result.success)
    assert counted == Fraction(1, 6) == wandering_monsters(ReplayDice([1])).chance


@pytest.mark.parametrize(("inputs", "field"), [({"x": 4, "y": 3}, "x"), ({"x": 0}, "x")])
def test_impossible_odds(inputs: dict[str, int], field: str) -> None:
    with pytest.raises(RuleError) as caught:
        wandering_monsters(ReplayDice([1]), **inputs)
    assert caught.value.field == field


def test_the_api_answers_with_the_rows_default(client: FlaskClient) -> None:
    answer = client.get("/api/v1/wandering-monsters?dice=2").get_json()
    assert answer["result"] == {"roll": 2, "success": False, "x": 1, "y": 6, "next": []}
    assert answer["chance"] == pytest.approx(1 / 6)


#: Golden vectors: inputs covering every branch of the rule, refusals included; the
#: calculators' JavaScript must give the engine's answer for each (tests/calculators).
GOLDEN: dict[str, list[dict[str, Any]]] = {
    "wandering-monsters": [{}, {"x": 2, "y": 8}, {"x": 9, "y": 8}],
}
