"""What passing time and fatigue do to the records, whichever action brought them.

- :func:`advance`: the clock moves by whole shifts; lights and other effects burn down and say
  when they go out, unconscious characters come to, a dungeon's turns and the hours of exploring
  since the last rest count on.
- :func:`tire`: characters gain fatigue; where the ``fatigue`` procedure says a save against death
  is now due ([Smrt na únavu]), it is rolled with the save written on the character's sheet, or
  the GM is offered the roll.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from rpg.core.catalog import Message, messages, msg
from rpg.core.text import Text
from rpg.expedition.actions import Context, Offer
from rpg.expedition.state import CLOCK_MAX, FATIGUE_MAX, State

MESSAGES = messages({
    "expedition.event.effect-out": Text("{name} vyhasíná.", "{name} goes out."),
    "expedition.event.effect-last": Text("{name}: zbývá poslední směna.",
                                         "{name}: one shift left."),
    "expedition.event.wakes": Text("{name} přichází k sobě.", "{name} comes to."),
    "expedition.event.tired": Text("{name}: únava {before} → {after}.",
                                   "{name}: fatigue {before} → {after}."),
    "expedition.event.save-due": Text(
        "{name}: únava {level} – záchranný hod proti smrti (na kartě postavy chybí záchrana).",
        "{name}: fatigue {level} – a save against death is due (the sheet's save is missing)."),
    "expedition.event.died-of-fatigue": Text("{name} umírá na únavu.", "{name} dies of fatigue."),
    "expedition.too-long": Text("Hodiny výpravy nesmí přesáhnout 100 let.",
                                "The expedition's clock cannot pass 100 years."),
})


def advance(state: State, shifts: int, events: list[Message], *,
            exploring: bool = True) -> State:
    """``state`` after ``shifts`` shifts; what burns out or wakes is added to ``events``.

    In a dungeon the turn counts on, and so do the hours of exploring since the last rest unless
    the party is resting (``exploring`` false).
    """
    from rpg.core.errors import RuleError

    if state.clock + shifts > CLOCK_MAX:
        raise RuleError(msg("expedition.too-long"), field="clock")
    effects = []
    for effect in state.effects:
        left = effect.shifts_left - shifts
        if left <= 0:
            events.append(msg("expedition.event.effect-out", name=effect.name))
            continue
        if left == 1:
            events.append(msg("expedition.event.effect-last", name=effect.name))
        effects.append(replace(effect, shifts_left=left))
    party = []
    for member in state.party:
        if member.status == "unconscious" and member.unconscious_shifts:
            left = max(0, member.unconscious_shifts - shifts)
            if left == 0:
                events.append(msg("expedition.event.wakes", name=member.name))
                member = replace(member, status="ok", unconscious_shifts=0)
            else:
                member = replace(member, unconscious_shifts=left)
        party.append(member)
    in_dungeon = state.mode == "dungeon"
    return replace(
        state, clock=state.clock + shifts, effects=tuple(effects), party=tuple(party),
        dungeon_turn=state.dungeon_turn + shifts if in_dungeon else state.dungeon_turn,
        exploring=state.exploring + shifts if in_dungeon and exploring else state.exploring)


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
                 offers: list[Offer], *, reasons: tuple[str, ...] = (),
                 modifier: int = 0, always: bool = False) -> State:
    """Ask the ``fatigue`` procedure about ``name``'s level; roll the save when one is due.

    With ``always`` (the GM's own fatigue action) the answer is logged whatever it says.
    """
    member = state.character(name)
    assert member is not None
    civilized = state.mode == "civilization"
    asked = {"level": member.fatigue, "reasons": list(reasons), "in_civilization": civilized,
             "modifier": modifier}
    question = context.check("fatigue", **{**asked, "reasons": []}) if not always else None
    if question is not None and not question.result.death_save_required:
        return state
    if member.save is not None:
        step = context.run("fatigue", **asked, save_target=member.save)
    elif question is not None:
        context.log(question)
        step = question
    else:
        step = context.run("fatigue", **asked)
    level = step.result.level
    member = replace(member, fatigue=min(FATIGUE_MAX, level))
    if step.result.dies:
        events.append(msg("expedition.event.died-of-fatigue", name=member.name))
        member = replace(member, status="dead", died_at=state.clock, unconscious_shifts=0,
                         beyond_rescue=True)
    elif step.result.death_save_required and step.result.dies is None:
        events.append(msg("expedition.event.save-due", name=member.name, level=level))
        offers.append(Offer("fatigue", {"character": member.name}))
    return state.with_character(member)
