"""[Průzkum kobek] turn by turn: wandering-monster checks, rest, fatigue."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rpg.core.dice import ReplayDice
from rpg.core.errors import RuleError
from rpg.pravidla.dungeon import dungeon_turn
from tests.enumeration import probability


@pytest.mark.parametrize(("turn", "noise", "due", "reason", "next_check"), [
    (1, False, False, None, 2),        # "jednou za 2 kola": every 2nd turn
    (2, False, True, "schedule", 4),
    (3, True, True, "noise", 4),       # "Hlasité zvuky": a racket calls a check too
    (4, True, True, "schedule", 6),
    (7, False, False, None, 8),
])
def test_wandering_monster_check_schedule(
    turn: int, noise: bool, due: bool, reason: str | None, next_check: int
) -> None:
    result = dungeon_turn(ReplayDice([]), turn=turn, noise=noise).result
    assert (result.check_due, result.check_reason, result.next_check_turn) == (
        due, reason, next_check)
    assert (result.roll, result.wandering_monster) == (None, None)

@pytest.mark.parametrize(("die", "monster"), [(1, True), (2, False), (6, False)])
def test_rolled_check_is_one_in_six(die: int, monster: bool) -> None:
    outcome = dungeon_turn(ReplayDice([die]), turn=2, roll=True)
    assert (outcome.result.roll, outcome.result.wandering_monster) == (die, monster)
    assert outcome.chance == Fraction(1, 6) == probability(
        dungeon_turn, lambda o: o.result.wandering_monster, turn=2, roll=True)

def test_no_roll_when_no_check_is_due() -> None:
    outcome = dungeon_turn(ReplayDice([]), turn=1, roll=True)
    assert outcome.rolls == () and outcome.chance is None

@pytest.mark.parametrize(("since_rest", "exploring", "rest_allowed", "fatigue"), [
    (0, 0, False, 0),
    (7.5, 7.5, False, 0),
    (8, 8, True, 0),       # "Odpočívat lze maximálně jednou za 8 hodin průzkumu."
    (23, 12, True, 0),
    (24, 20, True, 1),     # "Pokud postavy v posledních 24 hodinách neodpočívali, utrpí 1 bod"
])
def test_rest_and_fatigue(
    since_rest: float, exploring: float, rest_allowed: bool, fatigue: int
) -> None:
    result = dungeon_turn(ReplayDice([]), turn=1, hours_since_rest=since_rest,
                          hours_exploring_since_rest=exploring).result
    assert (result.rest_allowed, result.fatigue_due, result.rest_hours) == (
        rest_allowed, fatigue, (8, 12))

def test_more_exploring_than_time_is_a_contradiction() -> None:
    with pytest.raises(RuleError) as caught:
        dungeon_turn(ReplayDice([]), turn=1, hours_since_rest=2, hours_exploring_since_rest=3)
    assert caught.value.field == "hours_exploring_since_rest"
