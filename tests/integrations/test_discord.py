"""The Discord app over HTTP interactions, up to Discord's edge.

Requests are signed as Discord signs them (Ed25519 over the timestamp and the raw body) with a
test key the app is configured with; every command of ``/api/v1/discord/commands`` is answered in
Czech and in English with the very card the API answers (same seed); a hidden roll is ephemeral;
a linked channel's buttons act for its GM and are refused to anyone else.
"""

from __future__ import annotations

import http.server
import json
import os
import re
import subprocess
import time
from typing import Any, ClassVar

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from flask import Flask
from flask.testing import FlaskClient

from api import create_app
from api.discord.commands import MAX_CHOICES, MAX_DESCRIPTION, MAX_NAME, MAX_OPTIONS
from api.discord.signature import MAX_AGE_SECONDS
from api.formats import markdown_escaped
from api.procedures import ENDPOINTS
from rpg.core.registry import procedures
from tests.browser import ROOT, running, serve_app
from tests.integrations.shots import screenshot

#: The test application's key pair (fixed bytes: every run signs alike).
KEY = Ed25519PrivateKey.from_private_bytes(bytes(range(32)))
PUBLIC = KEY.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw).hex()
OTHER_KEY = Ed25519PrivateKey.from_private_bytes(bytes(range(1, 33)))
INTERACTIONS = "/api/v1/discord/interactions"
GM, PLAYER, HELPER_ROLE = "111", "222", "333"
CHANNEL, GUILD = "900", "800"
#: Discord's rule for a command's or option's name (lower case; letters of any script).
NAME = re.compile(r"^[-_\w]{1,32}$")


@pytest.fixture(scope="module")
def app() -> Flask:
    return create_app({"TESTING": True, "DISCORD_PUBLIC_KEY": PUBLIC,
                       "SECRET_KEY": "a test secret of the server"})


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def signed(client: FlaskClient, payload: dict[str, Any] | bytes, *,
           key: Ed25519PrivateKey = KEY, at: int | None = None,
           body: bytes | None = None) -> Any:
    """POST ``payload`` as Discord does; ``body`` replaces what was signed (a tampered body)."""
    raw = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
    timestamp = str(int(time.time()) if at is None else at)
    signature = key.sign(timestamp.encode() + raw).hex()
    return client.post(INTERACTIONS, data=raw if body is None else body,
                       content_type="application/json",
                       headers={"X-Signature-Ed25519": signature,
                                "X-Signature-Timestamp": timestamp})


def command(name: str, options: list[dict[str, Any]], *, locale: str = "cs",
            user: str = GM, roles: tuple[str, ...] = ()) -> dict[str, Any]:
    """An APPLICATION_COMMAND interaction in a server's channel."""
    return {"type": 2, "id": "1", "application_id": "2", "token": "t", "locale": locale,
            "guild_id": GUILD, "channel_id": CHANNEL,
            "member": {"user": {"id": user}, "roles": list(roles)},
            "data": {"name": name, "type": 1, "options": options}}


def pressed(custom_id: str, *, user: str = GM, roles: tuple[str, ...] = (),
            locale: str = "cs") -> dict[str, Any]:
    """A MESSAGE_COMPONENT interaction: a button of the panel pressed."""
    return {"type": 3, "id": "1", "application_id": "2", "token": "t", "locale": locale,
            "guild_id": GUILD, "channel_id": CHANNEL,
            "member": {"user": {"id": user}, "roles": list(roles)},
            "data": {"custom_id": custom_id, "component_type": 2}}


# --- the signature ----------------------------------------------------------------------------


def test_a_signed_ping_is_answered_pong(client) -> None:
    answer = signed(client, {"type": 1})
    assert answer.status_code == 200
    assert answer.get_json() == {"type": 1}


@pytest.mark.parametrize("case", ["tampered", "wrong key", "old", "future", "no headers",
                                  "not hex"])
def test_a_request_discord_did_not_sign_is_refused_401(client, case) -> None:
    ping = {"type": 1}
    if case == "tampered":
        answer = signed(client, ping, body=json.dumps({"type": 2}).encode())
    elif case == "wrong key":
        answer = signed(client, ping, key=OTHER_KEY)
    elif case == "old":
        answer = signed(client, ping, at=int(time.time()) - MAX_AGE_SECONDS - 60)
    elif case == "future":
        answer = signed(client, ping, at=int(time.time()) + MAX_AGE_SECONDS + 60)
    elif case == "no headers":
        answer = client.post(INTERACTIONS, json=ping)
    else:
        answer = client.post(INTERACTIONS, json=ping, headers={
            "X-Signature-Ed25519": "zz" * 64, "X-Signature-Timestamp": str(int(time.time()))})
    assert answer.status_code == 401
    assert answer.get_json()["message"] == "Neplatný podpis Discordu (X-Signature-Ed25519)."


def test_the_signature_is_checked_before_the_body_is_read(client) -> None:
    # Unsigned, the body is never parsed: not the 400 of broken JSON, not the 415 of a form.
    assert client.post(INTERACTIONS, data=b"{broken", content_type="application/json",
                       headers={"X-Signature-Ed25519": "00" * 64,
                                "X-Signature-Timestamp": str(int(time.time()))}
                       ).status_code == 401
    assert client.post(INTERACTIONS, data=b"a=b").status_code == 401
    # Signed, the same broken body is the API's own 400.
    assert signed(client, b"{broken").status_code == 400


def test_without_a_public_key_every_interaction_is_refused() -> None:
    bare = create_app({"TESTING": True}).test_client()
    answer = signed(bare, {"type": 1})
    assert answer.status_code == 401
    assert "RPG_DISCORD_PUBLIC_KEY" in answer.get_json()["message"]


# --- the commands -----------------------------------------------------------------------------


def test_one_command_per_procedure_within_discords_limits(client) -> None:
    declared = client.get("/api/v1/discord/commands").get_json()
    names = [c["name"] for c in declared]
    assert sorted(names[:-1]) == sorted(path.replace("/", "-") for path in ENDPOINTS)
    assert names[-1] == "expedition"
    assert len(set(names)) == len(names)
    czech = [c["name_localizations"]["cs"] for c in declared]
    assert len(set(czech)) == len(czech)
    assert declared[1]["name_localizations"]["cs"] == "ověření-morálky"
    for entry in declared:
        for name in (entry["name"], entry["name_localizations"]["cs"]):
            assert NAME.match(name) and name == name.lower(), name
        options = entry["options"]
        assert len(options) <= MAX_OPTIONS
        flat = [o for o in options if o["type"] != 1] + [
            o for sub in options if sub["type"] == 1 for o in sub["options"]]
        for option in flat:
            for name in (option["name"], option["name_localizations"]["cs"]):
                assert NAME.match(name) and len(name) <= MAX_NAME, name
            for text in (option["description"], option["description_localizations"]["cs"]):
                assert 1 <= len(text) <= MAX_DESCRIPTION
            assert len(option.get("choices", [])) <= MAX_CHOICES
        required = [o.get("required", False) for o in options]
        assert required == sorted(required, reverse=True), entry["name"]  # required first


def test_an_options_czech_words_are_the_rules_own(client) -> None:
    declared = {c["name"]: c for c in client.get("/api/v1/discord/commands").get_json()}
    difficulty = next(o for o in declared["skill-check"]["options"] if o["name"] == "difficulty")
    assert difficulty["description_localizations"]["cs"] == "Obtížnost"
    assert [(c["value"], c["name_localizations"]["cs"]) for c in difficulty["choices"]] == [
        ("lehka", "lehká"), ("stredni", "střední"), ("tezka", "těžká"),
        ("velmi-tezka", "velmi těžká")]
    morale = declared["morale"]["options"][0]
    assert (morale["name"], morale["type"], morale["min_value"], morale["max_value"],
            morale["required"]) == ("morale", 4, 2, 12, True)
    # 36 inputs of an attack: 21 as options, the rest in "more" (JSON), beside hidden/dice/seed.
    attack = [o["name"] for o in declared["attack"]["options"]]
    assert len(attack) == MAX_OPTIONS
    assert attack[-4:] == ["hidden", "dice", "seed", "more"]


def options_of(declared: dict[str, Any], inputs: dict[str, Any]) -> list[dict[str, Any]]:
    """A sample's inputs as a Discord user fills the command's options."""
    types = {o["name"]: o["type"] for o in declared["options"]}
    given, more = [], {}
    for name, value in inputs.items():
        if name not in types:
            more[name] = value
        elif types[name] == 3 and (isinstance(value, dict) or (
                isinstance(value, list) and value and isinstance(value[0], dict | list))):
            given.append({"name": name, "type": 3, "value": json.dumps(value)})
        elif types[name] == 3 and isinstance(value, list):
            given.append({"name": name, "type": 3, "value": ",".join(map(str, value))})
        else:
            given.append({"name": name, "type": types[name], "value": value})
    if more:
        given.append({"name": "more", "type": 3, "value": json.dumps(more)})
    return given


@pytest.mark.parametrize("lang", ["cs", "en"])
def test_every_command_answers_the_apis_own_card(client, lang) -> None:
    declared = {c["name"]: c for c in client.get("/api/v1/discord/commands").get_json()}
    for path, endpoint in ENDPOINTS.items():
        entry = declared[path.replace("/", "-")]
        sample = dict(endpoint.procedure.samples[0])
        seeded = {**sample, "seed": 4242} if procedures()[path].rolls else sample
        answer = signed(client, command(entry["name"], options_of(entry, seeded),
                                        locale="cs" if lang == "cs" else "en-US"))
        assert answer.status_code == 200, path
        data = answer.get_json()["data"]
        card = client.post(f"/api/v1/{path}", json={**seeded, "format": "md", "lang": lang})
        assert card.status_code == 200, path
        assert data["content"] == card.get_data(as_text=True).strip(), path
        title = markdown_escaped(procedures()[path].title.in_(lang))
        assert data["content"].startswith(f"**{title}**"), path
        assert "flags" not in data  # the channel sees it
        assert data["allowed_mentions"] == {"parse": []}


def test_a_hidden_roll_is_answered_to_its_caller_alone(client) -> None:
    answer = signed(client, command("morale", [
        {"name": "morale", "type": 4, "value": 7}, {"name": "hidden", "type": 5, "value": True},
        {"name": "dice", "type": 3, "value": "3, 4"}]))
    data = answer.get_json()["data"]
    assert data["flags"] == 64
    assert data["content"].startswith("**Ověření morálky** · Morálka 7: 2d6 = 3 + 4 = 7 ≤ 7")


def test_a_refusal_goes_to_the_caller_in_their_language(client) -> None:
    for locale, words in (("cs", "Musí být od 2 do 12."),
                          ("en-GB", "Must be greater than or equal to 2 and less than or "
                                    "equal to 12.")):
        answer = signed(client, command("morale", [{"name": "morale", "type": 4, "value": 13}],
                                        locale=locale))
        data = answer.get_json()["data"]
        assert data["flags"] == 64
        assert words in data["content"]


# --- a channel's expedition -------------------------------------------------------------------


def expedition(client: FlaskClient) -> dict[str, Any]:
    created = client.post("/api/v1/expeditions", json={
        "name": "Hrobka", "party": [{"name": "Eva", "max_hp": 8}],
        "effects": [{"name": "Pochodeň", "shifts": 6, "light": True}]})
    assert created.status_code == 201
    return created.get_json()


def link(client: FlaskClient, url: str, role: str | None = None, user: str = GM) -> Any:
    options: list[dict[str, Any]] = [{"name": "url", "type": 3, "value": url}]
    if role:
        options.append({"name": "role", "type": 8, "value": role})
    return signed(client, command("expedition", [{"name": "link", "type": 1,
                                                  "options": options}], user=user))


def test_a_gm_links_a_channel_and_its_buttons_act_for_the_gm_alone(client) -> None:
    made = expedition(client)
    linked = link(client, made["links"]["gm"], role=HELPER_ROLE).get_json()["data"]
    assert linked["flags"] == 64  # the command held the GM link: only its caller sees it
    assert linked["content"].startswith("Kanál je propojený s výpravou „Hrobka“.")

    panel = signed(client, command("expedition", [{"name": "panel", "type": 1}],
                                   user=PLAYER)).get_json()
    assert panel["type"] == 4 and "flags" not in panel["data"]
    assert panel["data"]["content"].startswith("**Hrobka** · den 1, 0 h 0 min, směna 0 · kobka")
    buttons = [b for row in panel["data"]["components"] for b in row["components"]]
    assert [b["custom_id"] for b in buttons] == [
        "expedition:shift", "expedition:noise", "expedition:rest", "expedition:travel-day",
        "expedition:encounter", "expedition:reveal", "expedition:round",
        "expedition:encounter-end", "expedition:undo"]
    assert buttons[0]["label"] == "Další směna"

    refused = signed(client, pressed("expedition:shift", user=PLAYER)).get_json()
    assert refused["data"]["flags"] == 64
    assert refused["data"]["content"].startswith("Tlačítka výpravy mačká jen PJ")
    token = {"Authorization": f"Bearer {made['links']['gm_token']}"}
    assert client.get(f"/api/v1/expeditions/{made['id']}", headers=token
                      ).get_json()["version"] == 1  # nothing was done

    shifted = signed(client, pressed("expedition:shift")).get_json()
    assert shifted["type"] == 7  # the panel updated in place
    content = shifted["data"]["content"]
    assert content.startswith("**Hrobka · Další směna** · Uběhla směna: den 1, 0 h 10 min")
    assert "Pochodeň: " in content
    by_role = signed(client, pressed("expedition:shift", user=PLAYER, roles=(HELPER_ROLE,)))
    assert by_role.get_json()["data"]["content"].startswith("**Hrobka · Další směna**")
    assert client.get(f"/api/v1/expeditions/{made['id']}", headers=token
                      ).get_json()["state"]["clock"] == 2


def test_a_players_link_cannot_link_a_channel(client) -> None:
    made = expedition(client)
    answer = link(client, made["links"]["players"]).get_json()["data"]
    assert answer["flags"] == 64
    assert answer["content"].startswith("Tohle není odkaz PJ na výpravu")


def test_a_server_without_a_secret_links_no_channel() -> None:
    bare = create_app({"TESTING": True, "DISCORD_PUBLIC_KEY": PUBLIC}).test_client()
    made = expedition(bare)
    answer = link(bare, made["links"]["gm"]).get_json()["data"]
    assert "RPG_SECRET_KEY" in answer["content"]


def test_the_link_is_kept_sealed(app, client) -> None:
    made = expedition(client)
    link(client, made["links"]["gm"])
    from sqlalchemy import text

    with app.extensions["rpg_expeditions"].database.reading() as session:
        sealed = session.execute(text("SELECT sealed_token FROM discord_channels")).scalar_one()
    assert made["links"]["gm_token"] not in sealed
    found = app.extensions["rpg_discord_channels"].find(CHANNEL)
    assert found.token == made["links"]["gm_token"]
    other = create_app({"TESTING": True, "SECRET_KEY": "another"}).extensions[
        "rpg_discord_channels"]
    from api.discord.channels import unseal

    assert unseal("another", CHANNEL, sealed) is None
    assert unseal("a test secret of the server", "another channel", sealed) is None
    assert other.secret == "another"


# --- the registration script ------------------------------------------------------------------


class StandInDiscord(http.server.BaseHTTPRequestHandler):
    """Discord's API as the script meets it: records each request, answers the commands with
    ids (as Discord does), refuses a wrong bot token."""

    received: ClassVar[list[dict[str, Any]]] = []

    def do_PUT(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        self.received.append({"path": self.path, "authorization": self.headers["Authorization"],
                              "agent": self.headers["User-Agent"], "body": body})
        if self.headers["Authorization"] != "Bot the-bot-token":
            self._send(401, {"message": "401: Unauthorized", "code": 0})
            return
        self._send(200, [{**command, "id": str(1000 + i)} for i, command in enumerate(body)])

    def _send(self, status: int, body: Any) -> None:
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, format: str, *args: object) -> None:
        pass


def run_script(server: str, discord: str, token: str, *extra: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "RPG_DISCORD_BOT_TOKEN": token}
    return subprocess.run(
        [str(ROOT / "scripts" / "discord-register"), "--application-id", "42",
         "--server", server, "--discord-api", discord.rstrip("/") + "/api/v10", *extra],
        capture_output=True, text=True, env=env, timeout=60)


def test_the_script_registers_the_servers_commands_with_discord(app) -> None:
    StandInDiscord.received.clear()
    stand_in = http.server.ThreadingHTTPServer(("127.0.0.1", 0), StandInDiscord)
    with serve_app(app) as server, running(stand_in) as discord:
        done = run_script(server, discord, "the-bot-token")
        guild = run_script(server, discord, "the-bot-token", "--guild", "77")
        refused = run_script(server, discord, "a-wrong-token")
        declared = app.test_client().get("/api/v1/discord/commands").get_json()
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"{len(declared)} commands registered: /roll, /morale, ")
    first, second, third = StandInDiscord.received
    assert first["path"] == "/api/v10/applications/42/commands"
    assert first["authorization"] == "Bot the-bot-token"
    assert first["agent"].startswith("DiscordBot (")
    assert first["body"] == declared
    assert second["path"] == "/api/v10/applications/42/guilds/77/commands"
    assert guild.returncode == 0
    assert refused.returncode == 1 and "401" in refused.stderr
    assert third["authorization"] == "Bot a-wrong-token"


# --- what a channel shows ---------------------------------------------------------------------

#: Discord's Markdown as a channel shows it, enough for the answers here: bold, links, escapes.
RENDER = """(messages) => {
  const html = (text) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)
    .replace(/\\*\\*(.+?)\\*\\*/g, "<b>$1</b>")
    .replace(/\\[(.+?)\\]\\(&#60;(.+?)&#62;\\)/g, '<a href="$2">$1</a>')
    .replace(/\\\\(.)/g, "$1").replace(/\\n/g, "<br>");
  document.body.innerHTML = messages.map(({ user, command, data }) => `<div class="message">
    <div class="who">${user}${command ? ` <span class="cmd">použil ${command}</span>` : ""}
    ${data.flags ? '<span class="only">Vidíš jen ty</span>' : ""}</div>
    <div class="text">${html(data.content)}</div>
    <div class="buttons">${(data.components || []).flatMap((row) => row.components)
      .map((b) => `<span class="button s${b.style}">${b.label}</span>`).join("")}</div></div>`)
    .join("");
}"""
STYLE = ("body{background:#313338;color:#dbdee1;font:15px/1.4 system-ui,sans-serif;margin:0;"
         "padding:12px}.message{margin:0 0 14px}.who{color:#f2f3f5;font-weight:600}"
         ".cmd,.only{color:#949ba4;font-weight:400;font-size:13px;margin-left:6px}"
         "a{color:#00a8fc}.buttons{display:flex;flex-wrap:wrap;gap:6px;margin-top:6px}"
         ".button{background:#5865f2;color:#fff;border-radius:4px;padding:4px 12px;"
         "font-size:14px}.button.s2{background:#4e5058}")


@pytest.mark.browser
def test_a_channel_shows_the_answers(browser, client) -> None:
    made = expedition(client)
    link(client, made["links"]["gm"])
    morale = signed(client, command("morale", [
        {"name": "morale", "type": 4, "value": 7},
        {"name": "dice", "type": 3, "value": "3, 5"}])).get_json()["data"]
    hidden = signed(client, command("morale", [
        {"name": "morale", "type": 4, "value": 9}, {"name": "hidden", "type": 5, "value": True},
        {"name": "dice", "type": 3, "value": "6, 5"}])).get_json()["data"]
    signed(client, command("expedition", [{"name": "panel", "type": 1}]))
    panel = signed(client, pressed("expedition:shift")).get_json()["data"]
    context = browser.new_context(viewport={"width": 520, "height": 460})
    page = context.new_page()
    page.set_content(f"<!doctype html><meta charset=utf-8><style>{STYLE}</style>")
    page.evaluate(RENDER, [
        {"user": "Eva", "command": "/ověření-morálky", "data": morale},
        {"user": "PJ", "command": "/ověření-morálky", "data": hidden},
        {"user": "Pravidla a procedury", "command": "", "data": panel}])
    texts = page.locator(".text").all_inner_texts()
    assert texts[0].startswith("Ověření morálky · Morálka 7: 2d6 = 3 + 5 = 8 > 7")
    assert page.locator(".only").count() == 1
    assert page.locator(".button").all_inner_texts()[0] == "Další směna"
    screenshot(page, "discord.png")
    context.close()
