"""The run command's worker: gunicorn's gevent worker, guarded against slow and greedy clients.

Gunicorn's gevent worker already cuts a request head that does not arrive within the keep-alive
time. Two more guards, against clients that hold connections without finishing them:

- **A body's deadline** (``RPG_BODY_TIMEOUT``, 10 s): a request's body must arrive within that
  many seconds of its head. Past it the app's read of the body fails with ``408 Request
  Timeout`` (the error envelope, in the user's language) and the connection is closed: a client
  sending a byte every few seconds holds a connection for at most head + body deadlines.
- **Connections per client** (``RPG_MAX_CONNECTIONS_PER_CLIENT``, a tenth of
  ``RPG_WORKER_CONNECTIONS``): one client address may hold at most that many of a worker's
  connections at once; one more is answered ``429`` and closed at once (gevent's pool would
  otherwise fill with one client's idle connections, and every other client wait in the
  listen queue). With ``RPG_PROXY_HOPS`` set every connection comes from the proxy, so the
  default is then 0 (no cap): the proxy in front limits its clients' connections.

A worker told to stop (SIGTERM) answers its held polls at once (:func:`api.expeditions.waits.stop`)
rather than after their wait: they would hold its graceful shutdown for up to their wait.
"""

from __future__ import annotations

import os
import time
from collections import Counter
from typing import Any

import gevent
from gunicorn.workers.ggevent import GeventWorker
from werkzeug.exceptions import RequestTimeout

from api.expeditions.waits import stop as stop_waiting

#: What a connection past its client's share is told before it is closed.
TOO_MANY = (b"HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\nContent-Length: 0\r\n"
            b"Retry-After: 5\r\n\r\n")


def body_timeout() -> float:
    """Seconds a request's body has to arrive (``RPG_BODY_TIMEOUT``, default 10; 0: none)."""
    return float(os.environ.get("RPG_BODY_TIMEOUT", "10"))


def connections_per_client(worker_connections: int) -> int:
    """``RPG_MAX_CONNECTIONS_PER_CLIENT``, default a tenth of a worker's connections (at least
    one), or 0 (no cap) behind a proxy (``RPG_PROXY_HOPS``)."""
    given = os.environ.get("RPG_MAX_CONNECTIONS_PER_CLIENT")
    if given is not None:
        return int(given)
    if int(os.environ.get("RPG_PROXY_HOPS", "0") or 0):
        return 0
    return max(1, worker_connections // 10)


class DeadlineBody:
    """A request's body that must be read within a deadline (the app's ``wsgi.input``).

    Each read waits at most until the deadline; past it, ``RequestTimeout`` (408) is raised to
    the app, and the body is marked failed, so gunicorn closes the connection instead of reading
    on for the next request.
    """

    def __init__(self, body: Any, deadline: float) -> None:
        self.body = body
        self.deadline = deadline
        self.timed_out = False

    @property
    def failed(self) -> bool:
        """Whether the connection must not be reused (read by gunicorn's parser)."""
        return self.timed_out or bool(getattr(self.body, "failed", False))

    def _within(self, read: Any, *args: Any) -> Any:
        if self.timed_out:
            raise RequestTimeout()
        left = self.deadline - time.monotonic()
        timeout = gevent.Timeout(max(left, 0.001))
        timeout.start()
        try:
            return read(*args)
        except gevent.Timeout as fired:
            if fired is not timeout:
                raise
            self.timed_out = True
            raise RequestTimeout() from None
        finally:
            timeout.close()

    def read(self, size: int | None = None) -> bytes:
        data: bytes = self._within(self.body.read, size)
        return data

    def readline(self, size: int | None = None) -> bytes:
        data: bytes = self._within(self.body.readline, size)
        return data

    def readlines(self, size: int | None = None) -> list[bytes]:
        data: list[bytes] = self._within(self.body.readlines, size)
        return data

    def __iter__(self) -> DeadlineBody:
        return self

    def __next__(self) -> bytes:
        line = self.readline()
        if not line:
            raise StopIteration
        return line


class GuardedGeventWorker(GeventWorker):  # type: ignore[misc]
    """Gunicorn's gevent worker with a body deadline and a cap of connections per client."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.body_seconds = body_timeout()
        self.per_client = connections_per_client(self.worker_connections)
        self.held: Counter[str] = Counter()

    def handle(self, listener: Any, client: Any, addr: Any) -> None:
        address = addr[0] if isinstance(addr, tuple) else str(addr)
        if self.per_client and self.held[address] >= self.per_client:
            try:
                client.sendall(TOO_MANY)
            except OSError:
                pass
            finally:
                client.close()
            return
        self.held[address] += 1
        try:
            super().handle(listener, client, addr)
        finally:
            self.held[address] -= 1
            if not self.held[address]:
                del self.held[address]

    def handle_exit(self, sig: Any, frame: Any) -> None:
        super().handle_exit(sig, frame)
        stop_waiting()  # held polls are answered at once, not at the graceful timeout

    def handle_request(self, listener_name: Any, req: Any, sock: Any, addr: Any) -> Any:
        if self.body_seconds > 0 and req.body is not None:
            req.body = DeadlineBody(req.body, time.monotonic() + self.body_seconds)
        return super().handle_request(listener_name, req, sock, addr)
