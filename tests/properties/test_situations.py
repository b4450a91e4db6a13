"""Property tests: movement, thrown range, shield block, mishap, dungeon turn, holding breath."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rpg.core.dice import SeededDice
from rpg.core.errors import RuleError
from rpg.pravidla.dungeon import dungeon_turn
from rpg.pravidla.hazards import hold_breath
from rpg.pravidla.situations import (
    MISHAPS,
    MOVEMENT_RULES,
    mishap,
    movement,
    shield_block,
    thrown_range,
)

seeds = st.integers(0, 2**63 - 1)


@settings(max_examples=200)
@given(st.floats(0, 1000, allow_nan=False), st.sampled_from(sorted(MOVEMENT_RULES)))
def test_movement_is_never_negative_and_blind_directs_at_most_a_metre(
    hybnost: float, mode: str
) -> None:
    result = movement(SeededDice(0), movement=hybnost, mode=mode).result
    assert 0 <= result.directed_metres <= result.metres <= 2 * hybnost + 1e-9
    assert result.action_free is (mode != "sprint")
    if mode == "blind":
        assert result.directed_metres <= 1


@settings(max_examples=100)
@given(st.integers(1, 100))
def test_thrown_range_doubles(strength: int) -> None:
    result = thrown_range(SeededDice(0), strength=strength).result
    assert result.ineffective_range_m == 2 * result.effective_range_m == 2 * strength


@settings(max_examples=300)
@given(st.integers(0, 100), st.integers(1, 100), st.booleans(), st.booleans(), st.booleans(),
       st.none() | st.integers(1, 200))
def test_shield_block_valid_or_rule_error(
    shield_ac: int, blocked: int, trained: bool, surprised: bool, used: bool,
    damage_dice: int | None,
) -> None:
    try:
        result = shield_block(SeededDice(0), shield_ac=shield_ac, dice_blocked=blocked,
                              trained=trained, surprised=surprised, used_this_round=used,
                              damage_dice=damage_dice).result
    except RuleError as error:
        assert error.field in ("trained", "surprised", "used_this_round", "dice_blocked")
        return
    assert trained and not surprised and not used
    assert result.shield_ac_left >= 0
    assert result.shield_ac_left + result.dice_removed == shield_ac
    assert result.destroyed is (result.shield_ac_left == 0)


@settings(max_examples=100)
@given(st.sampled_from(sorted(MISHAPS)), seeds)
def test_mishap_happens_iff_at_most_fifty(kind: str, seed: int) -> None:
    result = mishap(SeededDice(seed), kind=kind).result
    assert 1 <= result.roll <= 100
    assert result.happens is (result.roll <= 50)


@settings(max_examples=300)
@given(st.integers(1, 100_000), st.booleans(), st.floats(0, 100_000, allow_nan=False),
       st.floats(0, 100_000, allow_nan=False), st.booleans(), seeds)
def test_dungeon_turn_invariants(
    turn: int, noise: bool, since: float, exploring: float, roll: bool, seed: int
) -> None:
    try:
        outcome = dungeon_turn(SeededDice(seed), turn=turn, noise=noise, hours_since_rest=since,
                               hours_exploring_since_rest=exploring, roll=roll)
    except RuleError as error:
        assert error.field == "hours_exploring_since_rest" and exploring > since
        return
    result = outcome.result
    assert result.check_due is (turn % 2 == 0 or noise)
    assert (result.roll is not None) is (result.check_due and roll)
    assert result.next_check_turn > turn and result.next_check_turn % 2 == 0
    assert result.fatigue_due in (0, 1)


@settings(max_examples=200)
@given(st.integers(0, 100), st.integers(0, 100_000), st.booleans())
def test_breath_left_never_negative(endurance: int, held: int, speaks: bool) -> None:
    result = hold_breath(SeededDice(0), endurance=endurance, rounds_held=held,
                         speaks_or_casts=speaks).result
    assert 0 <= result.rounds_left <= endurance
    assert result.holding is (result.rounds_left > 0 and not speaks)
