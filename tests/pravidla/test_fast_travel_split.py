"""[Rychlé cestování] "Rozdělení poškození": sharing out the summary damage, one test per
sentence of the rule.

Its engine tests, then its API tests, then its property tests."""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

from rpg.core.dice import ReplayDice, SeededDice
from rpg.core.errors import RuleError
from rpg.core.outcome import Next
from rpg.pravidla.wilderness import Alternative, fast_travel_split
from tests.answers import schema_errors
from tests.pravidla import over_http

# --- engine ------------------------------------------------------------------------------------

PARTY = [{"name": "Alena", "hp": 10}, {"name": "Bořek", "hp": 4}, {"name": "Cyril", "hp": 6}]
GOLDEN_PARTY = [{"name": "Bára", "hp": 9}, {"name": "Ota", "hp": 4}, {"name": "Žofie", "hp": 1}]


@pytest.mark.parametrize(("allocation", "hp_left", "dead"), [
    # "si hráči mohou rozdělit ... souhrnné poškození v libovolném poměru mezi sebou"
    ({"Alena": 9}, [1, 4, 6], []),
    ({"Alena": 3, "Bořek": 3, "Cyril": 3}, [7, 1, 3], []),
    # "Pokud životy některého z nich klesne na 0, tak byl dotyčný po cestě zabit."
    ({"Bořek": 4, "Cyril": 5}, [10, 0, 1], ["Bořek"]),
    ({"Alena": 0, "Bořek": 9}, [10, 0, 6], ["Bořek"]),
])
def test_hp_left_and_who_dies(
    allocation: dict[str, int], hp_left: list[int], dead: list[str]
) -> None:
    outcome = fast_travel_split(ReplayDice([]), party=PARTY, damage=9, allocation=allocation)
    result = outcome.result
    assert [c.hp_left for c in result.characters] == hp_left
    assert list(result.dead) == dead
    assert [c.dies for c in result.characters] == [left == 0 for left in hp_left]
    assert (outcome.rolls, outcome.chance) == ((), None)
    assert outcome.rule.url == "/pravidla/cestovani-po-svete/#rychle-cestovani"


@pytest.mark.parametrize(("hp", "points", "alternative"), [
    # "Alternativně může hráč, za každé poškození co by ho posunulo na 0 životů, přijmout bod
    # únavy." 4 HP: the 4th point is the one that reaches 0, so 1 fatigue and 1 HP left.
    (4, 4, Alternative(1, 1)),
    (4, 9, Alternative(1, 6)),
    (1, 1, Alternative(1, 1)),
    (4, 3, None),            # 1 HP left: nobody dies, no alternative
    (4, 0, None),
])
def test_the_alternative_to_death_is_fatigue_and_one_hp(
    hp: int, points: int, alternative: Alternative | None
) -> None:
    result = fast_travel_split(ReplayDice([]), party=[{"name": "Dan", "hp": hp}],
                               damage=points, allocation={"Dan": points}).result
    assert result.characters[0].alternative == alternative


def test_the_text_offers_the_choice() -> None:
    outcome = fast_travel_split(ReplayDice([]), party=PARTY, damage=9,
                                allocation={"Alena": 3, "Bořek": 6})
    # A form that fits any name ("smrt po cestě", not "zabit"), and a clamp written as one.
    assert outcome.text.cs == (
        "Rozdělení souhrnného poškození 9: Alena 10 − 3 = 7; Bořek 4 − 6 → 0: smrt po cestě, "
        "nebo místo ní 1 život a 3 body únavy; Cyril 6 − 0 = 6.")
    assert "Bořek 4 − 6 → 0: killed on the way, or instead 1 HP and 3 points of fatigue" in (
        outcome.text.en)


def test_hit_points_brought_exactly_to_zero_are_a_difference_not_a_clamp() -> None:
    outcome = fast_travel_split(ReplayDice([]), party=[{"name": "Eva", "hp": 3}], damage=3,
                                allocation={"Eva": 3})
    assert outcome.text.cs == ("Rozdělení souhrnného poškození 3: Eva 3 − 3 = 0: smrt po cestě, "
                               "nebo místo ní 1 život a 1 bod únavy.")


@pytest.mark.parametrize(("allocation", "steps"), [
    ({"Bořek": 4, "Cyril": 6}, (Next("death-save"),)),     # two die: one milder death to roll
    ({"Bořek": 4, "Alena": 6}, (Next("death-save"),)),
    ({"Alena": 9, "Cyril": 1}, ()),
])
def test_a_split_that_kills_calls_for_the_milder_death(
    allocation: dict[str, int], steps: tuple[Next, ...]
) -> None:
    damage = sum(allocation.values())
    outcome = fast_travel_split(ReplayDice([]), party=PARTY, damage=damage,
                                allocation=allocation)
    assert outcome.next == steps


def test_no_damage_needs_no_allocation() -> None:
    result = fast_travel_split(ReplayDice([]), party=PARTY, damage=0).result
    assert [c.hp_left for c in result.characters] == [10, 4, 6]


@pytest.mark.parametrize(("inputs", "field", "quote"), [
    ({"damage": 9, "allocation": {"Alena": 3}}, "allocation", "v libovolném poměru"),
    ({"damage": 9, "allocation": {"Alena": 10}}, "allocation", "v libovolném poměru"),
    ({"damage": 9}, "allocation", "v libovolném poměru"),
    ({"damage": 2, "allocation": {"Zora": 2}}, "allocation", "'Zora' necestuje"),
    ({"damage": 2, "allocation": {"Alena": -1, "Bořek": 3}}, "allocation", "'allocation'"),
    ({"damage": 2, "allocation": [2]}, "allocation", "'allocation' musí být objekt"),
    ({"damage": -1}, "damage", "'damage'"),
    ({"damage": 0, "party": []}, "party", "'party'"),
    ({"damage": 0, "party": [{"name": "A", "hp": 3}, {"name": "A", "hp": 4}]}, "party",
     "dvakrát"),
    ({"damage": 0, "party": [{"name": "A", "hp": 0}]}, "party", "'party'"),
    ({"damage": 0, "party": [{"hp": 3}]}, "party", "jméno"),
])
def test_bad_input_is_a_rule_error(inputs: dict[str, object], field: str, quote: str) -> None:
    with pytest.raises(RuleError) as error:
        fast_travel_split(ReplayDice([]), **{"party": PARTY, **inputs})
    assert error.value.field == field
    assert quote in error.value.message.cs


#: Golden vectors: inputs covering every branch of the rule, refusals included; the
#: calculators' JavaScript must give the engine's answer for each (tests/calculators).
GOLDEN: dict[str, list[dict[str, Any]]] = {
    "fast-travel-split": [
        {"party": GOLDEN_PARTY, "damage": 0},
        {"party": GOLDEN_PARTY, "damage": 0, "allocation": {}},
        {"party": GOLDEN_PARTY, "damage": 6, "allocation": {"Bára": 3, "Ota": 2, "Žofie": 1}},
        {"party": GOLDEN_PARTY, "damage": 7, "allocation": {"Ota": 4, "Žofie": 3}},
        {"party": GOLDEN_PARTY, "damage": 14, "allocation": {"Bára": 9, "Ota": 5}},
        {"party": GOLDEN_PARTY, "damage": 15, "allocation": {"Bára": 8, "Žofie": 7}},
        {"party": [{"name": "X" * 40, "hp": 100_000}], "damage": 100_000,
         "allocation": {"X" * 40: 100_000}},
        {"party": [{"name": "Ota", "hp": 2}], "damage": 1, "allocation": {"Ota": 1}},
        {"party": [], "damage": 0},
        {"party": [{"name": f"P{i}", "hp": 1} for i in range(101)], "damage": 0},
        {"party": [{"hp": 3}], "damage": 0},
        {"party": [{"name": "", "hp": 3}], "damage": 0},
        {"party": [{"name": "Y" * 41, "hp": 3}], "damage": 0},
        {"party": ["Bára"], "damage": 0},
        {"party": [{"name": "Ota", "hp": 3}, {"name": "Ota", "hp": 5}], "damage": 0},
        {"party": [{"name": "Ota", "hp": 0}], "damage": 0},
        {"party": [{"name": "Ota"}], "damage": 0},
        {"party": [{"name": "Ota", "hp": 100_001}], "damage": 0},
        {"party": GOLDEN_PARTY, "damage": -1},
        {"party": GOLDEN_PARTY, "damage": 100_001},
        {"party": GOLDEN_PARTY, "damage": 2, "allocation": [2]},
        {"party": GOLDEN_PARTY, "damage": 2, "allocation": {"Gandalf": 2}},
        {"party": GOLDEN_PARTY, "damage": 2, "allocation": {"Ota": -2, "Bára": 4}},
        {"party": GOLDEN_PARTY, "damage": 2, "allocation": {"Ota": 1}},
        {"party": GOLDEN_PARTY, "damage": 2, "allocation": {"Ota": 2, "Bára": 3}},
        {"party": GOLDEN_PARTY, "damage": 5},
    ],
}


# --- API ---------------------------------------------------------------------------------------
# ``/api/v1/fast-travel-split`` [Rychlé cestování]: JSON in GET and POST, next steps, 422s.

INPUTS = {"party": [{"name": "Eva", "hp": 3}, {"name": "Ota", "hp": 5}], "damage": 6,
          "allocation": {"Eva": 4, "Ota": 2}}


def test_get_with_json_values_and_post_agree(client: FlaskClient) -> None:
    by_post = client.post("/api/v1/fast-travel-split", json=INPUTS)
    by_get = client.get("/api/v1/fast-travel-split", query_string={
        key: json.dumps(value) if not isinstance(value, int) else value
        for key, value in INPUTS.items()})
    assert by_post.status_code == by_get.status_code == 200
    body = by_post.get_json()
    assert {**by_get.get_json(), "seed": None} == {**body, "seed": None}
    assert schema_errors(body) == {}
    assert body["text"] == ("Rozdělení souhrnného poškození 6: Eva 3 − 4 → 0: smrt po cestě, "
                            "nebo místo ní 1 život a 2 body únavy; Ota 5 − 2 = 3.")


def test_a_death_links_the_milder_death(client: FlaskClient) -> None:
    body = client.post("/api/v1/fast-travel-split", json={**INPUTS, "lang": "en"}).get_json()
    assert body["result"]["dead"] == ["Eva"]
    assert body["result"]["next"] == [{"procedure": "death-save", "url": "/api/v1/death-save",
                                       "title": "Milder death", "missing": []}]
    assert client.get(body["result"]["next"][0]["url"]).status_code == 200
    alive = {**INPUTS, "allocation": {"Eva": 2, "Ota": 4}}
    assert client.post("/api/v1/fast-travel-split", json=alive).get_json()["result"]["next"] == []


@pytest.mark.parametrize(("body", "field", "words"), [
    ({**INPUTS, "allocation": {"Eva": 1}}, "allocation", "any proportion"),
    ({**INPUTS, "party": []}, "party", "Length"),
    ({"party": INPUTS["party"]}, "damage", "Missing"),
])
def test_bad_input_is_a_422_naming_the_field(
    client: FlaskClient, body: dict[str, object], field: str, words: str
) -> None:
    over_http.refused(client, "fast-travel-split", body, field, words, lang="en")


# ``fast-travel-split`` over HTTP: GET and POST agree with a seed, a bad allocation is a 422
# quoting the rule and naming the field, the OpenAPI document bounds the inputs.

SPLIT = {"party": [{"name": "Alena", "hp": 10}, {"name": "Bořek", "hp": 4}], "damage": 9,
         "allocation": {"Alena": 3, "Bořek": 6}}


@pytest.mark.parametrize("seed", [1, 2024])
def test_get_and_post_agree_with_a_seed(client: FlaskClient, seed: int) -> None:
    over_http.get_and_post_agree(client, "fast-travel-split", SPLIT, seed,
                                 objects=("party", "allocation"))


def test_split_answer(client: FlaskClient) -> None:
    answer = client.post("/api/v1/fast-travel-split", json=SPLIT).get_json()
    shares = answer["result"]["characters"]
    assert [(s["hp_left"], s["dies"], s["alternative"]) for s in shares] == [
        (7, False, None), (0, True, {"hp": 1, "fatigue": 3})]
    assert answer["result"]["dead"] == ["Bořek"]
    assert answer["rule"]["url"] == "/pravidla/cestovani-po-svete/#rychle-cestovani"


@pytest.mark.parametrize(("inputs", "field", "quote"), [
    ({**SPLIT, "allocation": {"Alena": 3}}, "allocation", "v libovolném poměru mezi sebou"),
    ({**SPLIT, "allocation": {"Zora": 9}}, "allocation", "necestuje"),
    ({**SPLIT, "party": [{"name": "A", "hp": 3}] * 2, "allocation": {}}, "party", "dvakrát"),
    ({**SPLIT, "party": []}, "party", ""),
    ({**SPLIT, "damage": 100_001}, "damage", ""),
])
def test_bad_input_is_a_422_quoting_the_rule_and_naming_the_field(
    client: FlaskClient, inputs: dict[str, object], field: str, quote: str
) -> None:
    assert quote in over_http.refused(client, "fast-travel-split", inputs, field)["message"]


def test_openapi_documents_the_bounds(client: FlaskClient) -> None:
    schema = over_http.input_schema(client, "fast-travel-split")
    split = schema["properties"]
    assert (split["party"]["minItems"], split["party"]["maxItems"]) == (1, 100)
    assert split["damage"]["maximum"] == 100_000
    assert set(schema["required"]) == {"party", "damage"}


# --- properties --------------------------------------------------------------------------------
# Property tests of ``fast-travel-split``: hp stay consistent with the allocation, and an
# allocation that does not sum to the damage is a rule error quoting the rule.


@st.composite
def splits(draw: st.DrawFn) -> dict[str, Any]:
    hps = draw(st.lists(st.integers(1, 50), min_size=1, max_size=8))
    party = [{"name": f"P{i}", "hp": hp} for i, hp in enumerate(hps)]
    points = [draw(st.integers(0, 60)) for _ in hps]
    allocation = {m["name"]: p for m, p in zip(party, points, strict=True) if p or draw(
        st.booleans())}
    return {"party": party, "damage": sum(points), "allocation": allocation}


@settings(max_examples=200, deadline=None)
@given(splits())
def test_split_hp_is_consistent_with_the_allocation(inputs: dict[str, Any]) -> None:
    result = fast_travel_split(SeededDice(0), **inputs).result
    assert sum(c.points for c in result.characters) == inputs["damage"]
    for member, share in zip(inputs["party"], result.characters, strict=True):
        points = inputs["allocation"].get(member["name"], 0)
        assert share.points == points
        assert share.hp_left == max(0, member["hp"] - points)
        assert share.dies is (share.hp_left == 0)
        if points >= member["hp"]:
            assert share.alternative is not None
            assert (share.alternative.hp, share.alternative.fatigue) == (
                1, points - (member["hp"] - 1))
        else:
            assert share.alternative is None
    assert list(result.dead) == [c.name for c in result.characters if c.dies]


@settings(max_examples=150, deadline=None)
@given(splits(), st.integers(-3, 3))
def test_an_allocation_that_does_not_sum_to_the_damage_is_a_rule_error(
    inputs: dict[str, Any], off: int
) -> None:
    inputs = {**inputs, "damage": max(0, inputs["damage"] + off)}
    total = sum(inputs["allocation"].values())
    try:
        fast_travel_split(SeededDice(0), **inputs)
    except RuleError as error:
        assert total != inputs["damage"]
        assert error.field == "allocation"
        assert "v libovolném poměru" in error.message.cs
    else:
        assert total == inputs["damage"]


# [Rychlé cestování] "Rozdělení poškození": the text and the next step over any split of a party
# with any names (the split's arithmetic is checked over any party above).


@st.composite
def named_splits(draw: st.DrawFn) -> dict[str, Any]:
    hps = draw(st.lists(st.integers(1, 50), min_size=1, max_size=8))
    names = draw(st.lists(st.text(st.characters(codec="utf-8"), min_size=1, max_size=40),
                          min_size=len(hps),
                          max_size=len(hps), unique=True))
    points = [draw(st.integers(0, 60)) for _ in hps]
    party = [{"name": name, "hp": hp} for name, hp in zip(names, hps, strict=True)]
    return {"party": party, "damage": sum(points),
            "allocation": dict(zip(names, points, strict=True))}


@settings(max_examples=200, deadline=None)
@given(named_splits())
def test_a_death_calls_for_the_milder_death_and_a_clamp_is_written_as_one(
    inputs: dict[str, Any]
) -> None:
    outcome = fast_travel_split(SeededDice(0), **inputs)
    result = outcome.result
    assert outcome.next == ((Next("death-save"),) if result.dead else ())
    for member in inputs["party"]:
        name, hp, points = member["name"], member["hp"], inputs["allocation"][member["name"]]
        sign = "→" if points > hp else "="
        assert f"{name} {hp} − {points} {sign} {max(0, hp - points)}" in outcome.text.cs
    assert outcome.text.cs.count(": smrt po cestě, nebo místo ní") >= len(result.dead)
