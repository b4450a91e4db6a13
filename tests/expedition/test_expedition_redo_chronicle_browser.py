"""The GM's page on a phone (390 px), on SQLite or PostgreSQL: the redo beside the undo, and
the chronicle of the evening downloaded as Markdown.

Each test sets its expedition up through the API and looks at the page; every state it asserts
is also written as a screenshot into the test's temporary folder, for a person to look at.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from rpg.core.catalog import msg
from tests.browser import PHONE
from tests.expedition.phones import ANSWER_MS, Expedition, finished, newest, shot

pytestmark = pytest.mark.browser


def test_redo_appears_after_an_undo_and_puts_the_action_back(
        browser: Any, base: str, tmp_path: Path) -> None:
    expedition = Expedition(base, mode="dungeon", supplies=3,
                            party=[{"name": "Eva", "max_hp": 10}])
    expedition.act("supplies", change=-1)
    gm = expedition.gm_page(browser)
    undo, redo = gm.locator("[data-undo]"), gm.locator("[data-redo]")
    supplies = msg("expedition.supplies.text", before=3, change="− 1", after=2).in_("cs")
    expect(undo).to_have_text("Vzít zpět: " + supplies, use_inner_text=True, timeout=ANSWER_MS)
    expect(redo).to_be_hidden()  # nothing was taken back yet

    undo.click()
    expect(redo).to_be_visible(timeout=ANSWER_MS)
    expect(redo).to_have_text("Zopakovat: " + supplies, use_inner_text=True)
    assert redo.get_attribute("data-redoes") == "2"
    expect(undo).to_have_text("Není co vzít zpět", use_inner_text=True)
    taken_back = gm.locator('[data-field="log"] > li[data-seq="2"]')
    expect(taken_back).to_have_class("rpg-entry rpg-entry--undone")
    undo.scroll_into_view_if_needed()
    shot(gm, tmp_path, "1-redo-offered")
    buttons = undo.bounding_box(), redo.bounding_box()
    assert all(box is not None and box["x"] + box["width"] <= PHONE["width"] for box in buttons)

    redo.click()
    expect(newest(gm).locator('[data-field="title"]')).to_have_text(
        msg("expedition.redo.title").in_("cs"), timeout=ANSWER_MS)
    expect(newest(gm).locator('[data-field="text"]')).to_have_text(
        msg("expedition.redo.text", title=msg("expedition.supplies.title"), seq=2).in_("cs"))
    expect(redo).to_be_hidden()
    expect(undo).to_have_text("Vzít zpět: " + supplies, use_inner_text=True)
    assert undo.get_attribute("data-undoes") == "2"
    read = expedition.read()
    assert read["state"]["supplies"] == 2
    assert [(e["kind"], e["seq"] in read["undone"]) for e in read["log"]] == [
        ("redo", False), ("undo", True), ("supplies", False), ("start", False)]
    # The next poll marks the entry in effect again, and the undo it took back as undone.
    expect(taken_back).to_have_class("rpg-entry", timeout=ANSWER_MS)
    expect(gm.locator('[data-field="log"] > li[data-seq="3"]')).to_have_class(
        "rpg-entry rpg-entry--undone", timeout=ANSWER_MS)
    undo.scroll_into_view_if_needed()
    shot(gm, tmp_path, "2-redone")
    finished(gm)


def test_the_chronicle_downloads_as_markdown(
        browser: Any, base: str, tmp_path: Path) -> None:
    expedition = Expedition(base, mode="dungeon", supplies=3,
                            party=[{"name": "Eva *x*", "max_hp": 10}])
    expedition.act("damage", character="Eva *x*", amount=4)
    gm = expedition.gm_page(browser)
    gm.locator("[data-share] > summary").click()
    button = gm.locator("[data-chronicle]")
    expect(button).to_have_text("Stáhnout kroniku (Markdown)", use_inner_text=True)
    button.scroll_into_view_if_needed()
    shot(gm, tmp_path, "3-share-buttons")
    box = button.bounding_box()
    assert box is not None and box["x"] + box["width"] <= PHONE["width"] and box["height"] >= 44
    with gm.expect_download(timeout=ANSWER_MS) as download:
        button.click()
    assert download.value.suggested_filename == "kronika-Pláně.md"
    text = Path(download.value.path()).read_text(encoding="utf-8")
    lines = text.splitlines()
    assert lines[:3] == ["# Pláně", "",
                         "Kronika výpravy · den 1, 0 h 0 min, směna 0 · kobka · 3 zásoby"]
    assert "- Eva \\*x\\*: při vědomí, životy 6 z 10, únava 0" in lines
    assert lines[-3:] == ["### 2 · Zranění", "", "Eva \\*x\\*: životy 10 − 4 = 6."]
    finished(gm)
