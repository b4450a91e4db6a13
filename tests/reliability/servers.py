"""Real processes for the serving tests: the run command on a free loopback port, a redis-server.

Everything binds to 127.0.0.1, every wait is bounded, and every process started is stopped (by its
own id) when its ``with`` block ends. A missing ``redis-server`` fails the test: ``scripts/test``
installs Debian's package.
"""

from __future__ import annotations

import http.client
import json
import os
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.ports import free_port

ROOT = Path(__file__).resolve().parents[2]
REDIS_SERVER = shutil.which("redis-server") or "/usr/bin/redis-server"


def run_command() -> list[str]:
    """The run command ``scripts/serve`` ends in: the ``rpg-companion`` console script."""
    script = Path(sys.executable).with_name("rpg-companion")
    if not script.is_file():
        pytest.fail(f"{script} is missing: install the project (scripts/setup)")
    return [str(script)]


def stop(process: subprocess.Popen[bytes], timeout: float = 20) -> None:
    """SIGTERM, then SIGKILL after ``timeout`` seconds; reaps the process."""
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)


def fresh_window(seconds: int, needed: float) -> None:
    """Return once the rate limit's window of ``seconds`` has ``needed`` s left (windows start
    at the multiples of ``seconds`` since the epoch, :mod:`api.limits.counters`): a budget
    counted across several requests is then counted in one window, not cut by a new one."""
    left = seconds - time.time() % seconds
    if left < needed:
        time.sleep(left + 0.1)


def get(port: int, path: str, headers: dict[str, str] | None = None,
        timeout: float = 10, host: str = "127.0.0.1",
        tls: ssl.SSLContext | None = None) -> tuple[int, dict[str, str], bytes]:
    """One GET on a fresh connection (HTTPS with ``tls``): status, headers, body."""
    connection = (http.client.HTTPSConnection(host, port, timeout=timeout, context=tls)
                  if tls else http.client.HTTPConnection(host, port, timeout=timeout))
    try:
        connection.request("GET", path, headers=headers or {})
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        connection.close()


def post(port: int, path: str, body: object, headers: dict[str, str] | None = None,
         timeout: float = 20, host: str = "127.0.0.1") -> tuple[int, dict[str, str], Any]:
    """One POST of JSON on a fresh connection: status, headers, the JSON answer (or ``{}``)."""
    connection = http.client.HTTPConnection(host, port, timeout=timeout)
    try:
        connection.request("POST", path, body=json.dumps(body).encode(),
                           headers={"Content-Type": "application/json", **(headers or {})})
        response = connection.getresponse()
        raw = response.read()
        try:
            answer = json.loads(raw or b"{}")
        except ValueError:
            answer = raw.decode(errors="replace")
        return response.status, dict(response.getheaders()), answer
    finally:
        connection.close()


@dataclass
class Server:
    """A running instance of the run command."""

    port: int
    process: subprocess.Popen[bytes]
    log: Path
    host: str = "127.0.0.1"
    tls: ssl.SSLContext | None = None

    def get(self, path: str, headers: dict[str, str] | None = None,
            timeout: float = 10) -> tuple[int, dict[str, str], bytes]:
        return get(self.port, path, headers, timeout, self.host, self.tls)

    def post(self, path: str, body: object, headers: dict[str, str] | None = None,
             timeout: float = 20) -> tuple[int, dict[str, str], Any]:
        return post(self.port, path, body, headers, timeout, self.host)


def workers(server: Server) -> list[int]:
    """The gunicorn workers' process ids (the master's children)."""
    listed = subprocess.run(["ps", "-o", "pid=", "--ppid", str(server.process.pid)],
                            capture_output=True, text=True, check=False).stdout
    return [int(pid) for pid in listed.split()]


def gm(created: dict[str, Any]) -> dict[str, str]:
    """The headers of the GM's link of an expedition ``created`` by the API."""
    return {"Authorization": f"Bearer {created['links']['gm_token']}"}


#: Run as root, a process that honours files' permission bits as any other user would (root
#: without the capabilities that override them): a file made read-only is read-only to it.
UNPRIVILEGED = (["setpriv", "--bounding-set=-dac_override,-dac_read_search",
                 "--inh-caps=-dac_override,-dac_read_search", "--"] if os.geteuid() == 0 else [])


@contextmanager
def serve(tmp: Path, host: str = "127.0.0.1", tls: ssl.SSLContext | None = None,
          prefix: list[str] | None = None, **env: str) -> Iterator[Server]:
    """The run command on a free port of ``host`` (loopback) with ``env``; two workers, the
    access log off; spoken to over HTTPS with ``tls`` (a context trusting its certificate); the
    expeditions in a SQLite file of ``tmp`` unless ``env`` names another; run through
    ``prefix`` (e.g. :data:`UNPRIVILEGED`)."""
    port = free_port(host)
    log = tmp / f"server-{port}.log"
    environment = {
        key: value for key, value in os.environ.items()
        if not key.startswith("RPG_") and key not in ("XDG_RUNTIME_DIR", "WEB_CONCURRENCY")}
    environment.update({"RPG_BIND": f"{host}:{port}", "WEB_CONCURRENCY": "2",
                        "RPG_ACCESS_LOG": "0", "HOME": str(tmp),
                        # The expeditions' database in the test's folder, not the repository's.
                        "RPG_DATABASE_URL": f"sqlite:///{tmp / 'expeditions.sqlite3'}", **env})
    with log.open("wb") as output:
        process = subprocess.Popen([*(prefix or []), *run_command()], cwd=ROOT,
                                   env=environment, stdout=output, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 90
        while True:
            if process.poll() is not None:
                pytest.fail(f"the server exited: {log.read_text()[-3000:]}")
            try:
                if get(port, "/api/v1/health/live", timeout=2, host=host, tls=tls)[0] == 200:
                    break
            except OSError:
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"the server did not answer in 90 s: {log.read_text()[-3000:]}")
            time.sleep(0.2)
        yield Server(port, process, log, host, tls)
    finally:
        stop(process)


@dataclass
class Redis:
    """A throwaway redis-server on a loopback port, stopped and started again at will."""

    port: int
    workdir: Path
    process: subprocess.Popen[bytes] | None = None

    @property
    def uri(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        if not Path(REDIS_SERVER).is_file():
            pytest.fail("redis-server is missing: install Debian's redis-server "
                        "(scripts/test does)")
        self.process = subprocess.Popen(
            [REDIS_SERVER, "--port", str(self.port), "--bind", "127.0.0.1",
             "--save", "", "--appendonly", "no", "--dir", str(self.workdir)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 15
        while not self.answers():
            if self.process.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"redis-server did not start on port {self.port}")
            time.sleep(0.05)

    def stop(self) -> None:
        if self.process is not None:
            stop(self.process, timeout=10)
            self.process = None

    def answers(self) -> bool:
        """Whether PING gets PONG (raw protocol: no client library needed)."""
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=1) as sock:
                sock.sendall(b"PING\r\n")
                return sock.recv(16).startswith(b"+PONG")
        except OSError:
            return False


@contextmanager
def redis_server(tmp: Path) -> Iterator[Redis]:
    """A started :class:`Redis`, stopped at the end whatever happened."""
    redis = Redis(free_port(), tmp)
    redis.start()
    try:
        yield redis
    finally:
        redis.stop()
