"""Slow bodies and greedy clients against the run command: a deadline, and a share per client.

One real server (two gevent workers) with a body deadline of 2 s and at most 10 connections per
client address in a worker. A body that does not arrive in time is refused (408) and its
connection closed; one address's connections past its share are refused (429) and closed at
once, while a client at another loopback address is answered all the time. Nothing here asserts
speed (``bench/slow_clients.py --body`` measures).
"""

from __future__ import annotations

import contextlib
import json
import socket
import threading
import time
from collections.abc import Iterator

import pytest

from tests.reliability.servers import Server, serve

pytestmark = pytest.mark.waits  # its tests mostly wait: tests/schedule.py

SHARE = 10
BODY = b'{"expr": "1d6", "lang": "en"}'


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with serve(tmp_path_factory.mktemp("bodies"), RPG_BODY_TIMEOUT="2",
               RPG_RATELIMIT_ENABLED="false") as running:
        yield running


@pytest.fixture(scope="module")
def crowded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    # Deadlines long enough that no connection of the test is cut by them.
    with serve(tmp_path_factory.mktemp("crowded"), RPG_BODY_TIMEOUT="60", RPG_KEEPALIVE="60",
               RPG_MAX_CONNECTIONS_PER_CLIENT=str(SHARE),
               RPG_RATELIMIT_ENABLED="false") as running:
        yield running


def slow_post(port: int, source: str = "127.0.0.1") -> socket.socket:
    """A POST whose head is complete and whose body has not come yet."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(source, 0))
    sock.sendall(b"POST /api/v1/roll HTTP/1.1\r\nHost: localhost\r\n"
                 b"Content-Type: application/json\r\n"
                 b"Content-Length: %d\r\n\r\n" % len(BODY))
    return sock


def answer_of(sock: socket.socket, seconds: float) -> bytes:
    """What the server sends until it closes the connection (``seconds`` at most)."""
    received = b""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        sock.settimeout(max(0.05, deadline - time.monotonic()))
        try:
            chunk = sock.recv(4096)
        except TimeoutError:
            continue
        except OSError:
            break
        if not chunk:
            break
        received += chunk
    return received


def test_a_body_that_does_not_arrive_in_time_is_refused_and_closed(server: Server) -> None:
    sock = slow_post(server.port)
    try:
        started = time.monotonic()
        for byte in BODY[:6]:  # a byte every half second: the whole body would take 15 s
            with contextlib.suppress(OSError):
                sock.sendall(bytes([byte]))
            time.sleep(0.5)
        received = answer_of(sock, 15)
        assert time.monotonic() - started < 15
    finally:
        sock.close()
    head, _, body = received.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 408"), received[:200]
    assert json.loads(body)["message"] == "Tělo požadavku nedorazilo včas."


def test_a_body_in_time_is_answered(server: Server) -> None:
    sock = slow_post(server.port)
    try:
        for chunk in (BODY[:10], BODY[10:]):
            time.sleep(0.5)
            sock.sendall(chunk)
        assert answer_of(sock, 10).startswith(b"HTTP/1.1 200")
    finally:
        sock.close()


def test_one_address_holds_a_bounded_share_of_the_connections(crowded: Server) -> None:
    opened: list[socket.socket] = []
    stop = threading.Event()
    answered: list[int] = []

    def normal() -> None:  # another client (another address) asks all the while
        while not stop.is_set() and len(answered) < 200:
            answered.append(crowded.get("/api/v1/morale?morale=7", timeout=10)[0])

    asking = threading.Thread(target=normal)
    asking.start()
    try:
        for _ in range(4 * SHARE):  # twice what two workers let one address hold
            sock = socket.create_connection(("127.0.0.1", crowded.port), timeout=10,
                                            source_address=("127.0.0.2", 0))
            sock.sendall(b"GET /api/v1/morale?morale=7 HTTP/1.1\r\n")  # never finished
            opened.append(sock)
        time.sleep(1.0)
        refused = held = 0
        for sock in opened:
            sock.settimeout(0.2)
            try:
                first = sock.recv(64)
            except TimeoutError:
                held += 1  # held open: within the share
                continue
            assert first.startswith(b"HTTP/1.1 429"), first
            refused += 1
        assert held <= 2 * SHARE and held + refused == 4 * SHARE
    finally:
        stop.set()
        asking.join(timeout=30)
        for sock in opened:
            sock.close()
    assert answered and set(answered) == {200}
