"""The rate limiter: a store of counts that may fail, and what is done when it does."""

from __future__ import annotations

import logging
import math
import mmap
import time

from api.limits.counters import Counters, StoreUnavailable
from api.limits.rates import Verdict

log = logging.getLogger(__name__)


class RateLimiter:
    """Counts requests in ``counters``; serves without a limit while the store fails."""

    #: Seconds between two tries of a failed store (per worker).
    RETRY_SECONDS = 1.0
    #: Seconds between two warnings that the store fails (per instance).
    WARN_SECONDS = 60.0

    def __init__(self, counters: Counters) -> None:
        self.counters = counters
        self._retry_at = 0.0
        self._failing = False
        # When the last warning was logged, shared by the workers (created before the fork).
        self._warned = memoryview(mmap.mmap(-1, 8)).cast("d")
        self._warned[0] = -math.inf

    def hit(self, key: str, cost: int = 1) -> Verdict | None:
        """Count ``cost`` units of ``key``; ``None`` when the store cannot count them."""
        if self._failing and time.monotonic() < self._retry_at:
            return None
        try:
            result = self.counters.hit(key, time.time(), cost)
        except StoreUnavailable as error:
            self.failed(error)
            return None
        if self._failing:
            self._failing = False
            log.warning("rate-limit store (%s) answers again: the limit holds again",
                        self.counters.kind)
        return result

    def failed(self, error: Exception) -> None:
        """Note a failure of the store: skip it for a while, warn at most once a minute."""
        now = time.monotonic()
        self._failing, self._retry_at = True, now + self.RETRY_SECONDS
        wall = time.time()
        if wall - self._warned[0] >= self.WARN_SECONDS:
            self._warned[0] = wall
            log.warning("rate-limit store (%s) unavailable, serving without a limit: %s",
                        self.counters.kind, error)

    def check(self) -> tuple[bool, str]:
        """Whether the store answers now (for the health endpoint), and what it is."""
        try:
            self.counters.ping()
        except StoreUnavailable as error:
            self.failed(error)
            return False, self.counters.kind
        if self._failing:
            self._retry_at = 0.0  # answers again: the next request uses it
        return True, self.counters.kind
