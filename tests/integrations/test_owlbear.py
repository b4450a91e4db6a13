"""The Owlbear Rodeo extension, up to Owlbear Rodeo's edge.

The popover (a page of the server) runs in Chromium inside a parent page on another origin that
stands for Owlbear Rodeo: it speaks the SDK's postMessage protocol as ``@owlbear-rodeo/sdk``
expects it (the popover's URL carries ``obrref``, base64 of the parent's origin and the room's id;
the parent posts ``OBR_READY`` with a ``ref``; each ``sendAsync`` of the SDK is a message
``{id, data, ref, nonce}`` answered ``{id: <id>_RESPONSE<nonce>, data}``) and records every
message, as the GM and as a player.
"""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser import serve
from tests.integrations.shots import screenshot
from tests.integrations.table import create_expedition

pytestmark = pytest.mark.browser

MANIFEST = "/api/v1/integrations/owlbear/manifest.json"
METADATA = "cz.rpg-companion/expedition"
CHANNEL = "cz.rpg-companion/card"

#: Owlbear Rodeo as its extensions meet it: the SDK's messages answered, every one recorded.
PARENT = """<!doctype html><meta charset=utf-8><title>Owlbear Rodeo</title>
<iframe id="popover" style="width:400px;height:640px;border:0"></iframe>
<script>
const given = JSON.parse(decodeURIComponent(location.hash.slice(1)));
window.obr = { role: given.role, metadata: given.metadata, sent: [], broadcasts: [] };
const frame = document.querySelector("#popover");
const target = new URL(given.popover).origin;
const post = (message) => frame.contentWindow.postMessage(message, target);
window.addEventListener("message", (event) => {
  if (event.origin !== target || typeof event.data.id !== "string") return;
  const { id, data, nonce, ref } = event.data;
  obr.sent.push({ id, data, ref });
  const reply = (payload) => post({ id: `${id}_RESPONSE${nonce}`, data: payload });
  if (id === "OBR_PLAYER_GET_ROLE") reply({ role: obr.role });
  else if (id === "OBR_PLAYER_GET_NAME") reply({ name: "Eva" });
  else if (id === "OBR_ROOM_GET_METADATA") reply({ metadata: obr.metadata });
  else if (id === "OBR_ROOM_SET_METADATA") {
    for (const [key, value] of Object.entries(data.update)) {
      if (value === undefined) delete obr.metadata[key]; else obr.metadata[key] = value;
    }
    reply({});
    post({ id: "OBR_ROOM_METADATA_EVENT_CHANGE", data: { metadata: obr.metadata } });
  } else if (id === "OBR_BROADCAST_SEND_MESSAGE") {
    obr.broadcasts.push(data);
    reply({});
    post({ id: `OBR_BROADCAST_MESSAGE_${data.channel}`,
           data: { data: data.data, connectionId: "connection-1" } });
  } else if (nonce) reply({});
});
frame.addEventListener("load", () => post({ id: "OBR_READY",
  data: { userId: "user-1", ref: "ref-1" } }), { once: true });
frame.src = `${given.popover}?obrref=${btoa(`${location.origin} room-1`)}`;
</script>"""


@pytest.fixture(scope="module")
def owlbear_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("owlbear")
    (folder / "index.html").write_text(PARENT, encoding="utf-8")
    with serve(folder) as url:
        yield url


def get_json(url: str, token: str | None = None) -> Any:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    with urllib.request.urlopen(urllib.request.Request(url, headers=headers),
                                timeout=30) as response:
        return json.loads(response.read())


def room(browser: Any, owlbear_url: str, api_url: str, role: str,
         metadata: dict[str, Any] | None = None) -> tuple[Any, Any]:
    """Owlbear Rodeo's room with the extension's popover open, as ``role``."""
    manifest = get_json(api_url + MANIFEST)
    context = browser.new_context(viewport={"width": 420, "height": 700}, locale="cs-CZ")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    given = {"role": role, "metadata": metadata or {}, "popover": manifest["action"]["popover"]}
    page.goto(f"{owlbear_url}#{json.dumps(given)}")
    popover = page.frame_locator("#popover")
    popover.locator('[data-rpg-owlbear][data-ready="yes"]').wait_for()
    return page, popover


def test_the_manifest_installs_from_another_origin(browser, owlbear_url, api_url) -> None:
    context = browser.new_context()
    page = context.new_page()
    page.goto(owlbear_url + "#" + json.dumps({"role": "GM", "metadata": {},
                                                "popover": "about:blank"}))
    # Owlbear Rodeo fetches the manifest from the browser: CORS must let it through.
    manifest = page.evaluate("url => fetch(url).then(r => r.json())", api_url + MANIFEST)
    assert manifest["manifest_version"] == 1
    assert isinstance(manifest["version"], str) and len(manifest["name"]) <= 45
    assert len(manifest["description"]) <= 128
    assert manifest["icon"] == api_url + "/img/icon.svg"
    action = manifest["action"]
    assert action["popover"] == api_url + "/integrace/owlbear/popover.html"
    assert action["icon"] == manifest["icon"] and action["title"]
    assert manifest["background_url"] == api_url + "/integrace/owlbear/background.html"
    assert manifest["homepage_url"] == api_url + "/nastroje/owlbear/"
    # The pages and the icon load in a frame and an image (no CORS needed): they are there.
    for url in (manifest["icon"], action["popover"], manifest["background_url"],
                manifest["homepage_url"]):
        with urllib.request.urlopen(url, timeout=30) as response:
            assert response.status == 200, url
    context.close()


def test_the_gm_links_the_expedition_and_only_the_players_link_is_shared(
        browser, owlbear_url, api_url) -> None:
    made = create_expedition(api_url)
    page, popover = room(browser, owlbear_url, api_url, "GM")
    assert page.evaluate("location.origin") != api_url
    form = popover.locator("[data-link-form]")
    assert form.is_visible()
    form.locator("input").fill("https://example.org/vyprava/#x")  # not a link
    form.locator("button").click()
    problem = popover.locator("[data-link-problem]")
    problem.wait_for()
    form.locator("input").fill(made["links"]["players"])  # a players' link: not the GM's
    form.locator("button").click()
    assert problem.inner_text().startswith("Tohle není odkaz PJ na výpravu")
    form.locator("input").fill(made["links"]["gm"])
    form.locator("button").click()
    frame = popover.locator("[data-expedition-frame]")
    frame.wait_for()
    assert page.evaluate("obr.metadata") == {METADATA: {"players": made["links"]["players"]}}
    sent = json.dumps(page.evaluate("obr.sent"))
    assert made["links"]["gm_token"] not in sent  # the GM link never reaches the room
    assert all(message["ref"] == "ref-1" for message in page.evaluate("obr.sent"))
    # The GM sees the GM's page, with its controls.
    assert frame.get_attribute("src") == made["links"]["gm"]
    gm_page = popover.frame_locator("[data-expedition-frame]")
    gm_page.locator('[data-act="shift"]').wait_for()
    assert gm_page.locator('[data-expedition="gm"]').count() == 1
    screenshot(page, "owlbear-pj.png")
    # Linked once, the link stays in this browser: the popover opened again shows it.
    page.reload()
    popover = page.frame_locator("#popover")
    popover.locator('[data-rpg-owlbear][data-ready="yes"]').wait_for()
    assert popover.locator("[data-link-form]").is_hidden()
    assert popover.locator("[data-expedition-frame]").get_attribute("src") == made["links"]["gm"]
    popover.locator("[data-unlink]").click()
    page.wait_for_function("Object.keys(obr.metadata).length === 0")
    # The room hears of it before the popover's own await returns and shows the form again.
    expect(popover.locator("[data-link-form]")).to_be_visible()
    assert not page.errors
    page.context.close()


def test_a_player_sees_the_players_page_of_the_shared_link(browser, owlbear_url,
                                                           api_url) -> None:
    made = create_expedition(api_url)
    page, popover = room(browser, owlbear_url, api_url, "PLAYER",
                         {METADATA: {"players": made["links"]["players"]}})
    assert popover.locator("[data-link-form]").is_hidden()
    assert popover.locator('[data-part="gm"]').is_hidden()
    frame = popover.locator("[data-expedition-frame]")
    assert frame.get_attribute("src") == made["links"]["players"]
    players = popover.frame_locator("[data-expedition-frame]")
    players.locator('[data-expedition="players"]').wait_for()
    assert players.locator('[data-act="shift"]').count() == 0
    screenshot(page, "owlbear-hrac.png")
    page.context.close()


def test_a_player_without_a_link_is_told_so_and_follows_the_room(browser, owlbear_url,
                                                                 api_url) -> None:
    made = create_expedition(api_url)
    page, popover = room(browser, owlbear_url, api_url, "PLAYER")
    note = popover.locator('[data-part="no-expedition"]')
    assert note.inner_text() == "PJ zatím nepropojil výpravu."
    # The GM links it meanwhile: the room's metadata changes, the player's popover follows.
    page.evaluate("""link => { obr.metadata = {"cz.rpg-companion/expedition": {players: link}};
        document.querySelector("#popover").contentWindow.postMessage(
          {id: "OBR_ROOM_METADATA_EVENT_CHANGE", data: {metadata: obr.metadata}},
          new URL(link).origin); }""", made["links"]["players"])
    frame = popover.locator("[data-expedition-frame]")
    frame.wait_for()
    assert frame.get_attribute("src") == made["links"]["players"]
    assert note.is_hidden()
    page.context.close()


def test_a_roll_is_sent_to_the_room_as_a_card(browser, owlbear_url, api_url) -> None:
    page, popover = room(browser, owlbear_url, api_url, "PLAYER")
    form = popover.locator("[data-roll-form]")
    index = get_json(api_url + "/api/v1/?lang=cs")["procedures"]
    assert form.locator('[name="procedure"] option').all_inner_texts() == [
        p["summary"] for p in index]
    form.locator('[name="procedure"]').select_option("morale")
    form.locator('[name="morale"]').wait_for()
    assert form.locator('label[for="rpg-morale"]').inner_text() == "Morálka stvoření"
    form.locator('[name="morale"]').fill("7")
    form.locator('button[type="submit"]').click()
    result = popover.locator("[data-result] .rpg-result")
    result.wait_for()
    text = result.locator("p").inner_text()
    assert text.startswith("Morálka 7: 2d6 = ")
    popover.locator("[data-broadcast]").click()
    page.wait_for_function("obr.broadcasts.length === 1")
    sent = page.evaluate("obr.broadcasts[0]")
    assert sent["channel"] == CHANNEL and sent["options"] == {"destination": "ALL"}
    assert sent["data"]["title"] == "Ověření morálky" and sent["data"]["text"] == text
    assert sent["data"]["from"] == "Eva"
    assert sent["data"]["url"] == api_url + "/pravidla/souboje/#moralka"
    card = popover.locator("[data-room-cards] .rpg-result")
    card.wait_for()
    assert card.locator("strong").inner_text() == "Ověření morálky · Hod: Eva"
    # A refusal stays in the popover.
    form.locator('[name="morale"]').fill("13")
    form.locator('button[type="submit"]').click()
    popover.locator("[data-result] .rpg-problem").wait_for()
    assert "Musí být od 2 do 12." in popover.locator("[data-result]").inner_text()
    assert popover.locator("[data-broadcast]").is_hidden()
    assert not page.errors
    page.context.close()
