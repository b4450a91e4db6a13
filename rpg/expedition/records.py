"""The GM's bookkeeping: setting out, the party, lights and effects, supplies, the scene.

None of these roll: they write what the GM decides (the text gives no durations for torches or
spells, so the GM sets them) into the records, each as an entry of the log.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from rpg.core.catalog import Field, Join, Message, messages, msg
from rpg.core.errors import RuleError, check_bool, check_choice, check_int
from rpg.core.text import Text
from rpg.expedition.kernel import Change, Context, Offer, action
from rpg.expedition.state import (
    AMOUNT_MAX,
    DEFAULT_MOVEMENT,
    EFFECT_SHIFTS_MAX,
    EFFECTS_MAX,
    EXPEDITION_NAME_MAX,
    FATIGUE_MAX,
    MODES,
    MOVEMENT_MAX,
    MOVEMENT_MIN,
    NAME_MAX,
    OC_MAX,
    OC_MIN,
    PARTY_MAX,
    SAVE_MAX,
    SAVE_MIN,
    Character,
    Effect,
    State,
    clock_message,
    member_named,
)
from rpg.expedition.upkeep import darkness, fed
from rpg.expedition.wounds import dies
from rpg.pravidla.health import HUNGER_POINTS_MAX, HUNGER_POINTS_MIN

MESSAGES = messages({
    "expedition.start.title": Text("Výprava vyráží", "The expedition sets out"),
    "expedition.start.text": Text(
        "Výprava „{name}“ vyráží ({mode}): {members} {members:postava|postavy|postav}, "
        "{supplies} {supplies:zásoba|zásoby|zásob}.",
        "The expedition “{name}” sets out ({mode}): {members} "
        "{members:character|characters}, {supplies} {supplies:supply|supplies}."),
    "expedition.add-character.title": Text("Nová postava", "New character"),
    "expedition.add-character.text": Text(
        "{name} se přidává k družině: životy {hp} z {max_hp}, únava {fatigue}.",
        "{name} joins the party: {hp} of {max_hp} HP, fatigue {fatigue}."),
    "expedition.edit-character.title": Text("Úprava postavy", "Character corrected"),
    "expedition.edit-character.text": Text("{name}: {changes}.", "{name}: {changes}."),
    "expedition.edit-character.change": Text("{field} {before} → {after}",
                                             "{field} {before} → {after}"),
    "expedition.remove-character.title": Text("Postava odchází", "A character leaves"),
    "expedition.remove-character.text": Text("{name} opouští družinu.",
                                             "{name} leaves the party."),
    "expedition.add-effect.title": Text("Světlo nebo efekt", "Light or effect"),
    "expedition.add-effect.light": Text(
        "Zdroj světla {name}: hoří {shifts} {shifts:směnu|směny|směn}.",
        "Light source {name}: burns for {shifts} {shifts:shift|shifts}."),
    "expedition.add-effect.effect": Text(
        "Efekt {name}: trvá {shifts} {shifts:směnu|směny|směn}.",
        "Effect {name}: lasts {shifts} {shifts:shift|shifts}."),
    "expedition.remove-effect.title": Text("Konec efektu", "Effect ended"),
    "expedition.remove-effect.text": Text(
        "{name} končí ({left} {left:směna zůstává nevyužita|směny zůstávají nevyužity|směn "
        "zůstává nevyužito}).",
        "{name} ends ({left} {left:shift|shifts} unused)."),
    "expedition.supplies.title": Text("Zásoby", "Supplies"),
    "expedition.supplies.text": Text("Zásoby {before} {change} = {after}.",
                                     "Supplies {before} {change} = {after}."),
    "expedition.mode.title": Text("Přesun", "Moving on"),
    "expedition.mode.text": Text("Výprava je teď: {mode} ({clock}).",
                                 "The expedition is now in: {mode} ({clock})."),
    "expedition.mode.entered": Text("Vstup do kobky: směny se počítají od nuly.",
                                    "Entering the dungeon: its turns count from zero."),
    "expedition.error.name": Text(
        "{field} musí mít 1 až {high} {high:znak|znaky|znaků}.",
        "{field} must be 1 to {high} {high:character|characters} long."),
    "expedition.error.duplicate": Text(
        "Jméno '{name}' už v družině je: jména postav musí být různá.",
        "The name '{name}' is already in the party: characters' names must differ."),
    "expedition.error.duplicate-effect": Text(
        "Efekt '{name}' už běží: pojmenuj ho jinak (např. 'Pochodeň 2').",
        "The effect '{name}' is already running: name it differently (e.g. 'Torch 2')."),
    "expedition.error.no-effect": Text("Žádný efekt se nejmenuje '{name}'.",
                                       "No effect is called '{name}'."),
    "expedition.error.party-full": Text(
        "Družina může mít nejvýše {high} {high:postavu|postavy|postav}.",
        "A party has at most {high} {high:character|characters}."),
    "expedition.error.effects-full": Text(
        "Najednou může běžet nejvýše {high} {high:efekt|efekty|efektů}.",
        "At most {high} {high:effect|effects} can run at once."),
    "expedition.error.hp-above-max": Text(
        "Životy ({hp}) nesmí být víc než maximum ({max_hp}).",
        "Hit points ({hp}) cannot exceed the maximum ({max_hp})."),
    "expedition.error.supplies-short": Text(
        "Zásob je jen {supplies}: nelze jich ubrat {taken}.",
        "Supplies left: {supplies}; cannot take {taken}."),
    "expedition.error.nothing-to-change": Text("Není co změnit: zadej aspoň jeden údaj.",
                                               "Nothing to change: give at least one value."),
    "expedition.field.hp": Text("životy", "HP"),
    "expedition.field.max_hp": Text("maximum životů", "max HP"),
    "expedition.field.fatigue": Text("únava", "fatigue"),
    "expedition.field.movement": Text("hybnost", "movement"),
    "expedition.field.save": Text("záchrana", "save"),
    "expedition.field.ac": Text("OČ", "AC"),
    "expedition.error.revive": Text(
        "Postava {name} je po smrti: životy nad 0 vrací jen záchrana před smrtí, nebo Vzít "
        "zpět.",
        "{name} is dead: only the death save, or an undo, brings the hit points above 0."),
})


def checked_name(value: Any, field: str, high: int = NAME_MAX) -> str:
    """A name of 1..``high`` characters, spaces at either end dropped."""
    if not isinstance(value, str) or not 1 <= len(value.strip()) <= high:
        raise RuleError(msg("expedition.error.name", field=Field(field), high=high), field=field)
    return value.strip()


def optional_int(data: Mapping[str, Any], key: str, low: int, high: int,
                 field: str) -> int | None:
    """``data[key]``, a whole number within ``low..high`` naming ``field`` when it is not, or
    ``None`` when the sheet leaves it out."""
    value = data.get(key)
    return None if value is None else check_int(value, low, high, f"{field}.{key}")


def new_character(data: Mapping[str, Any], party: Sequence[Character],
                  field: str = "character") -> Character:
    """A character from the GM's sheet: name, max hp, and optionally hp, fatigue, movement,
    save, OČ."""
    name = checked_name(data.get("name"), f"{field}.name")
    if any(member.name == name for member in party):
        raise RuleError(msg("expedition.error.duplicate", name=name), field=f"{field}.name")
    max_hp = check_int(data.get("max_hp"), 1, AMOUNT_MAX, f"{field}.max_hp")
    hp = check_int(data.get("hp", max_hp), 0, AMOUNT_MAX, f"{field}.hp")
    if hp > max_hp:
        raise RuleError(msg("expedition.error.hp-above-max", hp=hp, max_hp=max_hp),
                        field=f"{field}.hp")
    fatigue = check_int(data.get("fatigue", 0), 0, FATIGUE_MAX, f"{field}.fatigue")
    movement = check_int(data.get("movement", DEFAULT_MOVEMENT), MOVEMENT_MIN, MOVEMENT_MAX,
                         f"{field}.movement")
    save = optional_int(data, "save", SAVE_MIN, SAVE_MAX, field)
    ac = optional_int(data, "ac", OC_MIN, OC_MAX, field)
    if len(party) >= PARTY_MAX:
        raise RuleError(msg("expedition.error.party-full", high=PARTY_MAX), field=field)
    return Character(name, hp, max_hp, fatigue, "ok" if hp > 0 else "dead", 0, movement, save,
                     None if hp > 0 else 0, ac=ac)


def new_effect(data: Mapping[str, Any], effects: Sequence[Effect],
               field: str = "effect") -> Effect:
    """A light or an effect as the GM sets it: name, shifts, whether it gives light."""
    name = checked_name(data.get("name"), f"{field}.name")
    if any(effect.name == name for effect in effects):
        raise RuleError(msg("expedition.error.duplicate-effect", name=name),
                        field=f"{field}.name")
    shifts = check_int(data.get("shifts"), 1, EFFECT_SHIFTS_MAX, f"{field}.shifts")
    light = check_bool(data.get("light", False), f"{field}.light")
    if len(effects) >= EFFECTS_MAX:
        raise RuleError(msg("expedition.error.effects-full", high=EFFECTS_MAX), field=field)
    return Effect(name, shifts, light)


def mode_message(mode: str) -> Message:
    """The scene's name: ``kobka``, ``divočina``, ``civilizace``."""
    return msg(f"expedition.mode.{mode}")


@action("start")
def start(state: State, context: Context, *, name: str, mode: str = "dungeon",
          supplies: int = 0, party: Sequence[Mapping[str, Any]] = (),
          effects: Sequence[Mapping[str, Any]] = (),
          hunger_points: int = HUNGER_POINTS_MIN) -> Change:
    """The expedition sets out: its name, scene, supplies, party and burning lights, and what a
    day of hunger costs ([Hlad a žízeň] "bod (nebo dva)")."""
    name = checked_name(name, "name", EXPEDITION_NAME_MAX)
    check_choice(mode, MODES, "mode")
    check_int(supplies, 0, AMOUNT_MAX, "supplies")
    check_int(hunger_points, HUNGER_POINTS_MIN, HUNGER_POINTS_MAX, "hunger_points")
    members: list[Character] = []
    for index, data in enumerate(party):
        members.append(new_character(data, members, f"party.{index}"))
    lights: list[Effect] = []
    for index, data in enumerate(effects):
        lights.append(new_effect(data, lights, f"effects.{index}"))
    begun = State(name=name, mode=mode, supplies=supplies, party=tuple(members),  # type: ignore[arg-type]
                  effects=tuple(lights), hunger_points=hunger_points)
    events = [msg("expedition.event.dark")] if begun.dark else []
    return Change(begun, msg("expedition.start.text", name=name, mode=mode_message(mode),
                             members=len(members), supplies=supplies), tuple(events))


@action("add-character")
def add_character(state: State, context: Context, *, name: str, max_hp: int,
                  hp: int | None = None, fatigue: int = 0, movement: int = DEFAULT_MOVEMENT,
                  save: int | None = None, ac: int | None = None) -> Change:
    """A character joins the party."""
    data = {"name": name, "max_hp": max_hp, "fatigue": fatigue, "movement": movement,
            "save": save, "ac": ac, **({"hp": hp} if hp is not None else {})}
    member = new_character(data, state.party, "character")
    joined = replace(state, party=(*state.party, member))
    return Change(joined, msg("expedition.add-character.text", name=member.name, hp=member.hp,
                              max_hp=member.max_hp, fatigue=member.fatigue))


#: What the GM may correct on a sheet, and its bounds.
SHEET_BOUNDS = {"hp": (0, AMOUNT_MAX), "max_hp": (1, AMOUNT_MAX), "fatigue": (0, FATIGUE_MAX),
                "movement": (MOVEMENT_MIN, MOVEMENT_MAX), "save": (SAVE_MIN, SAVE_MAX),
                "ac": (OC_MIN, OC_MAX)}


@action("edit-character")
def edit_character(state: State, context: Context, *, character: str, hp: int | None = None,
                   max_hp: int | None = None, fatigue: int | None = None,
                   movement: int | None = None, save: int | None = None,
                   ac: int | None = None) -> Change:
    """The GM corrects a character's sheet (a level gained, a typo). Hit points set to 0 are
    a death as damage makes one ([Smrt], with the milder death's save offered)."""
    member = member_named(state, character)
    wanted = {"hp": hp, "max_hp": max_hp, "fatigue": fatigue, "movement": movement,
              "save": save, "ac": ac}
    changes = {key: value for key, value in wanted.items() if value is not None}
    if not changes:
        raise RuleError(msg("expedition.error.nothing-to-change"), field="character")
    for key, value in changes.items():
        check_int(value, *SHEET_BOUNDS[key], key)
    if not member.alive and hp is not None and hp > 0:
        raise RuleError(msg("expedition.error.revive", name=member.name), field="hp")
    updated = replace(member, **changes)  # type: ignore[arg-type]
    if updated.hp > updated.max_hp:
        raise RuleError(msg("expedition.error.hp-above-max", hp=updated.hp,
                            max_hp=updated.max_hp), field="hp")
    said = tuple(
        msg("expedition.edit-character.change", field=msg(f"expedition.field.{key}"),
            before="–" if getattr(member, key) is None else getattr(member, key),
            after=value)
        for key, value in changes.items())
    events: list[Message] = []
    offers: list[Offer] = []
    after = state.with_character(updated)
    falls = updated.hp == 0 and member.hp > 0 and updated.alive
    if falls:
        after = dies(after, updated, events, offers)
    return Change(after, msg("expedition.edit-character.text", name=member.name,
                             changes=Join(said)), tuple(events), tuple(offers))


@action("remove-character")
def remove_character(state: State, context: Context, *, character: str) -> Change:
    """A character leaves the party (stays in town, or the player leaves the table)."""
    member = member_named(state, character)
    left = replace(state, party=tuple(m for m in state.party if m.name != member.name))
    return Change(left, msg("expedition.remove-character.text", name=member.name))


@action("add-effect")
def add_effect(state: State, context: Context, *, name: str, shifts: int,
               light: bool = False) -> Change:
    """A torch is lit, a spell cast: it lasts as many shifts as the GM says."""
    effect = new_effect({"name": name, "shifts": shifts, "light": light}, state.effects)
    lit = replace(state, effects=(*state.effects, effect))
    key = "expedition.add-effect.light" if effect.light else "expedition.add-effect.effect"
    events: list[Message] = []
    darkness(state, lit, events)
    return Change(lit, msg(key, name=effect.name, shifts=effect.shifts_left), tuple(events))


@action("remove-effect")
def remove_effect(state: State, context: Context, *, name: str) -> Change:
    """A light put out, a spell dispelled before its time."""
    effect = next((e for e in state.effects if e.name == name), None)
    if effect is None:
        raise RuleError(msg("expedition.error.no-effect", name=str(name)[:NAME_MAX]),
                        field="name")
    ended = replace(state, effects=tuple(e for e in state.effects if e.name != name))
    events: list[Message] = []
    darkness(state, ended, events)
    return Change(ended, msg("expedition.remove-effect.text", name=effect.name,
                             left=effect.shifts_left), tuple(events))


@action("supplies")
def supplies(state: State, context: Context, *, change: int) -> Change:
    """Supplies bought, found or eaten outside the rules' own procedures."""
    check_int(change, -AMOUNT_MAX, AMOUNT_MAX, "change")
    after = state.supplies + change
    if after < 0:
        raise RuleError(msg("expedition.error.supplies-short", supplies=state.supplies,
                            taken=-change), field="change")
    if after > AMOUNT_MAX:
        check_int(after, 0, AMOUNT_MAX, "change")
    shown = f"+ {change}" if change >= 0 else f"− {-change}"
    return Change(replace(state, supplies=after),
                  msg("expedition.supplies.text", before=state.supplies, change=shown,
                      after=after))


@action("mode")
def mode(state: State, context: Context, *, mode: str) -> Change:
    """The party goes elsewhere: into a dungeon (its turns count from zero), the wilderness,
    a town (where it eats)."""
    check_choice(mode, MODES, "mode")
    events: list[Message] = []
    moved = replace(state, mode=mode)  # type: ignore[arg-type]
    if mode == "dungeon" and state.mode != "dungeon":
        moved = replace(moved, dungeon_turn=0, last_check_turn=None)
        events.append(msg("expedition.mode.entered"))
    if mode == "civilization":
        moved = fed(moved)
    darkness(state, moved, events)
    return Change(moved, msg("expedition.mode.text", mode=mode_message(mode),
                             clock=clock_message(moved)), tuple(events))
