"""The run command as an attacker and an operator meet it: slow clients, limits, control socket.

One real server (``rpg-companion``, two gevent workers) on a free loopback port for the module.
Nothing here asserts speed (``bench/slow_clients.py`` measures): only that normal requests are
answered at all while slow clients hold connections, which under thread-per-connection workers
they were not.
"""

from __future__ import annotations

import contextlib
import gc
import http.client
import json
import socket
import ssl
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from api.serve import load_app
from tests.reliability.servers import Server, get, serve

pytestmark = pytest.mark.waits  # its tests mostly wait: tests/schedule.py

LIMIT = 40


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    # PROXY_HOPS=1: each test is its own client by X-Forwarded-For, so budgets do not mix.
    with serve(tmp_path_factory.mktemp("serving"), RPG_KEEPALIVE="2", RPG_PROXY_HOPS="1",
               RPG_RATELIMIT_DEFAULT=f"{LIMIT}/minute", RPG_MAX_CONTENT_LENGTH="2000") as running:
        yield running


def client(address: str) -> dict[str, str]:
    return {"X-Forwarded-For": address}


def test_slow_clients_do_not_starve_the_others(server: Server) -> None:
    sockets = []
    stop = threading.Event()
    try:
        for _ in range(100):
            sock = socket.create_connection(("127.0.0.1", server.port), timeout=5)
            sock.sendall(b"GET /api/v1/morale?morale=7 HTTP/1.1\r\nHost: localhost\r\n")
            sockets.append(sock)

        def drip() -> None:  # a header line a second on each, never the blank line
            for line in range(30):
                if stop.wait(1.0):
                    return
                for sock in sockets:
                    with contextlib.suppress(OSError):  # closed by the server: fine
                        sock.sendall(b"X-Slow-%d: 1\r\n" % line)

        dripping = threading.Thread(target=drip, daemon=True)
        dripping.start()
        answered = [server.get("/api/v1/morale?morale=7", client("203.0.113.1"), timeout=10)[0]
                    for _ in range(20)]
        assert answered == [200] * 20
    finally:
        stop.set()
        for sock in sockets:
            sock.close()


def test_a_request_head_must_arrive_within_the_keepalive_time(server: Server) -> None:
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        sock.sendall(b"GET /api/v1/morale?morale=7 HTTP/1.1\r\n")
        started = time.monotonic()
        closed = False
        for _ in range(20):  # a line a second at most 20 times: the server closes at 2 s
            try:
                sock.sendall(b"X-Slow: 1\r\n")
                sock.settimeout(1.0)
                closed = sock.recv(1024) == b""
            except TimeoutError:
                continue
            except OSError:
                closed = True
            if closed:
                break
        assert closed
        assert time.monotonic() - started < 15


def test_one_budget_across_the_workers_and_routes(server: Server) -> None:
    paths = ["/api/v1/reaction", "/api/v1/morale?morale=7", "/api/v1/travel"]
    statuses = [server.get(paths[i % 3], client("203.0.113.2"))[0] for i in range(LIMIT + 5)]
    assert statuses == [200] * LIMIT + [429] * 5
    other = server.get("/api/v1/reaction", client("203.0.113.3"))
    assert other[0] == 200 and other[1]["X-RateLimit-Remaining"] == str(LIMIT - 1)


def test_health_and_answers_carry_what_a_balancer_and_a_cache_need(server: Server) -> None:
    status, headers, body = server.get("/api/v1/health", {"Host": "10.1.2.3"})
    assert status == 200 and json.loads(body)["status"] == "ready"
    status, headers, _ = server.get("/api/v1/morale?morale=7", client("203.0.113.4"))
    assert headers["Cache-Control"] == "no-store" and "Retry-After" not in headers


def test_an_unknown_host_is_refused(server: Server) -> None:
    status, _, body = server.get("/api/v1/morale?morale=7", {"Host": "evil.example"})
    assert status == 400
    assert json.loads(body)["errors"] == {"Host": [json.loads(body)["message"]]}
    status, _, card = server.get("/api/v1/morale?morale=7&format=html", {"Host": "evil.example"})
    assert status == 400 and b"rpg-result--error" in card and b"href" not in card


def chunked_post(port: int, chunks: list[bytes]) -> tuple[int, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.putrequest("POST", "/api/v1/roll?lang=en")
        connection.putheader("Content-Type", "application/json")
        connection.putheader("Transfer-Encoding", "chunked")
        connection.putheader("X-Forwarded-For", "203.0.113.5")
        connection.endheaders()
        for chunk in chunks:
            connection.send(b"%x\r\n%s\r\n" % (len(chunk), chunk))
        connection.send(b"0\r\n\r\n")
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def test_a_chunked_body_over_the_limit_is_413(server: Server) -> None:
    status, body = chunked_post(server.port, [b'{"expr": "' + b"1" * 1500, b"1" * 1500 + b'"}'])
    assert status == 413
    assert json.loads(body)["message"] == "The request body is too large."
    assert chunked_post(server.port, [b'{"expr": ', b'"1d6"}'])[0] == 200


@pytest.mark.parametrize(("path", "headers", "status", "envelope"), [
    ("/api/v1/morale?morale=7&x=" + "a" * 7_300, {}, 414, True),  # the app's limit, first
    ("/api/v1/morale?morale=7&x=" + "a" * 8_200, {}, 414, False),  # past gunicorn's line
    ("/api/v1/morale?morale=7", {f"X-{i}": "1" for i in range(60)}, 431, False),
    ("/api/v1/morale?morale=7", {"X-Big": "a" * 9_000}, 431, False),
])
def test_oversized_requests_get_the_documented_status(
        server: Server, path: str, headers: dict[str, str], status: int, envelope: bool) -> None:
    answered, _, body = server.get(path, {**headers, **client("203.0.113.6")})
    assert answered == status
    assert body.startswith(b'{"code":') is envelope


def test_no_control_socket_is_shared(server: Server) -> None:
    home = server.log.parent  # the server's HOME: gunicorn's default socket would be here
    assert not (home / ".gunicorn").exists()
    assert "Control socket" not in server.log.read_text()


def test_an_instance_may_have_its_own_control_socket_and_answers_its_address(
        tmp_path: Path) -> None:
    own = tmp_path / "one.ctl"
    # 127.0.0.2 is loopback too: an address not in the default hosts, as a LAN address is.
    with serve(tmp_path, host="127.0.0.2", RPG_CONTROL_SOCKET=str(own)) as running:
        deadline = time.monotonic() + 20
        while not own.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert own.is_socket()
        status, _, body = running.get("/api/v1/morale?morale=7&seed=1&format=html")
        assert status == 200
        assert f'href="http://127.0.0.2:{running.port}/pravidla/'.encode() in body
        assert running.get("/api/v1/reaction", {"Host": "evil.example"})[0] == 400


def test_the_run_command_speaks_https_with_a_certificate(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    # A VTT served over HTTPS can only call an HTTPS server (mixed content): RPG_CERTFILE and
    # RPG_KEYFILE make the run command speak it. A throwaway self-signed certificate for
    # 127.0.0.1, trusted by this client only.
    folder = tmp_path_factory.mktemp("tls")
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
         "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
         "-keyout", str(key), "-out", str(cert)], check=True, capture_output=True, timeout=60)
    trusting = ssl.create_default_context(cafile=str(cert))
    with serve(folder, tls=trusting, RPG_CERTFILE=str(cert), RPG_KEYFILE=str(key)) as server:
        status, _, body = server.get("/api/v1/morale?morale=7&seed=1")
        assert status == 200 and json.loads(body)["procedure"] == "morale"
        with pytest.raises(ssl.SSLError):  # an untrusting client refuses it: it is real TLS
            get(server.port, "/api/v1/health/live", tls=ssl.create_default_context())


def test_the_start_up_line_names_the_site_the_api_docs_and_the_expeditions(
    server: Server,
) -> None:
    banner = next(line for line in server.log.read_text().splitlines()
                  if line.startswith("Pravidla a API: "))
    assert f"http://127.0.0.1:{server.port}/ " in banner
    assert "/api/v1/docs" in banner and "výpravy: /vyprava/" in banner


def test_the_run_commands_app_is_frozen_out_of_the_garbage_collector() -> None:
    # What the app made at start lives as long as the process: a full collection walking it
    # all paused whatever request was under way (a tenth of a second).
    gc.unfreeze()
    try:
        app = load_app({"TESTING": True})
        assert gc.get_freeze_count() > 10_000
        assert not any(tracked is app for tracked in gc.get_objects())
        assert not any(tracked is app.url_map for tracked in gc.get_objects())
    finally:
        gc.unfreeze()
    assert any(tracked is app for tracked in gc.get_objects())  # walked again once unfrozen
