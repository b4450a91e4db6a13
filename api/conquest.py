"""Blueprint of Dobývání soustav: procedures under ``/api/v1/conquest/``."""

from __future__ import annotations

from flask_smorest import Blueprint

blp = Blueprint(
    "conquest",
    __name__,
    url_prefix="/api/v1/conquest",
    description="Dobývání soustav: units, attacks, credits, scoring.",
)
