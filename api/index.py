"""``GET /api/v1/``: every procedure with its rule and an example that answers.

JSON for programs; with ``format=html`` (or followed as a link in a browser) a phone page of
tappable examples, each opening its answer as a card. The links are relative, so the page works on
whatever host the server is reached by.
"""

from __future__ import annotations

import json
from html import escape
from typing import Any

from flask import Blueprint, Response, current_app, request

from api.formats import PAGE_POLICY, opened_in_browser, page, requested_format
from api.language import request_language
from api.procedures import API_PREFIX, ENDPOINTS, query_string
from rpg.core.catalog import messages, msg
from rpg.core.registry import procedures
from rpg.core.text import Text

bp = Blueprint("index", __name__)

MESSAGES = messages({
    "api.index.title": Text("Procedury pravidel", "Rule procedures"),
    "api.index.lead": Text(
        "Klepnutím na příklad se hodí a ukáže výsledek; v adrese příkladu změň vstupy. "
        "Celý popis API: {docs}.",
        "Tap an example to roll it and see the result; change the inputs in its address. "
        "The whole API reference: {docs}."),
    "api.index.try": Text("Zkusit", "Try"),
    "api.index.json": Text("JSON", "JSON"),
    "api.index.rule": Text("pravidlo", "rule"),
    "api.index.core": Text("Pravidla a procedury", "Rules and procedures"),
    "api.index.pravidla": Text("Pravidla a procedury", "Rules and procedures"),
    "api.index.psychopaths_land": Text("Země psychopatů", "Země psychopatů"),
    "api.index.conquest": Text("Dobývání soustav", "Dobývání soustav"),
    "api.index.olgoj_chorchoj": Text("Olgoj Chorchoj", "Olgoj Chorchoj"),
})


def example(path: str) -> str:
    """A URL of the procedure that answers 200: its first sample input, objects as JSON."""
    sample = ENDPOINTS[path].procedure.samples[0]
    inputs = {key: json.dumps(value, ensure_ascii=False, separators=(",", ":"))
              if isinstance(value, dict) or (isinstance(value, list) and value
                                             and isinstance(value[0], dict | list))
              else value for key, value in sample.items()}
    query = query_string(inputs)
    return f"{API_PREFIX}/{path}" + (f"?{query}" if query else "")


ORDER: list[str] = []


def listing(lang: str) -> list[dict[str, Any]]:
    """Every procedure: path, summary (its title in ``lang``), rule, example; in the order of the
    rulebooks (the engine's registry), the core rules first."""
    if not ORDER:
        ORDER.extend(procedures())
    return [{
        "path": path,
        "summary": endpoint.procedure.title.in_(lang),
        "rule": {"title": endpoint.procedure.cited.title, "url": endpoint.procedure.cited.url},
        "example": example(path),
    } for path, endpoint in sorted(ENDPOINTS.items(), key=lambda item: ORDER.index(item[0]))]


def _html(lang: str, procedures: list[dict[str, Any]]) -> str:
    docs = f'<a href="{API_PREFIX}/docs">{API_PREFIX}/docs</a>'
    lead = escape(msg("api.index.lead", docs="\x00").in_(lang)).replace("\x00", docs)
    sections: dict[str, list[str]] = {}
    for entry in procedures:
        heading = msg(f"api.index.{ENDPOINTS[entry['path']].procedure.rulebook}").in_(lang)
        separator = "&amp;" if "?" in entry["example"] else "?"
        url = escape(entry["example"])
        sections.setdefault(heading, []).append(
            f'<li><a class="rpg-try" href="{url}{separator}format=html&amp;lang={lang}">'
            f'{escape(entry["summary"])}</a><br>'
            f'<small><a href="{url}">{msg("api.index.json").in_(lang)}</a> · '
            f'<a href="{escape(entry["rule"]["url"])}">{msg("api.index.rule").in_(lang)}: '
            f'{escape(entry["rule"]["title"])}</a></small></li>')
    body = "".join(f'<h2>{escape(heading)}</h2><ul class="rpg-index">{"".join(items)}</ul>'
                   for heading, items in sections.items())
    title = msg("api.index.title").in_(lang)
    return page(title, f"<h1>{escape(title)}</h1><p>{lead}</p>{body}", lang)


@bp.get(f"{API_PREFIX}/")
def index() -> Response:
    """Every procedure of the API, as JSON or as a phone page."""
    lang = request_language()
    procedures = listing(lang)
    fmt = requested_format()
    if fmt == "html" or (fmt == "json" and opened_in_browser() and "format" not in request.args):
        response = Response(_html(lang, procedures), mimetype="text/html")
        response.headers["Content-Security-Policy"] = PAGE_POLICY
    else:
        response = current_app.json.response(  # type: ignore[assignment]
            {"procedures": procedures})
    response.headers["Content-Language"] = lang
    return response
