"""The API page's reference is the OpenAPI document of the app itself, generated at build time."""

from __future__ import annotations

import json

from api import create_app


def test_openapi_document_on_the_site_is_the_apps(site_dir):
    served = create_app({"TESTING": True}).test_client().get("/api/v1/openapi.json").get_json()
    built = json.loads((site_dir / "nastroje" / "openapi.json").read_text(encoding="utf-8"))
    assert built == served


def test_api_page_renders_the_reference_offline(pages, site_dir):
    page = pages["/nastroje/api/"]
    frames = [link for link in page.links if link.startswith("swagger-") and link.endswith(".html")]
    assert frames, "no Swagger UI frame on the API page"
    frame = (site_dir / "nastroje" / "api" / frames[0]).read_text(encoding="utf-8")
    assert "openapi.json" in frame
    assert "https://" not in frame and "http://" not in frame, "renderer must be bundled"
