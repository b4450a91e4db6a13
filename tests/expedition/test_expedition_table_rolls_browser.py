"""The proof of fair rolls and the players' own rolls at the table, on phones (390 px), on SQLite
and on PostgreSQL: the GM's page shows the epoch's commitment and the log's head, reveals the key
(asking first) and a hidden roll, issues a character's link (shown once, to copy), lists and
revokes it, and applies a player's roll ("Zapsat") once; the character's page opened by that link
rolls (the player's own dice, or drawn) and shows it in the log; a refusal of the API is said on
the page.

Each test sets up through the API what is not its subject; every state it asserts is also written
as a screenshot into the test's temporary folder, for a person to look at.
"""

from __future__ import annotations

import urllib.error
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.expedition.live import api_get, api_post, key_of
from tests.expedition.phones import (
    ANSWER_MS,
    PARTY,
    Expedition,
    asks_first,
    entry,
    finished,
    issue_link,
    newest,
    phone,
    said,
    shot,
    tapped_on_entry,
)

pytestmark = pytest.mark.browser


def roll(expedition: Expedition, token: str, kind: str, **inputs: Any) -> Any:
    """A roll of a character's link, as its player's phone sends it."""
    return api_post(expedition.base, f"api/v1/expeditions/{expedition.id}/character/{kind}",
                    inputs, token)


def test_the_gm_reveals_the_key_and_a_hidden_roll(
        browser: Any, base: str, tmp_path: Path) -> None:
    expedition = Expedition(base, party=[{"name": "Eva", "max_hp": 10, "save": 12}])
    hidden = expedition.act("saving-throw", character="Eva", target=12, hidden=True)["entry"]
    seen = expedition.act("shift")["entry"]
    gm = expedition.gm_page(browser)
    chain = expedition.read()

    # The commitment and the head, shortened (the whole hash is the title).
    panel = gm.locator("[data-chain]")
    panel.locator("summary").click()
    expect(panel.locator('[data-field="epoch"]')).to_have_text("1")
    commitment = panel.locator('[data-field="commitment"]')
    expect(commitment).to_have_text(chain["commitment"]["sha256"][:12] + "…")
    assert commitment.get_attribute("title") == chain["commitment"]["sha256"]
    expect(panel.locator('[data-field="head_seq"]')).to_have_text(str(seen["seq"]))
    expect(panel.locator('[data-field="head"]')).to_have_text(chain["head"]["hash"][:12] + "…")
    shot(gm, tmp_path, "1-chain")

    # Only the hidden roll offers its reveal; revealed, it offers it no more.
    tapped_on_entry(gm, hidden["seq"], "reveal-entry", tmp_path / "1-hidden-entry.png")
    assert expedition.read()["log"][0]["reveals"]["seq"] == hidden["seq"]

    # Revealing the key asks first, saying what it does; "Zatím ne" keeps it.
    dialog = asks_first(gm, gm.locator("[data-reveal-key]"), "reveal-key")
    expect(dialog).to_contain_text("Odhalit klíč epochy 1?")
    expect(dialog).to_contain_text("může kdokoli ověřit")
    expect(dialog).to_contain_text("hned začne epocha 2")
    shot(gm, tmp_path, "1-reveal-key-asks")
    dialog.locator('button[value="keep"]').click()
    expect(dialog).to_be_hidden()
    assert expedition.read()["commitment"]["epoch"] == 1
    gm.locator("[data-reveal-key]").click()
    dialog.locator("[data-confirmed]").click()
    expect(panel.locator('[data-field="epoch"]')).to_have_text("2", timeout=ANSWER_MS)
    after = expedition.read()
    assert after["log"][0]["kind"] == "reveal-key"
    assert after["log"][0]["revealed"]["epoch"] == 1
    expect(panel.locator('[data-field="commitment"]')).to_have_text(
        after["commitment"]["sha256"][:12] + "…")
    expect(panel.locator('[data-field="head_seq"]')).to_have_text(str(after["head"]["seq"]))
    shot(gm, tmp_path, "1-key-revealed")
    finished(gm)


def test_the_gm_issues_lists_and_revokes_a_characters_link_and_applies_its_rolls(
        browser: Any, base: str, tmp_path: Path) -> None:
    expedition = Expedition(base, party=PARTY)
    gm = expedition.gm_page(browser)
    panel = gm.locator("[data-character-links]")
    panel.locator("summary").click()
    expect(panel.locator('[data-empty="character_links"]')).to_be_visible(timeout=ANSWER_MS)

    # Issued: the link shown once, to the character's page, and listed (without its token).
    link = issue_link(gm, "Eva")
    assert link.startswith(f"{base}vyprava/postava/#{expedition.id}.")
    public_id, token = key_of(link)
    assert public_id == expedition.id
    expect(panel.locator('[data-field="issued_character"]')).to_have_text("Eva")
    expect(panel.locator(".rpg-links__item")).to_have_count(1)
    expect(panel.locator(".rpg-links__item")).to_contain_text("Eva")
    expect(panel.locator('[data-empty="character_links"]')).to_be_hidden()
    panel.locator(".rpg-links__item").scroll_into_view_if_needed()
    shot(gm, tmp_path, "2-link-issued")

    # The player's roll: "Zapsat" on it (nowhere else); tapped, it is applied and gone.
    failed = roll(expedition, token, "saving-throw", dice=[3])["entry"]
    tapped_on_entry(gm, failed["seq"], "apply", tmp_path / "2-player-roll.png")
    applied = expedition.read()["log"][0]
    assert (applied["kind"], applied["input"]) == ("apply", {"entry": failed["seq"]})

    # A roll the records no longer give (her save changed since): the API's 422 on the page.
    again = roll(expedition, token, "saving-throw", dice=[10])["entry"]
    edited = expedition.act("edit-character", character="Eva", save=8)["entry"]
    expect(entry(gm, edited["seq"])).to_have_count(1, timeout=ANSWER_MS)
    entry(gm, again["seq"]).locator("[data-apply]").click()
    notice = gm.locator('[data-view="notice"]')
    expect(notice).to_contain_text(said("expedition.apply.changed", seq=again["seq"]),
                                   timeout=ANSWER_MS)
    shot(gm, tmp_path, "2-apply-refused")
    notice.click()

    # Revoking asks first; then the link opens nothing.
    dialog = asks_first(gm, panel.locator("[data-revoke-link]"), "revoke-link")
    expect(dialog).to_contain_text("Zrušit odkaz postavy Eva?")
    shot(gm, tmp_path, "2-revoke-asks")
    dialog.locator("[data-confirmed]").click()
    expect(panel.locator(".rpg-links__item")).to_have_count(0, timeout=ANSWER_MS)
    expect(panel.locator('[data-empty="character_links"]')).to_be_visible()
    with pytest.raises(urllib.error.HTTPError) as gone:
        api_get(base, f"api/v1/expeditions/{expedition.id}", token)
    assert gone.value.code == 404
    finished(gm)


def test_a_player_rolls_from_the_characters_link_and_the_gm_applies_it(
        browser: Any, base: str, tmp_path: Path) -> None:
    expedition = Expedition(base, party=PARTY)
    gm = expedition.gm_page(browser)
    link = issue_link(gm, "Eva")

    # Opened by its link: the expedition as the players see it, the key out of the address.
    player = phone(browser)
    player.goto(link)
    expect(player.locator('h2[data-field="name"]')).to_have_text("Pláně", timeout=ANSWER_MS)
    assert player.url == f"{base}vyprava/postava/"
    expect(player.locator(".rpg-member")).to_have_count(2)
    shot(player, tmp_path, "3-player-opened")

    # A save with the player's own die: in the log at once, under the character's name.
    player.get_by_role("button", name="Záchranný hod").click()
    form = player.locator('[data-panel="saving-throw"]')
    expect(form).to_be_visible()
    form.locator("[data-dice]").fill("3")
    shot(player, tmp_path, "3-player-save-form")
    form.locator('button[type="submit"]').click()
    title = said("expedition.player-roll.title", character="Eva")
    expect(newest(player).locator('[data-field="title"]')).to_have_text(title, timeout=ANSWER_MS)
    expect(newest(player).locator('[data-badge="table-dice"]')).to_be_visible()
    expect(form).to_be_hidden()
    expect(player.locator('[data-character-known]')).to_have_text("Hody: postava Eva")
    expect(player.locator(".rpg-member--mine")).to_have_attribute("data-name", "Eva")
    # Eva alive: no save against death offered, every other roll.
    expect(player.locator('.rpg-actions [data-open="death-save"]')).to_be_hidden()
    expect(player.locator(".rpg-actions [data-open]:visible")).to_have_count(4)
    save = expedition.read()["log"][0]
    assert (save["kind"], save["character"], save["input"]["action"], save["dice"]) == (
        "player-roll", "Eva", "saving-throw", [3])
    shot(player, tmp_path, "3-player-rolled")

    # The GM applies it; the player sees it applied.
    tapped_on_entry(gm, save["seq"], "apply", tmp_path / "3-gm-applies.png")
    expect(newest(player).locator('[data-field="title"]')).to_have_text(
        said("expedition.apply.title"), timeout=ANSWER_MS)

    # An attack on the encounter's creature, drawn by the server: the target from the records.
    expedition.act("encounter", sides=["hráči", "goblini"],
                   creatures=[{"name": "goblin", "side": "goblini", "hp": 9, "ac": 11}])
    player.get_by_role("button", name="Útok").click()
    attack = player.locator('[data-panel="attack"]')
    expect(attack.locator('[name="target"]')).to_have_value("goblin", timeout=ANSWER_MS)
    shot(player, tmp_path, "3-player-attack-form")
    attack.locator('button[type="submit"]').click()
    expect(attack).to_be_hidden(timeout=ANSWER_MS)
    hit = expedition.read()["log"][0]
    assert (hit["kind"], hit["input"]["target"], hit["steps"][0]["origin"]) == (
        "player-roll", "goblin", "drawn")
    expect(newest(player).locator('[data-badge="drawn"]')).to_be_visible()
    shot(player, tmp_path, "3-player-attacked")

    # A refusal is said on the page: the dice expression that is none.
    player.get_by_role("button", name="Hod kostkami").click()
    dice = player.locator('[data-panel="roll"]')
    dice.locator('[name="expr"]').fill("2x")
    dice.locator('button[type="submit"]').click()
    expect(player.locator('[data-view="notice"]')).to_be_visible(timeout=ANSWER_MS)
    shot(player, tmp_path, "3-player-refused")
    assert expedition.read()["log"][0]["seq"] == hit["seq"]
    finished(gm, player)
