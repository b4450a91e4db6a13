"""Camping and travel [Přenocování v divočině, Cestování po světě, Rychlé cestování]."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from api import fields as f
from api.pravidla import blp
from api.procedures import register
from rpg.pravidla import wilderness as w


class CampingInput(Schema):
    """Inputs of ``camping``."""

    location = f.choice(w.LOCATIONS, load_default="wilderness", metadata={
        "description": "wilderness (a d6 per need) or dungeon (every need not covered fails)."})
    bonuses = f.csv_list(f.choice(w.NEEDS), 0, w.BONUSES_MAX, load_default=list, metadata={
        "description": "Survivalists' declared +1s, one entry each: food, water or shelter; "
                       "a need may appear more than once."})
    covered = f.csv_list(f.choice(w.NEEDS), 0, len(w.NEEDS), load_default=list, metadata={
        "description": "Needs met by a spell or an alternative source: no roll, success."})
    supplies = f.bounded_int(0, w.SUPPLIES_MAX, load_default=0, metadata={
        "description": "The party's supplies."})
    travelers = f.bounded_int(w.TRAVELERS_MIN, w.TRAVELERS_MAX, load_default=1, metadata={
        "description": "Hungry mouths: each failure costs every traveler 1 supply or 1 fatigue."})
    pay = f.choice(w.PAYMENTS, load_default="supplies-first", metadata={
        "description": "supplies-first: a failure is paid with `travelers` supplies while enough "
                       "remain, else 1 fatigue each; fatigue: always fatigue."})


class NeedSchema(Schema):
    """One need of the camp."""

    need = f.choice(w.NEEDS, required=True)
    roll = fields.Integer(required=True, allow_none=True, metadata={
        "description": "The d6, or null when not rolled (covered, or in a dungeon)."})
    bonus = fields.Integer(required=True, metadata={"description": "Declared +1s for it."})
    met = fields.Boolean(required=True)
    covered = fields.Boolean(required=True)


class CampingResultSchema(Schema):
    """Result of ``camping``."""

    needs = fields.List(fields.Nested(NeedSchema), required=True)
    failures = fields.Integer(required=True)
    supplies_used = fields.Integer(required=True)
    supplies_left = fields.Integer(required=True)
    fatigue_gained = fields.Integer(required=True, metadata={
        "description": "Fatigue for each traveler."})


register(
    blp, "camping", input_schema=CampingInput, result_schema=CampingResultSchema,
    run=w.camping,
    summary="Camping for the night (Přenocování v divočině)",
    description="A d6 for each need not covered, in the order food, water, shelter: d6 + its "
                "bonuses ≥ 4 meets it. In a dungeon every need not covered fails, no dice. "
                "Chance: P(all three needs met).",
)


class TravelInput(Schema):
    """Inputs of ``travel``."""

    movement = f.csv_list(
        f.bounded_int(w.MOVEMENT_MIN, w.MOVEMENT_MAX), 1, w.MEMBERS_MAX,
        load_default=lambda: [6], metadata={
            "description": "Movement (hybnost) of each member; the slowest sets the pace."})
    terrain = f.choice(w.TERRAINS, load_default="normal")
    road = f.Bool(load_default=False, metadata={"description": "Travelling along a road."})
    landmark = f.Bool(load_default=False, metadata={
        "description": "Following a landmark (a river, a mountain)."})
    forced_march = f.Bool(load_default=False, metadata={
        "description": "Day and night: 1.5 × the distance, 1 fatigue for each member. "
                       "Not with hunt or explore."})
    activity = f.choice(w.ACTIVITIES, load_default="none", metadata={
        "description": "forage (while travelling), hunt or explore (the whole day)."})


class TravelActivitySchema(Schema):
    """The day's other activity."""

    kind = f.choice(w.ACTIVITIES[1:], required=True)
    success = fields.Boolean(required=True)
    supplies = fields.Integer(required=True, allow_none=True, metadata={
        "description": "Supplies found when foraging (0 on a failure); null otherwise."})


class TravelResultSchema(Schema):
    """Result of ``travel``."""

    distance_km = fields.Float(required=True, metadata={"description": "Exact, not rounded."})
    lost = fields.Boolean(required=True, allow_none=True, metadata={
        "description": "null when no lost check was due (road, landmark, or not travelling)."})
    encounter = fields.Boolean(required=True)
    activity = fields.Nested(TravelActivitySchema, required=True, allow_none=True)
    fatigue_gained = fields.Integer(required=True, metadata={
        "description": "Fatigue for each member."})
    visibility_km = fields.Integer(required=True)
    travelling = fields.Boolean(required=True, metadata={
        "description": "False on a day of hunting or exploring."})
    slowest_movement = fields.Integer(required=True)


register(
    blp, "travel", input_schema=TravelInput, result_schema=TravelResultSchema, run=w.travel,
    summary="A day of travel (Cestování po světě)",
    description="Distance 5 × the slowest movement km (½ in difficult terrain, × 1.5 day and "
                "night). Dice: the lost check (off roads and landmarks, 2 in 6, 3 in 6 in "
                "difficult terrain), the encounter d6 (2 in 6), the activity d6 (forage 2 in 6 "
                "and 1d6 supplies, hunt 1 in 6, explore 3 in 6). Chance: P(no encounter).",
)


class FastTravelInput(Schema):
    """Inputs of ``fast-travel``."""

    days = f.bounded_int(w.DAYS_MIN, w.DAYS_MAX, required=True, metadata={
        "description": "Days of the journey, as the GM sets them."})
    travelers = f.bounded_int(w.TRAVELERS_MIN, w.TRAVELERS_MAX, load_default=1, metadata={
        "description": "Hungry mouths: each eats 1 supply a day."})
    supplies = f.bounded_int(0, w.SUPPLIES_MAX, load_default=0, metadata={
        "description": "The party's supplies."})


class FastTravelResultSchema(Schema):
    """Result of ``fast-travel``."""

    supplies_needed = fields.Integer(required=True)
    supplies_used = fields.Integer(required=True)
    supplies_left = fields.Integer(required=True)
    summary_damage = fields.Integer(required=True, metadata={
        "description": "1 for each supply missing, shared out by the players at the end."})
    encounters = fields.Integer(required=True)


register(
    blp, "fast-travel", input_schema=FastTravelInput, result_schema=FastTravelResultSchema,
    run=w.fast_travel,
    summary="Fast travel (Rychlé cestování)",
    description="Supplies needed = days × travelers; each one missing is 1 point of summary "
                "damage. Encounters: 1d4 on a journey of more than 5 days, otherwise 1.",
)


class PartyMemberSchema(Schema):
    """A character sharing the summary damage."""

    name = f.name(required=True)
    hp = f.bounded_int(w.HP_MIN, w.HP_MAX, required=True, metadata={
        "description": "Hit points at the end of the journey, before the damage."})


class FastTravelSplitInput(Schema):
    """Inputs of ``fast-travel-split``."""

    party = f.JsonList(fields.Nested(PartyMemberSchema), required=True,
                       validate=validate.Length(w.PARTY_MIN, w.PARTY_MAX), metadata={
        "description": "The characters, `{\"name\", \"hp\"}`, names unique (a 422 otherwise); "
                       "in a GET one JSON-encoded value."})
    damage = f.bounded_int(0, w.DAMAGE_MAX, required=True, metadata={
        "description": "The summary damage of the journey (see `fast-travel`)."})
    allocation = f.JsonDict(
        keys=f.name(), values=f.bounded_int(0, w.DAMAGE_MAX),
        validate=validate.Length(0, w.PARTY_MAX), load_default=dict, metadata={
            "description": "`{\"name\": points}`: names from `party` (missing ones take 0), "
                           "summing to `damage`, else a 422 quoting the rule; in a GET one "
                           "JSON-encoded value."})


class AlternativeSchema(Schema):
    """Instead of dying: 1 HP and a point of fatigue for every point that would reach 0."""

    hp = fields.Integer(required=True)
    fatigue = fields.Integer(required=True)


class SplitShareSchema(Schema):
    """One character's share."""

    name = fields.String(required=True)
    hp = fields.Integer(required=True)
    points = fields.Integer(required=True, metadata={"description": "Damage points taken."})
    hp_left = fields.Integer(required=True, metadata={"description": "max(0, hp − points)."})
    dies = fields.Boolean(required=True, metadata={
        "description": "HP reached 0: killed on the way (unless the alternative is taken)."})
    alternative = fields.Nested(AlternativeSchema, required=True, allow_none=True, metadata={
        "description": "For a character who would die: `{\"hp\": 1, \"fatigue\": points − "
                       "(hp − 1)}`; null otherwise."})


class FastTravelSplitResultSchema(Schema):
    """Result of ``fast-travel-split``."""

    characters = fields.List(fields.Nested(SplitShareSchema), required=True, metadata={
        "description": "Every character, in party order."})
    dead = fields.List(fields.String(), required=True, metadata={
        "description": "The characters whose HP reached 0."})
    damage = fields.Integer(required=True)


register(
    blp, "fast-travel-split", input_schema=FastTravelSplitInput,
    result_schema=FastTravelSplitResultSchema, run=w.fast_travel_split,
    summary="Sharing out fast travel's summary damage (Rychlé cestování)",
    description="The players share the summary damage in any proportion (allocation summing to "
                "damage). A character at 0 HP was killed on the way, or instead takes 1 fatigue "
                "for every point that would bring them to 0 and ends at 1 HP. Nothing rolled.",
)
