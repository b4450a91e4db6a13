"""Olgoj Chorchoj's procedures and their schemas: the Engineering action, action tokens."""

from __future__ import annotations

from marshmallow import Schema

from api import fields as f
from api.conquest.game import RuleLength, RuleRange
from api.olgoj_chorchoj import blp
from api.procedures import register
from rpg.olgoj_chorchoj import action_tokens as oc


class OlgojEngineeringInput(Schema):
    """Inputs of ``olgoj-chorchoj/engineering``."""

    products = f.CsvList(
        f.Int(validate=RuleRange(0, oc.AMOUNT_MAX, oc.engineering_rule())),
        validate=RuleLength(oc.SCALES, oc.engineering_rule()), required=True, metadata={
            "description": "The three product scales of the pictured profession, each ≥ 1 "
                           "(a scale at 0 cannot move back). A query string takes 3,2,5.",
            "x-label": "Tři stupnice produktů (čárkami)"})
    tactical = f.Int(validate=RuleRange(0, oc.AMOUNT_MAX, oc.engineering_rule()),
                     load_default=0, metadata={"description": "Tactical points before.",
                                               "x-label": "Taktické body"})


class OlgojTokensInput(Schema):
    """Inputs of ``olgoj-chorchoj/tokens``."""

    face_up_token = f.flag(label="Odkrytý žeton na místě výsadku", metadata={
        "description": "A face-up action token lies on the landing spot."})
    corner_match = f.flag(label="Soused se shodnou kombinací v rohu", metadata={
        "description": "An adjacent tile holds a foreign paratrooper whose profession pair "
                       "with this one matches a corner combination."})
    same_owner = f.flag(label="Oba výsadkáři patří tomuto hráči", metadata={
        "description": "Both paratroopers belong to this player: both corner tokens are "
                       "theirs."})


register(
    blp, "olgoj-chorchoj/engineering", input_schema=OlgojEngineeringInput,
    summary="Engineering (Inženýrství)",
    description="Each of the three product scales 1 back, +5 tactical points; a scale reaching "
                "0 locks an action slot. A scale already at 0 → 422. Nothing is rolled; "
                "chance: null.",
)
register(
    blp, "olgoj-chorchoj/tokens", input_schema=OlgojTokensInput,
    summary="Gaining action tokens (Získání žetonu akce)",
    description="The face-up token on the landing spot, or the corner tokens of a matching "
                "neighbour (both to one owner of both paratroopers); never both options. "
                "Nothing is rolled; chance: null.",
)
