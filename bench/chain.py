"""What checking an expedition's proof of fair rolls costs, in Python.

Plays an expedition of ``--entries`` drawn saving throws (an app in memory: SQLite, no server),
reveals the epoch's key, exports it for the players and for the GM, then times, best of
``--repeat``: the independent verifier of the tests (``tests/expedition/chain_verifier.py``, the
documented algorithm: chain, commitments, each drawn seed's HMAC, each step's dice from its seed;
without replaying the procedures), the same with every step replayed through the stateless API
(a Flask test client: the check a verifier with the API at hand does), and the server's own check
of a GM's export before an import (``api.expeditions.transfer.verified``). Prints the figures per
1 000 entries. The browser's verification page is timed by its own test and note.

    .venv/bin/python bench/chain.py [--entries 1000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:] = [str(ROOT), *(entry for entry in sys.path
                            if Path(entry or ".").resolve() != Path(__file__).resolve().parent)]

from api import create_app  # noqa: E402
from api.expeditions.transfer import verified  # noqa: E402
from tests.expedition.chain_verifier import verify  # noqa: E402


def best(repeat: int, run: object) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        run()  # type: ignore[operator]
        times.append(time.perf_counter() - started)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    if not 1 <= args.entries <= 9000 or not 1 <= args.repeat <= 20:
        parser.error("--entries 1..9000, --repeat 1..20")
    app = create_app({"TESTING": True, "RATELIMIT_ENABLED": False})
    client = app.test_client()
    created = client.post("/api/v1/expeditions", json={
        "name": "Lavina", "party": [{"name": "Eva", "max_hp": 10, "save": 12}]}).get_json()
    gm = {"Authorization": f"Bearer {created['links']['gm_token']}"}
    players = {"Authorization": f"Bearer {created['links']['players_token']}"}
    base = f"/api/v1/expeditions/{created['id']}"
    version = 1
    started = time.perf_counter()
    for _ in range(args.entries - 2):
        version = client.post(f"{base}/actions/saving-throw", headers=gm, json={
            "version": version, "character": "Eva"}).get_json()["version"]
    client.post(f"{base}/reveal-key", headers=gm, json={"version": version})
    played = time.perf_counter() - started
    public = client.get(f"{base}/export", headers=players).get_json()
    document = client.get(f"{base}/export", headers=gm).get_json()
    assert len(public["log"]) == args.entries

    def replay(procedure: str, given: dict[str, object], seed: int) -> dict[str, object]:
        answer: dict[str, object] = client.post(f"/api/v1/{procedure}",
                                                json={**given, "seed": seed}).get_json()
        return answer

    report = verify(public)
    assert report.ok and report.verified == args.entries - 2, report
    per = 1000 / args.entries
    with app.test_request_context():
        figures = {
            "verifier (chain, keys, seeds, dice)": best(args.repeat, lambda: verify(public)),
            "verifier + every step replayed through the API": best(
                1, lambda: verify(public, replay)),
            "server's check of a GM export before an import": best(
                args.repeat, lambda: verified(document)),
        }
    print(f"{args.entries} entries ({args.entries - 2} drawn saving throws), played through the "
          f"API in {played:.1f} s; export {len(str(public)) // 1024} KB")
    for name, seconds in figures.items():
        print(f"  {name}: {seconds * 1000:.0f} ms ({seconds * per * 1000:.0f} ms per 1 000 "
              f"entries)")


if __name__ == "__main__":
    main()
