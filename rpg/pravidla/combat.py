"""Combat procedures of "Pravidla a procedury" [Souboje]: morale, initiative, range zones, and
the sides of a conflict (shared by initiative, surprise and the whole encounter)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any, Literal

from rpg.core.catalog import Field, Join, Message, messages, msg
from rpg.core.citations import RULES
from rpg.core.dice import DiceSource, Roll, roll, written
from rpg.core.errors import RuleError
from rpg.core.outcome import Outcome
from rpg.core.registry import procedure
from rpg.core.text import Text

MESSAGES = messages({
    "morale.title": Text("Ověření morálky", "Morale check"),
    "morale.chart": Text("Šance jednotlivých součtů hodu na morálku",
                         "Chance of each morale roll total"),
    "morale.chance": Text("Šance, že drží", "Chance it holds"),
    "morale.text": Text("Morálka {morale}: {dice} {sign} {morale} → {outcome}.",
                        "Morale {morale}: {dice} {sign} {morale} → {outcome}."),
    "morale.holds": Text("drží", "holds"),
    "morale.fights-to-death": Text("drží podruhé → bojuje až do smrti",
                                   "holds a second time → fights to the death"),
    "morale.flees-or-surrenders": Text("prchá nebo se vzdává", "flees or surrenders"),
    "morale.already-twice": Text(
        "Morálka {morale}: už dvakrát uspěla → bojuje až do smrti, nehází se.",
        "Morale {morale}: already held twice → fights to the death, no roll."),
    # The sides when none are named, in the answer's language; a side the user named keeps
    # its name in every language.
    "sides.players": Text("hráči", "players"),
    "sides.enemies": Text("nepřátelé", "enemies"),
    "sides.named": Text("{name}", "{name}"),
    "sides.count": Text("Stran musí být {low} až {high}, zadáno {count}.",
                        "There must be {low} to {high} sides; {count} given."),
    "sides.blank": Text("Každá strana potřebuje jméno: odstraň prázdné položky z pole {sides}.",
                        "Every side needs a name: remove the blank entries from {sides}."),
    "sides.repeated": Text("Strany musí mít různá jména; '{side}' je uvedena víckrát.",
                           "Sides need distinct names; '{side}' is listed more than once."),
    "sides.unknown": Text("{field} jmenuje stranu '{side}', která mezi stranami není ({listed}).",
                          "{field} names the side '{side}', which is not among the sides "
                          "({listed})."),
    # "překvapená strana 1 kolo vynechá"
    "sides.one-surprised": Text(
        "Překvapená strana ({sides}) vynechá {rounds} {rounds:kolo|kola|kol}.",
        "The surprised side ({sides}) loses {rounds} {rounds:round|rounds}."),
    "sides.some-surprised": Text(
        "Překvapené strany ({sides}) vynechají {rounds} {rounds:kolo|kola|kol}.",
        "The surprised sides ({sides}) lose {rounds} {rounds:round|rounds}."),
    "initiative.title": Text("Iniciativa", "Initiative"),
    "initiative.text": Text("Iniciativa: {rolls} → pořadí: {order}{tie}.",
                            "Initiative: {rolls} → order: {order}{tie}."),
    "initiative.and-surprise": Text("{initiative} {surprise}", "{initiative} {surprise}"),
    "initiative.roll": Text("{side} {dice}", "{side} {dice}"),
    "initiative.tie-players": Text(" (remíza jde ve prospěch hráčů)",
                                   " (a tie goes to the players)"),
    "initiative.tie-listed": Text(" (při remíze rozhoduje pořadí stran)",
                                  " (a tie keeps the listed order)"),
    "initiative.everyone-surprised": Text(
        "Překvapené jsou všechny strany: jen chvilkové zaváhání, nikdo kolo nevynechá.",
        "Every side is surprised: a moment's hesitation, nobody loses the round."),
    "initiative.chart-players": Text("hráči první", "players first"),
    "initiative.chart-rival": Text("soupeř první", "a rival first"),
    "initiative.chart": Text("Šance, kdo bude jednat první", "Chance of who acts first"),
    "range-zone.title": Text("Zóna dosahu", "Range zone"),
    "range-zone.text": Text("{metres} m → {name} ({span}): {rounds}; {attacks}.",
                            "{metres} m → {name} ({span}): {rounds}; {attacks}."),
    "range-zone.span": Text("{low}–{high} m", "{low}–{high} m"),
    "range-zone.span-open": Text("{low}+ m", "{low}+ m"),
    "range-zone.negative": Text("Vzdálenost musí být konečné číslo ≥ 0 metrů.",
                                "The distance must be a finite number ≥ 0 metres."),
    # [Zóny dosahu] each zone's name, how long reaching it takes, which attacks reach it; the
    # source's "břehem" read as "během".
    "range-zone.blizko": Text("Blízko", "Close"),
    "range-zone.blizko.rounds": Text("Přesun k cíli je možný během jednoho kola.",
                                     "The target can be reached within one round."),
    "range-zone.blizko.attacks": Text(
        "Jsou možné všechny druhy útoků, avšak útoky na dálku mohou být penalizovány.",
        "Every kind of attack is possible, though ranged attacks may be penalised."),
    "range-zone.poblize": Text("Poblíž", "Near"),
    "range-zone.poblize.rounds": Text("Přesun k cíli je možný během pár kol (až 5).",
                                      "The target can be reached within a few rounds (up to 5)."),
    "range-zone.poblize.attacks": Text(
        "Jsou možné útoky jen hozenými zbraněmi a všemi typy střelných zbraní.",
        "Only thrown weapons and missile weapons of every type can attack."),
    "range-zone.daleko": Text("Daleko", "Far"),
    "range-zone.daleko.rounds": Text(
        "Přesun k cíli je možný během několika kol (až 10).",
        "The target can be reached within several rounds (up to 10)."),
    "range-zone.daleko.attacks": Text(
        "Jsou možné pouze útoky střelnými zbraněmi; malé střelné zbraně útočí s nevýhodou.",
        "Only missile weapons can attack; small ones attack with disadvantage."),
    "range-zone.velmi-daleko": Text("Velmi daleko", "Very far"),
    "range-zone.velmi-daleko.rounds": Text(
        "Přesun k cíli je možný během několika kol (až 20).",
        "The target can be reached within several rounds (up to 20)."),
    "range-zone.velmi-daleko.attacks": Text(
        "Jsou možné pouze útoky středními a velkými střelnými zbraněmi; střední střelné zbraně "
        "útočí s nevýhodou.",
        "Only medium and large missile weapons can attack; medium ones attack with "
        "disadvantage."),
    "range-zone.extremne-daleko": Text("Extrémně daleko", "Extremely far"),
    "range-zone.extremne-daleko.rounds": Text(
        "Přesun k cíli může trvat desítky až stovky kol, nebo nemusí být možný.",
        "Reaching the target may take tens to hundreds of rounds, or be impossible."),
    "range-zone.extremne-daleko.attacks": Text(
        "Pokud PJ uváží, může povolit útok velkou střelnou zbraní, avšak pouze s nevýhodou.",
        "At the GM's discretion a large missile weapon may attack, but only with "
        "disadvantage."),
})


#: An optional part of a sentence left out: written as nothing in any language.
NOTHING = Join(())


def lowered(message: Message) -> Text:
    """A sentence of the rules quoted inside another: lower-case start, no final full stop."""
    def clause(sentence: str) -> str:
        return sentence[0].lower() + sentence[1:].rstrip(".")
    return Text(clause(message.cs), clause(message.en))


# --- Morale [Morálka] ------------------------------------------------------------------------

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
        return Outcome("morale", (), MoraleResult(None, True, True, "fights-to-death"),
                       Fraction(1), msg("morale.already-twice", morale=morale), rule)
    rolled = roll(source, "morale", 2, 6)
    holds = rolled.total <= morale
    to_death = holds and successes + 1 >= MORALE_SUCCESSES_TO_DEATH
    outcome: MoraleOutcome = (
        "fights-to-death" if to_death else "holds" if holds else "flees-or-surrenders")
    text = msg("morale.text", morale=morale, dice=written(rolled), sign="≤" if holds else ">",
               outcome=msg(f"morale.{outcome}"))
    result = MoraleResult(rolled.total, holds, to_death, outcome)
    return Outcome("morale", (rolled,), result, morale_hold_chance(morale), text, rule)


# --- Sides of a conflict: shared by initiative, surprise and the whole encounter -------------

SIDES_MIN, SIDES_MAX = 2, 10
#: A side of a conflict: a name the user gave (``sides.named``, the same in every language), or
#: one of the default sides (``sides.players``, ``sides.enemies``), written in the answer's
#: language.
Side = Message
#: The sides when none are named: the players and their enemies.
DEFAULT_SIDES: tuple[Side, ...] = (msg("sides.players"), msg("sides.enemies"))
#: [Hod na překvapení] "překvapená strana 1 kolo vynechá"
SURPRISE_ROUNDS_LOST = 1
#: How a result describes a side.
SIDE_NAME = "The side: its name as given, or a default side in the answer's language."


def side_of(name: str | Side) -> Side:
    """A side as the engine keeps it: a name given is that name in every language."""
    return name if isinstance(name, Message) else msg("sides.named", name=name)


def is_side(side: Side, name: str | Side) -> bool:
    """Whether ``name`` names ``side``: the same side, or its name in either language (an
    English client names a default side as it was shown, ``players``; a Czech one ``hráči``)."""
    if isinstance(name, Message):
        return name == side
    return name in (side.cs, side.en)


def check_sides(sides: Sequence[str | Side]) -> tuple[Side, ...]:
    """The sides of a conflict, checked: 2..10 distinct, non-blank names."""
    checked = tuple(map(side_of, sides))
    if not SIDES_MIN <= len(checked) <= SIDES_MAX:
        raise RuleError(msg("sides.count", low=SIDES_MIN, high=SIDES_MAX, count=len(checked)),
                        field="sides")
    if any(not side.cs.strip() for side in checked):
        raise RuleError(msg("sides.blank", sides=Field("sides")), field="sides")
    for index, side in enumerate(checked):
        # Two sides one name could mean (in either language) cannot be told apart.
        if any(other.cs in (side.cs, side.en) or other.en in (side.cs, side.en)
               for other in checked[:index] + checked[index + 1:]):
            raise RuleError(msg("sides.repeated", side=side), field="sides")
    return checked


def check_named_sides(named: Sequence[str | Side], sides: Sequence[Side],
                      field: str) -> tuple[Side, ...]:
    """The sides ``named`` (the surprised ones, the lit ones) in the listed order of ``sides``;
    each name must name one of them."""
    unknown = [name for name in named if not any(is_side(side, name) for side in sides)]
    if unknown:
        raise RuleError(msg("sides.unknown", field=Field(field), side=unknown[0],
                            listed=Join(tuple(sides))), field=field)
    return tuple(side for side in sides if any(is_side(side, name) for name in named))


def players_side(sides: Sequence[str | Side], players: str | Side | None) -> str | Side:
    """The players' side as given, else the first side listed."""
    if players is not None:
        return players
    return sides[0] if sides else DEFAULT_SIDES[0]


def the_players(sides: tuple[Side, ...], players: str | Side | None) -> Side:
    """The players' side among the checked ``sides`` (the first one when not given)."""
    return check_named_sides((players_side(sides, players),), sides, "players")[0]


def lose_a_round(surprised: Sequence[Side]) -> Message:
    """"Překvapená strana (…) vynechá 1 kolo", for one surprised side or several."""
    return msg("sides.one-surprised" if len(surprised) == 1 else "sides.some-surprised",
               sides=Join(tuple(surprised)), rounds=SURPRISE_ROUNDS_LOST)


# --- Initiative [Iniciativa] -----------------------------------------------------------------

INITIATIVE_DIE = 10


@dataclass(frozen=True, slots=True)
class InitiativeEntry:
    """One side's place in the order: its d10 and whether another side rolled the same."""

    side: Side = field(metadata={"description": SIDE_NAME})
    roll: int = field(metadata={"description": "The side's d10."})
    tied: bool = field(metadata={"description": "Another side rolled the same number."})


@dataclass(frozen=True, slots=True)
class InitiativeResult:
    """``result`` of ``initiative``: ``order`` first to act first; ``skipped`` lose round 1.

    ``players_first_chance`` is the exact chance that the players' side acts first, given who
    rolls (``None`` when the players are surprised and do not roll).
    """

    order: tuple[InitiativeEntry, ...] = field(metadata={"description": "First to act first."})
    skipped: tuple[Side, ...] = field(
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
    sides: Sequence[str | Side] = DEFAULT_SIDES,
    players: str | Side | None = None,
    surprised: Sequence[str | Side] = (),
) -> Outcome:
    """[Iniciativa] 1d10 for each side not surprised; highest first, a tie goes to the players.

    A tie between two sides that are not the players keeps the listed order. When every side is
    surprised, it is only a moment's hesitation: every side rolls and nobody loses the round.
    """
    checked = check_sides(sides)
    the_players_side = the_players(checked, players)
    skipped = check_named_sides(surprised, checked, "surprised")
    everyone_surprised = len(skipped) == len(checked)
    if everyone_surprised:
        skipped = ()
    rolling = [side for side in checked if side not in skipped]
    rolls = tuple(roll(source, "initiative", 1, INITIATIVE_DIE) for _ in rolling)
    totals = [rolled.total for rolled in rolls]
    ranked = sorted(range(len(rolling)), key=lambda index: (
        -totals[index], rolling[index] != the_players_side, index))
    order = tuple(InitiativeEntry(rolling[index], totals[index], totals.count(totals[index]) > 1)
                  for index in ranked)
    chance = (players_first_chance(len(rolling) - 1) if the_players_side in rolling
              else None)
    result = InitiativeResult(order, skipped, chance)
    text = initiative_text(result, rolling, rolls, the_players_side)
    if everyone_surprised:
        text = msg("initiative.and-surprise", initiative=text,
                   surprise=msg("initiative.everyone-surprised"))
    elif skipped:
        text = msg("initiative.and-surprise", initiative=text, surprise=lose_a_round(skipped))
    return Outcome("initiative", rolls, result, None, text, RULES["initiative"])


def initiative_text(result: InitiativeResult, rolling: Sequence[Side], rolls: Sequence[Roll],
                    players: Side) -> Message:
    """"Iniciativa: hráči 1d10 = 5, skřeti 1d10 = 5 → pořadí: hráči, skřeti (remíza jde ve
    prospěch hráčů)." – without a word on surprise (a whole encounter has said it already)."""
    tied = [entry.side for entry in result.order if entry.tied]
    tie = (msg("initiative.tie-players") if players in tied
           else msg("initiative.tie-listed") if tied else NOTHING)
    return msg("initiative.text",
               rolls=Join(tuple(msg("initiative.roll", side=side, dice=written(rolled))
                                for side, rolled in zip(rolling, rolls, strict=True))),
               order=Join(tuple(entry.side for entry in result.order)), tie=tie)


# --- Range zones [Zóny dosahu] ---------------------------------------------------------------

#: The largest distance the API accepts, in metres (a bound, not a rule).
MAX_DISTANCE_M = 100_000


@dataclass(frozen=True, slots=True)
class RangeZone:
    """A row of [Zóny dosahu]: distances ``low``..``high`` m (``None`` = no upper end); its
    words are the catalog's ``range-zone.<zone>`` (name), ``.rounds`` and ``.attacks``."""

    zone: str
    low: int
    high: int | None

    @property
    def name(self) -> Message:
        """The zone's name (``Poblíž``)."""
        return msg(f"range-zone.{self.zone}")

    @property
    def rounds_to_reach(self) -> Message:
        """How long moving to the target takes, as the rules say."""
        return msg(f"range-zone.{self.zone}.rounds")

    @property
    def allowed_attacks(self) -> Message:
        """Which attacks can reach the target, as the rules say."""
        return msg(f"range-zone.{self.zone}.attacks")


#: The zones as the rules list them.
RANGE_ZONES: tuple[RangeZone, ...] = (
    RangeZone("blizko", 0, 5),
    RangeZone("poblize", 6, 25),
    RangeZone("daleko", 26, 50),
    RangeZone("velmi-daleko", 51, 100),
    RangeZone("extremne-daleko", 101, None),
)
ZONES: tuple[str, ...] = tuple(zone.zone for zone in RANGE_ZONES)


@dataclass(frozen=True, slots=True)
class RangeZoneResult:
    """``result`` of ``range-zone``; ``counted_m`` is the distance rounded up to a whole metre."""

    counted_m: int = field(metadata={"description": "The distance rounded up to a whole metre."})
    zone: str = field(metadata={"enum": "rpg.pravidla.combat.ZONES"})
    name: Message = field(metadata={"description": "The zone's name."})
    rounds_to_reach: Message = field(
        metadata={"description": "How long moving to the target takes, as the rules say."})
    allowed_attacks: Message = field(
        metadata={"description": "Which attacks can reach the target, as the rules say."})


def counted_metres(distance_m: float) -> int:
    """A distance in whole metres: a started metre counts as a whole one."""
    if not math.isfinite(distance_m) or distance_m < 0:
        raise RuleError(msg("range-zone.negative"), field="distance_m")
    return math.ceil(distance_m)


def range_zone_of(distance_m: float) -> RangeZone:
    """The zone a distance falls in, fractions of a metre rounded up."""
    metres = counted_metres(distance_m)
    return next(zone for zone in reversed(RANGE_ZONES) if metres >= zone.low)


@procedure("range-zone", rolls=False, result=RangeZoneResult, rule="range-zones",
           samples=({"distance_m": 30},))
def range_zone(source: DiceSource, *, distance_m: float) -> Outcome:
    """[Zóny dosahu] the abstract zone of a distance, what it takes to get there, what can hit."""
    metres = counted_metres(distance_m)
    zone = range_zone_of(metres)
    span = (msg("range-zone.span", low=zone.low, high=zone.high) if zone.high is not None
            else msg("range-zone.span-open", low=zone.low))
    text = msg("range-zone.text", metres=metres, name=zone.name, span=span,
               rounds=lowered(zone.rounds_to_reach), attacks=lowered(zone.allowed_attacks))
    result = RangeZoneResult(metres, zone.zone, zone.name, zone.rounds_to_reach,
                             zone.allowed_attacks)
    return Outcome("range-zone", (), result, None, text, RULES["range-zones"])


#: What the calculators need of this module (``pravidla/combat.js``).
CALCULATOR_DATA: dict[str, Any] = {
    "morale": [MORALE_MIN, MORALE_MAX], "successes_to_death": MORALE_SUCCESSES_TO_DEATH,
    "sides": [SIDES_MIN, SIDES_MAX], "default_sides": [side.key for side in DEFAULT_SIDES],
    "initiative_die": INITIATIVE_DIE, "rounds_lost": SURPRISE_ROUNDS_LOST,
    "zones": [[zone.zone, zone.low, zone.high] for zone in RANGE_ZONES],
}
