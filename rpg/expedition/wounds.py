"""Wounds, healing, fatigue and death on an expedition.

[Životy, Přirozené léčení, Únava, Mírnější systém smrti]. Damage needs no procedure: hit points
fall, never below 0, and a character at 0 is dead ("Monstrum nebo hráč jehož životy jsou
zredukovány na 0 nebo méně, je považováno za mrtvé"), with the milder death's save offered; the
other actions run their procedures with the character's records filled in.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from rpg.core.catalog import Message, messages, msg
from rpg.core.errors import RuleError, check_bool, check_int
from rpg.core.text import Text
from rpg.expedition.actions import Change, Context, Offer, action
from rpg.expedition.state import AMOUNT_MAX, SHIFTS_PER_HOUR, Character, State
from rpg.expedition.upkeep import fatigue_save, tire

MESSAGES = messages({
    "expedition.damage.title": Text("Zranění", "Damage"),
    "expedition.damage.text": Text("{name}: životy {hp} − {amount} = {after}.",
                                   "{name}: {hp} − {amount} = {after} HP."),
    "expedition.damage.clamped": Text("{name}: životy {hp} − {amount} → 0.",
                                      "{name}: {hp} − {amount} → 0 HP."),
    "expedition.event.dead": Text(
        "{name} má 0 životů: je po smrti (mírnější systém smrti: záchrana do 24 h).",
        "{name} is at 0 HP: dead (milder death: a rescue within 24 h)."),
    "expedition.heal.title": Text("Léčení", "Healing"),
    "expedition.heal.text": Text("{name}: životy {hp} → {after}.",
                                 "{name}: {hp} → {after} HP."),
    "expedition.fatigue.title": Text("Únava", "Fatigue"),
    "expedition.fatigue.text": Text("{name}: únava {before} → {after}.",
                                    "{name}: fatigue {before} → {after}."),
    "expedition.death-save.title": Text("Záchrana před smrtí", "Death save"),
    "expedition.death-save.alive": Text("{name} žije: životy {hp}.", "{name} lives: {hp} HP."),
    "expedition.death-save.dead": Text("{name} zůstává mrtvou postavou.",
                                       "{name} stays dead."),
    "expedition.event.wakes-healed": Text("{name} díky léčení hned přichází k sobě.",
                                          "{name}, healed, comes to at once."),
    "expedition.error.dead": Text(
        "{name} je po smrti: nejdřív záchrana před smrtí (mírnější systém smrti).",
        "{name} is dead: first the death save (milder death)."),
    "expedition.error.not-dead": Text("{name} není po smrti: záchrana před smrtí se nehází.",
                                      "{name} is not dead: there is no death save to roll."),
    "expedition.error.beyond-rescue": Text("{name}: tahle smrt je konečná.",
                                           "{name}: this death is final."),
})


def living_member(state: State, name: str, field: str = "character") -> Character:
    """The party member ``name``, who must be alive."""
    from rpg.expedition.records import member_named

    member = member_named(state, name, field)
    if not member.alive:
        raise RuleError(msg("expedition.error.dead", name=member.name), field=field)
    return member


def wound(state: State, name: str, amount: int, events: list[Message],
          offers: list[Offer]) -> State:
    """``name`` loses ``amount`` hit points; at 0 dead, with the death save offered."""
    member = state.character(name)
    if member is None or not member.alive or amount <= 0:
        return state
    hp = max(0, member.hp - amount)
    key = "expedition.damage.text" if member.hp - amount >= 0 else "expedition.damage.clamped"
    events.append(msg(key, name=member.name, hp=member.hp, amount=amount, after=hp))
    if hp == 0:
        events.append(msg("expedition.event.dead", name=member.name))
        offers.append(Offer("death-save", {"character": member.name}))
        return state.with_character(replace(member, hp=0, status="dead", died_at=state.clock,
                                             unconscious_shifts=0))
    return state.with_character(replace(member, hp=hp))


@action("damage")
def damage(state: State, context: Context, *, character: str, amount: int) -> Change:
    """Hit points lost (a trap, a fall, a blow resolved at the table)."""
    member = living_member(state, character)
    check_int(amount, 1, AMOUNT_MAX, "amount")
    events: list[Message] = []
    offers: list[Offer] = []
    after = wound(state, member.name, amount, events, offers)
    return Change(after, events[0], tuple(events[1:]), tuple(offers))


@action("heal", procedures=("healing",))
def heal(state: State, context: Context, *, character: str, nights: int = 0, magic: int = 0,
         safe: bool | None = None) -> Change:
    """[Přirozené léčení] nights of rest (safe only in civilization unless the GM says so) and
    magic; an unconscious survivor who is healed comes to at once."""
    member = living_member(state, character)
    if safe is not None:
        check_bool(safe, "safe")
    safe = state.mode == "civilization" if safe is None else safe
    healed = context.run("healing", hp=member.hp, max_hp=member.max_hp, nights=nights,
                         safe=safe, magic=magic).result
    events: list[Message] = []
    updated = replace(member, hp=healed.hp, healed_to_max_since=(
        member.healed_to_max_since or (member.deaths > 0 and healed.at_max)))
    if member.status == "unconscious" and healed.healed > 0:
        events.append(msg("expedition.event.wakes-healed", name=member.name))
        updated = replace(updated, status="ok", unconscious_shifts=0)
    return Change(state.with_character(updated),
                  msg("expedition.heal.text", name=member.name, hp=member.hp, after=healed.hp),
                  tuple(events))


@action("fatigue", procedures=("fatigue",), rolls=True)
def fatigue(state: State, context: Context, *, character: str, reasons: Sequence[str] = (),
            modifier: int = 0) -> Change:
    """[Únava] a level for each reason; at 7 or more the save against death with the sheet's
    save (else the GM is asked for it)."""
    member = living_member(state, character)
    events: list[Message] = []
    offers: list[Offer] = []
    after = fatigue_save(state, context, member.name, events, offers, reasons=tuple(reasons),
                         modifier=modifier, always=True)
    now = after.character(member.name)
    assert now is not None
    return Change(after, msg("expedition.fatigue.text", name=member.name,
                             before=member.fatigue, after=now.fatigue), tuple(events),
                  tuple(offers))


@action("death-save", procedures=("death-save", "fatigue"), rolls=True)
def death_save(state: State, context: Context, *, character: str,
               body_destroyed: bool = False, poisoned: bool = False, healed: int = 0,
               give_up_skill_points: bool = False) -> Change:
    """[Mírnější systém smrti] the body found: the hours since death from the clock, a repeated
    death from the records; a survivor wakes at 1 HP after 1d4 shifts (at once when healed)."""
    from rpg.expedition.records import member_named

    member = member_named(state, character)
    if member.alive:
        raise RuleError(msg("expedition.error.not-dead", name=member.name), field="character")
    if member.beyond_rescue:
        raise RuleError(msg("expedition.error.beyond-rescue", name=member.name),
                        field="character")
    since = state.clock - (member.died_at if member.died_at is not None else state.clock)
    hours = since / SHIFTS_PER_HOUR
    repeated = member.deaths > 0
    saved = context.run(
        "death-save", hours_since_death=int(hours) if hours.is_integer() else hours,
        body_destroyed=body_destroyed, poisoned=poisoned, died_before=repeated,
        healed_to_max_since=repeated and member.healed_to_max_since, healed=healed,
        give_up_skill_points=give_up_skill_points).result
    events: list[Message] = []
    offers: list[Offer] = []
    if not saved.alive:
        after = state.with_character(replace(member, beyond_rescue=True))
        return Change(after, msg("expedition.death-save.dead", name=member.name))
    shifts = saved.unconscious_shifts or 0
    revived = replace(member, hp=min(member.max_hp, saved.hp),
                      status="unconscious" if shifts else "ok", unconscious_shifts=shifts,
                      died_at=None, deaths=member.deaths + 1, healed_to_max_since=False)
    after = state.with_character(revived)
    after = tire(after, context, [member.name], saved.fatigue_gained, events, offers)
    return Change(after, msg("expedition.death-save.alive", name=member.name, hp=revived.hp),
                  tuple(events), tuple(offers))
