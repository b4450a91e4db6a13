"""Skill checks, saving throws, magic items and x-in-y chances.

[Ověření dovedností, Záchranné hody, Jiné metody, Pasti, Putující monstra]
"""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from api import fields as f
from api.pravidla import blp
from api.procedures import register
from rpg.pravidla import checks

CRITICALS = ("success", "failure")


def _advantage() -> f.Bool:
    return f.Bool(load_default=False, metadata={
        "description": "Roll two d20 and keep the higher (cancels with disadvantage)."})


def _disadvantage() -> f.Bool:
    return f.Bool(load_default=False, metadata={
        "description": "Roll two d20 and keep the lower (cancels with advantage)."})


class SkillCheckInput(Schema):
    """Inputs of ``skill-check``."""

    modifier = f.modifier(metadata={"description": "The one skill modifier that applies."})
    dc = f.bounded_int(checks.DC_MIN, checks.DC_MAX, metadata={
        "description": "Difficulty class; not with `difficulty` or `untrained`."})
    difficulty = f.choice(tuple(checks.DIFFICULTIES), words={
        key: name for key, (_, name, _) in checks.DIFFICULTIES.items()}, metadata={
        "description": "lehka=5, stredni=10 (the default), tezka=15, velmi-tezka=20; "
                       "not with `dc` or `untrained`."})
    bonus = f.modifier(metadata={"description": "Situational bonus or penalty."})
    advantage = _advantage()
    disadvantage = _disadvantage()
    untrained = f.Bool(load_default=False, metadata={
        "description": "The activity needs a skill the character cannot be expected to have: "
                       "always velmi těžká (DC 20)."})
    fatigue = f.fatigue()


register(
    blp, "skill-check", input_schema=SkillCheckInput,
    summary="Skill check (Ověření dovedností)",
    description="d20 + modifier + bonus − fatigue against the DC; natural 20 a critical success, "
                "natural 1 a critical failure. Chance: P(success).",
)


#: What a save is against, in the rules' Czech words.
SAVE_WORDS = {"magic": "magie", "death": "smrt", "poison": "jed", "other": "jiné"}


class SavingThrowInput(Schema):
    """Inputs of ``saving-throw``."""

    target = f.bounded_int(checks.SAVE_TARGET_MIN, checks.SAVE_TARGET_MAX, required=True, metadata={
        "description": "The save number written on the sheet."})
    against = f.choice(tuple(checks.SAVE_AGAINST), words=SAVE_WORDS,
                       load_default=checks.DEFAULT_AGAINST, metadata={
        "description": "magic (modified by Rozum), death / poison (by Výdrž), other; "
                       "informational."})
    modifier = f.modifier()
    bonus = f.modifier()
    advantage = _advantage()
    disadvantage = _disadvantage()
    fatigue = f.fatigue()


register(
    blp, "saving-throw", input_schema=SavingThrowInput,
    summary="Saving throw (Záchranný hod)",
    description="d20 + modifier + bonus − fatigue against the number on the sheet; natural 1 "
                "always fails, natural 20 always succeeds. Chance: P(success).",
)


class MagicItemInput(Schema):
    """One magic item the character carried."""

    name = f.name(required=True)
    bonus = f.modifier(metadata={"description": "The item's combat bonus (+2 sword: 2)."})


class MagicItemsInput(Schema):
    """Inputs of ``magic-items``."""

    target = f.bounded_int(checks.SAVE_TARGET_MIN, checks.SAVE_TARGET_MAX, required=True, metadata={
        "description": "The owner's save number."})
    items = f.JsonList(
        fields.Nested(MagicItemInput), required=True,
        validate=validate.Length(checks.MAGIC_ITEMS_MIN, checks.MAGIC_ITEMS_MAX), metadata={
            "description": "The items, saved in list order; in a GET one JSON-encoded value."})
    modifier = f.modifier()
    bonus = f.modifier(metadata={
        "description": "The owner's applicable bonuses and penalties against the effect."})
    fatigue = f.fatigue()


register(
    blp, "magic-items", input_schema=MagicItemsInput,
    summary="Destruction of magic items (Zničení magických předmětů)",
    description="One saving throw per item, in list order: d20 + modifier + bonus + the item's "
                "combat bonus − fatigue against the owner's save number. Chance: null (each "
                "item carries its own).",
)


def _x(default: int | None) -> f.Int:
    extra = {"load_default": default} if default is not None else {}
    return f.bounded_int(checks.CHANCE_X_MIN, checks.CHANCE_Y_MAX, **extra, metadata={
        "description": "Succeeds on 1..x of the d`y`; at most `y`."})


def _y(default: int | None) -> f.Int:
    extra = {"load_default": default} if default is not None else {}
    return f.bounded_int(checks.CHANCE_Y_MIN, checks.CHANCE_Y_MAX, **extra, metadata={
        "description": "The die rolled (d`y`)."})


class ChanceInput(Schema):
    """Inputs of ``chance``."""

    x = _x(None)
    y = _y(None)
    percent = f.bounded_int(checks.PERCENT_MIN, checks.PERCENT_MAX, metadata={
        "description": "Chance in %, rolled on a d100; not with `x` / `y`."})


class TrapInput(Schema):
    """Inputs of ``trap``."""

    x = _x(checks.TRAP_CHANCE[0])
    y = _y(checks.TRAP_CHANCE[1])


class WanderingMonstersInput(Schema):
    """Inputs of ``wandering-monsters``."""

    x = _x(checks.WANDERING_MONSTERS_CHANCE[0])
    y = _y(checks.WANDERING_MONSTERS_CHANCE[1])


register(
    blp, "chance", input_schema=ChanceInput,
    summary="Chance: x in y, or a percentage (Jiné metody řešení nejasných situací)",
    description="Roll 1dy: 1..x succeeds (default 1 in 6); or `percent` on a d100. "
                "Chance: P(success).",
)
register(
    blp, "trap", input_schema=TrapInput,
    summary="Trap trigger (Pasti)",
    description="Roll 1dy: 1..x springs the trap (default 2 in 6). Chance: P(sprung).",
)
register(
    blp, "wandering-monsters", input_schema=WanderingMonstersInput,
    summary="Wandering monsters check (Putující monstra)",
    description="Roll 1dy: 1..x means an encounter (default 1 in 6). Chance: P(encounter).",
)
