"""[Zničení magických předmětů] one save per item with the owner's statistics and its bonus."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from rpg.core.dice import ReplayDice
from rpg.core.errors import RuleError
from rpg.pravidla.checks import MagicItem, magic_items
from tests.enumeration import outcomes, probability

ITEMS = [{"name": "Meč +2", "bonus": 2}, {"name": "Prsten"}, MagicItem("Zbroj +1", 1)]


def test_one_save_per_item_in_list_order() -> None:
    outcome = magic_items(ReplayDice([8, 11, 12]), target=12, items=ITEMS, modifier=2)
    saves = outcome.result.items
    assert [s.name for s in saves] == ["Meč +2", "Prsten", "Zbroj +1"]
    assert [(s.natural, s.total, s.survives) for s in saves] == [
        (8, 12, True), (11, 13, True), (12, 15, True)]
    assert [r.label for r in outcome.rolls] == ["magic-item"] * 3
    assert outcome.result.survived == 3
    assert outcome.chance is None


@pytest.mark.parametrize(("dice", "inputs", "survives"), [
    ([9], {"bonus": 2}, True),                     # the owner's bonus against the effect counts
    ([9], {"bonus": 2, "fatigue": 1}, False),      # fatigue lowers the save
    ([7], {"modifier": 1, "bonus": -1}, False),
    ([1], {"modifier": 20}, False),                # NAT1 destroys it
    ([20], {"modifier": -20}, True),               # NAT20 saves it
])
def test_owner_modifiers_natural_rules_and_fatigue(
    dice: list[int], inputs: dict[str, object], survives: bool
) -> None:
    outcome = magic_items(ReplayDice(dice), target=11, items=[{"name": "Hůl", "bonus": 0}],
                          **inputs)
    assert outcome.result.items[0].survives is survives
    assert outcome.result.survived == int(survives)


def test_item_bonus_is_added_to_its_own_save_only() -> None:
    outcome = magic_items(ReplayDice([10, 10]), target=12,
                          items=[{"name": "Meč +2", "bonus": 2}, {"name": "Lektvar", "bonus": 0}])
    assert [s.survives for s in outcome.result.items] == [True, False]
    assert [s.chance for s in outcome.result.items] == [Fraction(11, 20), Fraction(9, 20)]


def test_text_lists_every_item() -> None:
    outcome = magic_items(ReplayDice([5, 15]), target=12,
                          items=[{"name": "Meč", "bonus": 2}, {"name": "Prsten"}])
    assert outcome.text.cs == ("Magické předměty (záchrana 12): Meč: 1d20 = 5 + 2 = 7 < 12 → "
                               "zničen; Prsten: 1d20 = 15 ≥ 12 → přežil. Přežilo 1 z 2.")
    assert outcome.text.en.endswith("1 of 2 survive.")


@pytest.mark.parametrize(("modifier", "item_bonus", "fatigue"), [(0, 0, 0), (3, 2, 1), (-5, 0, 4)])
def test_each_item_chance_against_enumeration(
    modifier: int, item_bonus: int, fatigue: int
) -> None:
    inputs = {"target": 13, "modifier": modifier, "fatigue": fatigue,
              "items": [{"name": "a", "bonus": item_bonus}, {"name": "b", "bonus": 0}]}
    first = probability(magic_items, lambda o: o.result.items[0].survives, **inputs)
    second = probability(magic_items, lambda o: o.result.items[1].survives, **inputs)
    published = magic_items(ReplayDice([10, 10]), **inputs).result.items
    assert (published[0].chance, published[1].chance) == (first, second)
    # the saves are independent: both survive with the product of the chances
    both_survive = sum(w for w, o in outcomes(magic_items, **inputs) if o.result.survived == 2)
    assert both_survive == first * second


@pytest.mark.parametrize(("inputs", "field"), [
    ({"target": 10, "items": []}, "items"),
    ({"target": 10, "items": [{"name": "x"}] * 51}, "items"),
    ({"target": 0, "items": [{"name": "x"}]}, "target"),
    ({"target": 10, "items": [{"name": "x"}], "fatigue": -1}, "fatigue"),
])
def test_impossible_inputs(inputs: dict[str, object], field: str) -> None:
    with pytest.raises(RuleError) as caught:
        magic_items(ReplayDice([]), **inputs)
    assert caught.value.field == field


_SWORD, _CLOAK, _RING = {"name": "Meč", "bonus": 2}, {"name": "Plášť", "bonus": 0}, {
    "name": "Prsten moci", "bonus": -1}



#: Golden vectors: inputs covering every branch of the rule, refusals included; the
#: calculators' JavaScript must give the engine's answer for each (tests/calculators).
GOLDEN: dict[str, list[dict[str, Any]]] = {
    "magic-items": [
        {"target": 14, "items": [_SWORD]},
        {"target": 14, "items": [_SWORD, _CLOAK], "modifier": 1, "bonus": -2, "fatigue": 1},
        {"target": 10, "items": [_SWORD, _CLOAK, _RING]},
        {"target": 10, "items": []},
    ],
}
