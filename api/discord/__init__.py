"""The Discord app over HTTP interactions: ``POST /api/v1/discord/interactions``.

Discord calls the app's interactions endpoint (set in the developer portal to the server's public
HTTPS address) for every slash command and button; the app checks Discord's Ed25519 signature
(``RPG_DISCORD_PUBLIC_KEY``) before anything of the request is read, and answers 401 to a bad
one. ``GET /api/v1/discord/commands`` lists the slash commands as Discord's bulk overwrite takes
them (``scripts/discord-register`` sends them to Discord). The commands come from the API's index
and OpenAPI document (:mod:`api.discord.commands`), the answers from the API itself
(:mod:`api.discord.interactions`); linked channels are kept by :mod:`api.discord.channels`.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from flask import Blueprint, Flask, Response, current_app, request

from api import openapi
from api.apierror import ApiError
from api.discord import commands as slash
from api.discord.channels import Channels
from api.discord.interactions import Interactions
from api.discord.signature import verified
from api.index import listing
from api.language import json_body
from api.procedures import API_PREFIX
from rpg.core.text import Text

log = logging.getLogger(__name__)

bp = Blueprint("discord", __name__)
INTERACTIONS = f"{API_PREFIX}/discord/interactions"
COMMANDS = f"{API_PREFIX}/discord/commands"

REFUSED = Text("Neplatný podpis Discordu (X-Signature-Ed25519).",
               "Invalid Discord signature (X-Signature-Ed25519).")
NOT_CONFIGURED = Text("Server nemá nastavený veřejný klíč aplikace (RPG_DISCORD_PUBLIC_KEY).",
                      "The server has no application public key (RPG_DISCORD_PUBLIC_KEY).")


class BadSignature(ApiError):
    """A request Discord did not sign (or signed long ago): 401, before any work."""

    def __init__(self, text: Text) -> None:
        super().__init__(401, text)


def public_key(app: Flask) -> str | None:
    """``DISCORD_PUBLIC_KEY`` as hex (an all-digit key read from the environment as a number
    keeps its 64 digits)."""
    key = app.config.get("DISCORD_PUBLIC_KEY")
    if key is None or key == "":
        return None
    return f"{key:064d}" if isinstance(key, int) else str(key).strip()


def _built(app: Flask) -> tuple[dict[str, slash.Command], list[dict[str, Any]], Interactions]:
    """The commands and the answers, built once per app (the document does not change)."""
    found = app.extensions.get("rpg_discord")
    if found is None:
        document = openapi.written(app)
        index = {lang: listing(lang) for lang in ("cs", "en")}
        by_name, declared = slash.commands(document, index)
        found = (by_name, declared, Interactions(by_name, document, app.extensions[
            "rpg_discord_channels"]))
        app.extensions["rpg_discord"] = found
    return found


@bp.post(INTERACTIONS)
def interactions() -> Response:
    """One interaction from Discord (its signature already checked)."""
    _, _, answers = _built(current_app)
    interaction = json_body()  # read once, by the JSON guard
    answer = answers.answer(interaction if isinstance(interaction, dict) else {})
    return current_app.json.response(answer)  # type: ignore[return-value]


@bp.get(COMMANDS)
def commands() -> Response:
    """The slash commands, as Discord's bulk overwrite takes them."""
    _, declared, _ = _built(current_app)
    return current_app.json.response(declared)  # type: ignore[return-value]


def init_discord(app: Flask) -> None:
    """The linked channels' table, and the signature check: registered before the app reads any
    request body, so a request Discord did not sign is refused before any other work."""
    store = app.extensions["rpg_expeditions"]
    channels = Channels(store.database, app.config.get("SECRET_KEY"))
    channels.start()
    app.extensions["rpg_discord_channels"] = channels
    key = public_key(app)
    if key is None:
        log.info("RPG_DISCORD_PUBLIC_KEY is not set: Discord's interactions are refused")

    @app.before_request
    def discord_signature() -> None:
        environ = request.environ
        if environ.get("PATH_INFO") != INTERACTIONS or environ["REQUEST_METHOD"] != "POST":
            return
        if key is None:
            raise BadSignature(NOT_CONFIGURED)
        headers = request.headers
        if not verified(key, headers.get("X-Signature-Ed25519"),
                        headers.get("X-Signature-Timestamp"), request.get_data(cache=True),
                        time.time()):
            raise BadSignature(REFUSED)
