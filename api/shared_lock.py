"""A lock shared by the forked workers of one instance that outlives a worker killed inside it.

The rate limit's table (:mod:`api.limits.counters`) and the expeditions' heads
(:mod:`api.expeditions.heads`) live in anonymous shared memory made before gunicorn forks its
workers, and each is written under one lock held for microseconds. A worker killed inside would
leave the lock held for good, so the holder writes its process id beside the lock, and a request
that waits :attr:`SharedLock.TIMEOUT` in vain looks at it:

- the holder is gone: its lock is taken over (held by the request that found it so, which
  releases it when done);
- the holder is alive (stopped by a signal, starved of CPU): it keeps its lock, never released
  from under it, and the request goes on without it (``held`` is false), doing what its table
  can do safely without (the caller decides).
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
from collections.abc import Iterator

log = logging.getLogger(__name__)


def _alive(pid: int) -> bool:
    """Whether the process ``pid`` still exists (a child that exited unreaped counts as gone)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    with contextlib.suppress(OSError):  # not our child: its parent reaps it
        if os.waitpid(pid, os.WNOHANG)[0] == pid:
            return False
    return True


class SharedLock:
    """One process-shared lock and its holder's process id (0: none), named ``name`` in logs."""

    TIMEOUT = 0.2

    def __init__(self, name: str) -> None:
        self.name = name
        context = multiprocessing.get_context("fork")
        self._lock = context.Lock()
        self._holder = context.RawValue("q", 0)

    @contextlib.contextmanager
    def held(self) -> Iterator[bool]:
        """The lock, held for the block; the value says whether it is (false: a live holder
        kept it past :attr:`TIMEOUT`)."""
        if not self._lock.acquire(timeout=self.TIMEOUT):
            holder = self._holder.value
            if holder and _alive(holder):
                log.error("%s lock held by process %d for %.1f s: going on without it",
                          self.name, holder, self.TIMEOUT)
                yield False
                return
            log.error("%s lock left by process %d, gone: taking it over", self.name, holder)
        self._holder.value = os.getpid()
        try:
            yield True
        finally:
            self._holder.value = 0
            with contextlib.suppress(ValueError):  # a lock taken over may be free already
                self._lock.release()

    def acquire_now(self) -> bool:
        """Take the lock if it is free at once (for tests and probes); release with
        :meth:`release`."""
        return bool(self._lock.acquire(block=False))

    def release(self) -> None:
        self._lock.release()
