"""[Únava] property tests over the whole input space."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rpg.core.dice import SeededDice
from rpg.pravidla import health
from tests.properties.corruption import answers_or_refuses, corrupted

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
