"""Blueprint of Dobývání soustav: procedures under ``/api/v1/conquest/``.

The procedures register themselves on :data:`blp` when :mod:`api.conquest.game` is imported.
"""

from __future__ import annotations

from api.openapi import Blueprint

blp = Blueprint(
    "conquest",
    __name__,
    url_prefix="/api/v1/conquest",
    description="Dobývání soustav: units, attacks, credits, scoring.",
)

from api.conquest import game  # noqa: E402, F401  (registers the procedures)
