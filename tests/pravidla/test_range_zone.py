"""[Zóny dosahu] the abstract zone of a distance; a started metre counts as a whole one."""

from __future__ import annotations

import pytest

from rpg.core.dice import ReplayDice
from rpg.core.errors import RuleError
from rpg.pravidla.combat import RANGE_ZONES, range_zone


@pytest.mark.parametrize(("distance", "counted", "zone", "name_cs"), [
    (0, 0, "blizko", "Blízko"),
    (5, 5, "blizko", "Blízko"),
    (4.2, 5, "blizko", "Blízko"),
    (5.0001, 6, "poblize", "Poblíž"),
    (6, 6, "poblize", "Poblíž"),
    (25, 25, "poblize", "Poblíž"),
    (25.5, 26, "daleko", "Daleko"),
    (26, 26, "daleko", "Daleko"),
    (50, 50, "daleko", "Daleko"),
    (50.1, 51, "velmi-daleko", "Velmi daleko"),
    (100, 100, "velmi-daleko", "Velmi daleko"),
    (100.01, 101, "extremne-daleko", "Extrémně daleko"),
    (101, 101, "extremne-daleko", "Extrémně daleko"),
    (100_000, 100_000, "extremne-daleko", "Extrémně daleko"),
])
def test_zone_boundaries(distance: float, counted: int, zone: str, name_cs: str) -> None:
    outcome = range_zone(ReplayDice([]), distance_m=distance)
    assert (outcome.result.counted_m, outcome.result.zone) == (counted, zone)
    assert outcome.result.name.cs == name_cs
    assert outcome.rolls == () and outcome.chance is None


@pytest.mark.parametrize(("zone", "rounds", "attacks"), [
    ("blizko", "během jednoho kola", "všechny druhy útoků"),
    ("poblize", "(až 5)", "hozenými zbraněmi"),
    ("daleko", "během několika kol (až 10)", "malé střelné zbraně útočí s nevýhodou"),
    ("velmi-daleko", "(až 20)", "střední střelné zbraně útočí s nevýhodou"),
    ("extremne-daleko", "desítky až stovky kol", "velkou střelnou zbraní"),
])
def test_each_zone_says_what_the_rules_say(zone: str, rounds: str, attacks: str) -> None:
    row = next(r for r in RANGE_ZONES if r.zone == zone)
    assert rounds in row.rounds_to_reach.cs
    assert attacks in row.allowed_attacks.cs
    assert "břehem" not in row.rounds_to_reach.cs  # the source's typo, read as "během"


@pytest.mark.parametrize("distance", [-0.5, -1, float("nan"), float("inf")])
def test_impossible_distances_are_rule_errors(distance: float) -> None:
    with pytest.raises(RuleError) as error:
        range_zone(ReplayDice([]), distance_m=distance)
    assert error.value.field == "distance_m"


def test_text_in_both_languages() -> None:
    outcome = range_zone(ReplayDice([]), distance_m=12.3)
    assert outcome.text.cs == ("13 m → Poblíž (6–25 m): přesun k cíli je možný během pár kol "
                               "(až 5); jsou možné útoky jen hozenými zbraněmi a všemi typy "
                               "střelných zbraní.")
    assert outcome.text.en.startswith("13 m → Near (6–25 m): the target can be reached within")
