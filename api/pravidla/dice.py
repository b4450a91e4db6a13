"""``roll``: dice notation."""

from __future__ import annotations

from marshmallow import Schema

from api import fields as f
from api.pravidla import blp
from api.procedures import RollSchema, register


class RollInput(Schema):
    """Inputs of ``roll``."""

    expr = f.dice_expression(required=True, label="Výraz (např. 2k6+1, 4d6kh3)", metadata={
        "description": "Dice expression: terms joined by + / -; a term is an integer or NdM "
                       "(N 1..100, M 2..1000, d% = d100) with optional khK / klK; Czech k for d "
                       "(2k6). At most 10 terms and 200 dice. A space between two terms reads as + "
                       "(in a query string an unencoded + arrives as a space).",
        "example": "4d6kh3+2"})


register(
    blp, "roll", input_schema=RollInput,
    summary="Roll a dice expression",
    description="Rolls left to right, die by die. A syntax error names its position.",
)

__all__ = ["RollSchema"]
