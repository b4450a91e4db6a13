"""Discord's interactions: how long each slash command takes to answer, against its 3 seconds.

    .venv/bin/python bench/discord.py [--rounds 5]

Every procedure's command, signed as Discord signs it, is sent to the app in-process (WSGI calls,
no network: the time Discord's own hops add is not the server's), with its first sample input, in
Czech and in English; then a linked channel's panel and a button pressed. Prints, per command,
the slowest of the rounds in milliseconds, and the slowest of all against Discord's 3 000 ms.
"""

from __future__ import annotations

import sys
from pathlib import Path

# bench/http.py would shadow the standard library's ``http``: keep this folder off the path.
sys.path[:] = [entry for entry in sys.path
               if Path(entry or ".").resolve() != Path(__file__).resolve().parent]

import argparse  # noqa: E402
import json  # noqa: E402
import time  # noqa: E402
from typing import Any  # noqa: E402

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey  # noqa: E402
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat  # noqa: E402

#: Discord's limit for an interaction's first answer.
LIMIT_MS = 3000


def main() -> None:
    """Time every command's answer and print the slowest."""
    from api import create_app
    from api.procedures import ENDPOINTS

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    rounds = parser.parse_args().rounds
    key = Ed25519PrivateKey.from_private_bytes(bytes(range(32)))
    public = key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw).hex()
    app = create_app({"TESTING": True, "DISCORD_PUBLIC_KEY": public, "SECRET_KEY": "bench"})
    client = app.test_client()

    def send(interaction: dict[str, Any]) -> float:
        body = json.dumps(interaction).encode()
        stamp = str(int(time.time()))
        headers = {"X-Signature-Ed25519": key.sign(stamp.encode() + body).hex(),
                   "X-Signature-Timestamp": stamp}
        started = time.perf_counter()
        answer = client.post("/api/v1/discord/interactions", data=body, headers=headers,
                             content_type="application/json")
        elapsed = (time.perf_counter() - started) * 1000
        if answer.status_code != 200:
            raise SystemExit(f"{interaction['data']}: {answer.status_code}")
        return elapsed

    declared = {c["name"]: c for c in client.get("/api/v1/discord/commands").get_json()}
    slowest: dict[str, float] = {}
    for path, endpoint in ENDPOINTS.items():
        name = path.replace("/", "-")
        known = {o["name"] for o in declared[name]["options"]}
        sample = endpoint.procedure.samples[0]
        options = [{"name": k, "value": v if not isinstance(v, list | dict) else json.dumps(v)}
                   for k, v in sample.items() if k in known and not isinstance(v, list | dict)]
        for locale in ("cs", "en-US"):
            interaction = {"type": 2, "locale": locale, "channel_id": "1", "guild_id": "2",
                           "member": {"user": {"id": "3"}, "roles": []},
                           "data": {"name": name, "options": options}}
            slowest[f"/{name} ({locale})"] = max(send(interaction) for _ in range(rounds))
    made = client.post("/api/v1/expeditions", json={
        "name": "Bench", "party": [{"name": "Eva", "max_hp": 8}]}).get_json()
    member = {"user": {"id": "3"}, "roles": []}
    link = {"type": 2, "locale": "cs", "channel_id": "1", "guild_id": "2", "member": member,
            "data": {"name": "expedition", "options": [{"name": "link", "type": 1, "options": [
                {"name": "url", "value": made["links"]["gm"]}]}]}}
    send(link)
    panel = {**link, "data": {"name": "expedition", "options": [{"name": "panel", "type": 1}]}}
    slowest["/expedition panel"] = max(send(panel) for _ in range(rounds))
    button = {"type": 3, "locale": "cs", "channel_id": "1", "guild_id": "2", "member": member,
              "data": {"custom_id": "expedition:shift", "component_type": 2}}
    slowest["button (an action)"] = max(send(button) for _ in range(rounds))
    for name, ms in sorted(slowest.items(), key=lambda item: -item[1])[:10]:
        print(f"{name:48} {ms:8.1f} ms")
    worst = max(slowest.values())
    print(f"{len(slowest)} interactions × {rounds} rounds: slowest {worst:.1f} ms "
          f"of Discord's {LIMIT_MS} ms")


if __name__ == "__main__":
    main()
