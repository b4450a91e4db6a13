"""What expedition imports cost a running server, and what a normal client sees meanwhile.

The issue's case: an export of 300 heavy attack entries (each ``count`` 50 of ``100d100``, about
47 KB), imported by ``--imports`` clients at once, each sending it again as soon as it is
answered, while normal clients ask for a procedure (fresh connections, each a request every
0.6 s: within the default rate limit of 120 a minute). Starts the run command with its defaults
(its workers, the rate limit on) on a free loopback port, the expeditions in a SQLite file of a
temporary folder. The importers connect from 127.0.0.2 (a client of their own for the rate
limit), the normal clients from 127.0.0.1, 127.0.0.3, 127.0.0.4… Prints the imports' answers (by
status) and their times, the normal clients' answers, failures (a timeout is 5 s) and p50/p99
during the imports beside the same without them, and the workers the server killed for a
timeout. Every loop is bounded in count and time; nothing leaves 127.0.0.0/8.

    .venv/bin/python bench/import_cost.py [--imports 6] [--entries 300] [--seconds 40]
        [--clients 4] [--source DIR]

``--source`` serves another checkout of the code (say the commit before a change:
``git archive <commit> | tar -x -C /tmp/before``), with this environment's packages.
"""

from __future__ import annotations

import sys
from pathlib import Path

# bench/http.py would shadow the stdlib's http: keep this folder off the path, the root on it.
ROOT = Path(__file__).resolve().parent.parent
sys.path[:] = [str(ROOT), *(entry for entry in sys.path
                            if Path(entry or ".").resolve() != Path(__file__).resolve().parent)]

import argparse  # noqa: E402
import http.client  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import tempfile  # noqa: E402
import threading  # noqa: E402
import time  # noqa: E402
from collections import Counter  # noqa: E402
from typing import Any  # noqa: E402

from bench.slow_clients import free_port, report, stop_server  # noqa: E402

NORMAL = "/api/v1/morale?morale=7"
#: The heavy attack of the issue: 50 attacks of 100d100 damage each.
HEAVY = {"attack": {"ac": 10, "damage": "100d100", "count": 50}}
ATTACKER = "127.0.0.2"


def start(source: Path, port: int, home: Path) -> subprocess.Popen[bytes]:
    """The run command of ``source`` on ``port``; returns once it answers (90 s at most)."""
    env = {key: value for key, value in os.environ.items()
           if not key.startswith("RPG_") and key != "WEB_CONCURRENCY"}
    env.update({"RPG_BIND": f"127.0.0.1:{port}", "RPG_ACCESS_LOG": "0", "HOME": str(home),
                "PYTHONPATH": str(source),
                "RPG_DATABASE_URL": f"sqlite:///{home / 'expeditions.sqlite3'}"})
    log = (home / "server.log").open("wb")
    process = subprocess.Popen([sys.executable, "-m", "api.serve"], cwd=source, env=env,
                               stdout=log, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        if request(port, "/api/v1/health/live", timeout=2)[0] == 200:
            return process
        time.sleep(0.2)
    process.terminate()
    raise SystemExit("the server did not answer within 90 s")


def request(port: int, path: str, body: bytes | None = None, timeout: float = 5.0,
            source: str = "127.0.0.1") -> tuple[int, float]:
    """One request on a fresh connection from ``source``: (status, ms); status 0 when it failed
    or timed out."""
    started = time.perf_counter()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout,
                                            source_address=(source, 0))
    try:
        if body is None:
            connection.request("GET", path)
        else:
            connection.request("POST", path, body=body,
                               headers={"Content-Type": "application/json"})
        response = connection.getresponse()
        response.read()
        return response.status, (time.perf_counter() - started) * 1000
    except OSError:
        return 0, (time.perf_counter() - started) * 1000
    finally:
        connection.close()


def heavy_export(port: int, entries: int) -> bytes:
    """An export of a new expedition followed by ``entries`` heavy attacks (seeded; an attack
    with no target changes no record, so the export's state is the start's)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("POST", "/api/v1/expeditions", body=json.dumps({"name": "Těžká"}),
                       headers={"Content-Type": "application/json"})
    created = json.loads(connection.getresponse().read())
    connection.request("GET", f"/api/v1/expeditions/{created['id']}/export",
                       headers={"Authorization": f"Bearer {created['links']['gm_token']}"})
    document: dict[str, Any] = json.loads(connection.getresponse().read())
    connection.close()
    at = document["log"][0]["at"]
    document["log"] += [{"seq": 2 + n, "kind": "attack", "at": at, "input": HEAVY, "seed": n}
                        for n in range(entries)]
    document["version"] = 1 + entries
    return json.dumps(document, ensure_ascii=False, separators=(",", ":")).encode()


def normal_load(port: int, seconds: float, clients: int) -> tuple[int, int, list[float]]:
    """``clients`` normal clients (one loopback address each, a request every 0.6 s) for
    ``seconds``: (answered, failed, latencies)."""
    latencies: list[float] = []
    failed = [0]
    lock = threading.Lock()
    stop = time.monotonic() + seconds
    addresses = ["127.0.0.1", *(f"127.0.0.{3 + n}" for n in range(clients - 1))]

    def client(address: str) -> None:
        while time.monotonic() < stop:
            asked = time.monotonic()
            status, took = request(port, NORMAL, source=address)
            with lock:
                if status == 200:
                    latencies.append(took)
                else:
                    failed[0] += 1
            time.sleep(max(0.0, 0.6 - (time.monotonic() - asked)))

    threads = [threading.Thread(target=client, args=(address,)) for address in addresses]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return len(latencies), failed[0], latencies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--imports", type=int, default=6, help="clients importing at once")
    parser.add_argument("--entries", type=int, default=300, help="heavy attacks in the export")
    parser.add_argument("--seconds", type=float, default=40.0, help="per measurement")
    parser.add_argument("--clients", type=int, default=4, help="normal clients")
    parser.add_argument("--source", type=Path, default=ROOT, help="the code to serve")
    args = parser.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="rpg-import-cost-") as folder:
        home = Path(folder)
        process = start(args.source.resolve(), port, home)
        try:
            body = heavy_export(port, args.entries)
            print(f"nproc {os.cpu_count()}; the run command of {args.source} with its defaults "
                  f"on 127.0.0.1:{port}; an export of {args.entries} heavy attacks "
                  f"({len(body) / 1024:.0f} KB); load average "
                  f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}")
            report("without imports", *normal_load(port, min(args.seconds, 20.0), args.clients),
                   width=26)
            statuses: Counter[int] = Counter()
            times: list[float] = []
            lock = threading.Lock()
            stop = threading.Event()

            def importer() -> None:
                for _ in range(50):  # bounded: at most 50 imports each
                    if stop.is_set():
                        return
                    status, took = request(port, "/api/v1/expeditions/import", body,
                                           timeout=args.seconds + 30, source=ATTACKER)
                    with lock:
                        statuses[status] += 1
                        times.append(took)

            threads = [threading.Thread(target=importer) for _ in range(args.imports)]
            for thread in threads:
                thread.start()
            time.sleep(0.5)
            measured = normal_load(port, args.seconds, args.clients)
            stop.set()
            for thread in threads:
                thread.join(timeout=args.seconds + 40)
            report(f"{args.imports} importing at once", *measured, width=26)
            answered = ", ".join(f"{count} × {status or 'no answer'}"
                                 for status, count in sorted(statuses.items()))
            median = statistics.median(times) / 1000 if times else float("nan")
            print(f"imports: {sum(statuses.values())} sent ({answered}); an import's answer "
                  f"took {median:.1f} s (median), {max(times, default=0) / 1000:.1f} s at most")
        finally:
            stop_server(process)
        killed = (home / "server.log").read_text(errors="replace").count("WORKER TIMEOUT")
        print(f"workers killed by the server for a timeout: {killed}")


if __name__ == "__main__":
    main()
