"""Wounds, healing, fatigue and death on an expedition.

[Životy, Přirozené léčení, Únava, Mírnější systém smrti, Přemožení, Zničení předmětů]. Damage
needs no procedure: hit points fall, never below 0, and a character at 0 is dead ("Monstrum nebo
hráč jehož životy jsou zredukovány na 0 nebo méně, je považováno za mrtvé"), with the milder
death's save offered; a subduing blow leaves them unconscious instead, for 1d4 shifts. The other
actions run their procedures with the character's records filled in.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from rpg.core.catalog import Message, messages, msg
from rpg.core.errors import RuleError, check_bool, check_int
from rpg.core.text import Text
from rpg.expedition.kernel import Change, Context, Offer, action
from rpg.expedition.state import (
    AMOUNT_MAX,
    FATIGUE_MAX,
    SHIFTS_PER_HOUR,
    Character,
    State,
    member_named,
)
from rpg.expedition.upkeep import fatigue_save, tire
from rpg.pravidla.health import UNCONSCIOUS_DIE

#: [Zničení předmětů] the rule's sentence, quoted where a destructive blow kills.
EQUIPMENT_RULE = Text(
    "„Pokud byla postava zabita destruktivním kouzlem nebo speciálním efektem (jako je úder "
    "blesku, dračí oheň a podobné), její výbava je považována za zničenou.“",
    "“If the character was killed by a destructive spell or special effect (such as a "
    "lightning strike, dragon fire and the like), their equipment is considered destroyed.”")

MESSAGES = messages({
    "expedition.damage.title": Text("Zranění", "Damage"),
    "expedition.damage.text": Text("{name}: životy {hp} − {amount} = {after}.",
                                   "{name}: {hp} − {amount} = {after} HP."),
    "expedition.damage.clamped": Text("{name}: životy {hp} − {amount} → 0.",
                                      "{name}: {hp} − {amount} → 0 HP."),
    "expedition.event.dead": Text(
        "{name} má 0 životů: je po smrti (mírnější systém smrti: záchrana do 24 h).",
        "{name} is at 0 HP: dead (milder death: a rescue within 24 h)."),
    "expedition.event.knocked-out": Text(
        "{name} má 0 životů po nesmrtícím útoku: bezvědomí na {shifts} "
        "{shifts:směnu|směny|směn} (1d4), pak přichází k sobě s 1 životem.",
        "{name} is at 0 HP from a non-lethal attack: unconscious for {shifts} "
        "{shifts:shift|shifts} (1d4), then comes to with 1 HP."),
    "expedition.event.equipment-destroyed": Text(
        "{name}: výbava je zničená (destruktivní útok). {rule} Magické předměty: záchranný hod "
        "za každý.",
        "{name}: the equipment is destroyed (a destructive blow). {rule} Magic items: a save "
        "for each."),
    "expedition.heal.title": Text("Léčení", "Healing"),
    "expedition.heal.text": Text("{name}: životy {hp} → {after}.",
                                 "{name}: {hp} → {after} HP."),
    "expedition.fatigue.title": Text("Únava", "Fatigue"),
    "expedition.fatigue.text": Text("{name}: únava {before} → {after}.",
                                    "{name}: fatigue {before} → {after}."),
    "expedition.fatigue.magic": Text(
        "Magie snímá únavu: {levels} {levels:stupeň|stupně|stupňů}.",
        "Magic lifts fatigue: {levels} {levels:level|levels}."),
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
    "expedition.error.magic-levels": Text(
        "Magie může sejmout nejvýše tolik stupňů, kolik jich postava má ({level}).",
        "Magic can lift at most the levels the character has ({level})."),
})


def living_member(state: State, name: str, field: str = "character") -> Character:
    """The party member ``name``, who must be alive."""
    member = member_named(state, name, field)
    if not member.alive:
        raise RuleError(msg("expedition.error.dead", name=member.name), field=field)
    return member


def dies(state: State, member: Character, events: list[Message], offers: list[Offer], *,
         destructive: bool = False) -> State:
    """``member`` is at 0 hit points: dead, with the milder death's save offered; a destructive
    blow destroys the equipment ([Zničení předmětů])."""
    events.append(msg("expedition.event.dead", name=member.name))
    if destructive:
        events.append(msg("expedition.event.equipment-destroyed", name=member.name,
                          rule=EQUIPMENT_RULE))
        offers.append(magic_items_offer(member))
    offers.append(Offer("death-save", {"character": member.name}))
    return state.with_character(replace(member, hp=0, status="dead", died_at=state.clock,
                                        unconscious_shifts=0, fatigue_save_due=False))


def magic_items_offer(member: Character) -> Offer:
    """[Zničení magických předmětů] the saves of the magic items the character carried: the
    items to name, and the owner's save when the sheet lacks it."""
    return Offer("magic-items", {"character": member.name},
                 ("items",) if member.save is not None else ("items", "target"))


def wound(state: State, name: str, amount: int, events: list[Message], offers: list[Offer],
          *, destructive: bool = False) -> State:
    """``name`` loses ``amount`` hit points; at 0 dead, with the death save offered."""
    member = state.character(name)
    if member is None or not member.alive or amount <= 0:
        return state
    hp = max(0, member.hp - amount)
    key = "expedition.damage.text" if member.hp - amount >= 0 else "expedition.damage.clamped"
    events.append(msg(key, name=member.name, hp=member.hp, amount=amount, after=hp))
    if hp == 0:
        return dies(state, member, events, offers, destructive=destructive)
    return state.with_character(replace(member, hp=hp))


def subdue(state: State, context: Context, name: str, amount: int, events: list[Message],
           offers: list[Offer]) -> State:
    """[Přemožení] a non-lethal blow: brought to 0 hit points or fewer, ``name`` falls
    unconscious (not dead) at 0 for 1d4 shifts (the milder death's span), then comes to with
    1 hit point; healing wakes them sooner."""
    member = state.character(name)
    if member is None or not member.alive or member.hp <= 0 or amount <= 0:
        return state
    if member.hp - amount > 0:
        return wound(state, name, amount, events, offers)
    events.append(msg("expedition.damage.text" if amount == member.hp
                      else "expedition.damage.clamped", name=member.name, hp=member.hp,
                      amount=amount, after=0))
    shifts = context.run("roll", expr=f"1d{UNCONSCIOUS_DIE}").result.total
    events.append(msg("expedition.event.knocked-out", name=member.name, shifts=shifts))
    return state.with_character(replace(member, hp=0, status="unconscious",
                                        unconscious_shifts=shifts))


@action("damage")
def damage(state: State, context: Context, *, character: str, amount: int,
           destructive: bool = False) -> Change:
    """Hit points lost (a trap, a fall, a blow resolved at the table); ``destructive``: a
    destructive spell or effect ([Zničení předmětů]: a killing blow destroys the equipment)."""
    member = living_member(state, character)
    check_int(amount, 1, AMOUNT_MAX, "amount")
    check_bool(destructive, "destructive")
    events: list[Message] = []
    offers: list[Offer] = []
    after = wound(state, member.name, amount, events, offers, destructive=destructive)
    return Change(after, events[0], tuple(events[1:]), tuple(offers))


@action("heal", procedures=("healing",))
def heal(state: State, context: Context, *, character: str, nights: int = 0, magic: int = 0,
         safe: bool | None = None) -> Change:
    """[Přirozené léčení] nights of rest (safe only in civilization unless the GM says so) and
    magic; an unconscious survivor (a subdued one too) who is healed comes to at once."""
    member = living_member(state, character)
    if safe is not None:
        check_bool(safe, "safe")
    safe = state.mode == "civilization" if safe is None else safe
    subdued = {"subdued": True} if member.status == "unconscious" and member.hp <= 0 else {}
    healed = context.run("healing", hp=member.hp, max_hp=member.max_hp, nights=nights,
                         safe=safe, magic=magic, **subdued).result
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
            modifier: int = 0, magic: int = 0) -> Change:
    """[Únava] a level for each reason; at 7 or more the save against death with the sheet's
    save (else the GM is offered the saving throw); ``magic`` lifts the levels the GM names
    ([Zbavení se únavy] "Je vyžadována buď pomoc magie…")."""
    member = living_member(state, character)
    check_int(magic, 0, FATIGUE_MAX, "magic")
    if magic > member.fatigue:
        raise RuleError(msg("expedition.error.magic-levels", level=member.fatigue),
                        field="magic")
    events: list[Message] = []
    offers: list[Offer] = []
    after = state
    if magic:
        events.append(msg("expedition.fatigue.magic", levels=magic))
        after = state.with_character(replace(member, fatigue=member.fatigue - magic))
    if magic and not reasons:  # nothing to roll: a save is due no more below 7
        after = fatigue_save(after, context, member.name, events, offers)
    else:
        after = fatigue_save(after, context, member.name, events, offers, reasons=tuple(reasons),
                             modifier=modifier, always=True)
    now = after.character(member.name)
    assert now is not None
    return Change(after, msg("expedition.fatigue.text", name=member.name,
                             before=member.fatigue, after=now.fatigue), tuple(events),
                  tuple(offers))


@action("death-save", procedures=("death-save", "fatigue"), rolls=True)
def death_save(state: State, context: Context, *, character: str,
               body_destroyed: bool = False, poisoned: bool = False, healed: int = 0,
               give_up_skill_points: bool = False, destructive: bool = False) -> Change:
    """[Mírnější systém smrti] the body found: the hours since death from the clock, a repeated
    death from the records; a survivor wakes at 1 HP after 1d4 shifts (at once when healed).
    ``destructive``: the killing blow was a destructive spell or effect, and the equipment is
    destroyed whatever the save ([Zničení předmětů])."""
    check_bool(destructive, "destructive")
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
    if destructive:
        events.append(msg("expedition.event.equipment-destroyed", name=member.name,
                          rule=EQUIPMENT_RULE))
        offers.append(magic_items_offer(member))
    if not saved.alive:
        after = state.with_character(replace(member, beyond_rescue=True))
        return Change(after, msg("expedition.death-save.dead", name=member.name),
                      tuple(events), tuple(offers))
    shifts = saved.unconscious_shifts or 0
    revived = replace(member, hp=min(member.max_hp, saved.hp),
                      status="unconscious" if shifts else "ok", unconscious_shifts=shifts,
                      died_at=None, deaths=member.deaths + 1, healed_to_max_since=False)
    after = state.with_character(revived)
    after = tire(after, context, [member.name], saved.fatigue_gained, events, offers)
    return Change(after, msg("expedition.death-save.alive", name=member.name, hp=revived.hp),
                  tuple(events), tuple(offers))
