"""Combat procedures [Souboje]: ``morale``."""

from __future__ import annotations

from marshmallow import Schema, fields

from api import fields as f
from api.pravidla import blp
from api.procedures import register
from rpg import combat


class MoraleInput(Schema):
    """Inputs of ``morale``."""

    morale = f.bounded_int(combat.MORALE_MIN, combat.MORALE_MAX, required=True, metadata={
        "description": "The creature's morale (Morálka)."})
    successes = f.bounded_int(0, combat.MORALE_SUCCESSES_TO_DEATH, load_default=0, metadata={
        "description": "Successful morale checks already made in this encounter."})


class MoraleResultSchema(Schema):
    """Result of ``morale``."""

    total = fields.Integer(required=True, allow_none=True)
    holds = fields.Boolean(required=True)
    fights_to_death = fields.Boolean(required=True)
    outcome = f.choice(("holds", "flees-or-surrenders", "fights-to-death"), required=True)


register(
    blp, "morale", input_schema=MoraleInput, result_schema=MoraleResultSchema, run=combat.morale,
    summary="Morale check (Morálka)",
    description="2d6 at or under the morale holds; a second hold in one encounter means the "
                "creature fights to the death. Chance: P(holds).",
)
