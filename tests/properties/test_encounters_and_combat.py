"""Property tests over the whole input space of initiative, surprise, encounter distance, the
whole encounter and range zones."""

from __future__ import annotations

import math
from itertools import pairwise
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rpg.core.dice import SeededDice
from rpg.core.errors import RuleError
from rpg.pravidla.combat import RANGE_ZONES, SIDES_MAX, SIDES_MIN, initiative, range_zone
from rpg.pravidla.encounters import LOCATIONS, encounter, encounter_distance, surprise

seeds = st.integers(0, 2**63 - 1)
names = st.text(min_size=1, max_size=12).filter(lambda name: name.strip())
valid_sides = st.lists(names, min_size=SIDES_MIN, max_size=SIDES_MAX, unique=True)
any_sides = st.lists(st.text(max_size=6), max_size=SIDES_MAX + 2)


@st.composite
def conflicts(draw: st.DrawFn) -> dict[str, Any]:
    """Valid sides, the players among them, and some of them surprised or lit."""
    sides = draw(valid_sides)
    return {
        "sides": sides,
        "players": draw(st.none() | st.sampled_from(sides)),
        "surprised": draw(st.lists(st.sampled_from(sides), unique=True)),
        "light": draw(st.lists(st.sampled_from(sides), unique=True)),
    }


def _sides_are_valid(sides: list[str]) -> bool:
    return (SIDES_MIN <= len(sides) <= SIDES_MAX and len(set(sides)) == len(sides)
            and all(side.strip() for side in sides))


@settings(max_examples=150, deadline=None)
@given(conflicts(), seeds)
def test_initiative_order_is_a_permutation_of_the_sides_not_surprised(
    conflict: dict[str, Any], seed: int
) -> None:
    sides, surprised = conflict["sides"], conflict["surprised"]
    players = conflict["players"] or sides[0]
    outcome = initiative(SeededDice(seed), sides=sides, players=conflict["players"],
                         surprised=surprised)
    everyone = set(surprised) == set(sides)
    acting = sides if everyone else [side for side in sides if side not in surprised]
    order = outcome.result.order
    assert sorted(entry.side for entry in order) == sorted(acting)
    assert set(outcome.result.skipped) == (set() if everyone else set(surprised))
    assert len(outcome.rolls) == len(acting)
    assert all(1 <= entry.roll <= 10 for entry in order)
    rolls = [entry.roll for entry in order]
    assert rolls == sorted(rolls, reverse=True)
    for first, second in pairwise(order):
        if first.roll == second.roll:
            assert second.side != players
            if players not in (first.side, second.side):
                assert sides.index(first.side) < sides.index(second.side)
    for entry in order:
        assert entry.tied == (rolls.count(entry.roll) > 1)
    chance = outcome.result.players_first_chance
    assert (chance is None) == (players not in acting)
    assert chance is None or 0 < chance <= 1


@settings(max_examples=150, deadline=None)
@given(any_sides, st.none() | st.text(max_size=6), st.lists(st.text(max_size=6), max_size=4),
       seeds)
def test_initiative_refuses_a_bad_conflict_with_a_rule_error(
    sides: list[str], players: str | None, surprised: list[str], seed: int
) -> None:
    valid = (_sides_are_valid(sides) and (players is None or players in sides)
             and all(side in sides for side in surprised))
    try:
        initiative(SeededDice(seed), sides=sides, players=players, surprised=surprised)
    except RuleError as error:
        assert not valid
        assert error.field in ("sides", "players", "surprised")
    else:
        assert valid


@settings(max_examples=150, deadline=None)
@given(conflicts(), seeds)
def test_surprise_follows_the_dice_and_the_light(conflict: dict[str, Any], seed: int) -> None:
    sides, light = conflict["sides"], conflict["light"]
    outcome = surprise(SeededDice(seed), sides=sides, light=light)
    entries = outcome.result.sides
    assert [entry.side for entry in entries] == sides
    for entry in entries:
        lit_all_round = all(other in light for other in sides if other != entry.side)
        assert (entry.roll is None) == lit_all_round
        assert entry.surprised == (entry.roll is not None and entry.roll <= 2)
    count = sum(entry.surprised for entry in entries)
    expected = "none" if count == 0 else "all" if count == len(sides) else "some"
    assert outcome.result.effect == expected
    assert len(outcome.rolls) == sum(entry.roll is not None for entry in entries)
    distribution = {c.effect: c.probability for c in outcome.result.distribution}
    assert sum(distribution.values()) == 1 and distribution[expected] > 0


@settings(max_examples=150, deadline=None)
@given(any_sides, st.lists(st.text(max_size=6), max_size=4), seeds)
def test_surprise_refuses_a_bad_conflict_with_a_rule_error(
    sides: list[str], light: list[str], seed: int
) -> None:
    valid = _sides_are_valid(sides) and all(side in sides for side in light)
    try:
        surprise(SeededDice(seed), sides=sides, light=light)
    except RuleError as error:
        assert not valid
        assert error.field in ("sides", "light")
    else:
        assert valid


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(LOCATIONS) | st.text(max_size=12), st.booleans(), seeds)
def test_encounter_distance_stays_within_its_dice(
    location: str, surprised: bool, seed: int
) -> None:
    try:
        outcome = encounter_distance(SeededDice(seed), location=location, surprised=surprised)
    except RuleError as error:
        assert location not in LOCATIONS and error.field == "location"
        return
    distance = outcome.result.distance_m
    if location == "indoors":
        low, high = (2, 12) if surprised else (4, 24)
        assert low <= distance <= high
    else:
        low, high = (10, 40) if surprised else (40, 240)
        assert low <= distance <= high and distance % 10 == 0
    assert outcome.result.zone == range_zone(SeededDice(0), distance_m=distance).result.zone


@settings(max_examples=150, deadline=None)
@given(conflicts(), st.sampled_from(LOCATIONS), st.integers(-6, 6), seeds)
def test_encounter_runs_every_step_in_order(
    conflict: dict[str, Any], location: str, modifier: int, seed: int
) -> None:
    sides, light = conflict["sides"], conflict["light"]
    players = conflict["players"] or sides[0]
    outcome = encounter(SeededDice(seed), sides=sides, light=light, location=location,
                        players=conflict["players"], reaction_modifier=modifier)
    result = outcome.result
    caught_out = [entry.side for entry in result.surprise.sides if entry.surprised]
    everyone = len(caught_out) == len(sides)
    acting = sides if everyone else [side for side in sides if side not in caught_out]
    assert sorted(entry.side for entry in result.initiative.order) == sorted(acting)
    assert [r.side for r in result.reactions] == [side for side in acting if side != players]
    labels = [r.label for r in outcome.rolls]
    expected = (["surprise"] * labels.count("surprise") + ["distance"]
                + ["initiative"] * len(acting) + ["reaction"] * len(result.reactions))
    assert labels == expected
    wild_surprise = location == "wilderness" and bool(caught_out)
    assert outcome.rolls[labels.index("distance")].notation == ("1d4" if wild_surprise
                                                                 else "4d6")


@settings(max_examples=150, deadline=None)
@given(conflicts() | st.fixed_dictionaries({
    "sides": any_sides, "players": st.none() | st.text(max_size=6),
    "light": st.lists(st.text(max_size=6), max_size=4)}), seeds)
def test_encounter_refuses_a_bad_conflict_with_a_rule_error(
    conflict: dict[str, Any], seed: int
) -> None:
    sides, players, light = conflict["sides"], conflict["players"], conflict["light"]
    valid = (_sides_are_valid(sides) and (players is None or players in sides)
             and all(side in sides for side in light))
    try:
        encounter(SeededDice(seed), sides=sides, players=players, light=light)
    except RuleError as error:
        assert not valid
        assert error.field in ("sides", "players", "light")
    else:
        assert valid


@settings(max_examples=200, deadline=None)
@given(st.floats(allow_nan=True, allow_infinity=True) | st.integers(-10, 100_000))
def test_range_zone_of_any_number(distance: float) -> None:
    try:
        outcome = range_zone(SeededDice(0), distance_m=distance)
    except RuleError as error:
        assert error.field == "distance_m"
        assert not (math.isfinite(distance) and distance >= 0)
        return
    counted = outcome.result.counted_m
    assert counted == math.ceil(distance) and counted - 1 < distance <= counted
    zone = next(z for z in RANGE_ZONES if z.zone == outcome.result.zone)
    assert zone.low <= counted and (zone.high is None or counted <= zone.high)
    assert outcome.rolls == () and outcome.chance is None
