"""Camping and travel [Přenocování v divočině, Cestování po světě, Rychlé cestování]."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate

from api import fields as f
from api.pravidla import blp
from api.procedures import register
from rpg.core.citations import slugify
from rpg.core.text import number
from rpg.pravidla import wilderness as w

_SUPPLIES = "Zásoby družiny"
_TRAVELERS = "Cestujících (hladových krků)"

#: The rules' words of the needs: "jídlo, vodu a útočiště".
NEED_WORDS = f.words("camping.need", w.NEEDS)


def _needs(high: int, label: str, description: str, **extra: object) -> f.CsvList:
    return f.csv_list(f.choice(w.NEEDS, words=NEED_WORDS), 0, high, load_default=list,
                      label=label, metadata={"description": description, **extra})


#: The rules' words of the ways to pay and of each failure's choice.
PAY_WAYS = f.words("camping.way", w.PAYMENTS)
PAY_CHOICES = f.words("camping.choice", w.PAY_CHOICES)


class Payment(fields.Field[Any]):
    """How the failed needs are paid: ``supplies-first`` or ``fatigue`` (their Czech words too),
    or a list of up to 3 choices, ``supplies`` or ``fatigue``, for the failed needs in turn (in a
    query string separated by commas, or repeated)."""

    #: A query string may repeat it (``pay=fatigue&pay=supplies``): webargs gives the list.
    is_multiple = True

    def __init__(self, **kwargs: Any) -> None:
        self.way = f.choice(w.PAYMENTS, words=PAY_WAYS)
        self.choice = f.choice(w.PAY_CHOICES, words=PAY_CHOICES)
        metadata = {"description": "`supplies-first` (supplies while enough remain, else 1 "
                                   "fatigue each) or `fatigue` (always fatigue); or a list of up "
                                   "to 3 choices, `supplies` or `fatigue`, for the failed needs "
                                   "in turn (a `supplies` choice with too few supplies left is "
                                   "paid with fatigue; a failure beyond the list as "
                                   "`supplies-first`). In a query string separated by commas, "
                                   "or repeated: one value without a comma that names a way "
                                   "(`fatigue`) is that way, `fatigue,` a list of one choice.",
                    "oneOf": [
            {"type": "string", "enum": list(w.PAYMENTS), "x-words": PAY_WAYS},
            {"type": "array", "maxItems": w.PAY_CHOICES_MAX,
             "x-label": "Nebo zvlášť pro každý neúspěch, po řadě", "items": {
                "type": "string", "enum": list(w.PAY_CHOICES), "x-words": PAY_CHOICES,
                "x-label": "Neúspěch platí"}},
        ], **kwargs.pop("metadata", {})}
        super().__init__(metadata=metadata, **kwargs)

    def _deserialize(self, value: Any, attr: Any, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, list | tuple) and len(value) == 1 and isinstance(value[0], str):
            value = value[0]  # one query value: a way to pay, or choices separated by commas
        if isinstance(value, str) and "," not in value and slugify(value) in self.way.aliases:
            return self.way.deserialize(value)
        if isinstance(value, str):
            value = [part.strip() for part in value.split(",") if part.strip()]
        if not isinstance(value, list | tuple):
            return value  # the engine refuses it, naming the ways to pay and the choices
        return [self.choice.aliases.get(slugify(item), item)
                if isinstance(item, str) and len(item) <= f.CHOICE_LENGTH else item
                for item in value]


class CampingInput(Schema):
    """Inputs of ``camping``."""

    location = f.choice(w.LOCATIONS, words={"wilderness": "divočina", "dungeon": "kobka"},
                        load_default="wilderness", label="Kde se nocuje", metadata={
                            "description": "wilderness (a d6 per need) or dungeon (every need "
                                           "not covered fails)."})
    bonuses = _needs(
        w.BONUSES_MAX, "Bonusy +1 od postav se schopnostmi pro přežití v divočině",
        "+1s declared by the characters with wilderness survival skills, one entry each: food, "
        "water or shelter; a need may appear more than once.", **{"x-repeat": True})
    covered = _needs(len(w.NEEDS), "Obstaráno kouzlem či jiným zdrojem",
                     "Needs met by a spell or an alternative source: no roll, success.")
    supplies = f.bounded_int(0, w.SUPPLIES_MAX, load_default=0, label=_SUPPLIES, metadata={
        "description": "The party's supplies."})
    travelers = f.bounded_int(w.TRAVELERS_MIN, w.TRAVELERS_MAX, load_default=1, label=_TRAVELERS,
                              metadata={"description": "Hungry mouths: each failure costs every "
                                                       "traveler 1 supply or 1 fatigue."})
    pay = Payment(load_default="supplies-first", metadata={"x-label": "Neúspěchy platí"})


register(
    blp, "camping", input_schema=CampingInput,
    summary="Camping for the night (Přenocování v divočině)",
    description="A d6 for each need not covered, in the order food, water, shelter: d6 + its "
                "bonuses ≥ 4 meets it. In a dungeon every need not covered fails, no dice. Each "
                "failure costs every traveler 1 supply or 1 fatigue, as `pay` chooses (one way "
                "for all, or a choice for each failure in turn). Chance: P(all three needs met).",
)


ACTIVITY_WORDS = f.words("travel.activity", tuple(w.ACTIVITY_ON))


def _activity_label() -> str:
    """The activity field's label, with each activity's odds from the engine's table."""
    odds = ", ".join(f"{ACTIVITY_WORDS[kind]} {on} z {w.DIE}" for kind, on in w.ACTIVITY_ON.items())
    return f"Další aktivita ({odds})"


class GroupActivityInput(Schema):
    """A group declared beforehand and its activity [Simultánní aktivity]."""

    group = f.name(required=True, label="Skupina", metadata={
        "description": "The group's name (who is in it)."})
    activity = f.choice(tuple(w.ACTIVITY_ON), words=ACTIVITY_WORDS, required=True,
                        label="Aktivita")


class TravelInput(Schema):
    """Inputs of ``travel``."""

    movement = f.csv_list(
        f.bounded_int(w.MOVEMENT_MIN, w.MOVEMENT_MAX), 1, w.MEMBERS_MAX,
        load_default=lambda: [6], label="Hybnost členů družiny (čárkami)", metadata={
            "description": "Movement (hybnost) of each member; the slowest sets the pace."})
    terrain = f.choice(w.TERRAINS, words={"normal": "běžný", "difficult": "obtížný"},
                       load_default="normal", label="Terén")
    road = f.flag(label="Po cestě", metadata={"description": "Travelling along a road."})
    landmark = f.flag(label="Podle orientačního bodu (řeka, hora)", metadata={
        "description": "Following a landmark (a river, a mountain)."})
    forced_march = f.flag(label=f"Dnem i nocí (× {number(w.FORCED_MARCH_FACTOR, 'cs')}, únava "
                                f"+{w.FORCED_MARCH_FATIGUE})", metadata={
        "description": "Day and night: 1.5 × the distance, 1 fatigue for each member. "
                       "Not with hunt or explore."})
    activity = f.choice(w.ACTIVITIES, words={"none": "žádná", **ACTIVITY_WORDS},
                        load_default="none", label=_activity_label(), metadata={
                            "description": "The whole party's: forage (while travelling), hunt "
                                           "or explore (the whole day). Not with `activities`."})
    activities = f.JsonList(
        fields.Nested(GroupActivityInput), validate=validate.Length(w.GROUPS_MIN, w.GROUPS_MAX),
        metadata={
            "description": "[Simultánní aktivity] groups declared beforehand, `{\"group\", "
                           "\"activity\"}`, names unique: each group rolls its own activity "
                           "check, in list order; anyone hunting or exploring means the party "
                           "does not travel that day. Not with `activity`; in a GET one "
                           "JSON-encoded value.",
            "x-label": "Nebo aktivity skupin (každá skupina hází zvlášť)"})


register(
    blp, "travel", input_schema=TravelInput,
    summary="A day of travel (Cestování po světě)",
    description="Distance 5 × the slowest movement km (½ in difficult terrain, × 1.5 day and "
                "night). Dice: the lost check (off roads and landmarks, 2 in 6, 3 in 6 in "
                "difficult terrain), the encounter d6 (2 in 6), the activity d6 (forage 2 in 6 "
                "and 1d6 supplies, hunt 1 in 6, explore 3 in 6), or with `activities` one "
                "for each group in turn. An encounter calls for "
                "`encounter` in the wilderness (`result.next`). Chance: P(no encounter).",
)


class FastTravelInput(Schema):
    """Inputs of ``fast-travel``."""

    days = f.bounded_int(w.DAYS_MIN, w.DAYS_MAX, required=True, label="Dní cesty", metadata={
        "description": "Days of the journey, as the GM sets them."})
    travelers = f.bounded_int(w.TRAVELERS_MIN, w.TRAVELERS_MAX, load_default=1, label=_TRAVELERS,
                              metadata={"description": "Hungry mouths: each eats 1 supply a day."})
    supplies = f.bounded_int(0, w.SUPPLIES_MAX, load_default=0, label=_SUPPLIES, metadata={
        "description": "The party's supplies."})


register(
    blp, "fast-travel", input_schema=FastTravelInput,
    summary="Fast travel (Rychlé cestování)",
    description="Supplies needed = days × travelers; each one missing is 1 point of summary "
                "damage. Encounters: 1d4 on a journey of more than 5 days, otherwise 1.",
)


class PartyMemberSchema(Schema):
    """A character sharing the summary damage."""

    name = f.name(required=True, label="Postava")
    hp = f.bounded_int(w.HP_MIN, w.HP_MAX, required=True, label="Životy", metadata={
        "description": "Hit points at the end of the journey, before the damage."})


class FastTravelSplitInput(Schema):
    """Inputs of ``fast-travel-split``."""

    party = f.JsonList(fields.Nested(PartyMemberSchema), required=True,
                       validate=validate.Length(w.PARTY_MIN, w.PARTY_MAX), metadata={
        "description": "The characters, `{\"name\", \"hp\"}`, names unique (a 422 otherwise); "
                       "in a GET one JSON-encoded value.",
        "x-label": "Družina"})
    damage = f.bounded_int(0, w.DAMAGE_MAX, required=True, label="Souhrnné poškození", metadata={
        "description": "The summary damage of the journey (see `fast-travel`)."})
    # The calculator asks each party row for its share (``x-column-of``): a name typed once.
    allocation = f.JsonDict(
        keys=f.name(label="Postava"), values=f.bounded_int(0, w.DAMAGE_MAX, label="Poškození"),
        validate=validate.Length(0, w.PARTY_MAX), load_default=dict, metadata={
            "description": "`{\"name\": points}`: names from `party` (missing ones take 0), "
                           "summing to `damage`, else a 422 quoting the rule; in a GET one "
                           "JSON-encoded value.",
            "x-label": "Rozdělení poškození (kdo chybí, nedostane nic)",
            "x-column-of": {"field": "party", "key": "name"}})


register(
    blp, "fast-travel-split", input_schema=FastTravelSplitInput,
    summary="Sharing out fast travel's summary damage (Rychlé cestování)",
    description="The players share the summary damage in any proportion (allocation summing to "
                "damage). A character at 0 HP was killed on the way, or instead takes 1 fatigue "
                "for every point that would bring them to 0 and ends at 1 HP; a death calls for "
                "the optional `death-save` (`result.next`). Nothing rolled.",
)
