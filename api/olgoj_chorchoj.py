"""Blueprint of Olgoj Chorchoj: procedures under ``/api/v1/olgoj-chorchoj/``."""

from __future__ import annotations

from flask_smorest import Blueprint

blp = Blueprint(
    "olgoj_chorchoj",
    __name__,
    url_prefix="/api/v1/olgoj-chorchoj",
    description="Olgoj Chorchoj: the Engineering action and action tokens.",
)
