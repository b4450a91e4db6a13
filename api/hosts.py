"""The host names the app answers to, as Django's ``ALLOWED_HOSTS``.

The links in Markdown and HTML answers are built from the request's host unless ``SITE_URL`` is
set; a request naming any other host (``Host: evil.example``) is refused with 400 before any
work, so no answer ever links to a host the operator did not name. ``ALLOWED_HOSTS`` entries:
a name or address (``192.168.1.20``, ``rpg.example.org``, ``[::1]``), ``.example.org`` for the
name and its subdomains, ``*`` for any. The port is not compared. The host of ``SITE_URL`` is
always allowed. The health probes answer any host: a load balancer asks by the instance's address.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any
from urllib.parse import urlsplit

from flask import Flask, Request

from api.apierror import ApiError
from api.hooks import add_guard
from rpg.core.text import Text

REFUSED = Text("Neznámý hostitel: tento server neodpovídá na adresu '{host}' (RPG_ALLOWED_HOSTS).",
               "Unknown host: this server does not answer to '{host}' (RPG_ALLOWED_HOSTS).")


class DisallowedHost(ApiError):
    """A request for a host name not in ``ALLOWED_HOSTS`` (400), naming the header."""

    def __init__(self, host: str) -> None:
        shown = host[:100]
        refused = Text(REFUSED.cs.format(host=shown), REFUSED.en.format(host=shown))
        super().__init__(400, refused, {"Host": [refused]})


def allowed_hosts(configured: str | Iterable[str], site_url: str | None = None) -> list[str]:
    """The configured names (a list, or one string of names separated by commas), lower-cased,
    with the host of ``site_url``."""
    names = configured.split(",") if isinstance(configured, str) else list(configured)
    hosts = [name.strip().lower() for name in names if name.strip()]
    if site_url:
        site_host = urlsplit(site_url).hostname
        if site_host:
            hosts.append(f"[{site_host}]" if ":" in site_host else site_host)
    return hosts


def host_name(host: str) -> str:
    """``host[:port]`` without the port, lower-cased; IPv6 keeps its brackets."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[: host.find("]") + 1] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def is_allowed(host: str, patterns: Iterable[str]) -> bool:
    """Whether ``host`` (without its port) matches one of ``patterns``."""
    for pattern in patterns:
        if pattern == "*" or host == pattern:
            return True
        if pattern.startswith(".") and (host.endswith(pattern) or host == pattern[1:]):
            return True
    return False


def init_allowed_hosts(app: Flask) -> None:
    """Refuse requests for hosts outside ``ALLOWED_HOSTS`` (registered first: before any work).

    The check is a guard (:mod:`api.hooks`): every request of the API passes it first.
    """
    patterns = allowed_hosts(app.config["ALLOWED_HOSTS"], app.config.get("SITE_URL"))
    if "*" in patterns:
        return
    patterns_set = frozenset(patterns)
    probes = app.config["OPENAPI_URL_PREFIX"].rstrip("/") + "/health"

    #: Each Host header seen, allowed or not (a handful in practice; bounded all the same).
    seen: dict[str, bool] = {}

    def host_allowed(environ: dict[str, Any]) -> bool:
        # Read from the environ as Werkzeug's request.host is (after ProxyFix, when configured).
        given = environ.get("HTTP_HOST") or environ.get("SERVER_NAME", "")
        allowed = seen.get(given)
        if allowed is None:
            host = host_name(given)
            allowed = host in patterns_set or is_allowed(host, patterns)
            if len(seen) >= 256:
                seen.clear()
            seen[given] = allowed
        return allowed or environ.get("PATH_INFO", "").startswith(probes)

    def known_host(req: Request) -> None:
        environ = req.environ
        if not host_allowed(environ):
            raise DisallowedHost(host_name(environ.get("HTTP_HOST")
                                           or environ.get("SERVER_NAME", "")))

    add_guard(app, known_host)
