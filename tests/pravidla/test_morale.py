"""[Morálka] 2d6 at or under the morale holds; two holds in an encounter: to the death."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rpg.core.dice import ReplayDice, SeededDice
from rpg.pravidla import combat
from rpg.pravidla.combat import morale
from tests.enumeration import probability


@pytest.mark.parametrize(("score", "successes", "dice", "holds", "to_death", "outcome"), [
    (7, 0, [3, 4], True, False, "holds"),
    (7, 0, [4, 4], False, False, "flees-or-surrenders"),
    (2, 0, [1, 1], True, False, "holds"),
    (12, 0, [6, 6], True, False, "holds"),
    (7, 1, [3, 4], True, True, "fights-to-death"),
    (7, 1, [6, 2], False, False, "flees-or-surrenders"),
])
def test_morale_check(
    score: int, successes: int, dice: list[int], holds: bool, to_death: bool, outcome: str
) -> None:
    result = morale(ReplayDice(dice), morale=score, successes=successes)
    assert result.result.total == sum(dice)
    assert result.result.holds is holds
    assert result.result.fights_to_death is to_death
    assert result.result.outcome == outcome
    assert [r.label for r in result.rolls] == ["morale"]


def test_two_successes_already_fight_to_the_death_without_rolling() -> None:
    result = morale(ReplayDice([]), morale=5, successes=2)
    assert result.rolls == ()
    assert (result.result.total, result.result.holds, result.result.outcome) == (
        None, True, "fights-to-death")
    assert result.chance == 1


def test_text_shows_the_dice_as_the_rules_write_them() -> None:
    assert morale(ReplayDice([3, 4]), morale=7).text.cs == "Morálka 7: 2d6 = 3 + 4 = 7 ≤ 7 → drží."
    assert morale(ReplayDice([5, 4]), morale=7).text.en == (
        "Morale 7: 2d6 = 5 + 4 = 9 > 7 → flees or surrenders.")


@pytest.mark.parametrize("score", range(2, 13))
def test_exact_chance_against_enumeration(score: int) -> None:
    expected = probability(morale, lambda o: o.result.holds, morale=score)
    assert morale(ReplayDice([1, 1]), morale=score).chance == expected
    assert morale(ReplayDice([1, 1]), morale=7).chance == Fraction(21, 36)


#: Golden vectors: inputs covering every branch of the rule, refusals included; the
#: calculators' JavaScript must give the engine's answer for each (tests/calculators).
GOLDEN: dict[str, list[dict[str, Any]]] = {
    "morale": [
        {"morale": m, "successes": s}
        for m in range(combat.MORALE_MIN, combat.MORALE_MAX + 1)
        for s in range(combat.MORALE_SUCCESSES_TO_DEATH + 1)
    ],
}


# --- properties --------------------------------------------------------------------------------
# Over the whole input space (hypothesis).

seeds = st.integers(0, 2**63 - 1)


@settings(max_examples=150)
@given(st.integers(2, 12), st.integers(0, 2), seeds)
def test_morale_holds_iff_at_or_under(score: int, successes: int, seed: int) -> None:
    outcome = morale(SeededDice(seed), morale=score, successes=successes)
    result = outcome.result
    assert 0 <= outcome.chance <= 1
    if successes == 2:
        assert result.total is None and result.holds and result.fights_to_death
        return
    assert 2 <= result.total <= 12
    assert result.holds is (result.total <= score)
    assert result.fights_to_death is (result.holds and successes == 1)
