"""[Rychlé cestování] supplies per mouth a day, summary damage, 1d4 encounters after 5 days."""

from __future__ import annotations

from typing import Any

import pytest

from rpg.core.dice import ReplayDice
from rpg.core.errors import RuleError
from rpg.pravidla.wilderness import fast_travel


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
