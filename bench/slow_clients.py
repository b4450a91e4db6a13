"""Slow clients against the real run command: do normal requests still get answered?

Starts the run command (``rpg-companion``'s ``api.serve``) on a free loopback port with its
default settings (the rate limit off: the attack is about connections), then measures normal
requests (a few clients in turn from 127.0.0.1, each request on a fresh connection, as phones on
the table's Wi-Fi ask) twice: alone, and while ``--attackers`` connections from another client
address (``--from``, 127.0.0.2) dribble:

- ``--kind head`` (default): a request's head, a header line every ``--interval`` seconds, never
  finishing it;
- ``--kind body``: a POST whose head is whole and whose body (1 000 bytes declared) comes a byte
  every ``--interval`` seconds.

An attacker reconnects when the server closes its connection (or refuses it). Prints, for both
measurements, answered requests, timeouts or errors, p50 and p99, and how often the server
closed or refused an attacker's connection. Everything is bounded in time and count; every
connection is to and from 127.0.0.0/8.

    .venv/bin/python bench/slow_clients.py [--kind head|body] [--attackers 100] [--interval 3]
        [--seconds 20] [--from 127.0.0.2] [--source DIR]

``--source`` serves another checkout of the code (``git archive <commit> | tar -x -C DIR``).
"""

from __future__ import annotations

import sys
from pathlib import Path

# bench/http.py would shadow the stdlib's http: keep this folder off the path.
sys.path[:] = [entry for entry in sys.path
               if Path(entry or ".").resolve() != Path(__file__).resolve().parent]

import argparse  # noqa: E402
import errno  # noqa: E402
import http.client  # noqa: E402
import multiprocessing  # noqa: E402
import os  # noqa: E402
import socket  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import threading  # noqa: E402
import time  # noqa: E402
from typing import Any  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
PATH = "/api/v1/morale?morale=7"
PLURAL = {"head": "heads", "body": "bodies"}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start(port: int, source: Path) -> subprocess.Popen[bytes]:
    """The run command of ``source`` on ``port``; returns once it answers (120 s at most)."""
    env = {key: value for key, value in os.environ.items()
           if not key.startswith("RPG_") and key != "WEB_CONCURRENCY"}
    env.update({"RPG_BIND": f"127.0.0.1:{port}", "RPG_ACCESS_LOG": "0", "PYTHONPATH": str(source),
                # The attack is about connections, not the rate limit.
                "RPG_RATELIMIT_ENABLED": "false"})
    process = subprocess.Popen([sys.executable, "-m", "api.serve"], cwd=source, env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if request(port, "/api/v1/health/live", 2) is not None:
            return process
        time.sleep(0.2)
    process.terminate()
    raise SystemExit("the server did not answer within 120 s")


def request(port: int, path: str, timeout: float) -> float | None:
    """Milliseconds for one GET on a fresh connection; ``None`` when it failed or timed out."""
    started = time.perf_counter()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        response.read()
        return (time.perf_counter() - started) * 1000 if response.status == 200 else None
    except OSError:
        return None
    finally:
        connection.close()


def normal_load(port: int, seconds: float, clients: int, timeout: float) -> tuple[int, int,
                                                                                  list[float]]:
    """``clients`` threads asking in turn for ``seconds``: (answered, failed, latencies)."""
    latencies: list[float] = []
    failed = [0]
    lock = threading.Lock()
    stop = time.monotonic() + seconds

    def client() -> None:
        while time.monotonic() < stop:
            took = request(port, PATH, timeout)
            with lock:
                if took is None:
                    failed[0] += 1
                else:
                    latencies.append(took)
            time.sleep(0.02)

    threads = [threading.Thread(target=client) for _ in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return len(latencies), failed[0], latencies


class Dribbler:
    """One attacker connection: non-blocking, so thousands are driven by one thread."""

    def __init__(self, port: int, source: str, kind: str) -> None:
        self.port, self.source, self.kind = port, source, kind
        self.sock: socket.socket | None = None
        self.head_sent = False
        self.line = 0

    def open(self) -> None:
        self.sock = socket.socket()
        self.sock.setblocking(False)
        self.sock.bind((self.source, 0))
        self.sock.connect_ex(("127.0.0.1", self.port))
        self.head_sent = False

    def close(self) -> None:
        if self.sock is not None:
            self.sock.close()
            self.sock = None

    def step(self) -> bool:
        """Send the next piece; ``False`` when the server closed or refused the connection."""
        assert self.sock is not None
        if not self.head_sent:
            head = (f"GET {PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\n" if self.kind == "head" else
                    "POST /api/v1/roll HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                    "Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n")
            piece = head.encode()
        elif self.kind == "head":
            self.line += 1
            piece = f"X-Slow-{self.line}: 1\r\n".encode()
        else:
            piece = b" "
        try:
            if self.sock.recv(1, socket.MSG_PEEK | socket.MSG_DONTWAIT) in (b"", b"H"):
                return False  # closed, or answered (408, 429): it is done with us
        except BlockingIOError:
            pass
        except OSError as error:
            return error.errno in (errno.ENOTCONN, errno.EINPROGRESS)  # still connecting
        try:
            self.sock.send(piece)
        except BlockingIOError:
            return True
        except OSError as error:
            return error.errno in (errno.ENOTCONN, errno.EINPROGRESS)
        self.head_sent = True
        return True


def _dribble(port: int, attackers: int, interval: float, kind: str, source: str,
             stop: Any, reopened: Any) -> None:
    """The attackers' loop (in a process of its own): every ``interval`` a piece on each
    connection; one the server closed or refused is opened again."""
    connections = [Dribbler(port, source, kind) for _ in range(attackers)]
    for connection in connections:
        connection.open()
    while not stop.wait(interval):
        for connection in connections:
            if not connection.step():
                connection.close()
                connection.open()
                with reopened.get_lock():
                    reopened.value += 1
    for connection in connections:
        connection.close()


def attack(port: int, attackers: int, interval: float, kind: str,
           source: str) -> tuple[Any, Any, Any]:
    """Hold ``attackers`` unfinished requests open from ``source`` until the returned event is
    set; the attackers run in a process of their own (sharing no interpreter lock with the
    normal clients being measured). Returns (stop event, reopened counter, process)."""
    context = multiprocessing.get_context("fork")
    stop, reopened = context.Event(), context.Value("l", 0)
    process = context.Process(target=_dribble, daemon=True, args=(
        port, attackers, interval, kind, source, stop, reopened))
    process.start()
    return stop, reopened, process


def report(label: str, answered: int, failed: int, latencies: list[float],
           width: int = 16) -> None:
    """One line of figures: answered, failed or timed out, p50 and p99."""
    if len(latencies) >= 2:
        cuts = statistics.quantiles(latencies, n=100)
        figures = f"p50 {cuts[49]:7.1f} ms   p99 {cuts[98]:7.1f} ms"
    else:
        figures = "p50       - ms   p99       - ms"
    print(f"{label:<{width}} answered {answered:5d}   failed/timed out {failed:4d}   {figures}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kind", choices=("head", "body"), default="head")
    parser.add_argument("--attackers", type=int, default=100)
    parser.add_argument("--interval", type=float, default=3.0,
                        help="seconds between two pieces of a slow request")
    parser.add_argument("--seconds", type=float, default=20.0, help="per measurement")
    parser.add_argument("--clients", type=int, default=4, help="normal clients")
    parser.add_argument("--timeout", type=float, default=5.0, help="a normal request's timeout")
    parser.add_argument("--from", dest="source_address", default="127.0.0.2",
                        help="the attackers' loopback address")
    parser.add_argument("--source", type=Path, default=ROOT, help="the code to serve")
    args = parser.parse_args()
    port = free_port()
    process = start(port, args.source.resolve())
    try:
        print(f"nproc {os.cpu_count()}; the run command of {args.source} with its defaults on "
              f"127.0.0.1:{port}; slow {PLURAL[args.kind]} from {args.source_address}; "
              f"{args.clients} normal clients, fresh connections, timeout {args.timeout:g} s; "
              f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        report("without attack", *normal_load(port, args.seconds, args.clients, args.timeout))
        stop, reconnects, attacking = attack(port, args.attackers, args.interval, args.kind,
                                             args.source_address)
        time.sleep(min(5.0, 1.0 + args.attackers / 1000))
        try:
            measured = normal_load(port, args.seconds, args.clients, args.timeout)
        finally:
            stop.set()
            attacking.join(timeout=30)
        report(f"{args.attackers} slow {PLURAL[args.kind]}", *measured)
        print(f"slow connections closed or refused by the server and reopened: {reconnects.value} "
              f"(a {'line' if args.kind == 'head' else 'byte'} every {args.interval:g} s)")
    finally:
        stop_server(process)


def stop_server(process: subprocess.Popen[bytes]) -> None:
    """SIGTERM, then SIGKILL after a minute (a worker may be busy); reaps the process."""
    process.terminate()
    try:
        process.wait(timeout=60)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=10)


if __name__ == "__main__":
    main()
