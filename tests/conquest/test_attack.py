"""Dobývání soustav [Útok]: "Poškození = síla útoku – pasivní obrana cíle. Cílová jednotka musí
být v dosahu. Je možné útočit i na vlastní jednotky."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

from rpg.conquest import game
from rpg.conquest.attack import attack
from rpg.core.dice import ReplayDice
from rpg.core.errors import RuleError
from tests.games import answered, refused, without_dice

PATH = "conquest/attack"

unit_names = st.sampled_from(game.UNIT_NAMES).flatmap(
    lambda name: st.sampled_from([name, name.lower(), name.upper()]))
any_names = unit_names | st.text(max_size=12)


@pytest.mark.parametrize(("attacker", "target", "distance", "counters", "expected"), [
    ("Dreadnought", "Frigate", 2, 0, (True, 6, 6, 3, False)),
    ("Dreadnought", "Frigate", 1, 0, (True, 6, 6, 3, False)),     # range_min inclusive
    ("Dreadnought", "Frigate", 3, 0, (True, 6, 6, 3, False)),     # range_max inclusive
    ("Dreadnought", "Frigate", 4, 0, (False, 0, 6, 9, False)),    # beyond range: nothing dealt
    ("Destroyer", "Scout", 2, 0, (False, 0, 11, 4, False)),       # under the Destroyer's 3
    ("Destroyer", "Dreadnought", 6, 5, (True, 9, 9, 1, False)),
    ("Destroyer", "Dreadnought", 6, 6, (True, 9, 9, 0, True)),
    ("Scout", "Dreadnought", 1, 0, (True, 0, 0, 15, False)),      # never below 0
    ("Mechanic", "Scout", 3, 3, (True, 1, 1, 0, True)),
    ("Extractor", "Scout", 1, 0, (False, 0, 0, 4, False)),        # range "0": reaches no hex
    ("Frigate", "Frigate", 4, 0, (True, 3, 3, 6, False)),         # own units may be attacked
])
def test_attack(attacker: str, target: str, distance: int, counters: int,
                expected: tuple) -> None:
    result = attack(ReplayDice([]), attacker=attacker, target=target, distance=distance,
                    target_damage=counters).result
    assert (result.in_range, result.damage, result.damage_if_in_range, result.hp_left,
            result.destroyed) == expected


def test_attack_text() -> None:
    assert attack(ReplayDice([]), attacker="destroyer", target="frigate", distance=3).text.cs == (
        "Destroyer → Frigate na 3 hexy (dosah 3–6): poškození 11 − 1 = 10; životy cíle 9 − 10 → "
        "0, cíl je zničen a odstraní se z mapy.")
    assert attack(ReplayDice([]), attacker="Scout", target="Frigate", distance=5).text.cs == (
        "Scout → Frigate na 5 hexů: mimo dosah (1–3), „Cílová jednotka musí být v dosahu.“")
    assert attack(ReplayDice([]), attacker="Scout", target="Frigate", distance=1).text.en == (
        "Scout → Frigate at 1 hex (range 1–3): damage 2 − 1 = 1; the target's hit points 9 − 1 "
        "= 8.")


def test_every_term_of_the_hit_points_is_shown_and_a_clamp_written_as_one() -> None:
    text = attack(ReplayDice([]), attacker="Destroyer", target="Frigate", distance=4,
                  target_damage=2).text
    assert "životy cíle 9 − 2 (už na cíli) − 10 → 0, cíl je zničen" in text.cs
    assert "hit points 9 − 2 (already on it) − 10 → 0, the target is destroyed" in text.en
    # A defence above the attack deals nothing: 1 − 2 is a clamp to 0, not a sum.
    weak = attack(ReplayDice([]), attacker="Mechanic", target="Dreadnought", distance=1,
                  target_damage=3).text.cs
    assert weak == ("Mechanic → Dreadnought na 1 hex (dosah 1–3): poškození 1 − 2 → 0; životy "
                    "cíle 15 − 3 (už na cíli) = 12.")
    # No defence and no counters: nothing to subtract but the damage.
    assert "poškození 4; životy cíle 4 − 4 = 0" in attack(
        ReplayDice([]), attacker="Frigate", target="Scout", distance=2).text.cs


def test_a_unit_gone_from_the_map_is_worded_with_its_numbers() -> None:
    with pytest.raises(RuleError) as caught:
        attack(ReplayDice([]), attacker="Scout", target="Mechanic", distance=1, target_damage=4)
    assert caught.value.message.cs.startswith(
        "Mechanic má jen 4 životy: s 4 damage countery už není na mapě.")
    assert caught.value.message.en.startswith(
        "A Mechanic has only 4 hit points: with 4 damage counters it is no longer on the map.")


@pytest.mark.parametrize(("inputs", "field", "words"), [
    ({"attacker": "Scout", "target": "Frigate", "distance": -1}, "distance",
     "„Cílová jednotka musí být v dosahu.“"),
    ({"attacker": "Scout", "target": "Frigate", "distance": 1, "target_damage": 9},
     "target_damage", "je odstraněna z mapy"),
    ({"attacker": "Scout", "target": "Frigate", "distance": 1, "target_damage": -1},
     "target_damage", "damage countery"),
    ({"attacker": "Scout", "target": "Tank", "distance": 1}, "target", "Přehled jednotek"),
])
def test_bad_attack_inputs_quote_the_rule(inputs: dict, field: str, words: str) -> None:
    with pytest.raises(RuleError) as caught:
        attack(ReplayDice([]), **inputs)
    assert caught.value.field == field
    assert words in caught.value.message.cs


@settings(max_examples=150, deadline=None)
@given(any_names, any_names, st.integers(-2, 10), st.integers(-2, 20))
def test_attack_invariants(attacker: str, target: str, distance: int, counters: int) -> None:
    try:
        result = attack(ReplayDice([]), attacker=attacker, target=target, distance=distance,
                        target_damage=counters).result
    except RuleError as error:
        assert error.field in ("attacker", "target", "distance", "target_damage")
        return
    hitter, victim = game.unit_named(attacker), game.unit_named(target)
    assert result.in_range == (hitter.range_min <= distance <= hitter.range_max)
    assert result.damage == (max(0, hitter.attack - victim.defense) if result.in_range else 0)
    assert result.hp_left == max(0, victim.hp - counters - result.damage)
    assert result.destroyed == (result.hp_left == 0)


def test_over_http(client: FlaskClient) -> None:
    inputs = {"attacker": "destroyer", "target": "Frigate", "distance": 4}
    answered(client, PATH, inputs)
    without_dice(client, PATH, inputs)
    refused(client, PATH, {"attacker": "Scout", "target": "Scout", "distance": -1}, "distance",
            "„Cílová jednotka musí být v dosahu.“")
    refused(client, PATH, {"attacker": "Scout", "target": "Scout", "distance": 1,
                           "target_damage": 4}, "target_damage", "je odstraněna z mapy.“")


#: Golden vectors: inputs covering every branch of the rule, refusals included; the
#: calculators' JavaScript must give the engine's answer for each (tests/calculators). The
#: refusals the form prevents (numbers out of their bounds, units it offers no other than
#: the table's) are the engine's own, tested above.
GOLDEN: dict[str, list[dict[str, Any]]] = {
    PATH: [
        {"attacker": "Frigate", "target": "Scout", "distance": 2},
        {"attacker": "Frigate", "target": "Scout", "distance": 5},
        {"attacker": "Destroyer", "target": "Dreadnought", "distance": 2},
        {"attacker": "destroyer", "target": "DREADNOUGHT", "distance": 6, "target_damage": 3},
        {"attacker": "Destroyer", "target": "Frigate", "distance": 4, "target_damage": 2},
        {"attacker": "Scout", "target": "Dreadnought", "distance": 1},
        {"attacker": "Extractor", "target": "Scout", "distance": 0},
        {"attacker": "Mechanic", "target": "Mechanic", "distance": 1, "target_damage": 3},
        {"attacker": "Dreadnought", "target": "Displacer", "distance": 3, "target_damage": 1},
        {"attacker": "Scout", "target": "Frigate", "distance": 1, "target_damage": 9},
    ],
}
