"""Time passing on an expedition: a dungeon's shifts, rest, a day of travel, a fast journey.

[Průzkum kobek, Odpočinek, Přenocování v divočině, Cestování po světě, Rychlé cestování]. Each
action runs the procedures with the records filled in (the turn number, the hours since the last
rest, the party's movement, supplies and hungry mouths) and writes their results back.
"""

from __future__ import annotations

import inspect
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from rpg.core.catalog import Field, Message, messages, msg
from rpg.core.errors import RuleError, check_bool, check_int
from rpg.core.registry import procedures
from rpg.core.text import Text
from rpg.expedition.actions import Change, Context, Offer, action
from rpg.expedition.records import member_named
from rpg.expedition.state import (
    SHIFTS_PER_DAY,
    SHIFTS_PER_HOUR,
    State,
    clock_message,
)
from rpg.expedition.upkeep import advance, tire
from rpg.expedition.wounds import wound

#: [Odpočinek] quoted when a rest comes too soon.
REST_RULE = Text(
    "„Odpočívat lze maximálně jednou za 8 hodin průzkumu. Odpočinek trvá 8 - 12 hodin.“",
    "“Resting is possible at most once per 8 hours of exploring. A rest lasts 8 to 12 hours.”")
DAYS_IN_TOWN_MAX = 365

MESSAGES = messages({
    "expedition.shift.title": Text("Další směna", "Next shift"),
    "expedition.shift.text": Text("Uběhla směna: {clock}.", "A shift passes: {clock}."),
    "expedition.shift.outside": Text(
        "Uběhla směna: {clock}. Mimo kobku se na putující monstra nehází.",
        "A shift passes: {clock}. Outside a dungeon there is no wandering-monster check."),
    "expedition.rest.title": Text("Odpočinek", "Rest"),
    "expedition.rest.text": Text("Odpočinek {hours} h ({where}): {clock}.",
                                 "A rest of {hours} h ({where}): {clock}."),
    "expedition.rest.town": Text(
        "{days} {days:den|dny|dní} v bezpečí civilizace: {clock}.",
        "{days} {days:day|days} in the safety of civilization: {clock}."),
    "expedition.rest.too-soon": Text(
        "Na odpočinek je brzy: od posledního {hours} h průzkumu. {rule}",
        "Too soon to rest: {hours} h of exploring since the last rest. {rule}"),
    "expedition.rest.hours": Text("{field} musí být od {low} do {high} hodin. {rule}",
                                  "{field} must be {low} to {high} hours. {rule}"),
    "expedition.rest.town-only": Text(
        "{field} platí jen pro odpočinek v civilizaci; jinde zadej {hours}.",
        "{field} is for a rest in civilization only; elsewhere give {hours}."),
    "expedition.travel-day.title": Text("Den cesty", "A day of travel"),
    "expedition.travel-day.text": Text(
        "Den cesty: {distance} km{camp}; {clock}.", "A day of travel: {distance} km{camp}; "
        "{clock}."),
    "expedition.travel-day.camp": Text(", večer tábor", ", camp at nightfall"),
    "expedition.travel-day.no-camp": Text(", dnem i nocí bez tábora",
                                          ", day and night without a camp"),
    "expedition.fast-travel.title": Text("Rychlé cestování", "Fast travel"),
    "expedition.fast-travel.text": Text(
        "Rychlé cestování, {days} {days:den|dny|dní}: {clock}.",
        "Fast travel, {days} {days:day|days}: {clock}."),
    "expedition.split-damage.title": Text("Rozdělení poškození", "Damage shared out"),
    "expedition.split-damage.text": Text("Souhrnné poškození {damage} rozděleno.",
                                         "Summary damage {damage} shared out."),
    "expedition.event.wandering-monster": Text("Putující monstrum! Nabízí se setkání.",
                                               "A wandering monster! An encounter awaits."),
    "expedition.event.encounter": Text("Setkání na cestě.", "An encounter on the way."),
    "expedition.event.encounters": Text(
        "Na cestě {count} {count:setkání|setkání|setkání}.",
        "{count} {count:encounter|encounters} on the way."),
    "expedition.event.lost": Text("Výprava ztratila směr.", "The expedition lost its way."),
    "expedition.event.found-supplies": Text(
        "Nalezeno {supplies} {supplies:zásoba|zásoby|zásob}.",
        "{supplies} {supplies:supply|supplies} found."),
    "expedition.event.supplies": Text("Zásoby {before} → {after}.",
                                      "Supplies {before} → {after}."),
    "expedition.event.no-rest": Text("Bez odpočinku: únava pro celou družinu.",
                                     "No rest: fatigue for the whole party."),
    "expedition.event.into-wilderness": Text("Výprava vyráží do divočiny.",
                                             "The expedition heads into the wilderness."),
    "expedition.event.damage-pending": Text(
        "Souhrnné poškození {damage}: hráči si ho rozdělí.",
        "Summary damage {damage}: the players share it out."),
    "expedition.event.alternative": Text(
        "{name} místo smrti: 1 život a únava.", "{name} instead of death: 1 HP and fatigue."),
    "expedition.error.encounter-running": Text(
        "Setkání ještě běží: nejdřív ho ukonči (Konec setkání).",
        "An encounter is under way: end it first (End of the encounter)."),
    "expedition.error.nobody-travels": Text("V družině není nikdo živý, kdo by cestoval.",
                                            "Nobody alive is left in the party to travel."),
    "expedition.error.no-pending-damage": Text("Není žádné souhrnné poškození k rozdělení.",
                                               "There is no summary damage to share out."),
    "expedition.error.not-dying": Text(
        "{name} by poškozením nezemřel(a): alternativa se volí jen místo smrti.",
        "{name} would not die of this damage: the alternative is chosen only instead of death."),
})


def declared_default(path: str, name: str) -> Any:
    """The default of the procedure ``path``'s input ``name``, as its declaration gives it."""
    return inspect.signature(procedures()[path].run).parameters[name].default


def no_encounter(state: State) -> None:
    """Time passes by the shift only outside an encounter ([Konec setkání] rounds it up)."""
    if state.encounter is not None:
        raise RuleError(msg("expedition.error.encounter-running"), field="action")


def encounter_offer(state: State) -> Offer:
    """An encounter, where the party stands: indoors in a dungeon, else in the wilderness."""
    return Offer("encounter", {"location": "indoors" if state.mode == "dungeon"
                               else "wilderness"})


def rested(state: State) -> State:
    """The records after a rest: the hours since it, and of exploring, count from now."""
    return replace(state, last_rest_at=state.clock, exploring=0, no_rest_paid_at=None)


def _no_rest_fatigue_due(state: State) -> bool:
    """Whether the fatigue the dungeon turn calls due is owed again.

    The ``dungeon-turn`` procedure says when the party has gone too long without rest; once paid,
    the next is owed after as long again (the first payment's span since the rest), so the rule's
    hours are read from the procedure, not written here twice.
    """
    paid = state.no_rest_paid_at
    return paid is None or state.clock - paid >= paid - state.last_rest_at


@action("shift", procedures=("dungeon-turn", "fatigue"), rolls=True)
def shift(state: State, context: Context, *, noise: bool = False) -> Change:
    """[Průzkum kobek] a shift passes: lights burn down; in a dungeon the wandering-monster check
    (every 2nd turn or on noise), whether the party may rest, and fatigue after a day without
    rest."""
    check_bool(noise, "noise")
    no_encounter(state)
    events: list[Message] = []
    offers: list[Offer] = []
    after = advance(state, 1, events)
    if after.mode != "dungeon":
        return Change(after, msg("expedition.shift.outside", clock=clock_message(after)),
                      tuple(events))
    step = context.run("dungeon-turn", turn=after.dungeon_turn, noise=noise,
                       hours_since_rest=after.hours_since_rest,
                       hours_exploring_since_rest=after.hours_exploring, roll=True)
    turn = step.result
    if turn.check_due:
        after = replace(after, last_check_turn=after.dungeon_turn)
    if turn.wandering_monster:
        events.append(msg("expedition.event.wandering-monster"))
        offers.append(encounter_offer(after))
    if turn.fatigue_due and _no_rest_fatigue_due(after):
        events.append(msg("expedition.event.no-rest"))
        after = tire(after, context, [m.name for m in after.living], turn.fatigue_due, events,
                     offers)
        after = replace(after, no_rest_paid_at=after.clock)
    return Change(after, msg("expedition.shift.text", clock=clock_message(after)),
                  tuple(events), tuple(offers))


def _camp(state: State, context: Context, location: str, bonuses: Sequence[str],
          covered: Sequence[str], pay: Any, events: list[Message],
          offers: list[Offer]) -> State:
    """[Přenocování v divočině] the night's camp, paid with supplies or fatigue per the
    players' choice."""
    living = state.living
    if not living:
        return state
    inputs: dict[str, Any] = {"location": location, "bonuses": list(bonuses),
                              "covered": list(covered), "supplies": state.supplies,
                              "travelers": len(living)}
    if pay is not None:
        inputs["pay"] = list(pay) if isinstance(pay, list | tuple) else pay
    step = context.run("camping", **inputs)
    camp = step.result
    if camp.supplies_left != state.supplies:
        events.append(msg("expedition.event.supplies", before=state.supplies,
                          after=camp.supplies_left))
    state = replace(state, supplies=camp.supplies_left)
    return tire(state, context, [m.name for m in living], camp.fatigue_gained, events, offers)


@action("rest", procedures=("dungeon-turn", "camping", "healing", "fatigue"), rolls=True)
def rest(state: State, context: Context, *, hours: int | None = None, days: int | None = None,
         bonuses: Sequence[str] = (), covered: Sequence[str] = (), pay: Any = None) -> Change:
    """[Odpočinek] in a dungeon (at most once per 8 h of exploring) or a night's camp in the
    wilderness, both with the camping needs; in civilization, days of safety: natural healing
    and a level of fatigue a day ([Přirozené léčení, Zbavení se únavy])."""
    no_encounter(state)
    events: list[Message] = []
    offers: list[Offer] = []
    if state.mode == "civilization":
        if hours is not None:
            raise RuleError(msg("expedition.rest.town-only", field=Field("hours"),
                                hours=Field("days")), field="hours")
        days = check_int(1 if days is None else days, 1, DAYS_IN_TOWN_MAX, "days")
        return _rest_in_town(state, context, days, events, offers)
    if days is not None:
        raise RuleError(msg("expedition.rest.town-only", field=Field("days"),
                            hours=Field("hours")), field="days")
    question = context.check("dungeon-turn", turn=max(1, state.dungeon_turn),
                             hours_since_rest=state.hours_since_rest,
                             hours_exploring_since_rest=state.hours_exploring)
    low, high = question.result.rest_hours
    hours = low if hours is None else hours
    if not isinstance(hours, int) or isinstance(hours, bool) or not low <= hours <= high:
        raise RuleError(msg("expedition.rest.hours", field=Field("hours"), low=low, high=high,
                            rule=REST_RULE), field="hours")
    if state.mode == "dungeon" and not question.result.rest_allowed:
        raise RuleError(msg("expedition.rest.too-soon", hours=state.hours_exploring,
                            rule=REST_RULE), field="action")
    where = "dungeon" if state.mode == "dungeon" else "wilderness"
    after = _camp(state, context, where, bonuses, covered, pay, events, offers)
    after = rested(advance(after, hours * SHIFTS_PER_HOUR, events, exploring=False))
    return Change(after, msg("expedition.rest.text", hours=hours,
                             where=msg(f"expedition.mode.{state.mode}"),
                             clock=clock_message(after)), tuple(events), tuple(offers))


def _rest_in_town(state: State, context: Context, days: int, events: list[Message],
                  offers: list[Offer]) -> Change:
    after = state
    for member in state.living:
        if member.hp < member.max_hp and member.hp > 0:
            healed = context.run("healing", hp=member.hp, max_hp=member.max_hp, nights=days,
                                 safe=True).result
            member = replace(member, hp=healed.hp, healed_to_max_since=(
                member.healed_to_max_since or (member.deaths > 0 and healed.at_max)))
        if member.fatigue:
            level = context.run("fatigue", level=member.fatigue, in_civilization=True).result
            # One level a day, as the answer's days to recover say (level / recovery_days a day).
            recovered = min(member.fatigue, days * member.fatigue // max(1, level.recovery_days))
            if recovered:
                events.append(msg("expedition.event.tired", name=member.name,
                                  before=member.fatigue, after=member.fatigue - recovered))
                member = replace(member, fatigue=member.fatigue - recovered)
        after = after.with_character(member)
    after = rested(advance(after, days * SHIFTS_PER_DAY, events, exploring=False))
    return Change(after, msg("expedition.rest.town", days=days, clock=clock_message(after)),
                  tuple(events), tuple(offers))


@action("travel-day", procedures=("travel", "camping", "fatigue"), rolls=True)
def travel_day(state: State, context: Context, *, terrain: str | None = None,
               road: bool = False, landmark: bool = False, forced_march: bool = False,
               activity: str | None = None, bonuses: Sequence[str] = (),
               covered: Sequence[str] = (), pay: Any = None) -> Change:
    """[Cestování po světě] a day: lost, encounter, activity at the slowest member's pace; then,
    unless they march day and night, the night's camp paid per the players' choice."""
    no_encounter(state)
    events: list[Message] = []
    offers: list[Offer] = []
    if state.mode != "wilderness":
        events.append(msg("expedition.event.into-wilderness"))
        state = replace(state, mode="wilderness")
    living = state.living
    if not living:
        raise RuleError(msg("expedition.error.nobody-travels"), field="action")
    inputs: dict[str, Any] = {"movement": [m.movement for m in living], "road": road,
                              "landmark": landmark, "forced_march": forced_march}
    if terrain is not None:
        inputs["terrain"] = terrain
    if activity is not None:
        inputs["activity"] = activity
    day = context.run("travel", **inputs).result
    if day.lost:
        events.append(msg("expedition.event.lost"))
    if day.encounter:
        events.append(msg("expedition.event.encounter"))
        offers.append(encounter_offer(state))
    found = getattr(day.activity, "supplies", None) if day.activity is not None else None
    if found:
        events.append(msg("expedition.event.found-supplies", supplies=found))
        state = replace(state, supplies=state.supplies + found)
    state = tire(state, context, [m.name for m in living], day.fatigue_gained, events, offers)
    camped = not forced_march
    if camped:
        state = _camp(state, context, "wilderness", bonuses, covered, pay, events, offers)
    after = advance(state, SHIFTS_PER_DAY, events, exploring=False)
    if camped:
        after = rested(after)
    camp = msg("expedition.travel-day.camp" if camped else "expedition.travel-day.no-camp")
    return Change(after, msg("expedition.travel-day.text", distance=day.distance_km, camp=camp,
                             clock=clock_message(after)), tuple(events), tuple(offers))


@action("fast-travel", procedures=("fast-travel", "fast-travel-split", "fatigue"), rolls=True)
def fast_travel(state: State, context: Context, *, days: int,
                allocation: Mapping[str, int] | None = None,
                alternative: Sequence[str] = ()) -> Change:
    """[Rychlé cestování] a journey of days: supplies per mouth and day, encounters, and the
    summary damage shared out now (``allocation``) or later (``split-damage``)."""
    no_encounter(state)
    living = state.living
    if not living:
        raise RuleError(msg("expedition.error.nobody-travels"), field="action")
    events: list[Message] = []
    offers: list[Offer] = []
    journey = context.run("fast-travel", days=days, travelers=len(living),
                          supplies=state.supplies).result
    if journey.supplies_left != state.supplies:
        events.append(msg("expedition.event.supplies", before=state.supplies,
                          after=journey.supplies_left))
    after = replace(state, supplies=journey.supplies_left)
    after = rested(advance(after, days * SHIFTS_PER_DAY, events, exploring=False))
    events.append(msg("expedition.event.encounters", count=journey.encounters))
    offers.append(encounter_offer(replace(after, mode="wilderness")))
    if journey.summary_damage:
        after = replace(after, pending_damage=journey.summary_damage)
        if allocation is None:
            events.append(msg("expedition.event.damage-pending", damage=journey.summary_damage))
            offers.append(Offer("split-damage", {"damage": journey.summary_damage}))
        else:
            after = _split(after, context, allocation, alternative, events, offers)
    return Change(after, msg("expedition.fast-travel.text", days=days,
                             clock=clock_message(after)), tuple(events), tuple(offers))


@action("split-damage", procedures=("fast-travel-split", "fatigue"))
def split_damage(state: State, context: Context, *, allocation: Mapping[str, int],
                 alternative: Sequence[str] = ()) -> Change:
    """[Rychlé cestování] "Rozdělení poškození": the players share out the summary damage; a
    character it would kill may take fatigue instead and end at 1 HP."""
    if not state.pending_damage:
        raise RuleError(msg("expedition.error.no-pending-damage"), field="allocation")
    damage = state.pending_damage
    events: list[Message] = []
    offers: list[Offer] = []
    after = _split(state, context, allocation, alternative, events, offers)
    return Change(after, msg("expedition.split-damage.text", damage=damage), tuple(events),
                  tuple(offers))


def _split(state: State, context: Context, allocation: Mapping[str, int],
           alternative: Sequence[str], events: list[Message], offers: list[Offer]) -> State:
    travellers = [m for m in state.living if m.hp > 0]
    for name in alternative:
        member_named(state, name, "alternative")
    split = context.run("fast-travel-split",
                        party=[{"name": m.name, "hp": m.hp} for m in travellers],
                        damage=state.pending_damage, allocation=dict(allocation)).result
    dying = {share.name for share in split.characters if share.dies}
    for name in alternative:
        if name not in dying:
            raise RuleError(msg("expedition.error.not-dying", name=name), field="alternative")
    for share in split.characters:
        member = member_named(state, share.name, "allocation")
        if share.dies and share.name in alternative:
            events.append(msg("expedition.event.alternative", name=share.name))
            state = state.with_character(replace(member, hp=share.alternative.hp))
            state = tire(state, context, [share.name], share.alternative.fatigue, events, offers)
        elif share.points:
            state = wound(state, share.name, share.points, events, offers)
    return replace(state, pending_damage=0)

