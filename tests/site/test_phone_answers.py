"""An answer opened on a phone (a card, the sentence alone, the index of procedures) reads at
normal size: a page with a viewport, text as large as the phone's own, nothing wider than it."""

from __future__ import annotations

import pytest

from tests.browser import PHONE, screenshots, scrolls_sideways


def _phone(browser):
    return browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="cs-CZ")


@pytest.mark.parametrize("path", [
    "/api/v1/morale?morale=7&seed=3&format=html",
    "/api/v1/encounter?seed=3&format=html",
    "/api/v1/morale?morale=7&seed=3&format=text",
    "/api/v1/morale?morale=70&format=html",
    "/api/v1/?format=html",
])
def test_an_answer_opened_on_a_phone_reads_at_normal_size(
    browser, api_url, path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    context = _phone(browser)
    page = context.new_page()
    errors: list[str] = []
    # A style or script the page's policy refused would show here (not the page's own 4xx).
    page.on("console", lambda m: errors.append(m.text)
            if m.type == "error" and "Content Security Policy" in m.text else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(api_url + path)
    size = page.evaluate("parseFloat(getComputedStyle(document.body).fontSize)")
    assert size >= 16, size  # a phone's own size, not a desktop page shrunk to fit
    assert not scrolls_sideways(page)
    assert page.evaluate("document.querySelector('meta[name=viewport]') !== null")
    assert not errors  # no style or script refused by the page's policy
    shots = screenshots(tmp_path_factory, "shots")
    name = path.split("?")[0].strip("/").replace("/", "-") + "-" + path.rsplit("=", 1)[-1]
    page.screenshot(path=str(shots / f"phone-{name}.png"), full_page=True)
    context.close()


def test_the_index_examples_are_tappable_cards(browser, api_url) -> None:
    context = _phone(browser)
    page = context.new_page()
    page.goto(api_url + "/api/v1/?format=html")
    links = page.locator("a.rpg-try")
    assert links.count() >= 40
    height = links.first.bounding_box()["height"]
    assert height >= 30, height  # a thumb can hit it
    links.first.click()
    page.wait_for_selector(".rpg-result")
    assert page.locator(".rpg-title").inner_text() == "Hod kostkami"
    context.close()
