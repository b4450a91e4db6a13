"""[Mírnější systém smrti] property tests over the whole input space."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rpg.core.dice import SeededDice
from rpg.core.errors import RuleError
from rpg.pravidla import health
from tests.properties.corruption import answers_or_refuses, corrupted

seeds = st.integers(0, 2**63 - 1)

death_inputs = st.fixed_dictionaries({
    "hours_since_death": st.floats(0, 100_000, allow_nan=False) | st.integers(0, 100_000),
    "body_destroyed": st.booleans(),
    "poisoned": st.booleans(),
    "died_before": st.booleans(),
    "healed_to_max_since": st.booleans(),
    "healed": st.integers(0, 100_000),
    "give_up_skill_points": st.booleans(),
})


@settings(max_examples=200, deadline=None)
@given(death_inputs, seeds)
def test_death_save_invariants(inputs: dict[str, Any], seed: int) -> None:
    try:
        outcome = health.death_save(SeededDice(seed), **inputs)
    except RuleError as error:
        assert inputs["healed_to_max_since"] and not inputs["died_before"]
        assert error.field == "healed_to_max_since"
        return
    result = outcome.result
    hopeless = inputs["body_destroyed"] or inputs["poisoned"]
    saveable = not hopeless and inputs["hours_since_death"] <= 24 and (
        not inputs["died_before"] or inputs["healed_to_max_since"])
    assert [r.label for r in outcome.rolls][:1] == (["survival"] if saveable else [])
    if hopeless:
        assert not result.alive and outcome.chance == 0
    if result.alive:
        assert result.hp >= 1 and result.fatigue_gained == 1
        assert result.hp == (inputs["healed"] or 1)
        assert (result.skill_points_lost == 5) is (result.reason == "gave-up-skill-points")
        if result.reason == "survived" and not inputs["healed"]:
            assert 1 <= result.unconscious_shifts <= 4
    else:
        assert (result.hp, result.fatigue_gained, result.unconscious_shifts) == (0, 0, None)
        assert not inputs["give_up_skill_points"] or hopeless
    assert outcome.chance in (0, Fraction(1, 2), 1)


DEFAULTS: dict[str, Any] = {
    "hours_since_death": 0, "body_destroyed": False, "poisoned": False, "died_before": False,
    "healed_to_max_since": False, "healed": 0, "give_up_skill_points": False,
}


@settings(max_examples=100, deadline=None)
@given(corrupted(DEFAULTS), seeds)
def test_any_input_gives_a_result_or_a_rule_error(inputs: dict[str, Any], seed: int) -> None:
    answers_or_refuses(health.death_save, inputs, seed)
