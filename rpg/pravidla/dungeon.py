"""Dungeon exploration turn by turn [Průzkum kobek]: wandering-monster checks, rest, fatigue."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from rpg.core.catalog import messages
from rpg.core.citations import RULES
from rpg.core.dice import DiceSource
from rpg.core.dice import roll as roll_dice
from rpg.core.errors import RuleError
from rpg.core.outcome import Outcome
from rpg.core.registry import procedure
from rpg.core.text import Text, both

#: What each procedure of this module is called, and what its chance is the chance of.
MESSAGES = messages({
    "dungeon-turn.title": Text("Směna v kobce", "Dungeon turn"),
    "dungeon-turn.chance": Text("Šance na setkání", "Chance of an encounter"),
})

#: [Putující monstra] "jednou za 2 kola", read as every 2nd exploration turn (směna).
CHECK_EVERY_TURNS = 2
WANDERING_X, WANDERING_Y = 1, 6
#: [Odpočinek] at most once per 8 h of exploring; it lasts 8–12 h; none in 24 h → 1 fatigue.
REST_EVERY_HOURS = 8
REST_MIN_HOURS, REST_MAX_HOURS = 8, 12
FATIGUE_WITHOUT_REST_HOURS = 24
MAX_TURN = 100_000
MAX_HOURS = 100_000


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
           samples=({"turn": 4, "roll": True},))
def dungeon_turn(
    source: DiceSource,
    *,
    turn: int,
    noise: bool = False,
    hours_since_rest: float = 0,
    hours_exploring_since_rest: float = 0,
    roll: bool = False,
) -> Outcome:
    """One exploration turn: is a wandering-monster check due, may the party rest, is fatigue due.

    With ``roll`` and a check due, the 1-in-6 check is rolled.
    """
    if hours_exploring_since_rest > hours_since_rest:
        raise RuleError(both(
            "'hours_exploring_since_rest' ({e} h) nemůže být víc než 'hours_since_rest' ({h} h).",
            "'hours_exploring_since_rest' ({e} h) cannot exceed 'hours_since_rest' ({h} h).",
            e=hours_exploring_since_rest, h=hours_since_rest),
            field="hours_exploring_since_rest")
    scheduled = turn % CHECK_EVERY_TURNS == 0
    reason = "schedule" if scheduled else ("noise" if noise else None)
    check_due = reason is not None
    rolls = ()
    rolled_value: int | None = None
    monster: bool | None = None
    chance = None
    if check_due and roll:
        rolled = roll_dice(source, "wandering-monsters", 1, WANDERING_Y)
        rolls = (rolled,)
        rolled_value = rolled.total
        monster = rolled.total <= WANDERING_X
        chance = Fraction(WANDERING_X, WANDERING_Y)
    rest_allowed = hours_exploring_since_rest >= REST_EVERY_HOURS
    fatigue_due = 1 if hours_since_rest >= FATIGUE_WITHOUT_REST_HOURS else 0
    next_check = turn + (CHECK_EVERY_TURNS - turn % CHECK_EVERY_TURNS)
    result = DungeonTurnResult(
        check_due, reason, rolled_value, monster, rest_allowed,
        (REST_MIN_HOURS, REST_MAX_HOURS), fatigue_due, next_check)

    if not check_due:
        check = Text("hod na putující monstra se nedělá", "no wandering-monster check")
    elif monster is None:
        why = Text("kvůli hluku", "because of noise") if reason == "noise" else Text(
            "podle plánu", "on schedule")
        check = Text(f"hoď na putující monstra ({why.cs}, 1 z 6)",
                     f"roll for wandering monsters ({why.en}, 1 in 6)")
    else:
        check = Text(
            f"putující monstra 1d6 = {rolled_value} → "
            + ("setkání!" if monster else "nic"),
            f"wandering monsters 1d6 = {rolled_value} → "
            + ("an encounter!" if monster else "nothing"))
    rest = Text("odpočinek možný (8–12 h)", "rest allowed (8–12 h)") if rest_allowed else Text(
        "odpočinek zatím ne (nejvýše jednou za 8 h průzkumu)",
        "no rest yet (at most once per 8 h of exploring)")
    tired = Text("; 24 h bez odpočinku → 1 bod únavy", "; 24 h without rest → 1 fatigue") \
        if fatigue_due else Text("", "")
    text = Text(f"Směna {turn}: {check.cs}; {rest.cs}{tired.cs}.",
                f"Turn {turn}: {check.en}; {rest.en}{tired.en}.")
    return Outcome("dungeon-turn", rolls, result, chance, text, RULES["wandering-monsters"])
