"""[Útok obecně, Hody na útok, Ostatní bojové situace] to hit against OČ, then damage."""

from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import Any

import pytest

from rpg.core.dice import ReplayDice
from rpg.core.errors import RuleError
from rpg.pravidla.attack import DEFENSES, Edge, Modifier, attack, net_dice_mode
from tests.enumeration import probability


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
