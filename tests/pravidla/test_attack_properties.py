"""Property tests of ``attack`` over the whole input space: the to-hit and damage invariants,
every combination of the situations a result or a rule error, every answer as documented."""

from __future__ import annotations

from typing import Any

from flask import Flask
from hypothesis import given, settings
from hypothesis import strategies as st

from rpg.core.dice import SeededDice
from rpg.core.errors import RuleError
from rpg.core.notation import parse
from rpg.pravidla import combat
from rpg.pravidla.attack import (
    DEFENSES,
    RANGED_CLASSES,
    SITUATIONS,
    WEAPON_CLASSES,
    WEAPONS,
    ZONE_REACH,
    Edge,
    attack,
)
from rpg.pravidla.d20 import D20
from tests.pravidla.invariants import ANY_INTS, FATIGUES, MODIFIERS, SEEDS, conforms

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


@settings(max_examples=200, deadline=None)
@given(situation_inputs(), SEEDS)
def test_every_flag_combination_is_a_result_or_a_rule_error(
    inputs: dict[str, Any], seed: int
) -> None:
    try:
        outcome = attack(SeededDice(seed), **inputs)
    except RuleError as error:
        assert error.field is not None
        assert error.message.cs and error.message.en
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
    try:
        outcome = attack(SeededDice(seed), **inputs)
    except RuleError as error:
        assert error.field is not None
        assert error.message.cs and error.message.en
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
