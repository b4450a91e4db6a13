"""Time passing on an expedition: a dungeon's shifts, rest, a day of travel, a fast journey.

[Průzkum kobek, Odpočinek, Přenocování v divočině, Cestování po světě, Rychlé cestování]. Each
action runs the procedures with the records filled in (the turn number, the hours since the last
rest, the party's movement, supplies and hungry mouths) and writes their results back.

The clock decides: every 2nd dungeon turn has its wandering-monster check whatever moved the
clock past it (:func:`pass_shifts`), checked in clock order up to the first that brings a
monster; every hour since the last rest counts toward the next ("Odpočívat lze maximálně jednou
za 8 hodin průzkumu"), whatever the party did; a day without rest costs one fatigue, a forced
march's included; a rest or a camp's night is not a run of shifts but one night watch.
"""

from __future__ import annotations

import inspect
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from rpg.core.catalog import Field, Join, Message, messages, msg
from rpg.core.errors import RuleError, check_bool, check_int
from rpg.core.registry import procedures
from rpg.core.text import Text
from rpg.expedition.kernel import Change, Context, Offer, Step, action, said
from rpg.expedition.state import (
    SHIFTS_PER_DAY,
    SHIFTS_PER_HOUR,
    State,
    clock_message,
    duration_message,
    hours,
    member_named,
)
from rpg.expedition.upkeep import advance, darkness, elapse, fed, tire
from rpg.expedition.wounds import wound
from rpg.pravidla.dungeon import (
    CHECK_EVERY_TURNS,
    FATIGUE_WITHOUT_REST_HOURS,
    REST_MIN_HOURS,
    WANDERING_MONSTERS,
)

#: [Odpočinek] quoted when a rest comes too soon.
REST_RULE = Text(
    "„Odpočívat lze maximálně jednou za 8 hodin průzkumu. Odpočinek trvá 8 - 12 hodin.“",
    "“Resting is possible at most once per 8 hours of exploring. A rest lasts 8 to 12 hours.”")
DAYS_IN_TOWN_MAX = 365
#: Shifts one action may pass at once: a day's.
SHIFTS_AT_ONCE_MAX = SHIFTS_PER_DAY
#: A day of travel that ends in a camp: the way, then the night (a rest's shortest).
NIGHT_SHIFTS = REST_MIN_HOURS * SHIFTS_PER_HOUR
#: A safe building's night sheds fatigue as a day in civilization does ([Zbavení se únavy]).
SAFE_NIGHT_DAYS = 1

MESSAGES = messages({
    "expedition.shift.title": Text("Další směna", "Next shift"),
    "expedition.shift.text": Text("Uběhla směna: {clock}.", "A shift passes: {clock}."),
    "expedition.shift.many": Text(
        "{count:Uběhla|Uběhly|Uběhlo} {count} {count:směna|směny|směn}: {clock}.",
        "{count} {count:shift passes|shifts pass}: {clock}."),
    "expedition.shift.stopped": Text(
        "{passed:Uběhla|Uběhly|Uběhlo} {passed} z {count} {count:směny|směn|směn}, pak přišlo "
        "putující monstrum: {clock}.",
        "{passed} of {count} {count:shift|shifts} passed, then a wandering monster came: "
        "{clock}."),
    "expedition.shift.wandering": Text("Putující monstra: {outcomes}.",
                                       "Wandering monsters: {outcomes}."),
    "expedition.noise.title": Text("Hluk", "Noise"),
    "expedition.noise.text": Text("Hluk: putující monstra hned, čas stojí: {outcome}.",
                                  "Noise: wandering monsters at once, the clock stands: "
                                  "{outcome}."),
    "expedition.noise.dungeon-only": Text(
        "Hluk volá putující monstra jen v kobce (mimo ni se na ně nehází).",
        "Noise calls wandering monsters only in a dungeon (outside one, none are rolled)."),
    "expedition.shift.outside": Text(
        "{said} Mimo kobku se na putující monstra nehází.",
        "{said} Outside a dungeon there is no wandering-monster check."),
    "expedition.rest.title": Text("Odpočinek", "Rest"),
    "expedition.rest.text": Text("Odpočinek {hours} h ({where}): {clock}.",
                                 "A rest of {hours} h ({where}): {clock}."),
    "expedition.rest.interrupted": Text(
        "Odpočinek ({where}) přerušilo uprostřed noci setkání: nepočítá se; {clock}.",
        "An encounter broke the rest ({where}) in the middle of the night: it does not count; "
        "{clock}."),
    "expedition.rest.town": Text(
        "{days} {days:den|dny|dní} v bezpečí civilizace: {clock}.",
        "{days} {days:day|days} in the safety of civilization: {clock}."),
    "expedition.rest.too-soon": Text(
        "Na odpočinek je brzy: od posledního odpočinku uběhlo {since}. {rule}",
        "Too soon to rest: {since} since the last rest. {rule}"),
    "expedition.rest.forced": Text(
        "PJ rozhodl odpočívat dřív, než pravidla dovolují (od posledního odpočinku uběhlo "
        "{since}): {rule}",
        "The GM chose to rest sooner than the rules allow ({since} since the last rest): {rule}"),
    "expedition.rest.hours": Text(
        "{field} musí být od {low} do {high} {high:hodiny|hodin|hodin}. {rule}",
        "{field} must be {low} to {high} {high:hour|hours}. {rule}"),
    "expedition.rest.town-only": Text(
        "{field} platí jen pro odpočinek v civilizaci; jinde zadej {instead}.",
        "{field} is for a rest in civilization only; elsewhere give {instead}."),
    "expedition.rest.safe-building": Text(
        "Noc v bezpečném stavení: únava klesá jako za den v civilizaci.",
        "A night in a safe building: fatigue falls as for a day in civilization."),
    "expedition.night-watch.quiet": Text("Noční hlídka: {outcome}.", "The night watch: {outcome}."),
    "expedition.event.night-watch": Text(
        "Noční hlídka: setkání! Odpočinek se přerušuje uprostřed noci.",
        "The night watch: an encounter! The rest breaks off in the middle of the night."),
    "expedition.travel-day.title": Text("Den cesty", "A day of travel"),
    "expedition.travel-day.text": Text(
        "Den cesty: {distance} km{camp}; {clock}.", "A day of travel: {distance} km{camp}; "
        "{clock}."),
    "expedition.travel-day.camp": Text(", večer tábor", ", camp at nightfall"),
    "expedition.travel-day.broken-camp": Text(", večer tábor, v noci setkání",
                                              ", camp at nightfall, an encounter at night"),
    "expedition.travel-day.no-camp": Text(", dnem i nocí bez tábora",
                                          ", day and night without a camp"),
    "expedition.fast-travel.title": Text("Rychlé cestování", "Fast travel"),
    "expedition.fast-travel.text": Text(
        "Rychlé cestování, {days} {days:den|dny|dní}: {clock}.",
        "Fast travel, {days} {days:day|days}: {clock}."),
    "expedition.split-damage.title": Text("Rozdělení poškození", "Damage shared out"),
    "expedition.split-damage.text": Text("Souhrnné poškození {damage}: rozděleno.",
                                         "Summary damage {damage}: shared out."),
    "expedition.event.wandering-monster": Text("Putující monstrum! Nabízí se setkání.",
                                               "A wandering monster! An encounter awaits."),
    "expedition.event.encounter": Text("Setkání na cestě.", "An encounter on the way."),
    "expedition.event.encounters": Text(
        "Setkání na cestě: {count}.", "Encounters on the way: {count}."),
    "expedition.event.lost": Text("Výprava ztratila směr.", "The expedition lost its way."),
    "expedition.event.found-supplies": Text(
        "{supplies:Nalezena|Nalezeny|Nalezeno} {supplies} {supplies:zásoba|zásoby|zásob}.",
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
        "{name}: toto poškození by nebylo smrtelné; alternativa se volí jen místo smrti.",
        "{name}: this damage would not kill; the alternative is chosen only instead of death."),
})


def declared_default(path: str, name: str) -> Any:
    """The default of the procedure ``path``'s input ``name``, as its declaration gives it."""
    return inspect.signature(procedures()[path].run).parameters[name].default


def no_encounter(state: State) -> None:
    """Time passes by the shift only outside an encounter ([Konec setkání] rounds it up)."""
    if state.encounter is not None:
        raise RuleError(msg("expedition.error.encounter-running"), field="action")


#: An encounter, where the party stands: the encounter action reads the place from the records.
ENCOUNTER_OFFER = Offer("encounter")


def rested(state: State) -> State:
    """The records after a rest: the hours since it count from now."""
    return replace(state, last_rest_at=state.clock, no_rest_paid_at=None)


def _since_fatigue(state: State) -> dict[str, Any]:
    """The ``dungeon-turn`` input that says when the last fatigue for a day without rest was
    taken, when one was taken since the last rest."""
    paid = state.no_rest_paid_at
    if paid is None or paid < state.last_rest_at:
        return {}
    return {"hours_since_no_rest_fatigue": hours(state.clock - paid)}


def pass_shifts(state: State, context: Context, count: int, events: list[Message],
                offers: list[Offer], *, noise: bool = False,
                status: bool = False) -> tuple[State, int]:
    """``count`` shifts pass one by one, each with its lights and hunger; in a dungeon every
    2nd turn by the clock (and the first on ``noise``) rolls its wandering-monster check
    ([Putující monstra]), a day without rest costs the party a fatigue ([Odpočinek]), and the
    first monster met stops the clock there. ``status``: the last shift's ``dungeon-turn`` is
    logged even with nothing due (what a single shift says: may the party rest yet).

    Returns the state and the shifts that passed.
    """
    for passed in range(1, count + 1):
        state = elapse(state, context, 1, events, offers)
        if state.mode != "dungeon":
            continue
        loud = noise and passed == 1
        due = state.dungeon_turn % CHECK_EVERY_TURNS == 0 or loud
        tired = state.clock - state.awake_since >= FATIGUE_WITHOUT_REST_HOURS * SHIFTS_PER_HOUR
        if not (due or tired or (status and passed == count)):
            continue
        step = context.run("dungeon-turn", turn=state.dungeon_turn, noise=loud,
                           hours_since_rest=state.hours_since_rest,
                           hours_exploring_since_rest=state.hours_since_rest,
                           roll=True, **_since_fatigue(state))
        turn = step.result
        if turn.check_due:
            state = replace(state, last_check_turn=state.dungeon_turn)
        if turn.fatigue_due:
            events.append(msg("expedition.event.no-rest"))
            state = tire(state, context, [m.name for m in state.living], turn.fatigue_due,
                         events, offers)
            state = replace(state, no_rest_paid_at=state.clock)
        if turn.wandering_monster:
            events.append(msg("expedition.event.wandering-monster"))
            offers.append(ENCOUNTER_OFFER)
            return state, passed
    return state, count


def wandering_checked(steps: Sequence[Step]) -> tuple[Message, ...]:
    """What the wandering-monster checks rolled by the shifts came to, in clock order, in the
    dungeon turn's own words ("Putující monstra: nic, setkání."); nothing when none was rolled."""
    outcomes = tuple(msg("dungeon-turn.encounter" if step.result.wandering_monster
                         else "dungeon-turn.nothing")
                     for step in steps if step.procedure == "dungeon-turn"
                     and step.result.wandering_monster is not None)
    return (msg("expedition.shift.wandering", outcomes=Join(outcomes)),) if outcomes else ()


@action("shift", procedures=("dungeon-turn", "fatigue"), rolls=True)
def shift(state: State, context: Context, *, count: int = 1, noise: bool = False) -> Change:
    """[Průzkum kobek] shifts pass (``count``, a day's at most), each with its lights burning
    down; in a dungeon every 2nd turn's wandering-monster check (and one at once on noise),
    rolled in clock order up to the first monster met, and fatigue after a day without rest."""
    check_bool(noise, "noise")
    check_int(count, 1, SHIFTS_AT_ONCE_MAX, "count")
    no_encounter(state)
    events: list[Message] = []
    offers: list[Offer] = []
    after, passed = pass_shifts(state, context, count, events, offers, noise=noise,
                                status=True)
    clock = clock_message(after)
    if passed < count:
        text = msg("expedition.shift.stopped", passed=passed, count=count, clock=clock)
    elif count == 1:
        text = msg("expedition.shift.text", clock=clock)
    else:
        text = msg("expedition.shift.many", count=count, clock=clock)
    if after.mode != "dungeon":
        text = msg("expedition.shift.outside", said=text)
    return Change(after, said(text, *wandering_checked(context.steps)), tuple(events),
                  tuple(offers))


@action("noise", procedures=("wandering-monsters",), rolls=True)
def noise(state: State, context: Context) -> Change:
    """[Putující monstra] "Alternativně lze hodit na putující monstra i v případě, že hráči svým
    chováním způsobí nějaký randál": in a dungeon the check is rolled at once, the clock where it
    is (a shift's ``noise`` rolls it with the shift that passes)."""
    no_encounter(state)
    if state.mode != "dungeon":
        raise RuleError(msg("expedition.noise.dungeon-only"), field="action")
    met = context.run("wandering-monsters").result.success
    events: list[Message] = []
    offers: list[Offer] = []
    if met:
        events.append(msg("expedition.event.wandering-monster"))
        offers.append(ENCOUNTER_OFFER)
    outcome = msg("dungeon-turn.encounter" if met else "dungeon-turn.nothing")
    return Change(state, msg("expedition.noise.text", outcome=outcome), tuple(events),
                  tuple(offers))


def _camp(state: State, context: Context, location: str, bonuses: Sequence[str],
          covered: Sequence[str], pay: Any, events: list[Message],
          offers: list[Offer]) -> State:
    """[Přenocování v divočině] the night's camp, paid with supplies or fatigue per the
    players' choice; the party has eaten."""
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
    state = fed(replace(state, supplies=camp.supplies_left))
    return tire(state, context, [m.name for m in living], camp.fatigue_gained, events, offers)


def _night_watch(context: Context, night_check: bool, night_chance: int,
                 events: list[Message], offers: list[Offer]) -> tuple[Message, ...] | None:
    """[Přenocování v divočině] "Při táboření může v průběhu noci dojít k náhodným setkáním":
    one check a night with the wandering monsters' chance (the rules give none of its own).
    An encounter breaks the night (``None``); else what the watch came to, when one was kept
    ("Noční hlídka: nic se neděje.")."""
    check_bool(night_check, "night_check")
    check_int(night_chance, 1, WANDERING_MONSTERS.y, "night_chance")
    if not night_check:
        return ()
    watch = context.run("wandering-monsters", x=night_chance, y=WANDERING_MONSTERS.y).result
    if watch.success:
        events.append(msg("expedition.event.night-watch"))
        offers.append(ENCOUNTER_OFFER)
        return None
    return (msg("expedition.night-watch.quiet",
                outcome=msg(f"{WANDERING_MONSTERS.key}.nothing")),)


@action("rest", procedures=("dungeon-turn", "camping", "wandering-monsters", "healing",
                            "fatigue"), rolls=True)
def rest(state: State, context: Context, *, hours: int | None = None, days: int | None = None,
         bonuses: Sequence[str] = (), covered: Sequence[str] = (), pay: Any = None,
         force: bool = False, safe_building: bool = False, night_check: bool = True,
         night_chance: int = WANDERING_MONSTERS.x) -> Change:
    """[Odpočinek] in a dungeon (at most once per 8 h since the last rest, unless the GM
    decides otherwise with ``force``) or a night's camp in the wilderness, both with the camping
    needs and a night watch (``night_chance`` in 6, or none) that an encounter breaks; in a safe
    building (``safe_building``) the night heals and sheds a level of fatigue; in civilization,
    days of safety: natural healing and a level of fatigue a day ([Přirozené léčení, Zbavení se
    únavy])."""
    no_encounter(state)
    check_bool(force, "force")
    check_bool(safe_building, "safe_building")
    events: list[Message] = []
    offers: list[Offer] = []
    if state.mode == "civilization":
        if hours is not None:
            raise RuleError(msg("expedition.rest.town-only", field=Field("hours"),
                                instead=Field("days")), field="hours")
        days = check_int(1 if days is None else days, 1, DAYS_IN_TOWN_MAX, "days")
        after = recover(fed(state), context, days, events, offers)
        after = rested(elapse(after, context, days * SHIFTS_PER_DAY, events, offers))
        return Change(after, msg("expedition.rest.town", days=days, clock=clock_message(after)),
                      tuple(events), tuple(offers))
    if days is not None:
        raise RuleError(msg("expedition.rest.town-only", field=Field("days"),
                            instead=Field("hours")), field="days")
    since = state.clock - state.last_rest_at
    question = context.check("dungeon-turn", turn=max(1, state.dungeon_turn),
                             hours_since_rest=state.hours_since_rest,
                             hours_exploring_since_rest=state.hours_since_rest)
    low, high = question.result.rest_hours
    hours = low if hours is None else hours
    if not isinstance(hours, int) or isinstance(hours, bool) or not low <= hours <= high:
        raise RuleError(msg("expedition.rest.hours", field=Field("hours"), low=low, high=high,
                            rule=REST_RULE), field="hours")
    if state.mode == "dungeon" and not question.result.rest_allowed:
        if not force:
            raise RuleError(msg("expedition.rest.too-soon", since=duration_message(since),
                                rule=REST_RULE), field="action")
        events.append(msg("expedition.rest.forced", since=duration_message(since),
                          rule=REST_RULE))
    where = msg(f"expedition.mode.{state.mode}")
    after = _camp(state, context, "dungeon" if state.mode == "dungeon" else "wilderness",
                  bonuses, covered, pay, events, offers)
    watched = _night_watch(context, night_check, night_chance, events, offers)
    if watched is None:
        after = elapse(after, context, hours * SHIFTS_PER_HOUR // 2, events, offers)
        return Change(after, msg("expedition.rest.interrupted", where=where,
                                 clock=clock_message(after)), tuple(events), tuple(offers))
    after = elapse(after, context, hours * SHIFTS_PER_HOUR, events, offers)
    if safe_building:
        events.append(msg("expedition.rest.safe-building"))
        after = recover(after, context, SAFE_NIGHT_DAYS, events, offers)
    after = rested(after)
    return Change(after, said(msg("expedition.rest.text", hours=hours, where=where,
                                  clock=clock_message(after)), *watched), tuple(events),
                  tuple(offers))


def recover(state: State, context: Context, days: int, events: list[Message],
            offers: list[Offer]) -> State:
    """``days`` in safety ([Přirozené léčení, Zbavení se únavy]): each living member heals
    naturally, and sheds one level of fatigue a day."""
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
                member = replace(member, fatigue=member.fatigue - recovered,
                                 fatigue_save_due=False)
        after = after.with_character(member)
    return after


def into_wilderness(state: State, events: list[Message]) -> State:
    """[Cestování po světě] a journey takes the party into the wilderness."""
    if state.mode == "wilderness":
        return state
    events.append(msg("expedition.event.into-wilderness"))
    after = replace(state, mode="wilderness")
    darkness(state, after, events)
    return after


def _found(day: Any) -> int:
    """Supplies a travel day's foraging found: the party's activity's, or every group's."""
    found = [day.activity] if day.activity is not None else list(day.activities)
    return sum(activity.supplies or 0 for activity in found)


@action("travel-day", procedures=("travel", "camping", "wandering-monsters", "fatigue"),
        rolls=True)
def travel_day(state: State, context: Context, *, terrain: str | None = None,
               road: bool = False, landmark: bool = False, forced_march: bool = False,
               activity: str | None = None,
               activities: Sequence[Mapping[str, Any]] | None = None,
               bonuses: Sequence[str] = (), covered: Sequence[str] = (), pay: Any = None,
               night_check: bool = True, night_chance: int = WANDERING_MONSTERS.x) -> Change:
    """[Cestování po světě] a day: lost, encounter, activity (or each group's, [Simultánní
    aktivity]) at the slowest member's pace; then, unless they march day and night, the
    night's camp paid per the players' choice, and its night watch. A forced march's fatigue is
    that day's fatigue for going without rest."""
    no_encounter(state)
    events: list[Message] = []
    offers: list[Offer] = []
    state = into_wilderness(state, events)
    living = state.living
    if not living:
        raise RuleError(msg("expedition.error.nobody-travels"), field="action")
    inputs: dict[str, Any] = {"movement": [m.movement for m in living], "road": road,
                              "landmark": landmark, "forced_march": forced_march}
    if terrain is not None:
        inputs["terrain"] = terrain
    if activity is not None:
        inputs["activity"] = activity
    if activities is not None:
        inputs["activities"] = [dict(group) for group in activities]
    day = context.run("travel", **inputs).result
    if day.lost:
        events.append(msg("expedition.event.lost"))
    if day.encounter:
        events.append(msg("expedition.event.encounter"))
        offers.append(ENCOUNTER_OFFER)
    found = _found(day)
    if found:
        events.append(msg("expedition.event.found-supplies", supplies=found))
        state = replace(state, supplies=state.supplies + found)
    state = tire(state, context, [m.name for m in living], day.fatigue_gained, events, offers)
    watched: tuple[Message, ...] | None = ()
    if forced_march:
        after = elapse(state, context, SHIFTS_PER_DAY, events, offers)
        camp = msg("expedition.travel-day.no-camp")
        after = replace(after, no_rest_paid_at=after.clock)
    else:
        after = elapse(state, context, SHIFTS_PER_DAY - NIGHT_SHIFTS, events, offers)
        after = _camp(after, context, "wilderness", bonuses, covered, pay, events, offers)
        watched = _night_watch(context, night_check, night_chance, events, offers)
        if watched is None:
            after = elapse(after, context, NIGHT_SHIFTS // 2, events, offers)
            camp = msg("expedition.travel-day.broken-camp")
        else:
            after = rested(elapse(after, context, NIGHT_SHIFTS, events, offers))
            camp = msg("expedition.travel-day.camp")
    return Change(after, said(msg("expedition.travel-day.text", distance=day.distance_km,
                                  camp=camp, clock=clock_message(after)), *(watched or ())),
                  tuple(events), tuple(offers))


@action("fast-travel", procedures=("fast-travel", "fast-travel-split", "fatigue"), rolls=True)
def fast_travel(state: State, context: Context, *, days: int,
                allocation: Mapping[str, int] | None = None,
                alternative: Sequence[str] = ()) -> Change:
    """[Rychlé cestování] a journey of days into the wilderness: supplies per mouth and day,
    encounters, and the summary damage shared out now (``allocation``) or later
    (``split-damage``)."""
    no_encounter(state)
    living = state.living
    if not living:
        raise RuleError(msg("expedition.error.nobody-travels"), field="action")
    events: list[Message] = []
    offers: list[Offer] = []
    state = into_wilderness(state, events)
    journey = context.run("fast-travel", days=days, travelers=len(living),
                          supplies=state.supplies).result
    if journey.supplies_left != state.supplies:
        events.append(msg("expedition.event.supplies", before=state.supplies,
                          after=journey.supplies_left))
    after = replace(state, supplies=journey.supplies_left)
    # Supplies are paid for every day (a missing one is summary damage): nobody goes hungry.
    after = rested(fed(advance(after, days * SHIFTS_PER_DAY, events)))
    events.append(msg("expedition.event.encounters", count=journey.encounters))
    offers.append(ENCOUNTER_OFFER)
    if journey.summary_damage:
        after = replace(after, pending_damage=journey.summary_damage)
        if allocation is None:
            events.append(msg("expedition.event.damage-pending", damage=journey.summary_damage))
            offers.append(Offer("split-damage", {}, ("allocation",)))
        else:
            after = _split(after, context, allocation, alternative, events, offers)
    return Change(after, msg("expedition.fast-travel.text", days=days,
                             clock=clock_message(after)), tuple(events), tuple(offers))


@action("split-damage", procedures=("fast-travel-split", "fatigue"), rolls=True)
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
