"""The app served for real on a loopback port, for the expedition pages in Chromium.

The site and the API from one origin, as the run command serves them: the pages call
``/api/v1/expeditions`` on the host they came from. A threaded werkzeug server in this process
(not the run command) so the test chooses the database and reads the app's store; every request
still goes through the network, the browser's fetch and the app's whole request path.
"""

from __future__ import annotations

import contextlib
import json
import threading
import urllib.request
from collections.abc import Iterator
from typing import Any

from flask import Flask
from werkzeug.serving import make_server


@contextlib.contextmanager
def live(app: Flask) -> Iterator[str]:
    """Serve ``app`` on a free port of 127.0.0.1; yields the base URL (ending in ``/``)."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


def key_of(url: str) -> tuple[str, str]:
    """The expedition's id and token in a page's URL fragment (``#<id>.<token>``)."""
    public_id, _, token = url.partition("#")[2].partition(".")
    return public_id, token


def api_get(base: str, path: str, token: str) -> Any:
    """GET ``path`` of the API with ``token``; the JSON answer."""
    request = urllib.request.Request(base + path.lstrip("/"), headers={
        "Authorization": f"Bearer {token}", "Accept": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.load(answer)
