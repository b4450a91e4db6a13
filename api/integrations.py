"""Where the table plays: the Foundry VTT module and the Owlbear Rodeo extension, served.

Each platform installs from a URL: Foundry from a module manifest (``module.json``) whose
``download`` names a zip, Owlbear Rodeo from an extension manifest (``manifest.json``) naming its
popover page. Both manifests hold absolute URLs, so the app writes them for the address it is
reached by (``RPG_SITE_URL``, else the request's host): one build of the site serves any host.

- ``GET /api/v1/integrations/foundry/module.json``: the module's manifest;
- ``GET /api/v1/integrations/foundry/rpg-companion.zip``: the module (its manifest, its script
  and style as the site's build bundled them, its words in Czech and English);
- ``GET /api/v1/integrations/owlbear/manifest.json``: the extension's manifest (its popover and
  background pages are pages of the site);
- ``GET /api/v1/integrations/words?lang=``: the integrations' own words (Owlbear's popover);
- ``GET /api/v1/integrations/expedition``: what the integrations' expedition buttons say and
  do: each action's title in the asked language and the length of a shift (Foundry's world
  clock moves by the expedition's clock).

The module's settings and forms are read at run time from the server's index and OpenAPI
document, so nothing of a procedure is copied into the zip. Under ``/api/v1`` they are answered
with CORS like any API answer (Owlbear Rodeo fetches its manifest from the browser).
"""

from __future__ import annotations

import io
import json
import zipfile
from importlib import metadata
from pathlib import Path
from typing import Any

from flask import Blueprint, Response, abort, current_app

from api.language import request_language
from api.procedures import API_PREFIX, site_root
from rpg.core.catalog import messages, msg
from rpg.core.text import LANGUAGES, Text
from rpg.expedition.actions import actions
from rpg.pravidla.encounters import SHIFT_MINUTES

bp = Blueprint("integrations", __name__)
PREFIX = f"{API_PREFIX}/integrations"
#: The module's id in Foundry (its folder's name in ``Data/modules``).
FOUNDRY_ID = "rpg-companion"
#: The built site's folder of the integrations' scripts and pages.
BUILT = "integrace"
#: Foundry's versions the module is written for (its ApplicationV2 and DialogV2 are v12's).
FOUNDRY_MINIMUM, FOUNDRY_VERIFIED = "12", "13"

MESSAGES = messages({
    "api.integration.title": Text("Pravidla a procedury", "Rules and procedures"),
    "api.integration.description": Text(
        "Procedury českých pravidel OSR: hody serveru s kostkami, šancí a citovaným pravidlem, "
        "a výprava PJ se svými akcemi.",
        "The Czech OSR rules' procedures: the server's rolls with their dice, chance and rule, "
        "and the GM's expedition with its actions."),
    "api.integration.open": Text("Procedury pravidel", "Rule procedures"),
    "api.integration.procedure": Text("Procedura", "Procedure"),
    "api.integration.roll": Text("Hodit", "Roll"),
    "api.integration.unset": Text("(nezadáno)", "(not given)"),
    "api.integration.server": Text("Adresa serveru", "Server address"),
    "api.integration.server-hint": Text(
        "Kde běží Pravidla a procedury, např. https://rpg.example.org (bez /api/v1).",
        "Where Pravidla a procedury runs, e.g. https://rpg.example.org (without /api/v1)."),
    "api.integration.language": Text("Jazyk karet", "Language of the cards"),
    "api.integration.language-hint": Text(
        "V jakém jazyce server píše karty, popisky a chyby.",
        "The language the server writes cards, labels and errors in."),
    "api.integration.expedition": Text("Odkaz na výpravu", "Expedition link"),
    "api.integration.expedition-hint": Text(
        "Odkaz PJ ze stránky výpravy (…/vyprava/#…). Pro všechny se uloží jen odkaz hráčů; "
        "odkaz PJ zůstane v tomto prohlížeči.",
        "The GM link from the expedition's page (…/vyprava/#…). Only the players' link is kept "
        "for everyone; the GM link stays in this browser."),
    "api.integration.unreachable": Text(
        "Server {server} neodpovídá: zkontroluj jeho adresu v nastavení.",
        "The server {server} does not answer: check its address in the settings."),
    "api.integration.not-gm": Text(
        "Tohle není odkaz PJ na výpravu: zkopíruj odkaz ze stránky PJ (/vyprava/#…).",
        "This is not an expedition's GM link: copy the link from the GM's page (/vyprava/#…)."),
    "api.integration.expedition-title": Text("Výprava", "Expedition"),
    "api.integration.no-expedition": Text(
        "PJ zatím nepropojil výpravu.", "The GM has not linked an expedition yet."),
    "api.integration.link": Text("Propojit výpravu", "Link the expedition"),
    "api.integration.unlink": Text("Zrušit propojení", "Unlink"),
    "api.integration.gm-link": Text("Odkaz PJ na výpravu", "The expedition's GM link"),
    "api.integration.broadcast": Text("Poslat do místnosti", "Send to the room"),
    "api.integration.from": Text("Hod: {name}", "Roll: {name}"),
})

#: The integrations' own words: the procedures' and the expeditions' come from the server.
WORDS = tuple(key.removeprefix("api.integration.") for key in MESSAGES)


def version() -> str:
    """The project's version: the module's and the extension's."""
    try:
        return metadata.version("rpg-companion")
    except metadata.PackageNotFoundError:  # run from a checkout that was never installed
        return "0.0.0"


def words(lang: str) -> dict[str, str]:
    """The integrations' words in ``lang``, by their short key: templates as written, their
    ``{parameters}`` filled by the integration (Foundry's ``game.i18n.format`` reads the same
    syntax)."""
    return {key: getattr(MESSAGES[f"api.integration.{key}"], lang) for key in WORDS}


def _built(name: str) -> bytes:
    """A file the site's build wrote for the integrations; 404 when the site is not built."""
    file = Path(current_app.config["SITE_DIR"]) / BUILT / name
    if not file.is_file():
        abort(404)
    return file.read_bytes()


def foundry_manifest() -> dict[str, Any]:
    """The module's ``module.json`` for the address the app is reached by."""
    root = site_root()
    return {
        "id": FOUNDRY_ID,
        "title": f"{msg('api.integration.title').cs} (RPG Companion)",
        "description": msg("api.integration.description").cs,
        "version": version(),
        "compatibility": {"minimum": FOUNDRY_MINIMUM, "verified": FOUNDRY_VERIFIED},
        "authors": [{"name": "RPG Companion", "url": f"{root}/"}],
        "esmodules": ["scripts/rpg-companion.js"],
        "styles": ["styles/rpg-companion.css"],
        "languages": [{"lang": "cs", "name": "Čeština", "path": "languages/cs.json"},
                      {"lang": "en", "name": "English", "path": "languages/en.json"}],
        "url": f"{root}/nastroje/foundry/",
        "manifest": f"{root}{PREFIX}/foundry/module.json",
        "download": f"{root}{PREFIX}/foundry/{FOUNDRY_ID}.zip",
        "readme": f"{root}/nastroje/foundry/",
        # The server this copy came from: the module's address setting starts with it.
        "flags": {FOUNDRY_ID: {"server": root}},
    }


@bp.get(f"{PREFIX}/foundry/module.json")
def foundry_module() -> Response:
    """Foundry's "Install Module → Manifest URL"."""
    return current_app.json.response(foundry_manifest())  # type: ignore[return-value]


@bp.get(f"{PREFIX}/foundry/{FOUNDRY_ID}.zip")
def foundry_zip() -> Response:
    """The module, as Foundry downloads and unpacks it into ``Data/modules/rpg-companion``."""
    files = {
        "module.json": json.dumps(foundry_manifest(), ensure_ascii=False, indent=2).encode(),
        "scripts/rpg-companion.js": _built("foundry/rpg-companion.js"),
        "styles/rpg-companion.css": _built("foundry/rpg-companion.css"),
        **{f"languages/{lang}.json": json.dumps({"RPG-COMPANION": words(lang)},
                                                ensure_ascii=False, indent=2).encode()
           for lang in LANGUAGES},
    }
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in files.items():
            # A fixed date: the same module zips to the same bytes.
            archive.writestr(zipfile.ZipInfo(name, date_time=(2025, 1, 1, 0, 0, 0)), content,
                             zipfile.ZIP_DEFLATED)
    response = Response(buffer.getvalue(), mimetype="application/zip")
    response.headers["Content-Disposition"] = f'attachment; filename="{FOUNDRY_ID}.zip"'
    return response


def owlbear_manifest() -> dict[str, Any]:
    """The extension's ``manifest.json`` for the address the app is reached by."""
    root = site_root()
    icon = f"{root}/img/icon.svg"
    return {
        "name": f"{msg('api.integration.title').cs} (RPG Companion)"[:45],
        "version": version(),
        "manifest_version": 1,
        "description": msg("api.integration.description").cs[:128],
        "author": "RPG Companion",
        "icon": icon,
        "homepage_url": f"{root}/nastroje/owlbear/",
        "action": {"title": msg("api.integration.title").cs, "icon": icon,
                   "popover": f"{root}/{BUILT}/owlbear/popover.html", "width": 400,
                   "height": 640},
        "background_url": f"{root}/{BUILT}/owlbear/background.html",
    }


@bp.get(f"{PREFIX}/owlbear/manifest.json")
def owlbear() -> Response:
    """Owlbear Rodeo's "Add Extension"."""
    return current_app.json.response(owlbear_manifest())  # type: ignore[return-value]


@bp.get(f"{PREFIX}/words")
def integration_words() -> Response:
    """The integrations' own words in the asked language (``lang``, else Accept-Language)."""
    return current_app.json.response(words(request_language()))  # type: ignore[return-value]


@bp.get(f"{PREFIX}/expedition")
def expedition() -> Response:
    """The expedition's actions' titles in the asked language, and a shift's length."""
    lang = request_language()
    titles = {kind: action.title.in_(lang) for kind, action in actions().items()}
    titles["undo"] = msg("expedition.undo.title").in_(lang)
    return current_app.json.response(  # type: ignore[return-value]
        {"shift_minutes": SHIFT_MINUTES, "titles": titles})
