"""Dungeon exploration [Průzkum kobek]: ``trap``, ``wandering-monsters``, ``dungeon-turn``."""

from __future__ import annotations

from marshmallow import Schema

from api import fields as f
from api.pravidla import blp
from api.pravidla.checks import odds_x, odds_y
from api.procedures import register
from rpg.pravidla import dungeon


class TrapInput(Schema):
    """Inputs of ``trap``."""

    x = odds_x(dungeon.TRAP.x)
    y = odds_y(dungeon.TRAP.y)


class WanderingMonstersInput(Schema):
    """Inputs of ``wandering-monsters``."""

    x = odds_x(dungeon.WANDERING_MONSTERS.x)
    y = odds_y(dungeon.WANDERING_MONSTERS.y)


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


class DungeonTurnInput(Schema):
    """Inputs of ``dungeon-turn``."""

    turn = f.bounded_int(1, dungeon.MAX_TURN, required=True, label="Směna (pořadí od vstupu)",
                         metadata={"description": "The exploration turn (směna) number since "
                                                  "entering."})
    noise = f.flag(label="Družina hlučela", metadata={"description": "The party made a racket."})
    hours_since_rest = f.bounded_number(0, dungeon.MAX_HOURS, load_default=0,
                                        label="Hodin od odpočinku")
    hours_exploring_since_rest = f.bounded_number(0, dungeon.MAX_HOURS, load_default=0,
                                                  label="Z toho hodin průzkumu")
    roll = f.flag(label="Hodit na putující monstra, je-li hod na řadě", metadata={
        "description": "Roll the 1-in-6 wandering-monster check when one is due."})
    hours_since_no_rest_fatigue = f.bounded_number(
        0, dungeon.MAX_HOURS, label="Hodin od únavy za den bez odpočinku", metadata={
            "description": "Hours since the party last took a fatigue for a day without rest "
                           "(a forced march's, or this rule's); none since the rest: leave it "
                           "out. The next is due 24 h after it."})


register(
    blp, "dungeon-turn", input_schema=DungeonTurnInput,
    summary="A dungeon exploration turn (Průzkum kobek)",
    description="Wandering-monster check every 2nd turn or on noise (1 in 6 when rolled); rest "
                "at most once per 8 h of exploring (8–12 h); 1 fatigue after 24 h without rest. "
                "Chance: P(wandering monster) when rolled, else null.",
)
