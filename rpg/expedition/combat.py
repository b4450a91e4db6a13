"""Encounters and fights on an expedition.

[Náhlá setkání, Konec setkání, Souboje, Morálka]. An encounter runs the whole procedure (surprise,
distance, initiative, reactions) where the party stands, with the party's side carrying light
while one of its lights burns ([Světlo a překvapení]); its rounds are counted, and its end moves
the clock by whole shifts. Each group's successful morale checks are kept for the encounter.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from rpg.core.catalog import Join, Message, messages, msg
from rpg.core.errors import RuleError, check_int
from rpg.core.registry import procedures
from rpg.core.text import Text
from rpg.expedition.actions import Change, Context, Offer, action
from rpg.expedition.journey import declared_default
from rpg.expedition.records import checked_name
from rpg.expedition.state import (
    MORALE_GROUPS_MAX,
    ROUNDS_PER_SHIFT,
    Encounter,
    State,
    clock_message,
)
from rpg.expedition.upkeep import advance
from rpg.expedition.wounds import living_member, wound

#: A fight longer than this is a runaway count, not a fight (a day of rounds).
ROUNDS_MAX = 24 * 60 * 60 // 6
#: Two successful morale checks in one encounter: the group fights to the death ([Morálka]).
MORALE_SUCCESSES_MAX = 2

MESSAGES = messages({
    "expedition.encounter.title": Text("Setkání", "Encounter"),
    "expedition.encounter.text": Text("Setkání ({location}): {sides}.",
                                      "Encounter ({location}): {sides}."),
    "expedition.encounter.indoors": Text("uvnitř", "indoors"),
    "expedition.encounter.wilderness": Text("venku", "outdoors"),
    "expedition.round.title": Text("Další kolo", "Next round"),
    "expedition.round.text": Text("Kolo {round}.", "Round {round}."),
    "expedition.encounter-end.title": Text("Konec setkání", "End of the encounter"),
    "expedition.encounter-end.text": Text(
        "Konec setkání po {rounds} {rounds:kole|kolech|kolech}: {shifts} "
        "{shifts:směna|směny|směn}; {clock}.",
        "The encounter ends after {rounds} {rounds:round|rounds}: {shifts} "
        "{shifts:shift|shifts}; {clock}."),
    "expedition.encounter-end.rounded": Text(
        "Setkání trvá nejméně 1 směnu a zaokrouhluje se nahoru ({rounds} × 6 s → {shifts} × "
        "10 min).",
        "An encounter lasts at least 1 shift, rounded up ({rounds} × 6 s → {shifts} × 10 min)."),
    "expedition.attack.title": Text("Útok", "Attack"),
    "expedition.attack.text": Text("{attacker} útočí{on}.", "{attacker} attacks{on}."),
    "expedition.attack.on": Text(" na {target}", " {target}"),
    "expedition.attack.someone": Text("Někdo", "Someone"),
    "expedition.morale.title": Text("Morálka", "Morale"),
    "expedition.morale.text": Text(
        "Morálka skupiny {group}: úspěchů v tomto setkání {before} → {after}.",
        "Morale of {group}: successes in this encounter {before} → {after}."),
    "expedition.event.knocked-out": Text("{name} padá do bezvědomí (nesmrtící útok).",
                                         "{name} falls unconscious (a non-lethal attack)."),
    "expedition.error.no-encounter": Text("Žádné setkání neběží.",
                                          "No encounter is under way."),
    "expedition.error.too-many-groups": Text(
        "Morálka se vede nejvýše pro {high} skupin v jednom setkání.",
        "Morale is kept for at most {high} groups in one encounter."),
    "expedition.error.knocked-out": Text("{name} je v bezvědomí a nemůže útočit.",
                                         "{name} is unconscious and cannot attack."),
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


@action("encounter", procedures=("encounter",), rolls=True)
def encounter(state: State, context: Context, *, sides: Sequence[str] | None = None,
              players: str | None = None, light: Sequence[str] = (),
              reaction_modifier: int = 0) -> Change:
    """[Náhlá setkání] surprise, distance, initiative and reactions where the party stands."""
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
    begun = replace(state, encounter=Encounter(named, party_side, state.clock), morale=())
    return Change(begun, msg("expedition.encounter.text",
                             location=msg(f"expedition.encounter.{location}"),
                             sides=Join(named)))


@action("round")
def next_round(state: State, context: Context) -> Change:
    """A round of the encounter passes (6 seconds)."""
    if state.encounter is None:
        raise RuleError(msg("expedition.error.no-encounter"), field="action")
    rounds = check_int(state.encounter.rounds + 1, 1, ROUNDS_MAX, "rounds")
    counted = replace(state, encounter=replace(state.encounter, rounds=rounds))
    return Change(counted, msg("expedition.round.text", round=rounds))


@action("encounter-end", procedures=("encounter-duration",))
def encounter_end(state: State, context: Context, *, rounds: int | None = None) -> Change:
    """[Konec setkání] at least 1 shift, rounded up; the clock moves, lights burn, morale is
    forgotten."""
    if state.encounter is None:
        raise RuleError(msg("expedition.error.no-encounter"), field="action")
    rounds = state.encounter.rounds if rounds is None else rounds
    check_int(rounds, 0, ROUNDS_MAX, "rounds")
    events: list[Message] = []
    if "encounter-duration" in procedures():
        lasted = context.run("encounter-duration", rounds=max(1, rounds)).result
        shifts = int(lasted.shifts)
    else:  # the procedure of section 2c has not landed yet: the same rule, said here
        shifts = max(1, math.ceil(rounds / ROUNDS_PER_SHIFT))
        events.append(msg("expedition.encounter-end.rounded", rounds=rounds, shifts=shifts))
    after = advance(replace(state, encounter=None, morale=()), shifts, events)
    return Change(after, msg("expedition.encounter-end.text", rounds=rounds, shifts=shifts,
                             clock=clock_message(after)), tuple(events))


def _dealt(result: Any) -> int:
    """Damage an attack's result dealt: one roll's ``damage``, a group's ``summary.damage``."""
    if hasattr(result, "summary"):
        return int(result.summary.damage)
    return int(result.damage)


@action("attack", procedures=("attack",), rolls=True)
def attack(state: State, context: Context, *, attack: Mapping[str, Any],
           attacker: str | None = None, target: str | None = None) -> Change:
    """[Útok obecně] an attack with the attacker's fatigue from the records, when the attacker
    is of the party; damage dealt to a member of the party is written to their hit points."""
    inputs = dict(attack)
    if attacker is not None:
        attacker = checked_name(attacker, "attacker")
    if target is not None:
        target = checked_name(target, "target")
    member = state.character(attacker) if attacker else None
    if member is not None:
        member = living_member(state, member.name, "attacker")
        if member.status == "unconscious":
            raise RuleError(msg("expedition.error.knocked-out", name=member.name),
                            field="attacker")
        inputs["fatigue"] = member.fatigue
    hit = context.run("attack", **inputs).result
    events: list[Message] = []
    offers: list[Offer] = []
    after = state
    victim = state.character(target) if target else None
    if victim is not None:
        living_member(state, victim.name, "target")
        dealt = _dealt(hit)
        if dealt and inputs.get("subdual") and dealt >= victim.hp:
            events.append(msg("expedition.event.knocked-out", name=victim.name))
            after = after.with_character(replace(victim, hp=0, status="unconscious"))
        else:
            after = wound(after, victim.name, dealt, events, offers)
    on = msg("expedition.attack.on", target=target) if target else ""
    return Change(after, msg("expedition.attack.text",
                             attacker=attacker or msg("expedition.attack.someone"), on=on),
                  tuple(events), tuple(offers))


@action("morale", procedures=("morale",), rolls=True)
def morale(state: State, context: Context, *, group: str, morale: int) -> Change:
    """[Morálka] 2d6 against the group's morale, its successes in this encounter counted: at
    two it fights to the death."""
    group = checked_name(group, "group")
    before = state.morale_successes(group)
    if group not in dict(state.morale) and len(state.morale) >= MORALE_GROUPS_MAX:
        raise RuleError(msg("expedition.error.too-many-groups", high=MORALE_GROUPS_MAX),
                        field="group")
    checked = context.run("morale", morale=morale, successes=before)
    held = checked.result
    rolled = bool(checked.outcome.rolls)
    after_count = min(MORALE_SUCCESSES_MAX, before + 1) if held.holds and rolled else before
    tally = dict(state.morale)
    tally[group] = after_count
    return Change(replace(state, morale=tuple(tally.items())),
                  msg("expedition.morale.text", group=group, before=before,
                      after=after_count))

