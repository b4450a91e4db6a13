"""The VTT page's snippets, run as they stand on the page, in Chromium, from another origin.

A real API server (the app, on a free loopback port) and a second origin (another port) standing
for the VTT: Foundry's macro runs there against stand-ins of Foundry's own objects
(``DialogV2.prompt`` fills the dialog's form and presses OK, ``ChatMessage.create`` puts the card
into a chat list), the seed snippet replays a roll from the seed it was given, and the Owlbear
extension opens its modal through a stand-in of the SDK. Every request crosses origins, as in a
VTT: CORS must let it through.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.browser import PHONE, ROOT, serve

SNIPPETS = ROOT / "docs" / "nastroje" / "ukazky"
#: The server address the snippets are written with, replaced by the test server's.
DOCUMENTED = "http://127.0.0.1:8000"

#: Stand-ins of what a Foundry macro finds in the page.
FOUNDRY = """
window.chat = [];
window.foundry = { applications: { api: { DialogV2: { async prompt(config) {
  const form = document.createElement("form");
  form.innerHTML = config.content;
  document.body.append(form);
  const button = document.createElement("button");
  form.append(button);
  window.dialogTitle = config.window.title;
  return config.ok.callback(new Event("submit"), button);
} } } } };
window.ChatMessage = {
  getSpeaker: () => ({ alias: "PJ" }),
  async create(data) { chat.push(data); document.body.insertAdjacentHTML("beforeend",
    `<li class="chat">${data.content}</li>`); },
};
"""


@pytest.fixture(scope="module")
def vtt_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Another origin: a blank page, and a stand-in of the Owlbear SDK."""
    folder = tmp_path_factory.mktemp("vtt")
    (folder / "index.html").write_text("<!doctype html><meta charset=utf-8><title>VTT</title>"
                                       "<button id=souboje>Souboje</button>", encoding="utf-8")
    (folder / "obr.js").write_text(
        "export default { opened: [], onReady(f) { f(); window.obrReady = true; },"
        " modal: { open(options) { window.opened = options; } } };", encoding="utf-8")
    with serve(folder) as url:
        yield url


def snippet(name: str, api_url: str) -> str:
    """A snippet of the VTT page, pointed at the test server."""
    source = (SNIPPETS / name).read_text(encoding="utf-8")
    assert DOCUMENTED in source, f"{name} no longer names {DOCUMENTED}"
    return source.replace(DOCUMENTED, api_url)


def _page(browser, url: str, locale: str = "cs-CZ"):
    # A Czech GM's browser: its Accept-Language picks the answers' language.
    context = browser.new_context(viewport=PHONE, locale=locale)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(url)
    return page, errors


def run_macro(page, source: str) -> None:
    """Run ``source`` as Foundry runs a script macro: the body of an async function."""
    page.evaluate(f"async () => {{ {source}\n }}")


def test_the_foundry_macro_posts_a_card_from_another_origin(browser, api_url, vtt_url) -> None:
    page, errors = _page(browser, vtt_url)
    assert page.evaluate("location.origin") != api_url  # the macro crosses origins
    page.evaluate(FOUNDRY)
    run_macro(page, snippet("foundry-morale.js", api_url))
    card = page.locator("li.chat .rpg-result")
    card.wait_for()
    assert page.evaluate("dialogTitle") == "Morálka"
    assert page.evaluate("chat[0].speaker.alias") == "PJ"
    assert card.locator(".rpg-title").inner_text() == "Ověření morálky"
    assert card.locator(".rpg-text").inner_text().startswith("Morálka 7: 2d6 = ")
    assert card.locator(".rpg-chance").inner_text().startswith("Šance, že drží: 58,3")
    assert card.locator(".rpg-rule a").get_attribute("href").startswith(api_url + "/pravidla/")
    assert not errors
    page.context.close()


def test_the_foundry_macro_posts_an_error_as_a_card_too(browser, api_url, vtt_url) -> None:
    page, errors = _page(browser, vtt_url)
    page.evaluate(FOUNDRY.replace("return config.ok.callback", "form.elements.morale.value = "
                                  "'13'; return config.ok.callback"))
    run_macro(page, snippet("foundry-morale.js", api_url))
    card = page.locator("li.chat .rpg-result--error")
    card.wait_for()
    assert card.locator(".rpg-title").inner_text() == "Chyba 422"
    assert "Musí být od 2 do 12." in card.locator(".rpg-text").inner_text()
    assert not errors
    page.context.close()


#: What a card looks like where it lands: its frame, header, title and spacing, as computed.
LOOK = """(card) => {
  const style = (selector) => getComputedStyle(selector ? card.querySelector(selector) : card);
  return { border: [style().borderTopStyle, style().borderTopWidth, style().borderTopColor],
           radius: style().borderTopLeftRadius, padding: style().paddingLeft,
           header: [style(".rpg-header").textTransform, style(".rpg-header").color],
           title: style(".rpg-title").fontWeight, text: style(".rpg-text").marginTop };
}"""


def test_a_card_keeps_its_look_in_a_page_without_our_styles(browser, api_url, vtt_url) -> None:
    # A VTT's chat inserts the fragment into its own page (Foundry's ChatMessage.create): the
    # card carries the few styles it needs, inline, a result's card and an error's alike.
    page, errors = _page(browser, vtt_url)
    assert page.evaluate("document.styleSheets.length") == 0  # a page with no styles of ours
    for path in ("/api/v1/morale?morale=7&seed=3&format=html",
                 "/api/v1/morale?morale=13&format=html"):
        page.evaluate("""async (url) => { const answer = await fetch(url);
            document.body.insertAdjacentHTML("beforeend",
              `<div class="chat">${await answer.text()}</div>`); }""", api_url + path)
    result, error = (page.locator(".chat > .rpg-result").nth(i).evaluate(LOOK) for i in (0, 1))
    frame = {"radius": "8px", "padding": "16px", "header": ["uppercase", "rgb(121, 85, 72)"],
             "title": "700", "text": "9.6px"}
    assert result == {"border": ["solid", "1px", "rgb(141, 110, 99)"], **frame}
    assert error == {"border": ["solid", "1px", "rgb(198, 40, 40)"], **frame}
    assert not errors
    page.context.close()


def test_a_seed_received_by_a_script_replays_the_same_dice(browser, api_url, vtt_url) -> None:
    page, errors = _page(browser, vtt_url)
    source = snippet("seed.js", api_url).replace(
        "console.log(first.text, again.text);", "return [first, again];")
    first, again = page.evaluate(f"async () => {{ {source} }}")
    assert 0 <= first["seed"] < 2**53 and isinstance(first["seed"], int)
    assert again["rolls"] == first["rolls"] and again["text"] == first["text"]
    assert again["seed"] == first["seed"]
    assert not errors
    page.context.close()


def test_the_owlbear_extension_opens_the_rules_in_a_modal(browser, api_url, vtt_url) -> None:
    page, errors = _page(browser, vtt_url)
    source = snippet("owlbear.js", api_url).replace('"@owlbear-rodeo/sdk"', f'"{vtt_url}obr.js"')
    page.add_script_tag(content=source, type="module")
    # A module runs once its import is fetched, after add_script_tag returns: a click before
    # OBR.onReady ran would find no handler (a loaded CI machine waited out the timeout so).
    page.wait_for_function("window.obrReady === true")
    page.locator("#souboje").click()
    page.wait_for_function("window.opened !== undefined")
    opened = page.evaluate("window.opened")
    assert opened["url"] == f"{api_url}/pravidla/souboje/"
    assert opened["id"] == "pravidla.souboje"
    assert not errors
    page.context.close()


def test_the_page_shows_the_snippets_the_tests_run(pages) -> None:
    text = pages["/nastroje/vtt/"].text
    for name in ("foundry-morale.js", "seed.js", "owlbear.js"):
        first_code_line = next(line for line in (SNIPPETS / name).read_text().splitlines()
                               if line and not line.startswith("//"))
        assert " ".join(first_code_line.split()) in " ".join(text.split()), name


def test_an_english_browser_gets_an_english_card(browser, api_url, vtt_url) -> None:
    page, errors = _page(browser, vtt_url, locale="en-GB")
    page.evaluate(FOUNDRY)
    run_macro(page, snippet("foundry-morale.js", api_url))
    card = page.locator("li.chat .rpg-result")
    card.wait_for()
    assert card.locator(".rpg-header").inner_text() == "GM"
    assert card.locator(".rpg-title").inner_text() == "Morale check"
    assert not errors
    page.context.close()
