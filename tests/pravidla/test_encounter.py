"""[Náhlá setkání] the whole procedure: surprise → distance → initiative → reactions."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

from rpg.core.dice import ReplayDice, SeededDice
from rpg.core.errors import RuleError
from rpg.pravidla.combat import initiative
from rpg.pravidla.encounters import (
    LOCATIONS,
    encounter,
    encounter_distance,
    reaction,
    surprise,
)
from tests.pravidla.conflict_checks import (
    answers_200_or_422,
    answers_alike_as_documented,
    any_sides,
    arguments,
    conflicts,
    input_names,
    json_values,
    refused,
    seeds,
    sides_are_valid,
)

DEFAULT = ["hráči", "nepřátelé"]


def test_nobody_surprised_wilderness() -> None:
    dice = [3, 4, 1, 1, 1, 1, 5, 7, 3, 4]
    outcome = encounter(ReplayDice(dice))
    assert [r.label for r in outcome.rolls] == [
        "surprise", "surprise", "distance", "initiative", "initiative", "reaction"]
    result = outcome.result
    assert result.surprise.effect == "none"
    assert (result.distance.distance_m, result.distance.zone) == (40, "daleko")
    assert [e.side.cs for e in result.initiative.order] == ["nepřátelé", "hráči"]
    assert [(r.side.cs, r.total, r.band) for r in result.reactions] == [
        ("nepřátelé", 7, "uncertain")]
    assert outcome.chance is None


@pytest.mark.parametrize(("sides", "players", "dice", "distance", "order", "skipped", "reacting"), [
    # one enemy surprised: 1d4 × 10, it skips initiative and its reaction
    (["hráči", "skřeti", "vlci"], None, [4, 1, 5, 2, 3, 3, 6, 6], 20,
     ["hráči", "vlci"], ["skřeti"], ["vlci"]),
    # the players surprised: only the enemies roll initiative and react
    (DEFAULT, None, [1, 5, 3, 8, 2, 2], 30, ["nepřátelé"], ["hráči"], ["nepřátelé"]),
    # everybody surprised: a moment's hesitation; all roll initiative, every other side reacts
    (DEFAULT, None, [1, 2, 4, 4, 4, 1, 1], 40, ["hráči", "nepřátelé"], [], ["nepřátelé"]),
    # the players listed second
    (["skřeti", "hráči"], "hráči", [5, 6, 1, 1, 1, 1, 9, 9, 2, 3], 40,
     ["hráči", "skřeti"], [], ["skřeti"]),
])
def test_who_acts_and_reacts(
    sides: list[str], players: str | None, dice: list[int], distance: int, order: list[str],
    skipped: list[str], reacting: list[str],
) -> None:
    outcome = encounter(ReplayDice(dice), sides=sides, players=players)
    assert outcome.result.distance.distance_m == distance
    assert [e.side.cs for e in outcome.result.initiative.order] == order
    assert [side.cs for side in outcome.result.initiative.skipped] == skipped
    assert [r.side.cs for r in outcome.result.reactions] == reacting


def test_composes_the_sub_procedures_on_the_same_dice() -> None:
    sides, light = ["hráči", "skřeti", "vlci"], ["hráči", "skřeti"]
    dice = [2, 6, 3, 5, 6, 1, 4, 4, 5, 5, 1, 2]
    outcome = encounter(ReplayDice(dice), sides=sides, light=light, location="indoors",
                        reaction_modifier=2)
    alone = surprise(ReplayDice(dice[:2]), sides=sides, light=light)
    assert outcome.result.surprise == alone.result
    assert [side.cs for side in alone.result.surprised] == ["hráči"]  # the wolves': no roll
    distance = encounter_distance(ReplayDice(dice[2:6]), location="indoors", surprised=True)
    assert outcome.result.distance == distance.result
    assert outcome.result.distance.distance_m == 7  # 15 halved, rounded down
    order = initiative(ReplayDice(dice[6:8]), sides=sides, surprised=["hráči"])
    assert outcome.result.initiative == order.result
    reactions = [reaction(ReplayDice(dice[8:10]), modifier=2).result,
                 reaction(ReplayDice(dice[10:]), modifier=2).result]
    assert [(r.side.cs, r.total, r.band) for r in outcome.result.reactions] == [
        ("skřeti", 12, "friendly"), ("vlci", 5, "hostile-may-attack")]
    assert [(r.total, r.band) for r in reactions] == [(12, "friendly"), (5, "hostile-may-attack")]
    assert outcome.rolls == alone.rolls + distance.rolls + order.rolls + tuple(
        r for d in (dice[8:10], dice[10:]) for r in reaction(ReplayDice(d), modifier=2).rolls)


def test_each_unsurprised_enemy_reacts_with_the_modifier_in_list_order() -> None:
    dice = [6, 6, 6, 1, 1, 1, 1, 2, 3, 4, 1, 1, 6, 6]
    outcome = encounter(ReplayDice(dice), sides=["hráči", "skřeti", "vlci"],
                        location="indoors", reaction_modifier=-1)
    expected = [reaction(ReplayDice(dice[10:12]), modifier=-1).result,
                reaction(ReplayDice(dice[12:]), modifier=-1).result]
    assert [(r.side.cs, r.total, r.band, r.distribution) for r in outcome.result.reactions] == [
        ("skřeti", 1, "hostile-attacks", expected[0].distribution),
        ("vlci", 11, "indifferent", expected[1].distribution),
    ]
    assert [r.total for r in expected] == [1, 11]
    assert outcome.text.cs.endswith(
        "Reakce (vlci): 2d6 = 6 + 6 = 12 − 1 = 11 → Lhostejný "
        "(NPC: Neutrální, příklon k pozitivní).")
    assert outcome.text.en.startswith("Surprise roll: hráči 1d6 = 6, skřeti 1d6 = 6, vlci 1d6 = 6."
                                      " Nobody is surprised. Encounter distance (indoors: 4d6")


def test_the_text_says_once_who_loses_the_first_round() -> None:
    outcome = encounter(ReplayDice([1, 5, 3, 8, 2, 2]))
    assert outcome.text.cs == (
        "Hod na překvapení: hráči 1d6 = 1 → překvapení, nepřátelé 1d6 = 5. Překvapená strana "
        "(hráči) vynechá 1 kolo. Vzdálenost setkání (divočina, překvapení: 1d4 = 3 × 10 = 30 m) "
        "→ daleko. Iniciativa: nepřátelé 1d10 = 8 → pořadí: nepřátelé. Reakce (nepřátelé): 2d6 = "
        "2 + 2 = 4 → Nepřátelský, může zaútočit (NPC: Neutrální, příklon k negativní).")
    assert outcome.text.en == (
        "Surprise roll: players 1d6 = 1 → surprised, enemies 1d6 = 5. The surprised side "
        "(players) loses 1 round. Encounter distance (wilderness, surprise: 1d4 = 3 × 10 = 30 m) "
        "→ far. Initiative: enemies 1d10 = 8 → order: enemies. Reaction (enemies): 2d6 = 2 + 2 "
        "= 4 → Hostile, may attack (NPC: Neutral, leaning negative).")
    everyone = encounter(ReplayDice([1, 2, 4, 4, 4, 1, 1]))
    assert everyone.text.cs.count("chvilkové zaváhání") == 1
    assert everyone.text.en.count("a moment's hesitation") == 1


@pytest.mark.parametrize(("inputs", "field"), [
    ({"sides": DEFAULT, "players": "elfové"}, "players"),
    ({"sides": DEFAULT, "light": ["elfové"]}, "light"),
    ({"sides": ["a", "a"]}, "sides"),
    ({"location": "vesmír"}, "location"),
])
def test_bad_inputs_are_caught_before_any_die(inputs: dict[str, object], field: str) -> None:
    with pytest.raises(RuleError) as error:
        encounter(ReplayDice([]), **inputs)  # type: ignore[arg-type]
    assert error.value.field == field


@settings(max_examples=150, deadline=None)
@given(conflicts(), st.sampled_from(LOCATIONS), st.integers(-6, 6), seeds)
def test_every_step_runs_in_order(
    conflict: dict[str, Any], location: str, modifier: int, seed: int
) -> None:
    sides, light = conflict["sides"], conflict["light"]
    players = conflict["players"] or sides[0]
    outcome = encounter(SeededDice(seed), sides=sides, light=light, location=location,
                        players=conflict["players"], reaction_modifier=modifier)
    result = outcome.result
    caught_out = [entry.side.cs for entry in result.surprise.sides if entry.surprised]
    everyone = len(caught_out) == len(sides)
    acting = sides if everyone else [side for side in sides if side not in caught_out]
    assert sorted(entry.side.cs for entry in result.initiative.order) == sorted(acting)
    assert [r.side.cs for r in result.reactions] == [side for side in acting if side != players]
    labels = [r.label for r in outcome.rolls]
    expected = (["surprise"] * labels.count("surprise") + ["distance"]
                + ["initiative"] * len(acting) + ["reaction"] * len(result.reactions))
    assert labels == expected
    wild_surprise = location == "wilderness" and bool(caught_out)
    assert outcome.rolls[labels.index("distance")].notation == ("1d4" if wild_surprise
                                                                 else "4d6")


@settings(max_examples=150, deadline=None)
@given(conflicts() | st.fixed_dictionaries({
    "sides": any_sides, "players": st.none() | st.text(max_size=6),
    "light": st.lists(st.text(max_size=6), max_size=4)}), seeds)
def test_a_bad_conflict_is_refused_with_a_rule_error(conflict: dict[str, Any], seed: int) -> None:
    sides, players, light = conflict["sides"], conflict["players"], conflict["light"]
    valid = (sides_are_valid(sides) and (players is None or players in sides)
             and all(side in sides for side in light))
    try:
        encounter(SeededDice(seed), sides=sides, players=players, light=light)
    except RuleError as error:
        assert not valid
        assert error.field in ("sides", "players", "light")
    else:
        assert valid


def test_the_api_answers_alike_by_get_and_post_as_documented(client: FlaskClient) -> None:
    body = answers_alike_as_documented(client, "encounter", {
        "sides": ["hráči", "skřeti", "vlci"], "light": ["hráči"], "location": "wilderness",
        "reaction_modifier": -1})
    assert body["chance"] is None


def test_defaults_are_echoed_in_input_in_the_answers_language(client: FlaskClient) -> None:
    body = client.get("/api/v1/encounter?seed=1").get_json()
    assert body["input"] == {"sides": ["hráči", "nepřátelé"], "players": "hráči", "light": [],
                             "location": "wilderness", "reaction_modifier": 0}
    english = client.get("/api/v1/encounter?seed=1&lang=en").get_json()
    assert english["input"] == {"sides": ["players", "enemies"], "players": "players",
                                "light": [], "location": "wilderness", "reaction_modifier": 0}
    # What an English answer echoes, sent back, is the same encounter.
    again = client.post("/api/v1/encounter", json={**english["input"], "seed": 1, "lang": "en"})
    assert again.get_json()["result"] == english["result"]


def test_its_duration_comes_next_once_the_rounds_are_known(client: FlaskClient) -> None:
    assert [(step.procedure, dict(step.inputs), step.missing)
            for step in encounter(ReplayDice([3, 4, 1, 1, 1, 1, 5, 7, 3, 4])).next] == [
        ("encounter-duration", {}, ("rounds",))]
    body = client.get("/api/v1/encounter?seed=5").get_json()
    assert body["result"]["next"] == [{
        "procedure": "encounter-duration", "url": "/api/v1/encounter-duration",
        "title": "Konec setkání", "missing": ["rounds"]}]
    assert client.get("/api/v1/encounter-duration").status_code == 422  # rounds missing
    assert client.get("/api/v1/encounter-duration?rounds=12").status_code == 200


@pytest.mark.parametrize("location", ["wilderness", "indoors"])
def test_a_travel_day_or_a_dungeon_turn_can_call_for_it(client: FlaskClient,
                                                        location: str) -> None:
    # Their next step names only where the encounter happens; every other input has a default.
    body = client.get(f"/api/v1/encounter?location={location}&seed=9").get_json()
    assert body["input"]["location"] == location
    assert body["result"]["distance"]["distance_m"] <= (24 if location == "indoors" else 240)


def test_physical_dice_in_the_order_of_the_procedure(client: FlaskClient) -> None:
    dice = [1, 5, 3, 8, 2, 2]  # surprise ×2, distance 1d4, initiative, reaction
    body = client.post("/api/v1/encounter", json={"dice": dice, "lang": "en"}).get_json()
    assert [r["label"] for r in body["rolls"]] == [
        "surprise", "surprise", "distance", "initiative", "reaction"]
    assert [v for r in body["rolls"] for v in r["results"]] == dice
    result = body["result"]
    assert result["surprise"]["effect"] == "some"
    assert result["distance"] == {"distance_m": 30, "zone": "daleko", "zone_name": "Far"}
    assert result["initiative"]["skipped"] == ["players"]  # the default sides, in English
    assert result["reactions"][0]["side"] == "enemies"
    assert result["reactions"][0]["band"] == "hostile-may-attack"
    assert body["seed"] is None
    short = client.post("/api/v1/encounter", json={"dice": dice[:-1], "lang": "en"}).get_json()
    assert "needs a d6 for 'reaction'" in short["message"]


@pytest.mark.parametrize(("body", "field"), [
    ({"sides": ["a", "b"], "players": "c"}, "players"),
    ({"sides": ["a", "b"], "light": ["c"]}, "light"),
    ({"sides": ["a", "a"]}, "sides"),
    ({"reaction_modifier": 7}, "reaction_modifier"),
    ({"surprised": ["a"]}, "surprised"),
])
def test_bad_input_is_a_422_naming_the_field(
    client: FlaskClient, body: dict[str, object], field: str
) -> None:
    refused(client, "encounter", body, field)


def test_the_inputs_are_documented_with_their_bounds(client: FlaskClient) -> None:
    inputs = arguments(client, "EncounterArgs")
    assert (inputs["sides"]["minItems"], inputs["sides"]["maxItems"]) == (2, 10)
    assert inputs["sides"]["items"]["maxLength"] == 40
    assert inputs["players"]["maxLength"] == 40
    modifier = inputs["reaction_modifier"]
    assert (modifier["minimum"], modifier["maximum"]) == (-6, 6)


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(input_names, json_values, max_size=5))
def test_any_json_answers_200_or_422(app: Flask, body: dict[str, object]) -> None:
    answers_200_or_422(app, "encounter", body)


THREE = ["hráči", "skřeti", "vlci"]
TEN = [f"strana {n}" for n in range(1, 11)]

#: Golden vectors: inputs covering every branch of the rule, refusals included; the
#: calculators' JavaScript must give the engine's answer for each (tests/calculators).
GOLDEN: dict[str, list[dict[str, Any]]] = {
    "encounter": [
        {}, {"location": "indoors"}, {"light": ["hráči", "nepřátelé"]},
        {"light": ["nepřátelé"], "reaction_modifier": 2},
        {"sides": THREE, "players": "skřeti", "reaction_modifier": 3},
        {"sides": THREE, "light": ["hráči"], "location": "indoors", "reaction_modifier": -6},
        {"sides": TEN, "players": "strana 10", "reaction_modifier": 6},
        {"players": "vlci"}, {"light": ["draci"]}, {"location": ""}, {"sides": ["a"]},
        {"sides": ["a", "b"], "location": "vzduch", "players": "c"},
    ],
}
