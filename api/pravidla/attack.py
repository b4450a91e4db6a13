"""Attacks [Útok obecně, Hody na útok, Ostatní bojové situace]."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from api import fields as f
from api.pravidla import blp
from api.procedures import register
from rpg import attack, notation


class AttackInput(Schema):
    """Inputs of ``attack``."""

    bonus = f.modifier(metadata={"description": "All to-hit modifiers together."})
    ac = f.bounded_int(attack.AC_MIN, attack.AC_MAX, required=True, metadata={
        "description": "The target's OČ (obranné číslo)."})
    ranged = f.Bool(load_default=False, metadata={"description": "A missile attack."})
    cover = f.bounded_int(attack.COVER_MIN, attack.COVER_MAX, load_default=0, metadata={
        "description": "Partial cover, added to OČ against a ranged attack only (a melee attack "
                       "with cover is a 422)."})
    full_cover = f.Bool(load_default=False, metadata={
        "description": "The target is fully hidden: a ranged attack misses without a roll "
                       "(a melee attack with full cover is a 422)."})
    surrounded = f.Bool(load_default=False, metadata={
        "description": "The target is in melee with at least 3 enemies: +1 to hit."})
    advantage = f.Bool(load_default=False, metadata={
        "description": "Roll two d20 and keep the higher (cancels with disadvantage)."})
    disadvantage = f.Bool(load_default=False, metadata={
        "description": "Roll two d20 and keep the lower (cancels with advantage)."})
    damage = fields.String(
        required=True, validate=validate.Length(1, notation.MAX_LENGTH), metadata={
            "description": "Damage as dice notation (see `roll`), e.g. 1d8+2.",
            "example": "1d8+2"})
    strength_damage = f.Bool(load_default=False, metadata={
        "description": "The damage is modified by Síla: fatigue lowers it too."})
    improvised = f.Bool(load_default=False, metadata={
        "description": "An improvised (or untrained) weapon: damage rolled twice, the lower "
                       "total kept."})
    defense = f.choice(attack.DEFENSES, load_default="normal", metadata={
        "description": "resistance halves the damage (rounded down), weakness doubles it, "
                       "immunity makes it 0."})
    fatigue = f.fatigue()


class EdgeSchema(Schema):
    """A source of advantage or disadvantage."""

    source = fields.String(required=True)
    effect = f.choice(("advantage", "disadvantage"), required=True)


class ModifierSchema(Schema):
    """A named to-hit modifier."""

    source = fields.String(required=True)
    value = fields.Integer(required=True)


class AttackResultSchema(Schema):
    """Result of ``attack``."""

    natural = fields.Integer(required=True, allow_none=True, metadata={
        "description": "The kept d20; null when nothing was rolled (full cover)."})
    total = fields.Integer(required=True, allow_none=True)
    hit = fields.Boolean(required=True)
    critical = fields.Boolean(required=True, metadata={
        "description": "A natural 20, or a hit whose kept damage dice all show their maximum."})
    damage = fields.Integer(required=True, metadata={"description": "Damage dealt; 0 on a miss."})
    target = fields.Integer(required=True, metadata={
        "description": "The OČ hit against: ac, plus cover on a ranged attack."})
    dice_mode = f.choice(tuple(attack.MODE_NAMES.values()), required=True, metadata={
        "description": "The to-hit roll after advantage and disadvantage cancelled."})
    edges = fields.List(fields.Nested(EdgeSchema), required=True, metadata={
        "description": "Every source of advantage or disadvantage."})
    modifiers = fields.List(fields.Nested(ModifierSchema), required=True, metadata={
        "description": "Every to-hit modifier, fatigue included."})
    base_damage = fields.Integer(required=True, allow_none=True, metadata={
        "description": "Damage before fatigue and the target's defense; null on a miss."})


register(
    blp, "attack", input_schema=AttackInput, result_schema=AttackResultSchema, run=attack.attack,
    summary="Attack roll and damage (Útok obecně)",
    description="d20 + bonus (+1 surrounded) − fatigue against OČ (+ cover when ranged). "
                "Natural 1 misses; natural 20 is a critical hit dealing the damage maximum with "
                "no damage dice rolled; full damage on the dice is a critical hit too. Damage: "
                "dice (twice, lower kept, when improvised) − fatigue when strength_damage, then "
                "resistance / weakness / immunity, at least 1 unless immune. Chance: P(hit).",
)
