"""[Hození zbraně]: effective and ineffective range."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

from rpg.core.dice import ReplayDice, SeededDice
from rpg.pravidla.situations import thrown_range

NO_DICE = ReplayDice([])


def test_thrown_range() -> None:
    # "do efektivní vzdálenosti danou její hodnotou síly (Poblíž)";
    # "Neefektivní vzdálenost je pak dvojnásobek Síly."
    outcome = thrown_range(NO_DICE, strength=12)
    result = outcome.result
    ranges = (result.effective_range_m, result.ineffective_range_m, result.zone)
    assert ranges == (12, 24, "poblize")
    assert "modifikátor síly" in result.damage_note.cs
    assert outcome.rule.url == "/pravidla/ostatni-bojove-situace/#hozeni-zbrane"


@settings(max_examples=100)
@given(st.integers(1, 100))
def test_thrown_range_doubles(strength: int) -> None:
    result = thrown_range(SeededDice(0), strength=strength).result
    assert result.ineffective_range_m == 2 * result.effective_range_m == 2 * strength


def test_get_and_post_agree(client: FlaskClient) -> None:
    posted = client.post("/api/v1/thrown-range", json={"strength": 10, "seed": 77})
    got = client.get("/api/v1/thrown-range?strength=10&seed=77")
    assert posted.status_code == got.status_code == 200
    assert posted.get_json() == got.get_json()


def test_bad_input_is_a_422_naming_the_field(client: FlaskClient) -> None:
    response = client.post("/api/v1/thrown-range", json={"strength": 0})
    assert response.status_code == 422
    assert "strength" in response.get_json()["errors"]


#: Golden vectors: inputs covering every branch of the rule; the calculators' JavaScript must
#: give the engine's answer for each (tests/calculators).
GOLDEN: dict[str, list[dict[str, Any]]] = {
    "thrown-range": [{"strength": s} for s in (1, 2, 10, 17, 100)],
}
