"""What the app does differently under the run command's gevent workers.

There every connection is a greenlet, and a greenlet runs until it waits. Two consequences:

- a wait can be cut short from outside (a database frozen mid-query: :func:`cooperative` tells
  whether that is possible, :mod:`api.expeditions.database` does it);
- a long computation (an expedition's import replaying its entries) holds the whole worker, its
  other requests and its heartbeat to the gunicorn master too, unless it lets them run:
  :class:`Pacer`. ``gevent.sleep(0)`` is not enough: it switches to greenlets already waiting
  to run, but the event loop may never poll, so no new request is read and no timer fires (the
  master kills a worker whose heartbeat stops for ``RPG_TIMEOUT``); a sleep of a millisecond
  lets the loop turn.
"""

from __future__ import annotations

import sys
import time


def cooperative() -> bool:
    """Whether the standard library is gevent's (the run command's workers)."""
    monkey = sys.modules.get("gevent.monkey")
    return bool(monkey is not None and monkey.is_module_patched("socket"))


class Pacer:
    """Call it between steps of a long computation: every ``every`` seconds of work it sleeps a
    millisecond (under gevent only), so the worker's other requests, new connections and
    heartbeat run in between."""

    def __init__(self, every: float = 0.02) -> None:
        self.every = every
        self.cooperative = cooperative()
        self._since = time.monotonic()

    def __call__(self) -> None:
        if self.cooperative and time.monotonic() - self._since >= self.every:
            time.sleep(0.001)
            self._since = time.monotonic()
