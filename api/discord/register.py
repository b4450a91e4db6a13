"""Register the app's slash commands with Discord (a bulk overwrite of the application's commands).

The commands are read from the server that will answer them (``GET /api/v1/discord/commands``:
one per procedure of its registry, and ``/expedition``) and sent to Discord's API in one ``PUT``,
which replaces every command the application had: run it again after an update of the server.
The bot token is read from the environment only (``RPG_DISCORD_BOT_TOKEN``), never from the
command line, so it stays out of the shell's history.

    RPG_DISCORD_BOT_TOKEN=… scripts/discord-register --application-id 1234567890 \\
        [--server https://rpg.example.org] [--guild 9876543210] \\
        [--discord-api https://discord.com/api/v10]

``--guild`` registers them in one server only (they appear at once there; global commands may
take a while to reach every client). Exits 1, saying why, when either side refuses.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import urllib.error
import urllib.request
from typing import Any

DISCORD_API = "https://discord.com/api/v10"
#: Discord refuses requests without a User-Agent naming the bot's library and its URL.
USER_AGENT = "DiscordBot (rpg-companion, 1.0)"
TIMEOUT = 30


def fetched(url: str, *, method: str = "GET", body: Any = None,
            headers: dict[str, str] | None = None) -> Any:
    """The JSON answer of ``url``; ``RuntimeError`` saying what the server answered."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method, headers={
        "Accept": "application/json", "User-Agent": USER_AGENT,
        **({"Content-Type": "application/json"} if data is not None else {}), **(headers or {})})
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
            return json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        raise RuntimeError(f"{method} {url}: {error.code} {error.read()[:500]!r}") from error
    except urllib.error.URLError as error:
        raise RuntimeError(f"{method} {url}: {error.reason}") from error


def register(server: str, discord_api: str, application: str, token: str,
             guild: str | None) -> list[dict[str, Any]]:
    """Read the commands from ``server`` and overwrite the application's with them."""
    commands = fetched(f"{server.rstrip('/')}/api/v1/discord/commands")
    where = f"/guilds/{guild}" if guild else ""
    url = f"{discord_api.rstrip('/')}/applications/{application}{where}/commands"
    registered: list[dict[str, Any]] = fetched(
        url, method="PUT", body=commands, headers={"Authorization": f"Bot {token}"})
    return registered


def main(argv: list[str] | None = None) -> int:
    """Parse the arguments, register, print what Discord now holds."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--application-id", default=os.environ.get("RPG_DISCORD_APPLICATION_ID"),
                        help="the application's id (or RPG_DISCORD_APPLICATION_ID)")
    parser.add_argument("--server", default="http://127.0.0.1:8000",
                        help="this app's address, whose commands are registered")
    parser.add_argument("--discord-api", default=DISCORD_API, help="Discord's API")
    parser.add_argument("--guild", help="register in this server (guild) only")
    args = parser.parse_args(argv)
    token = os.environ.get("RPG_DISCORD_BOT_TOKEN")
    if not token or not args.application_id:
        print("set RPG_DISCORD_BOT_TOKEN and give --application-id", file=sys.stderr)
        return 1
    try:
        registered = register(args.server, args.discord_api, args.application_id, token,
                              args.guild)
    except RuntimeError as error:
        print(error, file=sys.stderr)
        return 1
    print(f"{len(registered)} commands registered: "
          + ", ".join(f"/{command['name']}" for command in registered))
    return 0


if __name__ == "__main__":
    sys.exit(main())
