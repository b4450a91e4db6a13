"""[Iniciativa] 1d10 per side not surprised; highest first, a tie goes to the players."""

from __future__ import annotations

from fractions import Fraction
from itertools import pairwise
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

from rpg.core.dice import ReplayDice, SeededDice
from rpg.core.errors import RuleError
from rpg.pravidla.combat import initiative, players_first_chance
from tests.enumeration import probability
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


@pytest.mark.parametrize(("sides", "players", "surprised", "dice", "order", "skipped"), [
    # highest first
    (DEFAULT, None, [], [3, 7], [("nepřátelé", 7, False), ("hráči", 3, False)], []),
    (DEFAULT, None, [], [10, 1], [("hráči", 10, False), ("nepřátelé", 1, False)], []),
    # a tie with the players goes to the players, wherever they are listed
    (DEFAULT, None, [], [5, 5], [("hráči", 5, True), ("nepřátelé", 5, True)], []),
    (["skřeti", "hráči"], "hráči", [], [6, 6], [("hráči", 6, True), ("skřeti", 6, True)], []),
    (["a", "b", "c"], "c", [], [4, 4, 4], [("c", 4, True), ("a", 4, True), ("b", 4, True)], []),
    # a tie between two other sides keeps the listed order; the untied side is not tied
    (["hráči", "skřeti", "vlci"], None, [], [2, 8, 8],
     [("skřeti", 8, True), ("vlci", 8, True), ("hráči", 2, False)], []),
    (["hráči", "vlci", "skřeti"], None, [], [9, 8, 8],
     [("hráči", 9, False), ("vlci", 8, True), ("skřeti", 8, True)], []),
    # surprised sides skip the roll and the first round
    (DEFAULT, None, ["nepřátelé"], [1], [("hráči", 1, False)], ["nepřátelé"]),
    (DEFAULT, None, ["hráči"], [9], [("nepřátelé", 9, False)], ["hráči"]),
    (["a", "b", "c"], None, ["c", "a"], [5], [("b", 5, False)], ["a", "c"]),
    # every side surprised: a moment's hesitation, everybody rolls, nobody is skipped
    (DEFAULT, None, DEFAULT, [2, 9], [("nepřátelé", 9, False), ("hráči", 2, False)], []),
    (["a", "b", "c"], "b", ["a", "b", "c"], [7, 7, 3],
     [("b", 7, True), ("a", 7, True), ("c", 3, False)], []),
])
def test_order_ties_and_skipped(
    sides: list[str], players: str | None, surprised: list[str], dice: list[int],
    order: list[tuple[str, int, bool]], skipped: list[str],
) -> None:
    outcome = initiative(ReplayDice(dice), sides=sides, players=players, surprised=surprised)
    assert [(e.side.cs, e.roll, e.tied) for e in outcome.result.order] == order
    assert [side.cs for side in outcome.result.skipped] == skipped
    assert [(r.label, r.notation) for r in outcome.rolls] == [("initiative", "1d10")] * len(dice)
    assert outcome.chance is None


def test_dice_are_consumed_in_list_order() -> None:
    outcome = initiative(ReplayDice([1, 2, 3]), sides=["x", "y", "z"])
    assert [(e.side.cs, e.roll) for e in outcome.result.order] == [("z", 3), ("y", 2), ("x", 1)]


def test_players_default_to_the_first_side() -> None:
    outcome = initiative(ReplayDice([4, 4]), sides=["druzina", "skřeti"])
    assert outcome.result.order[0].side.cs == "druzina"


@pytest.mark.parametrize(("inputs", "field"), [
    ({"sides": ["sami"]}, "sides"),
    ({"sides": [str(i) for i in range(11)]}, "sides"),
    ({"sides": ["skřeti", "skřeti"]}, "sides"),
    ({"sides": ["hráči", " "]}, "sides"),
    ({"sides": DEFAULT, "players": "elfové"}, "players"),
    ({"sides": DEFAULT, "surprised": ["elfové"]}, "surprised"),
])
def test_contradictory_inputs_name_the_field(inputs: dict[str, object], field: str) -> None:
    with pytest.raises(RuleError) as error:
        initiative(ReplayDice([]), **inputs)  # type: ignore[arg-type]
    assert error.value.field == field
    assert error.value.message.cs and error.value.message.en


@pytest.mark.parametrize(("sides", "players", "surprised"), [
    (DEFAULT, None, []),
    (["skřeti", "hráči"], "hráči", []),
    (["a", "b", "c"], "b", []),
    (["a", "b", "c", "d"], "d", ["b"]),
    (["a", "b", "c"], "a", ["a", "b", "c"]),
])
def test_players_first_chance_against_enumeration(
    sides: list[str], players: str, surprised: list[str]
) -> None:
    inputs = {"sides": sides, "players": players, "surprised": surprised}
    expected = probability(initiative,
                           lambda o: o.result.order[0].side.cs == (players or sides[0]), **inputs)
    rolled = len(sides) - len(surprised) if len(surprised) < len(sides) else len(sides)
    outcome = initiative(ReplayDice([1] * rolled), **inputs)  # type: ignore[arg-type]
    assert outcome.result.players_first_chance == expected


def test_players_first_chance_values_and_surprised_players() -> None:
    assert players_first_chance(1) == Fraction(11, 20)
    assert players_first_chance(0) == 1
    outcome = initiative(ReplayDice([3]), sides=DEFAULT, surprised=["hráči"])
    assert outcome.result.players_first_chance is None


def test_text_in_both_languages() -> None:
    outcome = initiative(ReplayDice([5, 5]), sides=["skřeti", "hráči"], players="hráči")
    assert outcome.text.cs == ("Iniciativa: skřeti 1d10 = 5, hráči 1d10 = 5 → pořadí: hráči, "
                               "skřeti (remíza jde ve prospěch hráčů).")
    assert outcome.text.en == ("Initiative: skřeti 1d10 = 5, hráči 1d10 = 5 → order: hráči, "
                               "skřeti (a tie goes to the players).")
    everyone = initiative(ReplayDice([4, 6]), sides=DEFAULT, surprised=DEFAULT)
    assert everyone.text.cs.endswith(". Překvapené jsou všechny strany: jen chvilkové zaváhání, "
                                     "nikdo kolo nevynechá.")


@pytest.mark.parametrize(("sides", "surprised", "dice", "cs", "en"), [
    (DEFAULT, ["nepřátelé"], [4], "Iniciativa: hráči 1d10 = 4 → pořadí: hráči. Překvapená strana "
     "(nepřátelé) vynechá 1 kolo.", "Initiative: hráči 1d10 = 4 → order: hráči. The surprised "
     "side (nepřátelé) loses 1 round."),
    (["a", "b", "c", "d"], ["d", "b"], [4, 7], "Iniciativa: a 1d10 = 4, c 1d10 = 7 → pořadí: c, "
     "a. Překvapené strany (b, d) vynechají 1 kolo.", "Initiative: a 1d10 = 4, c 1d10 = 7 → "
     "order: c, a. The surprised sides (b, d) lose 1 round."),
])
def test_the_surprised_sides_lose_a_round_in_grammatical_czech(
    sides: list[str], surprised: list[str], dice: list[int], cs: str, en: str
) -> None:
    outcome = initiative(ReplayDice(dice), sides=sides, surprised=surprised)
    assert (outcome.text.cs, outcome.text.en) == (cs, en)


def test_the_default_sides_are_named_in_the_answers_language() -> None:
    outcome = initiative(ReplayDice([5, 5]))
    assert outcome.text.cs == ("Iniciativa: hráči 1d10 = 5, nepřátelé 1d10 = 5 → pořadí: hráči, "
                               "nepřátelé (remíza jde ve prospěch hráčů).")
    assert outcome.text.en == ("Initiative: players 1d10 = 5, enemies 1d10 = 5 → order: players, "
                               "enemies (a tie goes to the players).")
    assert [(e.side.cs, e.side.en) for e in outcome.result.order] == [
        ("hráči", "players"), ("nepřátelé", "enemies")]


@pytest.mark.parametrize("name", ["enemies", "nepřátelé"])
def test_a_default_side_is_named_in_either_language(name: str) -> None:
    outcome = initiative(ReplayDice([3]), players=name, surprised=["players"])
    assert [e.side.en for e in outcome.result.order] == ["enemies"]
    assert [side.en for side in outcome.result.skipped] == ["players"]
    assert outcome.result.players_first_chance == 1


def test_a_given_name_is_the_users_in_every_language() -> None:
    outcome = initiative(ReplayDice([2, 9]), sides=["hráči", "skřeti"])
    assert outcome.text.en == "Initiative: hráči 1d10 = 2, skřeti 1d10 = 9 → order: skřeti, hráči."
    with pytest.raises(RuleError) as error:  # "players" is no name of the side named "hráči"
        initiative(ReplayDice([]), sides=["hráči", "skřeti"], surprised=["players"])
    assert error.value.field == "surprised"
    assert error.value.message.en == ("'surprised' names the side 'players', which is not among "
                                      "the sides (hráči, skřeti).")


@settings(max_examples=150, deadline=None)
@given(conflicts(), seeds)
def test_the_order_is_a_permutation_of_the_sides_not_surprised(
    conflict: dict[str, Any], seed: int
) -> None:
    sides, surprised = conflict["sides"], conflict["surprised"]
    players = conflict["players"] or sides[0]
    outcome = initiative(SeededDice(seed), sides=sides, players=conflict["players"],
                         surprised=surprised)
    everyone = set(surprised) == set(sides)
    acting = sides if everyone else [side for side in sides if side not in surprised]
    order = outcome.result.order
    assert sorted(entry.side.cs for entry in order) == sorted(acting)
    assert {side.cs for side in outcome.result.skipped} == (set() if everyone else set(surprised))
    assert len(outcome.rolls) == len(acting)
    assert all(1 <= entry.roll <= 10 for entry in order)
    rolls = [entry.roll for entry in order]
    assert rolls == sorted(rolls, reverse=True)
    for first, second in pairwise(order):
        if first.roll == second.roll:
            assert second.side.cs != players
            if players not in (first.side.cs, second.side.cs):
                assert sides.index(first.side.cs) < sides.index(second.side.cs)
    for entry in order:
        assert entry.tied == (rolls.count(entry.roll) > 1)
    chance = outcome.result.players_first_chance
    assert (chance is None) == (players not in acting)
    assert chance is None or 0 < chance <= 1


@settings(max_examples=150, deadline=None)
@given(any_sides, st.none() | st.text(max_size=6), st.lists(st.text(max_size=6), max_size=4),
       seeds)
def test_a_bad_conflict_is_refused_with_a_rule_error(
    sides: list[str], players: str | None, surprised: list[str], seed: int
) -> None:
    valid = (sides_are_valid(sides) and (players is None or players in sides)
             and all(side in sides for side in surprised))
    try:
        initiative(SeededDice(seed), sides=sides, players=players, surprised=surprised)
    except RuleError as error:
        assert not valid
        assert error.field in ("sides", "players", "surprised")
    else:
        assert valid


def test_the_api_answers_alike_by_get_and_post_as_documented(client: FlaskClient) -> None:
    body = answers_alike_as_documented(client, "initiative", {
        "sides": ["hráči", "skřeti", "vlci"], "players": "hráči", "surprised": ["vlci"]})
    assert body["chance"] is None


def test_lists_in_a_query_string_repeated_or_comma_separated(client: FlaskClient) -> None:
    comma = client.get("/api/v1/initiative?sides=hráči,skřeti&dice=4,4").get_json()
    repeated = client.get(
        "/api/v1/initiative?sides=hráči&sides=skřeti&dice=4&dice=4").get_json()
    assert comma == repeated
    assert comma["input"] == {"sides": ["hráči", "skřeti"], "players": "hráči", "surprised": []}
    assert comma["result"]["order"] == [
        {"side": "hráči", "roll": 4, "tied": True}, {"side": "skřeti", "roll": 4, "tied": True}]


@pytest.mark.parametrize(("body", "field"), [
    ({"sides": ["skřeti", "skřeti"]}, "sides"),
    ({"sides": ["sami"]}, "sides"),
    ({"sides": [str(i) for i in range(11)]}, "sides"),
    ({"sides": ["x" * 41, "y"]}, "sides"),
    ({"sides": ["", "y"]}, "sides"),
    ({"sides": ["a", "b"], "players": "c"}, "players"),
    ({"sides": ["a", "b"], "surprised": ["c"]}, "surprised"),
    ({"sides": "a,b", "surprised": [1]}, "surprised"),
])
def test_bad_input_is_a_422_naming_the_field(
    client: FlaskClient, body: dict[str, object], field: str
) -> None:
    refused(client, "initiative", body, field)


def test_the_inputs_are_documented_with_their_bounds(client: FlaskClient) -> None:
    inputs = arguments(client, "InitiativeArgs")
    assert (inputs["sides"]["minItems"], inputs["sides"]["maxItems"]) == (2, 10)
    assert inputs["sides"]["items"]["maxLength"] == 40
    assert inputs["surprised"]["maxItems"] == 10


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(input_names, json_values, max_size=5))
def test_any_json_answers_200_or_422(app: Flask, body: dict[str, object]) -> None:
    answers_200_or_422(app, "initiative", body)


THREE = ["hráči", "skřeti", "vlci"]
TEN = [f"strana {n}" for n in range(1, 11)]

#: Golden vectors: inputs covering every branch of the rule, refusals included; the
#: calculators' JavaScript must give the engine's answer for each (tests/calculators).
GOLDEN: dict[str, list[dict[str, Any]]] = {
    "initiative": [
        {}, {"sides": THREE}, {"sides": THREE, "players": "vlci"},
        {"sides": THREE, "surprised": ["skřeti"]},
        {"sides": THREE, "surprised": ["hráči"]},            # the players do not roll
        {"surprised": ["nepřátelé", "hráči"]},              # everyone: nobody loses the round
        {"sides": ["a", "b", "c", "d"], "players": "c", "surprised": ["a"]},
        {"sides": TEN, "players": "strana 7", "surprised": TEN[:3]},
        {"sides": ["hráči"]}, {"sides": [*TEN, "navíc"]}, {"sides": ["hráči", " "]},
        {"sides": ["a", "b", "b", "a"]}, {"players": "vlci"},
        {"sides": THREE, "surprised": ["vlci", "draci"]},
    ],
}
