"""Blueprint of Země psychopatů: procedures under ``/api/v1/psychopaths-land/``.

The procedures register themselves on :data:`blp` when its modules are imported.
"""

from __future__ import annotations

from api.openapi import Blueprint

blp = Blueprint(
    "psychopaths_land",
    __name__,
    url_prefix="/api/v1/psychopaths-land",
    description="Země psychopatů: action points, combat, round phases.",
)

# In the rulebook's order: the round's phases, then combat.
from api.psychopaths_land import round_phases  # noqa: E402, F401, I001  (registers them)
from api.psychopaths_land import combat  # noqa: E402, F401
