"""Blueprint of Olgoj Chorchoj: procedures under ``/api/v1/olgoj-chorchoj/``.

The procedures register themselves on :data:`blp` when :mod:`api.olgoj_chorchoj.action_tokens`
is imported.
"""

from __future__ import annotations

from api.openapi import Blueprint

blp = Blueprint(
    "olgoj_chorchoj",
    __name__,
    url_prefix="/api/v1/olgoj-chorchoj",
    description="Olgoj Chorchoj: the Engineering action and action tokens.",
)

from api.olgoj_chorchoj import action_tokens  # noqa: E402, F401  (registers the procedures)
