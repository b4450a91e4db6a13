"""Encounter procedures of "Pravidla a procedury" [Náhlá setkání]: surprise, distance, the
reaction roll, the whole procedure in one call, and how long an encounter takes."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any, Literal

from rpg.core.catalog import Join, Message, messages, msg
from rpg.core.citations import RULES, cite
from rpg.core.dice import DiceSource, Roll, plus, roll, written
from rpg.core.errors import check_choice, check_int
from rpg.core.outcome import Next, Outcome
from rpg.core.registry import procedure
from rpg.core.text import Text
from rpg.pravidla.combat import (
    DEFAULT_SIDES,
    NOTHING,
    SIDE_NAME,
    InitiativeResult,
    Side,
    check_named_sides,
    check_sides,
    initiative,
    initiative_text,
    lose_a_round,
    lowered,
    range_zone_of,
    the_players,
)

MESSAGES = messages({
    "reaction.title": Text("Hod na reakci", "Reaction roll"),
    "reaction.chart": Text("Šance jednotlivých reakcí podle součtu hodu",
                           "Chance of each reaction by the roll's total"),
    "reaction.chance": Text("Šance tohoto výsledku", "Chance of this result"),
    "reaction.text": Text("Reakce{who}: {shown} → {reaction} (NPC: {npc_interaction}).",
                          "Reaction{who}: {shown} → {reaction} (NPC: {npc_interaction})."),
    "reaction.side": Text(" ({side})", " ({side})"),
    # [Akce monster] the table: each band's reaction, and its reaction to other NPC interactions.
    "reaction.hostile-attacks": Text("Nepřátelský, zaútočí", "Hostile, attacks"),
    "reaction.hostile-attacks.npc": Text("Negativní", "Negative"),
    "reaction.hostile-may-attack": Text("Nepřátelský, může zaútočit", "Hostile, may attack"),
    "reaction.hostile-may-attack.npc": Text("Neutrální, příklon k negativní",
                                            "Neutral, leaning negative"),
    "reaction.uncertain": Text("Neutrální, nejistý", "Neutral, uncertain"),
    # The table's "Neutrální (zkus znovu)", inside the answer's own "(NPC: …)": no nesting.
    "reaction.uncertain.npc": Text("Neutrální – zkus znovu", "Neutral – try again"),
    "reaction.indifferent": Text("Lhostejný", "Indifferent"),
    "reaction.indifferent.npc": Text("Neutrální, příklon k pozitivní",
                                     "Neutral, leaning positive"),
    "reaction.friendly": Text("Přátelský, nápomocný", "Friendly, helpful"),
    "reaction.friendly.npc": Text("Pozitivní", "Positive"),
    "surprise.title": Text("Hod na překvapení", "Surprise roll"),
    "surprise.text": Text("Hod na překvapení: {rolls}. {verdict}",
                          "Surprise roll: {rolls}. {verdict}"),
    "surprise.rolled": Text("{side} {dice}", "{side} {dice}"),
    "surprise.caught": Text("{side} {dice} → překvapení", "{side} {dice} → surprised"),
    "surprise.lit": Text("{side} bez hodu (ostatní nesou světlo)",
                         "{side} no roll (the others carry light)"),
    "surprise.none": Text("Nikdo není překvapený.", "Nobody is surprised."),
    "surprise.all": Text(
        "Překvapené jsou všechny strany: jen chvilkové zaváhání, nikdo nemá výhodu.",
        "Every side is surprised: a moment's hesitation, nobody has the advantage."),
    "surprise.chart-none": Text("nikdo", "nobody"),
    "surprise.chart-some": Text("některá", "some"),
    "surprise.chart-all": Text("všechny", "all"),
    "surprise.chart": Text("Šance, kolik stran bude překvapeno",
                           "Chance of how many sides are surprised"),
    "encounter-distance.title": Text("Vzdálenost setkání", "Encounter distance"),
    "encounter-distance.chart": Text("Šance jednotlivých vzdáleností setkání (m)",
                                     "Chance of each encounter distance (m)"),
    "encounter-distance.text": Text("Vzdálenost setkání ({how} m) → {zone}.",
                                    "Encounter distance ({how} m) → {zone}."),
    "encounter-distance.indoors": Text("vnitřní prostory: {dice}", "indoors: {dice}"),
    "encounter-distance.indoors-surprised": Text(
        "vnitřní prostory, překvapení: {dice}, polovina = {distance}",
        "indoors, surprise: {dice}, halved = {distance}"),
    "encounter-distance.wilderness": Text("divočina: {dice} × {scale} = {distance}",
                                          "wilderness: {dice} × {scale} = {distance}"),
    "encounter-distance.wilderness-surprised": Text(
        "divočina, překvapení: {dice} × {scale} = {distance}",
        "wilderness, surprise: {dice} × {scale} = {distance}"),
    "encounter.title": Text("Náhlé setkání", "Encounter"),
    "encounter.text": Text("{steps}", "{steps}"),
    "encounter-duration.title": Text("Konec setkání", "End of an encounter"),
    "encounter-duration.text": Text(
        "Konec setkání: {rounds} {rounds:kolo|kola|kol} × {round_seconds} s = {rounds_minutes} min "
        "→ {least}{shifts} {shifts:směna|směny|směn} ({minutes} min).",
        "End of the encounter: {rounds} {rounds:round|rounds} × {round_seconds} s = "
        "{rounds_minutes} min → {least}{shifts} {shifts:shift|shifts} ({minutes} min)."),
    "encounter-duration.at-least": Text("nejméně ", "at least "),
})

REACTION_MODIFIER_MIN, REACTION_MODIFIER_MAX = -6, 6


@dataclass(frozen=True, slots=True)
class ReactionBand:
    """A row of the reaction table: totals ``low``..``high`` (``None`` = open end); its words
    are the catalog's ``reaction.<band>`` and ``reaction.<band>.npc``."""

    band: str
    low: int | None
    high: int | None

    @property
    def reaction(self) -> Message:
        """The monster's reaction (the table's second column)."""
        return msg(f"reaction.{self.band}")

    @property
    def npc_interaction(self) -> Message:
        """The reaction to other NPC interactions (the table's third column)."""
        return msg(f"reaction.{self.band}.npc")

    def holds(self, total: int) -> bool:
        return (self.low is None or total >= self.low) and (self.high is None or total <= self.high)


#: The reaction table [Akce monster], as the rules print it: 2d6 + modifier.
REACTION_TABLE: tuple[ReactionBand, ...] = (
    ReactionBand("hostile-attacks", None, 2),
    ReactionBand("hostile-may-attack", 3, 5),
    ReactionBand("uncertain", 6, 8),
    ReactionBand("indifferent", 9, 11),
    ReactionBand("friendly", 12, None),
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
    reaction: Message = field(metadata={"description": "The monster's reaction."})
    npc_interaction: Message = field(
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


def _reaction_text(rolled: Roll, modifier: int, total: int, who: Message | Join) -> Message:
    band = reaction_band(total)
    return msg("reaction.text", who=who, shown=written(rolled) + plus(modifier, total),
               reaction=band.reaction, npc_interaction=band.npc_interaction)


@procedure("reaction", result=ReactionResult, rule="reaction",
           samples=({"modifier": 1},))
def reaction(source: DiceSource, *, modifier: int = 0) -> Outcome:
    """[Akce monster] 2d6 + modifier on the reaction table."""
    rolled = roll(source, "reaction", 2, 6)
    total = rolled.total + modifier
    band = reaction_band(total)
    distribution = reaction_distribution(modifier)
    chance = next(c.probability for c in distribution if c.band == band.band)
    text = _reaction_text(rolled, modifier, total, NOTHING)
    result = ReactionResult(total, band.band, band.reaction, band.npc_interaction, distribution)
    return Outcome("reaction", (rolled,), result, chance, text, RULES["reaction"])


# --- Surprise [Hod na překvapení, Světlo a překvapení] ---------------------------------------

SURPRISE_DIE = 6
#: 1–2 on the d6: the side is surprised.
SURPRISED_AT_MOST = 2

SurpriseEffect = Literal["none", "some", "all"]
SURPRISE_EFFECTS: tuple[SurpriseEffect, ...] = ("none", "some", "all")


@dataclass(frozen=True, slots=True)
class SideSurprise:
    """One side's surprise roll; ``roll`` is ``None`` when every other side carries light."""

    side: Side = field(metadata={"description": SIDE_NAME})
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
    def surprised(self) -> tuple[Side, ...]:
        """The surprised sides, in the listed order."""
        return tuple(entry.side for entry in self.sides if entry.surprised)


def can_be_surprised(side: Side, sides: Sequence[Side], light: Sequence[Side]) -> bool:
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
           samples=({}, {"light": ["hráči"]}), next=("encounter-distance", "initiative"))
def surprise(
    source: DiceSource, *, sides: Sequence[str | Side] = DEFAULT_SIDES,
    light: Sequence[str | Side] = (),
) -> Outcome:
    """[Hod na překvapení] 1d6 per side in list order, 1–2 surprised.

    A side whose every enemy carries light cannot be surprised and does not roll. The encounter
    goes on with its distance (shorter when a side is surprised) and the initiative of the sides
    that are not surprised: the result calls for both, with what it knows.
    """
    sides = check_sides(sides)
    lit = check_named_sides(light, sides, "light")
    rolls: list[Roll] = []
    entries = []
    shown = []
    for side in sides:
        if can_be_surprised(side, sides, lit):
            rolled = roll(source, "surprise", 1, SURPRISE_DIE)
            caught = rolled.total <= SURPRISED_AT_MOST
            rolls.append(rolled)
            entries.append(SideSurprise(side, rolled.total, caught))
            shown.append(msg("surprise.caught" if caught else "surprise.rolled", side=side,
                             dice=written(rolled)))
        else:
            entries.append(SideSurprise(side, None, False))
            shown.append(msg("surprise.lit", side=side))
    count = sum(entry.surprised for entry in entries)
    effect: SurpriseEffect = "none" if count == 0 else "all" if count == len(sides) else "some"
    result = SurpriseResult(tuple(entries), effect,
                            surprise_distribution(len(sides), len(rolls)))
    text = msg("surprise.text", rolls=Join(tuple(shown)), verdict=surprise_verdict(result))
    return Outcome("surprise", tuple(rolls), result, None, text, RULES["surprise"],
                   _after_surprise(result, sides))


def _after_surprise(result: SurpriseResult, sides: tuple[Side, ...]) -> tuple[Next, Next]:
    """The encounter's next steps: its distance and the initiative. A side is named by its Czech
    name, which every language accepts; the default sides are left to their default."""
    caught = [side.cs for side in result.surprised]
    order: dict[str, Any] = {} if sides == DEFAULT_SIDES else {"sides": [s.cs for s in sides]}
    if caught:
        order["surprised"] = caught
    return (Next("encounter-distance", {"surprised": bool(caught)}), Next("initiative", order))


def surprise_verdict(result: SurpriseResult) -> Message:
    """What the surprise means: nothing, a round lost by the surprised sides, or a moment's
    hesitation for all."""
    if result.effect != "some":
        return msg(f"surprise.{result.effect}")
    return lose_a_round(result.surprised)


# --- Encounter distance [Vzdálenost setkání] -------------------------------------------------

Location = Literal["indoors", "wilderness"]
LOCATIONS: tuple[Location, ...] = ("indoors", "wilderness")
#: Where an encounter happens when nobody says (the contract's default).
DEFAULT_LOCATION: Location = "wilderness"
DISTANCE_DICE = 4            # 4d6 metres indoors, 4d6 × 10 m in the wilderness
DISTANCE_DIE = 6
SURPRISED_WILD_DIE = 4       # 1d4 × 10 m in the wilderness when a side is surprised
WILDERNESS_SCALE_M = 10
#: Indoors, a surprise halves the 4d6 metres (rounded down).
INDOORS_SURPRISE_DIVISOR = 2


@dataclass(frozen=True, slots=True)
class DistanceResult:
    """``result`` of ``encounter-distance``: metres apart and their zone (see ``range-zone``)."""

    distance_m: int
    zone: str = field(
        metadata={"description": "See `range-zone`.", "enum": "rpg.pravidla.combat.ZONES"})
    zone_name: Message


@procedure("encounter-distance", result=DistanceResult, rule="encounter-distance",
           samples=({"location": "indoors"},))
def encounter_distance(
    source: DiceSource, *, location: str = DEFAULT_LOCATION, surprised: bool = False
) -> Outcome:
    """[Vzdálenost setkání] indoors 4d6 m (halved when surprised); wilderness, sea and air
    4d6 × 10 m, or 1d4 × 10 m when a side is surprised."""
    check_choice(location, LOCATIONS, "location")
    how = f"encounter-distance.{location}" + ("-surprised" if surprised else "")
    if location == "indoors":
        rolled = roll(source, "distance", DISTANCE_DICE, DISTANCE_DIE)
        distance = rolled.total // INDOORS_SURPRISE_DIVISOR if surprised else rolled.total
    else:
        rolled = (roll(source, "distance", 1, SURPRISED_WILD_DIE) if surprised
                  else roll(source, "distance", DISTANCE_DICE, DISTANCE_DIE))
        distance = rolled.total * WILDERNESS_SCALE_M
    zone = range_zone_of(distance)
    text = msg("encounter-distance.text", how=msg(how, dice=written(rolled), distance=distance,
                                                  scale=WILDERNESS_SCALE_M),
               zone=lowered(zone.name))
    return Outcome("encounter-distance", (rolled,), DistanceResult(distance, zone.zone, zone.name),
                   None, text, RULES["encounter-distance"])


# --- The whole encounter [Náhlá setkání] -----------------------------------------------------

@dataclass(frozen=True, slots=True)
class SideReaction:
    """The reaction roll of one side that is not the players'."""

    side: Side = field(metadata={"description": SIDE_NAME})
    total: int
    band: str = field(metadata={"enum": "rpg.pravidla.encounters.REACTION_BANDS"})
    reaction: Message = field(metadata={"description": "The monster's reaction."})
    npc_interaction: Message = field(
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
           samples=({}, {"location": "indoors", "light": ["hráči"]}),
           next=("encounter-duration",))
def encounter(
    source: DiceSource,
    *,
    sides: Sequence[str | Side] = DEFAULT_SIDES,
    light: Sequence[str | Side] = (),
    location: str = DEFAULT_LOCATION,
    players: str | Side | None = None,
    reaction_modifier: int = 0,
) -> Outcome:
    """[Náhlá setkání] the whole procedure: surprise → distance → initiative → reactions.

    Initiative is rolled by the sides that are not surprised (all of them when all are), and
    each of those sides that is not the players' rolls its reaction, in list order. The text
    says once who loses the first round: in the surprise's sentence. When it is played out, its
    rounds give its duration ([Konec setkání]).
    """
    checked = check_sides(sides)
    the_players_side = the_players(checked, players)
    check_named_sides(light, checked, "light")
    check_choice(location, LOCATIONS, "location")
    surprised = surprise(source, sides=checked, light=light)
    caught_out = surprised.result.surprised
    distance = encounter_distance(source, location=location, surprised=bool(caught_out))
    order = initiative(source, sides=checked, players=the_players_side, surprised=caught_out)
    skipped = order.result.skipped
    acting = [side for side in checked if side not in skipped and side != the_players_side]
    reactions = [(side, reaction(source, modifier=reaction_modifier)) for side in acting]
    result = EncounterResult(
        surprised.result, distance.result, order.result,
        tuple(SideReaction(side, r.result.total, r.result.band, r.result.reaction,
                           r.result.npc_interaction, r.result.distribution)
              for side, r in reactions))
    said = [surprised.text, distance.text, initiative_text(
        order.result, [side for side in checked if side not in skipped], order.rolls,
        the_players_side)] + [
        _reaction_text(outcome.rolls[0], reaction_modifier, outcome.result.total,
                       msg("reaction.side", side=side))
        for side, outcome in reactions]
    steps = [surprised, distance, order, *(outcome for _, outcome in reactions)]
    rolls = tuple(rolled for step in steps for rolled in step.rolls)
    return Outcome("encounter", rolls, result, None, msg("encounter.text", steps=Join(
        tuple(said), " ")), RULES["encounter"],
        (Next("encounter-duration", missing=("rounds",)),))


# --- How long an encounter takes [Konec setkání] ---------------------------------------------

cite("encounter-duration", "Konec setkání", "nahla-setkani")

#: [Odehrání tahu] a round is what fits "do 6-ti vteřin reálného času".
ROUND_SECONDS = 6
#: A shift (směna): the rules never say how long; the old-school exploration turn, 10 minutes.
SHIFT_MINUTES = 10
#: "trvají nejméně 1 směnu a zaokrouhlují se k nejbližší směně nahoru"
LEAST_SHIFTS = 1
ROUNDS_MIN, ROUNDS_MAX = 0, 100_000


@dataclass(frozen=True, slots=True)
class EncounterDurationResult:
    """``result`` of ``encounter-duration``."""

    shifts: int = field(metadata={
        "description": "Shifts (směny) the encounter takes: its rounds rounded up to whole "
                       "shifts, at least 1."})
    minutes: int = field(metadata={
        "description": "Those shifts in minutes (a shift is 10 minutes)."})
    rounds_minutes: Fraction = field(metadata={
        "description": "The rounds' own time in minutes (a round is 6 seconds)."})


@procedure("encounter-duration", result=EncounterDurationResult, rule="encounter-duration",
           rolls=False,
           samples=({"rounds": 12},))
def encounter_duration(source: DiceSource, *, rounds: int) -> Outcome:
    """[Konec setkání] an encounter (a fight included) takes at least 1 shift, its rounds rounded
    up to whole shifts: the time to rest after a fight, clean weapons and bind wounds."""
    check_int(rounds, ROUNDS_MIN, ROUNDS_MAX, "rounds")
    rounds_per_shift = SHIFT_MINUTES * 60 // ROUND_SECONDS
    rounded_up = -(-rounds // rounds_per_shift)
    shifts = max(LEAST_SHIFTS, rounded_up)
    result = EncounterDurationResult(shifts, shifts * SHIFT_MINUTES,
                                     Fraction(rounds * ROUND_SECONDS, 60))
    text = msg("encounter-duration.text", rounds=rounds, round_seconds=ROUND_SECONDS,
               rounds_minutes=result.rounds_minutes, shifts=shifts, minutes=result.minutes,
               least=msg("encounter-duration.at-least") if shifts > rounded_up else NOTHING)
    return Outcome("encounter-duration", (), result, None, text, RULES["encounter-duration"])


#: What the calculators need of this module (``pravidla/encounters.js``).
CALCULATOR_DATA: dict[str, Any] = {
    "reaction_modifier": [REACTION_MODIFIER_MIN, REACTION_MODIFIER_MAX],
    "bands": [[band.band, band.low, band.high] for band in REACTION_TABLE],
    "surprise": [SURPRISE_DIE, SURPRISED_AT_MOST],
    "locations": list(LOCATIONS), "default_location": DEFAULT_LOCATION,
    "distance": [DISTANCE_DICE, DISTANCE_DIE], "surprised_wild_die": SURPRISED_WILD_DIE,
    "wilderness_scale_m": WILDERNESS_SCALE_M, "indoors_divisor": INDOORS_SURPRISE_DIVISOR,
    "duration": {"rounds": [ROUNDS_MIN, ROUNDS_MAX], "round_seconds": ROUND_SECONDS,
                 "shift_minutes": SHIFT_MINUTES, "least_shifts": LEAST_SHIFTS},
}
