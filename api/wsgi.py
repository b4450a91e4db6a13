"""The headers every API answer carries, added where they cost least: as the answer leaves.

CORS (any origin may call the API: VTT macros run in browsers on other origins), the API's
security headers, ``Cache-Control: no-store`` on procedure answers and the rate limit's
``X-RateLimit-*`` are the same for every answer or read from one value the request left in the
WSGI environ (:data:`RATE_LIMIT`). They are appended here to the header list the server receives,
precomputed once, instead of each being set, checked and validated on the response object in
Flask's hooks (which is most of what a small answer costs). A CORS preflight is answered here
outright: it needs no route, no rate limit and no body. A header an answer already carries is
never overwritten.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from api.security import API_POLICY

#: The request's rate-limit verdict (``api.limits.Verdict``), put in the environ by the limiter.
RATE_LIMIT = "rpg.rate_limit"
#: Set once the request is counted (its verdict, possibly ``None``, is at :data:`RATE_LIMIT`).
COUNTED = "rpg.rate_limit_counted"
#: The answer's language, put in the environ by the procedure that answered (Content-Language).
LANGUAGE = "rpg.language"

StartResponse = Callable[..., Any]
WsgiApp = Callable[[dict[str, Any], StartResponse], Iterable[bytes]]

#: What a macro may read besides the simple headers: the answer's language and the rate limit's
#: state, so it can wait instead of hammering; an expedition's ETag, to poll conditionally, and
#: whether its poll was held until a change (``Preference-Applied``: ``Prefer: wait=N``, which a
#: preflight allows as every requested header); and whether a write's answer is the one kept for
#: its Idempotency-Key.
EXPOSED = ("Content-Language", "Retry-After", "X-RateLimit-Limit", "X-RateLimit-Remaining",
           "X-RateLimit-Reset", "ETag", "Preference-Applied", "Idempotent-Replayed")
METHODS = "GET, POST, OPTIONS"
#: How long a browser may keep a preflight's answer (seconds).
PREFLIGHT_MAX_AGE = "600"


class ApiHeaders:
    """WSGI middleware around the app: the headers of :mod:`api.wsgi`'s docstring.

    ``prefix`` is the API's path (``/api/v1``); ``documents`` the paths under it that may be
    cached (the interactive docs, the OpenAPI document): every answer but theirs is
    ``no-store``.
    """

    def __init__(self, app: WsgiApp, prefix: str, documents: tuple[str, ...],
                 rate_headers: bool) -> None:
        self.app = app
        self.prefix = prefix.rstrip("/") + "/"
        self.documents = documents
        self.rate_headers = rate_headers
        common = [("X-Content-Type-Options", "nosniff"),
                  ("Referrer-Policy", "strict-origin-when-cross-origin")]
        cors = [("Access-Control-Allow-Origin", "*"),
                ("Access-Control-Expose-Headers", ", ".join(EXPOSED))]
        self.site = common
        # The interactive docs set a policy of their own first (api.security); the OpenAPI
        # document takes the API's. Both may be cached; a roll may not.
        self.document = [*common, *cors, ("Content-Security-Policy", API_POLICY),
                         ("X-Frame-Options", "DENY")]
        self.answer = [*self.document, ("Cache-Control", "no-store")]

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        path = environ.get("PATH_INFO", "")
        if not path.startswith(self.prefix) and path != self.prefix.rstrip("/"):
            return self.app(environ, self._adding(start_response, self.site, None))
        if (environ.get("REQUEST_METHOD") == "OPTIONS"
                and "HTTP_ACCESS_CONTROL_REQUEST_METHOD" in environ):
            return self._preflight(environ, start_response)
        extra = self.document if path.startswith(self.documents) else self.answer
        return self.app(environ, self._adding(start_response, extra, environ))

    def _adding(self, start_response: StartResponse, extra: list[tuple[str, str]],
                environ: dict[str, Any] | None) -> StartResponse:
        def adding(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            present = {name.lower() for name, _ in headers}
            headers.extend(item for item in extra if item[0].lower() not in present)
            if environ is None:
                return start_response(status, headers, exc_info)
            lang = environ.get(LANGUAGE)
            if lang is not None and "content-language" not in present:
                headers.append(("Content-Language", lang))
            verdict = environ.get(RATE_LIMIT)
            if verdict is not None and self.rate_headers:
                headers.extend((("X-RateLimit-Limit", str(verdict.limit)),
                                ("X-RateLimit-Remaining", str(verdict.remaining)),
                                ("X-RateLimit-Reset", str(int(verdict.reset)))))
            return start_response(status, headers, exc_info)
        return adding

    def _preflight(self, environ: dict[str, Any],
                   start_response: StartResponse) -> Iterable[bytes]:
        """A browser asking whether it may call: yes, from any origin, with GET and POST."""
        headers = [("Access-Control-Allow-Origin", "*"),
                   ("Access-Control-Allow-Methods", METHODS),
                   ("Access-Control-Max-Age", PREFLIGHT_MAX_AGE),
                   ("Content-Length", "0"), *self.site]
        requested = environ.get("HTTP_ACCESS_CONTROL_REQUEST_HEADERS")
        if requested:  # Content-Type: application/json, and whatever else a macro sends
            headers.append(("Access-Control-Allow-Headers", requested[:1024]))
        # A public page (a VTT on the internet) calling a server on the LAN or localhost:
        # Chromium asks first (Private Network Access) and needs this answer.
        if environ.get("HTTP_ACCESS_CONTROL_REQUEST_PRIVATE_NETWORK") == "true":
            headers.append(("Access-Control-Allow-Private-Network", "true"))
        start_response("200 OK", headers)
        return [b""]
