"""The Foundry VTT module, up to Foundry's edge.

The module is installed as Foundry installs it: its manifest read from the URL the site gives,
the zip downloaded from the manifest's ``download``, unpacked. Its manifest is checked against
Foundry's documented fields; its script runs in Chromium on another origin than the API (a
static server standing for Foundry, serving the unpacked module), against a stand-in of the
Foundry objects it uses that records every call (``foundry_standin.js``).
"""

from __future__ import annotations

import io
import json
import re
import urllib.request
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from api import create_app
from tests.browser import serve
from tests.integrations.shots import screenshot
from tests.integrations.table import create_expedition

pytestmark = pytest.mark.browser

HERE = Path(__file__).resolve().parent
MANIFEST = "/api/v1/integrations/foundry/module.json"
#: Foundry's manifest fields (https://foundryvtt.com/article/module-development/): required,
#: and the others this module uses, with their JSON types.
REQUIRED = {"id": str, "title": str, "version": str, "compatibility": dict}
KNOWN = {**REQUIRED, "description": str, "authors": list, "esmodules": list, "styles": list,
         "languages": list, "url": str, "manifest": str, "download": str, "readme": str,
         "flags": dict}


def get(url: str) -> tuple[int, bytes, dict[str, str]]:
    with urllib.request.urlopen(url, timeout=30) as response:
        return response.status, response.read(), dict(response.headers)


@pytest.fixture(scope="module")
def installed(api_url: str, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The module as Foundry installs it from the manifest URL: the manifest, the zip, the
    folder it unpacks into (``modules/rpg-companion``)."""
    status, body, headers = get(api_url + MANIFEST)
    assert status == 200
    manifest = json.loads(body)
    status, archive, zip_headers = get(manifest["download"])
    assert status == 200 and zip_headers["Content-Type"] == "application/zip"
    folder = tmp_path_factory.mktemp("foundry")
    module = folder / "modules" / manifest["id"]
    with zipfile.ZipFile(io.BytesIO(archive)) as unpacked:
        names = unpacked.namelist()
        unpacked.extractall(module)
    (folder / "index.html").write_text(
        "<!doctype html><meta charset=utf-8><title>Foundry VTT</title>"
        '<link rel="stylesheet" href="modules/rpg-companion/styles/rpg-companion.css">'
        "<style>body{font:14px/1.4 system-ui,sans-serif;display:flex;gap:16px;margin:12px;"
        "background:#e9e4dc}#chat-log{order:2;width:300px}#chat{list-style:none;padding:0}"
        ".chat-message{margin:0 0 8px;background:#fff}.rpg-companion{order:1;width:440px;"
        "background:#fff;border:1px solid #8d6e63;padding:8px}.window-title{font-size:16px;"
        "margin:0 0 8px}</style>"
        '<section id="chat-log"><ol id="chat"></ol><form id="chat-form"><textarea></textarea>'
        "</form></section>", encoding="utf-8")
    return {"manifest": manifest, "headers": headers, "names": names, "folder": folder,
            "module": module}


@pytest.fixture(scope="module")
def foundry_url(installed: dict[str, Any]) -> Iterator[str]:
    with serve(installed["folder"]) as url:
        yield url


def test_the_manifest_has_foundrys_documented_fields(api_url, installed) -> None:
    manifest = installed["manifest"]
    for name, kind in REQUIRED.items():
        assert isinstance(manifest[name], kind), name
    assert set(manifest) <= set(KNOWN)
    for name, kind in KNOWN.items():
        assert isinstance(manifest.get(name, kind()), kind), name
    assert manifest["id"] == "rpg-companion" and re.fullmatch(r"[a-z0-9-]+", manifest["id"])
    assert manifest["compatibility"] == {"minimum": "12", "verified": "13"}
    assert [lang["lang"] for lang in manifest["languages"]] == ["cs", "en"]
    assert manifest["manifest"] == api_url + MANIFEST
    assert manifest["download"] == api_url + "/api/v1/integrations/foundry/rpg-companion.zip"
    assert manifest["url"] == api_url + "/nastroje/foundry/"
    assert get(manifest["url"])[0] == 200  # the module's page of the site
    # Every file the manifest names is in the zip, where the manifest says.
    named = [*manifest["esmodules"], *manifest["styles"],
             *(lang["path"] for lang in manifest["languages"])]
    assert set(installed["names"]) == {"module.json", *named}
    assert json.loads((installed["module"] / "module.json").read_text()) == manifest


def test_the_manifest_names_the_public_address_when_one_is_set(built_site) -> None:
    client = create_app({"TESTING": True, "SITE_DIR": str(built_site),
                         "SITE_URL": "https://rpg.example.org"}).test_client()
    manifest = client.get(MANIFEST).get_json()
    assert manifest["download"].startswith("https://rpg.example.org/api/v1/integrations/")
    assert manifest["flags"]["rpg-companion"]["server"] == "https://rpg.example.org"


def test_the_words_are_the_catalogs_in_both_languages(installed) -> None:
    folder = installed["module"] / "languages"
    czech = json.loads((folder / "cs.json").read_text())["RPG-COMPANION"]
    english = json.loads((folder / "en.json").read_text())["RPG-COMPANION"]
    assert set(czech) == set(english)
    assert (czech["roll"], english["roll"]) == ("Hodit", "Roll")


def foundry(browser: Any, foundry_url: str, installed: dict[str, Any], *, gm: bool = True,
            lang: str = "cs", values: dict[str, Any] | None = None,
            server: str | None = None) -> Any:
    """A Foundry page on its own origin with the module loaded and initialised."""
    module = installed["module"]
    translations = json.loads((module / "languages" / f"{lang}.json").read_text())
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    page.goto(foundry_url)
    standin = {"server": server or installed["manifest"]["flags"]["rpg-companion"]["server"],
               "user": {"id": "gm-1" if gm else "player-1", "isGM": gm},
               "translations": translations, "lang": lang, "values": values or {}}
    page.evaluate(f"window.STANDIN = {json.dumps(standin)}")
    page.add_script_tag(path=str(HERE / "foundry_standin.js"))
    page.add_script_tag(url=f"{foundry_url}modules/rpg-companion/"
                        f"{installed['manifest']['esmodules'][0]}", type="module")
    page.wait_for_function("window.Hooks && game.modules.get('rpg-companion') !== undefined")
    page.evaluate("""async () => {
        await Hooks.callAll("init");
        await Hooks.callAll("ready");
        await Hooks.callAll("renderChatLog", {}, document.querySelector("#chat-log"));
    }""")
    return page


def open_dialog(page: Any) -> Any:
    page.locator(".rpg-companion-open").click()
    dialog = page.locator("#rpg-companion")
    dialog.locator("[data-procedure]").wait_for()
    return dialog


def choose(page: Any, dialog: Any, path: str) -> None:
    """Pick a procedure and wait for the dialog to render its form."""
    select = dialog.locator("[data-procedure]")
    if select.input_value() == path:
        return
    rendered = page.evaluate("calls.rendered.length")
    select.select_option(path)
    page.wait_for_function(f"calls.rendered.length > {rendered}")


def roll_morale(page: Any, dialog: Any, morale: str = "7") -> dict[str, Any]:
    choose(page, dialog, "morale")
    dialog.locator('[name="morale"]').fill(morale)
    before = page.evaluate("calls.chat.length")
    dialog.locator("[data-roll]").click()
    page.wait_for_function(f"calls.chat.length > {before}")
    return page.evaluate("calls.chat[calls.chat.length - 1]")


def test_the_dialog_rolls_through_the_api_and_posts_its_card(browser, foundry_url, installed,
                                                             api_url) -> None:
    page = foundry(browser, foundry_url, installed)
    assert page.evaluate("location.origin") != api_url  # the module calls across origins
    assert page.evaluate("game.settings.get('rpg-companion', 'server')") == api_url
    dialog = open_dialog(page)
    assert page.locator("#rpg-companion .window-title").inner_text() == "Procedury pravidel"
    options = dialog.locator("[data-procedure] option")
    index = json.loads(get(api_url + "/api/v1/?lang=cs")[1])["procedures"]
    assert options.all_inner_texts() == [p["summary"] for p in index]  # the server's index
    choose(page, dialog, "skill-check")
    difficulty = dialog.locator('select[name="difficulty"]')
    assert dialog.locator('label[for="rpg-companion-difficulty"]').inner_text() == "Obtížnost"
    assert difficulty.locator("option").all_inner_texts() == [
        "(nezadáno)", "lehká", "střední", "těžká", "velmi těžká"]
    assert dialog.locator('[name="modifier"]').get_attribute("min") == "-20"

    message = roll_morale(page, dialog)
    data = message["data"]
    card = page.locator("#chat .chat-message .rpg-result").last
    assert card.locator(".rpg-title").inner_text() == "Ověření morálky"
    text = card.locator(".rpg-text").inner_text()
    first, second = map(int, re.match(r"Morálka 7: 2d6 = (\d) \+ (\d) = ", text).groups())
    # The chat's Roll is the server's dice: the numbers the card shows.
    assert data["rolls"] == [{
        "class": "Roll", "options": {}, "dice": [], "formula": "2d6",
        "terms": [{"class": "Die", "options": {"flavor": "morale"}, "evaluated": True,
                   "number": 2, "faces": 6, "modifiers": [],
                   "results": [{"result": first, "active": True},
                               {"result": second, "active": True}]}],
        "total": first + second, "evaluated": True}]
    assert "whisper" not in data and message["options"] == {"rollMode": "publicroll"}
    assert data["speaker"] == {"alias": "PJ"} and data["sound"] == "sounds/dice.wav"
    assert card.locator(".rpg-rule a").get_attribute("href").startswith(api_url + "/pravidla/")
    assert not page.errors
    page.context.close()


@pytest.mark.parametrize(("mode", "whisper", "blind"), [
    ("gmroll", ["gm-1", "gm-2"], None), ("blindroll", ["gm-1", "gm-2"], True),
    ("selfroll", ["player-1"], None), ("publicroll", None, None)])
def test_the_card_follows_the_tables_roll_mode(browser, foundry_url, installed, mode, whisper,
                                               blind) -> None:
    page = foundry(browser, foundry_url, installed, gm=False, values={"core.rollMode": mode})
    data = roll_morale(page, open_dialog(page))["data"]
    assert data.get("whisper") == whisper
    assert data.get("blind") == blind
    assert not page.errors
    page.context.close()


def test_an_english_table_gets_english_cards_and_labels(browser, foundry_url, installed) -> None:
    page = foundry(browser, foundry_url, installed, lang="en")
    dialog = open_dialog(page)
    assert page.locator("#rpg-companion .window-title").inner_text() == "Rule procedures"
    choose(page, dialog, "morale")
    assert dialog.locator('label[for="rpg-companion-morale"]').inner_text() == \
        "The creature's morale"
    roll_morale(page, dialog)
    assert page.locator("#chat .rpg-title").last.inner_text() == "Morale check"
    page.context.close()


def test_a_refusal_is_shown_in_the_dialog_not_posted(browser, foundry_url, installed) -> None:
    page = foundry(browser, foundry_url, installed)
    dialog = open_dialog(page)
    choose(page, dialog, "morale")
    dialog.locator('[name="morale"]').fill("13")
    dialog.locator("[data-roll]").click()
    problem = dialog.locator(".rpg-problem")
    problem.wait_for()
    assert "Musí být od 2 do 12." in problem.inner_text()
    assert page.evaluate("calls.chat.length") == 0
    page.context.close()


def test_a_server_that_does_not_answer_is_named(browser, foundry_url, installed) -> None:
    page = foundry(browser, foundry_url, installed, server="http://127.0.0.1:9")
    page.locator(".rpg-companion-open").click()
    problem = page.locator("#rpg-companion .rpg-problem")
    problem.wait_for()
    assert problem.inner_text() == ("Server http://127.0.0.1:9 neodpovídá: zkontroluj jeho "
                                    "adresu v nastavení.")
    page.context.close()


def test_a_linked_expedition_moves_the_world_clock(browser, foundry_url, installed,
                                                   api_url) -> None:
    made = create_expedition(api_url)
    page = foundry(browser, foundry_url, installed)
    page.evaluate("link => game.settings.set('rpg-companion', 'expedition', link)",
                  made["links"]["gm"])
    page.wait_for_function("game.settings.get('rpg-companion', 'gmLink') !== ''")
    # The GM link stays in the GM's browser; the world (every client) holds the players' link.
    assert page.evaluate("game.settings.get('rpg-companion', 'gmLink')") == made["links"]["gm"]
    assert page.evaluate("game.settings.get('rpg-companion', 'expedition')") == \
        made["links"]["players"]
    dialog = open_dialog(page)
    buttons = dialog.locator(".rpg-actions button")
    assert buttons.all_inner_texts() == ["Další směna", "Hluk", "Odpočinek", "Den cesty",
                                         "Setkání", "Odhalené setkání", "Další kolo",
                                         "Konec setkání", "Zpět"]
    dialog.locator('[data-kind="shift"]').click()
    page.wait_for_function("calls.time.length === 1")
    assert page.evaluate("calls.time") == [600]  # a shift: 10 minutes
    assert "Další směna" in page.locator("#chat .rpg-title").last.inner_text()
    # Too early to rest by the rules: the server's refusal is shown, and no time passes.
    dialog.locator('[data-kind="rest"]').click()
    problem = dialog.locator(".rpg-problem")
    problem.wait_for()
    assert problem.inner_text().startswith("Na odpočinek je brzy")
    assert page.evaluate("calls.time") == [600]
    # A day of travel (its night in camp included): the world moves as the expedition's clock.
    rendered = page.evaluate("calls.rendered.length")
    dialog.locator('[data-kind="travel-day"]').click()
    page.wait_for_function("calls.time.length === 2")
    # The action redraws the dialog when it is done: a form chosen before that would be redrawn.
    page.wait_for_function(f"calls.rendered.length > {rendered}")
    gm = {"Authorization": f"Bearer {made['links']['gm_token']}"}
    read = urllib.request.Request(f"{api_url}/api/v1/expeditions/{made['id']}", headers=gm)
    with urllib.request.urlopen(read, timeout=30) as response:
        clock = json.loads(response.read())["state"]["clock"]
    assert clock > 1
    assert page.evaluate("calls.time[1]") == (clock - 1) * 600
    assert page.evaluate("game.time.worldTime") == clock * 600
    roll_morale(page, dialog)
    screenshot(page, "foundry.png")
    assert not page.errors
    page.context.close()


def test_a_player_reads_the_expedition_without_its_buttons(browser, foundry_url, installed,
                                                            api_url) -> None:
    made = create_expedition(api_url)
    page = foundry(browser, foundry_url, installed, gm=False,
                   values={"rpg-companion.expedition": made["links"]["players"]})
    dialog = open_dialog(page)
    expedition = dialog.locator(".rpg-expedition")
    expedition.wait_for()
    assert expedition.locator("h3").inner_text() == "Hrobka"
    assert expedition.locator(".rpg-clock").inner_text() == "den 1, 0 h 0 min, směna 0 · kobka"
    assert dialog.locator(".rpg-actions").count() == 0
    page.context.close()
