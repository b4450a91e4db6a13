"""What the expedition's browser tests share: phones (390 px) that open its pages, an
expedition made through the API for a page to show, the checks every page ends with, and what
the GM's page is used with: its dice panel, a character's link, an entry's buttons, the
catalog's Czech words."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from playwright.sync_api import Locator, Page, Route, expect

from rpg.core.catalog import msg
from rpg.expedition.actions import actions
from rulesite import verify
from tests.browser import PATIENCE_MS, PHONE, scrolls_sideways
from tests.expedition.live import api_get, api_post

if TYPE_CHECKING:  # importing it imports the golden vectors, which import the test modules
    from tests.expedition import synthetic_chain

#: How long the GM's page may take to show the answer of its action, and the players' page to
#: show it too: a bound against a hang, not a speed (on a loaded machine a round trip to
#: 127.0.0.1 took over 10 s). How soon the players see an action is measured by
#: ``bench/followers.py`` (its "seen by a follower" p50/p99), where load is what it measures.
ANSWER_MS = LIVE_MS = PATIENCE_MS


class Seeds:
    """Adds the next seed of a fixed sequence to every action that rolls a page posts."""

    ROLLING = frozenset(kind for kind, declared in actions().items() if declared.rolls)

    def __init__(self) -> None:
        self.next = 1

    def add(self, route: Route) -> None:
        request = route.request
        kind = request.url.split("?")[0].rsplit("/actions/", 1)[-1]
        if request.method != "POST" or kind not in self.ROLLING:
            route.fallback()
            return
        body = json.loads(request.post_data or "{}")
        body.setdefault("seed", self.next)
        self.next += 1
        route.fallback(post_data=json.dumps(body))


def phone(browser: Any, seeds: Seeds | None = None, **options: Any) -> Page:
    """A Czech phone's page (no service worker unless ``options`` allow one), its errors kept
    in ``errors``; the actions it posts seeded by ``seeds``."""
    context = browser.new_context(**{
        "viewport": PHONE, "is_mobile": True, "has_touch": True, "locale": "cs-CZ",
        "service_workers": "block", "accept_downloads": True, **options})
    page = context.new_page()
    if seeds is not None:
        page.route(lambda url: "/api/v1/expeditions/" in url, seeds.add)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors  # type: ignore[attr-defined]
    return page


def newest(page: Page) -> Any:
    return page.locator('[data-field="log"] > li').first


def member(page: Page, name: str) -> Any:
    return page.locator(f'.rpg-member[data-name="{name}"]')


class Expedition:
    """An expedition made through the API of the app at ``base``."""

    def __init__(self, base: str, **inputs: Any) -> None:
        self.base = base
        self.created = api_post(base, "api/v1/expeditions", {"name": "Pláně", **inputs})
        self.id = self.created["id"]
        self.gm_token = self.created["links"]["gm_token"]
        self.players_token = self.created["links"]["players_token"]

    def read(self) -> Any:
        return api_get(self.base, f"api/v1/expeditions/{self.id}?entries=100", self.gm_token)

    def act(self, kind: str, **inputs: Any) -> Any:
        """``kind`` done on the version the server has now (the page may have acted since)."""
        version = self.read()["version"]
        return api_post(self.base, f"api/v1/expeditions/{self.id}/actions/{kind}",
                        {"version": version, **inputs}, self.gm_token)

    def gm_page(self, browser: Any, seeds: Seeds | None = None) -> Page:
        return self.opened(browser, "vyprava/", self.gm_token, seeds)

    def players_page(self, browser: Any) -> Page:
        return self.opened(browser, "vyprava/hraci/", self.players_token)

    def opened(self, browser: Any, path: str, token: str, seeds: Seeds | None = None) -> Page:
        """A phone showing the page ``path`` opened by its link with ``token`` (its rolls
        seeded by ``seeds``, if given)."""
        page = phone(browser, seeds)
        page.goto(f"{self.base}{path}#{self.id}.{token}")
        expect(page.locator('h2[data-field="name"]')).to_have_text(
            self.created["state"]["name"], timeout=ANSWER_MS)
        return page


def shot(page: Page, folder: Path, name: str) -> None:
    """The page as the phone shows it now, for a person to look at."""
    page.screenshot(path=str(folder / f"{name}.png"))


def finished(*pages: Page) -> None:
    """Each page ends with no sideways scroll and no script error, and closes."""
    for page in pages:
        assert not scrolls_sideways(page), page.url
        assert not page.errors, page.errors  # type: ignore[attr-defined]
        page.context.close()


def dice_panel(gm: Page) -> Locator:
    """The panel that asks for the table's dice."""
    return gm.locator("dialog[data-dice]")


def asked(gm: Page) -> tuple[int, int, str]:
    """The die the open dice panel asks for: its number, its faces and what it is for."""
    expect(dice_panel(gm)).to_be_visible(timeout=ANSWER_MS)
    next_die = dice_panel(gm).locator(".rpg-dice__next")
    return (int(next_die.locator('[data-field="pos"]').inner_text()),
            int(next_die.locator('[data-field="faces"]').inner_text()),
            next_die.locator('[data-field="die"]').inner_text())


def type_die(gm: Page, value: int) -> None:
    """The die the panel asks for, written as rolled at the table."""
    panel = dice_panel(gm)
    panel.locator('[name="die"]').fill(str(value))
    panel.get_by_role("button", name="Zapsat kostku").click()


#: Eva's save on her sheet: her saving throw needs 12 or more.
PARTY = [{"name": "Eva", "max_hp": 10, "save": 12}, {"name": "Ota", "max_hp": 8}]


def said(key: str, **params: Any) -> str:
    """The catalog's Czech for ``key``."""
    return msg(key, **params).in_("cs")


def entry(page: Page, seq: int) -> Any:
    """The log's entry ``seq`` on the page."""
    return page.locator(f'[data-field="log"] > li[data-seq="{seq}"]')


def issue_link(gm: Page, character: str) -> str:
    """The link of ``character`` the GM's page issues (opening its panel if closed)."""
    panel = gm.locator("[data-character-links]")
    if panel.get_attribute("open") is None:
        panel.locator("summary").click()
    panel.locator('[name="character"]').select_option(character)
    panel.locator('button[type="submit"]').click()
    shown = panel.locator('[data-field="character_link"]')
    expect(shown).to_have_value(re.compile("#"), timeout=ANSWER_MS)
    return shown.input_value()


#: The GM page's dialogs that ask before what cannot be taken back (``confirmFirst`` in
#: ``gm.js``), each with the browser test that opens it through ``asks_first``; the page's list
#: is pinned to this one (``test_expedition_gm_page_inputs.py``).
ASKS_FIRST = {
    "remove-character": "test_expedition_browser.py, the story on two phones",
    "reveal-entry": "tapped_on_entry, from test_expedition_table_rolls_browser.py and others",
    "reveal-key": "test_expedition_table_rolls_browser.py, the chain's panel",
    "revoke-link": "test_expedition_table_rolls_browser.py, a character's link",
    "rotate-players": "test_expedition_gm_page_browser.py, the players' link",
}

#: Taps the button, then reads the dialog it opened and the dialog's confirming button, all in
#: the tap's own task.
_TAP_AND_READ = """(button, name) => {
    button.click();
    const dialog = document.querySelector(`[data-confirm="${name}"]`);
    return [dialog.open, dialog.querySelector("[data-confirmed]").disabled];
}"""


def asks_first(gm: Page, tap: Locator, name: str) -> Locator:
    """Tap ``tap`` and return the dialog ``name`` it opens, whose confirming button is not live
    yet as it opens (a double tap's second tap cannot confirm). The button is read in the tap's
    own task: read from here after the tap, it may come past the page's moment on a loaded
    machine (a CI run saw it live)."""
    assert name in ASKS_FIRST, name
    expect(tap).to_be_visible(timeout=ANSWER_MS)
    assert tap.evaluate(_TAP_AND_READ, name) == [True, True], f"{name}: open, not live yet"
    dialog = gm.locator(f'[data-confirm="{name}"]')
    expect(dialog).to_be_visible()
    return dialog


#: The entry each button of an entry writes: its title.
WRITES = {"reveal-entry": "expedition.reveal-entry.title", "apply": "expedition.apply.title"}


def tapped_on_entry(gm: Page, seq: int, button: str, screenshot: Path) -> None:
    """Tap ``button`` ("apply", "reveal-entry": after asking) on the entry ``seq``, the only
    such button shown (a screenshot first); the entry it writes is the newest, and no such
    button is left."""
    tapped = entry(gm, seq).locator(f"[data-{button}]")
    expect(tapped).to_be_visible(timeout=ANSWER_MS)
    expect(gm.locator(f"[data-{button}]:visible")).to_have_count(1)
    tapped.scroll_into_view_if_needed()
    gm.screenshot(path=str(screenshot))
    if button == "reveal-entry":
        asks = asks_first(gm, tapped, button)
        expect(asks).to_contain_text(f"Odhalit skrytý hod (záznam č. {seq})?")
        gm.screenshot(path=str(screenshot.with_stem(f"{screenshot.stem}-asks")))
        asks.locator("[data-confirmed]").click()
    else:
        tapped.click()
    expect(newest(gm).locator('[data-field="title"]')).to_have_text(said(WRITES[button]),
                                                                     timeout=ANSWER_MS)
    expect(gm.locator(f"[data-{button}]:visible")).to_have_count(0)


#: The page that verifies an export or a players' link.
VERIFY_PAGE = "vyprava/overeni/"
#: The counts in the order the page lists them (the rolls without a calculator only if some).
SHOWN = ("entries", "drawn", "physical", "seeded", "hidden", "waiting", "mismatches")


def counted(counts: synthetic_chain.Counts) -> list[str]:
    """The verification page's lines for ``counts``, as the engine's catalog words them."""
    assert verify.MESSAGES  # the page's words are in the catalog
    return [msg(f"verify.{name}", n=getattr(counts, name)).in_("cs") for name in SHOWN]


def verifying(page: Page, url: str) -> Page:
    """``page`` on the verification page of the site at ``url``, ready for a file."""
    page.goto(url + VERIFY_PAGE)
    page.wait_for_selector("[data-verify][data-ready]", state="attached")
    return page


def verdict(page: Page, file: Path) -> tuple[str, list[str]]:
    """The verification page's headline and counts for the export ``file``."""
    page.set_input_files("[data-form=file] input", str(file))
    shown = page.locator("[data-verdict]")
    expect(shown).to_be_visible()
    return (shown.locator("[data-field=headline]").inner_text(),
            shown.locator("[data-field=counts] li").all_inner_texts())
