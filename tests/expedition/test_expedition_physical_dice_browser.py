"""The GM's page at 390 px rolls with the table's dice, on SQLite or PostgreSQL: the page asks
for each die the server says is missing, named in Czech and in order, until the action is taken
(or the GM cancels, and nothing more is sent); a die off its die is refused in the server's
words and typed again; the entry keeps its dice and no seed, marked on both pages. And several
shifts in one tap: "Do odpočinku (N směn)" passes exactly the shifts until a rest is allowed.
Each state is written as a screenshot into the test's temporary folder, for a person to look at.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, Request, expect

from rpg.core.catalog import catalog, msg
from rpg.core.dice import die_named
from tests.expedition.phones import (
    ANSWER_MS,
    Expedition,
    Seeds,
    asked,
    dice_panel,
    finished,
    newest,
    shot,
    type_die,
)

pytestmark = pytest.mark.browser


def die_words() -> dict[str, str]:
    """The engine's words for each die, by the label it gives it (the catalog's ``dice.for-*``)."""
    return {key.removeprefix("dice.for-"): text.cs for key, text in catalog().items()
            if key.startswith("dice.for-")}


def rolled_dice(entry: dict[str, Any], words: dict[str, str]) -> list[tuple[int, str]]:
    """Each die the entry's steps rolled, in order: its faces and what it was for."""
    return [(int(roll["notation"].split("d")[1]), words[roll["label"]])
            for answer in entry["answers"] for roll in answer["rolls"] for _ in roll["results"]]


def actions_posted(gm: Page) -> list[Request]:
    """The actions the page sends from now on, as they leave it."""
    posted: list[Request] = []
    gm.on("request", lambda request: posted.append(request)
          if request.method == "POST" and "/actions/" in request.url else None)
    return posted


def test_the_table_rolls_a_shift_an_encounter_and_cancels_a_morale(
        browser: Any, base: str, tmp_path: Path) -> None:
    expedition = Expedition(base, mode="dungeon", supplies=3,
                            party=[{"name": "Eva", "max_hp": 10}, {"name": "Ota", "max_hp": 8}])
    expedition.act("shift", count=1, seed=1)  # the next shift is the 2nd: its check is due
    gm = expedition.gm_page(browser)
    players = expedition.players_page(browser)
    expect(gm.locator('[data-field="clock_text"]')).to_contain_text("směna 1",
                                                                    timeout=ANSWER_MS)
    words = die_words()
    switch = gm.locator("[data-table-dice]")

    # A shift whose wandering check is due: the page asks for the d6 it names.
    switch.check()
    shot(gm, tmp_path, "1-switch")
    gm.locator('[data-act="shift"]').click()
    assert asked(gm) == (1, 6, "putující monstra")
    expect(dice_panel(gm).locator('[data-field="given"] > li')).to_have_count(0)
    expect(dice_panel(gm).locator('[name="die"]')).to_have_attribute("max", "6")
    expect(dice_panel(gm).locator('[name="die"]')).to_have_attribute("inputmode", "numeric")
    shot(gm, tmp_path, "2-shift-asks")

    # A 7 is off the d6: refused in the server's words (the die named in Czech), typed again.
    type_die(gm, 7)
    refusal = msg("dice.off-the-die", pos=1, die=die_named("wandering-monsters"), faces=6,
                  value=7)
    expect(dice_panel(gm).locator('[data-field="refused"]')).to_have_text(
        "Kostka č. 1 (putující monstra) je d6: hodnota 7 není mezi 1 a 6.", timeout=ANSWER_MS)
    assert refusal.in_("cs") == "Kostka č. 1 (putující monstra) je d6: hodnota 7 není mezi 1 a 6."
    assert asked(gm) == (1, 6, "putující monstra")
    shot(gm, tmp_path, "3-off-the-die")
    type_die(gm, 3)
    expect(dice_panel(gm)).to_be_hidden(timeout=ANSWER_MS)
    expect(gm.locator('[data-field="clock_text"]')).to_contain_text("směna 2",
                                                                    timeout=ANSWER_MS)
    shift = expedition.read()["log"][0]
    assert (shift["kind"], shift["dice"], shift["seed"]) == ("shift", [3], None)
    assert [roll["results"] for roll in shift["answers"][0]["rolls"]] == [[3]]
    assert "1d6 = 3" in shift["answers"][0]["text"]
    expect(switch).not_to_be_checked()
    for page in (gm, players):  # marked as rolled with the table's dice on both pages
        expect(newest(page).locator('[data-field="text"]').first).to_contain_text(
            "směna 2", timeout=ANSWER_MS)
        badge = newest(page).locator('[data-badge="table-dice"]')
        expect(badge).to_be_visible()
        expect(badge).to_have_text("vlastní kostky")
    # A seeded entry is not marked.
    expect(gm.locator('[data-field="log"] > li').nth(1).locator(
        '[data-badge="table-dice"]')).to_be_hidden()
    for page in (gm, players):
        newest(page).scroll_into_view_if_needed()
    shot(gm, tmp_path, "4-shift-entry")
    shot(players, tmp_path, "4-shift-entry-players")

    # An encounter: its dice asked one by one, each named, the dice given listed above.
    typed = [4, 2, 3, 4, 5, 3, 8, 6, 6, 5, 4, 3, 2, 1, 6, 5]
    switch.check()
    gm.locator('[data-open="encounter"]').click()
    gm.locator('[data-panel="encounter"]').get_by_role("button", name="Hodit setkání").click()
    seen: list[tuple[int, str]] = []
    given: list[int] = []
    while True:
        pos, faces, die = asked(gm)
        assert pos == len(given) + 1, (pos, given)
        expect(dice_panel(gm).locator('[data-field="given"] > li')).to_have_count(len(given))
        if pos == 3:
            shot(gm, tmp_path, "5-encounter-third-die")
        seen.append((faces, die))
        value = min(typed[len(given)], faces)
        given.append(value)
        type_die(gm, value)
        after = dice_panel(gm).locator(
            f'.rpg-dice__next [data-field="pos"]:text-is("{pos + 1}")')
        taken = newest(gm).locator('[data-field="title"]', has_text=msg(
            "expedition.encounter.title").in_("cs"))
        expect(after.or_(taken)).to_be_visible(timeout=ANSWER_MS)
        if taken.is_visible():
            break
    expect(dice_panel(gm)).to_be_hidden()
    encounter = expedition.read()["log"][0]
    assert (encounter["kind"], encounter["dice"], encounter["seed"]) == ("encounter", given, None)
    assert seen == rolled_dice(encounter, words)
    assert seen[0] == (6, "překvapení") and len(seen) > 3
    assert [r for answer in encounter["answers"] for roll in answer["rolls"]
            for r in roll["results"]] == given
    expect(switch).not_to_be_checked()
    newest(gm).scroll_into_view_if_needed()
    shot(gm, tmp_path, "6-encounter-entry")

    # A morale check cancelled after its first die: nothing more is sent, nothing is written.
    version = expedition.read()["version"]
    switch.check()
    posted = actions_posted(gm)
    gm.locator('[data-open="morale"]').click()
    gm.locator('[data-panel="morale"]').get_by_role("button", name="Ověřit morálku").click()
    assert asked(gm) == (1, 6, "morálka")
    type_die(gm, 5)
    assert asked(gm) == (2, 6, "morálka")
    expect(dice_panel(gm).locator('[data-field="given"] > li')).to_have_text(["d6 morálka: 5"])
    shot(gm, tmp_path, "7-morale-second-die")
    dice_panel(gm).get_by_role("button", name="Zrušit hod").click()
    expect(dice_panel(gm)).to_be_hidden()
    expect(switch).to_be_checked()  # nothing was taken: the switch still says so
    switch.uncheck()
    gm.locator('[data-act="round"]').click()
    expect(newest(gm).locator('[data-field="title"]')).to_have_text(
        msg("expedition.round.title").in_("cs"), timeout=ANSWER_MS)
    assert [(request.url.rsplit("/", 1)[-1], json.loads(request.post_data or "{}").get("dice"))
            for request in posted] == [("morale", []), ("morale", [5]), ("round", None)]
    assert expedition.read()["version"] == version + 1
    finished(gm, players)


def test_several_shifts_pass_until_a_rest_is_allowed(
        browser: Any, base: str, tmp_path: Path) -> None:
    expedition = Expedition(base, mode="dungeon", supplies=3, party=[{"name": "Eva", "max_hp": 10}])
    gm = expedition.gm_page(browser, Seeds())
    until_rest = gm.locator("[data-until-rest]")

    def rest_ahead() -> dict[str, Any]:
        rest: dict[str, Any] = next(coming for coming in expedition.read()["state"]["ahead"]
                                    if coming["kind"] == "rest")
        return rest

    # The button says how many shifts the API's `ahead` counts until a rest.
    rest = rest_ahead()
    expect(until_rest).to_have_text(f"Do odpočinku ({rest['in']} směn)", use_inner_text=True)
    until_rest.scroll_into_view_if_needed()
    shot(gm, tmp_path, "1-until-rest")

    # Most of the way there (a wandering monster stops the shifts; the encounter ends), then
    # the shifts left pass in one tap: the clock stands where the rest is allowed.
    expedition.act("shift", count=48, seed=7)
    expedition.act("encounter", seed=1)
    expedition.act("encounter-end", seed=1)
    rest = rest_ahead()
    assert 1 < rest["in"] < 5, rest
    expect(until_rest).to_have_text(f"Do odpočinku ({rest['in']} směny)", use_inner_text=True,
                                    timeout=ANSWER_MS)
    until_rest.scroll_into_view_if_needed()
    shot(gm, tmp_path, "2-until-rest-few")
    until_rest.click()
    expect(newest(gm).locator('[data-field="title"]')).to_have_text(
        msg("expedition.shift.title").in_("cs"), timeout=ANSWER_MS)
    read = expedition.read()
    assert read["log"][0]["input"]["count"] == rest["in"]
    assert read["state"]["clock"] == rest["at"]
    assert next(coming for coming in read["state"]["ahead"] if coming["kind"] == "rest")["in"] == 0
    expect(until_rest).to_be_hidden()
    shot(gm, tmp_path, "3-rest-allowed")
    finished(gm)
