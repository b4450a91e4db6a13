"""The expeditions' schemas: inputs of every action, and the answers.

An action's inputs that a procedure also takes (a day of travel's terrain, a camp's bonuses, an
attack's whole input) are that procedure's own fields, taken from its input schema: the same
bounds, defaults, choices and Czech words, written once. The records' own bounds (names, party,
effects) come from the engine (:mod:`rpg.expedition.state`).
"""

from __future__ import annotations

import copy
from typing import Any

from marshmallow import RAISE, Schema, ValidationError, fields, missing, validate, validates_schema

# Registers the procedures whose fields are taken; conquest first, as create_app imports them:
# of two result classes of one name the first registered keeps the plain schema name
# (api.results), and the OpenAPI document must not depend on what imported this module first.
from api import conquest, pravidla  # noqa: F401
from api import fields as f
from api.expeditions.store import PAGE_MAX
from api.formats import FORMATS
from api.odd_text import VisibleName
from api.procedures import DRAWN_SEED_LIMIT, ENDPOINTS
from rpg.core.catalog import msg
from rpg.core.dice import MAX_FACES, MAX_GIVEN_DICE
from rpg.core.text import LANGUAGES, Text
from rpg.expedition import combat, journey
from rpg.expedition import state as records
from rpg.expedition.records import SHEET_BOUNDS
from rpg.pravidla.combat import MORALE_MAX, MORALE_MIN
from rpg.pravidla.dungeon import WANDERING_MONSTERS
from rpg.pravidla.health import HUNGER_POINTS_MAX, HUNGER_POINTS_MIN

NAME = records.NAME_MAX
#: The modes' Czech words (the API accepts them too).
MODE_WORDS = f.words("expedition.mode", records.MODES)


def taken(path: str, name: str, **changes: Any) -> fields.Field[Any]:
    """The field ``name`` of the procedure ``path``'s input schema (a copy), with ``changes``
    (e.g. ``required=False``)."""
    field = copy.deepcopy(ENDPOINTS[path].input_schema._declared_fields[name])
    for key, value in changes.items():
        setattr(field, key, value)
    return field


def sheet_label(key: str) -> str:
    """The Czech label of a character sheet's field: the word the log's corrections use
    (``expedition.field.<key>``), capitalised."""
    word = msg(f"expedition.field.{key}").cs
    return word[:1].upper() + word[1:]


def name_field(high: int = NAME, **kwargs: Any) -> fields.String:
    """A name of the records (a character, an effect, a group): 1..40 characters, visible."""
    return fields.String(validate=[validate.Length(1, high), VisibleName()], **kwargs)


class Strict(Schema):
    """Every schema here refuses fields it does not know (a typo must not pass silently)."""

    class Meta:
        unknown = RAISE


class JsonAnswer(Strict):
    """The answer's language; its format is JSON (a creation or a read is no chat card)."""

    lang = f.choice(LANGUAGES, metadata={
        "description": "Language of texts and errors (default from Accept-Language, else cs)."})
    format = f.choice(("json",), metadata={
        "description": "json only: a creation or a read answers the records as JSON; an "
                       "action's entry may be a chat card (text, md, html)."})


class AnswerFormat(JsonAnswer):
    """The answer's language and format."""

    format = f.choice(FORMATS, metadata={
        "description": "json (default), text, md or html: the entry as a chat card."})


class ActionBase(AnswerFormat):
    """What every action takes: the version the GM's device saw."""

    version = f.bounded_int(1, 10**9, required=True, metadata={
        "description": "The expedition's version this device last saw; another device acted "
                       "since → 409, read the expedition again."})


class RollingBase(ActionBase):
    """What an action that may roll takes besides: its dice, and whether the GM hides it."""

    hidden = f.Bool(load_default=False, metadata={
        "description": "The GM keeps it secret: the players' link shows \"PJ hodil skrytě\"."})
    seed = f.bounded_int(0, DRAWN_SEED_LIMIT - 1, metadata={
        "description": "Reproduces the action: each step's seed is drawn from it in order "
                       "(random.Random(seed).randrange(2**53)); logged as given (origin "
                       "`seed`: replayable, no proof of fairness). Below 2^53, as every number "
                       "of the log's hash chain (RFC 8785). Without it (and `dice`) the server "
                       "draws each step's seed under the epoch's committed key (origin "
                       "`drawn`). Not with `dice`."})
    dice = f.csv_list(f.bounded_int(1, MAX_FACES), 0, MAX_GIVEN_DICE, metadata={
        "description": "Physical dice, consumed by the action's steps in order. Not with "
                       "`seed`."})

    @validates_schema
    def _seed_or_dice(self, data: dict[str, Any], **_: Any) -> None:
        if data.get("seed") is not None and data.get("dice") is not None:
            raise ValidationError([Text("Zadej buď 'seed', nebo 'dice', ne obojí.",
                                        "Give either 'seed' or 'dice', not both.")], "dice")


class CharacterInput(Strict):
    """A character's sheet as the records keep it."""

    name = name_field(required=True)
    max_hp = f.bounded_int(1, records.AMOUNT_MAX, required=True)
    hp = f.bounded_int(0, records.AMOUNT_MAX, metadata={"description": "Default: max_hp."})
    fatigue = f.bounded_int(0, records.FATIGUE_MAX, load_default=0)
    movement = f.bounded_int(records.MOVEMENT_MIN, records.MOVEMENT_MAX,
                             load_default=records.DEFAULT_MOVEMENT, metadata={
        "description": "Hybnost: the slowest member sets a day's pace."})
    save = f.bounded_int(records.SAVE_MIN, records.SAVE_MAX, metadata={
        "description": "The save written on the sheet: rolled against death when fatigue "
                       "reaches 7 (else the GM is offered the saving throw)."})
    ac = f.bounded_int(records.OC_MIN, records.OC_MAX, label="OČ", metadata={
        "description": "OČ written on the sheet: an attack on the character takes it, less "
                       "their fatigue, unless the GM gives `ac` ([Obranné číslo])."})


class EffectInput(Strict):
    """A light source or another timed effect."""

    name = name_field(required=True)
    shifts = f.bounded_int(1, records.EFFECT_SHIFTS_MAX, required=True, metadata={
        "description": "How many shifts (10 min) it lasts: the GM's choice, the text gives none."})
    light = f.Bool(load_default=False, metadata={
        "description": "A light source: while one burns the party cannot surprise anyone."})


class CreateInput(JsonAnswer):
    """A new expedition."""

    name = name_field(records.EXPEDITION_NAME_MAX, required=True)
    mode = f.choice(records.MODES, MODE_WORDS, load_default="dungeon")
    supplies = f.bounded_int(0, records.AMOUNT_MAX, load_default=0)
    party = fields.List(fields.Nested(CharacterInput), load_default=list,
                        validate=validate.Length(0, records.PARTY_MAX))
    effects = fields.List(fields.Nested(EffectInput), load_default=list,
                          validate=validate.Length(0, records.EFFECTS_MAX))
    hunger_points = f.bounded_int(HUNGER_POINTS_MIN, HUNGER_POINTS_MAX,
                                  load_default=HUNGER_POINTS_MIN,
                                  label="Únava za den hladu (bod, nebo dva)", metadata={
        "description": "[Hlad a žízeň] the fatigue each day without food beyond the first "
                       "costs every member: \"bod (nebo dva)\"."})


def _allocation(**kwargs: Any) -> f.JsonDict:
    return f.JsonDict(keys=name_field(),
                      values=f.bounded_int(0, records.AMOUNT_MAX),
                      validate=validate.Length(0, records.PARTY_MAX), **kwargs)


def _names(**kwargs: Any) -> fields.List[Any]:
    return fields.List(name_field(), validate=validate.Length(0, records.PARTY_MAX),
                       load_default=list, **kwargs)


class AttackOptions(ENDPOINTS["attack"].input_schema):  # type: ignore[misc]
    """An attack's inputs in an expedition: the attacker's fatigue comes from the records, and
    the target's OČ unless given."""

    class Meta:
        exclude = ("fatigue",)
        unknown = RAISE

    ac = taken("attack", "ac", required=False, metadata={
        **ENDPOINTS["attack"].input_schema._declared_fields["ac"].metadata,
        "description": "The target's OČ; default: the party member's sheet (less their "
                       "fatigue) or the creature's stat block."})


class CreatureInput(Strict):
    """A creature of an encounter, or a group of alike ones named in one step."""

    name = name_field(required=True, metadata={
        "description": "Its name; a group of several is numbered (\"skřeti 1\" … \"skřeti "
                       "5\")."})
    side = name_field(metadata={"description": "Its side (default: the first side that is "
                                               "not the players')."})
    count = f.bounded_int(1, records.CREATURES_MAX, load_default=1, label="Počet")
    hp = f.bounded_int(1, records.AMOUNT_MAX, required=True, label="Životy (každého)")
    ac = f.bounded_int(records.OC_MIN, records.OC_MAX, label="OČ")
    morale = f.bounded_int(MORALE_MIN, MORALE_MAX, label="Morálka", metadata={
        "description": "Its side's morale check uses it."})


def _night(**kwargs: Any) -> dict[str, Any]:
    """The night watch's inputs of a rest and a day of travel."""
    return {
        "night_check": f.flag(load_default=True, label="Noční hlídka: hodit na setkání",
                              metadata={"description": "[Přenocování v divočině] one check a "
                                        "night with the wandering monsters' chance; false: "
                                        "none."}),
        "night_chance": f.bounded_int(1, WANDERING_MONSTERS.y, load_default=WANDERING_MONSTERS.x,
                                      label="Šance na noční setkání (x z 6)", metadata={
            "description": "x in 6 (default the wandering monsters' 1 in 6)."}),
    }


#: Each action's own inputs (besides version, hidden, seed and dice), by kind.
ACTION_FIELDS: dict[str, dict[str, Any]] = {
    "add-character": {
        key: copy.deepcopy(value) for key, value in CharacterInput._declared_fields.items()},
    "edit-character": {
        "character": name_field(required=True),
        **{key: f.bounded_int(*bounds, label=sheet_label(key))
           for key, bounds in SHEET_BOUNDS.items()}},
    "remove-character": {"character": name_field(required=True)},
    "add-effect": {
        key: copy.deepcopy(value) for key, value in EffectInput._declared_fields.items()},
    "remove-effect": {"name": name_field(required=True)},
    "supplies": {"change": f.bounded_int(-records.AMOUNT_MAX, records.AMOUNT_MAX, required=True,
                                         metadata={"description": "Added (+) or spent (−)."})},
    "mode": {"mode": f.choice(records.MODES, MODE_WORDS, required=True)},
    "damage": {"character": name_field(required=True),
               "amount": f.bounded_int(1, records.AMOUNT_MAX, required=True,
                                       label="Kolik životů ztrácí"),
               "destructive": f.flag(label="Destruktivní kouzlo nebo efekt", metadata={
                   "description": "[Zničení předmětů] a killing blow by a destructive spell or "
                                  "effect destroys the equipment."})},
    "heal": {"character": name_field(required=True), "nights": taken("healing", "nights"),
             "magic": taken("healing", "magic"),
             "safe": taken("healing", "safe", load_default=missing, metadata={
                 **ENDPOINTS["healing"].input_schema._declared_fields["safe"].metadata,
                 "description": "Nights in safety (default: only in civilization)."})},
    "fatigue": {"character": name_field(required=True), "reasons": taken("fatigue", "reasons"),
                "modifier": taken("fatigue", "modifier"),
                "magic": f.bounded_int(0, records.FATIGUE_MAX, load_default=0,
                                       label="Magie snímá stupňů únavy", metadata={
                    "description": "[Zbavení se únavy] levels lifted by magic."})},
    "death-save": {"character": name_field(required=True),
                   **{key: taken("death-save", key) for key in (
                       "body_destroyed", "poisoned", "healed", "give_up_skill_points")},
                   "destructive": f.flag(label="Smrt destruktivním kouzlem nebo efektem",
                                         metadata={"description": "[Zničení předmětů] the "
                                                   "equipment is destroyed."})},
    "shift": {"count": f.bounded_int(1, journey.SHIFTS_AT_ONCE_MAX, load_default=1,
                                     label="Směn", metadata={
                  "description": "Shifts at once (6: an hour), each with its checks; stops at "
                                 "the first wandering monster."}),
              "noise": f.Bool(load_default=False, metadata={
                  "description": "The party made a racket: a wandering-monster check now."})},
    "rest": {"hours": f.bounded_int(1, 24, metadata={
                 "description": "Dungeon or wilderness: 8–12 h (default 8)."}),
             "days": f.bounded_int(1, journey.DAYS_IN_TOWN_MAX, metadata={
                 "description": "Civilization: days in safety (default 1)."}),
             **{key: taken("camping", key) for key in ("bonuses", "covered", "pay")},
             "force": f.flag(label="PJ dovoluje odpočinek dřív", metadata={
                 "description": "Rest in a dungeon sooner than 8 h after the last rest: the "
                                "GM's decision, logged with the rule."}),
             "safe_building": f.flag(label="V bezpečném stavení", metadata={
                 "description": "[Zbavení se únavy] the night heals and sheds one level of "
                                "fatigue, as a day in civilization."}),
             **_night()},
    "travel-day": {
        **{key: taken("travel", key) for key in (
            "terrain", "road", "landmark", "forced_march", "activity", "activities")},
        **{key: taken("camping", key) for key in ("bonuses", "covered", "pay")},
        **_night()},
    "fast-travel": {"days": taken("fast-travel", "days"),
                    "allocation": _allocation(metadata={
                        "description": "The summary damage shared out now ({name: points}); "
                                       "else later by split-damage."}),
                    "alternative": _names(metadata={
                        "description": "Characters who take fatigue instead of dying."})},
    "split-damage": {"allocation": _allocation(required=True), "alternative": _names()},
    "encounter": {"sides": taken("encounter", "sides", load_default=missing, required=False,
                                 allow_none=True),
                  "players": taken("encounter", "players"),
                  "light": taken("encounter", "light", metadata={
                      "description": "Other sides carrying light (the party's side carries it "
                                     "while one of its lights burns)."}),
                  "reaction_modifier": taken("encounter", "reaction_modifier"),
                  "creatures": fields.List(fields.Nested(CreatureInput), load_default=list,
                                           validate=validate.Length(0, records.CREATURES_MAX),
                                           metadata={"description": "The other sides' "
                                                     "creatures, with hit points, OČ and "
                                                     "morale."})},
    "reveal": {},
    "round": {},
    "noise": {},
    "encounter-end": {"rounds": f.bounded_int(0, combat.ROUNDS_MAX, metadata={
        "description": "Rounds the encounter took (default: the rounds counted)."})},
    "attack": {"attack": fields.Nested(AttackOptions, required=True, metadata={
                   "description": "The attack's inputs; the attacker's fatigue comes from the "
                                  "records when the attacker is of the party."}),
               "attacker": name_field(), "target": name_field(metadata={
                   "description": "A member of the party: the damage is written to their hit "
                                  "points."})},
    "morale": {"group": name_field(required=True), "morale": taken("morale", "morale",
                                                                    required=False, metadata={
        **ENDPOINTS["morale"].input_schema._declared_fields["morale"].metadata,
        "description": "Default: the morale of the group's creatures."})},
    "persistent-damage": {"target": name_field(required=True, metadata={
                              "description": "A member of the party or a creature of the "
                                             "encounter."}),
                          "damage": taken("persistent-damage", "damage"),
                          "rounds": taken("persistent-damage", "rounds", required=False,
                                          load_default=1)},
    "saving-throw": {"character": name_field(required=True),
                     "target": taken("saving-throw", "target", required=False, metadata={
                         **ENDPOINTS["saving-throw"].input_schema._declared_fields[
                             "target"].metadata,
                         "description": "Default: the save on the character's sheet."}),
                     **{key: taken("saving-throw", key) for key in (
                         "against", "modifier", "bonus", "advantage", "disadvantage")}},
    "magic-items": {"character": name_field(required=True),
                    "items": taken("magic-items", "items"),
                    "target": taken("magic-items", "target", required=False, metadata={
                        **ENDPOINTS["magic-items"].input_schema._declared_fields[
                            "target"].metadata,
                        "description": "Default: the save on the owner's sheet."}),
                    **{key: taken("magic-items", key) for key in ("modifier", "bonus")}},
    "skill-check": {"character": name_field(required=True),
                    **{key: taken("skill-check", key) for key in (
                        "modifier", "dc", "difficulty", "bonus", "advantage", "disadvantage",
                        "untrained")}},
}


def action_schema(kind: str, rolls: bool) -> type[Schema]:
    """The input schema of the action ``kind``."""
    base = RollingBase if rolls else ActionBase
    name = "".join(part.title() for part in kind.split("-"))
    schema = type(f"Expedition{name}Input", (base,), {
        **{key: copy.deepcopy(value) for key, value in ACTION_FIELDS[kind].items()},
        "Meta": type("Meta", (), {"unknown": RAISE}),
    })
    return schema


class UndoInput(ActionBase):
    """Undo the last action still in effect."""


class RedoInput(ActionBase):
    """Redo what the newest undo took back."""


class ReadQuery(JsonAnswer):
    """What a read asks for."""

    entries = f.bounded_int(0, PAGE_MAX, load_default=20, metadata={
        "description": "How many of the newest log entries come with the state."})


class LogQuery(Strict):
    """A page of the log, newest first."""

    lang = f.choice(LANGUAGES)
    before = f.bounded_int(1, 10**9, metadata={"description": "Entries below this seq."})
    limit = f.bounded_int(1, PAGE_MAX, load_default=50)


class TokenQuery(Strict):
    """Nothing but the language."""

    lang = f.choice(LANGUAGES)


# --- answers ----------------------------------------------------------------------------------


class OfferSchema(Schema):
    """What the result calls for next, as an action with its inputs filled in (GM only)."""

    action = fields.String(required=True)
    input = fields.Dict(required=True)
    missing = fields.List(fields.String(), required=True, metadata={
        "description": "The inputs the action still needs; with them it answers 200."})


class StepSchema(Schema):
    """A procedure an entry ran, and where its dice came from."""

    procedure = fields.String(required=True)
    origin = fields.String(required=True, validate=validate.OneOf(("drawn", "seed", "dice")),
                           metadata={"description": "drawn: by the server under the epoch's "
                                     "key (verifiable once it is revealed); seed: given by the "
                                     "client (replayable); dice: the table's physical dice."})
    seed = fields.Integer(required=True, allow_none=True)
    dice = fields.List(fields.Integer(), required=True, allow_none=True)


class CommitmentSchema(Schema):
    """An epoch's commitment: the SHA-256 of its secret key, from the entry ``from_seq`` on."""

    epoch = fields.Integer(required=True)
    sha256 = fields.String(required=True)
    from_seq = fields.Integer(required=True)


class HeadSchema(Schema):
    """The newest entry of the chain."""

    seq = fields.Integer(required=True)
    hash = fields.String(required=True)


class EntrySchema(Schema):
    """One entry of the log."""

    seq = fields.Integer(required=True, metadata={"description": "1, 2, 3…: the log's order."})
    kind = fields.String(required=True, metadata={
        "description": "The action (`hidden` for a secret roll on the players' link)."})
    title = fields.String(required=True)
    input = fields.Dict(required=True, metadata={"description": "The action's own inputs."})
    at = fields.DateTime(required=True)
    hidden = fields.Boolean(required=True)
    text = fields.String(required=True)
    events = fields.List(fields.String(), required=True, metadata={
        "description": "What followed: a torch going out, a wandering monster, fatigue…"})
    answers = fields.List(fields.Dict(), required=True, metadata={
        "description": "Each procedure the action ran: its full answer, the same body its own "
                       "endpoint gives (replay it with its `input` and `seed`)."})
    offers = fields.List(fields.Nested(OfferSchema), required=True)
    seed = fields.Integer(required=True, allow_none=True)
    dice = fields.List(fields.Integer(), required=True, allow_none=True)
    undoes = fields.Integer(required=True, allow_none=True)
    epoch = fields.Integer(required=True, metadata={
        "description": "The epoch of keys the entry was written in."})
    steps = fields.List(fields.Nested(StepSchema), required=True)
    hash = fields.String(required=True, metadata={
        "description": "SHA-256 (hex) of the previous entry's hash (the first's: the chain id), "
                       "a newline and this entry's public form (the players' Czech reading "
                       "without `hash`) in RFC 8785 canonical JSON."})
    commitment = fields.Nested(CommitmentSchema, metadata={
        "description": "The start and each `reveal-key`: the (next) epoch's commitment."})
    revealed = fields.Dict(metadata={
        "description": "`reveal-key`: {epoch, key}: the ended epoch's key, hex."})
    reveals = fields.Dict(metadata={
        "description": "`reveal-entry`: {seq, nonce, entry}: a hidden entry's nonce and full "
                       "form."})
    sealed = fields.String(metadata={
        "description": "A hidden entry: SHA-256 (hex) of its nonce, a newline and its full "
                       "form in RFC 8785, until `reveal-entry` publishes them."})


class CharacterSchema(Schema):
    """A member of the party."""

    name = fields.String(required=True)
    hp = fields.Integer(required=True)
    max_hp = fields.Integer(required=True)
    fatigue = fields.Integer(required=True)
    status = fields.String(required=True, validate=validate.OneOf(records.STATUSES))
    status_text = fields.String(required=True)
    unconscious_shifts = fields.Integer(required=True)
    movement = fields.Integer(required=True)
    save = fields.Integer(required=True, allow_none=True)
    died_at = fields.Integer(required=True, allow_none=True)
    deaths = fields.Integer(required=True)
    healed_to_max_since = fields.Boolean(required=True)
    beyond_rescue = fields.Boolean(required=True)
    ac = fields.Integer(required=True, allow_none=True, metadata={"description": "OČ."})
    fatigue_save_due = fields.Boolean(required=True, metadata={
        "description": "A save against death its fatigue calls for is still to be rolled."})


class EffectSchema(Schema):
    """A light or effect still running."""

    name = fields.String(required=True)
    shifts_left = fields.Integer(required=True)
    light = fields.Boolean(required=True)
    left_text = fields.String(required=True)


class ComingSchema(Schema):
    """One thing the rules will do if the party goes on (rpg/expedition/ahead.py)."""

    kind = fields.String(required=True, validate=validate.OneOf(
        ("check", "rest", "sleepless", "hungry", "effect")), metadata={
        "description": "check: the next wandering-monster check; rest: a rest allowed; "
                       "sleepless / hungry: a fatigue for a day without rest / food; effect: "
                       "an effect or a light ends."})
    at = fields.Integer(required=True, metadata={"description": "The shift of the clock."})
    in_ = fields.Integer(required=True, data_key="in", metadata={
        "description": "Shifts from now."})
    name = fields.String(required=True, allow_none=True, metadata={
        "description": "The effect's name (effect only)."})
    light = fields.Boolean(required=True)
    warn = fields.Boolean(required=True, metadata={
        "description": "It falls within the next shift."})
    text = fields.String(required=True)


class StateSchema(Schema):
    """The records (the players' link sees no morale tally)."""

    name = fields.String(required=True)
    mode = fields.String(required=True, validate=validate.OneOf(records.MODES))
    mode_text = fields.String(required=True)
    clock = fields.Integer(required=True, metadata={"description": "Shifts since setting out."})
    clock_text = fields.String(required=True)
    party = fields.List(fields.Nested(CharacterSchema), required=True)
    supplies = fields.Integer(required=True)
    effects = fields.List(fields.Nested(EffectSchema), required=True)
    morale = fields.Dict(keys=fields.String(), values=fields.Integer(), metadata={
        "description": "Successful morale checks of each group in this encounter (GM only)."})
    encounter = fields.Dict(required=True, allow_none=True, metadata={
        "description": "sides, players, rounds, creatures (name, side, hp, max_hp, ac, morale, "
                       "status), routed (groups that fled or surrendered), hidden; null when "
                       "none runs, or on the players' link while the GM keeps it hidden."})
    dark = fields.Boolean(required=True, metadata={
        "description": "[Tma] in a dungeon with no light burning."})
    dungeon_turn = fields.Integer(required=True)
    last_check_turn = fields.Integer(required=True, allow_none=True)
    last_rest_at = fields.Integer(required=True, metadata={
        "description": "The shift (of the clock) the last rest ended."})
    hours_since_rest = fields.Float(required=True)
    since_rest_text = fields.String(required=True, metadata={
        "description": "The time since the last rest in hours and minutes (\"7 h 50 min\")."})
    no_rest_paid_at = fields.Integer(required=True, allow_none=True)
    pending_damage = fields.Integer(required=True)
    fed_at = fields.Integer(required=True, metadata={
        "description": "The shift the party last ate ([Hlad a žízeň])."})
    hungry_days = fields.Integer(required=True, metadata={
        "description": "Days of hunger taken since."})
    hunger_points = fields.Integer(required=True)
    ahead = fields.List(fields.Nested(ComingSchema), required=True, metadata={
        "description": "What the rules do next by the clock, soonest first (the players' "
                       "link: only the effects' and lights' ends)."})


class ExpeditionSchema(Schema):
    """An expedition as a link opens it."""

    id = fields.String(required=True)
    role = fields.String(required=True, validate=validate.OneOf(("gm", "players", "character")))
    character = fields.String(required=True, allow_none=True, metadata={
        "description": "A character's link: its character (it rolls for that one only)."})
    version = fields.Integer(required=True)
    state = fields.Nested(StateSchema, required=True)
    log = fields.List(fields.Nested(EntrySchema), required=True, metadata={
        "description": "The newest entries, newest first."})
    undone = fields.List(fields.Integer(), required=True, metadata={
        "description": "Which entries of `log` were taken back since (an entry never changes)."})
    log_size = fields.Integer(required=True)
    commitment = fields.Nested(CommitmentSchema, required=True, metadata={
        "description": "The current epoch's commitment to its secret key."})
    head = fields.Nested(HeadSchema, required=True, metadata={
        "description": "The newest entry of the log's hash chain."})


class LinksSchema(Schema):
    """The two links: the GM's acts, the players' reads. Tokens go in the Authorization header
    (Bearer) of API requests; the site's pages keep them in the URL fragment."""

    gm = fields.String(required=True)
    players = fields.String(required=True)
    gm_token = fields.String(required=True)
    players_token = fields.String(required=True)


class CreatedSchema(ExpeditionSchema):
    """A new expedition, with its links (shown once)."""

    links = fields.Nested(LinksSchema, required=True)


class ActedSchema(Schema):
    """An action done: its entry (with every procedure's full answer) and the new state."""

    id = fields.String(required=True)
    version = fields.Integer(required=True)
    entry = fields.Nested(EntrySchema, required=True)
    state = fields.Nested(StateSchema, required=True)
    commitment = fields.Nested(CommitmentSchema, required=True)
    head = fields.Nested(HeadSchema, required=True)


class LogSchema(Schema):
    """A page of the log."""

    entries = fields.List(fields.Nested(EntrySchema), required=True)
    undone = fields.List(fields.Integer(), required=True, metadata={
        "description": "Which of `entries` were taken back since."})
    log_size = fields.Integer(required=True)
    next_before = fields.Integer(required=True, allow_none=True, metadata={
        "description": "Ask with before=<this> for the next (older) page; null at the start."})


class PlayersLinkSchema(Schema):
    """The players' link."""

    players = fields.String(required=True)
    players_token = fields.String(required=True)

