"""[Průzkum kobek] turn by turn: wandering-monster checks, rest, fatigue."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

from rpg.core.dice import ReplayDice, SeededDice
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


@settings(max_examples=300)
@given(st.integers(1, 100_000), st.booleans(), st.floats(0, 100_000, allow_nan=False),
       st.floats(0, 100_000, allow_nan=False), st.booleans(), st.integers(0, 2**63 - 1))
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


def test_get_and_post_agree(client: FlaskClient) -> None:
    posted = client.post("/api/v1/dungeon-turn", json={"turn": 2, "roll": True, "seed": 77})
    got = client.get("/api/v1/dungeon-turn?turn=2&roll=true&seed=77")
    assert posted.status_code == got.status_code == 200
    assert posted.get_json() == got.get_json()


@pytest.mark.parametrize(("body", "field"), [
    ({"turn": 0}, "turn"),
    ({"turn": 1, "hours_since_rest": 1, "hours_exploring_since_rest": 2},
     "hours_exploring_since_rest"),
])
def test_bad_input_is_a_422_naming_the_field(
    client: FlaskClient, body: dict[str, object], field: str
) -> None:
    response = client.post("/api/v1/dungeon-turn", json=body)
    assert response.status_code == 422
    assert field in response.get_json()["errors"]


def test_openapi_documents_the_bounds(client: FlaskClient) -> None:
    schemas = client.get("/api/v1/openapi.json").get_json()["components"]["schemas"]
    assert schemas["DungeonTurnArgs"]["properties"]["turn"]["minimum"] == 1


#: Golden vectors: inputs covering every branch of the rule, refusals included; the
#: calculators' JavaScript must give the engine's answer for each (tests/calculators).
GOLDEN: dict[str, list[dict[str, Any]]] = {
    "dungeon-turn": [
        *({"turn": turn, "noise": noise, "roll": rolled}
          for turn in (1, 2, 3, 100_000) for noise in (False, True) for rolled in (False, True)),
        {"turn": 5, "hours_since_rest": 8, "hours_exploring_since_rest": 8},
        {"turn": 6, "hours_since_rest": 23.5, "hours_exploring_since_rest": 7.75},
        {"turn": 7, "hours_since_rest": 24, "hours_exploring_since_rest": 0, "noise": True,
         "roll": True},
        {"turn": 8, "hours_since_rest": 30.25, "hours_exploring_since_rest": 12.5},
        {"turn": 9, "hours_since_rest": 5, "hours_exploring_since_rest": 6.5},
        {"turn": 10, "hours_exploring_since_rest": 1, "roll": True},
    ],
}
