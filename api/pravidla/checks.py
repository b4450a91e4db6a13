"""Skill checks, saving throws, magic items and x-in-y chances.

[Ověření dovedností, Záchranné hody, Jiné metody]; the dungeon's rows of odds are registered in
:mod:`api.pravidla.dungeon` with the same ``x`` and ``y`` fields (:func:`odds_x`, :func:`odds_y`).
"""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from api import fields as f
from api.pravidla import blp
from api.procedures import register
from rpg.pravidla import checks, odds


def _advantage() -> f.Bool:
    return f.flag(label="Výhoda", metadata={
        "description": "Roll two d20 and keep the higher (cancels with disadvantage)."})


def _disadvantage() -> f.Bool:
    return f.flag(label="Nevýhoda", metadata={
        "description": "Roll two d20 and keep the lower (cancels with advantage)."})


def _count(who: str) -> f.Int:
    # No default: with no `count` the answer (and its `input`) is that of one roll.
    return f.bounded_int(checks.COUNT_MIN, checks.COUNT_MAX, label=f"Kolik {who} hází", metadata={
        "description": "That many independent rolls with the same inputs (a group), dice "
                       "consumed roll after roll; `result` then has `each`, `summary` and "
                       "`successes_distribution`. Default 1."})


class SkillCheckInput(Schema):
    """Inputs of ``skill-check``."""

    modifier = f.modifier(label="Modifikátor dovednosti", metadata={
        "description": "The one skill modifier that applies."})
    dc = f.bounded_int(checks.DC_MIN, checks.DC_MAX, label="Obtížnost číslem (místo výběru)",
                       metadata={"description": "Difficulty class; not with `difficulty` or "
                                                "`untrained`."})
    difficulty = f.choice(tuple(checks.DIFFICULTIES), words=f.words(
        "difficulty", tuple(checks.DIFFICULTIES)), label="Obtížnost",
        metadata={"description": "lehka=5, stredni=10 (the default), tezka=15, velmi-tezka=20; "
                                 "not with `dc` or `untrained`.",
                  "x-default": checks.DEFAULT_DIFFICULTY})
    bonus = f.modifier(label="Situační bonus", metadata={
        "description": "Situational bonus or penalty."})
    advantage = _advantage()
    disadvantage = _disadvantage()
    untrained = f.flag(label="Dovednost, kterou postava nemá (vždy velmi těžká)", metadata={
        "description": "The activity needs a skill the character cannot be expected to have: "
                       "always velmi těžká (DC 20)."})
    fatigue = f.fatigue()
    count = _count("postav")


register(
    blp, "skill-check", input_schema=SkillCheckInput,
    summary="Skill check (Ověření dovedností)",
    description="d20 + modifier + bonus − fatigue against the DC; natural 20 a critical success, "
                "natural 1 a critical failure. Chance: P(success) of one roll.",
)


class SavingThrowInput(Schema):
    """Inputs of ``saving-throw``."""

    target = f.bounded_int(checks.SAVE_TARGET_MIN, checks.SAVE_TARGET_MAX, required=True,
                           label="Záchranný hod (číslo z deníku)", metadata={
                               "description": "The save number written on the sheet."})
    against = f.choice(checks.SAVE_AGAINST, words={
        "magic": "magie", "death": "smrt", "poison": "jed", "other": "jiné"},
        label="Proti čemu", load_default=checks.DEFAULT_AGAINST, metadata={
            "description": "magic (modified by Rozum), death / poison (by Výdrž), other; "
                           "informational."})
    modifier = f.modifier(label="Modifikátor (Rozum proti magii, Výdrž proti smrti a jedu)")
    bonus = f.modifier(label="Situační bonus")
    advantage = _advantage()
    disadvantage = _disadvantage()
    fatigue = f.fatigue()
    count = _count("postav")


register(
    blp, "saving-throw", input_schema=SavingThrowInput,
    summary="Saving throw (Záchranný hod)",
    description="d20 + modifier + bonus − fatigue against the number on the sheet; natural 1 "
                "always fails, natural 20 always succeeds. Chance: P(success) of one roll.",
)


class MagicItemInput(Schema):
    """One magic item the character carried."""

    name = f.name(required=True)
    bonus = f.modifier(metadata={"description": "The item's combat bonus (+2 sword: 2)."})


class MagicItemsInput(Schema):
    """Inputs of ``magic-items``."""

    target = f.bounded_int(checks.SAVE_TARGET_MIN, checks.SAVE_TARGET_MAX, required=True,
                           label="Záchranný hod majitele (číslo z deníku)",
                           metadata={"description": "The owner's save number."})
    items = f.JsonList(
        fields.Nested(MagicItemInput), required=True,
        validate=validate.Length(checks.MAGIC_ITEMS_MIN, checks.MAGIC_ITEMS_MAX), metadata={
            "description": "The items, saved in list order; in a GET one JSON-encoded value.",
            "x-label": "Předměty (čárkami; bonus za jménem, např. Meč +2, Plášť)"})
    modifier = f.modifier(label="Modifikátor majitele")
    bonus = f.modifier(label="Situační bonus", metadata={
        "description": "The owner's applicable bonuses and penalties against the effect."})
    fatigue = f.fatigue()


register(
    blp, "magic-items", input_schema=MagicItemsInput,
    summary="Destruction of magic items (Zničení magických předmětů)",
    description="One saving throw per item, in list order: d20 + modifier + bonus + the item's "
                "combat bonus − fatigue against the owner's save number. Chance: null (each "
                "item carries its own).",
)


def odds_x(default: int | None) -> f.Int:
    """``x`` of "x in y": 1..y succeeds; ``default`` the row's, or none."""
    extra = {"load_default": default} if default is not None else {}
    return f.bounded_int(odds.CHANCE_X_MIN, odds.CHANCE_Y_MAX, **extra,
                         label="Úspěch, padne-li nejvýš", metadata={
                             "description": "Succeeds on 1..x of the d`y`; at most `y`."})


def odds_y(default: int | None) -> f.Int:
    """``y`` of "x in y": the die rolled; ``default`` the row's, or none."""
    extra = {"load_default": default} if default is not None else {}
    return f.bounded_int(odds.CHANCE_Y_MIN, odds.CHANCE_Y_MAX, **extra,
                         label="Počet stěn kostky",
                         metadata={"description": "The die rolled (d`y`)."})


class ChanceInput(Schema):
    """Inputs of ``chance``."""

    x = odds_x(None)
    y = odds_y(None)
    percent = f.bounded_int(odds.PERCENT_MIN, odds.PERCENT_MAX,
                            label="Nebo šance v procentech (místo kostky)",
                            metadata={"description": "Chance in %, rolled on a d100; not with "
                                                     "`x` / `y`."})


register(
    blp, "chance", input_schema=ChanceInput,
    summary="Chance: x in y, or a percentage (Jiné metody řešení nejasných situací)",
    description="Roll 1dy: 1..x succeeds (default 1 in 6); or `percent` on a d100. "
                "Chance: P(success).",
)
