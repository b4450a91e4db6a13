"""[Pohyb], [Šplhání], [Plavání], [Sprint], [Shození na zem], [Slepota], [Útěk], [Strategický
pohyb], [Připravená akce]: metres in a round, each mode citing its own rule."""

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
    ("sprint", 12, 12, False, False, "/pravidla/ostatni-bojove-situace/#sprint"),
    # "Musí obětovat celý svůj pohyb v daném kole aby se postavilo."
    ("stand-up", 0, 0, True, True, "/pravidla/ostatni-bojove-situace/#shozeni-na-zem"),
    # "Pokud se chce oslepený pohybovat specifickým směrem jeho maximální hybnost je 1 metr."
    ("blind", 6, 1, True, False, "/pravidla/ostatni-bojove-situace/#slepota"),
    # [Útěk] "obětuje v daném kole svou akci. Může se pak pohybovat svou plnou rychlostí"
    ("disengage", 6, 6, False, False, "/pravidla/souboje/#vazani-v-boji-na-blizko"),
    # [Strategický pohyb] "Stvoření se může pohnout pouze po obvodu svých soupeřů."
    ("strategic", 6, 6, True, False, "/pravidla/souboje/#vazani-v-boji-na-blizko"),
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


def test_strategic_movement_goes_along_the_perimeter_never_away() -> None:
    # "Stvoření se může pohnout pouze po obvodu svých soupeřů. Nesmí se však od nich vzdálit."
    outcome = movement(NO_DICE, movement=6, mode="strategic", already_moved_m=2)
    assert (outcome.result.metres, outcome.result.metres_left) == (6, 4)
    assert outcome.text.cs == (
        "Strategický pohyb (6 m): 6 m, akce volná; v tomto kole už 2 m, zbývá 6 − 2 = 4 m. "
        "Strategický pohyb ve vázání v boji na blízko: jen po obvodu soupeřů, vzdálit se od nich "
        "nesmí.")
    assert outcome.text.en.endswith(
        "Strategic movement while engaged in melee: only along the opponents' perimeter, never "
        "away from them.")


def test_strategic_movement_over_http(client: FlaskClient) -> None:
    body = client.get("/api/v1/movement?movement=6&mode=strategický pohyb").get_json()
    assert (body["input"]["mode"], body["result"]["metres"]) == ("strategic", 6)


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
    disengage = movement(NO_DICE, movement=6, mode="disengage").text
    assert disengage.cs == ("Útěk (6 m): 6 m, bez akce. Útěk z vázání v boji na blízko: obětuje "
                            "akci a pohne se plnou rychlostí mimo dosah nepřítele.")
    assert disengage.en.startswith("Disengaging (6 m): 6 m, no action.")


@pytest.mark.parametrize(("mode", "moved", "left", "cs", "en"), [
    # [Připravená akce] "Dohromady se však nemůže pohnout víc než povoluje hybnost"
    ("walk", 2, 4, "; v tomto kole už 2 m, zbývá 6 − 2 = 4 m.",
     "; 2 m moved already this round, 6 − 2 = 4 m left."),
    ("walk", 6, 0, "; v tomto kole už 6 m, zbývá 6 − 6 = 0 m.",
     "; 6 m moved already this round, 6 − 6 = 0 m left."),
    # more than the mode allows: a clamp, written as one
    ("climb", 5, 0, "; v tomto kole už 5 m, zbývá 3 − 5 → 0 m.",
     "; 5 m moved already this round, 3 − 5 → 0 m left."),
    ("sprint", 2.5, 9.5, "; v tomto kole už 2,5 m, zbývá 12 − 2,5 = 9,5 m.",
     "; 2.5 m moved already this round, 12 − 2.5 = 9.5 m left."),
])
def test_what_is_left_after_moving_earlier_this_round(
    mode: str, moved: float, left: float, cs: str, en: str
) -> None:
    outcome = movement(NO_DICE, movement=6, mode=mode, already_moved_m=moved)
    assert outcome.result.metres_left == left
    assert cs in outcome.text.cs
    assert en in outcome.text.en


def test_nothing_moved_leaves_the_whole_round() -> None:
    outcome = movement(NO_DICE, movement=6, mode="difficult")
    assert outcome.result.metres_left == 3
    assert outcome.text.cs == ("Obtížný terén (6 m): 3 m, akce volná. Pohyb obtížným terénem "
                               "stojí dvojnásobek hybnosti.")


@settings(max_examples=200)
@given(st.floats(0, 1000, allow_nan=False), st.sampled_from(sorted(MOVEMENT_RULES)),
       st.floats(0, 1000, allow_nan=False))
def test_movement_is_never_negative_and_blind_directs_at_most_a_metre(
    hybnost: float, mode: str, moved: float
) -> None:
    outcome = movement(SeededDice(0), movement=hybnost, mode=mode, already_moved_m=moved)
    result = outcome.result
    assert 0 <= result.directed_metres <= result.metres <= 2 * hybnost + 1e-9
    assert result.action_free is (mode not in ("sprint", "disengage"))
    if mode == "blind":
        assert result.directed_metres <= 1
    assert result.metres_left == max(0, result.metres - moved)
    # A clamp is written as one: never a false sum below 0.
    assert ("→ 0 m" in outcome.text.cs) is (moved > result.metres)


def test_get_and_post_agree(client: FlaskClient) -> None:
    posted = client.post("/api/v1/movement", json={"movement": 6, "mode": "climb", "seed": 77})
    got = client.get("/api/v1/movement?movement=6&mode=climb&seed=77")
    assert posted.status_code == got.status_code == 200
    assert posted.get_json() == got.get_json()
    assert posted.get_json()["procedure"] == "movement"


@pytest.mark.parametrize(("body", "field"), [
    ({"movement": -1}, "movement"),
    ({"movement": 6, "mode": "fly"}, "mode"),
    ({"movement": 6, "already_moved_m": -1}, "already_moved_m"),
])
def test_bad_input_is_a_422_naming_the_field(
    client: FlaskClient, body: dict[str, object], field: str
) -> None:
    response = client.post("/api/v1/movement", json=body)
    assert response.status_code == 422
    assert field in response.get_json()["errors"]


def test_czech_words_are_accepted(client: FlaskClient) -> None:
    answer = client.get("/api/v1/movement?movement=6&mode=útěk&already_moved_m=2").get_json()
    assert answer["input"]["mode"] == "disengage"
    assert answer["result"]["metres_left"] == 4
    assert answer["rule"]["url"] == "/pravidla/souboje/#vazani-v-boji-na-blizko"


def test_openapi_documents_the_bounds(client: FlaskClient) -> None:
    schemas = client.get("/api/v1/openapi.json").get_json()["components"]["schemas"]
    assert schemas["MovementArgs"]["properties"]["movement"]["maximum"] == 1000
    assert schemas["MovementArgs"]["properties"]["already_moved_m"]["minimum"] == 0


#: Golden vectors: inputs covering every branch of the rule, refusals included; the
#: calculators' JavaScript must give the engine's answer for each (tests/calculators).
GOLDEN: dict[str, list[dict[str, Any]]] = {
    "movement": [
        {"movement": m, "mode": mode}
        for mode in MOVEMENT_RULES
        for m in (0, 0.5, 1, 6, 7.5, 12.345, 1000)
    ] + [{"movement": 9}] + [
        {"movement": 6, "mode": mode, "already_moved_m": moved}
        for mode in ("walk", "climb", "sprint", "stand-up", "blind", "disengage", "strategic")
        for moved in (0.5, 3, 6, 12.25)
    ],
}
