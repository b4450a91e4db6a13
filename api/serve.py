"""The main job: the API and the rules site under gunicorn (``rpg-companion`` console script).

Server settings from the environment (the app's own ``RPG_*`` settings are in :mod:`api.settings`):

- ``RPG_BIND`` (default ``127.0.0.1:8000``);
- ``WEB_CONCURRENCY``: worker processes (default: two per core, plus one);
- ``RPG_THREADS``: threads per worker (default 2; keep-alive connections need a thread each);
- ``RPG_TIMEOUT``: seconds before a silent worker is restarted (default 30);
- ``RPG_KEEPALIVE``: seconds a keep-alive connection may idle (default 5);
- ``RPG_MAX_REQUESTS``: restart a worker after this many requests, 0 = never (default 0);
- ``RPG_ACCESS_LOG``: ``1`` (default) writes one line per request to stdout, ``0`` none.

Errors and start-up go to stderr; every request is one line on stdout.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from gunicorn.app.base import BaseApplication

ACCESS_LOG_FORMAT = '%(h)s "%(r)s" %(s)s %(b)s %(M)sms'


class _Server(BaseApplication):  # type: ignore[misc]
    def __init__(self, load: Callable[[], Any], options: dict[str, Any]) -> None:
        self.options = options
        self._load = load
        super().__init__()

    def load_config(self) -> None:
        for key, value in self.options.items():
            self.cfg.set(key, value)

    def load(self) -> Any:
        return self._load()


def _env_int(name: str, default: int) -> int:
    return int(os.environ.get(name, str(default)))


def options() -> dict[str, Any]:
    """Gunicorn settings from the environment."""
    cores = os.cpu_count() or 1
    return {
        "bind": os.environ.get("RPG_BIND", "127.0.0.1:8000"),
        "workers": _env_int("WEB_CONCURRENCY", 2 * cores + 1),
        "worker_class": "gthread",
        "threads": _env_int("RPG_THREADS", 2),
        "timeout": _env_int("RPG_TIMEOUT", 30),
        "graceful_timeout": _env_int("RPG_TIMEOUT", 30),
        "keepalive": _env_int("RPG_KEEPALIVE", 5),
        "max_requests": _env_int("RPG_MAX_REQUESTS", 0),
        "max_requests_jitter": _env_int("RPG_MAX_REQUESTS", 0) // 10,
        "accesslog": "-" if os.environ.get("RPG_ACCESS_LOG", "1") != "0" else None,
        "errorlog": "-",
        "access_log_format": ACCESS_LOG_FORMAT,
        # Load the app (and its schemas) once, before forking: workers share the memory.
        "preload_app": True,
        # A header line or field past these is a 400 from gunicorn before Flask sees it.
        "limit_request_line": 8190,
        "limit_request_fields": 50,
        "limit_request_field_size": 8190,
    }


def run(load: Callable[[], Any], settings: dict[str, Any] | None = None) -> None:
    """Serve the WSGI app ``load()`` returns under gunicorn until interrupted."""
    _Server(load, settings or options()).run()


def main() -> None:
    """Serve the API and the site until interrupted."""
    from api import create_app

    settings = options()
    print(f"Pravidla a API: http://{settings['bind']}/  (API docs: /api/v1/docs)", flush=True)
    run(create_app, settings)


if __name__ == "__main__":
    main()
