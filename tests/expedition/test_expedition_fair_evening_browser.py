"""The story of a fair evening, on three phones (390 px) in Chromium, on SQLite or PostgreSQL:
the GM plays on the GM's page with the server's dice, the table's dice and a secret roll; a
player rolls a save from the character's own link and the GM applies it; the GM reveals the
secret roll and the epoch's key; a third device's verification page, given the players' link,
says every drawn roll verified; then a tampered export fails there, naming its entry.

Every state is written as a screenshot into the test's temporary folder, for a person to look at.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.expedition import chain_verifier, synthetic_chain
from tests.expedition.live import api_get
from tests.expedition.phones import (
    ANSWER_MS,
    PARTY,
    Expedition,
    asked,
    counted,
    dice_panel,
    finished,
    issue_link,
    newest,
    phone,
    said,
    shot,
    tapped_on_entry,
    type_die,
    verdict,
    verifying,
)

pytestmark = pytest.mark.browser


def test_the_story_of_a_fair_evening(
        browser: Any, base: str, tmp_path: Path) -> None:
    expedition = Expedition(base, mode="dungeon", supplies=3, party=PARTY)
    expedition.act("shift", count=1)  # the next shift is the 2nd: its wandering check is due
    gm = expedition.gm_page(browser)
    clock = gm.locator('[data-field="clock_text"]')

    # The server's dice: the 2nd shift's check, drawn under the epoch's committed key.
    gm.locator('[data-act="shift"]').click()
    expect(clock).to_contain_text("směna 2", timeout=ANSWER_MS)
    drawn = expedition.read()["log"][0]
    assert drawn["steps"][0]["origin"] == "drawn"
    expect(newest(gm).locator('[data-badge="drawn"]')).to_be_visible()
    shot(gm, tmp_path, "1-drawn")

    # The table's dice: the 4th shift's check, the die typed in as the page asks for it.
    expedition.act("shift")  # the 3rd shift rolls nothing
    expect(clock).to_contain_text("směna 3", timeout=ANSWER_MS)
    gm.locator("[data-table-dice]").check()
    gm.locator('[data-act="shift"]').click()
    assert asked(gm)[:2] == (1, 6)
    type_die(gm, 4)
    expect(dice_panel(gm)).to_be_hidden(timeout=ANSWER_MS)
    expect(clock).to_contain_text("směna 4", timeout=ANSWER_MS)
    table_die = expedition.read()["log"][0]
    assert (table_die["dice"], table_die["steps"][0]["origin"]) == ([4], "dice")
    expect(newest(gm).locator('[data-badge="table-dice"]')).to_be_visible()
    shot(gm, tmp_path, "2-table-dice")

    # A secret roll: the 6th shift's check, hidden from the players.
    expedition.act("shift")
    expect(clock).to_contain_text("směna 5", timeout=ANSWER_MS)
    gm.locator("[data-hidden-roll]").check()
    gm.locator('[data-act="shift"]').click()
    expect(clock).to_contain_text("směna 6", timeout=ANSWER_MS)
    secret = expedition.read()["log"][0]
    assert secret["hidden"] and secret["steps"][0]["origin"] == "drawn"
    shot(gm, tmp_path, "3-secret")

    # A player rolls a save from Eva's own link; the GM applies it.
    player = phone(browser)
    player.goto(issue_link(gm, "Eva"))
    expect(player.locator('h2[data-field="name"]')).to_have_text("Pláně", timeout=ANSWER_MS)
    expect(player.locator('[data-field="log"] > li[data-seq="{}"] [data-field="title"]'.format(
        secret["seq"]))).to_have_text(said("expedition.hidden.title"), timeout=ANSWER_MS)
    player.get_by_role("button", name="Záchranný hod").click()
    player.locator('[data-panel="saving-throw"] button[type="submit"]').click()
    expect(newest(player).locator('[data-field="title"]')).to_have_text(
        said("expedition.player-roll.title", character="Eva"), timeout=ANSWER_MS)
    save = expedition.read()["log"][0]
    assert (save["kind"], save["character"], save["steps"][0]["origin"]) == (
        "player-roll", "Eva", "drawn")
    shot(player, tmp_path, "4-player-save")
    # On the GM's page the roll is no action to take back: the undo still names the secret shift.
    expect(gm.locator('[data-field="log"] > li[data-seq="{}"]'.format(save["seq"]))).to_have_count(
        1, timeout=ANSWER_MS)
    expect(gm.locator("[data-undo]")).to_have_text("Vzít zpět: " + secret["text"],
                                                   use_inner_text=True)
    tapped_on_entry(gm, save["seq"], "apply", tmp_path / "5-gm-applies.png")

    # The GM reveals the secret roll, then the epoch's key.
    tapped_on_entry(gm, secret["seq"], "reveal-entry", tmp_path / "6-reveal-entry.png")
    gm.locator("[data-chain] summary").click()
    gm.locator("[data-reveal-key]").click()
    gm.locator('[data-confirm="reveal-key"] [data-confirmed]').click()
    expect(gm.locator('[data-chain] [data-field="epoch"]')).to_have_text("2", timeout=ANSWER_MS)
    shot(gm, tmp_path, "7-key-revealed")

    # A third device verifies from the players' link: every drawn roll, none waiting.
    exported = api_get(base, f"api/v1/expeditions/{expedition.id}/export",
                       expedition.players_token)
    report = chain_verifier.verify(exported)
    # Every step the server drew, as the GM reads the log (the secret roll's too): each verified.
    drawn_steps = [step for entry in expedition.read()["log"] for step in entry["steps"]
                   if step["origin"] == "drawn"]
    assert len(drawn_steps) >= 3  # the 2nd shift's check, the secret 6th's, Eva's save
    assert (report.verified, report.waiting, report.hidden, report.mismatches) == (
        len(drawn_steps), 0, 0, 0)
    third = verifying(phone(browser), base)
    third.fill("[data-form=link] input",
               f"{base}vyprava/hraci/#{expedition.id}.{expedition.players_token}")
    third.click("[data-form=link] button")
    shown = third.locator("[data-verdict]")
    expect(shown).to_be_visible(timeout=ANSWER_MS)
    assert shown.locator("[data-field=headline]").inner_text() == "Všechno sedí."
    assert shown.locator("[data-field=counts] li").all_inner_texts() == counted(
        synthetic_chain.Counts(entries=len(exported["log"]), drawn=report.verified,
                               physical=report.physical, seeded=report.given_seed,
                               hidden=report.hidden, waiting=report.waiting))
    third.screenshot(path=str(tmp_path / "8-verified.png"))

    # The same export with one entry's dice changed: the page names that entry.
    tampered = json.loads(json.dumps(exported))
    changed = next(entry for entry in tampered["log"] if entry["seq"] == table_die["seq"])
    changed["dice"] = [5]
    file = tmp_path / "tampered.json"
    file.write_text(json.dumps(tampered, ensure_ascii=False), encoding="utf-8")
    headline, _ = verdict(third, file)
    assert headline.startswith(f"Záznam č. {table_die['seq']} neprošel:")
    third.screenshot(path=str(tmp_path / "9-tampered.png"))
    finished(gm, player)
    third.context.close()
