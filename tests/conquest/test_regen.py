"""Dobývání soustav [Regenerace]: a unit repairs its regen, +1 per Mechanic in range, never more
than 5 in one turn."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

from rpg.conquest import game
from rpg.conquest.game import unit_named
from rpg.conquest.regen import REGEN_CAP, regen
from rpg.core.dice import ReplayDice
from rpg.core.errors import RuleError
from tests.games import answered, refused, without_dice

PATH = "conquest/regen"

unit_names = st.sampled_from(game.UNIT_NAMES).flatmap(
    lambda name: st.sampled_from([name, name.lower(), name.upper()]))
any_names = unit_names | st.text(max_size=12)


@pytest.mark.parametrize(("unit", "damage", "mechanics", "repaired", "capped"), [
    ("Frigate", 3, 0, 2, False),
    ("Frigate", 1, 0, 1, False),        # never more than the damage
    ("Frigate", 0, 3, 0, False),
    ("Frigate", 8, 2, 4, False),
    ("Dreadnought", 14, 4, 5, False),   # exactly 5: no cap needed
    ("Dreadnought", 14, 9, 5, True),    # the cap of 5
    ("Dreadnought", 4, 9, 4, False),    # the damage, under the cap
    ("Extractor", 3, 0, 0, False),      # regen 0: only Mechanics help it
    ("Extractor", 3, 2, 2, False),
])
def test_regen(unit: str, damage: int, mechanics: int, repaired: int, capped: bool) -> None:
    result = regen(ReplayDice([]), unit=unit, damage=damage, mechanics_in_range=mechanics).result
    assert (result.repaired, result.damage_left, result.capped) == (
        repaired, damage - repaired, capped)
    assert result.hp == unit_named(unit).hp - damage + repaired


@pytest.mark.parametrize(("mechanics", "cs", "en"), [
    (1, "regen 1 + 1 (Mechanic v dosahu) = 2", "regen 1 + 1 (Mechanic in range) = 2"),
    (2, "regen 1 + 2 (Mechanicy v dosahu) = 3", "regen 1 + 2 (Mechanics in range) = 3"),
    (5, "regen 1 + 5 (Mechaniků v dosahu) = 6", "regen 1 + 5 (Mechanics in range) = 6"),
])
def test_the_mechanics_agree_with_their_count(mechanics: int, cs: str, en: str) -> None:
    text = regen(ReplayDice([]), unit="Dreadnought", damage=9,
                 mechanics_in_range=mechanics).text
    assert cs in text.cs and en in text.en


def test_regen_text_and_bad_inputs() -> None:
    assert regen(ReplayDice([]), unit="Dreadnought", damage=10, mechanics_in_range=6).text.cs == (
        "Dreadnought: regen 1 + 6 (Mechaniků v dosahu) = 7, nejvýše 5 za kolo → opraví 5, "
        "zbývá 5 poškození, 10/15 životů.")
    assert regen(ReplayDice([]), unit="Frigate", damage=3).text.en == (
        "Frigate: regen 2 → repairs 2, 1 damage left, 8/9 hp.")
    with pytest.raises(RuleError) as caught:
        regen(ReplayDice([]), unit="Scout", damage=1, mechanics_in_range=-1)
    assert caught.value.field == "mechanics_in_range"
    assert "„Mechanic: pasivní +1 k regeneraci" in caught.value.message.cs


@settings(max_examples=150, deadline=None)
@given(any_names, st.integers(-3, 20), st.integers(-3, 20))
def test_regen_never_exceeds_five_or_the_damage(name: str, damage: int, mechanics: int) -> None:
    try:
        result = regen(ReplayDice([]), unit=name, damage=damage,
                       mechanics_in_range=mechanics).result
    except RuleError as error:
        assert error.field in ("unit", "damage", "mechanics_in_range")
        return
    unit = game.unit_named(name)
    assert 0 <= result.repaired <= min(REGEN_CAP, damage)
    assert result.repaired == min(damage, unit.regen + mechanics, 5)
    assert result.damage_left + result.repaired == damage
    assert 0 < result.hp <= unit.hp


def test_over_http(client: FlaskClient) -> None:
    inputs = {"unit": "Dreadnought", "damage": 9, "mechanics_in_range": 5}
    assert answered(client, PATH, inputs)["result"]["repaired"] == 5
    without_dice(client, PATH, inputs)
    refused(client, PATH, {"unit": "Scout", "damage": -1}, "damage", "damage countery.“")


#: Golden vectors: inputs covering every branch of the rule, refusals included; the
#: calculators' JavaScript must give the engine's answer for each (tests/calculators). The
#: refusals the form prevents (numbers out of their bounds, units it offers no other than
#: the table's) are the engine's own, tested above.
GOLDEN: dict[str, list[dict[str, Any]]] = {
    PATH: [
        {"unit": "Frigate", "damage": 3},
        {"unit": "Scout", "damage": 3, "mechanics_in_range": 1},
        {"unit": "dreadnought", "damage": 10, "mechanics_in_range": 5},
        {"unit": "Dreadnought", "damage": 4, "mechanics_in_range": 9},
        {"unit": "Destroyer", "damage": 0},
        {"unit": "Extractor", "damage": 2},
        {"unit": "Dreadnought", "damage": 14, "mechanics_in_range": 12},
        {"unit": "Scout", "damage": 4},
    ],
}
