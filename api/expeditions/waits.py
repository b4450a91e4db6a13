"""A players' page's poll that waits for the change (RFC 7240 ``Prefer: wait=N``): long polling.

A conditional poll that nothing changed since is answered ``304`` from the head kept in shared
memory (:mod:`api.expeditions.polls`). A page that sends ``Prefer: wait=N`` asks the server to
hold that answer until the expedition's head changes (its version, or either link's key), or
``N`` seconds pass (at most ``RPG_EXPEDITION_WAIT_SECONDS``). One :class:`Watcher` per worker
process holds the waiting polls and watches, for all of them at once:

- every :data:`CHECK_SECONDS`, the heads table's count of forgettings of each waited expedition's
  slot (no database): every write on this instance forgets its head once it committed
  (:meth:`api.expeditions.heads.Heads.forget`), whichever worker made it;
- every :data:`READ_SECONDS`, the waited expeditions' heads in the database, one query per worker
  process (:data:`CHUNK` ids at a time): what carries another instance's write across (one
  PostgreSQL).

A moved count or another head wakes the expedition's polls, which Flask then answers as any poll (a
``200`` with the change, or the refusal of a link no longer valid: a rotated players' link is cut
off at once), in turn: :data:`STAGGER_SECONDS` apart (:func:`wake_in_turn`; all within
:data:`STAGGER_MOST_SECONDS`), not all in one go, which would hold the worker from a GM's request
for the time of all their answers (a hundred followers of a table, a few tens per worker). A poll
whose wait ends with nothing changed is the same ``304`` with ``Preference-Applied: wait=N``. A
database that fails or does not answer within its deadline (``RPG_DATABASE_TIMEOUT``) wakes the
polls it was read for: Flask answers them as it answers every poll then. A process holds at most
``RPG_EXPEDITION_MAX_WAITERS`` waiting polls (past them a poll is answered at once, without
``Preference-Applied``), and a worker told to stop answers them at once too (:func:`stop`, called
by :mod:`api.worker`).

The players' polls are held before Flask (:mod:`api.expeditions.polls`); a character's link is
checked in the database, so its poll is held by Flask's view after that read, by the same watcher
(``api.expeditions.views._hold``). A revoked character link wakes the polls held on this instance
(the revocation forgets the head); the head in the database does not change, so on another
instance it is refused at its next poll.

The cost is the watcher's, per worker, not per follower: a waiting poll costs nothing until its
answer. Its threads are greenlets under the run command's gevent workers; each process starts its
own on its first wait (after gunicorn forked it). Waiting holds a request open: the run command
turns it on (``api.serve``); the app's own default is off (a threaded server holds a thread per
waiting poll).
"""

from __future__ import annotations

import enum
import logging
import os
import threading
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from api.expeditions.heads import Head

if TYPE_CHECKING:
    from api.expeditions.store import ExpeditionStore

log = logging.getLogger(__name__)

#: Seconds between two looks at the heads table's counts (a change on this instance).
CHECK_SECONDS = 0.15
#: Seconds between two reads of the waited heads from the database (another instance's change).
READ_SECONDS = 1.0
#: Public ids one query of the database names at most.
CHUNK = 500
#: Seconds between the answers of two polls woken by the same change: a change wakes every poll
#: of its expedition held in the worker at once, and their answers, run back to back, would hold
#: the worker (a GM's request that lands in it waits for all of them); a few times an answer's
#: cost apart, they leave it mostly free.
STAGGER_SECONDS = 0.002
#: The most seconds the last of them waits: past :data:`STAGGER_SECONDS` × 125 polls (a process
#: holds up to ``RPG_EXPEDITION_MAX_WAITERS``, 900 under the run command) they come closer.
STAGGER_MOST_SECONDS = 0.25


class Outcome(enum.Enum):
    """How a wait ended."""

    CHANGED = "changed"  # the head changed (or the database could not tell): Flask answers
    WAITED = "waited"  # nothing changed in the time asked: 304 with Preference-Applied
    NOT_WAITED = "not waited"  # no room to wait, or the worker stops: 304 at once


def applied(seconds: int) -> tuple[str, str]:
    """The header of a ``304`` whose poll was held ``seconds`` with nothing changed."""
    return ("Preference-Applied", f"wait={seconds}")


def preferred_wait(prefer: str) -> int | None:
    """The seconds a ``Prefer`` header asks to wait (``wait=N``, RFC 7240), else ``None``."""
    for preference in prefer.split(","):
        name, _, value = preference.split(";")[0].partition("=")
        if name.strip().lower() == "wait":
            value = value.strip().strip('"')
            return int(value) if value.isascii() and value.isdigit() and len(value) < 10 else None
    return None


_stopping = False


def stop() -> None:
    """The worker stops: every waiting poll is answered at once, and none waits any more (safe
    in a signal handler: it only sets a flag the watchers look at)."""
    global _stopping
    _stopping = True


@dataclass(eq=False)
class Waiter:
    """One waiting poll: the head it was answered from, and its slot's count then."""

    public_id: str
    head: Head
    forgotten: int
    woken: threading.Event = field(default_factory=threading.Event)
    outcome: Outcome = Outcome.WAITED
    delay: float = 0.0  #: seconds to wait once woken, before it is answered

    def wake(self, outcome: Outcome, delay: float = 0.0) -> None:
        self.outcome, self.delay = outcome, delay
        self.woken.set()


class Watcher:
    """The waiting polls of one process, and the threads that wake them (started on first use,
    in the process that waits)."""

    def __init__(self, store: ExpeditionStore, most: int, seconds: int) -> None:
        self.store = store
        self.most = most
        self.seconds = seconds
        self._lock = threading.Lock()
        self._waiting: dict[str, set[Waiter]] = {}
        self._count = 0
        self._pid = 0
        self._running: set[str] = set()
        self._threads: list[threading.Thread] = []
        self._closed = False

    def held_for(self, prefer: str) -> int:
        """The seconds to hold a poll whose ``Prefer`` header is ``prefer``: what it asks, at most
        ``RPG_EXPEDITION_WAIT_SECONDS`` (0: answered at once)."""
        return min(preferred_wait(prefer) or 0, self.seconds)

    def held(self, public_id: str, head: Head, forgotten: int,
             seconds: int) -> tuple[tuple[str, str], ...] | None:
        """Hold a poll answered ``304`` from ``head`` (:meth:`wait`): the headers its ``304``
        adds once held (``Preference-Applied`` when nothing changed in the ``seconds`` asked,
        none when it was answered at once); ``None``: the head changed, the poll is answered
        afresh. Both holds use it: the players' before Flask, a character's in Flask's view."""
        outcome = self.wait(public_id, head, forgotten, seconds)
        if outcome is Outcome.CHANGED:
            return None
        return (applied(seconds),) if outcome is Outcome.WAITED else ()

    def wait(self, public_id: str, head: Head, forgotten: int, seconds: float) -> Outcome:
        """Hold this poll until ``public_id``'s head is no longer ``head`` (or its slot's count
        of forgettings no longer ``forgotten``) or ``seconds`` pass."""
        waiter = Waiter(public_id, head, forgotten)
        with self._lock:
            if _stopping or self._closed or self._count >= self.most:
                return Outcome.NOT_WAITED
            self._started()
            self._waiting.setdefault(public_id, set()).add(waiter)
            self._count += 1
        try:
            waiter.woken.wait(seconds)
        finally:
            with self._lock:
                waiters = self._waiting.get(public_id)
                if waiters is not None:
                    waiters.discard(waiter)
                    if not waiters:
                        del self._waiting[public_id]
                self._count -= 1
        if waiter.delay > 0:
            time.sleep(waiter.delay)
        return waiter.outcome

    @property
    def waiting(self) -> int:
        """The polls waiting now."""
        return self._count

    def _started(self) -> None:
        """The watching threads of this process, running while any poll waits (called under
        the lock; a fork inherits no thread: they start anew in each process)."""
        if self._pid != os.getpid():
            self._pid, self._running, self._threads = os.getpid(), set(), []
        for loop in (self._check, self._read):
            if loop.__name__ not in self._running:
                self._running.add(loop.__name__)
                thread = threading.Thread(target=loop, name=f"expedition-waits{loop.__name__}",
                                          daemon=True)
                self._threads.append(thread)
                thread.start()

    def close(self, timeout: float = 10) -> None:
        """Answer every waiting poll now (``304``, no ``Preference-Applied``), hold none from now
        on, and wait ``timeout`` s at most for the watching threads to end (the app closes: its
        database must not close under them)."""
        with self._lock:
            self._closed = True
            waiters = [waiter for waiting in self._waiting.values() for waiter in waiting]
        for waiter in waiters:
            waiter.wake(Outcome.NOT_WAITED)
        for thread in self._threads:
            thread.join(timeout)

    def _snapshot(self, loop: str) -> dict[str, list[Waiter]] | None:
        """The waiting polls by expedition; ``None``: none waits, and ``loop`` ends."""
        with self._lock:
            if not self._waiting:
                self._running.discard(loop)
                return None
            return {public_id: list(waiters) for public_id, waiters in self._waiting.items()}

    def _check(self) -> None:
        """Wake the polls whose slot was forgotten since (a write on this instance)."""
        while True:
            time.sleep(CHECK_SECONDS)
            waiting = self._snapshot("_check")
            if waiting is None:
                return
            if _stopping:
                for waiters in waiting.values():
                    for waiter in waiters:
                        waiter.wake(Outcome.NOT_WAITED)
                continue
            try:
                counts = self.store.heads.forgettings(list(waiting))
            except Exception:
                log.exception("the heads' counts could not be read")
                counts = None
            if counts is None:
                continue  # the database's read still wakes them
            for public_id, waiters in waiting.items():
                wake_in_turn([waiter for waiter in waiters
                              if counts[public_id] != waiter.forgotten])

    def _read(self) -> None:
        """Wake the polls whose head in the database is another (a write on another instance),
        or that the database could not be read for."""
        while True:
            time.sleep(READ_SECONDS)
            waiting = self._snapshot("_read")
            if waiting is None:
                return
            ids = list(waiting)
            for start in range(0, len(ids), CHUNK):
                chunk = ids[start:start + CHUNK]
                try:
                    counts = self.store.heads.forgettings(chunk) or {}
                    heads = self.store.read_heads(chunk)
                except Exception as error:
                    log.warning("the waited expeditions' heads could not be read: %s", error)
                    counts, heads = {}, {}
                for public_id, head in heads.items():  # kept for the polls that follow
                    if public_id in counts:
                        self.store.heads.keep(public_id, head, counts[public_id])
                for public_id in chunk:
                    wake_in_turn([waiter for waiter in waiting[public_id]
                           if heads.get(public_id) != waiter.head])


def wake_in_turn(changed: list[Waiter]) -> None:
    """Wake the polls of one expedition that its change ended, :data:`STAGGER_SECONDS` apart,
    the last of them :data:`STAGGER_MOST_SECONDS` after the first at most."""
    apart = min(STAGGER_SECONDS, STAGGER_MOST_SECONDS / max(len(changed) - 1, 1))
    for turn, waiter in enumerate(changed):
        waiter.wake(Outcome.CHANGED, turn * apart)
