"""[Únava] a level for each reason, a penalty equal to it, a save vs death at 7 or more.

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
from rpg.core.outcome import Next
from rpg.pravidla import health
from rpg.pravidla.checks import saving_throw
from rpg.pravidla.health import fatigue
from tests.enumeration import probability
from tests.pravidla.over_http import bounds, get_and_post_agree, input_schema, max_items, refused
from tests.properties.corruption import answers_or_refuses, corrupted

# --- engine ------------------------------------------------------------------------------------


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
        "Únava 6 + 1 = 7: postih −7 k útoku, poškození sílou, OČ, záchranným hodům a ověřením "
        "dovedností; v civilizaci 7 dní do nuly. Záchranný hod proti smrti: "
        "1d20 = 12 + 1 − 7 (únava) = 6 < 10 → umírá.")
    assert outcome.text.en.endswith(
        "Save vs death: 1d20 = 12 + 1 − 7 (fatigue) = 6 < 10 → dies.")
    assert outcome.rule.section == "smrt-na-unavu"


@pytest.mark.parametrize(("natural", "modifier", "written_cs", "written_en"), [
    (3, 0, "1d20 = 3 − 7 (únava) = −4 < 10 → umírá.",
     "1d20 = 3 − 7 (fatigue) = −4 < 10 → dies."),
    (2, -4, "1d20 = 2 − 4 − 7 (únava) = −9 < 10 → umírá.",
     "1d20 = 2 − 4 − 7 (fatigue) = −9 < 10 → dies."),
    (7, 0, "1d20 = 7 − 7 (únava) = 0 < 10 → umírá.", "1d20 = 7 − 7 (fatigue) = 0 < 10 → dies."),
    (4, 3, "1d20 = 4 + 3 − 7 (únava) = 0 < 10 → umírá.",   # the modifiers cancel, both shown
     "1d20 = 4 + 3 − 7 (fatigue) = 0 < 10 → dies."),
])
def test_a_negative_save_total_is_written_with_the_minus_sign(
    natural: int, modifier: int, written_cs: str, written_en: str
) -> None:
    outcome = fatigue(ReplayDice([natural]), level=7, save_target=10, modifier=modifier)
    assert outcome.text.cs.endswith("Záchranný hod proti smrti: " + written_cs)
    assert outcome.text.en.endswith("Save vs death: " + written_en)
    assert "-" not in outcome.text.cs.split(":", 2)[-1]


def test_the_natural_that_decides_the_save_is_named() -> None:
    assert fatigue(ReplayDice([20]), level=50, save_target=30, modifier=-20).text.cs.endswith(
        "1d20 = 20 − 20 − 50 (únava) = −50, přirozená 20 → přežívá.")
    assert fatigue(ReplayDice([1]), level=7, save_target=1, modifier=20).text.en.endswith(
        "1d20 = 1 + 20 − 7 (fatigue) = 14, natural 1 → dies.")


@pytest.mark.parametrize(("inputs", "level", "shown"), [
    # [Hlad a žízeň] "za každý takový den přičtou bod (nebo dva) únavy"
    ({"level": 2, "hungry_days": 3}, 5, "Únava 2 + 3 (hlad a žízeň) = 5"),
    ({"level": 2, "hungry_days": 3, "hunger_points": 2}, 8,
     "Únava 2 + 6 (hlad a žízeň, 3 × 2) = 8"),
    ({"level": 1, "reasons": ["no-sleep"], "hungry_days": 1}, 3,
     "Únava 1 + 1 + 1 (hlad a žízeň) = 3"),
    ({"level": 4, "hungry_days": 0, "hunger_points": 2}, 4, "Únava 4:"),
])
def test_each_hungry_day_adds_a_point_or_two(
    inputs: dict[str, object], level: int, shown: str
) -> None:
    outcome = fatigue(ReplayDice([]), in_civilization=True, **inputs)
    assert outcome.result.level == level
    assert outcome.text.cs.startswith(shown)


def test_hunger_is_named_in_english_too() -> None:
    assert fatigue(ReplayDice([]), level=0, hungry_days=2, hunger_points=2).text.en.startswith(
        "Fatigue 0 + 4 (hunger and thirst, 2 × 2) = 4: −4 to hit, to strength damage")


@pytest.mark.parametrize(("inputs", "known"), [
    ({"level": 7}, {"against": "death", "fatigue": 7}),
    ({"level": 6, "reasons": ["ritual"], "modifier": -2},
     {"against": "death", "modifier": -2, "fatigue": 7}),
    # From 41 on only a natural 20 saves: the saving throw's own bound of 50 rolls the same.
    ({"level": 50, "hungry_days": 365, "hunger_points": 2, "modifier": 3},
     {"against": "death", "modifier": 3, "fatigue": 50}),
])
def test_a_save_due_without_a_target_calls_for_the_saving_throw_against_death(
    inputs: dict[str, object], known: dict[str, object]
) -> None:
    outcome = fatigue(ReplayDice([]), **inputs)
    assert outcome.next == (Next("saving-throw", known, missing=("target",)),)
    assert outcome.rolls == () and outcome.result.dies is None


@pytest.mark.parametrize("inputs", [
    {"level": 6}, {"level": 9, "in_civilization": True}, {"level": 9, "save_target": 12},
])
def test_no_saving_throw_is_called_for_when_none_is_due_or_it_was_rolled(
    inputs: dict[str, object]
) -> None:
    assert fatigue(ReplayDice([10]) if "save_target" in inputs else ReplayDice([]),
                   **inputs).next == ()


def test_the_saving_throw_called_for_gives_the_same_chance() -> None:
    for level, modifier in ((7, 0), (12, 5), (44, 20)):
        step = fatigue(ReplayDice([]), level=level, modifier=modifier).next[0]
        for target in (1, 10, 30):
            rolled = fatigue(ReplayDice([10]), level=level, modifier=modifier,
                             save_target=target)
            thrown = saving_throw(ReplayDice([10]), target=target, **step.inputs)
            assert rolled.chance == thrown.chance


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
    ({"level": 1, "hungry_days": -1}, "hungry_days"), ({"level": 1, "hungry_days": 366},
                                                       "hungry_days"),
    ({"level": 1, "hunger_points": 0}, "hunger_points"),
    ({"level": 1, "hunger_points": 3}, "hunger_points"),
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
        # [Hlad a žízeň]: a point or two a day; the saving throw called for when none is given
        {"level": 1, "hungry_days": 2}, {"level": 1, "hungry_days": 3, "hunger_points": 2},
        {"level": 3, "reasons": ["illness"], "hungry_days": 2, "hunger_points": 2,
         "save_target": 11, "modifier": 1},
        {"level": 6, "hungry_days": 1, "modifier": -3}, {"level": 50, "hungry_days": 365},
        {"level": 1, "hungry_days": 366}, {"level": 1, "hunger_points": 3},
    ],
}


# --- API ---------------------------------------------------------------------------------------
# ``/api/v1/fatigue`` [Únava]: GET and POST agree, physical dice, 422s.

INPUTS = {"level": 6, "reasons": ["no-sleep", "illness"], "save_target": 12, "modifier": 1}


@pytest.mark.parametrize("seed", [1, 7, 2024])
def test_get_and_post_agree_with_a_seed(client: FlaskClient, seed: int) -> None:
    get_and_post_agree(client, "fatigue", INPUTS, seed)


def test_physical_dice(client: FlaskClient) -> None:
    payload = client.post("/api/v1/fatigue", json={
        "level": 7, "save_target": 10, "dice": [17]}).get_json()
    assert payload["result"] == {
        "level": 7, "penalty": 7, "death_save_required": True, "dies": False,
        "recovery_days": 7, "natural": 17, "save_total": 10, "next": []}
    assert payload["chance"] == pytest.approx(0.2)


def test_the_reasons_are_accepted_in_the_rules_words(client: FlaskClient) -> None:
    payload = client.get("/api/v1/fatigue?level=1&reasons=bez spánku,nemoc,Bez spanku").get_json()
    assert payload["input"]["reasons"] == ["no-sleep", "illness", "no-sleep"]
    assert payload["result"]["level"] == 4


@pytest.mark.parametrize(("body", "field", "words"), [
    ({"level": 51}, "level", "equal to 0 and less than or equal to 50"),
    ({"level": 1, "reasons": ["tired"]}, "reasons", "one of"),
    ({"level": 1, "save_target": 31}, "save_target", "equal to 1 and less than or equal to 30"),
])
def test_bad_input_is_a_422_naming_the_field(
    client: FlaskClient, body: dict[str, object], field: str, words: str
) -> None:
    refused(client, "fatigue", body, field, words, lang="en")


def test_openapi_documents_the_bounds(client: FlaskClient) -> None:
    schema = input_schema(client, "fatigue")
    assert bounds(schema, "level") == (0, 50)
    assert bounds(schema, "save_target") == (1, 30)
    assert bounds(schema, "modifier") == (-20, 20)
    assert max_items(schema, "reasons") == 100


def test_a_save_due_without_a_target_links_the_saving_throw(client: FlaskClient) -> None:
    payload = client.get("/api/v1/fatigue?level=6&reasons=ritual&modifier=2&lang=en").get_json()
    step, = payload["result"]["next"]
    assert step == {"procedure": "saving-throw",
                    "url": "/api/v1/saving-throw?against=death&modifier=2&fatigue=7",
                    "title": "Saving throw", "missing": ["target"]}
    assert client.get(step["url"]).status_code == 422  # the save's target is still missing
    thrown = client.get(step["url"] + "&target=12&dice=19").get_json()
    rolled = client.get("/api/v1/fatigue?level=6&reasons=ritual&modifier=2&save_target=12"
                        "&dice=19").get_json()
    assert thrown["result"]["success"] is (rolled["result"]["dies"] is False)
    assert thrown["chance"] == rolled["chance"]


def test_hungry_days_in_the_input(client: FlaskClient) -> None:
    payload = client.get("/api/v1/fatigue?level=1&hungry_days=2&hunger_points=2").get_json()
    assert payload["input"] == {"level": 1, "reasons": [], "hungry_days": 2, "hunger_points": 2,
                                "in_civilization": False, "modifier": 0}
    assert payload["result"]["level"] == 5


# --- properties --------------------------------------------------------------------------------
# [Únava] property tests over the whole input space.

seeds = st.integers(0, 2**63 - 1)

fatigue_inputs = st.fixed_dictionaries({
    "level": st.integers(0, 50),
    "reasons": st.lists(st.sampled_from(health.FATIGUE_REASONS), max_size=100),
    "hungry_days": st.integers(0, 365),
    "hunger_points": st.integers(1, 2),
    "in_civilization": st.booleans(),
    "save_target": st.none() | st.integers(1, 30),
    "modifier": st.integers(-20, 20),
})


@settings(max_examples=200, deadline=None)
@given(fatigue_inputs, seeds)
def test_fatigue_level_penalty_and_save(inputs: dict[str, Any], seed: int) -> None:
    outcome = health.fatigue(SeededDice(seed), **inputs)
    result = outcome.result
    level = (inputs["level"] + len(inputs["reasons"])
             + inputs["hungry_days"] * inputs["hunger_points"])
    assert result.level == result.penalty == result.recovery_days == level
    required = level >= 7 and not inputs["in_civilization"]
    assert result.death_save_required is required
    rolled = required and inputs["save_target"] is not None
    assert len(outcome.rolls) == int(rolled)
    if rolled:
        natural = result.natural
        survives = natural == 20 or (
            natural != 1 and natural + inputs["modifier"] - level >= inputs["save_target"])
        assert result.dies is (not survives)
        assert outcome.chance is not None and 0 < outcome.chance < 1
    else:
        assert result.dies is (None if required else False) and outcome.chance is None
    # A save due and not rolled calls for the saving throw against death, missing its target.
    if required and not rolled:
        step, = outcome.next
        assert (step.procedure, step.missing) == ("saving-throw", ("target",))
        assert step.inputs["against"] == "death"
        assert step.inputs["fatigue"] == min(level, 50)
        assert step.inputs.get("modifier", 0) == inputs["modifier"]
    else:
        assert outcome.next == ()


DEFAULTS: dict[str, Any] = {
    "level": 0, "reasons": [], "hungry_days": 0, "hunger_points": 1, "in_civilization": False,
    "save_target": None, "modifier": 0,
}


@settings(max_examples=100, deadline=None)
@given(corrupted(DEFAULTS), seeds)
def test_any_input_gives_a_result_or_a_rule_error(inputs: dict[str, Any], seed: int) -> None:
    answers_or_refuses(health.fatigue, inputs, seed)
