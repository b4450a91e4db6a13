"""The built site in Debian's Chromium: search without diacritics, phone width, offline."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from tests.browser import PHONE, scrolls_sideways, serve

pytestmark = pytest.mark.browser


def _new_page(browser, **options):
    """A page in a fresh context; without the service worker, which only the offline test needs."""
    context = browser.new_context(service_workers="block", **options)
    return context.new_page()


def _search(page, query: str) -> list[str]:
    """Put a query into the site's search as a reader pastes it (then a key, which sends it);
    the titles of the results, best first. Typed letter by letter, each beginning is a query
    too, answered in order before the whole one: a check could read the results of "pad z vy"
    (test_search_answers_odd_huge_and_hurried_queries checks that the last answer is last)."""
    field = page.locator("input.md-search__input")
    field.click()
    field.fill(query)
    field.press("End")
    page.wait_for_function(
        "() => /\\d/.test(document.querySelector('.md-search-result__meta').textContent)"
    )
    return page.locator(".md-search-result__item h1, .md-search-result__item h2").all_inner_texts()


@pytest.mark.parametrize("query", ["pad z vysky", "Pád z výšky", "PAD Z VYSKY"])
def test_search_finds_rules_with_or_without_diacritics(browser, site_url, query):
    page = _new_page(browser, viewport={"width": 1280, "height": 900})
    page.goto(site_url)
    titles = _search(page, query)
    assert "Pád z výšky" in titles[:2], titles
    with page.expect_navigation():
        page.locator(".md-search-result__link", has_text="Pád z výšky").first.click()
    url = urlsplit(page.url)
    assert (url.path, url.fragment) == ("/pravidla/nebezpeci-a-nastrahy/", "pad-z-vysky")
    page.context.close()


def test_search_builds_its_index_at_the_first_query_not_when_a_page_loads(browser, site_url):
    # Material's worker builds lunr's index of the whole site as every page loads; the site's
    # worker (docs/javascripts/search-worker.js) has it wait for the first query.
    page = _new_page(browser, viewport=PHONE, is_mobile=True, has_touch=True)
    page.goto(site_url + "pravidla/unava/")
    page.click("label.md-header__button[for=__search]")  # the phone's search button
    # Ready (the invitation to type replaced "initializing"), the empty query answered...
    expect(page.locator(".md-search-result__meta")).to_have_text("Napiš, co hledáš")
    (worker,) = [w for w in page.workers if w.url.endswith("/search-on-demand.js")]
    assert worker.evaluate("typeof built") == "undefined"  # ...and no index built
    page.keyboard.type("unava")
    # Each beginning typed ("u", "un"…) is answered too, in order: wait for the rule's title.
    titles = page.locator(".md-search-result__item h1, .md-search-result__item h2")
    expect(titles.filter(has_text=re.compile(r"^Únava$")).first).to_be_visible()
    assert worker.evaluate("typeof built") == "object"
    page.context.close()


#: A query as Material reads it: the input's value, on a key's release.
QUERY = """(query) => { const input = document.querySelector('input.md-search__input');
    input.value = query; input.dispatchEvent(new KeyboardEvent('keyup', {bubbles: true})); }"""
FOUND = re.compile(r"Nalezeno: \d+")


def test_search_answers_odd_huge_and_hurried_queries(browser, site_url):
    # The first query builds the index (docs/javascripts/search-worker.js): a lone surrogate, NUL,
    # a right-to-left mark and 100 000 letters are answered like any query that finds nothing,
    # and queries typed while the index is built are answered in order, the last one last.
    page = _new_page(browser, viewport=PHONE, is_mobile=True, has_touch=True)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    meta = page.locator(".md-search-result__meta")
    page.goto(site_url + "pravidla/unava/")
    page.click("label.md-header__button[for=__search]")
    for odd in ["\ud800", "\u0000", "\u202eunava", "a" * 100_000]:
        page.evaluate(QUERY, odd)
        expect(meta).to_have_text("Nic nenalezeno")
        page.evaluate(QUERY, "unava")  # each odd query's answer is a change seen afresh
        expect(meta).to_have_text(FOUND)
    page.goto(site_url + "pravidla/souboje/")  # a new page: its index not built yet
    page.click("label.md-header__button[for=__search]")
    for hurried in [f"qx{n}" for n in range(10)] + ["pad z vysky"]:
        page.evaluate(QUERY, hurried)
    expect(meta).to_have_text(FOUND)  # only the last query finds anything
    titles = page.locator(".md-search-result__item h1, .md-search-result__item h2")
    assert "Pád z výšky" in titles.all_inner_texts()[:3]
    assert errors == []
    page.context.close()


CALCULATORS_READY = """() => [...document.querySelectorAll('[data-procedure]')]
    .every((root) => root.hasAttribute('data-ready'))"""


def test_no_sideways_scroll_at_phone_width(browser, site_url, pages):
    page = _new_page(browser, viewport=PHONE, is_mobile=True, has_touch=True)
    too_wide = {}
    for path in sorted(pages):
        # The 404 page, assets and the Swagger UI document framed by the API page are no pages
        # one reads on a phone by themselves.
        if path == "/404.html" or path.startswith("/assets/") or "/swagger-" in path:
            continue
        page.goto(site_url + path.lstrip("/"), wait_until="load")
        page.wait_for_function(CALCULATORS_READY)  # what they render counts too
        if scrolls_sideways(page):
            too_wide[path] = page.evaluate("document.scrollingElement.scrollWidth")
    page.context.close()
    assert not too_wide, f"pages scrolling sideways at 390 px: {too_wide}"


def test_wide_tables_scroll_in_their_own_container(browser, site_url):
    page = _new_page(browser, viewport=PHONE, is_mobile=True, has_touch=True)
    page.goto(site_url + "dobyvani-soustav/pravidla-hry/", wait_until="load")
    page.wait_for_function(CALCULATORS_READY)
    wrap = page.locator(".md-typeset__scrollwrap").last
    assert wrap.evaluate("el => el.scrollWidth > el.clientWidth"), "unit table fits: not wide?"
    assert not scrolls_sideways(page)
    page.context.close()


WAIT_FOR_WORKER = """async () => {
    const registration = await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) =>
            navigator.serviceWorker.addEventListener("controllerchange", resolve));
    }
    return registration.scope;
}"""


def test_site_works_offline_after_first_visit(browser, site_dir):
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    with serve(site_dir) as url:
        page.goto(url + "pravidla/unava/")
        assert page.evaluate(WAIT_FOR_WORKER) == url
        # The API is never cached: its answers are fresh dice rolls.
        page.evaluate("fetch('/api/v1/roll?expr=1d6').catch(() => null)")
        cached_api = page.evaluate("caches.match('/api/v1/roll?expr=1d6').then(Boolean)")
        assert not cached_api
    # The server is gone and the browser is offline: everything comes from the worker's cache.
    context.set_offline(True)
    page.reload()
    assert page.locator("h1").first.inner_text().startswith("Únava")
    page.goto(url + "pravidla/nebezpeci-a-nastrahy/#pad-z-vysky")
    assert page.locator("#pad-z-vysky").is_visible()
    api_offline = page.evaluate(
        "fetch('/api/v1/roll?expr=1d6').then(() => 'answered', () => 'failed')"
    )
    assert api_offline == "failed"
    context.close()


def test_site_is_installable(browser, site_url):
    page = _new_page(browser)
    page.goto(site_url + "pravidla/souboje/")
    manifest_url = page.locator('link[rel="manifest"]').get_attribute("href")
    manifest = page.evaluate(
        "href => fetch(new URL(href, location.href)).then((r) => r.json())", manifest_url
    )
    assert manifest["display"] == "standalone"
    assert manifest["lang"] == "cs"
    assert {icon["sizes"] for icon in manifest["icons"]} >= {"192x192", "512x512"}
    page.context.close()


def test_the_reference_frame_may_call_the_page_before_the_page_can_answer(browser, site_url):
    # The frame reports its height to the page; the page's own answer to that call comes at the
    # end of its body, so a frame that loads first is answered by the head's stand-in, which
    # hands the call on once the answer is there.
    page = _new_page(browser)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(site_url + "nastroje/api/")
    # The page's own answer is kept, and the test's listener hands every call on to it, so the
    # frame still gets its height however late Swagger UI draws (a busy machine draws late).
    page.evaluate("""() => {
      window.pageAnswer = window.update_swagger_ui_iframe_height;
      window.update_swagger_ui_iframe_height = undefined;
    }""")
    heard = page.evaluate(
        """() => {
          window.update_swagger_ui_iframe_height("early-a");
          window.update_swagger_ui_iframe_height("early-b");
          window.update_swagger_ui_iframe_height("early-a");
          const heard = [];
          window.update_swagger_ui_iframe_height = (id) => {
            heard.push(id);
            window.pageAnswer(id);
          };
          window.update_swagger_ui_iframe_height("late");
          return heard;
        }""")
    # (the frame itself may call in between: it is handed on too)
    assert [id for id in heard if id.startswith(("early", "late"))] == [
        "early-a", "early-b", "late"]
    # And on the page as built, the frame got its height from the page's own answer.
    frame = page.locator("iframe.swagger-ui-iframe")
    expect(frame).to_have_attribute("height", re.compile(r"^\d{3,}px$"))
    assert not errors, errors
    page.context.close()
