"""x in y: [Jiné metody řešení nejasných situací], the GM's odds (the dungeon's rows of odds,
[Pasti] and [Putující monstra], have tests of their own)."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

from rpg.core.dice import ReplayDice, SeededDice
from rpg.core.errors import RuleError
from rpg.core.outcome import Outcome
from rpg.pravidla.checks import chance
from rpg.pravidla.dungeon import trap, wandering_monsters
from tests.enumeration import outcomes
from tests.pravidla.invariants import ANY_INTS, SEEDS, conforms
from tests.pravidla.over_http import bounds, get_and_post_agree, input_schema, refused


@pytest.mark.parametrize(("procedure", "inputs", "die", "roll", "success"), [
    (chance, {}, 6, 1, True),                           # default 1 in 6
    (chance, {}, 6, 6, False),
    (chance, {"x": 2, "y": 6}, 6, 2, True),
    (chance, {"x": 3}, 6, 3, True),                     # y keeps its default 6
    (chance, {"y": 4}, 4, 2, False),                    # x keeps its default 1
    (chance, {"percent": 30}, 100, 30, True),           # percent on a d100
    (chance, {"percent": 30}, 100, 31, False),
    (chance, {"percent": 100}, 100, 100, True),
])
def test_x_in_y_table(
    procedure: Callable[..., Outcome], inputs: dict[str, int], die: int, roll: int,
    success: bool,
) -> None:
    outcome = procedure(ReplayDice([roll]), **inputs)
    assert (outcome.result.roll, outcome.result.success) == (roll, success)
    assert outcome.rolls[0].notation == f"1d{die}"
    assert outcome.result.y == die


def test_labels_and_texts() -> None:
    assert chance(ReplayDice([2])).rolls[0].label == "chance"
    assert chance(ReplayDice([42]), percent=40).text.cs == (
        "Šance (40\u00a0%): 1d100 = 42 > 40 → neúspěch.")


@pytest.mark.parametrize(("procedure", "inputs", "expected"), [
    (chance, {}, Fraction(1, 6)),
    (chance, {"x": 3, "y": 7}, Fraction(3, 7)),
    (chance, {"percent": 35}, Fraction(7, 20)),
])
def test_exact_chance_against_enumeration(
    procedure: Callable[..., Outcome], inputs: dict[str, int], expected: Fraction
) -> None:
    counted = sum(w for w, o in outcomes(procedure, **inputs) if o.result.success)
    assert counted == expected
    assert procedure(ReplayDice([1]), **inputs).chance == expected


@pytest.mark.parametrize(("procedure", "inputs", "field"), [
    (chance, {"percent": 30, "x": 2}, "percent"),
    (chance, {"percent": 30, "y": 6}, "percent"),
    (chance, {"percent": 0}, "percent"),
    (chance, {"percent": 101}, "percent"),
    (chance, {"x": 7}, "x"),
    (chance, {"x": 0}, "x"),
])
def test_impossible_odds(
    procedure: Callable[..., Outcome], inputs: dict[str, int], field: str
) -> None:
    with pytest.raises(RuleError) as caught:
        procedure(ReplayDice([1]), **inputs)
    assert caught.value.field == field


#: Golden vectors: inputs covering every branch of the rule, refusals included; the
#: calculators' JavaScript must give the engine's answer for each (tests/calculators).
GOLDEN: dict[str, list[dict[str, Any]]] = {
    "chance": [
        {}, {"x": 3, "y": 6}, {"x": 1, "y": 100}, {"x": 2, "y": 2}, {"percent": 25},
        {"percent": 100}, {"x": 7, "y": 6}, {"x": 0, "y": 6}, {"percent": 5, "x": 1},
    ],
}


# --- over HTTP -------------------------------------------------------------------------------


@pytest.mark.parametrize(("path", "inputs"), [
    ("chance", {"x": 2, "y": 6}), ("trap", {}), ("wandering-monsters", {"x": 2})])
@pytest.mark.parametrize("seed", [1, 7, 2024])
def test_get_and_post_agree_with_a_seed(
    client: FlaskClient, path: str, inputs: dict[str, object], seed: int
) -> None:
    body = get_and_post_agree(client, path, inputs, seed)
    assert body["rolls"] and body["text"]
    assert body["rule"]["url"].startswith("/pravidla/")


@pytest.mark.parametrize(("path", "body", "result", "chance"), [
    ("chance", {"percent": 25, "dice": [26]}, {"roll": 26, "success": False, "x": 25, "y": 100},
     0.25),
    ("trap", {"dice": [2]}, {"roll": 2, "success": True, "x": 2, "y": 6}, 1 / 3),
    ("wandering-monsters", {"dice": [2]}, {"roll": 2, "success": False, "x": 1, "y": 6}, 1 / 6),
])
def test_physical_dice_over_http(
    client: FlaskClient, path: str, body: dict[str, object], result: dict[str, object],
    chance: float,
) -> None:
    answer = client.post(f"/api/v1/{path}", json=body).get_json()
    assert answer["result"] == {**result, "next": []}
    assert answer["chance"] == pytest.approx(chance)
    assert answer["seed"] is None


@pytest.mark.parametrize(("path", "body", "field"), [
    ("chance", {"percent": 20, "x": 2}, "percent"),
    ("chance", {"percent": 20, "y": 10}, "percent"),
    ("chance", {"percent": 101}, "percent"),
    ("chance", {"x": 7, "y": 6}, "x"),
    ("trap", {"y": 1}, "y"),
    ("trap", {"y": 101}, "y"),
    ("wandering-monsters", {"x": 0}, "x"),
])
def test_bad_input_is_a_422_naming_the_field(
    client: FlaskClient, path: str, body: dict[str, object], field: str
) -> None:
    refused(client, path, body, field)


def test_a_contradiction_says_what_to_change(client: FlaskClient) -> None:
    english = client.get("/api/v1/chance?percent=20&x=2&lang=en").get_json()
    assert english["message"] == "Give either 'percent' or 'x' and 'y', not both."


@pytest.mark.parametrize(("path", "field", "low", "high"), [
    ("chance", "percent", 1, 100), ("chance", "y", 2, 100), ("trap", "x", 1, 100),
    ("wandering-monsters", "y", 2, 100)])
def test_openapi_documents_the_bounds(
    client: FlaskClient, path: str, field: str, low: int, high: int
) -> None:
    assert bounds(input_schema(client, path), field) == (low, high)


# --- properties over the whole input space ------------------------------------------------------

odds = st.integers(2, 100).flatmap(lambda y: st.tuples(st.integers(1, y), st.just(y)))
x_in_y = st.sampled_from([chance, trap, wandering_monsters])


@settings(max_examples=150, deadline=None)
@given(x_in_y, odds, SEEDS)
def test_x_in_y_invariants(procedure: Any, x_y: tuple[int, int], seed: int) -> None:
    x, y = x_y
    outcome = procedure(SeededDice(seed), x=x, y=y)
    result = outcome.result
    assert 1 <= result.roll <= y and (result.x, result.y) == (x, y)
    assert result.success is (result.roll <= x)
    assert outcome.chance == Fraction(x, y)
    assert outcome.rolls[0].notation == f"1d{y}"


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 100), SEEDS)
def test_percent_invariants(percent: int, seed: int) -> None:
    outcome = chance(SeededDice(seed), percent=percent)
    assert outcome.result.success is (outcome.result.roll <= percent)
    assert outcome.chance == Fraction(percent, 100)


@settings(max_examples=200, deadline=None)
@given(x_in_y, st.none() | ANY_INTS, st.none() | ANY_INTS, st.none() | ANY_INTS)
def test_x_in_y_any_input_is_a_result_or_a_rule_error(
    procedure: Any, x: int | None, y: int | None, percent: int | None
) -> None:
    inputs = {k: v for k, v in {"x": x, "y": y}.items() if v is not None}
    if procedure is chance and percent is not None:
        inputs["percent"] = percent
    try:
        outcome = procedure(SeededDice(1), **inputs)
    except RuleError as error:
        assert error.field in ("x", "y", "percent")
    else:
        assert 0 < outcome.chance <= 1


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([
    ("chance", st.one_of(st.fixed_dictionaries({"percent": st.integers(1, 100)}),
                         odds.map(lambda x_y: {"x": x_y[0], "y": x_y[1]}))),
    ("trap", odds.map(lambda x_y: {"x": x_y[0], "y": x_y[1]})),
    ("wandering-monsters", st.fixed_dictionaries({})),
]).flatmap(lambda row: st.tuples(st.just(row[0]), row[1])), SEEDS, st.sampled_from(["cs", "en"]))
def test_every_answer_conforms_to_its_documented_result(
    app: Flask, path_inputs: tuple[str, dict[str, Any]], seed: int, lang: str
) -> None:
    conforms(app, *path_inputs, seed, lang)
