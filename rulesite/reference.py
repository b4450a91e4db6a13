"""The API page's OpenAPI reference, generated at build time from the app itself.

The document is asked from ``api.create_app`` through Flask's test client, so the reference on the
site is always the one the code serves at ``/api/v1/openapi.json``; nothing is copied by hand. It
is added to the build as ``nastroje/openapi.json`` and the page's ``<!-- openapi-reference -->``
marker becomes a Swagger UI tag (``mkdocs-swagger-ui-tag`` bundles the renderer, no CDN).
"""

from __future__ import annotations

from typing import Any

SPEC_PATH = "nastroje/openapi.json"
MARKER = "<!-- openapi-reference -->"


def openapi_document() -> dict[str, Any]:
    """The app's OpenAPI document, asked from the app factory as a client would."""
    from api import create_app

    response = create_app({"TESTING": True}).test_client().get("/api/v1/openapi.json")
    if response.status_code != 200:
        raise RuntimeError(f"/api/v1/openapi.json answered {response.status_code}")
    document: dict[str, Any] = response.get_json()
    return document


def swagger_tag() -> str:
    """The tag that renders the reference where the marker stands."""
    return f'<swagger-ui src="{SPEC_PATH.rsplit("/", 1)[-1]}"/>'


#: Swagger UI's frame tells the page its height by calling the page's
#: ``update_swagger_ui_iframe_height``, which mkdocs-swagger-ui-tag defines at the end of the
#: page's body: a frame that loads first called a name not yet there (an error, and a frame left
#: short). This script in the head stands in for it until the plugin's own arrives, then hands
#: the waiting calls to it.
EARLY_HEIGHT = """<script>
(() => {
  const waiting = new Set();
  let update = null;
  Object.defineProperty(window, "update_swagger_ui_iframe_height", {
    configurable: true,
    get: () => update || ((id) => { waiting.add(id); }),
    set: (given) => {
      update = typeof given === "function" ? given : null;
      if (!update) return;
      for (const id of waiting) update(id);
      waiting.clear();
    },
  });
})();
</script>"""


def head_scripts(output: str) -> str:
    """What a page with the reference needs in its head, before the frame can load."""
    return EARLY_HEIGHT if "swagger-ui-iframe" in output else ""
