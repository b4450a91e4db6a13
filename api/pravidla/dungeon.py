"""Dungeon exploration [Průzkum kobek]: ``dungeon-turn``."""

from __future__ import annotations

from marshmallow import Schema

from api import fields as f
from api.pravidla import blp
from api.procedures import register
from rpg.pravidla import dungeon


class DungeonTurnInput(Schema):
    """Inputs of ``dungeon-turn``."""

    turn = f.bounded_int(1, dungeon.MAX_TURN, required=True, metadata={
        "description": "The exploration turn (směna) number since entering."})
    noise = f.Bool(load_default=False, metadata={"description": "The party made a racket."})
    hours_since_rest = f.bounded_number(0, dungeon.MAX_HOURS, load_default=0)
    hours_exploring_since_rest = f.bounded_number(0, dungeon.MAX_HOURS, load_default=0)
    roll = f.Bool(load_default=False, metadata={
        "description": "Roll the 1-in-6 wandering-monster check when one is due."})


register(
    blp, "dungeon-turn", input_schema=DungeonTurnInput,
    summary="A dungeon exploration turn (Průzkum kobek)",
    description="Wandering-monster check every 2nd turn or on noise (1 in 6 when rolled); rest "
                "at most once per 8 h of exploring (8–12 h); 1 fatigue after 24 h without rest. "
                "Chance: P(wandering monster) when rolled, else null.",
)
