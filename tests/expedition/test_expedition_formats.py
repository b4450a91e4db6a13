"""Which answers come as chat cards, and the OpenAPI document saying so with their Content-Type.

An action's (and an undo's) entry may be a card: ``format=text|md|html``. A read and a creation
answer records and links, which no chat card shows: they answer JSON only, and ``format=text``
there is refused by the conventions (422 naming ``format``, the error itself in the format asked
for), where it was silently ignored. The OpenAPI document lists every Content-Type an answer may
have, the procedures' too.
"""

from __future__ import annotations

import pytest
from flask import Flask

from api.formats import MIMETYPES
from tests.expedition.conftest import STORY, Table

CARDS = {"application/json", *MIMETYPES.values()}


@pytest.mark.parametrize("fmt", ["text", "md", "html"])
def test_a_read_is_json_only_and_refuses_a_card(db_app: Flask, fmt: str) -> None:
    table = Table.create(db_app.test_client())
    for headers in (table.players, table.gm):
        refused = table.client.get(f"/api/v1/expeditions/{table.id}?format={fmt}",
                                   headers=headers)
        assert refused.status_code == 422
        assert refused.mimetype == MIMETYPES[fmt]
        assert "format" in refused.get_data(as_text=True)
        assert "Musí být jedno z: json." in refused.get_data(as_text=True)
    as_json = table.client.get(f"/api/v1/expeditions/{table.id}?format=json",
                               headers=table.players)
    assert as_json.status_code == 200 and as_json.get_json()["role"] == "players"
    refused = table.client.post("/api/v1/expeditions?lang=en", json={**STORY, "format": fmt})
    assert refused.status_code == 422 and refused.mimetype == MIMETYPES[fmt]


def test_the_document_lists_every_content_type_an_answer_may_have(db_app: Flask) -> None:
    client = db_app.test_client()
    paths = client.get("/api/v1/openapi.json").get_json()["paths"]
    for path, operations in paths.items():
        for method in ("get", "post"):
            if method not in operations or path.startswith("/api/v1/health"):
                continue
            ok = operations[method]["responses"].get("200") or operations[method][
                "responses"].get("201")
            if ok is None or "content" not in ok:
                continue
            documented = set(ok["content"])
            cards = ("/actions/" in path
                     or path.endswith(("/undo", "/redo", "/reveal-key", "/reveal-entry"))
                     or not path.startswith("/api/v1/expeditions"))
            if cards and path not in ("/api/v1/", "/api/v1/openapi.json"):
                assert documented == CARDS, (path, method, documented)
            elif path.endswith("/chronicle"):
                assert documented == {"text/markdown"}, (path, method, documented)
            elif path.startswith("/api/v1/expeditions"):
                assert documented == {"application/json"}, (path, method, documented)
    table = Table.create(client)
    for fmt, mimetype in MIMETYPES.items():
        acted = table.client.post(f"/api/v1/expeditions/{table.id}/actions/shift?format={fmt}",
                                  json={"version": table.version, "seed": 1}, headers=table.gm)
        assert acted.status_code == 200 and acted.mimetype == mimetype
        table.version += 1
        answered = client.get(f"/api/v1/morale?morale=7&seed=1&format={fmt}")
        assert answered.mimetype == mimetype
