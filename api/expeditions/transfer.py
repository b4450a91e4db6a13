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

import re
import time
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any, NoReturn

import rfc8785
from flask import Response, current_app
from flask.views import MethodView
from marshmallow import RAISE, Schema, ValidationError, fields, validate

from api import fields as f
from api.apierror import abort_api
from api.expeditions import chain, reveals, schemas
from api.expeditions.characters import applied_written, roll_written
from api.expeditions.models import EntryRow, ExpeditionRow
from api.expeditions.render import (
    context,
    redo_written,
    replayed_context,
    undo_written,
    written,
)
from api.expeditions.store import MAX_ENTRIES, Chain, Written, iso, redo_stack
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
from api.procedures import DRAWN_SEED_LIMIT
from rpg.core.catalog import messages, msg
from rpg.core.text import Text
from rpg.expedition import state as records
from rpg.expedition.actions import Applied, act, actions
from rpg.expedition.state import State, state_from_json
from rpg.expedition.state import state_json as engine_state_json

FORMAT = "rpg-companion/expedition"
#: 2: the log's entries as their public forms with their hashes (the chain), the GM's secrets
#: beside; 1 (earlier releases): the actions only, imported into a fresh chain.
FORMAT_VERSION = 2
FORMAT_VERSIONS = (1, 2)

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
    "expedition.import.apply": Text(
        "Záznam {seq}: zapisuje záznam č. {reverted}, ale ten není hod hráče, nebo už je "
        "zapsaný.",
        "Entry {seq}: it applies entry {reverted}, which is no player's roll, or one applied "
        "already."),
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
    "expedition.import.chain": Text(
        "Záznam {seq}: {why} Export byl upraven nebo je poškozený.",
        "Entry {seq}: {why} The export was edited or is damaged."),
    "expedition.import.chain.hash": Text("jeho hash nesedí s řetězem.",
                                         "its hash does not follow the chain."),
    "expedition.import.chain.epoch": Text("patří do jiné epochy klíčů.",
                                          "it belongs to another epoch of keys."),
    "expedition.import.chain.key": Text("odhalený klíč neodpovídá závazku své epochy.",
                                        "the revealed key does not match its epoch's "
                                        "commitment."),
    "expedition.import.chain.commitment": Text("závazek nové epochy chybí nebo je špatný.",
                                               "the new epoch's commitment is missing or "
                                               "wrong."),
    "expedition.import.chain.seed": Text("klíči epochy neodpovídá seed kroku č. {step}.",
                                         "its epoch's key did not draw the seed of step no. "
                                         "{step}."),
    "expedition.import.chain.sealed": Text("skrytý záznam neodpovídá své pečeti.",
                                           "the hidden entry does not match its seal."),
    "expedition.import.chain.secret": Text("chybí tajemství, bez kterého výprava nejde dál "
                                           "(export pro hráče se importovat nedá).",
                                           "a secret the expedition needs to go on is missing "
                                           "(a players' export cannot be imported)."),
    "expedition.import.public": Text(
        "Tohle je export pro hráče: ověříš ho na stránce ověření, importovat jde jen export PJ "
        "(nese tajemství, bez kterých výprava nejde dál).",
        "This is the players' export: verify it on the verification page; only the GM's export "
        "imports (it carries the secrets the expedition needs to go on)."),
    "expedition.import.slow": Text(
        "Import se nestihl přehrát do {seconds} s: server je vytížený, zkus to později.",
        "The import could not be replayed within {seconds} s: the server is busy, try again "
        "later."),
})

#: A SHA-256 or a key, in hex.
HEX64 = re.compile(r"[0-9a-f]{64}")

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
    """One entry of an export of format version 1: what replays it."""

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


class ExportedStep(Schema):
    """A step of a chained entry: where its dice came from."""

    class Meta:
        unknown = RAISE

    procedure = fields.String(required=True, validate=validate.Length(1, 64))
    origin = f.choice(("drawn", "seed", "dice"), required=True)
    seed = f.bounded_int(0, DRAWN_SEED_LIMIT - 1, required=True, allow_none=True)
    dice = fields.List(f.bounded_int(1, 1000), required=True, allow_none=True,
                       validate=validate.Length(0, 200))


class ChainedEntry(Schema):
    """One entry of an export of format version 2: its public form and its hash."""

    class Meta:
        unknown = RAISE

    seq = f.bounded_int(1, MAX_ENTRIES, required=True)
    at = fields.String(required=True, validate=validate.Length(1, 40))
    epoch = f.bounded_int(1, MAX_ENTRIES, required=True)
    kind = fields.String(required=True, validate=validate.Length(1, 32))
    hidden = fields.Boolean(required=True)
    title = fields.String(required=True, validate=validate.Length(0, 200))
    input = fields.Dict(required=True)
    text = fields.String(required=True, validate=validate.Length(0, 20_000))
    events = fields.List(fields.String(validate=validate.Length(0, 2000)), required=True,
                         validate=validate.Length(0, 200))
    answers = fields.List(fields.Dict(), required=True, validate=validate.Length(0, 200))
    offers = fields.List(fields.Dict(), required=True, validate=validate.Length(0, 0))
    seed = f.bounded_int(0, DRAWN_SEED_LIMIT - 1, required=True, allow_none=True)
    dice = fields.List(f.bounded_int(1, 1000), required=True, allow_none=True,
                       validate=validate.Length(0, 200))
    steps = fields.List(fields.Nested(ExportedStep), required=True,
                        validate=validate.Length(0, 200))
    undoes = f.bounded_int(1, MAX_ENTRIES, required=True, allow_none=True)
    hash = fields.String(required=True, validate=validate.Regexp(HEX64))
    commitment = fields.Dict()
    revealed = fields.Dict()
    reveals = fields.Dict()
    sealed = fields.String(validate=validate.Regexp(HEX64))
    character = schemas.name_field()


class ExportSchema(Schema):
    """An expedition exported: its log, final state and version (a players' export: the log's
    public forms only, which verify but do not import)."""

    class Meta:
        unknown = RAISE

    format = fields.String(required=True)
    format_version = fields.Integer(required=True, validate=validate.OneOf(FORMAT_VERSIONS))
    kind = f.choice(("gm", "public"), load_default="gm")
    id = fields.String(validate=validate.Length(0, 32))
    chain_id = fields.String(validate=validate.Regexp(r"^[A-Za-z0-9_-]{1,32}$"))
    name = schemas.name_field(records.EXPEDITION_NAME_MAX, required=True)
    created_at = fields.AwareDateTime(required=True)
    version = f.bounded_int(1, MAX_ENTRIES, required=True)
    state = fields.Dict(metadata={"description": "The records (the GM's export only)."})
    head = fields.Dict()
    log = fields.List(fields.Dict(), required=True, validate=validate.Length(1, MAX_ENTRIES))
    secrets = fields.Dict()


def export_document(row: ExpeditionRow, log: list[EntryRow], role: str) -> dict[str, Any]:
    """The export of ``row`` with its whole ``log`` (oldest first) for the link of ``role``:
    each entry's public form with its hash; the GM's also the records and the secrets the
    expedition needs to go on elsewhere (the current epoch's key, the hidden entries not
    revealed yet)."""
    document: dict[str, Any] = {
        "format": FORMAT, "format_version": FORMAT_VERSION,
        "kind": "gm" if role == "gm" else "public", "id": row.public_id,
        "chain_id": row.chain_id, "name": row.name, "created_at": iso(row.created_at),
        "version": row.version, "head": {"seq": row.version, "hash": row.head_hash},
        "log": [{**e.public_form, "hash": e.hash} for e in log]}
    if role == "gm":
        revealed = {e.public_form["reveals"]["seq"] for e in log if e.kind == "reveal-entry"}
        document["state"] = row.state
        document["secrets"] = {
            "key": {"epoch": row.epoch, "key": row.epoch_key.hex()},
            "hidden": [{"seq": e.seq, "nonce": e.nonce, "entry": e.full_form} for e in log
                       if e.full_form is not None and e.seq not in revealed]}
    return document


def _refuse(message: Any, field: str = "log") -> NoReturn:
    abort_api(422, message, field=field)


def _broken(seq: int, why: str, **values: Any) -> NoReturn:
    _refuse(msg("expedition.import.chain", seq=seq,
                why=msg(f"expedition.import.chain.{why}", **values)))


@dataclass(frozen=True)
class Verified:
    """A chained export verified: the chain to go on with, and each entry as it replays (the
    hidden ones in full) with what is kept verbatim of it."""

    chained: Chain
    entries: list[dict[str, Any]]


def verified(document: dict[str, Any]) -> Verified:
    """Check a chained export (format version 2) entry by entry, refusing it at the first
    entry that fails and why: its number, its hash after its predecessor's, its epoch, each
    revealed key against its epoch's commitment, each sealed hidden entry against its secret,
    each drawn seed against its epoch's key (every key is known: revealed, or the GM's secret).
    """
    chain_id = document.get("chain_id") or ""
    previous = chain_id
    for index, raw in enumerate(document["log"], start=1):
        # The chain first: any byte changed anywhere is named as the entry it is in.
        public = {name: value for name, value in raw.items() if name != "hash"}
        try:
            linked = chain.link(previous, public)
        except rfc8785.CanonicalizationError:  # a number JSON cannot carry exactly
            linked = ""
        if linked != raw.get("hash"):
            _broken(index, "hash")
        previous = linked
    loaded: list[dict[str, Any]] = []
    for index, raw in enumerate(document["log"], start=1):
        try:
            loaded.append(ChainedEntry().load(raw))
        except ValidationError as error:
            abort_api(422, errors={"log": {index: error.messages}})
        if loaded[-1]["seq"] != index:
            _refuse(msg("expedition.import.order", index=index, seq=loaded[-1]["seq"],
                        expected=index))
    secrets_ = document.get("secrets") or {}
    hidden = {item.get("seq"): item for item in secrets_.get("hidden") or []
              if isinstance(item, dict)}
    keys: dict[int, bytes] = {}
    commitments: dict[int, str] = {}
    epoch, from_seq = 1, 1
    entries: list[dict[str, Any]] = []
    for raw, entry in zip(document["log"], loaded, strict=True):
        seq = entry["seq"]
        if entry["epoch"] != epoch:
            _broken(seq, "epoch")
        committed = entry.get("commitment")
        if seq == 1:
            if not _commits(committed, 1, 1):
                _broken(seq, "commitment")
            commitments[1] = committed["sha256"]  # type: ignore[index]
        if entry["kind"] == "reveal-key":
            key = _key((entry.get("revealed") or {}).get("key"))
            if (key is None or (entry.get("revealed") or {}).get("epoch") != epoch
                    or chain.sha256_hex(key) != commitments[epoch]):
                _broken(seq, "key")
            keys[epoch] = key
            if not _commits(committed, epoch + 1, seq + 1):
                _broken(seq, "commitment")
            epoch, from_seq = epoch + 1, seq + 1
            commitments[epoch] = committed["sha256"]  # type: ignore[index]
        full = public = {name: value for name, value in raw.items() if name != "hash"}
        nonce = None
        if entry["kind"] == "hidden":
            secret = hidden.get(seq) or _revealed_later(document["log"], seq)
            if secret is None or not isinstance(secret.get("entry"), dict):
                _broken(seq, "secret")
            nonce, full = str(secret.get("nonce")), secret["entry"]
            if chain.sealed(nonce, full) != entry.get("sealed") or full.get("seq") != seq:
                _broken(seq, "sealed")
        if entry["kind"] == "reveal-entry":
            shown = entry.get("reveals") or {}
            target = shown.get("seq")
            if (not isinstance(target, int) or not 1 <= target < seq
                    or not isinstance(shown.get("entry"), dict)
                    or loaded[target - 1].get("sealed") != chain.sealed(
                        str(shown.get("nonce")), shown["entry"])):
                _broken(seq, "sealed")
        entries.append({"public": public, "full": None if full is public else full,
                        "nonce": nonce, "entry": full if full is not public else public,
                        "epoch": epoch})
    key = _key((secrets_.get("key") or {}).get("key"))
    if (key is None or (secrets_.get("key") or {}).get("epoch") != epoch
            or chain.sha256_hex(key) != commitments[epoch]):
        _broken(len(loaded), "secret")
    keys[epoch] = key
    for item in entries:
        shown = item["entry"]
        for index, step in enumerate(shown.get("steps") or []):
            if step.get("origin") == "drawn" and step.get("seed") != chain.drawn_seed(
                    keys[item["epoch"]], chain_id, shown["seq"], index, item["nonce"]):
                _broken(shown["seq"], "seed", step=index + 1)
    return Verified(Chain(chain_id, epoch, key, from_seq), entries)


def _commits(committed: Any, epoch: int, from_seq: int) -> bool:
    return (isinstance(committed, dict) and committed.get("epoch") == epoch
            and committed.get("from_seq") == from_seq
            and isinstance(committed.get("sha256"), str)
            and HEX64.fullmatch(committed["sha256"]) is not None)


def _key(value: Any) -> bytes | None:
    if not isinstance(value, str) or HEX64.fullmatch(value) is None:
        return None
    return bytes.fromhex(value)


def _revealed_later(log: list[dict[str, Any]], seq: int) -> dict[str, Any] | None:
    for raw in log[seq:]:
        shown = raw.get("reveals")
        if raw.get("kind") == "reveal-entry" and isinstance(shown, dict) and shown.get(
                "seq") == seq:
            return shown
    return None


def _as_actions(found: Verified) -> list[dict[str, Any]]:
    """A verified chain's entries as the replay reads them (what format version 1 exported),
    each with its steps and what is kept of it verbatim."""
    out = []
    for item in found.entries:
        shown = item["entry"]
        out.append({"seq": shown["seq"], "kind": shown["kind"], "at": shown["at"],
                    "hidden": bool(item["full"] is not None), "input": shown["input"],
                    "seed": shown["seed"], "dice": shown["dice"], "undoes": shown["undoes"],
                    "steps": shown["steps"], "character": shown.get("character"),
                    "answers": shown["answers"], "verbatim": item})
    return out


def replay(document: dict[str, Any]) -> tuple[Written, list[tuple[Written, int | None]],
                                             Chain | None]:
    """The export's actions replayed: the start, then each entry with the entry it reverts,
    and the chain it goes on with (``None``: a format version 1 export, which starts a fresh
    chain).

    Two passes: every action is done again first (what the records become, the dice rolled:
    the bounds are checked there, entry by entry), and only once the replay gives the exported
    state are the entries written (their words in both languages, most of what an entry costs),
    so an import refused for its dice or its state costs the least it can."""
    if document["format"] != FORMAT:
        _refuse(msg("expedition.import.format", format=document["format"][:40]), "format")
    found: Verified | None = None
    if document["format_version"] == 1:
        log = []
        for index, raw in enumerate(document["log"], start=1):
            try:
                log.append(ExportedEntry().load(raw))
            except ValidationError as error:
                abort_api(422, errors={"log": {index: error.messages}})
        for index, entry in enumerate(log, start=1):
            if entry["seq"] != index:
                _refuse(msg("expedition.import.order", index=index, seq=entry["seq"],
                            expected=index))
    else:
        if document["kind"] != "gm" or "state" not in document:
            _refuse(msg("expedition.import.public"), "kind")
        found = verified(document)
        log = _as_actions(found)
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
    applied_rolls: set[int] = set()  # the players' rolls the GM applied
    epoch_from = 1  # where the current epoch began
    state = started.state
    for entry in log[1:]:
        seq = entry["seq"]
        if entry["kind"] == "player-roll" and found is not None:
            rolled = roll_written(state, entry["character"] or "", entry["input"],
                                  replayed_context(entry["steps"], entry["dice"]))
            replayed.append((_stamped(rolled, entry), None))
            states[seq] = (state, state)
            continue
        if entry["kind"] == "apply" and found is not None:
            cited = entry["input"].get("entry")
            roll = log[cited - 1] if isinstance(cited, int) and 1 <= cited < seq else None
            if roll is None or roll["kind"] != "player-roll" or cited in applied_rolls:
                _refuse(msg("expedition.import.apply", seq=seq, reverted=cited or 0))
            applied_rolls.add(cited)
            meta = _stamped(applied_written(state, cited, {
                "inputs": roll["input"], "character": roll["character"],
                "steps": roll["steps"], "dice": roll["dice"], "answers": roll["answers"]}),
                entry)
            cost.spent(sum(len(s.get("dice") or []) for s in entry["steps"]), seq)
            replayed.append((meta, None))
            redo_stack(undos, "apply", seq)
            previous[seq] = last
            last = seq
            states[seq] = (state, meta.state)
            state = meta.state
            continue
        if entry["kind"] in chain.CHAIN_KINDS and found is not None:  # a reveal
            public = entry["verbatim"]["public"]  # (the chain verified: its members are sound)
            if entry["kind"] == "reveal-key":
                said = reveals.key_said(public["revealed"]["epoch"], epoch_from)
                epoch_from = seq + 1
            else:
                cited = replayed[public["reveals"]["seq"] - 2][0]
                said = reveals.entry_said(public["reveals"]["seq"], (
                    cited.written() if isinstance(cited, Replayed) else cited).said)
            replayed.append((_verbatim(Written(entry["kind"], state, entry["input"], said),
                             entry), None))
            states[seq] = (state, state)
            continue
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
    return started.written(), entries, None if found is None else found.chained


def _verbatim(done: Written, entry: dict[str, Any]) -> Written:
    """``done`` as a chained export's entry: its epoch and forms kept as exported."""
    kept = entry.get("verbatim")
    if kept is None:
        return done
    return replace(done, epoch=kept["epoch"], public_form=kept["public"],
                   full_form=kept["full"], nonce=kept["nonce"])


def _stamped(done: Written, entry: dict[str, Any]) -> Written:
    return _verbatim(replace(done, at=_moment(entry["at"])), entry)


def _moment(at: Any) -> datetime:
    return at if isinstance(at, datetime) else datetime.fromisoformat(at)


@dataclass(frozen=True)
class Replayed:
    """An exported action done again, its entry not written yet (:func:`replay`)."""

    entry: dict[str, Any]
    applied: Applied
    args: dict[str, Any]
    origin: str
    state: dict[str, Any]  #: the records after it, as stored

    @property
    def rolled(self) -> int:
        """The dice it rolled."""
        return sum(len(roll.results) for step in self.applied.steps
                   for roll in step.outcome.rolls)

    def written(self) -> Written:
        """Its log entry, as the live action writes it."""
        entry = self.entry
        seed = entry["seed"] if entry["kind"] != "start" else None
        return _stamped(written(self.applied, self.args, self.origin, hidden=entry["hidden"],
                                seed=seed, dice=entry["dice"]), entry)


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
    if "steps" in entry:
        ctx = replayed_context(entry["steps"], entry["dice"], hidden=entry["hidden"])
    else:  # format version 1: the action's seed, or its dice
        ctx = context(entry["seed"] if entry["dice"] is None else None, entry["dice"], None,
                      hidden=entry["hidden"])
    applied = act(state, kind, args, ctx)
    return Replayed(entry, applied, args, ctx.dice.origin, engine_state_json(applied.state))


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
            row, log, role = store().export(public_id, bearer())
        response = json_response(export_document(row, log, role))
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
                started, replayed, chained = replay(document)
                done = store().create(started, replayed, answer=creation, key=key,
                                      chained=chained)
        return created(done)
