"""[Pohyb], [Šplhání], [Plavání], [Sprint], [Slepota]: metres in a round."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

from rpg.core.dice import ReplayDice, SeededDice
from rpg.pravidla.situations import MOVEMENT_RULES, movement

NO_DICE = ReplayDice([])


@pytest.mark.parametrize(("mode", "metres", "directed", "action_free", "prone", "rule"), [
    # "Během kola se může postava pohnout maximálně do vzdálenosti své hybnosti."
    ("walk", 6, 6, True, False, "/pravidla/souboje/#pohyb"),
    # "Šplhat lze polovinou své hybnosti"
    ("climb", 3, 3, True, False, "/pravidla/nebezpeci-a-nastrahy/#splhani"),
    # "Při plavání je maximální rychlost postavy polovina její hybnosti."
    ("swim", 3, 3, True, False, "/pravidla/nebezpeci-a-nastrahy/#plavani"),
    # "Pohyb obtížným terénem stojí dvojnásobek hybnosti."
    ("difficult", 3, 3, True, False, "/pravidla/souboje/#pohyb"),
    # "obětovat své akce a tím se pohybovat až dvojnásobkem své hybnosti"
    ("sprint", 12, 12, False, False, "/pravidla/souboje/#pohyb"),
    # "Musí obětovat celý svůj pohyb v daném kole aby se postavilo."
    ("stand-up", 0, 0, True, True, "/pravidla/souboje/#pohyb"),
    # "Pokud se chce oslepený pohybovat specifickým směrem jeho maximální hybnost je 1 metr."
    ("blind", 6, 1, True, False, "/pravidla/souboje/#pohyb"),
])
def test_movement_modes(
    mode: str, metres: float, directed: float, action_free: bool, prone: bool, rule: str
) -> None:
    outcome = movement(NO_DICE, movement=6, mode=mode)
    result = outcome.result
    assert (result.metres, result.directed_metres) == (metres, directed)
    assert (result.action_free, result.prone) == (action_free, prone)
    assert result.random_direction is (mode == "blind")
    assert outcome.rule.url == rule
    assert outcome.rolls == () and outcome.chance is None


def test_halves_are_exact_not_rounded() -> None:
    assert movement(NO_DICE, movement=5, mode="climb").result.metres == 2.5
    assert movement(NO_DICE, movement=7.5, mode="difficult").result.metres == 3.75
    assert movement(NO_DICE, movement=0.5, mode="blind").result.directed_metres == 0.5
    # Exact for any hybnost, not only for short fractions: 1.0000005 halves to 0.50000025.
    assert movement(NO_DICE, movement=1.0000005, mode="climb").result.metres == 0.50000025
    assert movement(NO_DICE, movement=7.123456789, mode="swim").result.metres == 7.123456789 / 2
    assert movement(NO_DICE, movement=7.123456789, mode="sprint").result.metres == 14.246913578


def test_movement_text() -> None:
    assert movement(NO_DICE, movement=5, mode="swim").text.cs.startswith(
        "Plavání (5 m): 2,5 m, akce volná.")


@settings(max_examples=200)
@given(st.floats(0, 1000, allow_nan=False), st.sampled_from(sorted(MOVEMENT_RULES)))
def test_movement_is_never_negative_and_blind_directs_at_most_a_metre(
    hybnost: float, mode: str
) -> None:
    result = movement(SeededDice(0), movement=hybnost, mode=mode).result
    assert 0 <= result.directed_metres <= result.metres <= 2 * hybnost + 1e-9
    assert result.action_free is (mode != "sprint")
    if mode == "blind":
        assert result.directed_metres <= 1


def test_get_and_post_agree(client: FlaskClient) -> None:
    posted = client.post("/api/v1/movement", json={"movement": 6, "mode": "climb", "seed": 77})
    got = client.get("/api/v1/movement?movement=6&mode=climb&seed=77")
    assert posted.status_code == got.status_code == 200
    assert posted.get_json() == got.get_json()
    assert posted.get_json()["procedure"] == "movement"


@pytest.mark.parametrize(("body", "field"), [
    ({"movement": -1}, "movement"),
    ({"movement": 6, "mode": "fly"}, "mode"),
])
def test_bad_input_is_a_422_naming_the_field(
    client: FlaskClient, body: dict[str, object], field: str
) -> None:
    response = client.post("/api/v1/movement", json=body)
    assert response.status_code == 422
    assert field in response.get_json()["errors"]


def test_openapi_documents_the_bounds(client: FlaskClient) -> None:
    schemas = client.get("/api/v1/openapi.json").get_json()["components"]["schemas"]
    assert schemas["MovementArgs"]["properties"]["movement"]["maximum"] == 1000


#: Golden vectors: inputs covering every branch of the rule, refusals included; the
#: calculators' JavaScript must give the engine's answer for each (tests/calculators).
GOLDEN: dict[str, list[dict[str, Any]]] = {
    "movement": [
        {"movement": m, "mode": mode}
        for mode in MOVEMENT_RULES
        for m in (0, 0.5, 1, 6, 7.5, 12.345, 1000)
    ] + [{"movement": 9}],
}
