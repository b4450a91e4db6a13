"""The table the integrations' browser tests play at: an expedition made over HTTP."""

from __future__ import annotations

import json
import urllib.request
from typing import Any


def create_expedition(api_url: str) -> dict[str, Any]:
    """A new expedition of one character and one torch, as the API answers its creation."""
    request = urllib.request.Request(
        api_url + "/api/v1/expeditions", method="POST",
        headers={"Content-Type": "application/json"},
        data=json.dumps({"name": "Hrobka", "party": [{"name": "Eva", "max_hp": 8}],
                         "effects": [{"name": "Pochodeň", "shifts": 6, "light": True}]}).encode())
    with urllib.request.urlopen(request, timeout=30) as response:
        made: dict[str, Any] = json.loads(response.read())
    return made
