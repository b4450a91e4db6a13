"""[Hod na překvapení, Světlo a překvapení] 1d6 per side, 1–2 surprised; light gives you away."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

from rpg.core.dice import ReplayDice, SeededDice
from rpg.core.errors import RuleError
from rpg.pravidla.encounters import surprise
from tests.enumeration import outcomes
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


@pytest.mark.parametrize(("sides", "light", "dice", "rolls", "surprised", "effect"), [
    (DEFAULT, [], [3, 4], [3, 4], [], "none"),
    (DEFAULT, [], [6, 6], [6, 6], [], "none"),
    (DEFAULT, [], [1, 3], [1, 3], ["hráči"], "some"),
    (DEFAULT, [], [3, 2], [3, 2], ["nepřátelé"], "some"),
    (DEFAULT, [], [2, 1], [2, 1], DEFAULT, "all"),
    (["a", "b", "c"], [], [1, 2, 5], [1, 2, 5], ["a", "b"], "some"),
    (["a", "b", "c"], [], [1, 2, 2], [1, 2, 2], ["a", "b", "c"], "all"),
    # the enemies carry light: they cannot surprise the players, who therefore do not roll
    (DEFAULT, ["nepřátelé"], [1], [None, 1], ["nepřátelé"], "some"),
    # the players carry light: only they can be surprised; one surprised side is not "all"
    (DEFAULT, ["hráči"], [2], [2, None], ["hráči"], "some"),
    (DEFAULT, ["hráči"], [3], [3, None], [], "none"),
    # everybody carries light: nobody can be surprised, nothing is rolled
    (DEFAULT, DEFAULT, [], [None, None], [], "none"),
    # light on a and b: c's every enemy is lit, so c does not roll; a and b do (c is dark)
    (["a", "b", "c"], ["a", "b"], [1, 5], [1, 5, None], ["a"], "some"),
    # light on a only: every side still has a dark enemy and rolls
    (["a", "b", "c"], ["a"], [4, 4, 4], [4, 4, 4], [], "none"),
])
def test_rolls_light_and_effect(
    sides: list[str], light: list[str], dice: list[int], rolls: list[int | None],
    surprised: list[str], effect: str,
) -> None:
    outcome = surprise(ReplayDice(dice), sides=sides, light=light)
    assert [(s.side.cs, s.roll) for s in outcome.result.sides] == list(zip(sides, rolls,
                                                                         strict=True))
    assert [s.side.cs for s in outcome.result.sides if s.surprised] == surprised
    assert outcome.result.effect == effect
    assert [(r.label, r.notation) for r in outcome.rolls] == [("surprise", "1d6")] * len(dice)
    assert outcome.chance is None


@pytest.mark.parametrize(("roll", "surprised"), [(1, True), (2, True), (3, False), (6, False)])
def test_one_or_two_means_surprised(roll: int, surprised: bool) -> None:
    assert surprise(ReplayDice([roll, 6])).result.sides[0].surprised is surprised


@pytest.mark.parametrize(("sides", "light"), [
    (DEFAULT, []),
    (DEFAULT, ["hráči"]),
    (DEFAULT, DEFAULT),
    (["a", "b", "c"], []),
    (["a", "b", "c"], ["a", "b"]),
    (["a", "b", "c", "d"], ["d"]),
])
def test_effect_distribution_against_enumeration(sides: list[str], light: list[str]) -> None:
    counted: Counter[str] = Counter()
    for weight, outcome in outcomes(surprise, sides=sides, light=light):
        counted[outcome.result.effect] += weight  # type: ignore[assignment]
    published = surprise(_dice_for(sides, light),
                         sides=sides, light=light).result.distribution
    assert {c.effect: c.probability for c in published if c.probability} == dict(counted)
    assert sum(c.probability for c in published) == 1


def _dice_for(sides: list[str], light: list[str]) -> ReplayDice:
    rolling = sum(not all(o in light for o in sides if o != s) for s in sides)
    return ReplayDice([6] * rolling)


def test_distribution_values() -> None:
    published = surprise(ReplayDice([6, 6])).result.distribution
    assert [(c.effect, c.probability) for c in published] == [
        ("none", Fraction(4, 9)), ("some", Fraction(4, 9)), ("all", Fraction(1, 9))]


@pytest.mark.parametrize(("inputs", "field"), [
    ({"sides": ["sami"]}, "sides"),
    ({"sides": ["a", "a"]}, "sides"),
    ({"sides": DEFAULT, "light": ["pochodeň"]}, "light"),
])
def test_bad_inputs_name_the_field(inputs: dict[str, object], field: str) -> None:
    with pytest.raises(RuleError) as error:
        surprise(ReplayDice([]), **inputs)  # type: ignore[arg-type]
    assert error.value.field == field


def test_text_in_both_languages() -> None:
    outcome = surprise(ReplayDice([1, 4]))
    assert outcome.text.cs == ("Hod na překvapení: hráči 1d6 = 1 → překvapení, nepřátelé "
                               "1d6 = 4. Překvapená strana (hráči) vynechá 1 kolo.")
    assert outcome.text.en == ("Surprise roll: players 1d6 = 1 → surprised, enemies 1d6 = 4. "
                               "The surprised side (players) loses 1 round.")
    assert surprise(ReplayDice([1, 2, 5]), sides=["a", "b", "c"]).text.cs.endswith(
        "Překvapené strany (a, b) vynechají 1 kolo.")
    assert surprise(ReplayDice([1, 2])).text.cs.endswith(
        "Překvapené jsou všechny strany: jen chvilkové zaváhání, nikdo nemá výhodu.")
    assert "bez hodu (ostatní nesou světlo)" in surprise(
        ReplayDice([5]), light=["hráči"]).text.cs


def test_a_default_side_is_named_in_either_language() -> None:
    assert surprise(ReplayDice([5]), light=["players"]).result == surprise(
        ReplayDice([5]), light=["hráči"]).result
    lit = surprise(ReplayDice([5]), light=["enemies"])
    assert lit.text.en == ("Surprise roll: players no roll (the others carry light), enemies "
                           "1d6 = 5. Nobody is surprised.")


@pytest.mark.parametrize(("inputs", "dice", "distance", "initiative"), [
    ({}, [1, 5], {"surprised": True}, {"surprised": ["hráči"]}),
    ({}, [3, 5], {"surprised": False}, {}),
    ({}, [1, 2], {"surprised": True}, {"surprised": ["hráči", "nepřátelé"]}),
    ({"sides": ["a", "b", "c"]}, [6, 2, 1], {"surprised": True},
     {"sides": ["a", "b", "c"], "surprised": ["b", "c"]}),
])
def test_the_encounter_goes_on_with_its_distance_and_initiative(
    inputs: dict[str, Any], dice: list[int], distance: dict[str, Any],
    initiative: dict[str, Any],
) -> None:
    steps = surprise(ReplayDice(dice), **inputs).next
    assert [(step.procedure, dict(step.inputs), step.missing) for step in steps] == [
        ("encounter-distance", distance, ()), ("initiative", initiative, ())]


def test_the_next_steps_answer_as_they_are(client: FlaskClient) -> None:
    body = client.get("/api/v1/surprise?dice=1,5&lang=en").get_json()
    assert [(step["procedure"], step["url"], step["title"]) for step in body["result"]["next"]] == [
        ("encounter-distance", "/api/v1/encounter-distance?surprised=true", "Encounter distance"),
        ("initiative", "/api/v1/initiative?surprised=hr%C3%A1%C4%8Di", "Initiative")]
    order = client.get(body["result"]["next"][1]["url"] + "&dice=4&lang=en").get_json()
    assert order["result"]["skipped"] == ["players"]
    assert order["text"] == ("Initiative: enemies 1d10 = 4 → order: enemies. The surprised side "
                             "(players) loses 1 round.")


@settings(max_examples=150, deadline=None)
@given(conflicts(), seeds)
def test_surprise_follows_the_dice_and_the_light(conflict: dict[str, Any], seed: int) -> None:
    sides, light = conflict["sides"], conflict["light"]
    outcome = surprise(SeededDice(seed), sides=sides, light=light)
    entries = outcome.result.sides
    assert [entry.side.cs for entry in entries] == sides
    for entry in entries:
        lit_all_round = all(other in light for other in sides if other != entry.side.cs)
        assert (entry.roll is None) == lit_all_round
        assert entry.surprised == (entry.roll is not None and entry.roll <= 2)
    count = sum(entry.surprised for entry in entries)
    expected = "none" if count == 0 else "all" if count == len(sides) else "some"
    assert outcome.result.effect == expected
    assert len(outcome.rolls) == sum(entry.roll is not None for entry in entries)
    distribution = {c.effect: c.probability for c in outcome.result.distribution}
    assert sum(distribution.values()) == 1 and distribution[expected] > 0


@settings(max_examples=150, deadline=None)
@given(any_sides, st.lists(st.text(max_size=6), max_size=4), seeds)
def test_a_bad_conflict_is_refused_with_a_rule_error(
    sides: list[str], light: list[str], seed: int
) -> None:
    valid = sides_are_valid(sides) and all(side in sides for side in light)
    try:
        surprise(SeededDice(seed), sides=sides, light=light)
    except RuleError as error:
        assert not valid
        assert error.field in ("sides", "light")
    else:
        assert valid


def test_the_api_answers_alike_by_get_and_post_as_documented(client: FlaskClient) -> None:
    body = answers_alike_as_documented(client, "surprise",
                                       {"sides": ["hráči", "skřeti"], "light": ["skřeti"]})
    assert body["chance"] is None


@pytest.mark.parametrize(("body", "field"), [
    ({"sides": ["a", "b"], "light": ["pochodeň"]}, "light"),
    ({"sides": ["a", "a"]}, "sides"),
])
def test_bad_input_is_a_422_naming_the_field(
    client: FlaskClient, body: dict[str, object], field: str
) -> None:
    refused(client, "surprise", body, field)


def test_duplicate_sides_in_a_query_string_say_what_to_change(client: FlaskClient) -> None:
    payload = client.get("/api/v1/surprise?sides=skřeti,skřeti&lang=en").get_json()
    assert payload["errors"] == {
        "sides": ["Sides need distinct names; 'skřeti' is listed more than once."]}


def test_the_inputs_are_documented_with_their_bounds(client: FlaskClient) -> None:
    inputs = arguments(client, "SurpriseArgs")
    assert (inputs["sides"]["minItems"], inputs["sides"]["maxItems"]) == (2, 10)
    assert inputs["sides"]["items"]["maxLength"] == 40
    assert inputs["light"]["maxItems"] == 10


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(input_names, json_values, max_size=5))
def test_any_json_answers_200_or_422(app: Flask, body: dict[str, object]) -> None:
    answers_200_or_422(app, "surprise", body)


THREE = ["hráči", "skřeti", "vlci"]
TEN = [f"strana {n}" for n in range(1, 11)]

#: Golden vectors: inputs covering every branch of the rule, refusals included; the
#: calculators' JavaScript must give the engine's answer for each (tests/calculators).
GOLDEN: dict[str, list[dict[str, Any]]] = {
    "surprise": [
        {}, {"sides": THREE}, {"light": ["nepřátelé"]}, {"light": ["hráči", "nepřátelé"]},
        {"sides": THREE, "light": ["skřeti"]}, {"sides": THREE, "light": ["skřeti", "vlci"]},
        {"sides": TEN, "light": TEN[1:]},
        {"sides": TEN},
        {"light": ["draci"]}, {"sides": ["a"]}, {"sides": ["a", "a"]},
    ],
}
