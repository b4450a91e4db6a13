"""Property tests: every combination of attack situations is a result or a rule error; the
fast-travel split keeps hp consistent with the allocation."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rpg.core.dice import SeededDice
from rpg.core.errors import RuleError
from rpg.pravidla.attack import SITUATIONS, WEAPONS, attack
from rpg.pravidla.wilderness import fast_travel_split

seeds = st.integers(0, 2**63 - 1)


@st.composite
def attack_inputs(draw: st.DrawFn) -> dict[str, Any]:
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
@given(attack_inputs(), seeds)
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
