"""The main job: the API and the rules site under gunicorn (``rpg-companion`` console script).

Gunicorn with **gevent** workers: every connection is a greenlet, so a client that sends its
request a byte at a time costs a few kilobytes and holds no thread, and the head of a request
(request line and headers) must arrive within ``RPG_KEEPALIVE`` seconds or the connection is
closed. gevent patches the standard library (sockets, threads, locks) *before* anything else is
imported, in the master, because the app is loaded there once before the workers are forked
(``preload_app``): everything the app creates at start (the rate-limit counter table, a database
driver's module state) is then created already patched, and a driver that picks its waiting
strategy at import (psycopg 3 does) sees gevent.

Once loaded, the app's objects are frozen out of the garbage collector (:func:`load_app`): they
live as long as the process, and a full collection walked them all, about a tenth of a second
(measured in-process: the action that met it took 103–144 ms, the others 5–15 ms), whichever
request was under way then, a GM's action as likely as any.

Server settings from the environment (the app's own ``RPG_*`` settings are in :mod:`api.settings`):

- ``RPG_BIND`` (default ``127.0.0.1:8000``);
- ``WEB_CONCURRENCY``: worker processes (default: two per core, plus one);
- ``RPG_WORKER_CONNECTIONS``: open connections per worker (default 1000);
- ``RPG_TIMEOUT``: seconds before a silent worker is restarted (default 30);
- ``RPG_KEEPALIVE``: seconds a keep-alive connection may idle, and the time a client has to send
  a request's head (default 5, at least 1);
- ``RPG_BODY_TIMEOUT``: seconds a client has to send a request's body once its head arrived
  (default 10; past it a 408 and the connection closed; 0: no deadline), :mod:`api.worker`;
- ``RPG_MAX_CONNECTIONS_PER_CLIENT``: connections one client address may hold in one worker
  (default a tenth of ``RPG_WORKER_CONNECTIONS``; 0 behind a proxy, ``RPG_PROXY_HOPS``, where
  every connection is the proxy's: there the proxy limits them), :mod:`api.worker`;
- ``RPG_EXPEDITION_WAIT_SECONDS``: the app's setting (:mod:`api.settings`), 25 here: a players'
  page's poll is held until its expedition changes (:mod:`api.expeditions.waits`), and
  ``RPG_EXPEDITION_MAX_WAITERS`` nine tenths of ``RPG_WORKER_CONNECTIONS`` by default;
- ``RPG_MAX_REQUESTS``: restart a worker after this many requests, 0 = never (default 0);
- ``RPG_ACCESS_LOG``: ``1`` (default) writes one line per request to stdout, ``0`` none;
- ``RPG_CONTROL_SOCKET``: a path for gunicorn's control socket (``gunicornc``); unset, there is
  none, so two instances on one host never share one;
- ``RPG_CERTFILE`` and ``RPG_KEYFILE``: a TLS certificate and its key (PEM): the server then
  speaks HTTPS, which a VTT served over HTTPS needs to call it (a browser blocks an ``http://``
  request from an ``https://`` page, except to ``localhost``).

Errors and start-up go to stderr; every request is one line on stdout.
"""

from __future__ import annotations

import gc
import os
from collections.abc import Callable
from typing import Any

ACCESS_LOG_FORMAT = '%(h)s "%(r)s" %(s)s %(b)s %(M)sms'
#: The workers: gevent's, guarded (:mod:`api.worker`).
WORKER_CLASS = "api.worker.GuardedGeventWorker"
#: Gunicorn answers a request line longer than this itself (414); the app's own 414, with the
#: error envelope, comes first for any query string up to ``MAX_QUERY_LENGTH`` (7 KiB).
REQUEST_LINE_LIMIT = 8190
#: Seconds a players' page's poll is held at most until its expedition changes (below a
#: proxy's usual read timeout, nginx's 60 s): ``RPG_EXPEDITION_WAIT_SECONDS`` unless set.
WAIT_SECONDS = 25


def patch() -> None:
    """Make the standard library cooperative (gevent); a no-op the second time.

    Call it before importing the app, gunicorn or a database driver.
    """
    from gevent import monkey

    if not monkey.is_module_patched("socket"):
        monkey.patch_all()


def _env_int(name: str, default: int) -> int:
    return int(os.environ.get(name, str(default)))


def options() -> dict[str, Any]:
    """Gunicorn settings from the environment."""
    cores = os.cpu_count() or 1
    control_socket = os.environ.get("RPG_CONTROL_SOCKET")
    return {
        "bind": os.environ.get("RPG_BIND", "127.0.0.1:8000"),
        "workers": _env_int("WEB_CONCURRENCY", 2 * cores + 1),
        # gunicorn's gevent worker, with a body deadline and a cap of connections per client.
        "worker_class": WORKER_CLASS,
        "worker_connections": _env_int("RPG_WORKER_CONNECTIONS", 1000),
        "timeout": _env_int("RPG_TIMEOUT", 30),
        "graceful_timeout": _env_int("RPG_TIMEOUT", 30),
        # Also the deadline for a request's head under gevent workers: 0 would mean none.
        "keepalive": max(1, _env_int("RPG_KEEPALIVE", 5)),
        "max_requests": _env_int("RPG_MAX_REQUESTS", 0),
        "max_requests_jitter": _env_int("RPG_MAX_REQUESTS", 0) // 10,
        "accesslog": "-" if os.environ.get("RPG_ACCESS_LOG", "1") != "0" else None,
        "errorlog": "-",
        "access_log_format": ACCESS_LOG_FORMAT,
        # Load the app (and its schemas) once, before forking: workers share the memory and the
        # rate-limit counter table the app creates.
        "preload_app": True,
        # A request line or header past these is answered by gunicorn itself (414, 431).
        "limit_request_line": REQUEST_LINE_LIMIT,
        "limit_request_fields": 50,
        "limit_request_field_size": 8190,
        # Gunicorn's control socket has one default path per user: a second instance would take
        # it over from the first. Only an instance given its own path gets one.
        "control_socket_disable": control_socket is None,
        **({"control_socket": control_socket} if control_socket else {}),
        **tls(),
    }


def tls() -> dict[str, str]:
    """HTTPS settings when a certificate and its key are given (both, or neither)."""
    certfile, keyfile = os.environ.get("RPG_CERTFILE"), os.environ.get("RPG_KEYFILE")
    if bool(certfile) != bool(keyfile):
        raise SystemExit("RPG_CERTFILE and RPG_KEYFILE go together: give both, or neither.")
    return {"certfile": certfile, "keyfile": keyfile} if certfile and keyfile else {}


def run(load: Callable[[], Any], settings: dict[str, Any] | None = None) -> None:
    """Serve the WSGI app ``load()`` returns under gunicorn until interrupted.

    Patches the standard library first when the workers are gevent's (see :func:`patch`).
    """
    settings = settings or options()
    chosen: dict[str, Any] = settings
    if settings.get("worker_class") in ("gevent", WORKER_CLASS):
        patch()
    from gunicorn.app.base import BaseApplication

    class Server(BaseApplication):  # type: ignore[misc]
        def load_config(self) -> None:
            for key, value in chosen.items():
                self.cfg.set(key, value)

        def load(self) -> Any:
            return load()

    Server().run()


def load_app(config: dict[str, Any] | None = None) -> Any:
    """The app (:func:`api.create_app` with ``config``), its objects then frozen out of the
    garbage collector (:func:`gc.freeze`): a full collection no longer walks what lives as long
    as the process. Loaded before the workers are forked, they share it all (``preload_app``)."""
    from api import create_app, openapi

    app = create_app(config)
    openapi.written(app)  # here, once, for every worker forked from this process
    gc.freeze()
    return app


def _bind_host(bind: str) -> str | None:
    """The host of ``host:port`` when it names one address (not a wildcard or a socket)."""
    if bind.startswith(("unix:", "fd://")):
        return None
    host, colon, _port = bind.rpartition(":")
    host = host if colon and not bind.endswith("]") else bind
    return None if host in ("", "0.0.0.0", "[::]") else host


def main() -> None:
    """Serve the API and the site until interrupted."""
    patch()  # before the app, gunicorn or any driver is imported
    settings = options()
    config: dict[str, Any] = {}
    host = _bind_host(settings["bind"])
    if host and "RPG_ALLOWED_HOSTS" not in os.environ:
        from api.settings import DEFAULTS

        # Bound to one LAN address (a phone set-up), that address is a name the app answers to.
        if host not in DEFAULTS["ALLOWED_HOSTS"]:
            config["ALLOWED_HOSTS"] = [*DEFAULTS["ALLOWED_HOSTS"], host]

    # Held polls (api.expeditions.waits) cost a greenlet each here: on, bounded by the
    # connections a worker holds, leaving a tenth of them to everything else.
    if "RPG_EXPEDITION_WAIT_SECONDS" not in os.environ:
        config["EXPEDITION_WAIT_SECONDS"] = WAIT_SECONDS
    if "RPG_EXPEDITION_MAX_WAITERS" not in os.environ:
        config["EXPEDITION_MAX_WAITERS"] = settings["worker_connections"] * 9 // 10

    def load() -> Any:
        return load_app(config or None)

    scheme = "https" if "certfile" in settings else "http"
    print(f"Pravidla a API: {scheme}://{settings['bind']}/  (API docs: /api/v1/docs, "
          "výpravy: /vyprava/)", flush=True)
    run(load, settings)


if __name__ == "__main__":
    main()
