"""Security headers: nosniff everywhere; a CSP per kind of page; frame rules that let VTTs embed."""

from __future__ import annotations

import base64
import hashlib
import re
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from api import create_app
from api.security import API_POLICY, inline_sources

CALCULATOR = "document.getElementById('chance').textContent = '58 %';"
PAGE = (f"<html><head><script>var palette = 1;</script>"
        f'<script id="__config" type="application/json">{{"base": "."}}</script>'
        f'<script src="assets/bundle.js"></script></head><body>'
        f"<button onclick=\"roll('2d6')\">Hoď</button><script>{CALCULATOR}</script></body></html>")


def sha256(source: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(source.encode()).digest()).decode() + "'"


def directives(policy: str) -> dict[str, list[str]]:
    return {name: values for name, *values in (part.split() for part in policy.split("; "))}


@pytest.fixture
def site(tmp_path: Path) -> Path:
    (tmp_path / "pravidla").mkdir()
    (tmp_path / "index.html").write_text("<h1>Pravidla</h1>", encoding="utf-8")
    (tmp_path / "pravidla" / "index.html").write_text(PAGE, encoding="utf-8")
    (tmp_path / "404.html").write_text("<h1>Nenalezeno</h1>", encoding="utf-8")
    (tmp_path / "app.js").write_text("console.log(1);", encoding="utf-8")
    return tmp_path


def get(client: FlaskClient, path: str, **kwargs: object) -> tuple[int, dict[str, str], str]:
    """Status, headers and body; the file a static answer streams is closed."""
    with client.get(path, **kwargs) as response:
        return response.status_code, dict(response.headers), response.get_data(as_text=True)


def site_client(site: Path, **config: object) -> FlaskClient:
    return create_app({"TESTING": True, "SITE_DIR": str(site), **config}).test_client()


@pytest.mark.parametrize("path", [
    "/api/v1/morale?morale=7", "/api/v1/morale?morale=99", "/api/v1/nothing",
    "/api/v1/morale?morale=7&format=html", "/api/v1/openapi.json",
])
def test_api_answers_load_nothing_and_are_never_framed(client: FlaskClient, path: str) -> None:
    response = client.get(path)
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Content-Security-Policy"] == API_POLICY
    assert response.headers["X-Frame-Options"] == "DENY"


def test_the_interactive_docs_run_under_a_hash_not_unsafe_inline(client: FlaskClient) -> None:
    status, headers, page = get(client, "/api/v1/docs/")
    assert status == 200
    policy = directives(headers["Content-Security-Policy"])
    inline = re.findall(r"<script>(.*?)</script>", page, re.S)
    assert len(inline) == 1
    assert policy["script-src"] == ["'self'", sha256(inline[0])]
    assert policy["connect-src"] == ["'self'"]  # it fetches openapi.json
    assert policy["frame-ancestors"] == ["'self'"]
    assert headers["X-Content-Type-Options"] == "nosniff"
    # Nothing from the request is written into the page, so the hash cannot bless an injection.
    anyhost = create_app({"TESTING": True, "ALLOWED_HOSTS": "*"}).test_client()
    assert get(anyhost, "/api/v1/docs/", headers={"Host": "evil.example:1"})[2] == page
    bundle_status, bundle_headers, _ = get(client, "/api/v1/docs/swagger-ui-bundle.js")
    assert bundle_status == 200 and "Content-Security-Policy" in bundle_headers


def test_a_site_page_allows_exactly_its_own_inline_scripts(site: Path) -> None:
    status, headers, _ = get(site_client(site), "/pravidla/")
    assert status == 200
    policy = directives(headers["Content-Security-Policy"])
    assert set(policy["script-src"]) == {
        "'self'", sha256("var palette = 1;"), sha256('{"base": "."}'), sha256(CALCULATOR),
        "'unsafe-hashes'", sha256("roll('2d6')")}
    assert "'unsafe-inline'" not in policy["script-src"]
    assert policy["default-src"] == ["'self'"]
    assert policy["object-src"] == ["'none'"]
    assert headers["X-Content-Type-Options"] == "nosniff"


def test_a_changed_page_gets_a_new_policy(site: Path) -> None:
    client = site_client(site)
    before = get(client, "/pravidla/")[1]["Content-Security-Policy"]
    (site / "pravidla" / "index.html").write_text(PAGE.replace("58 %", "42 %"), encoding="utf-8")
    after = get(client, "/pravidla/")[1]["Content-Security-Policy"]
    assert before != after and sha256(CALCULATOR.replace("58", "42")) in after


@pytest.mark.parametrize("path", ["/", "/pravidla/", "/app.js", "/nic/"])
def test_vtts_may_embed_the_site(site: Path, path: str) -> None:
    _, headers, _ = get(site_client(site), path)
    assert "X-Frame-Options" not in headers
    assert directives(headers["Content-Security-Policy"])["frame-ancestors"] == ["*"]
    assert headers["X-Content-Type-Options"] == "nosniff"


def test_frame_ancestors_is_configurable(site: Path) -> None:
    client = site_client(site, FRAME_ANCESTORS="'self' https://*.forge-vtt.com")
    policy = directives(get(client, "/pravidla/")[1]["Content-Security-Policy"])
    assert policy["frame-ancestors"] == ["'self'", "https://*.forge-vtt.com"]


def test_inline_sources_skip_external_scripts_and_decode_handlers() -> None:
    scripts, handlers = inline_sources(
        b'<script src="a.js"></script><script> </script><a onclick="go(&quot;x&quot;)">')
    assert scripts == []
    assert handlers == [sha256('go("x")')]


def test_the_built_site_pages_carry_their_hashes(built_site: Path) -> None:
    # The session's build (tests/conftest.py): never a skip when no site was built beforehand.
    client = create_app({"TESTING": True, "SITE_DIR": str(built_site)}).test_client()
    _, headers, page = get(client, "/")
    inline = re.findall(r"<script>(.*?)</script>", page, re.S)
    assert inline, "Material bootstraps with inline scripts"
    policy = directives(headers["Content-Security-Policy"])
    assert all(sha256(script) in policy["script-src"] for script in inline)


def test_security_headers_do_not_depend_on_the_app_being_site_less(app: Flask) -> None:
    assert get(app.test_client(), "/")[1]["X-Content-Type-Options"] == "nosniff"
