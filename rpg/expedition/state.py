"""An expedition's state: the GM's time records, the party, supplies, lights and other effects.

The rules make the GM keep these records ("PJ aktualizuje časové záznamy a upraví dobu trvání kouzel
či zdrojů světla"); the state is a frozen value, and every action makes a new one
(:mod:`rpg.expedition.actions`). The clock counts shifts (směny) of 10 minutes since the expedition
set out: everything that moves it (a dungeon turn, a rest, a day of travel, the end of an
encounter) moves it by whole shifts, as [Konec setkání] rounds an encounter up to the next shift.
Rounds of 6 seconds are counted inside an encounter only.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Literal

from rpg.core.catalog import Message, messages, msg
from rpg.core.errors import RuleError
from rpg.core.text import Text
from rpg.pravidla.attack import AC_MAX, AC_MIN
from rpg.pravidla.encounters import ROUND_SECONDS, SHIFT_MINUTES
from rpg.pravidla.health import HUNGER_POINTS_MIN, SAVE_TARGET_MAX, SAVE_TARGET_MIN

#: A round (kolo) and a shift (směna) last what the encounters' rules say (one source for both).
ROUNDS_PER_SHIFT = SHIFT_MINUTES * 60 // ROUND_SECONDS
SHIFTS_PER_HOUR = 60 // SHIFT_MINUTES
SHIFTS_PER_DAY = 24 * SHIFTS_PER_HOUR

Mode = Literal["dungeon", "wilderness", "civilization"]
MODES: tuple[Mode, ...] = ("dungeon", "wilderness", "civilization")
Status = Literal["ok", "unconscious", "dead"]
STATUSES: tuple[Status, ...] = ("ok", "unconscious", "dead")
#: A creature of an encounter: fighting, subdued ([Přemožení] "upadne do bezvědomí nebo se
#: vzdá"), or dead.
CreatureStatus = Literal["ok", "subdued", "dead"]
CREATURE_STATUSES: tuple[CreatureStatus, ...] = ("ok", "subdued", "dead")

#: Bounds of a record (the API's schemas show them): the contract's names, amounts and fatigue,
#: and the sizes of one table's party and effects.
NAME_MAX = 40
EXPEDITION_NAME_MAX = 80
PARTY_MAX = 20
EFFECTS_MAX = 30
MORALE_GROUPS_MAX = 20
AMOUNT_MAX = 100_000
FATIGUE_MAX = 50
MOVEMENT_MIN, MOVEMENT_MAX = 1, 30
DEFAULT_MOVEMENT = 6
#: The save written on a sheet, and its OČ: the bounds of the procedures that read them.
SAVE_MIN, SAVE_MAX = SAVE_TARGET_MIN, SAVE_TARGET_MAX
OC_MIN, OC_MAX = AC_MIN, AC_MAX
EFFECT_SHIFTS_MAX = 100_000
#: A clock past a hundred years of shifts is a runaway, not a campaign.
CLOCK_MAX = 100 * 365 * SHIFTS_PER_DAY
#: Creatures one encounter keeps (a horde is a few groups of them).
CREATURES_MAX = 100

MESSAGES = messages({
    "expedition.error.no-character": Text("V družině není nikdo jménem '{name}'.",
                                          "Nobody called '{name}' is in the party."),
    "expedition.clock": Text("den {day}, {hours} h {minutes} min",
                             "day {day}, {hours} h {minutes} min"),
    "expedition.clock-turn": Text("{clock}, směna {turn}", "{clock}, turn {turn}"),
    "expedition.mode.dungeon": Text("kobka", "dungeon"),
    "expedition.mode.wilderness": Text("divočina", "wilderness"),
    "expedition.mode.civilization": Text("civilizace", "civilization"),
    "expedition.status.ok": Text("při vědomí", "conscious"),
    "expedition.status.unconscious": Text("v bezvědomí", "unconscious"),
    "expedition.status.dead": Text("mrtvá postava", "dead"),
    "expedition.status.unconscious-for": Text(
        "v bezvědomí ještě {shifts} {shifts:směnu|směny|směn}",
        "unconscious for {shifts} more {shifts:shift|shifts}"),
    "expedition.effect.left": Text(
        "{shifts:zbývá|zbývají|zbývá} {shifts} {shifts:směna|směny|směn}",
                                   "{shifts} {shifts:shift|shifts} left"),
    "expedition.effect.out": Text("vyhaslo", "gone out"),
    "expedition.duration": Text("{hours} h {minutes} min", "{hours} h {minutes} min"),
    "expedition.status.creature.ok": Text("v boji", "fighting"),
    "expedition.status.creature.subdued": Text("mimo boj: přemožení", "subdued"),
    "expedition.status.creature.dead": Text("mrtvé stvoření", "dead"),
})


@dataclass(frozen=True, slots=True)
class Character:
    """A member of the party as the GM's records keep them.

    ``died_at`` is the clock (in shifts) when their hit points reached 0, for the milder death's
    24 hours; ``deaths`` counts deaths survived, and ``healed_to_max_since`` whether they were
    healed to their maximum since the last one (a repeated death without it is final);
    ``beyond_rescue`` that their death is final (the death save failed, or fatigue killed them).
    ``ac`` is the OČ written on the sheet; ``fatigue_save_due`` that their fatigue calls for a
    save against death that is still to be rolled ([Smrt na únavu]).
    """

    name: str
    hp: int
    max_hp: int
    fatigue: int = 0
    status: Status = "ok"
    unconscious_shifts: int = 0
    movement: int = DEFAULT_MOVEMENT
    save: int | None = None
    died_at: int | None = None
    deaths: int = 0
    healed_to_max_since: bool = False
    beyond_rescue: bool = False
    ac: int | None = None
    fatigue_save_due: bool = False

    @property
    def alive(self) -> bool:
        """Not dead (an unconscious character still travels and eats)."""
        return self.status != "dead"


@dataclass(frozen=True, slots=True)
class Effect:
    """A light source or another timed effect: the GM sets how many shifts it lasts."""

    name: str
    shifts_left: int
    light: bool = False


@dataclass(frozen=True, slots=True)
class Creature:
    """A creature of an encounter as the GM's records keep it: its side, hit points, OČ and
    morale (the stat block's), and whether it still fights."""

    name: str
    side: str
    hp: int
    max_hp: int
    ac: int | None = None
    morale: int | None = None
    status: CreatureStatus = "ok"

    @property
    def fighting(self) -> bool:
        """Neither dead nor subdued."""
        return self.status == "ok"


@dataclass(frozen=True, slots=True)
class Encounter:
    """The encounter under way: its sides (the players' first), the rounds counted so far, its
    creatures, the groups that failed their morale ([Morálka] "uteče nebo se vzdá"), and
    whether the GM keeps it hidden from the players."""

    sides: tuple[str, ...]
    players: str
    started_at: int
    rounds: int = 0
    hidden: bool = False
    creatures: tuple[Creature, ...] = ()
    routed: tuple[str, ...] = ()

    def creature(self, name: str) -> Creature | None:
        """The creature called ``name``, if any."""
        return next((c for c in self.creatures if c.name == name), None)

    def with_creature(self, updated: Creature) -> Encounter:
        """The encounter with ``updated`` in place of the creature of the same name."""
        return replace(self, creatures=tuple(updated if c.name == updated.name else c
                                             for c in self.creatures))


@dataclass(frozen=True, slots=True)
class State:
    """An expedition's records.

    ``clock`` counts shifts since setting out; ``dungeon_turn`` the shifts since entering the
    current dungeon (the turn number the wandering-monster schedule counts); ``last_rest_at``
    is the clock when the last rest ended (every hour since counts toward the next rest, whatever
    the party did); ``last_check_turn`` the dungeon turn of the last wandering-monster check;
    ``no_rest_paid_at`` the clock when a fatigue for a day without rest was last taken (a forced
    march's or the dungeon's 24 hours); ``morale`` the successful morale checks of each group in
    the current encounter; ``pending_damage`` the summary damage of a fast journey still to be
    shared out; ``fed_at`` the clock when the party last ate and ``hungry_days`` the days of
    hunger taken since ([Hlad a žízeň]), each costing ``hunger_points`` fatigue.
    """

    name: str
    mode: Mode = "dungeon"
    clock: int = 0
    party: tuple[Character, ...] = ()
    supplies: int = 0
    effects: tuple[Effect, ...] = ()
    morale: tuple[tuple[str, int], ...] = ()
    encounter: Encounter | None = None
    dungeon_turn: int = 0
    last_check_turn: int | None = None
    last_rest_at: int = 0
    no_rest_paid_at: int | None = None
    pending_damage: int = 0
    fed_at: int = 0
    hungry_days: int = 0
    hunger_points: int = HUNGER_POINTS_MIN

    def character(self, name: str) -> Character | None:
        """The party member called ``name``, if any."""
        return next((member for member in self.party if member.name == name), None)

    def with_character(self, updated: Character) -> State:
        """The state with ``updated`` in place of the member of the same name."""
        return replace(self, party=tuple(updated if member.name == updated.name else member
                                         for member in self.party))

    @property
    def living(self) -> tuple[Character, ...]:
        """The members who still travel, eat and tire (unconscious ones too)."""
        return tuple(member for member in self.party if member.alive)

    @property
    def hours_since_rest(self) -> int | float:
        """Hours since the last rest ended: all of them count toward the next ([Odpočinek])."""
        return hours(self.clock - self.last_rest_at)

    @property
    def awake_since(self) -> int:
        """The clock from which the next fatigue for a day without rest counts: the last rest,
        or the last such fatigue taken since."""
        if self.no_rest_paid_at is None:
            return self.last_rest_at
        return max(self.last_rest_at, self.no_rest_paid_at)

    @property
    def lights(self) -> tuple[Effect, ...]:
        """The light sources still burning."""
        return tuple(effect for effect in self.effects if effect.light)

    @property
    def dark(self) -> bool:
        """[Tma] in a dungeon with no light burning the party is in darkness."""
        return self.mode == "dungeon" and not self.lights

    def morale_successes(self, group: str) -> int:
        """The successful morale checks of ``group`` in this encounter."""
        return dict(self.morale).get(group, 0)


def hours(shifts: int) -> int | float:
    """``shifts`` in hours (whole where they are)."""
    value = shifts / SHIFTS_PER_HOUR
    return int(value) if value.is_integer() else value


def duration_message(shifts: int) -> Message:
    """``7 h 50 min``: a span of shifts in hours and minutes, never decimal hours."""
    whole, minutes = divmod(shifts * SHIFT_MINUTES, 60)
    return msg("expedition.duration", hours=whole, minutes=minutes)


def clock_message(state: State) -> Message:
    """``den 2, 3 h 40 min`` (and the dungeon turn inside a dungeon)."""
    day, minutes = divmod(state.clock * SHIFT_MINUTES, 24 * 60)
    whole, minutes = divmod(minutes, 60)
    clock = msg("expedition.clock", day=day + 1, hours=whole, minutes=minutes)
    if state.mode == "dungeon":
        return msg("expedition.clock-turn", clock=clock, turn=state.dungeon_turn)
    return clock


def status_message(member: Character) -> Message:
    """What a character's status reads as."""
    if member.status == "unconscious" and member.unconscious_shifts:
        return msg("expedition.status.unconscious-for", shifts=member.unconscious_shifts)
    return msg(f"expedition.status.{member.status}")


# --- JSON (the database's and the export's form; the API adds words in the reader's language) --


def member_named(state: State, name: Any, field: str = "character") -> Character:
    """The party member called ``name``, else a refusal naming ``field``."""
    member = state.character(name) if isinstance(name, str) else None
    if member is None:
        raise RuleError(msg("expedition.error.no-character", name=str(name)[:NAME_MAX]),
                        field=field)
    return member


def _creature_json(creature: Creature) -> dict[str, Any]:
    return {"name": creature.name, "side": creature.side, "hp": creature.hp,
            "max_hp": creature.max_hp, "ac": creature.ac, "morale": creature.morale,
            "status": creature.status}


def state_json(state: State) -> dict[str, Any]:
    """The state as plain JSON values, every field named."""
    encounter = state.encounter
    return {
        "name": state.name,
        "mode": state.mode,
        "clock": state.clock,
        "party": [{
            "name": m.name, "hp": m.hp, "max_hp": m.max_hp, "fatigue": m.fatigue,
            "status": m.status, "unconscious_shifts": m.unconscious_shifts,
            "movement": m.movement, "save": m.save, "died_at": m.died_at, "deaths": m.deaths,
            "healed_to_max_since": m.healed_to_max_since, "beyond_rescue": m.beyond_rescue,
            "ac": m.ac, "fatigue_save_due": m.fatigue_save_due,
        } for m in state.party],
        "supplies": state.supplies,
        "effects": [{"name": e.name, "shifts_left": e.shifts_left, "light": e.light}
                    for e in state.effects],
        "morale": dict(state.morale),
        "encounter": None if encounter is None else {
            "sides": list(encounter.sides), "players": encounter.players,
            "started_at": encounter.started_at, "rounds": encounter.rounds,
            "hidden": encounter.hidden,
            "creatures": [_creature_json(c) for c in encounter.creatures],
            "routed": list(encounter.routed)},
        "dungeon_turn": state.dungeon_turn,
        "last_check_turn": state.last_check_turn,
        "last_rest_at": state.last_rest_at,
        "no_rest_paid_at": state.no_rest_paid_at,
        "pending_damage": state.pending_damage,
        "fed_at": state.fed_at,
        "hungry_days": state.hungry_days,
        "hunger_points": state.hunger_points,
    }


def state_from_json(data: Mapping[str, Any]) -> State:
    """A state written by :func:`state_json` (read back from the database).

    A state written before a field existed reads with that field's default; the clock of the
    last meal defaults to the state's own clock (an expedition kept before hunger was counted
    starts fed, not days hungry).
    """
    encounter = data.get("encounter")
    return State(
        name=data["name"],
        mode=data["mode"],
        clock=data["clock"],
        party=tuple(Character(**member) for member in data["party"]),
        supplies=data["supplies"],
        effects=tuple(Effect(**effect) for effect in data["effects"]),
        morale=tuple(data["morale"].items()),
        encounter=None if encounter is None else Encounter(
            tuple(encounter["sides"]), encounter["players"], encounter["started_at"],
            encounter["rounds"], encounter.get("hidden", False),
            tuple(Creature(**c) for c in encounter.get("creatures", ())),
            tuple(encounter.get("routed", ()))),
        dungeon_turn=data["dungeon_turn"],
        last_check_turn=data["last_check_turn"],
        last_rest_at=data["last_rest_at"],
        no_rest_paid_at=data["no_rest_paid_at"],
        pending_damage=data["pending_damage"],
        fed_at=data.get("fed_at", data["clock"]),
        hungry_days=data.get("hungry_days", 0),
        hunger_points=data.get("hunger_points", HUNGER_POINTS_MIN),
    )
