"""Hazards of "Pravidla a procedury" [Nebezpečí a nástrahy]: falling."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from rpg.core.catalog import messages
from rpg.core.citations import RULES
from rpg.core.dice import DiceSource, roll, written
from rpg.core.errors import RuleError
from rpg.core.outcome import Outcome
from rpg.core.registry import procedure
from rpg.core.text import Text, both, number, plural_cs
from rpg.pravidla.d20 import d20_test, success_chance, verdict

#: What each procedure of this module is called, and what its chance is the chance of.
MESSAGES = messages({
    "falling.title": Text("Pád z výšky", "Falling"),
    "falling.chance": Text("Šance na zachycení", "Chance to catch hold"),
    "hold-breath.title": Text("Zadržení dechu", "Holding breath"),
})

FREE_FALL_M = 2          # the first 2 m of a fall deal no damage
METRES_PER_DIE = 2       # 1d6 for each started 2 m beyond them
CATCH_DC = 15            # grabbing hold: a Zručnost check against DC 15
FALL_SPEED_M_PER_S = 25  # [Rychlost pádu] 25 m a second
MAX_HEIGHT_M = 10_000


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
    if catch and caught_at_m is None:
        raise RuleError(both(
            "Při pokusu o zachycení zadej 'caught_at_m': kolik metrů postava už spadla.",
            "With 'catch', give 'caught_at_m': how far the character had fallen already."),
            field="caught_at_m")
    if not catch and caught_at_m is not None:
        raise RuleError(both(
            "'caught_at_m' má smysl jen s 'catch': zapni pokus o zachycení, nebo ji vynech.",
            "'caught_at_m' only makes sense with 'catch': turn the catch on or leave it out."),
            field="caught_at_m")
    if caught_at_m is not None and caught_at_m > height_m:
        raise RuleError(both(
            "'caught_at_m' ({at} m) nesmí být větší než výška pádu ({h} m).",
            "'caught_at_m' ({at} m) cannot exceed the height of the fall ({h} m).",
            at=caught_at_m, h=height_m), field="caught_at_m")

    rolls = []
    caught: bool | None = None
    chance = None
    catch_cs = catch_en = ""
    if catch:
        modifier = dex_modifier - fatigue
        test = d20_test(source, "catch", modifier=modifier, target=CATCH_DC)
        rolls.append(test.roll)
        caught = test.success
        chance = success_chance(modifier, CATCH_DC)
        shown = verdict(test, str(CATCH_DC), str(CATCH_DC), modifier)
        catch_cs = f"zachycení {shown.cs} → {'zachytil se' if caught else 'nezachytil se'}; "
        catch_en = f"catch {shown.en} → {'caught' if caught else 'not caught'}; "

    counted = caught_at_m if caught else height_m
    assert counted is not None
    dice_count = falling_dice(counted)
    damage = 0
    if dice_count:
        rolled = roll(source, "damage", dice_count, 6)
        rolls.append(rolled)
        damage = rolled.total
        damage_cs = f"{written(rolled)} poškození"
        damage_en = f"{written(rolled)} damage"
    else:
        damage_cs, damage_en = "bez poškození (první 2 m se nepočítají)", \
            "no damage (the first 2 m are free)"
    text = Text(
        f"Pád z {number(height_m, 'cs')} m: {catch_cs}počítá se {number(counted, 'cs')} m → "
        f"{damage_cs}.",
        f"Fall of {number(height_m, 'en')} m: {catch_en}{number(counted, 'en')} m count → "
        f"{damage_en}.",
    )
    result = FallingResult(
        caught, float(counted), dice_count, damage, height_m / FALL_SPEED_M_PER_S)
    return Outcome("falling", tuple(rolls), result, chance, text, RULES["falling"])


@dataclass(frozen=True, slots=True)
class HoldBreathResult:
    """``result`` of ``hold-breath``."""

    rounds: int
    rounds_left: int
    holding: bool
    ended_by: str | None = field(
        metadata={"description": "speaking-or-casting, out-of-breath, or null while holding."})


@procedure("hold-breath", result=HoldBreathResult, rule="hold-breath",
           samples=({"endurance": 12},))
def hold_breath(
    source: DiceSource,
    *,
    endurance: int,
    rounds_held: int = 0,
    speaks_or_casts: bool = False,
) -> Outcome:
    """[Zadržení dechu] as many rounds as the Výdrž score; speaking or casting ends it at once."""
    if speaks_or_casts:
        left, ended_by = 0, "speaking-or-casting"
    else:
        left = max(0, endurance - rounds_held)
        ended_by = None if left else "out-of-breath"
    holding = ended_by is None
    if ended_by == "speaking-or-casting":
        verdict = Text("mluvení nebo sesílání kouzla → dech okamžitě pouští",
                       "speaking or casting → the breath is let go at once")
    elif holding:
        verdict = both("{verb} {n} {rounds}", "{n} rounds left", n=left,
                       verb="zbývají" if 2 <= left <= 4 else "zbývá",
                       rounds=plural_cs(left, "kolo", "kola", "kol"))
    else:
        verdict = Text("došel dech", "out of breath")
    rounds_cs = plural_cs(endurance, "kolo", "kola", "kol")
    text = Text(
        f"Zadržení dechu (Výdrž {endurance}): nejvýše {endurance} {rounds_cs}, "
        f"uplynulo {rounds_held} → {verdict.cs}.",
        f"Holding breath (Endurance {endurance}): at most {endurance} rounds, "
        f"{rounds_held} held → {verdict.en}.")
    result = HoldBreathResult(endurance, left, holding, ended_by)
    return Outcome("hold-breath", (), result, None, text, RULES["hold-breath"])
