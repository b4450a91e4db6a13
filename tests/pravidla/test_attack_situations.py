"""[Ostatní bojové situace] as flags of ``attack``: one test per rule sentence, explicit dice."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from rpg.core.dice import ReplayDice
from rpg.core.errors import RuleError
from rpg.pravidla.attack import SITUATIONS, Edge, Modifier, attack
from tests.enumeration import probability

OTHER_COMBAT = "/pravidla/ostatni-bojove-situace/#ostatni-bojove-situace"


@pytest.mark.parametrize(("flags", "dice", "mode", "sources", "kept"), [
    # "útoky na blízko proti neozbrojenému cíli jsou vždy s výhodou"
    ({"target_unarmed": True}, [4, 15, 5], "advantage", ["target_unarmed"], 15),
    # "V každém kole co leží stvoření na zemi ... jsou všechny jeho útoky házeny s nevýhodou"
    ({"attacker_prone": True}, [4, 15], "disadvantage", ["attacker_prone"], 4),
    ({"attacker_prone": True, "ranged": True}, [4, 15], "disadvantage", ["attacker_prone"], 4),
    # "všechny útoky na blízku proti takovému stvoření jsou házeny s výhodou"
    ({"target_prone": True}, [4, 15, 5], "advantage", ["target_prone"], 15),
    # [Slepota] "Sám na blízku útočí s nevýhodou."
    ({"attacker_blind": True}, [4, 15], "disadvantage", ["attacker_blind"], 4),
    # "všechny útoky na blízku co na něj cílí jsou s výhodou"
    ({"target_blind": True}, [4, 15, 5], "advantage", ["target_blind"], 15),
    # [Nestabilní povrchy] "Útoky na dálku: Probíhají s nevýhodou."
    ({"unstable": True, "ranged": True}, [4, 15], "disadvantage", ["unstable"], 4),
    # [Boj pod vodou] "Všechny útoky na blízku mimo těch bodných jsou házeny s nevýhodou."
    ({"underwater": True, "weapon": "slashing"}, [4, 15], "disadvantage", ["underwater"], 4),
    ({"underwater": True, "weapon": "blunt"}, [4, 15], "disadvantage", ["underwater"], 4),
    ({"underwater": True, "weapon": "piercing"}, [15, 5], "normal", [], 15),
    # any number of advantages against any number of disadvantages cancel to one die
    ({"target_prone": True, "target_blind": True, "target_unarmed": True,
      "attacker_prone": True}, [15, 5], "normal",
     ["target_unarmed", "attacker_prone", "target_prone", "target_blind"], 15),
    ({"advantage": True, "attacker_blind": True}, [15, 5], "normal",
     ["advantage", "attacker_blind"], 15),
    ({"disadvantage": True, "attacker_prone": True}, [4, 15], "disadvantage",
     ["disadvantage", "attacker_prone"], 4),
])
def test_edges_of_each_situation(
    flags: dict[str, object], dice: list[int], mode: str, sources: list[str], kept: int
) -> None:
    outcome = attack(ReplayDice(dice), ac=10, damage="1d6", **flags)
    result = outcome.result
    assert result.dice_mode == mode
    assert [edge.source for edge in result.edges] == sources
    assert result.natural == kept
    assert result.hit is (kept >= 10)
    assert outcome.rolls[0].notation == {"normal": "1d20", "advantage": "2d20kh1",
                                         "disadvantage": "2d20kl1"}[mode]


@pytest.mark.parametrize(("flags", "not_applied"), [
    # melee-only advantages do nothing for a missile
    ({"ranged": True, "target_prone": True}, ["target_prone"]),
    ({"ranged": True, "target_blind": True, "target_unarmed": True},
     ["target_unarmed", "target_blind"]),
    # unstable ground spoils missiles only
    ({"unstable": True}, ["unstable"]),
    # a piercing weapon under water keeps its die
    ({"underwater": True, "weapon": "piercing"}, ["underwater"]),
])
def test_situations_that_do_not_touch_this_attack_are_listed(
    flags: dict[str, object], not_applied: list[str]
) -> None:
    result = attack(ReplayDice([15, 5]), ac=10, damage="1d6", **flags).result
    assert (result.dice_mode, result.edges) == ("normal", ())
    assert list(result.not_applied) == not_applied


def test_two_weapons_add_one_to_hit_and_to_damage() -> None:
    # "získává bonus +1 do zásahu, poškození a OČ"
    outcome = attack(ReplayDice([9, 5]), ac=10, damage="1d6", two_weapons=True)
    result = outcome.result
    assert (result.total, result.hit, result.base_damage, result.damage) == (10, True, 6, 6)
    assert Modifier("two_weapons", 1) in result.modifiers
    assert result.damage_modifiers == (Modifier("two_weapons", 1),)
    assert outcome.text.cs == ("Útok: 1d20 = 9 + 1 (dvě zbraně) = 10 ≥ OČ 10 → zásah, "
                               "poškození 1d6 = 5 + 1 (dvě zbraně) = 6.")
    assert outcome.rule.url == OTHER_COMBAT


def test_two_weapons_critical_adds_the_bonus_to_the_maximum() -> None:
    result = attack(ReplayDice([20]), ac=10, damage="1d6+1", two_weapons=True).result
    assert (result.critical, result.damage) == (True, 8)


@pytest.mark.parametrize(("strength", "dice", "damage", "critical"), [
    # "Neozbrojený útok má vždy poškození 1+modifikátor síly." No damage dice are rolled.
    (2, [15], 3, False),
    (0, [15], 1, False),
    (-3, [15], 1, False),       # a hit always deals at least 1
    (2, [20], 3, True),         # a natural 20: the maximum of 1 + Síla is the same
])
def test_unarmed_damage_is_one_plus_strength(
    strength: int, dice: list[int], damage: int, critical: bool
) -> None:
    outcome = attack(ReplayDice(dice), ac=10, unarmed=True, strength_modifier=strength)
    assert (outcome.result.damage, outcome.result.critical) == (damage, critical)
    assert [r.label for r in outcome.rolls] == ["attack"]


def test_unarmed_damage_is_strength_damage_so_fatigue_lowers_it() -> None:
    outcome = attack(ReplayDice([15]), ac=10, unarmed=True, strength_modifier=3, fatigue=2)
    assert (outcome.result.base_damage, outcome.result.damage) == (4, 2)
    assert outcome.text.cs.endswith(
        "neozbrojený útok 1 + 3 (modifikátor síly) − 2 (únava) = 2.")
    assert outcome.text.en.endswith(
        "unarmed attack 1 + 3 (strength modifier) − 2 (fatigue) = 2.")


def test_untrained_weapon_is_improvised_damage_rolled_twice_lower_kept() -> None:
    # "Netrénované zbraně: Jsou považovány za improvizované."
    outcome = attack(ReplayDice([15, 5, 2]), ac=10, damage="1d6", untrained=True)
    assert outcome.result.damage == 2
    assert [r.label for r in outcome.rolls] == ["attack", "damage", "damage-second"]


@pytest.mark.parametrize(("weapon", "damage", "halved"), [
    # "Poškození udělená Tupými nebo sečnými zbraněmi jsou poloviční."
    ("blunt", 3, True), ("slashing", 3, True), ("piercing", 7, False),
])
def test_underwater_halves_blunt_and_slashing_damage(
    weapon: str, damage: int, halved: bool
) -> None:
    dice = [15, 7] if weapon == "piercing" else [16, 15, 7]
    result = attack(ReplayDice(dice), ac=10, damage="1d8", underwater=True,
                    weapon=weapon).result
    assert (result.damage, result.damage_halved) == (damage, halved)


def test_underwater_halving_comes_before_resistance_and_the_minimum() -> None:
    result = attack(ReplayDice([15, 15, 1]), ac=10, damage="1d8", underwater=True,
                    weapon="blunt", defense="resistance").result
    assert (result.base_damage, result.damage) == (1, 1)


def test_helpless_target_is_hit_without_a_roll() -> None:
    # [Coup de grâce] "Jsou zasaženi útokem bez potřeby házet na zásah."
    outcome = attack(ReplayDice([4]), ac=40, damage="1d6", helpless=True, target_prone=True,
                     surrounded=True)
    result = outcome.result
    assert (result.natural, result.total, result.hit, result.damage) == (None, None, True, 4)
    assert (result.helpless, outcome.chance) == (True, Fraction(1))
    assert [r.label for r in outcome.rolls] == ["damage"]
    assert list(result.not_applied) == ["target_prone", "surrounded"]
    assert outcome.text.cs == "Útok na bezmocný cíl: zasažen bez hodu na zásah, poškození 1d6 = 4."


def test_a_helpless_target_still_takes_what_changes_the_damage() -> None:
    # Section 2c: not_applied never lists a situation that changed the result: two weapons add
    # +1 to the damage, and under water a blunt weapon's damage is halved, roll or no roll.
    outcome = attack(ReplayDice([6]), ac=10, damage="1d6", helpless=True, two_weapons=True,
                     underwater=True, weapon="blunt", surrounded=True)
    result = outcome.result
    assert (result.base_damage, result.damage, result.damage_halved) == (7, 3, True)
    assert result.not_applied == ("surrounded",)
    assert outcome.text.cs.endswith(
        "poškození 1d6 = 6 + 1 (dvě zbraně) = 7 (plné poškození → kritický zásah), pod vodou "
        "polovina = 3.")
    piercing = attack(ReplayDice([6]), ac=10, damage="1d6", helpless=True, underwater=True,
                      weapon="piercing").result
    assert (piercing.damage, piercing.not_applied) == (6, ("underwater",))


def test_coup_de_grace_with_the_gms_automatic_critical_hit() -> None:
    # [Coup de grâce] "PJ může povolit i automatický kritický zásah"
    outcome = attack(ReplayDice([]), ac=40, damage="2d4+1", helpless=True, auto_critical=True,
                     two_weapons=True)
    result = outcome.result
    assert (result.critical, result.base_damage, result.damage) == (True, 10, 10)
    assert outcome.rolls == ()
    assert outcome.text.cs == ("Útok na bezmocný cíl: zasažen bez hodu na zásah, automaticky "
                               "kritický zásah, maximální poškození 2d4+1 = 9 + 1 (dvě zbraně) = "
                               "10.")


def test_an_automatic_critical_needs_a_helpless_target() -> None:
    with pytest.raises(RuleError) as caught:
        attack(ReplayDice([15, 3]), ac=10, damage="1d6", auto_critical=True)
    assert caught.value.field == "auto_critical"
    assert "„PJ může povolit i automatický kritický zásah nebo okamžité zabití.“" in (
        caught.value.message.cs)


@pytest.mark.parametrize(("strength", "fatigue", "damage", "written"), [
    # [Hození zbraně] "K poškození se navíc pak připočítává její modifikátor síly."
    (2, 0, 5, "poškození 1d6 = 3 + 2 (modifikátor síly) = 5."),
    # damage modified by strength: fatigue lowers it ([Efekty únavy])
    (2, 1, 4, "poškození 1d6 = 3 + 2 (modifikátor síly) − 1 (únava) = 4."),
    (-3, 0, 1, "poškození 1d6 = 3 − 3 (modifikátor síly) → 1 (zásah vždy aspoň 1)."),
    (0, 0, 3, "poškození 1d6 = 3."),
])
def test_a_thrown_weapon_adds_the_strength_modifier(
    strength: int, fatigue: int, damage: int, written: str
) -> None:
    outcome = attack(ReplayDice([18, 3]), ac=10, damage="1d6", weapon_class="thrown",
                     strength_modifier=strength, fatigue=fatigue)
    assert (outcome.result.base_damage, outcome.result.damage) == (3 + strength, damage)
    assert outcome.text.cs.endswith(written)
    assert outcome.rule.url == "/pravidla/ostatni-bojove-situace/#hozeni-zbrane"


def test_helpless_full_damage_dice_still_count_as_critical() -> None:
    result = attack(ReplayDice([6]), ac=10, damage="1d6", helpless=True).result
    assert (result.critical, result.damage) == (True, 6)


def test_subdual_says_what_happens_at_zero() -> None:
    # [Přemožení] "Stvoření upadne do bezvědomí nebo se vzdá"
    outcome = attack(ReplayDice([15, 5]), ac=10, damage="1d6", subdual=True)
    assert outcome.result.subdual is True
    assert "upadne do bezvědomí nebo se vzdá" in outcome.text.cs
    assert "unconscious or surrenders" in outcome.text.en


def test_the_text_names_the_sources_that_cancelled() -> None:
    outcome = attack(ReplayDice([15, 5]), ac=10, damage="1d6", target_prone=True,
                     attacker_prone=True)
    assert outcome.text.cs.startswith(
        "Útok (útočník na zemi, cíl na zemi → výhoda a nevýhoda se ruší): 1d20 = 15")
    assert outcome.result.edges == (Edge("attacker_prone", "disadvantage"),
                                    Edge("target_prone", "advantage"))


@pytest.mark.parametrize(("flags", "field", "quote"), [
    ({"ranged": True, "attacker_blind": True}, "attacker_blind",
     "„Útoky na dálku nejsou možné.“"),
    ({"ranged": True, "underwater": True, "weapon": "piercing"}, "underwater",
     "„Útoky na dálku nejsou pod vodní hladinou většinou možné"),
    ({"ranged": True, "two_weapons": True}, "two_weapons", "„Jsou-li obě zbraně na blízku"),
    ({"untrained": True, "two_weapons": True}, "two_weapons", "postava je s oběma trénovaná"),
    ({"unarmed": True, "two_weapons": True, "damage": None}, "two_weapons",
     "Musí si při útoku vybrat, kterou útočí"),
    ({"unarmed": True, "ranged": True, "damage": None}, "unarmed", "„Neozbrojený útok"),
    ({"unarmed": True}, "damage", "„Neozbrojený útok má vždy poškození 1+modifikátor síly.“"),
    ({"unarmed": True, "improvised": True, "damage": None}, "improvised", "Neozbrojený"),
    ({"unarmed": True, "untrained": True, "damage": None}, "untrained", "Neozbrojený"),
    ({"unarmed": True, "weapon": "slashing", "damage": None}, "weapon", "Neozbrojený"),
    ({"strength_modifier": 2}, "strength_modifier", "Neozbrojený"),
    ({"underwater": True}, "weapon", "mimo těch bodných"),
    ({"helpless": True, "ranged": True, "full_cover": True}, "helpless",
     "kompletně schované v úkrytu"),
    ({"damage": None}, "damage", "'damage'"),
    ({"weapon": "fire"}, "weapon", "ne fire"),
])
def test_contradictions_are_rule_errors_quoting_the_rule(
    flags: dict[str, object], field: str, quote: str
) -> None:
    inputs = {"ac": 10, "damage": "1d6", **flags}
    with pytest.raises(RuleError) as error:
        attack(ReplayDice([]), **inputs)
    assert error.value.field == field
    assert quote in error.value.message.cs


def _hit(outcome: object) -> bool:
    return outcome.result.hit  # type: ignore[attr-defined]


EDGE_FLAGS = ("target_unarmed", "attacker_prone", "target_prone", "attacker_blind",
              "target_blind", "unstable", "underwater")


@pytest.mark.parametrize(("ranged", "flags"), [
    (ranged, dict(zip(EDGE_FLAGS, bits, strict=True)))
    for ranged in (False, True)
    for bits in product((False, True), repeat=len(EDGE_FLAGS))
    if not (ranged and (bits[3] or bits[6]))       # blind or underwater missiles are refused
][::7])
def test_chance_of_a_hit_with_any_flags_is_exact(ranged: bool, flags: dict[str, bool]) -> None:
    inputs = {"ac": 13, "bonus": 2, "damage": "1", "ranged": ranged, "weapon": "blunt",
              "surrounded": True, "fatigue": 1, **flags}
    outcome = attack(ReplayDice([10] * 2 + [1] * 2), **inputs)
    assert outcome.chance == probability(attack, _hit, **inputs)


@pytest.mark.parametrize("flags", [
    {"two_weapons": True, "target_prone": True},
    {"unarmed": True, "strength_modifier": 1, "damage": None, "attacker_blind": True},
    {"helpless": True, "attacker_prone": True},
    {"ranged": True, "full_cover": True, "unstable": True},
])
def test_chance_of_a_hit_with_the_other_situations_is_exact(flags: dict[str, object]) -> None:
    inputs = {"ac": 12, "damage": "1", **flags}
    if inputs["damage"] is None:
        del inputs["damage"]
    assert attack(ReplayDice([20] * 2), **inputs).chance == probability(attack, _hit, **inputs)


def test_every_situation_flag_is_listed() -> None:
    assert SITUATIONS == ("two_weapons", "unarmed", "target_unarmed", "untrained",
                          "attacker_prone", "target_prone", "attacker_blind", "target_blind",
                          "unstable", "underwater", "helpless", "subdual")
