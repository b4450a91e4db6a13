"""Security headers on every answer: ``nosniff``, a content security policy, frame rules.

Three policies:

- the API's answers (JSON, text, Markdown, HTML cards) load nothing and are framed by nobody;
- the interactive API docs (``/api/v1/docs``) run their own scripts and the one inline script of
  the page, allowed by its hash; framed only by the same origin;
- the rules site runs ``'self'`` scripts and exactly the inline scripts and handlers of the page
  served (MkDocs-Material's bootstrap, the calculators), each allowed by its hash, and may be
  framed by the origins in ``FRAME_ANCESTORS`` (``*`` by default: VTTs embed calculator pages).

Hashing a page's own inline scripts is sound only for pages that reflect nothing from the request:
the built site is static files, and the docs page is rendered from fixed settings.
"""

from __future__ import annotations

import base64
import hashlib
import html
import re
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

from flask import Flask, Response, request

_SCRIPT = re.compile(rb"<script(?P<attrs>[^>]*)>(?P<body>.*?)</script\s*>", re.S | re.I)
_SOURCE = re.compile(rb"\ssrc\s*=", re.I)
_HANDLER = re.compile(rb"""\son[a-z]+\s*=\s*(?:"(?P<dq>[^"]*)"|'(?P<sq>[^']*)')""", re.I)

API_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"


def _sha256(source: bytes) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(source).digest()).decode() + "'"


def inline_sources(page: bytes) -> tuple[list[str], list[str]]:
    """Hashes of a page's inline ``<script>`` bodies and of its inline event handlers."""
    scripts = [_sha256(match["body"]) for match in _SCRIPT.finditer(page)
               if not _SOURCE.search(match["attrs"]) and match["body"].strip()]
    handlers = [
        _sha256(html.unescape((match["dq"] or match["sq"] or b"").decode()).encode())
        for match in _HANDLER.finditer(page)
    ]
    return sorted(set(scripts)), sorted(set(handlers))


def page_policy(frame_ancestors: str, scripts: Iterable[str] = (),
                handlers: Iterable[str] = ()) -> str:
    """The policy of a page of ours that may run ``'self'`` scripts and the hashed inline ones."""
    handlers = list(handlers)
    script_src = " ".join(["'self'", *scripts, *(["'unsafe-hashes'", *handlers] if handlers
                                                   else [])])
    return "; ".join((
        "default-src 'self'",
        f"script-src {script_src}",
        # Material and Swagger UI set style attributes; styles cannot run code.
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "font-src 'self' data:",
        "connect-src 'self'",
        "worker-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        f"frame-ancestors {frame_ancestors}",
    ))


@lru_cache(maxsize=512)
def _file_policy(path: str, _mtime_ns: int, _size: int, frame_ancestors: str) -> str:
    return page_policy(frame_ancestors, *inline_sources(Path(path).read_bytes()))


def site_file_policy(path: Path, frame_ancestors: str) -> str:
    """The policy of one file of the built site; computed once per version of the file."""
    if path.suffix != ".html":
        return page_policy(frame_ancestors)
    stat = path.stat()
    return _file_policy(str(path), stat.st_mtime_ns, stat.st_size, frame_ancestors)


def init_security_headers(app: Flask) -> None:
    """Put the headers on every response that does not carry its own policy already."""
    site_policy = page_policy(app.config["FRAME_ANCESTORS"])
    docs_prefix = app.config["OPENAPI_URL_PREFIX"].rstrip("/") + "/docs"

    @app.after_request
    def security_headers(response: Response) -> Response:
        # nosniff, the referrer policy and the API's own policy are added as the answer leaves
        # (api.wsgi); here only the pages whose policy depends on their content.
        headers = response.headers
        path = request.environ.get("PATH_INFO", "")
        if path.startswith("/api/") and not path.startswith(docs_prefix):
            return response
        if path.startswith(docs_prefix):
            if response.mimetype == "text/html" and not response.direct_passthrough:
                policy = page_policy("'self'", *inline_sources(response.get_data()))
            else:
                policy = page_policy("'self'")
            headers["Content-Security-Policy"] = policy
            headers["X-Frame-Options"] = "SAMEORIGIN"
        elif "Content-Security-Policy" not in headers:
            headers["Content-Security-Policy"] = site_policy
        return response
