"""``roll``: dice notation."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from api.pravidla import blp
from api.procedures import RollSchema, register
from rpg.core import notation


class RollInput(Schema):
    """Inputs of ``roll``."""

    expr = fields.String(required=True, validate=validate.Length(1, notation.MAX_LENGTH), metadata={
        "description": "Dice expression: terms joined by + / -; a term is an integer or NdM "
                       "(N 1..100, M 2..1000, d% = d100) with optional khK / klK; Czech k for d "
                       "(2k6). At most 10 terms and 200 dice.",
        "example": "4d6kh3+2"})


register(
    blp, "roll", input_schema=RollInput,
    summary="Roll a dice expression",
    description="Rolls left to right, die by die. A syntax error names its position.",
)

__all__ = ["RollSchema"]
