"""[Rychlé cestování] "Rozdělení poškození": sharing out the summary damage, one test per
sentence of the rule."""

from __future__ import annotations

from typing import Any

import pytest

from rpg.core.dice import ReplayDice
from rpg.core.errors import RuleError
from rpg.core.outcome import Next
from rpg.pravidla.wilderness import Alternative, fast_travel_split

PARTY = [{"name": "Alena", "hp": 10}, {"name": "Bořek", "hp": 4}, {"name": "Cyril", "hp": 6}]
GOLDEN_PARTY = [{"name": "Bára", "hp": 9}, {"name": "Ota", "hp": 4}, {"name": "Žofie", "hp": 1}]


@pytest.mark.parametrize(("allocation", "hp_left", "dead"), [
    # "si hráči mohou rozdělit ... souhrnné poškození v libovolném poměru mezi sebou"
    ({"Alena": 9}, [1, 4, 6], []),
    ({"Alena": 3, "Bořek": 3, "Cyril": 3}, [7, 1, 3], []),
    # "Pokud životy některého z nich klesne na 0, tak byl dotyčný po cestě zabit."
    ({"Bořek": 4, "Cyril": 5}, [10, 0, 1], ["Bořek"]),
    ({"Alena": 0, "Bořek": 9}, [10, 0, 6], ["Bořek"]),
])
def test_hp_left_and_who_dies(
    allocation: dict[str, int], hp_left: list[int], dead: list[str]
) -> None:
    outcome = fast_travel_split(ReplayDice([]), party=PARTY, damage=9, allocation=allocation)
    result = outcome.result
    assert [c.hp_left for c in result.characters] == hp_left
    assert list(result.dead) == dead
    assert [c.dies for c in result.characters] == [left == 0 for left in hp_left]
    assert (outcome.rolls, outcome.chance) == ((), None)
    assert outcome.rule.url == "/pravidla/cestovani-po-svete/#rychle-cestovani"


@pytest.mark.parametrize(("hp", "points", "alternative"), [
    # "Alternativně může hráč, za každé poškození co by ho posunulo na 0 životů, přijmout bod
    # únavy." 4 HP: the 4th point is the one that reaches 0, so 1 fatigue and 1 HP left.
    (4, 4, Alternative(1, 1)),
    (4, 9, Alternative(1, 6)),
    (1, 1, Alternative(1, 1)),
    (4, 3, None),            # 1 HP left: nobody dies, no alternative
    (4, 0, None),
])
def test_the_alternative_to_death_is_fatigue_and_one_hp(
    hp: int, points: int, alternative: Alternative | None
) -> None:
    result = fast_travel_split(ReplayDice([]), party=[{"name": "Dan", "hp": hp}],
                               damage=points, allocation={"Dan": points}).result
    assert result.characters[0].alternative == alternative


def test_the_text_offers_the_choice() -> None:
    outcome = fast_travel_split(ReplayDice([]), party=PARTY, damage=9,
                                allocation={"Alena": 3, "Bořek": 6})
    # A form that fits any name ("smrt po cestě", not "zabit"), and a clamp written as one.
    assert outcome.text.cs == (
        "Rozdělení souhrnného poškození 9: Alena 10 − 3 = 7; Bořek 4 − 6 → 0: smrt po cestě, "
        "nebo místo ní 1 život a 3 body únavy; Cyril 6 − 0 = 6.")
    assert "Bořek 4 − 6 → 0: killed on the way, or instead 1 HP and 3 points of fatigue" in (
        outcome.text.en)


def test_hit_points_brought_exactly_to_zero_are_a_difference_not_a_clamp() -> None:
    outcome = fast_travel_split(ReplayDice([]), party=[{"name": "Eva", "hp": 3}], damage=3,
                                allocation={"Eva": 3})
    assert outcome.text.cs == ("Rozdělení souhrnného poškození 3: Eva 3 − 3 = 0: smrt po cestě, "
                               "nebo místo ní 1 život a 1 bod únavy.")


@pytest.mark.parametrize(("allocation", "steps"), [
    ({"Bořek": 4, "Cyril": 6}, (Next("death-save"),)),     # two die: one milder death to roll
    ({"Bořek": 4, "Alena": 6}, (Next("death-save"),)),
    ({"Alena": 9, "Cyril": 1}, ()),
])
def test_a_split_that_kills_calls_for_the_milder_death(
    allocation: dict[str, int], steps: tuple[Next, ...]
) -> None:
    damage = sum(allocation.values())
    outcome = fast_travel_split(ReplayDice([]), party=PARTY, damage=damage,
                                allocation=allocation)
    assert outcome.next == steps


def test_no_damage_needs_no_allocation() -> None:
    result = fast_travel_split(ReplayDice([]), party=PARTY, damage=0).result
    assert [c.hp_left for c in result.characters] == [10, 4, 6]


@pytest.mark.parametrize(("inputs", "field", "quote"), [
    ({"damage": 9, "allocation": {"Alena": 3}}, "allocation", "v libovolném poměru"),
    ({"damage": 9, "allocation": {"Alena": 10}}, "allocation", "v libovolném poměru"),
    ({"damage": 9}, "allocation", "v libovolném poměru"),
    ({"damage": 2, "allocation": {"Zora": 2}}, "allocation", "'Zora' necestuje"),
    ({"damage": 2, "allocation": {"Alena": -1, "Bořek": 3}}, "allocation", "'allocation'"),
    ({"damage": 2, "allocation": [2]}, "allocation", "'allocation' musí být objekt"),
    ({"damage": -1}, "damage", "'damage'"),
    ({"damage": 0, "party": []}, "party", "'party'"),
    ({"damage": 0, "party": [{"name": "A", "hp": 3}, {"name": "A", "hp": 4}]}, "party",
     "dvakrát"),
    ({"damage": 0, "party": [{"name": "A", "hp": 0}]}, "party", "'party'"),
    ({"damage": 0, "party": [{"hp": 3}]}, "party", "jméno"),
])
def test_bad_input_is_a_rule_error(inputs: dict[str, object], field: str, quote: str) -> None:
    with pytest.raises(RuleError) as error:
        fast_travel_split(ReplayDice([]), **{"party": PARTY, **inputs})
    assert error.value.field == field
    assert quote in error.value.message.cs


#: Golden vectors: inputs covering every branch of the rule, refusals included; the
#: calculators' JavaScript must give the engine's answer for each (tests/calculators).
GOLDEN: dict[str, list[dict[str, Any]]] = {
    "fast-travel-split": [
        {"party": GOLDEN_PARTY, "damage": 0},
        {"party": GOLDEN_PARTY, "damage": 0, "allocation": {}},
        {"party": GOLDEN_PARTY, "damage": 6, "allocation": {"Bára": 3, "Ota": 2, "Žofie": 1}},
        {"party": GOLDEN_PARTY, "damage": 7, "allocation": {"Ota": 4, "Žofie": 3}},
        {"party": GOLDEN_PARTY, "damage": 14, "allocation": {"Bára": 9, "Ota": 5}},
        {"party": GOLDEN_PARTY, "damage": 15, "allocation": {"Bára": 8, "Žofie": 7}},
        {"party": [{"name": "X" * 40, "hp": 100_000}], "damage": 100_000,
         "allocation": {"X" * 40: 100_000}},
        {"party": [{"name": "Ota", "hp": 2}], "damage": 1, "allocation": {"Ota": 1}},
        {"party": [], "damage": 0},
        {"party": [{"name": f"P{i}", "hp": 1} for i in range(101)], "damage": 0},
        {"party": [{"hp": 3}], "damage": 0},
        {"party": [{"name": "", "hp": 3}], "damage": 0},
        {"party": [{"name": "Y" * 41, "hp": 3}], "damage": 0},
        {"party": ["Bára"], "damage": 0},
        {"party": [{"name": "Ota", "hp": 3}, {"name": "Ota", "hp": 5}], "damage": 0},
        {"party": [{"name": "Ota", "hp": 0}], "damage": 0},
        {"party": [{"name": "Ota"}], "damage": 0},
        {"party": [{"name": "Ota", "hp": 100_001}], "damage": 0},
        {"party": GOLDEN_PARTY, "damage": -1},
        {"party": GOLDEN_PARTY, "damage": 100_001},
        {"party": GOLDEN_PARTY, "damage": 2, "allocation": [2]},
        {"party": GOLDEN_PARTY, "damage": 2, "allocation": {"Gandalf": 2}},
        {"party": GOLDEN_PARTY, "damage": 2, "allocation": {"Ota": -2, "Bára": 4}},
        {"party": GOLDEN_PARTY, "damage": 2, "allocation": {"Ota": 1}},
        {"party": GOLDEN_PARTY, "damage": 2, "allocation": {"Ota": 2, "Bára": 3}},
        {"party": GOLDEN_PARTY, "damage": 5},
    ],
}
