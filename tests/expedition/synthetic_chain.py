"""A synthetic expedition export, made from the contract's format alone (section 7, the proof of
fair rolls), to test a verifier without a server: fixed epoch keys and nonces, drawn seeds by
HMAC-SHA256 here, each step's answer by the engine's stateless procedure with those dice (as the
API answers it), the chain of hashes in RFC 8785 canonical JSON.

The log: the start, then actions of one or two steps whose dice are drawn, from a given seed or
the table's own; hidden actions (most revealed a few entries later, some never); a ``reveal-key``
every :data:`EPOCH_LENGTH` entries, the last epoch's key kept (its drawn rolls wait for it).
:func:`build` also counts what a verifier must find, and :func:`tampered` spoils a copy in the
ways a forger might, each with the entry a verifier must name and the reason's catalog key.
"""

from __future__ import annotations

import copy
import hashlib
import hmac
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import rfc8785

from api.procedures import answer_body
from rpg.core.dice import DiceSource, ReplayDice, SeededDice
from rpg.core.registry import procedures
from tests.calculators.vectors import Recorder

CHAIN_ID = "synthetic-chain"
FORMAT = {"format": "rpg-companion/expedition", "format_version": 2, "kind": "public"}
#: Entries of each epoch before its key is revealed.
EPOCH_LENGTH = 12
#: Procedure steps the actions take, in turn: (path, inputs), one or two per action.
ACTIONS: tuple[tuple[tuple[str, dict[str, Any]], ...], ...] = (
    (("skill-check", {"modifier": 2, "difficulty": "tezka"}),),
    (("attack", {"ac": 14, "bonus": 3, "damage": "1d8+2"}), ("morale", {"morale": 7})),
    (("saving-throw", {"target": 12, "count": 4}),),
    (("roll", {"expr": "4d6kh3"}),),
    (("reaction", {"modifier": 1}),),
    (("wandering-monsters", {}), ("surprise", {})),
    (("death-save", {"hours_since_death": 2}),),
    (("travel", {"movement": [6, 5], "terrain": "difficult"}),),
    (("falling", {"height_m": 10, "catch": True, "caught_at_m": 4, "dex_modifier": 2}),),
    (("roll", {"expr": "1d100+2d6-1"}),),
)


def epoch_key(epoch: int) -> bytes:
    """Epoch ``epoch``'s secret key: fixed, so every run builds the same export."""
    return hashlib.sha256(f"epoch {epoch} of {CHAIN_ID}".encode()).digest()


def nonce_of(seq: int) -> str:
    """The nonce of the hidden entry ``seq`` (32 hex characters)."""
    return hashlib.sha256(f"nonce {seq}".encode()).hexdigest()[:32]


def sha256hex(data: bytes) -> str:
    """Lowercase hex of SHA-256."""
    return hashlib.sha256(data).hexdigest()


def drawn_seed(key: bytes, message: str) -> int:
    """A drawn step's seed: HMAC-SHA256's first 8 bytes, big-endian, shifted right by 11."""
    return int.from_bytes(hmac.new(key, message.encode(), hashlib.sha256).digest()[:8],
                          "big") >> 11


def chained(export: dict[str, Any]) -> dict[str, Any]:
    """``export`` with every hash and the head written anew from its entries (what a forger
    who changes an entry does to hide it)."""
    previous = export["chain_id"]
    for entry in export["log"]:
        entry.pop("hash", None)
        entry["hash"] = previous = sha256hex(previous.encode() + b"\n" + rfc8785.dumps(entry))
    export["head"] = {"seq": export["log"][-1]["seq"], "hash": previous}
    return export


@dataclass
class Counts:
    """What a verifier must count (the page's names)."""

    entries: int = 0
    drawn: int = 0
    physical: int = 0
    seeded: int = 0
    hidden: int = 0
    waiting: int = 0
    unreplayed: int = 0
    mismatches: int = 0


@dataclass
class _Log:
    entries: list[dict[str, Any]] = field(default_factory=list)
    epoch: int = 1
    #: Hidden entries not revealed (yet): seq → (nonce, full form).
    hidden: dict[int, tuple[str, dict[str, Any]]] = field(default_factory=dict)

    @property
    def seq(self) -> int:
        return len(self.entries) + 1


def _form(seq: int, epoch: int, kind: str, title: str, text: str, **members: Any) -> dict[str, Any]:
    return {"seq": seq, "at": f"2026-11-26T{seq // 3600 % 24:02d}:{seq // 60 % 60:02d}:"
                                f"{seq % 60:02d}+00:00",
            "epoch": epoch, "kind": kind, "hidden": False, "title": title, "text": text,
            "input": {}, "events": [], "answers": [], "offers": [], "seed": None, "dice": None,
            "steps": [], "undoes": None, **members}


def _action(seq: int, epoch: int, plan: tuple[tuple[str, dict[str, Any]], ...], origin: str,
            nonce: str | None) -> dict[str, Any]:
    """One action's entry (its full form): each step's answer with dice of ``origin``."""
    answers: list[dict[str, Any]] = []
    steps: list[dict[str, Any]] = []
    action_seed = 1000 + seq if origin == "seed" else None
    seeds = random.Random(action_seed)
    table: list[int] = []
    for index, (path, inputs) in enumerate(plan):
        procedure = procedures()[path]
        seed: int | None
        if origin == "dice":
            recorder = Recorder(7 * seq + index)
            procedure.run(recorder, **copy.deepcopy(inputs))
            source: DiceSource = ReplayDice(recorder.rolled)
            seed, dice = None, recorder.rolled
            table += dice
        else:
            if origin == "seed":
                seed = seeds.randrange(2**53)
            else:
                message = f"{CHAIN_ID}/{seq}/{index}" + (f"/{nonce}" if nonce else "")
                seed = drawn_seed(epoch_key(epoch), message)
            source, dice = SeededDice(seed), None
        answers.append(answer_body(procedure, copy.deepcopy(inputs), source, seed, "cs"))
        steps.append({"procedure": path, "origin": origin, "seed": seed, "dice": dice})
    title = procedures()[plan[0][0]].title.in_("cs")
    return _form(seq, epoch, "roll", title, " ".join(a["text"] for a in answers),
                 hidden=nonce is not None, answers=answers, steps=steps, seed=action_seed,
                 dice=table or None, input={"label": f"Akce {seq}"})


def build(length: int = 60) -> tuple[dict[str, Any], Counts]:
    """An export of ``length`` entries, and what a verifier of it must count."""
    log = _Log()
    log.entries.append(_form(1, 1, "start", "Začátek výpravy", "Výprava začala.",
                             commitment={"epoch": 1, "sha256": sha256hex(epoch_key(1)),
                                         "from_seq": 1}))
    turn = 0
    while log.seq <= length:
        seq = log.seq
        if seq % EPOCH_LENGTH == 0 and seq + 2 <= length:  # the last epoch's key stays secret
            log.entries.append(_form(
                seq, log.epoch, "reveal-key", "Odhalený klíč", "PJ odhalil klíč epochy.",
                revealed={"epoch": log.epoch, "key": epoch_key(log.epoch).hex()},
                commitment={"epoch": log.epoch + 1, "sha256": sha256hex(epoch_key(log.epoch + 1)),
                            "from_seq": seq + 1}))
            log.epoch += 1
            continue
        # Each third hidden entry is never revealed.
        ripe = [target for target in log.hidden if target <= seq - 3 and target % 3]
        if ripe and seq % 4 == 0:
            kept, shown = log.hidden.pop(ripe[0])
            log.entries.append(_form(seq, log.epoch, "reveal-entry", "Odhalený hod",
                                     "PJ odhalil skrytý hod.",
                                     reveals={"seq": ripe[0], "nonce": kept, "entry": shown}))
            continue
        plan = ACTIONS[turn % len(ACTIONS)]
        turn += 1
        origin = "dice" if seq % 6 == 5 else "seed" if seq % 5 == 3 else "drawn"
        nonce = nonce_of(seq) if seq % 7 == 2 and origin == "drawn" else None
        full = _action(seq, log.epoch, plan, origin, nonce)
        if nonce is None:
            log.entries.append(full)
        else:
            log.hidden[seq] = (nonce, full)
            log.entries.append(_form(seq, log.epoch, "hidden", "Skrytý hod", "PJ hodil skrytě.",
                                     hidden=True, sealed=sha256hex(
                                         f"{nonce}\n".encode() + rfc8785.dumps(full))))
    export = {**FORMAT, "id": CHAIN_ID, "chain_id": CHAIN_ID, "name": "Syntetická výprava",
              "log": log.entries}
    return chained(export), _counted(log)


def _counted(log: _Log) -> Counts:
    """What a verifier of ``log`` must count: each step a player can read (a hidden entry's
    once revealed) by its dice's origin, a drawn one verified once its epoch's key is out."""
    counts = Counts(entries=len(log.entries), hidden=len(log.hidden))
    revealed = {entry["reveals"]["seq"]: entry["reveals"]["entry"] for entry in log.entries
                if entry["kind"] == "reveal-entry"}
    for entry in log.entries:
        form = revealed.get(entry["seq"], entry)
        for step in form["steps"]:
            if step["origin"] == "dice":
                counts.physical += 1
            elif step["origin"] == "seed":
                counts.seeded += 1
            elif form["epoch"] < log.epoch:
                counts.drawn += 1
            else:
                counts.waiting += 1
    return counts


@dataclass(frozen=True)
class Tampered:
    """A spoiled copy of an export: the entry a verifier must name, and why (catalog key)."""

    name: str
    export: dict[str, Any]
    seq: int
    why: str


def _first(export: dict[str, Any], kind: str, origin: str | None = None,
           after: int = 1) -> dict[str, Any]:
    return next(entry for entry in export["log"] if entry["kind"] == kind and entry["seq"] > after
                and (origin is None or entry["steps"][0]["origin"] == origin))


def tampered(export: dict[str, Any]) -> Iterator[Tampered]:
    """``export`` spoiled in each way a forger might: one changed byte, a wrong key, a reordered
    log, a changed seed, dice or result (the chain written anew to hide it), a changed revealed
    entry, a changed hash."""
    spoiled = copy.deepcopy(export)
    entry = spoiled["log"][6]
    entry["text"] = entry["text"][:-1] + ("?" if entry["text"].endswith("!") else "!")
    yield Tampered("changed byte", spoiled, entry["seq"], "verify.hash")

    spoiled = copy.deepcopy(export)
    entry = _first(spoiled, "reveal-key")
    entry["revealed"]["key"] = epoch_key(99).hex()
    yield Tampered("wrong key", chained(spoiled), entry["seq"], "verify.key")

    spoiled = copy.deepcopy(export)
    log = spoiled["log"]
    log[9], log[10] = log[10], log[9]  # the 10th place is named: its entry is not there
    yield Tampered("reordered", spoiled, 10, "verify.numbering")

    spoiled = copy.deepcopy(export)
    entry = _first(spoiled, "roll", "drawn")
    entry["steps"][0]["seed"] += 1
    entry["answers"][0]["seed"] += 1
    yield Tampered("changed seed", chained(spoiled), entry["seq"], "verify.seed")

    spoiled = copy.deepcopy(export)
    entry = _first(spoiled, "roll", "seed")
    entry["answers"][0]["seed"] += 1
    yield Tampered("answer's seed not the step's", chained(spoiled), entry["seq"],
                   "verify.answer-seed")

    spoiled = copy.deepcopy(export)
    entry = _first(spoiled, "roll", "seed")
    entry["seed"] += 1  # another seed claimed for the action: its steps' seeds do not follow
    yield Tampered("action's seed not the steps'", chained(spoiled), entry["seq"],
                   "verify.given-seed")

    spoiled = copy.deepcopy(export)
    entry = _first(spoiled, "roll", "seed")
    rolled = entry["answers"][0]["rolls"][0]
    rolled["results"][0] = rolled["results"][0] % 20 + 1
    yield Tampered("changed dice", chained(spoiled), entry["seq"], "verify.dice")

    spoiled = copy.deepcopy(export)
    entry = _first(spoiled, "roll", "dice")
    result = entry["answers"][0]["result"]
    name = next(name for name, value in result.items() if isinstance(value, bool | int))
    result[name] = not result[name] if isinstance(result[name], bool) else result[name] + 1
    yield Tampered("changed result", chained(spoiled), entry["seq"], "verify.replay")

    spoiled = copy.deepcopy(export)
    entry = _first(spoiled, "reveal-entry")
    entry["reveals"]["entry"]["text"] += " Nebo ne."
    yield Tampered("changed revealed entry", chained(spoiled), entry["seq"], "verify.sealed")

    spoiled = copy.deepcopy(export)
    entry = spoiled["log"][3]
    entry["hash"] = sha256hex(b"another")
    yield Tampered("changed hash", spoiled, entry["seq"], "verify.hash")
