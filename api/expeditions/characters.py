"""Players who roll their own: a link per character, its rolls, and the GM applying one.

The GM issues a link for one character of the party (its token shown once, stored as its
SHA-256, revocable at once). With it a player reads what the players' link reads and rolls, for
that character only, what a player rolls at the table: ``skill-check``, ``saving-throw``,
``attack``, ``death-save``, ``roll``, with the character's records filled in as the GM's action
fills them. Such a roll is an entry of kind ``player-roll`` under the character's name (its seeds
drawn under the epoch's key, or the player's physical dice), in the chain like any other, never
hidden; it changes no records. The GM's ``apply`` (one action, citing the roll's entry) does the
same action again with the roll's own dice on the records as they are now: its result must be
the roll's (else the records changed meanwhile, and the GM asks for a new roll), and it applies
once.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from flask import Response
from flask.views import MethodView
from marshmallow import RAISE, Schema, fields

from api import fields as f
from api.apierror import abort_api
from api.expeditions import schemas
from api.expeditions.chain import Spot
from api.expeditions.models import CharacterLinkRow
from api.expeditions.render import context, written
from api.expeditions.store import MAX_ENTRIES, Written, iso
from api.expeditions.views import (
    BEARER,
    WRITE_NOTE,
    answered,
    bearer,
    blp,
    json_response,
    store,
    write,
)
from api.procedures import ENDPOINTS
from rpg.core.catalog import Message, messages, msg
from rpg.core.text import LANGUAGES, Text
from rpg.expedition.actions import Applied, act
from rpg.expedition.dice import PhysicalDice
from rpg.expedition.kernel import Context
from rpg.expedition.state import state_from_json

#: What a player rolls at the table for their character, and the input naming the character.
PLAYER_ROLLS = {"skill-check": "character", "saving-throw": "character",
                "attack": "attacker", "death-save": "character", "roll": None}
#: Character links one expedition may have in force at once.
LINKS_MAX = 40

MESSAGES = messages({
    "expedition.player-roll.title": Text("Hod hráče: postava {character}",
                                         "Player's roll: {character}"),
    "expedition.apply.title": Text("Hod hráče zapsán", "Player's roll applied"),
    "expedition.roll.title": Text("Hod kostkami", "Dice roll"),
    "expedition.apply.text": Text("PJ zapisuje hod hráče (záznam č. {seq}): {said}",
                                  "The GM applies the player's roll (entry {seq}): {said}"),
    "expedition.apply.not-a-roll": Text("Záznam č. {seq}: tohle není hod hráče.",
                                        "Entry {seq}: this is no player's roll."),
    "expedition.apply.again": Text("Hod hráče č. {seq}: ten už je zapsaný.",
                                   "Player's roll no. {seq}: applied already."),
    "expedition.apply.changed": Text(
        "Hod hráče č. {seq}: záznamy se od hodu změnily a stejné kostky teď dávají jiný "
        "výsledek. Požádej hráče o nový hod.",
        "Player's roll no. {seq}: the records changed since, and the same dice now give another "
        "result. Ask the player to roll again."),
    "expedition.character-link.unknown": Text("Ve výpravě není postava {character}.",
                                              "No character {character} in the expedition."),
    "expedition.character-link.too-many": Text(
        "Výprava má nejvýše {high} {high:odkaz|odkazy|odkazů} postav: nějaký zruš.",
        "An expedition has at most {high} {high:link|links} for characters: revoke one."),
})


class CharacterLinkInput(schemas.AnswerFormat):
    """A link for one character of the party."""

    character = schemas.name_field(required=True)


class CharacterLinkSchema(Schema):
    """A character's link (its token only when it is issued)."""

    id = fields.Integer(required=True)
    character = fields.String(required=True)
    created_at = fields.DateTime(required=True)
    token = fields.String(metadata={"description": "Shown once, when the link is issued."})


class CharacterLinksSchema(Schema):
    """The character links in force."""

    links = fields.List(fields.Nested(CharacterLinkSchema), required=True)


class ApplyInput(schemas.ActionBase):
    """Apply a player's roll to the records."""

    entry = f.bounded_int(1, MAX_ENTRIES, required=True, metadata={
        "description": "The seq of the `player-roll` entry."})


def roll_schema(kind: str) -> type[Schema]:
    """What a character's link sends to roll ``kind``: the GM's action's inputs without the
    character (its link's), the version, a seed or hiding; the player's dice allowed."""
    if kind == "roll":
        base: type[Schema] = ENDPOINTS["roll"].input_schema
        dropped: tuple[str, ...] = ()
    else:
        base = schemas.action_schema(kind, True)
        dropped = ("version", "hidden", "seed", "format", "lang", PLAYER_ROLLS[kind] or "")
    declared = {name: field for name, field in base._declared_fields.items()
                if name not in dropped}
    dice = schemas.RollingBase._declared_fields["dice"]
    return Schema.from_dict({**declared, "dice": dice}, name=f"PlayerRoll{kind.title()}")


def _link_json(link: CharacterLinkRow, token: str | None = None) -> dict[str, Any]:
    shown = {"id": link.id, "character": link.character, "created_at": iso(link.created_at)}
    return {**shown, "token": token} if token is not None else shown


def _rolled(state: dict[str, Any], kind: str, character: str, args: dict[str, Any],
            ctx: Context) -> Applied:
    """The roll ``kind`` for ``character`` with ``args``, on the records ``state``."""
    if kind == "roll":
        step = ctx.run("roll", **args)
        ctx.dice.finish()
        return Applied("roll", state_from_json(state), (step,),
                       cast(Message, step.outcome.text), (), ())
    field = PLAYER_ROLLS[kind]
    named: dict[str, Any] = {**args, field: character} if field else dict(args)
    return act(state_from_json(state), kind, named, ctx)


def roll_written(state: dict[str, Any], character: str, inputs: dict[str, Any],
                 ctx: Context) -> Written:
    """The entry of ``character``'s roll (``inputs``: its action and that action's inputs)
    rolled with ``ctx``: its steps and words; the records stay as they were."""
    kind = inputs["action"]
    args = roll_schema(kind)().load(
        {name: value for name, value in inputs.items() if name != "action"})
    args.pop("dice", None)
    applied = _rolled(state, kind, character, args, ctx)
    dice = ctx.dice.table.values if isinstance(ctx.dice, PhysicalDice) else None
    done = written(applied, {"action": kind, **args}, ctx.dice.origin,
                   dice=None if dice is None else list(dice))
    said = {lang: {**done.said[lang], "title": msg("expedition.player-roll.title",
                                                    character=character).in_(lang)}
            for lang in LANGUAGES}
    return Written("player-roll", state, done.inputs, said, done.steps, [], dice=done.dice,
                   extra={"character": character})


def player_roll(state: dict[str, Any], spot: Spot, kind: str, args: dict[str, Any]) -> Written:
    """A character's roll through its link: drawn seeds, or the player's dice."""
    assert spot.by is not None
    ctx = context(None, args.get("dice"), spot)
    return roll_written(state, spot.by, {"action": kind, **args}, ctx)


def applied_written(state: dict[str, Any], seq: int, roll: Mapping[str, Any]) -> Written:
    """The GM's entry applying the player's roll ``seq`` (``roll``: its inputs, character,
    steps, dice and Czech answers): its action again, with the dice it rolled (as the
    table's: the roll's entry proves them), on ``state``; refused when that gives another
    result than the roll's."""
    inputs = roll["inputs"]
    kind = inputs["action"]
    args = roll_schema(kind)().load(
        {name: value for name, value in inputs.items() if name != "action"})
    args.pop("dice", None)
    # The roll's own dice, as the table's: whether they were fair is the roll's entry to prove.
    dice = [die for answer in roll["answers"] for rolled in answer["rolls"]
            for die in rolled["results"]]
    ctx = context(None, dice, None)
    applied = _rolled(state, kind, roll["character"], args, ctx)
    done = written(applied, {"entry": seq}, ctx.dice.origin, dice=dice)
    if [_dice_and_result(a) for a in roll["answers"]] != [
            _dice_and_result(a) for a in done.said["cs"]["answers"]]:
        abort_api(422, msg("expedition.apply.changed", seq=seq), field="entry")
    said = {lang: {**done.said[lang], "title": msg("expedition.apply.title").in_(lang),
                   "text": msg("expedition.apply.text", seq=seq,
                               said=done.said[lang]["text"]).in_(lang)}
            for lang in LANGUAGES}
    return Written("apply", done.state, done.inputs, said, done.steps, done.offers, dice=dice)


def apply_roll(state: dict[str, Any], spot: Spot, seq: int) -> Written:
    """The GM's ``apply`` of the player's roll ``seq`` (once)."""
    roll = spot.cite(seq) if seq < spot.seq else None
    if roll is None or roll.kind != "player-roll":
        abort_api(422, msg("expedition.apply.not-a-roll", seq=seq), field="entry")
    if seq in spot.cited("apply"):
        abort_api(422, msg("expedition.apply.again", seq=seq), field="entry")
    return applied_written(state, seq, {
        "inputs": roll.inputs, "character": roll.public_form["character"], "steps": roll.steps,
        "dice": roll.dice, "answers": roll.said["cs"]["answers"]})


def _dice_and_result(answer: Mapping[str, Any]) -> Any:
    """What must agree between a roll and its application: each step's dice and result."""
    return ([die for roll in answer["rolls"] for die in roll["results"]], answer["result"])


@blp.route("/<public_id>/character-links")
class CharacterLinks(MethodView):
    """The players' links to their characters (the GM's link)."""

    @blp.arguments(schemas.TokenQuery, location="query", unknown=RAISE)
    @blp.response(200, CharacterLinksSchema)
    @blp.doc(security=BEARER, operationId="expeditionCharacterLinks",
             summary="The character links in force (GM only)")
    def get(self, _query: dict[str, Any], public_id: str) -> Response:
        with answered():
            found = store().character_links(public_id, bearer())
        return json_response({"links": [_link_json(link) for link in found]})

    @blp.arguments(CharacterLinkInput, location="json")
    @blp.response(201, CharacterLinkSchema)
    @blp.doc(security=BEARER, operationId="issueExpeditionCharacterLink",
             summary="Issue a link for one character (GM only)",
             description="Its token is shown once (stored hashed). With it a player reads what "
                         "the players' link reads and rolls skill-check, saving-throw, attack, "
                         "death-save and roll for that character only.")
    def post(self, args: dict[str, Any], public_id: str) -> Response:
        name = args["character"]

        def character(state: dict[str, Any]) -> str:
            if name not in {member["name"] for member in state["party"]}:
                abort_api(422, msg("expedition.character-link.unknown", character=name),
                          field="character")
            return str(name)

        with answered():
            if len(store().character_links(public_id, bearer())) >= LINKS_MAX:
                abort_api(422, msg("expedition.character-link.too-many", high=LINKS_MAX))
            link, token = store().issue_character_link(public_id, bearer(), character)
        response = json_response(_link_json(link, token))
        response.status_code = 201
        return response


@blp.route("/<public_id>/character-links/<int:link_id>")
class CharacterLink(MethodView):
    """Revoke one character link (the GM's link)."""

    @blp.response(204)
    @blp.doc(security=BEARER, operationId="revokeExpeditionCharacterLink",
             summary="Revoke a character link (GM only)",
             description="It opens nothing from this moment on.")
    def delete(self, public_id: str, link_id: int) -> Response:
        with answered():
            revoked = store().revoke_character_link(public_id, bearer(), link_id)
        if not revoked:
            abort_api(404, msg("expedition.api.not-found"))
        return Response(status=204)


def _register_roll(kind: str) -> None:
    schema = roll_schema(kind)
    name = "".join(part.title() for part in kind.split("-"))

    class RollView(MethodView):
        @blp.arguments(schema, location="json")
        @blp.response(200, schemas.ActedSchema)
        @blp.doc(security=BEARER, operationId=f"characterRoll{name}",
                 summary=f"A character's roll: {kind} (the character's link)",
                 description="Rolls for the link's character with its records filled in; an "
                             "entry of kind player-roll that changes no records until the GM "
                             "applies it. Its seeds are drawn under the epoch's key, or `dice` "
                             "are the player's own." + WRITE_NOTE)
        def post(self, args: dict[str, Any], public_id: str) -> Response:
            return write(public_id, None, lambda state, spot: player_roll(state, spot, kind,
                                                                          args),
                         "json", "character")

    RollView.__name__ = f"CharacterRoll{name}View"
    blp.route(f"/<public_id>/character/{kind}", endpoint=f"character-{kind}")(RollView)


for _kind in PLAYER_ROLLS:
    _register_roll(_kind)


@blp.route("/<public_id>/apply")
class Apply(MethodView):
    """Apply a player's roll (the GM's link)."""

    @blp.arguments(ApplyInput, location="json")
    @blp.response(200, schemas.ActedSchema)
    @blp.doc(security=BEARER, operationId="applyExpeditionRoll",
             summary="Apply a player's roll to the records",
             description="Does the roll's action again with the roll's own dice on the records "
                         "as they are now (a 422 if that gives another result: the records "
                         "changed since); once per roll." + WRITE_NOTE)
    def post(self, args: dict[str, Any], public_id: str) -> Response:
        return write(public_id, args["version"],
                     lambda state, spot: apply_roll(state, spot, args["entry"]),
                     args.get("format"))

