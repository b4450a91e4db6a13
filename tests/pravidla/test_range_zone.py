"""[Zóny dosahu] the abstract zone of a distance; a started metre counts as a whole one."""

from __future__ import annotations

import math
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

from rpg.core.dice import ReplayDice, SeededDice
from rpg.core.errors import RuleError
from rpg.pravidla.combat import MAX_DISTANCE_M, RANGE_ZONES, range_zone
from tests.pravidla.conflict_checks import (
    answers_200_or_422,
    answers_alike_as_documented,
    arguments,
    input_names,
    json_values,
    refused,
)


@pytest.mark.parametrize(("distance", "counted", "zone", "name_cs"), [
    (0, 0, "blizko", "Blízko"),
    (5, 5, "blizko", "Blízko"),
    (4.2, 5, "blizko", "Blízko"),
    (5.0001, 6, "poblize", "Poblíž"),
    (6, 6, "poblize", "Poblíž"),
    (25, 25, "poblize", "Poblíž"),
    (25.5, 26, "daleko", "Daleko"),
    (26, 26, "daleko", "Daleko"),
    (50, 50, "daleko", "Daleko"),
    (50.1, 51, "velmi-daleko", "Velmi daleko"),
    (100, 100, "velmi-daleko", "Velmi daleko"),
    (100.01, 101, "extremne-daleko", "Extrémně daleko"),
    (101, 101, "extremne-daleko", "Extrémně daleko"),
    (100_000, 100_000, "extremne-daleko", "Extrémně daleko"),
])
def test_zone_boundaries(distance: float, counted: int, zone: str, name_cs: str) -> None:
    outcome = range_zone(ReplayDice([]), distance_m=distance)
    assert (outcome.result.counted_m, outcome.result.zone) == (counted, zone)
    assert outcome.result.name.cs == name_cs
    assert outcome.rolls == () and outcome.chance is None


@pytest.mark.parametrize(("zone", "rounds", "attacks"), [
    ("blizko", "během jednoho kola", "všechny druhy útoků"),
    ("poblize", "(až 5)", "hozenými zbraněmi"),
    ("daleko", "během několika kol (až 10)", "malé střelné zbraně útočí s nevýhodou"),
    ("velmi-daleko", "(až 20)", "střední střelné zbraně útočí s nevýhodou"),
    ("extremne-daleko", "desítky až stovky kol", "velkou střelnou zbraní"),
])
def test_each_zone_says_what_the_rules_say(zone: str, rounds: str, attacks: str) -> None:
    row = next(r for r in RANGE_ZONES if r.zone == zone)
    assert rounds in row.rounds_to_reach.cs
    assert attacks in row.allowed_attacks.cs
    assert "břehem" not in row.rounds_to_reach.cs  # the source's typo, read as "během"


@pytest.mark.parametrize("distance", [-0.5, -1, float("nan"), float("inf")])
def test_impossible_distances_are_rule_errors(distance: float) -> None:
    with pytest.raises(RuleError) as error:
        range_zone(ReplayDice([]), distance_m=distance)
    assert error.value.field == "distance_m"


def test_text_in_both_languages() -> None:
    outcome = range_zone(ReplayDice([]), distance_m=12.3)
    assert outcome.text.cs == ("13 m → Poblíž (6–25 m): přesun k cíli je možný během pár kol "
                               "(až 5); jsou možné útoky jen hozenými zbraněmi a všemi typy "
                               "střelných zbraní.")
    assert outcome.text.en.startswith("13 m → Near (6–25 m): the target can be reached within")


@settings(max_examples=200, deadline=None)
@given(st.floats(allow_nan=True, allow_infinity=True) | st.integers(-10, 100_000))
def test_any_number_falls_in_one_zone_or_is_refused(distance: float) -> None:
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


def test_the_api_answers_alike_by_get_and_post_as_documented(client: FlaskClient) -> None:
    body = answers_alike_as_documented(client, "range-zone", {"distance_m": 37.5})
    assert body["chance"] is None


def test_in_english_and_plain_text(client: FlaskClient) -> None:
    body = client.get("/api/v1/range-zone?distance_m=50.2&lang=en").get_json()
    assert body["result"]["zone"] == "velmi-daleko" and body["result"]["counted_m"] == 51
    assert body["result"]["name"] == "Very far"
    assert body["rolls"] == [] and body["rule"]["url"] == "/pravidla/souboje/#zony-dosahu"
    text = client.get("/api/v1/range-zone?distance_m=3&format=text").get_data(as_text=True)
    assert text.startswith("3 m → Blízko (0–5 m)")


@pytest.mark.parametrize(("body", "field"), [
    ({"distance_m": -1}, "distance_m"),
    ({"distance_m": 100_001}, "distance_m"),
    ({}, "distance_m"),
])
def test_bad_input_is_a_422_naming_the_field(
    client: FlaskClient, body: dict[str, object], field: str
) -> None:
    refused(client, "range-zone", body, field)


def test_the_distance_is_documented_with_its_bounds(client: FlaskClient) -> None:
    distance = arguments(client, "RangeZoneArgs")["distance_m"]
    assert (distance["minimum"], distance["maximum"]) == (0, 100_000)


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(input_names, json_values, max_size=5))
def test_any_json_answers_200_or_422(app: Flask, body: dict[str, object]) -> None:
    answers_200_or_422(app, "range-zone", body)


#: Golden vectors: inputs covering every branch of the rule, refusals included; the
#: calculators' JavaScript must give the engine's answer for each (tests/calculators).
GOLDEN: dict[str, list[dict[str, Any]]] = {
    "range-zone": [
        {"distance_m": d}
        for d in (0, 0.25, 5, 5.001, 6, 25, 25.5, 26, 50, 51, 99.9, 100, 101, 1234.5,
                  MAX_DISTANCE_M, -0.5)
    ],
}
