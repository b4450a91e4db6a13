"""Soak: the app under the production server at a steady request rate for minutes; errors and RSS.

    .venv/bin/python bench/soak.py --rate 400 --minutes 5

Starts ``rpg-companion``'s gunicorn on a free loopback port, sends a mix of procedures (GET and
POST, valid and invalid) at ``--rate`` requests/s from threads with keep-alive connections, and
prints every ``--every`` seconds: requests, 5xx, transport errors, p99 latency and the summed RSS
of the server's processes. Choose the rate as about 80 % of what ``bench/http.py`` measured.
"""

from __future__ import annotations

import sys
from pathlib import Path

# bench/http.py would shadow the standard library's ``http``: keep this folder off the path.
sys.path[:] = [entry for entry in sys.path
               if Path(entry or ".").resolve() != Path(__file__).resolve().parent]

import argparse  # noqa: E402
import http.client  # noqa: E402
import itertools  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import socket  # noqa: E402
import subprocess  # noqa: E402
import threading  # noqa: E402
import time  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
MIX = [
    ("GET", "/api/v1/morale?morale=7", None),
    ("GET", "/api/v1/reaction?modifier=1", None),
    ("GET", "/api/v1/roll?expr=4d6kh3%2B2", None),
    ("POST", "/api/v1/roll", {"expr": "10d6", "lang": "en"}),
    ("GET", "/api/v1/travel", None),
    ("GET", "/api/v1/encounter", None),
    ("POST", "/api/v1/falling", {"height_m": 12}),
    ("GET", "/api/v1/morale?morale=99", None),  # a 422
    ("POST", "/api/v1/roll", {"expr": "1d6+"}),  # a 422
    ("GET", "/api/v1/morale?morale=7&format=html", None),
]


def rss_kib(pid: int) -> int:
    """Summed RSS of ``pid`` and its children (the gunicorn master and workers)."""
    total = 0
    pids = [pid]
    children = Path(f"/proc/{pid}/task/{pid}/children")
    if children.exists():
        pids += [int(child) for child in children.read_text().split()]
    for each in pids:
        try:
            for line in Path(f"/proc/{each}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except FileNotFoundError:
            pass
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rate", type=float, default=400.0, help="requests per second")
    parser.add_argument("--minutes", type=float, default=5.0)
    parser.add_argument("--every", type=float, default=30.0, help="seconds between reports")
    parser.add_argument("--threads", type=int, default=8)
    args = parser.parse_args()

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    env = {**os.environ, "RPG_BIND": f"127.0.0.1:{port}",
           "RPG_RATELIMIT_DEFAULT": os.environ.get("RPG_RATELIMIT_DEFAULT", "100000000/minute")}
    server = subprocess.Popen([sys.executable, "-m", "api.serve"], cwd=ROOT, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(300):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            break
        except OSError:
            time.sleep(0.2)

    lock = threading.Lock()
    counts = {"requests": 0, "5xx": 0, "errors": 0}
    latencies: list[float] = []
    stop = time.monotonic() + args.minutes * 60
    interval = args.threads / args.rate
    mix = itertools.cycle(MIX)

    def worker(offset: float) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        due = time.monotonic() + offset
        while due < stop:
            time.sleep(max(0.0, due - time.monotonic()))
            with lock:
                method, path, body = next(mix)
            started = time.perf_counter()
            try:
                headers = {"Content-Type": "application/json"} if body is not None else {}
                connection.request(method, path, json.dumps(body) if body else None, headers)
                response = connection.getresponse()
                response.read()
                status = response.status
            except (OSError, http.client.HTTPException):
                status = 0
                connection.close()
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            elapsed = (time.perf_counter() - started) * 1000
            with lock:
                counts["requests"] += 1
                counts["5xx"] += status >= 500
                counts["errors"] += status == 0
                latencies.append(elapsed)
            due += interval
        connection.close()

    threads = [threading.Thread(target=worker, args=(i * interval / args.threads,))
               for i in range(args.threads)]
    began = time.monotonic()
    for thread in threads:
        thread.start()
    print(f"soak: {args.rate:g} req/s for {args.minutes:g} min, {args.threads} connections, "
          f"port {port}, nproc {os.cpu_count()}")
    print(f"{'t s':>6} {'requests':>9} {'req/s':>7} {'5xx':>5} {'errors':>6} {'p99 ms':>7} "
          f"{'RSS MiB':>8}")
    def report() -> None:
        with lock:
            window = sorted(latencies)
            latencies.clear()
            snapshot = dict(counts)
        p99 = window[max(0, int(len(window) * 0.99) - 1)] if window else 0.0
        now = time.monotonic() - began
        print(f"{now:>6.0f} {snapshot['requests']:>9} {snapshot['requests'] / now:>7.0f} "
              f"{snapshot['5xx']:>5} {snapshot['errors']:>6} {p99:>7.1f} "
              f"{rss_kib(server.pid) / 1024:>8.1f}", flush=True)

    try:
        while (left := stop - time.monotonic()) > 0:
            time.sleep(min(args.every, left))
            report()
    finally:
        for thread in threads:
            thread.join()
        report()
        server.terminate()
        server.wait(timeout=30)


if __name__ == "__main__":
    main()
