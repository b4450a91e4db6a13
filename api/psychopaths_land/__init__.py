"""Blueprint of Země psychopatů: procedures under ``/api/v1/psychopaths-land/``.

The procedures register themselves on :data:`blp` when :mod:`api.psychopaths_land.game` is imported.
"""

from __future__ import annotations

from flask_smorest import Blueprint

blp = Blueprint(
    "psychopaths_land",
    __name__,
    url_prefix="/api/v1/psychopaths-land",
    description="Země psychopatů: action points, combat, round phases.",
)

from api.psychopaths_land import game  # noqa: E402, F401  (registers the procedures)
