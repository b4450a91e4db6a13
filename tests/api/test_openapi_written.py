"""The OpenAPI document is written when it is first read, once, whole (``api/openapi.py``)."""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator

import pytest
from apispec import APISpec

from api import create_app
from api.procedures import ENDPOINTS
from api.serve import load_app

DOCUMENT = "/api/v1/openapi.json"


@pytest.fixture
def paths_written(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The paths written into any app's document from now on, in order."""
    written: list[str] = []
    write = APISpec.path

    def path(spec: APISpec, path: str | None = None, **options: object) -> APISpec:
        result = write(spec, path, **options)
        written.append(next(reversed(spec._paths)))  # the path just written
        return result

    monkeypatch.setattr(APISpec, "path", path)
    yield written


def test_building_the_app_writes_no_path_until_the_document_is_read(paths_written) -> None:
    client = create_app({"TESTING": True}).test_client()
    assert paths_written == []
    document = client.get(DOCUMENT).get_json()
    assert paths_written == list(document["paths"])  # every path once, in the document's order
    assert {f"/api/v1/{endpoint.path}" for endpoint in ENDPOINTS.values()} < set(paths_written)
    again = client.get(DOCUMENT).get_json()
    assert again == document
    assert len(paths_written) == len(document["paths"])  # not written a second time


def test_readers_at_once_each_get_the_whole_document() -> None:
    app = create_app({"TESTING": True})
    readers = 6
    start = threading.Barrier(readers)
    bodies: list[bytes] = []

    def read() -> None:
        client = app.test_client()
        start.wait(timeout=30)
        bodies.append(client.get(DOCUMENT).data)

    threads = [threading.Thread(target=read) for _ in range(readers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    whole = app.test_client().get(DOCUMENT).data
    assert len(bodies) == readers
    assert all(body == whole for body in bodies)


def test_the_document_is_the_same_written_late_or_at_once(paths_written) -> None:
    late = create_app({"TESTING": True}).test_client().get(DOCUMENT).data
    paths = len(paths_written)
    gc.unfreeze()
    try:
        served = load_app({"TESTING": True})  # the run command writes it before its workers fork
    finally:
        gc.unfreeze()
    assert len(paths_written) == 2 * paths  # written by load_app
    assert served.test_client().get(DOCUMENT).data == late
    assert len(paths_written) == 2 * paths  # not written again when read
