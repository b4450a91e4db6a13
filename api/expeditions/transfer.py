"""Export and import: a GM's backup, and a way to move an expedition to another server.

The export is the log as its actions (kind, inputs, hidden, seed or dice, time, the entry an undo
or a redo reverts) with the final state and version. An import replays those actions through the
engine and the same validation as live ones, so nothing enters the database that an action could
not have written, every answer is the engine's own, and the replayed state must equal the
exported one (the seeds' promise: the same inputs and seed give the same result within a major
version); otherwise the import is refused, naming the first entry that differs. The imported
expedition gets new links; the old server's links open nothing there.

An import is bounded by what it costs, not only by its size: its replay rolls at most
``RPG_EXPEDITION_IMPORT_DICE`` dice (20 000; past them a 422 naming the entry, the replay stopped
there) and takes at most ``RPG_EXPEDITION_IMPORT_SECONDS`` (20; past them a 503), and it is
charged to its client's rate-limit budget by its weight: besides the request's own unit, one
unit per 100 entries (before the replay) and one per 1 000 dice rolled (charged as they are
rolled, a 429 when the budget has no room). Between two
entries the replay yields to the worker's other requests, so an import holds a worker no longer
at a stretch than one action does.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, NoReturn

from flask import Response, current_app
from flask.views import MethodView
from marshmallow import RAISE, Schema, ValidationError, fields, validate

from api import fields as f
from api.apierror import abort_api
from api.expeditions import schemas
from api.expeditions.models import EntryRow, ExpeditionRow
from api.expeditions.render import context, iso, redo_written, undo_written, written
from api.expeditions.store import MAX_ENTRIES, Written, redo_stack
from api.expeditions.views import (
    BEARER,
    answered,
    bearer,
    blp,
    created,
    creation,
    idempotency_key,
    json_response,
    store,
)
from api.greenlets import Pacer
from api.limits import charge_weight
from rpg.core.catalog import messages, msg
from rpg.core.text import Text
from rpg.expedition import state as records
from rpg.expedition.actions import Applied, act, actions
from rpg.expedition.state import State, state_from_json
from rpg.expedition.state import state_json as engine_state_json

FORMAT = "rpg-companion/expedition"
FORMAT_VERSION = 1

MESSAGES = messages({
    "expedition.import.order": Text(
        "Záznam č. {index}: pořadí {seq}, čekáno {expected}; export je poškozený.",
        "Entry no. {index}: seq {seq}, {expected} expected; the export is damaged."),
    "expedition.import.start": Text("Export musí začínat záznamem 'start'.",
                                    "An export must begin with a 'start' entry."),
    "expedition.import.unknown": Text("Záznam {seq}: neznámá akce '{kind}'.",
                                      "Entry {seq}: unknown action '{kind}'."),
    "expedition.import.undo": Text("Záznam {seq}: vrací záznam {reverted}, který nelze vrátit.",
                                   "Entry {seq}: it reverts entry {reverted}, which cannot be "
                                   "reverted."),
    "expedition.import.redo": Text(
        "Záznam {seq}: bere zpět záznam {reverted}, který nelze zopakovat.",
        "Entry {seq}: it takes back entry {reverted}, which cannot be redone."),
    "expedition.import.differs": Text(
        "Přehrání exportu dává jiný stav než export: export je z jiné verze pravidel, nebo byl "
        "upraven.",
        "Replaying the export gives another state than the export's: it comes from another "
        "version of the rules, or was edited."),
    "expedition.import.format": Text("Tohle není export výpravy (format '{format}').",
                                     "This is no expedition export (format '{format}')."),
    "expedition.import.dice": Text(
        "Přehrání exportu by hodilo víc než {high} {high:kostku|kostky|kostek} (záznam "
        "{seq}): tak velký import tento server nepřijímá.",
        "Replaying the export would roll more than {high} {high:die|dice} (at entry {seq}): "
        "this server takes no import that large."),
    "expedition.import.slow": Text(
        "Import se nestihl přehrát do {seconds} s: server je vytížený, zkus to později.",
        "The import could not be replayed within {seconds} s: the server is busy, try again "
        "later."),
})

#: Entries of an export, and dice of its replay, that cost one unit of the rate limit's budget
#: (a light action rolls a die or a few and costs a unit: an import is charged far less for its
#: entries than the actions were, but each thousand dice cost one).
ENTRIES_PER_UNIT = 100
DICE_PER_UNIT = 1000


@dataclass
class ImportCost:
    """What one import's replay may cost, and what it has cost so far."""

    dice: int  #: most dice the replay may roll
    seconds: float  #: most time it may take
    started: float = field(default_factory=time.monotonic)
    pause: Pacer = field(default_factory=Pacer)
    rolled: int = 0
    charged: int = 0  #: units charged for dice so far

    @classmethod
    def of_app(cls) -> ImportCost:
        """The app's bounds (``EXPEDITION_IMPORT_DICE``, ``EXPEDITION_IMPORT_SECONDS``)."""
        config = current_app.config
        return cls(int(config["EXPEDITION_IMPORT_DICE"]),
                   float(config["EXPEDITION_IMPORT_SECONDS"]))

    def entries(self, count: int) -> None:
        """Charge an export of ``count`` entries before its replay."""
        charge_weight(count // ENTRIES_PER_UNIT)

    def spent(self, rolled: int, seq: int) -> None:
        """After each entry: count its dice, charge them, stop past a bound, let others run."""
        self.rolled += rolled
        if self.rolled > self.dice:
            _refuse(msg("expedition.import.dice", high=self.dice, seq=seq))
        if time.monotonic() - self.started > self.seconds:
            abort_api(503, msg("expedition.import.slow", seconds=self.seconds),
                      headers=[("Retry-After", "30")])
        due = self.rolled // DICE_PER_UNIT
        if due > self.charged:
            charge_weight(due - self.charged)
            self.charged = due
        self.pause()  # under gevent: the worker's other requests run before the next entry


class ExportedEntry(Schema):
    """One entry of an export: what replays it."""

    class Meta:
        unknown = RAISE

    seq = f.bounded_int(1, MAX_ENTRIES, required=True)
    kind = fields.String(required=True, validate=validate.Length(1, 32))
    at = fields.AwareDateTime(required=True)
    hidden = f.Bool(load_default=False)
    input = fields.Dict(required=True)
    seed = f.bounded_int(0, 2**63 - 1, allow_none=True, load_default=None)
    dice = fields.List(f.bounded_int(1, 1000), allow_none=True, load_default=None,
                       validate=validate.Length(0, 200))
    undoes = f.bounded_int(1, MAX_ENTRIES, allow_none=True, load_default=None)


class ExportSchema(Schema):
    """An expedition exported: its actions, final state and version."""

    class Meta:
        unknown = RAISE

    format = fields.String(required=True)
    format_version = fields.Integer(required=True, validate=validate.Equal(FORMAT_VERSION))
    id = fields.String(validate=validate.Length(0, 32))
    name = schemas.name_field(records.EXPEDITION_NAME_MAX, required=True)
    created_at = fields.AwareDateTime(required=True)
    version = f.bounded_int(1, MAX_ENTRIES, required=True)
    state = fields.Dict(required=True)
    log = fields.List(fields.Nested(ExportedEntry), required=True,
                      validate=validate.Length(1, MAX_ENTRIES))


def export_document(row: ExpeditionRow, log: list[EntryRow]) -> dict[str, Any]:
    """The export of ``row`` with its whole ``log``."""
    return {
        "format": FORMAT, "format_version": FORMAT_VERSION, "id": row.public_id,
        "name": row.name, "created_at": iso(row.created_at), "version": row.version,
        "state": row.state,
        "log": [{"seq": e.seq, "kind": e.kind, "at": iso(e.at), "hidden": e.hidden,
                 "input": e.inputs, "seed": e.seed, "dice": e.dice, "undoes": e.reverts}
                for e in log],
    }


def _refuse(message: Any, field: str = "log") -> NoReturn:
    abort_api(422, message, field=field)


def replay(document: dict[str, Any]) -> tuple[Written, list[tuple[Written, int | None]]]:
    """The export's actions replayed: the start, then each entry with the entry it reverts.

    Two passes: every action is done again first (what the records become, the dice rolled:
    the bounds are checked there, entry by entry), and only once the replay gives the exported
    state are the entries written (their words in both languages, most of what an entry costs),
    so an import refused for its dice or its state costs the least it can."""
    if document["format"] != FORMAT:
        _refuse(msg("expedition.import.format", format=document["format"][:40]), "format")
    log = document["log"]
    for index, entry in enumerate(log, start=1):
        if entry["seq"] != index:
            _refuse(msg("expedition.import.order", index=index, seq=entry["seq"],
                        expected=index))
    if log[0]["kind"] != "start":
        _refuse(msg("expedition.import.start"))
    cost = ImportCost.of_app()
    cost.entries(len(log))
    started = _replayed(log[0], State(name=document["name"]))
    replayed: list[tuple[Replayed | Written, int | None]] = []
    # seq → (state before, state after)
    states: dict[int, tuple[dict[str, Any] | None, dict[str, Any]]] = {1: (None, started.state)}
    previous: dict[int, int | None] = {1: None}
    last: int | None = None
    undos: list[int] = []  # what a redo may take back (the store's redo_stack)
    state = started.state
    for entry in log[1:]:
        seq = entry["seq"]
        if entry["kind"] in ("undo", "redo"):
            reverted = entry["undoes"]
            if entry["kind"] == "undo":
                if reverted is None or reverted != last:
                    _refuse(msg("expedition.import.undo", seq=seq, reverted=reverted or 0))
                before = states[reverted][0]
                assert before is not None
                meta = _stamped(_undo(reverted, before, log), entry)
                last = previous[reverted]
            else:
                if not undos or reverted != undos[-1]:
                    _refuse(msg("expedition.import.redo", seq=seq, reverted=reverted or 0))
                last = log[reverted - 1]["undoes"]
                meta = _stamped(redo_written(_cited(last, log), states[last][1]), entry)
            redo_stack(undos, entry["kind"], seq)
            replayed.append((meta, reverted))
            states[seq] = (state, meta.state)
            state = meta.state
            continue
        if entry["kind"] not in actions() or entry["kind"] == "start":
            _refuse(msg("expedition.import.unknown", seq=seq, kind=entry["kind"][:32]))
        done = _replayed(entry, state_from_json(state))
        cost.spent(done.rolled, seq)
        replayed.append((done, None))
        redo_stack(undos, entry["kind"], seq)
        previous[seq] = last
        last = seq
        states[seq] = (state, done.state)
        state = done.state
    if state != document["state"] or 1 + len(replayed) != document["version"]:
        _refuse(msg("expedition.import.differs"), "state")
    entries: list[tuple[Written, int | None]] = []
    for item, target in replayed:
        entries.append((item.written() if isinstance(item, Replayed) else item, target))
        cost.pause()
    return started.written(), entries


def _stamped(done: Written, entry: dict[str, Any]) -> Written:
    return Written(done.kind, done.state, done.inputs, done.said, done.steps, done.offers,
                   done.hidden, done.seed, done.dice, entry["at"])


@dataclass(frozen=True)
class Replayed:
    """An exported action done again, its entry not written yet (:func:`replay`)."""

    entry: dict[str, Any]
    applied: Applied
    args: dict[str, Any]
    seed: int | None
    state: dict[str, Any]  #: the records after it, as stored

    @property
    def rolled(self) -> int:
        """The dice it rolled."""
        return sum(len(roll.results) for step in self.applied.steps
                   for roll in step.outcome.rolls)

    def written(self) -> Written:
        """Its log entry, as the live action writes it."""
        entry = self.entry
        return _stamped(written(self.applied, self.args, hidden=entry["hidden"],
                                seed=self.seed, dice=entry["dice"]), entry)


def _replayed(entry: dict[str, Any], state: State) -> Replayed:
    """One exported action, validated by the action's own schema and done again."""
    kind = entry["kind"]
    rolls = kind != "start" and actions()[kind].rolls
    schema = (schemas.CreateInput if kind == "start" else schemas.action_schema(kind, rolls))
    given = dict(entry["input"])
    if kind != "start":
        given["version"] = 1
        if rolls:
            given["hidden"] = entry["hidden"]
    try:
        args = schema().load(given)
    except ValidationError as error:
        abort_api(422, errors={"log": {entry["seq"]: error.messages}})
    args.pop("version", None)
    args.pop("hidden", None)
    seed, dice = entry["seed"], entry["dice"]
    ctx, used = context(seed if dice is None else None, dice, hidden=entry["hidden"])
    if kind == "start":
        ctx, used = context(0, None)
    applied = act(state, kind, args, ctx)
    return Replayed(entry, applied, args, None if kind == "start" else used,
                    engine_state_json(applied.state))


def _cited(target: int, log: list[dict[str, Any]],
           before: dict[str, Any] | None = None) -> EntryRow:
    """What an undo or a redo reads of the action ``target`` it names (its title, whether it
    was hidden, the state before it)."""
    original = log[target - 1]
    return EntryRow(seq=target, kind=original["kind"], hidden=original["hidden"],
                    state_before=before, said={
                        lang: {"title": actions()[original["kind"]].title.in_(lang)}
                        for lang in ("cs", "en")})


def _undo(target: int, before: dict[str, Any], log: list[dict[str, Any]]) -> Written:
    """The undo of ``target``, as the live undo writes it."""
    return undo_written(_cited(target, log, before))


@blp.route("/<public_id>/export")
class Export(MethodView):
    """Export an expedition (the GM's link only)."""

    @blp.arguments(schemas.TokenQuery, location="query", unknown=RAISE)
    @blp.response(200, ExportSchema)
    @blp.doc(security=BEARER,
             operationId="exportExpedition", summary="Export an expedition as JSON",
             description="Its actions with their seeds or dice, the final state and version: "
                         "POST it to /api/v1/expeditions/import on any server.")
    def get(self, _query: dict[str, Any], public_id: str) -> Response:
        with answered():
            row, log = store().export(public_id, bearer())
        response = json_response(export_document(row, log))
        response.headers["Content-Disposition"] = (
            f'attachment; filename="vyprava-{row.public_id}.json"')
        return response


@blp.route("/import")
class Import(MethodView):
    """Import an exported expedition (new links)."""

    @blp.arguments(ExportSchema, location="json")
    @blp.response(201, schemas.CreatedSchema)
    @blp.doc(operationId="importExpedition", summary="Import an exported expedition",
             description="Replays every action; refused (422) when the replay does not give the "
                         "exported state. The body may be larger than elsewhere "
                         "(RPG_EXPEDITION_IMPORT_MAX_BYTES).")
    def post(self, document: dict[str, Any]) -> Response:
        key = idempotency_key()
        with answered():
            done = store().recall(key) if key is not None else None
            if done is None:
                started, replayed = replay(document)
                done = store().create(started, replayed, answer=creation, key=key)
        return created(done)
