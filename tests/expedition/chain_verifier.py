"""An independent verifier of an expedition's proof of fair rolls.

Written from the published algorithm alone (the site's page ``docs/vyprava/poctivost.md``,
"Přesný algoritmus"), not from the server's code: it imports nothing of ``api`` or ``rpg``, only
the standard library and ``rfc8785`` (the canonical JSON the algorithm names). If the server and
this file disagree, one of them has left the documented format.

It reads an export (public or GM, ``format_version`` 2, ``log`` oldest first) and checks, in
order of ``seq``: the numbering, each entry's ``hash``, the start entry's commitment, each
revealed key against its epoch's commitment, each revealed hidden entry against its stub's
``sealed``, and then every step: a drawn seed against the HMAC of its epoch's key (once the key is
revealed), the dice against the seed, and (given a ``replay``) the procedure's result.
"""

from __future__ import annotations

import hashlib
import hmac
import random
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import rfc8785

#: What ``replay(procedure, input, seed)`` returns: the stateless procedure's answer, at least
#: ``{"rolls": [{"results": [...], ...}, ...], "result": {...}}``.
Replay = Callable[[str, dict[str, Any], int], dict[str, Any]]

#: Drawn and derived seeds stay below 2^53 (a browser keeps them exactly).
SEED_LIMIT = 2**53
#: The 64-bit start of the HMAC shifted right by this many bits leaves 53.
SEED_SHIFT = 11

_HEX64 = re.compile(r"[0-9a-f]{64}")
_HEX32 = re.compile(r"[0-9a-f]{32}")
#: One dice term of a notation (``2d6``, ``2d20kh1``, ``1d8`` in ``1d8+1``): its count and faces.
_DICE_TERM = re.compile(r"(\d*)d(\d+|%)")
#: Members only some kinds carry.
_ONLY_ON = {"commitment": ("start", "reveal-key"), "revealed": ("reveal-key",),
            "reveals": ("reveal-entry",), "sealed": ("hidden",)}


@dataclass(frozen=True, slots=True)
class Report:
    """What a verification found.

    Each step of the log is counted once: ``verified`` (a drawn step whose seed, dice and, with a
    replay, result check), ``physical`` (the table's dice: taken on trust), ``given_seed`` (a
    seed the client gave: replayable, not proof), ``waiting`` (a drawn step whose epoch's key is
    not revealed yet), or, if any check of it fails, among the ``mismatches``. ``hidden`` counts
    the hidden entries not revealed. ``mismatches`` is the number of failed checks (0 when all
    is well); ``first_failure`` the first of them in order of ``seq``: ``(seq, why)``.
    """

    verified: int = 0
    physical: int = 0
    given_seed: int = 0
    hidden: int = 0
    waiting: int = 0
    mismatches: int = 0
    first_failure: tuple[int, str] | None = None

    @property
    def ok(self) -> bool:
        """Whether every check passed."""
        return self.mismatches == 0


def _int(value: Any) -> int | None:
    """``value`` if it is a JSON integer (``true`` is not 1 here), else ``None``."""
    return value if type(value) is int else None


def canonical(value: Any) -> bytes:
    """RFC 8785 canonical JSON (UTF-8 bytes)."""
    return rfc8785.dumps(value)


def sha256_hex(data: bytes) -> str:
    """Lowercase hex of SHA-256."""
    return hashlib.sha256(data).hexdigest()


def entry_hash(prev: str, entry: Mapping[str, Any]) -> str:
    """The chain's hash of ``entry`` after the hash ``prev`` (the chain id before the first)."""
    public = {name: value for name, value in entry.items() if name != "hash"}
    return sha256_hex(prev.encode() + b"\n" + canonical(public))


def sealed_of(nonce_hex: str, full_form: Mapping[str, Any]) -> str:
    """A hidden entry's seal: sha256 of its nonce (hex), a newline and its full form."""
    return sha256_hex(nonce_hex.encode() + b"\n" + canonical(full_form))


def drawn_seed(key: bytes, chain_id: str, seq: int, step: int, nonce_hex: str | None = None,
               ) -> int:
    """The seed drawn for step ``step`` of entry ``seq`` under the epoch's ``key``."""
    message = f"{chain_id}/{seq}/{step}" + (f"/{nonce_hex}" if nonce_hex is not None else "")
    digest = hmac.new(key, message.encode(), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") >> SEED_SHIFT


def faces_of(notation: str) -> list[int]:
    """The faces of each die a roll's notation rolls, in order (``2d6+1d4+1`` → 6, 6, 4)."""
    faces: list[int] = []
    for count, sides in _DICE_TERM.findall(notation):
        faces += [100 if sides == "%" else int(sides)] * (int(count) if count else 1)
    return faces


def dice_from_seed(seed: int, faces: list[int]) -> list[int]:
    """The dice ``random.Random(seed)`` gives: each ``randrange(faces) + 1``, in order."""
    rng = random.Random(seed)
    return [rng.randrange(sides) + 1 for sides in faces]


def verify_head(document: Mapping[str, Any], head: Mapping[str, Any]) -> bool:
    """Whether the log, recomputed from its start, passes through a remembered ``{seq, hash}``:
    entries 1…``seq`` are numbered in order and chain to exactly ``hash``. (That the entries after
    it chain on is :func:`verify`'s check.)"""
    log, seq = document.get("log"), head.get("seq")
    if not isinstance(log, list) or not isinstance(seq, int) or not 1 <= seq <= len(log):
        return False
    prev = document.get("chain_id")
    if not isinstance(prev, str):
        return False
    for position, entry in enumerate(log[:seq], 1):
        if not isinstance(entry, dict) or entry.get("seq") != position:
            return False
        try:
            computed = entry_hash(prev, entry)
        except rfc8785.CanonicalizationError:
            return False
        if entry.get("hash") != computed:
            return False
        prev = computed
    return prev == head.get("hash")


def verify(document: Mapping[str, Any], replay: Replay | None = None, *,
           use_secrets: bool = False) -> Report:
    """Verify an export (see the module's docstring).

    ``replay(procedure, input, seed)``: the stateless procedure's answer, compared with each
    seeded step's recorded answer. ``use_secrets``: a GM export's ``secrets`` (the current
    epoch's key, the hidden entries' nonces and full forms) count as revealed; they are checked
    against their commitment and seals either way.
    """
    if document.get("format") != "rpg-companion/expedition" or \
            document.get("format_version") != 2:
        raise ValueError("not an expedition export of format version 2")
    log, chain_id = document.get("log"), document.get("chain_id")
    if not isinstance(log, list) or not log or not isinstance(chain_id, str):
        raise ValueError("an export needs a chain_id and a non-empty log")
    return _Verification(chain_id, replay).run(document, log, use_secrets)


class _Verification:
    """The state of one verification: the keys known, the seals, the failures so far."""

    def __init__(self, chain_id: str, replay: Replay | None) -> None:
        self.chain_id = chain_id
        self.replay = replay
        self.commitments: dict[int, str] = {}
        self.keys: dict[int, bytes] = {}
        self.stubs: dict[int, dict[str, Any]] = {}
        #: seq of a revealed hidden entry → seq of its (first) reveal-entry.
        self.revealed: dict[int, int] = {}
        #: seq of a reveal-entry that fits its stub → its ``reveals``.
        self.reveal_entries: dict[int, dict[str, Any]] = {}
        #: seq of a hidden entry → the GM's secret {seq, nonce, entry} (``use_secrets``).
        self.secret_hidden: dict[int, dict[str, Any]] = {}
        self.counts = {"verified": 0, "physical": 0, "given_seed": 0, "waiting": 0}
        #: (seq, stage, order, why): sorted, the first is the first failure in order of seq.
        self.failures: list[tuple[int, int, int, str]] = []
        self.stage = 0

    def fail(self, seq: int, why: str) -> None:
        self.failures.append((seq, self.stage, len(self.failures), why))

    def run(self, document: Mapping[str, Any], log: list[Any], use_secrets: bool) -> Report:
        entries = self.chain(log)
        self.head(document.get("head"), log)
        secrets = document.get("secrets")
        if isinstance(secrets, dict):
            self.secrets(secrets, len(log), use_secrets)
        self.stage = 1
        for entry in entries:
            self.entry_steps(entry)
        first = min(self.failures, default=None)
        unrevealed = sum(1 for seq in self.stubs if seq not in self.revealed)
        return Report(hidden=unrevealed, mismatches=len(self.failures),
                      first_failure=(first[0], first[3]) if first else None, **self.counts)

    # -- stage 0: the chain, the epochs and their keys, the seals ---------------------------

    def chain(self, log: list[Any]) -> list[dict[str, Any]]:
        """Check numbering, hashes, epochs, keys and seals; the entries fit for stage 1."""
        prev, epoch, fit = self.chain_id, 1, []
        for seq, entry in enumerate(log, 1):
            if not isinstance(entry, dict):
                self.fail(seq, f"entry {seq} is not an object")
                continue
            if _int(entry.get("seq")) != seq:
                self.fail(seq, f"entry {seq} expected here, found seq {entry.get('seq')!r}:"
                               " the log is out of order or has a gap")
            try:
                computed = entry_hash(prev, entry)
            except rfc8785.CanonicalizationError as error:
                self.fail(seq, f"entry {seq} cannot be put in canonical JSON ({error})")
                computed = ""
            recorded = entry.get("hash")
            if recorded != computed:
                self.fail(seq, f"entry {seq}: hash {recorded!r} does not match its content"
                               f" after the previous hash (computed {computed})")
            prev = recorded if isinstance(recorded, str) else computed
            epoch = self.epochs(seq, entry, epoch)
            self.members(seq, entry)
            fit.append(entry)
        return fit

    def epochs(self, seq: int, entry: dict[str, Any], epoch: int) -> int:
        """Check the entry's epoch, commitment and revealed key; the epoch of the next entry."""
        if _int(entry.get("epoch")) != epoch:
            self.fail(seq, f"entry {seq} is in epoch {entry.get('epoch')!r}, expected {epoch}")
        kind = entry.get("kind")
        if seq == 1:
            if kind != "start":
                self.fail(seq, f"entry 1 is of kind {kind!r}, expected 'start'")
            self.commitment(seq, entry, epoch=1, from_seq=1)
        elif kind == "start":
            self.fail(seq, f"entry {seq}: a second start entry")
        if kind != "reveal-key":
            return epoch
        revealed = entry.get("revealed")
        key = revealed.get("key") if isinstance(revealed, dict) else None
        if not isinstance(revealed, dict) or _int(revealed.get("epoch")) != epoch:
            self.fail(seq, f"entry {seq}: the revealed key is not that of epoch {epoch}")
        elif not isinstance(key, str) or not _HEX64.fullmatch(key):
            self.fail(seq, f"entry {seq}: the revealed key is not 64 lowercase hex digits")
        elif sha256_hex(bytes.fromhex(key)) != self.commitments.get(epoch):
            self.fail(seq, f"entry {seq}: the revealed key of epoch {epoch} does not match"
                           " that epoch's commitment (sha256 of the key's 32 bytes)")
        else:
            self.keys[epoch] = bytes.fromhex(key)
        self.commitment(seq, entry, epoch=epoch + 1, from_seq=seq + 1)
        return epoch + 1

    def commitment(self, seq: int, entry: dict[str, Any], *, epoch: int, from_seq: int) -> None:
        commitment = entry.get("commitment")
        sha = commitment.get("sha256") if isinstance(commitment, dict) else None
        if not isinstance(commitment, dict) or _int(commitment.get("epoch")) != epoch or \
                _int(commitment.get("from_seq")) != from_seq or set(commitment) != \
                {"epoch", "sha256", "from_seq"}:
            self.fail(seq, f"entry {seq}: the commitment is not that of epoch {epoch}"
                           f" from entry {from_seq}")
        elif not isinstance(sha, str) or not _HEX64.fullmatch(sha):
            self.fail(seq, f"entry {seq}: the commitment is not 64 lowercase hex digits")
        else:
            self.commitments[epoch] = sha

    def members(self, seq: int, entry: dict[str, Any]) -> None:
        """The members only some kinds carry; a hidden stub; a reveal-entry against its stub."""
        kind = entry.get("kind")
        for name, kinds in _ONLY_ON.items():
            if name in entry and kind not in kinds:
                self.fail(seq, f"entry {seq} of kind {kind!r} carries {name!r}")
        if kind == "hidden":
            self.stub(seq, entry)
        elif entry.get("hidden") is not False:
            self.fail(seq, f"entry {seq} of kind {kind!r} is not marked hidden: false")
        if kind == "reveal-entry":
            reveals = entry.get("reveals")
            if not isinstance(reveals, dict) or set(reveals) != {"seq", "nonce", "entry"}:
                self.fail(seq, f"entry {seq}: 'reveals' is not {{seq, nonce, entry}}")
            elif self.reveal(seq, reveals):
                self.revealed.setdefault(reveals["seq"], seq)
                self.reveal_entries[seq] = reveals

    def stub(self, seq: int, entry: dict[str, Any]) -> None:
        sealed = entry.get("sealed")
        empty: dict[str, Any] = {"input": {}, "events": [], "answers": [], "offers": [],
                                 "seed": None, "dice": None, "steps": [], "undoes": None,
                                 "hidden": True}
        if not isinstance(sealed, str) or not _HEX64.fullmatch(sealed):
            self.fail(seq, f"entry {seq}: a hidden stub without a 64-hex 'sealed'")
        elif any(entry.get(name, ...) != value for name, value in empty.items()):
            self.fail(seq, f"entry {seq}: a hidden stub shows more than a stub may")
        else:
            self.stubs[seq] = entry

    def reveal(self, seq: int, reveals: dict[str, Any], where: str = "",
               before: int | None = None) -> bool:
        """Whether a revealed hidden entry (read at ``seq``) fits its stub, which must stand
        before ``before`` (``seq`` unless told)."""
        target, nonce, full = reveals["seq"], reveals["nonce"], reveals["entry"]
        at = f"entry {seq}{where}: revealed hidden entry {target!r}"
        limit = seq if before is None else before
        stub = self.stubs.get(target) if (_int(target) or 0) < limit else None
        if stub is None:
            self.fail(seq, f"{at} is not an earlier hidden stub")
        elif not isinstance(nonce, str) or not _HEX32.fullmatch(nonce):
            self.fail(seq, f"{at}: the nonce is not 32 lowercase hex digits")
        elif not isinstance(full, dict) or full.get("seq") != target:
            self.fail(seq, f"{at}: the full form's seq is not {target}")
        elif sealed_of(nonce, full) != stub["sealed"]:
            self.fail(seq, f"{at}: sha256 of the nonce and the full form does not match the"
                           " stub's 'sealed'")
        elif full.get("hidden") is not True or "sealed" in full or \
                full.get("epoch") != stub["epoch"] or full.get("kind") == "hidden":
            self.fail(seq, f"{at}: the full form is not the stub's entry (hidden: true, the"
                           " stub's epoch, its real kind, no 'sealed')")
        else:
            return True
        return False

    def head(self, head: Any, log: list[Any]) -> None:
        last = log[-1] if isinstance(log[-1], dict) else {}
        if not isinstance(head, dict) or head.get("seq") != len(log) or \
                head.get("hash") != last.get("hash"):
            seq = head.get("seq") if isinstance(head, dict) else None
            self.fail(seq if isinstance(seq, int) else len(log),
                      f"the export's head {head!r} is not its last entry")

    def secrets(self, secrets: dict[str, Any], last: int, use: bool) -> None:
        """A GM export's secrets: the current key against its commitment, each hidden entry
        against its stub."""
        key = secrets.get("key")
        epoch = max(self.commitments, default=0)
        value = key.get("key") if isinstance(key, dict) else None
        if not isinstance(key, dict) or _int(key.get("epoch")) != epoch or \
                not isinstance(value, str) or not _HEX64.fullmatch(value) or \
                sha256_hex(bytes.fromhex(value)) != self.commitments.get(epoch):
            self.fail(last, f"the GM's secret key does not match the commitment of epoch {epoch}")
        elif use:
            self.keys[epoch] = bytes.fromhex(value)
        for hidden in secrets.get("hidden") or []:
            if not isinstance(hidden, dict) or set(hidden) != {"seq", "nonce", "entry"}:
                self.fail(last, "a secret hidden entry is not {seq, nonce, entry}")
            elif hidden["seq"] in self.revealed:
                self.fail(last, f"secret hidden entry {hidden['seq']} was revealed already")
            elif self.reveal(last, hidden, " (the GM's secrets)", last + 1) and use:
                self.secret_hidden[hidden["seq"]] = hidden

    # -- stage 1: the steps -----------------------------------------------------------------

    def entry_steps(self, entry: dict[str, Any]) -> None:
        seq = _int(entry.get("seq")) or 0
        # A revealed hidden entry is checked where it is read: at its reveal-entry, or (the GM's
        # secrets) where its stub stands.
        shown = self.reveal_entries.get(seq) or self.secret_hidden.get(seq)
        if shown is not None:
            self.steps(seq, shown["entry"], shown["seq"], shown["nonce"])
        self.steps(seq, entry, seq, None)

    def steps(self, seq: int, entry: dict[str, Any], message_seq: int, nonce: str | None,
              ) -> None:
        """Check each step of ``entry`` (read at ``seq``; its seeds drawn for ``message_seq``)."""
        steps, answers = entry.get("steps"), entry.get("answers")
        where = f"entry {seq}" + (f" (hidden entry {message_seq})" if nonce else "")
        if not isinstance(steps, list) or not isinstance(answers, list) or \
                len(steps) != len(answers):
            self.fail(seq, f"{where}: 'steps' and 'answers' are not lists of one length")
            return
        action_seed, given = entry.get("seed"), entry.get("dice")
        derived = None if _int(action_seed) is None else random.Random(action_seed)
        table = list(given) if isinstance(given, list) else None
        for index, (step, answer) in enumerate(zip(steps, answers, strict=True)):
            at = f"{where}, step {index}"
            if not isinstance(step, dict) or not isinstance(answer, dict) or \
                    step.get("procedure") != answer.get("procedure"):
                self.fail(seq, f"{at}: the step and its answer name different procedures")
                continue
            why = self.step(step, answer, entry.get("epoch"), message_seq, index, nonce,
                            derived, table)
            if why is not None:
                self.fail(seq, f"{at}: {why}")
        if table:
            self.fail(seq, f"{where}: the action's dice {given!r} were not all used")

    def step(self, step: dict[str, Any], answer: dict[str, Any], epoch: Any, seq: int,
             index: int, nonce: str | None, derived: random.Random | None,
             table: list[Any] | None) -> str | None:
        """Check one step; ``None`` if it holds (and counted), else why not."""
        rolls = answer.get("rolls")
        if not isinstance(rolls, list) or not all(
                isinstance(r, dict) and isinstance(r.get("results"), list)
                and isinstance(r.get("notation"), str) for r in rolls):
            return "the answer's rolls are not a list of {notation, results}"
        results = [die for r in rolls for die in r["results"]]
        faces = [sides for r in rolls for sides in faces_of(r["notation"])]
        if len(faces) != len(results):
            return f"the notations roll {len(faces)} dice, the results list {len(results)}"
        if not all(sides >= 1 for sides in faces):
            return f"a notation names a die without faces ({faces})"
        origin, seed = step.get("origin"), _int(step.get("seed"))
        if origin == "dice":
            return self.physical(step, results, faces, table)
        if origin not in ("drawn", "seed"):
            return f"unknown origin {origin!r}"
        if seed is None or not 0 <= seed < SEED_LIMIT or step.get("dice") is not None:
            return f"a {origin} step needs an integer seed below 2^53 and no dice"
        if answer.get("seed") != seed:
            return f"the answer's seed {answer.get('seed')!r} is not the step's {seed}"
        waiting = False
        if origin == "drawn":
            key = self.keys.get(_int(epoch) or 0)
            waiting = key is None
            expected = None if key is None else drawn_seed(key, self.chain_id, seq, index, nonce)
            if expected not in (None, seed):
                return (f"seed {seed} is not the HMAC of its epoch's key"
                        f" (the key gives {expected})")
        elif derived is not None and (expected := derived.randrange(SEED_LIMIT)) != seed:
            return f"seed {seed} is not derived from the action's seed (that gives {expected})"
        if (dice := dice_from_seed(seed, faces)) != results:
            return f"the dice {results} do not follow seed {seed} (it gives {dice})"
        if self.replay is not None:
            why = self.replayed(answer, seed, results)
            if why is not None:
                return why
        self.counts["waiting" if waiting else "verified" if origin == "drawn"
                    else "given_seed"] += 1
        return None

    def physical(self, step: dict[str, Any], results: list[Any], faces: list[int],
                 table: list[Any] | None) -> str | None:
        dice = step.get("dice")
        if step.get("seed") is not None or dice != results:
            return f"a dice step's dice {dice!r} are not its answer's {results} (or it has a seed)"
        if any(_int(d) is None or not 1 <= d <= f for d, f in
               zip(results, faces, strict=True)):
            return f"the dice {results} do not fit their dice {faces}"
        if table is not None:
            used, table[:len(dice)] = table[:len(dice)], []
            if used != dice:
                return f"the step's dice {dice} are not the next of the action's dice"
        self.counts["physical"] += 1
        return None

    def replayed(self, answer: dict[str, Any], seed: int, results: list[Any]) -> str | None:
        assert self.replay is not None
        procedure, given = answer.get("procedure"), answer.get("input")
        if not isinstance(procedure, str) or not isinstance(given, dict):
            return "the answer has no procedure and input to replay"
        try:
            again = self.replay(procedure, given, seed)
        except Exception as error:  # a replay the procedure refuses is a mismatch, named
            return f"replaying {procedure} with seed {seed} failed: {error!r}"
        dice = [die for r in again.get("rolls", []) for die in r.get("results", [])]
        if dice != results:
            return f"replaying {procedure} with seed {seed} rolls {dice}, not {results}"
        if again.get("result") != answer.get("result"):
            return f"replaying {procedure} with seed {seed} gives another result"
        return None
