"""The verification page (``/vyprava/overeni/``) in Chromium at 390 px: a synthetic export file
verifies with the counts it was built with, each forged copy fails naming its entry, a link
that is not a players' link says so, and the page verifies a file offline once visited."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from rpg.core.catalog import msg
from rulesite import verify
from tests.browser import PHONE, scrolls_sideways, serve
from tests.expedition import synthetic_chain

pytestmark = pytest.mark.browser

PAGE = "vyprava/overeni/"
#: The counts in the order the page lists them (the rolls without a calculator only if some).
SHOWN = ("entries", "drawn", "physical", "seeded", "hidden", "waiting", "mismatches")


def counted(counts: synthetic_chain.Counts) -> list[str]:
    """The page's lines for ``counts``, as the engine's catalog words them."""
    assert verify.MESSAGES  # the page's words are in the catalog
    return [msg(f"verify.{name}", n=getattr(counts, name)).in_("cs") for name in SHOWN]


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


def phone(browser: Any, **options: Any) -> Page:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True,
                                  locale="cs-CZ", **options)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors  # type: ignore[attr-defined]
    return page


def opened(page: Page, url: str) -> Page:
    page.goto(url + PAGE)
    page.wait_for_selector("[data-verify][data-ready]", state="attached")
    return page


def verdict(page: Page, file: Path) -> tuple[str, list[str]]:
    page.set_input_files("[data-form=file] input", str(file))
    shown = page.locator("[data-verdict]")
    expect(shown).to_be_visible()
    return (shown.locator("[data-field=headline]").inner_text(),
            shown.locator("[data-field=counts] li").all_inner_texts())


def test_a_synthetic_export_verifies_with_its_counts(browser, site_url, exports,
                                                      tmp_path) -> None:
    page = opened(phone(browser, service_workers="block"), site_url)
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
    page = opened(phone(browser, service_workers="block"), site_url)
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


def test_a_link_that_is_no_players_link_says_so(browser, site_url) -> None:
    page = opened(phone(browser, service_workers="block"), site_url)
    page.fill("[data-form=link] input", "https://example.org/vyprava/hraci/#kratke")
    page.click("[data-form=link] button")
    expect(page.locator('[data-state="bad-link"]')).to_be_visible()
    page.context.close()


def test_the_page_verifies_a_file_offline_once_visited(browser, built_site, exports) -> None:
    worker = ("async () => { await navigator.serviceWorker.ready; if (!navigator.serviceWorker"
              ".controller) await new Promise((resolve) => navigator.serviceWorker"
              ".addEventListener('controllerchange', resolve)); return true; }")
    page = phone(browser)
    with serve(built_site) as url:
        opened(page, url)
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
