"""Hazards of "Pravidla a procedury" [Nebezpečí a nástrahy]: falling, holding breath, sight in
darkness ([Tma], [Termovize]).

Every sentence is the catalog's (``MESSAGES``); the catch of a fall is a d20 test of
:mod:`rpg.pravidla.d20`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Literal

from rpg.core.catalog import Field, messages, msg
from rpg.core.citations import RULES, cite
from rpg.core.dice import DiceSource, roll, written
from rpg.core.errors import RuleError
from rpg.core.outcome import Outcome
from rpg.core.registry import procedure
from rpg.core.text import Text
from rpg.pravidla.d20 import (
    Term,
    checked_fatigue,
    d20_test,
    fatigue_term,
    judged,
    success_chance,
)

FREE_FALL_M = 2          # the first 2 m of a fall deal no damage
METRES_PER_DIE = 2       # 1d6 for each started 2 m beyond them
DAMAGE_DIE = 6
CATCH_DC = 15            # grabbing hold: a Zručnost check against obtížnost 15
FALL_SPEED_M_PER_S = 25  # [Rychlost pádu] 25 m a second
MAX_HEIGHT_M = 10_000

#: [Zadržení dechu] bounds of the Výdrž score and of the rounds already held.
ENDURANCE_MAX = 100
ROUNDS_HELD_MAX = 100_000

#: [Termovize] "Dosah termovize ve tmě je 12 metrů (pokud není specifikováno jinak)".
THERMAL_RANGE_M = 12
MAX_VISION_M = 10_000
Sight = Literal["normal", "thermal", "blind"]
BrokenBy = Literal["light", "heat", "light-and-heat"]

cite("darkness", "Tma", "nebezpeci-a-nastrahy")
cite("thermal-vision", "Termovize", "nebezpeci-a-nastrahy")

MESSAGES = messages({
    "falling.title": Text("Pád z výšky", "Falling"),
    "falling.chart": Text("Šance jednotlivých hodnot poškození z pádu",
                          "Chance of each amount of falling damage"),
    "falling.chance": Text("Šance na zachycení", "Chance to catch hold"),
    "falling.text": Text(
        "Pád z {height} m: {catch}{counted} m pádu, první {free} m se "
        "nepočítají → {damage}.",
        "Fall of {height} m: {catch}{counted} m fallen, the first {free} m do not count → "
        "{damage}."),
    "falling.catch": Text("zachycení {shown} → {caught}; ", "catch {shown} → {caught}; "),
    "falling.caught": Text("postava se zachytila", "caught hold"),
    "falling.not-caught": Text("postava se nezachytila", "no hold"),
    "falling.damage": Text("{dice} poškození", "{dice} damage"),
    "falling.no-damage": Text("bez poškození", "no damage"),
    "falling.catch-needs-distance": Text(
        "Při pokusu o zachycení ({catch}) zadej {caught_at}: kolik metrů postava už spadla.",
        "With {catch}, give {caught_at}: how far the character had fallen already."),
    "falling.distance-needs-catch": Text(
        "{caught_at} má smysl jen spolu s volbou {catch}: zapni pokus o zachycení, nebo ji vynech.",
        "{caught_at} only makes sense with {catch}: turn the catch on or leave it out."),
    "falling.beyond-height": Text(
        "{caught_at} ({at} m) nesmí být větší než výška pádu ({height} m).",
        "{caught_at} ({at} m) cannot exceed the height of the fall ({height} m)."),
    "hold-breath.title": Text("Zadržení dechu", "Holding breath"),
    "hold-breath.text": Text(
        "Zadržení dechu (Výdrž {endurance}): nejvýše {endurance} {endurance:kolo|kola|kol}, "
        "{held:uplynulo|uplynula|uplynulo} {held} {held:kolo|kola|kol} → {verdict}.",
        "Holding breath (Endurance {endurance}): at most {endurance} {endurance:round|rounds}, "
        "{held} {held:round|rounds} passed → {verdict}."),
    "hold-breath.left": Text("{left:zbývá|zbývají|zbývá} {left} {left:kolo|kola|kol}",
                             "{left} {left:round|rounds} left"),
    "hold-breath.out-of-breath": Text("došel dech", "out of breath"),
    "hold-breath.speaking-or-casting": Text(
        "mluvení nebo sesílání kouzla → dech okamžitě pouští",
        "speaking or casting → the breath is let go at once"),
    "vision.title": Text("Vidění ve tmě", "Sight in darkness"),
    "vision.text": Text("{where}: {broken}{sight}{target}.", "{where}: {broken}{sight}{target}."),
    "vision.light": Text("Vidění ve světle", "Sight in light"),
    "vision.dark": Text("Vidění ve tmě", "Sight in darkness"),
    "vision.normal": Text("stvoření vidí normálně a může číst",
                          "the creature sees normally and can read"),
    "vision.blind": Text("stvoření je slepé a nemůže číst",
                         "the creature is blind and cannot read"),
    "vision.thermal": Text("stvoření vidí termovizí do {range} m (stopy tepla), číst nemůže",
                           "the creature sees by thermal vision up to {range} m (heat traces), "
                           "cannot read"),
    "vision.broken-by-light": Text("světlo termovizi ruší, ", "light breaks thermal vision, "),
    "vision.broken-by-heat": Text("velký zdroj tepla termovizi ruší, ",
                                  "a large heat source breaks thermal vision, "),
    "vision.broken-by-light-and-heat": Text(
        "světlo i velký zdroj tepla termovizi ruší, ",
        "light and a large heat source break thermal vision, "),
    "vision.in-range": Text("; cíl na {distance} m je v dosahu",
                            "; a target at {distance} m is within range"),
    "vision.out-of-range": Text("; cíl na {distance} m je mimo dosah",
                                "; a target at {distance} m is out of range"),
    "vision.range-without-thermal": Text(
        "{range} má smysl jen u stvoření s termovizí: zapni {thermal}, nebo dosah vynech.",
        "{range} only makes sense for a creature with thermal vision: turn {thermal} on or "
        "leave the range out."),
})

#: What the calculators need of this module (``pravidla/hazards.js``).
CALCULATOR_DATA: dict[str, Any] = {
    "free_fall_m": FREE_FALL_M, "metres_per_die": METRES_PER_DIE, "damage_die": DAMAGE_DIE,
    "catch_dc": CATCH_DC, "fall_speed_m_per_s": FALL_SPEED_M_PER_S,
    "thermal_range_m": THERMAL_RANGE_M,
}


# --- falling -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FallingResult:
    """``result`` of ``falling``."""

    caught: bool | None
    distance_counted_m: float
    dice_count: int
    damage: int
    fall_seconds: float


def falling_dice(distance_m: float) -> int:
    """d6s for a fall of ``distance_m``: one for each started 2 m beyond the first 2 m."""
    return math.ceil(max(0.0, distance_m - FREE_FALL_M) / METRES_PER_DIE)


def _checked_catch(height_m: float, catch: bool, caught_at_m: float | None) -> None:
    names = {"caught_at": Field("caught_at_m"), "catch": Field("catch")}
    if catch and caught_at_m is None:
        raise RuleError(msg("falling.catch-needs-distance", **names), field="caught_at_m")
    if not catch and caught_at_m is not None:
        raise RuleError(msg("falling.distance-needs-catch", **names), field="caught_at_m")
    if caught_at_m is not None and caught_at_m > height_m:
        raise RuleError(msg("falling.beyond-height", caught_at=Field("caught_at_m"),
                            at=caught_at_m, height=height_m), field="caught_at_m")


@procedure(
    "falling", result=FallingResult, rule="falling",
    samples=(
        {"height_m": 10},
        {"height_m": 10, "catch": True, "caught_at_m": 4, "dex_modifier": 2},
    ))
def falling(
    source: DiceSource,
    *,
    height_m: float,
    catch: bool = False,
    caught_at_m: float | None = None,
    dex_modifier: int = 0,
    fatigue: int = 0,
) -> Outcome:
    """[Pád z výšky] damage of a fall, with an optional attempt to grab hold on the way down."""
    _checked_catch(height_m, catch, caught_at_m)
    rolls = []
    caught: bool | None = None
    chance = None
    shown = None
    if catch:
        # Every modifier that entered the total is shown, fatigue named ([Únava]).
        terms = [Term(dex_modifier), fatigue_term(checked_fatigue(fatigue))]
        modifier = dex_modifier - fatigue
        test = d20_test(source, "catch", modifier=modifier, target=CATCH_DC)
        rolls.append(test.roll)
        caught = test.success
        chance = success_chance(modifier, CATCH_DC)
        shown = judged(test, terms, CATCH_DC)

    counted = caught_at_m if caught else height_m
    assert counted is not None
    dice_count = falling_dice(counted)
    damage = 0
    if dice_count:
        rolled = roll(source, "damage", dice_count, DAMAGE_DIE)
        rolls.append(rolled)
        damage = rolled.total
        damage_text = msg("falling.damage", dice=written(rolled))
    else:
        damage_text = msg("falling.no-damage")
    text = msg("falling.text", height=height_m, counted=counted, free=FREE_FALL_M,
               damage=damage_text,
               catch="" if shown is None else msg(
                   "falling.catch", shown=shown,
                   caught=msg("falling.caught" if caught else "falling.not-caught")))
    result = FallingResult(
        caught, float(counted), dice_count, damage, height_m / FALL_SPEED_M_PER_S)
    return Outcome("falling", tuple(rolls), result, chance, text, RULES["falling"])


# --- hold-breath ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HoldBreathResult:
    """``result`` of ``hold-breath``."""

    rounds: int
    rounds_left: int
    holding: bool
    ended_by: str | None = field(
        metadata={"description": "speaking-or-casting, out-of-breath, or null while holding."})


@procedure("hold-breath", rolls=False, result=HoldBreathResult, rule="hold-breath",
           samples=({"endurance": 12},))
def hold_breath(
    source: DiceSource,
    *,
    endurance: int,
    rounds_held: int = 0,
    speaks_or_casts: bool = False,
) -> Outcome:
    """[Zadržení dechu] as many rounds as the Výdrž score; speaking or casting ends it at once."""
    ended_by: str | None
    if speaks_or_casts:
        left, ended_by = 0, "speaking-or-casting"
    else:
        left = max(0, endurance - rounds_held)
        ended_by = None if left else "out-of-breath"
    verdict = (msg("hold-breath.left", left=left) if ended_by is None
               else msg(f"hold-breath.{ended_by}"))
    text = msg("hold-breath.text", endurance=endurance, held=rounds_held, verdict=verdict)
    result = HoldBreathResult(endurance, left, ended_by is None, ended_by)
    return Outcome("hold-breath", (), result, None, text, RULES["hold-breath"])


# --- vision --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class VisionResult:
    """``result`` of ``vision``: the creature's sight, whatever the distance."""

    sees: Sight = field(metadata={
        "description": "normal (in light), thermal (thermal vision in darkness) or blind."})
    can_read: bool = field(metadata={
        "description": "Only by normal sight: thermal vision reads nothing in most cases."})
    in_range: bool | None = field(metadata={
        "description": "Whether a target at `distance_m` is within the thermal range; null "
                       "without `distance_m` or when the sight is not thermal."})
    broken_by: BrokenBy | None = field(metadata={
        "description": "What broke the creature's thermal vision, or null."})


@procedure("vision", rolls=False, result=VisionResult, rule="thermal-vision",
           samples=({"thermal": True, "distance_m": 8}, {"light": True}))
def vision(
    source: DiceSource,
    *,
    light: bool = False,
    thermal: bool = False,
    thermal_range_m: float = THERMAL_RANGE_M,
    distance_m: float | None = None,
    large_heat: bool = False,
) -> Outcome:
    """[Tma] in darkness a creature is blind; [Termovize] thermal vision sees heat up to its range
    in darkness, reads nothing, and any light or a large heat source breaks it (sight returns
    to normal: by light it sees, in darkness it is blind)."""
    if not thermal and thermal_range_m != THERMAL_RANGE_M:
        raise RuleError(msg("vision.range-without-thermal", range=Field("thermal_range_m"),
                            thermal=Field("thermal")), field="thermal_range_m")
    broken_by: BrokenBy | None = None
    if thermal and light and large_heat:
        broken_by = "light-and-heat"
    elif thermal and (light or large_heat):
        broken_by = "light" if light else "heat"
    sees: Sight = "normal" if light else "thermal" if thermal and not broken_by else "blind"
    in_range = (None if sees != "thermal" or distance_m is None
                else distance_m <= thermal_range_m)
    sight = (msg("vision.thermal", range=thermal_range_m) if sees == "thermal"
             else msg(f"vision.{sees}"))
    target = ("" if in_range is None else msg(
        "vision.in-range" if in_range else "vision.out-of-range", distance=distance_m))
    text = msg("vision.text", where=msg("vision.light" if light else "vision.dark"),
               broken=msg(f"vision.broken-by-{broken_by}") if broken_by else "", sight=sight,
               target=target)
    result = VisionResult(sees, sees == "normal", in_range, broken_by)
    return Outcome("vision", (), result, None, text,
                   RULES["thermal-vision" if thermal else "darkness"])
