"""One write, applied once: the ``Idempotency-Key`` header, as payment APIs take it.

A phone on the table's Wi-Fi that sent an action and never got the answer (the connection
dropped, a worker was killed after the commit) sends it again with the same key: the same key
and the same request answer the answer kept the first time (same status, headers and body, and
``Idempotent-Replayed: true``) instead of a 409 or a second application. The same key with
another request is refused (422). Every action, undo, creation and import takes one.

- A key is 16 to 255 visible ASCII characters (a UUID is the usual choice); only its SHA-256 is
  stored, with the SHA-256 of the request (method, path, query, JSON body).
- Keys are per expedition (the GM's link is the one that writes); a creation's or an import's
  are in one scope of their own. A new expedition's answer is kept without its links: its GM
  token is derived from the key and a random nonce (HMAC-SHA-256), so the database keeps no
  token that opens it, and the key (unguessable: a UUID) is what opens it again.
- The answer is kept in the write's own transaction: either both the write and its answer are
  committed, or neither. A failed write keeps nothing (sent again, it is tried again).
- Answers are kept ``RPG_EXPEDITION_IDEMPOTENCY_HOURS`` (48); expired ones are swept by the
  store and never answered.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from flask import request
from sqlalchemy import select
from sqlalchemy.orm import Session

from api.expeditions.models import IdempotencyRow
from api.language import JSON_BODY

#: The header a client sends.
HEADER = "Idempotency-Key"
#: The header of an answer given again.
REPLAYED = "Idempotent-Replayed"
#: The scope of a creation's and an import's keys (an action's: its expedition's public id).
CREATE = "create"
#: A key's length, in visible ASCII characters.
KEY_LENGTH = (16, 255)


class KeyReused(Exception):
    """The key was sent before with another request."""


class BadKey(Exception):
    """The header is no key (too short, too long, not visible ASCII)."""


@dataclass(frozen=True, slots=True)
class Answer:
    """What a write answers, made inside its transaction: status, headers and the encoded body.

    Making it there means an answer that cannot be made (text that cannot be encoded) rolls the
    write back; a write sent with a key keeps it to answer again.
    """

    status: int
    headers: dict[str, str]
    body: bytes


@dataclass(frozen=True, slots=True)
class IdempotencyKey:
    """A request's key and what identifies the request (both SHA-256)."""

    key: str
    request_hash: str

    @property
    def key_hash(self) -> str:
        """What is stored of the key."""
        return hashlib.sha256(b"idempotency-key:" + self.key.encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class Kept:
    """A kept answer, the expedition it wrote, and a creation's nonce."""

    answer: Answer
    expedition_id: int
    nonce: str | None


def request_key() -> IdempotencyKey | None:
    """The current request's key, ``None`` without the header; :class:`BadKey` for a bad one."""
    key = request.headers.get(HEADER)
    if key is None:
        return None
    low, high = KEY_LENGTH
    if not low <= len(key) <= high or not all("!" <= char <= "~" for char in key):
        raise BadKey
    body = request.environ.get(JSON_BODY)  # a POST's, read by the JSON guard
    fingerprint = json.dumps(
        [request.method, request.path, sorted(request.args.items(multi=True)), body],
        sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return IdempotencyKey(key, hashlib.sha256(fingerprint.encode()).hexdigest())


def derived_token(key: IdempotencyKey, nonce: str) -> str:
    """A new expedition's GM token, derived from its creation's key and nonce."""
    digest = hmac.new(key.key.encode(), f"gm-token:{nonce}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")


def kept_answer(session: Session, scope: str, key: IdempotencyKey,
                keep: timedelta) -> Kept | None:
    """The answer kept for ``key`` in ``scope`` (not expired); :class:`KeyReused` when the key
    came with another request."""
    row = session.execute(select(IdempotencyRow).where(
        IdempotencyRow.scope == scope,
        IdempotencyRow.key_hash == key.key_hash)).scalar_one_or_none()
    if row is None:
        return None
    created = row.created_at if row.created_at.tzinfo else row.created_at.replace(tzinfo=UTC)
    if created < datetime.now(UTC) - keep:
        session.delete(row)  # expired: the request is a new one
        session.flush()
        return None
    if not hmac.compare_digest(row.request_hash, key.request_hash):
        raise KeyReused
    return Kept(Answer(row.status, dict(row.headers), bytes(row.body)), row.expedition_id,
                row.nonce)


def keep_answer(session: Session, scope: str, key: IdempotencyKey, expedition_id: int,
                answer: Answer, nonce: str | None) -> None:
    """Keep ``answer`` for ``key`` in the write's transaction."""
    session.add(IdempotencyRow(
        scope=scope, key_hash=key.key_hash, request_hash=key.request_hash,
        expedition_id=expedition_id, status=answer.status, headers=answer.headers,
        body=answer.body, nonce=nonce, created_at=datetime.now(UTC)))

