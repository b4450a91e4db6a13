"""[Konec setkání] an encounter (a fight included) takes at least 1 shift, rounded up to whole
shifts; a round is 6 s, a shift 10 minutes (100 rounds)."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

from rpg.core.dice import ReplayDice
from rpg.core.errors import RuleError
from rpg.pravidla.encounters import ROUNDS_MAX, ROUNDS_MIN, encounter_duration
from tests.answers import schema_errors


@pytest.mark.parametrize(("rounds", "shifts"), [
    (0, 1),           # "trvají nejméně 1 směnu": even with no round fought
    (1, 1),           # "zaokrouhlují se k nejbližší směně nahoru"
    (37, 1),
    (100, 1),         # 100 rounds of 6 s fill one shift of 10 minutes exactly
    (101, 2),
    (250, 3),
    (ROUNDS_MAX, 1000),
])
def test_at_least_one_shift_rounded_up(rounds: int, shifts: int) -> None:
    outcome = encounter_duration(ReplayDice([]), rounds=rounds)
    assert (outcome.result.shifts, outcome.result.minutes) == (shifts, shifts * 10)
    assert outcome.result.rounds_minutes == Fraction(rounds, 10)
    assert outcome.rolls == () and outcome.chance is None and outcome.next == ()
    assert outcome.rule.url == "/pravidla/nahla-setkani/#konec-setkani"


def test_text_in_both_languages() -> None:
    outcome = encounter_duration(ReplayDice([]), rounds=101)
    assert outcome.text.cs == "Konec setkání: 101 kol × 6 s = 10,1 min → 2 směny (20 min)."
    assert outcome.text.en == ("End of the encounter: 101 rounds × 6 s = 10.1 min → 2 shifts "
                               "(20 min).")
    one = encounter_duration(ReplayDice([]), rounds=1)
    assert one.text.cs == "Konec setkání: 1 kolo × 6 s = 0,1 min → 1 směna (10 min)."
    assert one.text.en == "End of the encounter: 1 round × 6 s = 0.1 min → 1 shift (10 min)."
    assert encounter_duration(ReplayDice([]), rounds=3).text.cs.startswith("Konec setkání: 3 kola")
    many = encounter_duration(ReplayDice([]), rounds=1234)
    assert many.text.cs == "Konec setkání: 1234 kol × 6 s = 123,4 min → 13 směn (130 min)."


def test_the_least_is_said_when_it_decides() -> None:
    outcome = encounter_duration(ReplayDice([]), rounds=0)
    assert outcome.text.cs == "Konec setkání: 0 kol × 6 s = 0 min → nejméně 1 směna (10 min)."
    assert outcome.text.en == ("End of the encounter: 0 rounds × 6 s = 0 min → at least 1 shift "
                               "(10 min).")


@pytest.mark.parametrize("rounds", [-1, ROUNDS_MAX + 1, True, 2.5])
def test_rounds_out_of_bounds_are_refused(rounds: Any) -> None:
    with pytest.raises(RuleError) as error:
        encounter_duration(ReplayDice([]), rounds=rounds)
    assert error.value.field == "rounds"
    assert error.value.message.cs.startswith("'rounds' musí být celé číslo od 0 do 100000")


@settings(max_examples=200, deadline=None)
@given(st.integers(ROUNDS_MIN, ROUNDS_MAX))
def test_every_round_count_fits_its_shifts(rounds: int) -> None:
    result = encounter_duration(ReplayDice([]), rounds=rounds).result
    assert result.shifts == max(1, math.ceil(rounds / 100))
    assert result.shifts * 100 >= rounds  # the shifts hold every round
    assert result.shifts == 1 or (result.shifts - 1) * 100 < rounds  # and no whole shift more
    assert result.minutes == 10 * result.shifts >= result.rounds_minutes


def test_the_api_answers_as_documented(client: FlaskClient) -> None:
    by_get = client.get("/api/v1/encounter-duration?rounds=37&lang=en").get_json()
    by_post = client.post("/api/v1/encounter-duration",
                          json={"rounds": 37, "lang": "en", "seed": by_get["seed"]}).get_json()
    assert by_get == by_post
    assert schema_errors(by_get) == {}
    assert by_get["result"] == {"shifts": 1, "minutes": 10, "rounds_minutes": 3.7, "next": []}
    assert by_get["text"] == "End of the encounter: 37 rounds × 6 s = 3.7 min → 1 shift (10 min)."
    assert by_get["rolls"] == [] and by_get["chance"] is None
    assert by_get["rule"] == {"title": "Konec setkání",
                              "url": "/pravidla/nahla-setkani/#konec-setkani"}


@pytest.mark.parametrize("body", [{}, {"rounds": -1}, {"rounds": 100_001}, {"rounds": "x"},
                                  {"rounds": True}, {"rounds": 2.5}, {"rounds": 3, "round": 3}])
def test_bad_input_is_a_422_naming_the_field(client: FlaskClient, body: dict[str, Any]) -> None:
    response = client.post("/api/v1/encounter-duration", json=body)
    assert response.status_code == 422
    payload = response.get_json()
    assert set(payload["errors"]) <= {"rounds", "round"} and payload["message"]


#: Golden vectors: inputs covering every branch of the rule, refusals included; the
#: calculators' JavaScript must give the engine's answer for each (tests/calculators).
GOLDEN: dict[str, list[dict[str, Any]]] = {
    "encounter-duration": [
        {"rounds": rounds}
        for rounds in (0, 1, 2, 5, 37, 99, 100, 101, 150, 200, 201, 1234, ROUNDS_MAX, -1,
                       ROUNDS_MAX + 1)
    ],
}
