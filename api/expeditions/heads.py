"""What a conditional poll needs of an expedition, kept in shared memory: its head.

A players' page asks again and again whether anything changed (``If-None-Match``). The answer
depends on three things only: the expedition's version and the SHA-256 of its two links' tokens
(which link reads, and whether it still opens anything). :class:`Heads` keeps them per expedition
in a fixed table of anonymous shared memory, made with the app before gunicorn forks its workers
(as the rate limit's counters are, :mod:`api.limits`), so every worker of an instance reads and
forgets the same entries, and a poll answered from it opens no database session.

It is never wrong on one instance: every write that moves a version or a key (an action, an undo,
a new players' link) forgets the expedition's entry once it has committed, and an entry read from
the database is kept only when no write forgot that slot since the read began (each slot counts
its forgettings: a read that raced a write is answered, not kept). A worker killed between a
commit and its forgetting leaves the old head for at most :attr:`Heads.seconds`. Across instances
(one PostgreSQL), another instance's write is not seen here until the entry expires: each entry
lives ``RPG_EXPEDITION_HEAD_SECONDS`` (1 s by default; 0 keeps nothing), the bound both on a change
reaching another instance's followers and on a rotated players' link still being answered 304
there (a 304 says only "nothing changed"; every 200 reads the database and refuses the old link).
The same bound holds between the processes of a server that makes the app in each of them
instead of once before forking (the run command preloads it): each then keeps a table of its own.

A poll held until a change (``Prefer: wait=N``, :mod:`api.expeditions.waits`) is woken by the
count of its slot's forgettings moving (:meth:`Heads.forgettings`: a write on this instance, by
any worker), and by the watcher's read of the database once a second (another instance's write,
or a rotated link there), which also keeps the heads of the expeditions waited on.
"""

from __future__ import annotations

import logging
import mmap
import struct
import time
from dataclasses import dataclass

from api.shared_lock import SharedLock

log = logging.getLogger(__name__)

#: A slot: forgettings, expiry (monotonic ns), version, public id, the two keys' digests.
SLOT = struct.Struct("<qqq32s32s32s")
@dataclass(frozen=True, slots=True)
class Head:
    """An expedition's version and its links' keys (SHA-256, hex, as stored)."""

    version: int
    gm_key: str
    players_key: str


class Heads:
    """A fixed table of heads in shared memory, ``slots`` of them, each kept ``seconds``.

    An expedition's slot is chosen by its public id's hash; two expeditions sharing one take
    turns (each miss is one indexed read, as every poll was before). Reads and writes of a slot
    hold one process-shared lock for microseconds (:class:`api.shared_lock.SharedLock`: taken
    over from a worker killed inside it). While a live holder keeps it too long, a request does
    without: a lookup is a miss (the database answers), a head read meanwhile is not kept, and a
    forgetting is written all the same (a write must never leave an old head).
    """

    def __init__(self, seconds: float, slots: int = 16_384) -> None:
        self.seconds = seconds
        self.slots = slots
        self._lifetime = int(seconds * 1e9)
        # MAP_SHARED and anonymous: the very same pages in every process forked after this.
        self._memory = mmap.mmap(-1, slots * SLOT.size)
        self.lock = SharedLock("expedition heads'")

    @property
    def enabled(self) -> bool:
        """Whether heads are kept at all (``seconds`` > 0)."""
        return self._lifetime > 0

    def _offset(self, public_id: str) -> int:
        # str hashes are salted per interpreter; forked workers inherit the master's salt.
        return hash(public_id) % self.slots * SLOT.size

    def lookup(self, public_id: str, *, expired: bool = False) -> tuple[Head | None, int]:
        """The head of ``public_id`` if kept and fresh (or, ``expired``, kept and not forgotten
        since: what a held poll may start from, its watcher reading the database within a
        second); else ``None`` and the slot's count of forgettings, which :meth:`keep` needs."""
        if not self.enabled:
            return None, 0
        offset = self._offset(public_id)
        with self.lock.held() as held:
            if not held:
                return None, -1  # a miss, and a count no slot has: the head read is not kept
            forgotten, expires, version, kept_id, gm, players = SLOT.unpack_from(
                self._memory, offset)
        if kept_id.rstrip(b"\0") == public_id.encode() and (
                expired or time.monotonic_ns() < expires):
            return Head(version, gm.hex(), players.hex()), forgotten
        return None, forgotten

    def keep(self, public_id: str, head: Head, forgotten: int) -> None:
        """Keep ``head``, read from the database after :meth:`lookup` answered ``forgotten``,
        unless a write forgot the slot since (the read may predate it)."""
        if not self.enabled:
            return
        offset = self._offset(public_id)
        with self.lock.held() as held:
            if not held or SLOT.unpack_from(self._memory, offset)[0] != forgotten:
                return
            SLOT.pack_into(self._memory, offset, forgotten,
                           time.monotonic_ns() + self._lifetime, head.version,
                           public_id.encode(), bytes.fromhex(head.gm_key),
                           bytes.fromhex(head.players_key))

    def forgettings(self, public_ids: list[str]) -> dict[str, int] | None:
        """Each slot's count of forgettings, by public id, under one hold of the lock
        (``None``: a live holder kept it): what a waiting poll watches
        (:mod:`api.expeditions.waits`)."""
        with self.lock.held() as held:
            if not held:
                return None
            return {public_id: SLOT.unpack_from(self._memory, self._offset(public_id))[0]
                    for public_id in public_ids}

    def forget(self, public_id: str) -> None:
        """Drop the head of ``public_id`` (after a write to it committed, or failed)."""
        if not self.enabled:
            return
        offset = self._offset(public_id)
        with self.lock.held():
            forgotten = SLOT.unpack_from(self._memory, offset)[0]
            SLOT.pack_into(self._memory, offset, forgotten + 1, 0, 0, b"", b"", b"")
