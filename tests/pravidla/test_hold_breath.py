"""[Zadržení dechu]: rounds of breath, and what ends it."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

from rpg.core.dice import ReplayDice, SeededDice
from rpg.pravidla.hazards import hold_breath


@pytest.mark.parametrize(("endurance", "held", "speaks", "left", "holding", "ended_by"), [
    (5, 0, False, 5, True, None),
    (5, 4, False, 1, True, None),
    (5, 5, False, 0, False, "out-of-breath"),
    (5, 9, False, 0, False, "out-of-breath"),
    (5, 1, True, 0, False, "speaking-or-casting"),  # "Sesílání kouzel a mluvení ... okamžité"
    (0, 0, False, 0, False, "out-of-breath"),
])
def test_hold_breath(
    endurance: int, held: int, speaks: bool, left: int, holding: bool, ended_by: str | None
) -> None:
    result = hold_breath(ReplayDice([]), endurance=endurance, rounds_held=held,
                         speaks_or_casts=speaks).result
    assert (result.rounds, result.rounds_left, result.holding, result.ended_by) == (
        endurance, left, holding, ended_by)


def test_hold_breath_speaks_czech_plurals() -> None:
    assert hold_breath(ReplayDice([]), endurance=3, rounds_held=1).text.cs == (
        "Zadržení dechu (Výdrž 3): nejvýše 3 kola, uplynulo 1 kolo → zbývají 2 kola.")
    assert hold_breath(ReplayDice([]), endurance=6).text.cs.endswith("zbývá 6 kol.")


@pytest.mark.parametrize(("held", "cs"), [
    (0, "uplynulo 0 kol"), (1, "uplynulo 1 kolo"), (2, "uplynula 2 kola"),
    (4, "uplynula 4 kola"), (5, "uplynulo 5 kol"),
])
def test_elapsed_rounds_agree_in_czech(held: int, cs: str) -> None:
    assert f", {cs} → " in hold_breath(ReplayDice([]), endurance=9, rounds_held=held).text.cs


def test_hold_breath_in_english() -> None:
    assert hold_breath(ReplayDice([]), endurance=1).text.en == (
        "Holding breath (Endurance 1): at most 1 round, 0 rounds passed → 1 round left.")
    assert hold_breath(ReplayDice([]), endurance=3, rounds_held=1).text.en == (
        "Holding breath (Endurance 3): at most 3 rounds, 1 round passed → 2 rounds left.")
    assert hold_breath(ReplayDice([]), endurance=3, rounds_held=4).text.en.endswith(
        "4 rounds passed → out of breath.")


@settings(max_examples=200)
@given(st.integers(0, 100), st.integers(0, 100_000), st.booleans())
def test_breath_left_never_negative(endurance: int, held: int, speaks: bool) -> None:
    result = hold_breath(SeededDice(0), endurance=endurance, rounds_held=held,
                         speaks_or_casts=speaks).result
    assert 0 <= result.rounds_left <= endurance
    assert result.holding is (result.rounds_left > 0 and not speaks)


def test_get_and_post_agree(client: FlaskClient) -> None:
    posted = client.post("/api/v1/hold-breath", json={"endurance": 4, "rounds_held": 1,
                                                      "seed": 77})
    got = client.get("/api/v1/hold-breath?endurance=4&rounds_held=1&seed=77")
    assert posted.status_code == got.status_code == 200
    assert posted.get_json() == got.get_json()


#: Golden vectors: inputs covering every branch of the rule; the calculators' JavaScript must
#: give the engine's answer for each (tests/calculators).
GOLDEN: dict[str, list[dict[str, Any]]] = {
    "hold-breath": [
        *({"endurance": e, "rounds_held": held}
          for e, held in ((0, 0), (1, 0), (3, 1), (3, 2), (3, 3), (3, 7), (12, 0), (12, 7),
                          (12, 8), (22, 0), (100, 95))),
        {"endurance": 5}, {"endurance": 5, "rounds_held": 1, "speaks_or_casts": True},
        {"endurance": 0, "speaks_or_casts": True},
    ],
}
