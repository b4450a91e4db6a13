"""[Únava] a level for each reason, a penalty equal to it, a save vs death at 7 or more."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from rpg.core.dice import ReplayDice
from rpg.core.errors import RuleError
from rpg.pravidla.health import fatigue
from tests.enumeration import probability


@pytest.mark.parametrize(("level", "reasons", "new_level"), [
    (0, [], 0),
    (3, ["no-sleep", "illness"], 5),
    (0, ["no-food-or-water", "no-food-or-water"], 2),   # two days without food: two levels
    (50, ["ritual"] * 100, 150),
])
def test_each_reason_adds_a_level_and_the_penalty_equals_it(
    level: int, reasons: list[str], new_level: int
) -> None:
    outcome = fatigue(ReplayDice([]), level=level, reasons=reasons, in_civilization=True)
    result = outcome.result
    assert (result.level, result.penalty, result.recovery_days) == (
        new_level, new_level, new_level)
    assert outcome.rolls == ()


@pytest.mark.parametrize(("level", "in_civilization", "required"), [
    (6, False, False), (7, False, True), (12, False, True), (7, True, False), (50, True, False),
])
def test_a_save_is_required_from_seven_except_in_civilization(
    level: int, in_civilization: bool, required: bool
) -> None:
    result = fatigue(ReplayDice([]), level=level, in_civilization=in_civilization).result
    assert result.death_save_required is required
    assert result.dies is (None if required else False)


@pytest.mark.parametrize(("natural", "modifier", "level", "target", "dies"), [
    (17, 0, 7, 10, False),     # 17 − 7 = 10 ≥ 10
    (16, 0, 7, 10, True),      # 16 − 7 = 9 < 10
    (15, 2, 7, 10, False),     # the modifier counts
    (20, -20, 50, 30, False),  # natural 20 always survives
    (1, 20, 7, 1, True),       # natural 1 always dies
])
def test_the_save_vs_death_subtracts_the_level(
    natural: int, modifier: int, level: int, target: int, dies: bool
) -> None:
    outcome = fatigue(ReplayDice([natural]), level=level, save_target=target, modifier=modifier)
    assert outcome.result.dies is dies
    assert outcome.result.natural == natural
    assert outcome.result.save_total == natural + modifier - level
    assert [(r.label, r.notation) for r in outcome.rolls] == [("death-save", "1d20")]


def test_reasons_count_before_the_save() -> None:
    outcome = fatigue(ReplayDice([12]), level=6, reasons=["survived-death"], save_target=10,
                      modifier=1)
    assert outcome.result.level == 7 and outcome.result.dies is True
    assert outcome.text.cs == (
        "Únava 6 + 1 = 7: postih −7 k útoku, poškození silou, OČ, záchranným hodům a ověřením "
        "dovedností; v civilizaci 7 dní do nuly. Záchranný hod proti smrti: "
        "1d20 = 12 + 1 − 7 = 6 < 10 → umírá.")
    assert outcome.text.en.endswith("Save vs death: 1d20 = 12 + 1 − 7 = 6 < 10 → dies.")
    assert outcome.rule.section == "smrt-na-unavu"


@pytest.mark.parametrize(("natural", "modifier", "written_cs", "written_en"), [
    (3, 0, "1d20 = 3 − 7 = −4 < 10 → umírá.", "1d20 = 3 − 7 = −4 < 10 → dies."),
    (2, -4, "1d20 = 2 − 4 − 7 = −9 < 10 → umírá.", "1d20 = 2 − 4 − 7 = −9 < 10 → dies."),
    (7, 0, "1d20 = 7 − 7 = 0 < 10 → umírá.", "1d20 = 7 − 7 = 0 < 10 → dies."),
])
def test_a_negative_save_total_is_written_with_the_minus_sign(
    natural: int, modifier: int, written_cs: str, written_en: str
) -> None:
    outcome = fatigue(ReplayDice([natural]), level=7, save_target=10, modifier=modifier)
    assert outcome.text.cs.endswith("Záchranný hod proti smrti: " + written_cs)
    assert outcome.text.en.endswith("Save vs death: " + written_en)
    assert "-" not in outcome.text.cs.split(":", 2)[-1]


def test_no_roll_below_seven_or_in_civilization_even_with_a_target() -> None:
    for inputs in ({"level": 6}, {"level": 9, "in_civilization": True}):
        outcome = fatigue(ReplayDice([]), save_target=10, **inputs)
        assert (outcome.rolls, outcome.chance, outcome.result.dies) == ((), None, False)


@pytest.mark.parametrize(("level", "modifier", "target"), [
    (7, 0, 10), (7, 5, 10), (12, -3, 15), (50, 20, 30), (7, 20, 1),
])
def test_chance_of_surviving_against_enumeration(level: int, modifier: int, target: int) -> None:
    inputs = {"level": level, "modifier": modifier, "save_target": target}
    expected = probability(fatigue, lambda o: o.result.dies is False, **inputs)
    assert fatigue(ReplayDice([10]), **inputs).chance == expected


def test_chance_at_seven_with_save_ten() -> None:
    assert fatigue(ReplayDice([10]), level=7, save_target=10).chance == Fraction(4, 20)


@pytest.mark.parametrize(("inputs", "field"), [
    ({"level": -1}, "level"), ({"level": 51}, "level"), ({"level": 1, "reasons": ["tired"]},
                                                         "reasons"),
    ({"level": 1, "reasons": ["ritual"] * 101}, "reasons"),
    ({"level": 1, "save_target": 0}, "save_target"), ({"level": 1, "modifier": 21}, "modifier"),
    ({"level": 1, "in_civilization": 1}, "in_civilization"),
])
def test_invalid_inputs_name_the_field(inputs: dict[str, object], field: str) -> None:
    with pytest.raises(RuleError) as caught:
        fatigue(ReplayDice([]), **inputs)
    assert caught.value.field == field


#: Golden vectors: inputs covering every branch of the rule, refusals included; the
#: calculators' JavaScript must give the engine's answer for each (tests/calculators).
GOLDEN: dict[str, list[dict[str, Any]]] = {
    "fatigue": [
        {"level": 0}, {"level": 1}, {"level": 2}, {"level": 5}, {"level": 6},
        {"level": 0, "reasons": ["no-sleep"]},
        {"level": 3, "reasons": ["illness", "ritual", "illness"]},
        {"level": 6, "reasons": ["survived-death"]},
        {"level": 7}, {"level": 9, "in_civilization": True},
        {"level": 6, "reasons": ["forced-march"], "in_civilization": True, "save_target": 10},
        {"level": 5, "save_target": 10},
        # the save vs death: modifiers of both signs and none, criticals at the extremes
        *({"level": level, "save_target": target, "modifier": modifier}
          for level, target, modifier in ((7, 10, 0), (7, 12, -4), (8, 15, 3), (12, 5, -20),
                                          (50, 30, 20), (7, 1, 20))),
        {"level": 6, "reasons": ["no-rest-24h", "no-food-or-water"], "save_target": 14,
         "modifier": 2},
        {"level": 2, "reasons": ["no-sleep", "hunger"]},
        {"level": 2, "reasons": ["Bez spánku"]},
    ],
}
