"""[Přirozené léčení] 2 HP a safe night, plus magic, capped at the maximum; no dice.

Its engine tests, then its API tests, then its property tests."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

from rpg.core.dice import ReplayDice, SeededDice
from rpg.core.errors import RuleError
from rpg.pravidla import health
from rpg.pravidla.health import healing
from tests.pravidla.over_http import bounds, get_and_post_agree, input_schema, refused
from tests.properties.corruption import answers_or_refuses, corrupted

# --- engine ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("inputs", "hp", "healed"), [
    ({"hp": 3, "max_hp": 15, "nights": 3}, 9, 6),
    ({"hp": 3, "max_hp": 15, "nights": 3, "safe": False}, 3, 0),    # a night in danger: nothing
    ({"hp": 3, "max_hp": 15, "nights": 3, "magic": 4}, 13, 10),     # natural and magic combine
    ({"hp": 3, "max_hp": 15, "nights": 3, "safe": False, "magic": 4}, 7, 4),
    ({"hp": 3, "max_hp": 8, "nights": 3, "magic": 4}, 8, 5),        # capped at max_hp
    ({"hp": 8, "max_hp": 8, "nights": 1}, 8, 0),
    ({"hp": 1, "max_hp": 2, "nights": 100_000, "magic": 100_000}, 2, 1),
])
def test_healing(inputs: dict[str, int], hp: int, healed: int) -> None:
    outcome = healing(ReplayDice([]), **inputs)
    assert (outcome.result.hp, outcome.result.healed) == (hp, healed)
    assert outcome.result.at_max is (hp == inputs["max_hp"])
    assert (outcome.rolls, outcome.chance) == ((), None)


def test_text() -> None:
    outcome = healing(ReplayDice([]), hp=3, max_hp=8, nights=3, magic=4)
    assert outcome.text.cs == (
        "Léčení: 3 noci odpočinku +6, magie +4 → životy 8 z 8 (maximum), vyléčeno 5.")
    assert healing(ReplayDice([]), hp=3, max_hp=15, nights=1, safe=False).text.en == (
        "Healing: 1 night in danger +0 → 3 of 15 HP, 0 healed.")


@pytest.mark.parametrize(("hp", "written"), [(0, "0"), (-1, "−1"), (-100_000, "−100000")])
def test_at_zero_hp_or_less_there_is_no_one_to_heal(hp: int, written: str) -> None:
    # [Smrt] "Monstrum nebo hráč jehož životy jsou zredukovány na 0 nebo méně, je považováno
    # za mrtvé." The optional milder death is another procedure, named in the refusal.
    with pytest.raises(RuleError) as caught:
        healing(ReplayDice([]), hp=hp, max_hp=8, nights=2)
    assert caught.value.field == "hp"
    assert caught.value.message.cs == (
        f"'hp' je {written}: „Monstrum nebo hráč jehož "
        "životy jsou zredukovány na 0 nebo méně, je považováno za mrtvé.“ Léčení už nepomůže; "
        "hráčovu postavu může zachránit volitelný Mírnější systém smrti.")
    assert "(death-save)" in caught.value.message.en


@pytest.mark.parametrize(("hp", "magic", "after"), [(0, 3, 3), (-4, 3, 3), (0, 20, 8)])
def test_a_subdued_creature_at_0_hp_is_unconscious_and_can_be_healed(
        hp: int, magic: int, after: int) -> None:
    # [Přemožení] "Pokud by životy stvoření klesly kvůli takovému útoku na 0 nebo méně. Stvoření
    # upadne do bezvědomí": not dead, so healing helps, from 0.
    outcome = healing(ReplayDice([]), hp=hp, max_hp=8, magic=magic, subdued=True)
    assert (outcome.result.hp, outcome.result.healed) == (after, after)
    assert outcome.text.cs.startswith("Léčení (v bezvědomí po přemožení, životy 0):")
    assert healing(ReplayDice([]), hp=3, max_hp=8, magic=1, subdued=True).result.hp == 4


@pytest.mark.parametrize(("inputs", "field"), [
    ({"hp": 9, "max_hp": 8}, "hp"),
    ({"hp": -100_001, "max_hp": 8}, "hp"),
    ({"hp": 0, "max_hp": 0}, "max_hp"),
    ({"hp": 1, "max_hp": 8, "nights": -1}, "nights"),
    ({"hp": 1, "max_hp": 8, "magic": 100_001}, "magic"),
    ({"hp": 1, "max_hp": 8, "safe": None}, "safe"),
])
def test_invalid_inputs_name_the_field(inputs: dict[str, object], field: str) -> None:
    with pytest.raises(RuleError) as caught:
        healing(ReplayDice([]), **inputs)
    assert caught.value.field == field
    if field == "hp" and inputs["hp"] == 9:
        assert "cannot exceed 'max_hp'" in caught.value.message.en


#: Golden vectors: inputs covering every branch of the rule, refusals included; the
#: calculators' JavaScript must give the engine's answer for each (tests/calculators).
GOLDEN: dict[str, list[dict[str, Any]]] = {
    "healing": [
        {"hp": 3, "max_hp": 10}, {"hp": 3, "max_hp": 10, "nights": 1},
        {"hp": 3, "max_hp": 10, "nights": 2, "magic": 1},
        {"hp": 3, "max_hp": 10, "nights": 5}, {"hp": 1, "max_hp": 1, "nights": 1},
        {"hp": 0, "max_hp": 1, "nights": 1}, {"hp": -4, "max_hp": 10, "magic": 5},
        {"hp": 4, "max_hp": 20, "nights": 3, "safe": False},
        {"hp": 4, "max_hp": 20, "nights": 5, "safe": False, "magic": 5},
        {"hp": 10, "max_hp": 10, "magic": 4}, {"hp": 10, "max_hp": 10},
        {"hp": 9, "max_hp": 10, "nights": 1}, {"hp": 1, "max_hp": 100_000, "nights": 21},
        {"hp": 11, "max_hp": 10},
        {"hp": 0, "max_hp": 8, "magic": 3, "subdued": True},
        {"hp": -4, "max_hp": 8, "nights": 1, "magic": 20, "subdued": True},
        {"hp": 3, "max_hp": 8, "magic": 1, "subdued": True},
    ],
}


# --- API ---------------------------------------------------------------------------------------
# ``/api/v1/healing`` [Přirozené léčení]: GET and POST agree, 422s.


@pytest.mark.parametrize("seed", [1, 7, 2024])
def test_get_and_post_agree_with_a_seed(client: FlaskClient, seed: int) -> None:
    get_and_post_agree(client, "healing", {"hp": 3, "max_hp": 20, "nights": 2, "magic": 4}, seed)


def test_no_dice(client: FlaskClient) -> None:
    payload = client.post("/api/v1/healing", json={
        "hp": 3, "max_hp": 8, "nights": 3, "magic": 4, "dice": []}).get_json()
    assert payload["result"] == {"hp": 8, "healed": 5, "natural_healing": 6, "magic_healing": 4,
                                 "at_max": True, "next": []}
    assert (payload["chance"], payload["rolls"]) == (None, [])


@pytest.mark.parametrize(("body", "field", "words"), [
    ({"hp": 9, "max_hp": 8}, "hp", "cannot exceed 'max_hp'"),
    ({"hp": 0, "max_hp": 8}, "hp", "“A monster or player whose hit points are reduced to 0 or "
                                   "less is considered dead.”"),
    ({"hp": -3, "max_hp": 8}, "hp", "'hp' is −3:"),
    ({"hp": 1}, "max_hp", "Missing"),
    ({"hp": 1, "max_hp": 8, "nights": True}, "nights", "integer"),
])
def test_bad_input_is_a_422_naming_the_field(
    client: FlaskClient, body: dict[str, object], field: str, words: str
) -> None:
    refused(client, "healing", body, field, words, lang="en")


def test_a_dead_character_is_refused_in_czech_quoting_the_rule(client: FlaskClient) -> None:
    payload = client.get("/api/v1/healing?hp=0&max_hp=8&nights=2").get_json()
    assert payload["code"] == 422
    assert "„Monstrum nebo hráč jehož životy jsou zredukovány na 0 nebo méně, je považováno za " \
           "mrtvé.“" in payload["errors"]["hp"][0]


def test_openapi_documents_the_bounds(client: FlaskClient) -> None:
    schema = input_schema(client, "healing")
    # Negative hit points are accepted, to be refused by the rule that quotes why.
    assert bounds(schema, "hp") == (-100_000, 100_000)
    assert bounds(schema, "max_hp") == (1, 100_000)


# --- properties --------------------------------------------------------------------------------
# [Přirozené léčení] property tests over the whole input space.

seeds = st.integers(0, 2**63 - 1)


@settings(max_examples=200, deadline=None)
@given(st.integers(-100_000, 100_000), st.integers(1, 100_000), st.integers(0, 100_000),
       st.booleans(), st.integers(0, 100_000))
def test_healing_never_exceeds_the_maximum(
    hp: int, max_hp: int, nights: int, safe: bool, magic: int
) -> None:
    try:
        outcome = health.healing(SeededDice(1), hp=hp, max_hp=max_hp, nights=nights, safe=safe,
                                 magic=magic)
    except RuleError as error:
        # [Smrt] at 0 HP or less no one is left to heal; above the maximum is a mistake.
        assert (hp <= 0 or hp > max_hp) and error.field == "hp"
        return
    result = outcome.result
    assert result.hp == min(max_hp, hp + 2 * nights * safe + magic)
    assert result.healed == result.hp - hp >= 0
    assert outcome.rolls == () and outcome.chance is None


DEFAULTS: dict[str, Any] = {
    "hp": 1, "max_hp": 1, "nights": 0, "safe": True, "magic": 0,
}


@settings(max_examples=100, deadline=None)
@given(corrupted(DEFAULTS), seeds)
def test_any_input_gives_a_result_or_a_rule_error(inputs: dict[str, Any], seed: int) -> None:
    answers_or_refuses(health.healing, inputs, seed)
