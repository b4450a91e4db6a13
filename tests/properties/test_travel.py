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


DEFAULTS: dict[str, Any] = {
    "movement": [6], "terrain": "normal", "road": False, "landmark": False, "forced_march": False,
    "activity": "none",
}


@settings(max_examples=100, deadline=None)
@given(corrupted(DEFAULTS), seeds)
def test_any_input_gives_a_result_or_a_rule_error(inputs: dict[str, Any], seed: int) -> None:
    answers_or_refuses(wilderness.travel, inputs, seed)
