"""[Vzdálenost setkání] indoors 4d6 m (half when surprised); wilderness 4d6 × 10 or 1d4 × 10 m."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

from rpg.core.dice import ReplayDice, SeededDice
from rpg.core.errors import RuleError
from rpg.pravidla.combat import range_zone
from rpg.pravidla.encounters import LOCATIONS, encounter_distance
from tests.enumeration import outcomes
from tests.pravidla.conflict_checks import (
    answers_200_or_422,
    answers_alike_as_documented,
    arguments,
    input_names,
    json_values,
    refused,
    seeds,
)


@pytest.mark.parametrize(("location", "surprised", "dice", "notation", "distance", "zone"), [
    ("indoors", False, [1, 1, 1, 1], "4d6", 4, "blizko"),
    ("indoors", False, [1, 2, 3, 4], "4d6", 10, "poblize"),
    ("indoors", False, [6, 6, 6, 6], "4d6", 24, "poblize"),
    ("indoors", True, [1, 2, 3, 5], "4d6", 5, "blizko"),      # 11 halved, rounded down
    ("indoors", True, [6, 6, 6, 6], "4d6", 12, "poblize"),
    ("wilderness", False, [1, 1, 1, 1], "4d6", 40, "daleko"),
    ("wilderness", False, [2, 3, 2, 3], "4d6", 100, "velmi-daleko"),
    ("wilderness", False, [6, 6, 6, 6], "4d6", 240, "extremne-daleko"),
    ("wilderness", True, [1], "1d4", 10, "poblize"),
    ("wilderness", True, [3], "1d4", 30, "daleko"),
    ("wilderness", True, [4], "1d4", 40, "daleko"),
])
def test_distance_by_location_and_surprise(
    location: str, surprised: bool, dice: list[int], notation: str, distance: int, zone: str
) -> None:
    outcome = encounter_distance(ReplayDice(dice), location=location, surprised=surprised)
    assert (outcome.result.distance_m, outcome.result.zone) == (distance, zone)
    assert [(r.label, r.notation, list(r.results)) for r in outcome.rolls] == [
        ("distance", notation, dice)]
    assert outcome.chance is None


def test_wilderness_is_the_default() -> None:
    assert encounter_distance(ReplayDice([2, 2, 2, 2])).result.distance_m == 80


@pytest.mark.parametrize(("location", "surprised", "possible"), [
    ("indoors", False, set(range(4, 25))),
    ("indoors", True, set(range(2, 13))),
    ("wilderness", False, set(range(40, 241, 10))),
    ("wilderness", True, {10, 20, 30, 40}),
])
def test_every_possible_distance(location: str, surprised: bool, possible: set[int]) -> None:
    seen = {o.result.distance_m
            for _, o in outcomes(encounter_distance, location=location, surprised=surprised)}
    assert seen == possible


def test_unknown_location_is_a_rule_error() -> None:
    with pytest.raises(RuleError) as error:
        encounter_distance(ReplayDice([]), location="moře")
    assert error.value.field == "location"


def test_text_in_both_languages() -> None:
    indoors = encounter_distance(ReplayDice([1, 2, 3, 5]), location="indoors", surprised=True)
    assert indoors.text.cs == ("Vzdálenost setkání (vnitřní prostory, překvapení: "
                               "4d6 = 1 + 2 + 3 + 5 = 11, polovina = 5 m) → blízko.")
    wild = encounter_distance(ReplayDice([3]), surprised=True)
    assert wild.text.en == "Encounter distance (wilderness, surprise: 1d4 = 3 × 10 = 30 m) → far."


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(LOCATIONS) | st.text(max_size=12), st.booleans(), seeds)
def test_the_distance_stays_within_its_dice(location: str, surprised: bool, seed: int) -> None:
    try:
        outcome = encounter_distance(SeededDice(seed), location=location, surprised=surprised)
    except RuleError as error:
        assert location not in LOCATIONS and error.field == "location"
        return
    distance = outcome.result.distance_m
    if location == "indoors":
        low, high = (2, 12) if surprised else (4, 24)
        assert low <= distance <= high
    else:
        low, high = (10, 40) if surprised else (40, 240)
        assert low <= distance <= high and distance % 10 == 0
    assert outcome.result.zone == range_zone(SeededDice(0), distance_m=distance).result.zone


def test_the_api_answers_alike_by_get_and_post_as_documented(client: FlaskClient) -> None:
    body = answers_alike_as_documented(client, "encounter-distance",
                                       {"location": "indoors", "surprised": True})
    assert body["chance"] is None


@pytest.mark.parametrize(("body", "field"), [
    ({"location": "vesmír"}, "location"),
    ({"surprised": "možná"}, "surprised"),
])
def test_bad_input_is_a_422_naming_the_field(
    client: FlaskClient, body: dict[str, object], field: str
) -> None:
    refused(client, "encounter-distance", body, field)


@pytest.mark.parametrize(("word", "location"), [
    ("vnitřní prostory", "indoors"), ("Uvnitř", "indoors"), ("kobka", "indoors"),
    ("divočina, moře nebo vzduch", "wilderness"), ("divocina", "wilderness"),
    ("MOŘE", "wilderness"), ("vzduch", "wilderness"),
])
def test_the_rules_words_name_the_places(client: FlaskClient, word: str, location: str) -> None:
    body = client.get("/api/v1/encounter-distance", query_string={"location": word,
                                                                  "seed": 3}).get_json()
    assert body["input"]["location"] == location


def test_the_locations_are_documented(client: FlaskClient) -> None:
    assert arguments(client, "EncounterDistanceArgs")["location"]["enum"] == [
        "indoors", "wilderness"]


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(input_names, json_values, max_size=5))
def test_any_json_answers_200_or_422(app: Flask, body: dict[str, object]) -> None:
    answers_200_or_422(app, "encounter-distance", body)


#: Golden vectors: inputs covering every branch of the rule, refusals included; the
#: calculators' JavaScript must give the engine's answer for each (tests/calculators).
GOLDEN: dict[str, list[dict[str, Any]]] = {
    "encounter-distance": [
        *({"location": location, "surprised": surprised}
          for location in LOCATIONS for surprised in (False, True)),
        {}, {"surprised": True}, {"location": "moře"},
    ],
}
