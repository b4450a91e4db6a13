"""Guessing an expedition's token is limited: a wrong guess counts, a poll answered 304 is free.

Against the run command with a budget of 20 requests a minute: GETs of an expedition with random
tokens and ``If-None-Match`` (what the issue sent 400 of, all answered 404) are counted, and past
the budget refused with 429; the players' conditional poll with the right token, answered 304,
stays free, before and after the budget is spent.
"""

from __future__ import annotations

import json
import secrets
from pathlib import Path

from tests.expedition.conftest import STORY
from tests.reliability.servers import serve

BUDGET = 20


def test_wrong_tokens_count_and_are_refused_past_the_budget_and_304s_stay_free(
        tmp_path: Path) -> None:
    with serve(tmp_path, RPG_RATELIMIT_DEFAULT=f"{BUDGET}/minute") as server:
        status, _, created = server.post("/api/v1/expeditions", STORY)  # 1
        assert status == 201
        path = f"/api/v1/expeditions/{created['id']}"
        players = {"Authorization": f"Bearer {created['links']['players_token']}"}
        status, headers, _ = server.get(path, players)  # 2
        tag = headers["ETag"]
        polls = [server.get(path, {**players, "If-None-Match": tag})[0] for _ in range(5)]
        assert polls == [304] * 5  # free
        guesses = []
        for _ in range(40):
            guessed = {"Authorization": f"Bearer {secrets.token_urlsafe(43)}",
                       "If-None-Match": tag}
            status, headers, body = server.get(path, guessed)
            guesses.append(status)
            if status == 429:
                assert int(headers["Retry-After"]) > 0
                assert json.loads(body)["code"] == 429
        assert guesses == [404] * (BUDGET - 2) + [429] * (40 - BUDGET + 2)
        # The right token's poll is still answered, free: the budget is spent, not the link.
        assert [server.get(path, {**players, "If-None-Match": tag})[0] for _ in range(5)] == [
            304] * 5
        assert server.get(path, players)[0] == 429  # a full read is counted: refused now
