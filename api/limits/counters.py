"""Where the counts live: a table in shared memory, or Redis (one Lua script a request)."""

from __future__ import annotations

import logging
import mmap
from collections.abc import Sequence
from typing import Any, Protocol

from api.limits.rates import Rate, Verdict, parse_rates, verdict
from api.shared_lock import SharedLock

log = logging.getLogger(__name__)


class StoreUnavailable(Exception):
    """The counters' store did not answer."""


class Counters(Protocol):
    """Where the counts live: :class:`SharedMemoryCounters` or :class:`RedisCounters`."""

    kind: str

    def hit(self, key: str, now: float, cost: int = 1) -> Verdict:
        """Count ``cost`` units of ``key`` at ``now`` unless a window has no room for them."""

    def ping(self) -> None:
        """Raise :class:`StoreUnavailable` unless the store answers."""


class SharedMemoryCounters:
    """A fixed-size table of counters in anonymous shared memory, shared by forked workers.

    One slot per client: its key's hash, then (window number, count) per rate. A client's slot is
    found within :attr:`PROBES` slots of its hash; a slot whose windows have all ended is free
    again, so the table needs no sweeping. When every probed slot holds a live client (more
    distinct clients within a window than the table has room for), the least busy of them is
    forgotten: that client starts a fresh budget, never a refusal it has not earned.

    The table is written under one process-shared lock (the section lasts microseconds;
    :class:`api.shared_lock.SharedLock`: taken over from a worker killed inside it).
    """

    kind = "memory"
    PROBES = 8

    def __init__(self, rates: Sequence[Rate], slots: int = 65_536) -> None:
        self.rates = tuple(rates)
        self.slots = slots
        self.width = 1 + 2 * len(self.rates)
        # MAP_SHARED and anonymous: the very same pages in every process forked after this.
        self._memory = mmap.mmap(-1, slots * self.width * 8)
        self._table = memoryview(self._memory).cast("q")
        self.lock = SharedLock("rate-limit table")

    def ping(self) -> None:
        """Shared memory always answers."""

    def hit(self, key: str, now: float, cost: int = 1) -> Verdict:
        # str hashes are salted per interpreter; forked workers inherit the master's salt.
        fingerprint = hash(key) or 1
        windows = [int(now // rate.seconds) for rate in self.rates]
        # Without the lock (a live holder kept it too long) the request is counted all the same:
        # at worst one request miscounted, never a refusal for a stalled worker.
        with self.lock.held():
            start = self._slot(fingerprint, windows)
            table = self._table
            counts = [table[start + 2 + 2 * i] if table[start + 1 + 2 * i] == window else 0
                      for i, window in enumerate(windows)]
            allowed = all(count + cost <= rate.amount
                          for count, rate in zip(counts, self.rates, strict=True))
            if allowed:
                table[start] = fingerprint
                for i, window in enumerate(windows):
                    counts[i] += cost
                    table[start + 1 + 2 * i] = window
                    table[start + 2 + 2 * i] = counts[i]
        return verdict(self.rates, now, counts, allowed, cost)

    def _slot(self, fingerprint: int, windows: list[int]) -> int:
        """The offset of ``fingerprint``'s slot: its own, else a free one, else the quietest."""
        table, width = self._table, self.width
        home = fingerprint % self.slots
        free = quietest = -1
        quietest_count = 0
        for probe in range(self.PROBES):
            start = (home + probe) % self.slots * width
            if table[start] == fingerprint:
                return start
            if free < 0:
                live = [table[start + 2 + 2 * i] for i, window in enumerate(windows)
                        if table[start + 1 + 2 * i] == window]
                if table[start] == 0 or not any(live):
                    free = start
                elif quietest < 0 or sum(live) < quietest_count:
                    quietest, quietest_count = start, sum(live)
        start = free if free >= 0 else quietest
        table[start: start + width] = memoryview(bytes(8 * width)).cast("q")
        return start


#: Counts a request's units (one, or its weight) across every rate, atomically: nothing is
#: counted when any window lacks room for them. KEYS: one per rate; ARGV: the amounts, then the
#: keys' lifetimes in seconds, then the units.
_HIT_SCRIPT = """
local n = #KEYS
local cost = tonumber(ARGV[2 * n + 1])
local counts = {}
for i = 1, n do
  counts[i] = tonumber(redis.call('GET', KEYS[i]) or '0')
  if counts[i] + cost > tonumber(ARGV[i]) then
    for j = i + 1, n do counts[j] = tonumber(redis.call('GET', KEYS[j]) or '0') end
    return {0, unpack(counts)}
  end
end
for i = 1, n do
  counts[i] = redis.call('INCRBY', KEYS[i], cost)
  if counts[i] == cost then redis.call('EXPIRE', KEYS[i], ARGV[n + i]) end
end
return {1, unpack(counts)}
"""


class RedisCounters:
    """Counters in Redis shared by every instance; one round trip (a Lua script) a request.

    Each window is its own key (``<prefix>:{<client>}:<seconds>:<window number>``, the braces
    keep one client's keys on one cluster node), expiring just after its window; instances agree
    on windows by their clocks.
    """

    kind = "redis"
    #: Seconds to wait for Redis: a stalled Redis must not stall the API.
    TIMEOUT = 0.25

    def __init__(self, uri: str, rates: Sequence[Rate], prefix: str) -> None:
        try:
            import redis
            from redis.backoff import NoBackoff
            from redis.retry import Retry
        except ImportError as missing:  # pragma: no cover - a dependency of the project
            raise RuntimeError("RATELIMIT_STORAGE_URI is Redis: install the 'redis' package") \
                from missing
        self.rates = tuple(rates)
        self.prefix = prefix
        self._errors: tuple[type[BaseException], ...] = (redis.RedisError, OSError)
        self._client = redis.Redis.from_url(
            uri, socket_timeout=self.TIMEOUT, socket_connect_timeout=self.TIMEOUT,
            # One immediate retry, and only of a connection found dead (a pooled connection
            # after Redis restarted or failed over: it fails at once, and the retry reconnects).
            # A timeout is not retried: a frozen Redis costs a request 0.25 s, not a second.
            # No health-check PING before a command either: it would wait 0.25 s of its own.
            retry=Retry(NoBackoff(), 1, supported_errors=(redis.ConnectionError,)),
            health_check_interval=0)
        self._script = self._client.register_script(_HIT_SCRIPT)
        self._lifetimes = [rate.seconds + 5 for rate in self.rates]

    def ping(self) -> None:
        """Raise :class:`StoreUnavailable` unless Redis answers PING."""
        try:
            self._client.ping()
        except self._errors as error:
            raise StoreUnavailable(f"{type(error).__name__}: {error}") from error

    def hit(self, key: str, now: float, cost: int = 1) -> Verdict:
        keys = [f"{self.prefix}:{{{key}}}:{rate.seconds}:{int(now // rate.seconds)}"
                for rate in self.rates]
        try:
            allowed, *counts = self._script(
                keys=keys, args=[rate.amount for rate in self.rates] + self._lifetimes + [cost])
        except self._errors as error:
            raise StoreUnavailable(f"{type(error).__name__}: {error}") from error
        return verdict(self.rates, now, [int(count) for count in counts], bool(allowed), cost)


def counters_for(config: dict[str, Any]) -> Counters:
    """The store ``RATELIMIT_STORAGE_URI`` names, counting ``RATELIMIT_DEFAULT``."""
    rates = parse_rates(str(config["RATELIMIT_DEFAULT"]))
    uri = str(config["RATELIMIT_STORAGE_URI"])
    if uri.startswith("memory://"):
        return SharedMemoryCounters(rates, int(config["RATELIMIT_TABLE_SIZE"]))
    if uri.startswith(("redis://", "rediss://", "unix://")):
        return RedisCounters(uri, rates, str(config["RATELIMIT_KEY_PREFIX"]))
    raise ValueError(f"RATELIMIT_STORAGE_URI: {uri!r} is neither memory:// nor redis://")
