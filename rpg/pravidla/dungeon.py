"""Dungeon exploration [Průzkum kobek]: the turn, wandering monsters, rest, fatigue, traps.

[Putující monstra] and [Pasti] are rows of odds ("x z y", rolled by :mod:`rpg.pravidla.odds`);
the dungeon turn rolls the very same wandering-monster row when a check is due.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from rpg.core.catalog import Field, messages, msg
from rpg.core.citations import RULES
from rpg.core.dice import DiceSource, Roll, written
from rpg.core.dice import roll as roll_dice
from rpg.core.errors import RuleError
from rpg.core.outcome import Next, Outcome
from rpg.core.registry import procedure
from rpg.core.text import Text
from rpg.pravidla.odds import Odds, XInYResult, checked_odds, roll_odds

#: [Pasti] "Převážná většina pastí má šanci na spuštění 2 z 6-ti"; [Putující monstra] "Šance na
#: setkání s putujícím monstrem je většinou 1 z 6-ti".
TRAP = Odds("trap", 2, 6, "trap")
WANDERING_MONSTERS = Odds("wandering-monsters", 1, 6, "wandering-monsters")

#: [Putující monstra] "jednou za 2 kola", read as every 2nd exploration turn (směna).
CHECK_EVERY_TURNS = 2
#: [Odpočinek] at most once per 8 h of exploring; it lasts 8–12 h; none in 24 h → 1 fatigue.
REST_EVERY_HOURS = 8
REST_MIN_HOURS, REST_MAX_HOURS = 8, 12
FATIGUE_WITHOUT_REST_HOURS = 24
FATIGUE_WITHOUT_REST = 1
MAX_TURN = 100_000
MAX_HOURS = 100_000
#: A wandering monster met in a dungeon is an encounter indoors ([Vzdálenost setkání]).
ENCOUNTER = Next("encounter", {"location": "indoors"})

MESSAGES = messages({
    "trap.title": Text("Past", "Trap"),
    "trap.chance": Text("Šance, že se spustí", "Chance it is sprung"),
    "trap.head": Text("Past", "Trap"),
    "trap.happens": Text("spustí se", "it is sprung"),
    "trap.nothing": Text("nespustí se", "it is not sprung"),
    "wandering-monsters.title": Text("Putující monstra", "Wandering monsters"),
    "wandering-monsters.chance": Text("Šance na setkání", "Chance of an encounter"),
    "wandering-monsters.head": Text("Putující monstra", "Wandering monsters"),
    "wandering-monsters.happens": Text("setkání s putujícím monstrem",
                                       "a wandering monster appears"),
    "wandering-monsters.nothing": Text("nic se neděje", "nothing comes"),
    "dungeon-turn.title": Text("Směna v kobce", "Dungeon turn"),
    "dungeon-turn.chance": Text("Šance na setkání", "Chance of an encounter"),
    "dungeon-turn.text": Text("Směna {turn}: {check}; {rest}{tired}.",
                              "Turn {turn}: {check}; {rest}{tired}."),
    "dungeon-turn.tired": Text(
        "; {hours} h bez odpočinku → {fatigue} {fatigue:bod|body|bodů} únavy",
        "; {hours} h without rest → {fatigue} fatigue"),
    "dungeon-turn.no-check": Text("hod na putující monstra se nedělá",
                                  "no wandering-monster check"),
    "dungeon-turn.check-due": Text("hoď na putující monstra ({why}, {odds})",
                                   "roll for wandering monsters ({why}, {odds})"),
    "dungeon-turn.schedule": Text("podle plánu", "on schedule"),
    "dungeon-turn.noise": Text("kvůli hluku", "because of noise"),
    "dungeon-turn.checked": Text("putující monstra {dice} → {outcome}",
                                 "wandering monsters {dice} → {outcome}"),
    "dungeon-turn.encounter": Text("setkání", "an encounter"),
    "dungeon-turn.nothing": Text("nic", "nothing"),
    "dungeon-turn.rest": Text("odpočinek možný ({low}–{high} h)", "rest allowed ({low}–{high} h)"),
    "dungeon-turn.no-rest": Text("odpočinek zatím ne (nejvýše jednou za {every} h průzkumu)",
                                 "no rest yet (at most once per {every} h of exploring)"),
    "dungeon-turn.fatigue-before-rest": Text(
        "{fatigue} ({value} h) nemůže být víc než {since} ({since_value} h): únava za den bez "
        "odpočinku se počítá od posledního odpočinku.",
        "{fatigue} ({value} h) cannot exceed {since} ({since_value} h): the fatigue for a day "
        "without rest counts from the last rest."),
    "dungeon-turn.exploring-beyond-rest": Text(
        "{exploring} ({value} h) nemůže být víc než {since} ({since_value} h).",
        "{exploring} ({value} h) cannot exceed {since} ({since_value} h)."),
})

#: What the calculators need of this module (``pravidla/dungeon.js``); the rows of odds need no
#: code of their own (``pravidla/odds.js`` rolls them).
CALCULATOR_DATA: dict[str, Any] = {
    "odds": {odds.key: [odds.x, odds.y] for odds in (TRAP, WANDERING_MONSTERS)},
    "check_every_turns": CHECK_EVERY_TURNS, "rest_every_hours": REST_EVERY_HOURS,
    "rest_hours": [REST_MIN_HOURS, REST_MAX_HOURS],
    "fatigue_without_rest": [FATIGUE_WITHOUT_REST_HOURS, FATIGUE_WITHOUT_REST],
    "encounter": {"procedure": ENCOUNTER.procedure, "inputs": dict(ENCOUNTER.inputs)},
}


# --- trap, wandering-monsters: rows of odds ------------------------------------------------


@procedure("trap", result=XInYResult, rule="trap", samples=({}, {"x": 3, "y": 6}))
def trap(source: DiceSource, *, x: int = TRAP.x, y: int = TRAP.y) -> Outcome:
    """[Pasti] most traps are sprung on 2 in 6."""
    return roll_odds(source, TRAP, *checked_odds(x, y))


@procedure("wandering-monsters", result=XInYResult, rule="wandering-monsters", samples=({},))
def wandering_monsters(
    source: DiceSource, *, x: int = WANDERING_MONSTERS.x, y: int = WANDERING_MONSTERS.y
) -> Outcome:
    """[Putující monstra] usually 1 in 6, checked every other turn or on a loud noise."""
    return roll_odds(source, WANDERING_MONSTERS, *checked_odds(x, y))


# --- dungeon-turn --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DungeonTurnResult:
    """``result`` of ``dungeon-turn``."""

    check_due: bool
    check_reason: str | None = field(
        metadata={"description": "schedule (every 2nd turn), noise, or null."})
    roll: int | None
    wandering_monster: bool | None
    rest_allowed: bool
    rest_hours: tuple[int, int]
    fatigue_due: int
    next_check_turn: int


@procedure("dungeon-turn", result=DungeonTurnResult, rule="wandering-monsters",
           samples=({"turn": 4, "roll": True},), next=("encounter",))
def dungeon_turn(
    source: DiceSource,
    *,
    turn: int,
    noise: bool = False,
    hours_since_rest: float = 0,
    hours_exploring_since_rest: float = 0,
    roll: bool = False,
    hours_since_no_rest_fatigue: float | None = None,
) -> Outcome:
    """One exploration turn: is a wandering-monster check due, may the party rest, is fatigue due.

    With ``roll`` and a check due, the wandering-monster row (1 in 6) is rolled; a monster met
    calls for an encounter indoors. The answer cites [Putující monstra] when a check is due,
    else [Odpočinek]. One day without rest gives one fatigue: a fatigue already taken for it
    ``hours_since_no_rest_fatigue`` ago (a forced march's, or this rule's) counts the 24 hours
    before it, so the next is due 24 hours after it.
    """
    if hours_since_no_rest_fatigue is not None and hours_since_no_rest_fatigue > hours_since_rest:
        raise RuleError(msg(
            "dungeon-turn.fatigue-before-rest", fatigue=Field("hours_since_no_rest_fatigue"),
            value=hours_since_no_rest_fatigue, since=Field("hours_since_rest"),
            since_value=hours_since_rest), field="hours_since_no_rest_fatigue")
    if hours_exploring_since_rest > hours_since_rest:
        raise RuleError(msg(
            "dungeon-turn.exploring-beyond-rest", exploring=Field("hours_exploring_since_rest"),
            value=hours_exploring_since_rest, since=Field("hours_since_rest"),
            since_value=hours_since_rest), field="hours_exploring_since_rest")
    scheduled = turn % CHECK_EVERY_TURNS == 0
    reason = "schedule" if scheduled else ("noise" if noise else None)
    rolls: tuple[Roll, ...] = ()
    rolled_value: int | None = None
    monster: bool | None = None
    chance = None
    odds = WANDERING_MONSTERS
    if reason is None:
        check = msg("dungeon-turn.no-check")
    elif not roll:
        check = msg("dungeon-turn.check-due", why=msg(f"dungeon-turn.{reason}"),
                    odds=msg("odds.x-in-y", x=odds.x, y=odds.y))
    else:
        rolled = roll_dice(source, odds.key, 1, odds.y)
        rolls = (rolled,)
        rolled_value = rolled.total
        monster = rolled.total <= odds.x
        chance = Fraction(odds.x, odds.y)
        check = msg("dungeon-turn.checked", dice=written(rolled),
                    outcome=msg("dungeon-turn.encounter" if monster else "dungeon-turn.nothing"))
    rest_allowed = hours_exploring_since_rest >= REST_EVERY_HOURS
    awake = (hours_since_rest if hours_since_no_rest_fatigue is None
             else hours_since_no_rest_fatigue)
    fatigue_due = FATIGUE_WITHOUT_REST if awake >= FATIGUE_WITHOUT_REST_HOURS else 0
    next_check = turn + (CHECK_EVERY_TURNS - turn % CHECK_EVERY_TURNS)
    result = DungeonTurnResult(
        reason is not None, reason, rolled_value, monster, rest_allowed,
        (REST_MIN_HOURS, REST_MAX_HOURS), fatigue_due, next_check)
    rest = (msg("dungeon-turn.rest", low=REST_MIN_HOURS, high=REST_MAX_HOURS) if rest_allowed
            else msg("dungeon-turn.no-rest", every=REST_EVERY_HOURS))
    tired = (msg("dungeon-turn.tired", hours=FATIGUE_WITHOUT_REST_HOURS, fatigue=fatigue_due)
             if fatigue_due else "")
    text = msg("dungeon-turn.text", turn=turn, check=check, rest=rest, tired=tired)
    cited = RULES["wandering-monsters" if reason is not None else "dungeon-rest"]
    return Outcome("dungeon-turn", rolls, result, chance, text, cited,
                   (ENCOUNTER,) if monster else ())
