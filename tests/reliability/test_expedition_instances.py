"""Two instances of the run command on one PostgreSQL: a follower of one sees what the GM does on
the other.

Each instance answers conditional polls from the heads it keeps in memory
(``api.expeditions.heads``); another instance's write is seen once the head expires
(``RPG_EXPEDITION_HEAD_SECONDS``, 1 s by default). The follower polls as the page does, with
``If-None-Match``, here every 0.25 s: eight polls span more than the head's life, so the change
(and a new players' link) must reach it within them, whatever the machine's load.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from tests.postgres import Cluster
from tests.reliability.servers import Server, serve

pytestmark = pytest.mark.waits  # its tests mostly wait: tests/schedule.py

#: Polls 0.25 s apart: their pauses alone (1.75 s) outlast a head's 1 s.
POLLS = 8


def followed(server: Server, path: str, headers: dict[str, str], tag: str) -> int:
    """Poll like the players' page until the answer is not a 304: its status."""
    status = 304
    for _ in range(POLLS):
        status = server.get(path, {**headers, "If-None-Match": tag})[0]
        if status != 304:
            break
        time.sleep(0.25)
    return status


def test_a_follower_of_another_instance_sees_the_change(tmp_path: Path,
                                                         postgres: Cluster) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    with (postgres.database() as url,
          serve(tmp_path / "a", RPG_DATABASE_URL=url) as acting,
          serve(tmp_path / "b", RPG_DATABASE_URL=url) as following):
        status, _, created = acting.post("/api/v1/expeditions", {"name": "Dvě instance"})
        assert status == 201, created
        path = f"/api/v1/expeditions/{created['id']}"
        gm = {"Authorization": f"Bearer {created['links']['gm_token']}"}
        players = {"Authorization": f"Bearer {created['links']['players_token']}"}
        status, headers, _ = following.get(path, players)
        assert status == 200
        tag = headers["ETag"]
        assert following.get(path, {**players, "If-None-Match": tag})[0] == 304  # head kept

        status, _, acted = acting.post(f"{path}/actions/shift", {"version": 1, "seed": 1}, gm)
        assert status == 200, acted
        assert followed(following, path, players, tag) == 200
        status, headers, body = following.get(path, {**players, "If-None-Match": tag})
        assert status == 200 and json.loads(body)["version"] == 2
        tag = headers["ETag"]
        assert following.get(path, {**players, "If-None-Match": tag})[0] == 304

        status, _, rotated = acting.post(f"{path}/players-link", {}, gm)
        assert status == 200, rotated
        assert following.get(path, players)[0] == 404  # a read always asks the database
        assert followed(following, path, players, tag) == 404
        fresh = {"Authorization": f"Bearer {rotated['players_token']}"}
        assert following.get(path, {**fresh, "If-None-Match": tag})[0] == 304
