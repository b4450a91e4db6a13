"""[Cestování po světě] property tests over the whole input space."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rpg.core.dice import SeededDice
from rpg.core.errors import RuleError
from rpg.core.outcome import Next
from rpg.pravidla import wilderness
from tests.properties.corruption import answers_or_refuses, corrupted

seeds = st.integers(0, 2**63 - 1)

travel_inputs = st.fixed_dictionaries({
    "movement": st.lists(st.integers(1, 30), min_size=1, max_size=100),
    "terrain": st.sampled_from(wilderness.TERRAINS),
    "road": st.booleans(),
    "landmark": st.booleans(),
    "forced_march": st.booleans(),
    "activity": st.sampled_from(wilderness.ACTIVITIES),
})


@settings(max_examples=200, deadline=None)
@given(travel_inputs, seeds)
def test_travel_day_follows_the_rules(inputs: dict[str, Any], seed: int) -> None:
    whole_day = inputs["activity"] in ("hunt", "explore")
    try:
        outcome = wilderness.travel(SeededDice(seed), **inputs)
    except RuleError as error:
        assert whole_day and inputs["forced_march"] and error.field == "forced_march"
        return
    result = outcome.result
    expected = Fraction(5 * min(inputs["movement"]))
    expected *= Fraction(1, 2) if inputs["terrain"] == "difficult" else 1
    expected *= Fraction(3, 2) if inputs["forced_march"] else 1
    assert result.distance_km == (0 if whole_day else expected)
    checked = not whole_day and not inputs["road"] and not inputs["landmark"]
    assert (result.lost is None) is (not checked)
    assert result.fatigue_gained == int(inputs["forced_march"])
    assert result.visibility_km == 5 and outcome.chance == Fraction(2, 3)
    assert outcome.next == ((Next("encounter", {"location": "wilderness"}),) if result.encounter
                            else ())
    # One sentence, one full stop: never "setkání!." or "..".
    for text in (outcome.text.cs, outcome.text.en):
        assert text.endswith(".") and "!." not in text and ".." not in text
    labels = [r.label for r in outcome.rolls]
    assert labels[: 1 + checked] == (["lost"] if checked else []) + ["encounter"]
    if inputs["activity"] == "none":
        assert result.activity is None
    else:
        assert result.activity.kind == inputs["activity"]
        if inputs["activity"] == "forage" and result.activity.success:
            assert 1 <= result.activity.supplies <= 6 and labels[-1] == "supplies"
        elif inputs["activity"] == "forage":
            assert result.activity.supplies == 0
        else:
            assert result.activity.supplies is None


group_activities = st.lists(st.sampled_from(tuple(wilderness.ACTIVITY_ON)), min_size=1,
                            max_size=6).map(
    lambda kinds: [{"group": f"G{i}", "activity": kind} for i, kind in enumerate(kinds)])


@settings(max_examples=200, deadline=None)
@given(group_activities, st.booleans(), st.booleans(), seeds)
def test_each_group_rolls_its_activity_and_a_whole_day_one_stops_the_party(
    groups: list[dict[str, str]], road: bool, forced_march: bool, seed: int
) -> None:
    whole_day = any(g["activity"] in wilderness.WHOLE_DAY_ACTIVITIES for g in groups)
    try:
        outcome = wilderness.travel(SeededDice(seed), activities=groups, road=road,
                                    forced_march=forced_march)
    except RuleError as error:
        assert whole_day and forced_march and error.field == "forced_march"
        return
    result = outcome.result
    assert result.travelling is not whole_day
    assert (result.distance_km == 0) is whole_day
    assert [(a.group, a.kind) for a in result.activities] == [
        (g["group"], g["activity"]) for g in groups]
    assert result.activity is None
    labels = [r.label for r in outcome.rolls]
    checks = [label for label in labels if label in wilderness.ACTIVITY_ON]
    assert checks == [g["activity"] for g in groups]
    for tried in result.activities:
        assert (tried.supplies is None) is (tried.kind != "forage")
        if tried.kind == "forage":
            assert (tried.supplies > 0) is tried.success
    assert labels.count("supplies") == sum(
        a.kind == "forage" and a.success for a in result.activities)
    assert outcome.rule.section == "simultanni-aktivity"


DEFAULTS: dict[str, Any] = {
    "movement": [6], "terrain": "normal", "road": False, "landmark": False, "forced_march": False,
    "activity": "none", "activities": None,
}


@settings(max_examples=100, deadline=None)
@given(corrupted(DEFAULTS), seeds)
def test_any_input_gives_a_result_or_a_rule_error(inputs: dict[str, Any], seed: int) -> None:
    answers_or_refuses(wilderness.travel, inputs, seed)
