"""A character's saving throws and skill checks on an expedition.

[Záchranné hody, Ověření dovedností, Smrt na únavu]. Each runs its procedure with the character's
records filled in: their fatigue (a penalty to both), and for a save the number written on the
sheet unless the GM gives another. A save against death that the character's fatigue called for
and the sheet could not roll ([Smrt na únavu] "musí podstoupit záchranný hod proti smrti nebo
zemřít") is decided by the saving throw against death that follows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from rpg.core.catalog import Field, Join, Message, messages, msg
from rpg.core.errors import RuleError
from rpg.core.text import Text
from rpg.expedition.kernel import Change, Context, action
from rpg.expedition.state import State, member_named
from rpg.expedition.wounds import living_member
from rpg.pravidla.checks import outcome_word
from rpg.pravidla.health import SAVE_FATIGUE_MAX

MESSAGES = messages({
    "expedition.saving-throw.title": Text("Záchranný hod", "Saving throw"),
    "expedition.saving-throw.text": Text("Záchranný hod: {name}, {outcome}.",
                                         "Saving throw: {name}, {outcome}."),
    "expedition.skill-check.title": Text("Ověření dovednosti", "Skill check"),
    "expedition.skill-check.text": Text("Ověření dovednosti: {name}, {outcome}.",
                                        "Skill check: {name}, {outcome}."),
    "expedition.magic-items.title": Text("Zničení magických předmětů",
                                         "Destruction of magic items"),
    "expedition.magic-items.text": Text("Magické předměty, majitel: {name}; {items}.",
                                        "Magic items, owner: {name}; {items}."),
    # "předmět Hůl: zničen": the outcome agrees with "předmět", whatever the item's name.
    "expedition.magic-items.item": Text("předmět {name}: {outcome}", "{name}: {outcome}"),
    "expedition.event.survives-fatigue": Text(
        "{name} přežívá únavu: záchranný hod proti smrti uspěl.",
        "{name} survives the fatigue: the save against death succeeded."),
    "expedition.error.no-save": Text(
        "Na kartě postavy {name} chybí záchrana: zadej {field}.",
        "{name}'s sheet has no save: give {field}."),
})


def _penalty(fatigue: int) -> int:
    """The fatigue a check takes: the character's level, within the procedures' bound."""
    return min(fatigue, SAVE_FATIGUE_MAX)


@action("saving-throw", procedures=("saving-throw",), rolls=True)
def saving_throw(state: State, context: Context, *, character: str, target: int | None = None,
                 against: str = "other", modifier: int = 0, bonus: int = 0,
                 advantage: bool = False, disadvantage: bool = False) -> Change:
    """[Záchranné hody] d20 with the character's fatigue against the save on the sheet (or
    ``target``); against death while their fatigue calls for it ([Smrt na únavu]), a failure
    kills and a success ends the danger."""
    member = living_member(state, character)
    target = member.save if target is None else target
    if target is None:
        raise RuleError(msg("expedition.error.no-save", name=member.name, field=Field("target")),
                        field="target")
    saved = context.run("saving-throw", target=target, against=against, modifier=modifier,
                        bonus=bonus, advantage=advantage, disadvantage=disadvantage,
                        fatigue=_penalty(member.fatigue)).result
    events: list[Message] = []
    after = state
    if member.fatigue_save_due and against == "death":
        if saved.success:
            events.append(msg("expedition.event.survives-fatigue", name=member.name))
            after = state.with_character(replace(member, fatigue_save_due=False))
        else:
            events.append(msg("expedition.event.died-of-fatigue", name=member.name))
            after = state.with_character(replace(
                member, status="dead", died_at=state.clock, unconscious_shifts=0,
                beyond_rescue=True, fatigue_save_due=False))
    # The check's own noun ("úspěch"), not the save's "uspěl": a verb after a name would give
    # the name a gender.
    return Change(after, msg("expedition.saving-throw.text", name=member.name,
                             outcome=outcome_word(saved)), tuple(events))


@action("magic-items", procedures=("magic-items",), rolls=True)
def magic_items(state: State, context: Context, *, character: str,
                items: Sequence[Mapping[str, Any]], target: int | None = None,
                modifier: int = 0, bonus: int = 0) -> Change:
    """[Zničení magických předmětů] after a destructive blow, a save for each magic item the
    character carried, with the owner's save from the sheet (or ``target``) and fatigue."""
    member = member_named(state, character)
    target = member.save if target is None else target
    if target is None:
        raise RuleError(msg("expedition.error.no-save", name=member.name, field=Field("target")),
                        field="target")
    saved = context.run("magic-items", target=target, items=[dict(item) for item in items],
                        modifier=modifier, bonus=bonus, fatigue=_penalty(member.fatigue)).result
    return Change(state, msg("expedition.magic-items.text", name=member.name, items=Join(tuple(
        msg("expedition.magic-items.item", name=item.name, outcome=msg(
            "magic-items.survives" if item.survives else "magic-items.destroyed"))
        for item in saved.items), "; ")))


@action("skill-check", procedures=("skill-check",), rolls=True)
def skill_check(state: State, context: Context, *, character: str, modifier: int = 0,
                dc: int | None = None, difficulty: str | None = None, bonus: int = 0,
                advantage: bool = False, disadvantage: bool = False,
                untrained: bool = False) -> Change:
    """[Ověření dovedností] d20 with the character's fatigue against the difficulty."""
    member = living_member(state, character)
    inputs: dict[str, Any] = {"modifier": modifier, "bonus": bonus, "advantage": advantage,
              "disadvantage": disadvantage, "untrained": untrained,
              "fatigue": _penalty(member.fatigue)}
    if dc is not None:
        inputs["dc"] = dc
    if difficulty is not None:
        inputs["difficulty"] = difficulty
    checked = context.run("skill-check", **inputs).result
    return Change(state, msg("expedition.skill-check.text", name=member.name,
                             outcome=outcome_word(checked)))
