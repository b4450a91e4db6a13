"""[Tma] "Postavy ve tmě jsou považovány za slepé."; [Termovize] sight by heat in darkness: its
range, no reading, broken by light or a large heat source."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

from rpg.core.dice import ReplayDice
from rpg.core.errors import RuleError
from rpg.pravidla.hazards import THERMAL_RANGE_M, vision
from tests.answers import schema_errors

NO_DICE = ReplayDice([])
DARKNESS = "/pravidla/nebezpeci-a-nastrahy/#tma"
THERMAL = "/pravidla/nebezpeci-a-nastrahy/#termovize"


def _sight(**inputs: Any) -> tuple[str, bool, bool | None, str | None]:
    result = vision(NO_DICE, **inputs).result
    return result.sees, result.can_read, result.in_range, result.broken_by


def test_in_darkness_a_creature_is_blind() -> None:
    # [Tma] "Postavy ve tmě jsou považovány za slepé."
    outcome = vision(NO_DICE)
    assert _sight() == ("blind", False, None, None)
    assert outcome.text.cs == "Vidění ve tmě: stvoření je slepé a nemůže číst."
    assert outcome.text.en == "Sight in darkness: the creature is blind and cannot read."
    assert outcome.rule.url == DARKNESS
    assert outcome.rolls == () and outcome.chance is None


def test_by_light_a_creature_sees_and_reads() -> None:
    outcome = vision(NO_DICE, light=True)
    assert _sight(light=True) == ("normal", True, None, None)
    assert outcome.text.cs == "Vidění ve světle: stvoření vidí normálně a může číst."
    assert outcome.rule.url == DARKNESS


def test_thermal_vision_sees_heat_in_darkness_but_reads_nothing() -> None:
    # "speciální zrak, který jim umožňuje částečně vidět ve tmě"; "Ve většině případů se
    # termovizí ve tmě nedá číst" (the engine takes the usual case: no reading).
    outcome = vision(NO_DICE, thermal=True)
    assert _sight(thermal=True) == ("thermal", False, None, None)
    assert outcome.text.cs == ("Vidění ve tmě: stvoření vidí termovizí do 12 m (stopy tepla), "
                               "číst nemůže.")
    assert outcome.text.en == ("Sight in darkness: the creature sees by thermal vision up to "
                               "12 m (heat traces), cannot read.")
    assert outcome.rule.url == THERMAL


@pytest.mark.parametrize(("inputs", "in_range"), [
    # "Dosah termovize ve tmě je 12 metrů (pokud není specifikováno jinak)."
    ({"distance_m": 0}, True), ({"distance_m": 12}, True), ({"distance_m": 12.5}, False),
    ({"distance_m": 18, "thermal_range_m": 18}, True),
    ({"distance_m": 18, "thermal_range_m": 17.5}, False),
])
def test_the_thermal_range(inputs: dict[str, float], in_range: bool) -> None:
    assert _sight(thermal=True, **inputs) == ("thermal", False, in_range, None)


def test_a_target_is_written_in_or_out_of_range() -> None:
    assert vision(NO_DICE, thermal=True, distance_m=8).text.cs.endswith(
        "číst nemůže; cíl na 8 m je v dosahu.")
    assert vision(NO_DICE, thermal=True, distance_m=12.5).text.en.endswith(
        "cannot read; a target at 12.5 m is out of range.")


@pytest.mark.parametrize(("inputs", "sight"), [
    # "Jakýkoliv zdroj světla, nebo velký zdroj tepla, termovizi vyruší. (Vidění uživatele se
    # vrátí do normálu.)": by the light it sees normally; in darkness normal sight is blind.
    ({"light": True}, ("normal", True, None, "light")),
    ({"large_heat": True}, ("blind", False, None, "heat")),
    ({"light": True, "large_heat": True}, ("normal", True, None, "light-and-heat")),
    ({"large_heat": True, "distance_m": 3}, ("blind", False, None, "heat")),
])
def test_light_or_a_large_heat_source_breaks_thermal_vision(
    inputs: dict[str, Any], sight: tuple[str, bool, bool | None, str | None]
) -> None:
    assert _sight(thermal=True, **inputs) == sight
    assert vision(NO_DICE, thermal=True, **inputs).rule.url == THERMAL


@pytest.mark.parametrize(("inputs", "cs", "en"), [
    ({"light": True}, "Vidění ve světle: světlo termovizi ruší, stvoření vidí normálně a může "
     "číst.", "Sight in light: light breaks thermal vision, the creature sees normally and can "
     "read."),
    ({"large_heat": True}, "Vidění ve tmě: velký zdroj tepla termovizi ruší, stvoření je slepé "
     "a nemůže číst.", "Sight in darkness: a large heat source breaks thermal vision, the "
     "creature is blind and cannot read."),
    ({"light": True, "large_heat": True}, "Vidění ve světle: světlo i velký zdroj tepla "
     "termovizi ruší, stvoření vidí normálně a může číst.", "Sight in light: light and a large "
     "heat source break thermal vision, the creature sees normally and can read."),
])
def test_what_broke_thermal_vision_is_said(inputs: dict[str, bool], cs: str, en: str) -> None:
    outcome = vision(NO_DICE, thermal=True, **inputs)
    assert (outcome.text.cs, outcome.text.en) == (cs, en)


def test_a_large_heat_source_is_nothing_to_a_creature_without_thermal_vision() -> None:
    assert _sight(large_heat=True) == ("blind", False, None, None)
    assert _sight(large_heat=True, light=True) == ("normal", True, None, None)


def test_without_thermal_sight_a_distance_says_nothing() -> None:
    assert _sight(distance_m=5) == ("blind", False, None, None)
    assert _sight(light=True, distance_m=500) == ("normal", True, None, None)
    assert vision(NO_DICE, light=True, distance_m=500).text.cs == (
        "Vidění ve světle: stvoření vidí normálně a může číst.")


def test_a_thermal_range_without_thermal_vision_is_refused() -> None:
    with pytest.raises(RuleError) as caught:
        vision(NO_DICE, thermal_range_m=20)
    assert caught.value.field == "thermal_range_m"
    assert caught.value.message.cs == ("'thermal_range_m' má smysl jen u stvoření s termovizí: "
                                       "zapni 'thermal', nebo dosah vynech.")
    assert vision(NO_DICE, thermal_range_m=THERMAL_RANGE_M).result.sees == "blind"


@settings(max_examples=300)
@given(st.booleans(), st.booleans(), st.floats(0, 10_000, allow_nan=False),
       st.none() | st.floats(0, 10_000, allow_nan=False), st.booleans())
def test_sight_is_one_of_three_and_range_only_for_thermal_sight(
    light: bool, thermal: bool, thermal_range: float, distance: float | None, heat: bool
) -> None:
    try:
        result = vision(NO_DICE, light=light, thermal=thermal, thermal_range_m=thermal_range,
                        distance_m=distance, large_heat=heat).result
    except RuleError as error:
        assert error.field == "thermal_range_m"
        assert not thermal and thermal_range != THERMAL_RANGE_M
        return
    assert result.sees == ("normal" if light else "thermal" if thermal and not heat
                           else "blind")
    assert result.can_read is light
    assert (result.in_range is None) is (result.sees != "thermal" or distance is None)
    if result.in_range is not None:
        assert result.in_range is (distance <= thermal_range)
    assert (result.broken_by is not None) is (thermal and (light or heat))


@pytest.mark.parametrize("lang", ["cs", "en"])
def test_the_api_answers_as_documented(client: FlaskClient, lang: str) -> None:
    posted = client.post("/api/v1/vision", json={"thermal": True, "distance_m": 8, "seed": 5,
                                                 "lang": lang})
    got = client.get(f"/api/v1/vision?thermal=true&distance_m=8&seed=5&lang={lang}")
    assert posted.status_code == got.status_code == 200
    body = posted.get_json()
    assert body == got.get_json()
    assert schema_errors(body) == {}
    assert body["input"] == {"light": False, "thermal": True, "thermal_range_m": 12,
                             "distance_m": 8, "large_heat": False}
    assert body["result"] == {"sees": "thermal", "can_read": False, "in_range": True,
                              "broken_by": None, "next": []}
    assert (body["chance"], body["rolls"]) == (None, [])
    assert body["rule"] == {"title": "Termovize", "url": THERMAL}


@pytest.mark.parametrize(("body", "field"), [
    ({"distance_m": -1}, "distance_m"),
    ({"thermal": True, "thermal_range_m": 10_001}, "thermal_range_m"),
    ({"thermal_range_m": 20}, "thermal_range_m"),
    ({"light": "maybe"}, "light"),
])
def test_bad_input_is_a_422_naming_the_field(
    client: FlaskClient, body: dict[str, object], field: str
) -> None:
    response = client.post("/api/v1/vision", json=body)
    assert response.status_code == 422
    assert field in response.get_json()["errors"]


#: Golden vectors: inputs covering every branch of the rule, refusals included; the
#: calculators' JavaScript must give the engine's answer for each (tests/calculators).
GOLDEN: dict[str, list[dict[str, Any]]] = {
    "vision": [
        *({"light": light, "thermal": thermal, "large_heat": heat}
          for light in (False, True) for thermal in (False, True) for heat in (False, True)),
        *({"thermal": True, "distance_m": d} for d in (0, 8, 12, 12.25, 100)),
        {"thermal": True, "thermal_range_m": 18, "distance_m": 17.5},
        {"thermal": True, "thermal_range_m": 0.5, "distance_m": 1},
        {"thermal": True, "large_heat": True, "distance_m": 3},
        {"light": True, "distance_m": 40}, {"distance_m": 2},
        {"thermal_range_m": 20}, {"thermal_range_m": 20, "light": True},
    ],
}
