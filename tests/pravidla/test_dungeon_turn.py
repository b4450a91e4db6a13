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


def test_a_monster_met_calls_for_an_encounter_indoors() -> None:
    met = dungeon_turn(ReplayDice([1]), turn=2, roll=True)
    assert [(step.procedure, dict(step.inputs), step.missing) for step in met.next] == [
        ("encounter", {"location": "indoors"}, ())]
    assert dungeon_turn(ReplayDice([2]), turn=2, roll=True).next == ()
    assert dungeon_turn(ReplayDice([]), turn=2).next == ()


@pytest.mark.parametrize(("dice", "inputs", "cs", "en"), [
    ([1], {"turn": 2, "roll": True},
     "Směna 2: putující monstra 1d6 = 1 → setkání; odpočinek zatím ne (nejvýše jednou za 8 h "
     "průzkumu).",
     "Turn 2: wandering monsters 1d6 = 1 → an encounter; no rest yet (at most once per 8 h of "
     "exploring)."),
    ([], {"turn": 3, "noise": True, "hours_since_rest": 30, "hours_exploring_since_rest": 9},
     "Směna 3: hoď na putující monstra (kvůli hluku, 1 z 6); odpočinek možný (8–12 h); 24 h bez "
     "odpočinku → 1 bod únavy.",
     "Turn 3: roll for wandering monsters (because of noise, 1 in 6); rest allowed (8–12 h); "
     "24 h without rest → 1 fatigue."),
])
def test_text_in_both_languages(
    dice: list[int], inputs: dict[str, Any], cs: str, en: str
) -> None:
    # A sentence ends once: no "setkání!." (section 2c).
    outcome = dungeon_turn(ReplayDice(dice), **inputs)
    assert (outcome.text.cs, outcome.text.en) == (cs, en)


@pytest.mark.parametrize(("turn", "noise", "rule"), [
    (2, False, "/pravidla/pruzkum-kobek/#putujici-monstra"),  # a check is due
    (3, True, "/pravidla/pruzkum-kobek/#putujici-monstra"),
    (3, False, "/pravidla/pruzkum-kobek/#odpocinek"),         # none: rest and fatigue
])
def test_the_rule_cited_is_the_one_that_applies(turn: int, noise: bool, rule: str) -> None:
    assert dungeon_turn(ReplayDice([]), turn=turn, noise=noise).rule.url == rule


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


@pytest.mark.parametrize(("since_rest", "since_fatigue", "fatigue"), [
    (24, None, 1),    # no fatigue taken for it since the rest: due
    (30, 6, 0),       # a forced march's (or this rule's) fatigue 6 h ago covered that day
    (48, 24, 1),      # 24 h after the last one taken: the next day's is due
    (47.5, 23.5, 0),
])
def test_one_sleepless_day_gives_one_fatigue(
    since_rest: float, since_fatigue: float | None, fatigue: int
) -> None:
    # "Pokud postavy v posledních 24 hodinách neodpočívali, utrpí 1 bod únavy": the fatigue
    # already taken for a day without rest counts that day; the text says a fatigue only when due.
    outcome = dungeon_turn(ReplayDice([]), turn=1, hours_since_rest=since_rest,
                           hours_exploring_since_rest=since_rest,
                           hours_since_no_rest_fatigue=since_fatigue)
    assert outcome.result.fatigue_due == fatigue
    assert ("bez odpočinku" in outcome.text.cs) is bool(fatigue)


def test_a_fatigue_taken_before_the_rest_is_a_contradiction() -> None:
    with pytest.raises(RuleError) as caught:
        dungeon_turn(ReplayDice([]), turn=1, hours_since_rest=2, hours_since_no_rest_fatigue=3)
    assert caught.value.field == "hours_since_no_rest_fatigue"


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


def test_the_encounter_next_answers(client: FlaskClient) -> None:
    answer = client.get("/api/v1/dungeon-turn?turn=4&roll=true&dice=1").get_json()
    assert answer["result"]["next"] == [{
        "procedure": "encounter", "url": "/api/v1/encounter?location=indoors",
        "title": "Náhlé setkání", "missing": []}]
    assert client.get(answer["result"]["next"][0]["url"] + "&seed=3").status_code == 200


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
        {"turn": 11, "hours_since_rest": 30, "hours_exploring_since_rest": 30,
         "hours_since_no_rest_fatigue": 6},
        {"turn": 12, "hours_since_rest": 48, "hours_exploring_since_rest": 48,
         "hours_since_no_rest_fatigue": 24, "roll": True},
        {"turn": 13, "hours_since_rest": 2, "hours_since_no_rest_fatigue": 3},
    ],
}
