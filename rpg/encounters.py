"""Encounter procedures of "Pravidla a procedury" [Náhlá setkání]: the reaction roll."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from rpg.citations import RULES
from rpg.dice import DiceSource, plus, roll, written
from rpg.outcome import Outcome
from rpg.text import Text

REACTION_MODIFIER_MIN, REACTION_MODIFIER_MAX = -6, 6


@dataclass(frozen=True, slots=True)
class ReactionBand:
    """A row of the reaction table: totals ``low``..``high`` (``None`` = open end)."""

    band: str
    low: int | None
    high: int | None
    reaction: Text
    npc_interaction: Text

    def holds(self, total: int) -> bool:
        return (self.low is None or total >= self.low) and (self.high is None or total <= self.high)


#: The reaction table [Akce monster], as the rules print it: 2d6 + modifier.
REACTION_TABLE: tuple[ReactionBand, ...] = (
    ReactionBand("hostile-attacks", None, 2,
                 Text("Nepřátelský, zaútočí", "Hostile, attacks"),
                 Text("Negativní", "Negative")),
    ReactionBand("hostile-may-attack", 3, 5,
                 Text("Nepřátelský, může zaútočit", "Hostile, may attack"),
                 Text("Neutrální, příklon k negativní", "Neutral, leaning negative")),
    ReactionBand("uncertain", 6, 8,
                 Text("Neutrální, nejistý", "Neutral, uncertain"),
                 Text("Neutrální (zkus znovu)", "Neutral (try again)")),
    ReactionBand("indifferent", 9, 11,
                 Text("Lhostejný", "Indifferent"),
                 Text("Neutrální, příklon k pozitivní", "Neutral, leaning positive")),
    ReactionBand("friendly", 12, None,
                 Text("Přátelský, nápomocný", "Friendly, helpful"),
                 Text("Pozitivní", "Positive")),
)


def reaction_band(total: int) -> ReactionBand:
    """The table row a 2d6 + modifier total falls in."""
    return next(band for band in REACTION_TABLE if band.holds(total))


@dataclass(frozen=True, slots=True)
class BandChance:
    """One band of the distribution and its exact probability."""

    band: str
    probability: Fraction


@dataclass(frozen=True, slots=True)
class ReactionResult:
    """``result`` of ``reaction``."""

    total: int
    band: str
    reaction: Text
    npc_interaction: Text
    distribution: tuple[BandChance, ...]


@lru_cache(maxsize=16)
def reaction_distribution(modifier: int) -> tuple[BandChance, ...]:
    """Exact probability of each band for 2d6 + ``modifier``."""
    counts = dict.fromkeys((band.band for band in REACTION_TABLE), 0)
    for a in range(1, 7):
        for b in range(1, 7):
            counts[reaction_band(a + b + modifier).band] += 1
    return tuple(BandChance(band, Fraction(n, 36)) for band, n in counts.items())


def reaction(source: DiceSource, *, modifier: int = 0) -> Outcome:
    """[Akce monster] 2d6 + modifier on the reaction table."""
    rolled = roll(source, "reaction", 2, 6)
    total = rolled.total + modifier
    band = reaction_band(total)
    distribution = reaction_distribution(modifier)
    chance = next(c.probability for c in distribution if c.band == band.band)
    shown = written(rolled) + plus(modifier, total)
    text = Text(
        f"Reakce: {shown} → {band.reaction.cs} (NPC: {band.npc_interaction.cs}).",
        f"Reaction: {shown} → {band.reaction.en} (NPC: {band.npc_interaction.en}).",
    )
    result = ReactionResult(total, band.band, band.reaction, band.npc_interaction, distribution)
    return Outcome("reaction", (rolled,), result, chance, text, RULES["reaction"])
