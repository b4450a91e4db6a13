"""[Zničení magických předmětů] one save per item with the owner's statistics and its bonus."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

from rpg.core.dice import ReplayDice, SeededDice
from rpg.core.errors import RuleError
from rpg.pravidla.checks import MagicItem, magic_items
from rpg.pravidla.d20 import D20
from tests.enumeration import outcomes, probability
from tests.pravidla.invariants import (
    ANY_INTS,
    API_CHARACTERS,
    FATIGUES,
    MODIFIERS,
    SEEDS,
    conforms,
)
from tests.pravidla.over_http import bounds, get_and_post_agree, input_schema, refused

ITEMS = [{"name": "Meč +2", "bonus": 2}, {"name": "Prsten"}, MagicItem("Zbroj +1", 1)]


def test_one_save_per_item_in_list_order() -> None:
    outcome = magic_items(ReplayDice([8, 11, 12]), target=12, items=ITEMS, modifier=2)
    saves = outcome.result.items
    assert [s.name for s in saves] == ["Meč +2", "Prsten", "Zbroj +1"]
    assert [(s.natural, s.total, s.survives) for s in saves] == [
        (8, 12, True), (11, 13, True), (12, 15, True)]
    assert [r.label for r in outcome.rolls] == ["magic-item"] * 3
    assert outcome.result.survived == 3
    assert outcome.chance is None


@pytest.mark.parametrize(("dice", "inputs", "survives"), [
    ([9], {"bonus": 2}, True),                     # the owner's bonus against the effect counts
    ([9], {"bonus": 2, "fatigue": 1}, False),      # fatigue lowers the save
    ([7], {"modifier": 1, "bonus": -1}, False),
    ([1], {"modifier": 20}, False),                # NAT1 destroys it
    ([20], {"modifier": -20}, True),               # NAT20 saves it
])
def test_owner_modifiers_natural_rules_and_fatigue(
    dice: list[int], inputs: dict[str, object], survives: bool
) -> None:
    outcome = magic_items(ReplayDice(dice), target=11, items=[{"name": "Hůl", "bonus": 0}],
                          **inputs)
    assert outcome.result.items[0].survives is survives
    assert outcome.result.survived == int(survives)


def test_item_bonus_is_added_to_its_own_save_only() -> None:
    outcome = magic_items(ReplayDice([10, 10]), target=12,
                          items=[{"name": "Meč +2", "bonus": 2}, {"name": "Lektvar", "bonus": 0}])
    assert [s.survives for s in outcome.result.items] == [True, False]
    assert [s.chance for s in outcome.result.items] == [Fraction(11, 20), Fraction(9, 20)]


def test_text_lists_every_item() -> None:
    outcome = magic_items(ReplayDice([5, 15]), target=12,
                          items=[{"name": "Meč", "bonus": 2}, {"name": "Prsten"}])
    # A name the player typed is never declined or given a gender: the outcome agrees with
    # "předmět" ("Hůl → zničen" would read wrong for a feminine name), the tally with its count.
    assert outcome.text.cs == ("Magické předměty (záchrana 12): předmět Meč: 1d20 = 5 + 2 = 7 < "
                               "12 → zničen; předmět Prsten: 1d20 = 15 ≥ 12 → přežil. Přežil 1 "
                               "z 2.")
    assert outcome.text.en.endswith("1 of 2 survives.")
    three = magic_items(ReplayDice([15, 15, 1]), target=12,
                        items=[{"name": "Hůl"}, {"name": "Kniha kouzel"}, {"name": "Meč"}])
    assert "předmět Hůl: 1d20 = 15 ≥ 12 → přežil" in three.text.cs
    assert three.text.cs.endswith("Přežily 2 z 3.") and three.text.en.endswith("2 of 3 survive.")


@pytest.mark.parametrize(("modifier", "item_bonus", "fatigue"), [(0, 0, 0), (3, 2, 1), (-5, 0, 4)])
def test_each_item_chance_against_enumeration(
    modifier: int, item_bonus: int, fatigue: int
) -> None:
    inputs = {"target": 13, "modifier": modifier, "fatigue": fatigue,
              "items": [{"name": "a", "bonus": item_bonus}, {"name": "b", "bonus": 0}]}
    first = probability(magic_items, lambda o: o.result.items[0].survives, **inputs)
    second = probability(magic_items, lambda o: o.result.items[1].survives, **inputs)
    published = magic_items(ReplayDice([10, 10]), **inputs).result.items
    assert (published[0].chance, published[1].chance) == (first, second)
    # the saves are independent: both survive with the product of the chances
    both_survive = sum(w for w, o in outcomes(magic_items, **inputs) if o.result.survived == 2)
    assert both_survive == first * second


@pytest.mark.parametrize(("inputs", "field"), [
    ({"target": 10, "items": []}, "items"),
    ({"target": 10, "items": [{"name": "x"}] * 51}, "items"),
    ({"target": 0, "items": [{"name": "x"}]}, "target"),
    ({"target": 10, "items": [{"name": "x"}], "fatigue": -1}, "fatigue"),
])
def test_impossible_inputs(inputs: dict[str, object], field: str) -> None:
    with pytest.raises(RuleError) as caught:
        magic_items(ReplayDice([]), **inputs)
    assert caught.value.field == field


_SWORD, _CLOAK, _RING = {"name": "Meč", "bonus": 2}, {"name": "Plášť", "bonus": 0}, {
    "name": "Prsten moci", "bonus": -1}



#: Golden vectors: inputs covering every branch of the rule, refusals included; the
#: calculators' JavaScript must give the engine's answer for each (tests/calculators).
GOLDEN: dict[str, list[dict[str, Any]]] = {
    "magic-items": [
        {"target": 14, "items": [_SWORD]},
        {"target": 14, "items": [_SWORD, _CLOAK], "modifier": 1, "bonus": -2, "fatigue": 1},
        {"target": 10, "items": [_SWORD, _CLOAK, _RING]},
        {"target": 10, "items": []},
    ],
}


# --- over HTTP -------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 7, 2024])
def test_get_and_post_agree_with_a_seed(client: FlaskClient, seed: int) -> None:
    inputs = {"target": 12, "items": [{"name": "Meč +2", "bonus": 2}, {"name": "Prsten"}]}
    body = get_and_post_agree(client, "magic-items", inputs, seed, objects=("items",))
    assert body["rolls"] and body["text"]
    assert body["rule"]["url"].startswith("/pravidla/")


def test_magic_items_by_get_as_one_json_parameter(client: FlaskClient) -> None:
    items = json.dumps([{"name": "Hůl", "bonus": 1}, {"name": "Plášť"}])
    answer = client.get("/api/v1/magic-items", query_string={
        "target": 11, "items": items, "dice": "10,10", "lang": "en"}).get_json()
    assert [(i["name"], i["total"], i["survives"]) for i in answer["result"]["items"]] == [
        ("Hůl", 11, True), ("Plášť", 10, False)]
    assert answer["result"]["survived"] == 1
    assert answer["chance"] is None
    assert answer["text"].endswith("1 of 2 survives.")


@pytest.mark.parametrize(("body", "field"), [
    ({"target": 10, "items": []}, "items"),
    ({"target": 10, "items": [{"name": "x"}] * 51}, "items"),
    ({"target": 10, "items": [{"name": "x" * 41}]}, "items"),
    ({"target": 10, "items": [{"name": "x", "bonus": 21}]}, "items"),
    ({"target": 10, "items": [{"name": "x", "power": 1}]}, "items"),
    ({"target": 10}, "items"),
])
def test_bad_input_is_a_422_naming_the_field(
    client: FlaskClient, body: dict[str, object], field: str
) -> None:
    refused(client, "magic-items", body, field)


def test_openapi_documents_the_bounds(client: FlaskClient) -> None:
    schema = input_schema(client, "magic-items")
    assert bounds(schema, "target") == (1, 30)
    items = schema["properties"]["items"]
    assert (items["minItems"], items["maxItems"]) == (1, 50)


# --- properties over the whole input space ------------------------------------------------------

item_lists = st.lists(
    st.builds(lambda name, bonus: {"name": name, "bonus": bonus},
              st.text(API_CHARACTERS, min_size=1, max_size=40), MODIFIERS), min_size=1,
    max_size=50)


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 30), item_lists, MODIFIERS, MODIFIERS, FATIGUES, SEEDS)
def test_magic_items_invariants(
    target: int, items: list[dict[str, Any]], modifier: int, bonus: int, fatigue: int, seed: int
) -> None:
    outcome = magic_items(SeededDice(seed), target=target, items=items, modifier=modifier,
                          bonus=bonus, fatigue=fatigue)
    saves = outcome.result.items
    assert len(saves) == len(outcome.rolls) == len(items)
    assert [s.name for s in saves] == [i["name"] for i in items]
    for save, item, rolled in zip(saves, items, outcome.rolls, strict=True):
        assert save.natural == rolled.total and 1 <= save.natural <= D20
        assert save.total == save.natural + modifier + bonus + item["bonus"] - fatigue
        assert save.survives is (save.natural == D20 or (
            save.natural != 1 and save.total >= target))
        assert Fraction(1, 20) <= save.chance <= Fraction(19, 20)
    assert outcome.result.survived == sum(s.survives for s in saves)


@settings(max_examples=150, deadline=None)
@given(ANY_INTS, st.integers(0, 60), ANY_INTS)
def test_magic_items_any_input_is_a_result_or_a_rule_error(
    target: int, count: int, fatigue: int
) -> None:
    try:
        magic_items(SeededDice(1), target=target, items=[{"name": "x"}] * count, fatigue=fatigue)
    except RuleError as error:
        assert error.field in ("target", "items", "fatigue")
    else:
        assert 1 <= target <= 30 and 1 <= count <= 50 and fatigue >= 0


@settings(max_examples=25, deadline=None)
@given(st.fixed_dictionaries({"target": st.integers(1, 30), "items": item_lists,
                              "fatigue": FATIGUES}), SEEDS, st.sampled_from(["cs", "en"]))
def test_every_answer_conforms_to_its_documented_result(
    app: Flask, inputs: dict[str, Any], seed: int, lang: str
) -> None:
    conforms(app, "magic-items", inputs, seed, lang)
