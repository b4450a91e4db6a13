"""What comes next by the clock: the shifts at which the rules will act if the party goes on.

The GM keeps time by the book only if they see it coming: the next wandering-monster check (every
2nd dungeon turn, [Putující monstra]), when a rest is allowed (8 h since the last, [Odpočinek]),
when a day without rest costs a fatigue, when the next day without food does ([Hlad a žízeň]),
and when each light or effect runs out. Each is read from the same rules that act when the
shifts pass (``journey.pass_shifts``, ``upkeep.hunger``, ``upkeep.elapse``), never computed
apart from them: the constants are theirs.
"""

from __future__ import annotations

from dataclasses import dataclass

from rpg.core.catalog import Message, messages, msg
from rpg.core.text import Text
from rpg.expedition.state import SHIFTS_PER_DAY, SHIFTS_PER_HOUR, State
from rpg.pravidla.dungeon import CHECK_EVERY_TURNS, FATIGUE_WITHOUT_REST_HOURS, REST_EVERY_HOURS
from rpg.pravidla.health import HUNGER_FREE_DAYS

#: A warning is given this many shifts ahead (the GM's next tap).
WARN_SHIFTS = 1

MESSAGES = messages({
    "expedition.ahead.check": Text(
        "Kontrola putujících monster za {shifts} {shifts:směnu|směny|směn}.",
        "Wandering-monster check in {shifts} {shifts:shift|shifts}."),
    "expedition.ahead.rest": Text(
        "Odpočinek možný za {shifts} {shifts:směnu|směny|směn}.",
        "A rest is allowed in {shifts} {shifts:shift|shifts}."),
    "expedition.ahead.rest-now": Text("Odpočinek je možný už teď.", "A rest is allowed now."),
    "expedition.ahead.sleepless": Text(
        "Bod únavy za den bez odpočinku za {shifts} {shifts:směnu|směny|směn}.",
        "A fatigue for a day without rest in {shifts} {shifts:shift|shifts}."),
    "expedition.ahead.hungry": Text(
        "Bod únavy za den bez jídla za {shifts} {shifts:směnu|směny|směn}.",
        "A fatigue for a day without food in {shifts} {shifts:shift|shifts}."),
    "expedition.ahead.effect": Text(
        "{name}: konec za {shifts} {shifts:směnu|směny|směn}.",
        "{name}: ends in {shifts} {shifts:shift|shifts}."),
})


@dataclass(frozen=True)
class Coming:
    """One thing the rules will do at the shift ``at`` of the clock (``kind``: check, rest,
    sleepless, hungry, effect; ``name`` the effect's), and what it reads as."""

    kind: str
    at: int
    text: Message
    name: str | None = None
    light: bool = False


def ahead(state: State) -> tuple[Coming, ...]:
    """What comes next, soonest first: in a dungeon the next check, the rest and the fatigue
    for a day without rest; outside town the next day without food; every effect's end."""
    clock = state.clock
    coming: list[Coming] = []
    if state.mode == "dungeon":
        turns = CHECK_EVERY_TURNS - state.dungeon_turn % CHECK_EVERY_TURNS
        coming.append(Coming("check", clock + turns, msg("expedition.ahead.check", shifts=turns)))
        rest_at = state.last_rest_at + REST_EVERY_HOURS * SHIFTS_PER_HOUR
        coming.append(Coming("rest", max(rest_at, clock), msg(
            "expedition.ahead.rest", shifts=rest_at - clock) if rest_at > clock
            else msg("expedition.ahead.rest-now")))
        tired_at = state.awake_since + FATIGUE_WITHOUT_REST_HOURS * SHIFTS_PER_HOUR
        # Already due: the next shift charges it.
        tired_at = max(tired_at, clock + 1)
        coming.append(Coming("sleepless", tired_at,
                             msg("expedition.ahead.sleepless", shifts=tired_at - clock)))
    if state.mode != "civilization" and state.living:
        hungry_at = state.fed_at + (HUNGER_FREE_DAYS + state.hungry_days + 1) * SHIFTS_PER_DAY
        hungry_at = max(hungry_at, clock + 1)
        coming.append(Coming("hungry", hungry_at,
                             msg("expedition.ahead.hungry", shifts=hungry_at - clock)))
    for effect in state.effects:
        coming.append(Coming("effect", clock + effect.shifts_left, msg(
            "expedition.ahead.effect", name=effect.name, shifts=effect.shifts_left),
            name=effect.name, light=effect.light))
    return tuple(sorted(coming, key=lambda c: c.at))


def warned(coming: Coming, state: State) -> bool:
    """Whether ``coming`` falls within the next shift (the page warns of it)."""
    return coming.kind != "rest" and coming.at - state.clock <= WARN_SHIFTS
