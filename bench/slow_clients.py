"""Slow clients against the real run command: do normal requests still get answered?

Starts ``rpg-companion`` (the command ``scripts/serve`` ends in) on a free loopback port with its
default settings, then measures normal requests (a few clients in turn, each request on a fresh
connection, as phones on the table's Wi-Fi ask) twice: alone, and while ``--attackers``
connections each send a request's head a header line every ``--interval`` seconds, never
finishing it (and reconnect when the server closes them). Prints, for both, answered requests,
timeouts or errors, p50 and p99. Everything is bounded in time.

    .venv/bin/python bench/slow_clients.py [--attackers 100] [--interval 3] [--seconds 20]
"""

from __future__ import annotations

import sys
from pathlib import Path

# bench/http.py would shadow the stdlib's http: keep this folder off the path.
sys.path[:] = [entry for entry in sys.path
               if Path(entry or ".").resolve() != Path(__file__).resolve().parent]

import argparse  # noqa: E402
import http.client  # noqa: E402
import os  # noqa: E402
import socket  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import threading  # noqa: E402
import time  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
PATH = "/api/v1/morale?morale=7"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start(port: int) -> subprocess.Popen[bytes]:
    """The run command on ``port``; returns once it answers (60 s at most)."""
    env = {**os.environ, "RPG_BIND": f"127.0.0.1:{port}", "RPG_ACCESS_LOG": "0",
           # The attack is about connections, not the rate limit: one client address here.
           "RPG_RATELIMIT_ENABLED": "false"}
    command = [str(Path(sys.executable).with_name("rpg-companion"))]
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if request(port, "/api/v1/health/live", 2) is not None:
                return process
        except OSError:
            time.sleep(0.2)
    process.terminate()
    raise SystemExit("the server did not answer within 60 s")


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


def attack(port: int, attackers: int, interval: float, stop: threading.Event) -> list[int]:
    """Hold ``attackers`` unfinished requests open until ``stop``; count reconnections."""
    reconnects = [0]

    def opened() -> socket.socket | None:
        try:
            sock = socket.create_connection(("127.0.0.1", port), timeout=5)
            sock.sendall(f"GET {PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\n".encode())
            return sock
        except OSError:
            return None

    def run() -> None:
        sockets = [opened() for _ in range(attackers)]
        line = 0
        while not stop.wait(interval):
            line += 1
            for i, sock in enumerate(sockets):
                try:
                    if sock is None:
                        raise OSError
                    sock.sendall(f"X-Slow-{line}: 1\r\n".encode())
                except OSError:  # closed by the server: come back, as an attacker would
                    if sock is not None:
                        sock.close()
                    sockets[i] = opened()
                    reconnects[0] += 1
        for sock in sockets:
            if sock is not None:
                sock.close()

    threading.Thread(target=run, daemon=True).start()
    return reconnects


def report(label: str, answered: int, failed: int, latencies: list[float]) -> None:
    if len(latencies) >= 2:
        cuts = statistics.quantiles(latencies, n=100)
        figures = f"p50 {cuts[49]:7.1f} ms   p99 {cuts[98]:7.1f} ms"
    else:
        figures = "p50       - ms   p99       - ms"
    print(f"{label:<16} answered {answered:5d}   failed/timed out {failed:4d}   {figures}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--attackers", type=int, default=100)
    parser.add_argument("--interval", type=float, default=3.0, help="seconds between lines")
    parser.add_argument("--seconds", type=float, default=20.0, help="per measurement")
    parser.add_argument("--clients", type=int, default=4, help="normal clients")
    parser.add_argument("--timeout", type=float, default=5.0, help="a normal request's timeout")
    args = parser.parse_args()
    port = free_port()
    process = start(port)
    try:
        print(f"nproc {os.cpu_count()}; rpg-companion with its defaults on 127.0.0.1:{port}; "
              f"{args.clients} normal clients, fresh connections, timeout {args.timeout:g} s; "
              f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        report("without attack", *normal_load(port, args.seconds, args.clients, args.timeout))
        stop = threading.Event()
        reconnects = attack(port, args.attackers, args.interval, stop)
        time.sleep(1.0)
        try:
            measured = normal_load(port, args.seconds, args.clients, args.timeout)
        finally:
            stop.set()
        report(f"{args.attackers} slow clients", *measured)
        print(f"slow connections closed by the server and reopened: {reconnects[0]} "
              f"(a line every {args.interval:g} s)")
    finally:
        process.terminate()
        process.wait(timeout=40)


if __name__ == "__main__":
    main()
