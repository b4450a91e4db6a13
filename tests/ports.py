"""Free loopback ports for the servers the tests start (the run command, redis-server, a
PostgreSQL cluster), never the same for two workers of a parallel run.

The kernel hands out a free port (``bind`` to port 0); a pytest-xdist worker keeps only the ports
of its own share (``port // 2`` modulo the number of workers: Linux gives ``bind(0)`` odd ports,
so the plain parity would leave a worker none), so two workers never pick the same port between
picking it and their server binding it. Ports of the other shares are held until one of ours
comes, so the kernel does not offer them again meanwhile.
"""

from __future__ import annotations

import os
import socket

#: How many ports a worker may be offered before one of its share comes (a bound, never met).
TRIES = 200


def _share() -> tuple[int, int]:
    """This process's share of the ports: (its index, the number of workers)."""
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
    return int(worker.removeprefix("gw") or 0) % workers, workers


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port on ``host`` (an IPv4 loopback address) nobody listens on right now, of this
    worker's share."""
    index, workers = _share()
    held: list[socket.socket] = []
    try:
        for _ in range(TRIES):
            sock = socket.socket()
            held.append(sock)
            sock.bind((host, 0))
            port = int(sock.getsockname()[1])
            if port // 2 % workers == index:
                return port
    finally:
        for sock in held:
            sock.close()
    raise RuntimeError(f"no free port of worker {index} of {workers} on {host} in {TRIES} tries")
