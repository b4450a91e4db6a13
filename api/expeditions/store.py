"""Expeditions in the database: each operation one transaction, the log append-only.

Access is by link: an expedition's public id (in the URL path, not a secret) and a token (sent in
the ``Authorization`` header, never in a URL). The GM's token can act; the players' token is
derived from it (HMAC-SHA-256 of the GM's token and the players' link's generation), so the GM's
link can always show the players' link again, and rotating it (a new generation) revokes the old
one. Only the SHA-256 of each token is stored: a copy of the database opens nothing.

An action reads the expedition's row under a lock (``FOR UPDATE`` / SQLite's ``BEGIN
IMMEDIATE``), refuses a stale version (:class:`Stale`, a 409), computes the new state and appends
one log entry in the same transaction: two devices acting at once never lose an update, and a
worker killed mid-way leaves either both or neither. Besides the lock, the row's UPDATE names
the version it read (SQLAlchemy's version column) and ``(expedition, seq)`` is unique.

What is committed can be read back, by construction: a write checks that everything it stores
can be stored as text (:data:`UNSTORABLE`), and makes its answer (the entry and the state as
the reader gets them, encoded) inside its transaction, so an answer that cannot be made rolls
the write back. A write sent with an ``Idempotency-Key`` keeps that answer in the same
transaction (:mod:`api.expeditions.idempotency`): sent again, it is answered again, never
applied twice.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import hmac
import logging
import re
import secrets
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from typing import Any, Literal

from sqlalchemy import delete, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from api.expeditions import chain
from api.expeditions.chain import Spot
from api.expeditions.database import Database
from api.expeditions.heads import Head, Heads
from api.expeditions.idempotency import (
    CREATE,
    Answer,
    IdempotencyKey,
    Kept,
    derived_token,
    keep_answer,
    kept_answer,
)
from api.expeditions.models import CharacterLinkRow, EntryRow, ExpeditionRow, IdempotencyRow
from api.expeditions.shared_reads import SharedReads
from api.odd_text import find_odd_text

log = logging.getLogger(__name__)

#: Which link opens an expedition: the GM's acts, the players' reads, a character's reads as the
#: players' and rolls for its character.
Role = Literal["gm", "players", "character"]

#: Entries one expedition's log may hold (a long campaign is a few thousand); past it the GM
#: exports and starts a new expedition.
MAX_ENTRIES = 10_000
#: Entries one page of the log may list.
PAGE_MAX = 100
#: What a public id is (``secrets.token_urlsafe(12)``): anything else opens nothing, unread.
PUBLIC_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
#: What no database can store as text, or an answer encode: a lone surrogate, a NUL.
UNSTORABLE = re.compile("[\ud800-\udfff\x00]")
#: Seconds between two sweeps of expired idempotency keys (per process).
SWEEP_SECONDS = 600.0


class NotFound(Exception):
    """No expedition with that id opens with that token (the two are not told apart)."""


class ReadOnly(Exception):
    """The link of ``role`` cannot do that: the players' link only reads, a character's link
    only rolls for its character, the GM's link does not roll as a character's."""

    def __init__(self, role: str = "players") -> None:
        super().__init__(role)
        self.role = role


class Stale(Exception):
    """The expedition changed since the client saw it."""

    def __init__(self, current: int, expected: int) -> None:
        super().__init__(f"version {current}, not {expected}")
        self.current = current
        self.expected = expected


class LogFull(Exception):
    """The log holds :data:`MAX_ENTRIES` entries."""


class NothingToUndo(Exception):
    """Every action of the log is already undone (or the log holds only the start)."""


class NothingToRedo(Exception):
    """No undo waits to be taken back: the newest entry is an action, or every undo since the
    newest action was redone already."""


class Unstorable(Exception):
    """A write holds text no database can store or read back (refused: nothing is written)."""


@dataclass(frozen=True, slots=True)
class Done:
    """A write's answer; ``replayed`` when it is the kept answer of the same request sent
    before; a new expedition's tokens (its answer is kept without them)."""

    answer: Answer
    replayed: bool = False
    gm_token: str | None = None
    players_token: str | None = None


@dataclass(frozen=True, slots=True)
class Written:
    """What one action writes: the new state and the log entry's content."""

    kind: str
    state: dict[str, Any]
    inputs: dict[str, Any]
    said: dict[str, Any]
    steps: list[dict[str, Any]] = field(default_factory=list)
    offers: list[dict[str, Any]] = field(default_factory=list)
    hidden: bool = False
    seed: int | None = None
    dice: list[int] | None = None
    at: datetime | None = None
    #: The chain: a hidden entry's nonce; the members the public form of its kind carries
    #: (a commitment, a revealed key or entry); the next epoch's key (``reveal-key``).
    nonce: str | None = None
    extra: dict[str, Any] | None = None
    new_key: bytes | None = None
    #: An import's entry: its epoch and public form as exported (kept verbatim, the chain
    #: verified before), and a hidden one's full form.
    epoch: int | None = None
    public_form: dict[str, Any] | None = None
    full_form: dict[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class Chain:
    """Where a new expedition's chain starts: a fresh one (:meth:`fresh`), or an imported one
    going on (its id, current epoch, that epoch's key and first entry)."""

    chain_id: str
    epoch: int
    key: bytes
    epoch_from: int

    @classmethod
    def fresh(cls, public_id: str) -> Chain:
        """A new chain: its id the expedition's public id, epoch 1 from the first entry."""
        return cls(public_id, 1, chain.new_key(), 1)


@dataclass(frozen=True, slots=True)
class Opened:
    """An expedition as one link opens it."""

    row: ExpeditionRow
    role: Role
    character: str | None = None  #: a character link's character


@dataclass(frozen=True, slots=True)
class Created:
    """A new expedition: its row, and the two tokens (shown once; only their hashes are kept)."""

    row: ExpeditionRow
    entries: list[EntryRow]
    gm_token: str
    players_token: str


def key_of(token: str) -> str:
    """What is stored of a token: its SHA-256 (enough for 256 random bits)."""
    return hashlib.sha256(token.encode()).hexdigest()


def players_token(gm_token: str, generation: int) -> str:
    """The players' token of the generation ``generation``, derived from the GM's token."""
    digest = hmac.new(gm_token.encode(), f"players:{generation}".encode(), hashlib.sha256)
    return base64.urlsafe_b64encode(digest.digest()).decode().rstrip("=")


def now() -> datetime:
    """The time an entry is written (UTC)."""
    return datetime.now(UTC)


def storable(*values: Any) -> None:
    """Raise :class:`Unstorable` when any string of ``values`` (JSON values) holds what no
    database stores as text (:data:`UNSTORABLE`)."""
    if find_odd_text(values, UNSTORABLE) is not None:
        raise Unstorable


def role_of(row: ExpeditionRow | Head | None, token: str | None) -> Role:
    """Which link ``token`` is of the expedition ``row`` (:class:`NotFound`: neither)."""
    if row is None or not token:
        raise NotFound
    key = key_of(token)
    if hmac.compare_digest(key, row.gm_key):
        return "gm"
    if hmac.compare_digest(key, row.players_key):
        return "players"
    raise NotFound


def redo_stack(stack: list[int], kind: str, seq: int) -> None:
    """Move ``stack`` (the undos a redo may take back, newest last) past the entry ``seq`` of
    ``kind``: an undo is pushed, a redo takes back the newest one (the caller checked that it
    is there), any other action empties it (what was undone before it stays undone).

    So a redo takes back the newest undo since the newest action that no redo took back yet:
    undo, undo, redo, redo re-applies both actions, newest undone last; undo, redo, undo takes
    the action back again, and a redo then re-applies it again."""
    if kind == "undo":
        stack.append(seq)
    elif kind == "redo":
        stack.pop()
    elif kind not in chain.CHAIN_KINDS:  # a key or an entry revealed is no action
        stack.clear()


def _stored(entry: EntryRow) -> tuple[Any, ...]:
    """What an entry stores as text."""
    return (entry.inputs, entry.said, entry.steps, entry.offers, entry.state_before,
            entry.public_form, entry.full_form)


def _entry(row: ExpeditionRow, seq: int, written: Written, *, before: dict[str, Any] | None,
           previous: int | None = None, reverts: int | None = None) -> EntryRow:
    """The entry ``seq`` of ``row`` with its place in the chain, whose head it moves on (what
    cannot be stored is refused before it is hashed)."""
    storable(written.inputs, written.said, written.steps, written.public_form,
             written.full_form)
    entry = EntryRow(
        expedition_id=row.id, seq=seq, kind=written.kind, at=written.at or now(),
        hidden=written.hidden, inputs=written.inputs, seed=written.seed, dice=written.dice,
        steps=written.steps, said=written.said, offers=written.offers, state_before=before,
        previous_action=previous, reverts=reverts, epoch=written.epoch or row.epoch,
        nonce=written.nonce)
    if written.public_form is not None:
        entry.public_form, entry.full_form = written.public_form, written.full_form
    else:
        entry.public_form, entry.full_form = chain.forms({
            "seq": seq, "at": iso(entry.at), "epoch": entry.epoch, "hidden": entry.hidden,
            "kind": entry.kind, "inputs": entry.inputs, "said": entry.said, "seed": entry.seed,
            "dice": entry.dice, "steps": entry.steps, "reverts": reverts,
            "extra": written.extra}, written.nonce)
    entry.hash = chain.link(row.head_hash, entry.public_form)
    row.head_hash = entry.hash
    if written.new_key is not None:
        row.epoch, row.epoch_key, row.epoch_from = row.epoch + 1, written.new_key, seq + 1
    return entry


def iso(moment: datetime) -> str:
    """A time as ISO 8601 in UTC (SQLite gives it back without its zone: it was written UTC)."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).isoformat()


class ExpeditionStore:
    """The operations the API offers, each in one transaction of :class:`Database`.

    ``keep_keys``: how long a write's answer is kept for its ``Idempotency-Key``; ``heads``: what
    conditional polls are answered from (none kept by default).
    """

    def __init__(self, database: Database, keep_keys: timedelta = timedelta(hours=48),
                 heads: Heads | None = None) -> None:
        self.database = database
        self.keep_keys = keep_keys
        self.heads = heads or Heads(0, slots=1)
        #: The players' readings of the newest versions, read once for every follower.
        self.readings = SharedReads()
        self._swept_at = -float("inf")

    @contextlib.contextmanager
    def _changing(self, public_id: str) -> Iterator[Session]:
        """A write to ``public_id``: its kept head is forgotten once the write ends (committed,
        or not: a failed COMMIT may still have committed)."""
        try:
            with self.database.writing() as session:
                yield session
        finally:
            self.heads.forget(public_id)

    # --- creating -----------------------------------------------------------------------------

    def create(self, started: Written, replayed: Sequence[tuple[Written, int | None]] = (), *,
               answer: Callable[[Created], Answer], key: IdempotencyKey | None = None,
               chained: Chain | None = None) -> Done:
        """A new expedition whose log starts with ``started``; an import appends ``replayed``
        (each written action with the entry it reverts, for undos) in the same transaction.
        ``answer`` makes its answer (without its links: the tokens are returned beside it).
        With ``key``, the tokens are derived from the key (the answer is kept without them), and
        the same request sent again gets the same expedition's answer. ``chained``: the chain an
        import goes on with (else a fresh one, the start entry committing to its first key)."""
        if 1 + len(replayed) > MAX_ENTRIES:
            raise LogFull
        nonce = secrets.token_hex(16) if key is not None else None
        gm_token = (derived_token(key, nonce) if key is not None and nonce is not None
                    else secrets.token_urlsafe(32))
        players = players_token(gm_token, 0)
        at = started.at or now()
        public_id = secrets.token_urlsafe(12)
        chained = chained or Chain.fresh(public_id)
        if started.public_form is None:
            started = replace(started, extra={
                "commitment": chain.commitment(1, chained.key, 1)})
        row = ExpeditionRow(
            public_id=public_id, name=started.state["name"],
            gm_key=key_of(gm_token), players_key=key_of(players), players_generation=0,
            version=1, state=started.state, last_action=None, created_at=at, updated_at=at,
            chain_id=chained.chain_id, head_hash=chained.chain_id, epoch=1,
            epoch_key=chained.key, epoch_from=1)
        entries: list[EntryRow] = []
        try:
            with self.database.writing() as session:
                if key is not None:
                    found = self._recalled(session, key)
                    if found is not None:
                        return found
                session.add(row)
                session.flush()
                entries.append(_entry(row, 1, replace(started, at=at), before=None))
                by_seq = {1: entries[0]}
                for written, reverts in replayed:
                    entry = self._append(row, written, row.state, reverts, by_seq)
                    entries.append(entry)
                    by_seq[entry.seq] = entry
                row.epoch, row.epoch_key, row.epoch_from = (
                    chained.epoch, chained.key, chained.epoch_from)
                storable(row.name, row.state, *(_stored(entry) for entry in entries))
                session.add_all(entries)
                made = answer(Created(row, entries, gm_token, players))
                if key is not None:
                    keep_answer(session, CREATE, key, row.id, made, nonce)
        except IntegrityError:
            if key is None:
                raise
            # The same key's request committed first (sent twice at once): its answer.
            recalled = self.recall(key)
            if recalled is None:
                raise
            return recalled
        self._sweep()
        return Done(made, gm_token=gm_token, players_token=players)

    def recall(self, key: IdempotencyKey) -> Done | None:
        """The kept answer of the creation (or import) sent with ``key``, if it was made."""
        with self.database.reading() as session:
            return self._recalled(session, key)

    def _recalled(self, session: Session, key: IdempotencyKey) -> Done | None:
        kept = kept_answer(session, CREATE, key, self.keep_keys)
        if kept is None:
            return None
        assert kept.nonce is not None
        gm_token = derived_token(key, kept.nonce)
        row = session.get(ExpeditionRow, kept.expedition_id)
        if row is None or not hmac.compare_digest(key_of(gm_token), row.gm_key):
            return None  # cannot happen: the key's row goes with its expedition
        return Done(kept.answer, replayed=True, gm_token=gm_token,
                    players_token=players_token(gm_token, 0))

    @staticmethod
    def _append(row: ExpeditionRow, written: Written, before: dict[str, Any],
                reverts: int | None, log: dict[int, EntryRow]) -> EntryRow:
        """The next entry of ``row``, whose version, state and last action it moves on;
        ``log`` holds the entry an undo or a redo reverts: an undo's target's
        ``previous_action`` is in effect again, a redo's undo's target is in effect again."""
        seq = row.version + 1
        if written.kind in chain.CHAIN_KINDS:  # no action of the records: nothing to undo
            entry = _entry(row, seq, written, before=before)
        elif reverts is None:
            entry = _entry(row, seq, written, before=before, previous=row.last_action)
            row.last_action = seq
        else:
            entry = _entry(row, seq, written, before=before, reverts=reverts)
            target = log[reverts]
            row.last_action = (target.reverts if written.kind == "redo"
                               else target.previous_action)
        row.version = seq
        row.state = written.state
        row.updated_at = entry.at
        return entry

    # --- reading ------------------------------------------------------------------------------

    def head(self, public_id: str, token: str | None) -> tuple[int, Role]:
        """The version and the link's role (what a conditional poll costs): from the kept
        heads, else one indexed read, then kept."""
        if not PUBLIC_ID.fullmatch(public_id):
            raise NotFound
        found = self.kept_head(public_id)[0]
        if found is None:
            raise NotFound
        try:
            return found.version, role_of(found, token)
        except NotFound:
            if not token:
                raise
        with self.database.reading() as session:  # a character's link: not kept in memory
            opened = self.open(session, public_id, token)
        return opened.row.version, opened.role

    def kept_head(self, public_id: str, *, expired: bool = False) -> tuple[Head | None, int]:
        """The head of ``public_id`` from the kept heads (``expired`` ones too: see
        :meth:`Heads.lookup`), else one indexed read, then kept (``None``: no such expedition);
        and its slot's count of forgettings before the read."""
        found, forgotten = self.heads.lookup(public_id, expired=expired)
        if found is None:
            found = self.read_heads([public_id]).get(public_id)
            if found is not None:
                self.heads.keep(public_id, found, forgotten)
        return found, forgotten

    def read_heads(self, public_ids: Sequence[str]) -> dict[str, Head]:
        """The heads of those of ``public_ids`` that exist, from the database in one query."""
        with self.database.reading() as session:
            rows = session.execute(
                select(ExpeditionRow.public_id, ExpeditionRow.version, ExpeditionRow.gm_key,
                       ExpeditionRow.players_key)
                .where(ExpeditionRow.public_id.in_(public_ids))).all()
        return {row.public_id: Head(row.version, row.gm_key, row.players_key) for row in rows}

    def open(self, session: Session, public_id: str, token: str | None, *,
             lock: bool = False) -> Opened:
        """The expedition ``public_id`` if ``token`` opens it (locked for a write)."""
        if not PUBLIC_ID.fullmatch(public_id):
            raise NotFound
        query = select(ExpeditionRow).where(ExpeditionRow.public_id == public_id)
        if lock:
            query = query.with_for_update()
        row = session.execute(query).scalar_one_or_none()
        try:
            return Opened(row, role_of(row, token))  # type: ignore[arg-type]
        except NotFound:
            if row is None or not token:
                raise
            character = self._character_of(session, row.id, token)
            if character is None:
                raise
            return Opened(row, "character", character)

    @staticmethod
    def _character_of(session: Session, expedition: int, token: str) -> str | None:
        """The character whose link (not revoked) ``token`` is, if any."""
        found = session.execute(select(CharacterLinkRow.character).where(
            CharacterLinkRow.expedition_id == expedition, CharacterLinkRow.key == key_of(token),
            CharacterLinkRow.revoked_at.is_(None))).scalar_one_or_none()
        return found

    def read(self, public_id: str, token: str | None, *, entries: int,
             before: int | None = None) -> tuple[Opened, list[EntryRow], set[int]]:
        """The expedition, a page of its log (newest first, below ``before``) and which of
        those entries were undone."""
        with self.database.reading() as session:
            opened = self.open(session, public_id, token)
            page = self._page(session, opened.row, entries, before)
        return opened, *page

    def _page(self, session: Session, row: ExpeditionRow, entries: int,
              before: int | None) -> tuple[list[EntryRow], set[int]]:
        query = select(EntryRow).where(EntryRow.expedition_id == row.id)
        if before is not None:
            query = query.where(EntryRow.seq < before)
        page = list(session.execute(
            query.order_by(EntryRow.seq.desc()).limit(entries)).scalars())
        undone = self._undone(session, row, page[-1].seq) if page else set()
        return page, undone

    @staticmethod
    def _undone(session: Session, row: ExpeditionRow, oldest: int) -> set[int]:
        """Which entries from ``oldest`` on were undone: those an entry in effect reverts (an
        undo its action, a redo its undo). What reverts always comes later, so, newest first,
        whether each reverting entry is itself undone is known before it is met. Every entry
        from ``oldest`` on is read at most (two numbers each; the log is bounded)."""
        undone: set[int] = set()
        for seq, reverts in session.execute(
                select(EntryRow.seq, EntryRow.reverts).where(
                    EntryRow.expedition_id == row.id, EntryRow.reverts >= oldest)
                .order_by(EntryRow.seq.desc())).all():
            if seq not in undone and reverts is not None:  # >= is never true of NULL
                undone.add(reverts)
        return undone

    def chronicle(self, public_id: str, token: str | None,
                  write: Callable[[ExpeditionRow, Role, list[EntryRow], set[int]], None]
                  ) -> Opened:
        """The expedition and its whole log, oldest first, in one read: ``write`` gets each page
        of :data:`PAGE_MAX` entries with which of them were undone; a page written is let go
        before the next is read."""
        with self.database.reading() as session:
            opened = self.open(session, public_id, token)
            undone = self._undone(session, opened.row, 1)
            after = 0
            while True:
                page = list(session.execute(
                    select(EntryRow).where(EntryRow.expedition_id == opened.row.id,
                                           EntryRow.seq > after)
                    .order_by(EntryRow.seq).limit(PAGE_MAX)).scalars())
                if not page:
                    return opened
                write(opened.row, opened.role, page, undone)
                after = page[-1].seq
                for entry in page:
                    session.expunge(entry)

    def players_link(self, public_id: str, token: str | None) -> str:
        """The players' token, shown again to the GM."""
        with self.database.reading() as session:
            opened = self.open(session, public_id, token)
        if opened.role != "gm":
            raise ReadOnly(opened.role)
        return players_token(token or "", opened.row.players_generation)

    def export(self, public_id: str, token: str | None) -> tuple[ExpeditionRow, list[EntryRow],
                                                                 Role]:
        """The expedition, its whole log (oldest first), and which link reads it."""
        with self.database.reading() as session:
            opened = self.open(session, public_id, token)
            log = list(session.execute(
                select(EntryRow).where(EntryRow.expedition_id == opened.row.id)
                .order_by(EntryRow.seq)).scalars())
        return opened.row, log, opened.role

    # --- writing ------------------------------------------------------------------------------

    def act(self, public_id: str, token: str | None, expected: int | None,
            compute: Callable[[dict[str, Any], Spot], Written],
            answer: Callable[[ExpeditionRow, EntryRow], Answer], *,
            key: IdempotencyKey | None = None, role: Role = "gm") -> Done:
        """Do one action: ``compute(state, spot)`` gives what to write (``spot``: where in the
        chain, the seeds it draws and the entries it may cite), ``answer`` what to answer; one
        transaction. With ``key``: the answer kept for it, if this request was done. ``role``:
        the link that may write it (a character's roll: its link, whatever the version, as it
        changes no records)."""
        with self._changing(public_id) as session:
            opened, kept = self._writable(session, public_id, token, expected, key, role)
            row = opened.row
            if kept is not None:
                return Done(kept.answer, replayed=True)
            before = row.state
            written = compute(before, Spot(row.chain_id, row.version + 1, row.epoch,
                                           row.epoch_key, row.epoch_from, lambda seq: self._cited(
                                               session, row, seq), lambda kind: self._cites(
                                               session, row, kind), opened.character))
            entry = self._append(row, written, before, None, {})
            made = self._written(session, row, entry, answer, key)
        self._sweep()
        return Done(made)

    def undo(self, public_id: str, token: str | None, expected: int,
             compute: Callable[[EntryRow, dict[str, Any]], Written],
             answer: Callable[[ExpeditionRow, EntryRow], Answer], *,
             key: IdempotencyKey | None = None) -> Done:
        """Revert the last action still in effect: a new entry restores the state before it."""
        with self._changing(public_id) as session:
            opened, kept = self._writable(session, public_id, token, expected, key)
            row = opened.row
            if kept is not None:
                return Done(kept.answer, replayed=True)
            if row.last_action is None:
                raise NothingToUndo
            target = self._entry_at(session, row, row.last_action)
            written = compute(target, row.state)
            entry = self._append(row, written, row.state, target.seq, {target.seq: target})
            made = self._written(session, row, entry, answer, key)
        self._sweep()
        return Done(made)

    def redo(self, public_id: str, token: str | None, expected: int,
             compute: Callable[[EntryRow, dict[str, Any]], Written],
             answer: Callable[[ExpeditionRow, EntryRow], Answer], *,
             key: IdempotencyKey | None = None) -> Done:
        """Take back the newest undo no redo took back since the newest action
        (:func:`redo_stack`): a new entry re-applies the action it undid.

        ``compute(target, after)`` writes it: ``after`` is the state right after the
        action ``target``, as it was recorded, never rolled again. An entry keeps the state
        before it, not after it; the state after ``target`` is the state before the entry that
        follows it (there is one: the undo itself, at the latest), as an undo restores the
        state before its target."""
        with self._changing(public_id) as session:
            opened, kept = self._writable(session, public_id, token, expected, key)
            row = opened.row
            if kept is not None:
                return Done(kept.answer, replayed=True)
            newest_action = session.execute(select(func.max(EntryRow.seq)).where(
                EntryRow.expedition_id == row.id,
                EntryRow.kind.not_in(("undo", "redo", *chain.CHAIN_KINDS)))).scalar_one()
            stack: list[int] = []
            for seq, kind in session.execute(
                    select(EntryRow.seq, EntryRow.kind).where(
                        EntryRow.expedition_id == row.id, EntryRow.seq > newest_action)
                    .order_by(EntryRow.seq)).all():
                redo_stack(stack, kind, seq)
            if not stack:
                raise NothingToRedo
            undo = self._entry_at(session, row, stack[-1])
            assert undo.reverts is not None
            target = self._entry_at(session, row, undo.reverts)
            after = self._entry_at(session, row, target.seq + 1).state_before
            assert after is not None
            written = compute(target, after)
            entry = self._append(row, written, row.state, undo.seq, {undo.seq: undo})
            made = self._written(session, row, entry, answer, key)
        self._sweep()
        return Done(made)

    @staticmethod
    def _cites(session: Session, row: ExpeditionRow, kind: str) -> set[int]:
        """The entries the entries of ``kind`` cite (``input.entry``): the hidden entries
        revealed, the players' rolls applied."""
        return {int(inputs["entry"]) for (inputs,) in session.execute(
            select(EntryRow.inputs).where(EntryRow.expedition_id == row.id,
                                          EntryRow.kind == kind)).all()}

    @staticmethod
    def _cited(session: Session, row: ExpeditionRow, seq: int) -> EntryRow | None:
        return session.execute(select(EntryRow).where(
            EntryRow.expedition_id == row.id, EntryRow.seq == seq)).scalar_one_or_none()

    @staticmethod
    def _entry_at(session: Session, row: ExpeditionRow, seq: int) -> EntryRow:
        return session.execute(select(EntryRow).where(
            EntryRow.expedition_id == row.id, EntryRow.seq == seq)).scalar_one()

    def _written(self, session: Session, row: ExpeditionRow, entry: EntryRow,
                 answer: Callable[[ExpeditionRow, EntryRow], Answer],
                 key: IdempotencyKey | None) -> Answer:
        """Add ``entry`` once it can be stored; its answer, kept for ``key``."""
        storable(row.state, *_stored(entry))
        session.add(entry)
        made = answer(row, entry)
        if key is not None:
            keep_answer(session, row.public_id, key, row.id, made, None)
        return made

    # --- character links ----------------------------------------------------------------------

    def issue_character_link(self, public_id: str, token: str | None,
                             character: Callable[[dict[str, Any]], str]) -> tuple[
                                 CharacterLinkRow, str]:
        """A new link for the character ``character(state)`` names (it refuses one the records
        lack); its token is shown once, only its SHA-256 kept."""
        fresh = secrets.token_urlsafe(32)
        with self.database.writing() as session:
            opened = self.open(session, public_id, token, lock=True)
            if opened.role != "gm":
                raise ReadOnly(opened.role)
            link = CharacterLinkRow(expedition_id=opened.row.id,
                                    character=character(opened.row.state), key=key_of(fresh),
                                    created_at=now())
            storable(link.character)
            session.add(link)
            session.flush()
            session.expunge(link)
        return link, fresh

    def character_links(self, public_id: str, token: str | None) -> list[CharacterLinkRow]:
        """The expedition's character links still in force, oldest first (the GM's link)."""
        with self.database.reading() as session:
            opened = self.open(session, public_id, token)
            if opened.role != "gm":
                raise ReadOnly(opened.role)
            return list(session.execute(select(CharacterLinkRow).where(
                CharacterLinkRow.expedition_id == opened.row.id,
                CharacterLinkRow.revoked_at.is_(None)).order_by(CharacterLinkRow.id)).scalars())

    def revoke_character_link(self, public_id: str, token: str | None, link_id: int) -> bool:
        """Revoke a character link at once; whether there was one in force."""
        with self._changing(public_id) as session:
            opened = self.open(session, public_id, token, lock=True)
            if opened.role != "gm":
                raise ReadOnly(opened.role)
            link = session.execute(select(CharacterLinkRow).where(
                CharacterLinkRow.expedition_id == opened.row.id, CharacterLinkRow.id == link_id,
                CharacterLinkRow.revoked_at.is_(None))).scalar_one_or_none()
            if link is None:
                return False
            link.revoked_at = now()
            return True

    def rotate_players(self, public_id: str, token: str | None) -> str:
        """A new players' link; the old one opens nothing any more."""
        with self._changing(public_id) as session:
            opened = self.open(session, public_id, token, lock=True)
            if opened.role != "gm":
                raise ReadOnly(opened.role)
            row = opened.row
            row.players_generation += 1
            fresh = players_token(token or "", row.players_generation)
            row.players_key = key_of(fresh)
        return fresh

    def _writable(self, session: Session, public_id: str, token: str | None,
                  expected: int | None, key: IdempotencyKey | None,
                  role: Role = "gm") -> tuple[Opened, Kept | None]:
        """The expedition locked for the write of the link of ``role``, and the answer kept for
        ``key`` (looked up before the version check: a resent action carries the version it was
        sent with); a full log takes no new entry. ``expected`` ``None``: any version."""
        opened = self.open(session, public_id, token, lock=True)
        if opened.role != role:
            raise ReadOnly(opened.role)
        if key is not None:
            kept = kept_answer(session, opened.row.public_id, key, self.keep_keys)
            if kept is not None:
                return opened, kept
        if expected is not None and opened.row.version != expected:
            raise Stale(opened.row.version, expected)
        if opened.row.version >= MAX_ENTRIES:
            raise LogFull
        return opened, None

    def _sweep(self) -> None:
        """Delete expired idempotency keys, at most every :data:`SWEEP_SECONDS` per process."""
        if time.monotonic() - self._swept_at < SWEEP_SECONDS:
            return
        self._swept_at = time.monotonic()
        try:
            with self.database.writing() as session:
                session.execute(delete(IdempotencyRow).where(
                    IdempotencyRow.created_at < now() - self.keep_keys))
        except Exception as error:  # the write it follows is done: it must not fail for this
            log.warning("expired idempotency keys not swept: %s", error)

    # --- counting (the bench) -----------------------------------------------------------------

    def counts(self) -> tuple[int, int]:
        """How many expeditions and log entries the database holds."""
        with self.database.reading() as session:
            expeditions = session.execute(select(func.count(ExpeditionRow.id))).scalar_one()
            entries = session.execute(select(func.count(EntryRow.id))).scalar_one()
        return int(expeditions), int(entries)
