"""[Přirozené léčení] property tests over the whole input space."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rpg.core.dice import SeededDice
from rpg.core.errors import RuleError
from rpg.pravidla import health
from tests.properties.corruption import answers_or_refuses, corrupted

seeds = st.integers(0, 2**63 - 1)


@settings(max_examples=200, deadline=None)
@given(st.integers(-100_000, 100_000), st.integers(1, 100_000), st.integers(0, 100_000),
       st.booleans(), st.integers(0, 100_000))
def test_healing_never_exceeds_the_maximum(
    hp: int, max_hp: int, nights: int, safe: bool, magic: int
) -> None:
    try:
        outcome = health.healing(SeededDice(1), hp=hp, max_hp=max_hp, nights=nights, safe=safe,
                                 magic=magic)
    except RuleError as error:
        # [Smrt] at 0 HP or less no one is left to heal; above the maximum is a mistake.
        assert (hp <= 0 or hp > max_hp) and error.field == "hp"
        return
    result = outcome.result
    assert result.hp == min(max_hp, hp + 2 * nights * safe + magic)
    assert result.healed == result.hp - hp >= 0
    assert outcome.rolls == () and outcome.chance is None


DEFAULTS: dict[str, Any] = {
    "hp": 1, "max_hp": 1, "nights": 0, "safe": True, "magic": 0,
}


@settings(max_examples=100, deadline=None)
@given(corrupted(DEFAULTS), seeds)
def test_any_input_gives_a_result_or_a_rule_error(inputs: dict[str, Any], seed: int) -> None:
    answers_or_refuses(health.healing, inputs, seed)
