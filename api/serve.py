"""The main job: the API and the rules site under gunicorn (``rpg-companion`` console script).

Settings come from the environment: ``RPG_BIND`` (default ``127.0.0.1:8000``), ``WEB_CONCURRENCY``
(workers, default 2), ``RPG_TIMEOUT`` (seconds, default 30).
"""

from __future__ import annotations

import os
from typing import Any

from gunicorn.app.base import BaseApplication


class _Server(BaseApplication):  # type: ignore[misc]
    def __init__(self, options: dict[str, Any]) -> None:
        self.options = options
        super().__init__()

    def load_config(self) -> None:
        for key, value in self.options.items():
            self.cfg.set(key, value)

    def load(self) -> Any:
        from api import create_app

        return create_app()


def options() -> dict[str, Any]:
    """Gunicorn settings from the environment."""
    return {
        "bind": os.environ.get("RPG_BIND", "127.0.0.1:8000"),
        "workers": int(os.environ.get("WEB_CONCURRENCY", "2")),
        "timeout": int(os.environ.get("RPG_TIMEOUT", "30")),
        "accesslog": "-",
        "errorlog": "-",
        "access_log_format": '%(h)s "%(r)s" %(s)s %(b)s %(M)sms',
        "preload_app": True,
    }


def main() -> None:
    """Serve until interrupted."""
    settings = options()
    print(f"Pravidla a API: http://{settings['bind']}/  (API docs: /api/v1/docs)", flush=True)
    _Server(settings).run()


if __name__ == "__main__":
    main()
