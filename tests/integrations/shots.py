"""Screenshots of what the integrations' tests render, for the site's pages.

``RPG_SCREENSHOTS=docs/img/integrace`` writes them there (the pages show those files); unset,
nothing is written.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any


def screenshot(target: Any, name: str) -> None:
    """A PNG of ``target`` (a page or a locator) as ``name``, when screenshots are asked for."""
    folder = os.environ.get("RPG_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        target.screenshot(path=str(Path(folder) / name))
