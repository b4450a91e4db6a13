"""[Perzistentní poškození] the effect's damage rolled anew "vždy na konci tahu dané skupiny",
each round it lasts."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

from rpg.core.dice import ReplayDice, SeededDice
from rpg.core.errors import RuleError
from rpg.core.notation import parse
from rpg.pravidla.attack import persistent_damage
from tests.answers import schema_errors
from tests.pravidla.invariants import SEEDS, conforms
from tests.pravidla.over_http import bounds, get_and_post_agree, input_schema, refused


def test_a_burning_monster_takes_1d8_each_round() -> None:
    # "obdrží, po dobu co bude hořet, 1d8 poškození jakmile celá její skupina ... odehraje tah"
    outcome = persistent_damage(ReplayDice([5, 2, 8]), damage="1d8", rounds=3)
    assert (outcome.result.per_round, outcome.result.total) == ((5, 2, 8), 15)
    assert [(r.label, r.results) for r in outcome.rolls] == [
        ("persistent-damage", (5,)), ("persistent-damage", (2,)), ("persistent-damage", (8,))]
    assert outcome.chance is None
    assert outcome.text.cs == ("Perzistentní poškození 1d8, 3 kola (vždy na konci tahu skupiny): "
                               "1.\u00a0kolo: 1d8 = 5; 2.\u00a0kolo: 1d8 = 2; 3.\u00a0kolo: "
                               "1d8 = 8. Celkem 15.")
    assert outcome.text.en == ("Persistent damage 1d8, 3 rounds (each at the end of the group's "
                               "turn): round 1: 1d8 = 5; round 2: 1d8 = 2; round 3: 1d8 = 8. "
                               "Total 15.")
    assert outcome.rule.url == "/pravidla/utok-obecne/#perzistentni-poskozeni"


@pytest.mark.parametrize(("rounds", "words"), [(1, "1 kolo"), (4, "4 kola"), (5, "5 kol")])
def test_the_rounds_in_czech(rounds: int, words: str) -> None:
    assert f"3, {words} (" in persistent_damage(ReplayDice([]), damage="3", rounds=rounds).text.cs


def test_a_round_never_deals_less_than_nothing() -> None:
    outcome = persistent_damage(ReplayDice([1, 4]), damage="1d4-2", rounds=2)
    assert outcome.result.per_round == (0, 2)
    assert "1.\u00a0kolo: 1d4-2 = 1 − 2 → 0; 2.\u00a0kolo: 1d4-2 = 4 − 2 = 2." in outcome.text.cs


@pytest.mark.parametrize(("inputs", "field"), [
    ({"damage": "1d8", "rounds": 0}, "rounds"), ({"damage": "1d8", "rounds": 101}, "rounds"),
    ({"damage": "1d8+", "rounds": 1}, "damage"), ({"damage": "", "rounds": 1}, "damage"),
])
def test_impossible_inputs(inputs: dict[str, Any], field: str) -> None:
    with pytest.raises(RuleError) as caught:
        persistent_damage(ReplayDice([]), **inputs)
    assert caught.value.field == field


# --- over HTTP -------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2024])
def test_get_and_post_agree(client: FlaskClient, seed: int) -> None:
    body = get_and_post_agree(client, "persistent-damage", {"damage": "2d6+1", "rounds": 4}, seed)
    assert len(body["result"]["per_round"]) == len(body["rolls"]) == 4
    assert schema_errors(body) == {}


@pytest.mark.parametrize(("body", "field"), [
    ({"rounds": 3}, "damage"), ({"damage": "1d8"}, "rounds"),
    ({"damage": "1d8", "rounds": 101}, "rounds"), ({"damage": "x" * 101, "rounds": 1}, "damage"),
    ({"damage": "1d8", "rounds": 2, "dice": [3]}, "dice"),
])
def test_bad_input_is_a_422_naming_the_field(
    client: FlaskClient, body: dict[str, object], field: str
) -> None:
    refused(client, "persistent-damage", body, field)


def test_too_many_dice_in_all_is_a_422(client: FlaskClient) -> None:
    answer = client.post("/api/v1/persistent-damage", json={
        "damage": "100d6+100d6", "rounds": 100})
    assert answer.status_code == 422


def test_openapi_documents_the_bounds(client: FlaskClient) -> None:
    schema = input_schema(client, "persistent-damage")
    assert bounds(schema, "rounds") == (1, 100)
    assert schema["properties"]["damage"]["maxLength"] == 100
    assert set(schema["required"]) == {"damage", "rounds"}


# --- properties over the whole input space ------------------------------------------------------

expressions = st.sampled_from(["1d8", "2d6+1", "1d4-2", "3", "4d6kh3", "-1d3", "1d6+1d4"])


@settings(max_examples=150, deadline=None)
@given(expressions, st.integers(1, 100), SEEDS)
def test_each_round_is_the_expression_rolled_never_below_zero(
    damage: str, rounds: int, seed: int
) -> None:
    outcome = persistent_damage(SeededDice(seed), damage=damage, rounds=rounds)
    expression = parse(damage)
    result = outcome.result
    assert len(result.per_round) == rounds and result.total == sum(result.per_round)
    assert all(max(0, expression.minimum) <= dealt <= max(0, expression.maximum)
               for dealt in result.per_round)
    assert len(outcome.rolls) == (rounds if expression.dice_count else 0)
    for rolled, dealt in zip(outcome.rolls, result.per_round, strict=False):
        assert dealt == max(0, rolled.total)


@settings(max_examples=25, deadline=None)
@given(st.fixed_dictionaries({"damage": expressions, "rounds": st.integers(1, 20)}), SEEDS,
       st.sampled_from(["cs", "en"]))
def test_every_answer_conforms_to_its_documented_result(
    app: Flask, inputs: dict[str, Any], seed: int, lang: str
) -> None:
    conforms(app, "persistent-damage", inputs, seed, lang)


#: Golden vectors: inputs covering every branch of the rule, refusals included; the
#: calculator's JavaScript must give the engine's answer for each (tests/calculators).
GOLDEN: dict[str, list[dict[str, Any]]] = {"persistent-damage": [
    {"damage": "1d4", "rounds": 3}, {"damage": "1d4-2", "rounds": 2}, {"damage": "3", "rounds": 2},
    {"damage": "3+2", "rounds": 1}, {"damage": "2d2+1", "rounds": 2},
    {"damage": "1d2+1d2", "rounds": 1}, {"damage": "2d4kh1", "rounds": 1},
    {"damage": "-1d2", "rounds": 1}, {"damage": "1d6", "rounds": 100},
    {"damage": "100d2", "rounds": 3},
    {"damage": "1d8", "rounds": 0}, {"damage": "1d8", "rounds": 101},
    {"damage": "1d8+", "rounds": 1}, {"damage": "", "rounds": 1},
    {"damage": "100d6+100d6", "rounds": 1},
]}
