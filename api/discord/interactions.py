"""What the app answers Discord: a procedure's card, and a linked channel's expedition.

Discord posts each interaction (a slash command, a button pressed) to the interactions endpoint
and shows the answer, which must come within 3 seconds. The answers are the API's own: each is
asked of the app in-process, as any client asks it over HTTP (``POST /api/v1/<procedure>`` with
``format=md`` for a card in Discord's Markdown, the expedition's endpoints with its GM token), so
Discord gets exactly what the API answers, refusals included, in the user's language (Discord's
``locale``: Czech for ``cs``, else English). Such an in-process call is counted once by the rate
limit, as the interaction that asked it.

- A procedure's command answers its card to the channel; with ``hidden`` (``skrytě``) only to the
  caller (an ephemeral message); a refusal goes only to the caller too.
- ``/expedition link`` links the channel with the expedition's GM link (only the caller sees the
  command and its answer); ``/expedition panel`` shows the expedition as the players see it, with
  a button for each action that needs no input but the version (from the OpenAPI document) and
  undo; a button is pressed only by the user who linked the channel or by the role they named,
  everyone else is refused (ephemerally) before anything is done. The panel then shows the
  action's entry and the records as the players' link reads them: a public channel never shows
  what the players' page would not.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from flask import current_app, request
from werkzeug.test import Client, TestResponse

from api.discord.channels import Channels, Link, NoSecret
from api.discord.commands import EXPEDITION, LINK, PANEL, UNLINK, Command
from api.formats import Card, as_markdown, markdown_escaped
from api.procedures import API_PREFIX
from api.wsgi import COUNTED, RATE_LIMIT
from rpg.core.catalog import messages, msg
from rpg.core.text import Text

#: Interaction types, and the answers' (Discord's ``InteractionType``, ``InteractionCallbackType``).
PING, COMMAND, COMPONENT = 1, 2, 3
PONG, MESSAGE, UPDATE = 1, 4, 7
#: A message only its caller sees.
EPHEMERAL = 1 << 6
#: Discord's longest message.
MAX_CONTENT = 2000
#: A button's ``custom_id``: ``expedition:<action>``; ``undo`` for the undo.
BUTTON = "expedition:"
UNDO = "undo"
#: Where the API takes an expedition's action (OpenAPI path).
ACTION_PATH = re.compile(r"^/api/v1/expeditions/\{public_id\}/actions/([\w-]+)$")
#: A link's key in its URL fragment: ``…/vyprava/#<id>.<token>``.
LINK_KEY = re.compile(r"#([\w-]{4,64})\.([\w-]{20,128})\s*$")
#: Buttons in a row, and rows in a message (Discord's limits).
ROW, ROWS = 5, 5

MESSAGES = messages({
    "api.discord.linked": Text(
        "Kanál je propojený s výpravou „{name}“. Panel s tlačítky ukáže příkaz /výprava panel.",
        "The channel is linked to the expedition “{name}”. /expedition panel shows its buttons."),
    "api.discord.not-gm": Text(
        "Tohle není odkaz PJ na výpravu: zkopíruj odkaz ze stránky PJ (/vyprava/#…).",
        "This is not an expedition's GM link: copy the link from the GM's page (/vyprava/#…)."),
    "api.discord.no-secret": Text(
        "Server nemá nastavený tajný klíč (RPG_SECRET_KEY), bez kterého odkaz PJ neuloží: "
        "požádej správce serveru.",
        "The server has no secret key (RPG_SECRET_KEY) to keep the GM link with: ask the "
        "server's operator."),
    "api.discord.not-linked": Text(
        "Tento kanál není propojený s výpravou: PJ ho propojí příkazem /výprava propojit.",
        "This channel is not linked to an expedition: the GM links it with /expedition link."),
    "api.discord.guild-only": Text(
        "Výpravu lze propojit jen s kanálem na serveru.",
        "An expedition can be linked to a server's channel only."),
    "api.discord.unlinked": Text("Kanál už není propojený s výpravou.",
                                 "The channel is no longer linked to an expedition."),
    "api.discord.not-yours": Text(
        "Tlačítka výpravy mačká jen PJ, který kanál propojil, nebo role, kterou určil.",
        "Only the GM who linked the channel, or the role they named, presses its buttons."),
    "api.discord.unknown": Text(
        "Tento příkaz server nezná: správce ho zaregistruje znovu (scripts/discord-register).",
        "The server does not know this command: its operator registers it again "
        "(scripts/discord-register)."),
    "api.discord.supplies": Text("zásoby: {supplies}", "supplies: {supplies}"),
})


def language(interaction: Mapping[str, Any]) -> str:
    """The user's language: Czech for Discord's ``cs``, else English."""
    locale = str(interaction.get("locale") or interaction.get("guild_locale") or "")
    return "cs" if locale.split("-")[0] == "cs" else "en"


def say(content: str, *, hidden: bool = False, components: list[dict[str, Any]] | None = None,
        kind: int = MESSAGE) -> dict[str, Any]:
    """A message for Discord: no mention pings anyone (names are the users')."""
    if len(content) > MAX_CONTENT:
        content = content[: MAX_CONTENT - 1] + "…"
    data: dict[str, Any] = {"content": content, "allowed_mentions": {"parse": []}}
    if hidden:
        data["flags"] = EPHEMERAL
    if components is not None:
        data["components"] = components
    return {"type": kind, "data": data}


@dataclass
class SelfClient:
    """The app's own API, asked in-process in the interaction's language and on its host."""

    lang: str

    def call(self, method: str, path: str, *, body: Any = None,
             token: str | None = None) -> TestResponse:
        """One request to the API; counted by the rate limit as the interaction was."""
        headers = {"Accept-Language": self.lang, "Accept": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        environ = request.environ
        overrides = {COUNTED: True, RATE_LIMIT: environ.get(RATE_LIMIT),
                     "REMOTE_ADDR": environ.get("REMOTE_ADDR", "")}
        client = Client(current_app._get_current_object())  # type: ignore[attr-defined]
        return client.open(f"{API_PREFIX}{path}", method=method, headers=headers,
                           json=body, base_url=request.host_url, environ_overrides=overrides)


class Interactions:
    """The answers to Discord's interactions for one app."""

    def __init__(self, commands: Mapping[str, Command], document: Mapping[str, Any],
                 channels: Channels) -> None:
        self.commands = commands
        self.channels = channels
        # The actions a button can take: those needing no input but the version.
        self.buttons: list[str] = []
        for path, operations in document["paths"].items():
            match = ACTION_PATH.match(path)
            if not match:
                continue
            body = operations["post"]["requestBody"]["content"]["application/json"]["schema"]
            schema = document["components"]["schemas"][body["$ref"].rsplit("/", 1)[-1]]
            if set(schema.get("required", [])) == {"version"}:
                self.buttons.append(match.group(1))

    def answer(self, interaction: Mapping[str, Any]) -> dict[str, Any]:
        """The answer to one interaction."""
        kind = interaction.get("type")
        if kind == PING:
            return {"type": PONG}
        lang = language(interaction)
        data = interaction.get("data") or {}
        if kind == COMPONENT:
            return self.pressed(interaction, str(data.get("custom_id", "")), lang)
        name = str(data.get("name", ""))
        options = data.get("options") or []
        if name == EXPEDITION and options:
            return self.expedition(interaction, options[0], lang)
        command = self.commands.get(name)
        if kind != COMMAND or command is None:
            return say(msg("api.discord.unknown").in_(lang), hidden=True)
        inputs, hidden = command.inputs(options)
        answered = SelfClient(lang).call("POST", f"/{command.path}",
                                         body={**inputs, "format": "md", "lang": lang})
        # A refusal is the caller's alone: the channel sees only results.
        return say(answered.get_data(as_text=True).strip(),
                   hidden=hidden or answered.status_code != 200)

    # --- /expedition ------------------------------------------------------------------------

    def expedition(self, interaction: Mapping[str, Any], sub: Mapping[str, Any],
                   lang: str) -> dict[str, Any]:
        """``/expedition link|panel|unlink``."""
        channel = str(interaction.get("channel_id") or "")
        if not interaction.get("guild_id") or not channel:
            return say(msg("api.discord.guild-only").in_(lang), hidden=True)
        user, roles = _member(interaction)
        given = {str(o.get("name")): o.get("value") for o in sub.get("options") or []}
        action = sub.get("name")
        if action == LINK:
            return self.link(interaction, channel, user, given, lang)
        found = self.channels.find(channel)
        if found is None:
            return say(msg("api.discord.not-linked").in_(lang), hidden=True)
        if action == UNLINK:
            if not found.allows(user, roles):
                return say(msg("api.discord.not-yours").in_(lang), hidden=True)
            self.channels.unlink(channel)
            return say(msg("api.discord.unlinked").in_(lang), hidden=True)
        if action == PANEL:
            return self.panel(found, lang, None, MESSAGE)
        return say(msg("api.discord.unknown").in_(lang), hidden=True)

    def link(self, interaction: Mapping[str, Any], channel: str, user: str,
             given: Mapping[str, Any], lang: str) -> dict[str, Any]:
        """Link the channel with a GM link (answered to the caller alone: it holds the key)."""
        key = LINK_KEY.search(str(given.get("url", "")))
        if key is None:
            return say(msg("api.discord.not-gm").in_(lang), hidden=True)
        public_id, token = key.groups()
        read = SelfClient(lang).call("GET", f"/expeditions/{public_id}?entries=1", token=token)
        if read.status_code != 200 or read.get_json()["role"] != "gm":
            return say(msg("api.discord.not-gm").in_(lang), hidden=True)
        role = given.get("role")
        try:
            self.channels.link(channel, str(interaction.get("guild_id")), public_id, token, user,
                               str(role) if role else None)
        except NoSecret:
            return say(msg("api.discord.no-secret").in_(lang), hidden=True)
        name = read.get_json()["state"]["name"]
        return say(msg("api.discord.linked", name=name).in_(lang), hidden=True)

    def pressed(self, interaction: Mapping[str, Any], custom_id: str,
                lang: str) -> dict[str, Any]:
        """A button of the panel: acted on by its GM (or role), refused to anyone else."""
        found = self.channels.find(str(interaction.get("channel_id") or ""))
        if found is None or not custom_id.startswith(BUTTON):
            return say(msg("api.discord.not-linked").in_(lang), hidden=True)
        user, roles = _member(interaction)
        if not found.allows(user, roles):
            return say(msg("api.discord.not-yours").in_(lang), hidden=True)
        kind = custom_id.removeprefix(BUTTON)
        if kind != UNDO and kind not in self.buttons:
            return say(msg("api.discord.unknown").in_(lang), hidden=True)
        api = SelfClient(lang)
        path = f"/expeditions/{found.public_id}/" + ("undo" if kind == UNDO else f"actions/{kind}")
        for _ in range(2):  # a device that acted meanwhile: read the version again, once
            read = api.call("GET", f"/expeditions/{found.public_id}?entries=1", token=found.token)
            if read.status_code != 200:
                return say(_refusal(read), hidden=True)
            acted = api.call("POST", path, body={"version": read.get_json()["version"]},
                             token=found.token)
            if acted.status_code != 409:
                break
        if acted.status_code != 200:
            return say(_refusal(acted), hidden=True)
        return self.panel(found, lang, acted.get_json()["version"], UPDATE)

    def panel(self, found: Link, lang: str, entry: int | None, kind: int) -> dict[str, Any]:
        """The expedition as its players' link reads it (with the entry ``entry`` on top), and
        the GM's buttons."""
        api = SelfClient(lang)
        shared = api.call("GET", f"/expeditions/{found.public_id}/players-link", token=found.token)
        if shared.status_code != 200:
            return say(_refusal(shared), hidden=True)
        read = api.call("GET", f"/expeditions/{found.public_id}?entries=1",
                        token=shared.get_json()["players_token"])
        if read.status_code != 200:
            return say(_refusal(read), hidden=True)
        seen = read.get_json()
        state = seen["state"]
        lines = []
        newest = seen["log"][0] if seen["log"] else None
        if entry is not None and newest is not None and newest["seq"] == entry:
            parts = [newest["text"], *newest["events"], *(a["text"] for a in newest["answers"])]
            lines.append(as_markdown(Card(
                lang=lang, procedure=None, title=msg("expedition.api.card", name=state["name"],
                                                     title=newest["title"]).in_(lang),
                text=" ".join(parts))).strip())
        lines.append(self.records(state, lang))
        return say("\n".join(lines), components=self.components(lang), kind=kind)

    @staticmethod
    def records(state: Mapping[str, Any], lang: str) -> str:
        """The records in two lines: the clock; the party, lights and effects, supplies."""
        party = [f"{m['name']} {m['hp']}/{m['max_hp']} ({m['status_text']})"
                 for m in state["party"]]
        effects = [f"{e['name']}: {e['left_text']}" for e in state["effects"]]
        rest = [*party, *effects, msg("api.discord.supplies", supplies=state["supplies"]).in_(lang)]
        return (f"**{markdown_escaped(state['name'])}** · "
                f"{markdown_escaped(state['clock_text'] + ' · ' + state['mode_text'])}\n"
                + markdown_escaped(" · ".join(rest)))

    def components(self, lang: str) -> list[dict[str, Any]]:
        """The panel's buttons, five to a row."""
        buttons = [{"type": 2, "style": 1, "custom_id": f"{BUTTON}{kind}",
                    "label": msg(f"expedition.{kind}.title").in_(lang)[:80]}
                   for kind in self.buttons]
        buttons.append({"type": 2, "style": 2, "custom_id": f"{BUTTON}{UNDO}",
                        "label": msg("expedition.undo.title").in_(lang)})
        buttons = buttons[: ROW * ROWS]
        return [{"type": 1, "components": buttons[i:i + ROW]}
                for i in range(0, len(buttons), ROW)]


def _member(interaction: Mapping[str, Any]) -> tuple[str, list[str]]:
    """The user who interacted, and their roles in the server."""
    member = interaction.get("member") or {}
    user = member.get("user") or interaction.get("user") or {}
    return str(user.get("id", "")), [str(role) for role in member.get("roles") or []]


def _refusal(response: TestResponse) -> str:
    """The API's refusal, its message in the user's language."""
    try:
        return str(json.loads(response.get_data(as_text=True))["message"])
    except (ValueError, KeyError, TypeError):
        return f"HTTP {response.status_code}"
