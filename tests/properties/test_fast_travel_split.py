"""[Rychlé cestování] "Rozdělení poškození": the text and the next step over any split.

(The split's arithmetic is checked over any party in
``tests/pravidla/test_fast_travel_split_properties.py``.)"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rpg.core.dice import SeededDice
from rpg.core.outcome import Next
from rpg.pravidla.wilderness import fast_travel_split


@st.composite
def splits(draw: st.DrawFn) -> dict[str, Any]:
    hps = draw(st.lists(st.integers(1, 50), min_size=1, max_size=8))
    names = draw(st.lists(st.text(st.characters(codec="utf-8"), min_size=1, max_size=40),
                          min_size=len(hps),
                          max_size=len(hps), unique=True))
    points = [draw(st.integers(0, 60)) for _ in hps]
    party = [{"name": name, "hp": hp} for name, hp in zip(names, hps, strict=True)]
    return {"party": party, "damage": sum(points),
            "allocation": dict(zip(names, points, strict=True))}


@settings(max_examples=200, deadline=None)
@given(splits())
def test_a_death_calls_for_the_milder_death_and_a_clamp_is_written_as_one(
    inputs: dict[str, Any]
) -> None:
    outcome = fast_travel_split(SeededDice(0), **inputs)
    result = outcome.result
    assert outcome.next == ((Next("death-save"),) if result.dead else ())
    for member in inputs["party"]:
        name, hp, points = member["name"], member["hp"], inputs["allocation"][member["name"]]
        sign = "→" if points > hp else "="
        assert f"{name} {hp} − {points} {sign} {max(0, hp - points)}" in outcome.text.cs
    assert outcome.text.cs.count(": smrt po cestě, nebo místo ní") >= len(result.dead)
