"""[Neefektivní vzdálenost u hozených zbraní] inside ``attack``: a thrown weapon with the
thrower's Síla and the distance in metres. One test per sentence, exact dice.

"Pravidla efektivní a neefektivní vzdálenosti platí i pro hozené zbraně. Síla nositele tedy určuje
efektivní vzdálenost. Neefektivní vzdálenost je pak dvojnásobek Síly."
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import given
from hypothesis import strategies as st

from rpg.core.dice import ReplayDice
from rpg.core.errors import RuleError
from rpg.pravidla.attack import Edge, attack
from rpg.pravidla.situations import thrown_range
from tests.answers import schema_errors
from tests.pravidla.over_http import bounds, get_and_post_agree, input_schema, refused

THROW = {"ac": 10, "damage": "1d4", "weapon_class": "thrown", "strength": 12}
RULE = "/pravidla/souboje/#neefektivni-vzdalenost-u-hozenych-zbrani"
QUOTE = ("„Síla nositele tedy určuje efektivní vzdálenost. Neefektivní vzdálenost je pak "
         "dvojnásobek Síly.“")


@pytest.mark.parametrize("distance", [0, 5, 11.5, 12])
def test_sila_is_the_effective_distance(distance: float) -> None:
    # "Síla nositele tedy určuje efektivní vzdálenost": up to Síla metres, as any attack.
    outcome = attack(ReplayDice([15, 3]), **THROW, distance_m=distance, strength_modifier=1)
    assert (outcome.result.edges, outcome.result.dice_mode) == ((), "normal")
    assert outcome.result.damage == 4
    assert outcome.text.cs == ("Útok na dálku: 1d20 = 15 ≥ OČ 10 → zásah, poškození 1d4 = 3 "
                               "+ 1 (modifikátor síly) = 4.")
    assert outcome.rule.url == RULE


@pytest.mark.parametrize("distance", [12.01, 13, 24])
def test_up_to_twice_sila_the_throw_has_disadvantage(distance: float) -> None:
    # "Neefektivní vzdálenost je pak dvojnásobek Síly": beyond Síla, up to twice it.
    outcome = attack(ReplayDice([15, 4]), **THROW, distance_m=distance)
    result = outcome.result
    assert result.edges == (Edge("ineffective", "disadvantage"),)
    assert (result.dice_mode, result.natural, result.hit) == ("disadvantage", 4, False)
    assert outcome.chance == Fraction(11, 20) ** 2
    shown = str(distance).replace(".", ",").removesuffix(",0")
    assert outcome.text.cs == (f"Útok na dálku (hod na neefektivní vzdálenost: {shown} m, Síla "
                               f"12): 1d20 s nevýhodou (15, 4) = 4 < OČ 10 → vedle.")
    assert outcome.text.en.startswith(
        f"Ranged attack (a throw beyond the effective range: {distance:g} m, Strength 12): ")


def test_the_disadvantage_joins_the_others_and_cancels_with_advantage() -> None:
    cancelled = attack(ReplayDice([15, 2]), **THROW, distance_m=20, advantage=True)
    assert (cancelled.result.dice_mode, cancelled.chance) == ("normal", Fraction(11, 20))
    assert cancelled.text.cs.startswith(
        "Útok na dálku (výhoda, hod na neefektivní vzdálenost: 20 m, Síla 12 → výhoda a "
        "nevýhoda se ruší): 1d20 = 15")
    both = attack(ReplayDice([15, 4]), **THROW, distance_m=20, unstable=True)
    assert [edge.source for edge in both.result.edges] == ["unstable", "ineffective"]


@pytest.mark.parametrize(("distance", "shown"), [(24.5, "24,5"), (25, "25"), (100_000, "100000")])
def test_beyond_twice_sila_the_throw_is_refused_quoting_the_rule(
    distance: float, shown: str
) -> None:
    with pytest.raises(RuleError) as caught:
        attack(ReplayDice([15]), **THROW, distance_m=distance)
    assert caught.value.field == "distance_m"
    assert caught.value.message.cs == (
        f"{QUOTE} Cíl je {shown} m daleko: hod se Sílou 12 doletí nejvýše na 24 m.")


def test_the_same_ranges_as_thrown_range() -> None:
    # One source: where the attack's disadvantage starts and stops is thrown-range's answer.
    for strength in (1, 7, 12, 100):
        ranges = thrown_range(ReplayDice([]), strength=strength).result
        inputs = {**THROW, "strength": strength, "damage": "2"}
        assert not attack(ReplayDice([15]), **inputs,
                          distance_m=ranges.effective_range_m).result.edges
        assert attack(ReplayDice([15, 4]), **inputs,
                      distance_m=ranges.ineffective_range_m).result.edges
        with pytest.raises(RuleError):
            attack(ReplayDice([15]), **inputs, distance_m=ranges.ineffective_range_m + 1)


@given(st.integers(1, 100), st.floats(0, 300, allow_nan=False))
def test_every_distance_falls_in_one_band(strength: int, distance: float) -> None:
    inputs = {**THROW, "strength": strength, "damage": "2", "distance_m": distance}
    try:
        result = attack(ReplayDice([15, 4]), **inputs).result
    except RuleError as error:
        assert error.field == "distance_m" and distance > 2 * strength
        return
    assert (result.dice_mode == "disadvantage") is (distance > strength)
    assert distance <= 2 * strength


def test_with_sila_the_metres_judge_the_throw_not_the_zone() -> None:
    # At 30 m the zone is "daleko", which refuses a thrown weapon; Síla 20 reaches 40 m.
    result = attack(ReplayDice([15, 4]), **{**THROW, "strength": 20}, distance_m=30).result
    assert (result.zone, result.edges) == ("daleko", (Edge("ineffective", "disadvantage"),))
    # ... and at 20 m "poblíž" allows any throw, yet Síla 5 cannot throw that far.
    with pytest.raises(RuleError) as caught:
        attack(ReplayDice([15]), **{**THROW, "strength": 5}, distance_m=20)
    assert caught.value.field == "distance_m"


def test_without_sila_the_zones_judge_a_throw_as_before() -> None:
    # Síla unknown: a throw reaches a target "poblíž" (up to 25 m), as [Hození zbraně] says.
    outcome = attack(ReplayDice([15, 3]), ac=10, damage="1d4", weapon_class="thrown",
                     distance_m=20)
    assert (outcome.result.zone, outcome.result.edges) == ("poblize", ())
    assert outcome.rule.url == "/pravidla/ostatni-bojove-situace/#hozeni-zbrane"
    with pytest.raises(RuleError) as caught:
        attack(ReplayDice([15]), ac=10, damage="1d4", weapon_class="thrown", distance_m=26)
    assert "Na cíle daleko" in caught.value.message.cs


def test_a_helpless_target_takes_no_disadvantage_but_must_be_in_reach() -> None:
    result = attack(ReplayDice([2]), **THROW, distance_m=20, helpless=True).result
    assert (result.edges, result.not_applied, result.damage) == ((), ("ineffective",), 2)
    with pytest.raises(RuleError):
        attack(ReplayDice([2]), **THROW, distance_m=30, helpless=True)


@pytest.mark.parametrize(("inputs", "message"), [
    ({"weapon_class": "small-missile", "distance_m": 10},
     "Síla určuje dosah jen hozené zbrani: zvol 'weapon_class' thrown, nebo vynech 'strength'."),
    ({"weapon_class": None, "distance_m": 10},
     "Síla určuje dosah jen hozené zbrani: zvol 'weapon_class' thrown, nebo vynech 'strength'."),
    ({"zone": "poblize"}, "Dosah hodu podle Síly se měří v metrech: zadej 'distance_m' místo "
                          "'zone', nebo vynech 'strength'."),
    ({}, "Dosah hodu podle Síly se měří v metrech: zadej 'distance_m', nebo vynech 'strength'."),
    ({"strength": 0, "distance_m": 3}, "'strength' musí být celé číslo od 1 do 100, ne 0."),
    ({"strength": 101, "distance_m": 3}, "'strength' musí být celé číslo od 1 do 100, ne 101."),
])
def test_sila_without_its_throw_in_metres_is_refused(inputs: dict[str, Any], message: str) -> None:
    with pytest.raises(RuleError) as caught:
        attack(ReplayDice([15]), **{**THROW, **inputs})
    assert (caught.value.field, caught.value.message.cs) == ("strength", message)


def test_over_http(client: FlaskClient) -> None:
    body = get_and_post_agree(client, "attack", {**THROW, "weapon_class": "hozená",
                                                 "distance_m": 18}, seed=3)
    assert schema_errors(body) == {}
    assert body["result"]["edges"] == [{"source": "ineffective", "effect": "disadvantage"}]
    assert body["rule"]["url"] == RULE
    payload = refused(client, "attack", {**THROW, "distance_m": 30}, "distance_m")
    assert payload["message"].startswith(QUOTE)
    english = client.post("/api/v1/attack?lang=en", json={**THROW, "distance_m": 30}).get_json()
    assert "a throw at Strength 12 reaches 24 m at most" in english["message"]
    schema = input_schema(client, "attack")
    assert bounds(schema, "strength") == (1, 100)
    assert schema["properties"]["strength"]["x-label"] == (
        "Síla házejícího (hodnota, ne modifikátor)")


#: Golden vectors (added to test_attack.py's): every band of the distance and every refusal.
GOLDEN: dict[str, list[dict[str, Any]]] = {"attack": [
    {**THROW, "distance_m": 12, "strength_modifier": 1, "fatigue": 1},
    {**THROW, "distance_m": 12.5},
    {**THROW, "distance_m": 24, "advantage": True},
    {**THROW, "distance_m": 24.5},
    {**THROW, "strength": 20, "distance_m": 30},
    {**THROW, "distance_m": 20, "helpless": True},
    {**THROW, "distance_m": 20, "unstable": True, "count": 2},
    {**THROW, "weapon_class": "small-missile", "distance_m": 10},
    {**THROW, "zone": "poblize"}, {**THROW},
    {**THROW, "strength": 0, "distance_m": 3}, {**THROW, "strength": 101, "distance_m": 3},
]}
