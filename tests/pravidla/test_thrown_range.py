"""[Hození zbraně]: effective and ineffective range."""

from __future__ import annotations

from rpg.core.dice import ReplayDice
from rpg.pravidla.situations import thrown_range

NO_DICE = ReplayDice([])


def test_thrown_range() -> None:
    # "do efektivní vzdálenosti danou její hodnotou síly (Poblíž)";
    # "Neefektivní vzdálenost je pak dvojnásobek Síly."
    outcome = thrown_range(NO_DICE, strength=12)
    result = outcome.result
    ranges = (result.effective_range_m, result.ineffective_range_m, result.zone)
    assert ranges == (12, 24, "poblize")
    assert "modifikátor síly" in result.damage_note.cs
    assert outcome.rule.url == "/pravidla/ostatni-bojove-situace/#hozeni-zbrane"
