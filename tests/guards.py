"""The guards every API request passes (``api.hooks``), spied on by the tests of the paths that
answer before Flask: the procedures' and the expeditions' polls."""

from __future__ import annotations

from typing import Any

from flask import Flask

from api.hooks import GUARDS


def spy_on_guards(app: Flask) -> list[str]:
    """The names of the guards the paths before Flask (the procedures', the polls') run from
    now on, in order, as they run them (they read the guards at their first request: spy from
    the start). Flask's own hooks call the guards they were made with, unspied."""
    passed: list[str] = []

    def spy(guard: Any) -> Any:
        def spied(req: Any) -> None:
            passed.append(guard.__name__)
            guard(req)
        return spied

    app.extensions[GUARDS] = [spy(guard) for guard in app.extensions[GUARDS]]
    return passed
