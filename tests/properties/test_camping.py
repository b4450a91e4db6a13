"""[Přenocování v divočině] property tests over the whole input space."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rpg.core.dice import SeededDice
from rpg.pravidla import wilderness
from tests.properties.corruption import answers_or_refuses, corrupted

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
