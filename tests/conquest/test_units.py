"""Dobývání soustav [Přehled jednotek]: the unit table as the rules print it; unit names match
whatever their case, and an unknown one quotes the table."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from rpg.conquest import game as conquest
from rpg.conquest.game import UNITS, unit_named, units
from rpg.core.catalog import catalog
from rpg.core.dice import ReplayDice
from rpg.core.errors import RuleError
from tests.games import answered, refused, without_dice

PATH = "conquest/units"


def test_the_unit_table_as_the_rules_print_it() -> None:
    rows = {u.name: (u.hp, u.attack, u.defense, u.range_min, u.range_max, u.movement, u.regen,
                     u.cost) for u in UNITS}
    assert rows == {
        "Dreadnought": (15, 7, 2, 1, 3, 2, 1, 350),
        "Scout": (4, 2, 0, 1, 3, 4, 1, 50),
        "Frigate": (9, 4, 1, 1, 4, 3, 2, 100),
        "Destroyer": (5, 11, 2, 3, 6, 1, 2, 400),
        "Displacer": (7, 4, 0, 1, 3, 3, 1, 150),
        "Extractor": (8, 0, 0, 0, 0, 0, 0, 500),
        "Mechanic": (4, 1, 0, 1, 3, 2, 1, 150),
    }
    outcome = units(ReplayDice([]))
    assert outcome.result.units == UNITS
    assert (outcome.rolls, outcome.chance) == ((), None)


@pytest.mark.parametrize("name", ["scout", "SCOUT", " Scout ", "sCoUt"])
def test_unit_names_match_case_insensitively(name: str) -> None:
    assert unit_named(name).name == "Scout"


def test_an_unknown_unit_quotes_the_table() -> None:
    with pytest.raises(RuleError) as caught:
        unit_named("Cruiser", "attacker")
    assert caught.value.field == "attacker"
    assert "„Přehled jednotek: Dreadnought, Scout" in caught.value.message.cs
    assert "Unknown unit 'Cruiser'" in caught.value.message.en


def test_every_rule_sentence_is_quoted_in_both_languages() -> None:
    quotes = [key for key in catalog() if key.startswith("conquest.quote.")
              and key != "conquest.quote.thousands"]
    assert len(quotes) >= 15
    for key in quotes:
        quoted = conquest.quote(key.removeprefix("conquest.quote."))
        assert quoted.cs.count("„") == 1 and quoted.en.count("“") == 1, key


def test_over_http(client: FlaskClient) -> None:
    answered(client, PATH, {})
    without_dice(client, PATH, {})
    units = client.get("/api/v1/conquest/units").get_json()["result"]["units"]
    assert [u["name"] for u in units] == list(conquest.UNIT_NAMES)
    assert units[3] == {"name": "Destroyer", "hp": 5, "attack": 11, "defense": 2,
                        "range_min": 3, "range_max": 6, "movement": 1, "regen": 2, "cost": 400}


def test_unit_names_any_case_are_echoed_as_the_table_spells_them(client: FlaskClient) -> None:
    body = client.get("/api/v1/conquest/attack?attacker=DESTROYER&target=frigate&distance=3"
                      ).get_json()
    assert body["input"]["attacker"] == "Destroyer" and body["input"]["target"] == "Frigate"
    assert body["result"]["damage"] == 10 and body["result"]["destroyed"] is True
    refused(client, "conquest/attack", {"attacker": "Cruiser", "target": "Scout",
                                        "distance": 1}, "attacker",
            "„Přehled jednotek: Dreadnought")
    refused(client, "conquest/buy", {"units": {"Tank": 1}}, "units", "„Přehled jednotek")


def test_unit_names_are_documented_with_their_bound(client: FlaskClient) -> None:
    schemas = client.get("/api/v1/openapi.json").get_json()["components"]["schemas"]
    names = schemas["ConquestAttackArgs"]["properties"]["attacker"]
    assert names["maxLength"] == 40 and "Dreadnought" in names["description"]
    assert names["enum"] == list(conquest.UNIT_NAMES)


#: Golden vectors: inputs covering every branch of the rule, refusals included; the
#: calculators' JavaScript must give the engine's answer for each (tests/calculators).
GOLDEN: dict[str, list[dict[str, Any]]] = {PATH: [{}]}
