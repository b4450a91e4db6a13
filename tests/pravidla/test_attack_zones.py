"""[Zóny dosahu] as inputs of ``attack``: which weapon class reaches a target in each zone, which
of them attacks with disadvantage, and the zone computed from a distance."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from flask.testing import FlaskClient

from rpg.core.catalog import msg
from rpg.core.dice import ReplayDice
from rpg.core.errors import RuleError
from rpg.pravidla.attack import WEAPON_CLASSES, Edge, attack

#: The rule, zone by zone: class → "ok", "disadvantage" or "refused".
REACH = {
    "blizko": dict.fromkeys(WEAPON_CLASSES, "ok"),
    "poblize": {"melee": "refused", "thrown": "ok", "small-missile": "ok", "medium-missile": "ok",
                "large-missile": "ok"},
    "daleko": {"melee": "refused", "thrown": "refused", "small-missile": "disadvantage",
               "medium-missile": "ok", "large-missile": "ok"},
    "velmi-daleko": {"melee": "refused", "thrown": "refused", "small-missile": "refused",
                     "medium-missile": "disadvantage", "large-missile": "ok"},
    "extremne-daleko": {"melee": "refused", "thrown": "refused", "small-missile": "refused",
                        "medium-missile": "refused", "large-missile": "disadvantage"},
}


@pytest.mark.parametrize(("zone", "weapon_class", "expected"), [
    (zone, weapon_class, expected) for zone, row in REACH.items()
    for weapon_class, expected in row.items()])
def test_each_zone_allows_what_the_rule_says(zone: str, weapon_class: str, expected: str) -> None:
    inputs: dict[str, Any] = {"ac": 10, "damage": "2", "zone": zone, "weapon_class": weapon_class}
    if expected == "refused":
        with pytest.raises(RuleError) as caught:
            attack(ReplayDice([15]), **inputs)
        assert caught.value.field == "weapon_class"
        assert msg(f"attack.quote.zone.{zone}").cs in caught.value.message.cs
        return
    two = expected == "disadvantage"
    outcome = attack(ReplayDice([15, 4] if two else [15]), **inputs)
    result = outcome.result
    assert result.zone == zone
    assert result.edges == ((Edge("zone", "disadvantage"),) if two else ())
    assert result.natural == (4 if two else 15)
    assert outcome.rolls[0].notation == ("2d20kl1" if two else "1d20")


def test_a_thrown_or_missile_class_makes_the_attack_ranged() -> None:
    outcome = attack(ReplayDice([9]), ac=10, damage="2", weapon_class="small-missile", cover=2)
    assert outcome.result.target == 12  # cover counts: a missile attack
    assert outcome.text.cs.startswith("Útok na dálku: ")


def test_the_disadvantage_is_named_and_cancels_with_advantage() -> None:
    hampered = attack(ReplayDice([15, 4]), ac=10, damage="2", weapon_class="small-missile",
                      zone="daleko")
    assert hampered.text.cs.startswith(
        "Útok na dálku (malá střelná zbraň na cíl daleko): 1d20 s nevýhodou (15, 4) = 4")
    assert hampered.text.en.startswith(
        "Ranged attack (small missile weapon at a far target): 1d20 with disadvantage")
    cancelled = attack(ReplayDice([15]), ac=10, damage="2", weapon_class="medium-missile",
                       zone="velmi-daleko", advantage=True)
    assert (cancelled.result.dice_mode, cancelled.chance) == ("normal", Fraction(11, 20))
    assert "→ výhoda a nevýhoda se ruší" in cancelled.text.cs


@pytest.mark.parametrize(("distance", "zone"), [
    (0, "blizko"), (5, "blizko"), (5.01, "poblize"), (25, "poblize"), (26, "daleko"),
    (50.5, "velmi-daleko"), (100, "velmi-daleko"), (101, "extremne-daleko"),
    (100_000, "extremne-daleko")])
def test_the_zone_of_a_distance(distance: float, zone: str) -> None:
    result = attack(ReplayDice([15, 4]), ac=10, damage="2", weapon_class="large-missile",
                    distance_m=distance).result
    assert result.zone == zone


def test_a_melee_attack_reaches_a_close_target_only() -> None:
    assert attack(ReplayDice([15]), ac=10, damage="2", zone="blizko").result.hit
    with pytest.raises(RuleError) as caught:
        attack(ReplayDice([15]), ac=10, damage="2", distance_m=6)
    assert caught.value.field == "distance_m"
    assert caught.value.message.cs == (
        "„Na cíle poblíž jsou možné útoky jen hozenými zbraněmi a všemi typy střelných zbraní.“ "
        "Cíl je poblíž: zbraň na blízko na něj nedosáhne.")


def test_a_ranged_attack_without_its_class_where_the_class_matters() -> None:
    assert attack(ReplayDice([15]), ac=10, damage="2", ranged=True, zone="poblize").result.hit
    with pytest.raises(RuleError) as caught:
        attack(ReplayDice([15]), ac=10, damage="2", ranged=True, zone="daleko")
    assert caught.value.field == "weapon_class"
    assert caught.value.message.en == (
        "The target is far: the reach depends on the class of weapon, give 'weapon_class'.")


def test_a_helpless_target_far_away_takes_no_disadvantage() -> None:
    result = attack(ReplayDice([2]), ac=10, damage="1d2", helpless=True,
                    weapon_class="small-missile", zone="daleko").result
    assert (result.edges, result.not_applied, result.damage) == ((), ("zone",), 2)


@pytest.mark.parametrize(("inputs", "field"), [
    ({"weapon_class": "melee", "ranged": True}, "weapon_class"),
    ({"zone": "blizko", "distance_m": 3}, "zone"),
    ({"distance_m": -1}, "distance_m"), ({"distance_m": 100_001}, "distance_m"),
    ({"distance_m": float("nan")}, "distance_m"), ({"zone": "vedle"}, "zone"),
    ({"weapon_class": "sling"}, "weapon_class"),
    # a class that shoots makes the attack ranged: the rule against a blind archer names it
    ({"weapon_class": "thrown", "attacker_blind": True}, "attacker_blind"),
])
def test_impossible_inputs(inputs: dict[str, Any], field: str) -> None:
    with pytest.raises(RuleError) as caught:
        attack(ReplayDice([15]), ac=10, damage="2", **inputs)
    assert caught.value.field == field
    assert caught.value.message.cs and caught.value.message.en


def test_the_rule_cited_is_the_zones() -> None:
    outcome = attack(ReplayDice([15]), ac=10, damage="2", weapon_class="large-missile",
                     zone="velmi-daleko")
    assert outcome.rule.url == "/pravidla/souboje/#zony-dosahu"


@pytest.mark.parametrize(("body", "field", "quote"), [
    ({"zone": "poblíž"}, "zone", "Na cíle poblíž"),
    ({"zone": "velmi daleko", "weapon_class": "malá střelná"}, "weapon_class", "velmi daleko"),
    ({"distance_m": 30}, "distance_m", "Na cíle daleko"),
])
def test_over_http_czech_words_and_the_quoted_rule(
    client: FlaskClient, body: dict[str, object], field: str, quote: str
) -> None:
    answer = client.post("/api/v1/attack", json={"ac": 10, "damage": "2", **body})
    assert answer.status_code == 422
    assert field in answer.get_json()["errors"]
    assert quote in answer.get_json()["message"]


def test_over_http_the_words_are_accepted(client: FlaskClient) -> None:
    answer = client.get("/api/v1/attack", query_string={
        "ac": 10, "damage": "2", "zone": "extrémně daleko", "weapon_class": "velka strelna",
        "dice": "15,3"}).get_json()
    assert (answer["input"]["zone"], answer["input"]["weapon_class"]) == (
        "extremne-daleko", "large-missile")
    assert answer["result"]["edges"] == [{"source": "zone", "effect": "disadvantage"}]
