"""[Rychlé cestování] property tests over the whole input space."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rpg.core.dice import SeededDice
from rpg.pravidla import wilderness
from tests.properties.corruption import answers_or_refuses, corrupted

seeds = st.integers(0, 2**63 - 1)


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


DEFAULTS: dict[str, Any] = {
    "days": 1, "travelers": 1, "supplies": 0,
}


@settings(max_examples=100, deadline=None)
@given(corrupted(DEFAULTS), seeds)
def test_any_input_gives_a_result_or_a_rule_error(inputs: dict[str, Any], seed: int) -> None:
    answers_or_refuses(wilderness.fast_travel, inputs, seed)
