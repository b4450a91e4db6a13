"""[Pád z výšky] 1d6 per started 2 m beyond the first 2 m; a catch vs DC 15."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rpg.core.dice import ReplayDice, SeededDice
from rpg.core.errors import RuleError
from rpg.pravidla.hazards import falling, falling_dice
from tests.enumeration import probability


@pytest.mark.parametrize(("height", "dice"), [
    (0, 0), (1, 0), (2, 0), (2.5, 1), (3, 1), (4, 1), (4.1, 2), (5, 2), (6, 2), (10, 4),
    (10000, 4999),
])
def test_dice_per_started_two_metres(height: float, dice: int) -> None:
    assert falling_dice(height) == dice


@pytest.mark.parametrize(("height", "dice", "damage"), [
    (0, [], 0), (2, [], 0), (2.5, [4], 4), (3, [6], 6), (5, [1, 2], 3), (10, [1, 2, 3, 4], 10),
])
def test_fall_without_catch(height: float, dice: list[int], damage: int) -> None:
    outcome = falling(ReplayDice(dice), height_m=height)
    result = outcome.result
    assert (result.caught, result.dice_count, result.damage) == (None, len(dice), damage)
    assert result.distance_counted_m == height
    assert result.fall_seconds == height / 25
    assert outcome.chance is None


def test_successful_catch_counts_only_the_distance_fallen() -> None:
    outcome = falling(ReplayDice([13, 5]), height_m=10, catch=True, caught_at_m=4,
                      dex_modifier=2)
    assert outcome.result.caught is True
    assert (outcome.result.distance_counted_m, outcome.result.dice_count) == (4, 1)
    assert outcome.result.damage == 5
    assert [r.label for r in outcome.rolls] == ["catch", "damage"]


def test_failed_catch_counts_the_full_height() -> None:
    outcome = falling(ReplayDice([12, 1, 1, 1, 1]), height_m=10, catch=True, caught_at_m=4,
                      dex_modifier=2)
    assert outcome.result.caught is False
    assert (outcome.result.dice_count, outcome.result.damage) == (4, 4)
    assert outcome.text.cs.startswith("Pád z 10 m: zachycení 1d20 = 12 + 2 = 14 < 15")


@pytest.mark.parametrize(("natural", "modifier", "fatigue", "caught"), [
    (20, -20, 0, True),   # natural 20 always succeeds
    (1, 20, 0, False),    # natural 1 always fails
    (15, 0, 0, True),
    (14, 0, 0, False),
    (17, 0, 3, False),    # fatigue lowers the total
    (18, 0, 3, True),
])
def test_catch_natural_rules_and_fatigue(
    natural: int, modifier: int, fatigue: int, caught: bool
) -> None:
    outcome = falling(ReplayDice([natural]), height_m=2, catch=True, caught_at_m=1,
                      dex_modifier=modifier, fatigue=fatigue)
    assert outcome.result.caught is caught


@pytest.mark.parametrize(("natural", "modifier", "cs", "en"), [
    (20, -20, "zachycení 1d20 = 20 − 20 = 0, přirozená 20 → postava se zachytila;",
     "catch 1d20 = 20 − 20 = 0, natural 20 → caught hold;"),
    (1, 20, "zachycení 1d20 = 1 + 20 = 21, přirozená 1 → postava se nezachytila;",
     "catch 1d20 = 1 + 20 = 21, natural 1 → no hold;"),
])
def test_a_natural_that_decides_the_catch_is_named(
    natural: int, modifier: int, cs: str, en: str
) -> None:
    # Not "0 ≥ 15": the total did not decide it, the natural did.
    outcome = falling(ReplayDice([natural]), height_m=2, catch=True, caught_at_m=1,
                      dex_modifier=modifier)
    assert cs in outcome.text.cs
    assert en in outcome.text.en


def test_every_modifier_of_the_catch_is_shown_fatigue_named() -> None:
    # Section 2c: every modifier that entered the total, even when they cancel.
    outcome = falling(ReplayDice([13, 2, 3, 4, 5]), height_m=10, catch=True, caught_at_m=4,
                      dex_modifier=2, fatigue=2)
    assert outcome.text.cs == (
        "Pád z 10 m: zachycení 1d20 = 13 + 2 − 2 (únava) = 13 < 15 → postava se "
        "nezachytila; 10 m pádu, první 2 m se nepočítají → 4d6 = 2 + 3 + 4 + 5 = 14 "
        "poškození.")
    assert outcome.text.en == (
        "Fall of 10 m: catch 1d20 = 13 + 2 − 2 (fatigue) = 13 < 15 → no hold; 10 m fallen, the "
        "first 2 m do not count → 4d6 = 2 + 3 + 4 + 5 = 14 damage.")


def test_a_fall_without_catch_in_both_languages() -> None:
    outcome = falling(ReplayDice([]), height_m=1.5)
    assert outcome.text.cs == ("Pád z 1,5 m: 1,5 m pádu, první 2 m se nepočítají "
                               "→ bez poškození.")
    assert outcome.text.en == ("Fall of 1.5 m: 1.5 m fallen, the first 2 m do not count → no "
                               "damage.")


def test_catch_within_the_free_two_metres_rolls_no_damage() -> None:
    outcome = falling(ReplayDice([19]), height_m=30, catch=True, caught_at_m=2)
    assert (outcome.result.dice_count, outcome.result.damage, len(outcome.rolls)) == (0, 0, 1)


@pytest.mark.parametrize(("modifier", "fatigue"), [(0, 0), (3, 0), (0, 5), (-20, 0), (20, 0)])
def test_catch_chance_against_enumeration(modifier: int, fatigue: int) -> None:
    inputs = {"height_m": 2, "catch": True, "caught_at_m": 1, "dex_modifier": modifier,
              "fatigue": fatigue}
    expected = probability(falling, lambda o: o.result.caught, **inputs)
    assert falling(ReplayDice([10]), **inputs).chance == expected
    assert falling(ReplayDice([10]), height_m=2, catch=True, caught_at_m=1).chance == Fraction(
        6, 20)


@pytest.mark.parametrize(("inputs", "field"), [
    ({"height_m": 10, "catch": True}, "caught_at_m"),
    ({"height_m": 10, "caught_at_m": 3}, "caught_at_m"),
    ({"height_m": 10, "catch": True, "caught_at_m": 11}, "caught_at_m"),
    ({"height_m": 10, "catch": True, "caught_at_m": 3, "fatigue": -1}, "fatigue"),
])
def test_contradictory_inputs(inputs: dict[str, object], field: str) -> None:
    with pytest.raises(RuleError) as caught:
        falling(ReplayDice([]), **inputs)
    assert caught.value.field == field


#: Golden vectors: inputs covering every branch of the rule, refusals included; the
#: calculators' JavaScript must give the engine's answer for each (tests/calculators).
GOLDEN: dict[str, list[dict[str, Any]]] = {
    "falling": [
        *({"height_m": h} for h in (0.0, 1.0, 2.0, 2.5, 3.0, 4.0, 4.1, 5.0, 10.0, 0.03125,
                                    1.00005, 12.34567, 41.0, 400.0, 10000.0)),
        *({"height_m": h, "catch": True, "caught_at_m": at, "dex_modifier": dex,
           "fatigue": fatigue}
          for h, at in ((5.0, 3.0), (6.0, 0.0), (4.0, 4.0), (10.0, 4.0), (30.0, 2.5))
          for dex, fatigue in ((0, 0), (3, 1))),
        *({"height_m": 3.0, "catch": True, "caught_at_m": 1.0, "dex_modifier": dex,
           "fatigue": fatigue} for dex, fatigue in ((-20, 0), (20, 0), (0, 50), (5, 5))),
        {"height_m": 10.0, "catch": True},
        {"height_m": 10.0, "caught_at_m": 3.0},
        {"height_m": 3.5, "catch": True, "caught_at_m": 7.25},
        {"height_m": 3.0, "catch": True, "caught_at_m": 1.0, "fatigue": -1},
    ],
}


# --- properties --------------------------------------------------------------------------------
# Over the whole input space (hypothesis).

seeds = st.integers(0, 2**63 - 1)

heights = st.floats(0, 10_000, allow_nan=False)


@settings(max_examples=200)
@given(heights, st.booleans(), st.floats(0, 1) , st.integers(-20, 20), st.integers(0, 50), seeds)
def test_falling_damage_within_its_dice(
    height: float, catch: bool, share: float, dex: int, fatigue: int, seed: int
) -> None:
    caught_at = height * share if catch else None
    outcome = falling(SeededDice(seed), height_m=height, catch=catch, caught_at_m=caught_at,
                      dex_modifier=dex, fatigue=fatigue)
    result = outcome.result
    assert result.dice_count == math.ceil(max(0, result.distance_counted_m - 2) / 2)
    assert result.dice_count <= result.damage <= 6 * result.dice_count
    assert result.distance_counted_m <= height
    assert (result.caught is None) is (not catch)
    assert (outcome.chance is None) is (not catch)


@settings(max_examples=200)
@given(heights, st.booleans(), st.none() | st.floats(0, 20_000, allow_nan=False))
def test_falling_inputs_are_valid_or_a_rule_error(
    height: float, catch: bool, caught_at: float | None
) -> None:
    try:
        falling(SeededDice(1), height_m=height, catch=catch, caught_at_m=caught_at)
    except RuleError as error:
        assert error.field == "caught_at_m"
