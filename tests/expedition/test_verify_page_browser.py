"""The verification page (``/vyprava/overeni/``) in Chromium at 390 px: a synthetic export file
verifies with the counts it was built with, each forged copy fails naming its entry, a link
that is not a players' link says so, the page verifies a file offline once visited, and an
expedition played through the API verifies from its players' link (on each kind of database)
with the counts of the verifier written from the published algorithm, and fails, naming the
entry, once a byte of it is changed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser import scrolls_sideways, serve
from tests.expedition import chain_verifier, synthetic_chain
from tests.expedition.conftest import STORY
from tests.expedition.live import api_get, api_post
from tests.expedition.phones import (
    VERIFY_PAGE,
    Expedition,
    counted,
    phone,
    verdict,
    verifying,
)

pytestmark = pytest.mark.browser

@pytest.fixture(scope="module")
def exports(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The synthetic export and its forged copies, as files."""
    folder = tmp_path_factory.mktemp("exports")
    exported, counts = synthetic_chain.build(60)
    files: dict[str, Any] = {"counts": counts, "clean": folder / "vyprava.json", "forged": []}
    files["clean"].write_text(json.dumps(exported, ensure_ascii=False), encoding="utf-8")
    for index, forged in enumerate(synthetic_chain.tampered(exported)):
        path = folder / f"forged-{index}.json"
        path.write_text(json.dumps(forged.export, ensure_ascii=False), encoding="utf-8")
        files["forged"].append((forged, path))
    return files


def test_a_synthetic_export_verifies_with_its_counts(browser, site_url, exports,
                                                      tmp_path) -> None:
    page = verifying(phone(browser), site_url)
    headline, lines = verdict(page, exports["clean"])
    assert headline == "Všechno sedí."
    assert lines == counted(exports["counts"])
    assert page.locator("[data-verdict]").get_attribute("data-ok") == "true"
    assert page.locator("[data-verdict] h2").inner_text() == "Syntetická výprava"
    assert not scrolls_sideways(page)
    page.screenshot(path=str(tmp_path / "verified.png"), full_page=True)
    assert page.errors == []  # type: ignore[attr-defined]
    page.context.close()


def test_each_forged_export_fails_naming_its_entry(browser, site_url, exports,
                                                   tmp_path) -> None:
    page = verifying(phone(browser), site_url)
    for forged, path in exports["forged"]:
        headline, lines = verdict(page, path)
        assert headline.startswith(f"Záznam č. {forged.seq} neprošel: "), (forged.name, headline)
        assert page.locator("[data-verdict]").get_attribute("data-ok") == "false"
        assert lines == [], forged.name
    # The last one, on a phone: the entry named, the reason whole.
    assert not scrolls_sideways(page)
    page.screenshot(path=str(tmp_path / "forged.png"), full_page=True)
    page.set_input_files("[data-form=file] input", files=[{
        "name": "nic.json", "mimeType": "application/json", "buffer": b"{not json"}])
    expect(page.locator('[data-state="bad-file"]')).to_be_visible()
    expect(page.locator("[data-verdict]")).to_be_hidden()
    assert page.errors == []  # type: ignore[attr-defined]
    page.context.close()


def test_replays_that_cannot_load_are_said_not_waited_for(browser, site_url, exports) -> None:
    # Opened online, then the replays' chunks cannot be fetched (offline, never kept): the page
    # says so instead of checking for ever.
    page = verifying(phone(browser), site_url)
    page.route("**/javascripts/calculators/chunk-*", lambda route: route.abort())
    page.set_input_files("[data-form=file] input", str(exports["clean"]))
    expect(page.locator('[data-state="broken"]')).to_be_visible()
    expect(page.locator("[data-verdict]")).to_be_hidden()
    page.context.close()


def test_a_link_that_is_no_players_link_says_so(browser, site_url) -> None:
    page = verifying(phone(browser), site_url)
    for pasted in ("https://example.org/vyprava/hraci/#kratke", "nesmysl"):
        page.fill("[data-form=link] input", pasted)
        page.click("[data-form=link] button")
        expect(page.locator('[data-state="bad-link"]')).to_be_visible()
        page.evaluate("document.querySelector('[data-state=\"bad-link\"]').hidden = true")
    page.context.close()


def test_the_page_verifies_a_file_offline_once_visited(browser, built_site, exports) -> None:
    worker = ("async () => { await navigator.serviceWorker.ready; if (!navigator.serviceWorker"
              ".controller) await new Promise((resolve) => navigator.serviceWorker"
              ".addEventListener('controllerchange', resolve)); return true; }")
    page = phone(browser, service_workers="allow")
    with serve(built_site) as url:
        verifying(page, url)
        assert page.evaluate(worker)
    # The server is gone and the browser offline: the page, its script and the replays'
    # chunks come from the offline copy.
    page.context.set_offline(True)
    page.reload()
    page.wait_for_selector("[data-verify][data-ready]", state="attached")
    headline, lines = verdict(page, exports["clean"])
    assert headline == "Všechno sedí."
    assert lines == counted(exports["counts"])
    page.context.close()


def played(url: str) -> Expedition:
    """An expedition played through the API: drawn, given-seed and table dice, a secret roll,
    the first epoch's key and the secret roll revealed, then a drawn roll of the second epoch
    (waiting for its key) and a secret roll never revealed."""
    expedition = Expedition(url, **STORY)
    expedition.act("shift")
    expedition.act("shift", seed=2)
    expedition.act("encounter", sides=["hráči", "goblini"],
                   creatures=[{"name": "vlk", "hp": 5, "morale": 7}])
    expedition.act("attack", dice=[15, 4], attacker="Eva", target="vlk",
                   attack={"ac": 11, "damage": "1d6"})
    expedition.act("morale", hidden=True, group="goblini")
    secret = expedition.read()["log"][0]["seq"]
    for what, body in (("reveal-key", {}), ("reveal-entry", {"entry": secret})):
        api_post(url, f"api/v1/expeditions/{expedition.id}/{what}",
                 {"version": expedition.read()["version"], **body}, expedition.gm_token)
    # Drawn dice decide what follows: these two are open whatever they came to.
    expedition.act("skill-check", character="Eva")
    expedition.act("skill-check", hidden=True, character="Ota")
    return expedition


def test_a_played_expedition_verifies_from_the_players_link(
        browser: Any, base: str, tmp_path: Path) -> None:
    expedition = played(base)
    exported = api_get(base, f"api/v1/expeditions/{expedition.id}/export",
                       expedition.players_token)
    # What the verifier written from the published algorithm alone counts.
    report = chain_verifier.verify(exported)
    assert report.ok and min(report.verified, report.physical, report.given_seed,
                             report.hidden, report.waiting) > 0
    counts = synthetic_chain.Counts(
        entries=len(exported["log"]), drawn=report.verified, physical=report.physical,
        seeded=report.given_seed, hidden=report.hidden, waiting=report.waiting)
    page = verifying(phone(browser), base)
    page.fill("[data-form=link] input",
              f"{base}vyprava/hraci/#{expedition.id}.{expedition.players_token}")
    page.click("[data-form=link] button")
    shown = page.locator("[data-verdict]")
    expect(shown).to_be_visible()
    assert shown.locator("[data-field=headline]").inner_text() == "Všechno sedí."
    assert shown.locator("[data-field=counts] li").all_inner_texts() == counted(counts)
    assert not scrolls_sideways(page)
    page.screenshot(path=str(tmp_path / "played.png"), full_page=True)
    # The same export with one byte of one entry changed, as a file: that entry is named.
    spoiled = exported["log"][3]
    spoiled["text"] = spoiled["text"].replace(" ", "  ", 1)
    file = tmp_path / "spoiled.json"
    file.write_text(json.dumps(exported, ensure_ascii=False), encoding="utf-8")
    headline, lines = verdict(page, file)
    assert headline == ("Záznam č. 4 neprošel: jeho otisk (hash) nesedí, takže on nebo některý "
                        "záznam před ním byl změněn.")
    assert lines == []
    page.screenshot(path=str(tmp_path / "spoiled.png"), full_page=True)
    # A link whose token is not the expedition's: the server's refusal, in its words.
    page.fill("[data-form=link] input", f"{base}vyprava/hraci/#{expedition.id}.{'x' * 32}")
    page.click("[data-form=link] button")
    expect(page.locator('[data-state="refused"]')).to_be_visible()
    assert page.locator('[data-state="refused"] [data-detail]').inner_text()
    assert page.errors == []  # type: ignore[attr-defined]
    # The page opened with the key in its address checks at once, and takes the key out of it.
    page.goto(f"{base}{VERIFY_PAGE}#{expedition.id}.{expedition.players_token}")
    expect(page.locator('[data-verdict][data-ok="true"]')).to_be_visible()
    assert expedition.players_token not in page.url
    page.context.close()
