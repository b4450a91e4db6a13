"""Blueprint of Země psychopatů: procedures under ``/api/v1/psychopaths-land/``."""

from __future__ import annotations

from flask_smorest import Blueprint

blp = Blueprint(
    "psychopaths_land",
    __name__,
    url_prefix="/api/v1/psychopaths-land",
    description="Země psychopatů: action points, combat, round phases.",
)
