"""The time an expedition's action takes, on SQLite and on PostgreSQL, and how far it scales.

Starts the run command (``python -m api.serve``: gunicorn, gevent workers, two of them) on a free
loopback port for each database, the rate limit off, and over one keep-alive connection to
127.0.0.1:

1. times ``--actions`` actions of a table on one expedition of four characters and two torches
   (a seeded next shift, supplies, damage, healing in turn): p50, p99;
2. grows the database step by step: more expeditions (copies of a played one, each with its log,
   written by SQL: creating a hundred thousand through the API would take the whole budget) and a
   longer log of the expedition acted on (real actions through the API); after each step it times
   ``--sample`` actions again, until an action's p50 passes 50 ms or a bound is reached
   (``--budget`` seconds per database, ``--max-expeditions``, the log's own bound of 10 000
   entries, ``--max-mb`` of database).

PostgreSQL is a throwaway cluster of Debian's package (``tests/postgres.py``) with fsync on, as a
server keeps it; SQLite a file in a temporary folder (its default journal, as the run command
opens it). Nothing leaves 127.0.0.1.

    .venv/bin/python bench/expedition.py [--backends sqlite,postgresql] [--actions 500]
        [--sample 60] [--budget 150] [--max-expeditions 200000] [--max-mb 4000]
"""

from __future__ import annotations

import sys
from pathlib import Path

# bench/http.py would shadow the stdlib's http: keep this folder off the path, the root on it.
ROOT = Path(__file__).resolve().parent.parent
sys.path[:] = [str(ROOT), *(entry for entry in sys.path
                            if Path(entry or ".").resolve() != Path(__file__).resolve().parent)]

import argparse  # noqa: E402
import contextlib  # noqa: E402
import http.client  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import socket  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from collections.abc import Iterator  # noqa: E402
from typing import Any  # noqa: E402

from tests.postgres import cluster  # noqa: E402

SLOW_MS = 50.0
STORY = {
    "name": "Hrobka pod Vraním vrchem", "mode": "dungeon", "supplies": 500,
    "party": [{"name": "Eva", "max_hp": 900, "save": 12}, {"name": "Ota", "max_hp": 900},
              {"name": "Dan", "max_hp": 900}, {"name": "Iva", "max_hp": 900}],
    "effects": [{"name": "Pochodeň 1", "shifts": 90000, "light": True},
                {"name": "Pochodeň 2", "shifts": 90000, "light": True}],
}
COLUMNS = ("public_id, name, gm_key, players_key, players_generation, version, state, "
           "last_action, created_at, updated_at")
ENTRY_COLUMNS = ("seq, kind, at, hidden, inputs, seed, dice, steps, said, offers, state_before, "
                 "previous_action, reverts")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextlib.contextmanager
def server(url: str, home: Path) -> Iterator[int]:
    """The run command on the database ``url``; its port."""
    port = free_port()
    env = {key: value for key, value in os.environ.items() if not key.startswith("RPG_")}
    env.update({"RPG_BIND": f"127.0.0.1:{port}", "WEB_CONCURRENCY": "2", "RPG_ACCESS_LOG": "0",
                "RPG_RATELIMIT_ENABLED": "false", "RPG_DATABASE_URL": url, "HOME": str(home)})
    log = (home / "server.log").open("wb")
    process = subprocess.Popen([sys.executable, "-m", "api.serve"], cwd=ROOT, env=env,
                               stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 90
        while True:
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError((home / "server.log").read_text()[-2000:])
            try:
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
                connection.request("GET", "/api/v1/health/ready")
                if connection.getresponse().status == 200:
                    connection.close()
                    break
            except OSError:
                time.sleep(0.2)
        yield port
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)
        log.close()


class Table:
    """A GM's device: one keep-alive connection, the version it saw."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.version = 0
        self.id = ""
        self.token = ""
        self.turn = 0

    def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        headers = {"Content-Type": "application/json", "Accept-Language": "cs"}
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        self.connection.request(method, path, body=None if body is None else json.dumps(body),
                                headers=headers)
        response = self.connection.getresponse()
        return response.status, json.loads(response.read() or b"null")

    def reconnect(self) -> None:
        """A fresh connection (the server closes one idle past its keep-alive time)."""
        self.connection.close()
        self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)

    def create(self) -> None:
        status, data = self.call("POST", "/api/v1/expeditions", STORY)
        assert status == 201, data
        self.id, self.token = data["id"], data["links"]["gm_token"]
        self.version = data["version"]

    def kind(self) -> str:
        """The kind of the table's last action (of its mix, in turn)."""
        return ("shift", "supplies", "damage", "heal")[self.turn % 4]

    def act(self) -> float:
        """One action of the table's usual mix; its time in ms."""
        self.turn += 1
        kind = self.kind()
        mix: dict[str, dict[str, Any]] = {
            "shift": {"seed": self.turn},
            # Supplies are the mix's second action (odd turns): every eighth of them restocks.
            "supplies": {"change": 300 if self.turn % 32 == 1 else -1},
            "damage": {"character": "Eva", "amount": 1},
            "heal": {"character": "Eva", "magic": 1},
        }
        inputs = mix[kind]
        started = time.perf_counter()
        status, data = self.call("POST", f"/api/v1/expeditions/{self.id}/actions/{kind}",
                                 {"version": self.version, **inputs})
        elapsed = (time.perf_counter() - started) * 1000
        assert status == 200, (kind, data)
        self.version = data["version"]
        return elapsed


def percentiles(times: list[float]) -> tuple[float, float]:
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return statistics.median(ordered), p99


class Grower:
    """Copies of a played expedition (with its log) written straight into the database."""

    def __init__(self, url: str, template: str) -> None:
        from sqlalchemy import create_engine, text

        self.text = text
        self.engine = create_engine(url)
        self.dialect = self.engine.dialect.name
        with self.engine.connect() as connection:
            self.template = connection.execute(
                text("SELECT id FROM expeditions WHERE public_id = :p"), {"p": template}
            ).scalar_one()
            self.entries = connection.execute(
                text("SELECT count(*) FROM log_entries WHERE expedition_id = :t"),
                {"t": self.template}).scalar_one()
        self.copies = 0

    def add(self, count: int) -> None:
        """``count`` more copies, in batches of 5 000 (one transaction each)."""
        text = self.text
        while count > 0:
            batch = min(count, 5000)
            start = self.copies
            with self.engine.begin() as connection:
                top = connection.execute(text("SELECT max(id) FROM expeditions")).scalar_one()
                connection.execute(text(
                    f"WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n "
                    f"WHERE i < :batch) INSERT INTO expeditions ({COLUMNS}) "
                    f"SELECT 'bench-' || (:start + i), name, gm_key, players_key, "
                    f"players_generation, version, state, last_action, created_at, updated_at "
                    f"FROM expeditions, n WHERE expeditions.id = :template"),
                    {"batch": batch, "start": start, "template": self.template})
                connection.execute(text(
                    f"INSERT INTO log_entries (expedition_id, {ENTRY_COLUMNS}) "
                    f"SELECT e.id, {', '.join('t.' + c.strip() for c in ENTRY_COLUMNS.split(','))} "
                    f"FROM expeditions e JOIN log_entries t ON t.expedition_id = :template "
                    f"WHERE e.id > :top"), {"template": self.template, "top": top})
            if self.dialect == "postgresql":
                with self.engine.connect().execution_options(
                        isolation_level="AUTOCOMMIT") as connection:
                    connection.execute(text("ANALYZE expeditions"))
                    connection.execute(text("ANALYZE log_entries"))
            self.copies += batch
            count -= batch

    def counts(self) -> tuple[int, int, float]:
        """Expeditions, log entries, database size (MB)."""
        text = self.text
        with self.engine.connect() as connection:
            expeditions = connection.execute(text("SELECT count(*) FROM expeditions")).scalar_one()
            entries = connection.execute(text("SELECT count(*) FROM log_entries")).scalar_one()
            if self.dialect == "postgresql":
                size = connection.execute(
                    text("SELECT pg_database_size(current_database())")).scalar_one()
            else:
                size = Path(self.engine.url.database or "").stat().st_size
        return expeditions, entries, size / 1e6


def run(label: str, url: str, home: Path, args: argparse.Namespace) -> dict[str, Any]:
    with server(url, home) as port:
        table = Table(port)
        table.create()
        for _ in range(20):  # warm up: imports, pools, caches
            table.act()
        p50, p99 = percentiles([table.act() for _ in range(args.actions)])
        print(f"{label:<10} {args.actions} actions on one expedition: "
              f"p50 {p50:.1f} ms, p99 {p99:.1f} ms", flush=True)
        played = Table(port)
        played.create()
        for _ in range(30):
            played.act()
        grower = Grower(url, played.id)
        print(f"{'':<10} {'expeditions':>11} {'entries':>9} {'its log':>8} {'DB MB':>8} "
              f"{'p50 ms':>7} {'p99 ms':>7}", flush=True)
        started = time.monotonic()
        crossed = None
        copies = 1000
        result: dict[str, Any] = {"p50": p50, "p99": p99}
        while True:
            expeditions, entries, size = grower.counts()
            table.reconnect()
            s50, s99 = percentiles([table.act() for _ in range(args.sample)])
            print(f"{'':<10} {expeditions:>11} {entries:>9} {table.version:>8} {size:>8.0f} "
                  f"{s50:>7.1f} {s99:>7.1f}", flush=True)
            result["last"] = (expeditions, entries, table.version, size, s50, s99)
            result.setdefault("first", s50)
            # Past 50 ms because the data grew, not because the machine is slower than that with
            # an empty database (then the table still shows whether the time grows with data).
            if s50 > SLOW_MS and result["first"] <= SLOW_MS:
                crossed = result["last"]
                break
            left = args.budget - (time.monotonic() - started)
            if (left <= 0 or expeditions >= args.max_expeditions or size >= args.max_mb):
                break
            # Next step: double the expeditions, and 1 000 more real actions on the one acted on
            # (within the log's bound), as far as the budget allows.
            grower.add(min(copies, args.max_expeditions - expeditions))
            copies *= 2
            table.reconnect()
            for _ in range(min(1000, 9900 - table.version)):
                table.act()
                if time.monotonic() - started > args.budget:
                    break
        result["crossed"] = crossed
        return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--backends", default="sqlite,postgresql")
    parser.add_argument("--actions", type=int, default=500)
    parser.add_argument("--sample", type=int, default=60)
    parser.add_argument("--budget", type=float, default=150.0, help="growth seconds per database")
    parser.add_argument("--max-expeditions", type=int, default=200_000)
    parser.add_argument("--max-mb", type=float, default=4000.0)
    args = parser.parse_args()
    summary = {}
    for backend in args.backends.split(","):
        with tempfile.TemporaryDirectory(prefix="rpg-bench-") as folder:
            home = Path(folder)
            if backend == "sqlite":
                summary[backend] = run(backend, f"sqlite:///{home / 'expeditions.sqlite3'}",
                                       home, args)
            else:
                with cluster(durable=True) as postgres:
                    name = postgres.create_database()
                    summary[backend] = run(backend, postgres.url(name), home, args)
    print()
    for backend, result in summary.items():
        expeditions, entries, log, size, s50, s99 = result["last"]
        where = ("passed 50 ms at" if result["crossed"] else
                 "still under 50 ms at" if result["first"] <= SLOW_MS else
                 f"(over 50 ms already empty: {result['first']:.1f} ms; a loaded machine?) at")
        print(f"{backend}: an action p50 {result['p50']:.1f} ms, p99 {result['p99']:.1f} ms; "
              f"{where} {expeditions} expeditions, {entries} log entries ({log} in the one "
              f"acted on), {size:.0f} MB: p50 {s50:.1f} ms, p99 {s99:.1f} ms")


if __name__ == "__main__":
    main()
