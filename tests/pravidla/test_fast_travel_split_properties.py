"""Property tests of ``fast-travel-split``: hp stay consistent with the allocation, and an
allocation that does not sum to the damage is a rule error quoting the rule."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rpg.core.dice import SeededDice
from rpg.core.errors import RuleError
from rpg.pravidla.wilderness import fast_travel_split


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
