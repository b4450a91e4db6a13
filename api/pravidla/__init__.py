"""Blueprint of "Pravidla a procedury": every core procedure under ``/api/v1/``.

Each area module defines its schemas and calls :func:`api.procedures.register` on :data:`blp`.
"""

from __future__ import annotations

from api.openapi import Blueprint

blp = Blueprint(
    "pravidla", __name__, url_prefix="/api/v1",
    description="Pravidla a procedury: the core RPG procedures.",
)

# The area modules register their endpoints on import.
from api.pravidla import (  # noqa: E402, F401
    attack,
    checks,
    combat,
    dice,
    dungeon,
    encounters,
    hazards,
    health,
    situations,
    wilderness,
)
