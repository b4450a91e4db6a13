"""The checks every API request passes before any work, in one list for both ways in.

A check (a *guard*) is a function of the request (Flask's request class; the procedures' path
makes one without Flask's context) that returns nothing or raises the refusal
(:class:`api.apierror.ApiError`, or Werkzeug's ``HTTPException`` for a bare status): the allowed
host, the query's length, a chunked body's size, the rate limit, a JSON body, odd text in a
query. :func:`add_guard` registers one as Flask's ``before_request`` hook (for the site, the docs,
the expeditions) and in the list the procedures' path runs in the same order
(:mod:`api.procedure_path`), so a procedure's request and any other request of the API pass the
same checks. A hook added to Flask any other way reaches no procedure:
``tests/api/test_procedure_path.py`` pins both lists, so adding one is a decision, not an
accident.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from flask import Flask, Request, request

if TYPE_CHECKING:
    from api.wsgi import WsgiApp

#: A check of a request: it returns, or raises the refusal.
Guard = Callable[[Request], None]

#: Where the app keeps its guards, in the order added (``app.extensions``).
GUARDS = "rpg_guards"


def add_guard(app: Flask, guard: Guard) -> Guard:
    """Check every request of ``app`` with ``guard``, after the guards added before it: Flask's
    requests as a ``before_request`` hook of the same name, the procedures' in
    :mod:`api.procedure_path`."""

    def hook() -> None:
        guard(request)

    hook.__name__, hook.__qualname__ = guard.__name__, guard.__qualname__
    app.before_request(hook)
    app.extensions.setdefault(GUARDS, []).append(guard)
    return guard


def guards(app: Flask) -> tuple[Guard, ...]:
    """The guards of ``app``, in the order they run."""
    return tuple(app.extensions.get(GUARDS, ()))


def bare_request_class(app: Flask) -> type[Request]:
    """Flask's request class of ``app``, to read a request without Flask's context (the
    procedures' path, the expeditions' polls answered before Flask) and pass it to the guards:
    its body limit is the app's (a route may raise its own, an import; neither path's does)."""
    return type("BareRequest", (app.request_class,), {
        "_max_content_length": app.config["MAX_CONTENT_LENGTH"]})


class BeforeFlask:
    """The base of a WSGI middleware in front of Flask's ``wsgi_app`` that answers some requests
    itself (the procedures' path, the expeditions' polls): it reads them with the app's
    :func:`bare_request_class` and passes them through the app's guards, in order."""

    def __init__(self, app: Flask, flask_wsgi: WsgiApp) -> None:
        self.app = app
        self.next = flask_wsgi
        self.request_class = bare_request_class(app)
        self._guards: tuple[Guard, ...] | None = None

    def guard(self, req: Request) -> None:
        """Pass ``req`` through every guard of the app (read once the app is made): a refusal
        is raised."""
        if self._guards is None:
            self._guards = guards(self.app)
        for check in self._guards:
            check(req)


def is_api(req: Request) -> bool:
    """Whether ``req`` asks the API (its path is under ``/api/``)."""
    path: str = req.environ.get("PATH_INFO", "")
    return path.startswith("/api/")
