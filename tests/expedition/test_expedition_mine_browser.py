"""The GM's device lists the expeditions it created or opened (name, last played, its GM's and
players' links), so a lost chat message does not lose an expedition: on the page that starts one,
at 390 px, on SQLite or PostgreSQL."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.expedition.live import api_get
from tests.expedition.phones import ANSWER_MS, Expedition, Seeds, finished, newest, shot

pytestmark = pytest.mark.browser

#: Where the page keeps the list (a device's storage, not the server's).
KEPT = "rpg-vyprava-moje"


def kept(page: Page) -> list[dict[str, Any]]:
    """The list as the device keeps it."""
    return json.loads(page.evaluate(f"() => localStorage.getItem('{KEPT}') || '[]'"))


def rows(page: Page) -> Any:
    return page.locator('[data-field="mine"] > li')


def leave(page: Page) -> None:
    """The GM closes the expedition in this tab (Zavřít na tomto zařízení): the starting page."""
    page.locator("[data-share] > summary").click()
    page.locator("[data-forget]").click()
    expect(page.locator('[data-view="new"]')).to_be_visible(timeout=ANSWER_MS)


def players_link(expedition: Expedition) -> str:
    answer = api_get(expedition.base, f"api/v1/expeditions/{expedition.id}/players-link",
                     expedition.gm_token)
    return str(answer["players"])


def test_the_device_lists_its_expeditions_last_played_first(
        browser: Any, base: str, tmp_path: Path) -> None:
    # A name as typed, markup and all, is text on the list.
    first = Expedition(base, name="Hrobka <b>pod</b> & „Vraním“ vrchem", mode="dungeon")
    second = Expedition(base, name="Pláně", mode="wilderness")
    gm = first.gm_page(browser, Seeds())
    # The players' link is asked once, beside the GM's, and kept with it.
    gm.wait_for_function(f"() => JSON.parse(localStorage.getItem('{KEPT}') || '[]')"
                         ".some((item) => item.players)", timeout=ANSWER_MS)
    leave(gm)
    expect(rows(gm)).to_have_count(1)
    row = rows(gm).first
    expect(row.locator('[data-field="name"]')).to_have_text(first.created["state"]["name"])
    expect(row.locator('[data-field="players"]')).to_have_value(players_link(first))
    expect(row.locator("time")).to_have_text("nyní")
    assert kept(gm)[0]["played"] == first.read()["log"][0]["at"]

    # Opened by its link on the same device, the second joins the list; played later, it is
    # first.
    gm.goto(f"{base}vyprava/#{second.id}.{second.gm_token}")
    expect(gm.locator('h2[data-field="name"]')).to_have_text("Pláně", timeout=ANSWER_MS)
    leave(gm)
    expect(rows(gm)).to_have_count(2)
    expect(rows(gm).locator('[data-field="name"]')).to_have_text(
        ["Pláně", first.created["state"]["name"]])
    shot(gm, tmp_path, "1-mine")

    # A tap opens the first again; a shift played there moves it to the top.
    rows(gm).nth(1).locator('[data-field="open"]').click()
    expect(gm.locator('h2[data-field="name"]')).to_have_text(first.created["state"]["name"],
                                                            timeout=ANSWER_MS)
    start = first.read()["log"][0]["seq"]
    gm.locator('[data-act="shift"]').click()
    expect(newest(gm)).to_have_attribute("data-seq", str(start + 1), timeout=ANSWER_MS)
    leave(gm)
    expect(rows(gm).locator('[data-field="name"]')).to_have_text(
        [first.created["state"]["name"], "Pláně"])
    assert kept(gm)[0]["played"] == first.read()["log"][0]["at"]

    # Taken off the list, an expedition still opens by its link.
    rows(gm).filter(has_text="Pláně").locator("[data-forget-mine]").click()
    expect(rows(gm)).to_have_count(1)
    assert [item["id"] for item in kept(gm)] == [first.id]
    assert second.read()["state"]["name"] == "Pláně"
    finished(gm)


def test_the_list_keeps_the_last_played_twenty_and_skips_what_it_cannot_read(
        browser: Any, base: str) -> None:
    expedition = Expedition(base, mode="dungeon")
    gm = expedition.gm_page(browser, Seeds())
    older = [{"id": f"old{n:04d}", "token": "t" * 24, "name": f"Stará {n}",
              "played": f"2026-01-{n + 1:02d}T10:00:00+00:00", "players": None}
             for n in range(22)]
    junk = [{"id": "x"}, "nic", None, {"id": "abcd", "token": "t" * 24, "name": 5,
                                      "played": "2026-01-01T00:00:00Z", "players": None}]
    gm.evaluate(f"(list) => localStorage.setItem('{KEPT}', JSON.stringify(list))",
                junk + older)
    start = expedition.read()["log"][0]["seq"]
    gm.locator('[data-act="shift"]').click()  # read again: the list is written again
    expect(newest(gm)).to_have_attribute("data-seq", str(start + 1), timeout=ANSWER_MS)
    gm.wait_for_function(f"() => JSON.parse(localStorage.getItem('{KEPT}')).length === 20",
                         timeout=ANSWER_MS)
    stored = kept(gm)
    assert stored[0]["id"] == expedition.id
    assert [item["name"] for item in stored[1:]] == [f"Stará {n}" for n in range(21, 2, -1)]
    leave(gm)
    expect(rows(gm)).to_have_count(20)
    finished(gm)
