"""The site's files travel gzipped to a client that accepts it; the API's answers as they are.
Every file the view opens is closed by the view, whatever it answers (200, 206, 304)."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest
from flask.testing import FlaskClient

import api.site
from api import create_app

SCRIPT = "export const rules = " + "[" + ", ".join(f'"pravidlo {n}"' for n in range(400)) + "];\n"
PAGE = "<!doctype html><title>Únava</title><p>" + "Únava snižuje hody. " * 200 + "</p>"


@pytest.fixture
def client(tmp_path: Path) -> FlaskClient:
    (tmp_path / "index.html").write_text(PAGE, encoding="utf-8")
    (tmp_path / "ui.js").write_text(SCRIPT, encoding="utf-8")
    return create_app({"TESTING": True, "SITE_DIR": str(tmp_path)}).test_client()


@pytest.mark.parametrize(("path", "content"), [("/ui.js", SCRIPT), ("/", PAGE)])
def test_a_site_file_is_gzipped_when_the_client_accepts_it(
    client: FlaskClient, path: str, content: str
) -> None:
    with client.get(path, headers={"Accept-Encoding": "gzip, deflate"}) as response:
        assert response.status_code == 200
        assert response.headers["Content-Encoding"] == "gzip"
        assert "Accept-Encoding" in response.headers["Vary"]
        body = response.get_data()
    assert len(body) < len(content.encode()) / 3
    assert gzip.decompress(body).decode("utf-8") == content


def test_a_client_that_takes_no_gzip_gets_the_file_as_it_is(client: FlaskClient) -> None:
    with client.get("/ui.js") as response:
        assert "Content-Encoding" not in response.headers
        assert response.get_data(as_text=True) == SCRIPT


def test_a_compressed_page_keeps_its_security_policy(client: FlaskClient) -> None:
    with client.get("/", headers={"Accept-Encoding": "gzip"}) as response:
        assert response.headers["Content-Encoding"] == "gzip"
        assert "script-src 'self'" in response.headers["Content-Security-Policy"]


def test_a_file_sent_is_closed_by_the_view_whatever_the_answer(
        client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    files = []  # each file the view opened, as the server would have been handed it

    def spied(*args: object, **kwargs: object) -> object:
        sent = send(*args, **kwargs)
        wrapper = sent.response  # Werkzeug's FileWrapper; for a range, inside a _RangeWrapper
        files.append(getattr(wrapper, "iterable", wrapper).file)
        return sent

    send = api.site.send_from_directory
    monkeypatch.setattr(api.site, "send_from_directory", spied)
    # Each is closed by the view, before the server would close the answer (a server whose
    # client went away left it to the garbage collector: a ResourceWarning in a test run).
    with client.get("/ui.js") as whole:
        assert whole.status_code == 200 and whole.get_data() == SCRIPT.encode()
        assert files[-1].closed
        etag = whole.headers["ETag"]
    with client.get("/ui.js", headers={"If-None-Match": etag}) as already_had:
        assert already_had.status_code == 304 and already_had.get_data() == b""
        assert files[-1].closed
    with client.get("/ui.js", headers={"Range": "bytes=7-18"}) as part:
        assert part.status_code == 206 and part.get_data() == SCRIPT.encode()[7:19]
        assert files[-1].closed
    assert len(files) == 3


def test_api_answers_are_not_compressed(client: FlaskClient) -> None:
    # A reaction's answer (its whole distribution) is over the size a file would be gzipped at.
    response = client.get("/api/v1/reaction?seed=1", headers={"Accept-Encoding": "gzip"})
    assert response.status_code == 200 and len(response.get_data()) > 500
    assert "Content-Encoding" not in response.headers
    assert response.get_json()["procedure"] == "reaction"
