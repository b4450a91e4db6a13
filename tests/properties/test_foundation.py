"""Property tests over the whole input space of roll, morale, reaction and falling."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from rpg.core.dice import SeededDice
from rpg.core.errors import RuleError
from rpg.core.notation import parse, roll
from rpg.pravidla.combat import morale
from rpg.pravidla.encounters import REACTION_TABLE, reaction
from rpg.pravidla.hazards import falling

seeds = st.integers(0, 2**63 - 1)

dice_terms = st.builds(
    lambda count, faces, keep: f"{count}d{faces}" + (f"k{keep[0]}{min(keep[1], count)}"
                                                     if keep else ""),
    st.integers(1, 20), st.integers(2, 1000),
    st.none() | st.tuples(st.sampled_from("hl"), st.integers(1, 20)),
)
terms = dice_terms | st.integers(0, 10_000).map(str)
expressions = st.lists(st.tuples(st.sampled_from("+-"), terms), min_size=1, max_size=10).map(
    lambda parts: "".join(sign + term for sign, term in parts).lstrip("+"))


@settings(max_examples=200)
@given(expressions, seeds)
def test_a_valid_expression_rolls_within_its_bounds(expr: str, seed: int) -> None:
    expression = parse(expr)
    outcome = roll(SeededDice(seed), expr=expr)
    assert expression.minimum <= outcome.result.total <= expression.maximum
    assert expression.minimum <= expression.mean <= expression.maximum
    assert sum(term.value for term in outcome.result.terms) == outcome.result.total
    for term in outcome.result.terms:
        assert len(term.kept) <= len(term.dice) or not term.dice


@settings(max_examples=300)
@given(st.text(max_size=120))
def test_any_text_parses_or_raises_a_rule_error(expr: str) -> None:
    try:
        parse(expr)
    except RuleError as error:
        assert error.field == "expr"
        assert error.message.cs and error.message.en


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


@settings(max_examples=150)
@given(st.integers(-6, 6), seeds)
def test_reaction_band_matches_the_total(modifier: int, seed: int) -> None:
    outcome = reaction(SeededDice(seed), modifier=modifier)
    result = outcome.result
    assert result.total == outcome.rolls[0].total + modifier
    band = next(b for b in REACTION_TABLE if b.band == result.band)
    assert band.holds(result.total)
    assert sum(c.probability for c in result.distribution) == 1


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
