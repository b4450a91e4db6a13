"""Encounters and fights on an expedition.

[Náhlá setkání, Konec setkání, Souboje, Morálka, Přemožení, Slepota, Perzistentní poškození]. An
encounter runs the whole procedure (surprise, distance, initiative, reactions) where the party
stands, with the party's side carrying light while one of its lights burns ([Světlo a
překvapení]); its creatures are kept with their hit points, OČ and morale; its rounds are
counted, and its end moves the clock by whole shifts (with the wandering-monster checks they
pass) and says who fell. Each group's successful morale checks are kept for the encounter, and
a group that failed one has fled or surrendered for the rest of it. The GM may keep an
encounter hidden from the players until revealing it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from rpg.core.catalog import Field, Join, Message, messages, msg
from rpg.core.errors import RuleError, check_int
from rpg.core.text import Text
from rpg.expedition.journey import declared_default, pass_shifts, wandering_checked
from rpg.expedition.kernel import Change, Context, Offer, Step, action, said
from rpg.expedition.records import checked_name, optional_int
from rpg.expedition.state import (
    AMOUNT_MAX,
    CREATURES_MAX,
    MORALE_GROUPS_MAX,
    OC_MAX,
    OC_MIN,
    Creature,
    CreatureStatus,
    Encounter,
    State,
    clock_message,
)
from rpg.expedition.wounds import living_member, subdue, wound
from rpg.pravidla.attack import AttackGroup, AttackResult
from rpg.pravidla.combat import MORALE_MAX, MORALE_MIN, MORALE_SUCCESSES_TO_DEATH, lowered
from rpg.pravidla.encounters import EncounterResult, surprise_verdict

#: A fight longer than this is a runaway count, not a fight (a day of rounds).
ROUNDS_MAX = 24 * 60 * 60 // 6
#: [Morálka] quoted when a group that failed its check is checked again.
ROUTED_RULE = Text(
    "„V případě neúspěchu stvoření většinou uteče nebo se vzdá.“",
    "“On a failure the creature usually flees or surrenders.”")

MESSAGES = messages({
    "expedition.encounter.title": Text("Setkání", "Encounter"),
    "expedition.encounter.text": Text("Setkání ({location}): {sides}.",
                                      "Encounter ({location}): {sides}."),
    "expedition.encounter.met": Text("Vzdálenost {distance} m ({zone}), pořadí: {order}.",
                                     "Distance {distance} m ({zone}), order: {order}."),
    "expedition.encounter.reaction": Text("Reakce ({side}): {reaction}.",
                                          "Reaction ({side}): {reaction}."),
    "expedition.encounter.indoors": Text("uvnitř", "indoors"),
    "expedition.encounter.wilderness": Text("venku", "outdoors"),
    "expedition.encounter.dark": Text(
        "Družina nenese světlo (tma): může nepřítele překvapit, a postavy jsou považovány za "
        "slepé.",
        "The party carries no light (darkness): it can surprise its enemy, and its characters "
        "count as blind."),
    "expedition.encounter.creatures": Text(
        "Strana {side}: {names} (životy {hp}{ac}{morale}).",
        "Side {side}: {names} ({hp} HP{ac}{morale})."),
    "expedition.encounter.ac": Text(", OČ {ac}", ", AC {ac}"),
    "expedition.encounter.morale": Text(", morálka {morale}", ", morale {morale}"),
    "expedition.reveal.title": Text("Odhalené setkání", "Encounter revealed"),
    "expedition.reveal.text": Text("PJ odhaluje setkání ({location}): {sides}; kolo {rounds}.",
                                   "The GM reveals the encounter ({location}): {sides}; round "
                                   "{rounds}."),
    "expedition.round.title": Text("Další kolo", "Next round"),
    "expedition.round.text": Text("Kolo {round}.", "Round {round}."),
    "expedition.encounter-end.title": Text("Konec setkání", "End of the encounter"),
    "expedition.encounter-end.text": Text(
        "Konec setkání po {rounds} {rounds:kole|kolech|kolech}: {shifts} "
        "{shifts:směna|směny|směn}; {clock}.",
        "The encounter ends after {rounds} {rounds:round|rounds}: {shifts} "
        "{shifts:shift|shifts}; {clock}."),
    "expedition.encounter-end.stopped": Text(
        "Konec setkání po {rounds} {rounds:kole|kolech|kolech}: z {shifts} "
        "{shifts:směny|směn|směn} {passed:uběhla|uběhly|uběhlo} {passed}, pak přišlo putující "
        "monstrum; {clock}.",
        "The encounter ends after {rounds} {rounds:round|rounds}: {passed} of {shifts} "
        "{shifts:shift|shifts} passed, then a wandering monster came; {clock}."),
    "expedition.encounter-end.dead": Text(
        "{count:Mrtvé stvoření|Mrtvá stvoření|Mrtvá stvoření}: {names}.",
        "{count:Dead creature|Dead creatures}: {names}."),
    "expedition.encounter-end.subdued": Text(
        "{count:Přemožené stvoření|Přemožená stvoření|Přemožená stvoření}: {names}.",
        "{count:Subdued creature|Subdued creatures}: {names}."),
    "expedition.encounter-end.routed": Text("Útěk nebo vzdání: {names}.",
                                            "Fled or surrendered: {names}."),
    "expedition.attack.title": Text("Útok", "Attack"),
    "expedition.attack.text": Text("Útok: {attacker} → {target}, {outcome}.",
                                   "Attack: {attacker} → {target}, {outcome}."),
    "expedition.attack.alone": Text("Útok: {attacker}, {outcome}.",
                                    "Attack: {attacker}, {outcome}."),
    "expedition.attack.someone": Text("někdo", "someone"),
    "expedition.attack.blind": Text(
        "Útočník je ve tmě: postavy ve tmě jsou považovány za slepé (na blízko s nevýhodou, na "
        "dálku vůbec).",
        "The attacker is in darkness: characters in darkness count as blind (melee with "
        "disadvantage, no ranged attack)."),
    "expedition.event.creature-dead": Text("{name}: 0 životů, mrtvé stvoření.",
                                           "{name}: 0 HP, dead."),
    "expedition.event.creature-subdued": Text(
        "{name}: 0 životů po nesmrtícím útoku – v bezvědomí, nebo se vzdává (podle PJ).",
        "{name}: 0 HP from a non-lethal attack – unconscious, or surrendering (the GM's call)."),
    "expedition.persistent-damage.title": Text("Perzistentní poškození", "Persistent damage"),
    "expedition.persistent-damage.text": Text(
        "Perzistentní poškození, cíl: {target}; celkem {total}.",
        "Persistent damage, target: {target}; {total} in all."),
    "expedition.morale.title": Text("Morálka", "Morale"),
    "expedition.morale.text": Text(
        "Morálka skupiny {group}: {outcome}; úspěchy v tomto setkání: {before} → {after}.",
        "Morale of {group}: {outcome}; successes in this encounter: {before} → {after}."),
    "expedition.morale.outside": Text(
        "Morálka skupiny {group}: {outcome}; mimo setkání se úspěchy nepočítají.",
        "Morale of {group}: {outcome}; outside an encounter no success is counted."),
    "expedition.morale.held-twice": Text("už dvakrát uspěla → bojuje až do smrti, nehází se",
                                         "already held twice → fights to the death, no roll"),
    "expedition.event.routed": Text(
        "Skupina {group} utíká nebo se vzdává: do konce setkání je mimo boj.",
        "The group {group} flees or surrenders: out of the fight until the encounter ends."),
    "expedition.error.no-encounter": Text("Žádné setkání neběží.",
                                          "No encounter is under way."),
    "expedition.error.not-hidden": Text("Setkání není skryté: není co odhalit.",
                                        "The encounter is not hidden: nothing to reveal."),
    "expedition.error.too-many-groups": Text(
        "Morálka se vede pro nejvýše {high} {high:skupinu|skupiny|skupin} v jednom setkání.",
        "Morale is kept for at most {high} {high:group|groups} in one encounter."),
    "expedition.error.knocked-out": Text("Postava {name} je v bezvědomí a nemůže útočit.",
                                         "{name} is unconscious and cannot attack."),
    "expedition.error.creature-out": Text("Stvoření {name} je mimo boj.",
                                          "{name} is out of the fight."),
    "expedition.error.creature-dead": Text("Stvoření {name} je mrtvé.", "{name} is dead."),
    "expedition.error.no-ac": Text(
        "Chybí OČ cíle: zadej {field}, nebo ho zapiš na kartu postavy.",
        "The target's AC is missing: give {field}, or write it on the character's sheet."),
    "expedition.error.routed": Text(
        "Skupina {group} už v tomto setkání neuspěla v morálce: {rule}",
        "The group {group} already failed its morale in this encounter: {rule}"),
    "expedition.error.no-morale": Text(
        "Chybí morálka skupiny {group}: zadej {field}, nebo ji zapiš jejím stvořením.",
        "The morale of {group} is missing: give {field}, or write it on its creatures."),
    "expedition.error.creature-side": Text(
        "{field}: strana '{side}' v setkání není (nebo je to strana hráčů).",
        "{field}: the side '{side}' is not in the encounter (or is the players')."),
    "expedition.error.creature-name": Text(
        "{field}: jméno '{name}' už v setkání nebo v družině je.",
        "{field}: the name '{name}' is already in the encounter or the party."),
    "expedition.error.too-many-creatures": Text(
        "Setkání může mít nejvýše {high} {high:stvoření|stvoření|stvoření}.",
        "An encounter has at most {high} {high:creature|creatures}."),
    "expedition.error.nobody": Text("Cíl '{name}' není v družině ani v setkání.",
                                    "The target '{name}' is neither in the party nor in the "
                                    "encounter."),
})


def side_name(side: str | Message) -> str:
    """A side as the records keep it: a name given, as given; a default side (the engine's
    :data:`~rpg.pravidla.combat.DEFAULT_SIDES`, a message) by its Czech word, which the engine
    reads back as that side."""
    return side if isinstance(side, str) else side.cs


def _players_side(sides: Sequence[str] | None, players: str | None) -> str:
    if players:
        return players
    return side_name((list(sides) if sides else list(declared_default("encounter", "sides")))[0])


def running(state: State) -> Encounter:
    """The encounter under way, else a refusal."""
    if state.encounter is None:
        raise RuleError(msg("expedition.error.no-encounter"), field="action")
    return state.encounter


def _creatures(groups: Sequence[Mapping[str, Any]], sides: tuple[str, ...], players: str,
               party: Sequence[str], events: list[Message]) -> tuple[Creature, ...]:
    """The encounter's creatures, each group as the GM names it: ``count`` creatures of ``hp``,
    ``ac`` and ``morale`` each, numbered when more than one ("skřeti 1" … "skřeti 5")."""
    others = [side for side in sides if side != players]
    made: list[Creature] = []
    for index, group in enumerate(groups):
        field = f"creatures.{index}"
        name = checked_name(group.get("name"), f"{field}.name")
        side = group.get("side") or (others[0] if others else "")
        if side not in others:
            raise RuleError(msg("expedition.error.creature-side", field=Field(f"{field}.side"),
                                side=str(side)[:40]), field=f"{field}.side")
        count = check_int(group.get("count", 1), 1, CREATURES_MAX, f"{field}.count")
        hp = check_int(group.get("hp"), 1, AMOUNT_MAX, f"{field}.hp")
        ac = optional_int(group, "ac", OC_MIN, OC_MAX, field)
        morale = optional_int(group, "morale", MORALE_MIN, MORALE_MAX, field)
        if len(made) + count > CREATURES_MAX:
            raise RuleError(msg("expedition.error.too-many-creatures", high=CREATURES_MAX),
                            field=f"{field}.count")
        names = [name] if count == 1 else [f"{name} {n}" for n in range(1, count + 1)]
        for each in names:
            if each in party or any(c.name == each for c in made):
                raise RuleError(msg("expedition.error.creature-name", field=Field(
                    f"{field}.name"), name=each), field=f"{field}.name")
            made.append(Creature(each, side, hp, hp, ac, morale))
        events.append(msg("expedition.encounter.creatures", side=side, names=Join(tuple(names)),
                          hp=hp, ac=msg("expedition.encounter.ac", ac=ac) if ac is not None
                          else "", morale=msg("expedition.encounter.morale", morale=morale)
                          if morale is not None else ""))
    return tuple(made)


@action("encounter", procedures=("encounter",), rolls=True)
def encounter(state: State, context: Context, *, sides: Sequence[str] | None = None,
              players: str | None = None, light: Sequence[str] = (),
              reaction_modifier: int = 0,
              creatures: Sequence[Mapping[str, Any]] = ()) -> Change:
    """[Náhlá setkání] surprise, distance, initiative and reactions where the party stands; the
    creatures of the other sides with their hit points, OČ and morale. Done hidden, it stays
    hidden from the players until the GM reveals it."""
    if state.encounter is not None:
        raise RuleError(msg("expedition.error.encounter-running"), field="action")
    location = "indoors" if state.mode == "dungeon" else "wilderness"
    party_side = _players_side(sides, players)
    carried = [party_side] if state.lights and party_side not in light else []
    inputs: dict[str, Any] = {"location": location, "reaction_modifier": reaction_modifier,
                              "light": [*carried, *light]}
    if sides:
        inputs["sides"] = list(sides)
    if players:
        inputs["players"] = players
    met = context.run("encounter", **inputs).result
    named = tuple(side_name(side.side) for side in met.surprise.sides)
    events: list[Message] = []
    if state.dark:
        events.append(msg("expedition.encounter.dark"))
    made = _creatures(creatures, named, party_side, [m.name for m in state.party], events)
    begun = replace(state, encounter=Encounter(named, party_side, state.clock,
                                               hidden=context.hidden, creatures=made), morale=())
    return Change(begun, said(msg("expedition.encounter.text",
                                  location=msg(f"expedition.encounter.{location}"),
                                  sides=Join(named)), *_met(met)), tuple(events))


def _met(met: EncounterResult) -> tuple[Message, ...]:
    """What the encounter's dice came to, in the procedure's own words: who is surprised, how
    far apart and in which zone, the order the sides act in, each side's reaction."""
    return (surprise_verdict(met.surprise),
            msg("expedition.encounter.met", distance=met.distance.distance_m,
                zone=lowered(met.distance.zone_name),
                order=Join(tuple(entry.side for entry in met.initiative.order))),
            *(msg("expedition.encounter.reaction", side=side.side, reaction=side.reaction)
              for side in met.reactions))


@action("reveal")
def reveal(state: State, context: Context) -> Change:
    """The GM reveals the encounter kept hidden: from now on the players see it."""
    met = running(state)
    if not met.hidden:
        raise RuleError(msg("expedition.error.not-hidden"), field="action")
    location = "indoors" if state.mode == "dungeon" else "wilderness"
    return Change(replace(state, encounter=replace(met, hidden=False)),
                  msg("expedition.reveal.text", location=msg(f"expedition.encounter.{location}"),
                      sides=Join(met.sides), rounds=met.rounds))


@action("round")
def next_round(state: State, context: Context) -> Change:
    """A round of the encounter passes (6 seconds)."""
    met = running(state)
    rounds = check_int(met.rounds + 1, 1, ROUNDS_MAX, "rounds")
    return Change(replace(state, encounter=replace(met, rounds=rounds)),
                  msg("expedition.round.text", round=rounds))


def _fallen(met: Encounter) -> list[Message]:
    """Who fell in the encounter: the dead, the subdued, the groups that fled."""
    said = []
    for status, key in (("dead", "dead"), ("subdued", "subdued")):
        names = tuple(c.name for c in met.creatures if c.status == status)
        if names:
            said.append(msg(f"expedition.encounter-end.{key}", count=len(names),
                            names=Join(names)))
    if met.routed:
        said.append(msg("expedition.encounter-end.routed", names=Join(met.routed)))
    return said


@action("encounter-end", procedures=("encounter-duration", "dungeon-turn", "fatigue"),
        rolls=True)
def encounter_end(state: State, context: Context, *, rounds: int | None = None) -> Change:
    """[Konec setkání] at least 1 shift, rounded up; who fell; the clock moves shift by shift
    with the wandering-monster checks it passes, lights burn, morale is forgotten."""
    met = running(state)
    rounds = met.rounds if rounds is None else rounds
    check_int(rounds, 0, ROUNDS_MAX, "rounds")
    events = _fallen(met)
    offers: list[Offer] = []
    shifts = int(context.run("encounter-duration", rounds=max(1, rounds)).result.shifts)
    after, passed = pass_shifts(replace(state, encounter=None, morale=()), context, shifts,
                                events, offers)
    clock = clock_message(after)
    text = (msg("expedition.encounter-end.text", rounds=rounds, shifts=shifts, clock=clock)
            if passed == shifts else msg("expedition.encounter-end.stopped", rounds=rounds,
                                         shifts=shifts, passed=passed, clock=clock))
    return Change(after, said(text, *wandering_checked(context.steps)), tuple(events),
                  tuple(offers))


def _dealt(result: Any) -> int:
    """Damage an attack's result dealt: one roll's ``damage``, a group's ``summary.damage``."""
    if hasattr(result, "summary"):
        return int(result.summary.damage)
    return int(result.damage)


def hurt_creature(state: State, name: str, amount: int, subdual: bool,
                  events: list[Message], offers: list[Offer]) -> State:
    """A creature of the encounter loses ``amount`` hit points; at 0 it is dead, or subdued by
    a non-lethal blow ([Přemožení] "upadne do bezvědomí nebo se vzdá"), and its side's morale
    check is offered where the fall is a turn of the fight (:func:`turning_point`)."""
    met = state.encounter
    beast = met.creature(name) if met is not None else None
    if met is None or beast is None or beast.status == "dead" or amount <= 0:
        return state
    hp = max(0, beast.hp - amount)
    key = "expedition.damage.text" if beast.hp - amount >= 0 else "expedition.damage.clamped"
    events.append(msg(key, name=name, hp=beast.hp, amount=amount, after=hp))
    status: CreatureStatus = beast.status
    if hp == 0:
        status = "subdued" if subdual and beast.status == "ok" else "dead"
        events.append(msg(f"expedition.event.creature-{status}", name=name))
    after = replace(state, encounter=met.with_creature(replace(beast, hp=hp, status=status)))
    if beast.fighting and status != "ok" and turning_point(after, beast.side):
        known = _side_morale(met, beast.side) is not None
        offers.append(Offer("morale", {"group": beast.side}, () if known else ("morale",)))
    return after


def turning_point(state: State, side: str) -> bool:
    """Whether the fall just written turns the fight for ``side`` ([Morálka] "při výrazných
    zvratech v boji": "první zabití ve skupině, zabití aspoň poloviny jedinců v dané skupině"),
    so its morale is to be checked: its first fallen, or half of it fallen now; never a side
    that fled or surrendered, that held twice (it fights to the death) or that has no one left
    fighting."""
    met = state.encounter
    if (met is None or side in met.routed
            or state.morale_successes(side) >= MORALE_SUCCESSES_TO_DEATH):
        return False
    group = [creature for creature in met.creatures if creature.side == side]
    fallen = sum(not creature.fighting for creature in group)
    if fallen == len(group):
        return False
    return fallen == 1 or (2 * fallen >= len(group) > 2 * (fallen - 1))


def _target_ac(state: State, context: Context, target: str | None) -> int:
    """The OČ of the attack's target from the records: a party member's from the sheet, less
    their fatigue ([Obranné číslo]), a creature's from its stat block."""
    member = state.character(target) if target else None
    if member is not None and member.ac is not None:
        return int(context.run("defense", base=member.ac, fatigue=member.fatigue).result.ac)
    beast = state.encounter.creature(target) if state.encounter and target else None
    if beast is not None and beast.ac is not None:
        return beast.ac
    raise RuleError(msg("expedition.error.no-ac", field=Field("attack.ac")), field="attack.ac")


@action("attack", procedures=("defense", "attack", "roll"), rolls=True)
def attack(state: State, context: Context, *, attack: Mapping[str, Any],
           attacker: str | None = None, target: str | None = None) -> Change:
    """[Útok obecně] an attack with the attacker's fatigue from the records, when the attacker
    is of the party, and blind in the dark ([Tma], [Slepota]); the target's OČ from the records
    unless given; damage dealt to a member of the party or a creature of the encounter is
    written to their hit points, and a subduing blow ([Přemožení]) knocks out instead of
    killing."""
    inputs = dict(attack)
    if attacker is not None:
        attacker = checked_name(attacker, "attacker")
    if target is not None:
        target = checked_name(target, "target")
    met = state.encounter
    events: list[Message] = []
    offers: list[Offer] = []
    member = state.character(attacker) if attacker else None
    if member is not None:
        member = living_member(state, member.name, "attacker")
        if member.status == "unconscious":
            raise RuleError(msg("expedition.error.knocked-out", name=member.name),
                            field="attacker")
        inputs["fatigue"] = member.fatigue
        if state.dark:
            events.append(msg("expedition.attack.blind"))
            inputs["attacker_blind"] = True
    striker = met.creature(attacker) if met is not None and attacker else None
    if striker is not None and not striker.fighting:
        raise RuleError(msg("expedition.error.creature-out", name=striker.name),
                        field="attacker")
    victim = state.character(target) if target else None
    if victim is not None:
        living_member(state, victim.name, "target")
    beast = met.creature(target) if met is not None and target else None
    if beast is not None and beast.status == "dead":
        raise RuleError(msg("expedition.error.creature-dead", name=beast.name), field="target")
    if inputs.get("ac") is None:
        inputs["ac"] = _target_ac(state, context, target)
    hit = context.run("attack", **inputs).result
    dealt = _dealt(hit)
    subdual = bool(inputs.get("subdual"))
    after = state
    if victim is not None:
        after = (subdue(after, context, victim.name, dealt, events, offers) if subdual
                 else wound(after, victim.name, dealt, events, offers))
    elif beast is not None:
        after = hurt_creature(after, beast.name, dealt, subdual, events, offers)
    who = attacker or msg("expedition.attack.someone")
    outcome = _struck(hit)
    text = (msg("expedition.attack.text", attacker=who, target=target, outcome=outcome)
            if target else msg("expedition.attack.alone", attacker=who, outcome=outcome))
    return Change(after, text, tuple(events), tuple(offers))


def _struck(result: AttackResult | AttackGroup) -> Message | Text:
    """What an attack came to, in the attack's own words: a miss, a hit (critical) and the
    damage it dealt, the GM's instant kill, a manoeuvre's effect; a group's hits and damage."""
    if isinstance(result, AttackGroup):
        summary = result.summary
        return lowered(msg("attack.summary", hits=summary.successes, count=summary.count,
                           damage=summary.damage))
    if not result.hit:
        return msg("attack.miss")
    to_hit = msg("attack.critical" if result.critical else "attack.hit")
    if result.killed:
        return msg("attack.instant-kill", to_hit=to_hit)
    if result.maneuver is not None:
        return msg("attack.maneuver-hit", to_hit=to_hit,
                   effect=msg(f"attack.maneuver-effect.{result.maneuver}"))
    return msg("attack.hit-damage", to_hit=to_hit,
               damage=msg("attack.damage", shown=result.damage))


@action("persistent-damage", procedures=("persistent-damage",), rolls=True)
def persistent_damage(state: State, context: Context, *, target: str, damage: str,
                      rounds: int = 1) -> Change:
    """[Perzistentní poškození] an effect's damage rolled at the end of each round it lasts
    (``rounds`` at once, one by default: the round just ended), written to the target's hit
    points: a member of the party or a creature of the encounter."""
    target = checked_name(target, "target")
    victim = state.character(target)
    beast = state.encounter.creature(target) if state.encounter else None
    if victim is None and beast is None:
        raise RuleError(msg("expedition.error.nobody", name=target), field="target")
    if victim is not None:
        living_member(state, victim.name, "target")
    if beast is not None and beast.status == "dead":
        raise RuleError(msg("expedition.error.creature-dead", name=beast.name), field="target")
    burnt = context.run("persistent-damage", damage=damage, rounds=rounds).result
    events: list[Message] = []
    offers: list[Offer] = []
    after = (wound(state, target, burnt.total, events, offers) if victim is not None
             else hurt_creature(state, target, burnt.total, False, events, offers))
    return Change(after, msg("expedition.persistent-damage.text", target=target,
                             total=burnt.total), tuple(events), tuple(offers))


def _side_morale(met: Encounter | None, group: str) -> int | None:
    """A side's morale from its creatures' stat blocks (the first still fighting)."""
    if met is None:
        return None
    return next((c.morale for c in met.creatures
                 if c.side == group and c.fighting and c.morale is not None), None)


@action("morale", procedures=("morale",), rolls=True)
def morale(state: State, context: Context, *, group: str, morale: int | None = None) -> Change:
    """[Morálka] 2d6 against the group's morale (its creatures' unless given), its successes in
    this encounter counted: at two it fights to the death; on a failure it flees or surrenders
    for the rest of the encounter. Outside an encounter the check counts nothing."""
    group = checked_name(group, "group")
    met = state.encounter
    morale = _side_morale(met, group) if morale is None else morale
    if morale is None:
        raise RuleError(msg("expedition.error.no-morale", group=group, field=Field("morale")),
                        field="morale")
    if met is None:
        checked = context.run("morale", morale=morale)
        return Change(state, msg("expedition.morale.outside", group=group,
                                 outcome=_morale_outcome(checked)))
    if group in met.routed:
        raise RuleError(msg("expedition.error.routed", group=group, rule=ROUTED_RULE),
                        field="group")
    before = state.morale_successes(group)
    if group not in dict(state.morale) and len(state.morale) >= MORALE_GROUPS_MAX:
        raise RuleError(msg("expedition.error.too-many-groups", high=MORALE_GROUPS_MAX),
                        field="group")
    checked = context.run("morale", morale=morale, successes=before)
    held = checked.result
    rolled = bool(checked.outcome.rolls)
    after_count = min(MORALE_SUCCESSES_TO_DEATH, before + 1) if held.holds and rolled else before
    tally = dict(state.morale)
    tally[group] = after_count
    after = replace(state, morale=tuple(tally.items()))
    events: list[Message] = []
    if not held.holds:
        events.append(msg("expedition.event.routed", group=group))
        after = replace(after, encounter=replace(met, routed=(*met.routed, group)))
    return Change(after, msg("expedition.morale.text", group=group,
                             outcome=_morale_outcome(checked), before=before,
                             after=after_count), tuple(events))


def _morale_outcome(checked: Step) -> Message:
    """What a morale check came to, in the check's own words (holds, flees or surrenders,
    fights to the death); a group that already held twice rolls nothing."""
    if not checked.outcome.rolls:
        return msg("expedition.morale.held-twice")
    return msg(f"morale.{checked.result.outcome}")
