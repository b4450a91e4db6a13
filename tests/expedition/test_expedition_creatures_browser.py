"""An encounter's creatures on the GM's page at 390 px, on SQLite or PostgreSQL: typed a group
a row into the encounter's panel ("skřeti: 3 × 4 životy, OČ 2, morálka 7"), kept side by side
with their hit points going down as they are hit, the fallen struck through and gone from the
names an attack offers, a turn of the fight offering the side's morale check; the players' page
has no monsters' sheets."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from api.expeditions.schemas import action_schema
from rpg.core.catalog import msg
from tests.expedition.phones import ANSWER_MS, Expedition, Seeds, finished, newest, shot

pytestmark = pytest.mark.browser


def test_the_encounters_creatures_are_typed_a_group_a_row_and_kept_on_the_page(
        browser: Any, base: str, tmp_path: Path) -> None:
    expedition = Expedition(base, mode="dungeon", party=[{"name": "Eva", "max_hp": 10}])
    gm = expedition.gm_page(browser, Seeds())
    players = expedition.players_page(browser)

    gm.locator('[data-open="encounter"]').click()
    panel = gm.locator('[data-panel="encounter"]')
    panel.locator('[name="sides"]').fill("hráči, skřeti")
    rows = panel.locator('[data-rows="creatures"] [data-row]')
    # The labels are the API's own.
    fields = action_schema("encounter", True)._declared_fields["creatures"].inner.nested
    hp_label = fields._declared_fields["hp"].metadata["x-label"]
    expect(rows.first.get_by_label(hp_label)).to_be_visible()
    first = rows.first
    first.locator('[data-key="name"]').fill("skřeti")
    first.locator('[data-key="count"]').fill("3")
    first.locator('[data-key="hp"]').fill("4")
    first.locator('[data-key="ac"]').fill("2")
    first.locator('[data-key="morale"]').fill("7")
    panel.get_by_role("button", name="Další skupina").click()
    expect(rows).to_have_count(2)
    second = rows.nth(1)
    expect(second.locator('[data-key="count"]')).to_have_value("1")  # a fresh row
    second.locator('[data-key="name"]').fill("šaman")
    second.locator('[data-key="hp"]').fill("6")
    panel.scroll_into_view_if_needed()
    shot(gm, tmp_path, "1-encounter-creatures")
    panel.get_by_role("button", name="Hodit setkání").click()
    expect(newest(gm).locator('[data-field="title"]')).to_have_text(
        msg("expedition.encounter.title").in_("cs"), timeout=ANSWER_MS)
    met = expedition.read()
    assert met["log"][0]["input"]["creatures"] == [
        {"name": "skřeti", "count": 3, "hp": 4, "ac": 2, "morale": 7},
        {"name": "šaman", "count": 1, "hp": 6}]
    creatures = met["state"]["encounter"]["creatures"]
    assert [c["name"] for c in creatures] == ["skřeti 1", "skřeti 2", "skřeti 3", "šaman"]

    # On the page, side by side: each creature's hit points and OČ, the side's morale.
    foes = gm.locator('[data-field="creatures"]')
    expect(foes.locator(".rpg-foes__side")).to_have_count(1)
    expect(foes.locator('.rpg-foes__side > [data-field="side"]')).to_have_text("skřeti")
    expect(foes.locator('[data-field="morale_text"]')).to_have_text("morálka 7")
    foe = foes.locator(".rpg-foe")
    expect(foe.locator('[data-field="name"]')).to_have_text(
        ["skřeti 1", "skřeti 2", "skřeti 3", "šaman"])
    expect(foe.first.locator('[data-field="hp"]')).to_have_text("4")
    expect(foe.first.locator('[data-field="ac_text"]')).to_have_text("OČ 2")
    expect(foe.nth(3).locator('[data-field="ac_text"]')).to_have_text("")

    # Burnt by the table's dice: one falls (struck through, out of the attack's names), one is
    # hurt.
    expedition.act("persistent-damage", target="skřeti 1", damage="2d2", dice=[2, 2])
    # The first of the side to fall turns the fight: its morale check is offered, the side's
    # morale known from its creatures.
    offer = gm.locator('[data-offer-form="morale"]')
    expect(offer).to_be_visible(timeout=ANSWER_MS)
    expect(offer.locator('[data-field="group"]')).to_have_text("skřeti")
    expect(offer.locator('[name="morale"]')).to_be_hidden()
    offer.scroll_into_view_if_needed()
    shot(gm, tmp_path, "2-morale-offered")
    offer.get_by_role("button", name="Ověřit morálku").click()
    expect(newest(gm).locator('[data-field="title"]')).to_have_text(
        msg("expedition.morale.title").in_("cs"), timeout=ANSWER_MS)
    checked = expedition.read()["log"][0]
    assert checked["input"]["group"] == "skřeti" and "morale" not in checked["input"]
    expedition.act("persistent-damage", target="skřeti 2", damage="2d2", dice=[1, 1])
    expect(foe.first).to_have_class("rpg-foe is-out", timeout=ANSWER_MS)
    after = {c["name"]: c for c in expedition.read()["state"]["encounter"]["creatures"]}
    expect(foe.first.locator('[data-field="status_text"]')).to_have_text(
        after["skřeti 1"]["status_text"])
    expect(foe.first.locator('[data-field="status_text"]')).to_be_visible()
    expect(foe.nth(1).locator('[data-field="hp"]')).to_have_text(str(after["skřeti 2"]["hp"]))
    assert after["skřeti 2"]["hp"] == 2
    expect(foe.nth(1)).to_have_class("rpg-foe")
    names = gm.locator("#rpg-party-names option")
    expect(names).to_have_count(4)  # Eva and the three still fighting
    assert [o.get_attribute("value") for o in names.all()] == [
        "Eva", "skřeti 2", "skřeti 3", "šaman"]
    foes.scroll_into_view_if_needed()
    shot(gm, tmp_path, "3-creatures-hit")

    # The players follow the encounter in the log; the monsters' sheets are the GM's.
    expect(newest(players).locator('[data-field="title"]')).to_have_text(
        msg("expedition.persistent-damage.title").in_("cs"), timeout=ANSWER_MS)
    assert players.locator('[data-field="creatures"]').count() == 0

    # The encounter over, the list is gone.
    expedition.act("encounter-end")
    expect(foes).to_be_hidden(timeout=ANSWER_MS)
    finished(gm, players)
