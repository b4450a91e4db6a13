"""HTTP throughput of the procedures against two bare endpoints, under the production server.

Starts the app under gunicorn with the settings of ``api.serve`` (the same workers, threads and
access log; the rate limit set too high to refuse, so its bookkeeping is still measured), and a
bare Flask app answering a similar small JSON under the same settings; loads both over loopback
from this process's load generator (``wrk`` when installed, else Python threads with keep-alive
``http.client`` connections) and prints requests/s, p50, p99 and three ratios:

- ``÷ plain``: to the same endpoint written as plainly as Flask and marshmallow allow, in the
  bare app under the same server (``/plain/<procedure>``: the same input schema, engine call and
  JSON body, its next steps included; nothing else: no rate limit, CORS, security headers, error
  envelope or OpenAPI layer) - the reference, one for each endpoint, loaded just before it in
  every round: the median of the rounds' ratios, and their range;
- ``÷ Flask``: to the bare Flask app (the cost of everything we add, safeguards included);
- ``÷ in-app``: to a bare endpoint inside our app (``/api/v1/bench-bare``, added only by this
  script's app factory, never by the production one), which answers the same JSON through the
  same rate limiter, CORS and security headers: the cost of the procedure itself.

    .venv/bin/python bench/http.py [--duration 10] [--connections 16] [--rounds 3]
    .venv/bin/python bench/http.py --in-process [--rounds 15]

``--in-process`` calls both apps' WSGI callables directly in this process instead (no server,
no sockets: the cost of our code alone, far less noisy on a shared machine), each endpoint right
after its plain version, 300 requests at a time, every round; it prints µs per request (the
fastest round) and the median and range of the rounds' throughput ratios; and the µs of two
answers that are not a result (a refusal, a card: :data:`OTHER_ANSWERS`).

With several rounds every endpoint is loaded once per round, in turn, and the median round is
printed (the load of a shared machine drifts). An endpoint the app does not have is skipped.
"""

from __future__ import annotations

import sys
from pathlib import Path

# This file is named http.py: keep its folder off the path, so that ``http`` is the stdlib's.
sys.path[:] = [entry for entry in sys.path
               if Path(entry or ".").resolve() != Path(__file__).resolve().parent]

import argparse  # noqa: E402
import http.client  # noqa: E402
import os  # noqa: E402
import re  # noqa: E402
import shutil  # noqa: E402
import socket  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import threading  # noqa: E402
import time  # noqa: E402
from collections.abc import Iterator  # noqa: E402
from contextlib import contextmanager  # noqa: E402
from typing import Any  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
ENDPOINTS = {
    "morale": "/api/v1/morale?morale=7",
    "reaction": "/api/v1/reaction?modifier=1",
    "travel": "/api/v1/travel",
    "encounter": "/api/v1/encounter",
    "roll": "/api/v1/roll?expr=4d6kh3",
}
#: Answers other than a result, timed in-process only (no plain version): a refusal, a card.
OTHER_ANSWERS = {
    "morale 422": ("/api/v1/morale?morale=99", "422"),
    "morale text card": ("/api/v1/morale?morale=7&format=text", "200"),
}
BARE = "/bare"
PLAIN = "/plain"
IN_APP_BARE = "/api/v1/bench-bare"
BODY = {
    "procedure": "bare", "input": {"morale": 7, "successes": 0},
    "rolls": [{"label": "morale", "notation": "2d6", "results": [3, 4], "total": 7}],
    "result": {"total": 7, "holds": True, "fights_to_death": False, "outcome": "holds"},
    "chance": 0.5833333333333334, "text": "Morálka 7: 2d6 = 3 + 4 = 7 ≤ 7 → drží.",
    "seed": 12345, "rule": {"title": "Morálka", "url": "/pravidla/souboje/#moralka"},
}


def bare_app() -> object:
    """A Flask app with one endpoint answering a JSON the size of a procedure's answer, and each
    procedure of :data:`ENDPOINTS` written as plainly as Flask and marshmallow allow."""
    import secrets

    from flask import Flask, jsonify, request
    from flask.typing import ResponseReturnValue
    from marshmallow import ValidationError

    from api import create_app
    from api.procedures import ENDPOINTS as API
    from api.procedures import CommonArgs, next_json
    from api.serialize import to_json
    from rpg.core.dice import SeededDice

    create_app()  # registers the procedures: their schemas and engine functions
    app = Flask("bare")
    app.add_url_rule(BARE, "bare", lambda: jsonify(BODY))

    def plain(path: str) -> None:
        endpoint = API[path]
        schema = type(f"Plain{path}", (endpoint.input_schema, CommonArgs), {})()

        def answer() -> ResponseReturnValue:
            try:
                args = schema.load(request.args.to_dict())
            except ValidationError as error:
                return jsonify(error.messages), 422
            lang = args.pop("lang", None) or "cs"
            seed = args.pop("seed", None)
            seed = secrets.randbelow(2**53) if seed is None else seed
            args.pop("dice", None), args.pop("format", None)
            outcome = endpoint.procedure.run(SeededDice(seed), **args)
            result = to_json(outcome.result, lang)
            result["next"] = [next_json(step, lang) for step in outcome.next]
            return jsonify({
                "procedure": path, "input": to_json(args, lang),
                "rolls": to_json(outcome.rolls, lang), "result": result,
                "chance": None if outcome.chance is None else float(outcome.chance),
                "text": outcome.text.in_(lang), "seed": seed,
                "rule": {"title": outcome.rule.title, "url": outcome.rule.url}})

        app.add_url_rule(f"{PLAIN}/{path}", f"plain_{path}", answer)

    for url in ENDPOINTS.values():
        plain(url.removeprefix("/api/v1/").split("?")[0])
    return app


def app_with_bare() -> object:
    """Our app as in production, plus one trivial endpoint answering :data:`BODY`.

    It goes through everything our app puts around a procedure (the rate limiter counts it,
    CORS and the security headers apply, errors get the envelope), and answers with the app's
    own JSON provider; it parses no input and runs no rule.
    """
    from api import create_app

    app = create_app()
    app.add_url_rule(IN_APP_BARE, "bench_bare", lambda: app.json.response(BODY))
    return app


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def server(which: str) -> Iterator[str]:
    """Start ``which`` (``app`` or ``bare``) under gunicorn; yield its base URL."""
    port = free_port()
    env = {**os.environ, "RPG_BIND": f"127.0.0.1:{port}",
           "RPG_RATELIMIT_DEFAULT": os.environ.get("RPG_RATELIMIT_DEFAULT", "100000000/minute")}
    process = subprocess.Popen([sys.executable, __file__, "--serve", which], cwd=ROOT, env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        wait_until_up(port, process)
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        process.wait(timeout=30)


def wait_until_up(port: int, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            stderr = process.stderr.read().decode() if process.stderr else ""
            raise SystemExit(f"server exited: {stderr[-2000:]}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.2)
    raise SystemExit("server did not start in 60 s")


def get_status(base: str, path: str) -> int:
    host, port = base.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=10)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        response.read()
        return response.status
    finally:
        connection.close()


def load_wrk(url: str, duration: float, connections: int) -> tuple[float, float, float]:
    output = subprocess.run(
        ["wrk", "-t2", f"-c{connections}", f"-d{int(duration)}s", "--latency", url],
        capture_output=True, text=True, check=True).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))  # type: ignore[union-attr]

    def percentile(label: str) -> float:
        value, unit = re.search(rf"\s{label}%\s+([\d.]+)(us|ms|s)\b", output).groups()  # type: ignore[union-attr]
        return float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]

    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    if errors:
        print(f"  note: {errors.group(1)} non-2xx answers from {url}")
    return rps, percentile("50"), percentile("99")


def load_python(url: str, duration: float, connections: int) -> tuple[float, float, float]:
    host, rest = url.removeprefix("http://").split(":", 1)
    port, path = rest.split("/", 1)
    latencies: list[float] = []
    lock = threading.Lock()
    stop = time.monotonic() + duration

    def worker() -> None:
        connection = http.client.HTTPConnection(host, int(port), timeout=10)
        mine: list[float] = []
        while time.monotonic() < stop:
            started = time.perf_counter()
            connection.request("GET", "/" + path)
            response = connection.getresponse()
            response.read()
            mine.append((time.perf_counter() - started) * 1000)
            if response.getheader("Connection", "").lower() == "close":
                connection.close()
                connection = http.client.HTTPConnection(host, int(port), timeout=10)
        connection.close()
        with lock:
            latencies.extend(mine)

    threads = [threading.Thread(target=worker) for _ in range(connections)]
    began = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.monotonic() - began
    cuts = statistics.quantiles(latencies, n=100)
    return len(latencies) / elapsed, cuts[49], cuts[98]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--duration", type=float, default=10.0, help="seconds per endpoint")
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--rounds", type=int, default=1, help="load every endpoint this often")
    parser.add_argument("--python-load", action="store_true", help="do not use wrk")
    parser.add_argument("--in-process", action="store_true", help="WSGI calls, no server")
    parser.add_argument("--serve", choices=("app", "bare"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        from api.serve import options, run

        if args.serve == "app":
            run(app_with_bare, options())
        else:
            run(bare_app, options())
        return

    if args.in_process:
        in_process(args.rounds)
        return

    from api.serve import options

    settings = options()
    use_wrk = shutil.which("wrk") is not None and not args.python_load
    load = load_wrk if use_wrk else load_python
    print(f"nproc {os.cpu_count()}; gunicorn {settings['workers']} {settings['worker_class']} "
          f"workers, access log on; "
          f"load: {'wrk -t2' if use_wrk else 'Python threads'}, {args.connections} keep-alive "
          f"connections, {args.duration:g} s per endpoint × {args.rounds} round(s), "
          f"GET on 127.0.0.1; "
          f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    with server("bare") as bare, server("app") as app:
        targets = {"bare Flask": bare + BARE, "bare in app": app + IN_APP_BARE}
        for name, path in ENDPOINTS.items():
            status = get_status(app, path)
            if status == 404:
                print(f"  note: {name} ({path}) is not in the API yet: skipped")
            elif status != 200:
                print(f"  note: {name} answered {status}: skipped")
            else:
                targets[f"plain {name}"] = bare + path.replace("/api/v1", PLAIN, 1)
                targets[name] = app + path
        for url in targets.values():
            load(url, 2, args.connections)  # warm-up: caches, lazy imports
        rounds: dict[str, list[tuple[float, float, float]]] = {name: [] for name in targets}
        for _ in range(args.rounds):
            for name, url in targets.items():
                rounds[name].append(load(url, args.duration, args.connections))
    rows = {name: median_round(measured) for name, measured in rounds.items()}
    flask_rps, in_app_rps = rows["bare Flask"][0], rows["bare in app"][0]
    print(f"{'endpoint':<18} {'req/s':>9} {'p50 ms':>8} {'p99 ms':>8} {'÷ plain':>8} "
          f"{'range':>11} {'÷ Flask':>8} {'÷ in-app':>8}")
    for name, (rps, p50, p99) in rows.items():
        plain = rounds.get(f"plain {name}")
        versus = ratio = ""
        if plain:
            # Each round's endpoint against its plain version loaded just before it (the same
            # load on a shared machine): the median ratio, and the range over the rounds.
            ratios = sorted(ours[0] / theirs[0]
                            for ours, theirs in zip(rounds[name], plain, strict=True))
            versus = f"{statistics.median(ratios):.2f}"
            ratio = f"{ratios[0]:.2f}–{ratios[-1]:.2f}"
        print(f"{name:<18} {rps:>9.0f} {p50:>8.2f} {p99:>8.2f} {versus:>8} {ratio:>11} "
              f"{rps / flask_rps:>8.2f} {rps / in_app_rps:>8.2f}")
    print(f"load average after the run: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


def in_process(rounds: int, count: int = 300) -> None:
    """Each endpoint's WSGI call against its plain version's, in this process (see the doc)."""
    import io

    from werkzeug.test import EnvironBuilder

    os.environ.setdefault("RPG_RATELIMIT_DEFAULT", "100000000/minute")
    app, bare = app_with_bare(), bare_app()
    targets: dict[str, tuple[Any, str, str]] = {"bare Flask": (bare, BARE, "200"),
                                                "bare in app": (app, IN_APP_BARE, "200")}
    for name, path in ENDPOINTS.items():
        targets[f"plain {name}"] = (bare, path.replace("/api/v1", PLAIN, 1), "200")
        targets[name] = (app, path, "200")
    for name, (path, status) in OTHER_ANSWERS.items():
        targets[name] = (app, path, status)

    def timed(wsgi: Any, url: str, times: int, expected: str) -> float:
        path, _, query = url.partition("?")
        environ = EnvironBuilder(path=path, query_string=query,
                                 base_url="http://127.0.0.1:8000").get_environ()
        status: list[str] = []
        started = time.perf_counter()
        for _ in range(times):
            answer = wsgi({**environ, "wsgi.input": io.BytesIO()},
                          lambda code, headers, exc_info=None: status.append(code))
            b"".join(answer)
            getattr(answer, "close", lambda: None)()
        elapsed = (time.perf_counter() - started) / times * 1e6
        if not status[-1].startswith(expected):
            raise SystemExit(f"{url} answered {status[-1]}")
        return elapsed

    for wsgi, url, expected in targets.values():
        timed(wsgi, url, 50, expected)  # warm-up: caches, lazy imports
    measured: dict[str, list[float]] = {name: [] for name in targets}
    for _ in range(rounds):
        for name, (wsgi, url, expected) in targets.items():
            measured[name].append(timed(wsgi, url, count, expected))
    print(f"in-process WSGI calls, {rounds} rounds × {count} requests, rate limit on "
          f"(too high to refuse); load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"{'endpoint':<18} {'µs/req':>8} {'÷ plain':>8} {'range':>11}")
    for name, times in measured.items():
        plain = measured.get(f"plain {name}")
        versus = ratio = ""
        if plain:
            ratios = sorted(theirs / ours for ours, theirs in zip(times, plain, strict=True))
            versus, ratio = f"{statistics.median(ratios):.2f}", f"{ratios[0]:.2f}–{ratios[-1]:.2f}"
        print(f"{name:<18} {min(times):>8.0f} {versus:>8} {ratio:>11}")


def median_round(measured: list[tuple[float, float, float]]) -> tuple[float, float, float]:
    """The round with the median requests/s (its own p50 and p99 with it)."""
    return sorted(measured)[len(measured) // 2]


if __name__ == "__main__":
    main()
