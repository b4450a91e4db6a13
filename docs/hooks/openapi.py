"""MkDocs hook: the API page's OpenAPI reference, generated at build time from the app itself.

The document is asked from ``api.create_app`` through Flask's test client, so the reference on the
site is always the one the code serves at ``/api/v1/openapi.json``; nothing is copied by hand. It
is added to the build as ``nastroje/openapi.json`` and the page's ``<!-- openapi-reference -->``
marker becomes a Swagger UI tag (``mkdocs-swagger-ui-tag`` bundles the renderer, no CDN).
"""

from __future__ import annotations

import json
import logging

from mkdocs.structure.files import File

log = logging.getLogger("mkdocs.hooks.openapi")

SPEC_PATH = "nastroje/openapi.json"
MARKER = "<!-- openapi-reference -->"

_available = False


def _openapi_document() -> dict | None:
    """The app's OpenAPI document, or None while the app factory cannot be imported."""
    try:
        from api import create_app
    except ImportError as error:
        log.warning("OpenAPI reference skipped: the API app cannot be imported (%s)", error)
        return None
    response = create_app({"TESTING": True}).test_client().get("/api/v1/openapi.json")
    if response.status_code != 200:
        raise RuntimeError(f"/api/v1/openapi.json answered {response.status_code}")
    return response.get_json()


def on_files(files, config):
    """Add the generated OpenAPI document to the site's files."""
    global _available
    document = _openapi_document()
    _available = document is not None
    if _available:
        content = json.dumps(document, ensure_ascii=False, indent=2)
        files.append(File.generated(config, SPEC_PATH, content=content))
    return files


def on_page_markdown(markdown, page, config, files):
    """Put the interactive reference (or a note that it is missing) where the marker stands."""
    if MARKER not in markdown:
        return markdown
    if _available:
        tag = f'<swagger-ui src="{SPEC_PATH.rsplit("/", 1)[-1]}"/>'
    else:
        tag = (
            '!!! warning "Referenční dokumentace není k dispozici"\n'
            "    Tato verze webu byla sestavena bez aplikace API.\n"
        )
    return markdown.replace(MARKER, tag)
