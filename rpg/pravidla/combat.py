"""Combat procedures of "Pravidla a procedury" [Souboje]: initiative, morale, range zones."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Literal

from rpg.core.catalog import messages
from rpg.core.citations import RULES
from rpg.core.dice import DiceSource, Roll, roll, written
from rpg.core.errors import RuleError
from rpg.core.outcome import Outcome
from rpg.core.registry import procedure
from rpg.core.text import Text, both

#: What each procedure of this module is called, and what its chance is the chance of.
MESSAGES = messages({
    "morale.title": Text("Ověření morálky", "Morale check"),
    "morale.chance": Text("Šance, že drží", "Chance it holds"),
    "initiative.title": Text("Iniciativa", "Initiative"),
    "range-zone.title": Text("Zóna dosahu", "Range zone"),
})

#: Two successful morale checks in one encounter and the creature fights to the death.
MORALE_SUCCESSES_TO_DEATH = 2
MORALE_MIN, MORALE_MAX = 2, 12

MoraleOutcome = Literal["holds", "flees-or-surrenders", "fights-to-death"]


@dataclass(frozen=True, slots=True)
class MoraleResult:
    """``result`` of ``morale``: ``total`` is ``None`` when nothing was rolled."""

    total: int | None
    holds: bool
    fights_to_death: bool
    outcome: MoraleOutcome


@lru_cache(maxsize=32)
def morale_hold_chance(morale: int) -> Fraction:
    """P(2d6 ≤ morale), exact."""
    return Fraction(sum(1 for a in range(1, 7) for b in range(1, 7) if a + b <= morale), 36)


@procedure("morale", result=MoraleResult, rule="morale",
           samples=({"morale": 7},))
def morale(source: DiceSource, *, morale: int, successes: int = 0) -> Outcome:
    """[Morálka] 2d6 against the creature's morale: at or under it holds, above it flees.

    A creature that has already held twice this encounter fights to the death: nothing is rolled.
    """
    rule = RULES["morale"]
    if successes >= MORALE_SUCCESSES_TO_DEATH:
        text = both(
            "Morálka {m}: už dvakrát uspěla → bojuje až do smrti, nehází se.",
            "Morale {m}: already held twice → fights to the death, no roll.", m=morale)
        return Outcome("morale", (), MoraleResult(None, True, True, "fights-to-death"),
                       Fraction(1), text, rule)
    rolled = roll(source, "morale", 2, 6)
    holds = rolled.total <= morale
    to_death = holds and successes + 1 >= MORALE_SUCCESSES_TO_DEATH
    outcome: MoraleOutcome = (
        "fights-to-death" if to_death else "holds" if holds else "flees-or-surrenders")
    verdict = {
        "holds": ("drží", "holds"),
        "fights-to-death": ("drží podruhé → bojuje až do smrti",
                            "holds a second time → fights to the death"),
        "flees-or-surrenders": ("prchá nebo se vzdává", "flees or surrenders"),
    }[outcome]
    sign = "≤" if holds else ">"
    text = Text(
        f"Morálka {morale}: {written(rolled)} {sign} {morale} → {verdict[0]}.",
        f"Morale {morale}: {written(rolled)} {sign} {morale} → {verdict[1]}.",
    )
    result = MoraleResult(rolled.total, holds, to_death, outcome)
    return Outcome("morale", (rolled,), result, morale_hold_chance(morale), text, rule)


# --- Sides of a conflict: shared by initiative, surprise and the whole encounter -------------

SIDES_MIN, SIDES_MAX = 2, 10
#: The sides when none are named: the players and their enemies.
DEFAULT_SIDES: tuple[str, ...] = ("hráči", "nepřátelé")


def check_sides(sides: Sequence[str]) -> tuple[str, ...]:
    """The sides of a conflict, checked: 2..10 distinct, non-blank names."""
    sides = tuple(sides)
    if not SIDES_MIN <= len(sides) <= SIDES_MAX:
        raise RuleError(both(
            "Stran musí být {low} až {high}, zadáno {n}.",
            "There must be {low} to {high} sides; {n} given.",
            low=SIDES_MIN, high=SIDES_MAX, n=len(sides)), field="sides")
    if any(not side.strip() for side in sides):
        raise RuleError(both(
            "Každá strana potřebuje jméno: odstraň prázdné položky ze 'sides'.",
            "Every side needs a name: remove the blank entries from 'sides'."), field="sides")
    repeated = [side for side, count in Counter(sides).items() if count > 1]
    if repeated:
        raise RuleError(both(
            "Strany musí mít různá jména; '{side}' je uvedena víckrát.",
            "Sides need distinct names; '{side}' is listed more than once.",
            side=repeated[0]), field="sides")
    return sides


def check_named_sides(named: Sequence[str], sides: Sequence[str], field: str) -> tuple[str, ...]:
    """``named`` (e.g. the surprised sides) in the listed order of ``sides``, each one listed."""
    unknown = [side for side in named if side not in sides]
    if unknown:
        raise RuleError(both(
            "'{field}' jmenuje stranu '{side}', která není v 'sides' ({listed}).",
            "'{field}' names the side '{side}', which is not in 'sides' ({listed}).",
            field=field, side=unknown[0], listed=", ".join(sides)), field=field)
    return tuple(side for side in sides if side in named)


def players_side(sides: Sequence[str], players: str | None) -> str:
    """The players' side: as given, else the first side listed."""
    if players is not None:
        return players
    return sides[0] if sides else DEFAULT_SIDES[0]


# --- Initiative [Iniciativa] -----------------------------------------------------------------

INITIATIVE_DIE = 10


@dataclass(frozen=True, slots=True)
class InitiativeEntry:
    """One side's place in the order: its d10 and whether another side rolled the same."""

    side: str
    roll: int = field(metadata={"description": "The side's d10."})
    tied: bool = field(metadata={"description": "Another side rolled the same number."})


@dataclass(frozen=True, slots=True)
class InitiativeResult:
    """``result`` of ``initiative``: ``order`` first to act first; ``skipped`` lose round 1.

    ``players_first_chance`` is the exact chance that the players' side acts first, given who
    rolls (``None`` when the players are surprised and do not roll).
    """

    order: tuple[InitiativeEntry, ...] = field(metadata={"description": "First to act first."})
    skipped: tuple[str, ...] = field(
        metadata={"description": "Surprised sides: they lose the first round."})
    players_first_chance: Fraction | None = field(
        metadata={
            "description": (
                "Exact chance that the players' side acts first (null when it is surprised and "
                "does not roll)."),
        })


@lru_cache(maxsize=16)
def players_first_chance(rivals: int) -> Fraction:
    """P(the players' d10 is at least each of ``rivals`` other d10s): ties go to the players."""
    return sum(
        (Fraction(1, INITIATIVE_DIE) * Fraction(mine, INITIATIVE_DIE) ** rivals
         for mine in range(1, INITIATIVE_DIE + 1)),
        Fraction(0),
    )


@procedure("initiative", result=InitiativeResult, rule="initiative",
           samples=({}, {"sides": ["hráči", "skřeti", "vlci"]}))
def initiative(
    source: DiceSource,
    *,
    sides: Sequence[str] = DEFAULT_SIDES,
    players: str | None = None,
    surprised: Sequence[str] = (),
) -> Outcome:
    """[Iniciativa] 1d10 for each side not surprised; highest first, a tie goes to the players.

    A tie between two sides that are not the players keeps the listed order. When every side is
    surprised, it is only a moment's hesitation: every side rolls and nobody loses the round.
    """
    sides = check_sides(sides)
    players = players_side(sides, players)
    check_named_sides((players,), sides, "players")
    skipped = check_named_sides(surprised, sides, "surprised")
    everyone_surprised = len(skipped) == len(sides)
    if everyone_surprised:
        skipped = ()
    rolling = [side for side in sides if side not in skipped]
    rolls = tuple(roll(source, "initiative", 1, INITIATIVE_DIE) for _ in rolling)
    by_side = {side: rolled.total for side, rolled in zip(rolling, rolls, strict=True)}
    counts = Counter(by_side.values())
    ranked = sorted(rolling, key=lambda side: (
        -by_side[side], side != players, sides.index(side)))
    order = tuple(InitiativeEntry(side, by_side[side], counts[by_side[side]] > 1)
                  for side in ranked)
    chance = players_first_chance(len(rolling) - 1) if players in by_side else None
    result = InitiativeResult(order, skipped, chance)
    return Outcome("initiative", rolls, result, None,
                   _initiative_text(result, rolling, rolls, players, everyone_surprised),
                   RULES["initiative"])


def _initiative_text(
    result: InitiativeResult, rolling: list[str], rolls: tuple[Roll, ...], players: str,
    everyone_surprised: bool,
) -> Text:
    shown = ", ".join(f"{side} {written(rolled)}" for side, rolled in zip(rolling, rolls,
                                                                           strict=True))
    order = ", ".join(entry.side for entry in result.order)
    tied = {entry.side for entry in result.order if entry.tied}
    tie_cs = tie_en = ""
    if players in tied:
        tie_cs, tie_en = " (remíza jde ve prospěch hráčů)", " (a tie goes to the players)"
    elif tied:
        tie_cs, tie_en = " (při remíze rozhoduje pořadí stran)", " (a tie keeps the listed order)"
    cs = f"Iniciativa: {shown} → pořadí: {order}{tie_cs}."
    en = f"Initiative: {shown} → order: {order}{tie_en}."
    if everyone_surprised:
        cs += " Překvapené jsou všechny strany: jen chvilkové zaváhání, nikdo kolo nevynechá."
        en += " Every side is surprised: a moment's hesitation, nobody loses the round."
    elif result.skipped:
        cs += f" Překvapené strany vynechají 1. kolo: {', '.join(result.skipped)}."
        en += f" Surprised, losing the first round: {', '.join(result.skipped)}."
    return Text(cs, en)


# --- Range zones [Zóny dosahu] ---------------------------------------------------------------

#: The largest distance the API accepts, in metres (a bound, not a rule).
MAX_DISTANCE_M = 100_000


@dataclass(frozen=True, slots=True)
class RangeZone:
    """A row of [Zóny dosahu]: distances ``low``..``high`` m (``None`` = no upper end)."""

    zone: str
    low: int
    high: int | None
    name: Text
    rounds_to_reach: Text
    allowed_attacks: Text


#: The zones as the rules list them (the source's "břehem" read as "během").
RANGE_ZONES: tuple[RangeZone, ...] = (
    RangeZone(
        "blizko", 0, 5, Text("Blízko", "Close"),
        Text("Přesun k cíli je možný během jednoho kola.",
             "The target can be reached within one round."),
        Text("Jsou možné všechny druhy útoků, avšak útoky na dálku mohou být penalizovány.",
             "Every kind of attack is possible, though ranged attacks may be penalised.")),
    RangeZone(
        "poblize", 6, 25, Text("Poblíž", "Near"),
        Text("Přesun k cíli je možný během pár kol (až 5).",
             "The target can be reached within a few rounds (up to 5)."),
        Text("Jsou možné útoky jen hozenými zbraněmi a všemi typy střelných zbraní.",
             "Only thrown weapons and missile weapons of every type can attack.")),
    RangeZone(
        "daleko", 26, 50, Text("Daleko", "Far"),
        Text("Přesun k cíli je možný během několika kol (až 10).",
             "The target can be reached within several rounds (up to 10)."),
        Text("Jsou možné pouze útoky střelnými zbraněmi; malé střelné zbraně útočí s nevýhodou.",
             "Only missile weapons can attack; small ones attack with disadvantage.")),
    RangeZone(
        "velmi-daleko", 51, 100, Text("Velmi daleko", "Very far"),
        Text("Přesun k cíli je možný během několika kol (až 20).",
             "The target can be reached within several rounds (up to 20)."),
        Text("Jsou možné pouze útoky středními a velkými střelnými zbraněmi; střední střelné "
             "zbraně útočí s nevýhodou.",
             "Only medium and large missile weapons can attack; medium ones attack with "
             "disadvantage.")),
    RangeZone(
        "extremne-daleko", 101, None, Text("Extrémně daleko", "Extremely far"),
        Text("Přesun k cíli může trvat desítky až stovky kol, nebo nemusí být možný.",
             "Reaching the target may take tens to hundreds of rounds, or be impossible."),
        Text("Pokud PJ uváží, může povolit útok velkou střelnou zbraní, avšak pouze s nevýhodou.",
             "At the GM's discretion a large missile weapon may attack, but only with "
             "disadvantage.")),
)
ZONES: tuple[str, ...] = tuple(zone.zone for zone in RANGE_ZONES)


@dataclass(frozen=True, slots=True)
class RangeZoneResult:
    """``result`` of ``range-zone``; ``counted_m`` is the distance rounded up to a whole metre."""

    counted_m: int = field(metadata={"description": "The distance rounded up to a whole metre."})
    zone: str = field(metadata={"enum": "rpg.pravidla.combat.ZONES"})
    name: Text = field(metadata={"description": "The zone's name."})
    rounds_to_reach: Text = field(
        metadata={"description": "How long moving to the target takes, as the rules say."})
    allowed_attacks: Text = field(
        metadata={"description": "Which attacks can reach the target, as the rules say."})


def counted_metres(distance_m: float) -> int:
    """A distance in whole metres: a started metre counts as a whole one."""
    if not math.isfinite(distance_m) or distance_m < 0:
        raise RuleError(both(
            "Vzdálenost musí být konečné číslo ≥ 0 metrů.",
            "The distance must be a finite number ≥ 0 metres."), field="distance_m")
    return math.ceil(distance_m)


def range_zone_of(distance_m: float) -> RangeZone:
    """The zone a distance falls in, fractions of a metre rounded up."""
    metres = counted_metres(distance_m)
    return next(zone for zone in reversed(RANGE_ZONES) if metres >= zone.low)


def _clause(sentence: str) -> str:
    """A sentence as a clause inside another: lower-case start, no final full stop."""
    return sentence[0].lower() + sentence[1:].rstrip(".")


def _span(zone: RangeZone) -> str:
    return f"{zone.low}–{zone.high} m" if zone.high is not None else f"{zone.low}+ m"


@procedure("range-zone", result=RangeZoneResult, rule="range-zones",
           samples=({"distance_m": 30},))
def range_zone(source: DiceSource, *, distance_m: float) -> Outcome:
    """[Zóny dosahu] the abstract zone of a distance, what it takes to get there, what can hit."""
    metres = counted_metres(distance_m)
    zone = range_zone_of(metres)
    text = Text(
        f"{metres} m → {zone.name.cs} ({_span(zone)}): {_clause(zone.rounds_to_reach.cs)}; "
        f"{_clause(zone.allowed_attacks.cs)}.",
        f"{metres} m → {zone.name.en} ({_span(zone)}): {_clause(zone.rounds_to_reach.en)}; "
        f"{_clause(zone.allowed_attacks.en)}.",
    )
    result = RangeZoneResult(metres, zone.zone, zone.name, zone.rounds_to_reach,
                             zone.allowed_attacks)
    return Outcome("range-zone", (), result, None, text, RULES["range-zones"])
