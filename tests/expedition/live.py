"""Helpers of the expedition pages' browser test: the link's parts and the API read directly.

The app itself is served by :func:`tests.browser.serve_app`, the site and the API from one
origin as the run command serves them, in this process (not the run command) so the test chooses
the database and reads the app's store; every request still goes through the network, the
browser's fetch and the app's whole request path.
"""

from __future__ import annotations

import json
import urllib.request
from typing import Any


def key_of(url: str) -> tuple[str, str]:
    """The expedition's id and token in a link's URL fragment (``#<id>.<token>``)."""
    public_id, _, token = url.partition("#")[2].partition(".")
    return public_id, token


def gm_link(page: Any) -> str:
    """The GM's link of the expedition open on ``page`` (the pages take the key out of the
    address and keep it in the tab: ``sessionStorage``), as the share panel shows it."""
    kept = page.evaluate("sessionStorage.getItem('rpg-vyprava-gm')")
    assert kept, "the GM's page keeps no key"
    return f"{page.url.partition('#')[0]}#{kept}"


def api_get(base: str, path: str, token: str) -> Any:
    """GET ``path`` of the API with ``token``; the JSON answer."""
    request = urllib.request.Request(base + path.lstrip("/"), headers={
        "Authorization": f"Bearer {token}", "Accept": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.load(answer)


def api_post(base: str, path: str, body: Any, token: str | None = None) -> Any:
    """POST ``body`` (JSON) to ``path`` of the API, with ``token`` if given; the JSON answer."""
    headers = {"Content-Type": "application/json", "Accept": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(base + path.lstrip("/"), data=json.dumps(body).encode(),
                                     headers=headers, method="POST")
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.load(answer)
