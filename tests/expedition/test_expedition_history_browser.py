"""The GM's token stays out of the browser's history (Chromium, a real profile on disk).

The pages take the key out of the address once read (``history.replaceState``) and keep it in
the tab (``sessionStorage``): a reload still opens the expedition, the tab's history (back and
forward) holds no token, and an expedition created on the page never puts its token into the
address, so the profile's history database holds none either. A link opened from a message is
recorded by the browser as it was opened (before any page can act): only that very link. The
pages send every write with an ``Idempotency-Key``.
"""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.browser import CHROMIUM, CHROMIUM_ARGS, PHONE, serve_app
from tests.expedition.conftest import app_on, closed
from tests.expedition.live import gm_link, key_of
from tests.expedition.phones import ANSWER_MS

pytestmark = pytest.mark.browser

NAME = "Jeskyně pod Černým hřbetem"


def profile(browser: Any, directory: Path) -> BrowserContext:
    """A Chromium with a profile on disk (its history is a database there)."""
    context: BrowserContext = browser.browser_type.launch_persistent_context(
        str(directory), executable_path=CHROMIUM, args=CHROMIUM_ARGS, viewport=PHONE,
        is_mobile=True, has_touch=True, locale="cs-CZ", service_workers="block")
    return context


def tab_history(page: Page) -> list[str]:
    """The URLs of the tab's history entries (back and forward), as Chromium keeps them."""
    session = page.context.new_cdp_session(page)
    entries = session.send("Page.getNavigationHistory")["entries"]
    session.detach()
    return [entry["url"] for entry in entries]


def history_database(directory: Path) -> list[str]:
    """Every URL of the profile's history database (read once the browser has closed)."""
    found = sorted(directory.glob("**/History"))
    assert found, "Chromium wrote no history database"
    with sqlite3.connect(found[0]) as connection:
        return [url for (url,) in connection.execute("SELECT url FROM urls")]


def shows(page: Page) -> None:
    expect(page.locator('h2[data-field="name"]').first).to_have_text(NAME, timeout=ANSWER_MS)


def test_the_gm_token_is_in_no_history(browser: Any, built_site: Path, tmp_path: Path) -> None:
    app = app_on(f"sqlite:///{tmp_path / 'expeditions.sqlite3'}", SITE_DIR=str(built_site))
    try:
        with serve_app(app) as base:
            created_in = tmp_path / "created"
            context = profile(browser, created_in)
            gm = context.new_page()
            writes: list[dict[str, str]] = []
            gm.on("request", lambda request: writes.append(request.headers)
                  if request.method == "POST" and "/api/v1/expeditions" in request.url
                  else None)
            gm.goto(base + "vyprava/")
            create = gm.locator('[data-form="create"]')
            create.locator('[name="name"]').fill(NAME)
            create.locator('button[type="submit"]').click()
            shows(gm)
            link = gm_link(gm)
            public_id, token = key_of(link)
            assert "#" not in gm.url and token not in gm.url
            gm.locator('[data-act="shift"]').click()
            expect(gm.locator('[data-field="log"] > li')).to_have_count(2, timeout=ANSWER_MS)
            keys = [headers.get("idempotency-key", "") for headers in writes]
            assert len(keys) == 2 and all(re.fullmatch(r"[0-9a-f]{32}", key) for key in keys)
            assert keys[0] != keys[1]
            gm.reload()
            shows(gm)  # the tab kept the key
            gm.locator("[data-share] > summary").click()
            expect(gm.locator('[data-field="gm_link"]')).to_have_value(link)
            players = gm.locator('[data-field="players_link"]')
            expect(players).to_have_value(re.compile(r"/vyprava/hraci/#[\w-]+\.[\w-]+$"),
                                          timeout=ANSWER_MS)
            players_link = players.input_value()
            assert not any(token in url for url in tab_history(gm))
            context.close()
            assert not any(token in url or public_id in url
                           for url in history_database(created_in))

            opened_in = tmp_path / "opened"
            context = profile(browser, opened_in)
            device = context.new_page()
            device.goto(link)  # the GM's link, opened from a message on another device
            shows(device)
            assert device.url == base + "vyprava/"
            assert not any(token in url for url in tab_history(device))
            device.reload()
            shows(device)
            watcher = context.new_page()
            watcher.goto(players_link)
            shows(watcher)
            assert watcher.url == base + "vyprava/hraci/"
            assert not any(key_of(players_link)[1] in url for url in tab_history(watcher))
            # Closing it in this tab: the tab forgets the key, the page offers a new one.
            device.locator("[data-share] > summary").click()
            device.locator("[data-forget]").click()
            expect(device.locator('[data-form="create"]')).to_be_visible(timeout=ANSWER_MS)
            device.reload()
            expect(device.locator('[data-form="create"]')).to_be_visible(timeout=ANSWER_MS)
            context.close()
            # The browser recorded the links as they were opened: those, and nothing else.
            recorded = [url for url in history_database(opened_in) if public_id in url]
            assert set(recorded) <= {link, players_link}
    finally:
        closed(app)
