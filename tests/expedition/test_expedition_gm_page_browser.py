"""The GM's page at the table, on a phone (390 px), on SQLite or PostgreSQL: the small things
that read badly, the undo that names what it takes back, and the links that must not mislead.

Each test sets its expedition up through the API (what is not its subject) and looks at the
page; every state it asserts is also written as a screenshot into the test's temporary folder,
for a person to look at.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from rpg.core.catalog import msg
from rpg.expedition.journey import SHIFTS_AT_ONCE_MAX
from tests.expedition.live import api_get
from tests.expedition.phones import (
    ANSWER_MS,
    Expedition,
    Seeds,
    asks_first,
    finished,
    member,
    newest,
    phone,
    shot,
)

pytestmark = pytest.mark.browser


def seen_opacity(page: Page, selector: str) -> float:
    """How opaque ``selector`` is drawn: its own opacity times every ancestor's."""
    return float(page.eval_on_selector(selector, """(element) => {
        let seen = 1;
        for (let at = element; at; at = at.parentElement) {
            seen *= Number(getComputedStyle(at).opacity);
        }
        return seen;
    }"""))


def overlaps(one: Any, other: Any) -> bool:
    """Whether two bounding boxes share any area."""
    return not (one["x"] + one["width"] <= other["x"] or other["x"] + other["width"] <= one["x"]
                or one["y"] + one["height"] <= other["y"]
                or other["y"] + other["height"] <= one["y"])


def test_the_small_things_read_well(browser: Any, base: str, tmp_path: Path) -> None:
    expedition = Expedition(base, mode="dungeon", supplies=0)
    gm = expedition.gm_page(browser)
    players = expedition.players_page(browser)

    # An empty party and an empty list of lights say what to do (the players: that nothing is
    # there yet).
    for page in (gm, players):
        for name in ("party", "effects"):
            expect(page.locator(f'[data-empty="{name}"]')).to_be_visible()
    expect(gm.locator('[data-empty="party"]')).to_contain_text("přidej první postavu")
    expect(players.locator('[data-empty="party"]')).to_have_text(
        "PJ do družiny zatím nikoho nezapsal.")
    gm.locator('[data-empty="party"]').scroll_into_view_if_needed()
    shot(gm, tmp_path, "1-empty-gm")
    players.locator('[data-empty="effects"]').scroll_into_view_if_needed()
    shot(players, tmp_path, "1-empty-players")

    expedition.act("add-character", name="Eva", max_hp=10)
    expedition.act("add-character", name="Ota", max_hp=8)
    expedition.act("add-effect", name="Pochodeň 1", shifts=6, light=True)
    for page in (gm, players):
        expect(page.locator(".rpg-member")).to_have_count(2, timeout=ANSWER_MS)
        expect(page.locator(".rpg-effect")).to_have_count(1, timeout=ANSWER_MS)
        for name in ("party", "effects"):
            expect(page.locator(f'[data-empty="{name}"]')).to_be_hidden()

    # Resting in a dungeon has no survival bonuses to offer (food, water and shelter are not
    # rolled there); out in the wilderness they are offered.
    rest = gm.locator('[data-panel="rest"]')
    gm.locator('[data-open="rest"]').click()
    expect(rest).to_be_visible()
    expect(rest.locator(".rpg-bonuses:has([name=\"bonuses\"])")).to_be_hidden()
    shot(gm, tmp_path, "1-rest-dungeon")
    rest.locator("[data-close]").click()
    expedition.act("mode", mode="wilderness")
    expect(gm.locator('[data-field="mode_text"]').first).to_have_text(
        msg("expedition.mode.wilderness").in_("cs"), timeout=ANSWER_MS)
    gm.locator('[data-open="rest"]').click()
    expect(rest.locator(".rpg-bonuses:has([name=\"bonuses\"])")).to_be_visible()
    rest.locator("[data-close]").click()

    # Two days of fast travel with no supplies: 4 of summary damage to share out (seed 1).
    expedition.act("fast-travel", days=2, seed=1)
    gm.locator('[data-open="split-damage"].rpg-button--offer').click(timeout=ANSWER_MS)
    split = gm.locator('[data-panel="split-damage"]')
    expect(split.locator('[data-field="pending_damage"]')).to_have_text("4")
    eva_row = split.locator('[data-name="Eva"]')
    ota_row = split.locator('[data-name="Ota"]')
    expect(eva_row.locator(".rpg-split__hp")).to_have_text("životy 10/10")
    expect(ota_row.locator(".rpg-split__hp")).to_have_text("životy 8/8")
    left = split.locator("[data-split-left]")
    expect(left).to_have_text("Zbývá rozdělit: 4.", use_inner_text=True)
    eva_row.locator("[data-allocation]").fill("3")
    expect(left).to_have_text("Zbývá rozdělit: 1.", use_inner_text=True)
    ota_row.locator("[data-allocation]").fill("2")
    expect(left).to_have_text("Rozděluješ o 1 víc, než je k rozdělení.", use_inner_text=True)
    shot(gm, tmp_path, "1-split-over")
    ota_row.locator("[data-allocation]").fill("1")
    expect(left).to_have_text("Rozděleno je všechno.", use_inner_text=True)
    shot(gm, tmp_path, "1-split-done")
    split.locator('button[type="submit"]').click()
    expect(member(gm, "Eva").locator('[data-field="hp"]')).to_have_text("7", timeout=ANSWER_MS)
    expect(member(gm, "Ota").locator('[data-field="hp"]')).to_have_text("7")

    # The rule and its replay under an entry (the split's) are targets a thumb can hit: 44 px
    # high, on both pages.
    for page in (gm, players):
        expect(newest(page).locator('[data-field="title"]')).to_have_text(
            msg("expedition.split-damage.title").in_("cs"), timeout=ANSWER_MS)
        newest(page).locator("[data-answers] > summary").click()
        links = newest(page).locator(".rpg-entry__rule a")
        assert links.count() >= 2
        for index in range(links.count()):
            box = links.nth(index).bounding_box()
            assert box is not None and box["height"] >= 44, (page.url, index, box)
    shot(gm, tmp_path, "1-rule-links")

    # A dead character's card keeps its death save in full colour: the one button that matters.
    expedition.act("add-character", name="Dan", max_hp=7)
    dan = member(gm, "Dan")
    expect(dan).to_be_visible(timeout=ANSWER_MS)
    dan.locator("[data-amount]").fill("7")
    dan.locator('[data-member="damage"]').click()
    save = dan.locator('[data-member="death-save"]')
    expect(save).to_be_visible(timeout=ANSWER_MS)
    expect(dan).to_have_class("rpg-member rpg-member--dead")
    assert seen_opacity(gm, '.rpg-member[data-name="Dan"] [data-member="death-save"]') == 1
    assert seen_opacity(gm, '.rpg-member[data-name="Dan"] .rpg-member__head') < 1
    dan.scroll_into_view_if_needed()
    shot(gm, tmp_path, "1-dead-card")

    # Material's "back to top" pill, shown when scrolling up, stays off the expedition's name.
    top = gm.locator(".md-top")
    for _ in range(5):  # a loaded machine may let Material read both scrolls as one, downwards
        gm.evaluate("window.scrollTo(0, document.scrollingElement.scrollHeight)")
        gm.wait_for_timeout(300)  # lets Material read the scroll before the next one
        gm.evaluate("window.scrollBy(0, -400)")
        try:
            expect(top).not_to_have_attribute("hidden", "", timeout=5000)
            break
        except AssertionError:
            continue
    expect(top).to_be_visible()
    expect(top).not_to_have_attribute("hidden", "")
    name = gm.locator('h2[data-field="name"]').bounding_box()
    pill = top.bounding_box()
    assert name is not None and pill is not None
    assert not overlaps(name, pill), (name, pill)
    shot(gm, tmp_path, "1-back-to-top")

    assert players.locator("[data-member], [data-panel], dialog").count() == 0
    finished(gm, players)


def test_undo_names_what_it_takes_back(browser: Any, base: str, tmp_path: Path) -> None:
    expedition = Expedition(base, mode="dungeon", supplies=3,
                            party=[{"name": "Eva", "max_hp": 10}])
    gm = expedition.gm_page(browser)
    undo = gm.locator("[data-undo]")
    # Only the start: nothing to take back.
    expect(undo).to_have_text("Není co vzít zpět", use_inner_text=True)
    expect(undo).to_be_disabled()

    expedition.act("encounter", sides=["hráči", "skřet"], seed=3)
    expedition.act("attack", attacker="Eva", target="skřet",
                   attack={"ac": 12, "damage": "1d6"}, seed=4)
    expect(newest(gm).locator('[data-field="title"]')).to_have_text(
        msg("expedition.attack.title").in_("cs"), timeout=ANSWER_MS)
    attack = newest(gm)
    attacked = expedition.read()["log"][0]
    assert attacked["text"].startswith("Útok: Eva → skřet, ")  # and what the dice came to
    expect(undo).to_have_text("Vzít zpět: " + attacked["text"], use_inner_text=True)
    named = int(undo.get_attribute("data-undoes") or 0)
    assert named == int(attack.get_attribute("data-seq") or 0)
    undo.scroll_into_view_if_needed()
    shot(gm, tmp_path, "2-undo-attack")

    # The undo takes back exactly the entry it named; then it names the one before.
    encounter_seq = named - 1
    encounter_text = next(
        e["text"] for e in expedition.read()["log"] if e["seq"] == encounter_seq)
    undo.click()
    expect(newest(gm).locator('[data-field="title"]')).to_have_text(
        msg("expedition.undo.title").in_("cs"), timeout=ANSWER_MS)
    log = expedition.read()["log"]
    assert log[0]["kind"] == "undo" and log[0]["undoes"] == named
    expect(undo).to_have_text("Vzít zpět: " + encounter_text, use_inner_text=True)
    assert undo.get_attribute("data-undoes") == str(encounter_seq)

    # An action after undos is the next to go; undoing everything leaves nothing to undo.
    expedition.act("supplies", change=-1)
    expect(undo).to_have_text(
        "Vzít zpět: " + expedition.read()["log"][0]["text"], use_inner_text=True,
        timeout=ANSWER_MS)
    for _ in range(2):
        before = undo.get_attribute("data-undoes")
        undo.click()
        expect(undo).not_to_have_attribute("data-undoes", before or "", timeout=ANSWER_MS)
    expect(undo).to_have_text("Není co vzít zpět", use_inner_text=True)
    expect(undo).to_be_disabled()
    assert [e["undoes"] for e in expedition.read()["log"][:2]] == [encounter_seq, named + 2]
    undo.scroll_into_view_if_needed()
    shot(gm, tmp_path, "2-undo-nothing")
    finished(gm)


def players_link_of(expedition: Expedition) -> str:
    link: str = api_get(expedition.base, f"api/v1/expeditions/{expedition.id}/players-link",
                        expedition.gm_token)["players"]
    return link


def test_links_open_what_they_say(browser: Any, base: str, tmp_path: Path) -> None:
    plains = Expedition(base, mode="wilderness", party=[{"name": "Eva", "max_hp": 10}])
    tomb = Expedition(base, name="Hrobka pod Vraním vrchem", mode="dungeon")
    gm = plains.gm_page(browser)

    # The footer's "Další: Výprava (hráči)" shows this expedition as the players see it (no key
    # in the address); back on the GM's page, the GM's expedition again.
    gm.locator(".md-footer__link--next").click()
    expect(gm.locator('[data-expedition="players"] h2[data-field="name"]')).to_have_text(
        "Pláně", timeout=ANSWER_MS)
    assert gm.url == f"{base}vyprava/hraci/"
    expect(gm.locator(".rpg-member")).to_have_count(1)
    assert gm.locator("[data-member], [data-panel], dialog").count() == 0
    shot(gm, tmp_path, "3-footer-players")
    gm.go_back()
    expect(gm.locator('[data-expedition="gm"] h2[data-field="name"]')).to_have_text(
        "Pláně", timeout=ANSWER_MS)

    # Another expedition's link opened in the same tab (only the address's #… changes): the page
    # opens it, and its share panel lists that expedition's links, not the old ones.
    gm.goto(f"{base}vyprava/#{tomb.id}.{tomb.gm_token}")
    expect(gm.locator('h2[data-field="name"]')).to_have_text("Hrobka pod Vraním vrchem",
                                                             timeout=ANSWER_MS)
    gm.locator("[data-share] > summary").click()
    expect(gm.locator('[data-field="players_link"]')).to_have_value(players_link_of(tomb),
                                                                    timeout=ANSWER_MS)
    expect(gm.locator('[data-field="gm_link"]')).to_have_value(
        f"{base}vyprava/#{tomb.id}.{tomb.gm_token}")
    players = plains.players_page(browser)
    players.goto(f"{base}vyprava/hraci/#{tomb.id}.{tomb.players_token}")
    expect(players.locator('h2[data-field="name"]')).to_have_text("Hrobka pod Vraním vrchem",
                                                                  timeout=ANSWER_MS)
    expect(players.locator(".rpg-member")).to_have_count(0)

    # Cutting the players off asks first; "Nechat starý" keeps the link, and the confirming
    # button is not live at once (a double tap's second tap cannot confirm).
    old_link = players_link_of(tomb)
    dialog = asks_first(gm, gm.locator("[data-rotate]"), "rotate-players")
    shot(gm, tmp_path, "3-rotate-asks")
    dialog.locator('button[value="keep"]').click()
    expect(dialog).to_be_hidden()
    assert players_link_of(tomb) == old_link
    expect(gm.locator('[data-field="players_link"]')).to_have_value(old_link)
    gm.locator("[data-rotate]").click()
    dialog.locator("[data-confirmed]").click()
    expect(dialog).to_be_hidden()
    expect(gm.locator('[data-field="players_link"]')).not_to_have_value(old_link,
                                                                        timeout=ANSWER_MS)
    assert gm.locator('[data-field="players_link"]').input_value() == players_link_of(tomb)
    expect(players.locator('[data-expedition="players"]')).to_have_attribute(
        "data-gone", "yes", timeout=ANSWER_MS)
    expect(players.locator('[data-view="new"]')).to_be_visible()

    finished(gm, players)


def test_a_replay_opens_the_calculator_beside_its_rule(browser: Any, base: str,
                                                      tmp_path: Path) -> None:
    expedition = Expedition(base, mode="wilderness", supplies=0,
                            party=[{"name": "Eva", "max_hp": 10}, {"name": "Ota", "max_hp": 8}])
    expedition.act("fast-travel", days=2, seed=1)
    expedition.act("split-damage", allocation={"Eva": 3, "Ota": 1})
    expedition.act("encounter", sides=["hráči", "skřeti"], seed=3)
    expedition.act("morale", group="skřeti", morale=7, seed=5)
    log = expedition.read()["log"]
    gm = expedition.gm_page(browser)
    calculator = phone(browser)
    # The morale check, the encounter (lists and a choice) and the split (rows with a column):
    # each replays on its rule's page, the calculator filled with the step's inputs and dice
    # and answering what the log's step answered.
    for title, seq in (("morale", log[0]["seq"]), ("encounter", log[1]["seq"]),
                       ("split-damage", log[2]["seq"])):
        entry = next(e for e in log if e["seq"] == seq)
        assert entry["kind"] == title
        answer = entry["answers"][0]
        item = gm.locator(f'[data-field="log"] > li[data-seq="{seq}"]')
        item.locator("[data-answers] > summary").click()
        replay = item.locator('[data-field="replay"]').first
        href = replay.get_attribute("href") or ""
        rule_page = answer["rule"]["url"].split("#")[0]
        assert href.startswith(f"{base}{rule_page.lstrip('/')}?prehrat={answer['procedure']}&")
        calculator.goto(href)
        root = calculator.locator(f'[data-procedure="{answer["procedure"]}"]')
        expect(root.locator("[data-output] .calculator__text")).to_have_text(
            answer["text"], timeout=ANSWER_MS)
        shot(calculator, tmp_path, f"1-replay-{title}")
        box = root.bounding_box()
        header = calculator.locator(".md-header").bounding_box()
        assert box is not None and header is not None
        assert header["height"] <= box["y"] < 400, box  # in sight below the header
    assert not calculator.errors, calculator.errors  # type: ignore[attr-defined]
    assert not gm.errors, gm.errors  # type: ignore[attr-defined]
    for page in (gm, calculator):
        page.context.close()


def shown_as_logged(page: Page, entry: Any) -> None:
    """The newest entry on ``page`` is ``entry`` of the log: its text, and each step's roll
    open to read."""
    shown = newest(page)
    expect(shown).to_have_attribute("data-seq", str(entry["seq"]), timeout=ANSWER_MS)
    expect(shown.locator('[data-field="text"]').first).to_have_text(entry["text"])
    steps = shown.locator('[data-field="answers"] > li [data-field="text"]')
    expect(steps).to_have_text([answer["text"] for answer in entry["answers"]])
    for step in steps.all():
        expect(step).to_be_visible()


def test_several_shifts_in_one_tap(browser: Any, base: str, tmp_path: Path) -> None:
    expedition = Expedition(base, mode="dungeon", supplies=3,
                            party=[{"name": "Eva", "max_hp": 10}])
    gm = expedition.gm_page(browser, Seeds())
    players = expedition.players_page(browser)
    shifts = gm.locator('[data-form="shifts"]')
    start = expedition.read()["log"][0]["seq"]

    # An hour in one tap: six shifts, each wandering check (every 2nd shift) shown as rolled.
    shifts.get_by_role("button", name="Hodina (6 směn)").click()
    expect(newest(gm)).to_have_attribute("data-seq", str(start + 1), timeout=ANSWER_MS)
    hour = expedition.read()["log"][0]
    assert hour["kind"] == "shift" and hour["input"]["count"] == 6
    assert [a["procedure"] for a in hour["answers"]][:1] == ["dungeon-turn"]
    shown_as_logged(gm, hour)
    shifts.scroll_into_view_if_needed()
    shot(gm, tmp_path, "5-shifts-control")
    newest(gm).scroll_into_view_if_needed()
    shot(gm, tmp_path, "5-shifts-hour")

    # The players see the entry, its dice folded as a single shift's are.
    expect(newest(players)).to_have_attribute("data-seq", str(start + 1), timeout=ANSWER_MS)
    expect(newest(players).locator('[data-field="text"]').first).to_have_text(hour["text"])
    expect(newest(players).locator("[data-answers]")).not_to_have_attribute("open", "")

    # As many as typed, bounded as the API bounds them: a day's at most.
    count = shifts.locator('[name="count"]')
    expect(count).to_have_attribute("min", "1")
    expect(count).to_have_attribute("max", str(SHIFTS_AT_ONCE_MAX))
    version = expedition.read()["version"]
    count.fill(str(SHIFTS_AT_ONCE_MAX + 1))
    shifts.get_by_role("button", name="Nechat uběhnout").click()
    assert count.evaluate("(input) => input.validity.rangeOverflow")
    assert expedition.read()["version"] == version  # nothing sent

    # The GM folds the hour's dice away; they stay folded as the log is drawn again.
    newest(gm).locator("[data-answers] > summary").click()
    count.fill("12")
    shifts.get_by_role("button", name="Nechat uběhnout").click()
    expect(newest(gm)).to_have_attribute("data-seq", str(start + 2), timeout=ANSWER_MS)
    twelve = expedition.read()["log"][0]
    assert twelve["input"] == {"count": 12, "noise": False}
    shown_as_logged(gm, twelve)
    expect(gm.locator(f'[data-seq="{start + 1}"] [data-answers]')).not_to_have_attribute("open", "")
    # A noise rolls the wandering monsters at once: the clock stands.
    clock = expedition.read()["state"]["clock"]
    gm.get_by_role("button", name="Hluk: hodit na putující monstra hned").click()
    expect(newest(gm)).to_have_attribute("data-seq", str(start + 3), timeout=ANSWER_MS)
    noise = expedition.read()
    assert noise["log"][0]["kind"] == "noise" and noise["state"]["clock"] == clock
    newest(gm).scroll_into_view_if_needed()
    shot(gm, tmp_path, "5-shifts-twelve")
    finished(gm, players)


def test_the_rest_and_the_encounter_take_every_input(browser: Any, base: str,
                                                     tmp_path: Path) -> None:
    expedition = Expedition(base, mode="dungeon", supplies=3,
                            party=[{"name": "Eva", "max_hp": 10}])
    gm = expedition.gm_page(browser, Seeds())
    rest = gm.locator('[data-panel="rest"]')
    more = rest.locator("details.rpg-more")

    # A rest sooner than the rules allow is refused, until the GM decides otherwise; the night
    # watch's inputs and the rarely used ones wait folded in "Více možností".
    gm.locator('[data-open="rest"]').click()
    expect(more).to_be_visible()
    expect(more).not_to_have_attribute("open", "")
    rest.get_by_role("button", name="Odpočívat").click()
    expect(gm.locator('[data-view="notice"]')).to_contain_text(
        "jednou za 8 hodin", timeout=ANSWER_MS)
    more.locator("summary").click()
    expect(rest.locator('[name="covered"]').first).to_be_hidden()  # the wilderness's only
    rest.get_by_label("PJ dovoluje odpočinek dřív").check()
    rest.get_by_label("Noční hlídka: hodit na setkání").uncheck()
    rest.scroll_into_view_if_needed()
    shot(gm, tmp_path, "6-rest-more")
    rest.get_by_role("button", name="Odpočívat").click()
    expect(newest(gm).locator('[data-field="title"]')).to_have_text(
        msg("expedition.rest.title").in_("cs"), timeout=ANSWER_MS)
    rested = expedition.read()["log"][0]
    assert rested["input"]["force"] is True and rested["input"]["night_check"] is False
    assert rested["input"]["night_chance"] == 1 and rested["input"]["covered"] == []
    assert msg("expedition.event.night-watch").in_("cs") not in rested["events"]

    # In the wilderness: what the party has already covered costs nothing; no rule to force.
    expedition.act("mode", mode="wilderness")
    expect(gm.locator('[data-field="mode_text"]')).to_have_text("divočina", timeout=ANSWER_MS)
    gm.locator('[data-open="rest"]').click()
    if more.get_attribute("open") is None:
        more.locator("summary").click()
    expect(rest.get_by_label("PJ dovoluje odpočinek dřív")).to_be_hidden()
    rest.locator('[name="covered"][value="food"]').check()
    rest.get_by_label("Šance na noční setkání (x z 6)").fill("2")
    rest.get_by_role("button", name="Odpočívat").click()
    expect(newest(gm)).to_have_attribute("data-seq", str(rested["seq"] + 2), timeout=ANSWER_MS)
    camp = expedition.read()["log"][0]
    assert camp["kind"] == "rest", camp
    assert camp["input"]["covered"] == ["food"] and camp["input"]["night_chance"] == 2
    assert camp["input"]["force"] is False

    # An encounter names the players' side and the other sides carrying light.
    encounter = gm.locator('[data-panel="encounter"]')
    gm.locator('[data-open="encounter"]').click()
    encounter.locator('[name="sides"]').fill("hráči, skřeti, vlci")
    encounter.locator("details.rpg-more summary").click()
    encounter.get_by_label("Strana hráčů").fill("hráči")
    encounter.get_by_label("Světlo nesou i strany (čárkami)").fill("skřeti")
    encounter.scroll_into_view_if_needed()
    shot(gm, tmp_path, "6-encounter-more")
    encounter.get_by_role("button", name="Hodit setkání").click()
    expect(newest(gm).locator('[data-field="title"]')).to_have_text(
        msg("expedition.encounter.title").in_("cs"), timeout=ANSWER_MS)
    met = expedition.read()["log"][0]
    assert met["input"]["players"] == "hráči" and met["input"]["light"] == ["skřeti"]
    finished(gm)


def test_a_character_and_a_death_save_take_every_input(browser: Any, base: str,
                                                       tmp_path: Path) -> None:
    expedition = Expedition(base, mode="dungeon", supplies=3)
    gm = expedition.gm_page(browser, Seeds())

    # A character joins wounded and tired: hp and fatigue folded under "Více možností".
    gm.locator("summary", has_text="Přidat postavu").click()
    add = gm.locator('[data-action="add-character"]')
    add.locator('[name="name"]').fill("Dan")
    add.locator('[name="max_hp"]').fill("7")
    add.locator("details.rpg-more summary").click()
    add.get_by_label("Životy teď (jinak maximum)").fill("1")
    add.get_by_label("Únava").fill("2")
    add.scroll_into_view_if_needed()
    shot(gm, tmp_path, "7-add-more")
    add.get_by_role("button", name="Přidat do družiny").click()
    dan = member(gm, "Dan")
    expect(dan.locator('[data-field="hp"]')).to_have_text("1", timeout=ANSWER_MS)
    expect(dan.locator('[data-field="fatigue"]')).to_have_text("2")
    sheet = next(m for m in expedition.read()["state"]["party"] if m["name"] == "Dan")
    assert (sheet["hp"], sheet["max_hp"], sheet["fatigue"]) == (1, 7, 2)

    # Dead: the death save rolls in one tap, or with its options under the card.
    expedition.act("damage", character="Dan", amount=1)
    options = dan.locator('[data-member="death-save-options"]')
    expect(options).to_be_visible(timeout=ANSWER_MS)
    options.click()
    panel = dan.locator('[data-panel="death-save"]')
    expect(panel).to_be_visible()
    expect(panel.locator('[data-field="character"]')).to_have_text("Dan")
    panel.get_by_label("Ale já chci žít").check()
    panel.get_by_label("Zemřela na jed").check()
    panel.get_by_label("Vyléčeno životů při nalezení").fill("2")
    expect(panel).to_be_in_viewport()  # opening it scrolled it there
    shot(gm, tmp_path, "7-death-save-options")
    panel.get_by_role("button", name="Hodit záchranu").click()
    expect(newest(gm).locator('[data-field="title"]')).to_have_text(
        msg("expedition.death-save.title").in_("cs"), timeout=ANSWER_MS)
    saved = expedition.read()["log"][0]
    assert saved["kind"] == "death-save"
    assert {key: saved["input"][key] for key in (
        "character", "give_up_skill_points", "poisoned", "body_destroyed", "destructive",
        "healed")} == {"character": "Dan", "give_up_skill_points": True, "poisoned": True,
                       "body_destroyed": False, "destructive": False, "healed": 2}
    expect(panel).to_be_hidden()
    newest(gm).scroll_into_view_if_needed()
    shot(gm, tmp_path, "7-death-save-rolled")
    finished(gm)


def test_what_comes_next_is_on_the_gms_page_and_not_the_players(browser: Any, base: str,
                                                                 tmp_path: Path) -> None:
    expedition = Expedition(base, mode="dungeon", supplies=3,
                            party=[{"name": "Eva", "max_hp": 10}],
                            effects=[{"name": "Pochodeň 1", "shifts": 6, "light": True}])
    gm = expedition.gm_page(browser, Seeds())
    players = expedition.players_page(browser)
    strip = gm.locator('[data-field="ahead"] > li')

    def seen() -> list[tuple[str, bool]]:
        return [(item.inner_text(), "is-warned" in (item.get_attribute("class") or ""))
                for item in strip.all()]

    # The strip is the API's, in its order, soonest first.
    expected = [(c["text"], c["warn"]) for c in expedition.read()["state"]["ahead"]]
    assert expected[0] == ("Kontrola putujících monster za 2 směny.", False)
    expect(strip).to_have_count(len(expected), timeout=ANSWER_MS)
    assert seen() == expected
    shot(gm, tmp_path, "6-ahead")
    # A shift later the check is one shift away and stands out.
    start = expedition.read()["log"][0]["seq"]
    gm.locator('[data-act="shift"]').click()
    expect(newest(gm)).to_have_attribute("data-seq", str(start + 1), timeout=ANSWER_MS)
    expect(strip.first).to_have_text("Kontrola putujících monster za 1 směnu.")
    expect(strip.first).to_have_class("rpg-ahead__item is-warned")
    assert seen() == [(c["text"], c["warn"]) for c in expedition.read()["state"]["ahead"]]
    shot(gm, tmp_path, "6-ahead-warned")
    # The players' page has no strip: their torch's time is in their lights.
    expect(newest(players)).to_have_attribute("data-seq", str(start + 1), timeout=ANSWER_MS)
    assert players.locator('[data-field="ahead"]').count() == 0
    expect(players.locator('[data-field="effects"] [data-field="left_text"]')).to_have_text(
        "zbývá 5 směn")
    finished(gm, players)


# PostgreSQL gives a stored object's members in another order than the answer did (below).
@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
def test_a_read_redraws_only_the_entries_it_changed(browser: Any, base: str) -> None:
    expedition = Expedition(base, mode="dungeon", supplies=3)
    for _ in range(3):
        expedition.act("shift")
    gm = expedition.gm_page(browser, Seeds())
    start = expedition.read()["log"][0]["seq"]
    expect(newest(gm)).to_have_attribute("data-seq", str(start), timeout=ANSWER_MS)
    # Each shown entry is marked as the element it is now.
    gm.evaluate("""() => document.querySelectorAll('[data-field="log"] > li')
                   .forEach((item) => { item.dataset.drawn = "before"; })""")
    older = gm.locator(f'[data-field="log"] > li[data-drawn="before"]:not([data-seq="{start}"])')
    count = older.count()
    assert count == start - 1
    # Another device keeps time: the page reads a new version. The older entries read the same
    # as before and stay the elements they were (dice opened by the reader stay open, a tap on
    # them lands); only the new one is drawn.
    expedition.act("shift")
    expect(newest(gm)).to_have_attribute("data-seq", str(start + 1), timeout=ANSWER_MS)
    assert newest(gm).get_attribute("data-drawn") is None
    expect(older).to_have_count(count)
    # An undo redraws the entry it marks; the rest stay as they were.
    gm.locator("[data-undo]").click()
    expect(newest(gm).locator('[data-field="title"]')).to_have_text(
        msg("expedition.undo.title").in_("cs"), timeout=ANSWER_MS)
    undone = gm.locator(f'[data-field="log"] > li[data-seq="{start + 1}"]')
    expect(undone).to_have_class("rpg-entry rpg-entry--undone", timeout=ANSWER_MS)
    assert undone.get_attribute("data-drawn") is None
    expect(older).to_have_count(count)
    # This device's own action: its entry, drawn from the action's answer, stays the element it
    # is when the next read brings the same entry from the database (PostgreSQL gives an
    # object's members in another order than the answer did).
    gm.evaluate("""() => {
        window.added = [];
        new MutationObserver((changes) => changes.forEach((change) => change.addedNodes
            .forEach((node) => node.dataset && window.added.push(node.dataset.seq))))
            .observe(document.querySelector('[data-field="log"]'), { childList: true });
    }""")
    own = start + 3
    with gm.expect_response(lambda response: response.request.method == "GET"
                            and response.status == 200 and response.headers.get(
                                "etag", "").startswith(f'W/"{own}.'), timeout=ANSWER_MS):
        gm.locator('[data-act="shift"]').click()
        expect(newest(gm)).to_have_attribute("data-seq", str(own), timeout=ANSWER_MS)
    gm.wait_for_timeout(300)  # the read, answered, is drawn
    assert gm.evaluate("window.added").count(str(own)) == 1
    finished(gm)


class Held:
    """The page's changes of the expedition (actions, undos) held back until the test lets each
    go (``release``): Playwright routes them here and they wait, answered only when released.
    Every one the page sends is kept, so none can slip through unseen."""

    def __init__(self, page: Page, expedition: Expedition) -> None:
        self.page = page
        self.routes: list[Any] = []  # playwright's Route
        prefix = f"**/api/v1/expeditions/{expedition.id}"
        for pattern in (f"{prefix}/actions/*", f"{prefix}/undo"):
            page.route(pattern, self.hold)

    def hold(self, route: Any) -> None:
        self.routes.append(route)

    def arrived(self, count: int) -> None:
        """Wait (bounded) until ``count`` requests are held."""
        for _ in range(200):
            if len(self.routes) >= count:
                return
            self.page.wait_for_timeout(50)
        raise AssertionError(f"{len(self.routes)} requests held, not {count}")

    @staticmethod
    def release(route: Any, **changed: Any) -> None:
        """Let ``route`` go on to the server (its body changed by ``changed``)."""
        if changed:
            route.fallback(post_data={**route.request.post_data_json, **changed})
        else:
            route.fallback()


def live(page: Page, selector: str) -> tuple[str, float]:
    """Whether ``selector`` takes a pointer, and how opaque it is drawn."""
    return (page.eval_on_selector(selector, "(element) => getComputedStyle(element).pointerEvents"),
            seen_opacity(page, selector))


def test_while_an_action_is_under_way_the_buttons_take_no_tap(browser: Any, base: str,
                                                              tmp_path: Path) -> None:
    expedition = Expedition(base, mode="dungeon", supplies=3,
                            party=[{"name": "Eva", "max_hp": 10}],
                            effects=[{"name": "Pochodeň 1", "shifts": 6, "light": True}])
    expedition.act("supplies", change=1)  # something the undo button names and takes back
    gm = expedition.gm_page(browser, Seeds())
    start = expedition.read()["version"]
    expect(newest(gm)).to_have_attribute("data-seq", str(start), timeout=ANSWER_MS)
    page = gm.locator('[data-expedition="gm"]')
    buttons = ('[data-act="shift"]', "[data-undo]", '[data-shifts="6"]',
               '[data-form="shifts"] [type="submit"]', '[data-open="rest"]')
    held = Held(gm, expedition)
    try:
        # A shift is tapped; its answer is held back.
        gm.locator('[data-act="shift"]').click()
        held.arrived(1)
        expect(page).to_contain_class("rpg-expedition--busy")
        expect(page).to_have_attribute("aria-busy", "true")
        for button in buttons:
            assert live(gm, button) == ("none", pytest.approx(0.6)), button
        shot(gm, tmp_path, "8-busy")
        # Taps on the other buttons: a finger (it falls through a button that takes none), a
        # tap that reaches the button anyway (a script's click, Enter in the form's field).
        gm.locator("[data-undo]").click(force=True)
        gm.locator('[data-shifts="6"]').click(force=True)
        gm.locator("[data-undo]").dispatch_event("click")
        gm.locator('[data-shifts="6"]').dispatch_event("click")
        gm.locator('[data-act="shift"]').dispatch_event("click")
        gm.locator('[data-form="shifts"] [name="count"]').press("Enter")
        expect(gm.locator('[data-panel="rest"]')).to_be_hidden()  # no panel opened either
        held.release(held.routes[0])
        expect(newest(gm)).to_have_attribute("data-seq", str(start + 1), timeout=ANSWER_MS)
        expect(page).not_to_contain_class("rpg-expedition--busy")
        expect(page).not_to_have_attribute("aria-busy", "true")
        assert len(held.routes) == 1, [route.request.url for route in held.routes]
        assert expedition.read()["version"] == start + 1
        for button in buttons:
            assert live(gm, button) == ("auto", 1.0), button
        # Live again: the undo takes a tap (held, then let go).
        gm.locator("[data-undo]").click()
        held.arrived(2)
        assert held.routes[1].request.url.endswith("/undo")
        expect(page).to_contain_class("rpg-expedition--busy")
        held.release(held.routes[1])
        expect(newest(gm).locator('[data-field="title"]')).to_have_text(
            msg("expedition.undo.title").in_("cs"), timeout=ANSWER_MS)
        expect(page).not_to_contain_class("rpg-expedition--busy")

        # Refused as stale (409): another device acted while the answer was held.
        gm.locator('[data-act="shift"]').click()
        held.arrived(3)
        expedition.act("supplies", change=1)
        held.release(held.routes[2])
        expect(gm.locator('[data-view="notice"]')).to_contain_text(
            "Mezitím zapsal něco jiný přístroj PJ", timeout=ANSWER_MS)
        expect(page).not_to_contain_class("rpg-expedition--busy")
        for button in buttons:
            assert live(gm, button) == ("auto", 1.0), button
        # Refused as invalid (422): the server refuses what the held request carries.
        version = expedition.read()["version"]
        expect(newest(gm)).to_have_attribute("data-seq", str(version), timeout=ANSWER_MS)
        gm.locator('[data-shifts="6"]').click()
        held.arrived(4)
        held.release(held.routes[3], count=0)
        expect(gm.locator('[data-view="notice"]')).to_have_text(
            f"Neplatný vstup. „Směn“: Musí být od 1 do {SHIFTS_AT_ONCE_MAX}.", timeout=ANSWER_MS)
        expect(page).not_to_contain_class("rpg-expedition--busy")
        assert expedition.read()["version"] == version
        shot(gm, tmp_path, "8-refused-released")
        # And the page acts again at the next tap.
        gm.locator('[data-act="shift"]').click()
        held.arrived(5)
        held.release(held.routes[4])
        expect(newest(gm)).to_have_attribute("data-seq", str(version + 1), timeout=ANSWER_MS)
        assert len(held.routes) == 5
    finally:
        gm.unroute_all(behavior="ignoreErrors")
    finished(gm)
