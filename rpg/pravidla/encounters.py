"""Encounter procedures of "Pravidla a procedury" [Náhlá setkání]: surprise, distance, the
reaction roll, and the whole procedure in one call."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Literal

from rpg.core.catalog import messages
from rpg.core.citations import RULES
from rpg.core.dice import DiceSource, Roll, plus, roll, written
from rpg.core.errors import RuleError
from rpg.core.outcome import Outcome
from rpg.core.registry import procedure
from rpg.core.text import Text, both
from rpg.pravidla.combat import (
    DEFAULT_SIDES,
    InitiativeResult,
    check_named_sides,
    check_sides,
    initiative,
    players_side,
    range_zone_of,
)

#: What each procedure of this module is called, and what its chance is the chance of.
MESSAGES = messages({
    "reaction.title": Text("Hod na reakci", "Reaction roll"),
    "reaction.chance": Text("Šance tohoto výsledku", "Chance of this result"),
    "surprise.title": Text("Hod na překvapení", "Surprise roll"),
    "encounter-distance.title": Text("Vzdálenost setkání", "Encounter distance"),
    "encounter.title": Text("Náhlé setkání", "Encounter"),
})

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
#: The bands' stable keys, in table order.
REACTION_BANDS: tuple[str, ...] = tuple(band.band for band in REACTION_TABLE)


def reaction_band(total: int) -> ReactionBand:
    """The table row a 2d6 + modifier total falls in."""
    return next(band for band in REACTION_TABLE if band.holds(total))


@dataclass(frozen=True, slots=True)
class BandChance:
    """One band of the distribution and its exact probability."""

    band: str = field(metadata={"enum": "rpg.pravidla.encounters.REACTION_BANDS"})
    probability: Fraction


@dataclass(frozen=True, slots=True)
class ReactionResult:
    """``result`` of ``reaction``."""

    total: int
    band: str = field(metadata={"enum": "rpg.pravidla.encounters.REACTION_BANDS"})
    reaction: Text = field(metadata={"description": "The monster's reaction."})
    npc_interaction: Text = field(
        metadata={"description": "Reaction to other NPC interactions (the table's third column)."})
    distribution: tuple[BandChance, ...]


@lru_cache(maxsize=16)
def reaction_distribution(modifier: int) -> tuple[BandChance, ...]:
    """Exact probability of each band for 2d6 + ``modifier``."""
    counts = dict.fromkeys((band.band for band in REACTION_TABLE), 0)
    for a in range(1, 7):
        for b in range(1, 7):
            counts[reaction_band(a + b + modifier).band] += 1
    return tuple(BandChance(band, Fraction(n, 36)) for band, n in counts.items())


@procedure("reaction", result=ReactionResult, rule="reaction",
           samples=({"modifier": 1},))
def reaction(source: DiceSource, *, modifier: int = 0) -> Outcome:
    """[Akce monster] 2d6 + modifier on the reaction table."""
    rolled = roll(source, "reaction", 2, 6)
    total = rolled.total + modifier
    band = reaction_band(total)
    distribution = reaction_distribution(modifier)
    chance = next(c.probability for c in distribution if c.band == band.band)
    text = _reaction_text(written(rolled) + plus(modifier, total), band)
    result = ReactionResult(total, band.band, band.reaction, band.npc_interaction, distribution)
    return Outcome("reaction", (rolled,), result, chance, text, RULES["reaction"])


def _reaction_text(shown: str, band: ReactionBand, side: str | None = None) -> Text:
    who = f" ({side})" if side else ""
    return Text(
        f"Reakce{who}: {shown} → {band.reaction.cs} (NPC: {band.npc_interaction.cs}).",
        f"Reaction{who}: {shown} → {band.reaction.en} (NPC: {band.npc_interaction.en}).",
    )


# --- Surprise [Hod na překvapení, Světlo a překvapení] ---------------------------------------

SURPRISE_DIE = 6
#: 1–2 on the d6: the side is surprised.
SURPRISED_AT_MOST = 2

SurpriseEffect = Literal["none", "some", "all"]
SURPRISE_EFFECTS: tuple[SurpriseEffect, ...] = ("none", "some", "all")


@dataclass(frozen=True, slots=True)
class SideSurprise:
    """One side's surprise roll; ``roll`` is ``None`` when every other side carries light."""

    side: str
    roll: int | None = field(
        metadata={
            "description": "The d6 (1–2 surprised); null when every other side carries light.",
        })
    surprised: bool


@dataclass(frozen=True, slots=True)
class EffectChance:
    """One effect of the surprise roll and its exact probability before rolling."""

    effect: SurpriseEffect
    probability: Fraction


@dataclass(frozen=True, slots=True)
class SurpriseResult:
    """``result`` of ``surprise``."""

    sides: tuple[SideSurprise, ...]
    effect: SurpriseEffect = field(
        metadata={
            "description": (
                "none; some (the surprised sides lose 1 round); all (a moment's hesitation, no "
                "advantage)."),
        })
    distribution: tuple[EffectChance, ...] = field(
        metadata={"description": "Exact probability of each effect for these sides and lights."})

    @property
    def surprised(self) -> tuple[str, ...]:
        """The surprised sides, in the listed order."""
        return tuple(entry.side for entry in self.sides if entry.surprised)


def can_be_surprised(side: str, sides: Sequence[str], light: Sequence[str]) -> bool:
    """A carrier of light cannot surprise its enemies: lit all round, a side is not surprised."""
    return not all(other in light for other in sides if other != side)


@lru_cache(maxsize=128)
def surprise_distribution(sides: int, rolling: int) -> tuple[EffectChance, ...]:
    """Exact P(none / some / all surprised) when ``rolling`` of ``sides`` sides roll the d6."""
    p = Fraction(SURPRISED_AT_MOST, SURPRISE_DIE)
    none = (1 - p) ** rolling
    every = p ** sides if rolling == sides else Fraction(0)
    return (EffectChance("none", none), EffectChance("some", 1 - none - every),
            EffectChance("all", every))


@procedure("surprise", result=SurpriseResult, rule="surprise",
           samples=({}, {"light": ["hráči"]}))
def surprise(
    source: DiceSource, *, sides: Sequence[str] = DEFAULT_SIDES, light: Sequence[str] = ()
) -> Outcome:
    """[Hod na překvapení] 1d6 per side in list order, 1–2 surprised.

    A side whose every enemy carries light cannot be surprised and does not roll.
    """
    sides = check_sides(sides)
    lit = check_named_sides(light, sides, "light")
    rolls = []
    entries = []
    for side in sides:
        if can_be_surprised(side, sides, lit):
            rolled = roll(source, "surprise", 1, SURPRISE_DIE)
            rolls.append(rolled)
            entries.append(SideSurprise(side, rolled.total, rolled.total <= SURPRISED_AT_MOST))
        else:
            entries.append(SideSurprise(side, None, False))
    count = sum(entry.surprised for entry in entries)
    effect: SurpriseEffect = "none" if count == 0 else "all" if count == len(sides) else "some"
    result = SurpriseResult(tuple(entries), effect,
                            surprise_distribution(len(sides), len(rolls)))
    return Outcome("surprise", tuple(rolls), result, None,
                   _surprise_text(result, tuple(rolls)), RULES["surprise"])


def _surprise_text(result: SurpriseResult, rolls: tuple[Roll, ...]) -> Text:
    shown_cs, shown_en = [], []
    dice = iter(rolls)
    for entry in result.sides:
        if entry.roll is None:
            shown_cs.append(f"{entry.side} bez hodu (ostatní nesou světlo)")
            shown_en.append(f"{entry.side} no roll (the others carry light)")
        else:
            shown = f"{entry.side} {written(next(dice))}"
            shown_cs.append(shown + (" → překvapená" if entry.surprised else ""))
            shown_en.append(shown + (" → surprised" if entry.surprised else ""))
    names = ", ".join(result.surprised)
    if result.effect == "none":
        verdict = both("Nikdo není překvapený.", "Nobody is surprised.")
    elif result.effect == "all":
        verdict = both(
            "Překvapené jsou všechny strany: jen chvilkové zaváhání, nikdo nemá výhodu.",
            "Every side is surprised: a moment's hesitation, nobody has the advantage.")
    elif len(result.surprised) == 1:
        verdict = both("Překvapená strana ({names}) vynechá 1 kolo.",
                       "The surprised side ({names}) loses 1 round.", names=names)
    else:
        verdict = both("Překvapené strany ({names}) vynechají 1 kolo.",
                       "The surprised sides ({names}) lose 1 round.", names=names)
    return Text(f"Hod na překvapení: {', '.join(shown_cs)}. {verdict.cs}",
                f"Surprise roll: {', '.join(shown_en)}. {verdict.en}")


# --- Encounter distance [Vzdálenost setkání] -------------------------------------------------

Location = Literal["indoors", "wilderness"]
LOCATIONS: tuple[Location, ...] = ("indoors", "wilderness")
DISTANCE_DICE = 4            # 4d6 metres indoors, 4d6 × 10 m in the wilderness
SURPRISED_WILD_DIE = 4       # 1d4 × 10 m in the wilderness when a side is surprised
WILDERNESS_SCALE_M = 10


@dataclass(frozen=True, slots=True)
class DistanceResult:
    """``result`` of ``encounter-distance``: metres apart and their zone (see ``range-zone``)."""

    distance_m: int
    zone: str = field(
        metadata={"description": "See `range-zone`.", "enum": "rpg.pravidla.combat.ZONES"})
    zone_name: Text


@procedure("encounter-distance", result=DistanceResult, rule="encounter-distance",
           samples=({"location": "indoors"},))
def encounter_distance(
    source: DiceSource, *, location: str = "wilderness", surprised: bool = False
) -> Outcome:
    """[Vzdálenost setkání] indoors 4d6 m (halved when surprised); wilderness, sea and air
    4d6 × 10 m, or 1d4 × 10 m when a side is surprised."""
    if location not in LOCATIONS:
        raise RuleError(both(
            "'location' je 'indoors' (vnitřní prostory) nebo 'wilderness' (divočina, moře, "
            "vzduch).",
            "'location' is 'indoors' or 'wilderness' (also for sea and air)."), field="location")
    when_cs, when_en = (", překvapení", ", surprise") if surprised else ("", "")
    if location == "indoors":
        rolled = roll(source, "distance", DISTANCE_DICE, 6)
        distance = rolled.total // 2 if surprised else rolled.total
        how_cs = f"vnitřní prostory{when_cs}: {written(rolled)}"
        how_en = f"indoors{when_en}: {written(rolled)}"
        if surprised:
            how_cs += f", polovina = {distance}"
            how_en += f", halved = {distance}"
    else:
        rolled = (roll(source, "distance", 1, SURPRISED_WILD_DIE) if surprised
                  else roll(source, "distance", DISTANCE_DICE, 6))
        distance = rolled.total * WILDERNESS_SCALE_M
        how_cs = f"divočina{when_cs}: {written(rolled)} × {WILDERNESS_SCALE_M} = {distance}"
        how_en = f"wilderness{when_en}: {written(rolled)} × {WILDERNESS_SCALE_M} = {distance}"
    zone = range_zone_of(distance)
    text = Text(f"Vzdálenost setkání ({how_cs} m) → {zone.name.cs.lower()}.",
                f"Encounter distance ({how_en} m) → {zone.name.en.lower()}.")
    return Outcome("encounter-distance", (rolled,), DistanceResult(distance, zone.zone, zone.name),
                   None, text, RULES["encounter-distance"])


# --- The whole encounter [Náhlá setkání] -----------------------------------------------------

@dataclass(frozen=True, slots=True)
class SideReaction:
    """The reaction roll of one side that is not the players'."""

    side: str
    total: int
    band: str = field(metadata={"enum": "rpg.pravidla.encounters.REACTION_BANDS"})
    reaction: Text = field(metadata={"description": "The monster's reaction."})
    npc_interaction: Text = field(
        metadata={"description": "Reaction to other NPC interactions (the table's third column)."})
    distribution: tuple[BandChance, ...]


@dataclass(frozen=True, slots=True)
class EncounterResult:
    """``result`` of ``encounter``: each step's own result, in the order of the procedure."""

    surprise: SurpriseResult
    distance: DistanceResult
    initiative: InitiativeResult
    reactions: tuple[SideReaction, ...] = field(
        metadata={
            "description": (
                "A reaction for each non-player side that is not surprised (every non-player side "
                "when all are), in list order."),
        })


@procedure("encounter", result=EncounterResult, rule="encounter",
           samples=({}, {"location": "indoors", "light": ["hráči"]}))
def encounter(
    source: DiceSource,
    *,
    sides: Sequence[str] = DEFAULT_SIDES,
    light: Sequence[str] = (),
    location: str = "wilderness",
    players: str | None = None,
    reaction_modifier: int = 0,
) -> Outcome:
    """[Náhlá setkání] the whole procedure: surprise → distance → initiative → reactions.

    Initiative is rolled by the sides that are not surprised (all of them when all are), and
    each of those sides that is not the players' rolls its reaction, in list order.
    """
    sides = check_sides(sides)
    players = players_side(sides, players)
    check_named_sides((players,), sides, "players")
    check_named_sides(light, sides, "light")
    if location not in LOCATIONS:
        encounter_distance(source, location=location)  # raises the location's RuleError
    surprised = surprise(source, sides=sides, light=light)
    caught_out = surprised.result.surprised
    distance = encounter_distance(source, location=location, surprised=bool(caught_out))
    order = initiative(source, sides=sides, players=players, surprised=caught_out)
    acting = [side for side in sides if side not in order.result.skipped and side != players]
    reactions = [(side, reaction(source, modifier=reaction_modifier)) for side in acting]
    steps = [surprised, distance, order, *(outcome for _, outcome in reactions)]
    result = EncounterResult(
        surprised.result, distance.result, order.result,
        tuple(SideReaction(side, r.result.total, r.result.band, r.result.reaction,
                           r.result.npc_interaction, r.result.distribution)
              for side, r in reactions))
    said = [step.text for step in steps[:3]] + [
        _reaction_text(written(outcome.rolls[0]) + plus(reaction_modifier, outcome.result.total),
                       reaction_band(outcome.result.total), side)
        for side, outcome in reactions]
    text = Text(" ".join(t.cs for t in said), " ".join(t.en for t in said))
    rolls = tuple(rolled for step in steps for rolled in step.rolls)
    return Outcome("encounter", rolls, result, None, text, RULES["encounter"])
