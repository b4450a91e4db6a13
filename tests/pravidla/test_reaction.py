"""[Akce monster] the reaction roll: 2d6 + modifier on the five-band table."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rpg.core.dice import ReplayDice, SeededDice
from rpg.pravidla import encounters
from rpg.pravidla.encounters import REACTION_TABLE, reaction
from tests.enumeration import outcomes


@pytest.mark.parametrize(("dice", "modifier", "total", "band", "reaction_cs", "npc_cs"), [
    ([1, 1], 0, 2, "hostile-attacks", "Nepřátelský, zaútočí", "Negativní"),
    ([1, 1], -6, -4, "hostile-attacks", "Nepřátelský, zaútočí", "Negativní"),
    ([1, 2], 0, 3, "hostile-may-attack", "Nepřátelský, může zaútočit",
     "Neutrální, příklon k negativní"),
    ([2, 3], 0, 5, "hostile-may-attack", "Nepřátelský, může zaútočit",
     "Neutrální, příklon k negativní"),
    ([3, 3], 0, 6, "uncertain", "Neutrální, nejistý", "Neutrální – zkus znovu"),
    ([4, 4], 0, 8, "uncertain", "Neutrální, nejistý", "Neutrální – zkus znovu"),
    ([4, 5], 0, 9, "indifferent", "Lhostejný", "Neutrální, příklon k pozitivní"),
    ([5, 6], 0, 11, "indifferent", "Lhostejný", "Neutrální, příklon k pozitivní"),
    ([6, 6], 0, 12, "friendly", "Přátelský, nápomocný", "Pozitivní"),
    ([6, 6], -1, 11, "indifferent", "Lhostejný", "Neutrální, příklon k pozitivní"),
    ([5, 5], 2, 12, "friendly", "Přátelský, nápomocný", "Pozitivní"),
    ([1, 1], 6, 8, "uncertain", "Neutrální, nejistý", "Neutrální – zkus znovu"),
    ([2, 1], -1, 2, "hostile-attacks", "Nepřátelský, zaútočí", "Negativní"),
    ([6, 6], 6, 18, "friendly", "Přátelský, nápomocný", "Pozitivní"),
])
def test_every_band(
    dice: list[int], modifier: int, total: int, band: str, reaction_cs: str, npc_cs: str
) -> None:
    result = reaction(ReplayDice(dice), modifier=modifier).result
    assert (result.total, result.band) == (total, band)
    assert (result.reaction.cs, result.npc_interaction.cs) == (reaction_cs, npc_cs)


@pytest.mark.parametrize("modifier", range(-6, 7))
def test_distribution_and_chance_against_enumeration(modifier: int) -> None:
    counted: dict[str, object] = {}
    for weight, outcome in outcomes(reaction, modifier=modifier):
        counted[outcome.result.band] = counted.get(outcome.result.band, 0) + weight
    rolled = reaction(ReplayDice([3, 4]), modifier=modifier)
    published = {c.band: c.probability for c in rolled.result.distribution}
    assert {band: p for band, p in published.items() if p} == counted
    assert sum(published.values()) == 1
    assert rolled.chance == counted[rolled.result.band]


def test_text_in_both_languages() -> None:
    outcome = reaction(ReplayDice([6, 6]), modifier=-1)
    assert outcome.text.cs == (
        "Reakce: 2d6 = 6 + 6 = 12 − 1 = 11 → Lhostejný (NPC: Neutrální, příklon k pozitivní).")
    assert outcome.text.en == (
        "Reaction: 2d6 = 6 + 6 = 12 − 1 = 11 → Indifferent (NPC: Neutral, leaning positive).")


#: Golden vectors: inputs covering every branch of the rule, refusals included; the
#: calculators' JavaScript must give the engine's answer for each (tests/calculators).
GOLDEN: dict[str, list[dict[str, Any]]] = {
    "reaction": [
        {"modifier": m}
        for m in range(encounters.REACTION_MODIFIER_MIN, encounters.REACTION_MODIFIER_MAX + 1)
    ],
}


# --- properties --------------------------------------------------------------------------------
# Over the whole input space (hypothesis).

seeds = st.integers(0, 2**63 - 1)


@settings(max_examples=150)
@given(st.integers(-6, 6), seeds)
def test_reaction_band_matches_the_total(modifier: int, seed: int) -> None:
    outcome = reaction(SeededDice(seed), modifier=modifier)
    result = outcome.result
    assert result.total == outcome.rolls[0].total + modifier
    band = next(b for b in REACTION_TABLE if b.band == result.band)
    assert band.holds(result.total)
    assert sum(c.probability for c in result.distribution) == 1
