"""The site's pages for Foundry VTT, Owlbear Rodeo and Discord give addresses that work.

Each page names the address to install from (a ``<code data-site-url>``), which the page shows
whole for the server it is read on; the address answers as the platform expects it: Foundry's
manifest and its zip, Owlbear Rodeo's manifest, Discord's interactions endpoint (which refuses an
unsigned request and answers a signed PING).
"""

from __future__ import annotations

import io
import json
import re
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

from api import create_app
from tests.browser import PHONE, scrolls_sideways, serve_app

KEY = Ed25519PrivateKey.from_private_bytes(bytes(range(32)))
PUBLIC = KEY.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw).hex()
PAGES = {"foundry": "/api/v1/integrations/foundry/module.json",
         "owlbear": "/api/v1/integrations/owlbear/manifest.json",
         "discord": "/api/v1/discord/interactions"}


def given(site: Path, page: str) -> list[str]:
    """The addresses a page of the built site gives."""
    html = (site / "nastroje" / page / "index.html").read_text(encoding="utf-8")
    return re.findall(r'<code data-site-url="([^"]+)"', html)


@pytest.mark.parametrize("page", sorted(PAGES))
def test_each_page_gives_the_address_to_install_from(built_site, page) -> None:
    assert given(built_site, page) == [PAGES[page]]


def test_the_addresses_answer_as_each_platform_expects(built_site) -> None:
    client = create_app({"TESTING": True, "SITE_DIR": str(built_site),
                         "DISCORD_PUBLIC_KEY": PUBLIC}).test_client()
    [foundry] = given(built_site, "foundry")
    manifest = client.get(foundry).get_json()
    archive = client.get(manifest["download"].removeprefix("http://localhost"))
    assert archive.status_code == 200
    with zipfile.ZipFile(io.BytesIO(archive.data)) as unpacked:
        assert json.loads(unpacked.read("module.json")) == manifest
    [owlbear] = given(built_site, "owlbear")
    assert client.get(owlbear).get_json()["manifest_version"] == 1
    [discord] = given(built_site, "discord")
    assert client.post(discord, json={"type": 1}).status_code == 401
    timestamp = str(int(time.time()))
    body = b'{"type": 1}'
    answer = client.post(discord, data=body, content_type="application/json", headers={
        "X-Signature-Ed25519": KEY.sign(timestamp.encode() + body).hex(),
        "X-Signature-Timestamp": timestamp})
    assert answer.get_json() == {"type": 1}


@pytest.fixture(scope="module")
def site_server(built_site: Path) -> Iterator[str]:
    with serve_app(create_app({"TESTING": True, "SITE_DIR": str(built_site)})) as url:
        yield url.rstrip("/")


@pytest.mark.browser
@pytest.mark.parametrize("page", sorted(PAGES))
def test_a_page_shows_the_address_of_its_own_server(browser, site_server, page,
                                                    tmp_path) -> None:
    context = browser.new_context(viewport=PHONE, is_mobile=True, locale="cs-CZ")
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.goto(f"{site_server}/nastroje/{page}/")
    code = tab.locator("code[data-site-url]")
    tab.wait_for_function("document.querySelector('code[data-site-url]').textContent"
                          ".startsWith('http://127.0.0.1')")
    assert code.inner_text() == site_server + PAGES[page]
    assert not scrolls_sideways(tab)
    tab.screenshot(path=str(tmp_path / f"{page}.png"), full_page=True)
    assert not errors
    context.close()
