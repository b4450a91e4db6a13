"""[Přenocování v divočině] a d6 per need (food, water, shelter), 4+ meets it; pay per failure.

Its engine tests, then its API tests, then its property tests."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

from rpg.core.dice import ReplayDice, SeededDice
from rpg.core.errors import RuleError
from rpg.pravidla import wilderness
from rpg.pravidla.wilderness import camping
from tests.enumeration import probability
from tests.pravidla.over_http import bounds, get_and_post_agree, input_schema, max_items, refused
from tests.properties.corruption import answers_or_refuses, corrupted

# --- engine ------------------------------------------------------------------------------------


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


# --- API ---------------------------------------------------------------------------------------
# ``/api/v1/camping`` [Přenocování v divočině]: GET and POST agree, physical dice, 422s.

INPUTS = {"bonuses": ["food", "food", "water"], "covered": ["shelter"], "supplies": 4,
          "travelers": 2}


@pytest.mark.parametrize("seed", [1, 7, 2024])
def test_get_and_post_agree_with_a_seed(client: FlaskClient, seed: int) -> None:
    get_and_post_agree(client, "camping", INPUTS, seed)


@pytest.mark.parametrize(("body", "result", "chance"), [
    ({"bonuses": ["water"], "supplies": 5, "travelers": 3, "dice": [5, 2, 3]},
     {"needs": [
         {"need": "food", "roll": 5, "bonus": 0, "met": True, "covered": False},
         {"need": "water", "roll": 2, "bonus": 1, "met": False, "covered": False},
         {"need": "shelter", "roll": 3, "bonus": 0, "met": False, "covered": False}],
      "failures": 2, "supplies_used": 3, "supplies_left": 2, "fatigue_gained": 1},
     1 / 2 * 2 / 3 * 1 / 2),
    ({"location": "dungeon", "covered": ["water"], "dice": []},
     {"needs": [
         {"need": "food", "roll": None, "bonus": 0, "met": False, "covered": False},
         {"need": "water", "roll": None, "bonus": 0, "met": True, "covered": True},
         {"need": "shelter", "roll": None, "bonus": 0, "met": False, "covered": False}],
      "failures": 2, "supplies_used": 0, "supplies_left": 0, "fatigue_gained": 2}, 0),
])
def test_physical_dice(client: FlaskClient, body: dict[str, object],
                       result: dict[str, object], chance: float) -> None:
    payload = client.post("/api/v1/camping", json=body).get_json()
    assert payload["result"] == {**result, "next": []}
    assert payload["chance"] == pytest.approx(chance)
    assert payload["seed"] is None
    assert [r["results"] for r in payload["rolls"]] == [[d] for d in body["dice"]]


def test_the_rules_czech_words_are_accepted(client: FlaskClient) -> None:
    payload = client.get("/api/v1/camping?location=kobka&bonuses=jídlo,voda,útočiště"
                         "&covered=UTOCISTE&dice=").get_json()
    assert payload["input"]["location"] == "dungeon"
    assert payload["input"]["bonuses"] == ["food", "water", "shelter"]
    assert payload["input"]["covered"] == ["shelter"]


@pytest.mark.parametrize(("body", "field", "words"), [
    ({"bonuses": ["beer"]}, "bonuses", "one of"),
    ({"travelers": 0}, "travelers", "equal to 1 and less than or equal to 100"),
    ({"supplies": 100_001}, "supplies", "equal to 0 and less than or equal to 100000"),
])
def test_bad_input_is_a_422_naming_the_field(
    client: FlaskClient, body: dict[str, object], field: str, words: str
) -> None:
    refused(client, "camping", body, field, words, lang="en")


def test_too_few_dice_name_the_die_needed(client: FlaskClient) -> None:
    payload = client.post("/api/v1/camping", json={"dice": [4, 4], "lang": "en"}).get_json()
    assert "needs a d6 for 'shelter'" in payload["message"]


def test_openapi_documents_the_bounds(client: FlaskClient) -> None:
    schema = input_schema(client, "camping")
    assert bounds(schema, "travelers") == (1, 100)
    assert bounds(schema, "supplies") == (0, 100_000)
    assert max_items(schema, "bonuses") == 100
    assert max_items(schema, "covered") == 3


@pytest.mark.parametrize(("pay", "echoed", "fatigue"), [
    ("fatigue", "fatigue", 2),                      # a way to pay keeps its meaning
    ("vždy únava", "fatigue", 2),
    ("NEJDRIV zasoby", "supplies-first", 1),
    ("fatigue,", ["fatigue"], 1),                   # a list of one choice, then supplies-first
    ("únava,zásoby", ["fatigue", "supplies"], 1),
    ("supplies&pay=fatigue", ["supplies", "fatigue"], 1),
])
def test_pay_is_a_way_or_a_choice_for_each_failure(
    client: FlaskClient, pay: str, echoed: object, fatigue: int
) -> None:
    payload = client.get(f"/api/v1/camping?supplies=2&travelers=2&dice=1,1,6&pay={pay}").get_json()
    assert payload["input"]["pay"] == echoed
    assert payload["result"]["fatigue_gained"] == fatigue


@pytest.mark.parametrize("body", [{"pay": "gold"}, {"pay": ["supplies"] * 4}, {"pay": {"a": 1}}])
def test_a_wrong_way_to_pay_is_the_rules_422(client: FlaskClient, body: dict[str, object]) -> None:
    refused(client, "camping", body, "pay",
            "must be supplies-first / fatigue, or a list of at most 3 choices of: supplies, "
            "fatigue;", lang="en")


# --- properties --------------------------------------------------------------------------------
# [Přenocování v divočině] property tests over the whole input space.

seeds = st.integers(0, 2**63 - 1)

needs = st.sampled_from(wilderness.NEEDS)

camping_inputs = st.fixed_dictionaries({
    "location": st.sampled_from(wilderness.LOCATIONS),
    "bonuses": st.lists(needs, max_size=wilderness.BONUSES_MAX),
    "covered": st.lists(needs, max_size=3),
    "supplies": st.integers(0, wilderness.SUPPLIES_MAX),
    "travelers": st.integers(wilderness.TRAVELERS_MIN, wilderness.TRAVELERS_MAX),
    "pay": st.sampled_from(wilderness.PAYMENTS)
    | st.lists(st.sampled_from(wilderness.PAY_CHOICES), max_size=3),
})


@settings(max_examples=200, deadline=None)
@given(camping_inputs, seeds)
def test_camping_failures_are_three_minus_met_needs(inputs: dict[str, Any], seed: int) -> None:
    outcome = wilderness.camping(SeededDice(seed), **inputs)
    result = outcome.result
    met = [need.met for need in result.needs]
    assert [need.need for need in result.needs] == list(wilderness.NEEDS)
    assert result.failures == 3 - sum(met)
    rolled = [need for need in result.needs if need.roll is not None]
    assert [r.label for r in outcome.rolls] == [need.need for need in rolled]
    for need in result.needs:
        assert need.bonus == inputs["bonuses"].count(need.need)
        if need.need in inputs["covered"]:
            assert need.met and need.roll is None
        elif inputs["location"] == "dungeon":
            assert not need.met and need.roll is None
        else:
            assert need.roll is not None and need.met is (need.roll + need.bonus >= 4)
    assert result.supplies_used + result.supplies_left == inputs["supplies"]
    assert result.supplies_used % inputs["travelers"] == 0
    assert result.supplies_used // inputs["travelers"] + result.fatigue_gained == result.failures
    if inputs["pay"] == "fatigue":
        assert result.fatigue_gained == result.failures
    # Each failure chose fatigue, or supplies (the default beyond the list): a supplies choice
    # is paid with supplies while enough remain.
    if isinstance(inputs["pay"], str):
        wanted = ["fatigue" if inputs["pay"] == "fatigue" else "supplies"] * result.failures
    else:
        wanted = (list(inputs["pay"]) + ["supplies"] * 3)[:result.failures]
    affordable = inputs["supplies"] // inputs["travelers"]
    assert result.supplies_used // inputs["travelers"] == min(wanted.count("supplies"),
                                                              affordable)
    assert outcome.chance is not None and 0 <= outcome.chance <= 1
    certain = all(need.covered or (inputs["location"] == "wilderness" and need.bonus >= 3)
                  for need in result.needs)
    assert (outcome.chance == 1) is certain
    if outcome.chance == 0:
        assert result.failures >= 1


DEFAULTS: dict[str, Any] = {
    "location": "wilderness", "bonuses": [], "covered": [], "supplies": 0, "travelers": 1,
    "pay": "fatigue",
}


@settings(max_examples=100, deadline=None)
@given(corrupted(DEFAULTS), seeds)
def test_any_input_gives_a_result_or_a_rule_error(inputs: dict[str, Any], seed: int) -> None:
    answers_or_refuses(wilderness.camping, inputs, seed)
