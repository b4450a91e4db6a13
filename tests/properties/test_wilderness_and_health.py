"""Property tests over the whole input space of the wilderness and health procedures."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rpg.core.dice import SeededDice
from rpg.core.errors import RuleError
from rpg.core.outcome import Outcome
from rpg.pravidla import health, wilderness

seeds = st.integers(0, 2**63 - 1)
needs = st.sampled_from(wilderness.NEEDS)

camping_inputs = st.fixed_dictionaries({
    "location": st.sampled_from(wilderness.LOCATIONS),
    "bonuses": st.lists(needs, max_size=wilderness.BONUSES_MAX),
    "covered": st.lists(needs, max_size=3),
    "supplies": st.integers(0, wilderness.SUPPLIES_MAX),
    "travelers": st.integers(wilderness.TRAVELERS_MIN, wilderness.TRAVELERS_MAX),
    "pay": st.sampled_from(wilderness.PAYMENTS),
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
    assert outcome.chance is not None and 0 <= outcome.chance <= 1
    certain = all(need.covered or (inputs["location"] == "wilderness" and need.bonus >= 3)
                  for need in result.needs)
    assert (outcome.chance == 1) is certain
    if outcome.chance == 0:
        assert result.failures >= 1


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


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 365), st.integers(1, 100), st.integers(0, 100_000), seeds)
def test_fast_travel_accounts_for_every_supply(
    days: int, travelers: int, supplies: int, seed: int
) -> None:
    outcome = wilderness.fast_travel(SeededDice(seed), days=days, travelers=travelers,
                                     supplies=supplies)
    result = outcome.result
    assert result.supplies_needed == days * travelers
    assert result.supplies_used + result.supplies_left == supplies
    assert result.supplies_used + result.summary_damage == result.supplies_needed
    assert 1 <= result.encounters <= 4
    assert (len(outcome.rolls) == 1) is (days > 5)
    if days <= 5:
        assert result.encounters == 1


fatigue_inputs = st.fixed_dictionaries({
    "level": st.integers(0, 50),
    "reasons": st.lists(st.sampled_from(health.FATIGUE_REASONS), max_size=100),
    "in_civilization": st.booleans(),
    "save_target": st.none() | st.integers(1, 30),
    "modifier": st.integers(-20, 20),
})


@settings(max_examples=200, deadline=None)
@given(fatigue_inputs, seeds)
def test_fatigue_level_penalty_and_save(inputs: dict[str, Any], seed: int) -> None:
    outcome = health.fatigue(SeededDice(seed), **inputs)
    result = outcome.result
    level = inputs["level"] + len(inputs["reasons"])
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


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 100_000), st.integers(1, 100_000), st.integers(0, 100_000),
       st.booleans(), st.integers(0, 100_000))
def test_healing_never_exceeds_the_maximum(
    hp: int, max_hp: int, nights: int, safe: bool, magic: int
) -> None:
    try:
        outcome = health.healing(SeededDice(1), hp=hp, max_hp=max_hp, nights=nights, safe=safe,
                                 magic=magic)
    except RuleError as error:
        assert hp > max_hp and error.field == "hp"
        return
    result = outcome.result
    assert result.hp == min(max_hp, hp + 2 * nights * safe + magic)
    assert result.healed == result.hp - hp >= 0
    assert outcome.rolls == () and outcome.chance is None


anything = (st.none() | st.booleans() | st.integers(-10**9, 10**9) | st.floats()
            | st.text(max_size=10) | st.lists(st.integers(-5, 40) | st.text(max_size=8),
                                              max_size=120))

PROCEDURES: dict[str, tuple[Callable[..., Outcome], dict[str, Any]]] = {
    "camping": (wilderness.camping, {"location": "wilderness", "bonuses": [], "covered": [],
                                     "supplies": 0, "travelers": 1, "pay": "fatigue"}),
    "travel": (wilderness.travel, {"movement": [6], "terrain": "normal", "road": False,
                                   "landmark": False, "forced_march": False,
                                   "activity": "none"}),
    "fast-travel": (wilderness.fast_travel, {"days": 1, "travelers": 1, "supplies": 0}),
    "fatigue": (health.fatigue, {"level": 0, "reasons": [], "in_civilization": False,
                                 "save_target": None, "modifier": 0}),
    "death-save": (health.death_save, {"hours_since_death": 0, "body_destroyed": False,
                                       "poisoned": False, "died_before": False,
                                       "healed_to_max_since": False, "healed": 0,
                                       "give_up_skill_points": False}),
    "healing": (health.healing, {"hp": 1, "max_hp": 1, "nights": 0, "safe": True, "magic": 0}),
}


@st.composite
def corrupted(draw: st.DrawFn) -> tuple[Callable[..., Outcome], dict[str, Any]]:
    procedure, defaults = PROCEDURES[draw(st.sampled_from(sorted(PROCEDURES)))]
    inputs = dict(defaults)
    for field in draw(st.sets(st.sampled_from(sorted(defaults)), min_size=1, max_size=3)):
        inputs[field] = draw(anything)
    return procedure, inputs


@settings(max_examples=300, deadline=None)
@given(corrupted(), seeds)
def test_any_input_gives_a_result_or_a_rule_error(
    case: tuple[Callable[..., Outcome], dict[str, Any]], seed: int
) -> None:
    procedure, inputs = case
    try:
        outcome = procedure(SeededDice(seed), **inputs)
    except RuleError as error:
        assert error.field in inputs
        assert error.message.cs and error.message.en
    else:
        assert isinstance(outcome, Outcome)
