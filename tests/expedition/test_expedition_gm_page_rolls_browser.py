"""The GM's page at 390 px rolls what a character's card and an encounter call for with every
input the API takes: a saving throw, a skill, magic items, fatigue with its reasons, a sheet's
AC, a destroying blow, persistent damage, a day's travel with its groups' own activities and a
rest with what magic covered, survivalists counted.
Each roll's stored input is read back through the API; each panel is written as a screenshot."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from rpg.core.catalog import msg
from tests.expedition.phones import ANSWER_MS, Expedition, Seeds, finished, member, newest, shot

pytestmark = pytest.mark.browser


def unfold(details: Locator) -> None:
    """Open a folded ``<details>`` and wait until it is open."""
    if details.get_attribute("open") is None:
        details.locator("summary").first.click()
    expect(details).to_have_attribute("open", "")


def rolled(gm: Page, expedition: Expedition, kind: str) -> dict[str, Any]:
    """The newest entry, once the page shows it is of ``kind``, as the API stores it."""
    expect(newest(gm).locator('[data-field="title"]')).to_have_text(
        msg(f"expedition.{kind}.title").in_("cs"), timeout=ANSWER_MS)
    entry: dict[str, Any] = expedition.read()["log"][0]
    assert entry["kind"] == kind, entry
    return entry


def test_a_card_rolls_saves_skills_items_and_fatigue_with_every_input(
        browser: Any, base: str, tmp_path: Path) -> None:
    expedition = Expedition(base, mode="dungeon", supplies=3,
                            party=[{"name": "Eva", "max_hp": 10, "save": 12},
                                   {"name": "Ota", "max_hp": 8}])
    gm = expedition.gm_page(browser, Seeds())
    eva = member(gm, "Eva")
    more = eva.locator("details.rpg-member__more")

    # A saving throw: the sheet's number filled in, the rest as the rules assume.
    unfold(more)
    more.scroll_into_view_if_needed()
    shot(gm, tmp_path, "0-more-rolls")
    more.get_by_role("button", name="Záchranný hod…").click()
    save = eva.locator('[data-panel="saving-throw"]')
    expect(save).to_be_visible()
    expect(save.locator('[data-field="character"]')).to_have_text("Eva")
    expect(save.locator('[name="target"]')).to_have_value("12")
    save.locator('[name="against"]').select_option("poison")
    save.locator('[name="modifier"]').fill("1")
    unfold(save.locator("details.rpg-more"))
    save.locator('[name="bonus"]').fill("2")
    save.locator('[name="advantage"]').check()
    shot(gm, tmp_path, "1-saving-throw")
    save.get_by_role("button", name="Hodit záchranu").click()
    entry = rolled(gm, expedition, "saving-throw")
    assert {k: entry["input"][k] for k in (
        "character", "target", "against", "modifier", "bonus", "advantage", "disadvantage")} == {
        "character": "Eva", "target": 12, "against": "poison", "modifier": 1, "bonus": 2,
        "advantage": True, "disadvantage": False}
    expect(save).to_be_hidden()

    # A skill, by a difficulty's name.
    unfold(more)
    more.get_by_role("button", name="Dovednost…").click()
    skill = eva.locator('[data-panel="skill-check"]')
    expect(skill.locator('[name="difficulty"]')).to_have_value("stredni")
    skill.locator('[name="difficulty"]').select_option("tezka")
    skill.locator('[name="modifier"]').fill("3")
    unfold(skill.locator("details.rpg-more"))
    skill.locator('[name="disadvantage"]').check()
    shot(gm, tmp_path, "2-skill-check")
    skill.get_by_role("button", name="Hodit").click()
    entry = rolled(gm, expedition, "skill-check")
    assert {k: entry["input"][k] for k in ("character", "difficulty", "modifier",
                                           "disadvantage", "untrained")} == {
        "character": "Eva", "difficulty": "tezka", "modifier": 3, "disadvantage": True,
        "untrained": False}

    # Magic items written as the calculators take them: "Meč +2, Plášť".
    unfold(more)
    more.get_by_role("button", name="Magické předměty…").click()
    items = eva.locator('[data-panel="magic-items"]')
    expect(items.locator('[name="target"]')).to_have_value("12")
    items.locator('[name="items"]').fill("Meč +2, Plášť")
    shot(gm, tmp_path, "3-magic-items")
    items.get_by_role("button", name="Hodit za předměty").click()
    entry = rolled(gm, expedition, "magic-items")
    assert entry["input"]["items"] == [{"name": "Meč", "bonus": 2}, {"name": "Plášť", "bonus": 0}]
    assert entry["input"]["target"] == 12

    # Fatigue with its reasons counted (two sleepless nights are two levels), the save's
    # modifier and what magic takes away.
    ota = member(gm, "Ota")
    ota_more = ota.locator("details.rpg-member__more")
    unfold(ota_more)
    ota_more.get_by_role("button", name="Únava s možnostmi…").click()
    tired = ota.locator('[data-panel="fatigue"]')
    tired.locator('[name="reasons"][data-value="no-sleep"]').fill("2")
    tired.locator('[name="reasons"][data-value="illness"]').fill("1")
    tired.locator('[name="modifier"]').fill("-1")
    shot(gm, tmp_path, "4-fatigue")
    tired.get_by_role("button", name="Zapsat únavu").click()
    entry = rolled(gm, expedition, "fatigue")
    assert entry["input"]["character"] == "Ota"
    assert entry["input"]["reasons"] == ["no-sleep", "no-sleep", "illness"]
    assert (entry["input"]["modifier"], entry["input"]["magic"]) == (-1, 0)
    expect(ota.locator('[data-field="fatigue"]')).to_have_text("3")

    # The sheet keeps the character's AC.
    eva.locator('[data-member="edit"]').click()
    sheet = gm.locator('[data-panel="edit-character"]')
    sheet.locator('[name="ac"]').fill("14")
    sheet.get_by_role("button", name="Uložit kartu").click()
    expect(sheet).to_be_hidden(timeout=ANSWER_MS)
    party = {m["name"]: m for m in expedition.read()["state"]["party"]}
    assert party["Eva"]["ac"] == 14

    # A destroying blow, from the card's damage with its options: the killing blow destroys the
    # equipment, and the magic items' saves are offered: a tap opens them under the card.
    unfold(ota.locator("details.rpg-member__more"))
    ota.get_by_role("button", name="Zranění s možnostmi…").click()
    blow = ota.locator('[data-panel="damage"]')
    expect(blow.locator('[data-field="character"]')).to_have_text("Ota")
    blow.get_by_label("Kolik životů ztrácí").fill("8")
    blow.get_by_label("Destruktivní kouzlo nebo efekt").check()
    shot(gm, tmp_path, "4b-destructive-damage")
    blow.get_by_role("button", name="Zranit").click()
    expect(blow).to_be_hidden(timeout=ANSWER_MS)
    entry = expedition.read()["log"][0]
    assert entry["kind"] == "damage"
    assert entry["input"] == {"character": "Ota", "amount": 8, "destructive": True}
    offered = gm.locator('[data-field="offers"] [data-member-panel="magic-items"]')
    expect(offered).to_contain_text("Ota", timeout=ANSWER_MS)
    offered.click()
    owned = ota.locator('[data-panel="magic-items"]')
    expect(owned).to_be_visible()
    expect(owned.locator('[data-field="character"]')).to_have_text("Ota")
    expect(owned.locator('[name="target"]')).to_have_value("")  # the sheet has no save
    owned.locator('[name="items"]').fill("Hůl −1")
    owned.locator('[name="target"]').fill("10")
    owned.get_by_role("button", name="Hodit za předměty").click()
    entry = rolled(gm, expedition, "magic-items")
    assert entry["input"]["character"] == "Ota"
    assert entry["input"]["items"] == [{"name": "Hůl", "bonus": -1}]
    finished(gm)


def test_a_day_a_camp_and_an_encounters_burning_take_every_input(
        browser: Any, base: str, tmp_path: Path) -> None:
    expedition = Expedition(base, mode="wilderness", supplies=3,
                            party=[{"name": "Eva", "max_hp": 10}, {"name": "Ota", "max_hp": 8}])
    gm = expedition.gm_page(browser, Seeds())

    # A day's travel: two survivalists give +2 to food; magic covered the water; no night watch;
    # the party splits into groups declared beforehand, each rolling its own activity.
    gm.locator('[data-open="travel-day"]').click()
    day = gm.locator('[data-panel="travel-day"]')
    day.locator('[name="bonuses"][data-value="food"]').fill("2")
    groups = day.locator("details.rpg-more", has=gm.locator('[data-rows="activities"]'))
    unfold(groups)
    rows = groups.locator("[data-row]")
    rows.first.get_by_label("Skupina").fill("Eva a Ota")
    rows.first.get_by_label("Aktivita").select_option("forage")
    groups.get_by_role("button", name="Další skupina").click()
    expect(rows).to_have_count(2)
    expect(rows.nth(1).get_by_label("Skupina")).to_have_value("")  # a fresh row
    rows.nth(1).get_by_label("Skupina").fill("Eva a Ota")  # named twice: the server's refusal
    rows.nth(1).get_by_label("Aktivita").select_option("hunt")
    groups.scroll_into_view_if_needed()
    shot(gm, tmp_path, "5a-travel-groups")
    unfold(day.locator("details.rpg-more", has_text="Více možností"))
    day.locator('[name="covered"][value="water"]').check()
    day.get_by_label("Noční hlídka: hodit na setkání").uncheck()
    shot(gm, tmp_path, "5-travel-day")
    before = expedition.read()["log"]
    day.get_by_role("button", name="Cestovat").click()
    refusal = gm.locator('[data-view="notice"]')
    expect(refusal).to_contain_text("Skupina 'Eva a Ota'", timeout=ANSWER_MS)
    expect(refusal).to_contain_text("dvakrát")
    assert expedition.read()["log"] == before
    rows.nth(1).get_by_label("Skupina").fill("Jan")
    day.get_by_role("button", name="Cestovat").click()
    entry = rolled(gm, expedition, "travel-day")
    assert entry["input"]["activities"] == [{"group": "Eva a Ota", "activity": "forage"},
                                            {"group": "Jan", "activity": "hunt"}]
    travel = entry["answers"][0]["result"]["activities"]  # each group rolled its own check
    assert [(group["group"], group["kind"]) for group in travel] == [
        ("Eva a Ota", "forage"), ("Jan", "hunt")]
    assert entry["input"]["bonuses"] == ["food", "food"]
    assert entry["input"]["covered"] == ["water"] and entry["input"]["night_check"] is False

    # A night in a safe building.
    gm.locator('[data-open="rest"]').click()
    rest = gm.locator('[data-panel="rest"]')
    rest.locator('[name="bonuses"][data-value="shelter"]').fill("1")
    unfold(rest.locator("details.rpg-more"))
    rest.get_by_label("V bezpečném stavení").check()
    rest.get_by_role("button", name="Odpočívat").click()
    entry = rolled(gm, expedition, "rest")
    assert entry["input"]["safe_building"] is True and entry["input"]["bonuses"] == ["shelter"]

    # In an encounter, a burning lasts rounds: rolled for a character.
    expedition.act("encounter", sides=["hráči", "skřeti"])
    expect(gm.locator('[data-open="persistent-damage"]')).to_be_visible(timeout=ANSWER_MS)
    gm.locator('[data-open="persistent-damage"]').click()
    burning = gm.locator('[data-panel="persistent-damage"]')
    burning.locator('[name="target"]').fill("Ota")
    burning.locator('[name="damage"]').fill("1d4")
    burning.locator('[name="rounds"]').fill("2")
    shot(gm, tmp_path, "6-persistent-damage")
    burning.get_by_role("button", name="Hodit poškození").click()
    entry = rolled(gm, expedition, "persistent-damage")
    assert {k: entry["input"][k] for k in ("target", "damage", "rounds")} == {
        "target": "Ota", "damage": "1d4", "rounds": 2}
    finished(gm)
