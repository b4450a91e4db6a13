"""Rolls no one can fake: the log's hash chain, the epochs' keys and the seeds drawn under them.

The scheme (the contract's section 7; the site's page ``vyprava/poctivost.md`` words it for
anyone writing a verifier):

- An entry's **public form** is the entry as the players' link reads it in Czech, without its
  ``hash``: built once when the entry is written (:func:`public_form`), stored verbatim and
  never changed (what happens to an entry later is said by a later entry).
- **The chain**: ``hash = sha256(<previous hash>\\n<RFC 8785 of the public form>)``, the first
  entry's predecessor being the expedition's ``chain_id`` (its public id at creation; an import
  keeps it) (:func:`link`).
- **Epochs**: an epoch's secret key (32 random bytes) is committed to by its SHA-256 from the
  epoch's first entry on; the GM's ``reveal-key`` writes it into the log and commits to the next.
  Only the current epoch's key is ever secret: it is kept on the expedition's row, never in an
  answer to the players, a players' export, a log line or an error.
- **Drawn seeds**: the seed of a step the server draws is ``HMAC-SHA256(key,
  "<chain_id>/<seq>/<step>")``'s first 8 bytes, big-endian, shifted right by 11 (53 bits); a
  hidden entry appends ``/<nonce hex>`` (:func:`drawn_seed`), so revealing the key does not
  reveal a hidden roll: its stub carries ``sealed`` (:func:`sealed`) until ``reveal-entry``
  publishes its nonce and full form.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import rfc8785

from rpg.core.catalog import messages, msg
from rpg.core.text import Text

MESSAGES = messages({
    "expedition.reveal-key.title": Text("Odhalený klíč", "Key revealed"),
    "expedition.reveal-key.text": Text(
        "PJ odhaluje klíč epochy {epoch}: teď jde ověřit každý tažený hod od záznamu č. "
        "{from_seq}. Dál platí epocha {next}.",
        "The GM reveals the key of epoch {epoch}: every drawn roll can now be verified, since "
        "entry {from_seq}. Next: epoch {next}."),
    "expedition.reveal-entry.title": Text("Odhalený skrytý hod", "Secret roll revealed"),
    "expedition.reveal-entry.text": Text("PJ odhaluje skrytý hod č. {seq} ({title}): {said}",
                                         "The GM reveals secret roll no. {seq} ({title}): "
                                         "{said}"),
    "expedition.reveal-entry.not-hidden": Text("Záznam č. {seq}: tohle není skrytý hod.",
                                               "Entry no. {seq}: this is no secret roll."),
    "expedition.reveal-entry.again": Text("Skrytý hod č. {seq}: ten už je odhalený.",
                                          "Secret roll no. {seq}: revealed already."),
})

#: Bytes of an epoch's key and of a hidden entry's nonce.
KEY_BYTES = 32
NONCE_BYTES = 16
#: The bits a drawn seed keeps (a browser's numbers are exact up to 2^53).
SEED_BITS = 53
#: Entries that are not actions of the records: no undo takes them back, no redo re-applies them
#: (a key or a secret roll revealed, a player's roll before the GM applies it).
CHAIN_KINDS = frozenset({"reveal-key", "reveal-entry", "player-roll"})
#: Where each step's dice came from.
Origin = str  # "drawn" | "seed" | "dice"


def canonical(value: Any) -> bytes:
    """``value`` in RFC 8785 canonical JSON (the ``rfc8785`` package)."""
    return rfc8785.dumps(value)


def sha256_hex(data: bytes) -> str:
    """SHA-256 of ``data``, lowercase hex."""
    return hashlib.sha256(data).hexdigest()


def link(previous: str, public: Mapping[str, Any]) -> str:
    """The hash of an entry whose public form is ``public`` after the hash ``previous``."""
    return sha256_hex(previous.encode() + b"\n" + canonical(public))


def new_key() -> bytes:
    """A fresh epoch key."""
    return secrets.token_bytes(KEY_BYTES)


def new_nonce() -> str:
    """A hidden entry's fresh nonce, hex."""
    return secrets.token_hex(NONCE_BYTES)


def commitment(epoch: int, key: bytes, from_seq: int) -> dict[str, Any]:
    """What commits to ``key`` from the entry ``from_seq`` on."""
    return {"epoch": epoch, "sha256": sha256_hex(key), "from_seq": from_seq}


def drawn_seed(key: bytes, chain_id: str, seq: int, step: int, nonce: str | None = None) -> int:
    """The seed drawn for the step ``step`` (from 0) of the entry ``seq``."""
    message = f"{chain_id}/{seq}/{step}" + (f"/{nonce}" if nonce is not None else "")
    digest = hmac.new(key, message.encode(), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") >> (64 - SEED_BITS)


def sealed(nonce: str, full: Mapping[str, Any]) -> str:
    """What a hidden entry's stub shows of its full form until it is revealed."""
    return sha256_hex(nonce.encode() + b"\n" + canonical(full))


@dataclass(frozen=True, slots=True)
class Spot:
    """Where an action is written: the chain, the entry's number, the epoch and its key, and
    how to read an earlier entry of the log (``cite(seq)``, ``None`` if there is none), which
    entries the entries of a kind cite (``cited("reveal-entry")``: the hidden entries revealed),
    and the character whose link writes it (``by``; ``None``: the GM)."""

    chain_id: str
    seq: int
    epoch: int
    key: bytes = field(repr=False)
    epoch_from: int = 1
    cite: Callable[[int], Any] = field(repr=False, default=lambda _seq: None)
    cited: Callable[[str], set[int]] = field(repr=False, default=lambda _kind: set())
    by: str | None = None

    def seed(self, step: int, nonce: str | None = None) -> int:
        """The seed drawn for step ``step`` of this entry."""
        return drawn_seed(self.key, self.chain_id, self.seq, step, nonce)


def public_form(entry: Mapping[str, Any], *, full: bool = False) -> dict[str, Any]:
    """An entry's public form from what the log stores of it (``seq``, ``at`` as ISO text,
    ``epoch``, ``kind``, ``hidden``, ``inputs``, ``said`` in both languages, ``seed``, ``dice``,
    ``steps``, ``reverts``, ``extra``: the chain's members of its kind). A hidden entry's is its
    stub, unless ``full`` (the form it would have had unhidden, which ``sealed`` covers)."""
    base = {"seq": entry["seq"], "at": entry["at"], "epoch": entry["epoch"],
            "hidden": bool(entry["hidden"])}
    if entry["hidden"] and not full:
        return {**base, "kind": "hidden", "title": msg("expedition.hidden.title").in_("cs"),
                "input": {}, "text": msg("expedition.hidden").in_("cs"), "events": [],
                "answers": [], "offers": [], "seed": None, "dice": None, "steps": [],
                "undoes": None}
    said = entry["said"]["cs"]
    return {**base, "kind": entry["kind"], "title": said["title"], "input": entry["inputs"],
            "text": said.get("players_text", said["text"]), "events": said["events"],
            "answers": said["answers"], "offers": [], "seed": entry["seed"],
            "dice": entry["dice"], "steps": [public_step(step) for step in entry["steps"]],
            "undoes": entry["reverts"], **(entry.get("extra") or {})}


def public_step(step: Mapping[str, Any]) -> dict[str, Any]:
    """A step as the public form shows it: its procedure, where its dice came from, its seed or
    its dice (a step logged before origins were kept: seeded or physical, as it says)."""
    origin = step.get("origin") or ("seed" if step["seed"] is not None else "dice")
    return {"procedure": step["procedure"], "origin": origin, "seed": step["seed"],
            "dice": step["dice"]}


def forms(entry: Mapping[str, Any], nonce: str | None) -> tuple[dict[str, Any],
                                                              dict[str, Any] | None]:
    """An entry's public form, and for a hidden entry (``nonce`` given) its full form: the
    public form is then the stub, ``sealed`` over the full form."""
    if not entry["hidden"]:
        return public_form(entry), None
    assert nonce is not None
    full = public_form(entry, full=True)
    return {**public_form(entry), "sealed": sealed(nonce, full)}, full
