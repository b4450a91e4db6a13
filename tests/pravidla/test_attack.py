"""[Útok obecně, Hody na útok, Ostatní bojové situace] to hit against OČ, then damage.

Its engine tests, then its API tests, then its property tests."""

from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

from rpg.core.dice import ReplayDice, SeededDice
from rpg.core.errors import RuleError
from rpg.core.notation import parse
from rpg.core.outcome import Outcome
from rpg.pravidla import combat
from rpg.pravidla.attack import (
    DEFENSES,
    RANGED_CLASSES,
    SITUATIONS,
    WEAPON_CLASSES,
    WEAPONS,
    ZONE_REACH,
    Edge,
    Modifier,
    attack,
    net_dice_mode,
)
from rpg.pravidla.d20 import D20
from tests.answers import schema_errors
from tests.enumeration import probability
from tests.pravidla.invariants import ANY_INTS, FATIGUES, MODIFIERS, SEEDS, conforms
from tests.pravidla.over_http import bounds, get_and_post_agree, input_schema, refused

# --- engine ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("dice", "inputs", "total", "hit", "damage"), [
    ([12, 5], {"ac": 15, "bonus": 3}, 15, True, 5),              # equal to OČ hits
    ([11], {"ac": 15, "bonus": 3}, 14, False, 0),                # below OČ misses
    ([11, 5], {"ac": 15, "bonus": 3, "surrounded": True}, 15, True, 5),   # obklíčení +1
    ([14], {"ac": 15, "bonus": 3, "fatigue": 3}, 14, False, 0),  # fatigue lowers the total
    ([15, 5], {"ac": 15, "bonus": 3, "fatigue": 3}, 15, True, 5),
    ([1], {"ac": 0, "bonus": 20}, 21, False, 0),                 # NAT1 misses whatever the total
    ([13, 5], {"ac": 15, "ranged": True, "cover": 1, "bonus": 3}, 16, True, 5),
    ([12], {"ac": 15, "ranged": True, "cover": 1, "bonus": 3}, 15, False, 0),   # cover: OČ 16
    ([16, 5], {"ac": 15, "ranged": True, "cover": 4, "bonus": 3}, 19, True, 5),
    ([15], {"ac": 15, "ranged": True, "cover": 4, "bonus": 3}, 18, False, 0),
])
def test_to_hit(
    dice: list[int], inputs: dict[str, object], total: int, hit: bool, damage: int
) -> None:
    outcome = attack(ReplayDice(dice), damage="1d8", **inputs)
    result = outcome.result
    assert (result.natural, result.total, result.hit) == (dice[0], total, hit)
    assert (result.damage, result.critical) == (damage, False)
    assert [r.label for r in outcome.rolls] == ["attack", "damage"][: len(dice)]
    assert result.base_damage == (damage if hit else None)


def test_natural_20_is_a_critical_hit_with_maximum_damage_and_no_damage_dice() -> None:
    outcome = attack(ReplayDice([20]), ac=40, bonus=-20, damage="2d6+3")
    result = outcome.result
    assert (result.hit, result.critical, result.damage, result.total) == (True, True, 15, 0)
    assert [r.label for r in outcome.rolls] == ["attack"]
    assert outcome.text.cs == ("Útok: 1d20 = 20 − 20 = 0, přirozená 20 → kritický zásah, "
                               "maximální poškození 2d6+3 = 15.")


def test_natural_20_with_an_improvised_weapon_rolls_nothing_either() -> None:
    outcome = attack(ReplayDice([20]), ac=10, damage="1d6", improvised=True)
    assert (outcome.result.critical, outcome.result.damage, len(outcome.rolls)) == (True, 6, 1)


@pytest.mark.parametrize(("damage", "dice", "critical", "dealt"), [
    ("1d8", [8], True, 8),                     # full damage counts as a critical hit
    ("1d8+2", [8], True, 10),
    ("2d6", [6, 6], True, 12),
    ("2d6", [6, 5], False, 11),
    ("4d6kh3", [6, 1, 6, 6], True, 18),        # only the kept dice count
    ("4d6kh3", [6, 5, 5, 6], False, 17),
    ("1d6+1d4", [6, 4], True, 10),
    ("1d6+1d4", [6, 3], False, 9),
    # section 2c: full damage is the expression's maximum, not every die at its top face
    ("1d6-1d4", [6, 4], False, 2),
    ("1d6-1d4", [6, 1], True, 5),
    ("-1d3+2", [1], True, 1),
    ("3", [], False, 3),                       # no damage die rolled: never a full-damage crit
])
def test_full_damage_is_a_critical_hit(
    damage: str, dice: list[int], critical: bool, dealt: int
) -> None:
    outcome = attack(ReplayDice([15, *dice]), ac=10, damage=damage)
    assert (outcome.result.critical, outcome.result.damage) == (critical, dealt)
    assert len(outcome.rolls) == (2 if dice else 1)
    if dice:
        assert (outcome.rolls[1].results, outcome.rolls[1].total) == (tuple(dice), dealt)


@pytest.mark.parametrize(("dice", "kept", "critical"), [
    ([5, 2], 2, False),      # the lower total is kept
    ([2, 5], 2, False),
    ([4, 4], 4, False),
    ([6, 3], 3, False),      # the kept roll decides a full-damage crit
    ([6, 6], 6, True),
])
def test_improvised_damage_is_rolled_twice_and_the_lower_total_kept(
    dice: list[int], kept: int, critical: bool
) -> None:
    outcome = attack(ReplayDice([15, *dice]), ac=10, damage="1d6", improvised=True)
    assert [(r.label, r.results) for r in outcome.rolls] == [
        ("attack", (15,)), ("damage", (dice[0],)), ("damage-second", (dice[1],))]
    assert (outcome.result.damage, outcome.result.critical) == (kept, critical)


def test_improvised_keeps_the_lower_total_not_the_lower_dice() -> None:
    outcome = attack(ReplayDice([15, 1, 6, 3, 3]), ac=10, damage="2d6", improvised=True)
    assert [r.total for r in outcome.rolls[1:]] == [7, 6]
    assert outcome.result.damage == 6


@pytest.mark.parametrize(("inputs", "base", "damage"), [
    ({}, 7, 7),
    ({"fatigue": 2}, 7, 7),                                    # fatigue: only strength damage
    ({"fatigue": 2, "strength_damage": True}, 7, 5),
    ({"defense": "resistance"}, 7, 3),                         # halved, rounded down
    ({"defense": "weakness"}, 7, 14),
    ({"defense": "immunity"}, 7, 0),
    ({"defense": "resistance", "strength_damage": True, "fatigue": 1}, 7, 3),
    ({"strength_damage": True, "fatigue": 9}, 7, 1),           # a hit deals at least 1
    ({"strength_damage": True, "fatigue": 9, "defense": "weakness"}, 7, 1),
    ({"strength_damage": True, "fatigue": 9, "defense": "immunity"}, 7, 0),
])
def test_damage_pipeline(inputs: dict[str, object], base: int, damage: int) -> None:
    fatigue = int(inputs.get("fatigue", 0))  # type: ignore[call-overload]
    outcome = attack(ReplayDice([19, 5]), ac=5, damage="1d6+2", **inputs)
    assert outcome.result.hit is True and outcome.result.total == 19 - fatigue
    assert (outcome.result.base_damage, outcome.result.damage) == (base, damage)


@pytest.mark.parametrize(("damage", "dice", "defense", "dealt"), [
    ("1d4-3", [1], "normal", 1),
    ("1d4-3", [2], "resistance", 1),
    ("1d4", [1], "resistance", 1),
    ("1d4", [1], "immunity", 0),
])
def test_minimum_one_damage_unless_immune(
    damage: str, dice: list[int], defense: str, dealt: int
) -> None:
    outcome = attack(ReplayDice([15, *dice]), ac=10, damage=damage, defense=defense)
    assert outcome.result.damage == dealt


def test_critical_hit_against_immunity_deals_nothing() -> None:
    assert attack(ReplayDice([20]), ac=10, damage="1d8", defense="immunity").result.damage == 0


def test_full_cover_stops_a_missile_without_a_roll() -> None:
    outcome = attack(ReplayDice([]), ac=10, damage="1d8", ranged=True, full_cover=True,
                     bonus=20, advantage=True)
    result = outcome.result
    assert (result.natural, result.total, result.hit, result.damage) == (None, None, False, 0)
    assert outcome.rolls == ()
    assert outcome.chance == 0
    assert outcome.text.en == ("Ranged attack on a target in full cover: a missile cannot hit "
                               "it → miss, no roll.")


@pytest.mark.parametrize(("inputs", "field"), [
    ({"cover": 2}, "cover"),                   # cover only counts against missiles
    ({"full_cover": True}, "full_cover"),
    ({"ranged": True, "cover": 5}, "cover"),
    ({"ranged": True, "cover": -1}, "cover"),
    ({"ac": -1}, "ac"),
    ({"ac": 41}, "ac"),
    ({"defense": "fire"}, "defense"),
    ({"fatigue": -1}, "fatigue"),
    ({"damage": "1d8+"}, "damage"),
    ({"damage": "d"}, "damage"),
    ({"damage": "100d6+100d6+1d6"}, "damage"),
    ({"damage": ""}, "damage"),
])
def test_impossible_inputs(inputs: dict[str, object], field: str) -> None:
    arguments: dict[str, object] = {"ac": 10, "damage": "1d8", **inputs}
    with pytest.raises(RuleError) as caught:
        attack(ReplayDice([15, 4]), **arguments)  # type: ignore[arg-type]
    assert caught.value.field == field
    assert caught.value.message.cs and caught.value.message.en


@pytest.mark.parametrize(("dice", "inputs", "natural", "mode"), [
    ([4, 15, 3], {"advantage": True}, 15, "advantage"),
    ([15, 4], {"disadvantage": True}, 4, "disadvantage"),
    ([4, 3], {"advantage": True, "disadvantage": True}, 4, "normal"),   # they cancel: one die
])
def test_advantage_sources(
    dice: list[int], inputs: dict[str, bool], natural: int, mode: str
) -> None:
    outcome = attack(ReplayDice(dice), ac=10, damage="1d4", **inputs)
    assert (outcome.result.natural, outcome.result.dice_mode) == (natural, mode)
    assert [e.effect for e in outcome.result.edges] == [
        k for k in ("advantage", "disadvantage") if inputs.get(k)]


def test_edges_cancel_whatever_their_number() -> None:
    many = [Edge("advantage", "advantage"), Edge("target-prone", "advantage"),
            Edge("disadvantage", "disadvantage")]
    assert net_dice_mode(many) == 0
    assert net_dice_mode(many[:2]) == 1
    assert net_dice_mode(many[2:]) == -1
    assert net_dice_mode([]) == 0


def test_named_to_hit_modifiers() -> None:
    outcome = attack(ReplayDice([10, 1]), ac=10, damage="1d4", bonus=2, surrounded=True,
                     fatigue=3)
    result = outcome.result
    assert result.modifiers == (Modifier("bonus", 2), Modifier("surrounded", 1),
                                Modifier("fatigue", -3))
    assert result.total == 10
    # Section 2c: every modifier that entered the total is written, fatigue named.
    assert outcome.text.cs.startswith(
        "Útok: 1d20 = 10 + 2 + 1 (obklíčení) − 3 (únava) = 10 ≥ OČ 10 → zásah")
    assert outcome.text.en.startswith(
        "Attack: 1d20 = 10 + 2 + 1 (surrounded) − 3 (fatigue) = 10 ≥ AC 10 → hit")


def test_surrounded_is_a_melee_bonus_only() -> None:
    # [Obklíčení] "Pokud je jedinec v boji na blízko aspoň se 3-mi nepřáteli."
    outcome = attack(ReplayDice([9]), ac=10, damage="1d4", ranged=True, surrounded=True)
    result = outcome.result
    assert (result.total, result.hit) == (9, False)
    assert result.modifiers == (Modifier("bonus", 0),)
    assert result.not_applied == ("surrounded",)
    assert outcome.chance == Fraction(11, 20)
    assert "obklíčení" not in outcome.text.cs


def test_texts() -> None:
    hit = attack(ReplayDice([14, 5]), ac=15, damage="1d8+2", bonus=3)
    assert hit.text.cs == "Útok: 1d20 = 14 + 3 = 17 ≥ OČ 15 → zásah, poškození 1d8+2 = 5 + 2 = 7."
    assert hit.text.en == "Attack: 1d20 = 14 + 3 = 17 ≥ AC 15 → hit, damage 1d8+2 = 5 + 2 = 7."
    miss = attack(ReplayDice([3, 9]), ac=12, damage="1d6", ranged=True, cover=2,
                  disadvantage=True)
    assert miss.text.cs == ("Útok na dálku: 1d20 s nevýhodou (3, 9) = 3 < OČ 12 + 2 (krytí) = 14 "
                            "→ vedle.")
    assert miss.text.en == ("Ranged attack: 1d20 with disadvantage (3, 9) = 3 < AC 12 + 2 "
                            "(cover) = 14 → miss.")
    improvised = attack(ReplayDice([15, 6, 2]), ac=10, damage="1d6", improvised=True,
                        defense="weakness")
    assert improvised.text.cs == (
        "Útok: 1d20 = 15 ≥ OČ 10 → zásah, poškození improvizovanou zbraní 1d6 = 6 a 1d6 = 2 → "
        "nižší 2, slabost: dvojnásobek = 4.")


@pytest.mark.parametrize(("inputs", "dice", "cs", "en"), [
    # section 2c: a clamped value is written as a clamp, never as a false sum
    ({"damage": "1d4-3"}, [15, 1], "poškození 1d4-3 = 1 − 3 → 1 (zásah vždy aspoň 1).",
     "damage 1d4-3 = 1 − 3 → 1 (a hit always deals at least 1)."),
    ({"damage": "1d6+2", "strength_damage": True, "fatigue": 9}, [19, 5],
     "poškození 1d6+2 = 5 + 2 − 9 (únava) → 1 (zásah vždy aspoň 1).",
     "damage 1d6+2 = 5 + 2 − 9 (fatigue) → 1 (a hit always deals at least 1)."),
    ({"damage": "1d6+2", "strength_damage": True, "fatigue": 9, "defense": "resistance"},
     [19, 5], "poškození 1d6+2 = 5 + 2 − 9 (únava) = −2, odolnost: polovina → 1 (zásah vždy "
     "aspoň 1).", "damage 1d6+2 = 5 + 2 − 9 (fatigue) = −2, resistance: half → 1 (a hit always "
     "deals at least 1)."),
    ({"damage": "1d4", "defense": "resistance"}, [15, 3],
     "poškození 1d4 = 3, odolnost: polovina = 1.", "damage 1d4 = 3, resistance: half = 1."),
    ({"damage": "1d4-3", "defense": "immunity"}, [15, 1],
     "poškození 1d4-3 = 1 − 3 = −2, imunita: 0.", "damage 1d4-3 = 1 − 3 = −2, immunity: 0."),
    ({"damage": "1d6", "strength_damage": True, "fatigue": 2}, [15, 5],
     "poškození 1d6 = 5 − 2 (únava) = 3.", "damage 1d6 = 5 − 2 (fatigue) = 3."),
    ({"damage": "1d6", "fatigue": 2}, [17, 5],   # fatigue only lowers strength damage
     "poškození 1d6 = 5.", "damage 1d6 = 5."),
])
def test_every_damage_term_is_written_and_a_clamp_as_a_clamp(
    inputs: dict[str, object], dice: list[int], cs: str, en: str
) -> None:
    outcome = attack(ReplayDice(dice), ac=5, **inputs)
    assert outcome.text.cs.split(", ", 1)[1].split("zásah, ", 1)[-1] == cs
    assert outcome.text.en.split("hit, ", 1)[1] == en


@pytest.mark.parametrize("inputs", [
    {"ac": 15, "bonus": 3},
    {"ac": 0, "bonus": 20},
    {"ac": 40, "bonus": -20},
    {"ac": 12, "bonus": 1, "surrounded": True, "fatigue": 2},
    {"ac": 14, "ranged": True, "cover": 3, "advantage": True},
    {"ac": 14, "disadvantage": True, "bonus": 5},
    {"ac": 14, "advantage": True, "disadvantage": True},
    {"ac": 10, "improvised": True, "advantage": True},
    {"ac": 10, "ranged": True, "full_cover": True},
])
def test_hit_chance_against_enumeration(inputs: dict[str, object]) -> None:
    expected = probability(attack, lambda o: o.result.hit, damage="1d4", **inputs)
    one = bool(inputs.get("advantage")) == bool(inputs.get("disadvantage"))
    outcome = attack(ReplayDice([20] if one else [20, 20]), damage="1d4", **inputs)
    assert outcome.chance == expected


def test_critical_chance_against_enumeration() -> None:
    """P(critical) = P(natural 20) + P(hit, not natural 20) · P(damage die shows its maximum)."""
    critical = probability(attack, lambda o: o.result.critical, ac=11, damage="1d4")
    hit = attack(ReplayDice([20]), ac=11, damage="1d4").chance
    assert hit == Fraction(1, 2)
    assert critical == Fraction(1, 20) + (hit - Fraction(1, 20)) * Fraction(1, 4)


@pytest.mark.parametrize(("damage", "dice", "cs", "en"), [
    ("3", [15], "poškození 3.", "damage 3."),                  # a constant is written once
    ("3+2", [15], "poškození 3+2 = 5.", "damage 3+2 = 5."),
    ("-2", [15], "poškození −2 → 1 (zásah vždy aspoň 1).",
     "damage −2 → 1 (a hit always deals at least 1)."),
    ("3", [20], "maximální poškození 3.", "maximum damage 3."),  # natural 20: nothing to maximise
    ("1d6+2+1d4", [15, 4, 2], "poškození 1d6+2+1d4 = 4 + 2 + 2 = 8.",
     "damage 1d6+2+1d4 = 4 + 2 + 2 = 8."),
])
def test_damage_without_dice_is_written_once(
    damage: str, dice: list[int], cs: str, en: str
) -> None:
    outcome = attack(ReplayDice(dice), ac=10, damage=damage)
    assert outcome.text.cs.split("zásah, ", 1)[1] == cs
    assert outcome.text.en.split("hit, ", 1)[1] == en


# --- [Nezranitelná monstra] (optional rule) --------------------------------------------------


@pytest.mark.parametrize(("level", "more", "invulnerable"), [
    # "Monstra 5. a vyšší úrovně jsou imunní vůči nemagickému poškození."
    (5, {}, True), (12, {}, True), (4, {}, False),
    (9, {"magic_weapon": True}, False),
    # "Mohou však být zraněna dalšími monstry 5. nebo vyšší úrovně."
    (9, {"attacker_monster_level": 5}, False), (9, {"attacker_monster_level": 4}, True),
])
def test_invulnerable_monsters(level: int, more: dict[str, Any], invulnerable: bool) -> None:
    outcome = attack(ReplayDice([15, 6]), ac=10, damage="1d8+2", invulnerable_monsters=True,
                     target_level=level, **more)
    result = outcome.result
    assert result.base_damage == 8  # the damage is rolled on a hit, as for immunity
    assert (result.damage, result.invulnerable) == ((0, True) if invulnerable else (8, False))
    assert result.not_applied == (() if invulnerable else ("invulnerable_monsters",))
    if invulnerable:
        assert outcome.text.cs.endswith(
            f"poškození 1d8+2 = 6 + 2 = 8, nezranitelné monstrum (úroveň {level}): 0.")
        assert outcome.text.en.endswith(f"invulnerable monster (level {level}): 0.")


def test_an_invulnerable_monster_missed_is_no_invulnerable_hit() -> None:
    result = attack(ReplayDice([2]), ac=10, damage="1d8", invulnerable_monsters=True,
                    target_level=6).result
    assert (result.hit, result.invulnerable, result.damage) == (False, False, 0)


@pytest.mark.parametrize(("inputs", "field"), [
    ({"invulnerable_monsters": True}, "target_level"),
    ({"target_level": 5}, "target_level"),
    ({"magic_weapon": True}, "magic_weapon"),
    ({"attacker_monster_level": 3}, "attacker_monster_level"),
    ({"invulnerable_monsters": True, "target_level": 101}, "target_level"),
    ({"invulnerable_monsters": True, "target_level": 5, "attacker_monster_level": -1},
     "attacker_monster_level"),
])
def test_the_optional_rules_inputs_need_it(inputs: dict[str, Any], field: str) -> None:
    with pytest.raises(RuleError) as caught:
        attack(ReplayDice([15, 3]), ac=10, damage="1d8", **inputs)
    assert caught.value.field == field
    assert caught.value.message.cs and caught.value.message.en


# --- a group of attacks (section 2c, "Groups") ---------------------------------------------


def test_a_group_attacks_one_after_another() -> None:
    outcome = attack(ReplayDice([20, 1, 12, 5, 9]), ac=10, damage="1d8", bonus=2, count=3)
    group = outcome.result
    assert [r.natural for r in group.each] == [20, 1, 12]
    assert [(r.hit, r.critical, r.damage) for r in group.each] == [
        (True, True, 8), (False, False, 0), (True, False, 5)]
    assert (group.summary.count, group.summary.successes, group.summary.damage) == (3, 2, 13)
    assert [roll.label for roll in outcome.rolls] == ["attack", "attack", "attack", "damage"]
    assert outcome.chance == Fraction(13, 20)  # one attack's: 8..20 with +2
    p = Fraction(13, 20)
    assert group.successes_distribution == tuple(
        comb(3, k) * p**k * (1 - p) ** (3 - k) for k in range(4))
    assert outcome.text.cs == (
        "Útok ×3: 1. 1d20 = 20 + 2 = 22, přirozená 20 → kritický zásah, maximální poškození "
        "1d8 = 8; 2. 1d20 = 1 + 2 = 3, přirozená 1 → vedle; 3. 1d20 = 12 + 2 = 14 ≥ OČ 10 → "
        "zásah, poškození 1d8 = 5. Zásahů: 2 z 3, poškození celkem 13.")
    assert outcome.text.en.endswith("Hits: 2 of 3, total damage 13.")


def test_one_attack_is_the_single_answer() -> None:
    alone = attack(ReplayDice([14, 5]), ac=15, damage="1d8+2", bonus=3)
    assert attack(ReplayDice([14, 5]), ac=15, damage="1d8+2", bonus=3, count=1) == alone


def test_a_group_distribution_matches_counting_every_dice_sequence() -> None:
    inputs: dict[str, Any] = {"ac": 12, "damage": "1", "count": 2, "bonus": 1}
    outcome = attack(ReplayDice([1] * 2), **inputs)
    for k, p in enumerate(outcome.result.successes_distribution):
        assert p == probability(attack, lambda o, k=k: o.result.summary.successes == k,
                                **inputs)


def test_a_group_against_full_cover_and_a_helpless_group() -> None:
    blocked = attack(ReplayDice([]), ac=10, damage="1d6", ranged=True, full_cover=True, count=2)
    assert blocked.result.successes_distribution == (1, 0, 0)
    assert blocked.text.cs == ("Útok na dálku ×2 na cíl v kompletním krytí: střelnou zbraní ho "
                               "nelze trefit → vedle, bez hodu. Zásahů: 0 z 2, poškození celkem "
                               "0.")
    helpless = attack(ReplayDice([3, 4]), ac=10, damage="1d6", helpless=True, count=2,
                      subdual=True)
    assert helpless.result.summary.damage == 7
    assert helpless.result.successes_distribution == (0, 0, 1)
    assert helpless.text.cs.startswith("Útok na bezmocný cíl ×2: 1. zasažen bez hodu na zásah, "
                                       "poškození 1d6 = 3; 2. ")
    assert helpless.text.cs.endswith("celkem 7. Přemožení: klesnou-li tím životy cíle na 0 nebo "
                                     "méně, upadne do bezvědomí nebo se vzdá.")


@pytest.mark.parametrize("count", [0, 51])
def test_a_group_has_bounds(count: int) -> None:
    with pytest.raises(RuleError) as caught:
        attack(ReplayDice([]), ac=10, damage="1d6", count=count)
    assert caught.value.field == "count"


_MELEE = {"ac": 12, "damage": "1d2"}
_RANGED = {**_MELEE, "ranged": True}
#: Two d20 and a constant damage: every sequence of an edge's roll listed, no more.
_EDGE = {"ac": 12, "damage": "2"}

#: Golden vectors: inputs covering every branch of the rule, refusals included; the
#: calculator's JavaScript must give the engine's answer for each (tests/calculators). Small
#: damage dice (1d2, 1d4) keep most inputs' dice sequences few enough to be listed whole, so every
#: natural 1 and 20, every full-damage die and every cancelled edge is met under node.
GOLDEN: dict[str, list[dict[str, Any]]] = {"attack": [
    # [Útok obecně] hit, miss, natural 1 and 20, full damage on the dice
    {"ac": 12, "bonus": 2, "damage": "1d4+1"},
    {"ac": 40, "bonus": -20, "damage": "2d6+3"},
    {"ac": 0, "bonus": 20, "damage": "1d4"},
    {"ac": 10, "damage": "1d6-1d4"},
    {"ac": 10, "damage": "4d6kh3"},
    {"ac": 10, "damage": "-1d3+2"},
    # damage without dice is written once (also on a natural 20)
    *({"ac": 10, "damage": constant} for constant in ("3", "3+2", "0", "-2")),
    # [Hody na útok] cover and full cover against missiles, surrounded, fatigue
    {"ac": 10, "ranged": True, "cover": 3, "bonus": 1, "damage": "1d4"},
    {"ac": 10, "ranged": True, "cover": 0, "damage": "1d2"},
    {"ac": 10, "ranged": True, "full_cover": True, "advantage": True, "damage": "1d8"},
    {"ac": 12, "surrounded": True, "fatigue": 2, "damage": "1d4"},
    {"ac": 12, "surrounded": True, "fatigue": 2, "strength_damage": True, "damage": "1d4"},
    {"ac": 5, "fatigue": 9, "strength_damage": True, "damage": "1d4+2"},
    {**_MELEE, "advantage": True},
    {**_EDGE, "disadvantage": True, "bonus": 3},
    {**_MELEE, "advantage": True, "disadvantage": True},
    # improvised (twice, the lower kept), resistance / weakness / immunity, at least 1
    {"ac": 10, "damage": "1d3", "improvised": True},
    {"ac": 10, "damage": "2d2kh1-1", "improvised": True},
    *({"ac": 8, "damage": "1d4-2", "defense": defense} for defense in DEFENSES),
    {"ac": 8, "damage": "1d4-3"},
    {"ac": 1, "bonus": 20, "damage": "100d2+100d2", "improvised": True},
    # [Ostatní bojové situace]
    {**_MELEE, "two_weapons": True, "defense": "resistance"},
    {"ac": 10, "unarmed": True, "strength_modifier": 2, "fatigue": 1},
    {"ac": 10, "unarmed": True, "strength_modifier": -3},
    {"ac": 10, "unarmed": True, "weapon": "blunt"},
    {"ac": 10, "unarmed": True, "underwater": True, "strength_modifier": 5},
    {**_MELEE, "untrained": True},
    # each edge alone where it applies (the melee advantages also together below), and where
    # it does not (listed in not_applied)
    *({**_EDGE, flag: True} for flag in ("attacker_prone", "target_prone", "attacker_blind")),
    {**_EDGE, "ranged": True, "unstable": True},
    *({**_EDGE, "ranged": True, flag: True} for flag in (
        "target_unarmed", "attacker_prone", "target_prone", "target_blind")),
    {**_EDGE, "unstable": True},
    *({**_EDGE, "underwater": True, "weapon": weapon} for weapon in ("piercing", "blunt")),
    {**_MELEE, "underwater": True, "weapon": "slashing", "defense": "weakness"},
    {**_MELEE, "target_prone": True, "attacker_prone": True},
    {**_EDGE, "target_prone": True, "target_blind": True, "target_unarmed": True,
     "attacker_blind": True, "disadvantage": True},
    {**_EDGE, "ranged": True, "target_prone": True, "unstable": True, "advantage": True},
    {"ac": 40, "damage": "1d6", "helpless": True},
    {"ac": 10, "damage": "1d4", "helpless": True, "two_weapons": True, "surrounded": True,
     "target_prone": True, "attacker_prone": True, "advantage": True, "subdual": True},
    {"ac": 10, "damage": "1d4", "ranged": True, "cover": 2, "helpless": True, "unstable": True},
    {**_MELEE, "subdual": True, "fatigue": 1},
    {"ac": 10, "helpless": True, "unarmed": True, "strength_modifier": 1},
    # [Obklíčení] melee only; under water a helpless target's blunt damage is still halved
    {**_EDGE, "ranged": True, "surrounded": True, "bonus": 1},
    *({"ac": 10, "damage": "1d4", "helpless": True, "underwater": True, "weapon": weapon,
       "surrounded": True} for weapon in ("blunt", "piercing")),
    # a group: that many attacks one after another, hits and total damage
    {"ac": 10, "damage": "1d2", "count": 2},
    {"ac": 10, "damage": "1d2", "count": 3, "bonus": 5, "target_prone": True},
    {"ac": 10, "damage": "1d2", "helpless": True, "count": 3},
    {"ac": 10, "damage": "2", "ranged": True, "full_cover": True, "count": 3},
    {"ac": 10, "damage": "1", "subdual": True, "count": 2, "fatigue": 3,
     "strength_damage": True},
    {**_MELEE, "count": 0}, {**_MELEE, "count": 51},
    # [Zóny dosahu] what reaches each zone, with disadvantage where the rule says; a thrown
    # weapon adds the strength modifier ([Hození zbraně])
    {**_EDGE, "weapon_class": "thrown", "zone": "poblize", "strength_modifier": 2, "fatigue": 1},
    {"ac": 10, "damage": "1d2", "weapon_class": "thrown", "strength_modifier": -3},
    {**_EDGE, "weapon_class": "small-missile", "distance_m": 30},
    {**_EDGE, "weapon_class": "medium-missile", "zone": "velmi-daleko", "advantage": True},
    {**_EDGE, "weapon_class": "large-missile", "zone": "extremne-daleko", "cover": 1},
    {**_EDGE, "weapon_class": "large-missile", "zone": "velmi-daleko"},
    {**_EDGE, "ranged": True, "zone": "poblize"}, {**_EDGE, "zone": "blizko"},
    {**_EDGE, "weapon_class": "melee", "distance_m": 4.2},
    {"ac": 10, "damage": "1d2", "helpless": True, "weapon_class": "small-missile",
     "zone": "daleko"},
    # [Nezranitelná monstra] (optional): level 5 and more, unless magic or a monster of 5+
    *({**_MELEE, "invulnerable_monsters": True, "target_level": level, **more}
      for level, more in ((5, {}), (4, {}), (9, {"magic_weapon": True}),
                          (9, {"attacker_monster_level": 5}), (9, {"attacker_monster_level": 4}),
                          (6, {"defense": "immunity"}))),
    # [Coup de grâce] the GM's automatic critical hit
    {"ac": 10, "damage": "2d4+1", "helpless": True, "auto_critical": True, "two_weapons": True},
    # refused: the zones, the optional rules
    {**_EDGE, "zone": "poblize"}, {**_EDGE, "distance_m": 5.5},
    {**_EDGE, "ranged": True, "zone": "daleko"},
    {**_EDGE, "weapon_class": "thrown", "zone": "daleko"},
    {**_EDGE, "weapon_class": "small-missile", "zone": "velmi-daleko"},
    {**_EDGE, "weapon_class": "medium-missile", "zone": "extremne-daleko"},
    {**_EDGE, "weapon_class": "melee", "ranged": True},
    {**_EDGE, "zone": "blizko", "distance_m": 3}, {**_EDGE, "distance_m": -1},
    {**_EDGE, "distance_m": 100_001}, {**_EDGE, "zone": "vedle"},
    {**_EDGE, "weapon_class": "sling"},
    {**_EDGE, "weapon_class": "thrown", "attacker_blind": True},
    {"ac": 12, "weapon_class": "thrown", "unarmed": True},
    {**_MELEE, "invulnerable_monsters": True}, {**_MELEE, "target_level": 5},
    {**_MELEE, "magic_weapon": True}, {**_MELEE, "attacker_monster_level": 3},
    {**_MELEE, "invulnerable_monsters": True, "target_level": 101},
    {**_MELEE, "invulnerable_monsters": True, "target_level": 5, "attacker_monster_level": -1},
    {**_MELEE, "auto_critical": True},
    # refused: the bounds
    {**_MELEE, "ac": -1}, {**_MELEE, "ac": 41},
    {**_RANGED, "cover": 5}, {**_RANGED, "cover": -1}, {**_MELEE, "fatigue": -1},
    {**_MELEE, "defense": "fire"}, {**_MELEE, "weapon": "laser"},
    {"ac": 10, "unarmed": True, "strength_modifier": 21},
    # refused: the damage expression
    *({"ac": 10, "damage": damage} for damage in (
        "1d8+", "d", "", "2x6", "100d6+100d6+1d6", "1d6" + "+1" * 10, "1" * 101)),
    {"ac": 10},
    # refused: [Hody na útok] cover against melee
    {**_MELEE, "cover": 2}, {**_MELEE, "full_cover": True},
    # refused: each contradiction quoting its rule
    {**_RANGED, "attacker_blind": True},
    {**_RANGED, "underwater": True, "weapon": "piercing"},
    {**_RANGED, "two_weapons": True},
    {**_MELEE, "two_weapons": True, "untrained": True},
    {"ac": 10, "two_weapons": True, "unarmed": True},
    {"ac": 10, "unarmed": True, "ranged": True},
    {**_MELEE, "unarmed": True},
    {"ac": 10, "unarmed": True, "improvised": True},
    {"ac": 10, "unarmed": True, "untrained": True},
    {"ac": 10, "unarmed": True, "weapon": "slashing"},
    {**_MELEE, "strength_modifier": 2},
    {**_MELEE, "underwater": True},
    {**_RANGED, "full_cover": True, "helpless": True},
]}


# --- API ---------------------------------------------------------------------------------------
# ``attack`` over HTTP: GET and POST agree with a seed, physical dice are consumed as the rule
# rolls them, a bad or contradictory input is a 422 quoting the rule and naming the field, and the
# OpenAPI document bounds every input.

OTHER_COMBAT = "/pravidla/ostatni-bojove-situace/#ostatni-bojove-situace"


@pytest.mark.parametrize("inputs", [
    {"ac": 14, "bonus": 4, "damage": "1d8+2", "improvised": True},
    {"ac": 12, "damage": "1d8+1", "two_weapons": True, "target_prone": True,
     "attacker_prone": True, "subdual": True},
    {"ac": 12, "unarmed": True, "strength_modifier": 2, "target_blind": True},
    {"ac": 12, "damage": "1d6", "underwater": True, "weapon": "slashing"},
    {"ac": 12, "damage": "2d6", "helpless": True},
    {"ac": 12, "damage": "1d6", "ranged": True, "unstable": True},
])
@pytest.mark.parametrize("seed", [1, 7, 2024])
def test_get_and_post_agree_with_a_seed(
    client: FlaskClient, inputs: dict[str, object], seed: int
) -> None:
    body = get_and_post_agree(client, "attack", inputs, seed)
    assert body["rolls"] and body["text"]
    assert body["rule"]["url"].startswith("/pravidla/")


def test_attack_with_physical_dice(client: FlaskClient) -> None:
    answer = client.post("/api/v1/attack", json={
        "ac": 12, "damage": "1d6", "improvised": True, "dice": [15, 5, 2], "lang": "en"}
    ).get_json()
    assert [r["label"] for r in answer["rolls"]] == ["attack", "damage", "damage-second"]
    result = answer["result"]
    assert (result["hit"], result["critical"], result["damage"]) == (True, False, 2)
    assert result["modifiers"] == [{"source": "bonus", "value": 0}]
    assert answer["chance"] == pytest.approx(0.45)


def test_attack_against_full_cover_needs_no_dice(client: FlaskClient) -> None:
    answer = client.post("/api/v1/attack", json={
        "ac": 12, "damage": "1d6", "ranged": True, "full_cover": True, "dice": []})
    assert answer.status_code == 200
    body = answer.get_json()
    assert (body["rolls"], body["chance"], body["result"]["hit"]) == ([], 0.0, False)


def test_attack_needs_its_damage_dice_only_on_a_hit(client: FlaskClient) -> None:
    missing = client.post("/api/v1/attack", json={
        "ac": 12, "damage": "1d6", "dice": [15], "lang": "en"}).get_json()
    assert "needs a d6 for 'damage'" in missing["message"]
    miss = client.post("/api/v1/attack", json={"ac": 12, "damage": "1d6", "dice": [5]})
    assert miss.status_code == 200 and miss.get_json()["result"]["damage"] == 0


def test_attack_with_physical_dice_lists_the_cancelled_sources(client: FlaskClient) -> None:
    answer = client.post("/api/v1/attack", json={
        "ac": 10, "damage": "1d6", "target_prone": True, "attacker_blind": True,
        "dice": [12, 4]}).get_json()
    result = answer["result"]
    assert result["dice_mode"] == "normal"
    assert [e["source"] for e in result["edges"]] == ["target_prone", "attacker_blind"]
    assert (result["hit"], result["damage"]) == (True, 4)
    assert answer["rule"]["url"] == OTHER_COMBAT


def test_helpless_needs_only_the_damage_dice(client: FlaskClient) -> None:
    answer = client.post("/api/v1/attack", json={
        "ac": 30, "damage": "1d6", "helpless": True, "dice": [3]}).get_json()
    assert (answer["result"]["natural"], answer["result"]["damage"], answer["chance"]) == (
        None, 3, 1.0)


def test_a_helpless_targets_unused_bonuses_are_listed_as_documented(
    client: FlaskClient,
) -> None:
    answer = client.post("/api/v1/attack", json={
        "ac": 10, "damage": "1d6", "helpless": True, "surrounded": True, "two_weapons": True,
        "dice": [3]}).get_json()
    # two weapons' +1 still adds to the damage, so it is not listed (section 2c)
    assert answer["result"]["not_applied"] == ["surrounded"]
    assert answer["result"]["damage"] == 4
    assert schema_errors(answer) == {}


def test_a_group_over_http(client: FlaskClient) -> None:
    answer = client.post("/api/v1/attack", json={
        "ac": 10, "damage": "1d6", "bonus": 2, "count": 3, "dice": [20, 1, 12, 5]}).get_json()
    result = answer["result"]
    assert [r["damage"] for r in result["each"]] == [6, 0, 5]
    assert result["summary"] == {"count": 3, "successes": 2, "damage": 11}
    assert result["successes_distribution"] == pytest.approx(
        [0.35**3, 3 * 0.65 * 0.35**2, 3 * 0.65**2 * 0.35, 0.65**3])
    assert answer["chance"] == pytest.approx(0.65)
    assert answer["input"]["count"] == 3
    assert schema_errors(answer) == {}


def test_without_count_the_answer_is_one_attacks() -> None:
    from api import create_app

    answer = create_app({"TESTING": True}).test_client().post(
        "/api/v1/attack", json={"ac": 10, "damage": "1d6", "dice": [12, 5]}).get_json()
    assert "count" not in answer["input"]
    assert answer["result"]["damage"] == 5 and "each" not in answer["result"]


@pytest.mark.parametrize(("given", "key"), [
    ("odolnost", "resistance"), ("IMUNITA", "immunity"), ("slabost", "weakness"),
    ("normalni", "normal")])
def test_the_defense_is_also_its_czech_word(client: FlaskClient, given: str, key: str) -> None:
    answer = client.get("/api/v1/attack", query_string={
        "ac": 10, "damage": "1d6", "defense": given, "dice": "12,5"}).get_json()
    assert answer["input"]["defense"] == key


@pytest.mark.parametrize(("body", "field", "quote"), [
    ({"damage": "1d8"}, "ac", ""),
    ({"ac": 10}, "damage", ""),
    ({"ac": 10, "damage": "1d8+"}, "damage", ""),
    ({"ac": 10, "damage": "x" * 101}, "damage", ""),
    ({"ac": 10, "damage": "1d8", "cover": 2}, "cover", ""),
    ({"ac": 10, "damage": "1d8", "full_cover": True}, "full_cover", ""),
    ({"ac": 10, "damage": "1d8", "ranged": True, "cover": 5}, "cover", ""),
    ({"ac": 41, "damage": "1d8"}, "ac", ""),
    ({"ac": 10, "damage": "1d8", "defense": "fire"}, "defense", ""),
    ({"ac": 10, "damage": "1d6", "ranged": True, "attacker_blind": True},
     "attacker_blind", "„Útoky na dálku nejsou možné.“"),
    ({"ac": 10, "damage": "1d6", "ranged": True, "underwater": True, "weapon": "piercing"},
     "underwater", "pod vodní hladinou"),
    ({"ac": 10, "damage": "1d6", "ranged": True, "two_weapons": True},
     "two_weapons", "obě zbraně na blízku"),
    ({"ac": 10, "damage": "1d6", "ranged": True, "full_cover": True, "helpless": True},
     "helpless", "kompletně schované"),
    ({"ac": 10, "unarmed": True, "damage": "1d6"}, "damage", "Neozbrojený útok"),
    ({"ac": 10, "damage": "1d6", "strength_modifier": 21}, "strength_modifier", ""),
    ({"ac": 10, "damage": "1d6", "weapon": "axe"}, "weapon", ""),
    ({"ac": 10, "damage": "1d6", "count": 0}, "count", ""),
    ({"ac": 10, "damage": "1d6", "count": 51}, "count", ""),
])
def test_bad_input_is_a_422_naming_the_field(
    client: FlaskClient, body: dict[str, object], field: str, quote: str
) -> None:
    assert quote in refused(client, "attack", body, field)["message"]


def test_a_contradiction_says_what_to_change(client: FlaskClient) -> None:
    melee = client.get("/api/v1/attack?ac=10&damage=1d8&cover=1&lang=en").get_json()
    assert "Cover adds to AC against missiles only" in melee["message"]


def test_openapi_documents_every_input_with_its_bounds(client: FlaskClient) -> None:
    schema = input_schema(client, "attack")
    properties = schema["properties"]
    assert bounds(schema, "ac") == (0, 40)
    assert bounds(schema, "cover") == (0, 4)
    assert bounds(schema, "bonus") == (-20, 20)
    assert bounds(schema, "strength_modifier") == (-20, 20)
    assert bounds(schema, "count") == (1, 50)
    assert "default" not in properties["count"]
    assert properties["damage"]["maxLength"] == 100
    assert properties["weapon"]["enum"] == ["piercing", "blunt", "slashing"]
    for flag in ("two_weapons", "unarmed", "target_unarmed", "untrained", "attacker_prone",
                 "target_prone", "attacker_blind", "target_blind", "unstable", "underwater",
                 "helpless", "subdual"):
        assert properties[flag]["description"], flag
    # `damage` is optional since an unarmed attack ([Neozbrojený boj]) has none; the engine
    # answers a missing one with a 422 naming it.
    assert set(schema["required"]) == {"ac"}


# --- properties --------------------------------------------------------------------------------
# Property tests of ``attack`` over the whole input space: the to-hit and damage invariants,
# every combination of the situations a result or a rule error, every answer as documented.

damage_terms = st.one_of(
    st.builds(lambda n, m: f"{n}d{m}", st.integers(1, 6), st.sampled_from([2, 4, 6, 8, 10, 12])),
    st.builds(lambda n, m, k: f"{n}d{m}kh{min(k, n)}", st.integers(1, 5), st.sampled_from([6, 8]),
              st.integers(1, 5)),
    st.integers(0, 10).map(str),
)
damage_expressions = st.lists(st.tuples(st.sampled_from("+-"), damage_terms), min_size=1,
                              max_size=3).map(lambda parts: "".join(s + t for s, t in parts)
                                              .lstrip("+"))


@st.composite
def attack_inputs(draw: st.DrawFn) -> dict[str, Any]:
    ranged = draw(st.booleans())
    return {
        "ac": draw(st.integers(0, 40)), "damage": draw(damage_expressions),
        "bonus": draw(MODIFIERS), "ranged": ranged,
        "cover": draw(st.integers(0, 4)) if ranged else 0,
        "full_cover": draw(st.booleans()) if ranged else False,
        "surrounded": draw(st.booleans()), "advantage": draw(st.booleans()),
        "disadvantage": draw(st.booleans()), "strength_damage": draw(st.booleans()),
        "improvised": draw(st.booleans()), "defense": draw(st.sampled_from(
            DEFENSES)), "fatigue": draw(FATIGUES),
    }


@settings(max_examples=200, deadline=None)
@given(attack_inputs(), SEEDS)
def test_attack_invariants(inputs: dict[str, Any], seed: int) -> None:
    outcome = attack(SeededDice(seed), **inputs)
    result = outcome.result
    expression = parse(inputs["damage"])
    target = inputs["ac"] + (inputs["cover"] if inputs["ranged"] else 0)
    assert result.target == target
    assert outcome.chance is not None and 0 <= outcome.chance <= 1
    if inputs["full_cover"]:
        assert outcome.rolls == () and outcome.chance == 0
        assert (result.natural, result.hit, result.damage) == (None, False, 0)
        return
    # [Obklíčení] the +1 is a melee bonus only
    modifier = inputs["bonus"] + (inputs["surrounded"] and not inputs["ranged"]) - inputs[
        "fatigue"]
    assert result.total == result.natural + modifier
    assert sum(m.value for m in result.modifiers) == modifier
    assert outcome.rolls[0].label == "attack"
    assert result.hit is (result.natural == D20 or (result.natural != 1 and result.total >= target))
    if not result.hit:
        assert (result.damage, result.critical, result.base_damage) == (0, False, None)
        assert len(outcome.rolls) == 1
        return
    assert result.base_damage is not None
    assert expression.minimum <= result.base_damage <= expression.maximum
    # [Kritické zásahy] a natural 20, or full damage: the rolled total at the maximum (2c)
    assert result.critical is (result.natural == D20 or (
        expression.dice_count > 0 and result.base_damage == expression.maximum))
    if result.natural == D20:
        assert result.critical and result.base_damage == expression.maximum
        assert len(outcome.rolls) == 1                    # no damage dice on a critical hit
    else:
        damage_rolls = outcome.rolls[1:]
        expected = (1 + inputs["improvised"]) if expression.dice_count else 0
        assert len(damage_rolls) == expected
        if damage_rolls:
            assert result.base_damage == min(r.total for r in damage_rolls)
    if inputs["defense"] == "immunity":
        assert result.damage == 0
    else:
        assert result.damage >= 1
        lowered = result.base_damage - (inputs["fatigue"] if inputs["strength_damage"] else 0)
        factor = {"normal": lowered, "resistance": lowered // 2, "weakness": lowered * 2}
        assert result.damage == max(1, factor[inputs["defense"]])


@settings(max_examples=200, deadline=None)
@given(ANY_INTS, st.text(max_size=20) | damage_expressions, st.booleans(), ANY_INTS,
       st.booleans(), st.text(max_size=10) | st.sampled_from(DEFENSES), ANY_INTS)
def test_attack_any_input_is_a_result_or_a_rule_error(
    ac: int, damage: str, ranged: bool, cover: int, full_cover: bool, defense: str, fatigue: int
) -> None:
    try:
        outcome = attack(SeededDice(1), ac=ac, damage=damage, ranged=ranged, cover=cover,
                         full_cover=full_cover, defense=defense,  # type: ignore[arg-type]
                         fatigue=fatigue)
    except RuleError as error:
        assert error.field in ("ac", "damage", "cover", "full_cover", "defense", "fatigue")
        assert error.message.cs and error.message.en
    else:
        assert 0 <= ac <= 40 and 0 <= cover <= 4 and fatigue >= 0
        assert ranged or not (cover or full_cover)
        assert outcome.result.damage >= 0


@st.composite
def situation_inputs(draw: st.DrawFn) -> dict[str, Any]:
    flags = {name: draw(st.booleans()) for name in SITUATIONS}
    inputs: dict[str, Any] = {
        "ac": draw(st.integers(0, 40)), "bonus": draw(st.integers(-20, 20)),
        "ranged": draw(st.booleans()), "surrounded": draw(st.booleans()),
        "full_cover": draw(st.booleans()), "advantage": draw(st.booleans()),
        "disadvantage": draw(st.booleans()), "improvised": draw(st.booleans()),
        "fatigue": draw(st.integers(0, 50)),
        "defense": draw(st.sampled_from(("normal", "resistance", "immunity", "weakness"))),
        "strength_modifier": draw(st.integers(-20, 20)),
        **flags,
    }
    if draw(st.booleans()):
        inputs["damage"] = draw(st.sampled_from(("1d6", "2d8+3", "1", "1d4-2")))
    if draw(st.booleans()):
        inputs["weapon"] = draw(st.sampled_from(WEAPONS))
    return inputs


def _result_or_rule_error(inputs: dict[str, Any], seed: int) -> Outcome | None:
    """The attack's outcome, or ``None`` for a rule error that names its field in both
    languages (what every refusal of the property tests must be)."""
    try:
        return attack(SeededDice(seed), **inputs)
    except RuleError as error:
        assert error.field is not None
        assert error.message.cs and error.message.en
        return None


@settings(max_examples=200, deadline=None)
@given(situation_inputs(), SEEDS)
def test_every_flag_combination_is_a_result_or_a_rule_error(
    inputs: dict[str, Any], seed: int
) -> None:
    outcome = _result_or_rule_error(inputs, seed)
    if outcome is None:
        return
    result = outcome.result
    assert 0 <= outcome.chance <= 1
    assert result.damage >= 0
    assert result.hit or result.damage == 0
    if result.hit and inputs["defense"] != "immunity":
        assert result.damage >= 1
    if inputs["helpless"]:
        assert (result.natural, outcome.chance, result.hit) == (None, 1, True)
    edge_sources = {edge.source for edge in result.edges}
    assert not edge_sources & set(result.not_applied)
    effects = {edge.effect for edge in result.edges}
    expected = "normal" if len(effects) != 1 else effects.pop()
    assert result.dice_mode == expected
    if inputs["ranged"]:
        assert not (inputs["attacker_blind"] or inputs["underwater"] or inputs["two_weapons"]
                    or inputs["unarmed"])
    if inputs["unarmed"]:
        assert all(roll.label == "attack" for roll in outcome.rolls)


@settings(max_examples=40, deadline=None)
@given(attack_inputs(), SEEDS, st.sampled_from(["cs", "en"]))
def test_every_answer_conforms_to_its_documented_result(
    app: Flask, inputs: dict[str, Any], seed: int, lang: str
) -> None:
    conforms(app, "attack", inputs, seed, lang)


@settings(max_examples=100, deadline=None)
@given(attack_inputs(), st.integers(2, 6), SEEDS)
def test_a_group_adds_up_its_attacks(inputs: dict[str, Any], count: int, seed: int) -> None:
    outcome = attack(SeededDice(seed), **inputs, count=count)
    group = outcome.result
    assert len(group.each) == group.summary.count == count
    assert group.summary.successes == sum(r.hit for r in group.each)
    assert group.summary.damage == sum(r.damage for r in group.each)
    assert sum(r.label == "attack" for r in outcome.rolls) == (
        0 if inputs["full_cover"] else count)
    distribution = group.successes_distribution
    assert len(distribution) == count + 1 and sum(distribution) == 1
    assert distribution[count] == outcome.chance ** count


@st.composite
def reach_inputs(draw: st.DrawFn) -> dict[str, Any]:
    inputs: dict[str, Any] = {"ac": draw(st.integers(0, 40)), "damage": "1d6",
                              "ranged": draw(st.booleans()), "helpless": draw(st.booleans()),
                              "auto_critical": draw(st.booleans()),
                              "advantage": draw(st.booleans()),
                              "strength_modifier": draw(st.integers(-3, 3))}
    for name, values in (("weapon_class", st.sampled_from(WEAPON_CLASSES)),
                         ("zone", st.sampled_from(combat.ZONES)),
                         ("distance_m", st.floats(0, 200, allow_nan=False))):
        if draw(st.booleans()):
            inputs[name] = draw(values)
    if draw(st.booleans()):
        inputs.update(invulnerable_monsters=True, target_level=draw(st.integers(0, 10)),
                      magic_weapon=draw(st.booleans()))
    return inputs


@settings(max_examples=300, deadline=None)
@given(reach_inputs(), SEEDS)
def test_every_reach_and_optional_rule_is_a_result_or_a_rule_error(
    inputs: dict[str, Any], seed: int
) -> None:
    outcome = _result_or_rule_error(inputs, seed)
    if outcome is None:
        return
    result = outcome.result
    weapon_class = inputs.get("weapon_class")
    zone = inputs.get("zone") or (combat.range_zone_of(inputs["distance_m"]).zone
                                  if "distance_m" in inputs else None)
    assert result.zone == zone
    hampered = zone is not None and weapon_class in ZONE_REACH[zone][1]
    assert (Edge("zone", "disadvantage") in result.edges) is (hampered and not inputs["helpless"])
    assert ("zone" in result.not_applied) is (hampered and inputs["helpless"])
    if zone not in (None, "blizko"):
        assert inputs["ranged"] or weapon_class in RANGED_CLASSES
    if inputs["auto_critical"]:
        assert inputs["helpless"] and result.critical and len(outcome.rolls) == 0
    invulnerable = (inputs.get("invulnerable_monsters", False) and inputs["target_level"] >= 5
                    and not inputs["magic_weapon"])
    assert result.invulnerable is (invulnerable and result.hit)
    if result.invulnerable:
        assert result.damage == 0
    elif result.hit:
        assert result.damage >= 1
