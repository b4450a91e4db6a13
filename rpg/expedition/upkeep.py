"""What passing time, hunger and fatigue do to the records, whichever action brought them.

- :func:`advance`: the clock moves by whole shifts; lights and other effects burn down and say
  when they go out, darkness says when it falls ([Tma]), unconscious characters come to (a
  subdued one with 1 hit point), a dungeon's turns count on.
- :func:`elapse`: :func:`advance`, then hunger ([Hlad a žízeň]): each full day beyond the first
  without food gives every living member fatigue, through the ``fatigue`` procedure's
  ``hungry_days``; the party eats when supplies are paid (:func:`fed`) and in civilization.
- :func:`tire`: characters gain fatigue; where the ``fatigue`` procedure says a save against death
  is now due ([Smrt na únavu]), it is rolled with the save written on the character's sheet, or
  the GM is offered the ``saving-throw`` with its target to fill in.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from rpg.core.catalog import Message, messages, msg
from rpg.core.errors import RuleError
from rpg.core.text import Text
from rpg.expedition.kernel import Context, Offer
from rpg.expedition.state import CLOCK_MAX, FATIGUE_MAX, SHIFTS_PER_DAY, State
from rpg.pravidla.health import HUNGER_FREE_DAYS, HUNGRY_DAYS_MAX, SURVIVOR_HP

MESSAGES = messages({
    "expedition.event.light-out": Text("{name} vyhasíná.", "{name} goes out."),
    "expedition.event.effect-out": Text("{name} končí.", "{name} ends."),
    "expedition.event.effect-last": Text("{name}: zbývá poslední směna.",
                                         "{name}: one shift left."),
    "expedition.event.dark": Text(
        "Tma: družině nehoří žádné světlo. Postavy ve tmě jsou považovány za slepé.",
        "Darkness: no light burns for the party. Characters in darkness count as blind."),
    "expedition.event.light": Text("Světlo: družina už není ve tmě.",
                                   "Light: the party is no longer in darkness."),
    "expedition.event.wakes": Text("{name} přichází k sobě.", "{name} comes to."),
    "expedition.event.wakes-subdued": Text("{name} přichází k sobě: životy 1.",
                                           "{name} comes to: 1 HP."),
    "expedition.event.tired": Text("{name}: únava {before} → {after}.",
                                   "{name}: fatigue {before} → {after}."),
    "expedition.event.hungry": Text(
        "Hlad a žízeň: {days} {days:den|dny|dní} bez jídla navíc → únava pro celou družinu.",
        "Hunger and thirst: {days} more {days:day|days} without food → fatigue for the whole "
        "party."),
    "expedition.event.save-due": Text(
        "{name}: únava {level} – záchranný hod proti smrti (na kartě postavy chybí záchrana).",
        "{name}: fatigue {level} – a save against death is due (the sheet's save is missing)."),
    "expedition.event.died-of-fatigue": Text("{name} umírá na únavu.", "{name} dies of fatigue."),
    "expedition.too-long": Text("Hodiny výpravy nesmí přesáhnout 100 let.",
                                "The expedition's clock cannot pass 100 years."),
})


def darkness(before: State, after: State, events: list[Message]) -> None:
    """[Tma] say when the party comes into darkness, or out of it."""
    if after.dark and not before.dark:
        events.append(msg("expedition.event.dark"))
    elif before.dark and not after.dark:
        events.append(msg("expedition.event.light"))


def advance(state: State, shifts: int, events: list[Message]) -> State:
    """``state`` after ``shifts`` shifts; what burns out, wakes or darkens is added to
    ``events``. In a dungeon the turn counts on."""
    if state.clock + shifts > CLOCK_MAX:
        raise RuleError(msg("expedition.too-long"), field="clock")
    effects = []
    for effect in state.effects:
        left = effect.shifts_left - shifts
        if left <= 0:
            key = "expedition.event.light-out" if effect.light else "expedition.event.effect-out"
            events.append(msg(key, name=effect.name))
            continue
        if left == 1:
            events.append(msg("expedition.event.effect-last", name=effect.name))
        effects.append(replace(effect, shifts_left=left))
    party = []
    for member in state.party:
        if member.status == "unconscious" and member.unconscious_shifts:
            left = max(0, member.unconscious_shifts - shifts)
            if left == 0:
                # [Přemožení] a subdued character lies at 0 hit points: it comes to with 1, as
                # the milder death's survivor does ([Mírnější systém smrti]).
                subdued = member.hp <= 0
                events.append(msg("expedition.event.wakes-subdued" if subdued
                                  else "expedition.event.wakes", name=member.name))
                member = replace(member, status="ok", unconscious_shifts=0,
                                 hp=max(member.hp, SURVIVOR_HP))
            else:
                member = replace(member, unconscious_shifts=left)
        party.append(member)
    in_dungeon = state.mode == "dungeon"
    after = replace(
        state, clock=state.clock + shifts, effects=tuple(effects), party=tuple(party),
        dungeon_turn=state.dungeon_turn + shifts if in_dungeon else state.dungeon_turn)
    darkness(state, after, events)
    return after


def fed(state: State) -> State:
    """The party has eaten (a camp's or a rest's supplies, a journey's, a town's): hunger
    counts from now."""
    return replace(state, fed_at=state.clock, hungry_days=0)


def hunger(state: State, context: Context, events: list[Message],
           offers: list[Offer]) -> State:
    """[Hlad a žízeň] "Pokud postavy jsou déle jak den bez jídla nebo pití, tak si za každý
    takový den přičtou bod (nebo dva) únavy": the full days without food beyond the first that
    the clock has passed since the last taken, each living member's fatigue through the
    ``fatigue`` procedure's ``hungry_days`` (``hunger_points`` each). In civilization the party
    eats."""
    if state.mode == "civilization":
        return fed(state)
    days = (state.clock - state.fed_at) // SHIFTS_PER_DAY - HUNGER_FREE_DAYS
    due = min(days - state.hungry_days, HUNGRY_DAYS_MAX)
    if due <= 0:
        return state
    events.append(msg("expedition.event.hungry", days=due))
    for member in state.living:
        state = fatigue_save(state, context, member.name, events, offers, hungry_days=due,
                             always=True, said=True)
    return replace(state, hungry_days=state.hungry_days + due)


def elapse(state: State, context: Context, shifts: int, events: list[Message],
           offers: list[Offer]) -> State:
    """Time passes: :func:`advance`, then the hunger it brings."""
    return hunger(advance(state, shifts, events), context, events, offers)


def tire(state: State, context: Context, names: Iterable[str], amount: int,
         events: list[Message], offers: list[Offer]) -> State:
    """Every living character of ``names`` gains ``amount`` fatigue (up to the bound).

    The ``fatigue`` procedure is asked whether the new level calls for a save against death; when
    it does, the save is rolled (a logged step) with the character's save, or, the save unknown,
    the question is logged and the GM is offered the roll.
    """
    for name in names:
        member = state.character(name)
        if member is None or not member.alive or amount <= 0:
            continue
        level = min(FATIGUE_MAX, member.fatigue + amount)
        events.append(msg("expedition.event.tired", name=member.name, before=member.fatigue,
                          after=level))
        member = replace(member, fatigue=level)
        state = state.with_character(member)
        state = fatigue_save(state, context, member.name, events, offers)
    return state


def fatigue_save(state: State, context: Context, name: str, events: list[Message],
                 offers: list[Offer], *, reasons: tuple[str, ...] = (), hungry_days: int = 0,
                 modifier: int = 0, always: bool = False, said: bool = False) -> State:
    """Ask the ``fatigue`` procedure about ``name``'s level (with ``reasons`` and
    ``hungry_days`` added); roll the save when one is due.

    With ``always`` (the GM's own fatigue action, hunger) the answer is logged whatever it says;
    ``said`` adds the change of level to ``events``. A save due with none on the sheet is
    recorded as due and offered as a ``saving-throw`` whose target is the missing input.
    """
    member = state.character(name)
    assert member is not None
    civilized = state.mode == "civilization"
    asked = {"level": member.fatigue, "reasons": list(reasons), "in_civilization": civilized,
             "modifier": modifier}
    if hungry_days:
        asked.update(hungry_days=hungry_days, hunger_points=state.hunger_points)
    question = None
    if not always:
        question = context.check("fatigue", **{**asked, "reasons": []})
        if not question.result.death_save_required:
            return state.with_character(replace(member, fatigue_save_due=False))
    if member.save is not None:
        step = context.run("fatigue", **asked, save_target=member.save)
    elif question is not None:
        context.log(question)
        step = question
    else:
        step = context.run("fatigue", **asked)
    level = min(FATIGUE_MAX, step.result.level)
    if said and level != member.fatigue:
        events.append(msg("expedition.event.tired", name=member.name, before=member.fatigue,
                          after=level))
    member = replace(member, fatigue=level, fatigue_save_due=False)
    if step.result.dies:
        events.append(msg("expedition.event.died-of-fatigue", name=member.name))
        member = replace(member, status="dead", died_at=state.clock, unconscious_shifts=0,
                         beyond_rescue=True)
    elif step.result.death_save_required and step.result.dies is None:
        events.append(msg("expedition.event.save-due", name=member.name, level=level))
        offers.append(save_offer(member.name))
        member = replace(member, fatigue_save_due=True)
    return state.with_character(member)


def save_offer(name: str) -> Offer:
    """[Smrt na únavu] the save against death the sheet cannot roll: its target to be given."""
    return Offer("saving-throw", {"character": name, "against": "death"}, ("target",))
