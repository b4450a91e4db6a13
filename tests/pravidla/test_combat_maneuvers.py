"""[Bojové manévry] as ``attack``'s ``maneuver``: one test per sentence, exact dice.

"Stvoření si může na místo poškození svou zbraní vybrat, že provede bojový manévry. Bojové
manévry jsou věci jako: odstrčení protivníka, shození na zem, přidržení, odzbrojení a další
podobné věci."
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from flask.testing import FlaskClient

from rpg.core.dice import ReplayDice
from rpg.core.errors import RuleError
from rpg.pravidla.attack import MANEUVERS, attack
from tests.answers import schema_errors
from tests.pravidla.over_http import get_and_post_agree, input_schema, refused

RULE = "/pravidla/ostatni-bojove-situace/#bojove-manevry"

#: "odstrčení protivníka, shození na zem, přidržení, odzbrojení a další podobné věci": each
#: manoeuvre's Czech word and its effect on a hit.
WORDS = {
    "push": ("odstrčení", "cíl je odstrčen (jak daleko, určí PJ)"),
    "knock-down": ("shození na zem",
                   "cíl leží na zemi (vstát ho stojí celý pohyb kola; dokud leží, útočí "
                   "s nevýhodou a útoky na blízko proti němu mají výhodu)"),
    "grapple": ("přidržení", "cíl je přidržen"),
    "disarm": ("odzbrojení", "cíl přichází o zbraň"),
    "other": ("jiný manévr", "manévr se daří, jeho účinek určí PJ"),
}


@pytest.mark.parametrize("maneuver", MANEUVERS)
def test_instead_of_damage_the_hit_names_the_manoeuvres_effect(maneuver: str) -> None:
    # "na místo poškození": the hit is rolled as usual, no damage is rolled or dealt.
    word, effect = WORDS[maneuver]
    outcome = attack(ReplayDice([15]), ac=12, bonus=1, damage="1d8+2", maneuver=maneuver)
    result = outcome.result
    assert (result.hit, result.damage, result.base_damage, result.maneuver) == (
        True, 0, None, maneuver)
    assert [roll.label for roll in outcome.rolls] == ["attack"]  # no damage dice
    assert outcome.chance == Fraction(10, 20)
    assert outcome.text.cs == (f"Útok – manévr místo poškození ({word}): 1d20 = 15 + 1 = 16 ≥ "
                               f"OČ 12 → zásah: {effect}.")
    assert outcome.rule.url == RULE


def test_a_miss_is_a_miss() -> None:
    outcome = attack(ReplayDice([3]), ac=12, maneuver="disarm")
    assert (outcome.result.hit, outcome.result.damage) == (False, 0)
    assert outcome.text.cs == ("Útok – manévr místo poškození (odzbrojení): 1d20 = 3 < OČ 12 → "
                               "vedle.")
    assert outcome.text.en == ("Attack – a manoeuvre instead of damage (disarm): 1d20 = 3 < AC 12 "
                               "→ miss.")


def test_a_natural_20_is_a_critical_hit_still_without_damage() -> None:
    result = attack(ReplayDice([20]), ac=12, damage="1d8", maneuver="grapple").result
    assert (result.critical, result.damage, result.base_damage) == (True, 0, None)


def test_the_to_hit_situations_still_count() -> None:
    # the edges and modifiers of the roll to hit are those of any attack
    outcome = attack(ReplayDice([4, 15]), ac=12, maneuver="knock-down", target_prone=True,
                     two_weapons=True, damage="1d6")
    result = outcome.result
    assert (result.dice_mode, result.total, result.damage_modifiers) == ("advantage", 16, ())
    assert outcome.text.cs.startswith(
        "Útok (cíl na zemi) – manévr místo poškození (shození na zem): 1d20 s výhodou (4, 15) "
        "= 15 + 1 (dvě zbraně) = 16 ≥ OČ 12 → zásah: cíl leží na zemi")


def test_what_changes_only_the_damage_changes_nothing() -> None:
    outcome = attack(ReplayDice([15]), ac=12, damage="1d8", maneuver="push", improvised=True,
                     strength_damage=True, subdual=True, invulnerable_monsters=True,
                     target_level=7, defense="resistance")
    result = outcome.result
    assert result.not_applied == ("invulnerable_monsters", "strength_damage", "improvised",
                                  "subdual")
    assert (result.invulnerable, result.damage) == (False, 0)
    assert "Přemožení" not in outcome.text.cs  # no damage, so nothing to bring to 0


def test_a_helpless_target_is_manoeuvred_without_a_roll() -> None:
    outcome = attack(ReplayDice([]), ac=12, maneuver="grapple", helpless=True,
                     auto_critical=True, underwater=True, weapon="blunt")
    result = outcome.result
    assert (result.natural, result.hit, result.critical, result.damage_halved) == (
        None, True, False, False)
    assert result.not_applied == ("underwater", "auto_critical")
    assert outcome.text.cs == ("Útok na bezmocný cíl – manévr místo poškození (přidržení): "
                               "zasažen bez hodu na zásah: cíl je přidržen.")


def test_unarmed_manoeuvres_and_groups() -> None:
    # a grapple with bare hands needs no damage at all
    grapple = attack(ReplayDice([15]), ac=12, unarmed=True, maneuver="grapple")
    assert (grapple.result.hit, grapple.result.damage) == (True, 0)
    group = attack(ReplayDice([15, 2]), ac=12, maneuver="disarm", count=2)
    assert group.text.cs == (
        "Útok ×2 – manévr místo poškození (odzbrojení): 1. 1d20 = 15 ≥ OČ 12 → zásah: cíl "
        "přichází o zbraň; 2. 1d20 = 2 < OČ 12 → vedle. Zásahů: 1 z 2, poškození celkem 0.")


def test_an_unknown_manoeuvre_is_refused() -> None:
    with pytest.raises(RuleError) as caught:
        attack(ReplayDice([15]), ac=12, maneuver="trip")
    assert caught.value.field == "maneuver"


def test_over_http_the_czech_words(client: FlaskClient) -> None:
    for maneuver, (word, _) in WORDS.items():
        body = get_and_post_agree(client, "attack", {"ac": 12, "maneuver": word}, seed=9)
        assert schema_errors(body) == {}
        assert (body["input"]["maneuver"], body["result"]["maneuver"]) == (maneuver, maneuver)
        assert body["result"]["damage"] == 0
    refused(client, "attack", {"ac": 12, "maneuver": "podražení"}, "maneuver")
    spec = input_schema(client, "attack")["properties"]["maneuver"]
    assert spec["enum"] == list(MANEUVERS)
    assert spec["x-words"] == {key: word for key, (word, _) in WORDS.items()}
    assert spec["x-label"] == "Bojový manévr místo poškození"


#: Golden vectors (added to test_attack.py's): every manoeuvre, a miss, a critical, a helpless
#: target, a group, and what changes nothing.
GOLDEN: dict[str, list[dict[str, Any]]] = {"attack": [
    *({"ac": 12, "bonus": 1, "maneuver": maneuver} for maneuver in MANEUVERS),
    {"ac": 12, "damage": "1d8", "maneuver": "push", "improvised": True, "subdual": True,
     "strength_damage": True, "invulnerable_monsters": True, "target_level": 7},
    {"ac": 12, "maneuver": "grapple", "helpless": True, "auto_critical": True,
     "underwater": True, "weapon": "blunt"},
    {"ac": 12, "maneuver": "knock-down", "target_prone": True, "two_weapons": True,
     "damage": "1d6"},
    {"ac": 12, "unarmed": True, "maneuver": "grapple"},
    {"ac": 12, "damage": "1d6", "maneuver": "other", "untrained": True},
    {"ac": 12, "maneuver": "disarm", "count": 2},
    {"ac": 12, "maneuver": "disarm", "ranged": True, "full_cover": True},
    {"ac": 12, "maneuver": "trip"},
]}
