"""[Přenocování v divočině] a d6 per need (food, water, shelter), 4+ meets it; pay per failure."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from rpg.core.dice import ReplayDice
from rpg.core.errors import RuleError
from rpg.pravidla import wilderness
from rpg.pravidla.wilderness import camping
from tests.enumeration import probability


def met(outcome: object) -> list[bool]:
    return [need.met for need in outcome.result.needs]  # type: ignore[attr-defined]


@pytest.mark.parametrize(("dice", "bonuses", "expected"), [
    ([4, 4, 4], [], [True, True, True]),
    ([3, 3, 3], [], [False, False, False]),
    ([6, 1, 5], [], [True, False, True]),
    ([3, 3, 3], ["water"], [False, True, False]),                 # 3 + 1 ≥ 4
    ([2, 3, 1], ["food", "food", "shelter"], [True, False, False]),  # bonuses add up
    ([1, 1, 1], ["shelter"] * 3, [False, False, True]),
])
def test_a_need_is_met_on_d6_plus_bonuses_of_four_or_more(
    dice: list[int], bonuses: list[str], expected: list[bool]
) -> None:
    outcome = camping(ReplayDice(dice), bonuses=bonuses)
    assert met(outcome) == expected
    assert [r.label for r in outcome.rolls] == ["food", "water", "shelter"]
    assert [n.roll for n in outcome.result.needs] == dice
    assert [n.bonus for n in outcome.result.needs] == [
        bonuses.count(need) for need in ("food", "water", "shelter")]
    assert outcome.result.failures == expected.count(False)


def test_covered_needs_are_not_rolled_and_keep_the_order() -> None:
    outcome = camping(ReplayDice([2, 5]), covered=["water"])
    assert [r.label for r in outcome.rolls] == ["food", "shelter"]
    assert [(n.need, n.roll, n.met, n.covered) for n in outcome.result.needs] == [
        ("food", 2, False, False), ("water", None, True, True), ("shelter", 5, True, False)]


def test_a_dungeon_fails_every_need_not_covered_without_dice() -> None:
    outcome = camping(ReplayDice([]), location="dungeon", bonuses=["food"])
    assert outcome.rolls == ()
    assert met(outcome) == [False, False, False]
    assert outcome.result.failures == 3
    assert outcome.chance == 0
    assert outcome.rule.section == "prenocovani-v-kobce"


def test_alternative_sources_spare_a_dungeon_failure() -> None:
    outcome = camping(ReplayDice([]), location="dungeon", covered=["water", "shelter"])
    assert met(outcome) == [False, True, True]
    assert outcome.result.failures == 1


@pytest.mark.parametrize(("dice", "supplies", "travelers", "pay", "used", "left", "fatigue"), [
    ([1, 1, 1], 9, 3, "supplies-first", 9, 0, 0),    # three failures, three × 3 supplies
    ([1, 1, 1], 7, 3, "supplies-first", 6, 1, 1),    # the third failure finds only 1 supply
    ([1, 1, 6], 5, 3, "supplies-first", 3, 2, 1),    # enough for one failure of two
    ([1, 1, 6], 0, 1, "supplies-first", 0, 0, 2),
    ([1, 6, 6], 10, 1, "fatigue", 0, 10, 1),         # fatigue for all, supplies kept
    ([6, 6, 6], 4, 2, "supplies-first", 0, 4, 0),
    ([1, 1, 1], 100, 100, "supplies-first", 100, 0, 2),
])
def test_each_failure_costs_every_traveler_a_supply_or_a_fatigue(
    dice: list[int], supplies: int, travelers: int, pay: str, used: int, left: int,
    fatigue: int,
) -> None:
    result = camping(ReplayDice(dice), supplies=supplies, travelers=travelers, pay=pay).result
    assert (result.supplies_used, result.supplies_left, result.fatigue_gained) == (
        used, left, fatigue)


@pytest.mark.parametrize(("dice", "pay", "supplies", "used", "fatigue", "each"), [
    # "Za každou neúspěšně opatřenou potřebu si pak hráči mohou vybrat": one choice per failure,
    # in the order of the failed needs.
    ([1, 1, 1], ["fatigue", "supplies", "fatigue"], 10, 2, 2,
     "jídlo: únava, voda: zásoby, útočiště: únava"),
    ([1, 6, 1], ["supplies", "fatigue"], 10, 2, 1, "jídlo: zásoby, útočiště: únava"),
    # beyond the list, a failure is paid as supplies-first
    ([1, 1, 1], ["fatigue"], 10, 4, 1, "jídlo: únava, voda: zásoby, útočiště: zásoby"),
    ([1, 1, 1], ["supplies"], 3, 2, 2, "jídlo: zásoby, voda: únava, zásoby nestačí, útočiště: "
                                       "únava, zásoby nestačí"),
    # a supplies choice with too few supplies left is paid with fatigue, and the text says so
    ([1, 1, 6], ["supplies", "supplies"], 3, 2, 1, "jídlo: zásoby, voda: únava, zásoby nestačí"),
    ([1, 1, 6], "fatigue, supplies", 1, 0, 2, "jídlo: únava, voda: únava, zásoby nestačí"),
])
def test_the_players_choose_for_each_failed_need(
    dice: list[int], pay: object, supplies: int, used: int, fatigue: int, each: str
) -> None:
    outcome = camping(ReplayDice(dice), supplies=supplies, travelers=2, pay=pay)
    result = outcome.result
    assert (result.supplies_used, result.supplies_left, result.fatigue_gained) == (
        used, supplies - used, fatigue)
    assert f"({each}) → " in outcome.text.cs


def test_no_choices_are_supplies_first() -> None:
    assert camping(ReplayDice([1, 1, 1]), supplies=3, travelers=2, pay=[]).text == camping(
        ReplayDice([1, 1, 1]), supplies=3, travelers=2).text


def test_a_choice_for_each_failure_in_english() -> None:
    outcome = camping(ReplayDice([1, 1, 6]), supplies=1, pay=["fatigue", "supplies"])
    assert outcome.text.en.endswith(
        "2 failures (food: fatigue, water: supplies) → supplies −1 (0 left), fatigue +1 for "
        "each traveler.")


@pytest.mark.parametrize(("pay", "choices"), [
    ("supplies-first", ["supplies"] * 3), ("fatigue", ["fatigue"] * 3),
])
def test_a_way_to_pay_is_the_same_choice_for_every_failure(pay: str, choices: list[str]) -> None:
    for supplies in (0, 2, 5):
        way = camping(ReplayDice([1, 1, 1]), supplies=supplies, travelers=2, pay=pay).result
        chosen = camping(ReplayDice([1, 1, 1]), supplies=supplies, travelers=2,
                         pay=choices).result
        assert way == chosen


@pytest.mark.parametrize("pay", [["supplies"] * 4, ["gold"], "gold", ["supplies-first"], 3])
def test_a_wrong_way_to_pay_names_both_forms(pay: object) -> None:
    with pytest.raises(RuleError) as caught:
        camping(ReplayDice([1, 1, 1]), pay=pay)
    assert caught.value.field == "pay"
    assert caught.value.message.cs.startswith(
        "'pay' musí být supplies-first / fatigue, nebo seznam nejvýše 3 voleb z: supplies, "
        "fatigue; ne ")


def test_text_shows_each_die_and_the_price() -> None:
    outcome = camping(ReplayDice([5, 2, 3]), bonuses=["water"], supplies=5, travelers=3)
    assert outcome.text.cs == (
        "Přenocování v divočině: jídlo 1d6 = 5 ≥ 4 → obstaráno; voda 1d6 = 2 + 1 = 3 < 4 → "
        "neobstaráno; útočiště 1d6 = 3 < 4 → neobstaráno. 2 neúspěchy → zásoby −3 (zbývá 2), "
        "únava +1 pro každého cestujícího.")
    assert outcome.text.en.startswith("Camping in the wilderness: food 1d6 = 5 ≥ 4 → met;")
    assert camping(ReplayDice([4, 4, 4])).text.cs.endswith("Vše obstaráno, nic se neplatí.")


@pytest.mark.parametrize(("location", "bonuses", "covered"), [
    ("wilderness", [], []),
    ("wilderness", ["food"], []),
    ("wilderness", ["food", "food", "food", "water"], ["shelter"]),
    ("wilderness", [], ["food", "water", "shelter"]),
    ("dungeon", [], ["food", "water", "shelter"]),
    ("dungeon", [], ["food"]),
])
def test_chance_of_all_three_needs_against_enumeration(
    location: str, bonuses: list[str], covered: list[str]
) -> None:
    inputs = {"location": location, "bonuses": bonuses, "covered": covered}
    expected = probability(camping, lambda o: o.result.failures == 0, **inputs)
    dice = [6] * (3 - len(covered)) if location == "wilderness" else []
    assert camping(ReplayDice(dice), **inputs).chance == expected


def test_chance_without_bonuses_is_one_eighth() -> None:
    assert camping(ReplayDice([1, 1, 1])).chance == Fraction(1, 8)


@pytest.mark.parametrize(("inputs", "field"), [
    ({"location": "cave"}, "location"),
    ({"bonuses": ["beer"]}, "bonuses"),
    ({"covered": ["sleep"]}, "covered"),
    ({"supplies": -1}, "supplies"),
    ({"travelers": 0}, "travelers"),
    ({"travelers": 101}, "travelers"),
    ({"pay": "gold"}, "pay"),
])
def test_invalid_inputs_name_the_field(inputs: dict[str, object], field: str) -> None:
    with pytest.raises(RuleError) as caught:
        camping(ReplayDice([1, 1, 1]), **inputs)
    assert caught.value.field == field


#: Golden vectors: inputs covering every branch of the rule, refusals included; the
#: calculators' JavaScript must give the engine's answer for each (tests/calculators).
GOLDEN: dict[str, list[dict[str, Any]]] = {
    "camping": [
        *({"bonuses": bonuses} for bonuses in (
            [], ["food"], ["water", "water"], ["shelter", "food", "shelter", "shelter"],
            ["food"] * 7)),
        *({"covered": covered, "bonuses": ["water"]}
          for covered in (["food"], ["water", "shelter"], ["shelter", "shelter"],
                          ["food", "water", "shelter"])),
        *({"supplies": supplies, "travelers": travelers, "pay": pay}
          for supplies, travelers in ((0, 1), (5, 2), (7, 3), (100_000, 100))
          for pay in wilderness.PAYMENTS),
        *({"location": "dungeon", "covered": covered, "supplies": 4, "travelers": 2, "pay": pay}
          for covered in ([], ["water"], ["food", "water", "shelter"])
          for pay in wilderness.PAYMENTS),
        *({"pay": pay, "supplies": supplies, "travelers": 2}
          for pay in (["fatigue", "supplies", "fatigue"], ["supplies", "fatigue"], ["fatigue"],
                      [], ["supplies", "supplies", "supplies"], "fatigue, supplies")
          for supplies in (0, 3, 10)),
        {"location": "dungeon", "pay": ["supplies", "fatigue"], "supplies": 2},
        {"pay": ["supplies"] * 4}, {"pay": ["gold"]}, {"pay": ["supplies-first"]},
        {"location": "dungeon", "bonuses": ["food", "food"]},
        {"location": "cave"}, {"pay": "gold"}, {"bonuses": ["food", "wood"]},
        {"covered": ["food", "water", "shelter", "food"]}, {"covered": ["fire"]},
        {"bonuses": ["food"] * 101}, {"supplies": -1}, {"supplies": 100_001},
        {"travelers": 0}, {"travelers": 101},
    ],
}
